"""The core's neutral defaults: for each hook a variant need not implement, a plug-in answering it,
registered ``trylast`` in a configuration only where no plug-in of the configuration implements
the hook; and the core's bots (``random``), offered in every configuration."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rummykit.core.actions import Action
from rummykit.core.bots import Bot, RandomBot
from rummykit.core.cards import Card
from rummykit.core.errors import IllegalActionError, PluginError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.melds import Meld, MeldRules, read_meld
from rummykit.core.moves import Move
from rummykit.core.specs import Ruleset
from rummykit.core.state import GameState
from rummykit.core.views import View, base_view_fields

__all__ = ["DEFAULTS", "CoreBots", "best_totals"]


def best_totals(state: GameState) -> tuple[int, ...]:
    """The seats with the best total (lowest if ``state.rules.low_score_wins``), in seat order."""
    totals = state.totals
    best = min(totals) if state.rules.low_score_wins else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


class _ToAct:
    @hookimpl(trylast=True)
    def rummykit_to_act(self, state: GameState) -> tuple[int, ...]:
        return () if state.is_over else (state.turn,)


class _CheckTurn:
    @hookimpl(trylast=True)
    def rummykit_check_turn(self, state: GameState, action: Action, move: Move[Any, Any]) -> bool:
        if action.seat != state.turn:
            raise IllegalActionError("G-2", f"it is seat {state.turn}'s turn", action=action)
        return True


class _GameOver:
    @hookimpl(trylast=True)
    def rummykit_game_over(self, state: GameState) -> bool:
        return False


class _Winners:
    @hookimpl(trylast=True)
    def rummykit_winners(self, state: GameState) -> tuple[int, ...]:
        return best_totals(state)


class _ReadMeld:
    @hookimpl(trylast=True)
    def rummykit_read_meld(self, rules: Ruleset, cards: tuple[Card, ...]) -> Meld:
        melds = getattr(rules, "melds", None)
        if not isinstance(melds, MeldRules):
            raise PluginError(
                f"the variant's rules ({type(rules).__name__}) have no MeldRules in 'melds': "
                "it implements rummykit_read_meld to read the melds of a position written by hand"
            )
        return read_meld(cards, melds)


class _View:
    @hookimpl(trylast=True)
    def rummykit_view(self, state: GameState, seat: int | None, to_act: tuple[int, ...]) -> View:
        return View(**base_view_fields(state, seat, to_act))


class CoreBots:
    """The bots every variant has (``random``)."""

    @hookimpl(trylast=True)
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"random": RandomBot}


DEFAULTS: Mapping[str, object] = {
    "rummykit_to_act": _ToAct(),
    "rummykit_check_turn": _CheckTurn(),
    "rummykit_game_over": _GameOver(),
    "rummykit_winners": _Winners(),
    "rummykit_view": _View(),
    "rummykit_read_meld": _ReadMeld(),
}
"""The default of each hook that has one, by hook name."""
