"""Classic Rummy's rule book and its rules as data: a standard rummy (`rummykit.standard`)
with one deck, free melds, winner-takes-all scoring and a target. A house rule that changes the game
(``ace-low``, ``jokers``) returns an ``attrs.evolve``-d copy of these rules from its
``rummykit_setup`` wrapper.

Examples:
    >>> import rummykit
    >>> rules = rummykit.new_game("rummy", players=3, seed=1).state.rules
    >>> rules.deal.hand_size, rules.scoring.target, rules.stock.rebuilds
    (7, 100, 2)
    >>> len(rules.shoe)
    52
    >>> order = rules.melds.run_order
    >>> [rank.symbol for rank in order][:3], order[-1].symbol
    (['A', '2', '3'], 'A')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rummykit.core.cards import Rank, standard_deck
from rummykit.core.melds import MeldRules
from rummykit.core.specs import GameSettings, Option, rule_book
from rummykit.standard import Deal, RuleIds, Scoring, StandardRules, Stock

__all__ = ["CLASSIC_RUN_ORDER", "IDS", "MELD_RULES", "OPTIONS", "POINTS", "RULES", "make_rules"]

RULES: Final = rule_book("""
CR-1 | Players and cards | 2 to 4 players, one 52-card deck, no jokers. Two players are dealt 10 cards each; three
    or four, 7 each. The rest is the stock; its top card is turned face up to start the discard pile.
CR-2 | Dealer | The first dealer is chosen at random; the deal passes one seat forward each round. The seat after
    the dealer plays first.
CR-3 | The draw | A turn starts by drawing the top card of the stock or of the discard pile.
CR-4 | Runs and sets | A run is 3 or more consecutive cards of one suit; an ace is low (A-2-3) or high (Q-K-A),
    never both in one run (no K-A-2). A set is 3 or more cards of one rank.
CR-5 | Melding and laying off | After drawing, a player may lay down any number of sets and runs and add cards to
    any meld on the table (anyone's). Playing is optional.
CR-6 | Discard | The turn ends with one discard. The card taken from the discard pile this turn may not be discarded
    in the same turn.
CR-7 | Empty stock | When the stock is empty and a card must be drawn from it, the discard pile is shuffled and
    becomes the new stock (the discard pile is then empty).
CR-8 | Going out | A player whose hand becomes empty goes out and wins the round, with or without a final discard.
CR-9 | Stalemate | If the stock runs out for the third time in a round (option stock_rebuilds, default 2 rebuilds
    allowed), nobody can go out: the round ends with no points scored.
CR-10 | Card points | K, Q, J: 10; A: 1; 2-10: face value; joker (CR-24): 15.
CR-11 | Scoring a round | The winner of a round scores the points of every card left in the other players' hands. A
    player who had played no card at all (no meld, no lay-off) before the turn in which they go out, playing their
    whole hand in that turn (going rummy), scores double.
CR-12 | End of the game | The game ends after a round in which a player reaches the target score (option target,
    default 100): the highest total wins; a tie for highest plays another round.
CR-C1 | Clarification: the deal | The cards are dealt one at a time from the top of the stock, starting with the
    seat after the dealer.
CR-C2 | Clarification: when the stock runs out | The stock runs out when a card must be drawn from it and it is
    empty (CR-7, CR-9): a player may still take the top discard instead. A round in which no card can be drawn at
    all (stock and discard pile both empty) ends like CR-9, with no points scored.
CR-C3 | Clarification: an ace on a run from 2 to K | A run from 2 to K takes an ace at either end (CR-4: as its low
    or its high card). A lay-off of that ace names the end; without one it goes at the low end.
CR-C4 | Clarification: one form for every play | Melds laid down together are recorded in a fixed order (by ranks,
    then cards), a set's cards natural cards first in card order, a run's from low to high; a lay-off on a run
    records the end it extends. legal_actions lists each play once, in this form.
""")
"""Classic Rummy's rule book, rule by rule (the rules page renders it)."""

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
"""Classic Rummy's options: name, type, default, meaning and the rule each one sets."""

CLASSIC_RUN_ORDER: Final = (Rank.ACE, *(Rank(value) for value in range(2, 14)), Rank.ACE)
"""CR-4: the ace is low or high (``A 2 … K A``); a run never uses a rank twice, so it never wraps."""

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
"""CR-4: suited runs of 3 or more, sets of 3 or more; no wild cards (the ``jokers`` house rule adds them)."""

POINTS: Final[Mapping[Rank, int]] = {
    **{Rank(value): value for value in range(2, 11)},
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 1,
}
"""CR-10: what a card is worth (the ``jokers`` house rule adds the joker's 15)."""

IDS: Final = RuleIds(
    start="CR-2",
    draw="CR-3",
    empty_discard="CR-7",
    meld="CR-5",
    lay_off="CR-5",
    discard="CR-6",
    no_card="CR-C2",
    stalemate="CR-9",
    going_out="CR-8",
    rummy="CR-11",
    score="CR-11",
)
"""The rules the standard rummy cites in Classic Rummy."""


def make_rules(config: GameSettings) -> StandardRules:
    """Classic Rummy's rules for a configuration: one deck, no jokers (CR-1), 10 cards each for two
    players and 7 for three or four, free melds (CR-5), the taken card kept (CR-6), the whole
    discard pile reshuffled when the stock runs out (CR-7) as often as ``stock_rebuilds`` says
    (CR-9), and winner-takes-all scoring, double for going rummy, to the ``target`` (CR-11, CR-12)."""
    options = config.options
    return StandardRules(
        shoe_parts=(standard_deck(),),
        deal=Deal(hand_size=10 if config.players == 2 else 7),
        stock=Stock(reshuffle="all", rebuilds=options["stock_rebuilds"]),
        melds=MELD_RULES,
        scoring=Scoring(points=POINTS, winner_takes_hands=True, rummy_multiplier=2, target=options["target"]),
        ids=IDS,
        natural_run_order=CLASSIC_RUN_ORDER,
    )
