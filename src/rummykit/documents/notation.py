"""A short text notation for positions, as FEN is for chess: a few lines a person can read in a bug
report or a docstring, exact, and read back to the same game.

[`position_text`][rummykit.documents.notation.position_text] writes any game's position;
[`read_position`][rummykit.documents.notation.read_position] reads it back, checked as a position file is
([`load_position`][rummykit.documents.serialize.load_position]: every card of the shoe in one place, the
variant's position rules). The first line says which game and where it is; each other line is
``name: value``, and a line that would say nothing (no house rules, an empty table, a log not begun)
is left out:

```text
railroad-rummy players=2 seed=1 round=1 dealer=1 turn=0 turn_number=3 phase=draw
hands: 5H 5D 5C 8S 8H 8D 9C / KC KD KH 2S
piles.stock: 3C#1 7D ... 4H
piles.standby: 2D#1 QS ... 6C
piles.discard: 10C KS
table: 1 set QC QD QH / 1 run 6H 7H JK=8 9H
extra: melded_on=[null,2] played_on=[null,2] hmg=[3,3]
```

- ``hands``: each seat's hand, seat 0 first, separated by ``/``. A card is written as in
  position files: ``5H``, and ``5H#1`` for copy 1 of a multi-deck shoe.
- ``piles.NAME``, ``seat_piles.NAME``: every pile as it lies, the bottom card first and the top card
  last; a seat pile per seat, separated by ``/``.
- ``table``: each meld as its owner, its kind, and its cards; a card that stands for another rank
  than its own (a wild card, G-5) is followed by ``=`` and that rank (``JK=8``).
- ``options``, ``extra``: ``name=value`` (the options that differ from their defaults; the
  variant's own state); ``house_rules``: names; ``totals``: one per seat; ``taken``: the card taken
  from the discard pile this turn.
- ``log``: the round's actions, separated by ``;``, each its type, seat and fields
  (``discard 1 card=9H``); ``history``: the rounds played, as JSON.

Values are numbers, ``true``, ``false``, ``null``, bare words (``5H``, ``claim``), lists in
brackets (``[3,3]``, ``[[5H,5D],[KC,KD]]``), objects in braces, or JSON strings for text with spaces.
Lines may also be separated by `` | `` (one line for a command line), and a line starting with ``#``
is a comment.

Examples:
    >>> import rummykit
    >>> game = rummykit.build_position("rummy", players=2, seed=1, hands=["5H 5D 5C 9S", "KC KD KH 2S"],
    ...                                discard="7C", stock="AS", turn=0)
    >>> text = position_text(game)
    >>> print(text.splitlines()[0]); print(text.splitlines()[1])
    rummy players=2 seed=1 round=1 dealer=1 turn=0 turn_number=1 phase=draw
    hands: 5H 5D 5C 9S / KC KD KH 2S
    >>> read_position(text) == game
    True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

import attrs

from rummykit.core.engine import Game, replay
from rummykit.core.errors import InvalidPositionError, quote
from rummykit.core.specs import COMMON_OPTIONS
from rummykit.documents.serialize import (
    POSITION_FORMAT,
    POSITION_VERSION,
    RECORD_FORMAT,
    load_position,
    load_record,
    own_fields,
    position_to_data,
)

__all__ = ["MAX_TEXT", "position_text", "read_game", "read_position"]

_HEADER: Final = ("round", "dealer", "turn", "turn_number", "phase")
_BARE: Final = re.compile(r"[A-Za-z0-9#_.+\-]+")
_NUMBER: Final = re.compile(r"-?(0|[1-9][0-9]*)")
_FLOAT: Final = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_LITERALS: Final = {"null": None, "true": True, "false": False}
MAX_TEXT: Final = 4_000_000
"""The longest position text read (characters): a shoe of thousands of cards and a long log fit."""


def position_text(game: Game) -> str:
    """``game``'s position in the notation: a few lines that
    [`read_position`][rummykit.documents.notation.read_position] reads back to an equal game."""
    data = position_to_data(game)
    lines = [_header(data)]
    defaults = {option.name: option.default for option in (*COMMON_OPTIONS, *game.spec.options)}
    for rule in game.house_rules:
        defaults.update({option.name: option.default for option in rule.options})
    changed = {name: value for name, value in data["options"].items() if defaults.get(name, ...) != value}
    if changed:
        lines.append("options: " + _pairs(changed))
    if data["house_rules"]:
        lines.append("house_rules: " + " ".join(data["house_rules"]))
    lines.append("hands: " + " / ".join(" ".join(hand) for hand in data["hands"]))
    for name, pile in data["piles"].items():
        lines.append(f"piles.{name}: " + " ".join(pile))
    for name, per_seat in data["seat_piles"].items():
        lines.append(f"seat_piles.{name}: " + " / ".join(" ".join(pile) for pile in per_seat))
    if data["table"]:
        lines.append("table: " + " / ".join(_meld_text(meld) for meld in data["table"]))
    if any(data["totals"]):
        lines.append("totals: " + " ".join(map(str, data["totals"])))
    if data["taken"] is not None:
        lines.append(f"taken: {data['taken']}")
    extra = _changed_extra(game, data["extra"])
    if extra:
        lines.append("extra: " + _pairs(extra))
    if data["log"]:
        lines.append("log: " + "; ".join(_action_text(action) for action in data["log"]))
    if data["history"]:
        lines.append("history: " + json.dumps(data["history"], separators=(",", ":"), ensure_ascii=False))
    return "\n".join(lines)


def read_position(text: str) -> Game:
    """The game at the position ``text`` writes in the notation, checked as a loaded position is.

    Raises:
        InvalidPositionError: naming the line and the problem (a line that is not ``name: value``,
            a value that cannot be read), or the field and the card, seat or rule (every card of the
            shoe in one place, the variant's position rules).
    """
    if not isinstance(text, str):
        raise InvalidPositionError("", f"a position's notation is text, not {quote(text)}")
    if len(text) > MAX_TEXT:
        raise InvalidPositionError("", f"a position's notation is at most {MAX_TEXT:,} characters, not {len(text):,}")
    lines = [
        (number, line.strip())
        for number, raw in enumerate(text.splitlines(), 1)
        for line in _split_bars(raw)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not lines:
        raise InvalidPositionError("", "an empty position: its first line names the variant and the players")
    document: dict[str, Any] = {"format": POSITION_FORMAT, "version": POSITION_VERSION}
    document.update(_read_header(*lines[0]))
    document.update({"options": {}, "house_rules": [], "piles": {}, "seat_piles": {}, "table": [], "log": []})
    document.update({"history": [], "taken": None})
    seen: set[str] = set()
    for number, line in lines[1:]:
        name, colon, value = line.partition(":")
        name = name.strip()
        if not colon or not name:
            raise InvalidPositionError(f"line {number}", f"expected 'name: value', not {quote(line)}")
        if name in seen:
            raise InvalidPositionError(f"line {number}", f"{quote(name)} is given twice")
        seen.add(name)
        try:
            _read_line(document, name, value.strip())
        except InvalidPositionError:
            raise
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise InvalidPositionError(f"line {number}", f"{name}: {exc}") from exc
    if "hands" not in seen:
        raise InvalidPositionError("hands", "a position gives every seat's hand ('hands: 5H 5D / KC KD')")
    players = document["players"]
    document.setdefault("totals", [0] * players if isinstance(players, int) else [])
    return load_position(document)


def read_game(text: str | bytes) -> Game:
    """A game from any of rummykit's written forms: the position notation, a position document
    (JSON, [`dump_position`][rummykit.documents.serialize.dump_position]) or a game record (JSON,
    [`dump_record`][rummykit.documents.serialize.dump_record], replayed to its end).

    Raises:
        InvalidPositionError: the text is none of these, or not a consistent game (a record's
            [`InvalidRecordError`][rummykit.core.errors.InvalidRecordError] names its action).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidPositionError("", "the text is not UTF-8") from exc
    if not isinstance(text, str):
        raise InvalidPositionError("", f"a game is written as text, not {quote(text)}")
    if len(text) > MAX_TEXT:
        raise InvalidPositionError("", f"at most {MAX_TEXT:,} characters are read, not {len(text):,}")
    if not text.lstrip().startswith("{"):
        return read_position(text)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidPositionError("", f"not JSON: {exc}") from exc
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return replay(load_record(data))
    return load_position(data)


# -- writing -------------------------------------------------------------------------------------


def _header(data: Mapping[str, Any]) -> str:
    seed = "" if data["seed"] is None else f" seed={data['seed']}"
    where = " ".join(f"{name}={data[name]}" for name in _HEADER)
    return f"{data['variant']} players={data['players']}{seed} {where}"


def _own_rank(face_text: str) -> str:
    """The rank symbol of a card written ``5H`` or ``JK`` (a joker's is ``JK``)."""
    return face_text if face_text == "JK" else face_text[:-1]


def _changed_extra(game: Game, extra: Mapping[str, Any] | None) -> dict[str, Any]:
    """The variant's own state, but the fields at their defaults (a reader fills those in)."""
    if not extra:
        return {}
    defaults: dict[str, Any] = {}
    for field in own_fields(type(game.state)):
        default: Any = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            if default.takes_self:
                continue
            default = default.factory()
        if default is not attrs.NOTHING:
            defaults[field.name] = default
    return {name: value for name, value in extra.items() if name not in defaults or defaults[name] != value}


def _meld_text(meld: Mapping[str, Any]) -> str:
    cards = []
    for text, rank in zip(meld["cards"], meld["ranks"], strict=True):
        cards.append(text if _own_rank(text.split("#")[0]) == rank else f"{text}={rank}")
    return f"{meld['owner']} {_value(meld['kind'])} " + " ".join(cards)


def _action_text(action: Mapping[str, Any]) -> str:
    fields = " ".join(f"{name}={_value(value)}" for name, value in action.items() if name not in ("type", "seat"))
    return f"{_value(action['type'])} {action['seat']}" + (f" {fields}" if fields else "")


def _pairs(values: Mapping[str, Any]) -> str:
    return " ".join(f"{name}={_value(value)}" for name, value in values.items())


def _value(value: Any) -> str:
    """A value in the notation's syntax (no spaces, ``;`` or ``|`` outside of nothing: read back by
    [`_Reader`][rummykit.documents.notation._Reader])."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        if _BARE.fullmatch(value) and value not in _LITERALS and not _FLOAT.fullmatch(value):
            return value
        return _escape(json.dumps(value, ensure_ascii=False))
    if isinstance(value, list | tuple):
        return "[" + ",".join(_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{_value(str(key))}:{_value(item)}" for key, item in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} in a position's notation")


def _escape(text: str) -> str:
    """A JSON string with the characters the notation separates by written as escapes."""
    return text.replace(" ", "\\u0020").replace(";", "\\u003b").replace("|", "\\u007c").replace("/", "\\u002f")


# -- reading -------------------------------------------------------------------------------------


def _split_bars(line: str) -> list[str]:
    return line.split(" | ") if " | " in line else [line]


def _read_header(number: int, line: str) -> dict[str, Any]:
    words = line.split()
    if not words or "=" in words[0]:
        raise InvalidPositionError(
            f"line {number}", "the first line starts with the variant's name ('rummy players=2')"
        )
    header: dict[str, Any] = {"variant": words[0]}
    for word in words[1:]:
        name, equals, value = word.partition("=")
        if not equals or name not in ("players", "seed", *_HEADER):
            known = ", ".join(("players", "seed", *_HEADER))
            raise InvalidPositionError(f"line {number}", f"{quote(word)} is not one of {known} (name=value)")
        header[name] = value if name == "phase" else _Reader(value).whole()
    for name in ("players", *_HEADER):
        if name not in header:
            raise InvalidPositionError(f"line {number}", f"the first line gives {name}= (missing)")
    header.setdefault("seed", None)
    return header


def _read_line(document: dict[str, Any], name: str, value: str) -> None:
    if name == "options":
        document["options"] = _read_pairs(value)
    elif name == "house_rules":
        document["house_rules"] = value.split()
    elif name == "hands":
        document["hands"] = [group.split() for group in value.split("/")]
    elif name.startswith("piles."):
        document["piles"][name.removeprefix("piles.")] = value.split()
    elif name.startswith("seat_piles."):
        document["seat_piles"][name.removeprefix("seat_piles.")] = [group.split() for group in value.split("/")]
    elif name == "table":
        document["table"] = [_read_meld(group) for group in value.split("/")]
    elif name == "totals":
        document["totals"] = [_Reader(word).whole() for word in value.split()]
    elif name == "taken":
        document["taken"] = value
    elif name == "extra":
        document["extra"] = _read_pairs(value)
    elif name == "log":
        document["log"] = [_read_action(part.strip()) for part in value.split(";") if part.strip()]
    elif name == "history":
        document["history"] = json.loads(value)
    else:
        raise ValueError(f"{quote(name)} is not a line of a position (hands, piles.stock, table, log, ...)")


def _read_pairs(value: str) -> dict[str, Any]:
    pairs = {}
    for word in value.split():
        name, equals, text = word.partition("=")
        if not equals:
            raise ValueError(f"expected name=value, not {quote(word)}")
        pairs[name] = _Reader(text).whole()
    return pairs


def _read_meld(group: str) -> dict[str, Any]:
    words = group.split()
    if len(words) < 3:
        raise ValueError(f"a meld is its owner, its kind and its cards, not {quote(group)}")
    cards, ranks = [], []
    for word in words[2:]:
        text, equals, rank = word.partition("=")
        cards.append(text)
        face_text = text.split("#")[0]
        ranks.append(rank if equals else _own_rank(face_text))
    return {"owner": _Reader(words[0]).whole(), "kind": _Reader(words[1]).whole(), "cards": cards, "ranks": ranks}


def _read_action(text: str) -> dict[str, Any]:
    words = text.split()
    if len(words) < 2:
        raise ValueError(f"an action is its type, its seat and its fields, not {quote(text)}")
    action: dict[str, Any] = {"type": _Reader(words[0]).whole(), "seat": _Reader(words[1]).whole()}
    action.update(_read_pairs(" ".join(words[2:])))
    return action


class _Reader:
    """Reads one value of the notation's syntax: JSON's, with bare words for strings."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def whole(self) -> Any:
        value = self.value(0)
        if self.at != len(self.text):
            raise ValueError(f"unexpected {quote(self.text[self.at :])} in {quote(self.text)}")
        return value

    def value(self, depth: int) -> Any:
        if depth > 32:
            raise ValueError("values nest at most 32 deep")
        text, at = self.text, self.at
        if at >= len(text):
            raise ValueError(f"a value is missing in {quote(text)}")
        if text[at] in "[{":
            closing = "]" if text[at] == "[" else "}"
            self.at += 1
            items: list[Any] = []
            while self.at < len(text) and text[self.at] != closing:
                if items:
                    self.expect(",")
                if text[at] == "[":
                    items.append(self.value(depth + 1))
                else:
                    key = self.value(depth + 1)
                    self.expect(":")
                    items.append((str(key), self.value(depth + 1)))
            self.expect(closing)
            return items if closing == "]" else dict(items)
        if text[at] == '"':
            value, end = json.JSONDecoder().raw_decode(text, at)
            self.at = end
            return value
        match = _BARE.match(text, at)
        if match is None:
            raise ValueError(f"unexpected {quote(text[at:])} in {quote(text)}")
        self.at = match.end()
        word = match.group()
        if word in _LITERALS:
            return _LITERALS[word]
        if _NUMBER.fullmatch(word):
            return int(word)
        return float(word) if _FLOAT.fullmatch(word) else word

    def expect(self, char: str) -> None:
        if self.at >= len(self.text) or self.text[self.at] != char:
            raise ValueError(f"expected {char!r} in {quote(self.text)}")
        self.at += 1
