"""Shanghai's rule book, and its rules as data: a standard contract rummy (`rummykit.standard`)
with two decks and four jokers, seven contracts, the discard pile reshuffled but its top card, and
golf scoring.

Examples:
    >>> import rummykit
    >>> rules = rummykit.new_game("shanghai", players=4, seed=1, options={"rounds": 3}).state.rules
    >>> rules.deal.hand_size, len(rules.shoe), rules.rounds, [str(c) for c in rules.melding.contracts]
    (11, 108, 3, ['2 sets', '1 set + 1 run', '2 runs'])
"""

from __future__ import annotations

import re
from typing import Final

from rummykit import Card, Contract, GameSettings, MeldKind, MeldRequirement, MeldRules, Option, Rank, rule_book
from rummykit.core.cards import parse_cards
from rummykit.core.shoe import decks
from rummykit.standard import ContractMelds, Deal, RuleIds, Scoring, StandardRules, Stock

__all__ = ["CONTRACTS", "IDS", "MELD_RULES", "OPTIONS", "POINTS", "RULES", "card_points", "make_rules"]


RULES: Final = rule_book("""
SH-1 | Players | 2 to 6 players; seats are numbered 0..n-1 in turn order.
SH-2 | Dealer | The first dealer is chosen at random and the deal passes one seat forward each round. The seat
    after the dealer plays first.
SH-3 | Cards and deal | Two 52-card decks and 4 jokers (108 cards), shuffled anew every round. Each player is dealt 11
    cards, one at a time from the seat after the dealer; the next card is turned up to start the discard pile and
    the rest is the stock.
SH-4 | Wild cards | Jokers are wild (2s are not). A meld never holds more wild cards than natural cards, when it is
    laid down and after every card added to it.
SH-5 | Sets | A set is 3 or more cards of one rank; suits do not matter.
SH-6 | Runs | A run is 4 or more cards of one suit in sequence; the ace is low (A-2-3-4) or high (J-Q-K-A), never
    both in one run. A joker in a run stands for the rank of its place.
SH-7 | Rounds and contracts | Seven rounds (option rounds plays the first few): 2 sets; 1 set + 1 run; 2 runs;
    3 sets; 2 sets + 1 run; 1 set + 2 runs; 3 runs.
SH-8 | The draw | A turn starts by drawing the top card of the stock or of the discard pile.
SH-9 | Going down | After drawing, a player who has not gone down this round may go down: lay down the round's
    contract in one action, each meld at least its minimum size (sets 3, runs 4) and no other meld.
SH-10 | Laying off | A player who has gone down, this turn or earlier, may add cards from hand to any meld on the
    table; a player who has not gone down may not. No player starts a new meld after going down.
SH-11 | Discard | The turn ends with one discard, of any card in hand but the card taken from the discard pile this
    turn.
SH-12 | Going out | A player whose hand becomes empty, by going down, laying off or discarding, goes out: the round
    ends.
SH-13 | Empty stock | When a card must be drawn from an empty stock, every card of the discard pile but its top card
    is shuffled to form a new stock. If there is none, the round ends at once with nobody out.
SH-14 | Scoring | When a round ends, every player adds the cards left in hand: 2 to 9: 5; 10, J, Q, K: 10; A: 15;
    joker: 25. After the last round the lowest total wins; equal lowest totals share the win.
SH-C1 | Clarification: no buying | Many tables let players out of turn 'buy' the discard with a penalty card. This
    rule book has no buying: only the turn player takes the discard.
SH-C2 | Clarification: one form for every play | A go-down is recorded in one form: each set's natural cards in card
    order, then its jokers; each run's cards from low to high; the sets first, then the runs, each kind in the
    order of its cards' ranks as laid (2 lowest, then up to the ace, then the joker), then of its cards. A lay-off
    on a run records the end it extends.
SH-C3 | Clarification: go-downs listed in their least forms | legal_actions lists a go-down for each choice of
    places (each set's rank, each run's suit and ranks), every meld of its least size (SH-9), with the most natural
    cards of the forms that leave a way to end the turn (SH-11); a set takes the card taken from the discard pile
    first and keeps out a card that would extend a run of the go-down. Every other go-down is accepted as named.
    One of the same places (other suits in a set, jokers where natural cards could stand) stands for the listed
    one. A longer one is its least form and then lay-offs in the same turn (SH-10); a run whose jokers stand where
    no lay-off reaches them (4H 5H JK JK JK 9H) stands for its lowest four places. Where no listed go-down uses
    every card in hand, one that does (going out, SH-12) is listed too; every go-down that goes out stands for a
    listed one.
""")

OPTIONS: Final = (
    Option("rounds", int, 7, "SH-7: how many of the seven contracts to play", minimum=1, maximum=7, rule="SH-7"),
)

_LEAST: Final = {MeldKind.SET: 3, MeldKind.RUN: 4}
"""SH-5, SH-6, SH-9: the least size of a contract's set and run."""


def _contract(words: str) -> Contract:
    """A contract as SH-7 words it (``"1 set + 2 runs"``), each meld its least size or more (SH-9)."""
    kinds = [MeldKind(kind) for n, kind in re.findall(r"(\d) (set|run)", words) for _ in range(int(n))]
    return Contract(tuple(MeldRequirement(kind, _LEAST[kind], exact=False) for kind in kinds))


CONTRACTS: Final = tuple(
    map(_contract, ["2 sets", "1 set + 1 run", "2 runs", "3 sets", "2 sets + 1 run", "1 set + 2 runs", "3 runs"])
)
"""SH-7: the seven contracts."""

MELD_RULES: Final = MeldRules(
    wild_faces=frozenset(parse_cards("JK")),
    set_ranks=frozenset(rank for rank in Rank if rank is not Rank.JOKER),
    run_order=(Rank.ACE, *(Rank(value) for value in range(2, 15))),
    min_set=3,
    min_run=4,
    suited_runs=True,
    wilds_at_most_naturals=True,
    rules={"wilds": "SH-4", "set": "SH-5", "run": "SH-6"},
)
"""SH-4 to SH-6: jokers wild, sets of 3+, suited runs of 4+ with the ace at either end."""

POINTS: Final = {**dict.fromkeys(Rank, 10), **{Rank(value): 5 for value in range(2, 10)}, Rank.ACE: 15, Rank.JOKER: 25}
"""SH-14: what a card left in hand costs."""

IDS: Final = RuleIds(
    start="SH-2",
    draw="SH-8",
    empty_discard="SH-13",
    meld="SH-9",
    once="SH-10",
    lay_off="SH-10",
    discard="SH-11",
    no_card="SH-13",
    going_out="SH-12",
    score="SH-14",
)
"""The rules the standard rummy cites in Shanghai."""


def card_points(card: Card) -> int:
    """SH-14: what a card left in hand costs.

    Examples:
        >>> [card_points(card) for card in parse_cards("2C 10H AS JK")]
        [5, 10, 15, 25]
    """
    return POINTS[card.rank]


def make_rules(config: GameSettings) -> StandardRules:
    """Shanghai's rules for a configuration: 11 cards each from 108 (SH-3), the first ``rounds``
    contracts (SH-7, SH-9), laying off from the turn of going down (SH-10), the taken card kept
    (SH-11), the discard pile but its top reshuffled (SH-13), and golf scoring (SH-14)."""
    rounds = config.options["rounds"]
    return StandardRules(
        shoe_parts=(decks(2, jokers_per_deck=2),),
        deal=Deal(hand_size=11),
        stock=Stock(reshuffle="below-top"),
        melds=MELD_RULES,
        melding=ContractMelds(contracts=CONTRACTS[:rounds], lay_off_same_turn=True),
        may_discard_taken=False,
        scoring=Scoring(points=POINTS),
        rounds=rounds,
        ids=IDS,
    )
