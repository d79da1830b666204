"""Deadwood (GIN-10) and the knock (GIN-12) as OpenSpiel's ``gin_rummy`` works them out: a hand is a bit
mask of OpenSpiel's card numbers (suits ``s c d h``, 13 cards each from the ace), its melds are listed
in OpenSpiel's order, and its best arrangement is the first found with the most points melded.

Examples:
    >>> from rummykit.core.cards import parse_cards
    >>> hand = mask(card.index for card in parse_cards("5S 6S 7S 5H 6H 7H AC AH 3D 5D 7D"))
    >>> shortcut(hand), min(deadwood_after(hand).values())  # OpenSpiel arranges 5-5-5 and 7-7-7 first
    (11, 10)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

__all__ = ["BIT", "FACE", "deadwood", "deadwood_after", "knock_discards", "mask", "melds", "points", "shortcut"]

BIT = tuple(1 << ((1, 2, 3, 0)[index & 3] * 13 + (index // 4 + 1) % 13) for index in range(52))
"""Each face's bit, by `Card.index` (clubs, diamonds, hearts, spades; from the 2 to the ace)."""
FACE = {bit.bit_length() - 1: index for index, bit in enumerate(BIT)}
"""The face (`Card.index`) of each OpenSpiel card number."""
_ROW = tuple(sum(min(rank + 1, 10) for rank in range(13) if row >> rank & 1) for row in range(1 << 13))


def mask(faces: Iterable[int]) -> int:
    """The cards of these faces (`Card.index`) as a hand."""
    return sum(BIT[index] for index in faces)


def points(hand: int) -> int:
    """The value of the cards of ``hand`` (GIN-1)."""
    return _ROW[hand & 0x1FFF] + _ROW[hand >> 13 & 0x1FFF] + _ROW[hand >> 26 & 0x1FFF] + _ROW[hand >> 39]


def _ranks(bits: int) -> list[int]:
    return [rank for rank in range(13) if bits >> rank & 1]


@functools.lru_cache(maxsize=1 << 14)
def melds(hand: int) -> tuple[tuple[int, int], ...]:
    """Every meld of ``hand`` (its cards and points) in OpenSpiel's order: each set of 4 and its two sets
    of 3 without a middle suit, rank by rank; then the other sets of 3; then runs of 5, 4 and 3."""
    rows = [hand >> shift & 0x1FFF for shift in (0, 13, 26, 39)]
    a, b, c, d = rows
    found = []
    for rank in _ranks(a & b & c & d):
        s, cl, di, h = (1 << (shift + rank) for shift in (0, 13, 26, 39))
        found += [s | cl | di | h, s | cl | h, s | di | h]
    for rank in _ranks(a & b & (c | d) | c & d & (a | b)):
        cards = [1 << (suit * 13 + rank) for suit in range(4) if rows[suit] >> rank & 1]
        found += [sum(cards)] if len(cards) == 3 else [sum(cards[:3]), sum(cards[1:])]
    threes = [row & row >> 1 & row >> 2 for row in rows]
    fours = [three & row >> 3 for three, row in zip(threes, rows, strict=True)]
    fives = [four & row >> 4 for four, row in zip(fours, rows, strict=True)]
    for size, starts in ((5, fives), (4, fours), (3, threes)):
        found += [((1 << size) - 1) << (suit * 13 + rank) for suit in range(4) for rank in _ranks(starts[suit])]
    return tuple((meld, points(meld)) for meld in found)


@functools.lru_cache(maxsize=1 << 12)
def _groups(hand: int) -> tuple[tuple[int, int], ...]:
    """Every group of disjoint melds of ``hand`` (cards and points), in the order of OpenSpiel's search."""
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
    """The least deadwood of ``hand`` (GIN-10)."""
    return points(hand) - max(worth for _, worth in _groups(hand))


def shortcut(hand: int) -> int:
    """OpenSpiel's deadwood of an eleven-card hand (GIN-12): its first group with the most points melded,
    without the highest-ranked card left over (the discard)."""
    best, most = 0, -1
    for group, worth in _groups(hand):
        if worth > most:
            best, most = group, worth
    left = hand & ~best
    return points(left) - min(max((left >> shift & 0x1FFF).bit_length() for shift in (0, 13, 26, 39)), 10)


def deadwood_after(hand: int) -> dict[int, int]:
    """For each card of ``hand``, by face: the least deadwood of the hand without it (GIN-10)."""
    groups = _groups(hand)
    return {
        FACE[number]: points(hand & ~(1 << number)) - max(worth for group, worth in groups if not group >> number & 1)
        for number in range(52)
        if hand >> number & 1
    }


def knock_discards(hand: int, knock_card: int, *, exact: bool) -> list[int]:
    """The faces an eleven-card ``hand`` may knock with (GIN-12, GIN-13): each leaves deadwood at most
    ``knock_card``, if OpenSpiel's test (`shortcut`) allows a knock at all (unless ``exact``)."""
    covered = 0
    for meld, _ in melds(hand):
        covered |= meld
    if points(hand & ~covered) - 10 > knock_card or (not exact and shortcut(hand) > knock_card):
        return []  # a discard is worth 10 at most: no card can leave so little
    return sorted(face for face, left in deadwood_after(hand).items() if left <= knock_card)
