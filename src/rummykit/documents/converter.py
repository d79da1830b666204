"""The one converter between rummykit's values and JSON-ready data: cattrs, with strict hooks.

Every document (records, positions, views) is read and written by one cattrs converter per set of
action types (a variant's ``spec.actions``), whose functions cattrs generates from the attrs classes
themselves: the state's fields, a view's, an action's. The hooks registered here say how the values
inside are written:

- a card as its text (``"10H"``), a physical card as its text and copy (``"10H#1"``,
  [`card_id_text`][rummykit.core.cards.card_id_text]);
- a meld on the table as its owner, kind, cards and the rank each card stands for;
- an action as an object tagged by its ``"type"`` (the action class's ``kind``);
- only JSON values of the declared type: no ``"3"`` for 3, no ``true`` for 1, integers of at most
  64 bits, no unknown field.

A bad value raises a cattrs validation error that [`document_error`][rummykit.documents.converter.document_error]
turns into one rummykit error naming the field path of the first problem (``hands[1][3]``). Reading
a list stops after a few bad items, so that a hostile document cannot make the error itself large.
"""

from __future__ import annotations

import enum
import functools
import json
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import ForbiddenExtraKeysError, IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.v import format_exception

from rummykit.core.actions import Action
from rummykit.core.cards import (
    FACE_COUNT,
    Card,
    CardId,
    Rank,
    card_id,
    card_id_text,
    face,
    parse_card_id,
    standard_deck,
)
from rummykit.core.errors import InvalidCardError, InvalidPositionError, RummyError, quote
from rummykit.core.melds import Meld, RunEnd
from rummykit.core.shoe import MAX_SEED
from rummykit.core.state import TableMeld

__all__ = [
    "DOCUMENT_ERRORS",
    "MOST_PROBLEMS",
    "card_id_word",
    "converter",
    "describe_problem",
    "document_error",
    "json_type",
    "new_converter",
    "parse_json",
    "problem_path",
    "read_checked",
    "read_document",
    "strict_converter",
    "structure_checked",
]

MOST_PROBLEMS: Final = 8
"""How many bad items of one list (or object) are read before reading gives up on it."""

DOCUMENT_ERRORS: Final = (cattrs.BaseValidationError, ForbiddenExtraKeysError, RummyError, ValueError, TypeError)
"""What reading a bad document raises (and nothing else is caught where documents are read: any other
error is a bug, of rummykit or of a plug-in, and is never reported as bad data)."""

_RANK_BY_SYMBOL: Final = {rank.symbol: rank for rank in Rank}
_SYMBOL: Final = {rank: rank.symbol for rank in Rank}
_ID_BY_TEXT: Final = {
    card_id_text(card_id(card, copy)): card_id(card, copy) for card in standard_deck(jokers=1) for copy in range(64)
}
"""Card ids by their text, for the first 64 copies of every face (a position holds every card of
its shoe): read with a lookup. Any other text is read by
[`parse_card_id`][rummykit.core.cards.parse_card_id]."""
_TEXT_BY_ID: Final = {cid: text for text, cid in _ID_BY_TEXT.items()}
_SHARED_TEXT: Final = {text: text for text in _ID_BY_TEXT}
_FACE_TEXT: Final = tuple(str(face(index)) for index in range(FACE_COUNT))
"""Each face's text by its `Card.index`: a list of cards (a meld's, a hand's, a score line's) is written
by a lookup, not by calling ``str`` card by card."""


def card_id_word(word: str) -> str:
    """``word`` if it is a physical card's text (``5H``, ``5H#1``), as one shared string for every
    card text of the first 64 copies (a text reader keeps every card of a shoe without a string of
    its own each); [`InvalidCardError`][rummykit.core.errors.InvalidCardError] if it is no card.

    Examples:
        >>> card_id_word("5H#1") is card_id_word("5H#1")
        True
        >>> card_id_word("5H#x")
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidCardError: '5H#x' is not a card: the copy after '#' is a number (5H#2)
    """
    shared = _SHARED_TEXT.get(word)
    if shared is not None:
        return shared
    parse_card_id(word)
    return word


def json_type(value: Any) -> str:
    """What a JSON value is, in words (``"a list"``, ``"text"``, ``"null"``)."""
    names = {bool: "true/false", int: "an integer", float: "a number", str: "text", list: "a list", dict: "an object"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


# -- values -----------------------------------------------------------------------------------------


def _strict(kind: type, name: str) -> Callable[[Any, type], Any]:
    """Only JSON values of ``kind`` (no ``"3"`` for 3, no ``true`` for 1)."""

    def hook(value: Any, _: type) -> Any:
        if type(value) is not kind:
            raise ValueError(f"expected {name}, not {json_type(value)}")
        return value

    return hook


def _integer(value: Any, _: type) -> int:
    """Only a JSON integer of at most 64 bits (a seed is up to 2**64 - 1; nothing else comes near):
    a longer one would not be written back as it was read."""
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {json_type(value)}")
    if not -(2**63) <= value <= MAX_SEED:
        raise ValueError(f"expected an integer from -2**63 to 2**64 - 1, not {quote(value)}")
    return value


def _strict_enum(type_: type[enum.Enum]) -> Callable[[Any, type], Any]:
    members = {member.value: member for member in type_}

    def hook(value: Any, _: type) -> Any:
        member = members.get(value) if isinstance(value, str | int) and not isinstance(value, bool) else None
        if member is None:
            names = ", ".join(repr(member.value) for member in type_)
            raise ValueError(f"expected one of {names}, not {quote(value)}")
        return member

    return hook


_CARD_BY_TEXT: Final = {str(card): card for card in standard_deck(jokers=1)}
"""Every face by the text it is written as (``"10H"``): a document's cards, read with a lookup."""


def _card(value: Any, _: type) -> Card:
    card = _CARD_BY_TEXT.get(value) if type(value) is str else None
    if card is not None:
        return card
    if not isinstance(value, str):
        raise InvalidCardError(f"a card is written as text such as '10H', not {quote(value)}")
    return Card.parse(value)


def _card_id(value: Any, _: type = CardId) -> CardId:
    cid = _ID_BY_TEXT.get(value) if type(value) is str else None
    if cid is not None:
        return cid
    if not isinstance(value, str):
        raise InvalidCardError(f"a card is written as text such as '5H' or '5H#1', not {json_type(value)}")
    return parse_card_id(value)


def _rank(value: Any, _: type) -> Rank:
    """A rank by its symbol (``"10"``, ``"Q"``, ``"JK"``)."""
    rank = _RANK_BY_SYMBOL.get(value.upper()) if type(value) is str and value.isascii() else None
    if rank is None:
        raise ValueError(
            f"{quote(value)} is not a rank" if type(value) is str else f"expected a rank, not {json_type(value)}"
        )
    return rank


def _rank_symbol(rank: Rank) -> str:
    return _SYMBOL[rank]


def _card_id_text(cid: CardId) -> str:
    text = _TEXT_BY_ID.get(cid)
    return text if text is not None else card_id_text(cid)


def _read_each(
    entries: Iterable[tuple[Any, Any]], read: Callable[[Any], Any], item_type: Any, type_: Any, cls: type
) -> list[Any]:
    """``read`` of each entry ``(index or key, value)``, a bad one noted with its index as cattrs notes
    it; reading stops at the first `MOST_PROBLEMS` bad ones, which are raised together."""
    results, problems = [], []
    for index, value in entries:
        try:
            results.append(read(value))
        except Exception as exc:  # each problem is gathered and raised below, as cattrs gathers them
            note = IterableValidationNote(f"Structuring {type_} @ {index!r}", index, item_type)
            exc.__notes__ = [*getattr(exc, "__notes__", []), note]
            problems.append(exc)
            if len(problems) == MOST_PROBLEMS:
                break
    if problems:
        raise IterableValidationError(f"While structuring {type_!r}", problems, cls)
    return results


def _homogeneous(type_: Any) -> bool:
    """A list, or a tuple of any length of one item type."""
    args = get_args(type_)
    origin = get_origin(type_)
    return origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis)


def _lookups() -> dict[Any, Callable[[Any], Any]]:
    """For the item types documents hold most of (physical cards: hands and piles; cards: actions;
    ranks: table melds), the value of each item's canonical text, by a lookup."""
    return {CardId: _ID_BY_TEXT.__getitem__, Card: _CARD_BY_TEXT.__getitem__, Rank: _RANK_BY_SYMBOL.__getitem__}


def _sequence(type_: Any, conv: cattrs.Converter) -> Callable[[Any, type], Any]:
    """A list (or homogeneous tuple) read item by item (`_read_each`); a list of physical cards (a
    hand, a pile: most of a position), of cards or of ranks, written as their canonical texts, with a
    lookup each first (anything else, such as ``"5h"``, then read by the item's hook)."""
    args = get_args(type_)
    item_type = args[0] if args else Any
    build = tuple if get_origin(type_) is tuple else list
    structure_item = conv.get_structure_hook(item_type)

    def hook(value: Any, cls: type) -> Any:
        if not isinstance(value, list | tuple):
            raise ValueError(f"expected a list, not {json_type(value)}")
        try:
            return build([structure_item(item, item_type) for item in value])
        except Exception:  # read again item by item, to name the bad ones (the same hook raises again)
            items = enumerate(value)
            return build(_read_each(items, lambda item: structure_item(item, item_type), item_type, type_, cls))

    lookup = _lookups().get(item_type)
    if lookup is None:
        return hook

    def looked_up(value: Any, cls: type) -> Any:
        if type(value) is list:
            try:
                return build(map(lookup, value))
            except (KeyError, TypeError):
                pass  # a text written otherwise, or not a text: read one by one, naming the first bad
        return hook(value, cls)

    return looked_up


def _written_sequence(type_: Any, conv: cattrs.Converter) -> Callable[[Any], Any]:
    """A list (or homogeneous tuple) written as a JSON list, item by item (physical cards by a lookup
    of their texts)."""
    args = get_args(type_)
    item_type = args[0] if args else Any
    if item_type is CardId:
        texts = _TEXT_BY_ID

        def card_ids(value: Any) -> list[str]:
            return [texts.get(cid) or card_id_text(cid) for cid in value]

        return card_ids
    if item_type is Card and conv.get_unstructure_hook(Card) is str:
        face_texts = _FACE_TEXT

        def cards(value: Any) -> list[str]:
            return [face_texts[card.index] for card in value]

        return cards
    if item_type is Rank and conv.get_unstructure_hook(Rank) is _rank_symbol:
        symbols = _SYMBOL

        def ranks(value: Any) -> list[str]:
            return [symbols[rank] for rank in value]

        return ranks
    write_item = conv.get_unstructure_hook(item_type)

    def written(value: Any) -> list[Any]:
        return [write_item(item) for item in value]

    return written


def _mapping(type_: Any, conv: cattrs.Converter) -> Callable[[Any, type], Any]:
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
            raise ValueError(f"expected an object, not {json_type(value)}")
        return dict(_read_each(entries(value), read, value_type, type_, cls))

    return hook


def _object(type_: type, conv: cattrs.Converter) -> Callable[[Any, type], Any]:
    """An attrs class read from a JSON object (anything else is refused before cattrs reads it), with
    no field it does not declare."""
    inner: Callable[[Any, type], Any] = make_dict_structure_fn(type_, conv, _cattrs_forbid_extra_keys=True)

    def hook(value: Any, cls: type) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected an object, not {json_type(value)}")
        return inner(value, cls)

    return hook


# -- table melds ----------------------------------------------------------------------------------


def _table_meld_data(table_meld: TableMeld) -> dict[str, Any]:
    return {
        "owner": table_meld.owner,
        "kind": str(table_meld.meld.kind),
        "cards": [_card_id_text(cid) for cid in table_meld.ids],
        "ranks": [_SYMBOL[rank] for rank in table_meld.meld.ranks],
    }


@attrs.frozen(kw_only=True)
class _TableMeldData:
    """A meld on the table as a document writes it: its owner, kind, physical cards, and the rank each
    card stands for (G-5), by the rank's symbol."""

    owner: int
    kind: str
    cards: list[CardId]
    ranks: list[Rank]


def _table_meld(conv: cattrs.Converter) -> Callable[[Any, type], TableMeld]:
    read = conv.get_structure_hook(_TableMeldData)

    def hook(value: Any, _: type) -> TableMeld:
        data: _TableMeldData = read(value, _TableMeldData)
        meld = Meld(data.kind, tuple(map(face, data.cards)), tuple(data.ranks))
        return TableMeld(owner=data.owner, meld=meld, ids=tuple(data.cards))

    return hook


# -- actions ---------------------------------------------------------------------------------------


def _actions(conv: cattrs.Converter, actions: tuple[type[Action], ...]) -> None:
    """Actions as objects tagged by their ``"type"``: each action class's ``kind``."""
    write = {cls: make_dict_unstructure_fn(cls, conv) for cls in actions}
    by_kind = {
        cls.kind: (
            cls,
            frozenset({"type", *(field.name for field in attrs.fields(cls) if field.init)}),
            make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=False),  # its fields and "type"
            make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True),  # names an unknown field
        )
        for cls in actions
    }
    kinds = ", ".join(sorted(by_kind))
    read_before: dict[tuple[Any, ...], Action] = {}
    """Actions already read, by their objects' items and the items' types (a log repeats its draws
    and many of its discards; an action is frozen, so one object serves every reading of it)."""
    lock = threading.Lock()

    def unstructure(action: Action) -> dict[str, Any]:
        return {"type": action.kind, **write[type(action)](action)}

    def structure(value: Any, _: type) -> Action:
        key: tuple[Any, ...] | None = None
        if type(value) is dict:
            items = tuple(value.items())
            key = (items, tuple(map(type, value.values())))
            try:
                found = read_before.get(key)
            except TypeError:  # a list or an object among its values: read it
                key = None
            else:
                if found is not None:
                    return found
        action = read_action(value)
        if key is not None and len(read_before) < _MOST_ACTIONS_KEPT:
            with lock:
                read_before[key] = action
        return action

    def read_action(value: Any) -> Action:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise ValueError(f"an action is an object with a 'type', not {json_type(value)}")
        kind = value.get("type")
        known = by_kind.get(kind) if type(kind) is str else None
        if known is None:
            raise ValueError(f"unknown action type {quote(kind)}; this variant's types: {kinds}")
        cls, keys, read, read_strictly = known
        if keys.issuperset(value):
            action: Action = read(value, cls)
        else:
            action = read_strictly({key: item for key, item in value.items() if key != "type"}, cls)
        return action

    conv.register_unstructure_hook_func(lambda t: isinstance(t, type) and issubclass(t, Action), unstructure)
    conv.register_structure_hook(Action, structure)


# -- the converter ---------------------------------------------------------------------------------


def _is_mapping(type_: Any) -> bool:
    return get_origin(type_) in (dict, Mapping) or type_ is dict


def strict_converter(*, integer: Callable[[Any, type], int] = _integer, detailed: bool = True) -> cattrs.Converter:
    """A converter that reads only JSON values of the declared types (``integer`` reads an ``int``),
    refuses unknown fields, and reads lists and objects with at most `MOST_PROBLEMS` problems each:
    the base of every document's converter (and of `simulate`'s results). With ``detailed``, its
    generated functions note the path of every problem (cattrs' detailed validation), which costs a
    quarter of the time of reading a valid document; without, they stop at the first."""
    conv = cattrs.Converter(forbid_extra_keys=True, prefer_attrib_converters=False, detailed_validation=detailed)
    conv.register_structure_hook(int, integer)
    conv.register_structure_hook(str, _strict(str, "text"))
    conv.register_unstructure_hook(str, str)  # a phase of the core's (a StrEnum) is written as plain text
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    # Hooks registered by class reach subclasses: str and int enums need their own, ahead of str and int.
    for base in (enum.StrEnum, enum.IntEnum, enum.Enum):
        conv.register_structure_hook(base, lambda value, t: _strict_enum(t)(value, t))
    conv.register_structure_hook_factory(_homogeneous, lambda t: _sequence(t, conv))
    conv.register_unstructure_hook_factory(_homogeneous, lambda t: _written_sequence(t, conv))
    conv.register_structure_hook_factory(_is_mapping, lambda t: _mapping(t, conv))
    conv.register_structure_hook_factory(attrs.has, lambda t: _object(t, conv))
    return conv


@functools.cache
def converter(actions: tuple[type[Action], ...], *, detailed: bool = False) -> cattrs.Converter:
    """The converter for the documents of games whose action types are ``actions`` (a variant's
    ``spec.actions``), made once per set of action types: without ``detailed`` validation (what
    documents are read with, `read_checked`), or with it (what names a bad document's problem)."""
    return new_converter(actions, detailed=detailed)


def new_converter(actions: tuple[type[Action], ...], *, detailed: bool = False) -> cattrs.Converter:
    """A new converter like [`converter`][rummykit.documents.converter.converter]'s, for a document
    that holds more (a record holds a position): register its hooks, then use it."""
    conv = strict_converter(detailed=detailed)
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, _card)
    conv.register_unstructure_hook(CardId, _card_id_text)
    conv.register_structure_hook(CardId, _card_id)
    conv.register_unstructure_hook(RunEnd, lambda end: end.value)
    conv.register_unstructure_hook(Rank, _rank_symbol)
    conv.register_structure_hook(Rank, _rank)
    conv.register_unstructure_hook(TableMeld, _table_meld_data)
    conv.register_structure_hook(TableMeld, _table_meld(conv))
    _actions(conv, actions)
    return conv


# -- documents and errors -----------------------------------------------------------------------------------------


class _DuplicateKeyError(ValueError):
    """An object of a JSON text that gives one key twice."""


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object from its pairs, refused if it gives a key twice (JSON leaves that open; Python's
    reader keeps the last, another reader may keep the first: a document means one thing)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKeyError(f"an object gives the key {quote(key)} twice")
            seen.add(key)
    return found


def parse_json(text: str | bytes, error: Callable[[str, str], RummyError]) -> Any:
    """The JSON value of ``text``: every problem (not JSON, not UTF-8, a number of more digits than
    Python reads, nesting too deep, a key given twice in one object) is ``error(path, problem)``.

    Examples:
        >>> parse_json('{"seat": 1, "seat": 2}', InvalidPositionError)
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidPositionError: not JSON that rummykit reads: an object gives the key 'seat' twice
    """
    try:
        return json.loads(text, object_pairs_hook=_object_pairs)
    except _DuplicateKeyError as exc:
        raise error("", f"not JSON that rummykit reads: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise error("", f"not JSON: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise error("", "not JSON: the text is not UTF-8") from exc
    except ValueError as exc:  # the only other ValueError json raises: an integer too long for int()
        raise error("", "a number of more than 4,300 digits; no field of a document holds one") from exc
    except RecursionError as exc:
        raise error("", "not JSON that rummykit reads: nested too deeply") from exc


def read_document(
    data: str | bytes | Mapping[str, Any],
    kind: str,
    version: int,
    error: Callable[[str, str], RummyError],
    *,
    older: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """The fields of a document (JSON text, or parsed JSON) of ``kind`` (its ``format``) and ``version``,
    less those two, which it checks; a document of an ``older`` version is upgraded by its function.
    Any problem raises ``error(path, problem)``."""
    if isinstance(data, str | bytes):
        data = parse_json(data, error)
    if not isinstance(data, Mapping):
        raise error("", f"a {kind} document is a JSON object, not {json_type(data)}")
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


_T = TypeVar("_T")
_MOST_ACTIONS_KEPT: Final = 4096
"""How many actions a converter keeps (`_actions`), by the objects they were read from."""


def read_checked(
    read: Callable[[bool], _T], prefix: str = "", error: type[InvalidPositionError] = InvalidPositionError
) -> _T:
    """``read(False)``: a document read with the functions cattrs generates without detailed
    validation, which stop at the first problem. If it is bad, ``read(True)`` reads it again with
    detailed validation, only to name the path of its first problem, and the error (``error``, its
    path after ``prefix``) is raised. The two readings are made by one converter's hooks and accept
    the same documents (tests/test_serialize.py holds them to it); a document one accepts and the other
    refuses is a bug of rummykit, raised as such.

    Raises:
        InvalidPositionError: ``error``, naming the path of the document's first problem.
    """
    try:
        return read(False)
    except (*DOCUMENT_ERRORS, KeyError):
        pass  # bad: read again, with every problem's path
    try:
        read(True)
    except DOCUMENT_ERRORS as exc:
        raise document_error(exc, prefix, error) from exc
    raise AssertionError("rummykit bug: a document refused without detailed validation was accepted with it")


def structure_checked(
    actions: tuple[type[Action], ...],
    document: Any,
    kind: Any,
    prefix: str = "",
    error: type[InvalidPositionError] = InvalidPositionError,
) -> Any:
    """``document`` read as ``kind`` by the converter of ``actions``
    ([`read_checked`][rummykit.documents.converter.read_checked]: the detailed reading only to name a
    bad document's problem, its path after ``prefix``).

    Examples:
        >>> import rummykit
        >>> from rummykit.core.actions import Action
        >>> actions = rummykit.variant_spec("rummy").actions
        >>> structure_checked(actions, {"type": "discard", "seat": 0, "card": "5H"}, Action)
        Discard(seat=0, card=Card.parse('5H'))
        >>> structure_checked(actions, {"type": "discard", "seat": 0, "card": "5X"}, Action, "log[3].")
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidPositionError: log[3].card: ...

    Raises:
        InvalidPositionError: ``error``, naming the path of the document's first problem.
    """
    return read_checked(lambda detailed: converter(actions, detailed=detailed).structure(document, kind), prefix, error)


def problem_path(problem: str) -> tuple[str, str]:
    """Split cattrs' ``"message @ $.field[2]"`` into the field path and the message."""
    message, _, where = problem.rpartition(" @ ")
    path = re.sub(r"\['([^']*)'\]", r".\1", where.removeprefix("$")).removeprefix(".")
    return path, message


def describe_problem(exc: BaseException, type_: type | None) -> str:
    """One problem of a document in words: a rummykit error's or a hook's message, else cattrs'."""
    if isinstance(exc, RummyError | ValueError) and not isinstance(exc, cattrs.BaseValidationError):
        text = str(exc)
        if text and not text.startswith("invalid literal"):
            return text
    text = format_exception(exc, type_)
    if text.startswith("unknown error"):  # never a Python internal's message
        return "not a valid value" if type_ is None else f"not a valid {getattr(type_, '__name__', type_)}"
    return text


def document_error(
    exc: BaseException, prefix: str = "", error: type[InvalidPositionError] = InvalidPositionError
) -> InvalidPositionError:
    """The rummykit error (``error``: a position's, a record's) for the document error ``exc``: the path
    of its first problem (after ``prefix``) and the problem in words."""
    if isinstance(exc, cattrs.BaseValidationError):
        problems = cattrs.transform_error(exc, format_exception=describe_problem)
        path, message = problem_path(problems[0]) if problems else ("", str(exc))
        more = " (and more problems)" if len(problems) > 1 else ""
        return error(_joined(prefix, path), message + more)
    if isinstance(exc, InvalidPositionError) and not isinstance(exc, error):
        return error(_joined(prefix, exc.path), exc.problem)
    if isinstance(exc, InvalidPositionError):
        return error(_joined(prefix, exc.path), exc.problem) if prefix else exc
    return error(prefix.rstrip("."), str(exc))


def _joined(prefix: str, path: str) -> str:
    """A field's path after ``prefix`` (``"facts."``): ``facts.hmg``, ``facts.declarations[1]``."""
    return prefix.rstrip(".") + path if path.startswith("[") else (prefix + path).rstrip(".")
