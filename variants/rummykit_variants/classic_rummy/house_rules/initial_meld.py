"""The ``initial-meld-50`` house rule (CR-23): a player's first meld action of a round is worth at
least 50 points (option ``initial_meld_minimum``), and they lay off only after it (CR-C5)."""

import attrs

from rummykit import GameSettings, HouseRule, HouseRuleSpec, Option, RuleText
from rummykit.standard import FreeMelds, StandardRules


def _initial_meld(rules: StandardRules, config: GameSettings) -> StandardRules:
    assert isinstance(rules.melding, FreeMelds), "Classic Rummy's melds are free melds"
    minimum = config.options["initial_meld_minimum"]
    melding = attrs.evolve(rules.melding, initial_minimum=minimum, initial_rule="CR-23", lay_off_rule="CR-C5")
    return attrs.evolve(rules, melding=melding)


plugin = HouseRule(
    HouseRuleSpec(
        name="initial-meld-50",
        applies_to=frozenset({"rummy"}),
        title="Initial meld of 50",
        rules=(
            RuleText("CR-23", "Initial meld", "A player's first meld action of a round is worth at least 50 points."),
            RuleText("CR-C5", "Clarification: no lay-off first", "A player lays off only after their initial meld."),
        ),
        options=(Option("initial_meld_minimum", int, 50, "CR-23: the initial meld's points", minimum=1, rule="CR-23"),),
    ),
    _initial_meld,
)
