"""The ``jokers`` house rule (CR-24): jokers are added to the deck (option ``jokers``, default 2);
they are wild in sets and runs, a meld holds at least as many natural cards as wild cards, and a
joker counts 15 in hand.

A ``rummykit_setup`` wrapper: it adds the jokers to the shoe, makes them wild in the meld rules (with
CR-24 cited for the wild-card limit) and gives them their points.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final

import attrs

from rummykit.cards import Card, Rank
from rummykit.hookspecs import hookimpl
from rummykit.variant import GameConfig, HouseRuleSpec, Option, RuleText
from rummykit_variants.classic_rummy.rules import ClassicRules

JOKER: Final = Card.of(Rank.JOKER)
#: CR-10, CR-24: what a joker is worth.
JOKER_POINTS: Final = 15

SPEC: Final = HouseRuleSpec(
    name="jokers",
    applies_to=frozenset({"rummy"}),
    title="Jokers",
    rules=(
        RuleText(
            "CR-24",
            "Jokers",
            "Jokers are added to the deck (option jokers, default 2); they are wild in sets and runs (a meld holds "
            "at least as many natural cards as wilds) and count 15 in hand.",
        ),
        RuleText(
            "CR-C6",
            "Clarification: a joker's rank",
            "A joker stands for the rank of its place (G-5): in a set its rank, in a run the rank between its "
            "neighbours, fixed when it is laid down; a joker on the table is never taken back or swapped.",
        ),
    ),
    options=(
        Option("jokers", int, 2, "CR-24: how many jokers are added to the deck", minimum=1, maximum=4, rule="CR-24"),
    ),
)


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl(wrapper=True)
def rummykit_setup(config: GameConfig) -> Generator[None, ClassicRules, ClassicRules]:
    rules = yield
    jokers = (JOKER,) * config.options["jokers"]
    first, *rest = rules.shoe_parts
    melds = attrs.evolve(
        rules.melds,
        wild_faces=rules.melds.wild_faces | {JOKER},
        wilds_at_most_naturals=True,
        rules={**rules.melds.rules, "wilds": "CR-24"},
    )
    return attrs.evolve(
        rules,
        shoe_parts=(first + jokers, *rest),
        melds=melds,
        points={**rules.points, Rank.JOKER: JOKER_POINTS},
    )
