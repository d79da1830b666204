"""The module paths of rummykit 0.1 that moved when the package was split into layers (``core``,
``standard``, ``documents``, ``play``, ``svg``, ``viewer``, ``rl``, ``testing``): importing an old path
still works, with a ``DeprecationWarning`` naming the new one (see ``CHANGELOG.md``)."""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

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
    """The module once at ``old``, with a ``DeprecationWarning`` naming its new path."""
    new = MOVED[old]
    warnings.warn(f"{old} is now {new}; the old path will be removed", DeprecationWarning, stacklevel=stacklevel + 1)
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
        return moved(spec.name, stacklevel=4)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module was imported at its new path."""


_FINDER: Final = _Finder()


def install() -> None:
    """Let the old module paths be imported (once per process)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.append(_FINDER)
