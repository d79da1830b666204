"""The go-downs a listing names where runs are suited and a contract's melds have a least size only
(Shanghai): one for each choice of the melds' places, each meld at its least size, with the fewest
wild cards.

A contract of "2 runs of 4 or more" is met by a 12-card hand in thousands of ways (3,363 for one
Shanghai hand of nine hearts in a row and three jokers) that differ in how long the runs are, where the
jokers stand and which suits a set takes. Where a player may lay off in the turn they go down, a longer
meld is its least form and then lay-offs, so the listing names least forms only, one for each choice
of places ([`SuitedChoice`][rummykit.standard.least_forms.SuitedChoice]: each set's rank, each run's
suit and ranks): the one with the most natural cards. Its number grows with the ranks and suits a
contract can take, never with the hand. Every other go-down is still accepted as named (G-6): one
of least sizes stands for the listed one of its choice, a longer one is laid as its least form and
lay-offs ([`least_parts`][rummykit.standard.least_forms.least_parts]).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from rummykit.core.cards import Card, Rank, Suit
from rummykit.core.melds import Meld, MeldKind, MeldRules
from rummykit.core.solver import Contract
from rummykit.standard.fewest_wilds import filled

__all__ = ["SuitedChoice", "choice_of", "least_form_ways", "least_parts", "least_sizes", "least_window"]

SuitedChoice = tuple[tuple[str, int, tuple[Rank, ...]], ...]
"""A go-down's melds as their kinds, their suits (a run's; ``-1`` for a set) and the rank each place
stands for, in a canonical order: what a listed least form stands for."""


def least_sizes(contract: Contract) -> dict[MeldKind, int] | None:
    """The least size of each kind of meld ``contract`` asks for, where its melds have a least size only
    and all of a kind the same; else ``None`` (its go-downs are listed every one).

    Examples:
        >>> from rummykit.core.solver import MeldRequirement
        >>> least = (MeldRequirement(MeldKind.SET, 3, exact=False), MeldRequirement(MeldKind.RUN, 4, exact=False))
        >>> least_sizes(Contract(least))
        {<MeldKind.SET: 'set'>: 3, <MeldKind.RUN: 'run'>: 4}
        >>> least_sizes(Contract((MeldRequirement(MeldKind.SET, 3),))) is None
        True
    """
    if contract.max_leftover is not None:
        return None
    sizes: dict[MeldKind, int] = {}
    for requirement in contract.melds:
        kind = MeldKind(requirement.kind)
        if requirement.exact or sizes.setdefault(kind, requirement.size) != requirement.size:
            return None
    return sizes


def _fits(wilds: int, size: int, rules: MeldRules) -> bool:
    """Whether a run of ``size`` cards may hold ``wilds`` wild cards (SH-4's kind of limit:
    [`MeldRules.least_naturals`][rummykit.core.melds.MeldRules.least_naturals])."""
    return wilds <= size - rules.least_naturals(size)


def _suit(meld: Meld, rules: MeldRules) -> int:
    if meld.kind != MeldKind.RUN:
        return -1
    return next((int(card.suit) for card in meld.cards if card not in rules.wild_faces and card.suit is not None), -1)


def choice_of(melds: Sequence[Meld], rules: MeldRules) -> SuitedChoice:
    """The choice of places ``melds`` make: what a listed least form stands for.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> from rummykit.core.melds import read_meld
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("JK")), run_order=tuple(Rank)[:13], min_run=4,
        ...                   suited_runs=True, wilds_at_most_naturals=True)
        >>> one = [read_meld(parse_cards("7C 7D JK"), rules), read_meld(parse_cards("3H 4H 5H 6H"), rules)]
        >>> two = [read_meld(parse_cards("3H JK 5H 6H"), rules), read_meld(parse_cards("7S 7H 7D"), rules)]
        >>> choice_of(one, rules) == choice_of(two, rules)
        True
        >>> choice_of([read_meld(parse_cards("3S 4S 5S 6S"), rules)], rules) == choice_of(one[1:], rules)
        False
    """
    return tuple(sorted((str(meld.kind), _suit(meld, rules), tuple(meld.ranks)) for meld in melds))


class _Place:
    """Where a contract's meld can go: a set's rank, or a run's suit and ranks; the face each place of a
    run asks for; and how many wild cards it may hold."""

    __slots__ = ("faces", "kind", "most_wild", "need", "rank", "ranks", "size", "start", "suit")

    def __init__(self, kind: MeldKind, ranks: tuple[Rank, ...], suit: Suit | None, rules: MeldRules) -> None:
        self.kind = kind
        self.ranks = ranks
        self.suit = suit
        self.size = len(ranks)
        self.rank = ranks[0] if kind == MeldKind.SET else None
        self.faces = tuple(Card.of(rank, suit) for rank in ranks) if suit is not None else ()
        self.need = tuple(Counter(self.faces).items())
        self.most_wild = self.size - rules.least_naturals(self.size, self.rank)
        self.start = rules.run_positions(ranks) if suit is not None else None


def least_form_ways(
    hand: Sequence[Card], contract: Contract, rules: MeldRules, taken: Card | None = None
) -> Iterator[tuple[Meld, ...]]:
    """For a contract whose melds have a least size only, all of a kind the same
    ([`least_sizes`][rummykit.standard.least_forms.least_sizes]), in a game whose runs are suited: one
    way of ``hand`` (its faces) to meet it for each choice of places, each meld at its least size, with
    the most natural cards and the lowest wild cards. A set takes, of its rank's natural cards no run
    of the way uses, ``taken`` (the card taken from the discard pile) first, then those that extend no
    run of the way, then by suit. Its melds are in the contract's order.

    The choices are every combination of the places each of the contract's melds could take alone (a
    set's rank, a run's suit and lowest rank), a place kept only if the hand holds the natural cards it
    needs; each is then filled, or dropped where the melds together need more cards than the hand holds.
    Their number is bounded by the ranks and suits, never by the hand.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> from rummykit.core.solver import MeldRequirement
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("JK")), set_ranks=frozenset(tuple(Rank)[:13]),
        ...                   run_order=tuple(Rank)[:13], min_run=4, suited_runs=True, wilds_at_most_naturals=True)
        >>> least = (MeldRequirement(MeldKind.SET, 3, exact=False), MeldRequirement(MeldKind.RUN, 4, exact=False))
        >>> contract = Contract(least)
        >>> for way in least_form_ways(parse_cards("7C 7D 7H 7S 3H 4H 5H 6H JK 9S"), contract, rules):
        ...     print(" | ".join(str(meld) for meld in way))
        7C 7D 7H | JK(2) 3H 4H 5H
        7C 7D 7S | 3H 4H 5H 6H
        7C 7D 7S | 4H 5H 6H 7H
        7C 7D 7S | 5H 6H 7H JK(8)

        A set keeps the 7 of hearts out where the run could take it at an end (3 to 6) or holds it (4 to
        7, 5 to 8), and takes it where neither (2 to 5: the 6 of hearts is that run's next card).
    """
    sizes = least_sizes(contract)
    if sizes is None:
        raise ValueError(f"{contract} asks for melds of an exact size: its go-downs are listed every one")
    naturals: Counter[Card] = Counter()
    wilds: Counter[Card] = Counter()
    for card in hand:
        (wilds if card in rules.wild_faces else naturals)[card] += 1
    by_rank: Counter[Rank] = Counter()
    for card, n in naturals.items():
        by_rank[card.rank] += n
    wild_cards = [card for card in sorted(wilds, key=lambda card: card.index) for _ in range(wilds[card])]
    groups = _groups(contract, sizes, naturals, by_rank, len(wild_cards), rules)
    yield from filled(groups, lambda places: _fill(places, naturals, by_rank, wild_cards, rules, taken))


def _groups(
    contract: Contract,
    sizes: dict[MeldKind, int],
    naturals: Counter[Card],
    by_rank: Counter[Rank],
    spare: int,
    rules: MeldRules,
) -> list[tuple[int, list[_Place]]] | None:
    """The contract's melds, each kind together (chosen as a multiset), each with the places the hand
    could fill alone: enough natural cards for the wild-card limit, and few enough missing."""
    wanted = Counter(MeldKind(req.kind) for req in contract.melds)
    kinds = list(dict.fromkeys(MeldKind(req.kind) for req in contract.melds))
    groups = []
    for kind in kinds:
        size = sizes[kind]
        options = []
        for place in _places(kind, size, rules):
            if kind == MeldKind.SET:
                assert place.rank is not None
                held = min(by_rank[place.rank], size)
            else:
                held = sum(min(naturals[card], n) for card, n in place.need)
            if held >= size - place.most_wild and size - held <= spare:
                options.append(place)
        if not options:
            return None
        groups.append((wanted[kind], options))
    return groups


_PLACES: dict[tuple[int, MeldKind, int], tuple[MeldRules, tuple[_Place, ...]]] = {}
"""Every place of a meld of a kind and size under meld rules, by the rules' identity (kept with them)."""


def _places(kind: MeldKind, size: int, rules: MeldRules) -> tuple[_Place, ...]:
    """Every place a meld of ``kind`` and ``size`` can take under ``rules``: a set of each rank that makes
    sets, a run of each suit at each place of the run order."""
    key = (id(rules), kind, size)
    known = _PLACES.get(key)
    if known is not None and known[0] is rules:
        return known[1]
    if kind == MeldKind.SET:
        places = tuple(
            _Place(kind, (rank,) * size, None, rules)
            for rank in sorted(rules.set_ranks)
            if Card.of(rank, Suit.CLUBS) not in rules.wild_faces and (rules.max_set is None or size <= rules.max_set)
        )
    else:
        order = rules.run_order
        places = tuple(
            _Place(kind, tuple(order[start : start + size]), suit, rules)
            for suit in Suit
            for start in range(len(order) - size + 1)
        )
    if len(_PLACES) >= 64:
        _PLACES.clear()
    _PLACES[key] = (rules, places)
    return places


def _extends(card: Card, places: Sequence[_Place], rules: MeldRules) -> bool:
    """Whether ``card`` could extend a run at ``places`` at either end."""
    order = rules.run_order
    for place in places:
        if place.suit is not card.suit:
            continue
        start = place.start
        assert start is not None
        ends = (start - 1, start + place.size)
        if any(0 <= i < len(order) and order[i] is card.rank for i in ends):
            return True
    return False


def _fill(
    places: Sequence[_Place],
    naturals: Counter[Card],
    by_rank: Counter[Rank],
    wild_cards: Sequence[Card],
    rules: MeldRules,
    taken: Card | None,
) -> tuple[Meld, ...] | None:
    """The melds at ``places`` with the most natural cards the hand holds (runs take their faces, sets
    what is left of their ranks), the lowest wild cards in the places left, or ``None`` if the hand
    cannot fill them within the wild-card limits."""
    runs = [place for place in places if place.kind == MeldKind.RUN]
    # which places are wild: the first assignment found with the most natural cards
    wild_at = _wild_places(places, naturals, by_rank, len(wild_cards))
    if wild_at is None:
        return None
    left = Counter(naturals)
    for place, wild in zip(places, wild_at, strict=True):
        if place.kind == MeldKind.RUN:
            for index, card in enumerate(place.faces):
                if index not in wild:
                    left[card] -= 1
    supply = list(wild_cards)
    melds = []
    for place, wild in zip(places, wild_at, strict=True):
        if place.kind == MeldKind.RUN:
            cards = [supply.pop(0) if index in wild else card for index, card in enumerate(place.faces)]
            melds.append(Meld(place.kind, tuple(cards), place.ranks))
            continue
        pool = sorted(
            (card for card in left if card.rank is place.rank and left[card] > 0),
            key=lambda card: (card != taken, _extends(card, runs, rules), card.index),
        )
        chosen: list[Card] = []
        for card in pool:
            while left[card] > 0 and len(chosen) < place.size - len(wild):
                left[card] -= 1
                chosen.append(card)
        melds.append(Meld(place.kind, (*chosen, *(supply.pop(0) for _ in wild)), place.ranks))
    return tuple(melds)


def _wild_places(
    places: Sequence[_Place], naturals: Counter[Card], by_rank: Counter[Rank], spare: int
) -> list[frozenset[int]] | None:
    """For each place, which of its places wild cards fill, with the most natural cards the hand holds
    and within each meld's limit; ``None`` if none is possible with ``spare`` wild cards.

    The most natural cards: runs take their own faces (``min(demand, held)`` of each), sets what is left
    of their ranks. A rank's natural cards fill only places of that rank, so every assignment with the
    most natural cards has as many wild places of each rank as that one; and the most is reached within
    the limits whenever any assignment is (one with fewer natural cards grows to the most without losing
    one). So that assignment is tried first, then the others with as many wild places of each rank, in
    order (`_assignments`)."""
    greedy = _greedy(places, naturals)
    if sum(len(wild) for wild in greedy) > spare:
        return None
    if _within(places, greedy, naturals, by_rank):
        return greedy
    assignments = _assignments(places, greedy)
    return next((wild_at for wild_at in assignments if _within(places, wild_at, naturals, by_rank)), None)


def _assignments(places: Sequence[_Place], found: Sequence[frozenset[int]]) -> Iterator[list[frozenset[int]]]:
    """Every assignment of wild places with as many of each rank as ``found``: for each rank, which of its
    places in runs, and how many of each set's (a set's places are alike: its last ones)."""
    short: Counter[Rank] = Counter()
    for place, wild in zip(places, found, strict=True):
        for index in wild:
            short[place.ranks[index]] += 1
    per_rank: list[list[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]]] = []
    for rank, n in sorted(short.items()):
        in_runs = [
            (i, index)
            for i, place in enumerate(places)
            if place.kind == MeldKind.RUN
            for index, other in enumerate(place.ranks)
            if other is rank
        ]
        sets = [i for i, place in enumerate(places) if place.kind == MeldKind.SET and place.rank is rank]
        per_rank.append(
            [
                (pick, tuple(zip(sets, counts, strict=True)))
                for t in range(min(n, len(in_runs)) + 1)
                for pick in itertools.combinations(in_runs, t)
                for counts in _shares(n - t, [places[i].size for i in sets])
            ]
        )
    for choice in itertools.product(*per_rank):
        wild_at: list[set[int]] = [set() for _ in places]
        for pick, counts in choice:
            for i, index in pick:
                wild_at[i].add(index)
            for i, count in counts:
                wild_at[i].update(range(places[i].size - count, places[i].size))
        yield [frozenset(wild) for wild in wild_at]


def _shares(total: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to share ``total`` among places holding at most ``caps`` each.

    Examples:
        >>> list(_shares(2, [1, 3]))
        [(0, 2), (1, 1)]
        >>> list(_shares(1, []))
        []
    """
    if not caps:
        if total == 0:
            yield ()
        return
    for first in range(min(total, caps[0]) + 1):
        for rest in _shares(total - first, caps[1:]):
            yield (first, *rest)


def _greedy(places: Sequence[_Place], naturals: Counter[Card]) -> list[frozenset[int]]:
    """Runs take their faces first, in order; sets what is left of their ranks, each up to its least
    natural cards first, then up to its size."""
    left = Counter(naturals)
    wild_at: list[set[int]] = [set() for _ in places]
    for i, place in enumerate(places):
        for index, card in enumerate(place.faces):
            if left[card] > 0:
                left[card] -= 1
            else:
                wild_at[i].add(index)
    by_rank: Counter[Rank] = Counter()
    for card, n in left.items():
        by_rank[card.rank] += n
    sets = [i for i, place in enumerate(places) if place.kind == MeldKind.SET]
    got = dict.fromkeys(sets, 0)
    for target in ("least", "size"):
        for i in sets:
            place = places[i]
            assert place.rank is not None
            want = place.size - place.most_wild if target == "least" else place.size
            take = min(max(want - got[i], 0), by_rank[place.rank])
            got[i] += take
            by_rank[place.rank] -= take
    for i in sets:
        wild_at[i] = set(range(got[i], places[i].size))
    return [frozenset(wild) for wild in wild_at]


def _within(
    places: Sequence[_Place], wild_at: Sequence[frozenset[int]], naturals: Counter[Card], by_rank: Counter[Rank]
) -> bool:
    """Whether the natural places of ``wild_at`` can be filled from ``naturals`` (``by_rank``: their count
    of each rank) and every meld keeps within its wild-card limit."""
    if any(len(wild) > place.most_wild for place, wild in zip(places, wild_at, strict=True)):
        return False
    faces: Counter[Card] = Counter()
    ranks: Counter[Rank] = Counter()
    for place, wild in zip(places, wild_at, strict=True):
        if place.kind == MeldKind.RUN:
            for index, card in enumerate(place.faces):
                if index not in wild:
                    faces[card] += 1
                    ranks[card.rank] += 1
        else:
            assert place.rank is not None
            ranks[place.rank] += place.size - len(wild)
    if any(naturals[card] < n for card, n in faces.items()):
        return False
    return all(by_rank[rank] >= n for rank, n in ranks.items())


def least_parts(
    melds: Sequence[Meld], sizes: dict[MeldKind, int], rules: MeldRules, taken: Card | None = None
) -> list[tuple[Meld, list[tuple[Card, bool]]]] | None:
    """A go-down with a meld longer than its least size as its least form and then lay-offs: for each
    meld, its least form and the cards then added to it, in order, each with whether it goes to the low
    end (a run's; ``False`` for a set).

    A set keeps ``taken`` (the card taken from the discard pile), then its natural cards in card order,
    and wild cards where it has too few natural cards; the rest is added naturals first. A run keeps the
    shortest span, the lowest of those that hold ``taken`` where one does, from which it can grow one
    card at a time within the wild-card limit; it grows downward first. That span is of the least size
    but where wild cards stand so that no shorter span grows to the run (``4H 5H JK JK JK 9H``, SH-4:
    the run is kept whole). ``None`` if no meld is laid in parts.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> from rummykit.core.melds import read_meld
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("JK")), set_ranks=frozenset(tuple(Rank)[:13]),
        ...                   run_order=tuple(Rank)[:13], min_run=4, suited_runs=True, wilds_at_most_naturals=True)
        >>> sizes = {MeldKind.SET: 3, MeldKind.RUN: 4}
        >>> melds = [read_meld(parse_cards("7C 7D JK 7S"), rules), read_meld(parse_cards("JK 4H 5H 6H 7H JK"), rules)]
        >>> for least, added in least_parts(melds, sizes, rules, taken=parse_cards("6H")[0]):
        ...     print(least, "+", " ".join(f"{card}{'<' if low else ''}" for card, low in added))
        7C 7D 7S + JK
        JK(3) 4H 5H 6H + 7H JK
        >>> least_parts([read_meld(parse_cards("4H 5H JK JK JK 9H"), rules)], sizes, rules) is None
        True
    """
    parts: list[tuple[Meld, list[tuple[Card, bool]]]] = []
    for meld in melds:
        size = sizes[MeldKind(meld.kind)]
        if len(meld.cards) <= size:
            parts.append((meld, []))
        elif meld.kind == MeldKind.SET:
            parts.append(_least_set(meld, size, rules, taken))
        else:
            parts.append(_least_run(meld, size, rules, taken))
    return parts if any(added for _, added in parts) else None


def _least_set(meld: Meld, size: int, rules: MeldRules, taken: Card | None) -> tuple[Meld, list[tuple[Card, bool]]]:
    wild = rules.wild_faces
    naturals = sorted((card for card in meld.cards if card not in wild), key=lambda card: (card != taken, card.index))
    wilds = sorted((card for card in meld.cards if card in wild), key=lambda card: (card != taken, card.index))
    least_naturals = rules.least_naturals(size, meld.ranks[0])
    kept_naturals = min(len(naturals), size)
    kept = naturals[:kept_naturals] + wilds[: size - kept_naturals]
    assert kept_naturals >= least_naturals, "a valid set has enough natural cards for its least form"
    added = naturals[kept_naturals:] + wilds[size - kept_naturals :]
    return Meld(meld.kind, tuple(kept), meld.ranks[:size]), [(card, False) for card in added]


def _least_run(meld: Meld, size: int, rules: MeldRules, taken: Card | None) -> tuple[Meld, list[tuple[Card, bool]]]:
    wild = rules.wild_faces
    cards, ranks = meld.cards, meld.ranks
    wild_places = [card in wild for card in cards]

    def grow(low: int, high: int) -> list[tuple[Card, bool]] | None:
        """The cards added to the span ``low:high`` until it is the whole run, downward first, each
        keeping within the limit; ``None`` if no order does."""
        if low == 0 and high == len(cards):
            return []
        for down in (True, False):
            new_low, new_high = (low - 1, high) if down else (low, high + 1)
            if new_low < 0 or new_high > len(cards):
                continue
            if not _fits(sum(wild_places[new_low:new_high]), new_high - new_low, rules):
                continue
            rest = grow(new_low, new_high)
            if rest is not None:
                return [(cards[new_low if down else new_high - 1], down), *rest]
        return None

    for length in range(size, len(cards) + 1):  # the whole run, at the last, grows by nothing
        starts = range(len(cards) - length + 1)
        holding = [start for start in starts if taken is not None and taken in cards[start : start + length]]
        for start in [*holding, *(start for start in starts if start not in holding)]:
            if not _fits(sum(wild_places[start : start + length]), length, rules):
                continue
            added = grow(start, start + length)
            if added is not None:
                return Meld(meld.kind, cards[start : start + length], ranks[start : start + length]), added
    raise AssertionError(f"{meld} is no valid run")  # pragma: no cover


def least_window(meld: Meld, size: int, rules: MeldRules) -> Meld:
    """The lowest span of ``size`` places of a run within the wild-card limit: what a run no lay-off order
    reaches from a shorter one (as ``4H 5H JK JK JK 9H``, SH-4) stands for in a listing.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> from rummykit.core.melds import read_meld
        >>> rules = MeldRules(wild_faces=frozenset(parse_cards("JK")), run_order=tuple(Rank)[:13], min_run=4,
        ...                   suited_runs=True, wilds_at_most_naturals=True)
        >>> str(least_window(read_meld(parse_cards("4H 5H JK JK JK 9H"), rules), 4, rules))
        '4H 5H JK(6) JK(7)'
    """
    wild = rules.wild_faces
    for start in range(len(meld.cards) - size + 1):
        cards = meld.cards[start : start + size]
        if _fits(sum(card in wild for card in cards), size, rules):
            return Meld(meld.kind, cards, meld.ranks[start : start + size])
    raise AssertionError(f"{meld} has no span of {size} places within the wild-card limit")  # pragma: no cover
