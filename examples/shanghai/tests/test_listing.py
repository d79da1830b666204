"""Shanghai's go-downs listed in their least forms (SH-C3): one for each choice of places, each meld of
its least size (SH-9) with the most natural cards; every other go-down accepted as named and
represented in the listing, a longer one as its least form and same-turn lay-offs (SH-10).

The counts are worked out by hand from SH-5, SH-6, SH-7 and SH-9, or taken from the contract solver's
every way (an independent enumeration); the listing's completeness is checked on ways the solver
finds, drawn at random, with rummykit's own check of an action (`check_action`: accepted, carried
out, listed or represented or listed in parts)."""

from __future__ import annotations

import os
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import GoDown, LayOff, RunEnd, parse_cards
from rummykit.core.cards import Card, Rank, Suit
from rummykit.core.melds import MeldKind, read_meld
from rummykit.core.shoe import decks
from rummykit.standard import ContractMelds, StandardRules
from rummykit.standard.least_forms import choice_of
from rummykit.testing.checks import check_action

SHOE = decks(2, jokers_per_deck=2)
THOROUGH = os.environ.get("RUMMYKIT_THOROUGH", "") not in ("", "0")
"""Each property at its full number of examples, 1,500 (``RUMMYKIT_THOROUGH=1``, as in rummykit's own suite)."""


def _position(hand: str | list[str], round_: int, *, taken: str | None = None) -> rummykit.Game:
    """Seat 0 of two, in ``round_``, after its draw, holding ``hand`` (and having taken ``taken`` from the
    discard pile, one of its cards)."""
    cards = hand if isinstance(hand, str) else " ".join(hand)
    return rummykit.build_position("shanghai", 2, round=round_, hands=[cards, None], turn=0, phase="play", taken=taken)


def _rules(game: rummykit.Game) -> StandardRules:
    rules = game.state.rules
    assert isinstance(rules, StandardRules)
    return rules


def _go_downs(game: rummykit.Game) -> list[GoDown]:
    return [action for action in game.legal_actions(0) if isinstance(action, GoDown)]


def _shown(action: GoDown) -> list[str]:
    return [" ".join(str(card) for card in meld) for meld in action.melds]


def test_one_go_down_for_each_choice_of_places_worked_by_hand() -> None:
    """Round 2, 1 set + 1 run (SH-7). Hearts 3 to 6, four 7s, a joker and the 9 of spades. Runs of 4
    hearts (SH-6, SH-9) with 2 natural cards or more (SH-4) and one joker at most: 2-5 (joker for the 2),
    3-6, 4-7 and 5-8 (joker for the 8); none in spades (7S, 9S: two jokers short). Sets: the 7s only
    (one 9). So four choices, each listed once. The set of 7s takes the 7 of hearts only with 2-5: 4-7 and
    5-8 hold it, and 3-6 would take it at its end."""
    game = _position("7C 7D 7H 7S 3H 4H 5H 6H JK 9S", 2)
    assert sorted(_shown(action) for action in _go_downs(game)) == [
        ["7C 7D 7H", "JK 3H 4H 5H"],
        ["7C 7D 7S", "3H 4H 5H 6H"],
        ["7C 7D 7S", "4H 5H 6H 7H"],
        ["7C 7D 7S", "5H 6H 7H JK"],
    ]


def test_a_longer_go_down_is_its_least_form_and_then_lay_offs() -> None:
    """SH-9 allows melds longer than 3 and 4 cards; SH-10 lets the player lay off in the turn of going
        down, so the longer go-down is the listed least form, then the cards it could do without, meld by
    meld in the go-down's order (SH-C2: the set first)."""
    game = _position("7C 7D 7H 7S 3H 4H 5H 6H JK 9S", 2)
    longer = GoDown(seat=0, melds=["7C 7D 7S JK", "3H 4H 5H 6H 7H"])
    assert check_action(game.copy(), longer) is None  # accepted, and listed in parts
    parts = game.configuration.moves[GoDown].split(game.state, game.check(longer))
    assert parts == [
        GoDown(seat=0, melds=["7C 7D 7S", "3H 4H 5H 6H"]),
        LayOff(seat=0, card="JK", meld=0),
        LayOff(seat=0, card="7H", meld=1, end=RunEnd.HIGH),
    ]


def test_a_run_no_lay_off_order_reaches_stands_for_its_lowest_span() -> None:
    """4H 5H JK JK JK 9H holds as many jokers as natural cards (SH-4 allows it), but no run of 4 grows to
    it one card at a time within SH-4 (4H 5H JK JK, then a third joker, is 3 jokers to 2 natural cards).
    It is accepted as named, and stands for the listed run of its lowest 4 places, 4H 5H JK(6) JK(7)."""
    fewer = _position("4H 5H 9H JK JK JK KC KD KS 2C 8D", 2)  # round 2: 1 set + 1 run
    assert check_action(fewer.copy(), GoDown(seat=0, melds=["KC KD KS", "4H 5H JK JK JK 9H"])) is None
    represented = fewer.configuration.moves[GoDown].represent(
        fewer.state, fewer.check(GoDown(seat=0, melds=["KC KD KS", "4H 5H JK JK JK 9H"]))
    )
    assert isinstance(represented, GoDown) and _shown(represented) == ["KC KD KS", "4H 5H JK JK"]


def _by_choice_of_the_solvers_least_ways(game: rummykit.Game) -> dict[object, int]:
    """The contract solver's every way, of melds of their least sizes, that leaves a way to end the turn
    (G-4: not the taken card alone), by choice of places, with the fewest jokers each: the listing's
    oracle."""
    rules = _rules(game)
    solver = rules.solvers[game.state.round]
    least = {MeldKind.SET: 3, MeldKind.RUN: 4}
    fewest: dict[object, int] = {}
    for way in solver.ways(list(game.hand(0))):
        action = GoDown(seat=0, melds=tuple(meld.cards for meld in way))
        if all(len(meld.cards) == least[MeldKind(meld.kind)] for meld in way) and game.is_legal(action):
            jokers = sum(card.rank is Rank.JOKER for meld in way for card in meld.cards)
            choice = choice_of(way, rules.melds)
            fewest[choice] = min(jokers, fewest.get(choice, jokers))
    return fewest


@st.composite
def _hands(draw: st.DrawFn) -> tuple[list[str], int, str | None, random.Random]:
    """12 cards after the draw, from few suits and ranks so that they meet contracts in many ways."""
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2, unique=True))
    low = draw(st.integers(2, 9))
    pool = [Card.of(Rank(value), suit) for value in range(low, low + 6) for suit in suits] * 2
    pool += parse_cards("JK JK JK JK")
    chosen = draw(st.lists(st.sampled_from(range(len(pool))), min_size=12, max_size=12, unique=True))
    hand = [str(pool[i]) for i in chosen]
    taken = draw(st.sampled_from([None, *hand]))
    return hand, draw(st.integers(1, 7)), taken, draw(st.randoms(use_true_random=False))


@settings(max_examples=1_500 if THOROUGH else 60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=_hands())
def test_the_listing_has_one_go_down_for_each_choice_and_represents_every_way(
    case: tuple[list[str], int, str | None, random.Random],
) -> None:
    hand, round_, taken, sample = case
    game = _position(hand, round_, taken=taken)
    size = len(hand)
    least = {MeldKind.SET: 3, MeldKind.RUN: 4}
    rules = _rules(game).melds
    listed: list[GoDown] = []
    going_out: list[GoDown] = []
    for action in _go_downs(game):
        melds = [read_meld(group, rules) for group in action.melds]
        (listed if all(len(meld) == least[MeldKind(meld.kind)] for meld in melds) else going_out).append(action)
    assert len(going_out) <= 1 and all(sum(map(len, action.melds)) == size for action in going_out)
    fewest = _by_choice_of_the_solvers_least_ways(game)
    choices = [choice_of([read_meld(group, rules) for group in action.melds], rules) for action in listed]
    assert len(set(choices)) == len(choices)  # one for each choice
    # every choice the solver finds is listed (unless G-4 refuses all its ways), with the fewest jokers
    assert set(choices) <= set(fewest)
    for action, choice in zip(listed, choices, strict=True):
        assert sum(card.rank is Rank.JOKER for meld in action.melds for card in meld) == fewest[choice]
    melding = _rules(game).melding
    assert isinstance(melding, ContractMelds)
    contract = melding.contract_of(round_)
    if size - sum(requirement.size for requirement in contract.melds) >= 2:
        assert set(choices) == set(fewest)  # G-4 cannot bind: every choice is listed
    solver = _rules(game).solvers[round_]
    ways = solver.ways([Card.parse(card) for card in hand])
    for way in sample.sample(ways, min(len(ways), 40)):
        action = GoDown(seat=0, melds=tuple(meld.cards for meld in way))
        assert check_action(game.copy(), action) in (None, "G-4")


def test_a_huge_hand_lists_one_go_down_for_each_choice_of_places() -> None:
    """Every heart and spade of both decks and the four jokers (56 cards, more than play deals). Round 1,
    2 sets (SH-7): any two of the 13 ranks, or one rank twice (eight cards of each rank): 13 + 78 = 91.
    Round 3, 2 runs: any two of the 22 runs of 4 (11 in each of two suits, the ace low or high), or one
    twice (two copies of each card): 22 + 231 = 253. Counted, not timed."""
    hand = [str(card) for card in SHOE if card.suit in (Suit.HEARTS, Suit.SPADES) or card.rank is Rank.JOKER]
    assert len(hand) == 56 and Counter(hand)["JK"] == 4
    assert len(_go_downs(_position(hand, 1))) == 91
    assert len(_go_downs(_position(hand, 3))) == 253


def test_going_out_by_going_down_is_listed_once_and_stands_for_every_other() -> None:
    """Round 3, 2 runs (SH-7): hearts 3 to 9, spades 3 to 6 and a joker. All twelve cards go down, going
    out (SH-12), in 4 ways: hearts 3-9 and the spades with the joker as 2S or 7S, or the spades 3-6 and
    the hearts with the joker as 2H or 10H. The round they end is alike (the hand empty, the others' as
    they were): one of them is listed, and stands for the others."""
    game = _position("3H 4H 5H 6H 7H 8H 9H 3S 4S 5S 6S JK", 3)
    going_out = [action for action in _go_downs(game) if sum(len(meld) for meld in action.melds) == 12]
    assert len(going_out) == 1
    ways = [
        ["3H 4H 5H 6H 7H 8H 9H", "JK 3S 4S 5S 6S"],
        ["3H 4H 5H 6H 7H 8H 9H", "3S 4S 5S 6S JK"],
        ["JK 3H 4H 5H 6H 7H 8H 9H", "3S 4S 5S 6S"],
        ["3H 4H 5H 6H 7H 8H 9H JK", "3S 4S 5S 6S"],
    ]
    move = game.configuration.moves[GoDown]
    for melds in ways:
        action = GoDown(seat=0, melds=melds)
        assert check_action(game.copy(), action) is None
        assert move.represent(game.state, game.check(action)) == going_out[0]


def test_a_hand_of_thousands_of_go_downs_lists_one_for_each_choice() -> None:
    """The hearts 3 to J and three jokers, in the round of 2 runs (SH-7): the contract solver finds 3,363
    go-downs (runs of 4 to 12 cards, the jokers anywhere); the listing names the least form of each of
    its choices of places, and one go-down of all twelve cards for going out (the figure
    docs/concepts/actions.md gives)."""
    game = _position("3H 4H 5H 6H 7H 8H 9H 10H JH JK JK JK", 3)
    solver = _rules(game).solvers[3]
    assert len(solver.ways(list(game.hand(0)))) == 3_363
    listed = _go_downs(game)
    assert len(listed) == len(_by_choice_of_the_solvers_least_ways(game)) + 1 == 39
    assert sum(len(meld) for meld in listed[-1].melds) == 12


def test_the_go_down_remembered_for_going_out_is_the_rounds_and_the_hands() -> None:
    """The go-down listed for going out is remembered by round and by the hand's cards (one configuration,
    one move, many positions). Four sets of four (5s to 8s, 16 cards): round 4 (3 sets, SH-7) goes out only
    with three of them, so it lists none; round 5 (2 sets + 1 run) neither. Three sets of four (12 cards)
    go out in round 4 and not in round 1 (2 sets, SH-7): asked in that order, round 1 lists no go-down of
    all twelve cards, and every listed go-down is legal where it is listed."""
    twelve = "5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S"
    games = [_position(twelve, 4), _position(twelve, 1), _position(twelve + " 8C 8D 8H 8S", 4), _position(twelve, 4)]
    listings = [_go_downs(game) for game in games]
    for game, listed in zip(games, listings, strict=True):
        assert all(game.check(action) == action for action in listed)
    whole = [
        [action for action in listed if sum(map(len, action.melds)) == len(game.hand(0))]
        for game, listed in zip(games, listings, strict=True)
    ]
    assert [len(found) for found in whole] == [1, 0, 0, 1]
