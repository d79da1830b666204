"""Melds: sets and runs, the rank each wild card stands for, and the shape rules as data.

A variant describes its melds with a [`MeldRules`][rummykit.core.melds.MeldRules] record (which faces are
wild, which ranks may form sets, the order of ranks in a run, minimum sizes, the wild-card limit, the
rule ids to cite). [`read_meld`][rummykit.core.melds.read_meld] turns a group of cards into a
[`Meld`][rummykit.core.melds.Meld] under those rules, and [`extend_meld`][rummykit.core.melds.extend_meld] adds
one card to a meld on the table.

Cards of a run are listed from low to high; a wild card stands for the rank of its place (G-5).

Examples:
    >>> from rummykit.core.cards import parse_cards
    >>> rules = MeldRules(
    ...     wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")),
    ...     set_ranks=frozenset(Rank(r) for r in range(3, 15)),
    ...     run_order=tuple(Rank(r) for r in range(3, 15)),
    ...     min_set=3, min_run=4, wilds_at_most_naturals=True,
    ...     rules={"wilds": "RR-7", "set": "RR-8", "run": "RR-9"},
    ... )
    >>> meld = read_meld(parse_cards("4H JK 6S 7D"), rules)
    >>> meld.kind == MeldKind.RUN, [r.symbol for r in meld.ranks]
    (True, ['4', '5', '6', '7'])
    >>> str(meld)
    '4H JK(5) 6S 7D'
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Mapping, Sequence

import attrs

from rummykit.core import pictures
from rummykit.core.cards import Card, Rank
from rummykit.core.errors import IllegalActionError

__all__ = ["Meld", "MeldKind", "MeldRules", "RunEnd", "can_extend", "extend_meld", "read_meld"]


class MeldKind(enum.StrEnum):
    """The kinds of meld of the standard rummy. A meld's kind is a string, and a variant may have
    kinds of its own (Railroad Canasta's wild melds, ``"wild"``): compare kinds with ``==``."""

    SET = "set"
    """Cards of one rank (suits do not matter, or must differ, as the variant says)."""
    RUN = "run"
    """Cards of consecutive ranks."""


class RunEnd(enum.StrEnum):
    """Which end of a run a card extends."""

    LOW = "low"
    HIGH = "high"


@attrs.frozen(kw_only=True)
class MeldRules:
    """The shape rules of a variant's sets and runs, as data.

    Attributes:
        wild_faces: faces that are wild (``2C 2D 2H 2S JK`` in RailRoad Rummy; default none).
        set_ranks: ranks whose natural cards may form a set (default: every rank but the joker).
        run_order: ranks from low to high in which runs are built; empty (the default) if the game
            has no runs. A rank may appear at both ends (classic Rummy's ace: ``A 2 … K A``); a run never
            uses one rank twice, so it never wraps.
        min_set, min_run: smallest sets and runs.
        max_set: largest set (``None``: no limit).
        suited_runs: every natural card of a run has the same suit.
        wilds_at_most_naturals: a meld never holds more wild cards than natural cards.
        min_naturals: the fewest natural cards of any meld (the canasta family's 2; at least 1: a meld
            has a natural card to tell its rank).
        max_wilds: the most wild cards of any meld (the canasta family's 3; ``None``: no limit of its own).
        natural_only: ranks whose sets hold no wild card at all (Railroad Canasta's 7s).
        rules: the rule ids to cite for broken shapes: keys ``"wilds"`` (the wild-card limits),
            ``"set"`` and ``"run"``, and ``"natural-only"`` (a wild card in a set of a `natural_only`
            rank; ``"wilds"``'s rule if not given).

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> canasta = MeldRules(wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")), wilds_at_most_naturals=False,
        ...                     min_naturals=2, max_wilds=3, natural_only=frozenset({Rank.SEVEN}))
        >>> [canasta.least_naturals(size) for size in range(3, 9)]  # at least 2, and all but 3 at most wild
        [2, 2, 2, 3, 4, 5]
        >>> canasta.least_naturals(4, Rank.SEVEN)
        4
    """

    wild_faces: frozenset[Card] = frozenset()
    set_ranks: frozenset[Rank] = frozenset(rank for rank in Rank if rank is not Rank.JOKER)
    run_order: tuple[Rank, ...] = ()
    min_set: int = 3
    max_set: int | None = None
    min_run: int = 3
    suited_runs: bool = False
    wilds_at_most_naturals: bool = True
    min_naturals: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    max_wilds: int | None = attrs.field(default=None, validator=attrs.validators.optional(attrs.validators.ge(0)))
    natural_only: frozenset[Rank] = frozenset()
    rules: Mapping[str, str] = attrs.field(factory=dict)
    wild_indices: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The face indices of `wild_faces`, in card order (worked out once)."""
    run_values: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """`run_order` as rank values (worked out once)."""
    _positions: dict[tuple[Rank, ...], int | None] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "wild_indices", tuple(sorted(card.index for card in self.wild_faces)))
        object.__setattr__(self, "run_values", tuple(int(rank) for rank in self.run_order))
        object.__setattr__(self, "_positions", {})

    def is_wild(self, card: Card) -> bool:
        """True if ``card`` is wild under these rules."""
        return card in self.wild_faces

    def rule(self, key: str) -> str:
        """The rule id for a broken shape (``"wilds"``, ``"set"``, ``"run"``; ``"natural-only"``, else the
        wild-card limits' rule)."""
        if key == "natural-only" and key not in self.rules:
            key = "wilds"
        return self.rules.get(key, key)

    def least_naturals(self, size: int, rank: Rank | None = None) -> int:
        """The fewest natural cards a meld of ``size`` cards may hold under the wild-card limits (of a set
        of ``rank``, where a `natural_only` rank takes no wild card): the one place every reader, listing
        and solver asks."""
        if rank is not None and rank in self.natural_only:
            return size
        least = max(self.min_naturals, (size + 1) // 2 if self.wilds_at_most_naturals else 1)
        if self.max_wilds is not None:
            least = max(least, size - self.max_wilds)
        return min(least, size)

    def run_positions(self, ranks: Sequence[Rank]) -> int | None:
        """The index in `run_order` of the first of ``ranks``, if they are a slice of it
        (remembered: the runs on a table are asked about every turn)."""
        key = tuple(ranks)
        known = self._positions.get(key, -1)
        if known != -1:
            return known
        order = self.run_order
        n = len(key)
        found = next((start for start in range(len(order) - n + 1) if order[start : start + n] == key), None)
        if len(self._positions) < 4096:
            self._positions[key] = found
        return found


@attrs.frozen
class Meld:
    """A set or a run: its cards in order and the rank each card stands for.

    For a natural card the rank is its own; for a wild card it is the rank it stands for, fixed
    when it was laid down (RR-9). A run's cards go from low to high.
    """

    kind: str
    """[`MeldKind`][rummykit.core.melds.MeldKind] ``SET`` or ``RUN``, or a variant's own kind."""
    cards: tuple[Card, ...]
    ranks: tuple[Rank, ...]

    @property
    def rank(self) -> Rank:
        """A set's rank (for a run: its lowest rank)."""
        return self.ranks[0]

    def wild_count(self, rules: MeldRules) -> int:
        """How many of the cards are wild under ``rules``."""
        return sum(1 for card in self.cards if card in rules.wild_faces)

    def __len__(self) -> int:
        return len(self.cards)

    def _repr_svg_(self) -> str:
        """The meld as a picture, for Jupyter ([`rummykit.svg.meld`][rummykit.svg.meld])."""
        return str(pictures.painter().meld(self))

    def __str__(self) -> str:
        parts = []
        for card, rank in zip(self.cards, self.ranks, strict=True):
            text = str(card)
            if card.is_joker or card.rank is not rank:
                text += f"({rank.symbol})"
            parts.append(text)
        return " ".join(parts)


def _refuse(rules: MeldRules, key: str, reason: str) -> IllegalActionError:
    return IllegalActionError(rules.rule(key), reason)


def _check_wild_limit(cards: Sequence[Card], wilds: int, rules: MeldRules, rank: Rank | None = None) -> None:
    """The wild-card limits of `MeldRules` for ``cards`` (``wilds`` of them wild; a set of ``rank``)."""
    naturals = len(cards) - wilds
    if naturals >= rules.least_naturals(len(cards), rank):
        return
    if rank is not None and rank in rules.natural_only:
        raise _refuse(rules, "natural-only", f"{_fmt(cards)}: a meld of {rank.symbol}s holds no wild card")
    if rules.max_wilds is not None and wilds > rules.max_wilds:
        raise _refuse(rules, "wilds", f"{_fmt(cards)} holds {wilds} wild cards; a meld holds at most {rules.max_wilds}")
    if naturals < rules.min_naturals:
        raise _refuse(
            rules,
            "wilds",
            f"{_fmt(cards)} holds {naturals} natural card{'s' * (naturals != 1)}; "
            f"a meld holds at least {rules.min_naturals}",
        )
    raise _refuse(
        rules,
        "wilds",
        f"{_fmt(cards)} holds {wilds} wild cards and only {naturals} natural card{'s' * (naturals != 1)}; "
        "a meld never holds more wild cards than natural cards",
    )


def _fmt(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def read_set(cards: Sequence[Card], rules: MeldRules) -> Meld:
    """``cards`` as a set under ``rules``, or raise
    [`IllegalActionError`][rummykit.core.errors.IllegalActionError] citing the set rule."""
    wild = rules.wild_faces
    naturals = [c for c in cards if c not in wild]
    if len(cards) < rules.min_set:
        raise _refuse(rules, "set", f"{_fmt(cards)} is {len(cards)} cards; a set needs at least {rules.min_set}")
    if rules.max_set is not None and len(cards) > rules.max_set:
        raise _refuse(rules, "set", f"{_fmt(cards)} is {len(cards)} cards; a set holds at most {rules.max_set}")
    if not naturals:
        raise _refuse(rules, "wilds", f"{_fmt(cards)} has no natural card to give the set a rank")
    rank = naturals[0].rank
    if any(c.rank is not rank for c in naturals):
        raise _refuse(rules, "set", f"{_fmt(cards)} mixes ranks; the natural cards of a set all have one rank")
    if rank not in rules.set_ranks:
        raise _refuse(rules, "set", f"{_fmt(cards)}: {rank.symbol}s cannot form a set")
    _check_wild_limit(cards, len(cards) - len(naturals), rules, rank)
    return Meld(MeldKind.SET, tuple(cards), (rank,) * len(cards))


def read_run(cards: Sequence[Card], rules: MeldRules) -> Meld:
    """``cards`` (low to high) as a run under ``rules``, or raise citing the run rule; cards that
    would be a run in another order are refused citing G-5 (a run is listed from low to high)."""
    try:
        return _read_run(cards, rules)
    except IllegalActionError as err:
        if err.rule != rules.rule("run"):
            raise
        ordered = _ordered_run(cards, rules)
        if ordered is None:
            raise
        raise IllegalActionError(
            "G-5",
            f"{_fmt(cards)} is listed out of order: a run's cards go from low to high, each wild card in the "
            f"place of the rank it stands for ({_fmt(ordered)})",
        ) from None


def _ordered_run(cards: Sequence[Card], rules: MeldRules) -> tuple[Card, ...] | None:
    """``cards`` in an order in which they are a run under ``rules``, if their natural cards are not
    listed low to high and there is one: their natural cards by rank, wild cards in the gaps, then
    beyond the highest card (or below the lowest where nothing can go above). (Natural cards listed
    low to high fix the ranks of the wild cards between and around them, G-5: whether those ranks
    may be in a run is the run rule's to say.)"""
    wild = rules.wild_faces
    naturals = [card for card in cards if card not in wild]
    wilds = [card for card in cards if card in wild]
    order = rules.run_order
    places = [[i for i, rank in enumerate(order) if rank is card.rank] for card in naturals]
    if not naturals or any(not choices for choices in places):
        return None
    choices = list(itertools.product(*places))
    if any(all(a < b for a, b in itertools.pairwise(choice)) for choice in choices):
        return None  # listed low to high already
    for choice in choices:
        if len(set(choice)) != len(choice):
            continue
        lowest, highest = min(choice), max(choice)
        gaps = highest - lowest + 1 - len(naturals)
        extra = len(wilds) - gaps
        if gaps < 0 or extra < 0:
            continue
        start = max(0, min(lowest, len(order) - (highest - lowest + 1 + extra)))
        by_place = dict(zip(choice, naturals, strict=True))
        spare = iter(wilds)
        ordered = tuple(by_place.get(place) or next(spare) for place in range(start, start + len(cards)))
        if ordered == tuple(cards) or start + len(cards) > len(order):
            continue
        try:
            _read_run(ordered, rules)
        except IllegalActionError:
            continue
        return ordered
    return None


def _read_run(cards: Sequence[Card], rules: MeldRules) -> Meld:
    order = rules.run_order
    wild = rules.wild_faces
    if not order:
        raise _refuse(rules, "run", "this game has no runs")
    if len(cards) < rules.min_run:
        raise _refuse(rules, "run", f"{_fmt(cards)} is {len(cards)} cards; a run needs at least {rules.min_run}")
    first_natural = next((i for i, c in enumerate(cards) if c not in wild), None)
    if first_natural is None:
        raise _refuse(rules, "wilds", f"{_fmt(cards)} has no natural card to fix the run's ranks")
    anchor = cards[first_natural]
    suit = anchor.suit
    # The anchor's rank may sit at more than one place of the order (an ace low or high); try each.
    for pos in (i for i, r in enumerate(order) if r is anchor.rank):
        start = pos - first_natural
        if start < 0 or start + len(cards) > len(order):
            continue
        ranks = order[start : start + len(cards)]
        if len(set(ranks)) != len(ranks):
            continue
        if all(c in wild or c.rank is r for c, r in zip(cards, ranks, strict=True)):
            if rules.suited_runs and any(c not in wild and c.suit is not suit for c in cards):
                raise _refuse(rules, "run", f"{_fmt(cards)} mixes suits; a run's cards are all of one suit")
            _check_wild_limit(cards, sum(1 for c in cards if c in wild), rules)
            return Meld(MeldKind.RUN, tuple(cards), tuple(ranks))
    first, last = order[0].symbol, order[-1].symbol
    raise _refuse(
        rules,
        "run",
        f"{_fmt(cards)} is not a run: listed low to high, each card must be the next rank "
        f"(or a wild card standing for it) within {first} to {last}",
    )


def read_meld(cards: Sequence[Card], rules: MeldRules, kind: str | None = None) -> Meld:
    """``cards`` as a meld under ``rules``: a set or a run (low to high), whichever they form.

    With ``kind`` given, only that kind is tried. A group cannot be both: a set's naturals share a rank,
    a run's never do. Raises [`IllegalActionError`][rummykit.core.errors.IllegalActionError] citing the rule
    that is broken.
    """
    if kind == MeldKind.SET:
        return read_set(cards, rules)
    if kind == MeldKind.RUN:
        return read_run(cards, rules)
    naturals = [c for c in cards if c not in rules.wild_faces]
    if len({c.rank for c in naturals}) <= 1 or not rules.run_order:
        return read_set(cards, rules)
    return read_run(cards, rules)


def can_extend(meld: Meld, card: Card, rules: MeldRules, end: RunEnd | None = None) -> bool:
    """True if [`extend_meld`][rummykit.core.melds.extend_meld] would accept ``card`` (a cheap test: no error is
    built)."""
    wild = card in rules.wild_faces
    if meld.kind == MeldKind.SET:
        size = len(meld.cards) + 1
        if (not wild and card.rank is not meld.rank) or (rules.max_set is not None and size > rules.max_set):
            return False
    else:
        start = rules.run_positions(meld.ranks)
        if start is None:
            return False
        order = rules.run_order
        if end is None:
            if wild:
                return False
            end = RunEnd.LOW if start > 0 and order[start - 1] is card.rank else RunEnd.HIGH
        position = start - 1 if end is RunEnd.LOW else start + len(meld.ranks)
        if not 0 <= position < len(order) or order[position] in meld.ranks:
            return False
        if not wild and card.rank is not order[position]:
            return False
        if rules.suited_runs and not wild:
            suit = next(c.suit for c in meld.cards if c not in rules.wild_faces)
            if card.suit is not suit:
                return False
    size = len(meld.cards) + 1
    naturals = size - sum(1 for c in meld.cards if c in rules.wild_faces) - wild
    return naturals >= rules.least_naturals(size, meld.rank if meld.kind == MeldKind.SET else None)


def extend_meld(meld: Meld, card: Card, rules: MeldRules, end: RunEnd | None = None) -> Meld:
    """The meld with ``card`` added (at ``end`` of a run), or raise citing the broken rule.

    A set takes a natural card of its rank or a wild card. A run takes a card that extends it at
    one end: a natural card of the next rank, or a wild card standing for it. A natural card fits
    at most one end, so ``end`` may be left out for it; a wild card must say which end (G-5).
    """
    wild = card in rules.wild_faces
    if meld.kind == MeldKind.SET:
        if not wild and card.rank is not meld.rank:
            raise _refuse(rules, "set", f"{card} is not a {meld.rank.symbol} or a wild card, so it cannot join {meld}")
        cards = (*meld.cards, card)
        if rules.max_set is not None and len(cards) > rules.max_set:
            raise _refuse(rules, "set", f"the set {meld} already holds {rules.max_set} cards")
        _check_wild_limit(cards, sum(1 for c in cards if c in rules.wild_faces), rules, meld.rank)
        return Meld(MeldKind.SET, cards, (*meld.ranks, meld.rank))
    start = rules.run_positions(meld.ranks)
    order = rules.run_order
    if start is None:  # pragma: no cover - a run on the table always fits its own order
        raise _refuse(rules, "run", f"{meld} is not a run of this game")
    below = order[start - 1] if start > 0 else None
    above = order[start + len(meld.ranks)] if start + len(meld.ranks) < len(order) else None
    if below is not None and below in meld.ranks:
        below = None
    if above is not None and above in meld.ranks:
        above = None
    if end is None and not wild:
        end = RunEnd.LOW if below is not None and card.rank is below else RunEnd.HIGH
    if end is None:
        raise IllegalActionError("G-5", f"a wild card laid off on a run says which end of {meld} it extends")
    target = below if end is RunEnd.LOW else above
    if target is None:
        where = "below" if end is RunEnd.LOW else "above"
        raise _refuse(rules, "run", f"nothing can go {where} {meld}: the run ends there")
    if not wild and card.rank is not target:
        raise _refuse(
            rules, "run", f"{card} does not extend {meld} at its {end.value} end: that takes a {target.symbol}"
        )
    if rules.suited_runs and not wild:
        suit = next(c.suit for c in meld.cards if c not in rules.wild_faces)
        if card.suit is not suit:
            raise _refuse(rules, "run", f"{card} is not of the run's suit, so it cannot join {meld}")
    if end is RunEnd.LOW:
        cards, ranks = (card, *meld.cards), (target, *meld.ranks)
    else:
        cards, ranks = (*meld.cards, card), (*meld.ranks, target)
    _check_wild_limit(cards, sum(1 for c in cards if c in rules.wild_faces), rules)
    return Meld(MeldKind.RUN, cards, ranks)
