"""Direct readers and writers of JSON-ready data for the types documents hold, beside the cattrs converter.

[`rummykit.documents.serialize`][rummykit.documents.serialize] reads a document with a converter that checks every field
strictly and names the first bad one, which costs a generic hook call per card. A position holds
hundreds of cards and a Railroad Canasta position a round's log of a hundred actions, so the valid
case is read here first, with the same checks written as plain loops: a reader either returns
exactly what the converter would, or raises [`Declined`][rummykit.documents._direct.Declined] (or any error
the data provokes), and the caller then reads the document again with the converter, which raises
its detailed error. A reader never accepts what the converter refuses: where it is in doubt (a type
it does not know, a value it does not expect) it declines, or calls the converter's own hook.

Writers give exactly the converter's ``unstructure`` (dictionaries in field order, lists for
sequences, cards as their text).
"""

from __future__ import annotations

import enum
import functools
import inspect
import json
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, get_args, get_origin, get_type_hints

import attrs
import cattrs

from rummykit.core.actions import Action, to_card, to_cards, to_melds, to_run_end
from rummykit.core.cards import _PARSED as _CARD_BY_TEXT  # card notation's own table: cards by their texts
from rummykit.core.cards import Card
from rummykit.core.melds import RunEnd
from rummykit.core.shoe import MAX_SEED

__all__ = ["Declined", "Reader", "Readers", "Writer"]

Reader = Callable[[Any], Any]
"""Reads one JSON value into a field's value, or raises."""
Writer = Callable[[Any], Any]
"""Writes one field's value as JSON-ready data."""


class Declined(Exception):
    """A direct reader leaves the value to the converter (which names what is wrong, if anything is)."""


_LOWEST: Final = -(2**63)


def _read_int(value: Any) -> int:
    if type(value) is not int or not _LOWEST <= value <= MAX_SEED:
        raise Declined
    return value


def _read_str(value: Any) -> str:
    if type(value) is not str:
        raise Declined
    return value


def _read_bool(value: Any) -> bool:
    if type(value) is not bool:
        raise Declined
    return value


def _read_card(value: Any) -> Card:
    if type(value) is not str:
        raise Declined
    card = _CARD_BY_TEXT.get(value)
    return card if card is not None else Card.parse(value)


def _as_is(value: Any) -> Any:
    """A value read or written as it is."""
    return value


def _read_texts(build: type, value: Any) -> Any:
    if not isinstance(value, list | tuple) or (value and set(map(type, value)) != _STR):
        raise Declined
    return build(value)


def _read_ints(build: type, value: Any) -> Any:
    if not isinstance(value, list | tuple):
        raise Declined
    if value and (set(map(type, value)) != _INT or min(value) < _LOWEST or max(value) > MAX_SEED):
        raise Declined
    return build(value)


def _read_cards(build: type, value: Any) -> Any:
    if not isinstance(value, list | tuple):
        raise Declined
    cards = list(map(_CARD_BY_TEXT.get, value))  # texts as written, found at once
    if not all(cards):  # a text not found (None; a card is always true)
        cards = [_read_card(each) for each in value]
    return build(cards)


_STR: Final = {str}
_INT: Final = {int}


def _is_union(type_: Any) -> bool:
    return get_origin(type_) in (typing.Union, types.UnionType)


def _items_of(type_: Any) -> tuple[Any, type] | None:
    """For a homogeneous sequence type (``list[X]``, ``tuple[X, ...]``): ``X`` and the sequence's
    class; else ``None``."""
    origin, args = get_origin(type_), get_args(type_)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return args[0], origin
    return None


def _optional_of(type_: Any) -> Any:
    """For ``X | None``: ``X``; else ``None``."""
    args = get_args(type_)
    if _is_union(type_) and len(args) == 2 and type(None) in args:
        return next(arg for arg in args if arg is not type(None))
    return None


def _plain_attrs(cls: type) -> bool:
    """An attrs class whose fields are all given to ``__init__`` by their own names (what the direct
    readers and writers handle; cattrs reads any other)."""
    return all(field.init and field.alias == field.name for field in attrs.fields(cls))


_STORED_AS_READ: Final = frozenset(
    {
        (to_card, Card),
        (to_cards, tuple[Card, ...]),
        (to_run_end, RunEnd | None),
        (to_melds, tuple[tuple[Card, ...], ...]),
    }
)
"""Field converters, with the field's type, that return a value of that type unchanged (what the
readers give)."""


def _settable(cls: type, hints: Mapping[str, Any]) -> bool:
    """``cls.__init__`` would only store the values a reader gives it, unchanged: no validator, no
    converter but those of `_STORED_AS_READ`, no default made by a factory, no hook before or after
    ``__init__``, and no slot but the fields' (attrs' cached hash). A reader may then make the object
    with ``object.__new__`` and store each field, as attrs' own ``__init__`` does."""
    if hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__"):
        return False
    fields = attrs.fields(cls)
    slots = {slot for klass in cls.__mro__ for slot in getattr(klass, "__slots__", ())}
    if not slots <= {field.name for field in fields} | {"__weakref__", "__dict__"}:
        return False
    return all(
        field.validator is None
        and (field.converter is None or (field.converter, hints[field.name]) in _STORED_AS_READ)
        and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        for field in fields
    )


def _store(cls: type, name: str) -> Callable[[Any, Any], None]:
    """What stores field ``name`` of a ``cls`` made by ``object.__new__``: its slot's own setter (a
    slotted class), or ``object.__setattr__`` by name (what a frozen class's ``__init__`` uses)."""
    slot = inspect.getattr_static(cls, name, None)
    if isinstance(slot, types.MemberDescriptorType):
        setter: Callable[[Any, Any], None] = slot.__set__
        return setter

    def store(made: Any, value: Any) -> None:
        object.__setattr__(made, name, value)

    return store


class Readers:
    """The direct readers and writers of one converter (one per variant's actions).

    Args:
        conv: the converter whose results the readers give and whose hooks they fall back to.
        actions: the action types of the union of actions (tagged by ``"type"``).
    """

    def __init__(self, conv: cattrs.Converter, actions: tuple[type[Action], ...]) -> None:
        self.conv = conv
        self._readers: dict[Any, Reader] = {}
        self._writers: dict[Any, Writer] = {}
        self._making: set[Any] = set()
        self._action_readers = {cls.kind: self._object(cls, extra_key="type") for cls in actions}
        self._action_writers = {cls: self._attrs_writer(cls, kind=cls.kind) for cls in actions}
        self._action_texts = {cls: self._attrs_text(cls, kind=cls.kind) for cls in actions}

    # -- reading ---------------------------------------------------------------------------------

    def reader(self, type_: Any) -> Reader:
        """The direct reader of ``type_``."""
        known = self._readers.get(type_)
        if known is None:
            known = self._readers[type_] = self._make_reader(type_)
        return known

    def read(self, value: Any, type_: Any) -> Any:
        """``value`` read as ``type_``: what ``conv.structure(value, type_)`` gives, or an exception."""
        return self.reader(type_)(value)

    def _make_reader(self, type_: Any) -> Reader:
        if type_ is int:
            return _read_int
        if type_ is str:
            return _read_str
        if type_ is bool:
            return _read_bool
        if type_ is Card:
            return _read_card
        if type_ is Any:
            return _as_is
        if type_ is Action:
            return self._read_action
        items, inner = _items_of(type_), _optional_of(type_)
        if items is not None:
            item, build = items
            if item is Action:  # a log: each action dispatched by its type in the loop
                return functools.partial(self._read_actions, build)
            return self._sequence(self.reader(item), build)
        args = get_args(type_)
        if get_origin(type_) is dict and len(args) == 2 and args[0] is str:
            return self._mapping(self.reader(args[1]))
        if inner is not None:
            return self._optional(self.reader(inner))
        if isinstance(type_, type) and issubclass(type_, enum.Enum):
            return type_
        if isinstance(type_, type) and attrs.has(type_) and _plain_attrs(type_):
            return self._object(type_)
        hook = self.conv.get_structure_hook(type_)
        return lambda value: hook(value, type_)

    @staticmethod
    def _sequence(item: Reader, build: type) -> Reader:
        if item is _read_str:  # cards' texts, names: every item's type checked at once
            return functools.partial(_read_texts, build)
        if item is _read_int:
            return functools.partial(_read_ints, build)
        if item is _read_card:
            return functools.partial(_read_cards, build)

        def read(value: Any) -> Any:
            if not isinstance(value, list | tuple):
                raise Declined
            return build([item(each) for each in value])

        return read

    @staticmethod
    def _mapping(item: Reader) -> Reader:
        def read(value: Any) -> dict[str, Any]:
            if not isinstance(value, Mapping):
                raise Declined
            result = {}
            for key, each in value.items():
                if type(key) is not str:
                    raise Declined
                result[key] = item(each)
            return result

        return read

    @staticmethod
    def _optional(item: Reader) -> Reader:
        def read(value: Any) -> Any:
            return None if value is None else item(value)

        return read

    def _object(self, cls: type, *, extra_key: str | None = None, checked: bool = False) -> Reader:
        """An attrs class from a JSON object: no key but its fields' (and ``extra_key``), every field
        without a default present, each read by its type's reader, then ``cls(**fields)``; written as
        one function per class (a field's int, text or true/false checked in line). ``checked``: the
        caller has checked that the value is an object."""
        if not _plain_attrs(cls):
            hook = self.conv.get_structure_hook(cls)
            return lambda value: hook({k: v for k, v in value.items() if k != extra_key}, cls)
        hints = get_type_hints(cls)
        fields = attrs.fields(cls)
        allowed = frozenset(field.name for field in fields) | ({extra_key} if extra_key else set())
        names: dict[str, Any] = {"cls": cls, "allowed": allowed, "Mapping": Mapping, "Declined": Declined}
        names |= {"LOWEST": _LOWEST, "HIGHEST": MAX_SEED}
        is_object = "" if checked else "(type(value) is not dict and not isinstance(value, Mapping)) or "
        lines = [
            "def read(value):",
            f"    if {is_object}not allowed.issuperset(value):",
            "        raise Declined",
        ]
        names |= {"CARD_BY_TEXT": _CARD_BY_TEXT, "read_card": _read_card}
        given, optional = [], []
        positional = True  # each field given by place until a field given by name, or one left out
        for i, field in enumerate(fields):
            item = self._field_reader(hints[field.name])
            if field.default is attrs.NOTHING:
                lines.append(f"    x{i} = value[{field.name!r}]")
                if item is _read_int:
                    lines.append(f"    if type(x{i}) is not int or not LOWEST <= x{i} <= HIGHEST:")
                    lines.append("        raise Declined")
                elif item in (_read_str, _read_bool):
                    lines.append(f"    if type(x{i}) is not {'str' if item is _read_str else 'bool'}:")
                    lines.append("        raise Declined")
                elif item is _read_card:
                    lines.append(f"    x{i} = CARD_BY_TEXT.get(x{i}) if type(x{i}) is str else read_card(x{i})")
                    lines.append(f"    if x{i} is None:")
                    lines.append(f"        x{i} = read_card(value[{field.name!r}])")
                elif item is not _as_is:
                    names[f"r{i}"] = item
                    lines.append(f"    x{i} = r{i}(x{i})")
                positional = positional and not field.kw_only
                given.append(f"x{i}" if positional else f"{field.name}=x{i}")
            else:
                names[f"r{i}"] = item
                positional = False
                optional.append(f"    if {field.name!r} in value:")
                optional.append(f"        given[{field.name!r}] = r{i}(value[{field.name!r}])")
        if _settable(cls, hints):  # the values read are what __init__ would store: stored as they are
            names["new"] = object.__new__
            lines.append("    made = new(cls)")
            for i, field in enumerate(fields):
                names[f"s{i}"] = _store(cls, field.name)
                if field.default is attrs.NOTHING:
                    lines.append(f"    s{i}(made, x{i})")
                    continue
                names[f"d{i}"] = field.default if field.converter is None else field.converter(field.default)
                inner = _optional_of(hints[field.name])
                if inner is not None:  # null in line
                    names[f"q{i}"] = self._field_reader(inner)
                    lines += [
                        f"    if {field.name!r} in value:",
                        f"        x{i} = value[{field.name!r}]",
                        f"        if x{i} is not None:",
                        f"            x{i} = q{i}(x{i})",
                        "    else:",
                        f"        x{i} = d{i}",
                        f"    s{i}(made, x{i})",
                    ]
                else:
                    lines.append(f"    s{i}(made, r{i}(value[{field.name!r}]) if {field.name!r} in value else d{i})")
            lines.append("    return made")
        elif optional:
            lines += ["    given = {}", *optional, f"    return cls({', '.join([*given, '**given'])})"]
        else:
            lines.append(f"    return cls({', '.join(given)})")
        return _compile("\n".join(lines), names, "read", f"<direct reader of {cls.__qualname__}>")

    def _field_reader(self, type_: Any) -> Reader:
        """The reader of a field's type (`_made_once`)."""
        return self._made_once(type_, self.reader)

    def _made_once(self, type_: Any, make: Callable[[Any], Callable[[Any], Any]]) -> Callable[[Any], Any]:
        """``make(type_)`` (a reader or a writer) made now, or, for a type whose reader or writer is
        being made (a class that holds itself), found when first called."""
        if type_ in self._making:

            def later(value: Any) -> Any:
                return make(type_)(value)

            return later
        self._making.add(type_)
        try:
            return make(type_)
        finally:
            self._making.discard(type_)

    def _read_actions(self, build: type, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise Declined
        readers = self._action_readers
        # Each action's reader checks that it reads an object; no such type: declined (KeyError).
        return build([readers[each["type"]](each) for each in value])

    def _read_action(self, value: Any) -> Action:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise Declined
        action: Action = self._action_readers[value["type"]](value)  # no such type: declined (KeyError)
        return action

    # -- writing ---------------------------------------------------------------------------------

    def writer(self, type_: Any) -> Writer:
        """The direct writer of ``type_``: what ``conv.unstructure(value, type_)`` gives."""
        known = self._writers.get(type_)
        if known is None:
            known = self._writers[type_] = self._make_writer(type_)
        return known

    def write_actions(self, actions: Iterable[Action]) -> list[dict[str, Any]]:
        """Actions as JSON-ready data (`write_action` of each)."""
        write, other = self._action_writers.get, self.conv.unstructure
        return [write(type(action), other)(action) for action in actions]

    def actions_text(self, actions: Iterable[Action]) -> str:
        """The JSON text of `write_actions` of ``actions``, exactly as ``json.dumps(...,
        ensure_ascii=False)`` writes it, written action by action without the data in between."""
        texts, other = self._action_texts.get, self._other_text
        return "[" + ", ".join([texts(type(action), other)(action) for action in actions]) + "]"

    def _other_text(self, action: Action) -> str:
        return _ENCODE(self.write_action(action))

    def _attrs_text(self, cls: type, *, kind: str) -> Callable[[Any], str]:
        """`_attrs_writer`'s object as JSON text (``json.dumps(..., ensure_ascii=False)``'s: ``", "``
        between items, ``": "`` after keys), written as one function per class: an int, a text, a
        card or a run's end written in line, any other field's data by the JSON encoder."""
        if not _plain_attrs(cls):
            return self._other_text
        hints = get_type_hints(cls)
        names: dict[str, Any] = {
            "encode": _ENCODE,
            "encode_text": _ENCODE_TEXT,
            "Card": Card,
            "CARD_TEXTS": _CARD_TEXTS,
            "cards_text": _cards_text,
            "melds_text": _melds_text,
            "NULL": "null",
        }
        parts: list[tuple[bool, str]] = [(False, f'{{"type": {_ENCODE_TEXT(kind)}')]  # (an expression?, text)
        for i, field in enumerate(attrs.fields(cls)):
            hint, item, value = hints[field.name], self._field_writer(hints[field.name]), f"value.{field.name}"
            parts.append((False, f", {_ENCODE_TEXT(field.name)}: "))
            if item is _as_is and hint is int:
                parts.append((True, f"repr({value}) if type({value}) is int else encode({value})"))
            elif item is _as_is and hint is str:
                parts.append((True, f"encode_text({value}) if type({value}) is str else encode({value})"))
            elif item is str and hint is Card:
                card = f"CARD_TEXTS[{value}.index] if type({value}) is Card else encode_text(str({value}))"
                parts.append((True, card))
            elif _is_union(hint) and set(get_args(hint)) == {RunEnd, type(None)}:
                parts.append((True, f"NULL if {value} is None else encode_text({value}.value)"))
            elif hint == tuple[Card, ...]:
                parts.append((True, f"cards_text({value})"))
            elif hint == tuple[tuple[Card, ...], ...]:
                parts.append((True, f"melds_text({value})"))
            else:
                parts.append((True, f"encode(w{i}({value}))"))
                names[f"w{i}"] = item
        parts.append((False, "}"))
        if any("'" in text or "\\" in text for is_code, text in parts if not is_code):
            body = " + ".join(f"({text})" if is_code else repr(text) for is_code, text in parts)
        else:  # one f-string
            inner = "".join(
                f"{{{text}}}" if is_code else text.replace("{", "{{").replace("}", "}}") for is_code, text in parts
            )
            body = f"f'''{inner}'''"
        code = f"def text(value):\n    return {body}"
        return _compile(code, names, "text", f"<direct text writer of {cls.__qualname__}>")

    def write_action(self, action: Action) -> dict[str, Any]:
        """An action as JSON-ready data, its ``"type"`` first."""
        write = self._action_writers.get(type(action))
        data: dict[str, Any] = self.conv.unstructure(action) if write is None else write(action)
        return data

    def _make_writer(self, type_: Any) -> Writer:
        if type_ in (int, str, bool):
            return _as_is
        if type_ is Card:
            return str
        if type_ is RunEnd:
            return _end_value
        if type_ is Action:
            return self.write_action
        items, optional = _items_of(type_), _optional_of(type_)
        if items is not None:
            item = self.writer(items[0])
            if item is _as_is:
                return list
            if item is str:
                return _write_texts
            return lambda value: [item(each) for each in value]
        if optional is not None:
            inner = self.writer(optional)
            return lambda value: None if value is None else inner(value)
        if isinstance(type_, type) and attrs.has(type_) and _plain_attrs(type_):
            return self._attrs_writer(type_)
        conv = self.conv
        return lambda value: conv.unstructure(value, type_)

    def _attrs_writer(self, cls: type, *, kind: str | None = None) -> Writer:
        """An attrs class as an object of its fields in order (after ``"type": kind`` for an action),
        written as one function per class."""
        if not _plain_attrs(cls):
            return self.conv.unstructure
        hints = get_type_hints(cls)
        names: dict[str, Any] = {}
        entries = [] if kind is None else [f'"type": {kind!r}']
        for i, field in enumerate(attrs.fields(cls)):
            item = self._field_writer(hints[field.name])
            if item is _as_is:
                entries.append(f"{field.name!r}: value.{field.name}")
            else:
                names[f"w{i}"] = item
                entries.append(f"{field.name!r}: w{i}(value.{field.name})")
        code = f"def write(value):\n    return {{{', '.join(entries)}}}"
        return _compile(code, names, "write", f"<direct writer of {cls.__qualname__}>")

    def _field_writer(self, type_: Any) -> Writer:
        """The writer of a field's type (`_made_once`)."""
        return self._made_once(type_, self.writer)


def _compile(code: str, names: dict[str, Any], function: str, filename: str) -> Callable[[Any], Any]:
    """The function ``function`` defined by ``code`` (made from field names and types, as attrs and
    cattrs make theirs), with ``names`` as its globals."""
    namespace = dict(names)
    exec(compile(code, filename, "exec"), namespace)  # code made here from field names
    made: Callable[[Any], Any] = namespace[function]
    return made


_ENCODE: Final = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(value, ensure_ascii=False)`` (the encoder keeps no state between calls)."""
_ENCODE_TEXT: Final = json.encoder.encode_basestring
"""A text as JSON (``ensure_ascii=False``: as the encoder writes a text)."""
_CARD_TEXTS: Final = tuple(_ENCODE_TEXT(str(card)) for card in sorted(set(_CARD_BY_TEXT.values())))
"""Each face's text as JSON, by `Card.index`."""


def _cards_text(cards: Iterable[Any]) -> str:
    """``encode(_write_texts(cards))``: cards' texts as a JSON array."""
    texts = [_CARD_TEXTS[card.index] if type(card) is Card else _ENCODE_TEXT(str(card)) for card in cards]
    return "[" + ", ".join(texts) + "]"


def _melds_text(melds: Iterable[Iterable[Any]]) -> str:
    """Melds' cards' texts as a JSON array of arrays."""
    return "[" + ", ".join(map(_cards_text, melds)) + "]"


def _write_texts(value: Any) -> list[str]:
    return list(map(str, value))


def _end_value(end: RunEnd) -> str:
    return end.value
