"""JSON for game records: one cattrs converter, versioned documents, validation before anything is built.

A record document::

    {"format": "rummykit/record", "version": 2, "variant": "railroad-rummy", "players": 4,
     "options": {...}, "house_rules": [], "seed": 7, "dealer": null, "shoes": [], "outcomes": [],
     "actions": [{"type": "draw", "seat": 1}, {"type": "go-down", "seat": 1, "melds": [["5H", "5D", "JK"], ...]}]}

Actions are a tagged union on ``"type"`` (the action class's ``kind``); cards are card notation.
Loading untrusted JSON checks the format and version, the variant and house rules, every field's
type (unknown fields are refused), every card, and replays every action: a bad document raises one
[`InvalidRecordError`][rummykit.core.errors.InvalidRecordError] naming the field path, and nothing is returned.
Loading takes time linear in the document's size and memory within a small multiple of it: the
error names the first bad field and quotes at most a short prefix of what it holds, and reading
stops after a few bad items. Records of version 1 (a ``shoe`` for round 1 where version 2 has
``shoes``) are read too.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("railroad-rummy", players=2, seed=3)
    >>> _ = game.apply(rummykit.Draw(seat=game.turn))
    >>> text = dump_record(game.record)
    >>> load_record(text) == game.record
    True
    >>> load_record('{"format": "rummykit/record", "version": 2, "variant": "gin"}')
    Traceback (most recent call last):
    ...
    rummykit.core.errors.InvalidRecordError: variant: unknown variant 'gin'; installed variants: ...
"""

from __future__ import annotations

import enum
import functools
import json
import operator
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, get_args, get_origin, get_type_hints

import attrs
import cattrs
from cattrs.cols import is_mapping, is_sequence
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.preconf.json import make_converter
from cattrs.v import format_exception

from rummykit.core.actions import Action
from rummykit.core.cards import Card, CardId, Rank, card_id, card_id_text, face, parse_card_id, shoe_ids, standard_deck
from rummykit.core.configuration import Configuration, configure
from rummykit.core.engine import Game, game_from_state, replay
from rummykit.core.errors import (
    InvalidCardError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    RummyError,
    UnknownHouseRuleError,
    UnknownVariantError,
    quote,
)
from rummykit.core.melds import Meld, RunEnd
from rummykit.core.plugins import variant_spec
from rummykit.core.records import GameRecord
from rummykit.core.shoe import MAX_SEED, Randomness
from rummykit.core.specs import Ruleset, VariantSpec
from rummykit.core.state import CACHE, GameState, Phase, RoundResult, TableMeld
from rummykit.core.views import View
from rummykit.documents._direct import _ENCODE, _ENCODE_TEXT, Readers

__all__ = [
    "POSITION_FORMAT",
    "POSITION_VERSION",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "converter",
    "dump_position",
    "dump_record",
    "dump_view",
    "load_position",
    "load_record",
    "load_view",
    "position_to_data",
    "record_to_data",
    "view_to_data",
]

RECORD_FORMAT: Final = "rummykit/record"
"""The ``format`` of a game record document."""
RECORD_VERSION: Final = 2
"""The ``version`` of the game record documents this release writes and reads."""


_MOST_PROBLEMS: Final = 8
"""How many bad items of one list (or object) are read before loading gives up on it."""


def _structure_card(value: Any, _: type) -> Card:
    if not isinstance(value, str):
        raise InvalidCardError(f"a card is written as text such as '10H', not {quote(value)}")
    return Card.parse(value)


def _strict(kind: type, name: str) -> Callable[[Any, type], Any]:
    """A structure hook that accepts only JSON values of ``kind`` (no ``"3"`` for 3, no ``true`` for 1)."""

    def hook(value: Any, _: type) -> Any:
        if type(value) is not kind:
            raise ValueError(f"expected {name}, not {_json_type(value)}")
        return value

    return hook


def _integer(value: Any, _: type) -> int:
    """Only a JSON integer, and one of at most 64 bits (a seed is up to 2**64 - 1; nothing else
    comes near): a longer one would not be written back as it was read."""
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {_json_type(value)}")
    if not -(2**63) <= value <= MAX_SEED:
        raise ValueError(f"expected an integer from -2**63 to 2**64 - 1, not {quote(value)}")
    return value


def _json_type(value: Any) -> str:
    names = {bool: "true/false", int: "an integer", float: "a number", str: "text", list: "a list", dict: "an object"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _strict_enum(type_: type[enum.Enum]) -> Callable[[Any, type], Any]:
    def hook(value: Any, _: type) -> Any:
        try:
            return type_(value)
        except ValueError:
            names = ", ".join(repr(member.value) for member in type_)
            raise ValueError(f"expected one of {names}, not {quote(value)}") from None

    return hook


def _homogeneous(type_: Any) -> bool:
    args = get_args(type_)
    return get_origin(type_) is not tuple or (len(args) == 2 and args[1] is Ellipsis)


def _read_each(
    entries: Iterable[tuple[Any, Any]], read: Callable[[Any], Any], item_type: Any, type_: Any, cls: type
) -> list[Any]:
    """``read`` of each entry ``(index or key, value)``, a bad one noted with its index as cattrs notes
    it; reading stops at the first `_MOST_PROBLEMS` bad ones (cattrs' own hooks would gather a problem
    for every bad item of a list of any length), which are raised together."""
    results, problems = [], []
    for index, value in entries:
        try:
            results.append(read(value))
        except Exception as exc:
            note = IterableValidationNote(f"Structuring {type_} @ {index!r}", index, item_type)
            exc.__notes__ = [*getattr(exc, "__notes__", []), note]
            problems.append(exc)
            if len(problems) == _MOST_PROBLEMS:
                break
    if problems:
        raise IterableValidationError(f"While structuring {type_!r}", problems, cls)
    return results


def _strict_sequence(type_: Any, conv: cattrs.Converter) -> Callable[[Any, type], Any]:
    """A list (or homogeneous tuple) of ``type_``'s items, read item by item (`_read_each`)."""
    args = get_args(type_)
    item_type = args[0] if args else Any
    structure_item = conv.get_structure_hook(item_type)
    build = tuple if get_origin(type_) is tuple else list

    def hook(value: Any, cls: type) -> Any:
        if not isinstance(value, list | tuple):
            raise ValueError(f"expected a list, not {_json_type(value)}")
        return build(_read_each(enumerate(value), lambda item: structure_item(item, item_type), item_type, type_, cls))

    return hook


def _strict_mapping(type_: Any, conv: cattrs.Converter) -> Callable[[Any, type], Any]:
    """An object read key by key (`_read_each`); a key of ``int`` is written as text in JSON (``"3"``
    is seat 3), and a long key is named by its first characters."""
    args = get_args(type_)
    key_type, value_type = args if len(args) == 2 else (Any, Any)
    structure_key = conv.get_structure_hook(key_type)
    structure_value = conv.get_structure_hook(value_type)
    int_keys = key_type is int

    def entries(value: Mapping[Any, Any]) -> Iterator[tuple[Any, tuple[Any, Any]]]:
        for text, item in value.items():
            digits = int_keys and isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 18
            key = int(text) if digits else text
            yield (key if not isinstance(key, str) or len(key) <= 40 else key[:37] + "..."), (key, item)

    def read(pair: tuple[Any, Any]) -> tuple[Any, Any]:
        return structure_key(pair[0], key_type), structure_value(pair[1], value_type)

    def hook(value: Any, cls: type) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected an object, not {_json_type(value)}")
        return dict(_read_each(entries(value), read, value_type, type_, cls))

    return hook


def _object(type_: type, conv: cattrs.Converter) -> Callable[[Any, type], Any]:
    """An attrs class read from a JSON object (anything else is refused before cattrs reads it)."""
    inner: Callable[[Any, type], Any] = make_dict_structure_fn(type_, conv, _cattrs_forbid_extra_keys=True)

    def hook(value: Any, cls: type) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected an object, not {_json_type(value)}")
        return inner(value, cls)

    return hook


def _build_converter(
    actions: tuple[type[Action], ...], *, integer: Callable[[Any, type], int] = _integer
) -> cattrs.Converter:
    conv = make_converter(forbid_extra_keys=True, prefer_attrib_converters=False)
    conv.register_structure_hook(int, integer)
    conv.register_structure_hook(str, _strict(str, "text"))
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    # Hooks registered by class reach subclasses: str and int enums need their own, ahead of str and int.
    for base in (enum.StrEnum, enum.IntEnum, enum.Enum):
        conv.register_structure_hook(base, lambda value, t: _strict_enum(t)(value, t))
    conv.register_structure_hook_factory(
        lambda t: is_sequence(t) and _homogeneous(t), lambda t: _strict_sequence(t, conv)
    )
    conv.register_structure_hook_factory(is_mapping, lambda t: _strict_mapping(t, conv))
    conv.register_structure_hook_factory(attrs.has, lambda t: _object(t, conv))
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, _structure_card)
    conv.register_unstructure_hook(RunEnd, lambda end: end.value)
    by_kind = {cls.kind: cls for cls in actions}
    unstructure_fields = {cls: make_dict_unstructure_fn(cls, conv) for cls in actions}
    structure_fields = {cls: make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True) for cls in actions}

    def unstructure_action(action: Action) -> dict[str, Any]:
        return {"type": action.kind, **unstructure_fields[type(action)](action)}

    def structure_action(value: Any, _: type) -> Action:
        if not isinstance(value, Mapping):
            raise ValueError(f"an action is an object with a 'type', not {_json_type(value)}")
        kind = value.get("type")
        if not isinstance(kind, str) or kind not in by_kind:
            raise ValueError(f"unknown action type {quote(kind)}; this variant's types: {', '.join(sorted(by_kind))}")
        cls = by_kind[kind]
        action: Action = structure_fields[cls]({key: item for key, item in value.items() if key != "type"}, cls)
        return action

    conv.register_unstructure_hook_func(lambda t: isinstance(t, type) and issubclass(t, Action), unstructure_action)
    conv.register_structure_hook(Action, structure_action)
    return conv


@functools.cache
def converter(actions: tuple[type[Action], ...]) -> cattrs.Converter:
    """The converter for games whose actions are ``actions`` (a variant's ``spec.actions``)."""
    return _build_converter(actions)


@functools.cache
def _readers(actions: tuple[type[Action], ...]) -> Readers:
    """The direct readers and writers beside ``converter(actions)`` (the valid case, read in plain loops)."""
    return Readers(converter(actions), actions)


def _structured(readers: Readers, conv: cattrs.Converter, value: Any, type_: Any, prefix: str) -> Any:
    """``value`` read as ``type_`` by the direct readers; if they decline it (or it is bad), by the
    converter, which names what is wrong: an `InvalidPositionError` whose path starts with ``prefix``."""
    try:
        return readers.read(value, type_)
    except Exception:  # anything: the converter reads it again and decides
        pass
    try:
        return conv.structure(value, type_)
    except (cattrs.BaseValidationError, RummyError, ValueError, TypeError) as exc:
        raise _structure_error(exc, prefix, InvalidPositionError) from exc


def _path(problem: str) -> tuple[str, str]:
    """Split cattrs' ``"message @ $.field[2]"`` into the field path and the message."""
    message, _, where = problem.rpartition(" @ ")
    path = re.sub(r"\['([^']*)'\]", r".\1", where.removeprefix("$")).removeprefix(".")
    return path, message


def _describe(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, RummyError | ValueError) and not isinstance(exc, cattrs.BaseValidationError):
        text = str(exc)
        if text and not text.startswith("invalid literal"):
            return text
    text = format_exception(exc, type_)
    if text.startswith("unknown error"):  # never a Python internal's message
        return "not a valid value" if type_ is None else f"not a valid {getattr(type_, '__name__', type_)}"
    return text


def _structure_error(
    exc: Exception, prefix: str = "", error: type[InvalidPositionError] = InvalidRecordError
) -> InvalidPositionError:
    if isinstance(exc, cattrs.BaseValidationError):
        problems = cattrs.transform_error(exc, format_exception=_describe)
        path, message = _path(problems[0]) if problems else ("", str(exc))
        more = " (and more problems)" if len(problems) > 1 else ""
        return error((prefix + path).rstrip("."), message + more)
    return error(prefix.rstrip("."), str(exc))


def record_to_data(record: GameRecord) -> dict[str, Any]:
    """The record as JSON-ready data (with its format and version)."""
    conv = converter(_spec(record.variant).actions)
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, **conv.unstructure(record)}


def dump_record(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON text."""
    return json.dumps(record_to_data(record), indent=indent, ensure_ascii=False)


def _record_v1(document: dict[str, Any]) -> dict[str, Any]:
    """A version 1 record as version 2: its ``shoe`` (round 1's, or null) becomes ``shoes``."""
    if "shoe" in document:
        shoe = document.pop("shoe")
        document["shoes"] = [] if shoe is None else [shoe]
    return document


_RECORD_UPGRADES: Final = {1: _record_v1}
"""How to read the record versions before [`RECORD_VERSION`][rummykit.documents.serialize.RECORD_VERSION], by
version."""


def _document(
    data: str | bytes | Mapping[str, Any],
    kind: str,
    version: int,
    error: Callable[[str, str], RummyError],
    *,
    older: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise error("", f"not JSON: {exc}") from exc
        except UnicodeDecodeError as exc:
            raise error("", "not JSON: the text is not UTF-8") from exc
        except ValueError as exc:  # the only other ValueError json raises: an integer too long for int()
            raise error("", "a number of more than 4,300 digits; no field of a document holds one") from exc
        except RecursionError as exc:
            raise error("", "not JSON that rummykit reads: nested too deeply") from exc
    if not isinstance(data, Mapping):
        raise error("", f"a {kind} document is a JSON object, not {_json_type(data)}")
    document = dict(data)
    if document.get("format") != kind:
        raise error("format", f"expected {kind!r}, not {quote(document.get('format'))}")
    found = document.get("version")
    upgrade = (older or {}).get(found) if type(found) is int else None
    if upgrade is None and (type(found) is not int or found != version):
        known = ", ".join(map(str, sorted({*(older or {}), version})))
        raise error("version", f"this rummykit reads version {known}, not {quote(found)}")
    del document["format"], document["version"]
    return document if upgrade is None else upgrade(document)


def _variant(document: Mapping[str, Any], error: type[InvalidPositionError]) -> VariantSpec:
    """The spec of the installed variant a document names."""
    variant = document.get("variant")
    if not isinstance(variant, str):
        raise error("variant", f"expected a variant's name, not {_json_type(variant)}")
    try:
        return _spec(variant)
    except UnknownVariantError as exc:
        raise error("variant", str(exc)) from exc


@functools.cache
def _spec(variant: str) -> VariantSpec:
    """Specs are read once per process: a server dumps a view per seat per action."""
    return variant_spec(variant)


def load_record(data: str | bytes | Mapping[str, Any], *, check: bool = True) -> GameRecord:
    """Read a record from JSON text (or parsed JSON), validating everything.

    With ``check`` (the default) every action is replayed to prove it legal.

    Raises:
        InvalidRecordError: naming the field path (``actions[17].card``) and the problem.
    """
    document = _document(data, RECORD_FORMAT, RECORD_VERSION, InvalidRecordError, older=_RECORD_UPGRADES)
    spec = _variant(document, InvalidRecordError)
    if "actions" not in document:  # a cut-off document must not pass for a game not yet begun
        raise InvalidRecordError("actions", "missing: a record lists every action ([] for a game not yet begun)")
    try:
        record = converter(spec.actions).structure(document, GameRecord)
    except (cattrs.BaseValidationError, RummyError, ValueError, TypeError) as exc:
        raise _structure_error(exc) from exc
    if check:
        try:
            replay(record)  # raises InvalidRecordError with the path of the first bad action
        except InvalidRecordError:
            raise
        except Exception as exc:  # whatever else bad data provokes is still a bad record, never a crash
            raise InvalidRecordError("", f"the record does not replay: {quote(str(exc))}") from exc
    return record


# -- positions ------------------------------------------------------------------------------------

POSITION_FORMAT: Final = "rummykit/position"
"""The ``format`` of a position document."""
POSITION_VERSION: Final = 1
"""The ``version`` of the position documents this release writes and reads."""
VIEW_FORMAT: Final = "rummykit/view"
"""The ``format`` of a view document."""
VIEW_VERSION: Final = 1
"""The ``version`` of the view documents this release writes and reads."""

_RANK_BY_SYMBOL: Final = {rank.symbol: rank for rank in Rank}
_SYMBOL: Final = {rank: rank.symbol for rank in Rank}


@attrs.frozen(kw_only=True)
class _MeldDoc:
    owner: int
    kind: str
    cards: tuple[str, ...]
    ranks: tuple[str, ...]


@attrs.frozen(kw_only=True)
class _PositionDoc:
    variant: str
    players: int
    options: dict[str, Any]
    house_rules: tuple[str, ...] = ()
    seed: int | None = None
    round: int
    dealer: int
    turn: int
    turn_number: int
    phase: str
    hands: tuple[tuple[str, ...], ...]
    piles: dict[str, tuple[str, ...]]
    seat_piles: dict[str, tuple[tuple[str, ...], ...]] = attrs.Factory(dict)
    table: tuple[_MeldDoc, ...] = ()
    totals: tuple[int, ...]
    history: tuple[RoundResult, ...] = ()
    taken: str | None = None
    log: tuple[Action, ...] = ()
    extra: Any = None


_HISTORY: Final = list[RoundResult]


def _meld_data(table_meld: TableMeld) -> dict[str, Any]:
    return {
        "owner": table_meld.owner,
        "kind": str(table_meld.meld.kind),
        "cards": list(map(_TEXT.__getitem__, table_meld.ids)),
        "ranks": list(map(_SYMBOL.__getitem__, table_meld.meld.ranks)),
    }


def position_to_data(game: Game) -> dict[str, Any]:
    """Everything about ``game`` now, as JSON-ready data: a position that
    [`load_position`][rummykit.documents.serialize.load_position] turns back into an equal game. Physical cards
    are written ``5H``, ``5H#1`` (copies)."""
    state = game.state
    readers = _readers(game.spec.actions)
    data = _position_head(state, readers)
    data["log"] = readers.write_actions(state.log)
    data["extra"] = _extra_data(state, readers)
    return data


def _position_start(state: GameState) -> dict[str, Any]:
    """A position's document up to the cards: its format, the game's configuration and the turn."""
    config = state.config
    return {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "variant": config.variant,
        "players": config.players,
        "options": dict(config.options),
        "house_rules": list(config.house_rules),
        "seed": config.seed,
        "round": state.round,
        "dealer": state.dealer,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": str(state.phase),
    }


def _position_head(state: GameState, readers: Readers) -> dict[str, Any]:
    """`position_to_data` up to the log (the rest: ``"log"``, ``"extra"``)."""
    text = _TEXT.__getitem__
    return {
        **_position_start(state),
        "hands": [list(map(text, hand)) for hand in state.hands],
        "piles": {name: list(map(text, pile)) for name, pile in state.piles.items()},
        "seat_piles": {
            name: [list(map(text, pile)) for pile in per_seat] for name, per_seat in state.seat_piles.items()
        },
        "table": [_meld_data(table_meld) for table_meld in state.table],
        "totals": list(state.totals),
        "history": readers.writer(_HISTORY)(state.history),
        "taken": None if state.taken is None else card_id_text(state.taken),
    }


def dump_position(game: Game, *, indent: int | None = None) -> str:
    """The game's position as JSON text."""
    state = game.state
    if indent is not None or not all(type(name) is str for name in (*state.piles, *state.seat_piles)):
        return json.dumps(position_to_data(game), indent=indent, ensure_ascii=False)
    # json.dumps(position_to_data(game), ensure_ascii=False), with the cards' places and the log (most
    # of a position's values) written as text in line and put in their places.
    readers = _readers(game.spec.actions)
    first = _position_start(state)
    rest = {
        "totals": list(state.totals),
        "history": readers.writer(_HISTORY)(state.history),
        "taken": None if state.taken is None else card_id_text(state.taken),
    }
    hands = "[" + ", ".join(map(_ids_text, state.hands)) + "]"
    piles = ", ".join([f"{_ENCODE_TEXT(name)}: {_ids_text(pile)}" for name, pile in state.piles.items()])
    seat_piles = ", ".join(
        [
            f"{_ENCODE_TEXT(name)}: [{', '.join(map(_ids_text, per_seat))}]"
            for name, per_seat in state.seat_piles.items()
        ]
    )
    table = ", ".join(map(_meld_text, state.table))
    return (
        f'{_ENCODE(first)[:-1]}, "hands": {hands}, "piles": {{{piles}}}, "seat_piles": {{{seat_piles}}}, '
        f'"table": [{table}], {_ENCODE(rest)[1:-1]}, "log": {readers.actions_text(state.log)}, '
        f'"extra": {_ENCODE(_extra_data(state, readers))}}}'
    )


def _ids_text(ids: Iterable[CardId]) -> str:
    """``_ENCODE(list(map(_TEXT.__getitem__, ids)))``."""
    return "[" + ", ".join(map(_QUOTED.__getitem__, ids)) + "]"


def _meld_text(table_meld: TableMeld) -> str:
    """``_ENCODE(_meld_data(table_meld))``."""
    owner = table_meld.owner
    meld = table_meld.meld
    ranks = ", ".join(map(_QUOTED_SYMBOL.__getitem__, meld.ranks))
    return (
        f'{{"owner": {repr(owner) if type(owner) is int else _ENCODE(owner)}, '
        f'"kind": {_ENCODE_TEXT(str(meld.kind))}, "cards": {_ids_text(table_meld.ids)}, "ranks": [{ranks}]}}'
    )


_PARSED: Final = {
    card_id_text(card_id(card, copy)): card_id(card, copy) for card in standard_deck(jokers=1) for copy in range(64)
}
"""Card ids by their text, for the first 64 copies of every face (a position reads every card; others
are read one by one)."""
_FACE_BY_TEXT: Final = {text: face(cid) for text, cid in _PARSED.items()}
"""The face of each card id of `_PARSED`, by the id's text."""


class _IdTexts(dict[CardId, str]):
    """``write`` of card ids' texts ([`card_id_text`][rummykit.core.cards.card_id_text]), those of
    `_PARSED` written out, any other made when asked."""

    def __init__(self, write: Callable[[str], str]) -> None:
        super().__init__((cid, write(text)) for text, cid in _PARSED.items())
        self._write = write

    def __missing__(self, cid: CardId) -> str:
        return self._write(card_id_text(cid))


_TEXT: Final = _IdTexts(str)
"""Card ids' texts (a position writes every card)."""
_QUOTED: Final = _IdTexts(_ENCODE_TEXT)
"""Card ids' texts as JSON (`dump_position` writes every card)."""
_QUOTED_SYMBOL: Final = {rank: _ENCODE_TEXT(symbol) for rank, symbol in _SYMBOL.items()}
"""Ranks' symbols as JSON."""


class _Recheck(Exception):
    """The cards of a position read at once are not each of the shoe once: read them again pile by
    pile, to name the first bad one."""


class _Cards:
    """Reads the physical cards of a position, each once, against the game's shoe.

    ``at_once``: each pile's texts are only looked up, and `check_all_placed` checks every card at
    once (raising `_Recheck` if they are not each card of the shoe once); else each pile is checked
    as it is read, naming the first bad card."""

    def __init__(self, rules: Ruleset, *, at_once: bool = False) -> None:
        self.expected = rules.card_ids
        self.at_once = at_once
        self.seen: set[CardId] = set()
        self.places: list[tuple[str, Sequence[CardId]]] = []
        """Each pile read so far: its path and its cards (where a card seen twice was first seen)."""
        self.read_at_once: list[Any] = []

    def read(self, text: str, path: str, index: int | None = None) -> CardId:
        where = path if index is None else f"{path}[{index}]"
        try:
            cid = parse_card_id(text)
        except InvalidCardError as exc:
            raise InvalidPositionError(where, str(exc)) from exc
        if cid not in self.expected:
            raise InvalidPositionError(where, f"{text} is not a card of this game's shoe")
        if cid in self.seen:
            raise InvalidPositionError(where, f"{text} is already at {self._place(cid)}; every card is in one place")
        self.seen.add(cid)
        return cid

    def _place(self, cid: CardId) -> str:
        """Where the card ``cid`` was read first."""
        for path, ids in self.places:
            if cid in ids:
                return f"{path}[{list(ids).index(cid)}]"
        return "?"  # pragma: no cover (every card seen is in a pile read)

    def pile(self, texts: tuple[str, ...], path: str) -> list[CardId]:
        ids: list[Any]
        if self.at_once:
            ids = list(map(_PARSED.get, texts))
            self.read_at_once += ids
            return ids
        try:  # the valid case checked in one go: cards of the shoe, each once, none seen before
            ids = list(map(_PARSED.get, texts))
            new = set(ids)
            valid = len(new) == len(ids) and None not in new and new <= self.expected and new.isdisjoint(self.seen)
        except TypeError:  # an item that is not text (a list, an object): read one by one
            valid = False
        if not valid:
            ids = []
            self.places.append((path, ids))
            for i, text in enumerate(texts):
                ids.append(self.read(text, path, i))  # raises, naming the card's place
            return ids
        self.seen |= new
        self.places.append((path, ids))
        return ids

    def check_all_placed(self) -> None:
        if self.at_once:
            found = self.read_at_once
            if len(found) != len(self.expected) or self.expected.symmetric_difference(found):
                raise _Recheck
            return
        missing = self.expected - self.seen
        if missing:
            shown = " ".join(card_id_text(cid) for cid in sorted(missing)[:12])
            more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
            count = f"{len(missing)} card{'s' if len(missing) > 1 else ''}"
            raise InvalidPositionError(
                "", f"{count} of the shoe {'are' if len(missing) > 1 else 'is'} nowhere: {shown}{more}"
            )


def _seat(value: int, players: int, path: str) -> int:
    if not 0 <= value < players:
        raise InvalidPositionError(path, f"there is no seat {quote(value)}: seats are 0 to {players - 1}")
    return value


def _check_progress(
    spec: VariantSpec, players: int, phase: str, round: int, turn_number: int, history: Sequence[RoundResult]
) -> None:
    """Where a position or a view says the game is: a phase of the variant, round and turn numbers from
    1, and rounds played whose results give one score and one total per seat."""
    phases = {*(str(p) for p in Phase), *spec.phases}
    if phase not in phases:
        listing = ", ".join(sorted(phases))
        raise InvalidPositionError("phase", f"{quote(phase)} is not a phase of {spec.name}: {listing}")
    if round < 1:
        raise InvalidPositionError("round", f"rounds are numbered from 1, not {round}")
    if turn_number < 1:
        raise InvalidPositionError("turn_number", f"turns are numbered from 1, not {turn_number}")
    for i, result in enumerate(history):
        if result.went_out is not None:
            _seat(result.went_out, players, f"history[{i}].went_out")
        if len(result.scores) != players or len(result.totals) != players:
            raise InvalidPositionError(
                f"history[{i}]", f"a round result has one score and one total per seat ({players})"
            )


def _table_meld(doc: _MeldDoc, cards: _Cards, players: int, index: int) -> TableMeld:
    owner, texts, symbols = doc.owner, doc.cards, doc.ranks
    if not 0 <= owner < players:
        _seat(owner, players, f"table[{index}].owner")
    if len(symbols) != len(texts) or not texts:
        raise InvalidPositionError(f"table[{index}].ranks", "a meld gives one rank per card")
    ranks: tuple[Any, ...] = tuple(map(_RANK_BY_SYMBOL.get, symbols))  # as written (upper case): at once
    if None in ranks:
        for i, symbol in enumerate(symbols):
            if symbol.upper() not in _RANK_BY_SYMBOL:
                raise InvalidPositionError(f"table[{index}].ranks[{i}]", f"{quote(symbol)} is not a rank")
        ranks = tuple(_RANK_BY_SYMBOL[symbol.upper()] for symbol in symbols)
    ids = tuple(cards.pile(texts, f"table[{index}].cards"))
    # read at once, an unknown text is None (`check_all_placed` then has the cards read again)
    faces = tuple(map(_FACE_BY_TEXT.get, texts) if cards.at_once else map(face, ids))
    return TableMeld(owner, Meld(doc.kind, faces, ranks), ids)  # type: ignore[arg-type]


def _build_state(setup: Configuration, seed: int | None, doc: _PositionDoc, conv: cattrs.Converter) -> GameState:
    """The state of a position document: its cards checked all at once (the valid case), or if that
    fails in any way, read again with each pile checked as it is read, which names the first problem."""
    try:
        return _state(setup, seed, doc, conv, _Cards(setup.rules, at_once=True))
    except Exception:  # anything: read again, naming it
        return _state(setup, seed, doc, conv, _Cards(setup.rules))


def _state(
    setup: Configuration, seed: int | None, doc: _PositionDoc, conv: cattrs.Converter, cards: _Cards
) -> GameState:
    spec, players = setup.spec, doc.players
    if len(doc.hands) != players:
        raise InvalidPositionError("hands", f"{len(doc.hands)} hands for {players} players")
    if len(doc.totals) != players:
        raise InvalidPositionError("totals", f"{len(doc.totals)} totals for {players} players")
    hands = [cards.pile(hand, f"hands[{seat}]") for seat, hand in enumerate(doc.hands)]
    if set(doc.piles) != set(spec.piles):
        raise InvalidPositionError(
            "piles", f"{spec.name} has the piles {', '.join(spec.piles)}, not {quote(sorted(doc.piles))}"
        )
    piles = {name: cards.pile(doc.piles[name], f"piles.{name}") for name in spec.piles}
    if set(doc.seat_piles) != set(spec.seat_piles):
        raise InvalidPositionError(
            "seat_piles",
            f"{spec.name} gives each seat the piles {', '.join(spec.seat_piles) or '(none)'}, "
            f"not {quote(sorted(doc.seat_piles)) if doc.seat_piles else '(none)'}",
        )
    seat_piles = {}
    for name in spec.seat_piles:
        per_seat = doc.seat_piles[name]
        if len(per_seat) != players:
            raise InvalidPositionError(f"seat_piles.{name}", f"{len(per_seat)} piles for {players} players")
        seat_piles[name] = [cards.pile(pile, f"seat_piles.{name}[{seat}]") for seat, pile in enumerate(per_seat)]
    table = [_table_meld(meld, cards, players, i) for i, meld in enumerate(doc.table)]
    cards.check_all_placed()
    _check_progress(spec, players, doc.phase, doc.round, doc.turn_number, doc.history)
    seats = set(map(_SEAT_OF, doc.log))
    if seats and (min(seats) < 0 or max(seats) >= players):
        for i, action in enumerate(doc.log):
            _seat(action.seat, players, f"log[{i}].seat")
    taken = None
    if doc.taken is not None:
        taken = parse_card_id(doc.taken) if _is_card_id(doc.taken) else None
        on_table = {cid for table_meld in table for cid in table_meld.ids}
        if taken is None or (taken not in hands[_seat(doc.turn, players, "turn")] and taken not in on_table):
            raise InvalidPositionError(
                "taken", f"{quote(doc.taken)} is neither in the turn player's hand (seat {doc.turn}) nor on the table"
            )
    extra = _extra(spec, doc.extra, conv, _readers(spec.actions))
    state_type = spec.state_type or GameState
    return state_type(
        config=setup.game_config(seed),
        rules=setup.rules,
        round=doc.round,
        dealer=_seat(doc.dealer, players, "dealer"),
        turn=_seat(doc.turn, players, "turn"),
        turn_number=doc.turn_number,
        phase=next(p for p in (*Phase, *spec.phases) if str(p) == doc.phase),
        hands=hands,
        piles=piles,
        seat_piles=seat_piles,
        table=table,
        totals=list(doc.totals),
        history=list(doc.history),
        taken=taken,
        log=list(doc.log),
        **extra,
    )


def _is_card_id(text: str) -> bool:
    try:
        parse_card_id(text)
    except InvalidCardError:
        return False
    return True


_SEAT_OF: Final = operator.attrgetter("seat")
"""An action's seat."""
_CORE_FIELDS: Final = frozenset(field.name for field in attrs.fields(GameState))


_EXTRA_TYPES: dict[type[GameState], type | None] = {}


def _extra_type(state_type: type[GameState]) -> type | None:
    """A record of the fields ``state_type`` adds to the core's (a variant's own state), for reading
    them from a document's ``extra`` object with every field checked; ``None`` if it adds none."""
    if state_type in _EXTRA_TYPES:
        return _EXTRA_TYPES[state_type]
    hints = get_type_hints(state_type)
    fields = {
        field.name: attrs.field(type=hints[field.name], default=field.default)
        for field in attrs.fields(state_type)
        if field.name not in _CORE_FIELDS and not field.metadata.get(CACHE)
    }
    extra_type = attrs.make_class(f"{state_type.__name__}Fields", fields, kw_only=True) if fields else None
    _EXTRA_TYPES[state_type] = extra_type
    return extra_type


def _extra_data(state: GameState, readers: Readers) -> dict[str, Any] | None:
    """The fields a variant's state adds to the core's, as JSON-ready data (``None``: none)."""
    extra_type = _extra_type(type(state))
    if extra_type is None:
        return None
    data: dict[str, Any] = readers.writer(extra_type)(state)  # the state's own fields, by their names
    return data


def _extra(spec: VariantSpec, data: Any, conv: cattrs.Converter, readers: Readers) -> dict[str, Any]:
    """The values of the fields a variant's state adds to the core's, read from ``extra``."""
    extra_type = _extra_type(spec.state_type or GameState)
    if extra_type is None:
        if data is not None:
            raise InvalidPositionError("extra", f"{spec.name} keeps no state of its own; expected null")
        return {}
    if not isinstance(data, Mapping):
        raise InvalidPositionError("extra", f"{spec.name}'s own state is an object, not {_json_type(data)}")
    extra: Any = _structured(readers, conv, data, extra_type, "extra.")
    return {field.name: getattr(extra, field.name) for field in attrs.fields(extra_type)}


def load_position(data: str | bytes | Mapping[str, Any]) -> Game:
    """A game continuing from a position document (JSON text or parsed JSON), checked first.

    Every card of the game's shoe must be in exactly one place (``5H#1`` names copy 1 of ``5H``),
    seats, phases and counts must be consistent, and the variant checks the rest (hand sizes for
    the phase, the melds on the table, its own state). The game continues with a fresh random
    source from the position's seed.

    Raises:
        InvalidPositionError: naming the field path (``hands[2][4]``) and the problem.
    """
    return position_game(data)


def position_game(data: str | bytes | Mapping[str, Any], *, rng: Randomness | None = None) -> Game:
    """[`load_position`][rummykit.documents.serialize.load_position], continuing with the random source ``rng`` (a
    replay's)."""
    try:
        return _position_game(data, rng)
    except InvalidPositionError:
        raise
    except Exception as exc:  # whatever else bad data provokes is still a bad position, never a crash
        raise InvalidPositionError("", f"unreadable position: {quote(str(exc))}") from exc


def _position_game(data: str | bytes | Mapping[str, Any], rng: Randomness | None) -> Game:
    document = _document(data, POSITION_FORMAT, POSITION_VERSION, InvalidPositionError)
    spec = _variant(document, InvalidPositionError)
    variant = spec.name
    conv = converter(spec.actions)
    doc: _PositionDoc = _structured(_readers(spec.actions), conv, document, _PositionDoc, "")
    try:
        setup = configure(variant, doc.players, options=doc.options, house_rules=doc.house_rules)
        if doc.seed is not None and (isinstance(doc.seed, bool) or not isinstance(doc.seed, int)):
            raise InvalidOptionError(f"a seed is an int, not {doc.seed!r}")
    except UnknownHouseRuleError as exc:
        raise InvalidPositionError("house_rules", str(exc)) from exc
    except InvalidOptionError as exc:
        raise InvalidPositionError("players" if "players" in str(exc) else "options", str(exc)) from exc
    state = _build_state(setup, doc.seed, doc, conv)
    setup.check_position(state)
    start = {"format": POSITION_FORMAT, "version": POSITION_VERSION, **document}
    return game_from_state(setup, state, start=start, rng=rng)


# -- views ---------------------------------------------------------------------------------------


def view_to_data(view: View) -> dict[str, Any]:
    """A view as JSON-ready data; its physical cards written ``5H``, ``5H#1``."""
    spec = _spec(view.variant)
    data = converter(spec.actions).unstructure(view, type(view))
    data["hand_ids"] = [card_id_text(cid) for cid in view.hand_ids]
    data["table"] = [_meld_data(table_meld) for table_meld in view.table]
    return {"format": VIEW_FORMAT, "version": VIEW_VERSION, **data}


def dump_view(view: View, *, indent: int | None = None) -> str:
    """A view as JSON text (what a game server sends a seat)."""
    return json.dumps(view_to_data(view), indent=indent, ensure_ascii=False)


def load_view(data: str | bytes | Mapping[str, Any]) -> View:
    """A view from JSON, checked field by field.

    Raises:
        InvalidPositionError: naming the field path and the problem.
    """
    document = _document(data, VIEW_FORMAT, VIEW_VERSION, InvalidPositionError)
    spec = _variant(document, InvalidPositionError)
    variant = spec.name
    conv = converter(spec.actions)
    for key in ("hand_ids", "table"):
        if key not in document:
            raise InvalidPositionError(key, "missing")
    view_type = spec.view_type or View
    try:
        view = conv.structure({**document, "hand_ids": [], "table": []}, view_type)
    except (cattrs.BaseValidationError, RummyError, ValueError, TypeError) as exc:
        raise _structure_error(exc, "", InvalidPositionError) from exc
    try:
        setup = configure(variant, view.players, options=view.options, house_rules=view.house_rules)
    except UnknownHouseRuleError as exc:
        raise InvalidPositionError("house_rules", str(exc)) from exc
    except InvalidOptionError as exc:
        raise InvalidPositionError("players" if "players" in str(exc) else "options", str(exc)) from exc
    if dict(view.options) != dict(setup.options):
        raise InvalidPositionError("options", "every option's value is given")
    shoe = frozenset(shoe_ids(setup.rules.shoe))
    _check_view_counts(view, spec, len(shoe))
    try:
        hand_ids, table = _view_cards(document, view, conv, shoe)
    except InvalidPositionError:
        raise
    except (cattrs.BaseValidationError, RummyError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise _structure_error(exc, "", InvalidPositionError) from exc
    if sum(view.hand_sizes) + view.stock_size + view.discard_size + sum(len(m.ids) for m in table) > len(shoe):
        where = "the hands, the stock, the discard pile and the table"
        raise InvalidPositionError("hand_sizes", f"{where} hold more cards than the shoe's {len(shoe)}")
    view = attrs.evolve(view, hand_ids=hand_ids, table=table)
    setup.plugin_manager.hook.rummykit_check_view(view=view, rules=setup.rules)
    return view


def _check_view_counts(view: View, spec: VariantSpec, shoe_size: int) -> None:
    """The common fields of a view: where the game is, and counts (one per seat, none negative)."""
    _check_progress(spec, view.players, view.phase, view.round, view.turn_number, view.history)
    for field in ("hand_sizes", "totals"):
        if len(getattr(view, field)) != view.players:
            raise InvalidPositionError(field, f"one per seat ({view.players}), not {len(getattr(view, field))}")
    for i, size in enumerate(view.hand_sizes):
        if not 0 <= size <= shoe_size:
            raise InvalidPositionError(f"hand_sizes[{i}]", f"a hand holds 0 to {shoe_size} cards, not {size}")
    for field in ("stock_size", "discard_size"):
        if not 0 <= getattr(view, field) <= shoe_size:
            raise InvalidPositionError(field, f"a pile holds 0 to {shoe_size} cards, not {getattr(view, field)}")
    if (view.discard_top is None) != (view.discard_size == 0):
        raise InvalidPositionError(
            "discard_top",
            f"a discard pile of {view.discard_size} cards has {'a' if view.discard_size else 'no'} top card",
        )


def _view_cards(
    document: Mapping[str, Any], view: View, conv: cattrs.Converter, shoe: frozenset[CardId]
) -> tuple[tuple[CardId, ...], tuple[TableMeld, ...]]:
    """The physical cards of a view document, checked against its other fields."""
    players = view.players
    if len(view.hand_sizes) != players:
        raise InvalidPositionError("hand_sizes", f"one hand size per seat ({players})")
    for field in ("turn", "dealer"):
        _seat(getattr(view, field), players, field)
    if view.seat is not None:
        _seat(view.seat, players, "seat")
    for i, seat in enumerate(view.to_act):
        _seat(seat, players, f"to_act[{i}]")
    for i, action in enumerate(view.log):
        _seat(action.seat, players, f"log[{i}].seat")
    texts = document["hand_ids"]
    if not isinstance(texts, list):
        raise InvalidPositionError("hand_ids", f"expected a list, not {_json_type(texts)}")
    seen: dict[CardId, str] = {}

    def read(text: Any, path: str) -> CardId:
        if not isinstance(text, str):
            raise InvalidPositionError(path, f"expected a card such as '5H#1', not {_json_type(text)}")
        try:
            cid = parse_card_id(text)
        except InvalidCardError as exc:
            raise InvalidPositionError(path, str(exc)) from exc
        if cid not in shoe:
            raise InvalidPositionError(path, f"{text} is not a card of this game's shoe")
        if cid in seen:
            raise InvalidPositionError(path, f"{text} is already at {seen[cid]}")
        seen[cid] = path
        return cid

    melds = document["table"]
    if not isinstance(melds, list):
        raise InvalidPositionError("table", f"expected a list, not {_json_type(melds)}")
    table = []
    for i, data in enumerate(melds):
        if not isinstance(data, Mapping):
            raise InvalidPositionError(f"table[{i}]", f"a meld is an object, not {_json_type(data)}")
        try:
            doc = conv.structure(data, _MeldDoc)
        except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
            raise _structure_error(exc, f"table[{i}].", InvalidPositionError) from exc
        _seat(doc.owner, players, f"table[{i}].owner")
        ids = tuple(read(text, f"table[{i}].cards[{j}]") for j, text in enumerate(doc.cards))
        if len(doc.ranks) != len(ids) or not ids:
            raise InvalidPositionError(f"table[{i}].ranks", "a meld gives one rank per card")
        ranks = []
        for j, symbol in enumerate(doc.ranks):
            if symbol.upper() not in _RANK_BY_SYMBOL:
                raise InvalidPositionError(f"table[{i}].ranks[{j}]", f"{quote(symbol)} is not a rank")
            ranks.append(_RANK_BY_SYMBOL[symbol.upper()])
        meld = Meld(doc.kind, tuple(face(c) for c in ids), tuple(ranks))
        table.append(TableMeld(owner=doc.owner, meld=meld, ids=ids))
    hand_ids = tuple(read(text, f"hand_ids[{i}]") for i, text in enumerate(texts))
    if tuple(face(cid) for cid in hand_ids) != view.hand:
        raise InvalidPositionError("hand", "the hand's cards are not those of hand_ids")
    if view.seat is None and hand_ids:
        raise InvalidPositionError("hand_ids", "a spectator holds no hand")
    if view.seat is not None and len(hand_ids) != view.hand_sizes[view.seat]:
        sizes = view.hand_sizes[view.seat]
        raise InvalidPositionError("hand_ids", f"{len(hand_ids)} cards, but hand_sizes says {sizes}")
    return hand_ids, tuple(table)
