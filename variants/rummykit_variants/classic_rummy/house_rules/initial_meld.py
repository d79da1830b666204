"""The ``initial-meld-50`` house rule (CR-23): a player's first meld action of a round is worth at
least 50 points (option ``initial_meld_minimum``), and they lay off only after it (CR-C5)."""

from __future__ import annotations

from collections.abc import Generator

import attrs

from rummykit import GameConfig, HouseRuleSpec, Option, RuleText, hookimpl
from rummykit.standard import FreeMelds, StandardRules

SPEC = HouseRuleSpec(
    name="initial-meld-50",
    applies_to=frozenset({"rummy"}),
    title="Initial meld of 50",
    rules=(
        RuleText("CR-23", "Initial meld", "A player's first meld action of a round is worth at least 50 points."),
        RuleText("CR-C5", "Clarification: no lay-off first", "A player lays off only after their initial meld."),
    ),
    options=(Option("initial_meld_minimum", int, 50, "CR-23: the initial meld's points", minimum=1, rule="CR-23"),),
)


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl(wrapper=True)
def rummykit_setup(config: GameConfig) -> Generator[None, StandardRules, StandardRules]:
    rules = yield
    assert isinstance(rules.melding, FreeMelds)
    minimum = config.options["initial_meld_minimum"]
    melding = attrs.evolve(rules.melding, initial_minimum=minimum, initial_rule="CR-23", lay_off_rule="CR-C5")
    return attrs.evolve(rules, melding=melding)
