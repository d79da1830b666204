"""The ``jokers`` house rule (CR-24): jokers are added to the deck (option ``jokers``, default 2), wild
in sets and runs (a meld holds at least as many natural cards as wild cards), 15 points in hand."""

import attrs

from rummykit import Card, GameSettings, HouseRule, HouseRuleSpec, Option, Rank, rule_book
from rummykit.standard import StandardRules


def _jokers(rules: StandardRules, config: GameSettings) -> StandardRules:
    joker = Card.of(Rank.JOKER)
    wild = rules.melds.wild_faces | {joker}
    melds = attrs.evolve(rules.melds, wild_faces=wild, rules={**rules.melds.rules, "wilds": "CR-24"})
    scoring = attrs.evolve(rules.scoring, points={**rules.scoring.points, Rank.JOKER: 15})
    shoe = (rules.shoe_parts[0] + (joker,) * config.options["jokers"], *rules.shoe_parts[1:])
    return attrs.evolve(rules, shoe_parts=shoe, melds=melds, scoring=scoring)


plugin = HouseRule(
    HouseRuleSpec(
        name="jokers",
        applies_to=frozenset({"rummy"}),
        title="Jokers",
        rules=rule_book("""
CR-24 | Jokers | Two jokers are added to the deck (option jokers); they are wild in sets and runs (a meld holds
    at least as many natural cards as wilds) and count 15 in hand.
CR-C6 | Clarification: a joker's rank | A joker stands for the rank of its place (G-5).
"""),
        options=(Option("jokers", int, 2, "CR-24: jokers added to the deck", minimum=1, maximum=4, rule="CR-24"),),
    ),
    _jokers,
)
