"""Railroad Canasta's rule book and rules as data: the shoe, the deal, card values, canasta kinds and
bonuses, the initial-meld minimums."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

import attrs

from rummykit.core.actions import Action, Draw
from rummykit.core.cards import Card, Rank, Suit, parse_cards
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import Meld, MeldRules
from rummykit.core.shoe import decks
from rummykit.core.specs import GameSettings, RuleText
from rummykit.core.state import GameState
from rummykit.standard import (
    CanastaFamily,
    Deal,
    FamilyScoring,
    GoingOut,
    Minimums,
    PileTakes,
    RuleIds,
    Scoring,
    StandardRules,
    Stock,
    Turns,
)
from rummykit.standard.canasta_family import EndRound, TakePile
from rummykit.standard.canastas import FAMILY_POINTS, Canasta, Canastas
from rummykit.standard.groups import GroupRuleIds, Groups

__all__ = [
    "CANASTA_BONUS",
    "FAMILY",
    "GROUPS",
    "MELD_RULES",
    "RULES",
    "CanastaKind",
    "CanastaPhase",
    "CanastaRules",
    "canasta_kind",
    "card_value",
    "initial_minimum",
    "is_red_three",
    "is_wild",
    "make_rules",
]


def rule_book(text: str) -> tuple[RuleText, ...]:
    """The rules written in ``text``, one a paragraph: ``id | title | the rule``, wrapped as it comes."""
    return tuple(RuleText(*" ".join(rule.split()).split(" | ", 2)) for rule in text.strip().split("\n\n"))


RULES: Final = rule_book(
    """
RC-1 | Players and cards | 2 to 6 players, each playing for themselves. The shoe holds, for each player, two 52-card
decks and 2 jokers (106 cards a player), shuffled together.

RC-2 | Dealer and turn order | The first dealer is chosen at random and the deal passes one seat forward each round.
The seat after the dealer plays first; play goes on in seat order.

RC-3 | Deal | Each player is dealt 13 cards to hand, then 11 cards face down to their kitty, which they may not look
at yet (RC-20). The top card of the rest, the stock, is turned face up to start the discard pile.

RC-4 | Ranks and wild cards | Ranks from high to low: A, K, Q, J, 10, 9, 8, 7, 6, 5, 4. Jokers and 2s are wild. 3s are
special (RC-6, RC-7).

RC-5 | Card values | Joker 50; 2 and A 20; K, Q, J, 10, 9, 8: 10; 7, 6, 5, 4 and black 3: 5. Red 3s score by RC-31
only.

RC-6 | Red 3s | A red 3 is never held. Drawn from the stock or dealt to the hand, it is placed face up beside the
player's melds at once and replaced by a card from the stock (none if the stock is empty). A red 3 that arrives in a
taken discard pile or a picked-up kitty is placed at once, without replacement. Red 3s never count toward a meld
requirement.

RC-7 | Black 3s | A black 3 can be melded only in the turn a player goes out, in a meld of black 3s alone (no wild
cards, 3 or more cards, more than 7 allowed, no canasta bonus). A black 3 on top of the discard pile blocks it for the
next turn (RC-16).

RC-8 | Melds | A meld is 3 to 7 cards of one rank (4 to A), melded by one player and owned by them; nobody adds to
another player's melds. It holds at least 2 natural cards and never more than 3 wild cards.

RC-9 | Wild melds | A wild meld is 3 to 7 wild cards and nothing else; it is the one exception to RC-8's wild-card
limit.

RC-10 | Sevens | A meld of 7s holds no wild cards (the text forbids them in a sevens canasta, and a meld of 7s is on
its way to one).

RC-11 | One open meld per rank | A player may not have two unfinished melds of the same rank at once (wild melds count
as one rank); once a meld of a rank has become a canasta, they may start another.

RC-12 | Canastas | A meld that reaches 7 cards is a canasta and is closed: no card may be added to it. Its kind and
bonus: sevens (seven natural 7s) 1500; wild (seven wild cards) 1000; red (seven natural cards of one rank other than
7) 500; black (natural and wild cards of one rank) 300.

RC-13 | Initial meld | A player's first meld action of a round (one or more melds laid down together; when taking the
pile, the top card with the cards from hand melded with it and any other melds from hand laid down in the same action,
before the rest of the pile is taken) must be worth at least a minimum set by their total before the round: below 0:
15; 0 to 4,995: 50; 5,000 to 9,995: 90; 10,000 to 14,995: 120; 15,000 or more: 150.

RC-14 | The turn | A turn starts with one of: draw the top 2 cards of the stock (only 1 if only 1 is left), or take
the discard pile where allowed (RC-15, RC-16). Then the player may meld and add to their own melds. Then they discard
one card (RC-18), and may then pick up their kitty (RC-20).

RC-15 | Frozen pile | The discard pile is frozen while a wild card lies in it, and when the first up-card of the round
is a red 3 or a wild card; it stays frozen until someone takes it. A frozen pile can be taken only by a player holding
two natural cards of the top card's rank, who melds them at once with the top card.

RC-16 | Taking an unfrozen pile | An unfrozen pile can be taken by a player who holds two natural cards of the top
card's rank (melded at once with it), or who has an unfinished meld of that rank, onto which the top card is played at
once. A player who takes the pile with a pair while they have an unfinished meld of that rank puts the three cards
onto that meld, as far as it has room. No pile can be taken while its top card is a wild card or a 3.

RC-17 | Taking the pile | The top card is melded as RC-15 and RC-16 say (meeting RC-13 if it is the player's initial
meld, counting only cards from their hand and the top card); then the rest of the pile goes to their hand, its red 3s
placed (RC-6). The pile is then empty and unfrozen.

RC-18 | Discarding 7s | A 7 may not be discarded until every player has completed a sevens canasta.

RC-19 | Keeping a discard | A player who cannot go out (RC-21) may not make a play that leaves them without a card to
discard: after melding they hold at least 2 cards. Nobody may meld so as to keep only cards they may not discard (7s,
RC-18), unless their hand held nothing else right after drawing (G-4, RC-22). Exception, from the rules text: a player
whose hand holds only 7s right after drawing (while someone lacks a sevens canasta) may meld or lay off any or all of
those 7s (new melds of 3 to 7, or onto their open meld of 7s), down to an empty hand, and the round then ends (RC-22)
without the going-out bonus (RC-30).

RC-20 | The kitty | Once a player has completed a canasta that is not black (sevens, wild or red), they may look at
their kitty, and after their discard in any such turn they may pick it up into their hand, once a round.

RC-21 | Going out | To go out a player must have completed at least one canasta of each of the four kinds. They meld
every card in hand but one and discard that one, which may not be a 7. They may meld black 3s in that turn (RC-7).

RC-22 | End of a round | A round ends when a player goes out; or when the stock is empty and the turn player does not
(or cannot) take the discard pile; or when the turn player has no legal discard (a hand of 7s while someone lacks a
sevens canasta) after melding what they can.

RC-30 | Going-out bonus | Going out scores a 100-point bonus.

RC-31 | Scoring | Each player scores: plus the values of all cards in their melds and canastas, plus the canasta
bonuses (RC-12), plus 100 for each red 3 they placed; minus the values of the cards left in their hand and in their
kitty if it was not picked up (a red 3 still in a kitty counts 0).

RC-32 | End of the game | The game ends after a round in which a player reaches 20,000 or more: the highest total
wins. If the highest totals tie, further rounds are played until one player is ahead.

RC-C1 | Clarification: red 3s in the deal | After the deal, each seat in turn order from the first player places the
red 3s in its hand and draws their replacements from the stock (a replacement red 3 is placed and replaced in turn);
then the up-card is turned. Red 3s dealt to a kitty stay there until it is picked up.

RC-C2 | Clarification: one meld per play after the initial meld | The initial meld may lay down several melds in one
action (G-5, RC-13). After it, each meld action lays down one new meld, and each lay-off adds one card to one of the
player's own melds: laying several is the same as laying them one after another. Taking the pile after the initial
meld melds only the top card (with cards from hand, or onto an unfinished meld); other melds follow as separate plays.
Within one action each rank (and the wild melds) appears in at most one meld (RC-11).

RC-C3 | Clarification: taking the pile onto an unfinished meld | A player who takes the pile with a pair while they
have an unfinished meld of that rank plays exactly two natural cards from hand; the top card goes onto the meld first,
then the pair, until the meld is a canasta; a card that does not fit stays in hand (a frozen pile too: the pair is
shown and played, and what does not fit goes back). Playing the top card alone onto that meld takes an unfrozen pile
only.

RC-C4 | Clarification: melding black 3s | Black 3s are melded in the meld action that leaves exactly one card in hand,
after which the player holds a canasta of each kind and discards that card to go out.

RC-C5 | Clarification: the end of a turn and of a round | After a discard that does not go out, a player who may pick
up their kitty (RC-20) and has not done so chooses to pick it up or leave it; then the turn passes. Going out ends the
round at once. When a turn starts with an empty stock and the turn player cannot take the pile, the round ends at
once; if they can, they take it or end the round. When the turn player has no legal discard (only 7s, a lone 7, or a
lone card without a canasta of each kind when the stock had only red 3s to give) and no meld or lay-off is left, the
round ends at once; a player whose hand held nothing they may discard right after drawing (or, taking the pile, in
hand and the whole pile, its top card included) may meld so as to keep only such cards, and one whose hand held only
7s may meld them down to an empty hand, which ends the round (RC-19's exception). A take whose top card is not a 7
does not qualify: the top card was in the hand right after the draw, so the take is checked as any other play, and
may not leave only 7s or fewer than 2 cards (RC-19). A round that ends with nobody out is scored by RC-31 without
RC-30's bonus.

RC-C6 | Clarification: suits in melds | Suits never matter in a meld (only a 3's colour does, and red 3s are never
held), so legal_actions lists each play once for the ranks of its cards, naming for each rank the hand's cards in suit
order (clubs, diamonds, hearts, spades). A play naming other suits the hand holds is just as legal, and is carried out
with exactly the cards it names (G-6). A meld action is recorded with the cards of each meld naturals first, then 2s,
then jokers, and its melds in rank order, wild melds last. An initial meld is listed in a least form, laying down
nothing it could do without and still reach the minimum (RC-13): one for each choice of the ranks it melds (and, when
taking the pile, for each form of the top card's meld), the one with the fewest wild cards, then the fewest jokers,
then the fewest cards; so a hand that has not melded lists a number of initial melds bounded by the ranks, never by
its size. Any other least form is just as legal, and is represented by the one listed for its ranks; a larger initial
meld is just as legal, and is listed as its least form followed by the rest, play by play (RC-C2).

RC-C8 | Clarification: a tie at the top plays on | Once a round has ended with a player at 20,000 or more, the game
ends after the first round (that one or a later one) after which one player alone has the highest total, whatever it
is (RC-32).
"""
)
"""The rule book, RULES.md's rules and the clarifications (RC-C…: decisions where it is silent)."""


class CanastaPhase(enum.StrEnum):
    """Railroad Canasta's own turn phase."""

    KITTY = "kitty"
    """The turn player has discarded and may pick up their kitty (RC-20, RC-C5)."""


class CanastaKind(enum.StrEnum):
    """The four kinds of canasta (RC-12)."""

    SEVENS = "sevens"
    WILD = "wild"
    RED = "red"
    BLACK = "black"


CANASTAS: Final = Canastas(
    kinds=(
        Canasta(CanastaKind.SEVENS, 1500, natural=True, ranks=frozenset({Rank.SEVEN})),
        Canasta(CanastaKind.WILD, 1000, wild=True),
        Canasta(CanastaKind.RED, 500, natural=True),
        Canasta(CanastaKind.BLACK, 300, natural=False),
    ),
    closed=True,
    never=frozenset({Rank.THREE}),
    rule="RC-12",
)
"""RC-12 as data: a meld of 7 cards is a canasta, closed, of the first kind it fits (black 3s never are)."""

CANASTA_BONUS: Final[Mapping[CanastaKind, int]] = {CanastaKind(kind.name): kind.bonus for kind in CANASTAS.kinds}
"""RC-12: each kind of canasta's bonus."""

POINTS: Final = FAMILY_POINTS
"""RC-5: what each rank is worth (a red 3 scores by RC-31 only: `card_value`)."""

WILD_RANKS: Final = frozenset({Rank.TWO, Rank.JOKER})
"""Wild ranks (RC-4)."""


def is_wild(card: Card) -> bool:
    """RC-4: jokers and 2s are wild."""
    return card.rank in WILD_RANKS


def is_red_three(card: Card) -> bool:
    """RC-6: ``3H`` and ``3D``."""
    return card.rank is Rank.THREE and card.suit in (Suit.HEARTS, Suit.DIAMONDS)


def card_value(card: Card) -> int:
    """RC-5: a card's value for meld requirements and scoring (a red 3: 0; it scores by RC-31).

    Examples:
        >>> [card_value(Card.parse(c)) for c in ("JK", "2C", "AS", "8D", "7H", "3C", "3H")]
        [50, 20, 20, 10, 5, 5, 0]
    """
    return 0 if is_red_three(card) else POINTS[card.rank]


MINIMUMS: Final = Minimums(((0, 50), (5_000, 90), (10_000, 120), (15_000, 150)), below=15)
"""RC-13 as data: the initial meld's minimum by the player's total before the round."""


def initial_minimum(total: int) -> int:
    """RC-13: what a player's initial meld must be worth, from their total before the round.

    Examples:
        >>> [initial_minimum(t) for t in (-5, 0, 4995, 5000, 10000, 15000)]
        [15, 50, 50, 90, 120, 150]
    """
    return MINIMUMS.of(total)


IDS: Final = RuleIds(
    start="RC-2", draw="RC-14", empty_discard="RC-14", meld="RC-13", lay_off="RC-8", discard="RC-18", no_card="RC-22",
    going_out="RC-21", score="RC-31",
)  # fmt: skip
"""The rules the standard rummy cites in Railroad Canasta."""


@attrs.frozen(kw_only=True)
class CanastaRules(StandardRules):
    """Railroad Canasta's rules for a configuration: the standard rummy's, with the canasta family's as
    `FAMILY` (`StandardRules.family`), and the kitty's turn phase (RC-20)."""

    def check_turn(self, state: GameState, action: Action) -> None:
        """G-2 and RC-2; RC-20: after the discard the turn player first picks up their kitty or leaves
        it; RC-14: a turn starts with one draw or one taking of the pile (`Turns.draws`)."""
        if action.seat == state.turn and state.phase == CanastaPhase.KITTY:
            raise IllegalActionError(
                "RC-20", "the turn player first picks up their kitty or leaves it (RC-C5)", action=action
            )
        super().check_turn(state, action)


MELD_RULES: Final = MeldRules(
    wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
    set_ranks=frozenset(Rank(r) for r in range(4, 15)),
    run_order=(),
    max_set=7,
    wilds_at_most_naturals=False,
    min_naturals=2,
    max_wilds=3,
    natural_only=frozenset({Rank.SEVEN}),
    rules={"wilds": "RC-8", "set": "RC-8", "run": "RC-8", "natural-only": "RC-10"},
)
"""RC-8 and RC-10 as data: a meld of 3 to 7 cards of one rank (4 to A) with at least 2 natural cards and
at most 3 wild cards, none in a meld of 7s (black 3s, RC-7, and wild melds, RC-9: `GROUPS`)."""

GROUPS: Final = Groups(
    melds=MELD_RULES,
    points=POINTS,
    canastas=CANASTAS,
    wild_melds=True,
    never=frozenset(parse_cards("3H 3D")),
    going_out_only=frozenset({Rank.THREE}),
    one_open_per_key=True,
    ids=GroupRuleIds(never="RC-6", going_out="RC-7", wild_meld="RC-9", one_per_key="RC-11"),
)
"""RC-6 to RC-12 as data: `MELD_RULES`, wild melds (RC-9), red 3s never melded (RC-6), black 3s only when going
out (RC-7), one unfinished meld of a rank (RC-11), the canastas (RC-12)."""


FAMILY: Final = CanastaFamily(
    groups=GROUPS,
    minimums=MINIMUMS,
    takes=PileTakes(
        exact_pair_onto_meld=True,
        frozen_by=MELD_RULES.wild_faces,
        ids={
            "take": "RC-16",
            "frozen": "RC-15",
            "blocked": "RC-16",
            "onto": "RC-C3",
            "melds": "RC-C2",
            "empty": "RC-14",
        },
    ),
    placed="red_threes",
    going_out=GoingOut(kinds=frozenset(CanastaKind), rule="RC-21"),
    scoring=FamilyScoring(
        seat_piles_minus=("kitty",), placed_what="red 3s placed", ids={"score": "RC-31", "going_out": "RC-30"}
    ),
    one_meld_after_initial=True,
    ids={
        "initial": "RC-13",
        "keep": "RC-19",
        "own": "RC-8",
        "one_meld": "RC-C2",
        "stuck": "RC-22",
        "empty_stock": "RC-22",
    },
)
"""Railroad Canasta as a game of the canasta family: `GROUPS`, the minimums of RC-13, taking the pile (RC-15 to
RC-17, RC-C3), red 3s laid out and replaced (RC-6), a canasta of each kind to go out (RC-21), one meld an action
after the initial meld (RC-C2), and the ends of a round at an empty stock or with no discard (RC-22)."""


def canasta_kind(meld: Meld) -> CanastaKind | None:
    """The kind of canasta ``meld`` is (RC-12), or ``None`` if it is not one.

    Examples:
        >>> canasta_kind(GROUPS.read(parse_cards("9C 9D 9H 9S 9C 9D JK")))
        <CanastaKind.BLACK: 'black'>
    """
    kind = GROUPS.kind_of(meld)
    return None if kind is None else CanastaKind(kind.name)


def make_rules(config: GameSettings) -> CanastaRules:
    """The rules of a configuration: two decks and two jokers a player, one shuffled shoe (RC-1); 13
    cards to hand and 11 to the kitty, the up-card turned after the red 3s are replaced (RC-3,
    RC-C1); two cards a draw from a stock that is never rebuilt (RC-14, RC-22); play to 20,000."""
    return CanastaRules(
        shoe_parts=(decks(2, jokers_per_deck=1) * config.players,),
        deal=Deal(hand_size=13, seat_piles=(("kitty", 11), ("red_threes", 0)), up_card=False),
        stock=Stock(reshuffle="none", cards=2, from_discard=False),
        turns=Turns(draws=(Draw, TakePile, EndRound)),
        melds=MELD_RULES,
        family=FAMILY,
        scoring=Scoring(points=POINTS, target=20_000),
        ids=IDS,
    )
