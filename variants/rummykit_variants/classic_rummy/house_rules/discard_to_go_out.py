"""The ``discard-to-go-out`` house rule (CR-22): a player goes out only by discarding their last
card, so no meld action or lay-off may empty the hand."""

import attrs

from rummykit import HouseRule, HouseRuleSpec, RuleText
from rummykit.standard import StandardRules

RULE = RuleText("CR-22", "Discard to go out", "A player must end by discarding their last card to go out.")
plugin = HouseRule[StandardRules](
    HouseRuleSpec(name="discard-to-go-out", applies_to=frozenset({"rummy"}), title=RULE.title, rules=(RULE,)),
    lambda rules, config: attrs.evolve(rules, ids=attrs.evolve(rules.ids, discard_to_go_out="CR-22")),
)
