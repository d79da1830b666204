"""Observations for learning agents, built only from what a seat may see: its
[`View`][rummykit.core.views.View] and the round's [`PublicMemory`][rummykit.rl.memory.PublicMemory]
(what everybody saw happen). A numeric encoding (a flat ``float32`` array, its parts named) and a
text form.

Every value lies in [-1, 1] (most in [0, 1]), whatever the game: counts of a face are divided by the
copies of that face in the shoe, pile sizes by the shoe's size, hand sizes and other numbers squashed
as ``n / (|n| + 10)``, totals as ``tanh(total / scale)`` with the configuration's score scale
([`score_scale`][rummykit.rl.observation.score_scale]). Seats are counted from the observer (the
observer first, then the seats after it in turn order), so that one policy can play any seat.

With ``P`` seats, ``M`` melds the table can hold at most
([`most_table_melds`][rummykit.rl.codec.most_table_melds]), ``T`` tokens in the action space and
``F`` = 53 faces (52 suited cards and the joker), the parts in order:

- ``hand`` (F): the observer's cards, a count per face divided by the face's copies in the shoe;
- ``discard_top`` (F): the top of the discard pile, one-hot;
- ``taken`` (F): the card the turn player took from the discard pile this turn, one-hot;
- ``discard_seen`` (F): the cards of the discard pile everybody saw arrive there (memory), per face;
- ``known`` (P × F): the cards each seat was seen to take from a face-up place and has not played
  since (memory), per face;
- ``table`` (M × (P + F + 14)): each meld on the table, in the order laid down (a lay-off's ``int:N``
  is slot N): its owner one-hot, its cards per face, the ranks its cards stand for (a wild card's,
  G-5) as flags;
- ``sizes`` (2 + P): the stock's and the discard pile's sizes (divided by the shoe's size), each hand's
  size (squashed);
- ``totals`` (P): each seat's total before this round, ``tanh(total / scale)``;
- ``seats`` (4 × P): whose turn, who deals, who is to act (one-hot each), and which seats are in the
  game;
- ``progress`` (9): the round (one-hot: rounds 1 to 7, then 8 or later), the turn number divided by
  the turn cap (G-1);
- ``phase`` (one per phase): the phase, one-hot (the core's and the variant's);
- the variant's view fields (by their types, below);
- ``log`` (8 × (P + T)): the round's last 8 actions the view shows: who (one-hot), and the tokens of
  each;
- ``entry`` (2 × T): the tokens the observer has entered of the action it is making, and the last one
  (one-hot).

A token's value in ``log`` and ``entry``: a card token counts its cards divided by the face's copies,
``close`` counts ``n`` as ``n / (n + 1)``, any other token is a flag. A variant's own view fields are
encoded by their declared types: a number squashed (a flag 0 or 1), with one more value saying whether
it is set for an optional one; a number or flag per seat as one value per seat; a list of seats as one
flag per seat; a card as one-hot; cards as counts per face; cards per seat as counts per face per
seat. Fields of other types (text, records of the variant's own) are in the text form only.

``fixed_size=True`` lays the parts out for the variant's largest player count (``P`` and ``M`` and the
copies of each face of that configuration), whatever the game's own: seats beyond the game's are
zeros (the ``seats`` part says which are in the game), so that one network plays every player count.
"""

from __future__ import annotations

import collections
import math
import operator
import typing
from array import array
from collections.abc import Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from rummykit.core.actions import Action
from rummykit.core.cards import FACE_MASK, Card, Rank
from rummykit.core.configuration import Configuration
from rummykit.core.state import Phase, TableMeld
from rummykit.core.views import SHOWN, View, shown_fields
from rummykit.rl.codec import FACES, ActionCodec, most_table_melds, unwrap_optional
from rummykit.rl.memory import PublicMemory

__all__ = ["LOG_ACTIONS", "ROUND_SLOTS", "ObservationEncoder", "observation_text", "score_scale", "squash"]

LOG_ACTIONS: Final = 8
"""How many of the round's last actions an observation holds."""
ROUND_SLOTS: Final = 8
"""Rounds 1 to 7 each have a flag of the ``progress`` part; the eighth stands for round 8 or later."""
_RANKS: Final = tuple(Rank)
_RANK_INDEX: Final = {rank: index for index, rank in enumerate(_RANKS)}
_BASE_FIELDS: Final = frozenset(field.name for field in attrs.fields(View))
_KEPT: Final = 1024
"""How many logged actions' rows and table melds' values (per observer) an encoder keeps before it
starts afresh."""


def squash(number: float) -> float:
    """``number / (|number| + 10)``: any number into (-1, 1), keeping its order (a hand of 7 cards is
    0.41, of 13 cards 0.57).

    Examples:
        >>> squash(0), squash(10), squash(-30)
        (0.0, 0.5, -0.75)
    """
    return number / (abs(number) + 10)


def score_scale(configuration: Configuration) -> float:
    """The points an observation and the ``normalized`` rewards measure totals against: the target
    score where the game plays to one (Classic Rummy's 100, Railroad Canasta's 20,000), else 100 points
    a round of the game's rounds (RailRoad Rummy: 700), else 1,000.

    Examples:
        >>> from rummykit.core.configuration import configure
        >>> score_scale(configure("rummy", 2)), score_scale(configure("railroad-rummy", 2))
        (100.0, 700.0)
    """
    rules = configuration.rules
    target = getattr(getattr(rules, "scoring", None), "target", None)
    if isinstance(target, int) and target > 0:
        return float(target)
    rounds = getattr(rules, "rounds", None)
    if isinstance(rounds, int) and rounds > 0:
        return 100.0 * rounds
    return 1000.0


class ObservationEncoder:
    """The numeric observation of one configuration's views: a flat ``float32`` array of ``size``
    values, whose parts ``parts`` names (see [`rummykit.rl.observation`][rummykit.rl.observation]).

    Attributes:
        parts: each part's name and shape, in order.
        size: the length of the array.
        players: ``P``, the seats of the layout (the game's, or the variant's most with ``fixed_size``).
        melds: ``M``, the melds of the ``table`` part.
    """

    def __init__(self, codec: ActionCodec) -> None:
        configuration = codec.configuration
        layout = codec.layout
        self.codec = codec
        self.game_players = configuration.players
        self.players = players = layout.players
        self.melds = melds = most_table_melds(layout)
        spec = configuration.spec
        self.phases: tuple[str, ...] = (*(str(phase) for phase in Phase), *spec.phases)
        self.view_fields: list[tuple[str, str]] = []  # name, kind
        view_type = spec.view_type or View
        hints = typing.get_type_hints(view_type)
        faces = len(FACES)
        self._meld_size = players + faces + len(_RANKS)
        parts: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (faces,)),
            ("discard_top", (faces,)),
            ("taken", (faces,)),
            ("discard_seen", (faces,)),
            ("known", (players, faces)),
            ("table", (melds, self._meld_size)),
            ("sizes", (2 + players,)),
            ("totals", (players,)),
            ("seats", (4 * players,)),
            ("progress", (ROUND_SLOTS + 1,)),
            ("phase", (len(self.phases),)),
        ]
        for field in attrs.fields(view_type):
            if field.name in _BASE_FIELDS:
                continue
            declared = field.metadata.get(SHOWN)
            seats_listed = declared is not None and not declared[1]  # a tuple of seats, not a value per seat
            kind, shape = _field_kind(hints[field.name], players, seats_listed=seats_listed)
            if kind:
                self.view_fields.append((field.name, kind))
                parts.append((field.name, shape))
        parts += [("log", (LOG_ACTIONS, players + codec.size)), ("entry", (2, codec.size))]
        self.parts: tuple[tuple[str, tuple[int, ...]], ...] = tuple(parts)
        self.size = sum(math.prod(shape) for _, shape in parts)
        self._at: dict[str, int] = {}
        offset = 0
        for name, shape in parts:
            self._at[name] = offset
            offset += math.prod(shape)
        self._phase_index = {phase: index for index, phase in enumerate(self.phases)}
        # Each face's copies in the layout's shoe: counts of a face are divided by it.
        copies = collections.Counter(card.index for card in layout.rules.shoe)
        self._per_copy = tuple(1.0 / max(1, copies.get(index, 0)) for index in range(faces))
        self._shoe_size = float(max(1, len(layout.rules.shoe)))
        self._scale = score_scale(configuration)
        self._turn_cap = float(configuration.options.get("max_turns_per_round") or 1000)
        self._blank = array("f", bytes(4 * self.size))
        self._row_size = players + codec.size
        game_players = self.game_players
        # Seats counted from each observer: _rel[me][seat].
        self._rel = tuple(
            tuple((seat - me) % game_players for seat in range(game_players)) for me in range(game_players)
        )
        # A token's value: card tokens per copy of the face, ``close`` squashed, the others flags.
        first_card = len(codec.action_types)
        self._card_tokens = range(first_card, first_card + faces)
        self._close = codec.close
        self._field_getter = operator.attrgetter(*(name for name, _ in self.view_fields)) if self.view_fields else None
        self._rows: tuple[dict[int, tuple[Action, array[float]]], ...] = tuple({} for _ in range(game_players))
        self._meld_rows: tuple[dict[int, tuple[TableMeld, array[float]]], ...] = tuple({} for _ in range(game_players))
        # Per observer, the memory parts last made, with the memory and its version they were made of.
        self._memory_parts: list[tuple[PublicMemory, int, array[float]] | None] = [None] * game_players

    def __deepcopy__(self, memo: dict[int, Any]) -> ObservationEncoder:
        return self  # nothing it keeps changes what it encodes

    def __reduce__(self) -> tuple[Any, ...]:
        return (ObservationEncoder, (self.codec,))

    # -- the whole observation -----------------------------------------------------------------------

    def encode(
        self, view: View, entered: Sequence[int] = (), memory: PublicMemory | None = None
    ) -> npt.NDArray[np.float32]:
        """The observation of ``view`` (from its seat; a spectator's counts seats from seat 0), with
        what everybody remembers of the round (``memory``; none: only what the view shows) and the
        tokens its seat has ``entered`` of the action it is making."""
        out = self.encode_values(view, memory)
        if entered:
            self.add_entered(out, entered)
        return np.frombuffer(out, np.float32)

    def add_entered(self, out: npt.NDArray[np.float32] | array[float], entered: Sequence[int]) -> None:
        """Add the ``entry`` part of the tokens ``entered`` to ``out``, an observation without them."""
        if not entered:
            return
        entry = self._at["entry"]
        counts = collections.Counter(entered)
        for token, count in counts.items():
            out[entry + token] = self._token_value(token, count)
        out[entry + self.codec.size + entered[-1]] = 1

    def _token_value(self, token: int, count: int) -> float:
        if token in self._card_tokens:
            return min(1.0, count * self._per_copy[token - self._card_tokens.start])
        if token == self._close:
            return count / (count + 1)
        return 1.0

    def encode_view(self, view: View, memory: PublicMemory | None = None) -> npt.NDArray[np.float32]:
        """The observation of ``view`` with no tokens entered (a new array)."""
        return np.frombuffer(self.encode_values(view, memory), np.float32)

    def encode_values(self, view: View, memory: PublicMemory | None = None) -> array[float]:
        """`encode_view` as an array of C floats (``array("f")``), which ``np.frombuffer`` reads."""
        at, per_copy = self._at, self._per_copy
        players = self.game_players
        me = view.seat if view.seat is not None else 0
        rel = self._rel[me]
        out = self._blank[:]
        hand = at["hand"]
        for card in view.hand:
            out[hand + card.index] += per_copy[card.index]
        if view.discard_top is not None:
            out[at["discard_top"] + view.discard_top.index] = 1
        if view.taken is not None:
            out[at["taken"] + view.taken.index] = 1
        if memory is not None:
            seen, end = at["discard_seen"], at["table"]
            kept = self._memory_parts[me]
            if kept is None or kept[0] is not memory or kept[1] != memory.version:
                kept = self._memory_values(memory, me)
            out[seen:end] = kept[2]
        table, size, rows = at["table"], self._meld_size, self._meld_rows[me]
        for slot, table_meld in enumerate(view.table[: self.melds]):
            known_row = rows.get(id(table_meld))
            if known_row is None or known_row[0] is not table_meld:
                known_row = self._meld_row(table_meld, me)
            start = table + slot * size
            out[start : start + size] = known_row[1]
        sizes = at["sizes"]
        out[sizes] = view.stock_size / self._shoe_size
        out[sizes + 1] = view.discard_size / self._shoe_size
        totals, scale = at["totals"], self._scale
        for seat in range(players):
            out[sizes + 2 + rel[seat]] = squash(view.hand_sizes[seat])
            out[totals + rel[seat]] = math.tanh(view.totals[seat] / scale)
        seats, width = at["seats"], self.players
        out[seats + rel[view.turn]] = 1
        out[seats + width + rel[view.dealer]] = 1
        for seat in view.to_act:
            out[seats + 2 * width + rel[seat]] = 1
        for seat in range(players):
            out[seats + 3 * width + seat] = 1
        progress = at["progress"]
        out[progress + min(max(view.round, 1), ROUND_SLOTS) - 1] = 1
        out[progress + ROUND_SLOTS] = min(1.0, view.turn_number / self._turn_cap)
        phase = self._phase_index.get(view.phase)
        if phase is not None:
            out[at["phase"] + phase] = 1
        if self._field_getter is not None:
            values = self._field_getter(view)
            if len(self.view_fields) == 1:
                values = (values,)
            for (name, kind), value in zip(self.view_fields, values, strict=True):
                _FIELD_ENCODERS[kind](at[name], value, rel, players, per_copy, out)
        log_rows, row_size = self._rows[me], self._row_size
        start = at["log"]
        for action in view.log[-LOG_ACTIONS:]:
            known_log = log_rows.get(id(action))
            if known_log is None or known_log[0] is not action:
                known_log = self._row(action, me)
            out[start : start + row_size] = known_log[1]
            start += row_size
        return out

    def _memory_values(self, memory: PublicMemory, me: int) -> tuple[PublicMemory, int, array[float]]:
        """The ``discard_seen`` and ``known`` parts of ``memory`` seen from ``me``, kept until it changes."""
        per_copy, faces, rel = self._per_copy, len(FACES), self._rel[me]
        values = array("f", bytes(4 * (faces + self.players * faces)))
        for cid in memory.discard_known:
            index = cid & FACE_MASK
            values[index] = min(1.0, values[index] + per_copy[index])
        for seat in range(self.game_players):
            base = faces + rel[seat] * faces
            for index, count in enumerate(memory.known[seat]):
                if count:
                    values[base + index] = min(1.0, count * per_copy[index])
        kept = self._memory_parts[me] = (memory, memory.version, values)
        return kept

    def _meld_row(self, table_meld: TableMeld, me: int) -> tuple[TableMeld, array[float]]:
        """The values of ``table_meld``'s slot seen from ``me``, kept by the meld's identity (a view's
        table holds the game's own melds, replaced when they change)."""
        row = array("f", bytes(4 * self._meld_size))
        row[self._rel[me][table_meld.owner]] = 1
        base, per_copy = self.players, self._per_copy
        for card in table_meld.meld.cards:
            row[base + card.index] = min(1.0, row[base + card.index] + per_copy[card.index])
        base += len(FACES)
        for rank in table_meld.meld.ranks:
            row[base + _RANK_INDEX[rank]] = 1
        rows = self._meld_rows[me]
        if len(rows) > _KEPT:
            rows.clear()
        known = rows[id(table_meld)] = (table_meld, row)
        return known

    def _row(self, action: Action, me: int) -> tuple[Action, array[float]]:
        """The log row of ``action`` seen from ``me``, kept by the action's identity.

        Raises:
            Exception: whatever the codec raises for ``action`` (every logged action was once legal, so
                the codec encodes it), with a note naming the action.
        """
        try:
            tokens = self.codec.encode(action)
        except Exception as exc:  # never swallowed: every logged action was legal, so it has its tokens
            exc.add_note(f"while encoding seat {action.seat}'s logged action {action!r} for an observation")
            raise
        row = array("f", bytes(4 * self._row_size))
        row[self._rel[me][action.seat]] = 1
        for token, count in collections.Counter(tokens).items():
            row[self.players + token] = self._token_value(token, count)
        rows = self._rows[me]
        if len(rows) > _KEPT:
            rows.clear()
        known = rows[id(action)] = (action, row)
        return known


_Out = array  # the array of C floats an observation is written in


def _number(at: int, value: Any, rel: Sequence[int], players: int, per_copy: Sequence[float], out: Any) -> None:
    out[at] = float(value) if isinstance(value, bool) else squash(float(value))


def _optional_number(
    at: int, value: Any, rel: Sequence[int], players: int, per_copy: Sequence[float], out: Any
) -> None:
    if value is not None:
        out[at] = float(value) if isinstance(value, bool) else squash(float(value))
        out[at + 1] = 1


def _card(at: int, value: Any, rel: Sequence[int], players: int, per_copy: Sequence[float], out: Any) -> None:
    if value is not None:
        out[at + value.index] = 1


def _cards(at: int, value: Any, rel: Sequence[int], players: int, per_copy: Sequence[float], out: Any) -> None:
    for card in value:
        out[at + card.index] = min(1.0, out[at + card.index] + per_copy[card.index])


def _seats(at: int, value: Any, rel: Sequence[int], players: int, per_copy: Sequence[float], out: Any) -> None:
    for seat in value:
        if 0 <= seat < players:
            out[at + rel[seat]] = 1


def _number_per_seat(
    at: int, value: Any, rel: Sequence[int], players: int, per_copy: Sequence[float], out: Any
) -> None:
    for seat, number in enumerate(value[:players]):
        out[at + rel[seat]] = float(number) if isinstance(number, bool) else squash(float(number))


def _cards_per_seat(at: int, value: Any, rel: Sequence[int], players: int, per_copy: Sequence[float], out: Any) -> None:
    width = len(FACES)
    for seat, cards in enumerate(value[:players]):
        base = at + rel[seat] * width
        for card in cards:
            out[base + card.index] = min(1.0, out[base + card.index] + per_copy[card.index])


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


def observation_text(view: View, entered: Sequence[str] = (), memory: PublicMemory | None = None) -> str:
    """The observation of ``view`` as text: what its seat sees, in a few lines (the declared fields
    of the variant's view by their labels), what everybody remembers of the round (``memory``), and
    the tokens it has ``entered`` of the action it is making."""
    who = "spectator" if view.seat is None else f"seat {view.seat}"
    lines = [
        f"{view.variant}, {view.players} players, {who}: round {view.round}, turn {view.turn_number}, "
        f"seat {view.turn} to {view.phase}, seats to act {list(view.to_act)}, dealer {view.dealer}",
        "hand: " + " ".join(map(str, view.hand)),
        f"discard: {view.discard_top or '-'} ({view.discard_size} cards), stock: {view.stock_size} cards"
        + (f", taken this turn: {view.taken}" if view.taken is not None else ""),
        "hand sizes: " + " ".join(map(str, view.hand_sizes)) + "; totals: " + " ".join(map(str, view.totals)),
    ]
    if memory is not None:
        lines.append("discard pile seen: " + (" ".join(map(str, memory.discard_cards())) or "-"))
        for seat in range(view.players):
            known = memory.known_cards(seat)
            if known:
                lines.append(f"seat {seat} was seen to take: " + " ".join(map(str, known)))
    for index, table_meld in enumerate(view.table):
        lines.append(f"meld {index} of seat {table_meld.owner}: {table_meld.meld}")
    for field in shown_fields(view):
        lines.append(f"{field.label}: {field.value}")
    for action in view.log[-LOG_ACTIONS:]:
        lines.append(f"seat {action.seat}: {action.describe()}")
    if entered:
        lines.append("entered: " + " ".join(entered))
    return "\n".join(lines)
