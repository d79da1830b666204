"""Hand and Foot's rules (`book.RULES`) as the canasta family's data: five packs and ten jokers, sides of partners, a
foot of 13 cards a seat (a seat pile), red threes laid out, books of 7 that close, the pile taken with a natural pair.

Examples:
    >>> import rummykit
    >>> rules = rummykit.new_game("hand-and-foot", players=4, seed=1).state.rules
    >>> len(rules.shoe), rules.deal.hand_size, rules.deal.seat_piles, rules.rounds
    (270, 13, (('foot', 13), ('red_threes', 0)), 4)
"""

from __future__ import annotations

from typing import Final

from rummykit.core.actions import Draw
from rummykit.core.cards import Rank, parse_cards
from rummykit.core.melds import MeldRules
from rummykit.core.shoe import decks
from rummykit.core.specs import GameSettings
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

__all__ = ["GROUPS", "MINIMUMS", "make_rules"]

MINIMUMS: Final = (50, 90, 120, 150)
"""HF-12: the initial meld's minimum in rounds 1 to 4 (HF-21: the game's four rounds)."""

MELD_RULES: Final = MeldRules(
    wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
    set_ranks=frozenset(Rank(r) for r in range(4, 15)),
    max_set=7,
    wilds_at_most_naturals=False,
    min_naturals=2,
    max_wilds=3,
    rules={"wilds": "HF-9", "set": "HF-9", "run": "HF-9"},
)
"""HF-3 and HF-9: 3 to 7 cards of one rank from 4 to A, at least 2 natural and at most 3 wild."""

GROUPS: Final = Groups(
    melds=MELD_RULES,
    points=FAMILY_POINTS,
    canastas=Canastas(kinds=(Canasta("clean", 500, natural=True), Canasta("dirty", 300)), closed=True, rule="HF-10"),
    never=frozenset(parse_cards("3H 3D")),
    one_open_per_key=True,
    ids=GroupRuleIds(never="HF-7", closed="HF-10", one_per_key="HF-10"),
)
"""HF-4, HF-7, HF-10, HF-17: red threes never melded, one unfinished meld of a rank, books of 7 that close."""

IDS: Final = RuleIds(
    start="HF-5", draw="HF-8", empty_discard="HF-11", meld="HF-9", lay_off="HF-10", discard="HF-8",
    no_card="HF-15", going_out="HF-14", score="HF-16",
)  # fmt: skip
"""The rules the standard rummy cites in Hand and Foot."""

SCORE_IDS: Final = {
    "melds": "HF-16", "canastas": "HF-17", "placed": "HF-18", "unmelded": "HF-18", "going_out": "HF-19",
    "hand": "HF-20", "seat_piles": "HF-20", "score": "HF-16",
}  # fmt: skip
"""The rules each line of a score cites (`FamilyScoring.ids`); taking the pile cites HF-11, HF-12 for other melds."""


def make_rules(config: GameSettings) -> StandardRules:
    """The rules of a configuration: the shoe (HF-2), the deal of hands and feet (HF-6), the draw of two (HF-8), a
    stock never rebuilt (HF-15), the family's mechanics with the sides (HF-1) and four rounds (HF-21)."""
    players = config.players  # 2 or 4 (`VariantSpec.player_counts`)
    family = CanastaFamily(
        groups=GROUPS,
        minimums=Minimums(((0, MINIMUMS[0]),)),  # by round, not by total: the moves' `minimum` (HF-12)
        takes=PileTakes(onto_meld=False, exact_pair_onto_meld=True, ids={"take": "HF-11", "melds": "HF-12"}),
        placed="red_threes",
        sides=(0, 1, 0, 1) if players == 4 else (),  # HF-1: partners opposite; with two, each alone
        going_out=GoingOut(kinds=frozenset({"clean", "dirty"}), without_discard=True, rule="HF-14"),
        scoring=FamilyScoring(placed_minus_unmelded=True, seat_piles_minus=("foot",), ids=SCORE_IDS),
        ids={"initial": "HF-12", "own": "HF-10", "keep": "HF-14", "stuck": "HF-15", "empty_stock": "HF-15"},
    )
    return StandardRules(
        shoe_parts=(decks(players + 1, jokers_per_deck=2),),
        deal=Deal(hand_size=13, seat_piles=(("foot", 13), ("red_threes", 0)), up_card=False),
        stock=Stock(reshuffle="none", cards=2, from_discard=False),
        turns=Turns(draws=(Draw, TakePile, EndRound)),
        melds=MELD_RULES,
        family=family,
        scoring=Scoring(points=FAMILY_POINTS),
        rounds=len(MINIMUMS),
        ids=IDS,
    )
