"""Railroad Canasta's melds: reading a group of cards as a meld, canasta kinds, and meld *shapes*
(how many naturals, 2s and jokers of which rank) on which the listing of meld plays works.

Suits never matter in a meld (RC-C6), so a meld is fixed by its shape; `shape_cards` turns
shapes back into the hand's faces in the canonical order.

Examples:
    >>> from rummykit.core.cards import parse_cards
    >>> meld = read_group(parse_cards("8H 8S 2D"))
    >>> str(meld), canasta_kind(meld)
    ('8H 8S 2D(8)', None)
    >>> canasta_kind(read_group(parse_cards("9C 9D 9H 9S 9C 9D JK")))
    <CanastaKind.BLACK: 'black'>
    >>> read_group(parse_cards("7C 7D 2S"))
    Traceback (most recent call last):
    ...
    rummykit.core.errors.IllegalActionError: 7C 7D 2S: a meld of 7s holds no wild card (RC-10)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, NamedTuple

import attrs

from rummykit.core.cards import Card, Rank, Suit, standard_deck
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import Meld, MeldKind, read_set
from rummykit_variants.railroad_canasta.rules import (
    CANASTAS,
    MELD_RULES,
    WILD_RANKS,
    CanastaKind,
    card_value,
    is_red_three,
    is_wild,
)

__all__ = ["RED_THREE_FACES", "WILD", "Shape", "can_add", "canasta_kind", "read_group", "single_shapes"]

WILD: Final = "wild"
"""The kind of a wild meld (RC-9), Railroad Canasta's own kind of meld."""
WILD_KEY: Final = 0
"""The key of wild melds among rank keys (RC-11: wild melds count as one rank)."""
_TWO, _JOKER, _THREE, _SEVEN = int(Rank.TWO), int(Rank.JOKER), int(Rank.THREE), int(Rank.SEVEN)
CANASTA_SIZE: Final = 7
"""Most cards of a meld (RC-8, RC-9); black 3s have no limit (RC-7)."""
MAX_WILDS: Final = 3
_INDEX = operator.attrgetter("index")
RED_THREE_FACES: Final = frozenset(card.index for card in standard_deck() if is_red_three(card))
"""The red 3s as face indexes (`Card.index`, a card id's face), to find one among card ids in one pass."""


def _shown(cards: Sequence[Card]) -> str:
    """The cards of a group as text, for an error message."""
    return " ".join(map(str, cards))


def read_group(cards: Sequence[Card]) -> Meld:
    """``cards`` as a new meld, or raise citing the rule they break: a meld of one rank 4 to A
    (RC-8, RC-10), a wild meld (RC-9), or black 3s (RC-7); red 3s are never melded (RC-6)."""
    if not RED_THREE_FACES.isdisjoint([card.index for card in cards]):
        raise IllegalActionError("RC-6", f"red 3s are never melded ({_shown(cards)})")
    count = len(cards)
    ranks = [card.rank for card in cards]
    naturals = [rank for rank in ranks if rank not in WILD_RANKS]
    if Rank.THREE in naturals:
        if naturals.count(Rank.THREE) != count:
            raise IllegalActionError(
                "RC-7", f"black 3s are melded alone, without wild or other cards ({_shown(cards)})"
            )
        if count < 3:
            raise IllegalActionError("RC-7", f"a meld of black 3s has 3 or more cards ({_shown(cards)})")
        return Meld(MeldKind.SET, tuple(cards), (Rank.THREE,) * count)
    if not naturals:
        if not 3 <= count <= CANASTA_SIZE:
            raise IllegalActionError("RC-9", f"a wild meld is 3 to 7 wild cards, not {count} ({_shown(cards)})")
        return Meld(WILD, tuple(cards), tuple(ranks))
    return read_set(cards, MELD_RULES)  # RC-8 and RC-10, as data


def is_black_threes(meld: Meld) -> bool:
    """A meld of black 3s (RC-7)."""
    return meld.kind == MeldKind.SET and meld.ranks[0] is Rank.THREE


def meld_key(meld: Meld) -> int:
    """The rank a meld counts as for RC-11: its rank, or `WILD_KEY` for a wild meld."""
    return WILD_KEY if meld.kind == WILD else int(meld.ranks[0])


def is_closed(meld: Meld) -> bool:
    """A canasta: 7 cards or more, except black 3s, which never close (RC-7, RC-12)."""
    return len(meld.cards) >= CANASTA_SIZE and not is_black_threes(meld)


def canasta_kind(meld: Meld) -> CanastaKind | None:
    """The kind of canasta ``meld`` is (RC-12, `CANASTAS`), or ``None`` if it is not one."""
    kind = CANASTAS.kind_of(meld, MELD_RULES)
    return None if kind is None else CanastaKind(kind.name)


def can_add(meld: Meld, card: Card) -> IllegalActionError | None:
    """Why ``card`` may not be added to ``meld`` (an error citing the rule, RC-6 to RC-12), or ``None``
    if it may."""
    rank, meld_rank = card.rank, meld.ranks[0]
    if is_red_three(card):
        return IllegalActionError("RC-6", "red 3s are never melded")
    if meld.kind == MeldKind.SET and meld_rank is Rank.THREE:
        return None if rank is Rank.THREE else IllegalActionError("RC-7", "a meld of black 3s holds black 3s alone")
    if len(meld.cards) >= CANASTA_SIZE:
        return IllegalActionError("RC-12", f"{meld} is a canasta: no card may be added to it")
    if meld.kind == WILD:
        return None if is_wild(card) else IllegalActionError("RC-9", f"a wild meld holds wild cards only, not {card}")
    if not is_wild(card):
        return (
            None
            if rank is meld_rank
            else IllegalActionError("RC-8", f"{card} is not of the meld's rank ({meld_rank.symbol})")
        )
    if meld_rank is Rank.SEVEN:
        return IllegalActionError("RC-10", "a meld of 7s holds no wild cards")
    if sum(1 for c in meld.cards if is_wild(c)) >= MAX_WILDS:
        return IllegalActionError("RC-8", f"{meld} already holds 3 wild cards")
    return None


def added(meld: Meld, card: Card) -> Meld:
    """``meld`` with ``card`` added (checked with `can_add` first): naturals before wild cards."""
    cards = (*meld.cards, card)
    if meld.kind == WILD:
        return Meld(WILD, cards, tuple(c.rank for c in cards))
    order = sorted(cards, key=lambda c: (is_wild(c), c.rank is Rank.JOKER, c.index))
    return Meld(MeldKind.SET, tuple(order), (meld.rank,) * len(cards))


def _wild_order(card: Card) -> int:
    return 2 if card.rank is Rank.JOKER else 1 if card.rank is Rank.TWO else 0


def ordered_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a meld as a meld action records them (RC-C6): naturals, then 2s, then jokers,
    cards of one kind in the order given."""
    return tuple(sorted(cards, key=_wild_order))


def ordered_groups(melds: Sequence[Meld]) -> tuple[tuple[Card, ...], ...]:
    """The melds of one action as it records them (RC-C6): in rank order, wild melds last, each's
    cards in `ordered_cards` order. Each key appears once in an action (RC-11)."""
    ordered = sorted(melds, key=lambda meld: (meld_key(meld) == WILD_KEY, meld_key(meld)))
    return tuple(ordered_cards(meld.cards) for meld in ordered)


# -- shapes ------------------------------------------------------------------------------------------


@attrs.frozen(order=True)
class Shape:
    """A meld up to suits: its key (a rank 3 to 14, or `WILD_KEY`), natural cards, 2s, jokers."""

    key: int
    naturals: int
    twos: int = 0
    jokers: int = 0

    @classmethod
    def of(cls, meld: Meld) -> Shape:
        """The shape of a meld."""
        twos = sum(1 for card in meld.cards if card.rank is Rank.TWO)
        jokers = sum(1 for card in meld.cards if card.rank is Rank.JOKER)
        return cls(meld_key(meld), len(meld) - twos - jokers, twos, jokers)

    @classmethod
    def of_card(cls, card: Card) -> Shape:
        """One card as a shape (a wild card: of a wild meld)."""
        if is_wild(card):
            return cls(WILD_KEY, 0, int(card.rank is Rank.TWO), int(card.rank is Rank.JOKER))
        return cls(int(card.rank), 1)

    @property
    def size(self) -> int:
        """How many cards."""
        return self.naturals + self.twos + self.jokers

    @property
    def natural_value(self) -> int:
        """RC-5: what each of its natural cards is worth."""
        return 0 if self.key == WILD_KEY else _NATURAL_VALUE[self.key]

    @property
    def value(self) -> int:
        """RC-5: what its cards are worth (for RC-13)."""
        return self.natural_value * self.naturals + 20 * self.twos + 50 * self.jokers

    @property
    def canasta(self) -> CanastaKind | None:
        """The kind of canasta it is, if any."""
        if self.size < CANASTA_SIZE or self.key == _THREE:
            return None
        if self.key == WILD_KEY:
            return CanastaKind.WILD
        if self.twos + self.jokers == 0:
            return CanastaKind.SEVENS if self.key == _SEVEN else CanastaKind.RED
        return CanastaKind.BLACK


_NATURAL_VALUE: Final = {r: card_value(Card.of(Rank(r), Suit.CLUBS)) for r in range(3, 15)}


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """How many cards of each rank (indexed by rank value, 2 to 15 for jokers; 0, `WILD_KEY`,
    holds none)."""
    counts = [0] * 16
    for card in cards:
        counts[card.rank] += 1
    return counts


def left_after(counts: Sequence[int], size: int, shapes: Sequence[Shape]) -> tuple[list[int], int]:
    """Rank counts and size of a hand after the cards of ``shapes`` leave it."""
    left = list(counts)
    for shape in shapes:
        if shape.key != WILD_KEY:
            left[shape.key] -= shape.naturals
        left[_TWO] -= shape.twos
        left[_JOKER] -= shape.jokers
        size -= shape.size
    return left, size


def single_shapes(key: int, have: int, twos: int, jokers: int, *, extra: int = 0) -> Iterator[Shape]:
    """Every shape of a new meld of ``key`` (RC-7 to RC-10) from ``have`` natural cards of that rank,
    ``twos`` 2s and ``jokers`` jokers. ``extra`` natural cards come from elsewhere (the top of the
    discard pile): they count in the shape on top of ``have``.

    Examples:
        >>> [(s.naturals, s.twos, s.jokers) for s in single_shapes(8, 2, 1, 0)]
        [(2, 1, 0)]
        >>> [(s.naturals, s.twos, s.jokers) for s in single_shapes(WILD_KEY, 0, 2, 1)]
        [(0, 2, 1)]
    """
    if key == WILD_KEY:
        for t in range(twos + 1):
            for j in range(jokers + 1):
                if 3 <= t + j <= CANASTA_SIZE:
                    yield Shape(WILD_KEY, 0, t, j)
        return
    total = have + extra
    if key == _THREE:
        for n in range(3, total + 1):
            yield Shape(key, n)
        return
    wild_cap = 0 if key == _SEVEN else MAX_WILDS
    for n in range(2, min(total, CANASTA_SIZE) + 1):
        for t in range(min(twos, wild_cap) + 1):
            for j in range(min(jokers, wild_cap - t) + 1):
                if 3 <= n + t + j <= CANASTA_SIZE:
                    yield Shape(key, n, t, j)


def shape_cards(shapes: Sequence[Shape], hand: Iterable[Card], *, skip: Sequence[int] = ()) -> list[tuple[Card, ...]]:
    """The hand's faces that lay down ``shapes`` in canonical form (RC-C6): for each rank the hand's
    cards in suit order, each meld's naturals then 2s then jokers. ``skip[i]`` natural cards of
    meld ``i`` come from elsewhere and are left out."""
    queues: dict[int, list[Card]] = {}
    for card in sorted(hand, key=_INDEX):
        queues.setdefault(int(card.rank), []).append(card)

    def take(rank: int, count: int) -> list[Card]:
        queue = queues.get(rank, [])
        taken, queues[rank] = queue[:count], queue[count:]
        assert len(taken) == count, "shapes are built from the hand's counts"
        return taken

    melds = []
    for i, shape in enumerate(shapes):
        naturals = shape.naturals - (skip[i] if i < len(skip) else 0)
        cards = take(shape.key, naturals) if shape.key != WILD_KEY else []
        melds.append((*cards, *take(_TWO, shape.twos), *take(_JOKER, shape.jokers)))
    return melds


def canonical_order(shapes: Sequence[Shape]) -> tuple[Shape, ...]:
    """Melds of one action in rank order, wild melds last (RC-C6)."""
    return tuple(sorted(shapes, key=lambda s: (s.key == WILD_KEY, s.key, s.naturals, s.twos, s.jokers)))


def meld_keys(counts: Sequence[int], exclude: Iterable[int]) -> list[int]:
    """The keys a hand of ``counts`` could start a meld of: ranks 4 to A with 2 naturals, black 3s
    with 3, wild melds with 3 wild cards (not those of ``exclude``)."""
    excluded = set(exclude)
    keys = [r for r in range(4, 15) if counts[r] >= 2 and r not in excluded]
    if counts[_THREE] >= 3 and _THREE not in excluded:
        keys.insert(0, _THREE)
    if counts[_TWO] + counts[_JOKER] >= 3 and WILD_KEY not in excluded:
        keys.append(WILD_KEY)
    return keys


# -- initial melds and their least forms (RC-13, RC-C6) ----------------------------------------------


def _removable(shape: Shape, *, fixed: int = 0) -> Iterator[tuple[int, int]]:
    """The ranks (and values) of the cards ``shape`` could do without and still be a meld (RC-7 to
    RC-9): none at 3 cards; a natural card while more than 2 (3 for black 3s; ``fixed`` more for the
    top card's meld, whose top card and pair stay) remain; any wild card."""
    if shape.size <= 3:
        return
    least = (3 if shape.key == _THREE else 2) + fixed
    if shape.key != WILD_KEY and shape.naturals > least:
        yield shape.key, shape.natural_value
    if shape.twos:
        yield _TWO, 20
    if shape.jokers:
        yield _JOKER, 50


def excess(shapes: Sequence[Shape], slack: int, *, top: bool = False) -> bool:
    """An initial meld worth ``slack`` more than the minimum could do without one of its melds or
    one of their cards: it is not a least form. With ``top``, ``shapes[0]`` is the top card's meld,
    which stays, with its top card and pair."""
    for i, shape in enumerate(shapes):
        fixed = 1 if top and i == 0 else 0
        if not fixed and shape.value <= slack:
            return True
        if any(value <= slack for _, value in _removable(shape, fixed=fixed)):
            return True
    return False


class _Option(NamedTuple):
    """A shape a new meld of a key may take, with what a listed initial meld keeps low in it (its wild
    cards, jokers and cards, RC-C6) and its value (RC-13)."""

    shape: Shape
    wild: int
    jokers: int
    cards: int
    value: int

    @classmethod
    def of(cls, shape: Shape) -> _Option:
        return cls(shape, shape.twos + shape.jokers, shape.jokers, shape.size, shape.value)


def initial_melds(
    counts: Sequence[int],
    keys: Sequence[int],
    twos: int,
    jokers: int,
    minimum: int,
    chosen: tuple[Shape, ...] = (),
    *,
    top: bool = False,
    allowed: Callable[[tuple[Shape, ...]], bool],
) -> Iterator[tuple[Shape, ...]]:
    """The initial melds a listing names (RC-13, RC-C6): for each choice of keys, one least form (it
    reaches ``minimum`` and lays down nothing it could do without), the one with the fewest wild
    cards, then the fewest jokers, then the fewest cards, of those ``allowed`` accepts. New melds
    come from a hand of ``counts`` with ``twos`` and ``jokers`` to share, at most one a key of
    ``keys``, after ``chosen`` (with ``top``: the top card's meld, which stays).

    The choices of keys are bounded by the keys, never by the hand: a choice is tried only if every
    meld of it is needed (without any one of them, the others at their least value fall short).
    """
    options: dict[int, list[_Option]] = {}
    for key in keys:
        found = [_Option.of(shape) for shape in single_shapes(key, counts[key], twos, jokers)]
        if found:
            options[key] = sorted(found, key=lambda option: (option.wild, option.jokers, option.cards))
    keys = list(options)
    low = {key: min(option.value for option in options[key]) for key in keys}
    high = {key: max(option.value for option in options[key]) for key in keys}
    base = sum(shape.value for shape in chosen)
    rest_high = [0] * (len(keys) + 1)
    for i in range(len(keys) - 1, -1, -1):
        rest_high[i] = rest_high[i + 1] + high[keys[i]]
    # the choices of keys, depth first (a key taken before it is left out): (next key, keys taken,
    # their least value, their most value)
    stack: list[tuple[int, tuple[int, ...], int, int]] = [(0, (), 0, 0)]
    while stack:
        i, picked, least, reach = stack.pop()
        if base + least >= minimum or i == len(keys):  # no meld may be added to a choice that reaches
            if picked and base + reach >= minimum and all(base + least - low[key] < minimum for key in picked):
                form = _fewest_wild_form(
                    [options[key] for key in picked],
                    [(low[key], high[key]) for key in picked],
                    twos,
                    jokers,
                    minimum,
                    chosen,
                    top=top,
                    allowed=allowed,
                )
                if form is not None:
                    yield form
            continue
        if base + reach + rest_high[i] < minimum:
            continue
        key = keys[i]
        stack.append((i + 1, picked, least, reach))
        stack.append((i + 1, (*picked, key), least + low[key], reach + high[key]))


def _fewest_wild_form(
    rows: Sequence[Sequence[_Option]],
    bounds: Sequence[tuple[int, int]],
    twos: int,
    jokers: int,
    minimum: int,
    chosen: tuple[Shape, ...],
    *,
    top: bool,
    allowed: Callable[[tuple[Shape, ...]], bool],
) -> tuple[Shape, ...] | None:
    """The least form of one new meld from each of ``rows`` (a key's shapes, in the order of what they
    keep low; ``bounds``: the least and most value of each) after ``chosen`` that ``allowed`` accepts,
    with the fewest wild cards, then jokers, then cards, or ``None``. A branch-and-bound search: cut
    where the cost cannot beat the best found, where the value cannot reach ``minimum``, or where it
    already lays down a meld or card too many."""
    count = len(rows)
    least = [(0, 0, 0)] * (count + 1)  # the least cost of the rows from each on: each row's first
    high, low = [0] * (count + 1), [0] * (count + 1)
    for i in range(count - 1, -1, -1):
        first, after = rows[i][0], least[i + 1]
        least[i] = (after[0] + first.wild, after[1] + first.jokers, after[2] + first.cards)
        low[i], high[i] = low[i + 1] + bounds[i][0], high[i + 1] + bounds[i][1]
    best: list[tuple[tuple[int, int, int], tuple[Shape, ...]]] = []

    def search(i: int, shapes: tuple[Shape, ...], cost: tuple[int, int, int], value: int, t: int, j: int) -> None:
        if i == count:
            if value >= minimum and not excess(shapes, value - minimum, top=top) and allowed(shapes):
                best[:] = [(cost, shapes)]
            return
        if value + high[i] < minimum:
            return
        rest = least[i + 1]
        for option in rows[i]:
            shape = option.shape
            if shape.twos > t or shape.jokers > j:
                continue
            total = (cost[0] + option.wild, cost[1] + option.jokers, cost[2] + option.cards)
            if best and (total[0] + rest[0], total[1] + rest[1], total[2] + rest[2]) >= best[0][0]:
                continue
            melds = (*shapes, shape)
            slack = value + option.value + low[i + 1] - minimum
            if slack >= 0 and excess(melds, slack, top=top):  # more cards only add to the slack
                continue
            search(i + 1, melds, total, value + option.value, t - shape.twos, j - shape.jokers)

    search(0, chosen, (0, 0, 0), sum(shape.value for shape in chosen), twos, jokers)
    return best[0][1] if best else None


def least_form(
    melds: list[list[Card]], minimum: int, *, top: bool
) -> tuple[list[list[Card]], list[list[Card]], list[tuple[int, Card]]]:
    """An initial meld's least form: the melds kept (``melds[0]`` stays if ``top``: the top card's
    meld, with its top card and pair), the melds dropped, and the cards dropped with the key of the
    meld each belongs to. Melds go first (black 3s first), then cards."""
    kept = [list(meld) for meld in melds]
    dropped: list[list[Card]] = []
    cards: list[tuple[int, Card]] = []
    while True:
        slack = sum(card_value(card) for meld in kept for card in meld) - minimum
        removable = [
            meld for i, meld in enumerate(kept) if not (top and i == 0) and sum(map(card_value, meld)) <= slack
        ]
        if removable:
            meld = min(removable, key=lambda m: read_group(m).rank is not Rank.THREE)
            kept.remove(meld)
            dropped.append(meld)
            continue
        for i, meld in enumerate(kept):
            card = _spare_card(meld, slack, fixed=int(top and i == 0))
            if card is not None:
                meld.remove(card)
                cards.append((meld_key(read_group(meld)), card))
                break
        else:
            return kept, dropped, cards


def _spare_card(meld: Sequence[Card], slack: int, *, fixed: int) -> Card | None:
    """A card of ``meld`` worth at most ``slack`` that it could do without and still be a meld."""
    for rank, value in _removable(Shape.of(read_group(meld)), fixed=fixed):
        if value <= slack:
            return [card for card in meld if card.rank == rank][-1]
    return None
