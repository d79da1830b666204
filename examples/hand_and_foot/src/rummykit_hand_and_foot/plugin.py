"""The Hand and Foot plug-in, registered through the ``rummykit.variants`` entry point ``hand-and-foot``: the canasta
family's game (`rules.make_rules`) and moves, with the foot (HF-13, HF-14) and the minimums by round (HF-12)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.core.bots import Bot
from rummykit.core.cards import CardId, face
from rummykit.core.hookspecs import hookimpl
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.state import in_hand, in_pile, in_seat_pile
from rummykit.core.views import Picture, View, shown
from rummykit.standard import (
    CanastaFamilyRummy,
    DiscardGroupMove,
    DrawPlacingMove,
    EndRound,
    EndRoundMove,
    FamilyMove,
    FamilyView,
    GoDownGroupsMove,
    GroupState,
    LayOffGroupMove,
    StandardRules,
    TakePile,
    TakePileMove,
    deal_family,
    family_view_fields,
    place_cards,
)
from rummykit.standard.canasta_family import Problem
from rummykit.standard.plugin import game_over
from rummykit_hand_and_foot.book import RULES
from rummykit_hand_and_foot.bot import HandAndFootBot
from rummykit_hand_and_foot.rules import MINIMUMS, make_rules

__all__ = ["SPEC", "HandAndFoot", "HandAndFootView", "has_foot", "minimum_of"]


def minimum_of(round: int) -> int:
    """HF-12: the initial meld's minimum in round ``round`` (1-based)."""
    return MINIMUMS[min(max(round, 1), len(MINIMUMS)) - 1]


def has_foot(state: GroupState, seat: int) -> bool:
    """``seat`` has picked up its foot this round (HF-13): its foot pile, dealt 13 cards, is empty."""
    return not state.seat_piles["foot"][seat]


def pick_up_foot(state: GroupState, seat: int) -> None:
    """HF-13: ``seat``'s foot into its hand, its red threes laid out without replacement (HF-7)."""
    foot = state.seat_piles["foot"][seat]
    place_cards(state, seat, list(foot), in_seat_pile("foot", seat))
    foot.clear()


class _Foot(FamilyMove[GroupState, Any]):
    """What the meld plays of Hand and Foot play beyond the family's: HF-12's minimum, HF-13 and HF-14."""

    def minimum(self, state: GroupState, seat: int) -> int:
        """HF-12: by the round, not by the side's total."""
        return minimum_of(state.round)

    def leaves(
        self, state: GroupState, seat: int, counts: Sequence[int], left: int, canastas: tuple[str, ...], **flags: bool
    ) -> Problem:
        """HF-13: before its foot a player may empty its hand; with it, HF-14 (2 cards kept until the books)."""
        return super().leaves(state, seat, counts, left, canastas, **flags) if has_foot(state, seat) else None

    def after_play(self, state: GroupState, seat: int) -> None:
        """HF-13: a hand emptied before the foot picks it up, the turn goes on; HF-14: with it, goes out."""
        if not state.hands[seat] and not has_foot(state, seat):
            pick_up_foot(state, seat)
            state.stuck = not self.lists(Discard, state, seat)
        super().after_play(state, seat)


class _TakePile(_Foot, TakePileMove[GroupState]):
    """HF-11 and HF-12: the pile taken with a natural pair, its top card melded at once."""


class _GoDown(_Foot, GoDownGroupsMove[GroupState]):
    """HF-9 and HF-12: new melds, the initial meld by the round's minimum."""


class _LayOff(_Foot, LayOffGroupMove[GroupState]):
    """HF-10: a card onto one of the side's unfinished melds."""


class _Discard(_Foot, DiscardGroupMove[GroupState]):
    """HF-13 and HF-14: a last discard before the foot picks it up, whatever the books; with the foot, goes out."""

    def walks(self, state: GroupState, seat: int) -> bool:
        """``seat`` holds one card and has not picked up its foot: discarding it picks up the foot (HF-13)."""
        return len(state.hands[seat]) == 1 and not has_foot(state, seat)

    def check(self, state: GroupState, action: Discard) -> Discard:
        if self.walks(state, action.seat) and action.card in state.hand_faces(action.seat):
            return action
        return super().check(state, action)

    def legal(self, state: GroupState, seat: int) -> list[Discard]:
        if seat == state.turn and self.walks(state, seat):
            return [Discard(seat=seat, card=face(state.hands[seat][0]))]
        return super().legal(state, seat)

    def perform(self, state: GroupState, action: Discard, rng: Randomness) -> None:
        seat = action.seat
        if not self.walks(state, seat):
            super().perform(state, action, rng)
            return
        cid = state.hands[seat].pop()
        state.piles["discard"].append(cid)
        state.note_moved((cid,), in_hand(seat), in_pile("discard"))
        pick_up_foot(state, seat)
        self.end_turn(state)


@attrs.frozen(kw_only=True)
class HandAndFootView(FamilyView):
    """A Hand and Foot view: the family's (``initial_minimum``: the round's, HF-12), and ``feet``: how many cards
    each seat's foot holds (0 once picked up, HF-13); never a foot's cards, not even the seat's own."""

    feet: tuple[int, ...] = shown("foot", per_seat=True, picture=Picture.PILE)


SPEC = VariantSpec(
    name="hand-and-foot",
    title="Hand and Foot",
    min_players=2,
    max_players=4,
    player_counts=(2, 4),
    players_rule="HF-1",
    rules=RULES,
    actions=(Draw, TakePile, EndRound, GoDown, LayOff, Discard),
    seat_piles=("foot", "red_threes"),
    public_seat_piles=("red_threes",),
    state_type=GroupState,
    view_type=HandAndFootView,
    listing_ignores_suits=True,
    round_ends=("HF-14", "HF-15"),
)


class HandAndFoot(CanastaFamilyRummy[StandardRules, GroupState]):
    """Hand and Foot: the canasta family's game, sides of partners, a foot a seat and four rounds."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> StandardRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
        """The family's moves, the meld plays and the discard with HF-12 to HF-14, in listing order."""
        moves: dict[type[Action], Move[Any, Any]] = {}
        draw, end = DrawPlacingMove[GroupState](rules, moves), EndRoundMove[GroupState](rules, moves)  # HF-8, HF-15
        for move in (draw, end, _TakePile(rules, moves), _GoDown(rules, moves), _LayOff(rules, moves)):
            moves[move.action_type] = move
        moves[Discard] = _Discard(rules, moves)
        return moves

    @hookimpl
    def rummykit_start_round(self, state: GroupState, shoe: list[CardId], rng: Randomness) -> bool:
        """HF-6 and HF-7: the family's deal; nothing freezes the pile (HF-11 takes it with a natural pair only)."""
        deal_family(state, shoe)
        state.frozen = False
        return True

    @hookimpl
    def rummykit_view(self, state: GroupState, seat: int | None, to_act: tuple[int, ...]) -> View:
        """The family's view, the round's minimum for every seat (HF-12) and the feet's sizes (HF-13)."""
        fields = family_view_fields(state, seat, to_act)
        fields["initial_minimum"] = (minimum_of(state.round),) * state.players
        return HandAndFootView(**fields, feet=tuple(map(len, state.seat_piles["foot"])))

    @hookimpl
    def rummykit_game_over(self, state: GroupState) -> bool:
        """HF-21: after the fourth round."""
        return game_over(state)

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": HandAndFootBot}
