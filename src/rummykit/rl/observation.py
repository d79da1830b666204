"""Observations for learning agents, built only from a seat's [`View`][rummykit.core.views.View]: a
numeric encoding (a flat ``float32`` array, with its parts named) and a text form.

Nothing but the view reaches an observation, so an observation holds nothing the seat may not see
(the view is what the conformance kit checks for leaks). The encoding is fixed per variant and
player count; seats are counted from the observer (the observer first, then the seats after it in
turn order), so that one policy can play any seat.

| part | size | what |
|---|---|---|
| ``hand`` | 53 | the observer's cards, a count per face (52 suited cards and the joker) |
| ``discard_top`` | 53 | the top discard, one-hot |
| ``taken`` | 53 | the card the turn player took from the discard pile this turn, one-hot |
| ``table`` | players × 53 | the cards of each seat's melds on the table, a count per face |
| ``table_ranks`` | players × 14 | the ranks those cards stand for (a wild card's, G-5), a count per rank |
| ``sizes`` | 2 + 2 × players | stock size, discard size, each hand's size, each total |
| ``turn`` | 3 × players + 2 | whose turn, who deals, who is to act (one-hot each); round, turn number |
| ``phase`` | phases | the phase, one-hot (the core's and the variant's) |
| the variant's view fields | per type | each field a view class adds, by its type (below) |
| ``log`` | 8 × (players + tokens) | the round's last 8 actions the view shows: who, and their tokens |
| ``entry`` | 2 × tokens | the tokens the observer has entered this turn (counts), and the last one |

A variant's own view fields are encoded by their declared types: a number or a flag as one value
(and one more saying whether it is set, for an optional one), a number or flag per seat as one
value per seat, a list of seats as one flag per seat, a card as one-hot, cards as counts per face,
cards per seat as counts per face per seat. Fields of other types (text, records of the variant's
own) are in the text form only.
"""

from __future__ import annotations

import operator
import typing
from array import array
from collections.abc import Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from rummykit.core.actions import Action
from rummykit.core.cards import Card, Rank
from rummykit.core.state import Phase, TableMeld
from rummykit.core.views import SHOWN, View, shown_fields
from rummykit.rl.codec import FACES, ActionCodec, unwrap_optional

__all__ = ["LOG_ACTIONS", "ObservationEncoder", "observation_text"]

LOG_ACTIONS: Final = 8
"""How many of the round's last actions an observation holds."""
_RANKS: Final = tuple(Rank)
_KEPT: Final = 1024
"""How many logged actions' rows and table melds' counts (per observer), and fields' values, an
encoder keeps before it starts afresh (a view needs at most `LOG_ACTIONS` rows)."""
_RANK_INDEX: Final = {rank: index for index, rank in enumerate(_RANKS)}
_BASE_FIELDS: Final = frozenset(field.name for field in attrs.fields(View))


class ObservationEncoder:
    """The numeric observation of one configuration's views: a flat ``float32`` array of ``size``
    values, whose parts ``parts`` names.

    Attributes:
        parts: each part's name and shape, in order.
        size: the length of the array.
    """

    def __init__(self, codec: ActionCodec) -> None:
        configuration = codec.configuration
        self.codec = codec
        self.players = players = configuration.players
        spec = configuration.spec
        self.phases: tuple[str, ...] = (*(str(phase) for phase in Phase), *spec.phases)
        self.view_fields: list[tuple[str, str, bool]] = []  # name, kind, per seat
        view_type = spec.view_type or View
        hints = typing.get_type_hints(view_type)
        parts: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (len(FACES),)),
            ("discard_top", (len(FACES),)),
            ("taken", (len(FACES),)),
            ("table", (players, len(FACES))),
            ("table_ranks", (players, len(_RANKS))),
            ("sizes", (2 + 2 * players,)),
            ("turn", (3 * players + 2,)),
            ("phase", (len(self.phases),)),
        ]
        for field in attrs.fields(view_type):
            if field.name in _BASE_FIELDS:
                continue
            declared = field.metadata.get(SHOWN)
            seats_listed = declared is not None and not declared[1]  # a tuple of seats, not a value per seat
            kind, shape = _field_kind(hints[field.name], players, seats_listed=seats_listed)
            if kind:
                self.view_fields.append((field.name, kind, kind.endswith("per-seat")))
                parts.append((field.name, shape))
        parts += [("log", (LOG_ACTIONS, players + codec.size)), ("entry", (2, codec.size))]
        self.parts: tuple[tuple[str, tuple[int, ...]], ...] = tuple(parts)
        self.size = sum(int(np.prod(shape)) for _, shape in parts)
        self._at: dict[str, int] = {}
        offset = 0
        for name, shape in parts:
            self._at[name] = offset
            offset += int(np.prod(shape))
        self._phase_index = {phase: index for index, phase in enumerate(self.phases)}
        # encode_view writes the values one by one into an array of C floats (Python's array module:
        # each write a plain item assignment, with no numpy call per value), which numpy then wraps.
        self._blank = array("f", bytes(4 * self.size))
        self._row_size = players + codec.size
        # Seats counted from each observer: _rel[me][seat].
        self._rel = tuple(tuple((seat - me) % players for seat in range(players)) for me in range(players))
        self._fields_at = self._at[self.view_fields[0][0]] if self.view_fields else self._at["log"]
        self._fields = tuple(
            (_FIELD_ENCODERS[kind], self._at[name] - self._fields_at) for name, kind, _ in self.view_fields
        )
        names = [name for name, _, _ in self.view_fields]
        self._field_values = operator.attrgetter(*names) if names else None
        self._field_cache: dict[tuple[int, Any], array[float]] = {}
        # Per observer, each logged action's row by the action's identity (a view's log holds the
        # game's own action objects): the action (kept, so that its id stays its own) and its row;
        # likewise each table meld's counts.
        self._rows: tuple[dict[int, tuple[Action, array[float]]], ...] = tuple({} for _ in range(players))
        self._melds: tuple[dict[int, tuple[TableMeld, list[int]]], ...] = tuple({} for _ in range(players))
        # Per observer, the last table seen and its parts (the table changes only as melds are laid).
        self._tables: list[tuple[tuple[TableMeld, ...], array[float]] | None] = [None] * players
        self._table_end = self._at["table_ranks"] + players * len(_RANKS)

    def __deepcopy__(self, memo: dict[int, Any]) -> ObservationEncoder:
        return self  # immutable

    def encode(self, view: View, entered: Sequence[int] = ()) -> npt.NDArray[np.float32]:
        """The observation of ``view`` (from its seat; a spectator's counts seats from seat 0), with
        the tokens its seat has ``entered`` this turn."""
        out = self.encode_view(view)
        if entered:
            self.add_entered(out, entered)
        return out

    def add_entered(self, out: npt.NDArray[np.float32] | array[float], entered: Sequence[int]) -> None:
        """Add the ``entry`` part of the tokens ``entered`` to ``out``, the observation of a view
        without them (`encode_view`, or the C floats of `encode_values`): ``encode(view, entered)`` is
        ``encode_view(view)`` with them added."""
        if not entered:
            return
        entry = self._at["entry"]
        for token in entered:
            out[entry + token] += 1
        out[entry + self.codec.size + entered[-1]] = 1

    def encode_view(self, view: View) -> npt.NDArray[np.float32]:
        """The observation of ``view`` with no tokens entered (a new array)."""
        return np.frombuffer(self.encode_values(view), np.float32)

    def encode_values(self, view: View) -> array[float]:
        """`encode_view` as an array of C floats (``array("f")``), which ``np.frombuffer`` reads."""
        at = self._at
        players = self.players
        me = view.seat if view.seat is not None else 0
        rel = self._rel[me]
        out = self._blank[:]
        # The cards' parts: a count per face (a face may come more than once).
        hand = at["hand"]
        for card in view.hand:
            out[hand + card.index] += 1
        if view.discard_top is not None:
            out[at["discard_top"] + view.discard_top.index] = 1
        if view.taken is not None:
            out[at["taken"] + view.taken.index] = 1
        table = view.table
        if table:
            known_table = self._tables[me]
            if known_table is None or known_table[0] != table:  # equal melds, equal counts
                known_table = self._table_counts(table, me)
            out[at["table"] : self._table_end] = known_table[1]
        # sizes, turn and phase, then the variant's fields.
        sizes = at["sizes"]
        out[sizes], out[sizes + 1] = view.stock_size, view.discard_size
        hand_sizes, totals = view.hand_sizes, view.totals
        for seat in range(players):
            out[sizes + 2 + rel[seat]] = hand_sizes[seat]
            out[sizes + 2 + players + rel[seat]] = totals[seat]
        turn = at["turn"]
        out[turn + rel[view.turn]] = 1
        out[turn + players + rel[view.dealer]] = 1
        for seat in view.to_act:
            out[turn + 2 * players + rel[seat]] = 1
        out[turn + 3 * players], out[turn + 3 * players + 1] = view.round, view.turn_number
        phase = self._phase_index.get(view.phase)
        if phase is not None:
            out[at["phase"] + phase] = 1
        if self._field_values is not None:
            fields = self._encode_fields(self._field_values(view), me)
            out[self._fields_at : self._fields_at + len(fields)] = fields
        # The log: a row per action (who, and its tokens).
        rows, row_size = self._rows[me], self._row_size
        start = at["log"]
        for action in view.log[-LOG_ACTIONS:]:
            known = rows.get(id(action))
            if known is None or known[0] is not action:
                known = self._row(action, me)
            out[start : start + row_size] = known[1]
            start += row_size
        return out

    def _encode_fields(self, values: Any, me: int) -> array[float]:
        """The variant's fields, seen from ``me``: the values from the first field's to the log."""
        if len(self._fields) == 1:
            values = (values,)
        key = (me, values)
        try:
            known = self._field_cache.get(key)
            keep = True
        except TypeError:  # a value that cannot be a key
            known, keep = None, False
        if known is None:
            numbers = [0.0] * (self._at["log"] - self._fields_at)
            rel, players = self._rel[me], self.players
            for (encode_field, field_at), value in zip(self._fields, values, strict=True):
                encode_field(field_at, value, rel, players, numbers)
            known = array("f", numbers)
            if keep:
                if len(self._field_cache) > _KEPT:
                    self._field_cache.clear()
                self._field_cache[key] = known
        return known

    def _table_counts(self, table: tuple[TableMeld, ...], me: int) -> tuple[tuple[TableMeld, ...], array[float]]:
        """The table's parts for ``table`` seen from ``me``, kept until the table changes."""
        start = self._at["table"]
        counts = array("f", bytes(4 * (self._table_end - start)))
        melds = self._melds[me]
        for table_meld in table:
            known_meld = melds.get(id(table_meld))
            if known_meld is None or known_meld[0] is not table_meld:
                known_meld = self._meld_counts(table_meld, me)
            for index in known_meld[1]:
                counts[index - start] += 1
        known = self._tables[me] = (table, counts)
        return known

    def _meld_counts(self, table_meld: TableMeld, me: int) -> tuple[TableMeld, list[int]]:
        """The indices ``table_meld`` counts in the table's parts, seen from ``me``, kept by the
        meld's identity (a view's table holds the game's own melds, replaced when they change)."""
        owner = self._rel[me][table_meld.owner]
        meld = table_meld.meld
        base = self._at["table"] + owner * len(FACES)
        counts = [base + card.index for card in meld.cards]
        base = self._at["table_ranks"] + owner * len(_RANKS)
        counts += [base + _RANK_INDEX[rank] for rank in meld.ranks]
        melds = self._melds[me]
        if len(melds) > _KEPT:
            melds.clear()
        known = melds[id(table_meld)] = (table_meld, counts)
        return known

    def _row(self, action: Action, me: int) -> tuple[Action, array[float]]:
        """The log row of ``action`` seen from ``me``, kept by the action's identity."""
        try:
            tokens = self.codec.encode(action)
        except Exception:
            tokens = ()
        row = array("f", bytes(4 * self._row_size))
        row[self._rel[me][action.seat]] = 1
        for token in tokens:
            row[self.players + token] += 1
        rows = self._rows[me]
        if len(rows) > _KEPT:
            rows.clear()
        known = rows[id(action)] = (action, row)
        return known


_Numbers = list[float]


def _number(at: int, value: Any, rel: Sequence[int], players: int, out: _Numbers) -> None:
    out[at] = float(value)


def _optional_number(at: int, value: Any, rel: Sequence[int], players: int, out: _Numbers) -> None:
    if value is not None:
        out[at], out[at + 1] = float(value), 1


def _card(at: int, value: Any, rel: Sequence[int], players: int, out: _Numbers) -> None:
    if value is not None:
        out[at + value.index] = 1


def _cards(at: int, value: Any, rel: Sequence[int], players: int, out: _Numbers) -> None:
    for card in value:
        out[at + card.index] += 1


def _seats(at: int, value: Any, rel: Sequence[int], players: int, out: _Numbers) -> None:
    for seat in value:
        if 0 <= seat < players:
            out[at + rel[seat]] = 1


def _number_per_seat(at: int, value: Any, rel: Sequence[int], players: int, out: _Numbers) -> None:
    for seat, number in enumerate(value[:players]):
        out[at + rel[seat]] = float(number)


def _cards_per_seat(at: int, value: Any, rel: Sequence[int], players: int, out: _Numbers) -> None:
    width = len(FACES)
    for seat, cards in enumerate(value[:players]):
        base = at + rel[seat] * width
        for card in cards:
            out[base + card.index] += 1


_FIELD_ENCODERS: Final = {
    "number": _number,
    "optional-number": _optional_number,
    "card": _card,
    "cards": _cards,
    "seats": _seats,
    "number-per-seat": _number_per_seat,
    "cards-per-seat": _cards_per_seat,
}
"""How a view field of each kind (`_field_kind`) adds to an observation."""


def _field_kind(tp: Any, players: int, *, seats_listed: bool = False) -> tuple[str, tuple[int, ...]]:
    """How a view field of type ``tp`` is encoded, and its shape (``""``: not encoded)."""
    inner, optional = unwrap_optional(tp)
    faces = len(FACES)
    if inner in (int, bool):
        return ("optional-number", (2,)) if optional else ("number", (1,))
    if inner is Card:
        return "card", (faces,)
    if typing.get_origin(inner) is tuple:
        args = typing.get_args(inner)
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            if item is int and seats_listed:
                return "seats", (players,)
            if item in (int, bool):
                return "number-per-seat", (players,)
            if item is Card:
                return "cards", (faces,)
            if typing.get_origin(item) is tuple and typing.get_args(item) == (Card, Ellipsis):
                return "cards-per-seat", (players, faces)
    return "", ()


def observation_text(view: View, entered: Sequence[str] = ()) -> str:
    """The observation of ``view`` as text: what its seat sees, in a few lines (the declared fields
    of the variant's view by their labels), and the tokens it has ``entered`` this turn."""
    who = "spectator" if view.seat is None else f"seat {view.seat}"
    lines = [
        f"{view.variant}, {view.players} players, {who}: round {view.round}, turn {view.turn_number}, "
        f"seat {view.turn} to {view.phase}, seats to act {list(view.to_act)}, dealer {view.dealer}",
        "hand: " + " ".join(map(str, view.hand)),
        f"discard: {view.discard_top or '-'} ({view.discard_size} cards), stock: {view.stock_size} cards"
        + (f", taken this turn: {view.taken}" if view.taken is not None else ""),
        "hand sizes: " + " ".join(map(str, view.hand_sizes)) + "; totals: " + " ".join(map(str, view.totals)),
    ]
    for index, table_meld in enumerate(view.table):
        lines.append(f"meld {index} of seat {table_meld.owner}: {table_meld.meld}")
    for field in shown_fields(view):
        lines.append(f"{field.label}: {field.value}")
    for action in view.log[-LOG_ACTIONS:]:
        lines.append(f"seat {action.seat}: {action.describe()}")
    if entered:
        lines.append("entered: " + " ".join(entered))
    return "\n".join(lines)
