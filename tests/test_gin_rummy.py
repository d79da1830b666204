"""Gin Rummy rule by rule (the rule book GIN-1 … GIN-25 in ``rummykit_variants.gin_rummy.rules``), the
standard core's knock ending that plays it (`rummykit.standard.Knocking`), its position check, and its
heuristic bot. The agreement with OpenSpiel, move for move, is tests/test_gin_openspiel.py.

Positions are built through the position builder; the numbers are worked out by hand from the rule book
in each test (GIN-1: an ace is worth 1, 2 to 10 their number, J, Q and K 10).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit
from rummykit import Card, Discard, Draw, Game, GoDown, InvalidPositionError, LayOff, RunEnd, TakeDiscard, parse_cards
from rummykit.documents.serialize import load_position, position_to_data
from rummykit.play.simulate import simulate
from rummykit.standard import Knock, KnockView, Pass
from rummykit.standard.deadwood import BIT, mask, meldable, melds
from rummykit_variants.gin_rummy import GinRules
from tests.support import play, refuse

# Seat 0's eleven cards after its draw: the runs AS 2S 3S and 4H 5H 6H, the set 8C 8D 8H, and 2D and KC
# unmelded (GIN-9, GIN-10).
KNOCKER = "AS 2S 3S 4H 5H 6H 8C 8D 8H 2D KC"
RUN_OF_SPADES, RUN_OF_HEARTS, SET_OF_EIGHTS = "AS 2S 3S", "4H 5H 6H", "8C 8D 8H"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def position(**fields: Any) -> Game:
    """A single hand (GIN-24, so that its end ends the game) at the position described."""
    options = {"single_hand": True, **fields.pop("options", {})}
    return rummykit.build_position("gin-rummy", 2, seed=1, options=options, **fields)


def knocking(**options: Any) -> Game:
    """Seat 0 has drawn and holds ``KNOCKER``; 30 cards are left in the stock."""
    return position(turn=0, phase="play", hands=[KNOCKER, None], discard="9C", options=options)


def defending(knocker: str, defender: str, melds: tuple[str, ...], **options: Any) -> Game:
    """Seat 0 knocked, laid down ``melds`` and kept ``knocker``; seat 1, the defender, holds ``defender``."""
    return position(
        turn=1,
        phase="lay-off",
        hands=[knocker, defender],
        table=[(0, meld) for meld in melds],
        discard="QD",
        facts={"knocker": 0},
        options=options,
    )


# -- the deal and the first up-card ------------------------------------------------------------------------


def test_deal_ten_cards_each_and_the_up_card() -> None:
    # GIN-3: 10 cards each, one up-card, and 52 - 21 = 31 cards in the stock.
    game = rummykit.new_game("gin-rummy", 2, seed=3)
    state = game.state
    assert [len(hand) for hand in state.hands] == [10, 10]
    assert len(state.piles["discard"]) == 1 and len(state.piles["stock"]) == 31


def test_the_first_up_card_goes_to_the_non_dealer_then_the_dealer_then_the_stock() -> None:
    # GIN-4: the non-dealer takes the up-card or passes, then the dealer; both passed, the non-dealer draws.
    game = rummykit.new_game("gin-rummy", 2, seed=3)
    dealer = game.state.dealer
    first = 1 - dealer
    assert game.phase == "first-up-card" and game.to_act == (first,)
    refuse(game, Draw(seat=first), "GIN-4")
    play(game, Pass(seat=first))
    assert game.phase == "first-up-card" and game.to_act == (dealer,)
    play(game, Pass(seat=dealer))
    assert game.legal_actions() == [Draw(seat=first)]
    refuse(game, TakeDiscard(seat=first), "GIN-4")
    refuse(game, Pass(seat=first), "GIN-4")
    play(game, Draw(seat=first))
    assert game.phase == "play" and len(game.hand(first)) == 11


def test_passing_the_up_card_is_a_turn_to_the_turn_cap() -> None:
    # G-1: with a cap of one turn a round, the non-dealer's pass ends the round with nobody out.
    game = rummykit.new_game("gin-rummy", 2, seed=3, options={"max_turns_per_round": 1, "max_rounds": 1})
    play(game, Pass(seat=game.to_act[0]))
    assert game.is_over and game.history[-1].rule == "G-1"


def test_taking_the_up_card_is_the_draw() -> None:
    game = rummykit.new_game("gin-rummy", 2, seed=3)
    first = game.to_act[0]
    up_card = game.view(first).discard_top
    assert up_card is not None
    play(game, TakeDiscard(seat=first))
    assert game.phase == "play" and up_card in game.hand(first)
    play(game, Discard(seat=first, card=up_card))  # GIN-6: the taken card may be discarded at once
    assert game.phase == "draw" and game.to_act == (1 - first,)


# -- knocking ------------------------------------------------------------------------------------------------


def test_a_knock_leaves_deadwood_of_at_most_the_knock_card() -> None:
    # GIN-12: discarding KC leaves 2D (2), discarding 2D leaves KC (10): both at most 10. Discarding 8C
    # breaks the set: 8D 8H 2D KC are 8 + 8 + 2 + 10 = 28.
    game = knocking()
    assert sorted(str(a.card) for a in game.legal_actions() if isinstance(a, Knock)) == ["2D", "KC"]
    error = refuse(game, Knock(seat=0, card="8C"), "GIN-12")
    assert "28 deadwood" in str(error)
    # GIN-11: with the knock card 7, only the KC discard is left.
    assert [str(a.card) for a in knocking(knock_card=7).legal_actions() if isinstance(a, Knock)] == ["KC"]


def test_the_knocker_lays_down_keeping_at_most_the_knock_card() -> None:
    # GIN-13: after Knock(KC), laying down the spades alone keeps 4 + 5 + 6 + 3 * 8 + 2 = 41.
    game = knocking()
    play(game, Knock(seat=0, card="KC"))
    assert game.phase == "knock" and game.to_act == (0,)
    refuse(game, GoDown(seat=0, melds=[cards(RUN_OF_SPADES)]), "GIN-13")
    play(game, GoDown(seat=0, melds=[cards(RUN_OF_SPADES), cards(RUN_OF_HEARTS), cards(SET_OF_EIGHTS)]))
    view = game.view(1)
    assert game.phase == "lay-off" and game.to_act == (1,) and isinstance(view, KnockView) and view.knocker == 0
    assert [str(card) for card in game.hand(0)] == ["2D"]


def test_a_knock_is_scored_by_the_difference_of_deadwood() -> None:
    # GIN-16, GIN-18, GIN-20: seat 1 lays off 4S and 3H, lays down JD JS JH and keeps QC 5C 9C 3D:
    # 10 + 5 + 9 + 3 = 27. Seat 0 kept 2D: it scores 27 - 2 = 25.
    game = defending("2D", "4S 3H JD JS JH QC 5C 9C 3D", (RUN_OF_SPADES, RUN_OF_HEARTS, SET_OF_EIGHTS))
    play(game, LayOff(seat=1, card="4S", meld=0, end=RunEnd.HIGH), LayOff(seat=1, card="3H", meld=1, end=RunEnd.LOW))
    play(game, GoDown(seat=1, melds=[cards("JD JH JS")]))
    assert game.is_over and game.history[-1].rule == "GIN-18"
    assert game.scores == (25, -25)  # GIN-24: a single hand is won from the other player


def test_a_knocks_result_gives_the_melds_the_lay_offs_the_deadwood_and_the_lines_of_the_score() -> None:
    # The knock above, in a game of hands to 100 (not GIN-24's single hand): seat 0's melds with seat 1's
    # lay-offs on them, seat 1's lay-offs 4S and 3H, the deadwood 2 and 27, and seat 0's 25 as
    # GIN-20 counts it: D = 27, less K = 2. The defender scores nothing.
    game = defending(
        "2D",
        "4S 3H JD JS JH QC 5C 9C 3D",
        (RUN_OF_SPADES, RUN_OF_HEARTS, SET_OF_EIGHTS),
        single_hand=False,
    )
    play(game, LayOff(seat=1, card="4S", meld=0, end=RunEnd.HIGH), LayOff(seat=1, card="3H", meld=1, end=RunEnd.LOW))
    play(game, GoDown(seat=1, melds=[cards("JD JH JS")]))
    result = game.history[-1]
    assert (result.went_out, result.by, result.rule) == (0, 1, "GIN-18")
    knocker, defender = result.seats
    assert [str(meld) for meld in knocker.melds] == ["AS 2S 3S 4S", "3H 4H 5H 6H", "8C 8D 8H"]
    assert [str(meld) for meld in defender.melds] == ["JD JH JS"]
    assert (knocker.laid_off, defender.laid_off) == ((), cards("4S 3H"))
    assert (knocker.left, defender.left) == (cards("2D"), cards("QC 5C 9C 3D"))
    assert (knocker.deadwood, defender.deadwood) == (2, 27)
    assert [(item.rule, item.points) for item in knocker.items] == [("GIN-20", 27), ("GIN-20", -2)]
    assert (knocker.score, defender.items, defender.score) == (25, (), 0)


def test_a_single_hand_gives_the_defender_the_same_lines_the_other_way() -> None:
    # GIN-24: the points are won from the other player, so the defender's lines are the knocker's negated.
    game = defending("2D", "4S 3H JD JS JH QC 5C 9C 3D", (RUN_OF_SPADES, RUN_OF_HEARTS, SET_OF_EIGHTS))
    play(game, LayOff(seat=1, card="4S", meld=0, end=RunEnd.HIGH), LayOff(seat=1, card="3H", meld=1, end=RunEnd.LOW))
    play(game, GoDown(seat=1, melds=[cards("JD JH JS")]))
    defender = game.history[-1].seats[1]
    assert sorted(item.points for item in defender.items) == [-27, 2] and defender.score == -25


def test_gin_scores_the_bonus_and_takes_no_lay_off() -> None:
    # GIN-14, GIN-20: seat 0 melded every card; seat 1 keeps 4S 9D 9C = 4 + 9 + 9 = 22, and may not lay off
    # 4S on the run of spades. Seat 0 scores 22 + 25 = 47.
    game = defending("", "4S 9D 9H", ("AS 2S 3S", "4H 5H 6H", "8C 8D 8H", "KC KD KH"))
    assert not [action for action in game.legal_actions() if isinstance(action, LayOff)]
    refuse(game, LayOff(seat=1, card="4S", meld=0, end=RunEnd.HIGH), "GIN-14")
    play(game, Pass(seat=1))
    assert game.scores == (47, -47)


def test_an_undercut_scores_the_defender_the_difference_and_the_bonus() -> None:
    # GIN-21: seat 0 kept 8C (8), seat 1 keeps 2C 3D = 5: seat 1 scores 8 - 5 + 25 = 28. With 8 against
    # 8 nobody scores; with undercut_on_tie, seat 1 scores the bonus, 25.
    melds = ("AS 2S 3S", "4H 5H 6H")
    game = defending("8C", "2C 3D", melds)
    play(game, Pass(seat=1))
    assert game.scores == (-28, 28)
    game = defending("8C", "2C 6D", melds)
    play(game, Pass(seat=1))
    assert game.scores == (0, 0)
    game = defending("8C", "2C 6D", melds, undercut_on_tie=True)
    play(game, Pass(seat=1))
    assert game.scores == (-25, 25)


def test_the_gin_bonus_and_the_undercut_bonus_are_lines_with_their_rules() -> None:
    # GIN-20: gin against 4S 9D 9H (22) scores 22 and the 25 bonus; GIN-21: 8C against 2C 3D (5) scores the
    # defender 8 - 5 and the 25 bonus, the knocker nothing.
    game = defending("", "4S 9D 9H", ("AS 2S 3S", "4H 5H 6H", "8C 8D 8H", "KC KD KH"), single_hand=False)
    play(game, Pass(seat=1))
    gin = game.history[-1].seats[0]
    assert [(item.rule, item.what, item.points) for item in gin.items] == [
        ("GIN-20", "the defender's deadwood (seat 1)", 22),
        ("GIN-20", "the knocker's own deadwood", 0),
        ("GIN-20", "gin bonus", 25),
    ]
    game = defending("8C", "2C 3D", ("AS 2S 3S", "4H 5H 6H"), single_hand=False)
    play(game, Pass(seat=1))
    knocker, defender = game.history[-1].seats
    assert knocker.items == () and (knocker.deadwood, defender.deadwood) == (8, 5)
    assert [(item.rule, item.points) for item in defender.items] == [("GIN-20", -5), ("GIN-20", 8), ("GIN-21", 25)]
    assert defender.score == 28


def test_lay_offs_past_a_runs_end_are_limited() -> None:
    # GIN-17: two cards past the low end of 4H 5H 6H (3H, then 2H), not a third (AH); the high end is free.
    game = defending("2D", "3H 2H AH 7H KD", (RUN_OF_HEARTS,))
    play(game, LayOff(seat=1, card="3H", meld=0, end=RunEnd.LOW), LayOff(seat=1, card="2H", meld=0, end=RunEnd.LOW))
    refuse(game, LayOff(seat=1, card="AH", meld=0, end=RunEnd.LOW), "GIN-17")
    play(game, LayOff(seat=1, card="7H", meld=0, end=RunEnd.HIGH))
    game = defending("2D", "3H 2H AH 7H KD", (RUN_OF_HEARTS,), layoff_run_limit=None)
    play(game, *(LayOff(seat=1, card=card, meld=0, end=RunEnd.LOW) for card in ("3H", "2H", "AH")))


# -- dead hands ---------------------------------------------------------------------------------------------


def test_the_wall_lets_the_next_player_take_the_discard_only_to_knock() -> None:
    # GIN-19: seat 0's discard leaves 2 cards in the stock: seat 1 may not draw; it passes, the hand is dead.
    game = position(
        turn=0, phase="play", hands=["AC 3D 5H 7S 9C JD KH 2S 4C 6D 8H", None], stock="QS QH", rest="discard"
    )
    play(game, Discard(seat=0, card="KH"))
    assert game.phase == "wall" and game.to_act == (1,)
    refuse(game, Draw(seat=1), "GIN-19")
    play(game, Pass(seat=1))
    assert game.is_over and game.history[-1].rule == "GIN-19" and game.scores == (0, 0)


def test_without_the_wall_the_hand_is_dead_at_once() -> None:
    game = position(
        turn=0,
        phase="play",
        hands=["AC 3D 5H 7S 9C JD KH 2S 4C 6D 8H", None],
        stock="QS QH",
        rest="discard",
        options={"wall_knock": False},
    )
    play(game, Discard(seat=0, card="KH"))
    assert game.is_over and game.history[-1].rule == "GIN-19"


def test_a_repeated_take_ends_the_hand() -> None:
    # GIN-7: seat 1 took the top discard and discarded it again; seat 0 took 5H and discards it too.
    game = position(
        turn=0,
        phase="play",
        hands=["5H 6D 8C QS KH 2C 4H 9D 10S JC AS", None],
        taken="5H",
        discard="9C",
        facts={"returned": True},
    )
    play(game, Discard(seat=0, card="5H"))
    assert game.is_over and game.history[-1].rule == "GIN-7"


def test_the_fiftieth_take_is_not_made() -> None:
    # GIN-8: the top discard was taken 49 times: the 50th take ends the hand, dead, the card not taken.
    game = position(turn=0, phase="draw", hands=[None, None], discard="5H 9C", facts={"takes": 49})
    hand = game.hand(0)
    play(game, TakeDiscard(seat=0))
    assert game.is_over and game.history[-1].rule == "GIN-8" and game.hand(0) == hand


# -- the game, the options ---------------------------------------------------------------------------------


def test_a_game_is_hands_to_the_target() -> None:
    # GIN-23: seat 0 has 90 and scores 25 (as above): 115 reaches 100, the game ends, seat 0 wins.
    game = rummykit.build_position(
        "gin-rummy",
        2,
        seed=1,
        turn=1,
        phase="lay-off",
        hands=["2D", "4S 3H JD JS JH QC 5C 9C 3D"],
        table=[(0, RUN_OF_SPADES), (0, RUN_OF_HEARTS), (0, SET_OF_EIGHTS)],
        discard="QD",
        facts={"knocker": 0},
        totals=[90, 60],
    )
    play(game, LayOff(seat=1, card="4S", meld=0, end=RunEnd.HIGH), LayOff(seat=1, card="3H", meld=1, end=RunEnd.LOW))
    play(game, GoDown(seat=1, melds=[cards("JD JH JS")]))
    assert game.is_over and game.scores == (115, 60)


def test_oklahoma_sets_the_knock_card_from_the_up_card() -> None:
    # GIN-25: the up-card's value; an ace: gin only (0), or 1 with oklahoma_ace "one".
    def knock_card(up_card: str, **options: Any) -> int:
        rules = rummykit.new_game("gin-rummy", 2, seed=1, options={"oklahoma": True, **options}).state.rules
        assert isinstance(rules, GinRules) and rules.knocking is not None
        return rules.knocking.knock_card_of(Card.parse(up_card))

    assert [knock_card(card) for card in ("7C", "KS", "AS")] == [7, 10, 0]
    assert knock_card("AD", oklahoma_ace="one") == 1


# -- positions ------------------------------------------------------------------------------------------------


def test_positions_after_a_knock_follow_the_declared_phases() -> None:
    # The knocker lays down in the knock phase; a defender plays in the lay-off phase; gin is a position.
    defending("", "4S 9D 9H", ("AS 2S 3S", "4H 5H 6H", "8C 8D 8H", "KC KD KH"))
    with pytest.raises(InvalidPositionError, match="knocker"):
        position(turn=1, phase="knock", hands=[None, None], facts={"knocker": 0})
    with pytest.raises(InvalidPositionError, match="knocked"):
        position(turn=1, phase="lay-off", hands=[None, None])
    with pytest.raises(InvalidPositionError, match="wall"):
        position(turn=1, phase="wall", hands=[None, None])
    with pytest.raises(InvalidPositionError, match="holds no card") as error:
        position(turn=0, phase="draw", hands=["", None], rest="discard")
    assert error.value.path == "hands[0]"
    with pytest.raises(InvalidPositionError, match="takes"):
        position(turn=0, phase="draw", hands=[None, None], facts={"takes": 50})


@pytest.mark.parametrize("knocker", [2, 1000, -1])
def test_a_knocker_that_is_no_seat_is_refused(knocker: int) -> None:
    """A mutated document (the fuzz test of documents found knocker 1000 in a lay-off) is refused by
    name; it used to raise IndexError while the position was checked for a seat that may act."""
    data = position_to_data(defending("", "4S 9D 9H", ("AS 2S 3S", "4H 5H 6H", "8C 8D 8H", "KC KD KH")))
    data["extra"]["knocker"] = knocker
    with pytest.raises(InvalidPositionError, match="the knocker is a seat, 0 to 1") as error:
        load_position(data)
    assert error.value.path == "extra.knocker"


# -- the bot ---------------------------------------------------------------------------------------------------


def test_the_heuristic_bot_beats_random_play() -> None:
    # It knocks as soon as it may and keeps its deadwood low: random play almost never knocks.
    result = simulate("gin-rummy", players=2, games=20, seed=1, bots=("heuristic", "random"))
    rates = {stats.bot: stats.win_rate for stats in result.by_bot}
    assert rates["heuristic"] >= 0.9 > rates["random"]


@given(st.sets(st.integers(0, 51), max_size=52))
def test_the_meldable_cards_are_the_cards_of_the_melds(faces: set[int]) -> None:
    # GIN-9 and GIN-10: a card is in some meld of the hand if it is in a set of 3 or 4 of its rank, or in a
    # run of 3 or more of its suit; meldable() finds them with no list of the melds.
    hand = mask(faces)
    covered = 0
    for meld, _ in melds(hand):
        covered |= meld
    assert meldable(hand) == covered
    places = {((index // 4 + 1) % 13, index % 4) for index in faces}  # (rank from the ace, low, to the king; suit)
    for index in faces:
        place, suit = (index // 4 + 1) % 13, index % 4
        in_set = sum(1 for other, _ in places if other == place) >= 3
        in_run = any(all((p, suit) in places for p in range(start, start + 3)) for start in range(place - 2, place + 1))
        assert bool(meldable(hand) & BIT[index]) == (in_set or in_run), index
