"""Railroad Canasta's moves: the canasta family's (`rummykit.standard.canasta_family`, played from `rules.FAMILY`),
with what its rule book says beyond them: a 7 is not discarded until every player has
a sevens canasta (RC-18), nor last (RC-21); a play may not keep only 7s, except that a hand of only 7s right after
the draw may meld any of them (RC-19, RC-22); and after the discard, the kitty (RC-20).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummykit.core.actions import Action
from rummykit.core.cards import Card, Rank, face
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.state import in_seat_pile
from rummykit.standard.canasta_family import (
    DiscardGroupMove,
    DrawPlacingMove,
    EndRoundMove,
    FamilyMove,
    GoDownGroupsMove,
    GroupHand,
    LayOffGroupMove,
    Problem,
    TakePileMove,
    place_cards,
)
from rummykit_variants.railroad_canasta.actions import LeaveKitty, PickUpKitty
from rummykit_variants.railroad_canasta.rules import CanastaKind, CanastaPhase, CanastaRules, is_red_three
from rummykit_variants.railroad_canasta.state import CanastaState

__all__ = ["canasta_moves"]

_SEVEN = int(Rank.SEVEN)
_Kitty = PickUpKitty | LeaveKitty


class _Sevens(FamilyMove[CanastaState, Any]):
    """RC-18 and RC-19: what a meld play may leave, with 7s in hand."""

    def exempt(self, state: CanastaState, seat: int, cards: Sequence[Card]) -> bool:
        """RC-19's exception: a hand of only 7s right after drawing, and still, while someone lacks a sevens
        canasta (RC-18), may meld or lay off any of them, down to an empty hand (RC-22)."""
        if not state.stuck or not cards or any(card.rank is not Rank.SEVEN for card in cards):
            return False
        return not state.sevens_done(seat)

    def leaves(
        self,
        state: CanastaState,
        seat: int,
        counts: Sequence[int],
        left: int,
        canastas: tuple[str, ...],
        *,
        going_out_meld: bool,
        exempt: bool,
    ) -> Problem:
        """The family's (RC-7 for black 3s, RC-19 for fewer than 2 cards, G-4 for none), then RC-19 for only 7s
        (unless ``exempt``: the hand held nothing it may discard after drawing) and G-4 for a lone 7."""
        problem = super().leaves(state, seat, counts, left, canastas, going_out_meld=going_out_meld, exempt=exempt)
        if problem is not None or exempt:
            return problem
        sevens = counts[_SEVEN]
        if left == 1:
            return ("G-4", "it would leave only a 7, which may not be the last discard (RC-21)") if sevens else None
        if sevens == left and not (CanastaKind.SEVENS in canastas and state.others_sevens(seat)):
            return "RC-19", "it would leave only 7s, which may not be discarded until every player has a sevens canasta"
        return None


class _Draw(_Sevens, DrawPlacingMove[CanastaState]):
    """RC-14: draw the top 2 cards of the stock (1 if only 1 is left), red 3s placed and replaced (RC-6)."""


class _EndRound(_Sevens, EndRoundMove[CanastaState]):
    """RC-22: with the stock empty, the turn player does not take the discard pile, and the round ends."""


class _TakePile(_Sevens, TakePileMove[CanastaState]):
    """RC-15 to RC-17: take the whole discard pile, its top card melded at once (with a natural pair from hand,
    or onto an unfinished meld, RC-C3), meeting RC-13 as an initial meld."""

    def nothing_to_discard(self, state: CanastaState, seat: int, hand: GroupHand) -> bool:
        """RC-19's exception for taking the pile: the hand holds only 7s right after drawing, that is with the
        whole pile in it, its top card too, so that neither hand nor pile holds a card the player may discard
        (only 7s, RC-18); then the take may meld any of them, down to an empty hand (which ends the round,
        RC-22). A top card of another rank is a card the hand held after the draw: that take is checked as any
        other play, and may not leave only 7s (RC-19)."""
        cards = [*hand.cards, *map(face, state.piles["discard"])]
        sevens = state.sevens_done(seat)  # RC-18: 7s may be discarded
        return not any(card.rank is not Rank.SEVEN or sevens for card in cards if not is_red_three(card))


class _GoDown(_Sevens, GoDownGroupsMove[CanastaState]):
    """RC-8 to RC-13: lay down new melds; the initial meld any melds together that reach the minimum, one meld
    an action after it (RC-C2)."""


class _LayOff(_Sevens, LayOffGroupMove[CanastaState]):
    """RC-8 and RC-12: add one card from hand to one of the seat's own unfinished melds."""


class _Discard(_Sevens, DiscardGroupMove[CanastaState]):
    """RC-14, RC-18, RC-21: the turn ends with one discard (not a 7 while someone lacks a sevens canasta);
    discarding the last card goes out, with a canasta of each kind. A discarded wild card freezes the pile
    (RC-15); a seat that may pick up its kitty then chooses (RC-20, RC-C5)."""

    def discard_problem(self, state: CanastaState, seat: int, card: Card, *, last: bool) -> Problem:
        if card.rank is not Rank.SEVEN:
            return None
        if last:
            return "RC-21", "the last card discarded to go out may not be a 7"
        if not state.sevens_done(seat):
            return "RC-18", "a 7 may not be discarded until every player has completed a sevens canasta"
        return None

    def after_discard(self, state: CanastaState, seat: int) -> None:
        if not state.kitty_taken[seat] and state.may_look(seat):
            state.phase = CanastaPhase.KITTY
        else:
            self.end_turn(state)


class KittyMove(_Sevens):
    """RC-20 and RC-C5: after the discard, a seat that has completed a canasta that is not black picks up its
    kitty (once a round) or leaves it; then the turn passes. A refusal cites RC-20 whoever's turn it is (G-7)."""

    phases = frozenset({CanastaPhase.KITTY})
    on_turn = False  # its every refusal, the turn's too, cites RC-20

    def __init__(
        self, rules: CanastaRules, moves: Mapping[type[Action], Move[Any, Any]], action_type: type[_Kitty]
    ) -> None:
        super().__init__(rules, moves)
        self.action_type = self.kitty_action = action_type

    def check(self, state: CanastaState, action: _Kitty) -> _Kitty:
        seat = action.seat
        if isinstance(action, PickUpKitty):
            if not state.may_look(seat):
                raise self.refuse("RC-20", f"seat {seat} has not completed a canasta that is not black", action)
            if state.kitty_taken[seat]:
                raise self.refuse("RC-20", f"seat {seat} has picked up its kitty this round already", action)
        if state.phase != CanastaPhase.KITTY or seat != state.turn:
            raise self.refuse("RC-20", "the kitty is picked up (or left) right after its owner's discard", action)
        return action

    def legal(self, state: CanastaState, seat: int) -> list[_Kitty]:
        return [self.kitty_action(seat=seat)] if seat == state.turn else []

    def perform(self, state: CanastaState, action: _Kitty, rng: Randomness) -> None:
        if isinstance(action, PickUpKitty):
            kitty = state.seat_piles["kitty"][action.seat]
            place_cards(state, action.seat, kitty, in_seat_pile("kitty", action.seat))
            state.seat_piles["kitty"][action.seat] = []
            state.kitty_taken[action.seat] = True
        self.end_turn(state)


def canasta_moves(rules: CanastaRules) -> dict[type[Action], Move[Any, Any]]:
    """Railroad Canasta's moves for ``rules``, in listing order."""
    moves: dict[type[Action], Move[Any, Any]] = {}
    for move in (
        _Draw(rules, moves),
        _EndRound(rules, moves),
        _TakePile(rules, moves),
        _GoDown(rules, moves),
        _LayOff(rules, moves),
        _Discard(rules, moves),
        KittyMove(rules, moves, PickUpKitty),
        KittyMove(rules, moves, LeaveKitty),
    ):
        moves[move.action_type] = move
    return moves
