"""The ``one-meld-per-turn`` house rule (CR-20): at most one new set or run a turn; adding cards to
melds stays free."""

from __future__ import annotations

from collections.abc import Generator

import attrs

from rummykit import HouseRuleSpec, RuleText, hookimpl
from rummykit.standard import FreeMelds, StandardRules

SPEC = HouseRuleSpec(
    name="one-meld-per-turn",
    applies_to=frozenset({"rummy"}),
    title="One meld per turn",
    rules=(RuleText("CR-20", "One meld per turn", "At most one new set or run is laid down per turn."),),
)


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl(wrapper=True)
def rummykit_setup() -> Generator[None, StandardRules, StandardRules]:
    rules = yield
    assert isinstance(rules.melding, FreeMelds)
    return attrs.evolve(rules, melding=attrs.evolve(rules.melding, per_turn=1, per_turn_rule="CR-20"))
