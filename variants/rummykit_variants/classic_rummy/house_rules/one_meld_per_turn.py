"""The ``one-meld-per-turn`` house rule (CR-20): at most one new set or run a turn; adding cards to
melds stays free."""

from typing import cast

import attrs

from rummykit import HouseRule, HouseRuleSpec, RuleText
from rummykit.standard import FreeMelds, StandardRules

RULE = RuleText("CR-20", "One meld per turn", "At most one new set or run is laid down per turn.")
plugin = HouseRule[StandardRules](
    HouseRuleSpec(name="one-meld-per-turn", applies_to=frozenset({"rummy"}), title=RULE.title, rules=(RULE,)),
    lambda rules, config: attrs.evolve(
        rules, melding=attrs.evolve(cast(FreeMelds, rules.melding), per_turn=1, per_turn_rule="CR-20")
    ),
)
