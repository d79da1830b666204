"""The engine's names that the measurements use, from the engine of any commit: the layered package
(``rummykit.core``, ``rummykit.documents``, ``rummykit.play``) or the flat one of the commits before
it (``rummykit.plugins``, ``rummykit.serialize``, ...), so that ``--baseline`` measures either."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummykit import Game

__all__ = [
    "ContractSolver",
    "bot_factories",
    "configure",
    "dump_position",
    "load_position",
    "run_game",
    "simulate",
    "view_to_data",
]


def _name(module: str, name: str) -> Any:
    """``name`` from ``rummykit.<module>`` at its layered path, or else at its flat one."""
    try:
        found = importlib.import_module(f"rummykit.{module}")
    except ModuleNotFoundError:
        found = importlib.import_module(f"rummykit.{module.rpartition('.')[2]}")
    return getattr(found, name)


ContractSolver: Any = _name("core.solver", "ContractSolver")
bot_factories: Callable[..., Any] = _name("core.plugins", "bot_factories")
configure: Callable[..., Any] = _name("core.engine", "configure")
dump_position: Callable[..., str] = _name("documents.serialize", "dump_position")
load_position: Callable[..., Game] = _name("documents.serialize", "load_position")
view_to_data: Callable[..., dict[str, Any]] = _name("documents.serialize", "view_to_data")
run_game: Callable[..., Any] = _name("play.simulate", "run_game")
simulate: Callable[..., Any] = _name("play.simulate", "simulate")
