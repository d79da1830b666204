"""Classic Rummy's rule book and rules as data: the deck, hand sizes, meld rules, card points, options.

Everything the rules resolve once per game lives in `ClassicRules`, so that a house rule that
changes data (``ace-low``, ``jokers``) returns an ``attrs.evolve``-d copy from its ``rummykit_setup``
wrapper and the variant's code never asks which house rules are on.

Examples:
    >>> import rummykit
    >>> rules = rummykit.new_game("rummy", players=3, seed=1).state.rules
    >>> rules.hand_size, rules.target, rules.stock_rebuilds, len(rules.shoe)
    (7, 100, 2, 52)
    >>> [rank.symbol for rank in rules.melds.run_order][:3], rules.melds.run_order[-1].symbol
    (['A', '2', '3'], 'A')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from rummykit.cards import Card, Rank, standard_deck
from rummykit.melds import MeldRules
from rummykit.variant import GameConfig, Option, Ruleset, RuleText

__all__ = [
    "CLASSIC_RUN_ORDER",
    "MELD_RULES",
    "OPTIONS",
    "POINTS",
    "RULES",
    "ClassicRules",
    "hand_size",
    "make_rules",
]

RULES: Final = (
    RuleText(
        "CR-1",
        "Players and cards",
        "2 to 4 players, one 52-card deck, no jokers. Two players are dealt 10 cards each; three or four, 7 each. "
        "The rest is the stock; its top card is turned face up to start the discard pile.",
    ),
    RuleText(
        "CR-2",
        "Dealer",
        "The first dealer is chosen at random; the deal passes one seat forward each round. The seat after the "
        "dealer plays first.",
    ),
    RuleText("CR-3", "The draw", "A turn starts by drawing the top card of the stock or of the discard pile."),
    RuleText(
        "CR-4",
        "Runs and sets",
        "A run is 3 or more consecutive cards of one suit; an ace is low (A-2-3) or high (Q-K-A), never both in "
        "one run (no K-A-2). A set is 3 or more cards of one rank.",
    ),
    RuleText(
        "CR-5",
        "Melding and laying off",
        "After drawing, a player may lay down any number of sets and runs and add cards to any meld on the table "
        "(anyone's). Playing is optional.",
    ),
    RuleText(
        "CR-6",
        "Discard",
        "The turn ends with one discard. The card taken from the discard pile this turn may not be discarded in "
        "the same turn.",
    ),
    RuleText(
        "CR-7",
        "Empty stock",
        "When the stock is empty and a card must be drawn from it, the discard pile is shuffled and becomes the "
        "new stock (the discard pile is then empty).",
    ),
    RuleText(
        "CR-8",
        "Going out",
        "A player whose hand becomes empty goes out and wins the round, with or without a final discard.",
    ),
    RuleText(
        "CR-9",
        "Stalemate",
        "If the stock runs out for the third time in a round (option stock_rebuilds, default 2 rebuilds allowed), "
        "nobody can go out: the round ends with no points scored.",
    ),
    RuleText("CR-10", "Card points", "K, Q, J: 10; A: 1; 2-10: face value; joker (CR-24): 15."),
    RuleText(
        "CR-11",
        "Scoring a round",
        "The winner of a round scores the points of every card left in the other players' hands. A player who "
        "had played no card at all (no meld, no lay-off) before the turn in which they go out, playing their "
        "whole hand in that turn (going rummy), scores double.",
    ),
    RuleText(
        "CR-12",
        "End of the game",
        "The game ends after a round in which a player reaches the target score (option target, default 100): "
        "the highest total wins; a tie for highest plays another round.",
    ),
    # Clarifications: decisions where the rule book is silent, with their own ids.
    RuleText(
        "CR-C1",
        "Clarification: the deal",
        "The cards are dealt one at a time from the top of the stock, starting with the seat after the dealer.",
    ),
    RuleText(
        "CR-C2",
        "Clarification: when the stock runs out",
        "The stock runs out when a card must be drawn from it and it is empty (CR-7, CR-9): a player may still "
        "take the top discard instead. A round in which no card can be drawn at all (stock and discard pile "
        "both empty) ends like CR-9, with no points scored.",
    ),
    RuleText(
        "CR-C3",
        "Clarification: an ace on a run from 2 to K",
        "A run from 2 to K takes an ace at either end (CR-4: as its low or its high card). A lay-off of that ace "
        "names the end; without one it goes at the low end.",
    ),
    RuleText(
        "CR-C4",
        "Clarification: one form for every play",
        "Melds laid down together are recorded in a fixed order (by ranks, then cards), a set's cards natural "
        "cards first in card order, a run's from low to high; a lay-off on a run records the end it extends. "
        "legal_actions lists each play once, in this form.",
    ),
)

OPTIONS: Final = (
    Option("target", int, 100, "CR-12: the score that ends the game (500 is common)", minimum=1, rule="CR-12"),
    Option(
        "stock_rebuilds",
        int,
        2,
        "CR-9: how many times the stock is rebuilt from the discard pile before the round ends unscored",
        minimum=0,
        rule="CR-9",
    ),
)

#: CR-4: the ace is low or high (``A 2 … K A``); a run never uses a rank twice, so it never wraps.
CLASSIC_RUN_ORDER: Final = (Rank.ACE, *(Rank(value) for value in range(2, 14)), Rank.ACE)

#: CR-4: suited runs of 3 or more, sets of 3 or more; no wild cards (the ``jokers`` house rule adds them).
MELD_RULES: Final = MeldRules(
    wild_faces=frozenset(),
    set_ranks=frozenset(rank for rank in Rank if rank is not Rank.JOKER),
    run_order=CLASSIC_RUN_ORDER,
    min_set=3,
    min_run=3,
    suited_runs=True,
    wilds_at_most_naturals=True,
    rules={"wilds": "CR-4", "set": "CR-4", "run": "CR-4"},
)

#: CR-10: what a card is worth (the ``jokers`` house rule adds the joker's 15).
POINTS: Final[Mapping[Rank, int]] = {
    **{Rank(value): value for value in range(2, 11)},
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 1,
}


def hand_size(players: int) -> int:
    """CR-1: 10 cards each for two players, 7 for three or four."""
    return 10 if players == 2 else 7


@attrs.frozen(kw_only=True)
class ClassicRules(Ruleset):
    """Classic Rummy's rules for one game: the core's fields and the variant's data.

    Attributes:
        hand_size: cards dealt to each player (CR-1).
        melds: the shape of sets and runs (CR-4), with the house rules' changes.
        points: what each rank is worth (CR-10).
        run_order_rule: the rule that sets which ranks a run may span, cited when a run or lay-off is
            refused only because of it (CR-4; the ``ace-low`` house rule makes it CR-21).
        target: the score that ends the game (CR-12).
        stock_rebuilds: how often the stock is rebuilt in a round before it ends unscored (CR-9).
    """

    hand_size: int
    melds: MeldRules = MELD_RULES
    points: Mapping[Rank, int] = POINTS
    run_order_rule: str = "CR-4"
    target: int = 100
    stock_rebuilds: int = 2

    def card_points(self, card: Card) -> int:
        """CR-10: what ``card`` is worth, in a meld or left in hand."""
        return self.points[card.rank]


def make_rules(config: GameConfig) -> ClassicRules:
    """The rules of one game, from its validated options (CR-1: one deck, no jokers)."""
    options = config.options
    return ClassicRules(
        shoe_parts=(standard_deck(),),
        max_turns_per_round=options["max_turns_per_round"],
        max_rounds=options["max_rounds"],
        hand_size=hand_size(config.players),
        target=options["target"],
        stock_rebuilds=options["stock_rebuilds"],
    )
