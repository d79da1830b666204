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

import functools
import json
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

import attrs

from rummykit.core.actions import Action
from rummykit.core.configuration import check_players
from rummykit.core.engine import Game, replay
from rummykit.core.errors import (
    InvalidCardError,
    InvalidOptionError,
    InvalidPositionError,
    RummyError,
    UnknownVariantError,
    quote,
)
from rummykit.core.plugins import available_house_rules, variant_spec
from rummykit.core.specs import COMMON_OPTIONS, VariantSpec
from rummykit.documents.converter import (
    DOCUMENT_ERRORS,
    card_id_word,
    converter,
    parse_json,
    structure_checked,
)
from rummykit.documents.serialize import (
    POSITION_FORMAT,
    POSITION_VERSION,
    RECORD_FORMAT,
    document_configuration,
    load_position,
    load_record,
    own_fields,
    position_to_data,
    read_state,
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
        history = json.dumps(data["history"], separators=(",", ":"), ensure_ascii=False)
        lines.append("history: " + _escape_breaks(history))
    return "\n".join(lines)


def read_position(text: str) -> Game:
    """The game at the position ``text`` writes in the notation, checked as a loaded position is.

    The text is read within bounds set before anything is made from it: the first line's variant and
    player count are checked first, each line is read once, and the cards it names are counted
    against the shoe's size as they are read, so that a short text cannot ask for a large game.

    Raises:
        InvalidPositionError: naming the line and the problem (a line that is not ``name: value``,
            a value that cannot be read), or the field and the card, seat or rule (every card of the
            shoe in one place, the variant's position rules).
    """
    if not isinstance(text, str):
        raise InvalidPositionError("", f"a position's notation is text, not {quote(text)}")
    if len(text) > MAX_TEXT:
        raise InvalidPositionError("", f"a position's notation is at most {MAX_TEXT:,} characters, not {len(text):,}")
    reading = _Position()
    for number, line in _lines(text):
        for part in _parts(line):
            stripped = part.strip()
            if stripped and not stripped.startswith("#"):
                reading.take(number, stripped)
    return reading.game()


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
    data = parse_json(text, InvalidPositionError)
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return replay(load_record(data, check=False))  # replayed once, here
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
    """A JSON string with the characters the notation separates by (white space of any kind, ``;``,
    ``/``, ``|``, line breaks) written as escapes, which JSON reads back as the characters."""
    return _SEPARATORS.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


_SEPARATORS: Final = re.compile(r"[\s;/|\x85\u2028\u2029]")
"""The characters that separate the notation's values, words, lines."""


_BREAKS: Final = str.maketrans({char: f"\\u{ord(char):04x}" for char in "|\x85\u2028\u2029"})
"""What JSON text (`json.dumps` escapes the control characters) may hold that would end a line of the
notation (a bar, which separates lines on one line, and the line breaks beyond ASCII), as escapes."""


def _escape_breaks(text: str) -> str:
    """JSON text with no character that would end a line of the notation: each of them (only ever
    inside a JSON string) written as its escape, which JSON reads back as the character."""
    return text.translate(_BREAKS)


# -- reading -------------------------------------------------------------------------------------

_LINE_END: Final = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
"""Where a line ends: wherever `str.splitlines` ends one."""
_WORD: Final = re.compile(r"\S+")
_MOST_DIGITS: Final = 20
"""The most digits a number of the notation has (2**64 - 1, the largest seed, has 20)."""
_MOST_FLOAT: Final = 32
"""The most characters a number with a fraction or an exponent has."""
_LINE_NAMES: Final = ("options", "house_rules", "hands", "table", "totals", "taken", "extra", "log", "history")
"""The lines of a position after the first, besides each pile's (``piles.NAME``, ``seat_piles.NAME``)."""


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line of ``text`` with its number (from 1), one at a time."""
    start, number = 0, 1
    for end in _LINE_END.finditer(text):
        yield number, text[start : end.start()]
        start, number = end.end(), number + 1
    if start < len(text):
        yield number, text[start:]


def _parts(line: str) -> Iterator[str]:
    """The parts of a line separated by `` | `` (a whole position on one line), one at a time."""
    start = 0
    while (at := line.find(" | ", start)) >= 0:
        yield line[start:at]
        start = at + 3
    yield line[start:]


def _words(text: str) -> Iterator[str]:
    """The words of ``text`` (separated by white space), one at a time."""
    return (match.group() for match in _WORD.finditer(text))


class _Position:
    """A position's notation read line by line: the first line says which game (checked at once); the
    others are kept as their text until all are read, then read within the bounds the game sets (the
    players, the shoe's size)."""

    def __init__(self) -> None:
        self.header: dict[str, Any] | None = None
        self.spec: VariantSpec | None = None
        self.lines: dict[str, tuple[int, str]] = {}

    def take(self, number: int, line: str) -> None:
        """Read the line ``number`` (not blank, not a comment)."""
        if self.header is None:
            self.header, self.spec = _read_header(number, line)
            return
        name, colon, value = line.partition(":")
        name = name.strip()
        if not colon or not name:
            raise InvalidPositionError(f"line {number}", f"expected 'name: value', not {quote(line)}")
        if name in self.lines:
            raise InvalidPositionError(f"line {number}", f"{quote(name)} is given twice")
        assert self.spec is not None
        piles = name.startswith("piles.") and name.removeprefix("piles.") in self.spec.piles
        seat_piles = name.startswith("seat_piles.") and name.removeprefix("seat_piles.") in self.spec.seat_piles
        if name not in _LINE_NAMES and not piles and not seat_piles:
            known = ", ".join(
                (
                    "hands",
                    *(f"piles.{pile}" for pile in self.spec.piles),
                    *(f"seat_piles.{pile}" for pile in self.spec.seat_piles),
                    *_LINE_NAMES[3:],
                )
            )
            raise InvalidPositionError(f"line {number}", f"{quote(name)} is not a line of a position: {known}")
        self.lines[name] = (number, value.strip())

    def game(self) -> Game:
        """The game the lines read describe, checked: the lines that name no card first, in their
        order; then the cards, counted against the shoe of the game those lines describe."""
        if self.header is None or self.spec is None:
            raise InvalidPositionError("", "an empty position: its first line names the variant and the players")
        players = self.header["players"]
        readers: dict[str, Callable[[str], Any]] = {
            "options": _read_pairs,
            "house_rules": self.house_rules,
            "totals": lambda value: _read_totals(value, players),
            "taken": lambda value: value,
            "extra": _read_pairs,
            "history": self.history,
            "log": self.log,
        }
        document: dict[str, Any] = {"format": POSITION_FORMAT, "version": POSITION_VERSION, **self.header}
        document.update({"options": {}, "house_rules": [], "totals": [0] * players, "taken": None, "history": []})
        log: list[Action] = []
        for name in sorted(readers.keys() & self.lines.keys(), key=lambda name: self.lines[name][0]):
            value = self.read(name, readers[name])
            if name == "log":
                log = value
            else:
                document[name] = value
        if "hands" not in self.lines:
            raise InvalidPositionError("hands", "a position gives every seat's hand ('hands: 5H 5D / KC KD')")
        configuration = document_configuration(document)
        cards = _Cards(len(configuration.rules.card_ids))
        document["hands"] = self.read("hands", lambda value: cards.per_seat(value, "hands", players, "hands"))
        document["piles"], document["seat_piles"] = {}, {}
        for name in self.lines:
            if name.startswith("piles."):
                pile = functools.partial(cards.words, path=name)
                document["piles"][name.removeprefix("piles.")] = self.read(name, pile)
            elif name.startswith("seat_piles."):
                per_seat = functools.partial(cards.per_seat, name=name, players=players, what="piles")
                document["seat_piles"][name.removeprefix("seat_piles.")] = self.read(name, per_seat)
        document["table"] = self.read("table", cards.table) if "table" in self.lines else []
        configuration, state = read_state(document)
        state.log = log
        return Game.from_state(state, configuration=configuration)

    def read(self, name: str, read: Callable[[str], Any]) -> Any:
        """``read`` of the line ``name``: a value that cannot be read is refused naming the line, a bad
        card or action naming its field."""
        number, value = self.lines[name]
        try:
            return read(value)
        except InvalidPositionError:
            raise
        except (ValueError, RummyError) as exc:
            raise InvalidPositionError(f"line {number}", f"{name}: {exc}") from exc

    def house_rules(self, value: str) -> list[str]:
        assert self.spec is not None
        most = len(available_house_rules(self.spec.name))
        names: list[str] = []
        for word in _words(value):
            if len(names) == most:
                raise ValueError(f"{self.spec.name} has {most} house rules, and this line names more")
            names.append(word)
        return names

    def history(self, value: str) -> Any:
        def error(_: str, problem: str) -> InvalidPositionError:
            return InvalidPositionError("", problem)

        try:
            return parse_json(value, error)
        except InvalidPositionError as exc:
            raise ValueError(exc.problem) from exc

    def log(self, value: str) -> list[Action]:
        """The round's actions, each read as it comes (an action takes less room than its text)."""
        assert self.spec is not None
        kinds = self.spec.actions
        structure = converter(kinds).structure
        actions: list[Action] = []
        for match in re.finditer(r"[^;]+", value):
            part = match.group().strip()
            if not part:
                continue
            data = _read_action(part)
            try:
                action: Action = structure(data, Action)
            except (*DOCUMENT_ERRORS, KeyError):  # a bad action (one lacking a field too): its problem named
                action = structure_checked(kinds, data, Action, f"log[{len(actions)}].")
            actions.append(action)
        return actions


class _Cards:
    """Cards read from the lines of a position, counted as they are read: a position holds every card of
    the shoe once, so a line that names more than the shoe holds is refused before it is all read."""

    def __init__(self, shoe: int) -> None:
        self.shoe = shoe
        self.count = 0

    def card(self, word: str, where: str) -> str:
        """One more card, written ``word``, at ``where``: its text, shared (`card_id_word`)."""
        self.count += 1
        if self.count > self.shoe:
            raise InvalidPositionError(where, f"the position names more cards than the shoe's {self.shoe}")
        try:
            return card_id_word(word)
        except InvalidCardError as exc:
            raise InvalidPositionError(where, str(exc)) from exc

    def words(self, text: str, path: str) -> list[str]:
        """The cards of ``text`` (their texts), the ``j``-th read as ``path[j]``."""
        cards: list[str] = []
        for word in _words(text):
            cards.append(self.card(word, f"{path}[{len(cards)}]"))
        return cards

    def per_seat(self, value: str, name: str, players: int, what: str) -> list[list[str]]:
        """One group of cards per seat, separated by ``/``."""
        groups = value.count("/") + 1
        if groups != players:
            raise InvalidPositionError(name, f"{groups} {what} for {players} players")
        return [self.words(group, f"{name}[{seat}]") for seat, group in enumerate(value.split("/"))]

    def table(self, value: str) -> list[dict[str, Any]]:
        """The melds on the table, separated by ``/``: each its owner, its kind and its cards, a card
        that stands for another rank than its own followed by ``=`` and that rank (``JK=8``)."""
        melds = value.count("/") + 1
        if melds > self.shoe:
            raise InvalidPositionError("table", f"{melds} melds: more than the shoe's {self.shoe} cards")
        table = []
        for index, group in enumerate(value.split("/")):
            words = _words(group)
            owner, kind = next(words, None), next(words, None)
            cards: list[str] = []
            ranks: list[str] = []
            for word in words:
                text, equals, rank = word.partition("=")
                cards.append(self.card(text, f"table[{index}].cards[{len(cards)}]"))
                ranks.append(rank if equals else _own_rank(text.split("#")[0]))
            if owner is None or kind is None or not cards:
                raise ValueError(f"a meld is its owner, its kind and its cards, not {quote(group.strip())}")
            meld = {"owner": _Reader(owner).whole(), "kind": _Reader(kind).whole(), "cards": cards, "ranks": ranks}
            table.append(meld)
        return table


def _read_header(number: int, line: str) -> tuple[dict[str, Any], VariantSpec]:
    """The first line's fields, and the spec of the variant it names (its player count checked)."""
    words = line.split(maxsplit=len(_HEADER) + 3)
    if not words or "=" in words[0]:
        raise InvalidPositionError(
            f"line {number}", "the first line starts with the variant's name ('rummy players=2')"
        )
    header: dict[str, Any] = {"variant": words[0]}
    for word in words[1:]:
        name, equals, value = word.partition("=")
        if not equals or name not in ("players", "seed", *_HEADER) or name in header:
            known = ", ".join(("players", "seed", *_HEADER))
            problem = f"{quote(name)} is given twice" if name in header else f"{quote(word)} is not one of {known}"
            raise InvalidPositionError(f"line {number}", f"{problem} (name=value)")
        try:
            header[name] = value if name == "phase" else _Reader(value).whole()
        except ValueError as exc:
            raise InvalidPositionError(f"line {number}", f"{name}: {exc}") from exc
    for name in ("players", *_HEADER):
        if name not in header:
            raise InvalidPositionError(f"line {number}", f"the first line gives {name}= (missing)")
    header.setdefault("seed", None)
    try:
        spec = variant_spec(words[0])
    except UnknownVariantError as exc:
        raise InvalidPositionError("variant", str(exc)) from exc
    try:
        check_players(spec, header["players"])
    except InvalidOptionError as exc:
        raise InvalidPositionError("players", str(exc)) from exc
    return header, spec


def _read_totals(value: str, players: int) -> list[Any]:
    count = sum(1 for _ in _WORD.finditer(value))
    if count != players:
        raise InvalidPositionError("totals", f"{count} totals for {players} players")
    return [_Reader(word).whole() for word in _words(value)]


def _read_pairs(value: str) -> dict[str, Any]:
    pairs = {}
    for word in _words(value):
        name, equals, text = word.partition("=")
        if not equals:
            raise ValueError(f"expected name=value, not {quote(word)}")
        if name in pairs:
            raise ValueError(f"{quote(name)} is given twice")
        pairs[name] = _Reader(text).whole()
    return pairs


def _read_action(text: str) -> dict[str, Any]:
    words = text.split(maxsplit=2)
    if len(words) < 2:
        raise ValueError(f"an action is its type, its seat and its fields, not {quote(text)}")
    action: dict[str, Any] = {"type": _Reader(words[0]).whole(), "seat": _Reader(words[1]).whole()}
    fields = _read_pairs(words[2] if len(words) > 2 else "")
    twice = fields.keys() & action.keys()
    if twice:
        raise ValueError(f"{quote(min(twice))} is given twice")
    action.update(fields)
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
        if text[at] == "[":
            self.at += 1
            items: list[Any] = []
            while self.at < len(text) and text[self.at] != "]":
                if items:
                    self.expect(",")
                items.append(self.value(depth + 1))
            self.expect("]")
            return items
        if text[at] == "{":
            self.at += 1
            pairs: dict[str, Any] = {}
            while self.at < len(text) and text[self.at] != "}":
                if pairs:
                    self.expect(",")
                key = str(self.value(depth + 1))
                self.expect(":")
                if key in pairs:
                    raise ValueError(f"the key {quote(key)} is given twice in {quote(text)}")
                pairs[key] = self.value(depth + 1)
            self.expect("}")
            return pairs
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
            if len(word.lstrip("-")) > _MOST_DIGITS:
                raise ValueError(f"a number has at most {_MOST_DIGITS} digits, not {len(word.lstrip('-')):,}")
            return int(word)
        if _FLOAT.fullmatch(word):
            if len(word) > _MOST_FLOAT:
                raise ValueError(f"a number is written in at most {_MOST_FLOAT} characters, not {len(word):,}")
            return float(word)
        return word

    def expect(self, char: str) -> None:
        if self.at >= len(self.text) or self.text[self.at] != char:
            raise ValueError(f"expected {char!r} in {quote(self.text)}")
        self.at += 1
