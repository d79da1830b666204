"""Deadwood: the points of the cards of a hand that none of its melds holds, by which a round that ends
by a knock is played and scored ([`Knocking`][rummykit.standard.rules.Knocking]). For hands of one 52-card
deck without wild cards: sets of 3 or 4 cards, runs of 3 or more of one suit with the ace low, cards
worth their standard values (ace 1, 2 to 10 their number, J, Q and K 10).

A hand is a bit mask ([`mask`][rummykit.standard.deadwood.mask]): a row of 13 bits per suit (spades,
clubs, diamonds, hearts), each from the ace to the king, as OpenSpiel numbers the cards of its
``gin_rummy``. Melds are listed in the order OpenSpiel lists them
([`melds`][rummykit.standard.deadwood.melds]), so that the shortcut test of a knock
([`shortcut`][rummykit.standard.deadwood.shortcut]) agrees with OpenSpiel's even where two arrangements
of a hand tie. The answers for a hand are remembered: a knock's listing and its check ask about the same
hand.

Examples:
    >>> from rummykit.core.cards import parse_cards
    >>> hand = mask(card.index for card in parse_cards("5S 6S 7S 5H 6H 7H AC AH 3D 5D 7D"))
    >>> deadwood(hand), shortcut(hand), min(deadwood_after(hand).values())
    (17, 11, 10)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

__all__ = [
    "BIT",
    "FACE",
    "deadwood",
    "deadwood_after",
    "held_deadwood",
    "knock_discards",
    "mask",
    "meldable",
    "melds",
    "points",
    "shortcut",
]

BIT = tuple(1 << ((1, 2, 3, 0)[index & 3] * 13 + (index // 4 + 1) % 13) for index in range(52))
"""Each face's bit in a hand, by its `Card.index`."""
FACE = {bit.bit_length() - 1: index for index, bit in enumerate(BIT)}
"""The face (`Card.index`) of each bit's number."""
_ROW = tuple(sum(min(rank + 1, 10) for rank in range(13) if row >> rank & 1) for row in range(1 << 13))
"""The points of the cards of each row of 13 bits."""
_ROWS = (0, 13, 26, 39)
_EVERY_ROW = sum(1 << shift for shift in _ROWS)
"""A bit in each row: a row of 13 bits times this is that row in every suit."""
_RUN_STARTS = sum(0x7FF << shift for shift in _ROWS)
"""The bits where a run of 3 can start in its own row (the ace to the jack)."""


def mask(faces: Iterable[int]) -> int:
    """The hand of these faces (each a `Card.index`)."""
    hand = 0
    for index in faces:
        hand |= BIT[index]
    return hand


def points(hand: int) -> int:
    """The points of the cards of ``hand``."""
    return _ROW[hand & 0x1FFF] + _ROW[hand >> 13 & 0x1FFF] + _ROW[hand >> 26 & 0x1FFF] + _ROW[hand >> 39]


def meldable(hand: int) -> int:
    """The cards of ``hand`` that some meld of it holds (a card of a rank held 3 times or more, or of
    3 cards or more in a row of one suit), found without listing the melds.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> hand = mask(card.index for card in parse_cards("5S 6S 7S 5H 5D KC"))
        >>> meldable(hand) == mask(card.index for card in parse_cards("5S 6S 7S 5H 5D"))
        True
    """
    a, b, c, d = hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39
    thrice = a & b & (c | d) | c & d & (a | b)
    starts = hand & hand >> 1 & hand >> 2 & _RUN_STARTS
    return hand & thrice * _EVERY_ROW | starts | starts << 1 | starts << 2


def _ranks(bits: int) -> list[int]:
    return [rank for rank in range(13) if bits >> rank & 1]


@functools.lru_cache(maxsize=1 << 14)
def melds(hand: int) -> tuple[tuple[int, int], ...]:
    """Every meld of ``hand`` (its cards and points), in OpenSpiel's order: each set of 4 with the two sets
    of 3 that lack a middle suit, rank by rank; the other sets of 3; then the runs of 5, 4 and 3 cards."""
    rows = [hand >> shift & 0x1FFF for shift in _ROWS]
    a, b, c, d = rows
    found = []
    for rank in _ranks(a & b & c & d):
        spade, club, diamond, heart = (1 << (shift + rank) for shift in _ROWS)
        found += [spade | club | diamond | heart, spade | club | heart, spade | diamond | heart]
    for rank in _ranks(a & b & (c | d) | c & d & (a | b)):
        cards = [1 << (shift + rank) for shift, row in zip(_ROWS, rows, strict=True) if row >> rank & 1]
        found += [sum(cards)] if len(cards) == 3 else [sum(cards[:3]), sum(cards[1:])]
    threes = [row & row >> 1 & row >> 2 for row in rows]
    fours = [three & row >> 3 for three, row in zip(threes, rows, strict=True)]
    fives = [four & row >> 4 for four, row in zip(fours, rows, strict=True)]
    for size, starts in ((5, fives), (4, fours), (3, threes)):
        found += [
            ((1 << size) - 1) << (shift + rank)
            for shift, start in zip(_ROWS, starts, strict=True)
            for rank in _ranks(start)
        ]
    return tuple((meld, points(meld)) for meld in found)


@functools.lru_cache(maxsize=1 << 12)
def _groups(hand: int) -> tuple[tuple[int, int], ...]:
    """Every group of melds of ``hand`` that share no card (its cards and points), the empty group first,
    in the order of OpenSpiel's search: by the places of their melds in `melds`, as words in a dictionary."""
    found, listed = [(0, 0)], melds(hand)

    def extend(start: int, used: int, worth: int) -> None:
        for index in range(start, len(listed)):
            meld, value = listed[index]
            if not meld & used:
                found.append((used | meld, worth + value))
                extend(index + 1, used | meld, worth + value)

    extend(0, 0, 0)
    return tuple(found)


def deadwood(hand: int) -> int:
    """The least deadwood of ``hand``."""
    return points(hand) - max(worth for _, worth in _groups(hand))


def held_deadwood(hand: int, *, laid_down: bool) -> int:
    """The deadwood a seat holding ``hand`` has now, as a knock ending counts it (Gin Rummy's GIN-10):
    the least deadwood of the hand's best arrangement until the seat lays down its melds, and once it
    has (or the round is over), the points of every card it still holds: the cards it kept count.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> hand = mask(card.index for card in parse_cards("5S 6S 7S 5H 5D KC"))
        >>> held_deadwood(hand, laid_down=False), held_deadwood(hand, laid_down=True)
        (20, 38)
    """
    return points(hand) if laid_down else deadwood(hand)


@functools.lru_cache(maxsize=1 << 12)
def deadwood_after(hand: int) -> dict[int, int]:
    """For each card of ``hand``, by its face: the least deadwood of the hand without it."""
    groups = _groups(hand)
    return {
        FACE[number]: points(hand & ~(1 << number)) - max(worth for group, worth in groups if not group >> number & 1)
        for number in range(52)
        if hand >> number & 1
    }


def shortcut(hand: int) -> int:
    """The deadwood of an eleven-card ``hand`` as OpenSpiel reckons it when it lets a player knock: the
    hand's first group of melds with the most points, then the highest-ranked card left over set aside
    (as the discard). Now and then this is more than a discard would leave (`deadwood_after`)."""
    best, most = 0, -1
    for group, worth in _groups(hand):
        if worth > most:
            best, most = group, worth
    left = hand & ~best
    return points(left) - min(max((left >> shift & 0x1FFF).bit_length() for shift in _ROWS), 10)


def knock_discards(hand: int, knock_card: int, *, shortcut_test: bool) -> list[int]:
    """The faces an eleven-card ``hand`` may knock with: the discards that leave deadwood of at most
    ``knock_card``; none, with ``shortcut_test``, if [`shortcut`][rummykit.standard.deadwood.shortcut]
    is more than ``knock_card``."""
    # A discard is worth 10 at most, and the cards in no meld stay deadwood: most hands stop here.
    if points(hand & ~meldable(hand)) - 10 > knock_card or (shortcut_test and shortcut(hand) > knock_card):
        return []
    return sorted(face for face, left in deadwood_after(hand).items() if left <= knock_card)
