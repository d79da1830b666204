"""13-card Indian Rummy rule by rule (its rule book IND-1 … IND-16 and IND-C1, `rummykit_variants.indian_rummy.rules`):
the declared hand, the cut wild rank and the drops (`rummykit.standard.declaring`), and the three forms.

Each count is worked out by hand from IND-4 and IND-13 in the test; a rule a player can break is broken, and the
action refused citing it with the game unchanged (`tests.support.refuse`).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import Card, Discard, Draw, Rank, parse_cards
from rummykit.standard.declaring import (
    Declare,
    DeclaredState,
    DeclaredView,
    Drop,
    best_arrangement,
    conditions_met,
    point_of,
    read_group,
)
from tests.support import play, refuse

# Seat 0's 14 cards after its draw, with 9 wild (the cut card 9D): 4H 5H 6H 7H, a pure sequence; 7C 8C JK, a
# sequence with the joker; QS QD QC; 2D 2S and 9S as a wild card; KH to finish.
DECLARER = "4H 5H 6H 7H 7C 8C JK QS QD QC 2D 2S 9S KH"
GROUPS = ["4H 5H 6H 7H", "7C 8C JK", "QS QD QC", "2D 2S 9S"]


def position(hands: list[str | None], **given: object) -> rummykit.Game:
    given.setdefault("piles", {"cut": "9D"})
    return rummykit.build_position("indian-rummy", len(hands), hands=hands, **given)  # type: ignore[arg-type]


def state(game: rummykit.Game) -> DeclaredState:
    assert isinstance(game.state, DeclaredState)
    return game.state


def declare(game: rummykit.Game) -> rummykit.Game:
    """Seat 0 declares: KH on the finish slot, the rest in `GROUPS`."""
    play(game, Declare(seat=0, card="KH", groups=GROUPS))
    return game


# -- IND-1 to IND-4: players, cards, the deal, the wild rank, card points ------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_ind_1_and_ind_2_two_packs_two_jokers_thirteen_cards_each(players: int) -> None:
    game = rummykit.new_game("indian-rummy", players=players, seed=4)
    shoe = game.state.rules.shoe
    assert len(shoe) == 106 and sum(card.is_joker for card in shoe) == 2
    assert [len(game.hand(seat)) for seat in range(players)] == [13] * players
    view = game.view(0)
    assert view.discard_size == 1 and view.stock_size == 106 - 13 * players - 2  # the up-card and the cut card
    assert game.turn == (game.state.dealer + 1) % players
    refuse(game, Draw(seat=(game.turn + 1) % players), "IND-2")


def test_ind_1_two_to_six_players() -> None:
    for players in (1, 7):
        with pytest.raises(rummykit.InvalidOptionError, match="IND-1"):
            rummykit.new_game("indian-rummy", players=players, seed=1)


def test_ind_3_the_cut_card_names_the_wild_rank_and_a_printed_joker_makes_the_aces_wild() -> None:
    game = rummykit.new_game("indian-rummy", players=3, seed=8)
    view = game.view(1)
    assert isinstance(view, DeclaredView) and view.cut_card is not None
    assert view.wild_rank == ("A" if view.cut_card.is_joker else view.cut_card.rank.symbol)
    jokers = position([DECLARER, None], phase="play", turn=0, piles={"cut": "JK"}).view(0)
    assert isinstance(jokers, DeclaredView) and jokers.wild_rank == "A"


def test_ind_4_wild_cards_count_nothing() -> None:
    # 9 wild: 9S and the joker count 0; KH 10, 2D 2: what a hand of only these would count
    rules = state(position([DECLARER, None], phase="play", turn=0)).rules
    assert best_arrangement(parse_cards("9S JK KH 2D"), rules, Rank.NINE) is None  # no arrangement meets IND-8
    assert [point_of(card, rules, Rank.NINE) for card in parse_cards("9S JK KH 2D AC")] == [0, 0, 10, 2, 10]


# -- IND-6 to IND-8: the groups --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "pure"),
    [
        ("4H 5H 6H", "run", True),
        ("8H 9H 10H", "run", True),  # 9H, wild this deal, in its own place: the sequence is pure (IND-6)
        ("8H 9S 10H", "run", False),  # 9S stands for 9H
        ("QH KH AH", "run", True),
        ("AH 2H 3H", "run", True),
        ("QS QD QC", "set", False),
        ("QS QD JK JK", "set", False),  # a set may hold wild cards beyond four cards' worth (IND-7)
    ],
)
def test_ind_6_and_ind_7_the_groups(cards: str, kind: str, pure: bool) -> None:
    rules = state(position([DECLARER, None], phase="play", turn=0)).rules
    group = read_group(parse_cards(cards), rules, Rank.NINE)
    assert (group.meld.kind, group.pure) == (kind, pure)


@pytest.mark.parametrize("cards", ["KH AH 2H", "QS QS QD", "4H 5H 7H", "JK JK"])
def test_ind_6_and_ind_7_what_is_no_group(cards: str) -> None:
    # round the corner; a set with two cards of one suit; a gap with no wild card; two cards
    rules = state(position([DECLARER, None], phase="play", turn=0)).rules
    with pytest.raises(rummykit.IllegalActionError) as refused:
        read_group(parse_cards(cards), rules, Rank.NINE)
    assert refused.value.rule == "IND-8"


# -- IND-9 declaring, IND-13 counting, IND-14 Points Rummy ---------------------------------------------------------

# Seat 1, 9 wild: 4D 5D 6D (pure) and 2H 3H 9H (9H for 4H) are its two sequences; AS KC KD 10S 10C 7S JH are left:
# 10 + 10 + 10 + 10 + 10 + 7 + 10 = 67 (using 9H in a set of kings instead would leave no second sequence).
LOSER = "AS 2H 3H 4D 5D 6D KC KD 10S 10C 7S JH 9H"


def test_ind_9_ind_13_and_ind_14_a_valid_declaration_wins_what_the_others_count() -> None:
    game = declare(position([DECLARER, LOSER], phase="play", turn=0))
    result = game.state.history[-1]
    assert result.went_out == 0 and result.rule == "IND-9"
    assert result.scores == (67, -67) and game.is_over and game.winners == (0,)
    melds = {str(meld) for seat in result.seats for meld in seat.melds}
    assert {"4H 5H 6H 7H", "4D 5D 6D"} <= melds  # the declarer's groups and the loser's, on the table
    assert sorted(map(str, result.seats[1].left)) == sorted(["AS", "KC", "KD", "10S", "10C", "7S", "JH"])


@pytest.mark.parametrize(
    ("hand", "count"),
    [
        # no pure sequence: every card counts, at most 80: 10+2+3+4+10+10+10+10+7+10+10+5+6 = 97
        ("AS 2H 3D 4C KC KD 10S 10C 7S JH QH 5S 6C", 80),
        # sets of 7s and 2s but no sequence: every card counts, 7+7+7+2+3+4+2+3+5+6+8+4+2 = 60
        ("7C 7D 7H 2S 3D 4C 2H 3S 5H 6S 8D 4D 2C", 60),
    ],
)
def test_ind_13_a_hand_without_its_two_sequences_counts_every_card_at_most_80(hand: str, count: int) -> None:
    game = declare(position([DECLARER, hand], phase="play", turn=0))
    assert game.state.history[-1].scores == (count, -count)


def test_ind_9_the_whole_hand_is_shown() -> None:
    game = position([DECLARER, LOSER], phase="play", turn=0)
    refuse(game, Declare(seat=0, card="KH", groups=GROUPS[:3]), "IND-9")
    refuse(game, Declare(seat=0, card="KH", groups=[*GROUPS[:3], "2D 2S 2C"]), "G-7")


# -- IND-10 a wrong show, IND-11 drops, IND-12 the last player ------------------------------------------------------


@pytest.mark.parametrize(
    "groups",
    [
        ["4H 5H 6H 7H", "7C 8C JK QS", "QD QC 2D", "2S 9S"],  # groups that are no groups
        ["4H 5H 6H", "7H 7C JK", "QS QD QC 8C", "2D 2S 9S"],  # QS QD QC 8C mixes ranks
    ],
)
def test_ind_10_a_wrong_show_costs_80_and_the_others_play_on(groups: list[str]) -> None:
    game = position([DECLARER, LOSER, None], phase="play", turn=0)
    play(game, Declare(seat=0, card="KH", groups=groups))
    assert state(game).out == ["wrong-show", "", ""] and not game.hand(0)
    assert game.turn == 1 and not game.state.history  # the deal goes on
    play(game, Drop(seat=1))  # a first drop: 20; seat 2 is left, and wins (IND-12)
    result = game.state.history[-1]
    assert result.rule == "IND-12" and result.went_out == 2
    assert result.scores == (-80, -20, 100)


def test_ind_8_one_sequence_only_or_no_pure_one_is_a_wrong_show() -> None:
    rules = state(position([DECLARER, None], phase="play", turn=0)).rules
    one = [read_group(parse_cards(cards), rules, Rank.NINE) for cards in ("4H 5H 6H", "QS QD QC", "2D 2S 9S")]
    impure = [read_group(parse_cards(cards), rules, Rank.NINE) for cards in ("7C 8C JK", "2H 3H 9S", "QS QD QC")]
    assert not conditions_met(one, rules.declaring) and not conditions_met(impure, rules.declaring)


def test_ind_11_a_first_drop_costs_20_a_middle_drop_40() -> None:
    game = position([None, None, None], turn=0)
    play(game, Drop(seat=0))
    assert state(game).out[0] == "first-drop" and game.turn == 1
    play(game, Draw(seat=1), Discard(seat=1, card=game.hand(1)[0]), Draw(seat=2), Discard(seat=2, card=game.hand(2)[0]))
    play(game, Drop(seat=1))  # seat 1 has drawn this deal: a middle drop; seat 2 is left
    result = game.state.history[-1]
    assert result.went_out == 2 and result.scores == (-20, -40, 60)


def test_ind_11_a_drop_comes_before_the_draw() -> None:
    game = position([None, None], turn=0)
    play(game, Draw(seat=0))
    refuse(game, Drop(seat=0), "IND-11")


def test_ind_11_and_ind_15_pool_201_drops_cost_25_and_50() -> None:
    game = position([None, None], turn=0, options={"form": "pool-201"})
    play(game, Drop(seat=0))
    assert game.state.history[-1].scores == (-25, 0)  # the winner of a pool deal scores 0


# -- IND-15 Pool Rummy, IND-16 Deals Rummy ---------------------------------------------------------------------------


def test_ind_15_a_player_at_minus_101_is_out_of_the_game_and_the_last_one_wins() -> None:
    game = position([None, None, None], turn=0, options={"form": "pool-101"}, totals=(-90, -50, 0))
    play(game, Drop(seat=0))  # -90 - 20 = -110: out of the game
    play(game, Drop(seat=1))  # seat 1 has not drawn: a first drop, -50 - 20 = -70
    result = game.state.history[-1]
    assert result.totals == (-110, -70, 0) and not game.is_over
    assert state(game).out[0] == "eliminated" and not game.hand(0)
    assert game.state.dealer == 0 and game.turn == 1  # the deal passed to seat 0, which is dealt nothing


def test_ind_16_deals_rummy_plays_its_deals() -> None:
    game = rummykit.new_game("indian-rummy", players=2, seed=2, options={"form": "deals", "deals": 3})
    bots = [rummykit.make_bot("heuristic", "indian-rummy", seed=seat) for seat in range(2)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    assert len(game.state.history) == 3
    assert sum(game.state.totals) == 0  # each deal's winner scores what the other pays


# -- IND-C1 the listing, and invariants ------------------------------------------------------------------------------


def test_ind_c1_one_declaration_per_finish_card_and_one_wrong_show() -> None:
    game = position([DECLARER, LOSER], phase="play", turn=0)
    declarations = [action for action in game.legal_actions(0) if isinstance(action, Declare)]
    valid = declarations[:-1]
    assert {str(action.card) for action in valid} >= {"KH"}
    assert len({action.card for action in valid}) == len(valid)
    wrong = declarations[-1]  # the listed wrong show, standing for every other: the last card in card order finishes
    assert wrong.card == Card.parse("JK") and len(wrong.groups) == 1 and len(wrong.groups[0]) == 13


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4, 6]))
def test_a_random_deal_keeps_every_card_and_never_sticks(seed: int, players: int) -> None:
    game = rummykit.new_game("indian-rummy", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if game.is_over:
            break
        legal = game.legal_actions(game.to_act[0])
        assert legal
        game.apply(rng.choice(legal))
        now = state(game)
        held = sum(map(len, now.hands)) + sum(len(meld.ids) for meld in now.table) + sum(map(len, now.piles.values()))
        assert held == 106
