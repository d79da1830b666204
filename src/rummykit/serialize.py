"""JSON for game records: one cattrs converter, versioned documents, validation before anything is built.

A record document::

    {"format": "rummykit/record", "version": 1, "variant": "railroad-rummy", "players": 4,
     "options": {...}, "house_rules": [], "seed": 7, "dealer": null, "shoe": null, "outcomes": [],
     "actions": [{"type": "draw", "seat": 1}, {"type": "go-down", "seat": 1, "melds": [["5H", "5D", "JK"], ...]}]}

Actions are a tagged union on ``"type"`` (the action class's ``kind``); cards are card notation.
Loading untrusted JSON checks the format and version, the variant and house rules, every field's
type (unknown fields are refused), every card, and replays every action: a bad document raises one
:class:`~rummykit.errors.InvalidRecordError` naming the field path, and nothing is returned.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("railroad-rummy", players=2, seed=3)
    >>> game.apply(rummykit.Draw(seat=game.turn))
    >>> text = dump_record(game.record)
    >>> load_record(text) == game.record
    True
    >>> load_record('{"format": "rummykit/record", "version": 1, "variant": "gin"}')
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidRecordError: variant: unknown variant 'gin'; installed variants: ...
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any, Final

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.preconf.json import make_converter
from cattrs.v import format_exception

from rummykit.actions import Action
from rummykit.cards import Card
from rummykit.engine import replay
from rummykit.errors import InvalidCardError, InvalidRecordError, RummyError, UnknownVariantError
from rummykit.melds import RunEnd
from rummykit.plugins import variant_spec
from rummykit.records import GameRecord

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "converter", "dump_record", "load_record", "record_to_data"]

RECORD_FORMAT: Final = "rummykit/record"
RECORD_VERSION: Final = 1


def _structure_card(value: Any, _: type) -> Card:
    if not isinstance(value, str):
        raise InvalidCardError(f"a card is written as text such as '10H', not {value!r}")
    return Card.parse(value)


def _build_converter(actions: tuple[type[Action], ...]) -> cattrs.Converter:
    conv = make_converter(forbid_extra_keys=True, prefer_attrib_converters=False)
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, _structure_card)
    conv.register_unstructure_hook(RunEnd, lambda end: end.value)
    conv.register_structure_hook(RunEnd, lambda value, _: RunEnd(value))
    by_kind = {cls.kind: cls for cls in actions}
    unstructure_fields = {cls: make_dict_unstructure_fn(cls, conv) for cls in actions}
    structure_fields = {cls: make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True) for cls in actions}

    def unstructure_action(action: Action) -> dict[str, Any]:
        return {"type": action.kind, **unstructure_fields[type(action)](action)}

    def structure_action(value: Any, _: type) -> Action:
        if not isinstance(value, Mapping):
            raise ValueError(f"an action is an object with a 'type', not {value!r}")
        kind = value.get("type")
        if kind not in by_kind:
            raise ValueError(f"unknown action type {kind!r}; this variant's types: {', '.join(sorted(by_kind))}")
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


def _path(problem: str) -> tuple[str, str]:
    """Split cattrs' ``"message @ $.field[2]"`` into the field path and the message."""
    message, _, where = problem.rpartition(" @ ")
    path = where.removeprefix("$").removeprefix(".")
    return path, message


def _describe(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, RummyError | ValueError) and not isinstance(exc, cattrs.BaseValidationError):
        text = str(exc)
        if text and not text.startswith("invalid literal"):
            return text
    return format_exception(exc, type_)


def _structure_error(exc: Exception, prefix: str = "") -> InvalidRecordError:
    if isinstance(exc, cattrs.BaseValidationError):
        problems = cattrs.transform_error(exc, format_exception=_describe)
        path, message = _path(problems[0]) if problems else ("", str(exc))
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        return InvalidRecordError(prefix + path, message + more)
    return InvalidRecordError(prefix, str(exc))


def record_to_data(record: GameRecord) -> dict[str, Any]:
    """The record as JSON-ready data (with its format and version)."""
    conv = converter(variant_spec(record.variant).actions)
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, **conv.unstructure(record)}


def dump_record(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON text."""
    return json.dumps(record_to_data(record), indent=indent, ensure_ascii=False)


def _document(
    data: str | bytes | Mapping[str, Any], kind: str, version: int, error: type[InvalidRecordError]
) -> dict[str, Any]:
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise error("", f"not JSON: {exc}") from exc
    if not isinstance(data, Mapping):
        raise error("", f"a {kind} document is a JSON object, not {type(data).__name__}")
    document = dict(data)
    if document.get("format") != kind:
        raise error("format", f"expected {kind!r}, not {document.get('format')!r}")
    if document.get("version") != version:
        raise error("version", f"this rummykit reads version {version}, not {document.get('version')!r}")
    del document["format"], document["version"]
    return document


def load_record(data: str | bytes | Mapping[str, Any], *, check: bool = True) -> GameRecord:
    """Read a record from JSON text (or parsed JSON), validating everything.

    With ``check`` (the default) every action is replayed to prove it legal.

    Raises:
        InvalidRecordError: naming the field path (``actions[17].card``) and the problem.
    """
    document = _document(data, RECORD_FORMAT, RECORD_VERSION, InvalidRecordError)
    variant = document.get("variant")
    if not isinstance(variant, str):
        raise InvalidRecordError("variant", f"expected a variant's name, not {variant!r}")
    try:
        spec = variant_spec(variant)
    except UnknownVariantError as exc:
        raise InvalidRecordError("variant", str(exc)) from exc
    try:
        record = converter(spec.actions).structure(document, GameRecord)
    except (cattrs.BaseValidationError, RummyError, ValueError, TypeError) as exc:
        raise _structure_error(exc) from exc
    if check:
        replay(record)  # raises InvalidRecordError with the path of the first bad action
    return record
