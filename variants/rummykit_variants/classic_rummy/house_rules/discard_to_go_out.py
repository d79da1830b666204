"""The ``discard-to-go-out`` house rule (CR-22): a player goes out only by discarding their last
card, so no meld action or lay-off may empty the hand."""

from __future__ import annotations

from collections.abc import Generator

import attrs

from rummykit import HouseRuleSpec, RuleText, hookimpl
from rummykit.standard import StandardRules

SPEC = HouseRuleSpec(
    name="discard-to-go-out",
    applies_to=frozenset({"rummy"}),
    title="Discard to go out",
    rules=(RuleText("CR-22", "Discard to go out", "A player must end by discarding their last card to go out."),),
)


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl(wrapper=True)
def rummykit_setup() -> Generator[None, StandardRules, StandardRules]:
    rules = yield
    return attrs.evolve(rules, ids=attrs.evolve(rules.ids, discard_to_go_out="CR-22"))
