"""Rummy 500 rule by rule (its rule book R5-1 … R5-12 and R5-C1 … R5-C3, `rummykit_variants.rummy_500.rules`): the
spread pile and its deep take, credit to the layer, the stock running out, and the standard core's parts they are
built from (`rummykit.standard.spread`).

Every rule a player can break is played as written and broken: the action is refused citing that rule, and the
game is left unchanged (`tests.support.refuse`). Scores are worked out by hand from R5-3 and R5-11 in each test.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import Card, DeepTake, Discard, Draw, GoDown, LayOff, RunEnd, parse_cards
from rummykit.play.commands import parse_move
from rummykit.standard import SpreadState, SpreadView
from tests.support import play, refuse

# Hands for seat 1 that meld nothing with the cards the tests give seat 0.
FILLER = "4S 6C 9D JH"


def position(hands: list[str | None], **given: object) -> rummykit.Game:
    given.setdefault("stock", "3D 6D 8S 10C QC")
    return rummykit.build_position("rummy-500", len(hands), hands=hands, **given)  # type: ignore[arg-type]


def view(game: rummykit.Game, seat: int) -> SpreadView:
    seen = game.view(seat)
    assert isinstance(seen, SpreadView)
    return seen


def state(game: rummykit.Game) -> SpreadState:
    assert isinstance(game.state, SpreadState)
    return game.state


def hand(game: rummykit.Game, seat: int) -> list[str]:
    return [str(card) for card in game.hand(seat)]


# -- R5-1 players and cards, R5-2 the deal ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "cards", "jokers", "dealt"),
    [
        (2, {}, 54, 2, 13),
        (4, {}, 54, 2, 7),
        (5, {}, 108, 4, 7),
        (8, {}, 108, 4, 7),
        (3, {"jokers": False}, 52, 0, 7),
    ],
)
def test_r5_1_and_r5_2_the_pack_and_the_deal(
    players: int, options: dict[str, object], cards: int, jokers: int, dealt: int
) -> None:
    game = rummykit.new_game("rummy-500", players=players, seed=3, options=options)
    shoe = game.state.rules.shoe
    assert len(shoe) == cards and sum(card.is_joker for card in shoe) == jokers
    assert [len(game.hand(seat)) for seat in range(players)] == [dealt] * players
    seen = game.view(0)
    # the up-card starts the pile; the rest is the stock
    assert seen.discard_size == 1 and seen.stock_size == cards - dealt * players - 1
    assert game.turn == (game.state.dealer + 1) % players


def test_r5_1_players_from_2_to_8() -> None:
    for players in (1, 9):
        with pytest.raises(rummykit.InvalidOptionError, match="R5-1"):
            rummykit.new_game("rummy-500", players=players, seed=1)


def test_r5_2_the_seat_after_the_dealer_starts() -> None:
    game = rummykit.new_game("rummy-500", players=3, seed=2)
    other = (game.turn + 1) % 3
    refuse(game, Draw(seat=other), "R5-2")


# -- R5-4 melds ----------------------------------------------------------------------------------------------------


def test_r5_4_the_ace_is_high_or_low_but_never_round_the_corner() -> None:
    game = position(["AH 2H 3H QS KS AS KD AD 2D 9C", FILLER], phase="play")
    play(game, GoDown(seat=0, melds="AH 2H 3H"), GoDown(seat=0, melds="QS KS AS"))
    refuse(game, GoDown(seat=0, melds="KD AD 2D"), "R5-4")


@pytest.mark.parametrize(
    ("aces", "refused", "accepted"), [("high", "AH 2H 3H", "QS KS AS"), ("low", "QS KS AS", "AH 2H 3H")]
)
def test_r5_4_the_aces_option_keeps_the_ace_at_one_end(aces: str, refused: str, accepted: str) -> None:
    game = position(["AH 2H 3H QS KS AS 9C", FILLER], phase="play", options={"aces": aces})
    refuse(game, GoDown(seat=0, melds=refused), "R5-4")
    play(game, GoDown(seat=0, melds=accepted))


def test_r5_4_a_meld_holds_at_least_as_many_natural_cards_as_jokers() -> None:
    game = position(["5H JK JK 9C 9H 9S 2S", FILLER], phase="play")
    refuse(game, GoDown(seat=0, melds="5H JK JK"), "R5-4")
    play(game, GoDown(seat=0, melds="9C 9H JK"))


def test_r5_4_with_two_packs_a_set_may_hold_one_card_twice() -> None:
    game = position(["7H 7H 7S 2C", None, None, None, None], phase="play", turn=0)
    play(game, GoDown(seat=0, melds="7H 7H 7S"))
    assert [str(card) for card in game.state.table[0].meld.cards] == ["7H", "7H", "7S"]


# -- R5-5 the draw, R5-6 the card taken deepest -------------------------------------------------------------------


def test_r5_5_a_deep_take_takes_the_card_and_every_card_above_it() -> None:
    game = position(["7H 8H 2C", FILLER], discard="KS 9H KD 3C")
    assert [str(card) for card in view(game, 0).discard_pile] == ["KS", "9H", "KD", "3C"]  # bottom to top, as it lies
    play(game, DeepTake(seat=0, card="9H"))
    assert hand(game, 0) == ["7H", "8H", "2C", "9H", "KD", "3C"]
    assert [str(card) for card in view(game, 0).discard_pile] == ["KS"]
    assert game.view(1).taken == Card.parse("9H")


def test_r5_5_a_card_that_is_not_in_the_pile_is_not_taken() -> None:
    game = position(["7H 8H 2C", FILLER], discard="KS 9H")
    refuse(game, DeepTake(seat=0, card="6H"), "R5-5")


def test_r5_5_one_draw_a_turn() -> None:
    game = position(["7H 8H 2C", FILLER], discard="KS 9H")
    play(game, Draw(seat=0))
    refuse(game, DeepTake(seat=0, card="9H"), "R5-5")


def test_r5_6_a_take_whose_card_cannot_be_played_is_refused() -> None:
    # 9S neither melds with 7H 8H 2C and the cards above it (KD 3C) nor fits a meld on the table
    game = position(["7H 8H 2C", FILLER], discard="9S KD 3C")
    refuse(game, DeepTake(seat=0, card="9S"), "R5-6")
    refuse(game, DeepTake(seat=0, card="3C"), "R5-6")  # the top card alone is played at once too
    assert {action.kind for action in game.legal_actions(0)} == {"draw"}


def test_r5_6_a_card_above_the_taken_one_may_be_what_makes_it_playable() -> None:
    # 9H makes a run with 8H from hand and 10H, which lies above it
    game = position(["8H 2C 4D", FILLER], discard="KS 9H 10H 3C")
    assert DeepTake(seat=0, card="9H") in game.legal_actions(0)
    play(game, DeepTake(seat=0, card="9H"), GoDown(seat=0, melds="8H 9H 10H"), Discard(seat=0, card="3C"))


def test_r5_6_the_card_taken_deepest_is_played_before_anything_else() -> None:
    game = position(["7H 8H 5S 5D 5C 2C", FILLER], discard="KS 9H KD")
    play(game, DeepTake(seat=0, card="9H"))
    refuse(game, Discard(seat=0, card="KD"), "R5-6")
    refuse(game, GoDown(seat=0, melds="5S 5D 5C"), "R5-6")  # a meld without it comes first
    assert all(isinstance(action, GoDown) and Card.parse("9H") in action.melds[0] for action in game.legal_actions(0))
    play(game, GoDown(seat=0, melds="7H 8H 9H"), GoDown(seat=0, melds="5S 5D 5C"))
    # R5-8: the other card taken with it may be discarded in the same turn
    play(game, Discard(seat=0, card="KD"))


def test_r5_6_the_card_taken_deepest_may_be_laid_off_on_another_seats_meld() -> None:
    game = position(["2C 4D KS", FILLER], discard="9H 3C", table=[(1, "6H 7H 8H")])
    play(game, DeepTake(seat=0, card="9H"), LayOff(seat=0, card="9H", meld=0))
    assert view(game, 0).on_table == (9, 21)  # 9H for seat 0, 6 + 7 + 8 for seat 1


def test_r5_6_with_top_card_free_the_top_card_alone_is_kept_but_not_discarded() -> None:
    game = position(["7H 8H 2C", FILLER], discard="KS 3C", options={"top_card_free": True})
    refuse(game, DeepTake(seat=0, card="KS"), "R5-6")  # deeper than the top: still played at once
    play(game, DeepTake(seat=0, card="3C"))
    refuse(game, Discard(seat=0, card="3C"), "R5-8")
    play(game, Discard(seat=0, card="2C"))
    assert "3C" in hand(game, 0)


def test_r5_c2_a_card_the_pile_holds_twice_is_taken_at_its_upper_copy() -> None:
    game = position(["7H 7S 2C", None, None, None, None], discard="7D 4C 7D 9S", turn=0)
    play(game, DeepTake(seat=0, card="7D"))
    assert hand(game, 0) == ["7H", "7S", "2C", "7D", "9S"]
    assert [str(card) for card in view(game, 0).discard_pile] == ["7D", "4C"]


# -- R5-7 melding and laying off, R5-9 going out, R5-10 the stock runs out -------------------------------------------


def test_r5_9_a_player_who_melds_every_card_goes_out_without_a_discard() -> None:
    game = position(["8D 8H QS", FILLER], discard="2D 8C", table=[(1, "9S 10S JS")])
    play(game, DeepTake(seat=0, card="8C"), GoDown(seat=0, melds="8C 8D 8H"), LayOff(seat=0, card="QS", meld=0))
    result = game.state.history[-1]
    assert result.went_out == 0 and result.rule == "R5-9"


def test_r5_10_drawing_from_the_empty_stock_ends_the_play() -> None:
    game = position(["7H 8H 2C", FILLER], stock="", rest="discard")
    # with the stock empty, taking from the discard pile goes on: 9H lies in it, and melds with 7H 8H
    assert {Draw(seat=0), DeepTake(seat=0, card="9H")} <= set(game.legal_actions(0))
    play(game, Draw(seat=0))
    result = game.state.history[-1]
    assert result.went_out is None and result.rule == "R5-10"
    assert result.reason == (
        "the stock has run out: seat 0 drew from it rather than take from the discard pile, which is never shuffled "
        "into a new stock, so play ends (R5-10)"
    )
    # scored as R5-11 says, though nobody went out: nothing on the table; seat 0 holds 7 + 8 + 2, and seat 1
    # 4S 6C 9D JH: 4 + 6 + 9 + 10
    assert result.scores == (-17, -29)


# -- R5-3 card points, R5-11 scoring, R5-12 the end of the game ---------------------------------------------------

TABLE = [(0, "AH 2H 3H"), (0, "7C 7D 7S"), (1, "9S 10S JS"), (1, "QD KD AD")]


def _went_out(totals: tuple[int, int]) -> rummykit.Game:
    """Seat 0 takes 8C, melds it with 8D 8H and lays QS off on seat 1's run: out, without a discard."""
    game = position(["8D 8H QS", "AC JK 4D"], discard="2D 8C", table=TABLE, totals=totals)
    play(game, DeepTake(seat=0, card="8C"), GoDown(seat=0, melds="8C 8D 8H"), LayOff(seat=0, card="QS", meld=2))
    return game


def test_r5_3_and_r5_11_each_seat_scores_what_it_laid_less_what_it_holds() -> None:
    result = _went_out((0, 0)).state.history[-1]
    # seat 0: A 2 3 of hearts, the ace low (R5-3: 1): 6; three 7s: 21; three 8s: 24; QS laid off on seat 1's run: 10
    # seat 1: 9 10 J of spades: 29; Q K A of diamonds, the ace high: 35; less AC (15), the joker (15) and 4D (4)
    assert result.scores == (6 + 21 + 24 + 10, 29 + 35 - 34)
    assert result.totals == (61, 30)
    sheet = result.seats[1]
    assert [(item.rule, item.points) for item in sheet.items] == [("R5-11", 64), ("R5-11", -34)]


def test_r5_11_a_score_and_a_total_may_be_negative() -> None:
    game = position(["8D 8H QS", "AC JK 4D KH QH"], discard="2D 8C", table=[(1, "9S 10S JS")], totals=(0, 10))
    play(game, DeepTake(seat=0, card="8C"), GoDown(seat=0, melds="8C 8D 8H"), LayOff(seat=0, card="QS", meld=0))
    # seat 1: 29 on the table, less 15 + 15 + 4 + 10 + 10 = 54 in hand
    assert game.state.history[-1].scores == (34, -25)
    assert game.state.history[-1].totals == (34, -15)


def test_r5_12_the_first_to_the_target_wins() -> None:
    game = _went_out((440, 380))
    assert game.is_over and game.winners == (0,)  # 501 against 410


def test_r5_12_a_tie_for_the_highest_total_plays_on() -> None:
    game = _went_out((470, 501))  # 531 and 531
    assert not game.is_over and game.state.round == 2


# -- R5-C1 one meld an action ---------------------------------------------------------------------------------------


def test_r5_c1_the_listing_names_one_meld_an_action_and_two_at_once_are_the_same_play() -> None:
    game = position(["7H 8H 9H 5S 5D 5C 2C", FILLER], phase="play")
    listed = [action for action in game.legal_actions(0) if isinstance(action, GoDown)]
    assert listed and all(len(action.melds) == 1 for action in listed)
    at_once, one_by_one = game.copy(), game.copy()
    play(at_once, GoDown(seat=0, melds=["7H 8H 9H", "5S 5D 5C"]))
    play(one_by_one, GoDown(seat=0, melds="5C 5D 5S"), GoDown(seat=0, melds="7H 8H 9H"))
    assert sorted(map(str, at_once.state.table)) == sorted(map(str, one_by_one.state.table))
    assert view(at_once, 0).on_table == view(one_by_one, 0).on_table == (39, 0)


# -- the terminal's words, and invariants over random play ---------------------------------------------------------


def test_take_is_typed_with_the_card() -> None:
    game = position(["7H 8H 2C", FILLER], discard="KS 9H 3C")
    assert parse_move(game, 0, "take 9h") == DeepTake(seat=0, card="9H")
    assert parse_move(game, 0, "take") == DeepTake(seat=0, card="3C")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 5]))
def test_every_card_on_the_table_is_credited_to_exactly_one_seat_and_play_never_sticks(seed: int, players: int) -> None:
    game = rummykit.new_game("rummy-500", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if game.is_over:
            break
        legal = game.legal_actions(game.to_act[0])
        assert legal, "a seat to act always has a legal action"
        game.apply(rng.choice(legal))
        now = state(game)
        laid = sorted(cid for cards in now.laid for cid in cards)
        assert laid == sorted(cid for meld in now.table for cid in meld.ids)
        if now.owed is not None:
            assert now.owed in now.hands[now.turn]


def test_the_card_a_wild_joker_extends_a_run_at_names_its_end() -> None:
    game = position(["JK 2C 4D", FILLER], phase="play", table=[(1, "6H 7H 8H")])
    play(game, LayOff(seat=0, card="JK", meld=0, end=RunEnd.LOW))
    assert game.state.table[0].meld.cards == tuple(parse_cards("JK 6H 7H 8H"))
