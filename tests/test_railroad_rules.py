"""RailRoad Rummy rule by rule (RULES.md RR-1 … RR-31, the clarifications RR-C1 … RR-C4, and the common
rules G-1, G-2, G-4, G-5 as this variant applies them).

Every rule has tests that play it as written, through the public API, and tests that break it: the
action is refused with ``IllegalActionError`` citing the rule, and the game is left unchanged. For the
rules the engine carries out by itself (dealing, scoring, the schedule) the break test is the closest
refusal, and a comment says which it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

import pytest

import rummykit
from rummykit import (
    Action,
    Card,
    Discard,
    Draw,
    Game,
    GameOverError,
    GoDown,
    InvalidActionError,
    InvalidOptionError,
    InvalidPositionError,
    LayOff,
    RoundResult,
    TakeDiscard,
    face,
    parse_cards,
)
from rummykit.shoe import decks
from rummykit_variants.railroad_rummy import Claim, Declaration, Pass, RailroadRummyView
from tests.support import arrange, play, refuse

# Hands that meet no contract, one per seat; each face appears in at most one of them. Each scores 55 (RR-30).
FILLERS = (
    "3C 5D 7H 9S JC KD AH",
    "3D 5H 7S 9C JD KH AS",
    "3H 5S 7C 9D JH KS AC",
    "3S 5C 7D 9H JS KC AD",
)
FILLER_POINTS = 55

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# All 192 natural cards as sixteen complete runs (3 to A), so that only the 24 wild cards are left to place.
ALL_NATURALS = [(0, " ".join(rank + suit for rank in RANKS)) for suit in "CDHS" for _ in range(4)]
# Three runs that use all twelve ranks: a round-7 go-down.
RUNS_12 = ["3C 4D 5H 6S", "7C 8D 9H 10S", "JC QD KH AS"]
# Seat 0 went down on turn 1 with two sets (a position for ``at``).
GONE_DOWN: dict[str, Any] = {"table": [(0, "5C 5D 5H"), (0, "8C 8D 8S")]}


def new(players: int = 4, **options: Any) -> Game:
    """A seeded game in which the last seat deals, so seat 0 starts (RR-2)."""
    return rummykit.new_game("railroad-rummy", players=players, seed=7, dealer=players - 1, options=options)


def seats(*hands: str, players: int = 4) -> list[str]:
    return [*hands, *FILLERS[len(hands) : players]]


def at(
    phase: str,
    *hands: str,
    round: int = 1,
    turn: int = 0,
    turn_number: int = 5,
    players: int = 4,
    options: Mapping[str, Any] | None = None,
    **position: Any,
) -> Game:
    """A position: the hands given (seat 0 first; fillers for the rest), ``turn`` to act in ``phase``. The
    owners of the ``table`` melds went down on turn 1 unless ``went_down`` says otherwise."""
    game = new(players, **(options or {}))
    table = position.pop("table", ())
    went_down = {**{owner: 1 for owner, _ in table}, **position.pop("went_down", {})}
    arrange(
        game,
        hands=seats(*hands, players=players),
        round=round,
        turn=turn,
        phase=phase,
        turn_number=turn_number,
        table=table,
        went_down=went_down,
        **position,
    )
    return game


def window(
    *hands: str, turn: int = 0, top: str = "KH", drawn: str = "9C", penalty: str = "QS", **position: Any
) -> Game:
    """A claim window: ``turn`` has drawn ``drawn``; ``top`` (over 4D) is open to claims; ``penalty`` is next."""
    game = at("draw", *hands, turn=turn, discard=f"4D {top}", stock=f"{drawn} {penalty}", **position)
    game.apply(Draw(seat=turn))
    return game


def one_turn(game: Game) -> None:
    """The turn player draws, everybody passes, and the turn player discards."""
    seat = game.turn
    game.apply(Draw(seat=seat))
    for other in game.to_act:
        game.apply(Pass(seat=other))
    game.apply(next(a for a in game.legal_actions(seat) if isinstance(a, Discard)))


def turn_of(game: Game, seat: int) -> list[Action]:
    """A quiet turn for ``seat``: draw, the others pass, discard its first card."""
    others = [Pass(seat=(seat + step) % game.players) for step in range(1, game.players)]
    return [Draw(seat=seat), *others, Discard(seat=seat, card=parse_cards(FILLERS[seat])[0])]


def view(game: Game, seat: int | None = None) -> RailroadRummyView:
    return cast(RailroadRummyView, game.view(seat))


def cards(text: str) -> list[Card]:
    return sorted(parse_cards(text))


def held(game: Game, seat: int) -> list[Card]:
    return sorted(game.hand(seat))


def table(game: Game) -> list[str]:
    return [str(table_meld.meld) for table_meld in view(game).table]


def last(game: Game) -> RoundResult:
    return game.history[-1]


def go_downs(game: Game, seat: int = 0) -> list[GoDown]:
    return [action for action in game.legal_actions(seat) if isinstance(action, GoDown)]


# -- RR-1 players, seats ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5, 8])
def test_rr_1_two_to_eight_players_sit_in_seats_0_to_n_minus_1(players: int) -> None:
    game = new(players)
    assert view(game).hand_sizes == (7,) * players
    assert game.legal_actions(0) and all(game.legal_actions(seat) == [] for seat in range(1, players))
    with pytest.raises(InvalidActionError):
        game.apply(Draw(seat=players))


@pytest.mark.parametrize("players", [0, 1, 9])
def test_rr_1_fewer_than_two_or_more_than_eight_players_refused(players: int) -> None:
    # Break: creating the game is refused with InvalidOptionError citing RR-1.
    with pytest.raises(InvalidOptionError) as err:
        rummykit.new_game("railroad-rummy", players=players)
    assert err.value.rule == "RR-1"


# -- RR-2 dealer and starting player ---------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "starter"), [(0, 1), (2, 3), (3, 0)])
def test_rr_2_the_seat_after_the_dealer_starts_the_round(dealer: int, starter: int) -> None:
    game = rummykit.new_game("railroad-rummy", players=4, seed=1, dealer=dealer)
    assert (game.dealer, game.turn, game.to_act) == (dealer, starter, (starter,))


def test_rr_2_the_dealer_moves_one_seat_forward_each_round() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=1, dealer=1, options={"max_turns_per_round": 1})
    seen = []
    for _ in range(4):
        seen.append((game.round, game.dealer, game.turn))
        one_turn(game)
    assert seen == [(1, 1, 2), (2, 2, 0), (3, 0, 1), (4, 1, 2)]


def test_rr_2_the_first_dealer_is_chosen_by_the_games_random_source() -> None:
    dealers = [rummykit.new_game("railroad-rummy", players=4, seed=seed).dealer for seed in range(20)]
    assert len(set(dealers)) > 1
    again = [rummykit.new_game("railroad-rummy", players=4, seed=seed).dealer for seed in range(20)]
    assert again == dealers


def test_rr_2_only_the_starting_player_makes_the_first_draw() -> None:
    game = new()
    for seat in (1, 2, 3):
        refuse(game, Draw(seat=seat), "RR-2")
        refuse(game, TakeDiscard(seat=seat), "RR-2")


# -- RR-3 cards and piles --------------------------------------------------------------------------


def test_rr_3_every_round_starts_from_216_cards_shuffled_anew() -> None:
    game = new(max_turns_per_round=1)
    two_decks = Counter(decks(2, jokers_per_deck=2))
    deals = []
    for _ in range(2):
        state = game.state
        drawn_from = [*(cid for hand in state.hands for cid in hand), *state.piles["stock"], *state.piles["discard"]]
        assert Counter(face(cid) for cid in drawn_from) == two_decks
        assert Counter(face(cid) for cid in state.piles["standby"]) == two_decks
        assert view(game).standby_size == 108 and not state.table
        deals.append(game.hand(0))
        one_turn(game)
    assert game.round == 3 and deals[0] != deals[1]


def test_rr_3_a_stacked_shoe_that_is_not_all_216_cards_is_refused() -> None:
    # Break: the closest refusal is a stacked shoe with a wrong card count (InvalidPositionError).
    shoe = list(decks(4, jokers_per_deck=2))
    with pytest.raises(InvalidPositionError):
        rummykit.new_game("railroad-rummy", players=3, shoe=shoe[:-1])
    with pytest.raises(InvalidPositionError):
        rummykit.new_game("railroad-rummy", players=3, shoe=[*shoe, "JK"])


# -- RR-4 the deal ---------------------------------------------------------------------------------


def test_rr_4_deal_one_card_at_a_time_from_the_starting_player_then_turn_up_a_discard() -> None:
    shoe = list(decks(4, jokers_per_deck=2))
    game = rummykit.new_game("railroad-rummy", players=3, dealer=0, shoe=shoe)
    assert game.hand(1) == tuple(shoe[0:21:3])
    assert game.hand(2) == tuple(shoe[1:21:3])
    assert game.hand(0) == tuple(shoe[2:21:3])
    v = view(game)
    assert (v.discard_top, v.discard_size, v.stock_size, v.standby_size) == (shoe[21], 1, 108 - 22, 108)
    game.apply(Draw(seat=1))
    assert game.hand(1)[-1] == shoe[22]


def test_rr_4_the_turned_up_card_is_the_starting_players_to_take() -> None:
    # Break: the deal is the engine's; the closest refusal is another seat taking the turned-up card (RR-2).
    game = rummykit.new_game("railroad-rummy", players=3, dealer=0, shoe=list(decks(4, jokers_per_deck=2)))
    refuse(game, TakeDiscard(seat=2), "RR-2")
    game.apply(TakeDiscard(seat=1))
    assert view(game).taken == game.hand(1)[-1]


# -- RR-5 empty draw pile ----------------------------------------------------------------------------


def test_rr_5_the_standby_pile_becomes_the_draw_pile() -> None:
    game = at("draw", discard="KH", stock="", standby="9C 8D", leftover="discard")
    game.apply(Draw(seat=0))
    assert game.hand(0)[-1] == Card.parse("9C")
    assert (view(game).stock_size, view(game).standby_size) == (1, 0)


def test_rr_5_then_the_discard_pile_but_its_top_card_becomes_the_draw_pile() -> None:
    game = at("draw", discard="KH", leftover="discard")
    pile = view(game).discard_size
    game.apply(Draw(seat=0))
    v = view(game)
    assert (v.discard_top, v.discard_size, v.stock_size, v.standby_size) == (Card.parse("KH"), 1, pile - 2, 0)
    assert len(game.hand(0)) == 8 and game.phase == "claim"


def test_rr_5_a_draw_that_cannot_be_had_ends_the_round_with_nobody_out() -> None:
    wilds = ("2C 2C 2C 2C 2D 2D 2D 2D", "2H 2H 2H 2H 2S 2S 2S 2S", "JK JK JK JK JK JK JK")
    game = at("draw", *wilds, players=3, table=ALL_NATURALS, discard="JK")
    game.apply(Draw(seat=0))
    result = last(game)
    assert result.went_out is None and "RR-5" in result.reason
    assert result.scores == (8 * 20, 8 * 20, 7 * 50)
    assert game.round == 2


def test_rr_5_a_penalty_card_that_cannot_be_had_is_not_dealt() -> None:
    wilds = ("2C 2C 2C 2C 2D 2D 2D", "2H 2H 2H 2H 2S 2S 2S 2S", "JK JK JK JK JK JK JK")
    game = at("draw", *wilds, players=3, table=ALL_NATURALS, stock="2D", discard="JK")
    play(game, Draw(seat=0), Claim(seat=1), Pass(seat=2))
    claim = view(game).last_claim
    assert claim is not None and claim.winner == 1 and not claim.penalty
    assert held(game, 1) == cards(wilds[1] + " JK")
    assert game.round == 1 and game.phase == "play"


def test_rr_5_a_penalty_card_may_come_from_the_reshuffled_discard_pile() -> None:
    game = at("draw", discard="4D KH", stock="9C", leftover="discard")
    play(game, Draw(seat=0), Claim(seat=1), Pass(seat=2), Pass(seat=3))
    claim = view(game).last_claim
    assert claim is not None and claim.penalty and len(game.hand(1)) == 9
    assert (view(game).discard_top, view(game).discard_size) == (Card.parse("4D"), 1)


def test_rr_5_with_every_pile_used_up_only_the_round_ending_draw_is_left() -> None:
    # Break: nothing can be taken from an empty discard pile (RR-14); the draw then ends the round.
    wilds = ("2C 2C 2C 2C 2D 2D 2D 2D", "2H 2H 2H 2H 2S 2S 2S 2S", "JK JK JK JK JK JK JK JK")
    game = at("draw", *wilds, players=3, table=ALL_NATURALS)
    refuse(game, TakeDiscard(seat=0), "RR-14")
    game.apply(Draw(seat=0))
    assert last(game).went_out is None and last(game).scores == (160, 160, 400)


# -- RR-6 wild cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize("wild", ["2C", "2D", "2H", "2S", "JK"])
def test_rr_6_every_2_and_every_joker_is_wild(wild: str) -> None:
    game = at("play", f"5C 5D {wild} 8C 8D 8S KS")
    game.apply(GoDown(seat=0, melds=[f"5C 5D {wild}", "8C 8D 8S"]))
    assert table(game) == [f"5C 5D {wild}(5)", "8C 8D 8S"]


def test_rr_6_a_2_is_never_a_natural_card() -> None:
    game = at("play", "2H 3H 4H 5H 8C 8D 8S KS", round=2)
    refuse(game, GoDown(seat=0, melds=["8C 8D 8S", "2H 3H 4H 5H"]), "RR-9")  # no natural 2 in a run
    game = at("play", "2C 2D 2H 8C 8D 8S KS")
    refuse(game, GoDown(seat=0, melds=["2C 2D 2H", "8C 8D 8S"]), "RR-7")  # a "set of 2s" is all wild cards


# -- RR-7 at most 50% wild --------------------------------------------------------------------------


def test_rr_7_a_meld_may_be_half_wild() -> None:
    game = at("play", "4H JK 6S 2D 9C 10C JK QC KS", round=3)
    game.apply(GoDown(seat=0, melds=["4H JK 6S 2D", "9C 10C JK QC"]))
    assert table(game) == ["4H JK(5) 6S 2D(7)", "9C 10C JK(J) QC"]


def test_rr_7_a_meld_laid_down_with_more_wild_than_natural_cards_is_refused() -> None:
    game = at("play", "5C JK 2C 8C 8D 8S KS")
    refuse(game, GoDown(seat=0, melds=["5C JK 2C", "8C 8D 8S"]), "RR-7")


def test_rr_7_a_lay_off_that_makes_a_meld_more_wild_than_natural_is_refused() -> None:
    game = at("play", "2C JK 9S", went_down={0: 1}, table=[(1, "KC KD JK")])
    game.apply(LayOff(seat=0, card="2C", meld=0))
    assert table(game) == ["KC KD JK(K) 2C(K)"]
    refuse(game, LayOff(seat=0, card="JK", meld=0), "RR-7")


# -- RR-8 sets -------------------------------------------------------------------------------------------


def test_rr_8_a_set_is_three_of_a_rank_from_3_to_ace_suits_free() -> None:
    game = at("play", "AH AH AD 3S 3S 3C KS")
    game.apply(GoDown(seat=0, melds=["AH AH AD", "3S 3S 3C"]))
    assert sorted(table(game)) == ["3C 3S 3S", "AD AH AH"]


def test_rr_8_a_set_grows_by_natural_cards_of_its_rank_and_wild_cards() -> None:
    game = at("play", "KH KS 2D 9S", went_down={0: 1}, table=[(1, "KC KD KS")])
    play(game, LayOff(seat=0, card="KH", meld=0), LayOff(seat=0, card="2D", meld=0), LayOff(seat=0, card="KS", meld=0))
    assert table(game) == ["KC KD KS KH 2D(K) KS"]


def test_rr_8_a_two_card_set_is_refused() -> None:
    game = at("play", "5C 5D 8C 8D 8S KS")
    refuse(game, GoDown(seat=0, melds=["5C 5D", "8C 8D 8S"]), "RR-8")


def test_rr_8_a_card_of_another_rank_cannot_join_a_set() -> None:
    game = at("play", "QH 9S", went_down={0: 1}, table=[(1, "KC KD KS")])
    refuse(game, LayOff(seat=0, card="QH", meld=0), "RR-8")


# -- RR-9 runs ---------------------------------------------------------------------------------------------


def test_rr_9_a_run_is_four_consecutive_ranks_suits_free_ace_high() -> None:
    game = at("play", "3C 4D 5H 6S JH QD KS AC", round=3, players=2)
    game.apply(GoDown(seat=0, melds=["JH QD KS AC", "3C 4D 5H 6S"]))
    assert last(game).went_out == 0  # both runs used all 8 cards (RR-22)


def test_rr_9_a_wild_card_keeps_the_rank_it_was_laid_down_for() -> None:
    game = at("play", "8C 5C 9S", went_down={0: 1}, table=[(1, "4H JK 6S 7D")])
    game.apply(LayOff(seat=0, card="8C", meld=0))
    assert table(game) == ["4H JK(5) 6S 7D 8C"]
    refuse(game, LayOff(seat=0, card="5C", meld=0), "RR-9")  # the joker is never swapped for the 5


def test_rr_9_a_run_of_twelve_cards_is_complete() -> None:
    game = at("play", "AS 2C 9S", went_down={0: 1}, table=[(1, "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")])
    game.apply(LayOff(seat=0, card="AS", meld=0))
    assert len(view(game).table[0].meld) == 12
    refuse(game, LayOff(seat=0, card="2C", meld=0, end="high"), "RR-9")
    refuse(game, LayOff(seat=0, card="2C", meld=0, end="low"), "RR-9")


@pytest.mark.parametrize(
    "run",
    [
        "KH AH 3H 4H",  # no wrap round the ace
        "4H 5H 7H 8H",  # a gap
        "5H 6H 7H",  # too short
        "JK 3H 4H 5H",  # nothing below 3
    ],
)
def test_rr_9_a_run_that_is_not_four_consecutive_ranks_within_3_to_ace_is_refused(run: str) -> None:
    game = at("play", f"{run} 9C 10C JC QC KS", round=3)
    refuse(game, GoDown(seat=0, melds=[run, "9C 10C JC QC"]), "RR-9")


def test_rr_9_a_card_that_does_not_extend_a_run_cannot_join_it() -> None:
    game = at("play", "QS 9S", went_down={0: 1}, table=[(1, "4H 5D 6S 7D")])
    refuse(game, LayOff(seat=0, card="QS", meld=0), "RR-9")


# -- RR-10 the seven rounds ---------------------------------------------------------------------------


def test_rr_10_seven_rounds_with_their_hand_sizes_and_contracts() -> None:
    game = new(2, max_turns_per_round=1)
    schedule = []
    while not game.is_over:
        v = view(game)
        schedule.append((v.round, len(game.hand(game.turn)), v.hand_size, v.contract.split(",")[0]))
        one_turn(game)
    assert schedule == [
        (1, 7, 7, "2 sets"),
        (2, 7, 7, "1 set + 1 run"),
        (3, 7, 7, "2 runs"),
        (4, 10, 10, "3 sets"),
        (5, 10, 10, "2 sets + 1 run"),
        (6, 10, 10, "1 set + 2 runs"),
        (7, 10, 10, "3 runs"),
    ]
    assert [result.round for result in game.history] == [1, 2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize(
    ("round", "hand", "melds"),
    [
        (2, "5C 5D 5H 8C 8D 8S KS", ["5C 5D 5H", "8C 8D 8S"]),
        (3, "5C 5D 5H 8C 9D 10S JH KS", ["5C 5D 5H", "8C 9D 10S JH"]),
        (1, "3C 4D 5H 6S 8C 9D 10S JH KS", ["3C 4D 5H 6S", "8C 9D 10S JH"]),
        (5, "5C 5D 5H 8C 8D 8S QC QD QH KS", ["5C 5D 5H", "8C 8D 8S", "QC QD QH"]),
    ],
)
def test_rr_10_a_contract_of_another_round_is_refused(round: int, hand: str, melds: list[str]) -> None:
    # Break: the schedule is the engine's; the closest refusal is another round's contract (RR-11).
    game = at("play", hand, round=round)
    refuse(game, GoDown(seat=0, melds=melds), "RR-11")


# -- RR-11 going down in rounds 1 to 6 ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("round", "hand", "melds", "left"),
    [
        (1, "5C 5D 5H 8C 8D 8S KS QD", ["5C 5D 5H", "8C 8D 8S"], "KS QD"),
        (2, "5C 5D 5H 8C 9D 10S JH KS", ["5C 5D 5H", "8C 9D 10S JH"], "KS"),
        (3, "3C 4D 5H 6S 8C 9D 10S JH KS", ["3C 4D 5H 6S", "8C 9D 10S JH"], "KS"),
        (4, "5C 5D 5H 8C 8D 8S QC QD QH KS AS", ["5C 5D 5H", "8C 8D 8S", "QC QD QH"], "KS AS"),
        (5, "5C 5D 5H 8C 8D 8S 9C 10D JH QS KS", ["5C 5D 5H", "8C 8D 8S", "9C 10D JH QS"], "KS"),
        (6, "5C 5D 5H 6S 7H 8C 9D 10D JH QS KS AS", ["5C 5D 5H", "6S 7H 8C 9D", "10D JH QS KS"], "AS"),
    ],
)
def test_rr_11_going_down_lays_down_exactly_the_contract(round: int, hand: str, melds: list[str], left: str) -> None:
    game = at("play", hand, round=round)
    game.apply(GoDown(seat=0, melds=melds))
    assert sorted(table(game)) == sorted(melds)
    assert held(game, 0) == cards(left) and view(game).went_down == (True, False, False, False)


@pytest.mark.parametrize(
    ("round", "hand", "melds"),
    [
        (1, "5C 5D 5H 5S 8C 8D 8S KS", ["5C 5D 5H 5S", "8C 8D 8S"]),  # a set of 4
        (2, "5C 5D 5H 8C 9D 10S JH QH KS", ["5C 5D 5H", "8C 9D 10S JH QH"]),  # a run of 5
        (1, "5C 5D 5H 8C 8D 8S QC QD QH KS", ["5C 5D 5H", "8C 8D 8S", "QC QD QH"]),  # an extra meld
        (1, "5C 5D 5H 8C 8D KS", ["5C 5D 5H"]),  # a meld missing
        (4, "5C 5D 5H 8C 8D 8S QC QD QH QS KS", ["5C 5D 5H", "8C 8D 8S", "QC QD QH QS"]),  # a set of 4 in round 4
    ],
)
def test_rr_11_anything_but_exactly_the_contract_is_refused(round: int, hand: str, melds: list[str]) -> None:
    game = at("play", hand, round=round)
    refuse(game, GoDown(seat=0, melds=melds), "RR-11")


# -- RR-12 going down in round 7 ----------------------------------------------------------------------


def test_rr_12_going_down_with_every_card_goes_out_and_ends_the_game() -> None:
    game = at("play", " ".join(RUNS_12), round=7)
    game.apply(GoDown(seat=0, melds=RUNS_12))
    assert last(game).went_out == 0 and last(game).scores == (0, *(FILLER_POINTS,) * 3)
    assert game.is_over and game.winners == (0,)


def test_rr_12_runs_may_be_longer_than_four() -> None:
    melds = ["3C 4D 5H 6S 7C", "8D 9H 10S JC", "JK QD KH AS"]
    game = at("play", " ".join(melds), round=7)
    game.apply(GoDown(seat=0, melds=melds))
    assert last(game).went_out == 0


def test_rr_12_going_down_with_all_but_one_card_then_discarding_it_goes_out() -> None:
    game = at("play", " ".join(RUNS_12) + " 2C", round=7)
    game.apply(GoDown(seat=0, melds=RUNS_12))
    assert held(game, 0) == cards("2C") and not game.is_over
    assert game.legal_actions(0) == [Discard(seat=0, card="2C")]
    game.apply(Discard(seat=0, card="2C"))
    assert last(game).went_out == 0 and last(game).scores[0] == 0 and game.is_over


def test_rr_12_a_claim_winner_reaches_the_twelve_cards_needed() -> None:
    game = window(FILLERS[0], "3C 4D 5H 6S 7C 8D 9H 10S JC QD", round=7, top="KH", drawn="9D", penalty="AS")
    play(game, Claim(seat=1), Pass(seat=2), Pass(seat=3), Discard(seat=0, card="9D"))
    assert len(game.hand(1)) == 12
    play(game, Draw(seat=1), Pass(seat=2), Pass(seat=3), Pass(seat=0))
    game.apply(GoDown(seat=1, melds=RUNS_12))
    game.apply(Discard(seat=1, card=game.hand(1)[0]))
    assert last(game).went_out == 1 and game.is_over


def test_rr_12_the_eleven_cards_of_an_ordinary_turn_cannot_go_down() -> None:
    game = at("play", "3C 4D 5H 6S 7C 8D 9H 10S JC QD KH", round=7)
    assert go_downs(game) == []
    refuse(game, GoDown(seat=0, melds=["3C 4D 5H 6S", "7C 8D 9H 10S", "JC QD KH"]), "RR-9")


def test_rr_12_leaving_two_cards_is_refused() -> None:
    game = at("play", " ".join(RUNS_12) + " 9C 5D", round=7)
    refuse(game, GoDown(seat=0, melds=RUNS_12), "RR-12")
    assert go_downs(game) == []


def test_rr_12_anything_but_three_runs_is_refused() -> None:
    game = at("play", "3C 4D 5H 6S 7C 8D 9H 10S KC KD KH AS", round=7)
    refuse(game, GoDown(seat=0, melds=["3C 4D 5H 6S", "7C 8D 9H 10S", "KC KD KH"]), "RR-12")
    game = at("play", "3C 4D 5H 6S 7C 8D 9H 10S JC QD KH AS", round=7)
    refuse(game, GoDown(seat=0, melds=["3C 4D 5H 6S 7C 8D 9H 10S", "JC QD KH AS"]), "RR-12")


# -- RR-13 once a round --------------------------------------------------------------------------------


def test_rr_13_after_going_down_no_go_down_is_offered_until_the_next_round() -> None:
    game = at("play", "9C 9D 9H QC QD QS KS", **GONE_DOWN)
    assert go_downs(game) == []
    game = at("play", "KS", **GONE_DOWN)
    game.apply(Discard(seat=0, card="KS"))
    assert game.round == 2 and view(game).went_down == (False,) * 4


def test_rr_13_going_down_again_on_a_later_turn_is_refused() -> None:
    game = at("play", "9C 9D 9H QC QD QS KS", **GONE_DOWN)
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H", "QC QD QS"]), "RR-13")


def test_rr_13_going_down_twice_in_one_turn_is_refused() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S 9C 9D 9H QC QD QS KS")
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    refuse(game, GoDown(seat=0, melds=["9C 9D 9H", "QC QD QS"]), "RR-13")


def test_rr_13_going_down_before_drawing_or_out_of_turn_is_refused() -> None:
    game = at("draw", "5C 5D 5H 8C 8D 8S KS", "5C 5D 5H 8C 8D 8S KS")
    refuse(game, GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]), "RR-14")
    refuse(game, GoDown(seat=1, melds=["5C 5D 5H", "8C 8D 8S"]), "G-2")


# -- RR-14 the draw ------------------------------------------------------------------------------------


def test_rr_14_drawing_takes_the_top_card_of_the_draw_pile() -> None:
    game = at("draw", stock="9C", discard="KH")
    stock = view(game).stock_size
    game.apply(Draw(seat=0))
    assert game.hand(0)[-1] == Card.parse("9C") and view(game).stock_size == stock - 1
    assert view(game).discard_top == Card.parse("KH")


def test_rr_14_taking_the_discard_takes_its_top_card() -> None:
    game = at("draw", stock="9C", discard="4D KH")
    game.apply(TakeDiscard(seat=0))
    v = view(game)
    assert game.hand(0)[-1] == Card.parse("KH") and v.taken == Card.parse("KH")
    assert (v.discard_top, game.phase, game.to_act) == (Card.parse("4D"), "play", (0,))


def test_rr_14_drawing_twice_is_refused() -> None:
    game = window()
    play(game, Pass(seat=1), Pass(seat=2), Pass(seat=3))
    refuse(game, Draw(seat=0), "RR-14")
    refuse(game, TakeDiscard(seat=0), "RR-14")
    game = at("draw", discard="4D KH")
    game.apply(TakeDiscard(seat=0))
    refuse(game, TakeDiscard(seat=0), "RR-14")
    refuse(game, Draw(seat=0), "RR-14")


def test_rr_14_playing_before_drawing_is_refused() -> None:
    game = at("draw", "KS 9S", went_down={0: 1}, table=[(1, "KC KD KH")])
    refuse(game, Discard(seat=0, card="KS"), "RR-14")
    refuse(game, LayOff(seat=0, card="KS", meld=0), "RR-14")


def test_rr_14_taking_from_an_empty_discard_pile_is_refused() -> None:
    game = at("draw", discard="")
    refuse(game, TakeDiscard(seat=0), "RR-14")


# -- RR-15 claims ------------------------------------------------------------------------------------------


def test_rr_15_every_other_seat_declares_once_in_turn_order_from_the_turn_player() -> None:
    game = window(turn=2)
    assert game.phase == "claim" and game.to_act == (3, 0, 1)
    assert game.legal_actions(2) == []
    assert game.legal_actions(3) == [Pass(seat=3), Claim(seat=3), Claim(seat=3, hmg=True)]
    game.apply(Pass(seat=0))
    assert list(game.to_act) == [3, 1]
    play(game, Claim(seat=1), Pass(seat=3))
    assert game.phase == "play" and list(game.to_act) == [2]


def test_rr_15_a_player_who_has_gone_down_may_claim_too() -> None:
    game = window(table=[(1, "8C 8D 8S"), (1, "QC QD QH")])
    play(game, Claim(seat=1), Pass(seat=2), Pass(seat=3))
    assert game.hand(1)[-2] == Card.parse("KH")


def test_rr_15_declaring_twice_is_refused() -> None:
    game = window()
    game.apply(Pass(seat=1))
    refuse(game, Claim(seat=1), "RR-15")
    refuse(game, Pass(seat=1), "RR-15")


def test_rr_15_the_turn_player_does_not_declare() -> None:
    game = window()
    refuse(game, Claim(seat=0), "RR-15")
    refuse(game, Pass(seat=0), "RR-15")


def test_rr_15_no_declaration_without_a_claim_window() -> None:
    game = at("draw", discard="4D KH")
    refuse(game, Claim(seat=1), "RR-15")
    game.apply(TakeDiscard(seat=0))
    assert game.phase == "play" and game.to_act == (0,)
    refuse(game, Claim(seat=1, hmg=True), "RR-15")
    refuse(game, Pass(seat=2), "RR-15")


# -- RR-16 claim priority -------------------------------------------------------------------------------


def test_rr_16_the_first_claimant_in_turn_order_from_the_turn_player_wins() -> None:
    game = window(turn=2)
    play(game, Claim(seat=0), Pass(seat=1), Claim(seat=3))
    claim = view(game).last_claim
    assert claim is not None and claim.winner == 3
    assert Card.parse("KH") in game.hand(3) and len(game.hand(0)) == 7


def test_rr_16_hmg_claimant_beats_earlier_plain_claimant() -> None:
    game = window()
    play(game, Claim(seat=1), Pass(seat=2), Claim(seat=3, hmg=True))
    claim = view(game).last_claim
    assert claim is not None and (claim.winner, claim.hmg) == (3, True)


def test_rr_16_among_hmg_claimants_turn_order_decides() -> None:
    game = window(turn=1)
    play(game, Claim(seat=0, hmg=True), Claim(seat=2), Claim(seat=3, hmg=True))
    claim = view(game).last_claim
    assert claim is not None and claim.winner == 3


def test_rr_16_when_everybody_passes_the_card_stays() -> None:
    game = window()
    play(game, Pass(seat=1), Pass(seat=2), Pass(seat=3))
    claim = view(game).last_claim
    assert claim is not None and claim.winner is None and view(game).discard_top == Card.parse("KH")


def test_rr_16_a_losing_claimant_cannot_claim_again() -> None:
    # Break: priority is the engine's; the closest refusal is a loser trying again once it is settled (RR-15).
    game = window()
    play(game, Claim(seat=1), Claim(seat=2), Pass(seat=3))
    refuse(game, Claim(seat=2, hmg=True), "RR-15")


# -- RR-17 penalty card ----------------------------------------------------------------------------------


def test_rr_17_the_winner_takes_the_card_and_a_penalty_card_from_the_draw_pile() -> None:
    game = window()
    play(game, Pass(seat=1), Claim(seat=2), Pass(seat=3))
    assert held(game, 2) == cards(FILLERS[2] + " KH QS")
    assert held(game, 0) == cards(FILLERS[0] + " 9C")
    claim = view(game).last_claim
    assert claim is not None
    assert (claim.turn, claim.card, claim.winner, claim.hmg, claim.penalty) == (0, Card.parse("KH"), 2, False, True)
    assert claim.declarations == ((1, Declaration.PASS), (2, Declaration.CLAIM), (3, Declaration.PASS))
    assert view(game).discard_top == Card.parse("4D")


def test_rr_17_only_the_winners_hmg_is_used_up() -> None:
    game = window()
    play(game, Claim(seat=1, hmg=True), Pass(seat=2), Claim(seat=3, hmg=True))
    assert view(game).hmg == (3, 2, 3, 3)


def test_rr_17_the_penalty_card_comes_from_the_standby_pile_when_the_draw_pile_is_empty() -> None:
    game = at("draw", discard="4D KH", stock="9C", standby="QS", leftover="discard")
    play(game, Draw(seat=0), Claim(seat=1), Pass(seat=2), Pass(seat=3))
    assert held(game, 1) == cards(FILLERS[1] + " KH QS")


def test_rr_17_the_turn_player_takes_no_penalty_for_taking_the_discard() -> None:
    game = at("draw", discard="4D KH")
    stock = view(game).stock_size
    game.apply(TakeDiscard(seat=0))
    assert held(game, 0) == cards(FILLERS[0] + " KH") and view(game).stock_size == stock


def test_rr_17_the_winners_hmg_is_spent_for_later_windows() -> None:
    # Break: the closest refusal is the spent HMG being used again (RR-18).
    game = window(hmg=[3, 1, 3, 3])
    play(game, Claim(seat=1, hmg=True), Pass(seat=2), Pass(seat=3), Discard(seat=0, card="3C"))
    play(game, Draw(seat=1), Pass(seat=2), Pass(seat=3), Pass(seat=0), Discard(seat=1, card="3D"), Draw(seat=2))
    refuse(game, Claim(seat=1, hmg=True), "RR-18")
    game.apply(Claim(seat=1))


# -- RR-18 HMGs ------------------------------------------------------------------------------------------


def test_rr_18_each_player_starts_with_three_hmgs_or_the_option() -> None:
    assert view(new()).hmg == (3, 3, 3, 3)
    assert view(new(hmg_per_player=1)).hmg == (1, 1, 1, 1)
    game = window(options={"hmg_per_player": 0})
    assert game.legal_actions(1) == [Pass(seat=1), Claim(seat=1)]


def test_rr_18_hmgs_are_kept_across_rounds() -> None:
    game = window(options={"max_turns_per_round": 5})
    play(game, Claim(seat=1, hmg=True), Pass(seat=2), Pass(seat=3), Discard(seat=0, card="9C"))
    assert game.round == 2 and view(game).hmg == (3, 2, 3, 3)


def test_rr_18_claiming_with_no_hmg_left_is_refused() -> None:
    game = window(hmg=[3, 0, 3, 3])
    refuse(game, Claim(seat=1, hmg=True), "RR-18")
    game.apply(Claim(seat=1))


def test_rr_18_a_negative_hmg_option_is_refused() -> None:
    # Break: the option is refused when the game is created, citing RR-18.
    with pytest.raises(InvalidOptionError) as err:
        new(hmg_per_player=-1)
    assert err.value.rule == "RR-18"


def test_rr_18_at_most_one_claim_per_turn() -> None:
    game = window()
    play(game, Claim(seat=1), Pass(seat=2), Pass(seat=3))
    refuse(game, Claim(seat=3, hmg=True), "RR-15")


# -- RR-19 after the draw ----------------------------------------------------------------------------------


def test_rr_19_after_the_draw_and_the_claim_the_turn_player_may_go_down() -> None:
    game = window("5C 5D 5H 8C 8D KS", drawn="8S")
    play(game, Claim(seat=1), Pass(seat=2), Pass(seat=3))
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    assert held(game, 0) == cards("KS") and view(game).went_down[0]


def test_rr_19_the_turn_player_may_not_act_while_the_others_declare() -> None:
    game = window("5C 5D 5H 8C 8D KS", drawn="8S")
    game.apply(Pass(seat=1))
    refuse(game, GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]), "RR-19")
    refuse(game, Discard(seat=0, card="KS"), "RR-19")
    refuse(game, Draw(seat=0), "RR-19")


def test_rr_19_laying_off_waits_for_the_turn_after_going_down() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S 5S KS")
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    refuse(game, LayOff(seat=0, card="5S", meld=0), "RR-20")
    play(game, Discard(seat=0, card="KS"), *turn_of(game, 1), *turn_of(game, 2), *turn_of(game, 3))
    play(game, Draw(seat=0), Pass(seat=1), Pass(seat=2), Pass(seat=3), LayOff(seat=0, card="5S", meld=0))
    assert table(game)[0] == "5C 5D 5H 5S"


# -- RR-20 laying off -----------------------------------------------------------------------------------

LAY_OFF_TABLE = [(0, "5C 5D 5H"), (0, "6C 7C 8H 9H"), (1, "KC KD KS"), (1, "9D 10D JD QD")]


def lay_off_position(**position: Any) -> Game:
    return at("play", "5S 10C KH 8S JK AS", round=2, table=LAY_OFF_TABLE, **position)


def test_rr_20_lay_off_on_own_and_other_players_melds() -> None:
    game = lay_off_position()
    play(
        game,
        LayOff(seat=0, card="5S", meld=0),
        LayOff(seat=0, card="10C", meld=1),
        LayOff(seat=0, card="KH", meld=2),
        LayOff(seat=0, card="8S", meld=3),
    )
    assert table(game) == ["5C 5D 5H 5S", "6C 7C 8H 9H 10C", "KC KD KS KH", "8S 9D 10D JD QD"]
    assert [table_meld.owner for table_meld in view(game).table] == [0, 0, 1, 1]


def test_rr_20_a_natural_card_says_nothing_about_the_end_and_is_recorded_with_it() -> None:
    game = lay_off_position()
    game.apply(LayOff(seat=0, card="10C", meld=1))
    assert game.record.actions[-1] == LayOff(seat=0, card="10C", meld=1, end="high")


def test_rr_20_lay_offs_are_listed_for_each_meld_and_end() -> None:
    game = lay_off_position()
    lay_offs = [a for a in game.legal_actions(0) if isinstance(a, LayOff)]
    assert LayOff(seat=0, card="JK", meld=3, end="low") in lay_offs
    assert LayOff(seat=0, card="JK", meld=3, end="high") in lay_offs
    assert LayOff(seat=0, card="KH", meld=2) in lay_offs and LayOff(seat=0, card="AS", meld=3) not in lay_offs


def test_rr_20_laying_off_on_the_turn_of_going_down_is_refused() -> None:
    game = lay_off_position(went_down={0: 5})
    refuse(game, LayOff(seat=0, card="5S", meld=0), "RR-20")
    assert not [a for a in game.legal_actions(0) if isinstance(a, LayOff)]


def test_rr_20_laying_off_without_having_gone_down_is_refused() -> None:
    game = at("play", "5S 9S", table=[(1, "5C 5D 5H")])
    refuse(game, LayOff(seat=0, card="5S", meld=0), "RR-20")


def test_rr_20_laying_off_a_card_not_held_or_on_no_meld_is_refused() -> None:
    game = lay_off_position()
    refuse(game, LayOff(seat=0, card="5C", meld=0), "RR-20")
    refuse(game, LayOff(seat=0, card="5S", meld=4), "RR-20")


# -- RR-21 the discard -------------------------------------------------------------------------------------


def test_rr_21_a_discard_ends_the_turn() -> None:
    game = at("play")
    game.apply(Discard(seat=0, card="9S"))
    v = view(game)
    assert (v.discard_top, v.turn, v.turn_number, v.phase, v.to_act) == (Card.parse("9S"), 1, 6, "draw", (1,))
    assert held(game, 0) == cards("3C 5D 7H JC KD AH")


def test_rr_21_the_card_taken_from_the_discard_pile_may_not_be_discarded() -> None:
    game = at("play", "3C 5D 7H KH", taken="KH")
    refuse(game, Discard(seat=0, card="KH"), "RR-21")
    assert Discard(seat=0, card="KH") not in game.legal_actions(0)


def test_rr_21_a_card_not_in_hand_may_not_be_discarded() -> None:
    game = at("play")
    refuse(game, Discard(seat=0, card="QH"), "RR-21")


def test_rr_21_option_may_discard_taken_card_lifts_it() -> None:
    game = at("play", "3C 5D 7H KH", taken="KH", options={"may_discard_taken_card": True})
    game.apply(Discard(seat=0, card="KH"))
    assert view(game).discard_top == Card.parse("KH")


# -- RR-22 going out ---------------------------------------------------------------------------------------


def test_rr_22_discarding_the_last_card_goes_out() -> None:
    game = at("play", "9C", round=2, table=[(0, "5C 5D 5H"), (0, "8C 9D 10S JH")])
    game.apply(Discard(seat=0, card="9C"))
    assert last(game).went_out == 0 and "RR-22" in last(game).reason
    assert last(game).scores == (0, *(FILLER_POINTS,) * 3) and game.round == 3


def test_rr_22_laying_off_the_last_card_goes_out() -> None:
    game = at("play", "5S", **GONE_DOWN)
    game.apply(LayOff(seat=0, card="5S", meld=0))
    assert last(game).went_out == 0 and game.round == 2


@pytest.mark.parametrize(
    ("round", "melds"),
    [
        (3, ["3C 4D 5H 6S", "9C 10D JH QS"]),
        (6, ["5C 5D 5H", "6S 7H 8C 9D", "10D JH QS KS"]),
    ],
)
def test_rr_22_going_down_with_the_whole_hand_goes_out(round: int, melds: list[str]) -> None:
    game = at("play", " ".join(melds), round=round)
    game.apply(GoDown(seat=0, melds=melds))
    assert last(game).went_out == 0 and last(game).scores[0] == 0 and game.round == round + 1


def test_rr_22_the_round_ends_at_once() -> None:
    # Break: going out ends the round; the seat that was next may not go on (the new round starts, RR-2).
    game = at("play", FILLERS[0], "9C", turn=1, players=3, table=[(1, "5C 5D 5H"), (1, "8C 8D 8S")])
    game.apply(Discard(seat=1, card="9C"))
    assert game.round == 2 and game.turn == 1
    refuse(game, Draw(seat=2), "RR-2")


# -- RR-30 scoring -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [
        *((f"{rank}H", 5) for rank in "3456789"),
        *((f"{rank}S", 10) for rank in ("10", "J", "Q", "K")),
        ("AD", 15),
        ("2C", 20),
        ("JK", 50),
    ],
)
def test_rr_30_points_of_a_card_left_in_hand(card: str, points: int) -> None:
    game = at("play", "9C", card, players=2, **GONE_DOWN)
    game.apply(Discard(seat=0, card="9C"))
    assert last(game).scores == (0, points)


def test_rr_30_the_cards_left_in_hand_add_up_and_totals_accumulate() -> None:
    game = at("play", "9C", "3H 9C 10D JS QH KC AD 2S JK", players=3, **GONE_DOWN)
    game.state.totals = [10, 20, 30]
    game.apply(Discard(seat=0, card="9C"))
    assert last(game).scores == (0, 135, FILLER_POINTS)
    assert last(game).totals == game.scores == (10, 155, 30 + FILLER_POINTS)


def test_rr_30_a_scored_hand_cannot_be_shed_afterwards() -> None:
    # Break: scoring is the engine's; once the round is scored the loser may not discard its joker (RR-14:
    # the new round starts with a draw).
    game = at("play", "9C", "JK 9S", players=2, **GONE_DOWN)
    game.apply(Discard(seat=0, card="9C"))
    assert last(game).scores == (0, 55) and game.turn == 1
    refuse(game, Discard(seat=1, card=game.hand(1)[0]), "RR-14")


# -- RR-31 winning ---------------------------------------------------------------------------------------


def last_round_won_by_seat_0(totals: list[int]) -> Game:
    """Round 7 with ``totals`` before it: seat 0 goes down with its whole hand; the others score 55."""
    game = at("play", " ".join(RUNS_12), round=7)
    game.state.totals = totals
    assert not game.winners
    game.apply(GoDown(seat=0, melds=RUNS_12))
    return game


def test_rr_31_after_round_7_the_lowest_total_wins() -> None:
    game = last_round_won_by_seat_0([100, 80, 90, 120])
    assert game.is_over and game.scores == (100, 135, 145, 175) and game.winners == (0,)


def test_rr_31_equal_lowest_totals_share_the_win() -> None:
    game = last_round_won_by_seat_0([100, 45, 90, 200])
    assert game.scores == (100, 100, 145, 255) and game.winners == (0, 1)


def test_rr_31_a_whole_game_ends_after_seven_rounds_with_the_lowest_total_winning() -> None:
    game = new(3, max_turns_per_round=2)
    while not game.is_over:
        one_turn(game)
    assert len(game.history) == 7
    assert game.winners == tuple(seat for seat, total in enumerate(game.scores) if total == min(game.scores))


def test_rr_31_the_lowest_total_wins_when_max_rounds_ends_the_game_early() -> None:
    game = at("play", "9C", options={"max_rounds": 1}, **GONE_DOWN)
    game.apply(Discard(seat=0, card="9C"))
    assert game.is_over and len(game.history) == 1 and game.winners == (0,)


def test_rr_31_no_action_once_the_game_is_over() -> None:
    # Break: the result is final; any action after round 7 is refused (G-0).
    game = last_round_won_by_seat_0([0, 0, 0, 0])
    before = game.copy()
    with pytest.raises(GameOverError) as err:
        game.apply(Draw(seat=game.turn))
    assert err.value.rule == "G-0" and game == before


# -- G-1 the turn cap ---------------------------------------------------------------------------------------


def test_g_1_a_round_that_reaches_the_turn_cap_ends_with_nobody_out() -> None:
    game = at("play", FILLERS[0] + " 4C", turn_number=2, options={"max_turns_per_round": 2})
    game.apply(Discard(seat=0, card="4C"))
    assert last(game).went_out is None and "G-1" in last(game).reason
    assert last(game).scores == (FILLER_POINTS,) * 4 and game.round == 2


def test_g_1_below_the_turn_cap_the_round_goes_on() -> None:
    game = at("play", FILLERS[0] + " 4C", turn_number=1, options={"max_turns_per_round": 2})
    game.apply(Discard(seat=0, card="4C"))
    assert game.round == 1 and game.turn == 1 and game.history == ()


def test_g_1_a_turn_cap_below_one_is_refused() -> None:
    # Break: the option is refused when the game is created, citing G-1.
    with pytest.raises(InvalidOptionError) as err:
        new(max_turns_per_round=0)
    assert err.value.rule == "G-1"


# -- G-2 seats and turns ------------------------------------------------------------------------------------


def test_g_2_the_turn_passes_to_the_next_seat_wrapping() -> None:
    game = at("play", turn=3)
    game.apply(Discard(seat=3, card="3S"))
    assert game.turn == 0 and game.to_act == (0,)


def test_g_2_acting_out_of_turn_is_refused() -> None:
    game = at("draw")
    refuse(game, Draw(seat=2), "G-2")
    refuse(game, TakeDiscard(seat=1), "G-2")
    game = window()
    refuse(game, Draw(seat=1), "G-2")
    refuse(game, Discard(seat=2, card="3H"), "G-2")


# -- G-4 able to end the turn ------------------------------------------------------------------------------


def test_g_4_a_go_down_that_leaves_only_the_taken_card_is_refused() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS", taken="KS")
    refuse(game, GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]), "G-4")
    assert go_downs(game) == []


def test_g_4_a_lay_off_that_leaves_only_the_taken_card_is_refused() -> None:
    game = at("play", "5S KS", taken="KS", **GONE_DOWN)
    refuse(game, LayOff(seat=0, card="5S", meld=0), "G-4")
    assert game.legal_actions(0) == [Discard(seat=0, card="5S")]


def test_g_4_a_round_7_go_down_leaving_only_the_taken_card_is_refused() -> None:
    game = at("play", " ".join(RUNS_12) + " JK", round=7, taken="JK")
    refuse(game, GoDown(seat=0, melds=RUNS_12), "G-4")


def test_g_4_a_go_down_that_uses_the_taken_card_or_keeps_another_is_allowed() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS", taken="5H")
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    assert held(game, 0) == cards("KS")
    game = at("play", "5C 5D 5H 8C 8D 8S KS QS", taken="KS")
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    assert game.legal_actions(0) == [Discard(seat=0, card="QS")]


def test_g_4_with_may_discard_taken_card_the_go_down_is_allowed() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS", taken="KS", options={"may_discard_taken_card": True})
    assert go_downs(game)
    play(game, GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]), Discard(seat=0, card="KS"))
    assert last(game).went_out == 0


# -- G-5 several melds, wild ranks ------------------------------------------------------------------------


def test_g_5_several_melds_go_down_in_one_action_and_a_wild_stands_for_its_place() -> None:
    game = at("play", "4H JK 6S 7D 9C 10C 2D QC KS", round=3)
    game.apply(GoDown(seat=0, melds=["4H JK 6S 7D", "9C 10C 2D QC"]))
    assert len(game.record.actions) == 1
    assert table(game) == ["4H JK(5) 6S 7D", "9C 10C 2D(J) QC"]


def test_g_5_a_wild_card_laid_off_on_a_run_extends_the_end_it_names() -> None:
    game = lay_off_position()
    game.apply(LayOff(seat=0, card="JK", meld=3, end="low"))
    assert table(game)[3] == "JK(8) 9D 10D JD QD"
    game = lay_off_position()
    game.apply(LayOff(seat=0, card="JK", meld=3, end="high"))
    assert table(game)[3] == "9D 10D JD QD JK(K)"


def test_g_5_a_wild_card_laid_off_on_a_run_without_an_end_is_refused() -> None:
    game = lay_off_position()
    err = refuse(game, LayOff(seat=0, card="JK", meld=3), "G-5")
    assert "which end" in str(err)


def test_g_5_a_run_listed_high_to_low_is_refused() -> None:
    game = at("play", "4H 5H 6S 7D 9C 10C JC QC KS", round=3)
    refuse(game, GoDown(seat=0, melds=["7D 6S 5H 4H", "9C 10C JC QC"]), "RR-9")


# -- RR-C1 sealed claims ---------------------------------------------------------------------------------


def test_rr_c1_views_during_the_window_show_who_declared_not_what() -> None:
    claimed, passed = window(), window()
    claimed.apply(Claim(seat=1, hmg=True))
    passed.apply(Pass(seat=1))
    for seat in (None, 0, 2, 3):
        assert view(claimed, seat) == view(passed, seat)
    assert view(claimed, 2).declared == (1,) and claimed.to_act == (2, 3)
    assert Claim(seat=1, hmg=True) in view(claimed, 1).log  # a seat knows its own declaration
    play(claimed, Pass(seat=2), Pass(seat=3))
    claim = view(claimed, 2).last_claim
    assert view(claimed, 2).declared == () and claim is not None and claim.declarations[0] == (1, Declaration.HMG)
    assert Claim(seat=1, hmg=True) in view(claimed, 2).log


def test_rr_c1_a_sealed_declaration_cannot_be_changed() -> None:
    # Break: a seat that has declared may not declare again to change it (RR-15).
    game = window()
    game.apply(Pass(seat=1))
    refuse(game, Claim(seat=1, hmg=True), "RR-15")


# -- RR-C2 the taken card is a physical card ------------------------------------------------------------


def test_rr_c2_another_copy_of_the_taken_face_may_be_discarded() -> None:
    game = at("play", "3C 5D KH KH", taken="KH")
    taken = game.state.taken
    game.apply(Discard(seat=0, card="KH"))
    assert taken in game.state.hands[0] and game.state.piles["discard"][-1] != taken
    assert view(game).discard_top == Card.parse("KH")


def test_rr_c2_a_play_that_could_use_either_copy_uses_the_taken_card() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS 5H", taken="5H")
    taken = game.state.taken
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    assert taken in view(game).table[0].ids
    assert held(game, 0) == cards("5H KS") and Discard(seat=0, card="5H") in game.legal_actions(0)


def test_rr_c2_a_lay_off_that_could_use_either_copy_uses_the_taken_card() -> None:
    game = at("play", "KH KH", taken="KH", went_down={0: 1}, table=[(1, "KC KD KS")])
    taken = game.state.taken
    game.apply(LayOff(seat=0, card="KH", meld=0))
    assert taken in view(game).table[0].ids
    game.apply(Discard(seat=0, card="KH"))
    assert last(game).went_out == 0


def test_rr_c2_the_taken_card_itself_may_not_be_discarded() -> None:
    game = at("play", "3C 5D 5H KH", taken="5H")
    refuse(game, Discard(seat=0, card="5H"), "RR-21")


# -- RR-C3 no claim on an empty pile --------------------------------------------------------------------


def test_rr_c3_drawing_with_an_empty_discard_pile_opens_no_claim_window() -> None:
    game = at("draw", discard="", stock="9C")
    game.apply(Draw(seat=0))
    assert game.phase == "play" and game.to_act == (0,) and game.hand(0)[-1] == Card.parse("9C")


def test_rr_c3_an_empty_discard_pile_cannot_be_claimed_or_taken() -> None:
    game = at("draw", discard="")
    refuse(game, TakeDiscard(seat=0), "RR-14")
    game.apply(Draw(seat=0))
    refuse(game, Claim(seat=1), "RR-15")


def test_rr_c3_a_claim_that_takes_the_last_discard_leaves_the_pile_empty() -> None:
    game = at("draw", discard="KH", stock="9C QS")
    play(game, Draw(seat=0), Claim(seat=1), Pass(seat=2), Pass(seat=3))
    assert view(game).discard_size == 0 and view(game).discard_top is None


# -- RR-C4 suits never matter in a go-down --------------------------------------------------------------


def test_rr_c4_a_go_down_naming_other_suits_is_carried_out_in_canonical_suits() -> None:
    game = at("play", "5C 5D 5H 5S 8C 8D 8S 8H KS")
    game.apply(GoDown(seat=0, melds=["8H 8S 8D", "5S 5H 5D"]))
    assert game.record.actions[-1] == GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8H"])
    assert table(game) == ["5C 5D 5H", "8C 8D 8H"] and held(game, 0) == cards("5S 8S KS")


def test_rr_c4_a_2_is_a_2_whatever_its_suit() -> None:
    game = at("play", "5D 5H 2C 2S 8C 8D 8S KS")
    game.apply(GoDown(seat=0, melds=["5D 5H 2S", "8C 8D 8S"]))
    assert game.record.actions[-1] == GoDown(seat=0, melds=["5D 5H 2C", "8C 8D 8S"])
    assert held(game, 0) == cards("2S KS")


def test_rr_c4_legal_actions_list_each_go_down_once() -> None:
    game = at("play", "5C 5D 5H 5S 6C 6D 7H 7S 8C 8D 9H 9S 10C JK 2C", round=6)
    downs = go_downs(game)
    by_ranks = [tuple(tuple(card.rank for card in meld) for meld in action.melds) for action in downs]
    assert downs and len(set(by_ranks)) == len(by_ranks)
    assert all(game.check(action) == action for action in downs)


def test_rr_c4_a_go_down_naming_cards_not_in_hand_is_refused() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS")
    refuse(game, GoDown(seat=0, melds=["5C 5D 5S", "8C 8D 8S"]), "RR-11")
