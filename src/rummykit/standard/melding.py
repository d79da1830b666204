"""Every meld a hand can lay down, and every combination of them laid down together (free melds, G-5).

This is the hot path of the standard rummy's listing of free melds (classic rummy), so it works on face indices
(`Card.index`) and count vectors, not on card objects, and builds a [`Meld`][rummykit.core.melds.Meld] only for what
it finds. Melds come out canonical (CR-C4): a set's natural cards in card order, then its wild
cards; a run's cards from low to high, each wild card standing for the rank of its place (G-5).

Examples:
    >>> from rummykit.core.cards import parse_cards
    >>> from rummykit_variants.classic_rummy.rules import MELD_RULES  # noqa: F401 - the doctest's rules
    >>> [str(m) for m in single_melds(parse_cards("7C 7D 7H AS 2S 3S 4S"), MELD_RULES)]
    ['2S 3S 4S', '7C 7D 7H', 'AS 2S 3S', 'AS 2S 3S 4S']
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final

from rummykit.core.cards import FACE_COUNT, Card, Rank, standard_deck
from rummykit.core.melds import Meld, MeldKind, MeldRules
from rummykit.core.solver import meld_key, multisets

__all__ = ["disjoint_combinations", "melds_of_faces", "single_melds"]

_FACES: Final = (*standard_deck(), Card.of(Rank.JOKER))
"""Every face, at the position of its `Card.index`."""
_RANK_VALUE: Final = tuple(int(card.rank) for card in _FACES)
"""Each face's rank value (2 to 14, the joker 15), at the position of its `Card.index`."""
_RANKS: Final = {int(rank): rank for rank in Rank}
_SUITS: Final = range(4)


def _rank_faces(rank: int) -> range:
    """The face indices of a natural rank (2..14)."""
    first = (rank - 2) * 4
    return range(first, first + 4)


class _Hand:
    """A hand as count vectors, and the meld rules resolved into ints."""

    __slots__ = ("limited", "natural_faces", "naturals", "order", "rules", "wild_ids", "wilds")

    def __init__(self, indices: Sequence[int], rules: MeldRules) -> None:
        wild_order, self.order = _resolved(rules)
        self.rules = rules
        self.naturals = naturals = [0] * FACE_COUNT
        """Natural cards per face index."""
        self.wilds = wilds = [0] * FACE_COUNT
        """Wild cards per face index."""
        for index in indices:
            if index in wild_order:
                wilds[index] += 1
            else:
                naturals[index] += 1
        self.natural_faces = {index for index in indices if naturals[index]}
        """The natural faces held."""
        self.wild_ids = tuple(index for index in wild_order if wilds[index])
        """The wild faces held, in card order."""
        self.limited = rules.wilds_at_most_naturals

    def sets(self) -> Iterator[Meld]:
        """Every set: each rank's natural cards (every sub-multiset), with every choice of wild cards."""
        rules = self.rules
        wilds = sum(self.wilds)
        naturals = self.naturals
        least = max(rules.min_set - wilds, rules.min_naturals)  # the fewest natural cards that can make a set
        by_rank = [0] * 16  # natural cards held per rank value (the joker's face counts at 15, never read)
        for index in self.natural_faces:
            by_rank[_RANK_VALUE[index]] += naturals[index]
        for rank in _set_ranks(rules.set_ranks):
            held = by_rank[rank]
            if held < least:
                continue
            first = (rank - 2) * 4
            faces = [index for index in range(first, first + 4) if naturals[index]]
            largest = held + wilds if rules.max_set is None else min(rules.max_set, held + wilds)
            for size in range(rules.min_set, largest + 1):
                fewest = rules.least_naturals(size, _RANKS[rank])  # the wild-card limits
                for natural_count in range(min(size, held), 0, -1):
                    wild_count = size - natural_count
                    if wild_count > wilds or natural_count < fewest:
                        break
                    for natural_ids in multisets(self.naturals, faces, natural_count):
                        for wild_ids in multisets(self.wilds, self.wild_ids, wild_count):
                            cards = tuple(_FACES[index] for index in natural_ids + wild_ids)
                            yield Meld(MeldKind.SET, cards, (_RANKS[rank],) * size)

    def runs(self) -> Iterator[Meld]:
        """Every run: from every place of the run order, in every suit (if runs are suited), each
        place filled by a natural card of its rank or a wild card, as long as it can go on."""
        order = self.order
        if not order:
            return
        stops = _run_stops(order)
        if self.rules.suited_runs and not self.wild_ids:
            yield from self._natural_runs(order, stops)
            return
        suits: Sequence[int | None] = _SUITS if self.rules.suited_runs else (None,)
        for suit in suits:
            places = _Places(order, suit, self.naturals)
            for start in range(len(order)):
                if self.wild_ids or places.held[start]:
                    yield from self._grow(places, start, stops[start], [], 0)

    def _natural_runs(self, order: tuple[int, ...], stops: tuple[int, ...]) -> Iterator[Meld]:
        """`runs` for suited runs without wild cards: every stretch of ``min_run`` or more
        places of one suit in a row that the hand holds a natural card for (one card per place)."""
        naturals = self.naturals
        least = self.rules.min_run
        per_suit = [0, 0, 0, 0, 0]  # the joker's index (52) counts in a fifth slot, never read
        for index in self.natural_faces:
            per_suit[index & 3 if index < FACE_COUNT - 1 else 4] += 1
        for suit in _SUITS:
            if per_suit[suit] < least:
                continue
            ranks, faces = _place_faces(order, suit)
            held = [naturals[index] > 0 for (index,) in faces]
            for start in range(len(order) - least + 1):
                if not held[start]:
                    continue
                stop = start
                end = stops[start]
                while stop < end and held[stop]:
                    stop += 1
                for length in range(least, stop - start + 1):
                    cards = tuple(_FACES[index] for (index,) in faces[start : start + length])
                    yield Meld(MeldKind.RUN, cards, ranks[start : start + length])

    def _grow(self, places: _Places, start: int, stop: int, picked: list[int], naturals: int) -> Iterator[Meld]:
        """The runs from place ``start`` that begin with ``picked`` (one face index per place)."""
        length = len(picked)
        wild_count = length - naturals
        if length >= self.rules.min_run and naturals >= self.rules.least_naturals(length):
            cards = tuple(_FACES[index] for index in picked)
            yield Meld(MeldKind.RUN, cards, places.ranks[start : start + length])
        place = start + length
        if place == stop:
            return
        for index in places.faces[place]:
            if self.naturals[index]:
                self.naturals[index] -= 1
                picked.append(index)
                yield from self._grow(places, start, stop, picked, naturals + 1)
                picked.pop()
                self.naturals[index] += 1
        # A wild card here only helps if enough natural cards may still come (CR-24's limit), and within
        # the most wild cards a meld may hold.
        if self.limited and wild_count + 1 > naturals + places.ahead[place + 1]:
            return
        if self.rules.max_wilds is not None and wild_count + 1 > self.rules.max_wilds:
            return
        for index in self.wild_ids:
            if self.wilds[index]:
                self.wilds[index] -= 1
                picked.append(index)
                yield from self._grow(places, start, stop, picked, naturals)
                picked.pop()
                self.wilds[index] += 1


class _Places:
    """The places of a run order for one suit (``None``: any suit): the natural faces each place
    takes, whether the hand holds one, and how many later places it holds one for."""

    __slots__ = ("ahead", "faces", "held", "ranks")

    def __init__(self, order: tuple[int, ...], suit: int | None, naturals: Sequence[int]) -> None:
        self.ranks, self.faces = _place_faces(order, suit)
        if suit is None:
            self.held = [any(naturals[index] for index in faces) for faces in self.faces]
        else:
            self.held = [naturals[index] > 0 for (index,) in self.faces]
        ahead = [0] * (len(order) + 1)
        for place in range(len(order) - 1, -1, -1):
            ahead[place] = ahead[place + 1] + self.held[place]
        self.ahead = ahead
        """Per place: how many places from there on the hand holds a natural card for (an upper
        bound on the natural cards a run can still get)."""


def _resolved(rules: MeldRules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The wild faces of ``rules`` in card order and their run order as rank values."""
    return rules.wild_indices, rules.run_values


@functools.cache
def _place_faces(order: tuple[int, ...], suit: int | None) -> tuple[tuple[Rank, ...], tuple[Sequence[int], ...]]:
    """The rank of each place of ``order`` and the natural faces it takes in ``suit`` (``None``: any)."""
    ranks = tuple(_RANKS[rank] for rank in order)
    faces = tuple(_rank_faces(rank) if suit is None else (_rank_faces(rank)[suit],) for rank in order)
    return ranks, faces


def single_melds(hand: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """Every distinct set and run ``hand`` can lay down under ``rules``, canonical (CR-C4), sorted
    by [`meld_key`][rummykit.core.solver.meld_key]: every sub-multiset of a rank that makes a set, every run of
    every length in every suit, with wild cards in every place they may stand.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> from rummykit_variants.classic_rummy.rules import MELD_RULES  # noqa: F401 - the doctest's rules
        >>> [str(m) for m in single_melds(parse_cards("QH KH AH 2H 9C"), MELD_RULES)]
        ['QH KH AH']
    """
    return melds_of_faces([card.index for card in hand], rules)


def melds_of_faces(indices: Sequence[int], rules: MeldRules) -> list[Meld]:
    """[`single_melds`][rummykit.standard.melding.single_melds] of a hand given as face indices
    (`Card.index`; a physical card's ``cid & FACE_MASK``): no card object made for the listing."""
    if not rules.wild_indices and not _may_meld(indices, rules):
        return []
    counts = _Hand(indices, rules)
    return sorted([*counts.sets(), *counts.runs()], key=meld_key)


def _may_meld(indices: Sequence[int], rules: MeldRules) -> bool:
    """Without wild cards, whether the hand might hold a meld at all: ``min_set`` natural cards of a
    rank that forms sets, or natural cards at ``min_run`` places of the run order in a row (in one
    suit if runs are suited). A quick test most hands fail; one that passes is searched in full."""
    rank_bits = _rank_bits(rules.run_values)
    set_ranks = _set_ranks(rules.set_ranks)
    by_rank = [0] * 16  # the joker's face counts at 15, in no set and no run
    places = [0, 0, 0, 0, 0]  # per suit (the joker's face: a fifth), the places of the run order held
    for index in indices:
        rank = _RANK_VALUE[index]
        by_rank[rank] += 1
        places[index & 3 if rank < 15 else 4] |= rank_bits[rank]
    least = max(rules.min_set, 1)
    if any(by_rank[rank] >= least for rank in set_ranks):
        return True
    suits = places[:4] if rules.suited_runs else [places[0] | places[1] | places[2] | places[3]]
    for held in suits:
        in_a_row = held  # places that start min_run held places in a row
        for _ in range(rules.min_run - 1):
            in_a_row &= in_a_row >> 1
        if in_a_row:
            return True
    return False


@functools.cache
def _rank_bits(order: tuple[int, ...]) -> tuple[int, ...]:
    """Per rank value (0 to 15): a bit for each of its places in the run order ``order``."""
    bits = [0] * 16
    for place, rank in enumerate(order):
        bits[rank] |= 1 << place
    return tuple(bits)


def disjoint_combinations(uses: Sequence[Sequence[int]], counts: list[int]) -> Iterator[tuple[int, ...]]:
    """Every non-empty combination of items (by increasing index) whose uses fit ``counts`` together.

    ``uses[i]`` lists the face indices item ``i`` needs (with repetition); ``counts`` holds how many
    of each face there are. ``counts`` is reduced by the chosen items' uses while a combination is
    yielded, and restored after. Each level looks only at the items that still fit beside the ones
    chosen; a face held once is tested with a bit mask, only faces held more than once by counting.

    Examples:
        >>> list(disjoint_combinations([(0, 1), (1, 2), (2, 3)], [1, 1, 1, 1]))
        [(0,), (0, 2), (1,), (2,)]
    """
    needs = [tuple(Counter(use).items()) for use in uses]
    masks = [sum(1 << face_index for face_index, n in need if counts[face_index] == n == 1) for need in needs]
    shared = [tuple((face_index, n) for face_index, n in need if not counts[face_index] == n == 1) for need in needs]
    chosen: list[int] = []

    def fits(index: int, used: int) -> bool:
        return not masks[index] & used and all(counts[face_index] >= n for face_index, n in shared[index])

    def extend(candidates: list[int], used: int) -> Iterator[tuple[int, ...]]:
        for position, index in enumerate(candidates):
            for face_index, n in needs[index]:
                counts[face_index] -= n
            chosen.append(index)
            yield tuple(chosen)
            now_used = used | masks[index]
            later = [other for other in candidates[position + 1 :] if fits(other, now_used)]
            if later:
                yield from extend(later, now_used)
            chosen.pop()
            for face_index, n in needs[index]:
                counts[face_index] += n

    return extend([index for index in range(len(uses)) if fits(index, 0)], 0)


@functools.cache
def _set_ranks(ranks: frozenset[Rank]) -> tuple[int, ...]:
    """The rank values that may form sets, low to high."""
    return tuple(sorted(int(rank) for rank in ranks if rank is not Rank.JOKER))


@functools.cache
def _run_stops(order: tuple[int, ...]) -> tuple[int, ...]:
    """Per place of ``order``: where a run starting there must stop, since a run never uses a rank
    twice (classic Rummy's order has the ace at both ends)."""
    stops = []
    for start in range(len(order)):
        seen: set[int] = set()
        stop = start
        while stop < len(order) and order[stop] not in seen:
            seen.add(order[stop])
            stop += 1
        stops.append(stop)
    return tuple(stops)
