"""Melds: sets and runs under RailRoad Rummy's rules (RR-6 to RR-9, G-5), and lay-off extension."""

from __future__ import annotations

import random

import attrs
import pytest

from rummykit.core.cards import Rank, parse_cards
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import MeldKind, MeldRules, RunEnd, extend_meld, read_meld
from rummykit.standard import melding
from rummykit_variants.classic_rummy.rules import MELD_RULES as CLASSIC
from rummykit_variants.railroad_rummy.rules import MELD_RULES

RULES = MELD_RULES


def meld(text: str) -> object:
    return read_meld(parse_cards(text), RULES)


def ranks(text: str) -> list[str]:
    return [r.symbol for r in read_meld(parse_cards(text), RULES).ranks]


def test_a_set_of_naturals_and_a_wild() -> None:
    m = read_meld(parse_cards("5H 5D JK"), RULES)
    assert m.kind == MeldKind.SET and m.rank is Rank.FIVE
    assert ranks("5H 5D JK") == ["5", "5", "5"]


def test_a_run_wild_takes_the_rank_of_its_place() -> None:
    assert ranks("4H JK 6S 7D") == ["4", "5", "6", "7"]
    assert ranks("JK 4H 5S 6D") == ["3", "4", "5", "6"]
    assert ranks("4H 5S 6D 2C") == ["4", "5", "6", "7"]
    assert str(read_meld(parse_cards("4H JK 6S 7D"), RULES)) == "4H JK(5) 6S 7D"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("5H JK 2C", "RR-7"),  # more wilds than naturals
        ("5H 6H JK 2C 2D", "RR-7"),
        ("5H 5D", "RR-8"),  # too short for a set
        ("5H 6D 5S", "RR-9"),  # mixed ranks read as a run that is not one
        ("4H 5S 6D", "RR-9"),  # a run needs 4 cards
        ("QH KS AD 3C", "RR-9"),  # no wrap
        ("JK 3H 4S 5D", "RR-9"),  # a wild cannot stand for 2
        ("JK JK JK", "RR-7"),  # no natural at all
        ("4H 6S 5D 7C", "G-5"),  # a run named out of order: only G-5 (low to high) forbids it (G-7)
    ],
)
def test_bad_melds_name_the_rule(text: str, rule: str) -> None:
    with pytest.raises(IllegalActionError) as err:
        read_meld(parse_cards(text), RULES)
    assert err.value.rule == rule


def test_twos_never_make_a_natural_set_or_run() -> None:
    with pytest.raises(IllegalActionError) as err:
        read_meld(parse_cards("2H 2D 2S"), RULES)
    assert err.value.rule == "RR-7"


def test_extend_a_set_with_natural_or_wild_within_the_limit() -> None:
    base = read_meld(parse_cards("9H 9D JK"), RULES)
    grown = extend_meld(base, parse_cards("9S")[0], RULES)
    assert len(grown) == 4
    grown = extend_meld(grown, parse_cards("2C")[0], RULES)
    assert grown.wild_count(RULES) == 2
    grown = extend_meld(grown, parse_cards("JK")[0], RULES)  # 3 wilds, 3 naturals: at most 50%
    with pytest.raises(IllegalActionError) as err:
        extend_meld(grown, parse_cards("2D")[0], RULES)  # 4 wilds, 3 naturals
    assert err.value.rule == "RR-7"
    with pytest.raises(IllegalActionError) as err:
        extend_meld(base, parse_cards("8S")[0], RULES)
    assert err.value.rule == "RR-8"


def test_extend_a_run_at_either_end() -> None:
    run = read_meld(parse_cards("5H 6H 7S 8D"), RULES)
    assert [r.symbol for r in extend_meld(run, parse_cards("4C")[0], RULES).ranks][0] == "4"
    assert [r.symbol for r in extend_meld(run, parse_cards("9C")[0], RULES).ranks][-1] == "9"
    low = extend_meld(run, parse_cards("JK")[0], RULES, RunEnd.LOW)
    high = extend_meld(run, parse_cards("JK")[0], RULES, RunEnd.HIGH)
    assert low.ranks[0] is Rank.FOUR and high.ranks[-1] is Rank.NINE
    with pytest.raises(IllegalActionError) as err:
        extend_meld(run, parse_cards("JK")[0], RULES)  # a wild must say which end
    assert err.value.rule == "G-5"
    with pytest.raises(IllegalActionError) as err:
        extend_meld(run, parse_cards("10C")[0], RULES)
    assert err.value.rule == "RR-9"


def test_a_complete_run_takes_nothing() -> None:
    full = read_meld(parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"), RULES)
    for end in RunEnd:
        with pytest.raises(IllegalActionError) as err:
            extend_meld(full, parse_cards("JK")[0], RULES, end)
        assert err.value.rule == "RR-9"


def test_a_run_ending_at_the_ace_extends_only_downwards() -> None:
    run = read_meld(parse_cards("JH QH KH AH"), RULES)
    with pytest.raises(IllegalActionError):
        extend_meld(run, parse_cards("2C")[0], RULES, RunEnd.HIGH)
    assert extend_meld(run, parse_cards("2C")[0], RULES, RunEnd.LOW).ranks[0] is Rank.TEN


def test_suited_runs_with_an_ace_at_both_ends() -> None:
    rules = MeldRules(
        wild_faces=frozenset(),
        set_ranks=frozenset(Rank(r) for r in range(2, 15)),
        run_order=(Rank.ACE, *(Rank(r) for r in range(2, 15))),
        min_run=3,
        suited_runs=True,
        rules={"wilds": "CR-24", "set": "CR-4", "run": "CR-4"},
    )
    assert [r.symbol for r in read_meld(parse_cards("AH 2H 3H"), rules).ranks] == ["A", "2", "3"]
    assert [r.symbol for r in read_meld(parse_cards("QH KH AH"), rules).ranks] == ["Q", "K", "A"]
    for bad in ("KH AH 2H", "AH 2D 3H"):
        with pytest.raises(IllegalActionError) as err:
            read_meld(parse_cards(bad), rules)
        assert err.value.rule == "CR-4"


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"suited_runs": False},
        {"min_run": 4},
        {"min_set": 4},
        {"run_order": tuple(Rank(value) for value in range(2, 15))},
        {"run_order": (Rank.ACE, *(Rank(value) for value in range(2, 15)))},
    ],
)
def test_the_quick_test_of_free_melds_never_misses_a_meld(changes: dict[str, object]) -> None:
    """`melds_of_faces` skips the search when `_may_meld` says no meld is possible: it must never
    say so of a hand that holds one (classic rummy's rules, no wild cards)."""
    rules = attrs.evolve(CLASSIC, **changes)  # type: ignore[arg-type]
    rng = random.Random(7)
    for _ in range(3000):
        hand = [rng.randrange(53) for _ in range(rng.randint(1, 14))]
        counts = melding._Hand(hand, rules)
        if [*counts.sets(), *counts.runs()]:
            assert melding._may_meld(hand, rules), hand
