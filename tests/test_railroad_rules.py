"""RailRoad Rummy rule by rule (RULES.md RR-1 … RR-31, the clarifications RR-C1 … RR-C4, and the common
rules G-0 to G-7 as this variant applies them).

Every rule has tests that play it as written, through the public API, and tests that break it: the
action is refused with ``IllegalActionError`` citing that very rule, and the game is left unchanged.
The rules the engine carries out by itself (dealing RR-4, the schedule RR-10, who wins a claim RR-16,
the penalty card RR-17, going out RR-22, scoring RR-30, winning RR-31) are played from stacked shoes
and positions instead, against cards and numbers worked out by hand from RULES.md in the test.

Positions come from ``tests.support.arrange``, which loads them through the public position loader.
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
    format_cards,
    parse_cards,
)
from rummykit.core.shoe import decks
from rummykit_variants.railroad_rummy import Claim, Declaration, Pass, RailroadRummyView
from tests.support import arrange, play, refuse, stacked_shoe

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
    return arrange(
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
    # A stacked shoe is a bad position (InvalidPositionError, no rule refusal) unless it is RR-3's 216 cards.
    shoe: list[Card | str] = list(decks(4, jokers_per_deck=2))
    for wrong in (shoe[:-1], [*shoe, "JK"]):
        with pytest.raises(InvalidPositionError) as err:
            rummykit.new_game("railroad-rummy", players=3, shoe=wrong)
        assert "216 cards" in str(err.value)


# -- RR-4 the deal ---------------------------------------------------------------------------------


# The top of a stacked shoe for three players, in draw order: 21 cards to deal, then KS, then QS.
DEAL_3 = "3C 3D 3H 4C 4D 4H 5C 5D 5H 6C 6D 6H 7C 7D 7H 8C 8D 8H 9C 9D 9H KS QS"
CLUBS_3_TO_9, DIAMONDS_3_TO_9, HEARTS_3_TO_9 = "3C 4C 5C 6C 7C 8C 9C", "3D 4D 5D 6D 7D 8D 9D", "3H 4H 5H 6H 7H 8H 9H"


@pytest.mark.parametrize(
    ("dealer", "hands"),
    [
        # The seat after the dealer is dealt the 1st, 4th, 7th … card (the clubs), the next seat the 2nd,
        # 5th, 8th … (the diamonds), the dealer the 3rd, 6th, 9th … (the hearts): 7 cards each (RR-10).
        (2, (CLUBS_3_TO_9, DIAMONDS_3_TO_9, HEARTS_3_TO_9)),
        (0, (HEARTS_3_TO_9, CLUBS_3_TO_9, DIAMONDS_3_TO_9)),
        (1, (DIAMONDS_3_TO_9, HEARTS_3_TO_9, CLUBS_3_TO_9)),
    ],
)
def test_rr_4_deal_one_card_at_a_time_from_the_starting_player_then_turn_up_a_discard(
    dealer: int, hands: tuple[str, str, str]
) -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=1, dealer=dealer, shoe=stacked_shoe(DEAL_3))
    assert tuple(format_cards(game.hand(seat)) for seat in range(3)) == hands
    v = view(game)
    # The 22nd card, KS, starts the discard pile; the draw pile keeps 108 - 21 - 1 = 86; the standby pile 108.
    assert (v.discard_top, v.discard_size, v.stock_size, v.standby_size) == (Card.parse("KS"), 1, 86, 108)
    starter = (dealer + 1) % 3
    game.apply(Draw(seat=starter))
    assert game.hand(starter)[-1] == Card.parse("QS")  # the 23rd card is the top of the draw pile


def test_rr_4_the_card_after_the_deal_is_turned_up_for_the_starting_player_to_take() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=1, dealer=0, shoe=stacked_shoe(DEAL_3))
    game.apply(TakeDiscard(seat=1))
    # Seat 1 takes the turned-up KS: its 7 clubs and the KS; the discard pile is empty.
    assert format_cards(game.hand(1)) == CLUBS_3_TO_9 + " KS"
    assert (view(game).taken, view(game).discard_size) == (Card.parse("KS"), 0)


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


def test_rr_5_with_the_discard_pile_empty_too_a_draw_ends_the_round_with_nobody_out() -> None:
    wilds = ("2C 2C 2C 2C 2D 2D 2D 2D", "2H 2H 2H 2H 2S 2S 2S 2S", "JK JK JK JK JK JK JK JK")
    game = at("draw", *wilds, players=3, table=ALL_NATURALS)
    assert view(game).discard_size == view(game).stock_size == view(game).standby_size == 0
    game.apply(Draw(seat=0))
    # RR-30: eight 2s are 8 × 20 = 160, eight jokers 8 × 50 = 400.
    assert last(game).went_out is None and "RR-5" in last(game).reason
    assert last(game).scores == (160, 160, 400)


# -- RR-6 wild cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize("wild", ["2C", "2D", "2H", "2S", "JK"])
def test_rr_6_every_2_and_every_joker_is_wild(wild: str) -> None:
    game = at("play", f"5C 5D {wild} 8C 8D 8S KS")
    game.apply(GoDown(seat=0, melds=[f"5C 5D {wild}", "8C 8D 8S"]))
    assert table(game) == [f"5C 5D {wild}(5)", "8C 8D 8S"]


@pytest.mark.parametrize("wild", ["2H", "JK"])
def test_rr_6_a_2_in_a_run_is_wild_like_a_joker_standing_for_the_rank_of_its_place(wild: str) -> None:
    # A 2 below 4H 5H 6H is no natural 2 (RR-9 has no 2): it is wild and stands for the 3 (G-5).
    game = at("play", f"{wild} 4H 5H 6H 8C 8D 8S KS", round=2)
    game.apply(GoDown(seat=0, melds=["8C 8D 8S", f"{wild} 4H 5H 6H"]))
    assert table(game) == ["8C 8D 8S", f"{wild}(3) 4H 5H 6H"]


# -- RR-7 at most 50% wild --------------------------------------------------------------------------


def test_rr_7_a_meld_may_be_half_wild() -> None:
    game = at("play", "4H JK 6S 2D 9C 10C JK QC KS", round=3)
    game.apply(GoDown(seat=0, melds=["4H JK 6S 2D", "9C 10C JK QC"]))
    assert table(game) == ["4H JK(5) 6S 2D(7)", "9C 10C JK(J) QC"]


def test_rr_7_a_meld_laid_down_with_more_wild_than_natural_cards_is_refused() -> None:
    game = at("play", "5C JK 2C 8C 8D 8S KS")
    refuse(game, GoDown(seat=0, melds=["5C JK 2C", "8C 8D 8S"]), "RR-7")


def test_rr_7_a_set_of_2s_is_all_wild_cards_and_is_refused() -> None:
    # Every 2 is wild (RR-6): "2C 2D 2H" holds 3 wild cards and no natural card.
    game = at("play", "2C 2D 2H 8C 8D 8S KS")
    refuse(game, GoDown(seat=0, melds=["2C 2D 2H", "8C 8D 8S"]), "RR-7")


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
        "2H 3H 4H 5H",  # a 2 is wild (RR-6), never a natural 2: nothing below 3 either
    ],
)
def test_rr_9_a_run_that_is_not_four_consecutive_ranks_within_3_to_ace_is_refused(run: str) -> None:
    game = at("play", f"{run} 9C 10C JC QC KS", round=3)
    refuse(game, GoDown(seat=0, melds=[run, "9C 10C JC QC"]), "RR-9")


def test_g_5_a_run_listed_high_to_low_is_refused() -> None:
    # 4H 5H 6S 7D is a run (RR-9); only the order it is named in breaks G-5 (low to high), so G-5 is
    # the most specific rule (G-7).
    game = at("play", "4H 5H 6S 7D 9C 10C JC QC KS", round=3)
    err = refuse(game, GoDown(seat=0, melds=["7D 6S 5H 4H", "9C 10C JC QC"]), "G-5")
    assert "4H 5H 6S 7D" in err.reason


def test_rr_9_a_card_that_does_not_extend_a_run_cannot_join_it() -> None:
    game = at("play", "QS 9S", went_down={0: 1}, table=[(1, "4H 5D 6S 7D")])
    refuse(game, LayOff(seat=0, card="QS", meld=0), "RR-9")


# -- RR-10 the seven rounds ---------------------------------------------------------------------------


# The top of every round's shoe in the seven-round games below (2 players, RR-4): the starting player
# is dealt the clubs, the other seat the diamonds, then come the up-card and the starting player's draw.
# 7-card rounds: 3C..9C and 3D..9D, up-card 10C, draw 10D; 10-card rounds: 3C..QC and 3D..QD, up-card KS,
# draw AS.
SEVEN_ROUNDS_SHOE = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D 10C 10D JC JD QC QD KS AS"
RoundSeen = tuple[int, int, int, int, str, str, str, str]


def seven_quiet_rounds(*, discard_drawn: bool) -> tuple[Game, list[RoundSeen]]:
    """A 2-player game of seven one-turn rounds (``max_turns_per_round`` 1, G-1), each dealt from the
    same stacked shoe, seat 1 dealing round 1. In each round the starting player draws, the other
    passes, and the starting player discards the card drawn (``discard_drawn``) or its 3C.

    Returns the game and, per round: the round, dealer, starting player, hand size, the starting
    player's hand, the other's, the up-card and the contract.
    """
    shoe = stacked_shoe(SEVEN_ROUNDS_SHOE)
    game = rummykit.new_game(
        "railroad-rummy", players=2, seed=7, dealer=1, shoes=[shoe] * 7, options={"max_turns_per_round": 1}
    )
    seen: list[RoundSeen] = []
    while not game.is_over:
        v = view(game)
        starter, other = game.turn, 1 - game.turn
        hands = format_cards(game.hand(starter)), format_cards(game.hand(other))
        seen.append(
            (v.round, game.dealer, starter, v.hand_size, *hands, str(v.discard_top), (v.contract or "").split(",")[0])
        )
        play(game, Draw(seat=starter), Pass(seat=other))
        game.apply(Discard(seat=starter, card=game.hand(starter)[-1] if discard_drawn else Card.parse("3C")))
    return game, seen


def test_rr_10_seven_rounds_with_their_hand_sizes_and_contracts() -> None:
    game, seen = seven_quiet_rounds(discard_drawn=False)
    seven = (7, "3C 4C 5C 6C 7C 8C 9C", "3D 4D 5D 6D 7D 8D 9D", "10C")
    ten = (10, "3C 4C 5C 6C 7C 8C 9C 10C JC QC", "3D 4D 5D 6D 7D 8D 9D 10D JD QD", "KS")
    # The dealer moves one seat each round (RR-2): seat 0 starts rounds 1, 3, 5, 7, seat 1 rounds 2, 4, 6.
    assert seen == [
        (1, 1, 0, *seven, "2 sets"),
        (2, 0, 1, *seven, "1 set + 1 run"),
        (3, 1, 0, *seven, "2 runs"),
        (4, 0, 1, *ten, "3 sets"),
        (5, 1, 0, *ten, "2 sets + 1 run"),
        (6, 0, 1, *ten, "1 set + 2 runs"),
        (7, 1, 0, *ten, "3 runs"),
    ]
    assert [result.round for result in game.history] == [1, 2, 3, 4, 5, 6, 7] and game.is_over


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


@pytest.mark.parametrize(
    ("round", "hand", "melds"),
    [
        (2, "5C 5D 5H 8C 8D 8S KS", ["5C 5D 5H", "8C 8D 8S"]),
        (3, "5C 5D 5H 8C 9D 10S JH KS", ["5C 5D 5H", "8C 9D 10S JH"]),
        (1, "3C 4D 5H 6S 8C 9D 10S JH KS", ["3C 4D 5H 6S", "8C 9D 10S JH"]),
        (5, "5C 5D 5H 8C 8D 8S QC QD QH KS", ["5C 5D 5H", "8C 8D 8S", "QC QD QH"]),
    ],
)
def test_rr_11_a_contract_of_another_round_is_refused(round: int, hand: str, melds: list[str]) -> None:
    # Each hand meets another round's contract (RR-10) but not this round's.
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
    # Three runs of 4 or more need 12 cards; 11 make at most 2 runs that use every card.
    game = at("play", "3C 4D 5H 6S 7C 8D 9H 10S JC QD KH", round=7)
    assert go_downs(game) == []
    refuse(game, GoDown(seat=0, melds=["3C 4D 5H 6S 7C 8D", "9H 10S JC QD KH"]), "RR-12")


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


@pytest.mark.parametrize("phase", ["draw", "claim", "play"])
def test_rr_13_a_seat_that_went_down_may_not_go_down_again_whoevers_turn_it_is(phase: str) -> None:
    # G-7: seat 1 went down on turn 1; on seat 0's turn its second go-down is refused under RR-13 (not G-2).
    game = at(phase, FILLERS[0], "9C 9D 9H QC QD QS KS", discard="4D", table=[(1, "5C 5D 5H"), (1, "8C 8D 8S")])
    refuse(game, GoDown(seat=1, melds=["9C 9D 9H", "QC QD QS"]), "RR-13")


# -- RR-14 the draw ------------------------------------------------------------------------------------


def test_rr_14_going_down_before_drawing_is_refused() -> None:
    game = at("draw", "5C 5D 5H 8C 8D 8S KS")
    refuse(game, GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]), "RR-14")


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
    refuse(game, Claim(seat=1, hmg=True), "RR-15")  # a sealed declaration cannot be changed either (RR-C1)
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


def claim_from_a_stacked_shoe(starter: int, *declarations: str) -> Game:
    """4 players, each seat dealt its filler from a stacked shoe, ``starter`` to play: it draws 10C
    from the draw pile (2S and 10D lie under it), and the others declare on the up-card QH in turn
    order from the starter: "pass", "claim" or "hmg"."""
    dealt = [FILLERS[(starter + step) % 4] for step in range(4)]
    shoe = stacked_shoe(*dealt, up="QH", stock="10C 2S 10D")
    game = rummykit.new_game("railroad-rummy", players=4, seed=1, dealer=(starter - 1) % 4, shoe=shoe)
    game.apply(Draw(seat=starter))
    for step, declared in enumerate(declarations, start=1):
        seat = (starter + step) % 4
        game.apply(Pass(seat=seat) if declared == "pass" else Claim(seat=seat, hmg=declared == "hmg"))
    return game


@pytest.mark.parametrize(
    ("starter", "declarations", "winner", "hmg"),
    [
        (0, ("claim", "claim", "claim"), 1, (3, 3, 3, 3)),  # seats 1, 2, 3 claim: seat 1 is first after seat 0
        (0, ("pass", "pass", "claim"), 3, (3, 3, 3, 3)),
        (2, ("pass", "claim", "claim"), 0, (3, 3, 3, 3)),  # from seat 2 the order is 3, 0, 1
        (0, ("claim", "pass", "hmg"), 3, (3, 3, 3, 2)),  # an HMG jumps ahead of seat 1's plain claim
        (2, ("claim", "hmg", "hmg"), 0, (2, 3, 3, 3)),  # among HMG users (0, 1) turn order from seat 2 decides
        (1, ("hmg", "pass", "claim"), 2, (3, 3, 2, 3)),  # from seat 1 the order is 2, 3, 0
    ],
)
def test_rr_16_who_wins_a_claim_dealt_from_a_stacked_shoe(
    starter: int, declarations: tuple[str, str, str], winner: int, hmg: tuple[int, int, int, int]
) -> None:
    game = claim_from_a_stacked_shoe(starter, *declarations)
    claim = view(game).last_claim
    assert claim is not None and claim.winner == winner and view(game).hmg == hmg
    # The winner holds its 7 dealt cards, the claimed QH and the penalty 2S (RR-17); the others their 7
    # (the starter 8, with the 10C it drew).
    for seat in range(4):
        extra = " QH 2S" if seat == winner else " 10C" if seat == starter else ""
        assert format_cards(game.hand(seat)) == FILLERS[seat] + extra, seat


def test_rr_16_when_nobody_claims_from_a_stacked_shoe_the_card_stays() -> None:
    game = claim_from_a_stacked_shoe(3, "pass", "pass", "pass")
    claim = view(game).last_claim
    assert claim is not None and claim.winner is None
    assert (view(game).discard_top, view(game).hand_sizes) == (Card.parse("QH"), (7, 7, 7, 8))


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


def test_rr_17_the_penalty_card_is_the_next_card_of_the_draw_pile_from_a_stacked_shoe() -> None:
    game = claim_from_a_stacked_shoe(0, "pass", "claim", "pass")
    # Seat 0 drew the 10C; seat 2 takes the QH and the next card, 2S, face down; 10D is now on top.
    assert format_cards(game.hand(2)) == FILLERS[2] + " QH 2S"
    # The draw pile: 108 - 28 dealt - 1 turned up - 1 drawn - 1 penalty = 77; the QH was the whole discard pile.
    assert (view(game).stock_size, view(game).discard_size) == (77, 0)
    play(game, Discard(seat=0, card="3C"), Draw(seat=1))
    assert game.hand(1)[-1] == Card.parse("10D")


# -- RR-18 HMGs ------------------------------------------------------------------------------------------


def test_rr_18_a_spent_hmg_cannot_be_used_in_a_later_window() -> None:
    # Seat 1 spends its last HMG winning a claim (RR-17); in the next window it may claim only plainly.
    game = window(hmg=[3, 1, 3, 3])
    play(game, Claim(seat=1, hmg=True), Pass(seat=2), Pass(seat=3), Discard(seat=0, card="3C"))
    play(game, Draw(seat=1), Pass(seat=2), Pass(seat=3), Pass(seat=0), Discard(seat=1, card="3D"), Draw(seat=2))
    refuse(game, Claim(seat=1, hmg=True), "RR-18")
    game.apply(Claim(seat=1))


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
    # Three claimants, one claim: only seat 3 (the HMG) takes a card and a penalty card; once the window is
    # settled nobody else may act this turn.
    game = window()
    play(game, Claim(seat=1), Claim(seat=2), Claim(seat=3, hmg=True))
    assert view(game).hand_sizes == (8, 7, 7, 9) and view(game).hmg == (3, 3, 3, 2)
    assert game.to_act == (0,) and all(game.legal_actions(seat) == [] for seat in (1, 2, 3))


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
    assert game.legal_actions(0) == [Discard(seat=0, card="5S"), Discard(seat=0, card="KS")]
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


@pytest.mark.parametrize("phase", ["draw", "claim", "play"])
def test_rr_20_a_seat_that_has_not_gone_down_may_not_lay_off_whoevers_turn_it_is(phase: str) -> None:
    # G-7: seat 1 has not gone down; on seat 0's turn its lay-off is refused under RR-20 (not G-2). Nor may
    # seat 0 lay off before drawing (RR-20, not RR-14): it has not gone down either.
    game = at(phase, "9S", "5S 9C", discard="4D", went_down={2: 1}, table=[(2, "5C 5D 5H")])
    refuse(game, LayOff(seat=1, card="5S", meld=0), "RR-20")
    refuse(game, LayOff(seat=0, card="9S", meld=0), "RR-20")


def test_rr_20_laying_off_on_a_meld_that_is_not_on_the_table_is_refused() -> None:
    game = lay_off_position()
    refuse(game, LayOff(seat=0, card="5S", meld=4), "RR-20")  # melds 0 to 3


# -- RR-21 the discard -------------------------------------------------------------------------------------


def test_rr_21_a_discard_ends_the_turn() -> None:
    game = at("play")
    game.apply(Discard(seat=0, card="9S"))
    v = view(game)
    assert (v.discard_top, v.turn, v.turn_number, v.phase, v.to_act) == (Card.parse("9S"), 1, 6, "draw", (1,))
    assert held(game, 0) == cards("3C 5D 7H JC KD AH")


def test_rr_21_by_default_the_card_taken_from_the_discard_pile_may_be_discarded() -> None:
    game = at("play", "3C 5D 7H KH", taken="KH")
    assert game.options["may_discard_taken_card"] is True
    assert Discard(seat=0, card="KH") in game.legal_actions(0)
    game.apply(Discard(seat=0, card="KH"))
    assert view(game).discard_top == Card.parse("KH") and held(game, 0) == cards("3C 5D 7H")


def test_rr_21_by_default_a_taken_card_is_discarded_straight_back() -> None:
    game = at("draw", discard="4D KH")
    play(game, TakeDiscard(seat=0), Discard(seat=0, card="KH"))
    assert (view(game).discard_top, view(game).turn, held(game, 0)) == (Card.parse("KH"), 1, cards(FILLERS[0]))


def test_rr_21_with_may_discard_taken_card_false_the_taken_card_may_not_be_discarded() -> None:
    game = at("play", "3C 5D 7H KH", taken="KH", options={"may_discard_taken_card": False})
    refuse(game, Discard(seat=0, card="KH"), "RR-21")
    assert Discard(seat=0, card="KH") not in game.legal_actions(0)


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


def out_on_turn_3_from_stacked_shoes() -> Game:
    """2 players, seat 1 dealing round 1 from a stacked shoe: seat 0 goes down on turn 1, seat 1 plays a
    quiet turn 2, and on turn 3 seat 0 lays off its draw and discards its last card. Round 2 is
    stacked too."""
    round_1 = stacked_shoe("5C 5D 5H 8C 8D 8S KS", "3C 10D JS QH KC AD 2S", up="4D", stock="9C JK 5S")
    round_2 = stacked_shoe("3H 4H 5H 6H 7H 8H 9H", "3S 4S 5S 6S 7S 8S 9S", up="10H")
    game = rummykit.new_game("railroad-rummy", players=2, seed=1, dealer=1, shoes=[round_1, round_2])
    play(game, Draw(seat=0), Pass(seat=1), GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]), Discard(seat=0, card="KS"))
    play(game, Draw(seat=1), Pass(seat=0), Discard(seat=1, card="3C"))  # seat 1 drew the JK
    play(game, Draw(seat=0), Pass(seat=1), LayOff(seat=0, card="5S", meld=0), Discard(seat=0, card="9C"))
    return game


def test_rr_22_the_round_ends_at_once_and_the_next_is_dealt() -> None:
    game = out_on_turn_3_from_stacked_shoes()
    (result,) = game.history
    assert (result.round, result.went_out, result.turns) == (1, 0, 3) and "RR-22" in result.reason
    # Seat 1 gets no turn 4: round 2 is dealt immediately, seat 1 (after dealer 0) first, and the table is cleared.
    v = view(game)
    assert (v.round, v.turn, v.turn_number, v.phase, v.table, v.went_down) == (2, 1, 1, "draw", (), (False, False))
    assert format_cards(game.hand(1)) == "3H 4H 5H 6H 7H 8H 9H"
    assert format_cards(game.hand(0)) == "3S 4S 5S 6S 7S 8S 9S"
    assert (v.discard_top, v.discard_size) == (Card.parse("10H"), 1)


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
    game = at("play", "9C", "3H 9C 10D JS QH KC AD 2S JK", players=3, totals=[10, 20, 30], **GONE_DOWN)
    game.apply(Discard(seat=0, card="9C"))
    # Seat 1: 3H 9C 5 + 5, 10D JS QH KC 4 × 10, AD 15, 2S 20, JK 50 = 135; seat 2's filler 55.
    assert last(game).scores == (0, 135, FILLER_POINTS)
    assert last(game).totals == game.scores == (10, 20 + 135, 30 + FILLER_POINTS)


def test_rr_30_a_round_dealt_from_a_stacked_shoe_scores_the_cards_left() -> None:
    game = out_on_turn_3_from_stacked_shoes()
    # Seat 0 went out: 0. Seat 1 was dealt 3C 10D JS QH KC AD 2S, drew the JK and discarded the 3C:
    # 10D JS QH KC 4 × 10 + AD 15 + 2S 20 + JK 50 = 125.
    assert game.history[0].scores == (0, 125) and game.scores == (0, 125)


# -- RR-31 winning ---------------------------------------------------------------------------------------


def last_round_won_by_seat_0(totals: list[int]) -> Game:
    """Round 7 with ``totals`` before it: seat 0 goes down with its whole hand; the others score 55."""
    game = at("play", " ".join(RUNS_12), round=7, totals=totals)
    assert not game.winners
    game.apply(GoDown(seat=0, melds=RUNS_12))
    return game


def test_rr_31_after_round_7_the_lowest_total_wins() -> None:
    game = last_round_won_by_seat_0([100, 80, 90, 120])
    # 100 + 0, 80 + 55, 90 + 55, 120 + 55: seat 0's 100 is lowest, though seat 1 was lower before round 7.
    assert game.is_over and game.scores == (100, 135, 145, 175) and game.winners == (0,)


def test_rr_31_equal_lowest_totals_share_the_win() -> None:
    game = last_round_won_by_seat_0([100, 45, 90, 200])
    # 100 + 0 and 45 + 55 tie at 100.
    assert game.scores == (100, 100, 145, 255) and game.winners == (0, 1)


def test_rr_31_seven_rounds_from_stacked_shoes_the_lowest_total_wins() -> None:
    game, _ = seven_quiet_rounds(discard_drawn=False)
    # RR-30 each round: the starting player keeps its clubs but the 3C, and the card it drew; the other seat
    # its diamonds. 7-card rounds: 4C..9C 6 × 5 + 10D 10 = 40 against 3D..9D 7 × 5 = 35; 10-card rounds:
    # 4C..9C 30 + 10C JC QC 30 + AS 15 = 75 against 3D..9D 35 + 10D JD QD 30 = 65.
    assert [result.scores for result in game.history] == [
        (40, 35),  # seat 0 starts rounds 1, 3, 5, 7
        (35, 40),
        (40, 35),
        (65, 75),
        (75, 65),
        (65, 75),
        (75, 65),
    ]
    # Seat 0: 40 + 35 + 40 + 65 + 75 + 65 + 75 = 395; seat 1: 35 + 40 + 35 + 75 + 65 + 75 + 65 = 390.
    assert game.is_over and game.scores == (395, 390) and game.winners == (1,)


def test_rr_31_seven_rounds_from_stacked_shoes_equal_lowest_totals_share_the_win() -> None:
    game, _ = seven_quiet_rounds(discard_drawn=True)
    # Each starting player discards the card it drew, so both seats keep what they were dealt: 3..9 is
    # 7 × 5 = 35 in rounds 1 to 3; 3..9 and 10 J Q is 35 + 30 = 65 in rounds 4 to 7. 3 × 35 + 4 × 65 = 365 each.
    assert [result.scores for result in game.history] == [(35, 35)] * 3 + [(65, 65)] * 4
    assert game.is_over and game.scores == (365, 365) and game.winners == (0, 1)


# -- G-0 game over, G-3 max_rounds ---------------------------------------------------------------------


def test_g_3_max_rounds_ends_the_game_with_the_lowest_total_winning() -> None:
    game = at("play", "9C", options={"max_rounds": 1}, **GONE_DOWN)
    game.apply(Discard(seat=0, card="9C"))
    # Round 1 only: seat 0 went out (0), the others hold their fillers (55 each).
    assert game.is_over and len(game.history) == 1
    assert game.scores == (0, *(FILLER_POINTS,) * 3) and game.winners == (0,)


def test_g_0_no_action_once_the_game_is_over() -> None:
    # The result after round 7 is final: any action is refused with GameOverError citing G-0.
    game = last_round_won_by_seat_0([0, 0, 0, 0])
    assert game.to_act == () and all(game.legal_actions(seat) == [] for seat in range(4))
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
    game = at("play", FILLERS[0], "5C 5D 5H 8C 8D 8S KS")
    refuse(game, GoDown(seat=1, melds=["5C 5D 5H", "8C 8D 8S"]), "G-2")  # seat 1 has not gone down yet
    game = window()
    refuse(game, Draw(seat=1), "G-2")
    refuse(game, Discard(seat=2, card="3H"), "G-2")


# -- G-4 able to end the turn ------------------------------------------------------------------------------

# A table that plays classic Rummy's rule: the card taken from the discard pile may not be discarded (RR-21).
NO_TAKEN_DISCARD = {"may_discard_taken_card": False}


def test_g_4_a_go_down_that_leaves_only_the_taken_card_is_refused() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS", taken="KS", options=NO_TAKEN_DISCARD)
    refuse(game, GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]), "G-4")
    assert go_downs(game) == []


def test_g_4_a_lay_off_that_leaves_only_the_taken_card_is_refused() -> None:
    game = at("play", "5S KS", taken="KS", options=NO_TAKEN_DISCARD, **GONE_DOWN)
    refuse(game, LayOff(seat=0, card="5S", meld=0), "G-4")
    assert game.legal_actions(0) == [Discard(seat=0, card="5S")]


def test_g_4_a_round_7_go_down_leaving_only_the_taken_card_is_refused() -> None:
    game = at("play", " ".join(RUNS_12) + " JK", round=7, taken="JK", options=NO_TAKEN_DISCARD)
    refuse(game, GoDown(seat=0, melds=RUNS_12), "G-4")
    assert all(Card.parse("JK") in (card for meld in down.melds for card in meld) for down in go_downs(game))


def test_g_4_a_go_down_that_uses_the_taken_card_or_keeps_another_is_allowed() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS", taken="5H", options=NO_TAKEN_DISCARD)
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    assert held(game, 0) == cards("KS")
    game = at("play", "5C 5D 5H 8C 8D 8S KS QS", taken="KS", options=NO_TAKEN_DISCARD)
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    assert game.legal_actions(0) == [Discard(seat=0, card="QS")]


def test_g_4_by_default_a_go_down_leaving_only_the_taken_card_is_allowed() -> None:
    # RR-21's default: the taken card may be discarded, so it ends the turn and G-4 does not bind.
    game = at("play", "5C 5D 5H 8C 8D 8S KS", taken="KS")
    assert go_downs(game) == [GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"])]
    play(game, GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]), Discard(seat=0, card="KS"))
    assert last(game).went_out == 0


def test_g_4_by_default_a_lay_off_leaving_only_the_taken_card_is_allowed() -> None:
    game = at("play", "5S KS", taken="KS", **GONE_DOWN)
    assert LayOff(seat=0, card="5S", meld=0) in game.legal_actions(0)
    play(game, LayOff(seat=0, card="5S", meld=0), Discard(seat=0, card="KS"))
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


def test_g_5_a_run_is_laid_down_as_listed_low_to_high() -> None:
    game = at("play", "4H 5H 6S 7D 9C 10C JC QC KS", round=3)
    game.apply(GoDown(seat=0, melds=["4H 5H 6S 7D", "9C 10C JC QC"]))
    assert table(game) == ["4H 5H 6S 7D", "9C 10C JC QC"] and view(game).table[0].meld.ranks[0].symbol == "4"


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


def test_rr_c1_the_seats_still_to_declare_are_offered_the_same_whatever_was_declared_before_them() -> None:
    claimed, passed = window(), window()
    claimed.apply(Claim(seat=1, hmg=True))
    passed.apply(Pass(seat=1))
    for seat in (2, 3):
        assert claimed.legal_actions(seat) == passed.legal_actions(seat)
        assert claimed.explain(Claim(seat=seat)) is None and passed.explain(Claim(seat=seat)) is None


# -- RR-C2 the taken card is a physical card ------------------------------------------------------------


def test_rr_c2_another_copy_of_the_taken_face_may_be_discarded() -> None:
    game = at("play", "3C 5D KH KH", taken="KH", options=NO_TAKEN_DISCARD)
    taken = game.state.taken
    game.apply(Discard(seat=0, card="KH"))
    assert taken in game.state.hands[0] and game.state.piles["discard"][-1] != taken
    assert view(game).discard_top == Card.parse("KH")


def test_rr_c2_a_play_that_could_use_either_copy_uses_the_taken_card() -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS 5H", taken="5H", options=NO_TAKEN_DISCARD)
    taken = game.state.taken
    game.apply(GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8S"]))
    assert taken in game.state.table[0].ids  # the physical card (a view numbers copies by a public rule)
    assert held(game, 0) == cards("5H KS") and Discard(seat=0, card="5H") in game.legal_actions(0)


def test_rr_c2_a_lay_off_that_could_use_either_copy_uses_the_taken_card() -> None:
    game = at("play", "KH KH", taken="KH", went_down={0: 1}, table=[(1, "KC KD KS")], options=NO_TAKEN_DISCARD)
    taken = game.state.taken
    game.apply(LayOff(seat=0, card="KH", meld=0))
    assert taken in game.state.table[0].ids  # the physical card (a view numbers copies by a public rule)
    game.apply(Discard(seat=0, card="KH"))
    assert last(game).went_out == 0


def test_rr_c2_the_taken_card_itself_may_not_be_discarded() -> None:
    game = at("play", "3C 5D 5H KH", taken="5H", options=NO_TAKEN_DISCARD)
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


# -- RR-C4 one listed go-down per choice of ranks, the fewest wild cards --------------------------------------


def test_rr_c4_the_listed_go_down_names_each_rank_in_suit_order() -> None:
    game = at("play", "5S 5H 5D 5C 8H 8S 8D 8C KS")
    # Clubs, diamonds, hearts, spades: the first three 5s and the first three 8s.
    assert go_downs(game) == [GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8H"])]


def test_rr_c4_the_listed_go_down_names_the_taken_card_first() -> None:
    game = at("play", "5C 5D 5H 5S 8C 8D 8H KS", taken="5S")
    # The taken 5S first, then 5C and 5D in suit order (the 5H stays); in the meld, the 5s in suit order.
    assert go_downs(game) == [GoDown(seat=0, melds=["5C 5D 5S", "8C 8D 8H"])]


def test_rr_c4_a_go_down_naming_other_suits_is_accepted_and_carried_out_with_exactly_the_named_cards() -> None:
    game = at("play", "5C 5D 5H 5S 8C 8D 8S 8H KS")
    named = GoDown(seat=0, melds=["8H 8S 8D", "5S 5H 5D"])
    # The same cards, only ordered: sets by rank, each rank's cards in suit order.
    ordered = GoDown(seat=0, melds=["5D 5H 5S", "8D 8H 8S"])
    assert named not in go_downs(game) and ordered not in go_downs(game) and game.is_legal(named)
    assert game.check(named) == ordered
    game.apply(named)
    assert game.record.actions[-1] == ordered
    assert table(game) == ["5D 5H 5S", "8D 8H 8S"] and held(game, 0) == cards("5C 8C KS")


def test_rr_c4_a_go_down_with_another_2_than_the_listed_one_lays_down_that_2() -> None:
    game = at("play", "5D 5H 2C 2S 8C 8D 8S KS")
    listed = GoDown(seat=0, melds=["5D 5H 2C", "8C 8D 8S"])
    named = GoDown(seat=0, melds=["5D 5H 2S", "8C 8D 8S"])
    assert listed in go_downs(game) and named not in go_downs(game)
    assert game.check(named) == named
    game.apply(named)
    assert table(game) == ["5D 5H 2S(5)", "8C 8D 8S"] and held(game, 0) == cards("2C KS")


def test_rr_c4_a_choice_of_ranks_is_listed_with_natural_cards_where_the_hand_has_them() -> None:
    # Round 1, two sets: the 5s and the 8s are the only choice of ranks (one K). The hand holds three of
    # each, so the listed go-down lays no wild card; the same ranks with the 2 for a 5 are just as legal.
    game = at("play", "5C 5D 5H 2C 8C 8D 8H KS")
    assert go_downs(game) == [GoDown(seat=0, melds=["5C 5D 5H", "8C 8D 8H"])]
    with_a_wild = GoDown(seat=0, melds=["5C 5D 2C", "8C 8D 8H"])
    assert game.check(with_a_wild) == with_a_wild
    game.apply(with_a_wild)
    assert held(game, 0) == cards("5H KS")


def test_rr_c4_of_as_many_wild_cards_the_listed_go_down_lays_a_2_before_a_joker() -> None:
    # Two 5s need one wild card (RR-7): the 2 is listed, the joker is just as legal.
    game = at("play", "5C 5D 2C JK 8C 8D 8H KS")
    assert go_downs(game) == [GoDown(seat=0, melds=["5C 5D 2C", "8C 8D 8H"])]
    with_the_joker = GoDown(seat=0, melds=["5C 5D JK", "8C 8D 8H"])
    assert game.check(with_the_joker) == with_the_joker


def test_rr_c4_a_choice_of_ranks_is_listed_with_a_wild_card_where_natural_cards_would_leave_no_discard() -> None:
    # Round 3, two runs, at a table where the taken card may not be discarded (RR-21 option false): the
    # runs 5-8 and 9-Q in hearts would leave only the taken 2C, so the turn could not end (G-4). The
    # choice of those ranks is listed with the 2C standing for the 5, which keeps the 5H to discard.
    game = at("play", "5H 6H 7H 8H 9H 10H JH QH 2C", round=3, taken="2C", options={"may_discard_taken_card": False})
    refuse(game, GoDown(seat=0, melds=["5H 6H 7H 8H", "9H 10H JH QH"]), "G-4")
    listed = go_downs(game)
    assert GoDown(seat=0, melds=["2C 6H 7H 8H", "9H 10H JH QH"]) in listed
    for other in ("5H 2C 7H 8H", "5H 6H 2C 8H", "5H 6H 7H 2C"):  # the same ranks, the 2C for a 6, 7 or 8
        assert GoDown(seat=0, melds=[other, "9H 10H JH QH"]) not in listed
        assert game.is_legal(GoDown(seat=0, melds=[other, "9H 10H JH QH"]))


def test_rr_c4_legal_actions_list_each_go_down_once() -> None:
    game = at("play", "5C 5D 5H 5S 6C 6D 7H 7S 8C 8D 9H 9S 10C JK 2C", round=6)
    downs = go_downs(game)
    by_ranks = [tuple(tuple(card.rank for card in meld) for meld in action.melds) for action in downs]
    assert downs and len(set(by_ranks)) == len(by_ranks)
    assert all(game.check(action) == action for action in downs)


# -- G-6 the named cards move -----------------------------------------------------------------------------


@pytest.mark.parametrize("kept", ["5C", "5D", "5H", "5S"])
def test_g_6_every_go_down_the_rules_allow_is_accepted_as_named_listed_or_not(kept: str) -> None:
    game = at("play", "5C 5D 5H 5S 8C 8D 8H KS")
    fives = " ".join(five for five in ("5C", "5D", "5H", "5S") if five != kept)
    named = GoDown(seat=0, melds=[fives, "8C 8D 8H"])
    assert game.check(named) == named
    game.apply(named)
    # The player keeps the 5 they kept, and the KS.
    assert table(game) == [fives, "8C 8D 8H"] and held(game, 0) == cards(f"{kept} KS")


def test_g_6_a_round_7_go_down_naming_the_copy_not_taken_keeps_the_taken_card() -> None:
    hand = "3H 4H 5H 6H 7C 8C 9C 10C JD QD KD AD 9S"
    runs = ["3H 4H 5H 6H", "7C 8C 9C 10C", "JD QD KD AD"]
    game = at("play", hand, round=7, taken="9S")
    game.apply(GoDown(seat=0, melds=runs))
    # The 9C is laid down as named; the taken 9S stays, and may be discarded (RR-21's default) to go out.
    assert table(game)[1] == "7C 8C 9C 10C" and held(game, 0) == cards("9S")
    game.apply(Discard(seat=0, card="9S"))
    assert last(game).went_out == 0


def test_g_6_a_lay_off_moves_the_named_card() -> None:
    game = at("play", "5S 5C 9S", **GONE_DOWN)
    game.apply(LayOff(seat=0, card="5C", meld=0))
    assert table(game)[0] == "5C 5D 5H 5C" and held(game, 0) == cards("5S 9S")


# -- G-7 a card the seat does not hold --------------------------------------------------------------------


def test_g_7_discarding_a_card_not_held_is_refused_as_such() -> None:
    game = at("play")
    refuse(game, Discard(seat=0, card="QH"), "G-7")


def test_g_7_laying_off_a_card_not_held_is_refused_as_such() -> None:
    game = lay_off_position()
    refuse(game, LayOff(seat=0, card="5C", meld=0), "G-7")


@pytest.mark.parametrize(
    "melds",
    [
        ["5C 5D 5S", "8C 8D 8S"],  # no 5S
        ["5C 5C 5D", "8C 8D 8S"],  # one 5C, named twice
    ],
)
def test_g_7_a_go_down_naming_a_card_not_held_is_refused_as_such(melds: list[str]) -> None:
    game = at("play", "5C 5D 5H 8C 8D 8S KS")
    err = refuse(game, GoDown(seat=0, melds=melds), "G-7")
    assert "does not hold" in str(err)
