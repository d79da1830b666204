"""Classic Canasta's rules as data (`book.RULES`, CAN-1 onwards): two packs and four jokers, sides of partners,
red threes laid out, black threes that stop the pile, the frozen pile, minimums by the side's total, canastas
natural and mixed, and the game to 5,000; each form by the number of players (CAN-37, CAN-38)."""

from __future__ import annotations

from typing import Final

from rummykit.core.actions import Draw
from rummykit.core.cards import Rank, parse_cards
from rummykit.core.errors import InvalidOptionError
from rummykit.core.melds import MeldRules
from rummykit.core.shoe import decks
from rummykit.core.specs import GameSettings, Option
from rummykit.core.state import Phase
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
from rummykit.standard.asking import ASK
from rummykit.standard.canasta_family import EndRound, TakePile
from rummykit.standard.canastas import FAMILY_POINTS, Canasta, Canastas
from rummykit.standard.groups import GroupRuleIds, Groups

__all__ = ["GROUPS", "MELD_RULES", "MINIMUMS", "OPTIONS", "POINTS", "make_rules"]

POINTS: Final = FAMILY_POINTS
"""CAN-4: joker 50; ace and 2: 20; K to 8: 10; 7 to 4 and a black three: 5 (a red three: nothing as a card)."""

MELD_RULES: Final = MeldRules(
    wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
    set_ranks=frozenset(Rank(r) for r in range(4, 15)),
    wilds_at_most_naturals=False,
    min_naturals=2,
    max_wilds=3,
    rules={"wilds": "CAN-12", "set": "CAN-12", "run": "CAN-12"},
)
"""CAN-3 and CAN-12: 3 or more cards of one rank from 4 to A, at least 2 natural and at most 3 wild, no upper size."""

GROUPS: Final = Groups(
    melds=MELD_RULES,
    points=POINTS,
    canastas=Canastas(kinds=(Canasta("natural", 500, natural=True), Canasta("mixed", 300)), rule="CAN-14"),
    never=frozenset(parse_cards("3H 3D")),
    going_out_only=frozenset({Rank.THREE}),
    going_out_most=4,
    ids=GroupRuleIds(never="CAN-9", going_out="CAN-17", one_per_key="CAN-13"),
)
"""CAN-9, CAN-12 to CAN-14, CAN-17 and CAN-30 as data: red threes never melded, black threes only when going out
(3 or 4 of them), one meld of a rank a side, canastas natural (500) and mixed (300) that keep growing."""

MINIMUMS: Final = Minimums(((0, 50), (1_500, 90), (3_000, 120)), below=15)
"""CAN-15: the initial meld's minimum by the side's total before the hand."""

OPTIONS: Final = (
    Option(
        "canastas_to_go_out", int, None, "CAN-24: the canastas a side needs to go out (none: 1; 2 with two or six)",
        minimum=1, maximum=5, optional=True, rule="CAN-24",
    ),
    Option(
        "target", int, None, "CAN-36: the total that ends the game (none: 5,000; with six players CAN-39's)",
        minimum=1, optional=True, rule="CAN-36",
    ),
    Option(
        "six_player_sides", str, "two_of_three", "CAN-39: six players in two sides of three or three sides of two",
        choices=("two_of_three", "three_of_two"), rule="CAN-39",
    ),
    Option("ask_partner", bool, True, 'CAN-25: a player may ask "Partner, may I go out?" (false: nobody asks)',
           rule="CAN-25"),
)  # fmt: skip
"""Classic Canasta's options: name, type, default, meaning and the rule each sets."""

IDS: Final = RuleIds(
    start="CAN-5", draw="CAN-11", empty_discard="CAN-21", meld="CAN-12", lay_off="CAN-13", discard="CAN-11",
    no_card="CAN-28", going_out="CAN-24", score="CAN-35",
)  # fmt: skip
"""The rules the standard rummy cites in Classic Canasta."""

TAKE_IDS: Final = {
    "take": "CAN-20", "frozen": "CAN-19", "blocked": "CAN-20", "melds": "CAN-16", "empty": "CAN-21", "single": "CAN-22",
}  # fmt: skip
"""The rules taking the pile cites (`PileTakes.ids`)."""
SCORE_IDS: Final = {
    "melds": "CAN-29", "canastas": "CAN-30", "placed": "CAN-31", "unmelded": "CAN-32", "going_out": "CAN-33",
    "concealed": "CAN-33", "hand": "CAN-34", "score": "CAN-35",
}  # fmt: skip
"""The rules each line of a score cites (`FamilyScoring.ids`)."""

SIDES: Final = {2: (), 3: (), 4: (0, 1, 0, 1), 6: (0, 1, 0, 1, 0, 1)}
"""CAN-1, CAN-37 to CAN-39: partners sit opposite with four players, every other seat with six in two sides; with
two or three each plays alone."""
THREE_SIDES: Final = (0, 1, 2, 0, 1, 2)
"""CAN-39's three sides of two, partners sitting opposite."""


def make_rules(config: GameSettings) -> StandardRules:
    """The rules of a configuration: the shoe (CAN-2), the deal (CAN-6: 11 cards, 15 with two players, 13 with
    three or six), the draw (CAN-11: one card, two with two players, CAN-37), a stock never rebuilt (CAN-27), the
    family's mechanics with the sides, and the target (CAN-36, CAN-39)."""
    players, options = config.players, config.options
    if players not in SIDES:
        reason = f"canasta is played by 2, 3, 4 or 6 players, not {players}"
        raise InvalidOptionError(reason, rule="CAN-1", field="players")
    six = players == 6
    sides = THREE_SIDES if six and options["six_player_sides"] == "three_of_two" else SIDES[players]
    canastas = options.get("canastas_to_go_out") or (2 if players in (2, 6) else 1)
    target = options["target"] or (5_000 if not six else 7_500 if len(set(sides)) == 3 else 10_000)
    family = CanastaFamily(
        groups=GROUPS,
        minimums=Minimums((*MINIMUMS.steps, (7_500, 150)), below=MINIMUMS.below) if six else MINIMUMS,
        takes=PileTakes(
            natural_and_wild=True,
            frozen_by=MELD_RULES.wild_faces,
            frozen_until_melded=True,
            not_single_to_single=True,
            ids=TAKE_IDS,
        ),
        placed="red_threes",
        sides=sides,
        going_out=GoingOut(
            canastas=canastas,
            without_discard=True,
            rule="CAN-24",
            ask_partner="CAN-25" if options["ask_partner"] else None,
        ),
        last_placed_ends="CAN-10",
        scoring=FamilyScoring(
            placed_all={5: 1_000, 6: 1_200} if six else {4: 800},
            placed_minus_unmelded=True,
            concealed=200,
            ids=SCORE_IDS,
        ),
        ids={"initial": "CAN-15", "own": "CAN-13", "stuck": "CAN-28", "empty_stock": "CAN-27"},
    )
    return StandardRules(
        shoe_parts=(decks(3 if six else 2, jokers_per_deck=2),),
        deal=Deal(hand_size={2: 15, 3: 13, 6: 13}.get(players, 11), seat_piles=(("red_threes", 0),), up_card=False),
        stock=Stock(reshuffle="none", cards=2 if players == 2 else 1, from_discard=False),
        turns=Turns(
            draws=(Draw, TakePile, EndRound),
            after_draw=frozenset({Phase.PLAY, ASK}),
            phase_rules={ASK: ("CAN-25", "the player who asked to go out waits for their partner's answer")},
        ),
        melds=MELD_RULES,
        family=family,
        scoring=Scoring(points=POINTS, target=target),
        ids=IDS,
    )
