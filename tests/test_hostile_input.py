"""Hostile documents and odd arguments (issue 14): each is refused with a rummykit error naming the
field, in one short line, with memory bounded by the document's size; what a user plainly meant (one
house rule's name, a shoe or a meld written as text) is taken as meant.

Memory is measured with tracemalloc: loading a document never takes more than 20 times its size
(plus a fixed 1 MB for the game a record replays), however many bad items it holds.
"""

from __future__ import annotations

import json
import random
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import rummykit
from rummykit import GoDown, InvalidOptionError, RummyError, parse_cards, replay
from rummykit.core.cards import parse_card_id
from rummykit.core.errors import InvalidActionError, InvalidCardError, InvalidPositionError, InvalidRecordError
from rummykit.core.state import RoundResult
from rummykit.documents.notation import position_text, read_game, read_position
from rummykit.documents.serialize import (
    dump_record,
    load_position,
    load_record,
    load_view,
    position_to_data,
    record_to_data,
    view_to_data,
)
from rummykit.play.cli import app
from rummykit_variants.railroad_canasta import TakePile
from tests.sizes import examples

Document = dict[str, Any]
_FIXED_BYTES: Final = 1_000_000
"""What loading any document may take beyond 20 times its size (the replayed game, the converter)."""
_LONGEST_MESSAGE: Final = 400


def _game() -> rummykit.Game:
    game = rummykit.new_game("railroad-rummy", players=3, seed=1)
    chooser = random.Random(1)
    for _ in range(30):
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return game


GAME: Final = _game()
LOADERS: Final[dict[str, Callable[[Any], object]]] = {
    "record": load_record,
    "position": load_position,
    "view": load_view,
}


def document(kind: str) -> Document:
    """A fresh, valid document of ``kind`` from the same mid-game position."""
    data = {
        "record": lambda: record_to_data(GAME.record),
        "position": lambda: position_to_data(GAME),
        "view": lambda: view_to_data(GAME.view(0)),
    }[kind]()
    copied: Document = json.loads(json.dumps(data))
    return copied


def refused(kind: str, text: str | bytes) -> tuple[RummyError, int]:
    """The error loading ``text`` as a ``kind`` document raises, and the peak memory it took. A valid
    document of that kind is loaded first, so that what a process does once (compiling the variant's
    configuration, its converter and readers) is not counted, whichever test runs first."""
    LOADERS[kind](json.dumps(document(kind)))
    tracemalloc.start()
    try:
        LOADERS[kind](text)
    except RummyError as err:
        return err, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    raise AssertionError(f"a hostile {kind} document was accepted")


def assert_one_short_line(err: BaseException) -> None:
    message = str(err)
    assert "\n" not in message and len(message) <= _LONGEST_MESSAGE, message[:1000]
    for internal in ("Exceeds the limit", "invalid literal", "object has no attribute", "unknown error", "Traceback"):
        assert internal not in message, message


@attrs.frozen
class Hostile:
    """A document of ``kind`` with ``field`` set to ``value`` (or removed), refused naming ``path``."""

    name: str
    kind: str
    field: str
    value: Any
    path: str
    says: str = ""

    def text(self) -> str:
        data = document(self.kind)
        if self.value is _REMOVE:
            del data[self.field]
        else:
            data[self.field] = self.value(data) if callable(self.value) else self.value
        return json.dumps(data)


_REMOVE: Final = object()
_MANY: Final = 200_000
_LONG: Final = 10**4000
"""An integer of 4,001 digits: JSON reads it (up to 4,300 digits), no field takes it."""


def _too_many_cards(view: Document) -> list[int]:
    sizes: list[int] = view["hand_sizes"]
    return [len(view["hand"]) if seat == view["seat"] else 200 for seat in range(len(sizes))]


HOSTILE_DOCUMENTS: Final = (
    Hostile("200,000 empty actions", "record", "actions", [{}] * _MANY, "actions[0]", "unknown action type"),
    Hostile("200,000 actions of no type", "record", "actions", [{"type": 0}] * _MANY, "actions[0]"),
    Hostile("200,000 numbers for actions", "record", "actions", [0] * _MANY, "actions[0]", "an object"),
    Hostile("200,000 empty log entries", "position", "log", [{}] * _MANY, "log[0]"),
    Hostile("200,000 invented cards in a hand", "view", "hand", ["ZZ"] * _MANY, "hand[0]", "not a card"),
    Hostile("200,000 empty log entries in a view", "view", "log", [{}] * _MANY, "log[0]"),
    Hostile("200,000 bad totals", "position", "totals", ["x"] * _MANY, "totals[0]", "an integer"),
    Hostile("a 5 MB variant name", "record", "variant", "x" * 5_000_000, "variant", "unknown variant"),
    Hostile("a 5 MB action type", "record", "actions", [{"type": "x" * 5_000_000}], "actions[0]"),
    Hostile("a 5 MB card", "position", "hands", [["5H" * 2_500_000]], "hands[0][0]", "not a card"),
    Hostile("a 1 MB pile name", "position", "piles", {"x" * 1_000_000: []}, "piles"),
    Hostile("a 1 MB option name", "record", "options", {"x" * 1_000_000: 1}, "options"),
    Hostile("a 4,001-digit version", "record", "version", _LONG, "version", "version 1"),
    Hostile("a 4,001-digit player count", "record", "players", _LONG, "players"),
    Hostile("a 4,001-digit seed", "record", "seed", _LONG, "seed"),
    Hostile("a 4,001-digit option", "record", "options", {"max_rounds": _LONG}, "options"),
    Hostile("a 4,001-digit round", "position", "round", _LONG, "round"),
    Hostile("a negative seed", "record", "seed", -1, "seed", "0 to 2**64 - 1"),
    Hostile("a seed beyond 64 bits", "record", "seed", 2**64, "seed"),
    Hostile("a record cut before its actions", "record", "actions", _REMOVE, "actions", "missing"),
    Hostile("a house rule's name alone", "record", "house_rules", "jokers", "house_rules", "a list"),
    Hostile("a list for a round result", "position", "history", [[1]], "history[0]", "an object"),
    Hostile("a list for a table meld", "position", "table", [[]], "table[0]", "an object"),
    Hostile("an object for the hands", "position", "hands", {"0": []}, "hands", "a list"),
    Hostile("a bogus phase in a view", "view", "phase", "bogus", "phase", "not a phase"),
    Hostile("a stock of -5 cards in a view", "view", "stock_size", -5, "stock_size"),
    Hostile("round 0 in a view", "view", "round", 0, "round"),
    Hostile("round 9 of RailRoad Rummy in a view", "view", "round", 9, "round"),
    Hostile("5 totals for 3 players in a view", "view", "totals", [0] * 5, "totals"),
    Hostile("a hand of 99 in a round of 7", "view", "hand_size", 99, "hand_size"),
    Hostile("more cards than the shoe in a view", "view", "hand_sizes", _too_many_cards, "hand_sizes"),
    Hostile("a hand size of -1 in a view", "view", "hand_sizes", [10, -1, 7], "hand_sizes[1]"),
    Hostile("9 HMGs left of 3", "view", "hmg", [9, 3, 3], "hmg[0]"),
)


@pytest.mark.parametrize("hostile", HOSTILE_DOCUMENTS, ids=lambda hostile: hostile.name)
def test_a_hostile_document_is_refused_in_one_short_line_within_bounded_memory(hostile: Hostile) -> None:
    text = hostile.text()
    err, peak = refused(hostile.kind, text)
    assert isinstance(err, InvalidPositionError)
    assert err.path == hostile.path, str(err)[:1000]
    assert hostile.says in str(err)
    assert_one_short_line(err)
    assert peak < 20 * len(text) + _FIXED_BYTES, f"{peak:,} bytes to load {len(text):,}"


def test_200000_empty_actions_take_under_20_times_the_document() -> None:
    """Issue 14's measure, with nothing added: 0.8 MB of ``{}`` once took 370 MB (450 times)."""
    data = document("record")
    data["actions"] = [{}] * _MANY
    text = json.dumps(data)
    err, peak = refused("record", text)
    assert isinstance(err, InvalidRecordError) and err.path == "actions[0]" and peak < 20 * len(text), (
        f"{peak:,} bytes to load {len(text):,}"
    )


@pytest.mark.parametrize(
    ("name", "text", "says"),
    [
        ("a 5,000-digit number", '{"format": "rummykit/record", "version": ' + "9" * 5000 + "}", "4,300 digits"),
        ("100,000 nested lists", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("bytes that are not UTF-8", b'{"format": "\xff\xfe"}', "UTF-8"),
        ("not JSON at all", "{'format': 'rummykit/record'}", "not JSON"),
        ("a list of 200,000 nulls", "[" + ", ".join(["null"] * _MANY) + "]", "a JSON object"),
        ("null", "null", "a JSON object"),
    ],
)
@pytest.mark.parametrize("kind", ["record", "position", "view"])
def test_text_that_is_no_document_is_refused_in_one_short_line(kind: str, name: str, text: str, says: str) -> None:
    err, peak = refused(kind, text)
    assert isinstance(err, InvalidPositionError) and says in str(err), str(err)
    assert_one_short_line(err)
    assert peak < 20 * len(text) + _FIXED_BYTES


def test_a_record_without_an_actions_field_is_refused_but_an_empty_list_is_a_game_not_begun() -> None:
    data = record_to_data(rummykit.new_game("rummy", players=2, seed=1).record)
    assert load_record(data).actions == ()
    del data["actions"]
    with pytest.raises(InvalidRecordError) as err:
        load_record(data)
    assert err.value.path == "actions"


# -- odd arguments -------------------------------------------------------------------------------


def _record() -> rummykit.GameRecord:
    return GAME.record


def _build(**arguments: Any) -> rummykit.Game:
    """A RailRoad Rummy position of two players, built with ``arguments``."""
    return rummykit.build_position("railroad-rummy", 2, hands=[None, None], **arguments)


HOSTILE_ARGUMENTS: Final[tuple[tuple[str, Callable[[], object], type[RummyError], str], ...]] = (
    ("a seed as text", lambda: rummykit.new_game("rummy", 2, seed="7"), InvalidOptionError, "seed"),  # type: ignore[arg-type]
    ("a seed as a float", lambda: rummykit.new_game("rummy", 2, seed=3.0), InvalidOptionError, "seed"),  # type: ignore[arg-type]
    ("a seed of True", lambda: rummykit.new_game("rummy", 2, seed=True), InvalidOptionError, "seed"),
    ("a negative seed", lambda: rummykit.new_game("rummy", 2, seed=-7), InvalidOptionError, "2**64 - 1"),
    ("a 65-bit seed", lambda: rummykit.new_game("rummy", 2, seed=2**64), InvalidOptionError, "2**64 - 1"),
    ("a 5,000-digit seed", lambda: rummykit.new_game("rummy", 2, seed=10**5000), InvalidOptionError, "seed"),
    ("5,000-digit players", lambda: rummykit.new_game("rummy", 10**5000), InvalidOptionError, "players"),
    ("players as text", lambda: rummykit.new_game("rummy", "2"), InvalidOptionError, "players"),  # type: ignore[arg-type]
    ("no variant", lambda: rummykit.new_game(None, 2), InvalidOptionError, "variant"),
    ("a 5 MB variant", lambda: rummykit.new_game("x" * 5_000_000, 2), rummykit.UnknownVariantError, "unknown"),
    ("house rules as a number", lambda: rummykit.new_game("rummy", 2, house_rules=5), InvalidOptionError, "list"),  # type: ignore[arg-type]
    (
        "a house rule twice",
        lambda: rummykit.new_game("rummy", 2, house_rules=["jokers", "jokers"]),
        rummykit.UnknownHouseRuleError,
        "given twice",
    ),
    (
        "an option of 5,000 digits",
        lambda: rummykit.new_game("rummy", 2, options={"max_rounds": 10**5000}),
        InvalidOptionError,
        "max_rounds",
    ),
    (
        "an option beyond 64 bits",
        lambda: rummykit.new_game("rummy", 2, options={"max_turns_per_round": 2**63}),
        InvalidOptionError,
        "2**63 - 1",
    ),
    (
        "options as a list",
        lambda: rummykit.new_game("rummy", 2, options=[("max_rounds", 1)]),  # type: ignore[arg-type]
        InvalidOptionError,
        "mapping",
    ),
    ("a shoe of letters", lambda: rummykit.new_game("rummy", 2, shoe="AS KS"), InvalidPositionError, "shoe"),
    ("a shoe of None items", lambda: rummykit.new_game("rummy", 2, shoe=[None]), InvalidPositionError, "not a card"),  # type: ignore[list-item]
    ("replay(None)", lambda: replay(None), InvalidRecordError, "GameRecord"),  # type: ignore[arg-type]
    ("upto as text", lambda: replay(_record(), upto="3"), InvalidOptionError, "upto"),  # type: ignore[arg-type]
    ("upto of -1", lambda: replay(_record(), upto=-1), InvalidOptionError, "upto"),
    ("upto of True", lambda: replay(_record(), upto=True), InvalidOptionError, "upto"),
    ("upto past the end", lambda: replay(_record(), upto=31), InvalidOptionError, "0 to 30"),
    ("a record of seed -1", lambda: replay(attrs.evolve(_record(), seed=-1)), InvalidRecordError, "seed"),
    ("parse_cards(None)", lambda: parse_cards(None), InvalidCardError, "None"),  # type: ignore[arg-type]
    ("parse_cards(5)", lambda: parse_cards(5), InvalidCardError, "5"),  # type: ignore[arg-type]
    ("a 1 MB card", lambda: rummykit.Card.parse("x" * 1_000_000), InvalidCardError, "not a card"),
    ("melds=None", lambda: GoDown(seat=1, melds=None), InvalidActionError, "melds"),  # type: ignore[arg-type]
    ("melds=5", lambda: GoDown(seat=1, melds=5), InvalidActionError, "melds"),  # type: ignore[arg-type]
    ("take-pile cards as an object", lambda: TakePile(seat=1, cards={"8H": 1}), InvalidActionError, "cards"),
    ("take-pile cards=5", lambda: TakePile(seat=1, cards=5), InvalidActionError, "cards"),  # type: ignore[arg-type]
    ("take-pile melds=5", lambda: TakePile(seat=1, melds=5), InvalidActionError, "melds"),  # type: ignore[arg-type]
    ("apply(None)", lambda: GAME.copy().apply(None), InvalidActionError, "not an action"),  # type: ignore[arg-type]
    ("a seat of 10**5000", lambda: GAME.copy().hand(10**5000), InvalidActionError, "seat"),
    # the builder's arguments that are not cards (found by tests/test_fuzz_readers.py)
    ("melded=True", lambda: _build(melded=True), InvalidPositionError, "melded"),
    ("totals=True", lambda: _build(totals=True), InvalidPositionError, "totals"),
    ("totals of text", lambda: _build(totals=["0", "0"]), InvalidPositionError, "totals[0]"),
    ("table=None", lambda: _build(table=None), InvalidPositionError, "table"),
    ("turn_number as text", lambda: _build(turn_number="3"), InvalidPositionError, "turn_number"),
    ("phase=5", lambda: _build(phase=5), InvalidPositionError, "phase"),
    ("rest as a list", lambda: _build(rest=["stock"]), InvalidPositionError, "rest"),
    ("history=5", lambda: _build(history=5), InvalidPositionError, "history"),
    ("piles as a list", lambda: _build(piles=["standby"]), InvalidPositionError, "piles"),
)


@pytest.mark.parametrize(
    ("call", "error", "says"), [case[1:] for case in HOSTILE_ARGUMENTS], ids=[case[0] for case in HOSTILE_ARGUMENTS]
)
def test_an_odd_argument_is_refused_with_a_rummykit_error_in_one_short_line(
    call: Callable[[], object], error: type[RummyError], says: str
) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(error) as err:
            call()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert says in str(err.value)
    assert_one_short_line(err.value)
    assert peak < 20 * 5_000_000 + _FIXED_BYTES  # the largest argument is 5 MB


def test_a_seeded_game_at_the_largest_seed_saves_and_loads() -> None:
    game = rummykit.new_game("rummy", players=2, seed=rummykit.MAX_SEED)
    assert load_record(dump_record(game.record)) == game.record


def test_a_house_rules_name_alone_is_one_house_rule_and_none_is_none() -> None:
    alone = rummykit.new_game("rummy", players=2, seed=1, house_rules="jokers")
    listed = rummykit.new_game("rummy", players=2, seed=1, house_rules=["jokers"])
    assert [rule.name for rule in alone.house_rules] == ["jokers"] and alone == listed
    assert rummykit.new_game("rummy", 2, seed=1, house_rules=None) == rummykit.new_game("rummy", 2, seed=1)


def test_a_shoe_written_as_one_text_is_read_as_cards() -> None:
    order = [str(card) for card in reversed(GAME.state.rules.shoe)]
    as_text = rummykit.new_game("railroad-rummy", players=3, seed=2, shoe=" ".join(order))
    assert as_text == rummykit.new_game("railroad-rummy", players=3, seed=2, shoe=order)


def test_a_meld_written_as_one_text_is_one_meld() -> None:
    assert GoDown(seat=1, melds="JS JC JH") == GoDown(seat=1, melds=[["JS", "JC", "JH"]])


def test_upto_replays_exactly_that_many_actions() -> None:
    record = _record()
    assert replay(record, upto=len(record.actions)) == replay(record)
    assert replay(record, upto=len(record.actions) - 1).record.actions == record.actions[:-1]


# -- options are read-only -------------------------------------------------------------------------


def test_a_games_options_are_read_only_and_its_copies_keep_their_rules() -> None:
    game = rummykit.new_game("rummy", players=2, seed=1, options={"max_rounds": 2})
    copy = game.copy()
    with pytest.raises(TypeError):
        game.options["max_rounds"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        game.state.config.options["max_turns_per_round"] = 1  # type: ignore[index]
    assert game.options["max_rounds"] == copy.options["max_rounds"] == 2
    assert load_record(dump_record(game.record)) == game.record
    assert dict(game.view(0).options) == dict(game.options)


# -- an unseeded game rebuilt from its record goes on ----------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["rummy", "railroad-rummy", "railroad-canasta"]),
    steps=st.integers(min_value=0, max_value=40),
    chooser_seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_replayed_unseeded_game_goes_on_with_fresh_shuffles(variant: str, steps: int, chooser_seed: int) -> None:
    """Rebuilt from its saved record, an unseeded game plays on through new rounds (new shuffles),
    and its record, old outcomes and new, replays to it."""
    options = {"max_turns_per_round": 4, "max_rounds": 4}
    game = rummykit.new_game(variant, players=2, options=options)
    chooser = random.Random(chooser_seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    rebuilt = replay(load_record(dump_record(game.record)))
    assert rebuilt == game
    rounds = len(rebuilt.history)
    while not rebuilt.is_over:
        rebuilt.apply(chooser.choice(rebuilt.legal_actions(rebuilt.to_act[0])))
    assert len(rebuilt.history) > rounds or game.is_over, "the game went on into new rounds"
    assert replay(load_record(dump_record(rebuilt.record))) == rebuilt


def test_a_take_pile_melds_given_as_one_text_is_one_meld_as_a_go_down_reads_it() -> None:
    one_meld = (parse_cards("8H 8S 2C"),)
    assert TakePile(seat=0, melds="8H 8S 2C").melds == GoDown(seat=0, melds="8H 8S 2C").melds == one_meld
    assert TakePile(seat=0, cards="6D 6S").cards == TakePile(seat=0, cards=["6D", "6S"]).cards == parse_cards("6D 6S")


# -- the position notation (issue 24: findings 1, 3, 8) ----------------------------------------------

HEAD: Final = "railroad-rummy players=2 seed=1 round=1 dealer=1 turn=0 turn_number=1 phase=draw"
_NOTATION: Final = position_text(rummykit.new_game("railroad-rummy", players=2, seed=1))


def _with_line(name: str, value: str) -> str:
    """The notation of a new RailRoad Rummy game with the line ``name`` (or a new one) set to ``value``."""
    lines = [line for line in _NOTATION.splitlines() if not line.startswith(f"{name}:")]
    return "\n".join([*lines, f"{name}: {value}"])


def notation_refused(text: str) -> tuple[RummyError, int]:
    """The error reading ``text`` as a position's notation raises, and the peak memory it took (a valid
    text is read first, so that what a process does once is not counted)."""
    read_position(_NOTATION)
    tracemalloc.start()
    try:
        read_position(text)
    except RummyError as err:
        return err, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    raise AssertionError("a hostile notation was accepted")


_DEEP: Final = "[" * 100_000
LAST: Final = "the last line"
"""The path of a problem of the line `_with_line` sets: its number (``line 9``)."""
HOSTILE_NOTATION: Final = (
    # finding 1: a short text that asks for a large game is refused before anything is made per seat
    ("100,000,000 players", HEAD.replace("players=2", "players=100000000") + "\nhands: 5H", "players"),
    ("1,000,000,000 players", HEAD.replace("players=2", "players=1000000000") + "\nhands: 5H", "players"),
    ("2**64 players", HEAD.replace("players=2", f"players={2**64}") + "\nhands: 5H", "players"),
    # finding 3: every problem of the first line is named as one of the line's
    ("players=[", HEAD.replace("players=2", "players=[") + "\nhands: 5H", "line 1"),
    ("seed=?", HEAD.replace("seed=1", "seed=?") + "\nhands: 5H", "line 1"),
    ("5,000-digit players", HEAD.replace("players=2", "players=" + "9" * 5000) + "\nhands: 5H", "line 1"),
    ("players given twice", HEAD + " players=3\nhands: 5H", "line 1"),
    ("an unknown variant", HEAD.replace("railroad-rummy", "gin") + "\nhands: 5H", "variant"),
    ("a history nested 100,000 deep", _with_line("history", _DEEP), LAST),
    ("a 5,000-digit total", _with_line("totals", "9" * 5000 + " 0"), LAST),
    ("a 5,000-digit HMG", _with_line("extra", "hmg=[" + "9" * 5000 + ",3]"), LAST),
    ("a 5,000-digit seat in the log", _with_line("log", "draw " + "9" * 5000), LAST),
    ("a value nested 100,000 deep", _with_line("extra", "hmg=" + _DEEP), LAST),
    ("a key given twice in the extra line", _with_line("extra", "hmg=[3,3] hmg=[3,3]"), LAST),
    ("a key given twice in an object", _with_line("extra", "declarations={1:pass,1:claim}"), LAST),
    ("a key given twice in the history", _with_line("history", '[{"round":1,"round":1}]'), LAST),
    ("a field given twice in an action", _with_line("log", "draw 0 seat=1"), LAST),
    # finding 8: the notation takes at most 20 times its size, however many items it names
    ("200,000 cards in a hand", _with_line("hands", " ".join(["5H"] * _MANY) + " / 6H"), "hands[0]["),
    ("200,000 hands", _with_line("hands", " / ".join([""] * _MANY)), "hands"),
    ("200,000 cards in the stock", _with_line("piles.stock", " ".join(["5H#3"] * _MANY)), "piles.stock["),
    ("200,000 melds", _with_line("table", " / ".join(["0 set 5H 5D 5C"] * (_MANY // 4))), "table"),
    ("200,000 totals", _with_line("totals", " ".join(["0"] * _MANY)), "totals"),
    ("200,000 house rules", _with_line("house_rules", " ".join(["x"] * _MANY)), LAST),
    ("200,000 parts of one line", HEAD + " | " + " | ".join(["# c"] * _MANY), "hands"),
    ("200,000 piles", HEAD + "\n" + "\n".join(f"piles.p{i}: 5H" for i in range(_MANY)), "line 2"),
)


@pytest.mark.parametrize(
    ("text", "path"), [case[1:] for case in HOSTILE_NOTATION], ids=[case[0] for case in HOSTILE_NOTATION]
)
def test_a_hostile_notation_is_refused_in_one_short_line_within_bounded_memory(text: str, path: str) -> None:
    err, peak = notation_refused(text)
    path = f"line {text.count(chr(10)) + 1}" if path == LAST else path
    assert isinstance(err, InvalidPositionError), repr(err)[:1000]
    named = err.path.startswith(path) if path.endswith("[") else err.path == path  # "hands[0][": a card of it
    assert named, str(err)[:1000]
    assert_one_short_line(err)
    assert peak < 20 * len(text) + _FIXED_BYTES, f"{peak:,} bytes to read {len(text):,}"


@pytest.mark.slow
def test_a_long_log_takes_under_20_times_its_text() -> None:
    """A position may hold a long log: its actions are read one at a time, each taking less room than
    its text (the notation once took 46 times its size)."""
    text = _with_line("log", "; ".join(["draw 0"] * _MANY))
    read_position(_NOTATION)
    tracemalloc.start()
    try:
        game = read_position(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(game.state.log) == _MANY and peak < 20 * len(text), f"{peak:,} bytes to read {len(text):,}"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (HEAD.replace("players=2", "players=[") + " | hands: 5H", "line 1"),
        (HEAD.replace("seed=1", "seed=" + "9" * 5000) + " | hands: 5H", "20 digits"),
        (HEAD.replace("players=2", "players=100000000") + " | hands: 5H", "2 to 8 players"),
        ("x" * 300, "players= (missing)"),
    ],
)
@pytest.mark.parametrize("command", ["position", "play --position", "replay"])
def test_the_commands_refuse_a_bad_position_in_one_line_with_exit_code_2(
    command: str, text: str, says: str, tmp_path: Path
) -> None:
    """Every reader raises only rummykit errors: the command line prints one line and exits with 2,
    where it printed a Python traceback and exited with 1."""
    if command == "replay":
        path = tmp_path / "position.txt"
        path.write_text(text, encoding="utf-8")
        args = ["replay", str(path)]
    else:
        args = [*command.split(), text]
    result = CliRunner().invoke(app, args, input="quit\n")
    assert result.exit_code == 2, result.output[-2000:]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert len(result.output.strip().splitlines()) == 1 and says in result.output, result.output[-2000:]


# -- a key given twice (finding 8) ------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["record", "position", "view"])
def test_a_document_that_gives_a_key_twice_is_refused(kind: str) -> None:
    """JSON leaves a repeated key open (Python's reader keeps the last, another reader the first): a
    document means one thing, so it names each field once."""
    text = json.dumps(document(kind))
    twice = text.replace('"variant": ', '"variant": "gin", "variant": ', 1)
    err, _ = refused(kind, twice)
    assert "'variant' twice" in str(err)
    assert_one_short_line(err)


def test_a_key_given_twice_deep_in_a_document_is_refused() -> None:
    text = json.dumps(document("position")).replace('"hmg": ', '"hmg": [0, 0, 0], "hmg": ', 1)
    err, _ = refused("position", text)
    assert "'hmg' twice" in str(err)
    with pytest.raises(InvalidPositionError, match="'hmg' twice"):
        read_game(text)


# -- card notation: only ASCII and the suit symbols (finding 8) -------------------------------------


@pytest.mark.parametrize("text", ["5ſ", "Kſ", "10ſ", "AS\u0301", "５H", "5Ｈ", "7♧\u0301", "JK\u200b"])
def test_no_character_beyond_ascii_but_the_suit_symbols_is_read_as_card_notation(text: str) -> None:
    """``"5ſ".upper()`` is ``"5S"``: the long s passed for an S. The suit symbols ♣ ♦ ♥ ♠ (and their
    outlined forms ♧ ♢ ♡ ♤) are the only characters beyond ASCII that card notation has."""
    with pytest.raises(InvalidCardError, match="not a card"):
        rummykit.Card.parse(text)
    with pytest.raises(InvalidCardError):
        parse_card_id(text)


@pytest.mark.parametrize(("text", "card"), [("7♣", "7C"), ("7♧", "7C"), ("7♢", "7D"), ("7♡", "7H"), ("7♤", "7S")])
def test_the_suit_symbols_and_their_outlined_forms_are_read_as_suits(text: str, card: str) -> None:
    assert rummykit.Card.parse(text) == rummykit.Card.parse(card)


_ASCII_LETTERS_AND_DIGITS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
LOOK_ALIKES: Final = [
    char for char in map(chr, range(0x80, 0x110000)) if not _ASCII_LETTERS_AND_DIGITS.isdisjoint(char.upper())
]
"""Every character beyond ASCII whose capital holds an ASCII letter or digit (``ſ``, ``ß``, ``ﬅ``...)."""


@pytest.mark.parametrize("char", LOOK_ALIKES, ids=[f"U+{ord(char):04X}" for char in LOOK_ALIKES])
def test_no_character_whose_capital_is_a_letter_of_the_notation_passes_for_it(char: str) -> None:
    for text in (f"5{char}", f"{char}", f"10{char}", f"{char}K", f"J{char}"):
        with pytest.raises(InvalidCardError):
            rummykit.Card.parse(text)


@given(st.text(min_size=1, max_size=4).filter(lambda text: any(not c.isascii() and c not in "♣♦♥♠" for c in text)))
@settings(max_examples=examples(300), deadline=None)
def test_any_text_with_a_character_beyond_ascii_and_the_suit_symbols_is_no_card(text: str) -> None:
    with pytest.raises(InvalidCardError):
        rummykit.Card.parse(text)


@pytest.mark.parametrize(("text", "card"), [("5♠", "5S"), (" q♥ ", "QH"), ("10♦", "10D"), ("a♣", "AC")])
def test_the_suit_symbols_are_card_notation(text: str, card: str) -> None:
    assert str(rummykit.Card.parse(text)) == card


# -- the notation writes every value it can read back (finding 8) ------------------------------------


@given(reason=st.text(max_size=40))
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_notation_reads_back_any_round_reason_it_writes(reason: str) -> None:
    """A round's reason holding `` | ``, U+2028 or U+0085 was cut where the notation's lines are."""
    result = RoundResult(round=1, went_out=0, reason=reason, scores=(0, 5), totals=(0, 5), turns=3, rule="CR-8")
    game = rummykit.build_position("rummy", players=2, round=2, hands=["5H 6H", "7C 8C"], history=[result], turn=0)
    text = position_text(game)
    for written in (text, text.replace("\n", " | ")):
        again = read_position(written)
        assert again == game and again.history[0].reason == reason


@pytest.mark.parametrize("reason", ["a | b", "x\u2028y", "p\x85q", 't\u3000 \xa0|;/ \\ "', "#", "a\r\nb", " | # x"])
def test_the_notation_reads_back_the_issues_round_reasons(reason: str) -> None:
    result = RoundResult(round=1, went_out=0, reason=reason, scores=(0, 5), totals=(0, 5), turns=3, rule="CR-8")
    game = rummykit.build_position("rummy", players=2, round=2, hands=["5H 6H", "7C 8C"], history=[result], turn=0)
    assert read_position(position_text(game)).history[0].reason == reason
