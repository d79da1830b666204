"""The ``ace-low`` house rule (CR-21): runs go from A to K only (A-2-3 is a run; Q-K-A is not); a run
refused only because of it cites CR-21."""

from __future__ import annotations

from collections.abc import Generator

import attrs

from rummykit import HouseRuleSpec, RuleText, hookimpl
from rummykit.standard import StandardRules

SPEC = HouseRuleSpec(
    name="ace-low",
    applies_to=frozenset({"rummy"}),
    title="Ace low",
    rules=(RuleText("CR-21", "Ace low", "An ace is low only: A-2-3 is a run; Q-K-A is not."),),
)


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl(wrapper=True)
def rummykit_setup() -> Generator[None, StandardRules, StandardRules]:
    rules = yield
    melds = attrs.evolve(rules.melds, run_order=rules.melds.run_order[:-1])  # A 2 ... K
    return attrs.evolve(rules, melds=melds, run_order_rule="CR-21")
