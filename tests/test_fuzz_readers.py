"""A fuzz test per reader (issue 24, "What it must show"): the position notation, the builder's
arguments, JSON documents, records and the command line's arguments, each with a fixed budget of
examples (the slow set).

What each must show: only rummykit errors escape (never a Python exception of another kind), reading
takes bounded memory (at most 20 times the text, as the JSON readers are held to, beyond a fixed
allowance), every listing is bounded (a position lists at most `MOST_LISTED` actions, the bound on
time that needs no clock), and every accepted position plays to its end by random play. The
reinforcement-learning adapters' actions and parameters are fuzzed with the rl tests, which need the rl
extra (``tests/test_rl.py``: ``test_pettingzoo_parameters_and_actions_are_taken_or_refused_with_a_rummykit_error``
and ``test_openspiel_parameters_make_a_game_or_are_refused_with_a_rummykit_error``).
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import rummykit
from rummykit.core.engine import Game
from rummykit.core.errors import RummyError
from rummykit.documents.builder import build_position
from rummykit.documents.notation import position_text, read_position
from rummykit.documents.serialize import dump_position, dump_record, load_position, load_record
from rummykit.play.cli import app
from tests.test_serialize import LOADERS, fuzz_bases, mutated

pytestmark = pytest.mark.slow

T = TypeVar("T")

VARIANTS: Final = rummykit.available_variants()
LIMITS: Final = {"max_rounds": 1, "max_turns_per_round": 12}
"""Options that end a game of random play soon: one round of at most 12 turns (G-3)."""
MOST_LISTED: Final = 5_000
"""The most legal actions a position may list (a hand of play lists at most a few hundred)."""
MOST_ACTIONS: Final = 10_000
"""More actions than one round of random play takes in any variant (at most about 1,000 in the
documents' samples, which have no turn cap; far fewer in a round of 12 turns)."""
FIXED_BYTES: Final = 2_000_000
"""Memory a reader may take whatever its text's size: the configuration of a player count or options
not met before is made (and kept) once, about 1.2 MB at most."""
BUDGET: Final = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
"""The fixed budget of each fuzz test (per variant where it is parametrized by variant)."""


def read_within_bounds(read: Callable[[T], object], data: T, size: int) -> object:
    """What ``read(data)`` gives, or the rummykit error it raises, having taken at most 20 times
    ``size`` (the input's length) in memory beyond `FIXED_BYTES`. Any other exception escapes."""
    tracemalloc.start()
    try:
        try:
            result: object = read(data)
        except RummyError as refused:
            result = refused
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * size + FIXED_BYTES, f"{peak:,} bytes to read {size:,}"
    return result


def play_to_the_end(game: Game, chooser: random.Random) -> None:
    """Random play from ``game``: every seat to act lists at least one action and at most
    `MOST_LISTED`, each applies, and a game of one round (``max_rounds=1``, G-3) ends."""
    for _ in range(MOST_ACTIONS):
        if game.is_over:
            return
        seat = chooser.choice(game.to_act)
        actions = game.legal_actions(seat)
        assert 0 < len(actions) <= MOST_LISTED, f"seat {seat} lists {len(actions)} actions"
        game.apply(chooser.choice(actions))
    assert game.options.get("max_rounds") != 1, f"a game of one round goes on after {MOST_ACTIONS} actions"


def accepted(result: object, chooser: random.Random) -> None:
    """Note whether a reader refused or accepted; an accepted game plays to its end."""
    if isinstance(result, RummyError):
        event(f"refused: {type(result).__name__}")
        return
    event("accepted")
    if isinstance(result, Game):
        play_to_the_end(result, chooser)


def played(variant: str, players: int, seed: int, steps: int) -> Game:
    """A seeded game of ``variant`` of one round of 12 turns, after ``steps`` random actions."""
    game = rummykit.new_game(variant, players, seed=seed, options=LIMITS)
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions(chooser.choice(game.to_act))))
    return game


# -- the position notation ------------------------------------------------------------------------------

ODD_TOKENS: Final = st.sampled_from(
    [
        "",
        "0",
        "-1",
        "1",
        "3",
        "9" * 25,
        "9" * 5_000,
        "[",
        "]",
        "{",
        "}",
        "[" * 500,
        "null",
        "true",
        "5H",
        "5H#1",
        "5H#9",
        "JK",
        "JK#7",
        "ZZ",
        "5ſ",
        "10♥",
        "|",
        " | ",
        "/",
        ";",
        "=",
        "#",
        "\u2028",
        "\x85",
        '"',
        "\\",
        "players=9",
        "players=100000000",
        "phase=over",
        "phase=play",
        "turn=1",
        "round=7",
        "draw 0",
        "discard 1 5H",
        "hmg=[3,3]",
        "melded_on=[1,null]",
        "max_rounds=0",
        "hands:",
        "piles.stock:",
        "table: 0 set 5H 5D 5C",
    ]
)


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` after one to four changes: a line deleted, repeated or exchanged with another; a word
    deleted, replaced, inserted or moved to another line; or the text cut or garbled."""
    lines = [line.split(" ") for line in text.split("\n")]
    for _ in range(draw(st.integers(1, 4))):
        change = draw(st.sampled_from(["delete", "repeat", "exchange", "word", "insert", "drop", "move", "cut"]))
        lines = lines or [[""]]
        number = draw(st.integers(0, len(lines) - 1))
        words = lines[number]
        place = draw(st.integers(0, max(len(words) - 1, 0)))
        if change == "delete":
            del lines[number]
        elif change == "repeat":
            lines.insert(draw(st.integers(0, len(lines))), list(words))
        elif change == "exchange":
            other = draw(st.integers(0, len(lines) - 1))
            lines[number], lines[other] = lines[other], lines[number]
        elif change == "word" and words:
            words[place] = draw(ODD_TOKENS | st.text(max_size=6))
        elif change == "insert":
            words.insert(place, draw(ODD_TOKENS))
        elif change == "drop" and len(words) > 1:
            del words[place]
        elif change == "move" and words:
            lines[draw(st.integers(0, len(lines) - 1))].append(words.pop(place))
        elif change == "cut":
            whole = "\n".join(" ".join(line) for line in lines)
            cut = draw(st.integers(0, len(whole)))
            garbled = whole[:cut] + draw(st.text(max_size=3)) + whole[cut + draw(st.integers(0, 2)) :]
            lines = [line.split(" ") for line in garbled.split("\n")]
    return "\n".join(" ".join(line) for line in lines)


@functools.cache
def notation_bases(variant: str) -> list[str]:
    """Positions of ``variant`` in notation: a new game, and games part way through their round."""
    spec = rummykit.variant_spec(variant)
    players = [spec.min_players, min(spec.min_players + 1, spec.max_players)]
    return [position_text(played(variant, players[seed % 2], seed, steps)) for seed, steps in enumerate((0, 9, 30))]


@pytest.mark.parametrize("variant", VARIANTS)
@BUDGET
@given(data=st.data())
def test_a_mutated_notation_is_read_whole_or_refused_with_a_rummykit_error(variant: str, data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(notation_bases(variant)))
    read_position(base)  # what a process does once (the variant's configuration) is not counted
    text = data.draw(mutated_text(base))
    accepted(read_within_bounds(read_position, text, len(text)), random.Random(len(text)))


# -- the builder's arguments ----------------------------------------------------------------------------

CARD_TEXTS: Final = st.sampled_from(
    ["5H", "5D", "5C", "5S", "6H", "7H", "8H", "9S", "KS", "AS", "JK", "2C", "10D", "5H#1", "ZZ", "5ſ", ""]
)
CARDS: Final = st.lists(CARD_TEXTS, max_size=12)
ODD: Final = st.one_of(st.none(), st.booleans(), st.integers(-3, 2**65), st.text(max_size=4), st.floats())


def maybe(values: st.SearchStrategy[Any], odd: st.SearchStrategy[Any] = ODD) -> st.SearchStrategy[Any]:
    """Mostly ``values`` (7 times in 8), sometimes a value of any type."""
    return st.integers(0, 7).flatmap(lambda number: odd if number == 0 else values)


@st.composite
def builder_arguments(draw: st.DrawFn, variant: str) -> dict[str, Any]:
    """Arguments for [`build_position`][rummykit.documents.builder.build_position], mostly sensible."""
    spec = rummykit.variant_spec(variant)
    players = draw(maybe(st.sampled_from(spec.players), st.integers(-1, 12)))
    seats = players if isinstance(players, int) and 1 <= players <= 12 else 2
    hand = st.one_of(st.none(), st.none(), st.none(), CARDS.map(" ".join), CARDS)
    arguments: dict[str, Any] = {
        "variant": draw(maybe(st.just(variant), st.sampled_from(["", "gin", 5]))),
        "players": players,
        "hands": draw(maybe(st.lists(hand, min_size=seats, max_size=seats), st.lists(hand, max_size=4))),
        "options": draw(maybe(st.just(LIMITS), st.dictionaries(st.sampled_from([*LIMITS, "x"]), ODD, max_size=2))),
    }
    optional: dict[str, st.SearchStrategy[Any]] = {
        "seed": maybe(st.integers(0, 2**16)),
        "round": maybe(st.integers(1, 7), st.integers(-1, 99)),
        "dealer": maybe(st.integers(0, seats - 1)),
        "turn": maybe(st.integers(0, seats - 1)),
        "phase": maybe(st.sampled_from(["draw", "play", "over", "claim", "bogus"])),
        "turn_number": maybe(st.integers(1, 40)),
        "discard": maybe(CARDS.map(" ".join)),
        "stock": maybe(CARDS.map(" ".join)),
        "taken": maybe(CARD_TEXTS),
        "totals": maybe(st.lists(st.integers(-200, 200), min_size=seats, max_size=seats)),
        "table": maybe(st.lists(st.tuples(st.integers(0, seats - 1), CARDS.map(" ".join)), max_size=2)),
        "melded": maybe(st.lists(st.integers(0, seats - 1), max_size=2)),
    }
    for name, strategy in optional.items():
        if draw(st.integers(0, 5)) == 0:
            arguments[name] = draw(strategy)
    return arguments


def build(arguments: dict[str, Any]) -> Game:
    variant, players = arguments.pop("variant"), arguments.pop("players")
    return build_position(variant, players, **arguments)


@pytest.mark.parametrize("variant", VARIANTS)
@BUDGET
@given(data=st.data())
def test_builder_arguments_build_a_playable_position_or_are_refused_with_a_rummykit_error(
    variant: str, data: st.DataObject
) -> None:
    arguments = data.draw(builder_arguments(variant))
    accepted(read_within_bounds(build, arguments, len(repr(arguments))), random.Random(0))


# -- JSON documents (records, positions, views) ---------------------------------------------------------


@pytest.mark.parametrize(("kind", "base"), fuzz_bases())
@BUDGET
@given(data=st.data())
def test_a_mutated_document_is_read_whole_or_refused_within_bounded_memory(
    kind: str, base: Callable[[], dict[str, Any]], data: st.DataObject
) -> None:
    """The documents the quick set's fuzzer mutates (tests/test_serialize.py), with the memory they
    take measured and every accepted game (a position, a record's replay) played to its end."""
    loader, error = LOADERS[kind]
    document = base()
    loader(document)
    spoiled = data.draw(mutated(document))
    text = spoiled if isinstance(spoiled, bytes) else json.dumps(spoiled).encode()
    result = read_within_bounds(loader, text, len(text))
    assert not isinstance(result, RummyError) or type(result) is error, repr(result)
    if isinstance(result, rummykit.GameRecord):
        result = rummykit.replay(result)
    accepted(result, random.Random(len(text)))


# -- records ----------------------------------------------------------------------------------------------


@st.composite
def mutated_record(draw: st.DrawFn, record: rummykit.GameRecord) -> rummykit.GameRecord:
    """``record`` with its actions deleted, repeated, exchanged, given to another seat or cut short,
    or its seed or its random outcomes changed."""
    actions = list(record.actions)
    seed, outcomes = record.seed, list(record.outcomes)
    for _ in range(draw(st.integers(1, 3))):
        change = draw(st.sampled_from(["delete", "repeat", "exchange", "seat", "cut", "seed", "outcomes"]))
        place = draw(st.integers(0, max(len(actions) - 1, 0)))
        if change == "delete" and actions:
            del actions[place]
        elif change == "repeat" and actions:
            actions.insert(draw(st.integers(0, len(actions))), actions[place])
        elif change == "exchange" and actions:
            other = draw(st.integers(0, len(actions) - 1))
            actions[place], actions[other] = actions[other], actions[place]
        elif change == "seat" and actions:
            actions[place] = attrs.evolve(actions[place], seat=draw(st.integers(0, record.players)))
        elif change == "cut":
            actions = actions[:place]
        elif change == "seed":
            seed = draw(st.one_of(st.none(), st.integers(0, 2**16)))
        else:
            outcomes.append(tuple(draw(st.lists(st.integers(0, 60), max_size=4))))
    return attrs.evolve(record, actions=tuple(actions), seed=seed, outcomes=tuple(outcomes))


@functools.cache
def record_bases(variant: str) -> list[rummykit.GameRecord]:
    """Records of ``variant`` (one round of 12 turns) after 5, 25 and 60 random actions."""
    spec = rummykit.variant_spec(variant)
    players = [min(spec.min_players + seed, spec.max_players) for seed in range(3)]
    return [played(variant, players[seed], seed, steps).record for seed, steps in enumerate((5, 25, 60))]


def replay_saved(record: rummykit.GameRecord) -> Game:
    """A record's replay, and the replay of the record saved and loaded."""
    game = rummykit.replay(record)
    assert rummykit.replay(load_record(dump_record(record))) == game
    return game


@pytest.mark.parametrize("variant", VARIANTS)
@BUDGET
@given(data=st.data())
def test_a_mutated_record_replays_or_is_refused_with_a_rummykit_error(variant: str, data: st.DataObject) -> None:
    record = data.draw(st.sampled_from(record_bases(variant)))
    try:
        spoiled = data.draw(mutated_record(record))
    except RummyError:  # an action given a seat it cannot have is refused as it is made
        event("refused as it is made")
        return
    accepted(read_within_bounds(replay_saved, spoiled, len(dump_record(spoiled))), random.Random(0))


# -- the command line's arguments -------------------------------------------------------------------------

FILES: Final = ("game.json", "position.txt", "position.json", "bad.json", "missing.json", "")
ODD_WORDS: Final = st.sampled_from(
    ["", "-", "--", "--help", "gin", "0", "-1", "9" * 25, "9" * 5_000, "1.5", "nan", "=", "☃", "\x00", "--json"]
)
OPTION_VALUES: Final = {
    "--players": ["2", "3", "0", "9", "9" * 25, "x"],
    "--seed": ["0", "1", "-1", "9" * 25, "x"],
    "--bots": ["heuristic", "random", "random,heuristic", "nobody", ""],
    "--option": ["max_rounds=1", "max_rounds=0", "target=-5", "x=y", "=", "max_turns_per_round=2"],
    "--house-rule": ["jokers", "ace-low", "jokers", "nothing"],
    "--seat": ["0", "1", "5", "-1", "x"],
    "--html": ["out.html", ""],
    "--save": ["saved.json", ""],
    "--position": [*FILES, "rummy players=2", "x" * 300],
    "--confidence": ["0.9", "2", "-1", "x"],
    "--chunk-size": ["1", "0", "-3"],
    "--resume": FILES,
    "--names": ["a,b", ""],
}
COMMANDS: Final = {
    "position": (FILES, ("--json",)),
    "replay": (FILES, ("--final", "--html", "--seat", "--show-seed")),
    "rules": (VARIANTS, ()),
    "variants": ((), ()),
    "play": (VARIANTS, ("--players", "--seat", "--seed", "--bots", "--option", "--house-rule", "--position", "--save")),
    "simulate": (VARIANTS, ("--players", "--seed", "--bots", "--option", "--house-rule", "--json", "--resume")),
}
"""Each command, what it takes as its argument, and its options."""


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command, mostly with an argument it takes, some of its options with values of every kind,
    and sometimes a word of any kind anywhere."""
    command = draw(st.sampled_from(sorted(COMMANDS)))
    argument, options = COMMANDS[command]
    args = [command]
    if argument and draw(st.integers(0, 5)) > 0:
        args.append(draw(st.sampled_from(argument)))
    for option in draw(st.lists(st.sampled_from(options), max_size=3)) if options else ():
        args.append(option)
        if option in OPTION_VALUES:
            args.append(draw(st.sampled_from(OPTION_VALUES[option])))
    for _ in range(draw(st.integers(0, 2))):
        args.insert(draw(st.integers(1, len(args))), draw(ODD_WORDS | st.text(max_size=5)))
    return args


def files(game: Game) -> None:
    """The files the arguments may name, in the current directory: a record, a position, a bad one."""
    Path("game.json").write_text(dump_record(game.record), encoding="utf-8")
    Path("position.txt").write_text(position_text(game), encoding="utf-8")
    Path("bad.json").write_text('{"format": "rummykit/record", "actions": [', encoding="utf-8")
    Path("position.json").write_text(dump_position(game), encoding="utf-8")


@BUDGET
@given(args=command_lines())
def test_command_line_arguments_are_done_or_refused_with_exit_code_2(args: list[str]) -> None:
    """Any arguments: the command is carried out (exit code 0) or refused (2) with a message, never a
    Python traceback. A simulation plays one short game, whatever the arguments ask."""
    if args[0] == "simulate":
        args += ["--games", "1", "--option", "max_rounds=1", "--option", "max_turns_per_round=12", "--workers", "1"]
        args += ["--backend", "local"]
    with tempfile.TemporaryDirectory() as directory, contextlib.chdir(directory):
        files(played("rummy", 2, 1, 10))
        result = CliRunner().invoke(app, args, input="quit\n" * 3)
    event(f"exit code {result.exit_code}")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 2), f"{args!r}: exit code {result.exit_code}\n{result.output[-2000:]}"
    assert "Traceback" not in result.output, result.output[-2000:]


def test_the_fuzzers_start_from_positions_that_load_and_play_to_their_end() -> None:
    """The bases the fuzzers mutate are themselves read and play to their end (a fuzzer whose bases
    were all refused would prove nothing)."""
    for variant in VARIANTS:
        for text in notation_bases(variant):
            play_to_the_end(read_position(text), random.Random(0))
        for record in record_bases(variant):
            game = replay_saved(record)
            assert load_position(dump_position(game)).state == game.state
            play_to_the_end(game, random.Random(0))
