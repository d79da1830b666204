"""Observations for learning agents, built only from a seat's [`View`][rummykit.views.View]: a
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

import typing
from collections.abc import Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from rummykit.actions import Action
from rummykit.cards import Card, Rank
from rummykit.rl.codec import FACES, ActionCodec, _unwrap_optional
from rummykit.state import Phase
from rummykit.views import _SHOWN, View, shown_fields

__all__ = ["LOG_ACTIONS", "ObservationEncoder", "observation_text"]

LOG_ACTIONS: Final = 8
"""How many of the round's last actions an observation holds."""
_FACE_INDEX: Final = {card: index for index, card in enumerate(FACES)}
_RANKS: Final = tuple(Rank)
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
            declared = field.metadata.get(_SHOWN)
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
        self._token_cache: dict[Action, tuple[int, ...]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> ObservationEncoder:
        return self  # immutable

    def encode(self, view: View, entered: Sequence[int] = ()) -> npt.NDArray[np.float32]:
        """The observation of ``view`` (from its seat; a spectator's counts seats from seat 0), with
        the tokens its seat has ``entered`` this turn."""
        at = self._at
        players = self.players
        me = view.seat if view.seat is not None else 0
        counts: list[int] = []  # indices to add one to
        values: dict[int, float] = {}  # indices to set

        def rel(seat: int) -> int:
            return (seat - me) % players

        hand, faces = at["hand"], _FACE_INDEX
        counts += [hand + faces[card] for card in view.hand]
        if view.discard_top is not None:
            values[at["discard_top"] + faces[view.discard_top]] = 1
        if view.taken is not None:
            values[at["taken"] + faces[view.taken]] = 1
        table, table_ranks, width = at["table"], at["table_ranks"], len(FACES)
        for table_meld in view.table:
            owner = rel(table_meld.owner)
            counts += [table + owner * width + faces[card] for card in table_meld.meld.cards]
            counts += [table_ranks + owner * len(_RANKS) + _RANK_INDEX[rank] for rank in table_meld.meld.ranks]
        sizes = at["sizes"]
        values[sizes], values[sizes + 1] = view.stock_size, view.discard_size
        for seat in range(players):
            values[sizes + 2 + rel(seat)] = view.hand_sizes[seat]
            values[sizes + 2 + players + rel(seat)] = view.totals[seat]
        turn = at["turn"]
        values[turn + rel(view.turn)] = 1
        values[turn + players + rel(view.dealer)] = 1
        for seat in view.to_act:
            values[turn + 2 * players + rel(seat)] = 1
        values[turn + 3 * players], values[turn + 3 * players + 1] = view.round, view.turn_number
        phase = self._phase_index.get(view.phase)
        if phase is not None:
            values[at["phase"] + phase] = 1
        for name, kind, _ in self.view_fields:
            _encode_field(at[name], kind, getattr(view, name), rel, players, counts, values)
        log, row_size = at["log"], players + self.codec.size
        for row, action in enumerate(view.log[-LOG_ACTIONS:]):
            start = log + row * row_size
            values[start + rel(action.seat)] = 1
            counts += [start + players + token for token in self._tokens(action)]
        entry = at["entry"]
        counts += [entry + token for token in entered]
        if entered:
            values[entry + self.codec.size + entered[-1]] = 1
        out = np.bincount(counts, minlength=self.size).astype(np.float32) if counts else np.zeros(self.size, np.float32)
        if values:
            out[list(values)] = list(values.values())
        return out

    def _tokens(self, action: Action) -> tuple[int, ...]:
        tokens = self._token_cache.get(action)
        if tokens is None:
            try:
                tokens = self.codec.encode(action)
            except Exception:
                tokens = ()
            if len(self._token_cache) > 100_000:
                self._token_cache.clear()
            self._token_cache[action] = tokens
        return tokens


def _field_kind(tp: Any, players: int, *, seats_listed: bool = False) -> tuple[str, tuple[int, ...]]:
    """How a view field of type ``tp`` is encoded, and its shape (``""``: not encoded)."""
    inner, optional = _unwrap_optional(tp)
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


def _encode_field(
    at: int, kind: str, value: Any, rel: Any, players: int, counts: list[int], values: dict[int, float]
) -> None:
    faces = _FACE_INDEX
    if kind == "number":
        values[at] = float(value)
    elif kind == "optional-number":
        if value is not None:
            values[at], values[at + 1] = float(value), 1
    elif kind == "card":
        if value is not None:
            values[at + faces[value]] = 1
    elif kind == "cards":
        counts += [at + faces[card] for card in value]
    elif kind == "seats":
        for seat in value:
            if 0 <= seat < players:
                values[at + rel(seat)] = 1
    elif kind == "number-per-seat":
        for seat, number in enumerate(value[:players]):
            values[at + rel(seat)] = float(number)
    elif kind == "cards-per-seat":
        for seat, cards in enumerate(value[:players]):
            counts += [at + rel(seat) * len(FACES) + faces[card] for card in cards]


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
