"""The Gin Rummy plug-in, registered through the ``rummykit.variants`` entry point ``gin-rummy``: the
standard rummy's knock ending (`rummykit.standard.Knocking`) for two players, and OpenSpiel's two ways
to end a hand dead: a repeated take (GIN-7) and the take limit (GIN-8)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.bots import Bot
from rummykit.core.errors import InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.state import Phase, RoundEnd
from rummykit.standard import Knock, KnockDiscard, KnockPhase, KnockTakeDiscard, KnockView, Pass, StandardRummy
from rummykit.standard import check_position as check_standard_position
from rummykit_variants.gin_rummy.bot import GinBot
from rummykit_variants.gin_rummy.rules import OPTIONS, RULES, GinRules, make_rules
from rummykit_variants.gin_rummy.state import GinState

__all__ = ["SPEC", "GinRummy"]

SPEC = VariantSpec(
    name="gin-rummy",
    title="Gin Rummy",
    min_players=2,
    max_players=2,
    players_rule="GIN-1",
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakeDiscard, Pass, Knock, Discard, GoDown, LayOff),
    phases=tuple(KnockPhase),
    state_type=GinState,
    view_type=KnockView,
    round_ends=("GIN-18", "GIN-7", "GIN-8", "GIN-19"),
)


class GinTakeDiscard(KnockTakeDiscard[GinState]):
    """Take the top discard; the take that reaches the limit is not made, and the hand is dead (GIN-8)."""

    def perform(self, state: GinState, action: TakeDiscard, rng: Randomness) -> None:
        limit = state.rules.take_limit
        if state.phase == Phase.DRAW:
            state.takes += 1
            if state.takes == limit:
                reason = f"the {limit}th take of the top discard is not made: the hand is dead (GIN-8)"
                state.round_end = RoundEnd(None, "GIN-8", reason)
                return
        super().perform(state, action, rng)


class GinDiscard(KnockDiscard[GinState]):
    """A discard; the second in a row to return the card just taken ends the hand dead (GIN-7)."""

    def end_turn(self, state: GinState) -> None:
        returned = state.taken == state.piles["discard"][-1]
        if returned and state.returned and state.rules.repeated_take_ends_hand:
            reason = "both players took the top discard and discarded it again: the hand is dead (GIN-7)"
            state.round_end = RoundEnd(None, "GIN-7", reason)
            return
        state.returned = returned
        super().end_turn(state)


class GinRummy(StandardRummy[GinRules, GinState]):
    """Gin Rummy: the standard rummy's knock ending, its two dead ends, and its heuristic bot."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> GinRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: GinRules) -> dict[type[Action], Move[Any, Any]]:
        return {**super().rummykit_moves(rules), TakeDiscard: GinTakeDiscard(rules), Discard: GinDiscard(rules)}

    @hookimpl
    def rummykit_check_position(self, state: GinState) -> None:
        check_standard_position(state)
        limit, takes = state.rules.take_limit, state.takes
        if state.phase != Phase.OVER and (takes < 0 or (limit is not None and takes >= limit)):
            raise InvalidPositionError("extra.takes", f"{takes} takes of the top discard: the {limit}th ends the hand")

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": GinBot}
