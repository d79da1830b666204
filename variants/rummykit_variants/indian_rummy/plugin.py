"""The 13-card Indian Rummy plug-in, registered through the ``rummykit.variants`` entry point ``indian-rummy``: the
standard rummy with a declared hand, played from [`make_rules`][rummykit_variants.indian_rummy.rules.make_rules]'s
data."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rummykit.core.actions import Action, Discard, Draw, TakeDiscard
from rummykit.core.bots import Bot
from rummykit.core.cards import CardId, parse_cards
from rummykit.core.hookspecs import hookimpl
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.state import ScoreItem, SeatScore
from rummykit.core.views import View
from rummykit.standard import StandardRummy, check_position, standard_moves, view_fields
from rummykit.standard.declaring import (
    Declare,
    DeclaredRules,
    DeclaredState,
    DeclaredView,
    Drop,
    arrange_declared,
    check_declared,
    deal_declared,
    declared_moves,
    declared_view_fields,
    penalty_of,
)
from rummykit_variants.indian_rummy.bot import HeuristicBot
from rummykit_variants.indian_rummy.rules import OPTIONS, POOLS, RULES, make_rules

__all__ = ["SPEC", "IndianRummy"]

SPEC = VariantSpec(
    name="indian-rummy",
    title="Indian Rummy",
    min_players=2,
    max_players=6,
    players_rule="IND-1",
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakeDiscard, Drop, Declare, Discard),
    piles=("stock", "discard", "cut", "finish", "shown", "out"),
    state_type=DeclaredState,
    view_type=DeclaredView,
    round_ends=("IND-9", "IND-12", "IND-5"),
    unreachable_in_tests={
        "round-end:IND-5": "the stock is rebuilt from the discard pile but its top card, and at every draw at most "
        "83 of the 106 cards are elsewhere (4 seats out of the deal with 14 cards at most each, set aside, 2 hands of "
        "13, the cut card), so at least 23 lie in the stock and the pile: a card can always be drawn",
    },
)


class IndianRummy(StandardRummy[DeclaredRules, DeclaredState]):
    """13-card Indian Rummy: a declared hand, a cut wild rank and drops, in the Points, Pool and Deals forms."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> DeclaredRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: DeclaredRules) -> dict[type[Action], Move[Any, Any]]:
        return declared_moves(rules, standard_moves(rules))

    @hookimpl
    def rummykit_start_round(self, state: DeclaredState, shoe: list[CardId], rng: Randomness) -> bool:
        """Out of a game of Pool Rummy at its limit (IND-15); then the deal (IND-2) and the cut (IND-3)."""
        limit = POOLS.get(state.config.options["form"])
        if limit is not None and state.out:
            state.out = ["eliminated" if total <= -limit else "" for total in state.totals]
        deal_declared(state, shoe)
        return True

    @hookimpl
    def rummykit_score_round(self, state: DeclaredState) -> Sequence[int | SeatScore]:
        """IND-13 to IND-16: each other seat's count or penalty against the winner's."""
        end = state.round_end
        winner = end.went_out if end is not None else None
        pool = state.config.options["form"] in POOLS
        sheets = []
        owed = {seat: penalty_of(state, seat) for seat in range(state.players) if seat != winner}
        for seat in range(state.players):
            if state.out[seat] == "eliminated":
                sheets.append(SeatScore())
            elif seat == winner:
                won = 0 if pool else sum(owed.values())
                sheets.append(SeatScore(items=(ScoreItem(rule="IND-14", what="the others' counts", points=won),)))
            else:
                rule = {"wrong-show": "IND-10", "first-drop": "IND-11", "middle-drop": "IND-11"}.get(
                    state.out[seat], "IND-13"
                )
                what = state.out[seat].replace("-", " ") or "the cards left out of its groups"
                sheets.append(
                    SeatScore(items=(ScoreItem(rule=rule, what=what, points=-owed[seat]),), deadwood=owed[seat])
                )
        return sheets

    @hookimpl
    def rummykit_game_over(self, state: DeclaredState) -> bool:
        limit = POOLS.get(state.config.options["form"])
        if limit is None:
            return state.round >= (state.rules.rounds or 1)
        return sum(total > -limit for total in state.totals) <= 1

    @hookimpl
    def rummykit_view(self, state: DeclaredState, seat: int | None, to_act: tuple[int, ...]) -> View:
        return DeclaredView(**view_fields(state, seat, to_act), **declared_view_fields(state))

    @hookimpl
    def rummykit_check_position(self, state: DeclaredState) -> None:
        check_position(state)
        check_declared(state)

    @hookimpl
    def rummykit_arrange_position(self, state: DeclaredState, melded: frozenset[int], given: frozenset[str]) -> None:
        super().rummykit_arrange_position(state, melded, given)
        arrange_declared(state, given)

    @hookimpl
    def rummykit_face_up_cards(self, state: DeclaredState, seat: int | None) -> list[CardId]:
        """The cut card (IND-3), the finish cards of declarations and the cards of a wrong show (IND-10)."""
        return [*state.piles.get("cut", ()), *state.piles.get("finish", ()), *state.piles.get("shown", ())]

    @hookimpl
    def rummykit_parse_move(self, seat: int, words: list[str]) -> Action | None:
        """``drop``; ``declare 9S with 4H 5H 6H / QS QD QC / ...``."""
        if words == ["drop"]:
            return Drop(seat=seat)
        if len(words) > 3 and words[0] == "declare" and words[2] == "with":
            groups = " ".join(words[3:]).split("/")
            return Declare(seat=seat, card=words[1], groups=[parse_cards(group) for group in groups])
        return None

    @hookimpl
    def rummykit_move_help(self, rules: DeclaredRules) -> list[tuple[str, str]]:
        return [
            ("drop", "drop out of the deal, before the draw (IND-11)"),
            ("declare 9S with 4H 5H 6H / ...", "lay 9S on the finish slot and show the rest in groups (IND-9)"),
        ]

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HeuristicBot}
