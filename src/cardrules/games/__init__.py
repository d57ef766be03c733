"""The registry of games: every module here satisfies :class:`cardrules.game.Game`.

>>> from cardrules import games
>>> "oh_hell" in games.names()
True
>>> games.get("up_and_down_the_river") is games.get("oh_hell")
True

Games from outside the package join with :func:`register`; after that every
generic tool (the bots, :func:`cardrules.simulate.simulate`, records, the
``cardrules`` command line, the OpenSpiel and PettingZoo adapters, the
conformance kit :mod:`cardrules.testing`) accepts the game by its name. Those
tools also accept the game module itself, or an import path such as
``"mypackage.crazy_eights"`` (``"package.module:attribute"`` for a game held in
an attribute), or the path of a game's file (``"./crazy_eights.py"``,
``"path/to/crazy_eights.py"``: a path ending in ``.py``, or holding a ``/``), and a
package can declare its games under the entry-point group ``cardrules.games``
(``crazy_eights = "mypackage.crazy_eights"``), found by name.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final, cast

import attrs

from cardrules.errors import RulesError
from cardrules.game import INTERFACE_NAMES, Game
from cardrules.games import enfle, mau_mau, mau_mau_standard, maverick, oh_hell, strafpoint

__all__ = [
    "ENTRY_POINT_GROUP",
    "PROTOCOL_NAMES",
    "Registration",
    "check_protocol",
    "enfle",
    "from_reference",
    "get",
    "is_file_path",
    "mau_mau",
    "mau_mau_standard",
    "maverick",
    "names",
    "oh_hell",
    "reference",
    "register",
    "registered",
    "registration",
    "strafpoint",
    "unregister",
]

#: The entry-point group in which installed packages declare their games.
ENTRY_POINT_GROUP: Final = "cardrules.games"

#: The names every game must provide (the :class:`~cardrules.game.Game` protocol).
PROTOCOL_NAMES: Final = INTERFACE_NAMES


@attrs.frozen(slots=True)
class Registration:
    """A registered game and what the generic tools may need besides the module.

    ``heuristic``: a function of no arguments making the game's heuristic bot
    (``heuristic_bot`` and the ``heuristic`` bot specification use it); None if
    the game has none. ``encoder``: the observation encoder the OpenSpiel and
    PettingZoo adapters use (see :class:`cardrules.integrations.encoding.Encoder`);
    None if the game has none (the adapters then say so). Either may be given as
    an import path instead (``"package.module:attribute"``, or ``"package.module"``
    for a module), imported only when first needed (:meth:`load_heuristic`,
    :meth:`load_encoder`): an encoder needs numpy, which registering a game must not.
    ``aliases``: other names that find the game; ``builtin``: one of the games of
    cardrules.
    """

    game: Game
    aliases: tuple[str, ...] = ()
    heuristic: Callable[[], Any] | str | None = None
    encoder: Any = None
    builtin: bool = False

    def load_heuristic(self) -> Callable[[], Any] | None:
        """The factory of the game's heuristic bot (imported if given by its path), or None."""
        if self.heuristic is None:
            return None
        found: Callable[[], Any] = _loaded(self.heuristic, "heuristic bot", self.game.NAME)
        return found

    def load_encoder(self) -> Any:
        """The game's encoder (imported if given by its path), or None."""
        if self.encoder is None:
            return None
        return _loaded(self.encoder, "encoder", self.game.NAME)


def _loaded(reference: object, what: str, name: str) -> Any:
    """``reference`` itself, or what its import path names (``package.module:attribute``)."""
    if not isinstance(reference, str):
        return reference
    module_name, _, attribute = reference.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
        if attribute:
            found = getattr(found, attribute)
    except Exception as error:  # whatever the module raises while it runs
        raise RulesError(
            f"cannot load the {what} of {name!r} ({reference}): {_one_line(error)}"
        ) from None
    return found


_GAMES: Final[dict[str, Registration]] = {}
_ALIASES: Final[dict[str, str]] = {}
_entry_points_loaded: list[bool] = [False]
#: The modules loaded from a game file by :func:`get`: module name -> the file's full path.
_FILES: Final[dict[str, str]] = {}


def check_protocol(game: object) -> None:
    """Raise RulesError unless ``game`` has every name of the Game protocol; the
    message says how a game on one of the engines gets them.

    >>> import types
    >>> check_protocol(types.ModuleType("nothing"))
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: nothing is not a game: it lacks NAME, TITLE, ...
    """
    missing = [name for name in PROTOCOL_NAMES if not hasattr(game, name)]
    if missing:
        label = getattr(game, "__name__", type(game).__name__)
        raise RulesError(
            f"{label} is not a game: it lacks {', '.join(missing)} (a game provides every "
            "name of the cardrules.game.Game protocol: a game on one of the engines ends "
            "with trickgame.install(GAME, globals()) or shedding.install(GAME, globals()), "
            "which gives it those its description does not; see the docs' page 'Writing "
            "your own game')"
        )
    name = cast(Any, game).NAME  # present: checked just above
    if not isinstance(name, str) or not name.isidentifier():
        raise RulesError(f"a game's NAME must be a name such as 'crazy_eights', not {name!r}")


def register(
    game: Any,
    *,
    aliases: Iterable[str] = (),
    heuristic: Callable[[], Any] | str | None = None,
    encoder: Any = None,
    replace: bool = False,
) -> Game:
    """Add a game to the registry under its ``NAME`` (and ``aliases``); returns it.

    ``game`` is a module (or any object) with every function of the
    :class:`~cardrules.game.Game` protocol. ``heuristic`` makes the game's
    heuristic bot and ``encoder`` gives the adapters its tensors (both
    optional, each the object or its import path, such as
    ``"mypackage.encoding:CrazyEightsEncoder"``; see :class:`Registration`).
    Registering the same module again
    adds what is given to its registration; another game under a name already taken is
    refused unless ``replace`` is true. The games of cardrules cannot be
    replaced.

    >>> from cardrules.games import mau_mau
    >>> register(mau_mau) is mau_mau
    True
    """
    check_protocol(game)
    checked: Game = game
    name = checked.NAME
    aliases = tuple(aliases)
    for alias in aliases:
        if not isinstance(alias, str) or not alias.isidentifier():
            raise RulesError(f"an alias must be a name such as 'eights', not {alias!r}")
    current = _GAMES.get(name)
    if current is not None and current.builtin:
        if current.game is game and not aliases and heuristic is None and encoder is None:
            return checked
        raise RulesError(f"{name!r} is one of the games of cardrules: give your game another NAME")
    if current is not None and current.game is not game and not replace:
        raise RulesError(
            f"another game is registered as {name!r}: give yours another NAME, "
            "or register it with replace=True"
        )
    for alias in aliases:
        owner = _ALIASES.get(alias, alias if alias in _GAMES else None)
        if owner is not None and owner != name:
            raise RulesError(f"the alias {alias!r} already names the game {owner!r}")
    if current is not None:
        for alias in current.aliases:
            _ALIASES.pop(alias, None)
        if current.game is game:  # the same game again: keep what is not given anew
            aliases = aliases or current.aliases
            heuristic = heuristic or current.heuristic
            encoder = encoder if encoder is not None else current.encoder
    _GAMES[name] = Registration(checked, aliases, heuristic, encoder)
    for alias in aliases:
        _ALIASES[alias] = name
    return checked


def _register_own(game: Game, bot: str, aliases: tuple[str, ...] = ()) -> None:
    """Register a game of cardrules as any game is registered: its heuristic bot is a class
    of :mod:`cardrules.bots.heuristics` (which imports the games) and its encoder a module
    of :mod:`cardrules.integrations.encoding` (which needs numpy), both by import path."""
    register(
        game,
        aliases=aliases,
        heuristic=f"cardrules.bots.heuristics:{bot}",
        encoder=f"cardrules.integrations.encoding.{game.NAME}",
    )
    _GAMES[game.NAME] = attrs.evolve(_GAMES[game.NAME], builtin=True)


_register_own(oh_hell, "OhHellBot", aliases=("up_and_down_the_river",))
_register_own(enfle, "EnfleBot", aliases=("rolling_stone", "schwellen"))
_register_own(mau_mau, "MauMauBot")
_register_own(mau_mau_standard, "MauMauStandardBot")
_register_own(strafpoint, "StrafpointBot")
_register_own(maverick, "MaverickBot")


def unregister(name: str) -> None:
    """Remove a game registered with :func:`register` (not one of cardrules' own)."""
    found = _GAMES.get(_ALIASES.get(name, name))
    if found is None:
        raise RulesError(f"no game is registered as {name!r}")
    if found.builtin:
        raise RulesError(f"{name!r} is one of the games of cardrules: it cannot be removed")
    del _GAMES[found.game.NAME]
    for alias in found.aliases:
        _ALIASES.pop(alias, None)


def _load_entry_points() -> None:
    """Register the games that installed packages declare (once)."""
    if _entry_points_loaded[0]:
        return
    _entry_points_loaded[0] = True
    for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if point.name in _GAMES or point.name in _ALIASES:
            continue
        try:
            game = point.load()
        except Exception as error:  # a broken plug-in must not break cardrules
            raise RulesError(
                f"the game {point.name!r} declared by an installed package ({point.value}) "
                f"cannot be loaded: {error}"
            ) from None
        if _GAMES.get(getattr(game, "NAME", None) or "") is None:
            register(game)


def names() -> tuple[str, ...]:
    """The names of the registered games (aliases are not listed)."""
    _load_entry_points()
    return tuple(_GAMES)


def _one_line(error: BaseException) -> str:
    """An error raised while loading a game, in one line: its type and its message."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _import(path: str) -> Game:
    """The game at an import path: ``package.module`` or ``package.module:attribute``."""
    module_name, _, attribute = path.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
        if attribute:
            found = getattr(found, attribute)
    except (Exception, SystemExit) as error:  # whatever the module raises while it runs
        raise RulesError(f"cannot load the game {path!r}: {_one_line(error)}") from None
    return get(found)


def is_file_path(name: str) -> bool:
    """Whether ``name`` names a game's file rather than a game or an import path: it
    ends in ``.py`` or holds a ``/`` (or the system's own path separator).

    >>> is_file_path("./switch.py"), is_file_path("games/switch"), is_file_path("pkg.switch")
    (True, True, False)
    """
    return name.endswith(".py") or "/" in name or os.sep in name


def _load_file(path: str) -> Game:
    """The game in a Python file, loaded as a module named after the file (``switch.py``:
    ``switch``), once: the same file again gives the same module."""
    file = Path(path).expanduser()
    where = f"cannot load the game {path!r}"
    if file.suffix != ".py":
        raise RulesError(f"{where}: a game's file is a Python file, its name ending in .py")
    if not file.is_file():
        raise RulesError(f"{where}: there is no such file")
    name = file.stem
    if not name.isidentifier():
        raise RulesError(f"{where}: its name must be a Python name, such as my_game.py")
    resolved = str(file.resolve())
    loaded = sys.modules.get(name)
    if loaded is not None:
        if _FILES.get(name) == resolved or _file_of(loaded) == resolved:
            return get(loaded)  # this file, loaded or imported already (a worker inherits it)
        raise RulesError(f"{where}: a module named {name!r} is already imported; rename the file")
    spec = importlib.util.spec_from_file_location(name, resolved)
    if spec is None or spec.loader is None:
        raise RulesError(f"{where}: Python cannot load it as a module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import does: the module's classes pickle by name
    try:
        spec.loader.exec_module(module)
        game = get(module)
    except (Exception, SystemExit) as error:  # a script's exit() too: loading it failed
        del sys.modules[name]
        # A module that is not a game says so in its own words; any other error is named.
        why = " ".join(str(error).split()) if isinstance(error, RulesError) else _one_line(error)
        raise RulesError(f"{where}: {why}") from None
    _FILES[name] = resolved
    return game


def get(game: str | Game) -> Game:
    """The game registered under this name or alias, or this game itself.

    ``game`` may also be a game module (registered under its ``NAME`` if it is
    not yet), an import path (``"package.module"``, ``"package.module:attr"``) or
    the path of a game's file (``"./my_game.py"``, ``"path/to/my_game.py"``),
    loaded as the module ``my_game`` and so registered. Any failure to load one
    (no such file, an error raised while its code runs, a module that is not a
    game) is a :class:`~cardrules.errors.RulesError` saying what failed.
    """
    if not isinstance(game, str):
        check_protocol(game)
        found = _GAMES.get(game.NAME)
        if found is None or found.game is not game:
            return register(game)
        return found.game
    key = _ALIASES.get(game, game)
    found = _GAMES.get(key)
    if found is not None:
        return found.game
    if is_file_path(game):
        return _load_file(game)
    if "." in game or ":" in game:
        return _import(game)
    _load_entry_points()
    found = _GAMES.get(_ALIASES.get(game, game))
    if found is not None:
        return found.game
    raise RulesError(
        f"unknown game {game!r}: the games are {', '.join(names())} "
        "(a game of your own: register it with cardrules.games.register, "
        "or give its import path, e.g. mypackage.mygame, or its file, e.g. ./mygame.py)"
    )


def registered(name: str) -> Game:
    """The game registered under this name or alias (the games of installed packages
    included), never a module imported for it: for names that come from data, such
    as a record's or a saved state's, which must not make the process run a module.

    >>> registered("oh_hell").NAME
    'oh_hell'
    """
    if "." in name or ":" in name or is_file_path(name):
        kind = "a game's file" if is_file_path(name) else "an import path"
        raise RulesError(
            f"{name!r} is {kind}, not a game's name: import or register the game "
            "first (the command line's --game PATH does), then name it by its name"
        )
    return get(name)


def registration(game: str | Game) -> Registration:
    """The :class:`Registration` of a game (its heuristic bot and encoder)."""
    return _GAMES[get(game).NAME]


def _file_of(module: object) -> str | None:
    """The resolved path of a module's Python file, or None (no file, or not a .py)."""
    file = getattr(module, "__file__", None)
    if not isinstance(file, str) or not file.endswith(".py"):
        return None
    return str(Path(file).resolve())


def reference(game: str | Game) -> str:
    """A text that finds this game again in another process, for the tools that
    send work to other processes (read there by :func:`from_reference`): its name for
    the games of cardrules and of installed packages, its import path for a module in
    a package (``mypackage.mygame``), and the path of its file for a module outside
    a package (``/home/me/mybridge.py``), whatever its ``NAME``."""
    found = get(game)
    if _GAMES[found.NAME].builtin:
        return found.NAME
    module = getattr(found, "__name__", "__main__")
    if module == "__main__" or not isinstance(module, str):
        return found.NAME  # only found where the registry is inherited (forked workers)
    if "." in module:
        return module  # an import path
    # A module outside a package (a game loaded from its file, or imported from a folder
    # on the path): its bare name is no import path the registry reads (it would take it
    # for a game's NAME), but its file finds it anywhere on this machine.
    return _file_of(found) or found.NAME


def from_reference(text: str) -> Game:
    """The game that :func:`reference` gave ``text`` for, in a worker process: as
    :func:`get` finds it, except that the file of a module outside a package that is
    not at that path (a worker on another machine) is imported by the file's name, as
    a module shipped with the work is (by Ray's ``runtime_env``, say)."""
    if is_file_path(text) and text.endswith(".py") and not Path(text).is_file():
        name = Path(text).stem
        if name.isidentifier():
            return _import(name)
    return get(text)
