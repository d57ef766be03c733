"""The base of the library's small frozen values that the compiled build makes native.

attrs writes frozen classes well, but the compiled build cannot make an attrs class
a native class: its fields stay Python attributes, read by name, and building one
runs attrs' Python ``__init__``. A value on the hot path (an event, a move, the match
and its deal rows, the rules of a trick) is instead a plain class on this base:

* its ``__init__`` stores each field with ``object.__setattr__(self, "name", value)``,
  which the compiled build turns into a direct store;
* :meth:`Frozen.__setattr__` refuses every assignment, so it stays frozen for
  everyone else (``attrs.exceptions.FrozenInstanceError``, as an attrs class raises);
* ``__match_args__`` names its fields in order and :meth:`Frozen._values` gives them:
  equality, hashing, ``repr``, pickling and ``match`` by position follow from them.

>>> from typing import ClassVar
>>> class Point(Frozen):
...     __slots__ = ("x", "y")
...     __match_args__: ClassVar[tuple[str, ...]] = ("x", "y")
...     def __init__(self, x: int, y: int) -> None:
...         object.__setattr__(self, "x", x)
...         object.__setattr__(self, "y", y)
...     def _values(self) -> tuple[object, ...]:
...         return (self.x, self.y)
>>> Point(1, 2) == Point(1, 2), Point(1, 2)
(True, Point(x=1, y=2))
"""

from __future__ import annotations

from typing import ClassVar

import attrs

__all__ = ["Frozen"]


class Frozen:
    """A frozen value: see the module's docs for how a subclass is written."""

    __slots__ = ()
    #: The fields, in order (``repr``, pickling and ``match`` read them).
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[object, ...]:
        """The fields' values, in the order of ``__match_args__``."""
        raise NotImplementedError

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        # Written out: the compiler cannot derive it from an inherited __eq__.
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() != other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={value!r}" for name, value in zip(self.__match_args__, self._values())
        )
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[type[Frozen], tuple[object, ...]]:
        return (type(self), self._values())

    def __setstate__(self, state: object) -> None:
        """Load a value pickled by an earlier release, when it was an attrs class (its
        fields by name, or in order)."""
        names = self.__match_args__
        if isinstance(state, dict):
            state = tuple(state[name] for name in names)
        if not isinstance(state, tuple) or len(state) != len(names):
            raise TypeError(f"not the pickled fields of a {type(self).__name__}: {state!r}")
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)
