"""The canasta family's melds as data (`rummykit.standard.groups`), against the rule books: classic
Canasta's CAN-9, CAN-12, CAN-14 and CAN-17, and Railroad Canasta's RC-6 to RC-12; the listing's shapes
against the reading of the cards they stand for."""

from __future__ import annotations

import itertools
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.cards import Rank, parse_cards
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import MeldRules
from rummykit.standard import GroupRuleIds, Groups
from rummykit.standard.canastas import Canasta, Canastas
from rummykit.standard.groups import WILD_KEY, Shape, rank_counts, shape_cards
from rummykit_variants.railroad_canasta.rules import GROUPS as RAILROAD
from tests.sizes import examples

POINTS: Final = {
    Rank.JOKER: 50,
    Rank.TWO: 20,
    Rank.ACE: 20,
    **{Rank(r): 10 for r in range(8, 14)},
    **{Rank(r): 5 for r in range(3, 8)},
}
"""CAN-4: joker 50; ace and 2: 20; K to 8: 10; 7 to 4 and black three: 5."""

CANASTA: Final = Groups(
    melds=MeldRules(
        wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
        set_ranks=frozenset(Rank(r) for r in range(4, 15)),
        wilds_at_most_naturals=False,
        min_naturals=2,
        max_wilds=3,
        rules={"wilds": "CAN-12", "set": "CAN-12"},
    ),
    points=POINTS,
    canastas=Canastas(kinds=(Canasta("natural", 500, natural=True), Canasta("mixed", 300)), rule="CAN-14"),
    never=frozenset(parse_cards("3H 3D")),
    going_out_only=frozenset({Rank.THREE}),
    going_out_most=4,
    ids=GroupRuleIds(never="CAN-9", going_out="CAN-17", one_per_key="CAN-13"),
)
"""Classic Canasta's melds as its rule book gives them (CAN-3, CAN-9, CAN-12, CAN-14, CAN-17)."""


def refused(groups: Groups, cards: str) -> str:
    with pytest.raises(IllegalActionError) as caught:
        groups.read(parse_cards(cards))
    return caught.value.rule


# -- classic Canasta ---------------------------------------------------------------------------------------


def test_can_12_a_meld_has_2_naturals_at_least_and_3_wild_cards_at_most_and_no_upper_size() -> None:
    assert str(CANASTA.read(parse_cards("9C 9D 2C 2D JK"))) == "9C 9D 2C(9) 2D(9) JK(9)"  # CAN-12's own example
    assert refused(CANASTA, "9C 2C 2D") == "CAN-12"  # one natural card
    assert refused(CANASTA, "9C 9D 9H 2C 2D 2H JK") == "CAN-12"  # four wild cards
    assert len(CANASTA.read(parse_cards("KC KD KH KS KC KD KH KS 2C"))) == 9  # no upper limit
    assert refused(CANASTA, "2C 2D JK") == "CAN-12"  # no meld of wild cards alone
    assert refused(CANASTA, "9C 9D") == "CAN-12"  # 3 cards at least
    assert refused(CANASTA, "9C 9D 10H") == "CAN-12"  # one rank


def test_can_9_a_red_three_is_never_melded_and_can_17_black_threes_3_or_4_alone() -> None:
    assert refused(CANASTA, "3H 3C 3S") == "CAN-9"
    assert len(CANASTA.read(parse_cards("3C 3S 3C 3S"))) == 4
    assert refused(CANASTA, "3C 3S 3C 3S 3C") == "CAN-17"  # 5 black threes with two packs: too many
    assert refused(CANASTA, "3C 3S 2D") == "CAN-17"  # no wild card
    assert refused(CANASTA, "3C 3S") == "CAN-17"
    black = CANASTA.read(parse_cards("3C 3S 3C 3S"))
    assert CANASTA.is_going_out_meld(black) and CANASTA.kind_of(black) is None


def test_can_14_a_canasta_is_natural_or_mixed_and_takes_more_cards() -> None:
    natural = CANASTA.read(parse_cards("KC KD KH KS KC KD KH"))
    kind = CANASTA.kind_of(natural)
    assert kind is not None and kind.name == "natural" and kind.bonus == 500  # CAN-30
    assert not CANASTA.is_closed(natural) and CANASTA.can_add(natural, parse_cards("KS")[0]) is None
    mixed = CANASTA.added(natural, parse_cards("2C")[0])  # a wild card added makes it mixed (CAN-14)
    kind = CANASTA.kind_of(mixed)
    assert kind is not None and kind.name == "mixed" and kind.bonus == 300
    assert CANASTA.value(natural.cards) == 70  # Pagat: seven kings "worth 570 points altogether" with the bonus


def test_can_12_a_fourth_wild_card_is_refused_whatever_the_meld_s_size() -> None:
    meld = CANASTA.read(parse_cards("QC QD QH QS QC QD QH QS 2C 2D JK"))
    err = CANASTA.can_add(meld, parse_cards("JK")[0])
    assert err is not None and err.rule == "CAN-12"
    assert CANASTA.can_add(meld, parse_cards("QS")[0]) is None
    err = CANASTA.can_add(meld, parse_cards("3H")[0])
    assert err is not None and err.rule == "CAN-9"


def test_the_initial_meld_s_count_is_the_sum_of_card_values_and_red_threes_count_nothing() -> None:
    # CAN-4 and CAN-15: 9C 9D 2C is 10 + 10 + 20 = 40; AC AD JK is 20 + 20 + 50 = 90
    assert CANASTA.shape_value(Shape(9, 2, 1, 0)) == 40
    assert CANASTA.shape_value(Shape(14, 2, 0, 1)) == 90
    assert CANASTA.card_value(parse_cards("3H")[0]) == 0 and CANASTA.card_value(parse_cards("3C")[0]) == 5


# -- Railroad Canasta ----------------------------------------------------------------------------------------


def test_rc_9_a_wild_meld_is_3_to_7_wild_cards_and_rc_12_closes_every_canasta() -> None:
    wild = RAILROAD.read(parse_cards("2C 2D JK"))
    assert RAILROAD.key(wild) == WILD_KEY
    assert refused(RAILROAD, "2C JK") == "RC-9"
    assert refused(RAILROAD, "2C 2D 2H 2S 2C 2D JK JK") == "RC-9"
    canasta = RAILROAD.read(parse_cards("2C 2D 2H 2S 2C 2D JK"))
    err = RAILROAD.can_add(canasta, parse_cards("JK")[0])
    assert RAILROAD.is_closed(canasta) and err is not None and err.rule == "RC-12"
    kind = RAILROAD.kind_of(canasta)
    assert kind is not None and (kind.name, kind.bonus) == ("wild", 1000)


def test_rc_7_black_threes_any_number_and_rc_10_no_wild_card_among_7s() -> None:
    assert len(RAILROAD.read(parse_cards("3C 3S 3C 3S 3C 3S 3C 3S"))) == 8  # more than 7 allowed
    assert refused(RAILROAD, "7C 7D 2C") == "RC-10"
    sevens = RAILROAD.read(parse_cards("7C 7D 7H"))
    err = RAILROAD.can_add(sevens, parse_cards("JK")[0])
    assert err is not None and err.rule == "RC-10"


# -- the listing's shapes against the reading --------------------------------------------------------------


def _cards(shape: Shape) -> list[str]:
    natural = [] if shape.key == WILD_KEY else [f"{Rank(shape.key).symbol}S"] * shape.naturals
    return [*natural, *["2C"] * shape.twos, *["JK"] * shape.jokers]


def _readable(groups: Groups, shape: Shape) -> bool:
    """The cards of ``shape`` read as a meld of its key."""
    try:
        meld = groups.read(parse_cards(" ".join(_cards(shape))))
    except IllegalActionError:
        return False
    return groups.key(meld) == shape.key


@pytest.mark.parametrize("groups", [CANASTA, RAILROAD], ids=["canasta", "railroad-canasta"])
@settings(max_examples=examples(150), deadline=None)
@given(
    key=st.sampled_from([WILD_KEY, 3, 4, 7, 9, 13, 14]),
    have=st.integers(0, 10),
    twos=st.integers(0, 5),
    jokers=st.integers(0, 4),
)
def test_the_shapes_of_a_new_meld_are_exactly_the_groups_the_rules_read(
    groups: Groups, key: int, have: int, twos: int, jokers: int
) -> None:
    listed = list(groups.shapes(key, have, twos, jokers))
    assert len(listed) == len(set(listed))
    every = {
        Shape(key, 0 if key == WILD_KEY else n, t, j)
        for n, t, j in itertools.product(range(have + 1), range(twos + 1), range(jokers + 1))
    }
    assert set(listed) == {shape for shape in every if shape.size and _readable(groups, shape)}


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.sampled_from(["9C", "9D", "9H", "KS", "KD", "2C", "2H", "JK", "3S", "3C"]), min_size=3, max_size=12))
def test_shape_cards_lays_down_the_hand_s_own_cards_for_each_shape(hand: list[str]) -> None:
    cards = parse_cards(" ".join(hand))
    counts = rank_counts(cards)
    for key in CANASTA.keys(counts, ()):
        for shape in CANASTA.shapes(key, counts[key], counts[int(Rank.TWO)], counts[int(Rank.JOKER)]):
            (meld,) = shape_cards([shape], cards)
            assert CANASTA.shape_of(CANASTA.read(meld)) == shape
            assert all(meld.count(card) <= cards.count(card) for card in meld)


@pytest.mark.parametrize("groups", [CANASTA, RAILROAD], ids=["canasta", "railroad-canasta"])
def test_a_shape_s_kind_of_canasta_is_the_kind_of_every_meld_of_that_shape(groups: Groups) -> None:
    """The lay-off listing reads the canasta a card would complete from shapes (`shape_kind`), the score and the
    views from melds (`kind_of`): for every meld of 6 cards a hand could make, and every card added to it,
    both say the same, so a second reading cannot drift from the first."""
    cards = parse_cards("7C 7D 7H 7S 7C 7D KC KD KH KS KC KD 2C 2D JK JK 3S 3C 3S 3C")
    compared = 0
    for meld_cards in {tuple(sorted(group)) for group in itertools.combinations(cards, 6)}:
        try:
            meld = groups.read(meld_cards)
        except IllegalActionError:
            continue
        for card in set(cards):
            if groups.can_add(meld, card) is not None:
                continue
            added = groups.added(meld, card)
            kind, shaped = groups.kind_of(added), groups.shape_kind(groups.shape_of(added))
            assert kind == shaped, f"{added}: {kind} as a meld, {shaped} as a shape"
            compared += 1
    assert compared > 20
