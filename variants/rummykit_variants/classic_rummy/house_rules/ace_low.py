"""The ``ace-low`` house rule (CR-21): runs go from A to K only (A-2-3 is a run; Q-K-A is not); a run
refused only because of it cites CR-21."""

import attrs

from rummykit import HouseRule, HouseRuleSpec, RuleText
from rummykit.standard import StandardRules

RULE = RuleText("CR-21", "Ace low", "An ace is low only: A-2-3 is a run; Q-K-A is not.")
plugin = HouseRule[
    StandardRules
](
    HouseRuleSpec(name="ace-low", applies_to=frozenset({"rummy"}), title=RULE.title, rules=(RULE,)),
    lambda rules, config: attrs.evolve(  # runs from A to K: the ace at the top of the order goes
        rules, melds=attrs.evolve(rules.melds, run_order=rules.melds.run_order[:-1]), run_order_rule="CR-21"
    ),
)
