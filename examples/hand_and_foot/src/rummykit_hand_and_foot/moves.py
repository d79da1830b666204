"""Hand and Foot's moves: the canasta family's (`rules.make_rules`), with what its rule book says beyond them: the
foot (HF-13), picked up when the hand is emptied, which a player must have to go out (HF-14), and the initial
meld's minimum by round (HF-12)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.actions import Action, Discard
from rummykit.core.cards import face
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.state import in_hand, in_pile, in_seat_pile
from rummykit.standard import (
    DiscardGroupMove,
    DrawPlacingMove,
    EndRoundMove,
    FamilyMove,
    GoDownGroupsMove,
    GroupState,
    LayOffGroupMove,
    StandardRules,
    TakePileMove,
)
from rummykit.standard.canasta_family import Problem, place_cards
from rummykit_hand_and_foot.rules import MINIMUMS

__all__ = ["hand_and_foot_moves", "has_foot", "minimum_of", "pick_up_foot"]


def minimum_of(round: int) -> int:
    """HF-12: the initial meld's minimum in round ``round`` (1-based).

    Examples:
        >>> [minimum_of(r) for r in (1, 2, 3, 4)]
        [50, 90, 120, 150]
    """
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
    """What every move of Hand and Foot plays beyond the family's: HF-12's minimum, HF-13 and HF-14."""

    def minimum(self, state: GroupState, seat: int) -> int:
        """HF-12: by the round, not by the side's total."""
        return minimum_of(state.round)

    def leaves(
        self,
        state: GroupState,
        seat: int,
        counts: Sequence[int],
        left: int,
        canastas: tuple[str, ...],
        *,
        going_out_meld: bool,
        exempt: bool,
    ) -> Problem:
        """HF-13: before its foot a player may empty its hand; with it, the family's HF-14 (2 cards kept until the
        side has its books)."""
        if not has_foot(state, seat):
            return None
        return super().leaves(state, seat, counts, left, canastas, going_out_meld=going_out_meld, exempt=exempt)

    def after_play(self, state: GroupState, seat: int) -> None:
        """HF-13: a hand emptied by a meld play before the foot picks it up, and the turn goes on; then the
        family's (HF-14: an empty hand with the foot goes out)."""
        if not state.hands[seat] and not has_foot(state, seat):
            pick_up_foot(state, seat)
            state.stuck = not self.lists(Discard, state, seat)
        super().after_play(state, seat)


class _Draw(_Foot, DrawPlacingMove[GroupState]):
    """HF-7 and HF-8: the top 2 cards of the stock, red threes laid out and replaced."""


class _EndRound(_Foot, EndRoundMove[GroupState]):
    """HF-15: with the stock empty, the turn player does not take the pile, and the round ends."""


class _TakePile(_Foot, TakePileMove[GroupState]):
    """HF-11 and HF-12: the pile taken with a natural pair, its top card melded at once."""


class _GoDown(_Foot, GoDownGroupsMove[GroupState]):
    """HF-9 and HF-12: new melds, the initial meld by the round's minimum."""


class _LayOff(_Foot, LayOffGroupMove[GroupState]):
    """HF-10: a card onto one of the side's unfinished melds."""


class _Discard(_Foot, DiscardGroupMove[GroupState]):
    """HF-8, HF-13 and HF-14: the last card of a hand is discarded before the foot whatever the side's books, and
    the foot is picked up; with the foot, discarding the last card goes out, with the side's books."""

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


def hand_and_foot_moves(rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
    """Hand and Foot's moves for ``rules``, in listing order."""
    moves: dict[type[Action], Move[Any, Any]] = {}
    for move in (
        _Draw(rules, moves),
        _EndRound(rules, moves),
        _TakePile(rules, moves),
        _GoDown(rules, moves),
        _LayOff(rules, moves),
        _Discard(rules, moves),
    ):
        moves[move.action_type] = move
    return moves
