"""The mypyc class marker, with nothing to install at run time.

The optional compiled build (see the performance page) turns most classes into
native classes. A class that must stay an ordinary Python class, because it
derives from two built-in types or from ``type``, says so with
``@mypyc_attr(native_class=False)``. The compiler reads the marker from the
source; at run time it does nothing, in the compiled build as in the pure one,
so the library needs no ``mypy_extensions`` to run. This module is never
compiled: the compiler would drop the run-time definition below as unreachable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*names, **values):
        """Leave the class as it is (the compiler reads the marker from the source)."""
        return lambda cls: cls
