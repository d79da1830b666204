"""Canastas as data (`rummykit.standard.canastas`): what a canasta is and what each kind scores, checked
against the rule books: Classic Canasta's CAN-14 and CAN-30 (variants/rummykit_variants/canasta/book.py)
and Railroad Canasta's RC-12 (RULES.md)."""

from __future__ import annotations

import pytest

from rummykit.core.cards import parse_cards
from rummykit.core.melds import Meld, MeldRules, read_meld
from rummykit.standard.canastas import Canasta, Canastas
from rummykit_variants.railroad_canasta.rules import CANASTAS as RC_CANASTAS
from rummykit_variants.railroad_canasta.rules import GROUPS
from rummykit_variants.railroad_canasta.rules import MELD_RULES as RC_MELDS

CAN_MELDS = MeldRules(
    wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
    wilds_at_most_naturals=False,
    min_naturals=2,
    max_wilds=3,
    rules={"wilds": "CAN-12", "set": "CAN-12", "run": "CAN-12"},
)
"""CAN-12: a meld of one rank, at least 2 natural cards and at most 3 wild cards."""
CAN_CANASTAS = Canastas(kinds=(Canasta("natural", 500, natural=True), Canasta("mixed", 300)), rule="CAN-14")
"""CAN-14 and CAN-30: 7 cards or more; natural (no wild card) 500, mixed 300."""


def _can(text: str) -> Meld:
    return read_meld(parse_cards(text), CAN_MELDS)


@pytest.mark.parametrize(
    ("text", "kind", "bonus"),
    [
        ("KH KH KD KD KS KS KC", "natural", 500),  # seven natural kings
        ("KH KH KD KD KS KS KC KC", "natural", 500),  # CAN-14: 7 or more
        ("KH KD KS KC 2C 2D JK", "mixed", 300),  # 4 natural, 3 wild
        ("9H 9D 9S 9C 9H 9D 2S", "mixed", 300),  # one wild card makes it mixed
        ("KH KD KS KC 2C 2D", None, 0),  # 6 cards: no canasta yet
    ],
)
def test_can_14_and_can_30_a_canasta_of_seven_cards_or_more_is_natural_or_mixed_with_its_bonus(
    text: str, kind: str | None, bonus: int
) -> None:
    meld = _can(text)
    found = CAN_CANASTAS.kind_of(meld, CAN_MELDS)
    assert (found.name if found else None) == kind and CAN_CANASTAS.bonus(meld, CAN_MELDS) == bonus


def test_can_30_pagats_seven_kings_are_worth_570_with_their_card_values() -> None:
    # Pagat, quoted in CAN-30: "a natural canasta of seven kings is really worth 570 points altogether":
    # the 500 bonus, and seven kings at 10 each (CAN-4).
    kings = _can("KH KH KD KD KS KS KC")
    assert CAN_CANASTAS.bonus(kings, CAN_MELDS) + 7 * 10 == 570


def test_can_14_a_wild_card_added_to_a_natural_canasta_makes_it_mixed() -> None:
    canasta = _can("QH QH QD QD QS QS QC")
    kind = CAN_CANASTAS.kind_of(canasta, CAN_MELDS)
    assert kind is not None and kind.name == "natural"
    mixed = Meld(canasta.kind, (*canasta.cards, *parse_cards("JK")), (*canasta.ranks, canasta.rank))
    kind = CAN_CANASTAS.kind_of(mixed, CAN_MELDS)
    assert kind is not None and kind.name == "mixed"


def test_a_sides_canasta_bonuses_add_up() -> None:
    melds = [_can("KH KH KD KD KS KS KC"), _can("9H 9D 9S 9C 9H 9D 2S"), _can("5H 5D 5S")]
    assert CAN_CANASTAS.bonuses(melds, CAN_MELDS) == 500 + 300


@pytest.mark.parametrize(
    ("text", "kind", "bonus"),
    [
        ("7H 7H 7D 7D 7S 7S 7C", "sevens", 1500),
        ("2C 2D 2H 2S JK JK 2C", "wild", 1000),
        ("QH QH QD QD QS QS QC", "red", 500),
        ("QH QD QS QC QH 2C JK", "black", 300),
        ("3C 3C 3S 3S 3C 3S 3C", None, 0),  # black 3s are never a canasta (RC-7)
        ("QH QD QS QC QH 2C", None, 0),
    ],
)
def test_rc_12_each_kind_of_canasta_and_its_bonus(text: str, kind: str | None, bonus: int) -> None:
    meld = GROUPS.read(parse_cards(text))
    found = RC_CANASTAS.kind_of(meld, RC_MELDS)
    assert (found.name if found else None) == kind and RC_CANASTAS.bonus(meld, RC_MELDS) == bonus
    assert RC_CANASTAS.closed and RC_CANASTAS.size == 7
