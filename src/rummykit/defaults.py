"""The core's neutral defaults: hook implementations registered ``trylast`` in every game, which a
variant overrides where it differs."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rummykit.bots import Bot, RandomBot
from rummykit.hookspecs import hookimpl
from rummykit.state import GameState
from rummykit.views import View, base_view_fields

__all__ = ["best_totals"]


def best_totals(state: GameState) -> tuple[int, ...]:
    """The seats with the best total (lowest if ``state.rules.low_score_wins``), in seat order."""
    totals = state.totals
    best = min(totals) if state.rules.low_score_wins else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


@hookimpl(trylast=True)
def rummykit_to_act(state: GameState) -> tuple[int, ...]:
    return () if state.is_over else (state.turn,)


@hookimpl(trylast=True)
def rummykit_game_over(state: GameState) -> bool:
    return False


@hookimpl(trylast=True)
def rummykit_winners(state: GameState) -> tuple[int, ...]:
    return best_totals(state)


@hookimpl(trylast=True)
def rummykit_view(state: GameState, seat: int | None, to_act: tuple[int, ...]) -> View:
    return View(**base_view_fields(state, seat, to_act))


@hookimpl(trylast=True)
def rummykit_bots() -> Mapping[str, Callable[[int | None], Bot]]:
    return {"random": RandomBot}
