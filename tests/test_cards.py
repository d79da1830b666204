"""Cards: parsing, formatting, ordering, physical ids."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit.core.cards import (
    Card,
    Rank,
    Suit,
    card_id,
    copy_of,
    face,
    format_cards,
    parse_cards,
    shoe_ids,
    standard_deck,
)
from rummykit.core.errors import InvalidCardError
from rummykit.core.shoe import decks

ALL_FACES = (*standard_deck(), Card.of(Rank.JOKER))


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("t♥", Rank.TEN, Suit.HEARTS),
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("q♠", Rank.QUEEN, Suit.SPADES),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("A♦", Rank.ACE, Suit.DIAMONDS),
        (" 7♣ ", Rank.SEVEN, Suit.CLUBS),
        ("JK", Rank.JOKER, None),
        ("jk", Rank.JOKER, None),
    ],
)
def test_parse_accepts_letters_glyphs_and_case(text: str, rank: Rank, suit: Suit | None) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card.of(rank, suit), "parsed cards are the shared instances"


@pytest.mark.parametrize("text", ["", "1H", "11H", "ZZ", "10", "H10", "JKH", "10X", "JJ"])
def test_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(InvalidCardError, match="card"):
        Card.parse(text)


def test_parse_refuses_non_text() -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(10)  # type: ignore[arg-type]


def test_a_joker_has_no_suit_and_others_need_one() -> None:
    with pytest.raises(InvalidCardError):
        Card.of(Rank.JOKER, Suit.HEARTS)
    with pytest.raises(InvalidCardError):
        Card.of(Rank.ACE)


@given(st.sampled_from(ALL_FACES))
def test_format_then_parse_is_the_same_card(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.glyph()) is card
    assert eval(repr(card)) is card  # the repr is runnable code


def test_indices_are_dense_and_unique() -> None:
    assert sorted(card.index for card in ALL_FACES) == list(range(53))


def test_cards_sort_by_rank_then_suit_with_jokers_last() -> None:
    assert format_cards(sorted(parse_cards("JK AS 2D 2C KH 10S"))) == "2C 2D 10S KH AS JK"


def test_colours() -> None:
    assert Card.parse("3H").is_red and Card.parse("3D").is_red
    assert Card.parse("3C").is_black and Card.parse("3S").is_black
    joker = Card.parse("JK")
    assert not joker.is_red and not joker.is_black and joker.is_joker


def test_parse_cards_accepts_commas_spaces_and_cards() -> None:
    assert parse_cards("5H, 5D  JK") == parse_cards(["5H", Card.parse("5D"), "JK"])
    assert format_cards(parse_cards("10H JK"), glyphs=True) == "10♥ JK"


def test_physical_ids_keep_face_and_copy() -> None:
    queen = Card.parse("QS")
    cid = card_id(queen, copy=3)
    assert face(cid) is queen and copy_of(cid) == 3


def test_shoe_ids_number_copies_by_occurrence() -> None:
    shoe = decks(4, jokers_per_deck=2)
    ids = shoe_ids(shoe)
    assert len(shoe) == 216 and len(set(ids)) == 216
    assert [face(cid) for cid in ids] == list(shoe)
    jokers = [cid for cid in ids if face(cid).is_joker]
    assert sorted(copy_of(cid) for cid in jokers) == list(range(8))
