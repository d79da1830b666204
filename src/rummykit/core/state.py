"""The one mutable object: [`GameState`][rummykit.core.state.GameState], and the records it keeps.

Only the engine changes a state, through [`rummykit.core.engine.Game.apply`][rummykit.core.engine.Game.apply],
after every rule has been checked. Physical cards are card ids ([`rummykit.core.cards`][rummykit.core.cards]);
``face(cid)`` gives the face. Piles are lists whose *last* item is the top card.

Every card is in a place the core knows: a hand, a shared pile, a seat's own pile (``seat_piles``: a
Canasta kitty, its placed red 3s) or a table meld. A variant keeps what else only it needs (RailRoad
Rummy's HMGs and claim window) in fields of its own: its state is a subclass of
[`GameState`][rummykit.core.state.GameState] (the standard rummy's is
[`StandardState`][rummykit.standard.state.StandardState]), typed, and copied, saved and loaded with the
core's fields, with no code of its own.

Examples:
    >>> import attrs
    >>> @attrs.define(kw_only=True)
    ... class MyState(GameState):
    ...     bonus: list[int] = attrs.Factory(list)
    >>> state = MyState(config=None, rules=None, hands=[[1, 2], [3]], bonus=[0, 5])  # type: ignore[arg-type]
    >>> copy = state.copy()
    >>> copy.bonus.append(9); copy.hands[0].pop()
    2
    >>> state.bonus, state.hands
    ([0, 5], [[1, 2], [3]])
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, NamedTuple, TypeVar

import attrs

from rummykit.core import pictures
from rummykit.core.actions import Action
from rummykit.core.cards import Card, CardId, face
from rummykit.core.melds import Meld
from rummykit.core.specs import GameSettings, Ruleset

__all__ = [
    "CACHE",
    "DRAW",
    "JOURNAL",
    "OVER",
    "PLAY",
    "GameState",
    "Phase",
    "Place",
    "RoundEnd",
    "RoundResult",
    "ScoreItem",
    "SeatResult",
    "SeatScore",
    "TableMeld",
    "cache",
    "in_hand",
    "in_pile",
    "in_seat_pile",
    "on_table",
]

CACHE = "rummykit.cache"
"""The metadata key of a state field declared with [`cache`][rummykit.core.state.cache]."""
JOURNAL = "rummykit.journal"
"""The metadata key of [`GameState.moved`][rummykit.core.state.GameState.moved], the cards the action
being carried out has moved: not part of the position (never compared, saved or loaded)."""


class Phase(enum.StrEnum):
    """The turn phases every variant shares. A variant may add its own (RailRoad Rummy's claim
    window); ``state.phase`` is a ``str``."""

    DRAW = "draw"
    """The turn player must draw (or take from the discard pile)."""
    PLAY = "play"
    """The turn player has drawn: they may meld, lay off, and must end the turn by discarding."""
    OVER = "over"
    """The game is over."""


DRAW: Final = Phase.DRAW
"""`Phase.DRAW`, read once: Python 3.11 reads an enum's member through ``EnumType.__getattr__`` (some
50 ns a read), and a step compares phases several times; the engine's hot paths use these.

>>> DRAW is Phase.DRAW and PLAY is Phase.PLAY and OVER is Phase.OVER
True
"""
PLAY: Final = Phase.PLAY
"""`Phase.PLAY`, read once (see `DRAW`)."""
OVER: Final = Phase.OVER
"""`Phase.OVER`, read once (see `DRAW`)."""


@attrs.frozen
class Place:
    """Where a card lies: a seat's hand (``Place("hand", seat=2)``), a shared pile (``Place("stock")``,
    ``Place("discard")``), a seat's own pile (``Place("kitty", seat=1)``), or a meld on the table by its
    index (``Place("table", index=3)``).

    Examples:
        >>> str(Place("hand", seat=2)), str(Place("discard")), str(Place("table", index=0))
        ('hand 2', 'discard', 'table 0')
        >>> in_hand(2) == Place("hand", seat=2), in_pile("stock") is in_pile("stock")
        (True, True)
    """

    zone: str
    seat: int | None = attrs.field(default=None, kw_only=True)
    index: int | None = attrs.field(default=None, kw_only=True)

    def __str__(self) -> str:
        number = self.seat if self.seat is not None else self.index
        return self.zone if number is None else f"{self.zone} {number}"


@functools.cache
def in_hand(seat: int) -> Place:
    """The place of the cards in ``seat``'s hand (one object per seat)."""
    return Place("hand", seat=seat)


@functools.cache
def in_pile(name: str) -> Place:
    """The place of the cards in the shared pile ``name`` (``"stock"``, ``"discard"``)."""
    return Place(name)


@functools.cache
def in_seat_pile(name: str, seat: int) -> Place:
    """The place of the cards in ``seat``'s own pile ``name`` (a Canasta ``"kitty"``)."""
    return Place(name, seat=seat)


@functools.cache
def on_table(index: int) -> Place:
    """The place of the cards of the table's meld number ``index`` (from 0, in the order laid down)."""
    return Place("table", index=index)


@attrs.frozen
class TableMeld:
    """A meld on the table: who laid it down, the meld, and its physical cards (same order)."""

    owner: int
    meld: Meld
    ids: tuple[CardId, ...]

    def _repr_svg_(self) -> str:
        """The meld as a picture, for Jupyter ([`rummykit.svg.meld`][rummykit.svg.meld])."""
        return str(pictures.painter().meld(self))


class RoundEnd(NamedTuple):
    """How a round has just ended, as the variant (or the G-1 cap) sets it in ``state.round_end``.

    Attributes:
        went_out: the seat that went out, or ``None`` if nobody did.
        rule: the id of the rule that ended the round (``"RR-22"``, ``"G-1"``).
        reason: what happened, in words, with the rule id (``"seat 2 went out (RR-22)"``).
    """

    went_out: int | None
    rule: str
    reason: str


@attrs.frozen(kw_only=True)
class ScoreItem:
    """One line of a seat's score for a round: what it counts, under which rule, and its points.

    Attributes:
        rule: the id of the rule that scores it (``"GIN-20"``, ``"RC-31"``).
        what: what it counts, in words (``"deadwood left in hand"``, ``"gin bonus"``).
        points: what it adds to the seat's score (negative: what it takes away).
        cards: the cards it counts, if it counts cards (a hand's deadwood, a meld's cards).

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> item = ScoreItem(rule="CR-11", what="cards left in seat 1's hand", points=17, cards=parse_cards("KS 7D"))
        >>> item.rule, item.points, [str(card) for card in item.cards]
        ('CR-11', 17, ['KS', '7D'])
    """

    rule: str
    what: str
    points: int
    cards: tuple[Card, ...] = ()


@attrs.frozen(kw_only=True)
class SeatScore:
    """A seat's score for a round, line by line: what a variant's ``rummykit_score_round`` may return
    for each seat instead of a bare number, so that the round's result says where each point came from.

    Attributes:
        items: the lines of the score, each with its rule; the score is their sum.
        deadwood: the points of the cards the seat was left holding, as the variant counts them
            (a knock's deadwood, the cards left in hand), or ``None`` where the variant does not count
            them for this seat.

    Examples:
        >>> score = SeatScore(items=(ScoreItem(rule="GIN-20", what="the defender's deadwood", points=20),
        ...                          ScoreItem(rule="GIN-20", what="the knocker's own deadwood", points=-3)),
        ...                   deadwood=3)
        >>> score.points
        17
    """

    items: tuple[ScoreItem, ...] = ()
    deadwood: int | None = None

    @property
    def points(self) -> int:
        """The seat's score for the round: its items' points added up."""
        return sum(item.points for item in self.items)


@attrs.frozen(kw_only=True)
class SeatResult:
    """What a round left a seat with, and what it scored.

    Attributes:
        seat: the seat.
        melds: the melds the seat owned on the table when the round ended, in the order laid down
            (in a partnership game, the melds its side owned).
        laid_off: the cards the seat added this round to melds it did not own, in the order laid off.
        left: the cards the seat was left holding, in hand.
        deadwood: the points of those cards as the variant counts them (``None``: not counted).
        items: the score's lines ([`ScoreItem`][rummykit.core.state.ScoreItem]), each with its rule;
            a variant that scores a round by bare numbers gives one line, citing the rule that
            ended the round.
        score: the seat's score for the round (the items' sum).
        total: the seat's total after the round.
    """

    seat: int
    melds: tuple[Meld, ...] = ()
    laid_off: tuple[Card, ...] = ()
    left: tuple[Card, ...] = ()
    deadwood: int | None = None
    items: tuple[ScoreItem, ...] = ()
    score: int = 0
    total: int = 0


@attrs.frozen(kw_only=True)
class RoundResult:
    """How a round ended and what it scored.

    Attributes:
        round: the round number (1-based).
        went_out: the seat that went out, or ``None`` if nobody did.
        reason: why the round ended, in words, with the rule id (``"seat 2 went out (RR-22)"``).
        scores: each seat's score for the round.
        totals: each seat's total after the round.
        turns: how many turns the round lasted.
        rule: the id of the rule that ended the round (``"RR-22"``; ``"G-1"`` at the turn cap).
        by: the seat whose action ended the round (the knocker, the seat that went out or drew the
            last card), or ``None`` if no action did (a round loaded as ended).
        action: that action, in the canonical form it was carried out in, or ``None``.
        seats: each seat's melds, lay-offs, cards left and score line by line
            ([`SeatResult`][rummykit.core.state.SeatResult]), in seat order; empty only in a result
            loaded from a position saved without them.
    """

    round: int
    went_out: int | None
    reason: str
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    turns: int
    rule: str = ""
    by: int | None = None
    action: Action | None = None
    seats: tuple[SeatResult, ...] = ()


@attrs.define(kw_only=True)
class GameState:
    """Everything about a game in progress.

    Attributes:
        config: how the game was created.
        rules: the game's resolved rules (a variant's [`Ruleset`][rummykit.core.specs.Ruleset]).
        round: the round being played (1-based).
        dealer: the seat that dealt this round.
        turn: the seat whose turn it is.
        turn_number: turns started in this round (1 during the first turn).
        phase: the turn phase ([`Phase`][rummykit.core.state.Phase], or one of the variant's).
        hands: each seat's hand, card ids in the order received.
        piles: the shared piles by name (``"stock"``, ``"discard"``, a variant's own), top last.
        seat_piles: each seat's own piles by name, one list per seat (a Canasta ``"kitty"``), as the
            variant declares them (`seat_piles`).
        table: the melds on the table, in the order laid down.
        totals: each seat's total score before the current round.
        history: the results of the rounds played.
        taken: the card id taken from the discard pile this turn, if any.
        log: the actions of the current round, in the canonical form performed.
        round_end: set by the variant when the round has just ended
            ([`RoundEnd`][rummykit.core.state.RoundEnd]: the seat that went out, ``None`` if nobody did,
            the rule and the reason).

    A variant's own fields go in a subclass (``@attrs.define(kw_only=True)``), each with a default:
    ints, strings, ``None``, frozen records, tuples, and lists or dicts of them (or of lists), which
    [`copy`][rummykit.core.state.GameState.copy] copies as deep as they go.
    """

    config: GameSettings
    rules: Ruleset
    round: int = 0
    dealer: int = 0
    turn: int = 0
    turn_number: int = 0
    phase: str = Phase.DRAW
    hands: list[list[CardId]] = attrs.Factory(list)
    piles: dict[str, list[CardId]] = attrs.Factory(dict)
    seat_piles: dict[str, list[list[CardId]]] = attrs.Factory(dict)
    table: list[TableMeld] = attrs.Factory(list)
    totals: list[int] = attrs.Factory(list)
    history: list[RoundResult] = attrs.Factory(list)
    taken: CardId | None = None
    log: list[Action] = attrs.Factory(list)
    round_end: RoundEnd | None = None
    moved: list[tuple[CardId, Place, Place]] = attrs.field(factory=list, eq=False, repr=False, metadata={JOURNAL: True})
    """The cards the action being carried out has moved so far, each with where it came from and
    where it went, in order ([`note_moved`][rummykit.core.state.GameState.note_moved]): what
    [`Applied.moved`][rummykit.core.applied.Applied.moved] reports. The engine starts a new list for
    each action; it is not part of the position."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.config.players

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == OVER

    def note_moved(self, cards: Iterable[CardId], source: Place, target: Place) -> None:
        """Note that ``cards`` went from ``source`` to ``target`` (say, a draw: one card from
        ``in_pile("stock")`` to ``in_hand(seat)``). Every move notes each card it moves, where it moves
        it: [`Applied.moved`][rummykit.core.applied.Applied.moved] is made of these notes, and the
        conformance kit checks that they account for every card that changed place."""
        moved = self.moved
        for cid in cards:
            moved.append((cid, source, target))

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The seat ``step`` places after ``seat`` in turn order, wrapping (G-2)."""
        return (seat + step) % self.config.players

    def hand_faces(self, seat: int) -> list[Card]:
        """The faces of a seat's hand, in the order received."""
        return [face(cid) for cid in self.hands[seat]]

    def zones(self) -> Iterator[tuple[str, Sequence[CardId]]]:
        """Every place that holds cards, with a name: hands, piles, seats' own piles, table melds."""
        for seat, hand in enumerate(self.hands):
            yield f"hands[{seat}]", hand
        yield from self.piles.items()
        for name, per_seat in self.seat_piles.items():
            for seat, pile in enumerate(per_seat):
                yield f"{name}[{seat}]", pile
        for i, table_meld in enumerate(self.table):
            yield f"table[{i}]", table_meld.ids

    def card_ids(self) -> list[CardId]:
        """Every card id in the game, from every zone (each exactly once in a consistent state)."""
        return [cid for _, cards in self.zones() for cid in cards]

    def copy(self: _S) -> _S:
        """An independent copy: lists and dicts are copied as deep as they nest, immutable values
        shared. Cheap (no ``deepcopy`` and no ``__init__``: search copies states in its inner loop);
        the copying code is written once per state class, from its fields' types."""
        return _copy_function(type(self))(self)


def cache(default: Any = None) -> Any:
    """Declare a field of a variant's state that only remembers what the rest of the state says,
    worked out once for speed (Railroad Canasta's canasta kinds, with the table they were read from).
    Its value must be immutable: copies share it; comparisons, reprs and positions leave it out, and a
    loaded state starts from ``default``."""
    return attrs.field(default=default, eq=False, repr=False, metadata={CACHE: True})


_S = TypeVar("_S", bound=GameState)
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _copy_function(cls: type[_S]) -> Callable[[_S], _S]:
    """The function that copies states of ``cls``, generated from its fields' types the first time."""
    copier = _COPIERS.get(cls)
    if copier is None:
        hints = typing.get_type_hints(cls)
        lines = ["def copy(self):", "    new = new_object(cls)"]
        for field in attrs.fields(cls):
            lines.append(f"    new.{field.name} = {_copy_expression(hints[field.name], f'self.{field.name}', 0)}")
        lines.append("    return new")
        namespace: dict[str, Any] = {"new_object": object.__new__, "cls": cls}
        exec("\n".join(lines), namespace)
        copier = _COPIERS[cls] = namespace["copy"]
    return copier


def _copy_expression(tp: Any, value: str, depth: int) -> str:
    """Python code that copies ``value``, of type ``tp``: itself if immutable, else a copy as deep as
    its lists and dicts nest."""
    origin = typing.get_origin(tp)
    item = f"x{depth}"
    if origin in (typing.Union, types.UnionType):
        parts = {_copy_expression(arg, value, depth) for arg in typing.get_args(tp) if arg is not type(None)}
        if parts == {value}:
            return value
        if len(parts) == 1:
            return f"(None if {value} is None else {parts.pop()})"
        raise TypeError(f"a state field of type {tp} is ambiguous to copy: give it one mutable type")
    if origin is list:
        (inner,) = typing.get_args(tp)
        copied = _copy_expression(inner, item, depth + 1)
        return f"{value}[:]" if copied == item else f"[{copied} for {item} in {value}]"
    if origin is dict:
        _, inner = typing.get_args(tp)
        copied = _copy_expression(inner, item, depth + 1)
        key = f"k{depth}"
        return f"{value}.copy()" if copied == item else f"{{{key}: {copied} for {key}, {item} in {value}.items()}}"
    if tp in (list, dict, set) or origin is set:
        raise TypeError(f"a state field of type {tp} cannot be copied: give its items' types (list[int])")
    if isinstance(tp, type) and attrs.has(tp) and not _is_frozen(tp):
        raise TypeError(f"a state field of the mutable type {tp.__name__} cannot be copied: make it frozen")
    return value  # ints, strings, enums, tuples, frozen records: shared


def _is_frozen(cls: type) -> bool:
    """True for an attrs class whose instances cannot be changed."""
    return getattr(getattr(cls, "__setattr__", None), "__name__", "") == "_frozen_setattrs"
