"""Rummy 500's rule book and its rules as data: a standard rummy (`rummykit.standard`) whose discard pile
lies spread and is taken deep (`SpreadPile`), whose scores credit each seat with the cards it puts on the
table (`Scoring.credit_layer`), and whose round ends when a player draws from an empty stock.

The rule book follows Pagat's 500 Rummy; where Pagat, Hoyle's 500 Rum and the other published rules part,
the rule says which it follows, marked ``[decision: ...]``.

Examples:
    >>> import rummykit
    >>> rules = rummykit.new_game("rummy-500", players=2, seed=1).state.rules
    >>> rules.deal.hand_size, rules.scoring.target, len(rules.shoe), rules.stock.reshuffle
    (13, 500, 54, 'none')
    >>> len(rummykit.new_game("rummy-500", players=5, seed=1).state.rules.shoe)
    108
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rummykit.core.actions import DeepTake, Draw
from rummykit.core.cards import Card, Rank, standard_deck
from rummykit.core.melds import MeldRules
from rummykit.core.specs import GameSettings, Option, rule_book
from rummykit.standard import Deal, FreeMelds, RuleIds, Scoring, SpreadPile, StandardRules, Stock, Turns

__all__ = ["IDS", "OPTIONS", "POINTS", "RULES", "RUN_ORDERS", "make_rules"]

RULES: Final = rule_book("""
R5-1 | Players and cards | 2 to 8 players. With 2 to 4 players, one 52-card pack and two jokers (54 cards); with 5 or
    more, two packs and four jokers (108 cards). Option jokers (default true): false plays without jokers.
R5-2 | Dealer and deal | The first dealer is chosen at random; the deal passes one seat forward each round. The cards
    are dealt one at a time from the seat after the dealer: 13 each to two players, 7 each to three or more. The next
    card is turned face up to start the discard pile; the rest is the stock. The seat after the dealer plays first.
R5-3 | Card points | 2 to 10: face value; J, Q, K: 10; ace: 15; joker: 15. An ace laid on the table as the low card of
    a run (A-2-3) is worth 1 there.
R5-4 | Melds | A set is 3 or more cards of one rank (with two packs a set may hold the same card twice); a run is 3
    or more consecutive cards of one suit. The ace is high (Q-K-A) or low (A-2-3), never both in one run (no K-A-2);
    option aces: high-or-low (default), high (Q-K-A only) or low (A-2-3 only). A joker is wild and stands for the
    rank of its place; a meld holds at least as many natural cards as jokers. [decision: Pagat sets no limit on
    jokers in a meld; as in our Classic Rummy's jokers, a meld holds at least as many natural cards as jokers.]
R5-5 | The draw | A turn starts with one draw: the top card of the stock, or any card of the discard pile together
    with every card above it. The discard pile lies spread, so that every card of it is in sight.
R5-6 | Playing the card taken | The deepest card taken from the discard pile is played at once: the turn's first
    meld or lay-off uses it, in a new meld or laid off on any meld, before any other play and before the discard. A
    take whose card cannot be played so is not allowed. This holds for the top card taken alone too; option
    top_card_free (default false): the top card alone may be taken and kept. [decision: Pagat; Hoyle's 500 Rum and
    other sources let the top card alone be taken freely, which the option gives.]
R5-7 | Melding and laying off | After the draw a player may lay down any number of melds and lay off cards on any
    meld on the table, their own or another player's. A card laid off counts for the player who laid it off.
R5-8 | Discard | The turn ends with one discard, unless the player has gone out. The other cards taken from the
    discard pile with the deepest may be discarded in the same turn; the top card taken alone under top_card_free
    may not. [decision: Pagat forbids nothing but the deepest card, which is played at once (R5-6).]
R5-9 | Going out | A player whose hand becomes empty, by melding, laying off or discarding the last card, goes out,
    and play ends at once.
R5-10 | The stock runs out | The discard pile is never shuffled into a new stock. Once the stock is empty, play goes
    on while each player in turn takes from the discard pile; a player who draws from the empty stock instead ends
    the play, and the round is scored as if someone had gone out. [decision: Pagat; some play that the round ends as
    the last card of the stock is drawn.]
R5-11 | Scoring a round | Each player scores the points of the cards they put on the table this round (their own
    melds, and the cards they laid off on anyone's melds), less the points of the cards left in their hand. A round's
    score may be negative, and so may a total.
R5-12 | End of the game | The game ends after a round in which a player reaches the target (option target, default
    500): the highest total wins; a tie for highest plays another round.
R5-C1 | Clarification: one meld an action | Several melds laid down at once are the same play as those melds laid one
    after another; the list of legal actions names one meld an action (a large hand holds too many combinations of
    melds to list), the melds that hold the card taken deepest first.
R5-C2 | Clarification: a card the pile holds twice | With two packs the discard pile may hold a card twice; taking it
    takes the upper copy and the cards above it.
R5-C3 | Clarification: one form for every play | Melds are recorded in a fixed order (a set's cards natural cards
    first, in card order; a run's from low to high); a lay-off of a wild card on a run names the end it extends.
""")
"""Rummy 500's rule book, rule by rule (the rules page renders it)."""

OPTIONS: Final = (
    Option("target", int, 500, "R5-12: the total that ends the game", minimum=1, rule="R5-12"),
    Option("jokers", bool, True, "R5-1: two jokers a pack, wild (R5-4)", rule="R5-1"),
    Option(
        "aces",
        str,
        "high-or-low",
        "R5-4: the ace in runs: high-or-low, high (Q-K-A only) or low (A-2-3 only)",
        choices=("high-or-low", "high", "low"),
        rule="R5-4",
    ),
    Option("top_card_free", bool, False, "R5-6: the top discard alone may be taken and kept", rule="R5-6"),
)
"""Rummy 500's options: name, type, default, meaning and the rule each one sets."""

_MIDDLE: Final = tuple(Rank(value) for value in range(2, 14))
RUN_ORDERS: Final[Mapping[str, tuple[Rank, ...]]] = {
    "high-or-low": (Rank.ACE, *_MIDDLE, Rank.ACE),
    "high": (*_MIDDLE, Rank.ACE),
    "low": (Rank.ACE, *_MIDDLE),
}
"""R5-4: the run order of each choice of the ``aces`` option (a run never uses a rank twice: no K-A-2)."""

POINTS: Final[Mapping[Rank, int]] = {
    **{Rank(value): value for value in range(2, 11)},
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 15,
    Rank.JOKER: 15,
}
"""R5-3: what a card is worth (an ace at the low end of a run: 1, `Scoring.low_ace`)."""

IDS: Final = RuleIds(
    start="R5-2",
    draw="R5-5",
    empty_discard="R5-5",
    meld="R5-7",
    lay_off="R5-7",
    discard="R5-8",
    no_card="R5-10",
    going_out="R5-9",
    score="R5-11",
)
"""The rules the standard rummy cites in Rummy 500."""


def make_rules(config: GameSettings) -> StandardRules:
    """Rummy 500's rules for a configuration: one pack and two jokers, or two and four for 5 or more players
    (R5-1); 13 cards each for two players, 7 for more (R5-2); the spread pile taken deep (R5-5, R5-6); free melds
    listed one at a time (R5-7, R5-C1); no new stock (R5-10); the layer credited (R5-11), to the target (R5-12)."""
    options = config.options
    packs = 2 if config.players >= 5 else 1
    jokers = (Card.of(Rank.JOKER),) * (2 * packs if options["jokers"] else 0)
    order = RUN_ORDERS[options["aces"]]
    return StandardRules(
        shoe_parts=(standard_deck() * packs + jokers,),
        deal=Deal(hand_size=13 if config.players == 2 else 7),
        turns=Turns(draws=(Draw, DeepTake)),
        stock=Stock(reshuffle="none"),
        melds=MeldRules(
            wild_faces=frozenset(jokers),
            run_order=order,
            suited_runs=True,
            wilds_at_most_naturals=True,
            rules={"wilds": "R5-4", "set": "R5-4", "run": "R5-4"},
        ),
        melding=FreeMelds(listed_singly=True),
        spread=SpreadPile(rule="R5-5", use_rule="R5-6", top_free=options["top_card_free"]),
        scoring=Scoring(points=POINTS, credit_layer=True, low_ace=1, target=options["target"]),
        ids=IDS,
    )
