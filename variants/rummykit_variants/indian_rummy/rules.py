"""13-card Indian Rummy's rule book and its rules as data: a standard rummy (`rummykit.standard`) whose round
ends by a declared hand (`rummykit.standard.declaring`), with a wild rank cut each deal and drops, in three forms:
Points (one deal), Pool (deals to 101 or 201) and Deals (a fixed number of deals).

The rule book follows Pagat's Indian Rummy and the rules the Indian rummy federations and sites publish; where
they part, the rule says which it follows, marked ``[decision: ...]``.

Examples:
    >>> import rummykit
    >>> rules = rummykit.new_game("indian-rummy", players=4, seed=1).state.rules
    >>> rules.deal.hand_size, len(rules.shoe), rules.rounds, rules.declaring.cap
    (13, 106, 1, 80)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rummykit.core.actions import Draw, TakeDiscard
from rummykit.core.cards import Card, Rank, standard_deck
from rummykit.core.melds import MeldRules
from rummykit.core.specs import GameSettings, Option, rule_book
from rummykit.standard import Deal, FreeMelds, RuleIds, Scoring, Stock, Turns
from rummykit.standard.declaring import CutWild, DeclaredRules, Declaring, Drop, Drops

__all__ = ["DROPS", "FORMS", "IDS", "OPTIONS", "POINTS", "POOLS", "RULES", "make_rules"]

RULES: Final = rule_book("""
IND-1 | Players and cards | 2 to 6 players, two 52-card packs and two printed jokers (106 cards). [decision: the
    federations' rules and most sites; some deal two players from one pack and a joker.]
IND-2 | Dealer and deal | The first dealer is chosen at random; the deal passes one seat forward each deal. Each
    player still in the game is dealt 13 cards, one at a time from the seat after the dealer. The next card is turned
    face up to start the discard pile (the open deck); the rest is the stock (the closed deck). The first player still
    in the game after the dealer plays first.
IND-3 | The wild rank | After the deal the top card of the stock is turned and laid aside face up (the cut joker):
    every card of its rank, in each suit, is wild for the deal, beside the printed jokers. If it is a printed joker,
    the aces are wild.
IND-4 | Card points | A, K, Q, J: 10; 2 to 10: face value; the printed jokers and the cards of the wild rank: 0.
IND-5 | The turn | A turn starts by drawing the top card of the stock or of the discard pile, and ends with one
    discard, or with a declaration (IND-9); the card taken from the discard pile may not be discarded in the same
    turn. When the stock runs out, the discard pile but its top card is shuffled into a new stock. [decision: the
    sites' rules; Pagat leaves both to the players.]
IND-6 | Sequences | A sequence is 3 or more consecutive cards of one suit; the ace is low (A-2-3) or high
    (Q-K-A), never both (no K-A-2). A pure sequence holds no wild card standing for another card (a card of the
    wild rank in its own place is itself); an impure sequence does.
IND-7 | Sets | A set is 3 or more cards of one rank, no two of one suit, with or without wild cards; a group holds
    at least one card that is not wild. [decision: some sites cap a set at four cards; here wild cards may make it
    longer, as others allow.]
IND-8 | What a declaration needs | All 13 cards in sequences and sets, with at least two sequences, one of them
    pure at least.
IND-9 | Declaring | After drawing, a player may declare: they lay one card on the finish slot and show the other 13
    in groups. If the groups meet IND-6 to IND-8, the player wins the deal. The other players' hands are then
    arranged, each as well as it can be, and counted (IND-13). [decision: at a table each player arranges their own
    hand; here each is given its best arrangement.]
IND-10 | A wrong show | A declaration whose groups do not meet IND-6 to IND-8 costs the player 80 points: they
    leave the deal, their cards set aside, and the others play on. [decision: the sites' Points Rummy; Pagat ends the
    deal.]
IND-11 | Drops | On their turn, before drawing, a player may drop out of the deal: 20 points before their first
    draw of the deal (a first drop), 40 after it (a middle drop); 25 and 50 in Pool Rummy to 201. Their cards are
    set aside.
IND-12 | The last player | When every other player has dropped out or shown wrongly, the one left wins the deal.
IND-13 | Counting | A player who did not win counts the points of the cards left out of their groups (IND-4); a player
    whose groups lack two sequences, one of them pure, counts every card; never more than 80.
IND-14 | Points Rummy | Option form points (the default): one deal. The winner scores the sum of what the others
    count and pay (IND-10, IND-11, IND-13); each of them scores minus that.
IND-15 | Pool Rummy | Option form pool-101 or pool-201: deals until one player is left in the game. Each deal the
    winner scores 0 and each other player minus what they count or pay; a player whose total reaches -101 (or
    -201) is out of the game. The last player left wins. [decision: penalties are written as negative scores, so
    that the highest total wins in every form.]
IND-16 | Deals Rummy | Option form deals: a fixed number of deals (option deals, default 2), each scored as in
    Points Rummy; the highest total wins, a tie shares the win.
IND-C1 | Clarification: one declaration per finish card | The list of legal actions names, for each card that can
    finish, one valid declaration (the groups found for it), and one wrong show, which stands for every other.
""")
"""13-card Indian Rummy's rule book, rule by rule (the rules page renders it)."""

FORMS: Final = ("points", "pool-101", "pool-201", "deals")
"""IND-14 to IND-16: the forms of the game (option ``form``)."""
OPTIONS: Final = (
    Option(
        "form", str, "points", "IND-14 to IND-16: points, pool-101, pool-201 or deals", choices=FORMS, rule="IND-14"
    ),
    Option("deals", int, 2, "IND-16: the deals of a game of Deals Rummy", minimum=1, maximum=20, rule="IND-16"),
)
"""13-card Indian Rummy's options: name, type, default, meaning and the rule each one sets."""

POINTS: Final[Mapping[Rank, int]] = {
    **{Rank(value): value for value in range(2, 11)},
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 10,
    Rank.JOKER: 0,
}
"""IND-4: what a card counts (a card of the wild rank: 0, whatever its rank)."""

POOLS: Final[Mapping[str, int]] = {"pool-101": 101, "pool-201": 201}
"""IND-15: the total below which a player is out of a game of Pool Rummy, by form (minus this)."""
DROPS: Final[Mapping[str, tuple[int, int]]] = {"pool-201": (25, 50)}
"""IND-11: the first and middle drops of a form where they are not 20 and 40."""

IDS: Final = RuleIds(
    start="IND-2",
    draw="IND-5",
    empty_discard="IND-5",
    meld="IND-9",
    lay_off="IND-9",
    discard="IND-5",
    no_card="IND-5",
    score="IND-13",
)
"""The rules the standard rummy cites in Indian Rummy."""

_ORDER: Final = (Rank.ACE, *(Rank(value) for value in range(2, 14)), Rank.ACE)


def make_rules(config: GameSettings) -> DeclaredRules:
    """Indian Rummy's rules for a configuration: two packs and two jokers (IND-1), 13 cards each (IND-2), a cut wild
    rank (IND-3), a declared hand (IND-6 to IND-10, IND-13) and drops (IND-11), in its form (IND-14 to IND-16)."""
    options = config.options
    form = options["form"]
    first, middle = DROPS.get(form, (20, 40))
    joker = Card.of(Rank.JOKER)
    return DeclaredRules(
        shoe_parts=(standard_deck() * 2 + (joker, joker),),
        deal=Deal(hand_size=13),
        turns=Turns(empty_hand_ends_round=False, draws=(Draw, TakeDiscard, Drop)),
        stock=Stock(reshuffle="below-top"),
        melds=MeldRules(
            wild_faces=frozenset({joker}),
            run_order=_ORDER,
            suited_runs=True,
            wilds_at_most_naturals=False,
            rules={"wilds": "IND-7", "set": "IND-7", "run": "IND-6"},
        ),
        melding=FreeMelds(),
        scoring=Scoring(points=POINTS),
        rounds=options["deals"] if form == "deals" else 1 if form == "points" else None,
        ids=IDS,
        declaring=Declaring(rule="IND-9", groups_rule="IND-8", wrong_rule="IND-10", last_rule="IND-12"),
        drops=Drops(first=first, middle=middle, rule="IND-11"),
        cut_wild=CutWild(rule="IND-3"),
    )
