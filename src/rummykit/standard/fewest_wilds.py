"""The go-downs a listing names where suits never matter: one for each choice of the melds' ranks, the
one with the fewest wild cards.

A hand grown by claims can meet a contract in tens of thousands of ways that differ only in where
its wild cards stand and which wild cards they are (a 60-card RailRoad Rummy hand in round 3: 34,992
go-downs, for 45 choices of ranks). The listing names one go-down for each choice of ranks (each
set's rank, each run's ranks), so it grows with the ranks a contract can take, never with the hand;
every other go-down is still accepted as named (G-6).

For a contract whose melds all have an exact size (RailRoad Rummy's rounds 1 to 6), the choices are
found rank by rank ([`fewest_wild_ways`][rummykit.standard.fewest_wilds.fewest_wild_ways]); for any
other, the contract solver's ways are grouped by their ranks
([`ranks_of`][rummykit.standard.fewest_wilds.ranks_of], [`preference`][rummykit.standard.fewest_wilds.preference]).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from rummykit.core.cards import Card, Rank, Suit
from rummykit.core.melds import Meld, MeldKind, MeldRules
from rummykit.core.solver import Contract

__all__ = ["RankChoice", "fewest_wild_ways", "filled", "preference", "ranks_of"]

RankChoice = tuple[tuple[str, tuple[Rank, ...]], ...]
"""A go-down's melds as their kinds and the rank each place stands for, in a canonical order: what a
listed go-down stands for."""


def ranks_of(melds: Sequence[Meld]) -> RankChoice:
    """The choice of ranks ``melds`` make: what a listed go-down stands for.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> from rummykit.core.melds import read_meld
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("2C JK")), run_order=tuple(Rank)[1:13], min_run=4)
        >>> one = [read_meld(parse_cards("5H 5D JK"), rules), read_meld(parse_cards("7S 8S 2C 10D"), rules)]
        >>> two = [read_meld(parse_cards("7C 8D 9C 10C"), rules), read_meld(parse_cards("5S 2C 5C"), rules)]
        >>> ranks_of(one) == ranks_of(two)
        True
    """
    return tuple(sorted(((meld.kind, tuple(meld.ranks)) for meld in melds), key=lambda item: (item[0], item[1])))


def preference(melds: Sequence[Meld], rules: MeldRules) -> tuple[int, ...]:
    """The order in which go-downs of one choice of ranks are preferred: fewest wild cards first, and
    of as many, the lowest wild cards (2s before jokers)."""
    wild = sorted(rules.wild_faces, key=lambda card: card.index, reverse=True)
    laid = Counter(card for meld in melds for card in meld.cards if card in rules.wild_faces)
    return (sum(laid.values()), *(laid[card] for card in wild))


def _natural(rank: Rank) -> Card:
    return Card.of(rank, Suit.CLUBS)


def _most_wild(ranks: tuple[Rank, ...], kind: MeldKind, rules: MeldRules) -> int:
    """The most wild cards a meld of ``kind`` over ``ranks`` may hold, under the wild-card limits
    ([`MeldRules.least_naturals`][rummykit.core.melds.MeldRules.least_naturals])."""
    return len(ranks) - rules.least_naturals(len(ranks), ranks[0] if kind == MeldKind.SET else None)


class _Place:
    """Where a contract's meld can go: its kind, the rank of each of its places, and how many places
    each rank has."""

    __slots__ = ("kind", "most_wild", "need", "ranks")

    def __init__(self, kind: MeldKind, ranks: tuple[Rank, ...], rules: MeldRules) -> None:
        self.kind = kind
        self.ranks = ranks
        self.most_wild = _most_wild(ranks, kind, rules)
        need: dict[Rank, int] = {}
        for rank in ranks:
            need[rank] = need.get(rank, 0) + 1
        self.need = tuple(need.items())


def fewest_wild_ways(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> Iterator[tuple[Meld, ...]]:
    """For a contract whose melds all have an exact size, in a game whose runs are not suited: one way
    of ``hand`` (its faces with suits set aside, as the clubs card of each rank) to meet it for each
    choice of ranks, the way with the fewest wild cards, the lowest first
    ([`preference`][rummykit.standard.fewest_wilds.preference]). Its melds are in the contract's order.

    The choices are the contract's melds placed rank by rank (a set's rank, a run's lowest rank), each
    kept only if the hand holds the natural cards it needs: their number is bounded by the ranks, never
    by the hand.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> from rummykit.core.solver import MeldRequirement
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("2C JK")), set_ranks=frozenset(tuple(Rank)[1:13]),
        ...                   run_order=tuple(Rank)[1:13], min_run=4)
        >>> contract = Contract((MeldRequirement(MeldKind.SET, 3), MeldRequirement(MeldKind.RUN, 4)))
        >>> for way in fewest_wild_ways(parse_cards("5C 5C 5C JK 2C 8C 9C 10C"), contract, rules):
        ...     print(" | ".join(str(meld) for meld in way))
        5C 5C 5C | 2C(6) JK(7) 8C 9C
        5C 5C 5C | 2C(7) 8C 9C 10C
        5C 5C 5C | 8C 9C 10C 2C(J)
        5C 5C 5C | 9C 10C 2C(J) JK(Q)
    """
    naturals: Counter[Rank] = Counter()
    wilds: Counter[Card] = Counter()
    for card in hand:
        if card in rules.wild_faces:
            wilds[card] += 1
        else:
            naturals[card.rank] += 1
    wild_order = sorted(wilds, key=lambda card: card.index)
    spare = sum(wilds.values())
    yield from filled(
        _groups(contract, naturals, spare, rules), lambda places: _fill(places, naturals, wilds, wild_order, rules)
    )


P = TypeVar("P")
W = TypeVar("W")


def filled(groups: Sequence[tuple[int, Sequence[P]]] | None, fill: Callable[[list[P]], W | None]) -> Iterator[W]:
    """Every choice of places for a contract's melds that ``fill`` fills: for each group (how many melds of
    one kind, and the places one can take), a multiset of that many of its places, all groups' together;
    nothing where ``groups`` is ``None`` (a kind of meld has no place).

    Examples:
        >>> list(filled([(2, ["a", "b"]), (1, ["x"])], lambda places: " ".join(places)))
        ['a a x', 'a b x', 'b b x']
    """
    if groups is None:
        return
    for choice in itertools.product(*(itertools.combinations_with_replacement(options, n) for n, options in groups)):
        way = fill([place for chosen in choice for place in chosen])
        if way is not None:
            yield way


def _groups(
    contract: Contract, naturals: Counter[Rank], spare: int, rules: MeldRules
) -> list[tuple[int, list[_Place]]] | None:
    """The contract's melds, equal ones together (chosen as a multiset), each with the places the hand
    could fill alone: enough natural cards for the wild-card limit, and few enough missing."""
    wanted = Counter((req.kind, req.size) for req in contract.melds)
    groups = []
    for kind, size in sorted(wanted, key=lambda item: [req.kind for req in contract.melds].index(item[0])):
        if kind == MeldKind.SET:
            shapes = [(rank,) * size for rank in sorted(rules.set_ranks) if _natural(rank) not in rules.wild_faces]
        else:
            order = rules.run_order
            shapes = [order[start : start + size] for start in range(len(order) - size + 1)]
        options = []
        for ranks in shapes:
            held = sum(min(naturals[rank], ranks.count(rank)) for rank in set(ranks))
            if held >= size - _most_wild(ranks, kind, rules) and size - held <= spare:
                options.append(_Place(kind, tuple(ranks), rules))
        if not options:
            return None
        groups.append((wanted[kind, size], options))
    return groups


def _fill(
    places: Sequence[_Place],
    naturals: Counter[Rank],
    wilds: Counter[Card],
    wild_order: Sequence[Card],
    rules: MeldRules,
) -> tuple[Meld, ...] | None:
    """The melds at ``places`` with the most natural cards the hand holds, the wild cards in the places
    left, lowest first, or ``None`` if the hand cannot fill them within the wild-card limit."""
    demand: dict[Rank, int] = {}
    for place in places:
        for rank, n in place.need:
            demand[rank] = demand.get(rank, 0) + n
    short = {rank: n - naturals[rank] for rank, n in demand.items() if n > naturals[rank]}
    if sum(short.values()) > sum(wilds.values()):
        return None
    wild_places = _wild_places(places, short)
    if wild_places is None:
        return None
    supply = [card for card in wild_order for _ in range(wilds[card])]
    melds = []
    for place, wild_ranks in zip(places, wild_places, strict=True):
        if place.kind == MeldKind.SET and rules.max_set is not None and len(place.ranks) > rules.max_set:
            return None
        left = list(wild_ranks)
        naturals_first: list[Card] = []
        wild_cards: list[Card] = []
        cards: list[Card] = []
        for rank in place.ranks:
            if rank in left:
                left.remove(rank)
                card = supply.pop(0)
                wild_cards.append(card)
            else:
                card = _natural(rank)
                naturals_first.append(card)
            cards.append(card)
        # a set lists its natural cards, then its wild cards; a run its cards in the order of its places
        shown = naturals_first + wild_cards if place.kind == MeldKind.SET else cards
        melds.append(Meld(place.kind, tuple(shown), place.ranks))
    return tuple(melds)


def _wild_places(places: Sequence[_Place], short: dict[Rank, int]) -> list[list[Rank]] | None:
    """Which ranks of which melds the wild cards stand for: ``short[rank]`` of the places of each rank,
    within each meld's limit (the first assignment found, ranks in order, earlier melds first)."""
    room = [place.most_wild for place in places]
    chosen: list[list[Rank]] = [[] for _ in places]
    ranks = sorted(short)

    def assign(index: int) -> bool:
        if index == len(ranks):
            return True
        rank = ranks[index]
        slots = [i for i, place in enumerate(places) for r in place.ranks if r == rank]
        for pick in itertools.combinations(slots, short[rank]):
            per = Counter(pick)
            if all(per[i] <= room[i] for i in per):
                for i, n in per.items():
                    room[i] -= n
                    chosen[i].extend([rank] * n)
                if assign(index + 1):
                    return True
                for i, n in per.items():
                    room[i] += n
                    del chosen[i][-n:]
        return False

    return chosen if assign(0) else None
