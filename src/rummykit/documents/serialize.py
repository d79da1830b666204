"""JSON documents: game records, positions and views, each read and written one way, by one cattrs
converter ([`rummykit.documents.converter`][rummykit.documents.converter]), versioned, and validated
before anything is built.

A record document::

    {"format": "rummykit/record", "version": 2, "variant": "railroad-rummy", "players": 4,
     "options": {...}, "house_rules": [], "seed": 7, "dealer": null, "shoes": [], "outcomes": [],
     "position": null, "actions": [{"type": "draw", "seat": 1}, {"type": "go-down", "seat": 1, ...}]}

A position document holds the game's configuration (``variant``, ``players``, ``options``,
``house_rules``, ``seed``) and the state's fields (``round``, ``hands``, ``piles``, ``table``, ``log``
...), the variant's own fields in ``extra``; physical cards are written ``5H``, ``5H#1`` (copy 1). A
view document holds a [`View`][rummykit.core.views.View]'s fields.

Actions are a tagged union on ``"type"`` (the action class's ``kind``); cards are card notation.
Loading untrusted JSON checks the format and version, the variant and house rules, every field's
type (unknown fields are refused), every card; then the position is validated
([`Game.from_state`][rummykit.core.engine.Game.from_state]) and a record's actions replayed. A bad
document raises one [`InvalidPositionError`][rummykit.core.errors.InvalidPositionError] (for a record,
an [`InvalidRecordError`][rummykit.core.errors.InvalidRecordError]) naming the field path of the first
problem, and nothing is returned. Records of version 1 (a ``shoe`` for round 1 where version 2 has
``shoes``) are read too.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("railroad-rummy", players=2, seed=3)
    >>> _ = game.apply(rummykit.Draw(seat=game.turn))
    >>> text = dump_record(game.record)
    >>> load_record(text) == game.record
    True
    >>> load_position(dump_position(game)).state == game.state
    True
    >>> load_record('{"format": "rummykit/record", "version": 2, "variant": "gin"}')
    Traceback (most recent call last):
    ...
    rummykit.core.errors.InvalidRecordError: variant: unknown variant 'gin'; installed variants: ...
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Callable, Mapping
from typing import Any, Final, get_type_hints

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from rummykit.core.actions import Action
from rummykit.core.configuration import Configuration, configure
from rummykit.core.engine import Game, replay
from rummykit.core.errors import (
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    UnknownHouseRuleError,
    UnknownVariantError,
)
from rummykit.core.plugins import variant_spec
from rummykit.core.records import GameRecord
from rummykit.core.shoe import Randomness
from rummykit.core.specs import VariantSpec
from rummykit.core.state import CACHE, JOURNAL, GameState
from rummykit.core.validation import validate_view
from rummykit.core.views import View
from rummykit.documents.converter import (
    converter,
    json_type,
    new_converter,
    read_checked,
    read_document,
    structure_checked,
)

__all__ = [
    "POSITION_FORMAT",
    "POSITION_VERSION",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "converter",
    "document_configuration",
    "dump_position",
    "dump_record",
    "dump_view",
    "load_position",
    "load_record",
    "load_view",
    "own_fields",
    "position_to_data",
    "read_state",
    "record_to_data",
    "state_to_data",
    "view_to_data",
]

RECORD_FORMAT: Final = "rummykit/record"
"""The ``format`` of a game record document."""
RECORD_VERSION: Final = 2
"""The ``version`` of the game record documents this release writes and reads."""
POSITION_FORMAT: Final = "rummykit/position"
"""The ``format`` of a position document."""
POSITION_VERSION: Final = 1
"""The ``version`` of the position documents this release writes and reads."""
VIEW_FORMAT: Final = "rummykit/view"
"""The ``format`` of a view document."""
VIEW_VERSION: Final = 1
"""The ``version`` of the view documents this release writes and reads."""

_HEAD: Final = ("variant", "players", "options", "house_rules", "seed")
"""The fields of a position document that say which game it is (the state's ``config``)."""
_NOT_IN_POSITIONS: Final = frozenset({"config", "rules", "round_end"})
"""The state's fields a position document does not hold: the configuration (written as `_HEAD`), its
compiled rules, and how a round has just ended (a position is never between a round and the next)."""
_OPTIONAL_IN_POSITIONS: Final = frozenset({"seat_piles", "table", "history", "taken", "log"})
"""The core fields a position document may leave out (each then takes the state's default)."""


# -- the head of a document -----------------------------------------------------------------------


def _variant(document: Mapping[str, Any], error: type[InvalidPositionError]) -> VariantSpec:
    """The spec of the installed variant a document names."""
    variant = document.get("variant")
    if not isinstance(variant, str):
        raise error("variant", f"expected a variant's name, not {json_type(variant)}")
    try:
        return variant_spec(variant)
    except UnknownVariantError as exc:
        raise error("variant", str(exc)) from exc


def document_configuration(
    document: Mapping[str, Any], error: type[InvalidPositionError] = InvalidPositionError
) -> Configuration:
    """The configuration a position or view document names (its variant, players, options and house
    rules), checked as a new game's are; a problem is ``error`` naming the field."""
    players, options, house_rules = (document.get(name) for name in ("players", "options", "house_rules"))
    if type(players) is not int:
        raise error("players", f"expected an integer, not {json_type(players)}")
    if not isinstance(options, Mapping):
        raise error("options", f"expected an object, not {json_type(options)}")
    if house_rules is None:
        house_rules = ()
    if not isinstance(house_rules, list) or not all(type(name) is str for name in house_rules):
        raise error("house_rules", "expected a list of house rules' names")
    try:
        return configure(document["variant"], players, options=dict(options), house_rules=house_rules)
    except UnknownHouseRuleError as exc:
        raise error("house_rules", str(exc)) from exc
    except InvalidOptionError as exc:
        raise error((exc.field or "options").partition(".")[0], str(exc)) from exc


# -- positions ------------------------------------------------------------------------------------


@attrs.frozen
class _StateDocument:
    """How a position document holds the fields of one state class: the core's (``core``) and the
    variant's own (``extra``, or ``None`` if it adds none), each an attrs class made from the state
    class's own fields, with the functions cattrs generates to read and write them."""

    core: type
    extra: type | None
    read_core: tuple[Callable[[Any, type], Any], Callable[[Any, type], Any]]
    """Without and with detailed validation ([`read_checked`][rummykit.documents.converter.read_checked])."""
    read_extra: tuple[Callable[[Any, type], Any], Callable[[Any, type], Any]] | None
    write_core: Callable[[Any], dict[str, Any]]
    write_extra: Callable[[Any], dict[str, Any]] | None


def own_fields(state_type: type[GameState]) -> tuple[attrs.Attribute[Any], ...]:
    """The fields a variant's state class adds to the core's that a position holds (in its ``extra``):
    not caches, not the journal of the action being carried out.

    Examples:
        >>> from rummykit_variants.railroad_rummy.state import RailroadState
        >>> [field.name for field in own_fields(RailroadState)][-3:]
        ['hmg', 'declarations', 'last_claim']
    """
    core = {field.name for field in attrs.fields(GameState)}
    return tuple(
        field
        for field in attrs.fields(state_type)
        if field.name not in core and not field.metadata.get(CACHE) and not field.metadata.get(JOURNAL)
    )


_STATE_DOCUMENTS: dict[tuple[type[GameState], tuple[type[Action], ...]], _StateDocument] = {}
_STATE_DOCUMENTS_LOCK: Final = threading.Lock()


def _state_document(state_type: type[GameState], actions: tuple[type[Action], ...]) -> _StateDocument:
    """The document classes of ``state_type`` and their generated readers and writers (made once per
    state class and set of action types)."""
    key = (state_type, actions)
    found = _STATE_DOCUMENTS.get(key)
    if found is None:
        with _STATE_DOCUMENTS_LOCK:
            found = _STATE_DOCUMENTS.get(key)
            if found is None:
                found = _STATE_DOCUMENTS[key] = _make_state_document(state_type, actions)
    return found


def _make_state_document(state_type: type[GameState], actions: tuple[type[Action], ...]) -> _StateDocument:
    hints = get_type_hints(state_type)
    kept = [
        field
        for field in attrs.fields(state_type)
        if field.name not in _NOT_IN_POSITIONS and not field.metadata.get(CACHE) and not field.metadata.get(JOURNAL)
    ]
    core_names = {field.name for field in attrs.fields(GameState)}

    def document_class(name: str, fields: list[attrs.Attribute[Any]], *, required: bool) -> type:
        def default(field: attrs.Attribute[Any]) -> Any:
            optional = not required or field.name in _OPTIONAL_IN_POSITIONS
            return field.default if optional else attrs.NOTHING

        made = {field.name: attrs.field(type=hints[field.name], default=default(field)) for field in fields}
        return attrs.make_class(name, made, kw_only=True)

    convs = (converter(actions), converter(actions, detailed=True))
    core = document_class(f"{state_type.__name__}Core", [f for f in kept if f.name in core_names], required=True)
    own = [field for field in kept if field.name not in core_names]
    extra = document_class(f"{state_type.__name__}Extra", own, required=False) if own else None

    def reads(cls: type) -> tuple[Callable[[Any, type], Any], Callable[[Any, type], Any]]:
        fast: Callable[[Any, type], Any] = make_dict_structure_fn(cls, convs[0], _cattrs_forbid_extra_keys=True)
        detailed: Callable[[Any, type], Any] = make_dict_structure_fn(cls, convs[1], _cattrs_forbid_extra_keys=True)
        return fast, detailed

    return _StateDocument(
        core=core,
        extra=extra,
        read_core=reads(core),
        read_extra=reads(extra) if extra else None,
        write_core=make_dict_unstructure_fn(core, convs[0]),
        write_extra=make_dict_unstructure_fn(extra, convs[0]) if extra else None,
    )


def state_to_data(state: GameState) -> dict[str, Any]:
    """A state as a position document's JSON-ready data (with its format and version)."""
    config = state.config
    fields = _state_document(type(state), variant_spec(config.variant).actions)
    data: dict[str, Any] = {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "variant": config.variant,
        "players": config.players,
        "options": dict(config.options),
        "house_rules": list(config.house_rules),
        "seed": config.seed,
    }
    data.update(fields.write_core(state))
    data["extra"] = fields.write_extra(state) if fields.write_extra is not None else None
    return data


def position_to_data(game: Game) -> dict[str, Any]:
    """Everything about ``game`` now, as JSON-ready data: a position that
    [`load_position`][rummykit.documents.serialize.load_position] turns back into an equal game."""
    return state_to_data(game.state)


def dump_position(game: Game, *, indent: int | None = None) -> str:
    """The game's position as JSON text."""
    return json.dumps(position_to_data(game), indent=indent, ensure_ascii=False)


def read_state(data: str | bytes | Mapping[str, Any]) -> tuple[Configuration, GameState]:
    """The configuration and the state a position document describes, read field by field but not yet
    validated ([`Game.from_state`][rummykit.core.engine.Game.from_state] validates it): for tools that
    change a position before a game continues from it.

    Raises:
        InvalidPositionError: naming the field path and the problem.
    """
    document = read_document(data, POSITION_FORMAT, POSITION_VERSION, InvalidPositionError)
    spec = _variant(document, InvalidPositionError)
    for name in ("players", "options"):
        if name not in document:
            raise InvalidPositionError(name, "missing")
    configuration = document_configuration(document, InvalidPositionError)
    seed = document.get("seed")
    if seed is not None and type(seed) is not int:
        raise InvalidPositionError("seed", f"a seed is an integer, not {json_type(seed)}")
    fields = _state_document(spec.state_type or GameState, spec.actions)
    body = {name: value for name, value in document.items() if name not in _HEAD and name != "extra"}
    read_core = fields.read_core
    core = read_checked(lambda detailed: read_core[detailed](body, fields.core))
    values = {field.name: getattr(core, field.name) for field in attrs.fields(fields.core)}
    extra = document.get("extra", {} if fields.extra is not None else None)  # left out: every field's default
    read_extra, extra_type = fields.read_extra, fields.extra
    if read_extra is None or extra_type is None:
        if extra is not None:
            raise InvalidPositionError("extra", f"{spec.name} keeps no state of its own; expected null")
    else:
        if not isinstance(extra, Mapping):
            raise InvalidPositionError("extra", f"{spec.name}'s own state is an object, not {json_type(extra)}")
        own = read_checked(lambda detailed: read_extra[detailed](extra, extra_type), "extra.")
        values.update((field.name, getattr(own, field.name)) for field in attrs.fields(extra_type))
    try:
        config = configuration.settings(seed)
    except InvalidOptionError as exc:
        raise InvalidPositionError("seed", str(exc)) from exc
    state_type = spec.state_type or GameState
    return configuration, state_type(config=config, rules=configuration.rules, **values)


def load_position(data: str | bytes | Mapping[str, Any]) -> Game:
    """A game continuing from a position document (JSON text or parsed JSON), checked first
    ([`Game.from_state`][rummykit.core.engine.Game.from_state]: every card of the shoe in exactly one
    place, seats, phases and counts, the variant's position rules, someone to act). The game
    continues with a fresh random source from the position's seed.

    Raises:
        InvalidPositionError: naming the field path (``hands[2][4]``) and the problem.
        PluginError: the variant's own position check failed with an error of the plug-in's.
    """
    return position_game(data)


def position_game(data: str | bytes | Mapping[str, Any], *, rng: Randomness | None = None) -> Game:
    """[`load_position`][rummykit.documents.serialize.load_position], continuing with the random source
    ``rng``."""
    configuration, state = read_state(data)
    try:
        return Game.from_state(state, configuration=configuration, rng=rng)
    except InvalidOptionError as exc:  # a value of the document, such as its seed, out of range
        if exc.field is None:
            raise
        raise InvalidPositionError(exc.field, str(exc)) from exc


# -- records --------------------------------------------------------------------------------------


@functools.cache
def _record_converter(actions: tuple[type[Action], ...], *, detailed: bool = False) -> cattrs.Converter:
    """The converter of records: the documents' converter, with a record's start position written
    and read as a position document."""
    conv = new_converter(actions, detailed=detailed)
    conv.register_unstructure_hook_func(lambda t: isinstance(t, type) and issubclass(t, GameState), state_to_data)
    conv.register_structure_hook_func(lambda t: t is GameState, lambda value, _: _start_position(value))
    return conv


def _start_position(value: Any) -> GameState:
    try:
        _, state = read_state(value)
    except InvalidPositionError as exc:  # the path is the record's: position.hands[2]
        raise InvalidRecordError(exc.path, exc.problem) from exc
    return state


def record_to_data(record: GameRecord) -> dict[str, Any]:
    """The record as JSON-ready data (with its format and version)."""
    conv = _record_converter(variant_spec(record.variant).actions)
    data: dict[str, Any] = conv.unstructure(record)
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, **data}


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
"""How to read the record versions before [`RECORD_VERSION`][rummykit.documents.serialize.RECORD_VERSION]."""


def load_record(data: str | bytes | Mapping[str, Any], *, check: bool = True) -> GameRecord:
    """Read a record from JSON text (or parsed JSON), validating everything.

    With ``check`` (the default) every action is replayed to prove it legal.

    Raises:
        InvalidRecordError: naming the field path (``actions[17].card``) and the problem.
    """
    document = read_document(data, RECORD_FORMAT, RECORD_VERSION, InvalidRecordError, older=_RECORD_UPGRADES)
    spec = _variant(document, InvalidRecordError)
    if "actions" not in document:  # a cut-off document must not pass for a game not yet begun
        raise InvalidRecordError("actions", "missing: a record lists every action ([] for a game not yet begun)")
    record = read_checked(
        lambda detailed: _record_converter(spec.actions, detailed=detailed).structure(document, GameRecord),
        error=InvalidRecordError,
    )
    if check:
        replay(record)  # raises InvalidRecordError with the path of the first bad action
    return record


# -- views ---------------------------------------------------------------------------------------


def view_to_data(view: View) -> dict[str, Any]:
    """A view as JSON-ready data; its physical cards written ``5H``, ``5H#1``."""
    conv = converter(variant_spec(view.variant).actions)
    data: dict[str, Any] = conv.unstructure(view, type(view))
    return {"format": VIEW_FORMAT, "version": VIEW_VERSION, **data}


def dump_view(view: View, *, indent: int | None = None) -> str:
    """A view as JSON text (what a game server sends a seat)."""
    return json.dumps(view_to_data(view), indent=indent, ensure_ascii=False)


def load_view(data: str | bytes | Mapping[str, Any]) -> View:
    """A view from JSON, checked field by field, then as a whole
    ([`validate_view`][rummykit.core.validation.validate_view]).

    Raises:
        InvalidPositionError: naming the field path and the problem.
    """
    document = read_document(data, VIEW_FORMAT, VIEW_VERSION, InvalidPositionError)
    spec = _variant(document, InvalidPositionError)
    view_type = spec.view_type or View
    view: View = structure_checked(spec.actions, document, view_type)
    configuration = document_configuration(document, InvalidPositionError)
    validate_view(configuration, view)
    return view
