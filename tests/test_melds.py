"""Melds: sets and runs under RailRoad Rummy's rules (RR-6 to RR-9, G-5), and lay-off extension."""

from __future__ import annotations

import itertools
import random
from typing import Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.cards import Card, Rank, parse_cards
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import Meld, MeldKind, MeldRules, RunEnd, extend_meld, read_meld
from rummykit.standard import melding
from rummykit_variants.classic_rummy.rules import MELD_RULES as CLASSIC
from rummykit_variants.railroad_rummy.rules import MELD_RULES
from tests.sizes import THOROUGH, examples

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


# -- The canasta family's wild-card limits as data (MeldRules.min_naturals, max_wilds, natural_only) ---------

CANASTA_SETS = MeldRules(
    wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
    set_ranks=frozenset(Rank(r) for r in range(3, 15)),
    run_order=(),
    wilds_at_most_naturals=False,
    min_naturals=2,
    max_wilds=3,
    natural_only=frozenset({Rank.SEVEN}),
    rules={"wilds": "CAN-12", "set": "CAN-12", "run": "CAN-12", "natural-only": "RC-10"},
)
"""Classic Canasta's melds (CAN-12: at least 2 natural cards, at most 3 wild cards), with Railroad
Canasta's meld of 7s that holds no wild card (RC-10)."""


@pytest.mark.parametrize(
    ("text", "naturals", "wilds"),
    [("KH KD 2C", 2, 1), ("KH KD 2C 2D JK", 2, 3), ("KH KD KS KC 2C 2D 2H", 4, 3), ("7H 7D 7C 7S", 4, 0)],
)
def test_can_12_a_meld_of_two_naturals_or_more_and_three_wild_cards_or_fewer_is_read(
    text: str, naturals: int, wilds: int
) -> None:
    meld = read_meld(parse_cards(text), CANASTA_SETS)
    assert meld.kind == MeldKind.SET and len(meld) - meld.wild_count(CANASTA_SETS) == naturals
    assert meld.wild_count(CANASTA_SETS) == wilds


@pytest.mark.parametrize(
    ("text", "rule", "says"),
    [
        ("KH 2C JK", "CAN-12", "holds 1 natural card; a meld holds at least 2"),
        ("KH KD KS 2C 2D 2H JK", "CAN-12", "holds 4 wild cards; a meld holds at most 3"),
        ("KH KD 2C 2D 2H JK", "CAN-12", "holds 4 wild cards; a meld holds at most 3"),
        ("7H 7D 2C", "RC-10", "a meld of 7s holds no wild card"),
    ],
)
def test_can_12_and_rc_10_a_meld_past_the_wild_card_limits_is_refused_citing_the_rule(
    text: str, rule: str, says: str
) -> None:
    with pytest.raises(IllegalActionError, match=says) as refused:
        read_meld(parse_cards(text), CANASTA_SETS)
    assert refused.value.rule == rule


def test_can_12_a_wild_card_added_past_the_limit_is_refused_and_a_natural_card_is_not() -> None:
    three_wild = read_meld(parse_cards("KH KD KS 2C 2D 2H"), CANASTA_SETS)
    with pytest.raises(IllegalActionError) as refused:
        extend_meld(three_wild, parse_cards("JK")[0], CANASTA_SETS)
    assert refused.value.rule == "CAN-12"
    assert len(extend_meld(three_wild, parse_cards("KC")[0], CANASTA_SETS)) == 7
    sevens = read_meld(parse_cards("7H 7D 7C"), CANASTA_SETS)
    with pytest.raises(IllegalActionError) as refused:
        extend_meld(sevens, parse_cards("2S")[0], CANASTA_SETS)
    assert refused.value.rule == "RC-10"


def _as_key(meld: Meld) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A meld as its kind and its cards with the rank each stands for, in any order."""
    return meld.kind, tuple(sorted((card.index, int(rank)) for card, rank in zip(meld.cards, meld.ranks, strict=True)))


@st.composite
def _limited_rules(draw: st.DrawFn) -> MeldRules:
    """Classic Rummy's meld shapes with jokers and 2s wild, under wild-card limits drawn at random."""
    return attrs.evolve(
        CLASSIC,
        wild_faces=frozenset(parse_cards("2C JK")),
        wilds_at_most_naturals=draw(st.booleans()),
        min_naturals=draw(st.integers(1, 3)),
        max_wilds=draw(st.none() | st.integers(0, 3)),
        natural_only=frozenset(draw(st.sets(st.sampled_from([Rank.FIVE, Rank.SEVEN, Rank.KING])))),
        max_set=draw(st.none() | st.integers(3, 6)),
    )


MELD_CARDS: Final = parse_cards("4H 5H 5D 6H 7H 7D 7S 8H KH KD KS 2C JK")
"""The cards of the listing's property: sets, runs and wild cards among them."""


@settings(max_examples=examples(200), deadline=None)
@given(
    rules=_limited_rules(),
    # up to 7 cards when thorough, 6 in the quick suite: every order of every group is read (7! orders of 7)
    hand=st.lists(
        st.sampled_from(parse_cards("4H 5H 5D 6H 7H 7D 7S 8H KH KD KS 2C JK")), max_size=7 if THOROUGH else 6
    ),
)
def test_the_listing_of_melds_is_every_group_read_meld_accepts_under_any_wild_card_limits(
    rules: MeldRules, hand: list[Card]
) -> None:
    """Every meld the standard listing names (`single_melds`) is one `read_meld` reads, and every group of
    the hand's cards that it reads, in every order, is listed: under the limits of `MeldRules`."""
    listed = {_as_key(meld) for meld in melding.single_melds(hand, rules)}
    accepted = set()
    for size in range(3, len(hand) + 1):
        for group in set(itertools.combinations(sorted(hand), size)):
            for order in set(itertools.permutations(group)):
                for kind in (MeldKind.SET, MeldKind.RUN):  # a lone natural card with wild cards may be either
                    try:
                        accepted.add(_as_key(read_meld(order, rules, kind)))
                    except IllegalActionError:
                        continue
    assert listed == accepted
