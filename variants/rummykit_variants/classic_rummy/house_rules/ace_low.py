"""The ``ace-low`` house rule (CR-21): an ace is low only (A-2-3 is a run; Q-K-A is not).

A ``rummykit_setup`` wrapper: it takes the variant's rules and makes the run order A to K, and
makes CR-21 the rule cited when a run or a lay-off is refused only because of it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final

import attrs

from rummykit.hookspecs import hookimpl
from rummykit.variant import HouseRuleSpec, RuleText
from rummykit_variants.classic_rummy.rules import CLASSIC_RUN_ORDER, ClassicRules

SPEC: Final = HouseRuleSpec(
    name="ace-low",
    applies_to=frozenset({"rummy"}),
    title="Ace low",
    rules=(RuleText("CR-21", "Ace low", "An ace is low only: A-2-3 is a run; Q-K-A is not."),),
)

#: CR-21: runs from A to K.
ACE_LOW_RUN_ORDER: Final = CLASSIC_RUN_ORDER[:-1]


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl(wrapper=True)
def rummykit_setup() -> Generator[None, ClassicRules, ClassicRules]:
    rules = yield
    melds = attrs.evolve(rules.melds, run_order=ACE_LOW_RUN_ORDER)
    return attrs.evolve(rules, melds=melds, run_order_rule="CR-21")
