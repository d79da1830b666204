"""The direct readers and writers of positions (`rummykit.documents._direct`) against the converter they stand in for.

``load_position`` reads the valid case with plain loops and leaves anything else to the cattrs
converter, which names the first bad field. These tests hold the two to the same results: the same
documents written, and for valid positions and thousands of mutated ones, the same game loaded or
the same error raised, with the direct readers and without them.
"""

from __future__ import annotations

import copy as copying
import enum
import json
import random
from collections.abc import Iterator
from typing import Any, Final

import attrs
import pytest

import rummykit
from rummykit.core.actions import Discard, Draw, GoDown, LayOff
from rummykit.core.cards import Card
from rummykit.core.errors import InvalidPositionError
from rummykit.core.state import RoundResult
from rummykit.documents import serialize
from rummykit.documents._direct import Declined, Readers
from rummykit.documents.serialize import converter, dump_position, load_position, position_to_data
from tests.support import play_random

GAMES: Final = (
    ("rummy", 2, ()),
    ("rummy", 3, ("jokers", "ace-low")),
    ("railroad-rummy", 4, ()),
    ("railroad-rummy", 2, ()),
    ("railroad-canasta", 4, ()),
    ("railroad-canasta", 2, ()),
)


def positions(variant: str, players: int, house_rules: tuple[str, ...]) -> Iterator[rummykit.Game]:
    """Positions of random games: early, in the middle of a round, after a few rounds."""
    for seed in range(3):
        game = rummykit.new_game(variant, players=players, seed=seed, house_rules=house_rules)
        rng = random.Random(seed)
        for steps in (3, 40, 200):
            play_random(game, rng, steps=steps)
            yield game.copy()


def _decline(self: Readers, value: object, type_: object) -> object:
    raise Declined  # every document read by the converter alone


def _outcome(text: str, *, direct: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    """What loading ``text`` gives: the game's position written again, or the error."""
    with monkeypatch.context() as patch:
        if not direct:
            patch.setattr(Readers, "read", _decline)
        try:
            return "game " + dump_position(load_position(text))
        except InvalidPositionError as exc:
            return f"error {exc.path!r} {exc}"


@pytest.mark.parametrize(("variant", "players", "house_rules"), GAMES)
def test_the_direct_writers_write_what_the_converter_writes(
    variant: str, players: int, house_rules: tuple[str, ...]
) -> None:
    for game in positions(variant, players, house_rules):
        conv = converter(game.spec.actions)
        data = position_to_data(game)
        assert data["log"] == [conv.unstructure(action) for action in game.state.log]
        assert data["history"] == conv.unstructure(list(game.state.history), list[RoundResult])
        assert json.dumps(data["log"]) == json.dumps([conv.unstructure(action) for action in game.state.log])
        extra_type = serialize._extra_type(type(game.state))
        if extra_type is not None:
            fields = attrs.fields(extra_type)
            expected = {field.name: conv.unstructure(getattr(game.state, field.name), field.type) for field in fields}
            assert data["extra"] == expected
            assert json.dumps(data["extra"]) == json.dumps(expected)


@pytest.mark.parametrize(("variant", "players", "house_rules"), GAMES)
def test_dump_position_writes_what_json_writes_of_the_data(
    variant: str, players: int, house_rules: tuple[str, ...]
) -> None:
    """``dump_position`` writes the log action by action as text: exactly ``json.dumps`` of the data."""
    for game in positions(variant, players, house_rules):
        assert dump_position(game) == json.dumps(position_to_data(game), ensure_ascii=False)
        assert dump_position(game, indent=2) == json.dumps(position_to_data(game), indent=2, ensure_ascii=False)


def test_the_text_of_actions_with_odd_values_is_what_json_writes() -> None:
    """Values of another type than the field's (attrs does not check them) are written as the
    encoder writes them."""

    class Seat(enum.IntEnum):
        NORTH = 1

    readers = serialize._readers(rummykit.variant_spec("rummy").actions)
    card = Card.parse("7H")
    actions = [
        Discard(seat=True, card=card),
        Discard(seat=Seat.NORTH, card=card),
        LayOff(seat=0, card=card, meld=2, end="low"),
        LayOff(seat=0, card=card, meld=False),
        GoDown(seat=1, melds=[[card, card, card]]),
        GoDown(seat=1, melds=()),
        Draw(seat=0),
    ]
    assert readers.actions_text(actions) == json.dumps(readers.write_actions(actions), ensure_ascii=False)
    assert readers.actions_text([]) == "[]"


@pytest.mark.parametrize(("variant", "players", "house_rules"), GAMES)
def test_valid_positions_load_the_same_with_and_without_the_direct_readers(
    variant: str, players: int, house_rules: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    for game in positions(variant, players, house_rules):
        text = dump_position(game)
        direct = _outcome(text, direct=True, monkeypatch=monkeypatch)
        assert direct == _outcome(text, direct=False, monkeypatch=monkeypatch)
        assert direct == "game " + text


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


_REPLACEMENTS: Final[tuple[Any, ...]] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    2**64,
    1.0,
    "",
    "5H",
    "5h",
    " 10♦ ",
    "JK#9",
    "draw",
    "low",
    [],
    ["5H"],
    [1],
    {},
    {"type": "draw", "seat": 0},
)


def _mutations(document: dict[str, Any], rng: random.Random, count: int) -> Iterator[dict[str, Any]]:
    """``count`` copies of ``document``, each with one place replaced, removed, or given a new key."""
    places = [path for path in _places(document) if path]
    for _ in range(count):
        mutated = copying.deepcopy(document)
        path = rng.choice(places)
        parent = mutated
        for step in path[:-1]:
            parent = parent[step]
        how = rng.random()
        if how < 0.1 and isinstance(parent, dict):
            del parent[path[-1]]
        elif how < 0.2 and isinstance(parent[path[-1]], dict):
            parent[path[-1]]["extra_key"] = 1
        elif how < 0.3 and isinstance(parent[path[-1]], list) and parent[path[-1]]:
            parent[path[-1]].append(parent[path[-1]][0])
        else:
            parent[path[-1]] = copying.deepcopy(rng.choice(_REPLACEMENTS))
        yield mutated


@pytest.mark.parametrize(("variant", "players", "house_rules"), GAMES)
def test_mutated_positions_load_or_fail_the_same_with_and_without_the_direct_readers(
    variant: str, players: int, house_rules: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(f"{variant}{players}")
    for game in positions(variant, players, house_rules):
        document = json.loads(dump_position(game))
        for mutated in _mutations(document, rng, 40):
            text = json.dumps(mutated)
            assert _outcome(text, direct=True, monkeypatch=monkeypatch) == _outcome(
                text, direct=False, monkeypatch=monkeypatch
            )
