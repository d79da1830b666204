"""Shanghai's rule book, and its rules as data: the shoe, the meld shapes, the contracts, the points.

Everything here is data that rummykit's core understands ([`MeldRules`][rummykit.MeldRules],
[`Contract`][rummykit.Contract], [`Ruleset`][rummykit.Ruleset]); the hooks in `rummykit_shanghai.play`
only read it.
"""

from __future__ import annotations

from typing import Final

import attrs

from rummykit import (
    Card,
    Contract,
    GameConfig,
    MeldKind,
    MeldRequirement,
    MeldRules,
    Option,
    Rank,
    Ruleset,
    RuleText,
    parse_cards,
)
from rummykit.shoe import decks

__all__ = ["CONTRACTS", "MELD_RULES", "OPTIONS", "RULES", "ShanghaiRules", "card_points", "make_rules"]

RULES: Final = (
    RuleText("SH-1", "Players", "2 to 6 players; seats are numbered 0..n-1 in turn order."),
    RuleText(
        "SH-2",
        "Dealer",
        "The first dealer is chosen at random and the deal passes one seat forward each round. The seat after the "
        "dealer plays first.",
    ),
    RuleText(
        "SH-3",
        "Cards and deal",
        "Two 52-card decks and 4 jokers (108 cards), shuffled anew every round. Each player is dealt 11 cards, one "
        "at a time from the seat after the dealer; the next card is turned up to start the discard pile and the "
        "rest is the stock.",
    ),
    RuleText(
        "SH-4",
        "Wild cards",
        "Jokers are wild (2s are not). A meld never holds more wild cards than natural cards, when it is laid down "
        "and after every card added to it.",
    ),
    RuleText("SH-5", "Sets", "A set is 3 or more cards of one rank; suits do not matter."),
    RuleText(
        "SH-6",
        "Runs",
        "A run is 4 or more cards of one suit in sequence; the ace is low (A-2-3-4) or high (J-Q-K-A), never both "
        "in one run. A joker in a run stands for the rank of its place.",
    ),
    RuleText(
        "SH-7",
        "Rounds and contracts",
        "Seven rounds (option rounds plays the first few): 2 sets; 1 set + 1 run; 2 runs; 3 sets; 2 sets + 1 run; "
        "1 set + 2 runs; 3 runs.",
    ),
    RuleText("SH-8", "The draw", "A turn starts by drawing the top card of the stock or of the discard pile."),
    RuleText(
        "SH-9",
        "Going down",
        "After drawing, a player who has not gone down this round may go down: lay down the round's contract in "
        "one action, each meld at least its minimum size (sets 3, runs 4) and no other meld.",
    ),
    RuleText(
        "SH-10",
        "Laying off",
        "A player who has gone down, this turn or earlier, may add cards from hand to any meld on the table; a "
        "player who has not gone down may not. No player starts a new meld after going down.",
    ),
    RuleText(
        "SH-11",
        "Discard",
        "The turn ends with one discard, of any card in hand but the card taken from the discard pile this turn.",
    ),
    RuleText(
        "SH-12",
        "Going out",
        "A player whose hand becomes empty, by going down, laying off or discarding, goes out: the round ends.",
    ),
    RuleText(
        "SH-13",
        "Empty stock",
        "When a card must be drawn from an empty stock, every card of the discard pile but its top card is "
        "shuffled to form a new stock. If there is none, the round ends at once with nobody out.",
    ),
    RuleText(
        "SH-14",
        "Scoring",
        "When a round ends, every player adds the cards left in hand: 2 to 9: 5; 10, J, Q, K: 10; A: 15; joker: "
        "25. After the last round the lowest total wins; equal lowest totals share the win.",
    ),
    # Clarifications: decisions where published Shanghai rules differ or are silent, with their own ids.
    RuleText(
        "SH-C1",
        "Clarification: no buying",
        "Many tables let players out of turn 'buy' the discard with a penalty card. This rule book has no "
        "buying: only the turn player takes the discard.",
    ),
    RuleText(
        "SH-C2",
        "Clarification: one form for every play",
        "A go-down is recorded in one form: each set's natural cards in card order, then its jokers; the sets "
        "first, then the runs, each kind in rank order. legal_actions lists every go-down once, in this form.",
    ),
)

OPTIONS: Final = (
    Option("rounds", int, 7, "SH-7: how many of the seven contracts to play", minimum=1, maximum=7, rule="SH-7"),
)

S, R = MeldKind.SET, MeldKind.RUN


def _contract(*kinds: MeldKind) -> Contract:
    minimum = {S: 3, R: 4}
    return Contract(tuple(MeldRequirement(kind, minimum[kind], exact=False) for kind in kinds))


#: SH-7: the seven contracts, sets before runs (the order a go-down is recorded in, SH-C2).
CONTRACTS: Final = (
    _contract(S, S),
    _contract(S, R),
    _contract(R, R),
    _contract(S, S, S),
    _contract(S, S, R),
    _contract(S, R, R),
    _contract(R, R, R),
)

_NATURAL_RANKS: Final = tuple(rank for rank in Rank if rank is not Rank.JOKER)

#: SH-4 to SH-6: jokers wild, sets of 3+, suited runs of 4+ with the ace at either end.
MELD_RULES: Final = MeldRules(
    wild_faces=frozenset(parse_cards("JK")),
    set_ranks=frozenset(_NATURAL_RANKS),
    run_order=(Rank.ACE, *(Rank(value) for value in range(2, 14)), Rank.ACE),
    min_set=3,
    min_run=4,
    suited_runs=True,
    wilds_at_most_naturals=True,
    rules={"wilds": "SH-4", "set": "SH-5", "run": "SH-6"},
)

_POINTS: Final = {
    **{Rank(value): 5 for value in range(2, 10)},
    Rank.TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 15,
    Rank.JOKER: 25,
}


def card_points(card: Card) -> int:
    """SH-14: what a card left in hand costs.

    Examples:
        >>> from rummykit import parse_cards
        >>> [card_points(card) for card in parse_cards("2C 10H AS JK")]
        [5, 10, 15, 25]
    """
    return _POINTS[card.rank]


@attrs.frozen(kw_only=True)
class ShanghaiRules(Ruleset):
    """Shanghai's rules for one game: the core's fields, the meld rules, the contracts to play.

    Attributes:
        melds: the meld shapes (SH-4 to SH-6).
        contracts: the contract of each round played (SH-7, cut to the option ``rounds``).
        hand_size: cards dealt to each player (SH-3).
    """

    melds: MeldRules = MELD_RULES
    contracts: tuple[Contract, ...] = CONTRACTS
    hand_size: int = 11


def make_rules(config: GameConfig) -> ShanghaiRules:
    """The rules of one game from its validated options (SH-3: one shoe of 108 cards)."""
    options = config.options
    return ShanghaiRules(
        shoe_parts=(decks(2, jokers_per_deck=2),),
        max_turns_per_round=options["max_turns_per_round"],
        max_rounds=options["max_rounds"],
        low_score_wins=True,
        contracts=CONTRACTS[: options["rounds"]],
    )
