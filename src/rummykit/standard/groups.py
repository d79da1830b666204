"""The canasta family's melds as data: groups of one rank, their wild cards standing for it.

Every game of the family (Canasta, Samba, Hand and Foot, Buraco, Railroad Canasta) melds the same way: a
meld is cards of one rank, with at least so many natural cards and at most so many wild cards
([`MeldRules`][rummykit.core.melds.MeldRules]); some faces are never melded (red threes), some ranks only in
the turn a player goes out (black threes), some games allow melds of wild cards alone, and a meld of 7
cards or more is a canasta ([`Canastas`][rummykit.standard.canastas.Canastas]). A variant declares these
as a [`Groups`][rummykit.standard.groups.Groups] record, and gets from it the reading of a group, the
adding of a card to a meld, and the listing of meld plays.

Listing works on *shapes*: a meld up to suits, as its key (its rank, or `WILD_KEY` for a meld of wild
cards), how many natural cards, 2s and jokers it holds. Suits never matter in the family's melds, so a
meld play is fixed by its shapes; `shape_cards` turns shapes back into a hand's cards. The family's wild
cards are its 2s and jokers (`Groups` checks it).

Examples:
    >>> from rummykit.core.cards import parse_cards
    >>> from rummykit.standard.canastas import Canasta, Canastas
    >>> groups = Groups(
    ...     melds=MeldRules(wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")), set_ranks=frozenset(Rank(r) for r in
    ...                     range(4, 15)), wilds_at_most_naturals=False, min_naturals=2, max_wilds=3,
    ...                     rules={"wilds": "CAN-12", "set": "CAN-12"}),
    ...     points={Rank.JOKER: 50, Rank.TWO: 20, Rank.ACE: 20, **{Rank(r): 10 for r in range(8, 14)},
    ...             **{Rank(r): 5 for r in range(3, 8)}},
    ...     canastas=Canastas(kinds=(Canasta("natural", 500, natural=True), Canasta("mixed", 300)), rule="CAN-14"),
    ...     never=frozenset(parse_cards("3H 3D")), going_out_only=frozenset({Rank.THREE}), going_out_most=4,
    ...     ids=GroupRuleIds(never="CAN-9", going_out="CAN-17", one_per_key="CAN-13"),
    ... )
    >>> meld = groups.read(parse_cards("KH KS 2D"))
    >>> str(meld), groups.key(meld), groups.value(meld.cards)
    ('KH KS 2D(K)', 13, 40)
    >>> groups.read(parse_cards("3H 3D 3D"))
    Traceback (most recent call last):
    ...
    rummykit.core.errors.IllegalActionError: 3H is never melded (3H 3D 3D) (CAN-9)
    >>> [(s.naturals, s.twos, s.jokers) for s in groups.shapes(13, 2, 1, 1)]  # a new meld of kings, from KK 2 JK
    [(2, 0, 1), (2, 1, 0), (2, 1, 1)]
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Final, NamedTuple

import attrs

from rummykit.core.cards import Card, Rank
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import Meld, MeldKind, MeldRules, read_set
from rummykit.standard.canastas import Canasta, Canastas

__all__ = [
    "WILD",
    "WILD_KEY",
    "GroupRuleIds",
    "Groups",
    "Shape",
    "canonical_order",
    "left_after",
    "rank_counts",
    "shape_cards",
]

WILD: Final = "wild"
"""The kind of a meld of wild cards alone (`Groups.wild_melds`)."""
WILD_KEY: Final = 0
"""The key of melds of wild cards among rank keys: they count as one rank (one open meld of them at a time)."""
_TWO, _JOKER = int(Rank.TWO), int(Rank.JOKER)
_WILD_RANKS: Final = frozenset({Rank.TWO, Rank.JOKER})
_INDEX = operator.attrgetter("index")


def _shown(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


@attrs.frozen(kw_only=True)
class GroupRuleIds:
    """The rules a refused group cites, by what they rule (the meld shapes' own are `MeldRules.rules`).

    Attributes:
        never: a face that is never melded (`Groups.never`: red threes).
        going_out: a rank melded only when going out (`Groups.going_out_only`: black threes).
        wild_meld: a meld of wild cards alone (`Groups.wild_melds`).
        closed: a canasta takes no more cards (`Canastas.closed`); ``""``: `Canastas.rule`.
        one_per_key: one meld of a rank a side at a time (`Groups.one_open_per_key`).
    """

    never: str = ""
    going_out: str = ""
    wild_meld: str = ""
    closed: str = ""
    one_per_key: str = ""


@attrs.frozen(order=True)
class Shape:
    """A meld up to suits: its key (a rank, or `WILD_KEY`), its natural cards, 2s and jokers."""

    key: int
    naturals: int
    twos: int = 0
    jokers: int = 0

    @property
    def size(self) -> int:
        """How many cards."""
        return self.naturals + self.twos + self.jokers

    @property
    def wilds(self) -> int:
        """How many wild cards."""
        return self.twos + self.jokers


_KINDS_KEPT: Final = 4096
"""The most melds whose kind of canasta `Groups.kind_of` remembers."""


@attrs.frozen(kw_only=True)
class Groups:
    """A canasta-family variant's melds, as data.

    Attributes:
        melds: the shape of a meld of one rank: which faces are wild (2s and jokers), which ranks meld
            (``set_ranks``), the sizes (``min_set``, ``max_set``: Railroad Canasta's 7), the fewest natural
            and most wild cards, the ranks that take no wild card, and the rules they cite.
        points: what each rank is worth, for the initial meld's count and the score.
        canastas: what a canasta is, its kinds and bonuses.
        wild_melds: a meld may be of wild cards alone, ``min_set`` to ``max_set`` of them (Railroad
            Canasta's RC-9).
        never: faces never melded (red threes, which a seat lays out instead: worth nothing as cards).
        going_out_only: ranks melded only in the turn their player goes out, natural cards alone (black
            threes), ``min_set`` to `going_out_most` of them; never a canasta.
        going_out_most: the most cards of such a meld (``None``: no limit).
        one_open_per_key: a seat (or side) has at most one meld of a rank that is not a closed canasta
            (Railroad Canasta's RC-11), rather than at most one meld of a rank at all (Canasta's CAN-13).
        ids: the rules a refusal cites.
    """

    melds: MeldRules
    points: Mapping[Rank, int]
    canastas: Canastas
    wild_melds: bool = False
    never: frozenset[Card] = frozenset()
    going_out_only: frozenset[Rank] = frozenset()
    going_out_most: int | None = None
    one_open_per_key: bool = False
    ids: GroupRuleIds = GroupRuleIds()
    never_indices: frozenset[int] = attrs.field(init=False, eq=False, repr=False)
    """The faces of `never` as face indexes (`Card.index`), to find one among card ids in one pass."""
    _shapes_of: dict[tuple[int, int, int, int, int], tuple[Shape, ...]] = attrs.field(
        init=False, eq=False, repr=False, factory=dict
    )
    _kinds: dict[int, tuple[Meld, Canasta | None]] = attrs.field(init=False, eq=False, repr=False, factory=dict)
    """`kind_of`'s answers, by the meld's identity, with the meld (kept, so that no other has its id)."""

    def __attrs_post_init__(self) -> None:
        wild_ranks = {card.rank for card in self.melds.wild_faces}
        if not wild_ranks <= _WILD_RANKS:
            raise ValueError(f"the canasta family's wild cards are 2s and jokers, not {sorted(wild_ranks)}")
        object.__setattr__(self, "never_indices", frozenset(card.index for card in self.never))

    # -- cards and melds ------------------------------------------------------------------------------

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild."""
        return card in self.melds.wild_faces

    def card_value(self, card: Card) -> int:
        """What ``card`` is worth (a face that is never melded: nothing as a card)."""
        return 0 if card.index in self.never_indices else self.points[card.rank]

    def value(self, cards: Iterable[Card]) -> int:
        """What ``cards`` are worth together."""
        return sum(map(self.card_value, cards))

    def key(self, meld: Meld) -> int:
        """The rank a meld counts as (`WILD_KEY` for a meld of wild cards)."""
        return WILD_KEY if meld.kind == WILD else int(meld.ranks[0])

    def is_going_out_meld(self, meld: Meld) -> bool:
        """A meld of a rank melded only when going out (black threes)."""
        return meld.kind == MeldKind.SET and meld.ranks[0] in self.going_out_only

    def is_canasta(self, meld: Meld) -> bool:
        """Whether ``meld`` is a canasta (of any kind)."""
        return self.kind_of(meld) is not None

    def is_closed(self, meld: Meld) -> bool:
        """A canasta that takes no more cards (`Canastas.closed`)."""
        return self.canastas.closed and len(meld.cards) >= self.canastas.size and not self.is_going_out_meld(meld)

    def kind_of(self, meld: Meld) -> Canasta | None:
        """The kind of canasta ``meld`` is, or ``None``. Remembered by the meld's identity: every view
        asks it of every meld on the table, and melds never change (a lay-off makes a new one)."""
        known = self._kinds.get(id(meld))
        if known is not None and known[0] is meld:
            return known[1]
        kind = None if self.is_going_out_meld(meld) else self.canastas.kind_of(meld, self.melds)
        if len(self._kinds) >= _KINDS_KEPT:
            self._kinds.clear()
        self._kinds[id(meld)] = (meld, kind)
        return kind

    def read(self, cards: Sequence[Card]) -> Meld:
        """``cards`` as a new meld, or raise citing the rule they break: a face never melded, a rank
        melded only when going out (alone, `min_set` or more), a meld of wild cards (if allowed), or a
        meld of one rank within the limits of `melds`."""
        rules = self.melds
        never = next((card for card in cards if card.index in self.never_indices), None)
        if never is not None:
            raise IllegalActionError(self.ids.never, f"{never} is never melded ({_shown(cards)})")
        naturals = [card for card in cards if card not in rules.wild_faces]
        special = next((card.rank for card in naturals if card.rank in self.going_out_only), None)
        if special is not None:
            if len(naturals) != len(cards) or any(card.rank is not special for card in naturals):
                reason = f"{special.symbol}s are melded alone, without wild or other cards ({_shown(cards)})"
                raise IllegalActionError(self.ids.going_out, reason)
            most = self.going_out_most
            if len(cards) < rules.min_set or (most is not None and len(cards) > most):
                sizes = f"{rules.min_set} or more" if most is None else f"{rules.min_set} to {most}"
                reason = f"a meld of {special.symbol}s has {sizes} cards ({_shown(cards)})"
                raise IllegalActionError(self.ids.going_out, reason)
            return Meld(MeldKind.SET, tuple(cards), (special,) * len(cards))
        if not naturals and self.wild_melds:
            most = rules.max_set
            if len(cards) < rules.min_set or (most is not None and len(cards) > most):
                sizes = f"{rules.min_set} or more" if most is None else f"{rules.min_set} to {most}"
                raise IllegalActionError(
                    self.ids.wild_meld, f"a wild meld is {sizes} wild cards, not {len(cards)} ({_shown(cards)})"
                )
            return Meld(WILD, tuple(cards), tuple(card.rank for card in cards))
        return read_set(cards, rules)

    def can_add(self, meld: Meld, card: Card) -> IllegalActionError | None:
        """Why ``card`` may not be added to ``meld`` (an error citing the rule), or ``None`` if it may."""
        rules, meld_rank = self.melds, meld.ranks[0]
        if card.index in self.never_indices:
            return IllegalActionError(self.ids.never, f"{card} is never melded")
        if self.is_going_out_meld(meld):
            if card.rank is not meld_rank:
                return IllegalActionError(self.ids.going_out, f"a meld of {meld_rank.symbol}s holds them alone")
            most = self.going_out_most
            if most is not None and len(meld.cards) >= most:
                return IllegalActionError(self.ids.going_out, f"a meld of {meld_rank.symbol}s has at most {most} cards")
            return None
        if self.is_closed(meld):
            return IllegalActionError(
                self.ids.closed or self.canastas.rule, f"{meld} is a canasta: no card may be added to it"
            )
        wild = self.is_wild(card)
        if meld.kind == WILD:
            if not wild:
                return IllegalActionError(self.ids.wild_meld, f"a wild meld holds wild cards only, not {card}")
            if rules.max_set is not None and len(meld.cards) >= rules.max_set:
                return IllegalActionError(self.ids.wild_meld, f"a wild meld holds at most {rules.max_set} cards")
            return None
        if not wild:
            if card.rank is meld_rank:
                return None
            return IllegalActionError(rules.rule("set"), f"{card} is not of the meld's rank ({meld_rank.symbol})")
        if meld_rank in rules.natural_only:
            return IllegalActionError(rules.rule("natural-only"), f"a meld of {meld_rank.symbol}s holds no wild cards")
        size, wilds = len(meld.cards) + 1, meld.wild_count(rules) + 1
        if size - wilds < rules.least_naturals(size, meld_rank):
            return IllegalActionError(rules.rule("wilds"), f"{meld} already holds {wilds - 1} wild cards, its most")
        return None

    def added(self, meld: Meld, card: Card) -> Meld:
        """``meld`` with ``card`` added (checked with `can_add` first): natural cards before wild cards."""
        cards = (*meld.cards, card)
        if meld.kind == WILD:
            return Meld(WILD, cards, tuple(c.rank for c in cards))
        order = sorted(cards, key=lambda c: (self.is_wild(c), c.rank is Rank.JOKER, c.index))
        return Meld(MeldKind.SET, tuple(order), (meld.rank,) * len(cards))

    def ordered_groups(self, melds: Sequence[Meld]) -> tuple[tuple[Card, ...], ...]:
        """The melds of one action as it records them: in rank order, wild melds last, each's cards in
        `ordered_cards` order."""
        ordered = sorted(melds, key=lambda meld: (self.key(meld) == WILD_KEY, self.key(meld)))
        return tuple(ordered_cards(meld.cards) for meld in ordered)

    # -- shapes -----------------------------------------------------------------------------------------

    def shape_of(self, meld: Meld) -> Shape:
        """The shape of a meld."""
        twos = sum(1 for card in meld.cards if card.rank is Rank.TWO)
        jokers = sum(1 for card in meld.cards if card.rank is Rank.JOKER)
        return Shape(self.key(meld), len(meld) - twos - jokers, twos, jokers)

    def shape_of_card(self, card: Card) -> Shape:
        """One card as a shape (a wild card: of a meld of wild cards)."""
        if self.is_wild(card):
            return Shape(WILD_KEY, 0, int(card.rank is Rank.TWO), int(card.rank is Rank.JOKER))
        return Shape(int(card.rank), 1)

    def natural_value(self, key: int) -> int:
        """What each natural card of a meld of ``key`` is worth."""
        return 0 if key == WILD_KEY else self.points[Rank(key)]

    def shape_value(self, shape: Shape) -> int:
        """What a shape's cards are worth (for an initial meld's minimum)."""
        return (
            self.natural_value(shape.key) * shape.naturals
            + self.points[Rank.TWO] * shape.twos
            + self.points[Rank.JOKER] * shape.jokers
        )

    def shape_kind(self, shape: Shape) -> Canasta | None:
        """The kind of canasta a shape is, if any (the first of `Canastas.kinds` it fits)."""
        if shape.size < self.canastas.size or (shape.key != WILD_KEY and shape.key in self.going_out_only):
            return None
        if shape.key != WILD_KEY and shape.key in self.canastas.never:
            return None
        for kind in self.canastas.kinds:
            if kind.wild:
                if shape.key == WILD_KEY:
                    return kind
                continue
            if shape.key == WILD_KEY or (kind.natural is not None and kind.natural != (shape.wilds == 0)):
                continue
            if kind.ranks is None or shape.key in kind.ranks:
                return kind
        return None

    def is_valid(self, shape: Shape) -> bool:
        """Whether a meld of ``shape`` may lie on the table."""
        return self._valid(shape.key, shape.naturals, shape.twos, shape.jokers)

    def _valid(self, key: int, naturals: int, twos: int, jokers: int) -> bool:
        """Whether a meld of this shape may lie on the table."""
        rules, size = self.melds, naturals + twos + jokers
        if size < rules.min_set:
            return False
        if key == WILD_KEY:
            return self.wild_melds and naturals == 0 and (rules.max_set is None or size <= rules.max_set)
        rank = Rank(key)
        if rank in self.going_out_only:
            return twos + jokers == 0 and (self.going_out_most is None or size <= self.going_out_most)
        if rules.max_set is not None and size > rules.max_set:
            return False
        return naturals >= rules.least_naturals(size, rank)

    def shapes(self, key: int, have: int, twos: int, jokers: int, *, extra: int = 0) -> tuple[Shape, ...]:
        """Every shape of a new meld of ``key`` from ``have`` natural cards of that rank, ``twos`` 2s and
        ``jokers`` jokers: by natural cards, then 2s, then jokers, fewest first. ``extra`` natural cards
        come from elsewhere (the top of the discard pile): they count in the shape on top of ``have``.
        Read once for each question (every listing of a meld play asks it)."""
        question = (key, have, twos, jokers, extra)
        found = self._shapes_of.get(question)
        if found is None:
            found = self._shapes_of[question] = tuple(self._shapes(key, have, twos, jokers, extra))
        return found

    def _shapes(self, key: int, have: int, twos: int, jokers: int, extra: int) -> Iterator[Shape]:
        rules = self.melds
        most = rules.max_set
        if key == WILD_KEY:
            if self.wild_melds:
                for t in range(twos + 1):
                    for j in range(jokers + 1):
                        if self._valid(WILD_KEY, 0, t, j):
                            yield Shape(WILD_KEY, 0, t, j)
            return
        rank, total = Rank(key), have + extra
        if rank in self.going_out_only:
            for n in range(rules.min_set, total + 1):
                if self._valid(key, n, 0, 0):
                    yield Shape(key, n)
            return
        cap = 0 if rank in rules.natural_only else twos + jokers if rules.max_wilds is None else rules.max_wilds
        top = total if most is None else min(total, most)
        for n in range(rules.min_naturals, top + 1):
            for t in range(min(twos, cap) + 1):
                for j in range(min(jokers, cap - t) + 1):
                    if self._valid(key, n, t, j):
                        yield Shape(key, n, t, j)

    def keys(self, counts: Sequence[int], exclude: Iterable[int]) -> list[int]:
        """The keys a hand of ``counts`` (`rank_counts`) could start a meld of, but those of ``exclude``:
        ranks melded only when going out first, then the other ranks, then wild melds."""
        excluded, rules = set(exclude), self.melds
        special = [int(r) for r in sorted(self.going_out_only) if counts[r] >= rules.min_set and r not in excluded]
        keys = [
            int(r)
            for r in sorted(rules.set_ranks)
            if r not in self.going_out_only and counts[r] >= rules.min_naturals and r not in excluded
        ]
        wild = [WILD_KEY] if self.wild_melds and counts[_TWO] + counts[_JOKER] >= rules.min_set else []
        return special + keys + ([] if WILD_KEY in excluded else wild)

    # -- initial melds and their least forms ----------------------------------------------------------

    def removable(self, shape: Shape, *, fixed: int = 0) -> Iterator[tuple[int, int]]:
        """The ranks (and values) of the cards ``shape`` could do without and still be a meld; ``fixed``
        more natural cards stay (the top card's meld keeps its top card and pair)."""
        if shape.size <= self.melds.min_set:
            return
        key, n, t, j = shape.key, shape.naturals, shape.twos, shape.jokers
        least = (
            self.melds.min_set if key != WILD_KEY and key in self.going_out_only else self.melds.min_naturals
        ) + fixed
        if key != WILD_KEY and n > least and self._valid(key, n - 1, t, j):
            yield key, self.natural_value(key)
        if t and self._valid(key, n, t - 1, j):
            yield _TWO, self.points[Rank.TWO]
        if j and self._valid(key, n, t, j - 1):
            yield _JOKER, self.points[Rank.JOKER]

    def excess(self, shapes: Sequence[Shape], slack: int, *, top: bool = False) -> bool:
        """An initial meld worth ``slack`` more than its minimum could do without one of its melds or
        one of their cards: it is not a least form. With ``top``, ``shapes[0]`` is the top card's meld,
        which stays, with its top card and pair."""
        for i, shape in enumerate(shapes):
            fixed = 1 if top and i == 0 else 0
            if not fixed and self.shape_value(shape) <= slack:
                return True
            if any(value <= slack for _, value in self.removable(shape, fixed=fixed)):
                return True
        return False

    def initial_melds(
        self,
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
        """The initial melds a listing names: for each choice of keys, one least form (it reaches
        ``minimum`` and lays down nothing it could do without), the one with the fewest wild cards, then
        the fewest jokers, then the fewest cards, of those ``allowed`` accepts. New melds come from a hand
        of ``counts`` with ``twos`` and ``jokers`` to share, at most one a key of ``keys``, after
        ``chosen`` (with ``top``: the top card's meld, which stays).

        The choices of keys are bounded by the keys, never by the hand: a choice is tried only if every
        meld of it is needed (without any one of them, the others at their least value fall short).
        """
        options: dict[int, list[_Option]] = {}
        for key in keys:
            found = [self._option(shape) for shape in self.shapes(key, counts[key], twos, jokers)]
            if found:
                options[key] = sorted(found, key=lambda option: (option.wild, option.jokers, option.cards))
        keys = list(options)
        low = {key: min(option.value for option in options[key]) for key in keys}
        high = {key: max(option.value for option in options[key]) for key in keys}
        base = sum(map(self.shape_value, chosen))
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
                    form = self._fewest_wild_form(
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

    def _option(self, shape: Shape) -> _Option:
        return _Option(shape, shape.wilds, shape.jokers, shape.size, self.shape_value(shape))

    def _fewest_wild_form(
        self,
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
                if value >= minimum and not self.excess(shapes, value - minimum, top=top) and allowed(shapes):
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
                if slack >= 0 and self.excess(melds, slack, top=top):  # more cards only add to the slack
                    continue
                search(i + 1, melds, total, value + option.value, t - shape.twos, j - shape.jokers)

        search(0, chosen, (0, 0, 0), sum(map(self.shape_value, chosen)), twos, jokers)
        return best[0][1] if best else None

    def least_form(
        self, melds: list[list[Card]], minimum: int, *, top: bool
    ) -> tuple[list[list[Card]], list[list[Card]], list[tuple[int, Card]]]:
        """An initial meld's least form: the melds kept (``melds[0]`` stays if ``top``: the top card's
        meld, with its top card and pair), the melds dropped, and the cards dropped with the key of the
        meld each belongs to. Melds go first (those melded only when going out first), then cards."""
        kept = [list(meld) for meld in melds]
        dropped: list[list[Card]] = []
        cards: list[tuple[int, Card]] = []
        while True:
            slack = sum(self.value(meld) for meld in kept) - minimum
            removable = [meld for i, meld in enumerate(kept) if not (top and i == 0) and self.value(meld) <= slack]
            if removable:
                meld = min(removable, key=lambda m: not self.is_going_out_meld(self.read(m)))
                kept.remove(meld)
                dropped.append(meld)
                continue
            for i, meld in enumerate(kept):
                card = self._spare_card(meld, slack, fixed=int(top and i == 0))
                if card is not None:
                    meld.remove(card)
                    cards.append((self.key(self.read(meld)), card))
                    break
            else:
                return kept, dropped, cards

    def _spare_card(self, meld: Sequence[Card], slack: int, *, fixed: int) -> Card | None:
        """A card of ``meld`` worth at most ``slack`` that it could do without and still be a meld."""
        for rank, value in self.removable(self.shape_of(self.read(meld)), fixed=fixed):
            if value <= slack:
                return [card for card in meld if card.rank == rank][-1]
        return None


class _Option(NamedTuple):
    """A shape a new meld of a key may take, with what a listed initial meld keeps low in it (its wild
    cards, jokers and cards) and its value."""

    shape: Shape
    wild: int
    jokers: int
    cards: int
    value: int


def _wild_order(card: Card) -> int:
    return 2 if card.rank is Rank.JOKER else 1 if card.rank is Rank.TWO else 0


def ordered_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a meld as a meld action records them: natural cards, then 2s, then jokers, cards of
    one kind in the order given."""
    return tuple(sorted(cards, key=_wild_order))


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """How many cards of each rank (indexed by rank value, 2 to 15 for jokers; 0, `WILD_KEY`, holds none)."""
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


def shape_cards(shapes: Sequence[Shape], hand: Iterable[Card], *, skip: Sequence[int] = ()) -> list[tuple[Card, ...]]:
    """The hand's faces that lay down ``shapes`` in canonical form: for each rank the hand's cards in
    suit order, each meld's natural cards then 2s then jokers. ``skip[i]`` natural cards of meld ``i``
    come from elsewhere and are left out."""
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
    """Melds of one action in rank order, wild melds last."""
    return tuple(sorted(shapes, key=lambda s: (s.key == WILD_KEY, s.key, s.naturals, s.twos, s.jokers)))
