"""Railroad Canasta rule by rule (RULES.md RC-1 … RC-32, the clarifications RC-C1 … RC-C8 and the
common rules G-1 … G-7 as this variant plays them).

Every rule has a test that plays it and, where an action can break it, one that breaks it and checks
the refusal's rule id and that the refused action changed nothing (``tests.support.refuse``). A test
named after a rule breaks or plays that rule; where the engine carries a rule out (scoring), the
expected numbers are worked out in the test from RULES.md. Positions come from
``tests.canasta_support.arrange``, which loads them through ``load_position`` (2 players unless a
test says otherwise: four decks and four jokers, so four copies of every face).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from typing import cast

import pytest
from typer.testing import CliRunner

import rummykit
from rummykit import (
    Discard,
    Draw,
    GoDown,
    IllegalActionError,
    InvalidOptionError,
    InvalidPositionError,
    LayOff,
)
from rummykit.core.cards import Card, Rank, face, parse_cards
from rummykit.documents.serialize import load_position, position_to_data
from rummykit.play.cli import app
from rummykit.standard import FamilyMove
from rummykit.standard.groups import canonical_order, rank_counts, shape_cards
from rummykit.testing import check_action
from rummykit_variants.railroad_canasta import (
    CanastaKind,
    EndRound,
    LeaveKitty,
    PickUpKitty,
    RailroadCanastaView,
    TakePile,
    card_value,
    initial_minimum,
)
from rummykit_variants.railroad_canasta.bot import HeuristicBot
from rummykit_variants.railroad_canasta.rules import GROUPS, canasta_kind
from rummykit_variants.railroad_canasta.state import CanastaState
from tests.canasta_support import arrange, canasta_state, faces, new_game
from tests.support import play, refuse

SEVENS = "7C 7D 7H 7S 7C 7D 7H"
WILDS = "2C 2D 2H 2S 2C 2D JK"
REDS = "KC KD KH KS KC KD KH"
BLACKS = "QC QD QH QS QC 2H JK"
#: Seat 0 has a canasta of each kind (RC-21).
FOUR_KINDS = [(0, SEVENS), (0, WILDS), (0, REDS), (0, BLACKS)]
OTHER = "4C 5D 6H 8S 9C 10D JH"


def view(game: rummykit.Game, seat: int | None) -> RailroadCanastaView:
    return cast(RailroadCanastaView, game.view(seat))


def hand(game: rummykit.Game, seat: int) -> list[str]:
    return sorted(str(card) for card in game.hand(seat))


def stacked(players: int, placed: dict[int, str]) -> list[str]:
    """A shoe (draw order) with the cards ``placed`` at their indices and natural cards other than 3s
    everywhere else up front (red 3s and wild cards at the bottom), so that the deal and the up-card
    are exactly as the test says."""
    game = new_game(players)
    rest = Counter(game.state.rules.shoe)
    rest.subtract(Card.parse(text) for text in placed.values())
    special = (rummykit.Rank.THREE, rummykit.Rank.TWO, rummykit.Rank.JOKER)
    filler = iter(sorted(rest.elements(), key=lambda c: (c.rank in special, c)))
    size = sum(Counter(game.state.rules.shoe).values())
    return [placed[i] if i in placed else str(next(filler)) for i in range(size)]


# -- RC-1 players and cards ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rc_1_two_to_six_players_with_106_cards_each(players: int) -> None:
    game = new_game(players)
    shoe = Counter(game.state.rules.shoe)
    assert sum(shoe.values()) == 106 * players
    assert shoe[Card.parse("JK")] == 2 * players
    assert shoe[Card.parse("5H")] == 2 * players
    assert len(game.state.card_ids()) == 106 * players


@pytest.mark.parametrize("players", [1, 7])
def test_rc_1_fewer_than_two_or_more_than_six_players_refused(players: int) -> None:
    with pytest.raises(InvalidOptionError) as err:
        new_game(players)
    assert err.value.rule == "RC-1"


# -- RC-2 dealer and turn order ---------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 2), (2, 0)])
def test_rc_2_the_seat_after_the_dealer_plays_first(dealer: int, first: int) -> None:
    game = new_game(3, dealer=dealer)
    assert game.to_act == (first,)
    play(game, Draw(seat=first))
    assert game.phase == "play"


def test_rc_2_the_first_dealer_is_random_and_the_deal_passes_forward() -> None:
    dealers = {new_game(4, seed=seed).dealer for seed in range(20)}
    assert len(dealers) > 1
    game = new_game(3, dealer=1)
    game = arrange(game, hands=["5C 6D", "5H 6S", "8C 9D"], discard="4S", leftover="discard", turn=2)
    play(game, EndRound(seat=2))
    assert game.round == 2
    assert game.dealer == 2
    assert game.to_act == (0,)


def test_rc_2_another_seat_may_not_start_the_round() -> None:
    game = new_game(3, dealer=0)
    refuse(game, Draw(seat=2), "RC-2")
    refuse(game, Draw(seat=0), "RC-2")


def test_g_2_play_goes_on_in_seat_order() -> None:
    game = new_game(3, dealer=0)
    game = arrange(game, hands=["5C 6D", "5H 6S", "8C 9D"], turn=1, phase="play")
    refuse(game, Discard(seat=2, card="8C"), "G-2")
    play(game, Discard(seat=1, card="5H"))
    assert game.to_act == (2,)


# -- RC-3 the deal ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_rc_3_thirteen_cards_to_hand_eleven_to_the_kitty_and_an_up_card(players: int) -> None:
    game = new_game(players, seed=players)
    state = game.state
    assert all(len(h) == 13 for h in state.hands)
    assert all(len(k) == 11 for k in state.seat_piles["kitty"])
    assert len(state.piles["discard"]) == 1
    reds = sum(len(r) for r in state.seat_piles["red_threes"])
    assert len(state.piles["stock"]) == 106 * players - 24 * players - 1 - reds


def test_rc_3_the_kitty_is_not_seen_yet() -> None:
    game = new_game(2)
    for seat in (0, 1, None):
        assert view(game, seat).kitty == ()
        assert view(game, seat).kitty_sizes == (11, 11)


def test_rc_3_a_position_with_an_oversized_kitty_is_refused() -> None:
    game = new_game(2)
    data = position_to_data(game)
    stock = data["piles"]["stock"]
    data["seat_piles"]["kitty"][0].append(stock.pop())
    with pytest.raises(InvalidPositionError) as err:
        load_position(data)
    assert err.value.path == "seat_piles.kitty[0]"


# -- RC-4 and RC-5 ranks, wild cards, values ----------------------------------------------------------


def test_rc_4_jokers_and_2s_are_wild_in_melds() -> None:
    game = arrange(new_game(), hands=["9C 9D 2H JK 5S 6S 10C", OTHER], table=[(0, "KC KD KH")], phase="play")
    play(game, GoDown(seat=0, melds=["9C 9D 2H JK"]))
    assert str(game.state.table[-1].meld) == "9C 9D 2H(9) JK(9)"


def test_rc_5_card_values() -> None:
    cards = parse_cards("JK 2S AH KD QC JS 10H 9D 8C 7S 6H 5D 4C 3S 3C 3H 3D")
    values = {str(card): card_value(card) for card in cards}
    assert values == {
        "JK": 50, "2S": 20, "AH": 20, "KD": 10, "QC": 10, "JS": 10, "10H": 10, "9D": 10, "8C": 10,
        "7S": 5, "6H": 5, "5D": 5, "4C": 5, "3S": 5, "3C": 5, "3H": 0, "3D": 0,
    }  # fmt: skip


def test_rc_5_values_score_the_cards_left_in_hand() -> None:
    game = arrange(new_game(), hands=["JK 2S AH KD 9C", "7S 4D 3C 3S"], discard="9S", leftover="discard")
    play(game, EndRound(seat=0))
    # RC-5, RC-31: seat 0 -(50 + 20 + 20 + 10 + 10) = -110; seat 1 -(5 + 5 + 5 + 5) = -20
    assert game.history[0].scores == (-110, -20)


# -- RC-6 red 3s ------------------------------------------------------------------------------------------


def test_rc_6_a_drawn_red_3_is_placed_and_replaced() -> None:
    game = arrange(new_game(), hands=["5C 6D 9H", OTHER], stock="3H 8C 9C")
    play(game, Draw(seat=0))
    assert hand(game, 0) == ["5C", "6D", "8C", "9C", "9H"]
    assert faces(game.state.seat_piles["red_threes"][0]) == ["3H"]
    assert view(game, 1).red_threes[0] == (Card.parse("3H"),)


def test_rc_6_no_replacement_from_an_empty_stock() -> None:
    game = arrange(new_game(), hands=["5C 6D 9H", OTHER], stock="8C 3D", leftover="discard")
    play(game, Draw(seat=0))
    assert hand(game, 0) == ["5C", "6D", "8C", "9H"]
    assert faces(game.state.seat_piles["red_threes"][0]) == ["3D"]


def test_rc_6_red_3s_in_a_taken_pile_are_placed_without_replacement() -> None:
    game = arrange(new_game(), hands=["9C 9D 5S", OTHER], table=[(0, "KC KD KH")], discard="3H 6C 3D 9H", stock="4C 4D")
    play(game, TakePile(seat=0, cards="9C 9D"))
    assert hand(game, 0) == ["5S", "6C"]
    assert faces(game.state.seat_piles["red_threes"][0]) == ["3D", "3H"]
    assert len(game.state.piles["stock"]) > 0 and game.state.piles["stock"][-1] == game.state.piles["stock"][-1]


def test_rc_6_red_3s_are_never_melded() -> None:
    # A red 3 is never held, so no play can name one from hand (that is G-7); the meld reader refuses
    # one, and so does the loader for a position with a red 3 in a meld.
    with pytest.raises(IllegalActionError) as err:
        GROUPS.read(parse_cards("3H 3S 3C"))
    assert err.value.rule == "RC-6"
    game = arrange(new_game(), hands=["5C 6D 9H", OTHER], table=[(0, "KC KD KH")], stock="3H")
    data = position_to_data(game)
    stock = data["piles"]["stock"]
    red = stock.index("3H")
    data["table"][0]["cards"][2], stock[red] = stock[red], data["table"][0]["cards"][2]
    with pytest.raises(InvalidPositionError) as refused:
        load_position(data)
    assert refused.value.path == "table[0]" and "RC-6" in str(refused.value)


def test_rc_6_a_position_with_a_red_3_in_hand_is_refused() -> None:
    game = arrange(new_game(), hands=["5C 6D 9H", OTHER], stock="3H")
    data = position_to_data(game)
    stock = data["piles"]["stock"]
    red = stock.index("3H")
    data["hands"][0][0], stock[red] = stock[red], data["hands"][0][0]
    with pytest.raises(InvalidPositionError) as err:
        load_position(data)
    assert err.value.path == "hands[0][0]" and "RC-6" in str(err.value)


# -- RC-7 black 3s --------------------------------------------------------------------------------------


def test_rc_7_black_3s_are_melded_when_going_out() -> None:
    game = arrange(new_game(), hands=["3C 3S 3C 3S 9H", OTHER], table=FOUR_KINDS, phase="play")
    play(game, GoDown(seat=0, melds=["3C 3S 3C 3S"]), Discard(seat=0, card="9H"))
    result = game.history[0]
    assert result.went_out == 0
    assert "RC-21" in result.reason


@pytest.mark.parametrize(
    ("cards", "left"),
    [("3C 3S 3C", "9H 10H"), ("3C 3S 2C", "9H"), ("3C 3S", "9H 10H")],
    ids=["not going out", "with a wild card", "two black 3s"],
)
def test_rc_7_black_3s_otherwise_are_refused(cards: str, left: str) -> None:
    game = arrange(new_game(), hands=[f"{cards} {left}", OTHER], table=FOUR_KINDS, phase="play")
    refuse(game, GoDown(seat=0, melds=[cards]), "RC-7")


# -- RC-8 to RC-12 melds -----------------------------------------------------------------------------------


def test_rc_8_a_meld_of_3_to_7_cards_of_one_rank_owned_by_its_player() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 9S 9C 2C JK 5S 6S", OTHER], table=[(0, "KC KD KH")], phase="play")
    play(game, GoDown(seat=0, melds=["9C 9D 9H"]))
    play(game, LayOff(seat=0, card="9S", meld=1), LayOff(seat=0, card="2C", meld=1), LayOff(seat=0, card="JK", meld=1))
    assert len(game.state.table[1].meld) == 6
    assert game.state.table[1].owner == 0


@pytest.mark.parametrize(
    "meld",
    ["9C 9D", "9C 9D 10H", "9C 2C JK", "9C 9D 2C 2D JK 2H", "9C 9D 9H 9S 9C 9D 9H 9S"],
    ids=["two cards", "two ranks", "one natural", "four wild cards", "eight cards"],
)
def test_rc_8_a_meld_that_breaks_the_shape_is_refused(meld: str) -> None:
    game = arrange(new_game(), hands=[f"{meld} 5S 6S", OTHER], table=[(0, "KC KD KH")], phase="play")
    refuse(game, GoDown(seat=0, melds=[meld]), "RC-8")


def test_rc_8_a_meld_holds_two_natural_cards_and_a_2_is_not_one() -> None:
    game = arrange(new_game(), hands=["8H 2C 2D 5S 6S 10C", OTHER], table=[(0, "KC KD KH")], phase="play")
    refuse(game, GoDown(seat=0, melds=["8H 2C 2D"]), "RC-8")


def test_rc_8_nobody_adds_to_another_players_meld() -> None:
    game = arrange(new_game(), hands=["KS 5S 6S", OTHER], table=[(0, "QC QD QH"), (1, "KC KD KH")], phase="play")
    refuse(game, LayOff(seat=0, card="KS", meld=1), "RC-8")
    assert not any(isinstance(a, LayOff) for a in game.legal_actions(0))


def test_rc_8_a_fourth_wild_card_is_refused() -> None:
    game = arrange(new_game(), hands=["JK 5S 6S", OTHER], table=[(0, "KC KD 2C 2D 2H")], phase="play")
    refuse(game, LayOff(seat=0, card="JK", meld=0), "RC-8")


def test_rc_9_a_wild_meld_is_wild_cards_only() -> None:
    game = arrange(new_game(), hands=["2C 2D JK 2S 5S 6S 8C", OTHER], table=[(0, "KC KD KH")], phase="play")
    play(game, GoDown(seat=0, melds=["2C 2D JK"]), LayOff(seat=0, card="2S", meld=1))
    assert game.state.table[1].meld.kind == "wild"
    refuse(game, LayOff(seat=0, card="5S", meld=1), "RC-9")


def test_rc_9_a_wild_meld_of_two_cards_is_refused() -> None:
    game = arrange(new_game(), hands=["2C JK 5S 6S 8C", OTHER], table=[(0, "KC KD KH")], phase="play")
    refuse(game, GoDown(seat=0, melds=["2C JK"]), "RC-9")


def test_rc_10_a_meld_of_7s_holds_no_wild_cards() -> None:
    game = arrange(new_game(), hands=["7C 7D 7H 7S 2C JK 5S 6S", OTHER], table=[(0, "KC KD KH")], phase="play")
    refuse(game, GoDown(seat=0, melds=["7C 7D 2C"]), "RC-10")
    refuse(game, GoDown(seat=0, melds=["7C 7D 7H JK"]), "RC-10")
    play(game, GoDown(seat=0, melds=["7C 7D 7H"]))
    refuse(game, LayOff(seat=0, card="2C", meld=1), "RC-10")
    refuse(game, LayOff(seat=0, card="JK", meld=1), "RC-10")
    play(game, LayOff(seat=0, card="7S", meld=1))
    assert faces(game.state.table[1].ids) == ["7C", "7D", "7H", "7S"]


def test_rc_10_no_wild_card_goes_with_a_7_taken_from_the_pile() -> None:
    game = arrange(new_game(), hands=["7C 7D 2C 5S 6S", OTHER], table=[(0, "KC KD KH")], discard="4C 7H")
    refuse(game, TakePile(seat=0, cards="7C 7D 2C"), "RC-10")
    play(game, TakePile(seat=0, cards="7C 7D"))
    assert faces(game.state.table[1].ids) == ["7C", "7D", "7H"]


def test_rc_11_no_second_unfinished_meld_of_a_rank() -> None:
    game = arrange(new_game(), hands=["8C 8D 8S 5S 6S", OTHER], table=[(0, "8H 8H 8S")], phase="play")
    refuse(game, GoDown(seat=0, melds=["8C 8D 8S"]), "RC-11")


def test_rc_11_a_new_meld_of_the_rank_once_the_first_is_a_canasta() -> None:
    game = arrange(new_game(), hands=["8S 8S 2C 5S 6S", OTHER], table=[(0, "8C 8D 8H 8S 8C 8D 8H")], phase="play")
    play(game, GoDown(seat=0, melds=["8S 8S 2C"]))
    assert len(game.state.table) == 2


def test_rc_11_one_action_lays_down_one_meld_of_a_rank() -> None:
    game = arrange(new_game(), hands=["8C 8D 8H 8S 8C 8D 8H 8S 8C 8D 5S 6S", OTHER], phase="play")
    refuse(game, GoDown(seat=0, melds=["8C 8D 8H 8S 8C 8D 8H", "8S 8C 8D"]), "RC-11")


def test_rc_12_a_canasta_is_closed_with_its_kind() -> None:
    game = arrange(new_game(), hands=["9C 9D 5S 6S", OTHER], table=[(0, "9H 9S 9C 9D 2C JK")], phase="play")
    play(game, LayOff(seat=0, card="9C", meld=0))
    refuse(game, LayOff(seat=0, card="9D", meld=0), "RC-12")
    assert canasta_kind(game.state.table[0].meld) is CanastaKind.BLACK


@pytest.mark.parametrize(("cards", "kind"), [(SEVENS, "sevens"), (WILDS, "wild"), (REDS, "red"), (BLACKS, "black")])
def test_rc_12_the_four_kinds_of_canasta(cards: str, kind: str) -> None:
    meld = GROUPS.read(parse_cards(cards))
    found = canasta_kind(meld)
    assert found is not None and found.value == kind


# -- RC-13 the initial meld --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"), [(-10, 15), (0, 50), (4_995, 50), (5_000, 90), (9_995, 90), (10_000, 120), (15_000, 150)]
)
def test_rc_13_the_minimum_follows_the_total(total: int, minimum: int) -> None:
    assert initial_minimum(total) == minimum
    game = arrange(new_game(), hands=["4C 4D 4H 5S 6S", OTHER], totals=[total, 0], phase="play")
    assert view(game, 1).initial_minimum[0] == minimum


def test_rc_13_an_initial_meld_is_worth_the_rc_5_values_of_its_cards() -> None:
    game = arrange(new_game(), hands=["KC KD KH 4C 4D 4H 4S 9S 10S", OTHER], phase="play")
    err = refuse(game, GoDown(seat=0, melds=["KC KD KH", "4C 4D 4H"]), "RC-13")
    assert "worth 45" in str(err)  # 10 + 10 + 10 + 5 + 5 + 5 = 45 < 50
    play(game, GoDown(seat=0, melds=["KC KD KH", "4C 4D 4H 4S"]))  # 30 + 20 = 50: just enough


def test_rc_13_an_initial_meld_of_several_melds_reaches_the_minimum() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 8C 8D 8H 5S 6S", OTHER], phase="play")
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "RC-13")
    play(game, GoDown(seat=0, melds=["9C 9D 9H", "8C 8D 8H"]))
    assert canasta_state(game).has_melded(0)
    assert view(game, 1).melded == (True, False)


def test_rc_13_a_lower_minimum_below_zero() -> None:
    game = arrange(new_game(), hands=["4C 4D 4H 5S 6S", OTHER], totals=[-100, 0], phase="play")
    play(game, GoDown(seat=0, melds=["4C 4D 4H"]))


def test_rc_13_taking_the_pile_counts_the_top_card_and_the_hand_only() -> None:
    game = arrange(new_game(), hands=["9C 9D KC KD KH 5S", OTHER], discard="AS AS AS 9H")
    refuse(game, TakePile(seat=0, cards="9C 9D"), "RC-13")  # 30: the aces below the top do not count
    play(game, TakePile(seat=0, cards="9C 9D", melds=["KC KD KH"]))  # 60
    assert hand(game, 0) == ["5S", "AS", "AS", "AS"]
    assert len(game.state.table) == 2


@pytest.mark.parametrize(
    "melds",
    [["AC AD AH", "KC KD KH"], ["AC AD AH AS"], ["AS AH AD JK"], ["9S 9H 9D", "AD AS 2H"]],
    ids=["two melds 90", "four aces 80", "110 in other suits", "90 in other suits with a 2"],
)
def test_rc_13_an_initial_meld_larger_than_the_minimum_is_accepted(melds: list[str]) -> None:
    game = new_game()
    held = "AC AD AH AS KC KD KH 2H JK 9C 9D 9H 9S 5S 6S"
    game = arrange(game, hands=[held, OTHER], phase="play")
    assert view(game, 0).initial_minimum[0] == 50  # a total of 0
    assert check_action(game, GoDown(seat=0, melds=melds)) is None
    named = Counter(text for meld in melds for text in meld.split())
    assert Counter(str(face(cid)) for meld in game.state.table for cid in meld.ids) == named  # G-6
    assert Counter(hand(game, 0)) == Counter(held.split()) - named


@pytest.mark.parametrize(
    ("cards", "melds"),
    [("AC AD", ["KC KD KH"]), ("AC AD AH", []), ("AH AD", ["KS KH KD"])],
    ids=["a pair and kings 90", "three aces 80", "other suits 90"],
)
def test_rc_13_a_pile_taking_initial_meld_larger_than_the_minimum_is_accepted(cards: str, melds: list[str]) -> None:
    game = new_game()
    held = "AC AD AH KC KD KH KS 5S"
    game = arrange(game, hands=[held, OTHER], discard="4C AS")
    assert check_action(game, TakePile(seat=0, cards=cards, melds=melds)) is None
    table = [faces(meld.ids) for meld in game.state.table]
    assert table == [sorted(["AS", *cards.split()]), *(sorted(meld.split()) for meld in melds)]  # G-6
    named = Counter([*cards.split(), *(text for meld in melds for text in meld.split())])
    assert Counter(hand(game, 0)) == Counter(held.split()) - named + Counter(["4C"])


# -- RC-14 the turn ------------------------------------------------------------------------------------------


def test_rc_14_draw_two_cards() -> None:
    game = arrange(new_game(), hands=["5C 6D 9H", OTHER], stock="8C 9C 10C")
    play(game, Draw(seat=0))
    assert hand(game, 0) == ["5C", "6D", "8C", "9C", "9H"]
    assert game.phase == "play"


def test_rc_14_only_one_card_when_one_is_left() -> None:
    game = arrange(new_game(), hands=["5C 6D 9H", OTHER], stock="8C", leftover="discard")
    play(game, Draw(seat=0))
    assert hand(game, 0) == ["5C", "6D", "8C", "9H"]
    assert game.state.piles["stock"] == []


def test_rc_14_out_of_order_plays_are_refused() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 5S 6S", OTHER], table=[(0, "KC KD KH")])
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "RC-14")
    refuse(game, Discard(seat=0, card="5S"), "RC-14")
    play(game, Draw(seat=0))
    refuse(game, Draw(seat=0), "RC-14")
    refuse(game, TakePile(seat=0), "RC-14")


# -- RC-15 to RC-17 the discard pile ------------------------------------------------------------------------


def test_rc_15_a_discarded_wild_card_freezes_the_pile() -> None:
    game = arrange(new_game(), hands=["2C 5S 6S", "9C 9D 4H 4S"], table=[(1, "KC KD KH")], discard="9H", phase="play")
    play(game, Discard(seat=0, card="2C"))
    assert canasta_state(game).frozen and view(game, 1).frozen


@pytest.mark.parametrize("up", ["3H", "2D", "JK"])
def test_rc_15_a_red_3_or_wild_up_card_freezes_the_pile(up: str) -> None:
    game = new_game(2, shoe=stacked(2, {48: up}), dealer=0)
    assert str(face(game.state.piles["discard"][-1])) == up
    assert canasta_state(game).frozen


def test_rc_15_a_frozen_pile_is_taken_with_a_natural_pair() -> None:
    game = arrange(new_game(), hands=["9C 9S 4D", OTHER], table=[(0, "KC KD KH")], discard="5C 2H 9D", frozen=True)
    play(game, TakePile(seat=0, cards="9C 9S"))
    assert str(game.state.table[-1].meld) == "9D 9C 9S"
    assert hand(game, 0) == ["2H", "4D", "5C"]
    assert not canasta_state(game).frozen
    assert game.state.piles["discard"] == []


def test_rc_15_a_frozen_pile_is_not_taken_onto_a_meld() -> None:
    game = arrange(new_game(), hands=["9C 2C 4D 5D", OTHER], table=[(0, "9H 9S 9C")], discard="5C 2H 9D", frozen=True)
    refuse(game, TakePile(seat=0), "RC-15")
    refuse(game, TakePile(seat=0, cards="9C 2C"), "RC-15")


def test_rc_16_an_unfrozen_pile_is_taken_onto_an_unfinished_meld() -> None:
    game = arrange(new_game(), hands=["4D 5D", OTHER], table=[(0, "9H 9S 9C")], discard="5C 8H 9D")
    play(game, TakePile(seat=0))
    assert len(game.state.table[0].meld) == 4
    assert hand(game, 0) == ["4D", "5C", "5D", "8H"]


@pytest.mark.parametrize(("top", "rule"), [("2H", "RC-16"), ("JK", "RC-16"), ("3S", "RC-16")])
def test_rc_16_no_pile_is_taken_under_a_wild_card_or_a_3(top: str, rule: str) -> None:
    game = arrange(new_game(), hands=["9C 9D 2C 2S 3C 3C 4D", OTHER], table=[(0, "KC KD KH")], discard=f"9H {top}")
    refuse(game, TakePile(seat=0, cards="9C 9D"), rule)
    assert not any(isinstance(a, TakePile) for a in game.legal_actions(0))


def test_rc_16_a_black_3_on_top_blocks_the_pile_for_the_next_turn() -> None:
    game = arrange(
        new_game(), hands=["3S 5C 6C", "9C 9D 8C 8D 4H"], table=[(1, "KC KD KH")], discard="9H", phase="play"
    )
    play(game, Discard(seat=0, card="3S"))
    refuse(game, TakePile(seat=1, cards="9C 9D"), "RC-16")
    assert not any(isinstance(a, TakePile) for a in game.legal_actions(1))
    play(game, Draw(seat=1), Discard(seat=1, card="4H"))
    assert game.turn == 0


def test_rc_16_without_a_pair_or_a_meld_the_pile_stays() -> None:
    game = arrange(new_game(), hands=["9C 2C 4D 5D", OTHER], table=[(0, "KC KD KH")], discard="5C 9D")
    refuse(game, TakePile(seat=0), "RC-16")
    refuse(game, TakePile(seat=0, cards="9C 2C"), "RC-16")


def test_rc_17_the_rest_of_the_pile_goes_to_hand() -> None:
    game = arrange(new_game(), hands=["9C 9D 5S", OTHER], table=[(0, "KC KD KH")], discard="4C 4D JK 9H", frozen=True)
    play(game, TakePile(seat=0, cards="9C 9D"))
    assert hand(game, 0) == ["4C", "4D", "5S", "JK"]
    assert game.state.taken is not None and str(face(game.state.taken)) == "9H"


def test_rc_17_the_pile_is_then_empty_and_unfrozen_and_its_cards_are_held() -> None:
    game = arrange(
        new_game(), hands=["9C 9D 5S 6S", OTHER], table=[(0, "KC KD KH")], discard="8C 2H 8D 9H", frozen=True
    )
    play(game, TakePile(seat=0, cards="9C 9D"))
    assert game.state.piles["discard"] == [] and not canasta_state(game).frozen
    play(game, GoDown(seat=0, melds=["8C 8D 2H"]))  # the pile's cards are the hand's now
    assert hand(game, 0) == ["5S", "6S"]


# -- RC-18 to RC-20 -----------------------------------------------------------------------------------------------


def test_rc_18_a_7_is_not_discarded_until_everybody_has_a_sevens_canasta() -> None:
    game = arrange(new_game(), hands=["7S 5D 9H", OTHER], table=[(0, SEVENS)], phase="play")
    refuse(game, Discard(seat=0, card="7S"), "RC-18")
    assert Discard(seat=0, card="7S") not in game.legal_actions(0)
    game = arrange(game, hands=["7S 5D 9H", OTHER], table=[(0, SEVENS), (1, SEVENS)], phase="play")
    play(game, Discard(seat=0, card="7S"))


def test_rc_19_a_player_who_cannot_go_out_keeps_two_cards() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 5S", OTHER], table=[(0, "KC KD KH")], phase="play")
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "RC-19")
    game = arrange(game, hands=["9C 9D 9H 5S 6S", OTHER], table=[(0, "KC KD KH")], phase="play")
    play(game, GoDown(seat=0, melds=["9C 9D 9H"]))


def test_rc_19_nobody_melds_down_to_only_7s() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 7S 7C", OTHER], table=[(0, "KC KD KH")], phase="play")
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "RC-19")


def test_rc_19_unless_the_hand_held_nothing_else_after_drawing() -> None:
    game = arrange(new_game(), hands=["7C 7D 7H", OTHER], table=[(0, "KC KD KH")], stock="7S 7C")
    play(game, Draw(seat=0))
    assert canasta_state(game).stuck
    assert not any(isinstance(a, Discard) for a in game.legal_actions(0))
    play(game, GoDown(seat=0, melds=["7C 7D 7H"]))  # keeps only 7S 7C: allowed, nothing else was held
    assert not game.history
    # RC-19's exception: the 7s left may be laid off, one by one, down to an empty hand
    assert [a for a in game.legal_actions(0) if isinstance(a, LayOff)] == [LayOff(seat=0, card="7C", meld=1)]
    assert check_action(game, LayOff(seat=0, card="7S", meld=1)) is None  # one 7 kept
    assert not game.history and hand(game, 0) == ["7C"]
    play(game, LayOff(seat=0, card="7C", meld=1))
    assert len(game.history) == 1 and "RC-22" in game.history[0].reason


def test_rc_19_a_hand_of_only_7s_may_meld_them_all_and_the_round_ends_without_a_bonus() -> None:
    game = arrange(new_game(), hands=["7C 7D 7H", OTHER], table=[(0, "AC AD AH")], stock="7S 7C", kitties=["KC", ""])
    play(game, Draw(seat=0))
    assert hand(game, 0) == ["7C", "7C", "7D", "7H", "7S"]  # only 7s, and nobody has a sevens canasta
    assert check_action(game, GoDown(seat=0, melds=["7C 7D 7H 7S 7C"])) is None
    result = game.history[0]
    assert result.went_out is None and "RC-19" in result.reason and "RC-22" in result.reason
    # RC-31 without RC-30's bonus: seat 0 has its aces 3 × 20 = 60 and its 7s 5 × 5 = 25 on the table,
    # and KC (10) in its kitty: 60 + 25 - 10 = 75; seat 1 holds 4C 5D 6H (5 each) and 8S 9C 10D JH
    # (10 each): -(15 + 40) = -55
    assert result.scores == (75, -55)


def test_rc_19_a_hand_of_only_7s_may_meld_some_and_keep_the_others() -> None:
    game = new_game()
    sevens = "7C 7D 7H 7S 7C 7D"
    game = arrange(game, hands=[sevens, OTHER], table=[(0, "AC AD AH")], stock="7H 7S", kitties=["KC", ""])
    play(game, Draw(seat=0))
    assert check_action(game, GoDown(seat=0, melds=["7C 7D 7H 7S 7C 7D 7H"])) is None  # keeps one 7S
    # the canasta is closed (RC-12) and one 7 starts no meld: nothing left to play, no discard (RC-22)
    result = game.history[0]
    assert result.went_out is None and "RC-22" in result.reason
    # seat 0: aces 60 + seven 7s 35 + a sevens canasta 1500, less 7S in hand (5) and KC in its kitty
    # (10): 60 + 35 + 1500 - 5 - 10 = 1580; seat 1: -55 as above
    assert result.scores == (1580, -55)


def test_rc_19_a_hand_of_7s_and_other_cards_still_keeps_a_discard() -> None:
    game = arrange(new_game(), hands=["9C 9D 7S 7C 7D", OTHER], table=[(0, "AC AD AH")], stock="9H 7H")
    play(game, Draw(seat=0))  # 9C 9D 9H and four 7s
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "RC-19")  # it would keep only 7s
    play(game, GoDown(seat=0, melds=["7S 7C 7D 7H"]))
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "RC-19")  # it would keep nothing to discard


def test_rc_19_taking_the_pile_may_not_leave_only_7s() -> None:
    game = arrange(new_game(), hands=["8C 8D 7C", "4C 5D 6H"], table=[(0, "9C 9D 9H")], discard="7D 7H 8H")
    refuse(game, TakePile(seat=0, cards="8C 8D"), "RC-19")
    assert not any(isinstance(a, TakePile) for a in game.legal_actions(0))


def test_rc_19_taking_the_pile_with_nothing_but_7s_in_hand_and_pile() -> None:
    game = arrange(new_game(), hands=["7C 7D 7S", "4C 5D 6H"], table=[(0, "9C 9D 9H")], discard="7H 7C")
    play(game, TakePile(seat=0, cards="7C 7D"))
    assert hand(game, 0) == ["7H", "7S"] and not game.history
    assert [a for a in game.legal_actions(0) if isinstance(a, LayOff)] == [LayOff(seat=0, card="7H", meld=1)]
    play(game, LayOff(seat=0, card="7H", meld=1))
    assert check_action(game, LayOff(seat=0, card="7S", meld=1)) is None
    result = game.history[0]
    assert result.went_out is None and "RC-19" in result.reason
    # seat 0: 9s 3 × 10 = 30 and five 7s 5 × 5 = 25 on the table, no going-out bonus: 55;
    # seat 1: -(5 + 5 + 5) = -15
    assert result.scores == (55, -15)


def test_rc_19_taking_the_pile_may_meld_every_7_of_hand_and_pile() -> None:
    game = arrange(new_game(), hands=["7C 7D 7S", "4C 5D 6H"], table=[(0, "9C 9D 9H")], discard="7H 7C")
    assert check_action(game, TakePile(seat=0, cards="7C 7D 7S")) is None  # keeps only the pile's 7H
    assert hand(game, 0) == ["7H"]
    play(game, LayOff(seat=0, card="7H", meld=1))
    assert game.history[0].scores == (55, -15)  # as above: 30 + 25, and -15


def test_rc_19_taking_a_pile_of_one_7_with_a_hand_of_two() -> None:
    game = arrange(new_game(), hands=["7C 7D", "4C 5D 6H"], table=[(0, "9C 9D 9H")], discard="7H")
    assert check_action(game, TakePile(seat=0, cards="7C 7D")) is None
    result = game.history[0]
    assert result.went_out is None and "RC-19" in result.reason
    # seat 0: 9s 30 + 7s 15 = 45; seat 1: -15
    assert result.scores == (45, -15)


def taking_onto_nines(hand: str, discard: str) -> rummykit.Game:
    """Issue 23's position: seat 0 to draw, holding ``hand``, with its unfinished meld 9C 9D 9H on the
    table, the discard pile ``discard`` (top card last) and a full stock."""
    return rummykit.build_position(
        "railroad-canasta",
        2,
        hands=[hand, "4C 5D 6H 8S 9C 10D JH QS KC"],
        discard=discard,
        table=[(0, "9C 9D 9H")],
        turn=0,
        phase="draw",
    )


def takes(game: rummykit.Game) -> list[TakePile]:
    """The takes of the pile listed for seat 0."""
    return [action for action in game.legal_actions(0) if isinstance(action, TakePile)]


def refuse_take(game: rummykit.Game, rule: str) -> str:
    """Taking the pile onto the 9s is refused citing ``rule``, changes nothing, and is not listed (the
    listing agrees with the check: nothing else is listed either); then the stock is drawn, and the
    round goes on. Returns the refusal's reason."""
    assert takes(game) == []
    err = refuse(game, TakePile(seat=0), rule)
    assert check_action(game, TakePile(seat=0)) == rule
    play(game, Draw(seat=0))
    assert not game.history and game.phase == "play"
    return err.reason


def test_rc_19_taking_a_one_card_pile_onto_a_meld_with_a_lone_7_is_refused_as_with_a_lone_5() -> None:
    # the take would leave one card, and a player who cannot go out keeps two; a lone 7 is no
    # exception, since the hand held the pile's 9S right after the draw (RC-19)
    seven = refuse_take(taking_onto_nines("7D", "9S"), "RC-19")
    five = refuse_take(taking_onto_nines("5D", "9S"), "RC-19")
    assert "keeps at least 2 cards" in seven and seven == five


def test_rc_19_taking_a_pile_of_several_cards_may_not_leave_only_7s() -> None:
    # 9S goes onto the 9s and 7S into the hand: 7D 7S, only 7s, while nobody has a sevens canasta
    reason = refuse_take(taking_onto_nines("7D", "7S 9S"), "RC-19")
    assert "only 7s" in reason
    # a pile that brings a card to discard may be taken: 7D 4C left, 4C discarded
    game = taking_onto_nines("7D", "4C 9S")
    assert takes(game) == [TakePile(seat=0)]
    assert check_action(game, TakePile(seat=0)) is None
    assert hand(game, 0) == ["4C", "7D"] and not game.history
    assert Discard(seat=0, card="4C") in game.legal_actions(0)


def test_rc_19_taking_a_one_card_pile_onto_a_meld_with_a_hand_of_7s_is_refused() -> None:
    for sevens in ("7C 7D", "7C 7D 7H 7S"):
        reason = refuse_take(taking_onto_nines(sevens, "9S"), "RC-19")
        assert "only 7s" in reason
    # with 9C 9D beside the 7s, the top card alone goes onto the meld and the 9s stay to discard; the
    # take with the pair, onto the meld too (RC-C3), would leave only 7s
    game = taking_onto_nines("7C 7D 9C 9D", "9S")
    assert takes(game) == [TakePile(seat=0)]
    assert "only 7s" in refuse(game, TakePile(seat=0, cards="9C 9D"), "RC-19").reason
    assert check_action(game, TakePile(seat=0)) is None
    assert hand(game, 0) == ["7C", "7D", "9C", "9D"] and not game.history


def test_rc_20_the_kitty_after_a_canasta_that_is_not_black() -> None:
    game = new_game()
    kitty = "4C 4D 4H 5C 5D 5H 6C 6D 6H 3H 9S"
    game = arrange(game, hands=["9C 9D 5S", OTHER], table=[(0, REDS)], kitties=[kitty, ""], phase="play")
    assert sorted(map(str, view(game, 0).kitty)) == sorted(kitty.split())
    assert view(game, 1).kitty == ()
    assert view(game, None).kitty == ()
    play(game, Discard(seat=0, card="5S"))
    assert game.phase == "kitty" and game.to_act == (0,)  # the turn passes after the kitty (RC-C5)
    refuse(game, Discard(seat=0, card="9C"), "RC-20")
    play(game, PickUpKitty(seat=0))
    assert len(game.hand(0)) == 12
    assert faces(game.state.seat_piles["red_threes"][0]) == ["3H"]
    assert view(game, 1).kitty_picked_up == (True, False)
    assert game.to_act == (1,)


def test_rc_20_the_kitty_may_be_left_and_is_offered_again() -> None:
    game = arrange(
        new_game(), hands=["9C 9D 5S 6S", "4C 5C 6C 8D"], table=[(0, WILDS)], kitties=["8C 8D 8H", ""], phase="play"
    )
    play(game, Discard(seat=0, card="5S"), LeaveKitty(seat=0), Draw(seat=1), Discard(seat=1, card="4C"))
    play(game, Draw(seat=0), Discard(seat=0, card="6S"))
    assert game.legal_actions(0) == [PickUpKitty(seat=0), LeaveKitty(seat=0)]


def test_rc_20_no_kitty_before_such_a_canasta() -> None:
    game = arrange(new_game(), hands=["9C 9D 5S", OTHER], table=[(0, BLACKS)], kitties=["8C 8D 8H", ""], phase="play")
    assert view(game, 0).kitty == ()
    refuse(game, PickUpKitty(seat=0), "RC-20")
    play(game, Discard(seat=0, card="5S"))
    assert game.to_act == (1,) and game.phase == "draw"


def test_rc_20_a_black_canasta_gives_no_kitty_after_the_turn_has_passed_either() -> None:
    game = arrange(new_game(), hands=["9C 9D 5S", OTHER], table=[(0, BLACKS)], kitties=["8C 8D 8H", ""], phase="play")
    play(game, Discard(seat=0, card="5S"))
    assert game.to_act == (1,)
    refuse(game, PickUpKitty(seat=0), "RC-20")  # G-7: the condition's rule, not the turn's (G-2)
    refuse(game, LeaveKitty(seat=0), "RC-20")


def test_rc_20_every_kitty_refusal_cites_rc_20() -> None:
    game = arrange(
        new_game(), hands=["9C 9D 5S 6S", "4C 5C 6C 8D"], table=[(0, REDS)], kitties=["8C 8D 8H", ""], phase="play"
    )
    refuse(game, PickUpKitty(seat=0), "RC-20")  # before the discard
    refuse(game, LeaveKitty(seat=0), "RC-20")
    play(game, Discard(seat=0, card="5S"))
    refuse(game, PickUpKitty(seat=1), "RC-20")  # another seat's kitty turn
    refuse(game, LeaveKitty(seat=1), "RC-20")
    play(game, LeaveKitty(seat=0))
    refuse(game, PickUpKitty(seat=0), "RC-20")  # the turn has passed
    play(game, Draw(seat=1), Discard(seat=1, card="4C"), Draw(seat=0), Discard(seat=0, card="6S"))
    play(game, PickUpKitty(seat=0))
    refuse(game, PickUpKitty(seat=0), "RC-20")  # once a round


# -- RC-21, RC-22 going out and the end of a round ----------------------------------------------------------


def test_rc_21_going_out_with_a_canasta_of_each_kind() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 5S", OTHER], table=FOUR_KINDS, phase="play")
    play(game, GoDown(seat=0, melds=["9C 9D 9H"]), Discard(seat=0, card="5S"))
    assert game.history[0].went_out == 0


def test_rc_21_without_every_kind_nobody_goes_out() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 5S", OTHER], table=FOUR_KINDS[1:], phase="play")
    # melding down to a last card to discard would be going out, which needs the fourth kind (RC-19)
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "RC-19")
    # and a hand of one card without every kind cannot end the turn at all: no such position exists
    with pytest.raises(InvalidPositionError, match="no legal action") as err:
        arrange(new_game(), hands=["5S", OTHER], table=FOUR_KINDS[1:], phase="play")
    assert err.value.path == "phase"


def test_rc_21_the_last_card_is_not_a_7() -> None:
    # with every kind, a lone 7 left could not be discarded to go out, so no play may leave it (G-4) ...
    game = arrange(new_game(), hands=["9C 9D 9H 7S", OTHER], table=[*FOUR_KINDS, (1, SEVENS)], phase="play")
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "G-4")
    # ... and a hand of one 7 in play is a dead end, refused as a position
    with pytest.raises(InvalidPositionError, match="no legal action"):
        arrange(new_game(), hands=["7S", OTHER], table=[*FOUR_KINDS, (1, SEVENS)], phase="play")


def test_g_4_melding_down_to_a_lone_7_is_refused() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 7S", OTHER], table=FOUR_KINDS, phase="play")
    # seat 0 could go out (RC-21), but its last card would be a 7, which may not be discarded
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H"]), "G-4")


def test_rc_22_the_round_ends_when_the_stock_is_empty_and_the_pile_cannot_be_taken() -> None:
    game = arrange(new_game(), hands=["5C 6D 9H", "4C 4D 8S"], discard="JH", leftover="discard", phase="play")
    play(game, Discard(seat=0, card="9H"))
    assert len(game.history) == 1
    assert game.history[0].went_out is None and "RC-22" in game.history[0].reason


def test_rc_22_with_an_empty_stock_the_turn_player_takes_the_pile_or_ends_the_round() -> None:
    game = new_game()
    game = arrange(
        game, hands=["5C 6D 9H", "9C 9D 8S"], table=[(1, "KC KD KH")], discard="JH", leftover="discard", phase="play"
    )
    play(game, Discard(seat=0, card="9H"))
    assert game.legal_actions(1)[0] == EndRound(seat=1)
    refuse(game, Draw(seat=1), "RC-22")
    play(game, EndRound(seat=1))
    assert "RC-22" in game.history[0].reason


def test_rc_22_ending_the_round_with_stock_left_is_refused() -> None:
    game = arrange(new_game(), hands=["5C 6D 9H", OTHER])
    refuse(game, EndRound(seat=0), "RC-22")


def test_rc_22_no_legal_discard_and_nothing_to_meld_ends_the_round() -> None:
    game = arrange(new_game(), hands=["7C 7D 7H", OTHER], stock="7S 7C")
    play(game, Draw(seat=0))  # 15 points of 7s cannot make the initial meld
    assert len(game.history) == 1 and "RC-22" in game.history[0].reason


def test_rc_22_a_lone_card_and_a_stock_of_red_3s_end_the_round() -> None:
    game = arrange(new_game(), hands=["5C", "8C 9D 10S"], stock="3H", leftover="discard", discard="4S")
    play(game, Draw(seat=0))  # the red 3 is placed, nothing replaces it, and 5C may not go out
    assert len(game.history) == 1 and "RC-22" in game.history[0].reason


# -- scoring and the end of the game ----------------------------------------------------------------------


def test_rc_30_and_rc_31_scoring_a_round() -> None:
    game = new_game()
    game = arrange(
        game,
        hands=["9C 9D 9H 5S", "AC JK 4D"],
        table=[*FOUR_KINDS, (1, "8C 8D 2C")],
        kitties=["", "4C 3H"],
        red_threes=["3D", "3H 3D"],
        kitty_taken=[0],
        phase="play",
    )
    play(game, GoDown(seat=0, melds=["9C 9D 9H"]), Discard(seat=0, card="5S"))
    melds = 35 + 170 + 70 + 120 + 30
    bonuses = 1500 + 1000 + 500 + 300
    assert game.history[0].scores == (melds + bonuses + 100 + 100, 40 + 200 - 75 - 5)


def test_rc_30_and_rc_31_the_round_result_gives_every_line_with_its_rule() -> None:
    # The round above, line by line. Seat 1: its red 3s (RC-31: 2 x 100), its meld 8C 8D 2C (RC-5:
    # 10 + 10 + 20 = 40), its hand AC JK 4D (20 + 50 + 5 = 75) and its kitty 4C 3H not picked up (5, and a
    # red 3 counting 0): 200 + 40 - 75 - 5 = 160. Seat 0: its red 3, its melds, a bonus per canasta (RC-12),
    # and the going-out bonus (RC-30).
    game = arrange(
        new_game(),
        hands=["9C 9D 9H 5S", "AC JK 4D"],
        table=[*FOUR_KINDS, (1, "8C 8D 2C")],
        kitties=["", "4C 3H"],
        red_threes=["3D", "3H 3D"],
        kitty_taken=[0],
        phase="play",
    )
    play(game, GoDown(seat=0, melds=["9C 9D 9H"]), Discard(seat=0, card="5S"))
    result = game.history[0]
    out, other = result.seats
    assert [(item.rule, item.points) for item in other.items] == [
        ("RC-31", 200),
        ("RC-31", 40),
        ("RC-31", -75),
        ("RC-31", -5),
    ]
    assert other.left == tuple(parse_cards("AC JK 4D")) and other.deadwood == 80
    lines = [(item.rule, item.points) for item in out.items]
    assert lines[0] == ("RC-31", 100) and lines[-1] == ("RC-30", 100)
    assert sorted(points for rule, points in lines if rule == "RC-12") == [300, 500, 1000, 1500]
    assert (out.score, other.score) == result.scores


def test_rc_31_a_round_with_nobody_out_has_no_going_out_bonus() -> None:
    game = arrange(new_game(), hands=["5C 6C", "5D JK"], discard="9S", leftover="discard", turn=0)
    play(game, EndRound(seat=0))
    assert game.history[0].scores == (-10, -55)


def test_rc_32_the_game_ends_at_20000_with_one_player_ahead() -> None:
    game = arrange(new_game(), hands=["5C 6C", "5D 6D"], discard="9S", leftover="discard", totals=[20_010, 20_000])
    play(game, EndRound(seat=0))
    assert game.is_over and game.winners == (0,)


def test_rc_32_tied_highest_totals_play_on() -> None:
    game = arrange(new_game(), hands=["5C 6C", "5D 6D"], discard="9S", leftover="discard", totals=[20_010, 20_010])
    play(game, EndRound(seat=0))
    assert not game.is_over and game.round == 2


# -- clarifications ----------------------------------------------------------------------------------------


def test_rc_c1_red_3s_dealt_to_hand_are_replaced_before_the_up_card() -> None:
    # dealer 0: seat 1 gets the shoe's cards 0, 2, 4, …; kitties follow; seat 1's replacement is card 48.
    game = new_game(2, shoe=stacked(2, {0: "3H", 48: "9D", 49: "8S"}), dealer=0)
    state = game.state
    assert faces(state.seat_piles["red_threes"][1]) == ["3H"]
    assert "9D" in hand(game, 1) and len(state.hands[1]) == 13
    assert str(face(state.piles["discard"][-1])) == "8S"


def test_rc_c2_after_the_initial_meld_one_meld_per_action() -> None:
    game = arrange(new_game(), hands=["9C 9D 9H 8C 8D 8H 5S 6S", OTHER], table=[(0, "KC KD KH")], phase="play")
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H", "8C 8D 8H"]), "RC-C2")
    play(game, GoDown(seat=0, melds=["9C 9D 9H"]), GoDown(seat=0, melds=["8C 8D 8H"]))


def test_rc_c2_taking_the_pile_after_the_initial_meld_melds_the_top_card_only() -> None:
    game = arrange(new_game(), hands=["9C 9D 8C 8D 8H 5S", OTHER], table=[(0, "KC KD KH")], discard="9H")
    refuse(game, TakePile(seat=0, cards="9C 9D", melds=["8C 8D 8H"]), "RC-C2")


def test_rc_c3_a_pair_onto_an_unfinished_meld_as_far_as_it_has_room() -> None:
    game = arrange(new_game(), hands=["9C 9D 5S", OTHER], table=[(0, "9H 9S 9C 9D 2C")], discard="4C 9H")
    play(game, TakePile(seat=0, cards="9C 9D"))
    assert len(game.state.table[0].meld) == 7
    assert hand(game, 0) == ["4C", "5S", "9D"]


def test_rc_c3_a_frozen_pile_taken_onto_an_unfinished_meld_returns_what_does_not_fit() -> None:
    game = arrange(new_game(), hands=["9C 9D 5S", OTHER], table=[(0, "9H 9S 9C 9D 2C")], discard="4C 9H", frozen=True)
    play(game, TakePile(seat=0, cards="9C 9D"))
    assert len(game.state.table[0].meld) == 7
    assert hand(game, 0) == ["4C", "5S", "9D"]  # the pair was shown; the 9 with no room went back


def test_rc_c3_only_a_pair_goes_onto_an_unfinished_meld() -> None:
    game = arrange(new_game(), hands=["9C 9D 2S 5S", OTHER], table=[(0, "9H 9S 9C")], discard="4C 9H", frozen=True)
    refuse(game, TakePile(seat=0, cards="9C 9D 2S"), "RC-C3")


def test_rc_c5_a_round_with_the_kitty_left_scores_it_against_its_owner() -> None:
    game = arrange(
        new_game(), hands=["5C 6C", "5D 6D"], kitties=["KC 3H", ""], discard="9S", leftover="discard", turn=0
    )
    play(game, EndRound(seat=0))
    assert game.history[0].scores == (-20, -10)  # a red 3 in a kitty counts 0


def test_rc_c6_a_play_is_listed_once_in_suit_order_and_carried_out_as_named() -> None:
    game = arrange(new_game(), hands=["8H 8S 8D 2D 2C 5C 6C", OTHER], table=[(0, "KC KD KH")], phase="play")
    go_downs = [a for a in game.legal_actions(0) if isinstance(a, GoDown)]
    assert len(go_downs) == len(set(go_downs))
    assert GoDown(seat=0, melds=["8D 8H 2C"]) in go_downs  # the hand's cards in suit order
    named = GoDown(seat=0, melds=["8S 8H 2D"])
    assert named not in go_downs
    assert check_action(game, named) is None  # not listed, but accepted as named (G-6)
    assert game.record.actions[-1] == named
    assert faces(game.state.table[-1].ids) == ["2D", "8H", "8S"]
    assert hand(game, 0) == ["2C", "5C", "6C", "8D"]


def test_rc_c6_a_larger_initial_meld_is_listed_as_its_least_form() -> None:
    game = arrange(new_game(), hands=["AC AD AH AS 9C 9D 9H 5S 6S", OTHER], phase="play")
    go_downs = [a for a in game.legal_actions(0) if isinstance(a, GoDown)]
    assert GoDown(seat=0, melds=["AC AD AH"]) in go_downs  # 60: reaches 50 with nothing to spare
    assert GoDown(seat=0, melds=["AC AD AH AS"]) not in go_downs  # 80: one ace more than needed
    assert GoDown(seat=0, melds=["9C 9D 9H", "AC AD AH"]) not in go_downs  # 90: the 9s are not needed
    # both are accepted all the same (RC-13), and the kit finds them represented by their parts
    assert check_action(game.copy(), GoDown(seat=0, melds=["AC AD AH AS"])) is None
    assert check_action(game.copy(), GoDown(seat=0, melds=["9C 9D 9H", "AC AD AH"])) is None


def test_rc_c8_after_a_tie_the_first_player_ahead_wins_below_20000_too() -> None:
    game = arrange(new_game(), hands=["5C 6C", "5D 6D"], discard="9S", leftover="discard", totals=[20_010, 20_010])
    play(game, EndRound(seat=0))
    assert not game.is_over and game.scores == (20_000, 20_000)
    game = arrange(game, hands=["5C 6C", "5D JK"], discard="9S", leftover="discard", turn=game.turn)
    play(game, EndRound(seat=game.turn))
    assert game.is_over and game.scores == (19_990, 19_945) and game.winners == (0,)


# -- the common rules -----------------------------------------------------------------------------------------


def test_g_1_the_turn_cap_ends_a_round() -> None:
    game = new_game(options={"max_turns_per_round": 2, "max_rounds": 1})
    seat = game.to_act[0]
    play(game, Draw(seat=seat))
    play(game, next(a for a in game.legal_actions(seat) if isinstance(a, Discard)))
    while game.phase == "kitty":  # pragma: no cover - not in a fresh round
        play(game, LeaveKitty(seat=seat))
    other = game.to_act[0]
    play(game, Draw(seat=other))
    play(game, next(a for a in game.legal_actions(other) if isinstance(a, Discard)))
    assert game.is_over and "G-1" in game.history[0].reason


def test_g_6_a_go_down_moves_the_cards_named() -> None:
    game = arrange(new_game(), hands=["QS QH QC 2D 2S 5C 6C", OTHER], table=[(0, "KC KD KH")], phase="play")
    named = GoDown(seat=0, melds=["2S QS QH"])
    assert game.check(named) == GoDown(seat=0, melds=["QS QH 2S"])  # the same cards, naturals first
    assert check_action(game, named) is None
    assert faces(game.state.table[-1].ids) == ["2S", "QH", "QS"]
    assert hand(game, 0) == ["2D", "5C", "6C", "QC"]


def test_g_6_a_lay_off_moves_the_card_named() -> None:
    game = arrange(new_game(), hands=["9S 9C 5S 6S", OTHER], table=[(0, "9H 9D 9C")], phase="play")
    assert [a for a in game.legal_actions(0) if isinstance(a, LayOff)] == [LayOff(seat=0, card="9C", meld=0)]
    named = LayOff(seat=0, card="9S", meld=0)
    assert game.check(named) == named
    assert check_action(game, named) is None
    assert faces(game.state.table[0].ids) == ["9C", "9D", "9H", "9S"]
    assert hand(game, 0) == ["5S", "6S", "9C"]


def test_g_6_taking_the_pile_moves_the_cards_named() -> None:
    game = arrange(new_game(), hands=["9S 9D 9C 5S 6S", OTHER], table=[(0, "KC KD KH")], discard="4C 9H")
    assert TakePile(seat=0, cards="9C 9D") in game.legal_actions(0)
    named = TakePile(seat=0, cards="9S 9D")
    assert game.check(named) == named
    assert check_action(game, named) is None
    assert faces(game.state.table[-1].ids) == ["9D", "9H", "9S"]
    assert hand(game, 0) == ["4C", "5S", "6S", "9C"]


@pytest.mark.parametrize(
    ("held", "table", "discard", "phase", "action"),
    [
        ("8H 8D 8C 5S 6S", "KC KD KH", "4C", "play", GoDown(seat=0, melds=["8S 8H 8D"])),
        ("3C 3S 3C 5S 6S", "KC KD KH", "4C", "play", GoDown(seat=0, melds=["3H 3S 3C"])),
        ("9C 5S 6S", "9H 9D 9C", "4C", "play", LayOff(seat=0, card="9S", meld=0)),
        ("9C 5S 6S", "KC KD KH", "4C", "play", Discard(seat=0, card="QH")),
        ("9C 5S 6S", "KC KD KH", "9S 9H", "draw", TakePile(seat=0, cards="9C 9S")),
    ],
    ids=["another suit of a held rank", "a red 3", "a lay-off", "a discard", "a card of the pile below the top"],
)
def test_g_7_a_card_the_seat_does_not_hold_is_refused_as_such(
    held: str, table: str, discard: str, phase: str, action: rummykit.Action
) -> None:
    game = arrange(new_game(), hands=[held, OTHER], table=[(0, table)], discard=discard, phase=phase)
    err = refuse(game, action, "G-7")
    assert "does not hold" in str(err)


def test_the_rules_command_lists_no_rc_c7() -> None:
    ids = {rule.id for rule in rummykit.variant_spec("railroad-canasta").rules}
    assert "RC-C7" not in ids and {"RC-C6", "RC-C8"} <= ids
    result = CliRunner().invoke(app, ["rules", "railroad-canasta"])
    assert result.exit_code == 0, result.output
    printed = set(re.findall(r"\bRC-C\d+\b", result.stdout))
    assert printed == {"RC-C1", "RC-C2", "RC-C3", "RC-C4", "RC-C5", "RC-C6", "RC-C8"}
    assert "just enough" not in result.stdout


def test_arrange_loads_its_positions_through_the_position_check() -> None:
    with pytest.raises(InvalidPositionError) as err:
        arrange(new_game(), hands=["5C 6D 9H", OTHER], table=[(1, "KC KD KH")], melded=[0])
    assert err.value.path == "table[0].owner"  # seat 1 has a meld but has not melded
    with pytest.raises(InvalidPositionError) as err:
        arrange(new_game(), hands=["5C 6D 9H", OTHER], table=[(0, BLACKS)], phase="kitty")
    assert err.value.path == "phase" and "RC-20" in str(err.value)


def test_the_heuristic_bot_chooses_from_a_list_without_discards() -> None:
    game = arrange(new_game(), hands=["2C JK 6H", OTHER], table=[(0, "9C 9D 9H")], phase="play")
    lay_offs = [a for a in game.legal_actions(0) if isinstance(a, LayOff)]
    assert {str(a.card) for a in lay_offs} == {"2C", "JK"}
    # a wild card laid off short of a canasta scores below zero: the bot still picks one of the list
    assert HeuristicBot(seed=1).choose(game.view(0), lay_offs) in lay_offs


def test_rc_c6_an_initial_meld_is_listed_once_for_each_choice_of_ranks_with_the_fewest_wild_cards() -> None:
    game = arrange(new_game(), hands=["AC AD 2C JK KC KD KH 9C 9D 9H 5S", OTHER], phase="play")
    go_downs = [a for a in game.legal_actions(0) if isinstance(a, GoDown)]
    # aces alone reach 50 with a wild card (RC-13): with the 2 (60), not the joker (90)
    assert GoDown(seat=0, melds=["AC AD 2C"]) in go_downs
    assert GoDown(seat=0, melds=["AC AD JK"]) not in go_downs
    assert check_action(game.copy(), GoDown(seat=0, melds=["AC AD JK"])) is None  # a least form, represented
    assert GoDown(seat=0, melds=["9C 9D 9H", "KC KD KH"]) in go_downs  # 60, no wild card
    assert GoDown(seat=0, melds=["KC KD KH 2C"]) in go_downs  # 50: the 2 is needed
    choices = [frozenset(str(meld[0].rank) for meld in action.melds) for action in go_downs]
    assert len(choices) == len(set(choices))


def _initial_melds_by_brute_force(game: rummykit.Game) -> dict[frozenset[int], tuple[int, int, int]]:
    """Every least form of initial meld seat 0 may lay down (RC-13, RC-C6), found by trying every meld
    shape of every choice of ranks on the game itself: its choices of ranks (keys), each with its
    fewest wild cards, jokers and cards."""
    state = cast(CanastaState, game.state)
    held = state.hand_faces(0)
    counts = rank_counts(held)
    move = game.configuration.moves[GoDown]
    assert isinstance(move, FamilyMove)
    keys = GROUPS.keys(counts, ())
    best: dict[frozenset[int], tuple[int, int, int]] = {}
    for size in range(1, len(keys) + 1):
        for chosen in itertools.combinations(keys, size):
            twos, jokers = counts[int(Rank.TWO)], counts[int(Rank.JOKER)]
            options = [list(GROUPS.shapes(key, counts[key], twos, jokers)) for key in chosen]
            for shapes in itertools.product(*options):
                try:
                    groups = shape_cards(canonical_order(shapes), held)
                    action = game.check(GoDown(seat=0, melds=tuple(groups)))
                except (rummykit.IllegalActionError, ValueError, IndexError, AssertionError):
                    continue
                assert isinstance(action, GoDown)
                if move.split_initial(state, action) is not None:
                    continue  # not a least form
                cards = [card for meld in action.melds for card in meld]
                wild = [card for card in cards if card.rank in (Rank.TWO, Rank.JOKER)]
                cost = (len(wild), sum(1 for card in wild if card.rank is Rank.JOKER), len(cards))
                key = frozenset(shape.key for shape in shapes)
                best[key] = min(best.get(key, cost), cost)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_rc_c6_the_listed_initial_melds_are_the_brute_forces_fewest_wild_least_forms(seed: int) -> None:
    chooser = random.Random(seed)
    ranks = chooser.sample(["4", "7", "9", "Q", "K", "A"], chooser.randint(2, 3))
    held = [f"{rank}{suit}" for rank in ranks for suit in "CDHS"[: chooser.randint(2, 4)]]
    held += [*chooser.sample(["2C", "2D", "2H", "JK", "JK"], chooser.randint(0, 3)), "5S"]
    total = chooser.choice([0, 5_000, 10_000])  # 50, 90 or 120 to meld (RC-13)
    game = arrange(new_game(), hands=[" ".join(held), OTHER], phase="play", totals=[total, 0])
    listed: dict[frozenset[int], tuple[int, int, int]] = {}
    for action in game.legal_actions(0):
        if isinstance(action, GoDown):
            key = frozenset(GROUPS.key(GROUPS.read(meld)) for meld in action.melds)
            assert key not in listed, f"{action}: its ranks are listed twice"
            cards = [card for meld in action.melds for card in meld]
            wild = [card for card in cards if card.rank in (Rank.TWO, Rank.JOKER)]
            listed[key] = (len(wild), sum(1 for card in wild if card.rank is Rank.JOKER), len(cards))
    assert listed == _initial_melds_by_brute_force(game), held
