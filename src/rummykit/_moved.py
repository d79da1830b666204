"""The module paths of rummykit 0.1 that moved when the package was split into layers (``core``,
``standard``, ``documents``, ``play``, ``svg``, ``viewer``, ``rl``, ``testing``): importing an old path
still works, with a ``DeprecationWarning`` naming the new one and the release that removes the old one,
[`REMOVED_IN`][rummykit.core.deprecation.REMOVED_IN] (see ``CHANGELOG.md``).

Every path here held a module at 4926410, the last commit of the flat layout of 0.1."""

from __future__ import annotations

import importlib
import importlib.machinery
import inspect
import sys
import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

from rummykit.core.deprecation import deprecated

if TYPE_CHECKING:
    from importlib.abc import Loader

__all__ = ["MOVED", "install"]

MOVED: Final = {
    "rummykit.actions": "rummykit.core.actions",
    "rummykit.applied": "rummykit.core.applied",
    "rummykit.bots": "rummykit.core.bots",
    "rummykit.cards": "rummykit.core.cards",
    "rummykit.configuration": "rummykit.core.configuration",
    "rummykit.defaults": "rummykit.core.defaults",
    "rummykit.engine": "rummykit.core.engine",
    "rummykit.errors": "rummykit.core.errors",
    "rummykit.hookspecs": "rummykit.core.hookspecs",
    "rummykit.melds": "rummykit.core.melds",
    "rummykit.move": "rummykit.core.moves",
    "rummykit.plugins": "rummykit.core.plugins",
    "rummykit.records": "rummykit.core.records",
    "rummykit.shoe": "rummykit.core.shoe",
    "rummykit.solver": "rummykit.core.solver",
    "rummykit.state": "rummykit.core.state",
    "rummykit.variant": "rummykit.core.specs",
    "rummykit.views": "rummykit.core.views",
    "rummykit.mechanics": "rummykit.standard.turns",
    "rummykit.serialize": "rummykit.documents.serialize",
    "rummykit.notation": "rummykit.documents.notation",
    "rummykit.builder": "rummykit.documents.builder",
    "rummykit.simulate": "rummykit.play.simulate",
    "rummykit.chunks": "rummykit.play.chunks",
    "rummykit.ray_backend": "rummykit.play.ray_backend",
    "rummykit.results": "rummykit.play.results",
    "rummykit.tally": "rummykit.play.tally",
    "rummykit.intervals": "rummykit.play.intervals",
    "rummykit.cli": "rummykit.play.cli",
    "rummykit.terminal": "rummykit.play.terminal",
    "rummykit.moves": "rummykit.play.commands",
}
"""Each old module path, and where its module lives now."""


def moved(old: str, *, stacklevel: int = 2) -> types.ModuleType:
    """The module once at ``old``, with a ``DeprecationWarning`` naming its new path and the release that
    removes the old one."""
    new = MOVED[old]
    deprecated(old, new, what="path", stacklevel=stacklevel + 1)
    return importlib.import_module(new)


class _Finder:
    """Finds an old module path and hands out the module at its new one: a meta path finder and its
    loader (the protocols of `importlib.abc`, which costs more to import than the whole class)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", self))

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        # the warning blames the code that imports: past this method, the import system's bootstrap
        # (which `warnings` passes over) and `importlib.import_module` (which it does not)
        return moved(spec.name, stacklevel=2 + _import_module_frames())

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module was imported at its new path."""


def _import_module_frames() -> int:
    """How many frames of ``importlib/__init__.py`` (`importlib.import_module`) lie between the import
    system and the code that imports: `warnings` passes over the import system's own frames (its
    bootstrap) when it counts a stack level, but not over these."""
    count = 0
    here = inspect.currentframe()
    frame = here.f_back.f_back if here and here.f_back else None  # the import system's, that called create_module
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename == importlib.__file__:
            count += 1
        elif not ("importlib" in filename and "_bootstrap" in filename):
            break
        frame = frame.f_back
    return count


_FINDER: Final = _Finder()


def install() -> None:
    """Let the old module paths be imported (once per process)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.append(_FINDER)
