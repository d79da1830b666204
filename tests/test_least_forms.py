"""`rummykit.standard.least_forms` beside a remembered table: the places of a meld are kept by meld rules
(`_places`), so listings under two sets of rules asked in turn must be what each gives asked alone."""

from __future__ import annotations

from rummykit.core.cards import Rank, parse_cards
from rummykit.core.melds import MeldKind, MeldRules
from rummykit.core.solver import Contract, MeldRequirement
from rummykit.standard import least_forms

CONTRACT = Contract((MeldRequirement(MeldKind.SET, 3, exact=False), MeldRequirement(MeldKind.RUN, 4, exact=False)))
"""1 set + 1 run, of 3 and 4 cards or more."""


def _rules(*, at_most_naturals: bool) -> MeldRules:
    """Jokers wild, suited runs 2 to A: with or without the limit of as many wild cards as natural ones."""
    return MeldRules(
        wild_faces=frozenset(parse_cards("JK")),
        set_ranks=frozenset(tuple(Rank)[:13]),
        run_order=tuple(Rank)[:13],
        min_run=4,
        suited_runs=True,
        wilds_at_most_naturals=at_most_naturals,
    )


def _listed(rules: MeldRules) -> list[str]:
    hand = parse_cards("7C 7D 7S 3H JK JK JK 2C")
    return [" | ".join(str(meld) for meld in way) for way in least_forms.least_form_ways(hand, CONTRACT, rules)]


def test_listings_under_two_meld_rules_asked_in_turn_are_each_their_own() -> None:
    """Three 7s, one heart (3H), the 2C and three jokers; runs from 2 up to the ace. A run of 4 cards holds
    one natural card at most (no two cards of a suit in sequence). Where a meld holds no more wild cards
    than natural ones, no run is possible, so nothing is listed. Without that limit a run is the 3H and
    three jokers, as 2-5 or 3-6 (the 2C likewise, as 2-5 of clubs), with the set of the three 7s (a set
    of 7s with a joker would need a fourth joker). Asked in turn, each set of rules lists what it lists
    alone: the remembered places are each rules' own."""
    limited, free = _rules(at_most_naturals=True), _rules(at_most_naturals=False)
    least_forms._PLACES.clear()
    assert _listed(limited) == []
    listed = _listed(free)
    assert sorted(listed) == [
        "7C 7D 7S | 2C JK(3) JK(4) JK(5)",
        "7C 7D 7S | 3H JK(4) JK(5) JK(6)",
        "7C 7D 7S | JK(2) 3H JK(4) JK(5)",
    ]
    for _ in range(2):
        assert _listed(limited) == []
        assert _listed(free) == listed
