"""The contract solver: can a hand meet a contract, and every distinct way it can.

A [`Contract`][rummykit.core.solver.Contract] lists the melds a player must lay down (RailRoad Rummy's "1 set
+ 1 run") and how many cards may stay in hand. [`contract_ways`][rummykit.core.solver.contract_ways] lists
every distinct way a hand meets it: which cards form which meld, in order, and the rank each wild card
stands for.

This is the hot path of legal-action generation: it works on count vectors, not card objects. A
[`ContractSolver`][rummykit.core.solver.ContractSolver] prepares a contract and meld rules once (a game
builds one per round) and then answers for many hands; the two functions prepare one per call.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, NamedTuple

import attrs

from rummykit.core.cards import Card, Rank, standard_deck
from rummykit.core.melds import Meld, MeldKind, MeldRules

__all__ = [
    "Contract",
    "ContractSolver",
    "MeldRequirement",
    "can_meet_contract",
    "contract_ways",
    "meld_key",
    "multisets",
]


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
    [`read_meld`][rummykit.core.melds.read_meld] reads from its cards (as the requirement's kind); the melds
    use different cards of the hand, and at most ``contract.max_leftover`` cards stay unused.

    Ways are canonical, so equal ways compare equal: a set lists its natural cards in card order, then
    its wild cards in card order; a run lists its cards from low to high, so a wild card standing for
    another rank makes another way. Where consecutive requirements are equal, their melds are in
    non-decreasing [`meld_key`][rummykit.core.solver.meld_key] order, so the same melds are never listed
    twice in another order. The list is sorted by the [`meld_key`][rummykit.core.solver.meld_key] of the
    first meld, then of the second, and so on.

    Examples:
        >>> from rummykit.core.cards import Rank, parse_cards
        >>> ranks = tuple(Rank)[1:13]  # 3 to A
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")), set_ranks=frozenset(ranks),
        ...                   run_order=ranks, min_run=4)
        >>> contract = Contract((MeldRequirement(MeldKind.SET, 3), MeldRequirement(MeldKind.RUN, 4)))
        >>> for way in contract_ways(parse_cards("5H 5D 5S JK 8S 9S 10S"), contract, rules):
        ...     print(" | ".join(str(meld) for meld in way))
        5D 5H 5S | JK(7) 8S 9S 10S
        5D 5H 5S | 8S 9S 10S JK(J)
    """
    return ContractSolver(contract, rules).ways(hand)


def can_meet_contract(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> bool:
    """Whether ``hand`` meets ``contract`` at all: ``bool(contract_ways(hand, contract, rules))``, but faster.

    It looks only for the shapes of the melds (their ranks, and how many places wild cards must
    fill), never for the cards that fill them, and stops at the first shapes that fit.

    Examples:
        >>> from rummykit.core.cards import Rank, parse_cards
        >>> ranks = tuple(Rank)[1:13]  # 3 to A
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")), set_ranks=frozenset(ranks),
        ...                   run_order=ranks, min_run=4)
        >>> two_sets = Contract((MeldRequirement(MeldKind.SET, 3), MeldRequirement(MeldKind.SET, 3)))
        >>> can_meet_contract(parse_cards("7H 7S 2D QC QD QS 4H"), two_sets, rules)
        True
        >>> can_meet_contract(parse_cards("7H 7S 2D QC QD 5S 4H"), two_sets, rules)
        False
    """
    return ContractSolver(contract, rules).can_meet(hand)


def meld_key(meld: Meld) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The order of melds within a way, and of ways in a list: by ranks, then by card indices.

    Examples:
        >>> from rummykit.core.cards import Rank, parse_cards
        >>> from rummykit.core.melds import read_meld
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("JK")), set_ranks=frozenset(Rank), run_order=())
        >>> meld_key(read_meld(parse_cards("5H 5D JK"), rules))
        ((5, 5, 5), (14, 13, 52))
    """
    return tuple(int(rank) for rank in meld.ranks), tuple(card.index for card in meld.cards)


class ContractSolver:
    """A contract under meld rules, prepared once to answer for many hands.

    [`contract_ways`][rummykit.core.solver.contract_ways] and
    [`can_meet_contract`][rummykit.core.solver.can_meet_contract] prepare one per call. A game that asks
    about many hands under the same contract (legal-action generation, bots) builds one per round
    instead.

    Examples:
        >>> from rummykit.core.cards import Rank, parse_cards
        >>> ranks = tuple(Rank)[1:13]  # 3 to A
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")), set_ranks=frozenset(ranks),
        ...                   run_order=ranks, min_run=4)
        >>> solver = ContractSolver(Contract((MeldRequirement(MeldKind.RUN, 4),) * 2), rules)
        >>> solver.can_meet(parse_cards("3H 4H 5H 6H 9C 10C JC 2S"))
        True
        >>> [" | ".join(str(meld) for meld in way) for way in solver.ways(parse_cards("3H 4H 5H 6H 9C 10C JC 2S"))]
        ['3H 4H 5H 6H | 2S(8) 9C 10C JC', '3H 4H 5H 6H | 9C 10C JC 2S(Q)']
    """

    __slots__ = ("_tables", "contract", "rules")

    def __init__(self, contract: Contract, rules: MeldRules) -> None:
        self.contract = contract
        self.rules = rules
        self._tables = _Tables(contract, rules)

    def ways(self, hand: Sequence[Card]) -> list[tuple[Meld, ...]]:
        """Every distinct way ``hand`` meets the contract (see
        [`contract_ways`][rummykit.core.solver.contract_ways])."""
        return _Search(self._tables, hand).ways()

    def can_meet(self, hand: Sequence[Card]) -> bool:
        """Whether ``hand`` meets the contract (see [`can_meet_contract`][rummykit.core.solver.can_meet_contract])."""
        return _Search(self._tables, hand).can_meet()

    def __repr__(self) -> str:
        return f"ContractSolver({self.contract!r}, {self.rules!r})"


# --- Implementation -------------------------------------------------------------------------------
#
# The search works on count vectors and bit masks indexed by ints: ``Card.index`` (0..52) for faces,
# the rank's value (2..15) for ranks (a mask has bit ``1 << rank``). ``_Tables`` holds what depends
# only on the contract and the rules; ``_Search`` holds one hand. The search has two phases:
#
# 1. Shapes. A *shape* is a meld before its cards are chosen: its kind, the rank of each place and,
#    for a suited run, the suit. A depth-first search picks one shape per requirement and keeps a
#    running demand: how many places each rank has, and how many of them the hand's natural cards
#    can fill at most. Wild cards must fill the rest, so the search backs off as soon as they cannot
#    (counting what the requirements still to place will need at least), as soon as a meld cannot
#    get enough natural cards, or, when most cards must be used, as soon as too many natural cards
#    have no place left to go. ``can_meet_contract`` stops at the first shapes that fit.
# 2. Cards. For each fitting choice of shapes, ``contract_ways`` chooses the cards meld by meld
#    (within bounds that keep the later melds fillable, ``_Room``) and keeps a choice only if the
#    melds still to fill fit the cards that are left. So every meld it builds is part of a way.
#
# Whether shapes fit is a flow problem: natural cards flow to the places of their rank (a suited
# run's place takes one suit only), each meld needs at least ``min_naturals`` of them (the wild-card
# limit), and wild cards fill every other place. By Gale's supply-demand theorem such a filling
# exists exactly when every group of melds can reach as many natural cards as it needs, and the
# places that no natural card can reach are no more than the wild cards. Per rank, the most natural
# cards a group of places can take is easy: suited places take their own suit first, places that
# take any suit take what is left. Only groups of melds that share ranks need a check of their own.

_FACES: Final = (*standard_deck(), Card.of(Rank.JOKER))
"""Every face, at the position of its `Card.index`."""
_RANK_BY_VALUE: Final = {int(rank): rank for rank in Rank}
_RANK_SLOTS: Final = int(Rank.JOKER) + 1
"""Length of a vector indexed by rank value."""
_ANY_SUIT: Final = -1
_SUITS: Final = range(4)
_MANY: Final = 1 << 30
"""More than any hand: a size or a capacity with no limit."""

_MeldKey = tuple[tuple[int, ...], tuple[int, ...]]
"""A meld's [`meld_key`][rummykit.core.solver.meld_key]: the rank values of its places, then the indices of its
cards."""
_WayKey = tuple[_MeldKey, ...]


def _faces_of_rank(rank: int) -> range:
    """The face indices of a rank value (the joker has one face)."""
    if rank == Rank.JOKER:
        return range(len(_FACES) - 1, len(_FACES))
    first = (rank - Rank.TWO) * 4
    return range(first, first + 4)


_RANK_OF_FACE: Final = tuple(int(card.rank) for card in _FACES)
"""The rank value of each face index."""
_RANK_FACES: Final = tuple(range(0) if rank < Rank.TWO else _faces_of_rank(rank) for rank in range(_RANK_SLOTS))
"""The face indices per rank value."""


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
    mask: int
    """The ranks of the places as a bit mask (``1 << rank``)."""


class _Room(NamedTuple):
    """What a meld may take of the unused cards in phase 2, so that the later melds can still be filled.

    Bounds, not the answer: `_Search._fits` decides after the meld's cards are chosen.
    """

    wilds: int
    """The most wild cards it may take: the later melds need some, whatever it takes."""
    idle: int
    """The most natural cards it may leave idle, by taking a wild card instead: a natural card no
    later meld has a place for stays in hand, and only so many cards may (the shapes say how many)."""
    later: list[int]
    """The places of the later melds, per rank value."""


class _Step(NamedTuple):
    """A contract requirement, resolved against the meld rules."""

    kind: MeldKind
    low: int
    high: int
    """The largest size the rules allow (``_MANY``: no limit but the hand)."""
    tied: bool
    """Equal to the previous requirement, so its meld may not sort before the previous one."""


class _Tables:
    """A contract and meld rules as ints and bit masks, built once and shared by every search."""

    __slots__ = (
        "covers",
        "highs_after",
        "leasts",
        "longest_runs",
        "lows_after",
        "max_leftover",
        "meld_rules",
        "possible",
        "run_bits",
        "run_order",
        "set_ranks",
        "steps",
        "suited",
        "uses_enough",
        "wild_faces",
        "wild_order",
        "windows",
    )

    def __init__(self, contract: Contract, rules: MeldRules) -> None:
        self.wild_faces = frozenset(card.index for card in rules.wild_faces)
        self.wild_order = tuple(sorted(self.wild_faces))
        self.set_ranks = tuple(sorted(int(rank) for rank in rules.set_ranks))
        self.run_order = tuple(int(rank) for rank in rules.run_order)
        self.longest_runs = _longest_runs(self.run_order)
        """Per start in ``run_order``: the most places a run from there may have."""
        self.run_bits = tuple(itertools.accumulate((1 << rank for rank in self.run_order), operator.xor, initial=0))
        """Cumulative bits of ``run_order``: see `window`."""
        self.suited = rules.suited_runs
        self.meld_rules = rules
        self.max_leftover = contract.max_leftover
        self.steps = _resolve(contract, rules, max(self.longest_runs, default=0))
        self.possible = all(step.low <= step.high for step in self.steps)
        """False if some requirement asks for a meld the rules never allow."""
        self.lows_after = _sums_after(step.low for step in self.steps)
        """Per depth: the smallest sizes of the later steps, added up."""
        self.highs_after = _sums_after(step.high for step in self.steps)
        """Per depth: the largest sizes of the later steps, added up (``_MANY`` or more: no limit)."""
        self.windows: dict[int, tuple[int, ...]] = {}
        """Cache of `windows_of` (like `covers`, filled on first use)."""
        varies = any(step.low < step.high for step in self.steps)
        self.uses_enough = varies and contract.max_leftover is not None
        """Whether the search must check that the melds can still use enough cards (with exact
        sizes, the sizes alone say how many cards stay in hand)."""
        self.covers: dict[tuple[int, int], int] = {}
        """Cache of `cover`."""
        self.leasts: dict[int, tuple[int, ...]] = {}
        """Cache of `least_of`."""

    def min_naturals(self, size: int, rank: int | None = None) -> int:
        """The fewest natural cards of a meld of ``size`` cards (a set of rank value ``rank``):
        [`MeldRules.least_naturals`][rummykit.core.melds.MeldRules.least_naturals]."""
        return self.least_of(size)[0 if rank is None else rank]

    def least_of(self, size: int) -> tuple[int, ...]:
        """`min_naturals` of every meld of ``size`` cards, read once: a run's at 0, a set's at its rank value
        (the search asks them for every shape it tries)."""
        found = self.leasts.get(size)
        if found is None:
            rules = self.meld_rules
            any_meld = rules.least_naturals(size)
            found = self.leasts[size] = tuple(  # rank values start at 2: slot 0 is free for a run's
                rules.least_naturals(size, _RANK_BY_VALUE[value]) if value in _RANK_BY_VALUE else any_meld
                for value in range(_RANK_SLOTS)
            )
        return found

    def window(self, start: int, size: int) -> int:
        """The ranks of the run of ``size`` places from ``start`` in ``run_order``, as a bit mask."""
        # The ranks of a run are all different, so the exclusive or of their bits is their union.
        return self.run_bits[start + size] ^ self.run_bits[start]

    def cover_after(self, depth: int, lowest: int) -> int:
        """The ranks the melds for the steps from ``depth`` on may hold, as a bit mask, if the step
        before ``depth`` got a meld whose first rank is ``lowest`` (see `cover`)."""
        key = (-1 - depth, lowest)  # shares the cache of ``cover``
        mask = self.covers.get(key)
        if mask is None:
            mask = 0
            chained = True
            for index in range(depth, len(self.steps)):
                chained = chained and self.steps[index].tied
                mask |= self.cover(index, lowest if chained else 0)
            self.covers[key] = mask
        return mask

    def windows_of(self, size: int) -> tuple[int, ...]:
        """The ranks of each run of ``size`` places, as bit masks."""
        windows = self.windows.get(size)
        if windows is None:
            starts = range(len(self.run_order))
            windows = self.windows[size] = tuple(
                self.window(start, size) for start in starts if self.longest_runs[start] >= size
            )
        return windows

    def cover(self, index: int, lowest: int) -> int:
        """The ranks a meld for step ``index`` may hold, if its first rank is ``lowest`` or more, as a bit mask.

        Melds for equal steps are placed in order, so a meld whose first rank is ``lowest`` rules
        out smaller first ranks for the melds of the equal steps after it.
        """
        key = (index, lowest)
        mask = self.covers.get(key)
        if mask is None:
            step = self.steps[index]
            if step.kind == MeldKind.SET:
                mask = _union(1 << rank for rank in self.set_ranks if rank >= lowest)
            else:
                starts = zip(self.run_order, self.longest_runs, strict=True)
                mask = _union(
                    self.window(start, longest)
                    for start, (first, longest) in enumerate(starts)
                    if first >= lowest and longest >= step.low
                )
            self.covers[key] = mask
        return mask


class _Counts:
    """The cards of a hand not used yet, as count vectors. Searches change them and put them back."""

    __slots__ = ("by_rank", "natural", "wild", "wilds")

    def __init__(self, hand: Sequence[Card], wild_faces: frozenset[int]) -> None:
        self.natural = natural = [0] * len(_FACES)
        """Natural cards per face index (0 at wild faces)."""
        self.by_rank = by_rank = [0] * _RANK_SLOTS
        """Natural cards per rank value."""
        self.wild = wild = [0] * len(_FACES)
        """Wild cards per face index."""
        wilds = 0
        for card in hand:
            index = card.index
            if index in wild_faces:
                wild[index] += 1
                wilds += 1
            else:
                natural[index] += 1
                by_rank[_RANK_OF_FACE[index]] += 1
        self.wilds = wilds
        """Wild cards in all."""

    def ranks(self) -> Iterator[int]:
        """The rank values of the natural cards."""
        return (rank for rank, count in enumerate(self.by_rank) if count)


class _Demand:
    """The places of some shapes, per rank, and how many of them natural cards can fill at most.

    ``add`` and ``remove`` keep the totals up to date, so a search can try a shape and take it back.
    """

    __slots__ = (
        "any_suit",
        "counts",
        "filled",
        "min_naturals",
        "one_suit",
        "places",
        "reach",
        "suited",
        "unreached",
    )

    def __init__(self, counts: _Counts, *, suited: bool, unreached: int = 0) -> None:
        self.counts = counts
        self.suited = suited
        self.any_suit = [0] * _RANK_SLOTS
        """Places per rank value that take a natural card of any suit."""
        self.one_suit = [0] * len(_FACES)
        """Places of suited runs per face index."""
        self.reach = [0] * _RANK_SLOTS
        """The most places per rank value that natural cards can fill."""
        self.unreached = unreached
        """Bit mask of the ranks with a natural card that no place can take yet. It starts as the
        ``unreached`` given: the ranks of the natural cards, or 0 for a demand that never asks."""
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
        if shape.kind == MeldKind.SET:
            rank = shape.ranks[0]
            self.any_suit[rank] += step * len(shape.ranks)
            self._update(rank)
        elif shape.suit != _ANY_SUIT:
            for rank in shape.ranks:
                self.one_suit[_face_index(rank, shape.suit)] += step
                self._update(rank)
        elif not self.suited:
            self._add_run_places(shape.ranks, step)
        else:
            for rank in shape.ranks:
                self.any_suit[rank] += step
                self._update(rank)

    def _add_run_places(self, ranks: tuple[int, ...], step: int) -> None:
        """`_update` for each place of an unsuited run, written out: the hottest loop of the search."""
        any_suit, reach, naturals = self.any_suit, self.reach, self.counts.by_rank
        filled, unreached = self.filled, self.unreached
        for rank in ranks:
            places = any_suit[rank] + step
            any_suit[rank] = places
            new = places if places < naturals[rank] else naturals[rank]
            filled += new - reach[rank]
            reach[rank] = new
            if new < naturals[rank]:
                unreached |= 1 << rank
            else:
                unreached &= ~(1 << rank)
        self.filled, self.unreached = filled, unreached

    def remove(self, shape: _Shape) -> None:
        """Take back the places of ``shape``."""
        self.add(shape, -1)

    def _update(self, rank: int) -> None:
        naturals = self.counts.by_rank[rank]
        if self.suited:
            taken = 0
            for face in _RANK_FACES[rank]:
                if self.one_suit[face]:
                    taken += min(self.one_suit[face], self.counts.natural[face])
            reach = taken + min(self.any_suit[rank], naturals - taken)
        else:
            reach = min(self.any_suit[rank], naturals)
        self.filled += reach - self.reach[rank]
        self.reach[rank] = reach
        if reach < naturals:
            self.unreached |= 1 << rank
        else:
            self.unreached &= ~(1 << rank)


class _Search:
    """The search for one hand."""

    __slots__ = (
        "built",
        "counts",
        "demand",
        "found",
        "hand_size",
        "must_use",
        "natural_ranks",
        "run_suits",
        "set_ranks",
        "tables",
        "wild_ids",
    )

    def __init__(self, tables: _Tables, hand: Sequence[Card]) -> None:
        self.tables = tables
        self.counts = counts = _Counts(hand, tables.wild_faces)
        by_rank = counts.by_rank
        natural_ranks = tuple(rank for rank in range(_RANK_SLOTS) if by_rank[rank])
        unreached = 0
        for rank in natural_ranks:
            unreached |= 1 << rank
        self.demand = _Demand(counts, suited=tables.suited, unreached=unreached)
        self.hand_size = len(hand)
        self.must_use = 0 if tables.max_leftover is None else len(hand) - tables.max_leftover
        """The fewest cards the melds must use."""
        self.wild_ids = tuple(face for face in tables.wild_order if counts.wild[face])
        """The wild faces in the hand, in card order."""
        self.natural_ranks = natural_ranks
        """The ranks of the natural cards in the hand."""
        self.set_ranks = tuple(rank for rank in tables.set_ranks if by_rank[rank])
        """The ranks that may form sets and have natural cards in the hand."""
        self.run_suits = self._run_suits()
        """``(suit, bit mask of the ranks with a natural card of that suit)`` for each suit a run may take."""
        self.found: list[tuple[_WayKey, tuple[Meld, ...]]] = []
        """The ways found, each with its key."""
        self.built: dict[tuple[MeldKind, tuple[int, ...]], Meld] = {}
        """The melds built so far, by kind and card indices: each is built once, however many ways hold it."""

    def _run_suits(self) -> tuple[tuple[int, int], ...]:
        if not self.tables.suited:
            return ((_ANY_SUIT, self.demand.unreached),)
        natural = self.counts.natural
        suits = []
        for suit in _SUITS:
            mask = _union(1 << rank for rank in self.tables.run_order if natural[_face_index(rank, suit)])
            if mask:
                suits.append((suit, mask))
        return tuple(suits)

    # --- Answers --------------------------------------------------------------------------------

    def can_meet(self) -> bool:
        """Whether some shapes fit (phase 1 only)."""
        return self._possible() and next(self._shapes([]), None) is not None

    def ways(self) -> list[tuple[Meld, ...]]:
        """Every way, sorted by meld keys (phase 1, then phase 2 for each fitting choice of shapes)."""
        if not self._possible():
            return []
        for shapes in list(self._shapes([])):
            if shapes:
                self._fill(shapes, [], [])
            else:
                self.found.append(((), ()))  # an empty contract
        self.found.sort(key=_first)
        return [melds for _, melds in self.found]

    # --- Phase 1: shapes ------------------------------------------------------------------------

    def _possible(self) -> bool:
        """Quick refusals: a requirement no meld can meet, or too few or too many cards in hand."""
        if not self.tables.possible or (self.tables.steps and not self._sizes(0)):
            return False
        return self._may_use_enough(0, 0)

    def _shapes(self, chosen: list[_Shape]) -> Iterator[tuple[_Shape, ...]]:
        """Every fitting choice of shapes that extends ``chosen`` (one shape per step so far)."""
        depth = len(chosen)
        steps = self.tables.steps
        if depth == len(steps):
            if self.demand.places >= self.must_use and (depth < 3 or self._all_groups_fit(chosen)):
                yield tuple(chosen)
            return
        spare = self.counts.wilds - self.demand.wilds_needed
        if sum(self._fewest_wilds(step) for step in steps[depth + 1 :]) > spare:
            return
        step = steps[depth]
        sizes = self._sizes(depth)
        floor = chosen[-1].ranks if step.tied else ()
        if step.kind == MeldKind.SET:
            candidates = self._set_shapes(depth, sizes, floor, spare)
        else:
            candidates = self._run_shapes(depth, sizes, floor, spare)
        demand = self.demand
        for shape in candidates:
            if demand.min_naturals > demand.filled or not self._may_use_enough(depth + 1, shape.ranks[0]):
                continue
            chosen.append(shape)
            yield from self._shapes(chosen)
            chosen.pop()

    def _set_shapes(self, depth: int, sizes: range, floor: tuple[int, ...], spare: int) -> Iterator[_Shape]:
        """Each set shape for step ``depth`` that fits with the shapes placed so far, placed while it is yielded.

        ``spare``: the wild cards that the shapes placed so far leave free.
        """
        by_rank, reach = self.counts.by_rank, self.demand.reach
        for rank in self.set_ranks:
            if self._strands(depth, rank, 1 << rank):
                continue
            naturals = by_rank[rank]
            free = naturals - reach[rank]
            for size in sizes:
                need = self.tables.min_naturals(size, rank)
                if naturals < need or size - free > spare:
                    break  # a larger set needs even more natural cards, or wild cards
                ranks = (rank,) * size
                if ranks < floor:
                    continue
                shape = _Shape(MeldKind.SET, ranks, _ANY_SUIT, need, 1 << rank)
                if not self._try(shape):
                    break
                yield shape
                self.demand.remove(shape)

    def _run_shapes(self, depth: int, sizes: range, floor: tuple[int, ...], spare: int) -> Iterator[_Shape]:
        """Each run shape for step ``depth`` that fits with the shapes placed so far, placed while it is yielded.

        ``spare``: the wild cards that the shapes placed so far leave free.
        """
        tables = self.tables
        unreached = self.demand.unreached
        for start, longest in enumerate(tables.longest_runs):
            first = tables.run_order[start]
            for suit, naturals in self.run_suits:
                for size in sizes:
                    if size > longest:
                        break
                    window = tables.window(start, size)
                    if size - (unreached & naturals & window).bit_count() > spare:
                        break  # a longer run needs even more wild cards
                    need = tables.min_naturals(size)
                    ranks = tables.run_order[start : start + size]
                    if (naturals & window).bit_count() < need or ranks < floor or self._strands(depth, first, window):
                        continue
                    shape = _Shape(MeldKind.RUN, ranks, suit, need, window)
                    if not self._try(shape):
                        break
                    yield shape
                    self.demand.remove(shape)

    def _sizes(self, depth: int) -> range:
        """The sizes the meld of step ``depth`` may have, given the cards the melds must and can use."""
        tables = self.tables
        step, placed = tables.steps[depth], self.demand.places
        most = self.hand_size - placed - tables.lows_after[depth]
        least = self.must_use - placed - tables.highs_after[depth]
        return range(max(step.low, least), min(step.high, most) + 1)

    def _try(self, shape: _Shape) -> bool:
        """Place ``shape`` if the wild cards can still fill what natural cards cannot."""
        demand = self.demand
        demand.add(shape)
        if demand.wilds_needed > self.counts.wilds:
            demand.remove(shape)
            return False
        return True

    def _fewest_wilds(self, step: _Step) -> int:
        """The fewest wild cards a meld for ``step`` needs beyond the shapes placed so far (``_MANY``: none fits).

        A bound, not the answer: each step is counted as if it were the only one still to place, at
        its smallest size (a larger meld holds a smaller one, which needs no more wild cards).
        """
        by_rank, reach, unreached = self.counts.by_rank, self.demand.reach, self.demand.unreached
        size = step.low
        need = self.tables.min_naturals(size)
        best = -1
        if step.kind == MeldKind.SET:
            least = self.tables.least_of(size)
            for rank in self.set_ranks:
                if by_rank[rank] >= least[rank]:  # a larger set needs even more
                    best = max(best, by_rank[rank] - reach[rank])
        else:
            # A longer run may hold enough natural cards where its first ``size`` places do not.
            need = need if step.high == size else 0
            for window in self.tables.windows_of(size):
                for _, naturals in self.run_suits:
                    if (naturals & window).bit_count() >= need:
                        best = max(best, (unreached & naturals & window).bit_count())
        return _MANY if best < 0 else max(size - best, 0)

    def _strands(self, depth: int, lowest: int, ranks: int) -> bool:
        """Whether a meld for step ``depth`` over ``ranks`` (a bit mask; its first rank ``lowest``) would
        leave more ranks with natural cards that no meld can take than cards may stay in hand.

        A quick test with bit masks, before `_may_use_enough` counts the cards.
        """
        if not self.tables.uses_enough or self.must_use <= 0:
            return False
        stranded = self.demand.unreached & ~ranks & ~self.tables.cover_after(depth + 1, lowest)
        return stranded.bit_count() > self.hand_size - self.must_use

    def _may_use_enough(self, depth: int, lowest: int) -> bool:
        """Whether the steps from ``depth`` on can still bring the melds to ``must_use`` cards.

        A natural card that no place can take yet stays in hand unless a later step takes it: a
        set takes as many of its rank as its size, a run one of each rank it may cover. Steps equal
        to the last one placed, whose first rank was ``lowest``, have no rank below it.
        """
        if not self.tables.uses_enough or self.must_use <= 0:
            return True
        steps = self.tables.steps
        later = []
        chained = True
        for index in range(depth, len(steps)):
            step = steps[index]
            chained = chained and step.tied
            places = step.high if step.kind == MeldKind.SET else 1  # a run holds a rank once
            later.append((self.tables.cover(index, lowest if chained else 0), places))
        by_rank, reach = self.counts.by_rank, self.demand.reach
        left_over = 0
        for rank in self.natural_ranks:
            free = by_rank[rank] - reach[rank]
            for mask, places in later:
                if mask >> rank & 1:
                    free -= places
            left_over += max(free, 0)
        return left_over <= self.hand_size - self.must_use

    def _fits(self, shapes: Sequence[_Shape]) -> bool:
        """Whether the unused cards can fill ``shapes`` together (see the flow note above)."""
        if len(shapes) == 1:
            return self._fits_alone(shapes[0])
        whole = self._demand_of(shapes)
        if whole.wilds_needed > self.counts.wilds or whole.min_naturals > whole.filled:
            return False
        groups = _linked_groups(shapes)
        return all(self._reach_enough(group) for group in groups if len(group) < len(shapes))

    def _fits_alone(self, shape: _Shape) -> bool:
        """`_fits` for a single shape, written out (phase 2 asks it for every last meld)."""
        counts = self.counts
        if shape.kind == MeldKind.SET:
            reach = min(len(shape.ranks), counts.by_rank[shape.ranks[0]])
        elif shape.suit == _ANY_SUIT:
            reach = sum(1 for rank in shape.ranks if counts.by_rank[rank])
        else:
            reach = sum(1 for rank in shape.ranks if counts.natural[_face_index(rank, shape.suit)])
        return reach >= shape.min_naturals and len(shape.ranks) - reach <= counts.wilds

    def _all_groups_fit(self, shapes: Sequence[_Shape]) -> bool:
        """Whether every group of ``shapes`` reaches enough natural cards, beyond what phase 1 checked
        while placing them one by one (each shape alone, and each first few shapes together)."""
        groups = _linked_groups(shapes, smallest=2)
        return all(self._reach_enough(group) for group in groups if group != tuple(shapes[: len(group)]))

    def _reach_enough(self, shapes: Sequence[_Shape]) -> bool:
        """Whether natural cards can fill as many places of ``shapes`` as their melds need at least."""
        demand = self._demand_of(shapes)
        return demand.min_naturals <= demand.filled

    def _demand_of(self, shapes: Sequence[_Shape]) -> _Demand:
        demand = _Demand(self.counts, suited=self.tables.suited)
        for shape in shapes:
            demand.add(shape)
        return demand

    # --- Phase 2: cards -------------------------------------------------------------------------

    def _fill(self, shapes: tuple[_Shape, ...], keys: list[_MeldKey], melds: list[Meld]) -> None:
        """Add to ``found`` every way that fills ``shapes`` and starts with ``melds`` (``keys``: their keys)."""
        depth = len(melds)
        shape = shapes[depth]
        tied = self.tables.steps[depth].tied and shapes[depth - 1].ranks == shape.ranks
        floor = keys[-1][1] if tied else ()
        later = shapes[depth + 1 :]
        cards_of = self._set_cards if shape.kind == MeldKind.SET else self._run_cards
        for cards in cards_of(shape, self._room(shapes, depth)):
            if cards < floor or (later and not self._fits(later)):
                continue
            key = (shape.ranks, cards)
            meld = self.built.get((shape.kind, cards))
            if meld is None:
                meld = self.built[shape.kind, cards] = _meld(shape, cards)
            if later:
                keys.append(key)
                melds.append(meld)
                self._fill(shapes, keys, melds)
                keys.pop()
                melds.pop()
            else:
                self.found.append(((*keys, key), (*melds, meld)))

    def _room(self, shapes: tuple[_Shape, ...], depth: int) -> _Room:
        """How much room the meld of ``shapes[depth]`` has when it takes its cards (see `_Room`)."""
        later = shapes[depth + 1 :]
        places = [0] * _RANK_SLOTS
        for shape in later:
            for rank in shape.ranks:
                places[rank] += 1
        wilds = self.counts.wilds - (self._demand_of(later).wilds_needed if later else 0)
        # Natural cards that stay in hand even if this meld takes all it can of them:
        own = shapes[depth]
        by_rank = self.counts.by_rank
        idle = sum(max(by_rank[rank] - places[rank] - own.ranks.count(rank), 0) for rank in self.natural_ranks)
        left_in_hand = self.hand_size - sum(len(shape.ranks) for shape in shapes)
        return _Room(wilds, left_in_hand - idle, places)

    def _set_cards(self, shape: _Shape, room: _Room) -> Iterator[tuple[int, ...]]:
        """Each choice of cards for a set shape, within ``room``: natural cards, then wild cards, each
        in card order."""
        counts = self.counts
        rank, size = shape.ranks[0], len(shape.ranks)
        idle_at_most = max(counts.by_rank[rank] - size - room.later[rank], 0)
        for naturals in range(min(size, counts.by_rank[rank]), shape.min_naturals - 1, -1):
            wilds = size - naturals
            idle = max(counts.by_rank[rank] - naturals - room.later[rank], 0) - idle_at_most
            if wilds > room.wilds or idle > room.idle:
                break  # fewer natural cards leave even more to wild cards and in hand
            counts.by_rank[rank] -= naturals
            counts.wilds -= wilds
            for natural_ids in multisets(counts.natural, _RANK_FACES[rank], naturals):
                for wild_ids in multisets(counts.wild, self.wild_ids, wilds):
                    yield natural_ids + wild_ids
            counts.by_rank[rank] += naturals
            counts.wilds += wilds

    def _run_cards(self, shape: _Shape, room: _Room) -> Iterator[tuple[int, ...]]:
        """Each choice of cards for a run shape, within ``room``, place by place from low to high."""
        wilds = min(len(shape.ranks) - shape.min_naturals, room.wilds)
        yield from self._run_places(shape, [], wilds, room.idle, room.later)

    def _run_places(
        self, shape: _Shape, picked: list[int], wilds: int, idle: int, later: list[int]
    ) -> Iterator[tuple[int, ...]]:
        """`_run_cards` from place ``len(picked)`` on, with ``wilds`` wild cards and ``idle`` idle
        natural cards still allowed (``later``: the later melds' places per rank)."""
        place = len(picked)
        if place == len(shape.ranks):
            yield tuple(picked)
            return
        counts = self.counts
        rank = shape.ranks[place]
        faces = _RANK_FACES[rank] if shape.suit == _ANY_SUIT else (_face_index(rank, shape.suit),)
        for face in faces:
            if counts.natural[face]:
                counts.natural[face] -= 1
                counts.by_rank[rank] -= 1
                picked.append(face)
                yield from self._run_places(shape, picked, wilds, idle, later)
                picked.pop()
                counts.natural[face] += 1
                counts.by_rank[rank] += 1
        # A wild card here leaves a natural card of this rank idle if no later meld has room for it.
        idles = 1 if counts.by_rank[rank] > later[rank] else 0
        if wilds and idles <= idle:
            for face in self.wild_ids:
                if counts.wild[face]:
                    counts.wild[face] -= 1
                    counts.wilds -= 1
                    picked.append(face)
                    yield from self._run_places(shape, picked, wilds - 1, idle - idles, later)
                    picked.pop()
                    counts.wild[face] += 1
                    counts.wilds += 1


def _resolve(contract: Contract, rules: MeldRules, longest_run: int) -> tuple[_Step, ...]:
    """The contract's requirements as steps: the sizes each may take under ``rules``."""
    steps = []
    previous = None
    for requirement in contract.melds:
        if requirement.kind == MeldKind.SET:
            low, high = rules.min_set, _MANY if rules.max_set is None else rules.max_set
        else:
            low, high = rules.min_run, longest_run
        low = max(low, 1, requirement.size)
        if requirement.exact:
            high = min(high, requirement.size)
        steps.append(_Step(requirement.kind, low, high, requirement == previous))
        previous = requirement
    return tuple(steps)


def _sums_after(values: Iterable[int]) -> tuple[int, ...]:
    """Per position in ``values``: the sum of the values after it."""
    sums = [0]
    for value in reversed(list(values)):
        sums.append(sums[-1] + value)
    return tuple(reversed(sums[:-1]))


def _longest_runs(order: tuple[int, ...]) -> tuple[int, ...]:
    """Per start in ``order``: the most places a run from there may have.

    A run never uses a rank twice, so it stops before a rank comes back (classic Rummy's ace).
    """
    longest = []
    end = len(order)  # where the longest run from ``start`` ends
    seen_at: dict[int, int] = {}
    for start in reversed(range(len(order))):
        end = min(end, seen_at.get(order[start], end))
        seen_at[order[start]] = start
        longest.append(end - start)
    return tuple(reversed(longest))


def _linked_groups(shapes: Sequence[_Shape], smallest: int = 1) -> Iterator[tuple[_Shape, ...]]:
    """Each group of ``smallest`` or more of ``shapes`` (in order) whose melds compete for natural cards:
    a single shape, or shapes that each share a rank with another of the group. Any other group of
    shapes fits if its parts do, so it needs no check of its own."""
    if smallest <= 1:
        yield from ((shape,) for shape in shapes)
    if not _overlap(shapes):
        return
    for size in range(max(smallest, 2), len(shapes) + 1):
        for group in itertools.combinations(shapes, size):
            if all(any(i != j and a.mask & b.mask for j, b in enumerate(group)) for i, a in enumerate(group)):
                yield group


def _overlap(shapes: Iterable[_Shape]) -> bool:
    """Whether two of ``shapes`` share a rank."""
    seen = 0
    for shape in shapes:
        if seen & shape.mask:
            return True
        seen |= shape.mask
    return False


def _union(masks: Iterable[int]) -> int:
    """The union of bit masks."""
    union = 0
    for mask in masks:
        union |= mask
    return union


def multisets(counts: list[int], faces: Sequence[int], size: int, first: int = 0) -> Iterator[tuple[int, ...]]:
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
            for rest in multisets(counts, faces, size - 1, position):
                yield (face, *rest)
            counts[face] += 1


def _meld(shape: _Shape, ids: tuple[int, ...]) -> Meld:
    """The meld of ``shape`` filled with the faces ``ids``."""
    cards = tuple(_FACES[index] for index in ids)
    return Meld(shape.kind, cards, tuple(_RANK_BY_VALUE[rank] for rank in shape.ranks))


def _first(item: tuple[_WayKey, tuple[Meld, ...]]) -> _WayKey:
    return item[0]
