"""The contract solver: can a hand meet a contract, and every distinct way it can.

A :class:`Contract` lists the melds a player must lay down (RailRoad Rummy's "1 set + 1 run") and
how many cards may stay in hand. :func:`contract_ways` lists every distinct way a hand meets it:
which cards form which meld, in order, and the rank each wild card stands for.

This is the hot path of legal-action generation: it works on face counts, not card objects.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

import attrs

from rummykit.cards import Card, Rank, standard_deck
from rummykit.melds import Meld, MeldKind, MeldRules

__all__ = ["Contract", "MeldRequirement", "can_meet_contract", "contract_ways", "meld_key"]


@attrs.frozen
class MeldRequirement:
    """One meld of a contract: its kind and size (``exact``: exactly ``size`` cards, else at least)."""

    kind: MeldKind
    size: int
    exact: bool = True

    def __str__(self) -> str:
        return f"{self.kind.value} of {'' if self.exact else 'at least '}{self.size}"


@attrs.frozen
class Contract:
    """The melds to lay down in one action, and how many cards may remain in hand afterwards.

    ``max_leftover=None``: any number may remain; ``max_leftover=1`` (RailRoad round 7): every
    card of the hand, or every card but one, must be used.
    """

    melds: tuple[MeldRequirement, ...]
    max_leftover: int | None = None

    def __str__(self) -> str:
        parts = []
        for kind in MeldKind:
            n = sum(1 for m in self.melds if m.kind is kind)
            if n:
                parts.append(f"{n} {kind.value}{'s' if n > 1 else ''}")
        text = " + ".join(parts)
        if self.max_leftover == 0:
            text += ", using every card in hand"
        elif self.max_leftover is not None:
            text += f", using every card in hand but at most {self.max_leftover}"
        return text


def contract_ways(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> list[tuple[Meld, ...]]:
    """Every distinct way ``hand`` meets ``contract``: one meld per requirement, in the contract's order.

    The hand is a multiset of faces (several decks may give it two ``5H``). Each meld is what
    :func:`~rummykit.melds.read_meld` reads from its cards (with the requirement's kind); the melds
    use different cards of the hand, and at most ``contract.max_leftover`` cards stay unused.

    Ways are canonical, so equal ways compare equal: a set lists its natural cards in card order,
    then its wild cards in card order; a run lists its cards from low to high, so a wild card standing
    for another rank makes another way. Where consecutive requirements are equal, their melds are in
    non-decreasing :func:`meld_key` order, so the same melds are never listed twice in another order.
    The list is sorted by the :func:`meld_key` of the first meld, then of the second, and so on.

    >>> from rummykit.cards import Rank, parse_cards
    >>> ranks = tuple(Rank)[1:13]  # 3 to A
    >>> rules = MeldRules(wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")), set_ranks=frozenset(ranks),
    ...                   run_order=ranks, min_run=4)
    >>> contract = Contract((MeldRequirement(MeldKind.SET, 3), MeldRequirement(MeldKind.RUN, 4)))
    >>> for way in contract_ways(parse_cards("5H 5D 5S JK 8S 9S 10S"), contract, rules):
    ...     print(" | ".join(str(meld) for meld in way))
    5D 5H 5S | JK(7) 8S 9S 10S
    5D 5H 5S | 8S 9S 10S JK(J)
    """
    return _Search(hand, contract, rules).ways()


def can_meet_contract(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> bool:
    """Whether ``hand`` meets ``contract`` at all: ``bool(contract_ways(hand, contract, rules))``, but faster.

    It looks only for the shapes of the melds (which ranks, how many wild cards), never for the cards
    that fill them, and stops at the first shape that fits.

    >>> from rummykit.cards import Rank, parse_cards
    >>> ranks = tuple(Rank)[1:13]  # 3 to A
    >>> rules = MeldRules(wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")), set_ranks=frozenset(ranks),
    ...                   run_order=ranks, min_run=4)
    >>> two_sets = Contract((MeldRequirement(MeldKind.SET, 3), MeldRequirement(MeldKind.SET, 3)))
    >>> can_meet_contract(parse_cards("7H 7S 2D QC QD QS 4H"), two_sets, rules)
    True
    >>> can_meet_contract(parse_cards("7H 7S 2D QC QD 5S 4H"), two_sets, rules)
    False
    """
    return _Search(hand, contract, rules).can_meet()


def meld_key(meld: Meld) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The order of melds within a way and of ways in a list: by ranks, then by card indices.

    >>> from rummykit.cards import Rank, parse_cards
    >>> from rummykit.melds import read_meld
    >>> rules = MeldRules(wild_faces=frozenset(parse_cards("JK")), set_ranks=frozenset(Rank), run_order=())
    >>> meld_key(read_meld(parse_cards("5H 5D JK"), rules))
    ((5, 5, 5), (14, 13, 52))
    """
    return tuple(int(rank) for rank in meld.ranks), tuple(card.index for card in meld.cards)


# --- Implementation -------------------------------------------------------------------------------
#
# The search works on count vectors indexed by ints: ``Card.index`` (0..52) for faces and the rank's
# value (2..15) for ranks. It has two phases:
#
# 1. Shapes. A *shape* is a meld before its cards are chosen: its kind, the rank of each place and,
#    for a suited run, the suit. A depth-first search picks one shape per requirement and keeps a
#    running demand: how many places each rank has, and how many of them the hand's natural cards
#    can fill at most. The rest must be wild cards, so the search backs off as soon as the wild
#    cards cannot cover the rest, or a meld cannot get enough natural cards. ``can_meet_contract``
#    stops at the first complete set of shapes that fits.
# 2. Cards. For each fitting set of shapes, ``contract_ways`` chooses the cards meld by meld, and
#    keeps a choice only while the melds still to fill fit the cards that are left, so it never
#    builds a meld for a partial way that fails.
#
# Whether shapes fit is a flow problem: natural cards flow to the places of their rank (a suited
# run's place takes one suit only), each meld needs at least ``min_naturals`` of them (the wild-card
# limit), and wild cards fill every other place. By Gale's supply-demand theorem such a filling
# exists exactly when every group of melds can reach as many natural cards as it needs, and the
# places that no natural card can reach are no more than the wild cards. Per rank, the most natural
# cards a group of places can take is easy: suited places take their own suit first, places that
# take any suit take what is left.

_FACES: Final = (*standard_deck(), Card.of(Rank.JOKER))
"""Every face, at the position of its :attr:`Card.index`."""
_RANK_BY_VALUE: Final = {int(rank): rank for rank in Rank}
_RANK_SLOTS: Final = int(Rank.JOKER) + 1
"""Length of a vector indexed by rank value."""
_ANY_SUIT: Final = -1
_SUITS: Final = range(4)


def _faces_of_rank(rank: int) -> range:
    """The face indices of a rank value (the joker has one face)."""
    if rank == Rank.JOKER:
        return range(len(_FACES) - 1, len(_FACES))
    first = (rank - Rank.TWO) * 4
    return range(first, first + 4)


def _face_index(rank: int, suit: int) -> int:
    """The face index of a rank value and suit (a suited run's place)."""
    return (rank - Rank.TWO) * 4 + suit


class _Shape(NamedTuple):
    """A meld before its cards are chosen."""

    kind: MeldKind
    ranks: tuple[int, ...]
    """The rank value of each place (a set repeats its rank; a run goes low to high)."""
    suit: int
    """The suit of every natural card of a suited run, else ``_ANY_SUIT``."""
    min_naturals: int
    """The fewest natural cards the meld may hold (the wild-card limit)."""


class _Step(NamedTuple):
    """A contract requirement, resolved against the meld rules."""

    kind: MeldKind
    sizes: range
    """The sizes the meld may have (empty when no meld of the rules can meet the requirement)."""
    tied: bool
    """Equal to the previous requirement, so its meld may not sort before the previous one."""


class _Counts:
    """The cards of the hand not used yet, as count vectors. Searches change them and put them back."""

    __slots__ = ("by_rank", "natural", "wild", "wilds")

    def __init__(self, hand: Sequence[Card], wild_faces: frozenset[int]) -> None:
        self.natural = [0] * len(_FACES)
        """Natural cards per face index (0 at wild faces)."""
        self.by_rank = [0] * _RANK_SLOTS
        """Natural cards per rank value."""
        self.wild = [0] * len(_FACES)
        """Wild cards per face index."""
        for card in hand:
            index = card.index
            if index in wild_faces:
                self.wild[index] += 1
            else:
                self.natural[index] += 1
                self.by_rank[card.rank] += 1
        self.wilds = len(hand) - sum(self.by_rank)
        """Wild cards in all."""


class _Demand:
    """The places of some shapes, per rank, and how many of them natural cards can fill at most.

    ``add`` and ``remove`` keep the totals up to date, so a search can try a shape and take it back.
    """

    __slots__ = ("any_suit", "counts", "filled", "min_naturals", "one_suit", "places", "reach", "suited")

    def __init__(self, counts: _Counts, *, suited: bool) -> None:
        self.counts = counts
        self.suited = suited
        self.any_suit = [0] * _RANK_SLOTS
        """Places per rank value that take a natural card of any suit."""
        self.one_suit = [0] * len(_FACES)
        """Places of suited runs per face index."""
        self.reach = [0] * _RANK_SLOTS
        """The most places per rank value that natural cards can fill."""
        self.places = 0
        self.filled = 0
        """The most places natural cards can fill: the sum of ``reach``."""
        self.min_naturals = 0
        """The natural cards the shapes need at least, in all."""

    @property
    def wilds_needed(self) -> int:
        """The places no natural card can fill: each needs a wild card."""
        return self.places - self.filled

    def add(self, shape: _Shape, step: int = 1) -> None:
        """Count the places of ``shape`` (``step=-1``: take them back)."""
        self.places += step * len(shape.ranks)
        self.min_naturals += step * shape.min_naturals
        if shape.kind is MeldKind.SET:
            rank = shape.ranks[0]
            self.any_suit[rank] += step * len(shape.ranks)
            self._update(rank)
            return
        for rank in shape.ranks:
            if shape.suit == _ANY_SUIT:
                self.any_suit[rank] += step
            else:
                self.one_suit[_face_index(rank, shape.suit)] += step
            self._update(rank)

    def remove(self, shape: _Shape) -> None:
        """Take back the places of ``shape``."""
        self.add(shape, -1)

    def _update(self, rank: int) -> None:
        naturals = self.counts.by_rank[rank]
        if self.suited:
            taken = 0
            for face in _faces_of_rank(rank):
                if self.one_suit[face]:
                    taken += min(self.one_suit[face], self.counts.natural[face])
            reach = taken + min(self.any_suit[rank], naturals - taken)
        else:
            reach = min(self.any_suit[rank], naturals)
        self.filled += reach - self.reach[rank]
        self.reach[rank] = reach


class _Search:
    """One search: a hand, a contract and the meld rules, resolved into ints."""

    __slots__ = (
        "capacity",
        "counts",
        "demand",
        "hand_size",
        "limited",
        "longest_run",
        "must_use",
        "run_order",
        "set_ranks",
        "steps",
        "suited",
        "wild_ids",
    )

    def __init__(self, hand: Sequence[Card], contract: Contract, rules: MeldRules) -> None:
        wild_faces = frozenset(card.index for card in rules.wild_faces)
        self.counts = _Counts(hand, wild_faces)
        self.wild_ids = tuple(index for index in sorted(wild_faces) if self.counts.wild[index])
        """The wild faces in the hand, in card order."""
        self.hand_size = len(hand)
        self.suited = rules.suited_runs
        self.limited = rules.wilds_at_most_naturals
        self.demand = _Demand(self.counts, suited=self.suited)
        self.set_ranks = tuple(
            rank for rank in _RANK_BY_VALUE if self.counts.by_rank[rank] and _RANK_BY_VALUE[rank] in rules.set_ranks
        )
        """The rank values that may form sets and have natural cards in the hand."""
        self.run_order = tuple(int(rank) for rank in rules.run_order)
        self.longest_run = [_distinct_prefix(self.run_order[start:]) for start in range(len(self.run_order))]
        """Per start in ``run_order``: the longest run from there (a run never uses a rank twice)."""
        self.steps = _resolve(contract, rules, len(hand), max(self.longest_run, default=0))
        leftover = contract.max_leftover
        self.must_use = 0 if leftover is None else len(hand) - leftover
        """The fewest cards the melds must use."""
        self.capacity = self._capacity() if any(len(step.sizes) > 1 for step in self.steps) else []
        """Per step, when sizes vary: how many places per rank value it and the later steps can add."""

    # --- Public answers -------------------------------------------------------------------------

    def can_meet(self) -> bool:
        """Whether some shapes fit (phase 1 only)."""
        return self._possible() and next(self._shapes([]), None) is not None

    def ways(self) -> list[tuple[Meld, ...]]:
        """Every way, sorted (phase 1, then phase 2 for each fitting set of shapes)."""
        if not self._possible():
            return []
        found: list[tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[Meld, ...]]] = []
        built: dict[tuple[MeldKind, tuple[int, ...]], Meld] = {}
        for shapes in list(self._shapes([])):
            for cards in self._fillings(shapes, []):
                key = tuple(zip((shape.ranks for shape in shapes), cards, strict=True))
                melds = tuple(_meld(shape, ids, built) for shape, ids in zip(shapes, cards, strict=True))
                found.append((key, melds))
        found.sort(key=lambda item: item[0])
        return [melds for _, melds in found]

    # --- Phase 1: shapes ------------------------------------------------------------------------

    def _possible(self) -> bool:
        """Quick refusals: a requirement no meld can meet, or too few or too many cards in hand."""
        if any(not step.sizes for step in self.steps):
            return False
        smallest = sum(step.sizes[0] for step in self.steps)
        largest = sum(step.sizes[-1] for step in self.steps)
        return smallest <= self.hand_size and largest >= self.must_use and self._may_use_enough(0)

    def _shapes(self, chosen: list[_Shape]) -> Iterator[tuple[_Shape, ...]]:
        """Every fitting choice of shapes that extends ``chosen`` (one shape per step so far)."""
        depth = len(chosen)
        if depth == len(self.steps):
            if self.demand.places >= self.must_use and (depth < 3 or self._fits(chosen)):
                yield tuple(chosen)
            return
        step = self.steps[depth]
        floor = chosen[-1].ranks if step.tied else ()
        candidates = self._set_shapes(step, floor) if step.kind is MeldKind.SET else self._run_shapes(step, floor)
        demand = self.demand
        for shape in candidates:
            if demand.min_naturals > demand.filled or not self._may_use_enough(depth + 1):
                continue
            chosen.append(shape)
            yield from self._shapes(chosen)
            chosen.pop()

    def _set_shapes(self, step: _Step, floor: tuple[int, ...]) -> Iterator[_Shape]:
        """Each set shape for ``step`` that fits with the shapes placed so far; placed while yielded."""
        for rank in self.set_ranks:
            naturals = self.counts.by_rank[rank]
            for size in step.sizes:
                need = self._min_naturals(size)
                if naturals < need:
                    break  # a larger set needs even more natural cards
                ranks = (rank,) * size
                if ranks < floor:
                    continue
                shape = _Shape(MeldKind.SET, ranks, _ANY_SUIT, need)
                if not self._try(shape):
                    break  # a larger set needs even more wild cards
                yield shape
                self.demand.remove(shape)

    def _run_shapes(self, step: _Step, floor: tuple[int, ...]) -> Iterator[_Shape]:
        """Each run shape for ``step`` that fits with the shapes placed so far; placed while yielded."""
        suits = _SUITS if self.suited else (_ANY_SUIT,)
        for start, longest in enumerate(self.longest_run):
            for suit in suits:
                for size in step.sizes:
                    if size > longest:
                        break
                    ranks = self.run_order[start : start + size]
                    if ranks < floor:
                        continue
                    need = self._min_naturals(size)
                    if self._run_naturals(ranks, suit) < need:
                        continue
                    shape = _Shape(MeldKind.RUN, ranks, suit, need)
                    if not self._try(shape):
                        break  # a longer run needs even more wild cards
                    yield shape
                    self.demand.remove(shape)

    def _try(self, shape: _Shape) -> bool:
        """Place ``shape`` if the wild cards can still fill what natural cards cannot."""
        demand = self.demand
        demand.add(shape)
        if demand.wilds_needed > self.counts.wilds:
            demand.remove(shape)
            return False
        return True

    def _min_naturals(self, size: int) -> int:
        return (size + 1) // 2 if self.limited else 1

    def _run_naturals(self, ranks: tuple[int, ...], suit: int) -> int:
        """How many places of a run a natural card could fill, ignoring the other melds."""
        if suit == _ANY_SUIT:
            by_rank = self.counts.by_rank
            return sum(1 for rank in ranks if by_rank[rank])
        natural = self.counts.natural
        return sum(1 for rank in ranks if natural[_face_index(rank, suit)])

    def _may_use_enough(self, depth: int) -> bool:
        """Whether the steps from ``depth`` on can still bring the melds to ``must_use`` cards.

        Only needed when sizes vary (with exact sizes, :meth:`_possible` has checked the total).
        """
        if not self.capacity or self.must_use <= 0:
            return True
        capacity = self.capacity[depth]
        by_rank, reach = self.counts.by_rank, self.demand.reach
        more = sum(min(by_rank[rank] - reach[rank], capacity[rank]) for rank in range(_RANK_SLOTS))
        return self.demand.filled + more + self.counts.wilds >= self.must_use

    def _capacity(self) -> list[list[int]]:
        capacity = [[0] * _RANK_SLOTS]
        run_ranks = set(self.run_order)
        for step in reversed(self.steps):
            later = list(capacity[0])
            for rank in range(_RANK_SLOTS):
                if step.kind is MeldKind.RUN and rank in run_ranks:
                    later[rank] += 1
                elif step.kind is MeldKind.SET and rank in self.set_ranks:
                    later[rank] += step.sizes[-1]
            capacity.insert(0, later)
        return capacity

    def _fits(self, shapes: Sequence[_Shape]) -> bool:
        """Whether the unused cards can fill ``shapes`` together (see the flow note above)."""
        counts = self.counts
        for size in range(1, len(shapes) + 1):
            for group in itertools.combinations(shapes, size):
                demand = _Demand(counts, suited=self.suited)
                for shape in group:
                    demand.add(shape)
                if demand.min_naturals > demand.filled:
                    return False
                if size == len(shapes) and demand.wilds_needed > counts.wilds:
                    return False
        return True

    # --- Phase 2: cards -------------------------------------------------------------------------

    def _fillings(
        self, shapes: tuple[_Shape, ...], chosen: list[tuple[int, ...]]
    ) -> Iterator[tuple[tuple[int, ...], ...]]:
        """Every choice of face indices for ``shapes`` that extends ``chosen``."""
        depth = len(chosen)
        if depth == len(shapes):
            yield tuple(chosen)
            return
        shape = shapes[depth]
        tied = self.steps[depth].tied and shapes[depth - 1].ranks == shape.ranks
        floor = chosen[-1] if tied else ()
        later = shapes[depth + 1 :]
        cards_of = self._set_cards if shape.kind is MeldKind.SET else self._run_cards
        for cards in cards_of(shape):
            if cards < floor or (later and not self._fits(later)):
                continue
            chosen.append(cards)
            yield from self._fillings(shapes, chosen)
            chosen.pop()

    def _set_cards(self, shape: _Shape) -> Iterator[tuple[int, ...]]:
        """Each choice of cards for a set shape: natural cards, then wild cards, each in card order."""
        counts = self.counts
        rank, size = shape.ranks[0], len(shape.ranks)
        for naturals in range(min(size, counts.by_rank[rank]), shape.min_naturals - 1, -1):
            wilds = size - naturals
            if wilds > counts.wilds:
                break
            counts.by_rank[rank] -= naturals
            counts.wilds -= wilds
            for natural_ids in _multisets(counts.natural, _faces_of_rank(rank), naturals):
                for wild_ids in _multisets(counts.wild, self.wild_ids, wilds):
                    yield natural_ids + wild_ids
            counts.by_rank[rank] += naturals
            counts.wilds += wilds

    def _run_cards(self, shape: _Shape) -> Iterator[tuple[int, ...]]:
        """Each choice of cards for a run shape, place by place from low to high."""
        yield from self._run_places(shape, [], len(shape.ranks) - shape.min_naturals)

    def _run_places(self, shape: _Shape, picked: list[int], wilds_allowed: int) -> Iterator[tuple[int, ...]]:
        place = len(picked)
        if place == len(shape.ranks):
            yield tuple(picked)
            return
        counts = self.counts
        rank = shape.ranks[place]
        faces = _faces_of_rank(rank) if shape.suit == _ANY_SUIT else (_face_index(rank, shape.suit),)
        for face in faces:
            if counts.natural[face]:
                counts.natural[face] -= 1
                counts.by_rank[rank] -= 1
                picked.append(face)
                yield from self._run_places(shape, picked, wilds_allowed)
                picked.pop()
                counts.natural[face] += 1
                counts.by_rank[rank] += 1
        if wilds_allowed:
            for face in self.wild_ids:
                if counts.wild[face]:
                    counts.wild[face] -= 1
                    counts.wilds -= 1
                    picked.append(face)
                    yield from self._run_places(shape, picked, wilds_allowed - 1)
                    picked.pop()
                    counts.wild[face] += 1
                    counts.wilds += 1


def _resolve(contract: Contract, rules: MeldRules, hand_size: int, longest_run: int) -> tuple[_Step, ...]:
    """The contract's requirements as steps: the sizes each may take under ``rules``."""
    steps = []
    previous = None
    for requirement in contract.melds:
        if requirement.kind is MeldKind.SET:
            low, high = rules.min_set, hand_size if rules.max_set is None else rules.max_set
        else:
            low, high = rules.min_run, longest_run
        low = max(low, 1)
        if not requirement.exact:
            sizes = range(max(requirement.size, low), high + 1)
        elif low <= requirement.size <= high:
            sizes = range(requirement.size, requirement.size + 1)
        else:
            sizes = range(0)
        steps.append(_Step(requirement.kind, sizes, requirement == previous))
        previous = requirement
    return tuple(steps)


def _distinct_prefix(ranks: Sequence[int]) -> int:
    """How many of ``ranks``, from the first, are all different."""
    seen: set[int] = set()
    for rank in ranks:
        if rank in seen:
            break
        seen.add(rank)
    return len(seen)


def _multisets(counts: list[int], faces: Sequence[int], size: int, first: int = 0) -> Iterator[tuple[int, ...]]:
    """Each multiset of ``size`` faces from ``faces[first:]`` within ``counts``, in card order.

    The chosen cards are taken out of ``counts`` while a multiset is yielded, and put back after.
    """
    if size == 0:
        yield ()
        return
    for position in range(first, len(faces)):
        face = faces[position]
        if counts[face]:
            counts[face] -= 1
            for rest in _multisets(counts, faces, size - 1, position):
                yield (face, *rest)
            counts[face] += 1


def _meld(shape: _Shape, ids: tuple[int, ...], built: dict[tuple[MeldKind, tuple[int, ...]], Meld]) -> Meld:
    """The meld of ``shape`` filled with the faces ``ids`` (built once per search)."""
    meld = built.get((shape.kind, ids))
    if meld is None:
        cards = tuple(_FACES[index] for index in ids)
        meld = Meld(shape.kind, cards, tuple(_RANK_BY_VALUE[rank] for rank in shape.ranks))
        built[shape.kind, ids] = meld
    return meld
