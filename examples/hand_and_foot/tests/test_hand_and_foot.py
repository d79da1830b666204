"""Hand and Foot against its rule book (`rummykit_hand_and_foot.book`, HF-1 onwards): positions built with
`rummykit.build_position`, played with ``game.apply``; every number is worked out by hand from the book in the
test's docstring, not read from the engine. Seats 0 and 2 are side A, seats 1 and 3 side B (HF-1)."""

from __future__ import annotations

import doctest
from collections.abc import Sequence

import pytest

import rummykit
import rummykit_hand_and_foot
import rummykit_hand_and_foot.book
import rummykit_hand_and_foot.plugin
import rummykit_hand_and_foot.rules
from rummykit import IllegalActionError
from rummykit.core.actions import Action, Discard, GoDown, LayOff
from rummykit.core.cards import Card
from rummykit.standard import EndRound, TakePile
from rummykit_hand_and_foot import HandAndFootView

BOOKS = [(0, "KH KH KD KD KS KS KC"), (2, "QC QD QH QS QC QD 2C")]
"""Side A's clean book of kings (7 x 10 = 70) and dirty book of queens (6 x 10 + a 2 at 20 = 80)."""


def position(
    *,
    hands: Sequence[str],
    feet: Sequence[str],
    table: Sequence[tuple[int, str]] = (),
    red_threes: Sequence[str] = ("", "", "", ""),
    phase: str = "play",
    turn: int = 0,
    round: int = 1,
    discard: str | None = None,
    rest: str = "stock",
) -> rummykit.Game:
    """A four-player game at the position described: each seat's hand and foot (``""``: picked up)."""
    return rummykit.build_position(
        "hand-and-foot", 4, hands=hands, table=table, phase=phase, turn=turn, round=round, turn_number=9,
        seat_piles={"foot": list(feet), "red_threes": list(red_threes)}, discard=discard, rest=rest,
    )  # fmt: skip


def view_of(game: rummykit.Game, seat: int = 0) -> HandAndFootView:
    """``seat``'s view, a Hand and Foot view."""
    view = game.view(seat)
    assert isinstance(view, HandAndFootView)
    return view


def refused(game: rummykit.Game, action: Action, rule: str) -> None:
    """``action`` is refused citing ``rule``, and is not among the legal actions."""
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert caught.value.rule == rule
    assert action not in game.legal_actions(action.seat)


def lines(game: rummykit.Game, seat: int, rule: str) -> list[int]:
    """The points of the lines of ``seat``'s score for the last round that cite ``rule``."""
    return [item.points for item in game.history[-1].seats[seat].items if item.rule == rule]


def test_modules_doctests() -> None:
    for module in (
        rummykit_hand_and_foot,
        rummykit_hand_and_foot.book,
        rummykit_hand_and_foot.rules,
        rummykit_hand_and_foot.plugin,
    ):
        assert doctest.testmod(module).failed == 0


# -- scoring: HF-16 to HF-20 ----------------------------------------------------------------------------------


def test_going_out_scores_every_line_by_hand() -> None:
    """Seat 0 has its foot and side A a clean and a dirty book (HF-14): discarding its last card, 5S, goes out.

    Side A: melded cards (HF-16) 70 + 80 = 150; books (HF-17) 500 + 300 = 800; seat 2's red three (HF-18) 100;
    going out (HF-19) 100; cards left (HF-20): seat 2's hand 9C 4D, 10 + 5 = 15, and its foot KC 7H, 10 + 5 = 15,
    so -30. In all 150 + 800 + 100 + 100 - 30 = 1120.
    Side B: melded 10C 10D 10H = 30; seat 3's red three 100; seat 1's hand JC -10, seat 3's hand AS 6D -(20 + 5)
    = -25, seat 3's foot 8C -10. In all 30 + 100 - 45 = 85.
    """
    game = position(
        hands=["5S", "JC", "9C 4D", "AS 6D"], feet=["", "", "KC 7H", "8C"],
        table=[*BOOKS, (1, "10C 10D 10H")], red_threes=["", "", "3H", "3D"],
    )  # fmt: skip
    game.apply(Discard(seat=0, card="5S"))
    assert game.history[-1].went_out == 0 and game.history[-1].reason.endswith("(HF-14)")
    assert sum(lines(game, 0, "HF-16")) == 150 and sum(lines(game, 0, "HF-17")) == 800
    assert lines(game, 0, "HF-18") == [100] and lines(game, 0, "HF-19") == [100]
    assert sorted(lines(game, 0, "HF-20")) == [-15, -15]
    assert sorted(lines(game, 1, "HF-20")) == [-25, -10, -10]
    assert tuple(game.history[-1].scores) == (1120, 85, 1120, 85)  # partners score alike (HF-1)


def test_the_end_of_the_stock_and_red_threes_of_a_side_without_a_meld() -> None:
    """The stock is empty and seat 1 cannot take the pile (one JC, no pair): it ends the round (HF-15), nobody out.

    Side A: melded KH KD KS = 30 (HF-16); left (HF-20): seat 0's 5S 6S -10, seat 2's 9C 4D -15 and its foot KC 7H
    -15; no going-out bonus. In all 30 - 40 = -10.
    Side B made no meld: seat 3's red three counts -100 (HF-18); left: JC -10, AS 6D -25, foot 8C -10. In all -145.
    """
    game = position(
        hands=["5S 6S", "JC", "9C 4D", "AS 6D"], feet=["", "", "KC 7H", "8C"], table=[(0, "KH KD KS")],
        red_threes=["", "", "", "3D"], phase="draw", turn=1, rest="discard",
    )  # fmt: skip
    assert game.legal_actions(1) == [EndRound(seat=1)]
    game.apply(EndRound(seat=1))
    assert game.history[-1].went_out is None and game.history[-1].reason.endswith("(HF-15)")
    assert lines(game, 1, "HF-18") == [-100] and lines(game, 0, "HF-19") == []
    assert tuple(game.history[-1].scores) == (-10, -145, -10, -145)


# -- the foot: HF-13 and HF-14 --------------------------------------------------------------------------------


def test_a_hand_played_out_by_a_meld_picks_up_the_foot_and_the_turn_goes_on() -> None:
    """HF-13, running to the foot: seat 0 melds its whole hand, 9C 9D 9H, without a book (HF-14 does not apply
    before the foot); its foot comes to hand, the foot's red three laid out without replacement (HF-7)."""
    game = position(hands=["9C 9D 9H", "JC", "9S 4D", "AS 6D"], feet=["5C 5D 6H 3H", "", "", ""], table=BOOKS[:1])
    game.apply(GoDown(seat=0, melds=["9C 9D 9H"]))
    assert sorted(map(str, view_of(game).hand)) == ["5C", "5D", "6H"]
    assert [str(card) for card in view_of(game).red_threes[0]] == ["3H"]
    assert game.turn == 0 and game.phase == "play" and view_of(game).feet == (0, 0, 0, 0)


def test_a_hand_played_out_by_a_discard_picks_up_the_foot_and_the_turn_passes() -> None:
    """HF-13, walking to the foot: seat 0's side has both books, but without its foot seat 0 does not go out by
    discarding its last card: the foot comes to hand, the turn passes, the round goes on."""
    game = position(hands=["7C", "JC", "9S 4D", "AS 6D"], feet=["5C 5D", "", "", ""], table=BOOKS)
    assert game.legal_actions(0) == [Discard(seat=0, card="7C")]
    game.apply(Discard(seat=0, card="7C"))
    assert not game.history and game.turn == 1
    assert sorted(map(str, view_of(game).hand)) == ["5C", "5D"] and view_of(game).discard_top == Card.parse("7C")


def test_with_the_foot_a_seat_goes_out_only_with_a_clean_and_a_dirty_book() -> None:
    """HF-14: seat 0 has its foot; its side has a clean book but no dirty one, so seat 0 may not meld or add cards
    down to fewer than 2 cards. With both books it may, and its last card's discard goes out."""
    game = position(hands=["7C 8C 8D 8H", "JC", "9S 4D", "AS 6D"], feet=["", "", "", ""], table=BOOKS[:1])
    refused(game, GoDown(seat=0, melds=["8C 8D 8H"]), "HF-14")
    game = position(hands=["7C 9C", "JC", "4S 4D", "AS 6D"], feet=[""] * 4, table=[*BOOKS[:1], (0, "9S 9D 9H")])
    refused(game, LayOff(seat=0, card="9C", meld=1), "HF-14")
    game = position(hands=["7C 9C", "JC", "4S 4D", "AS 6D"], feet=[""] * 4, table=[*BOOKS, (0, "9S 9D 9H")])
    game.apply(LayOff(seat=0, card="9C", meld=2))
    game.apply(Discard(seat=0, card="7C"))
    assert game.history[-1].went_out == 0


# -- the initial meld and the pile: HF-11, HF-12 --------------------------------------------------------------


def test_the_initial_meld_s_minimum_is_the_round_s() -> None:
    """HF-12: in round 3 the minimum is 120: KC KD KS (30) and 4C 4D 4H (15) are refused; KC KD KS 2C 2D JK
    (30 + 40 + 50 = 120) is enough."""
    game = position(hands=["KC KD KS 4C 4D 4H 2C 2D JK 9C", "JC", "9S 4D", "AS 6D"], feet=["", "", "", ""], round=3)
    assert view_of(game).initial_minimum == (120, 120, 120, 120)
    refused(game, GoDown(seat=0, melds=["KC KD KS", "4C 4D 4H"]), "HF-12")
    game.apply(GoDown(seat=0, melds=["KC KD KS 2C 2D JK"]))


def test_the_pile_is_taken_with_a_natural_pair_only() -> None:
    """HF-11: with a natural pair of 9s the pile is taken, the top 9S melded with it (side A has melded); with a 9
    and a wild card, or on a wild card on top, it is not."""
    game = position(
        hands=["9C 9D 5S", "JC", "9H 2D 5D", "AS 6D"], feet=["", "", "", ""], table=BOOKS[:1],
        phase="draw", discard="4C 7H 9S",
    )  # fmt: skip
    game.apply(TakePile(seat=0, cards="9C 9D"))
    assert sorted(map(str, view_of(game).hand)) == ["4C", "5S", "7H"]
    game = position(
        hands=["JC", "9H 2D 5D", "JC", "AS 6D"], feet=["", "", "", ""], table=BOOKS[:1],
        phase="draw", turn=1, discard="4C 7H 9S",
    )  # fmt: skip
    refused(game, TakePile(seat=1, cards="9H 2D"), "HF-11")


# -- partners: HF-1, HF-10 ------------------------------------------------------------------------------------


def test_a_seat_sees_its_partner_s_melds_never_its_partner_s_hand_or_foot() -> None:
    """HF-1 and HF-10: seat 0 sees seat 2's meld and adds to it; seat 2's hand and foot (all the jokers named
    here) are nowhere in seat 0's view, which shows only how many cards each foot holds."""
    game = position(
        hands=["QC 5S 6S", "JC", "JK JK 4D", "AS 6D"], feet=["7C", "", "JK JK JK", ""], table=[(2, "QH QS QD")],
        discard="9S",
    )  # fmt: skip
    view = game.view(0)
    assert isinstance(view, HandAndFootView)
    assert [str(meld.meld) for meld in view.table] == [str(game.state.table[0].meld)] and view.feet == (1, 0, 3, 0)
    assert set(view.hand_ids) == set(game.state.hands[0])
    assert "JK" not in repr(view)
    assert not set(view.hand_ids) & {*game.state.hands[2], *game.state.seat_piles["foot"][2]}
    game.apply(LayOff(seat=0, card="QC", meld=0))
    assert len(game.state.table[0].meld.cards) == 4
