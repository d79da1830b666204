"""Records, positions and views to and from JSON, in every installed variant (issue 6).

1. Round trips (hypothesis, random games of every variant, seeded and unseeded, with house rules,
   stacked shoes and given dealers): a record, a position, every seat's view and the spectator's
   survive JSON unchanged; a record replays to an equal game with the same scores and winners; a game
   loaded from a position has the same state, legal actions and views, and once played on, its record
   (which starts from the position) replays to it; ``Game.copy`` is equal and independent.
2. Malformed and malicious documents: a corpus (wrong types, duplicated and invented cards, a hand of
   300 cards, missing cards, unknown fields, truncated or non-JSON text, deep nesting, wrong format or
   version, unknown variants and house rules, bad options, illegal and unknown actions, cards in two
   places, melds that are not melds, seats out of range) is refused with ``InvalidRecordError`` or
   ``InvalidPositionError`` naming the field's path, and with nothing else; random mutations of valid
   documents either load (into something usable) or raise exactly those errors.
3. ``rummykit replay FILE`` prints the game turn by turn (or only its end with ``--final``); a bad file
   exits with code 2 and a message naming the field.
"""

from __future__ import annotations

import copy as copying
import functools
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import attrs
import pytest
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import rummykit
from rummykit.core.actions import Action
from rummykit.core.cards import card_id_text, copy_of, face, shoe_ids
from rummykit.core.engine import Game, configure
from rummykit.core.errors import InvalidOptionError, InvalidPositionError, InvalidRecordError
from rummykit.core.specs import COMMON_OPTIONS, Option, VariantSpec
from rummykit.documents.serialize import (
    POSITION_FORMAT,
    POSITION_VERSION,
    RECORD_FORMAT,
    RECORD_VERSION,
    VIEW_FORMAT,
    VIEW_VERSION,
    dump_position,
    dump_record,
    dump_view,
    load_position,
    load_record,
    load_view,
    state_to_data,
)
from rummykit.play.cli import app
from rummykit.standard import StandardRules
from tests.sizes import QUICK_GAMES, examples, variant_params
from tests.support import SEVERAL_ROUNDS

# -- games -------------------------------------------------------------------------------------------

#: Every installed variant; each test runs once per variant.
VARIANTS: Final = rummykit.available_variants()
RAILROAD: Final = "railroad-rummy"
#: Actions that put cards on the table: random play takes one when it can (4 times in 5).
MELD_KINDS: Final = frozenset({"go-down", "lay-off"})
HYPOTHESIS: Final = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def spec_of(variant: str) -> VariantSpec:
    return rummykit.variant_spec(variant)


@functools.cache
def house_rules_of(variant: str) -> tuple[str, ...]:
    return rummykit.available_house_rules(variant)


def choose_action(game: Game, rng: random.Random) -> Action:
    """A random legal action of a random seat among those to act, preferring melds."""
    seat = rng.choice(game.to_act)
    legal = game.legal_actions(seat)
    melds = [action for action in legal if action.kind in MELD_KINDS]
    return rng.choice(melds if melds and rng.random() < 0.8 else legal)


def play(game: Game, rng: random.Random, steps: int) -> Game:
    """``steps`` random actions (fewer if the game ends)."""
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(choose_action(game, rng))
    return game


@attrs.frozen
class Setup:
    """A random game: how it is created, then ``steps`` random actions chosen with ``play_seed``."""

    variant: str
    players: int
    seed: int | None
    options: dict[str, Any]
    house_rules: tuple[str, ...]
    dealer: int | None
    stacked: bool
    steps: int
    play_seed: int

    def new_game(self) -> Game:
        shoe = None
        if self.stacked:  # every card of the shoe, in an order of our own
            rules = configure(self.variant, self.players, options=self.options, house_rules=self.house_rules).rules
            shoe = list(rules.shoe)
            random.Random(self.play_seed).shuffle(shoe)
        return rummykit.new_game(
            self.variant,
            self.players,
            seed=self.seed,
            options=self.options,
            house_rules=self.house_rules,
            dealer=self.dealer,
            shoe=shoe,
        )

    def play(self) -> Game:
        return play(self.new_game(), random.Random(self.play_seed), self.steps)


def option_values(option: Option) -> st.SearchStrategy[Any]:
    """Valid values of an option; small ints, so that rounds and games end early (G-1, G-3, targets)."""
    values: st.SearchStrategy[Any]
    if option.type is bool:
        values = st.booleans()
    elif option.type is int:
        low = option.minimum if option.minimum is not None else 0
        high = low + 3 if option.maximum is None else min(option.maximum, low + 3)
        values = st.integers(low, high)
    else:
        values = st.sampled_from(option.choices) if option.choices else st.text(max_size=5)
    return st.none() | values if option.optional else values


@st.composite
def setups(draw: st.DrawFn, variant: str, *, seeds: st.SearchStrategy[int | None] | None = None) -> Setup:
    """Any player count; a seed (or none: shuffled by the system); any house rules; some options at
    small values; sometimes a given dealer or a stacked shoe; 0 to 300 random actions."""
    spec = spec_of(variant)
    players = draw(st.sampled_from(spec.players), label="players")
    seed = draw(seeds if seeds is not None else st.none() | st.integers(0, 2**64), label="seed")
    available = house_rules_of(variant)
    house_rules = tuple(draw(st.lists(st.sampled_from(available), unique=True))) if available else ()
    declared = [*COMMON_OPTIONS, *spec.options]
    declared += [option for name in house_rules for option in rummykit.house_rule_spec(name).options]
    options = {option.name: draw(option_values(option)) for option in declared if draw(st.booleans())}
    dealer = draw(st.none() | st.integers(0, players - 1), label="dealer")
    stacked = draw(st.booleans(), label="stacked shoe")
    steps = draw(st.integers(0, 300), label="steps")
    setup = Setup(variant, players, seed, options, house_rules, dealer, stacked, steps, draw(st.integers(0, 2**32)))
    try:
        setup.new_game()
    except InvalidOptionError:
        reject()  # options that are valid one by one but not together
    return setup


def observers(game: Game) -> list[int | None]:
    """The spectator, then every seat."""
    return [None, *range(game.players)]


# -- 1. round trips -------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
@HYPOTHESIS
@given(data=st.data())
def test_a_record_survives_json_and_replays_to_the_same_game(variant: str, data: st.DataObject) -> None:
    game = data.draw(setups(variant)).play()
    record = game.record
    text = dump_record(record)
    document = json.loads(text)
    assert (document["format"], document["version"]) == (RECORD_FORMAT, RECORD_VERSION)
    assert load_record(text) == record
    assert load_record(text.encode()) == record
    assert load_record(document) == record
    assert load_record(text, check=False) == record
    assert dump_record(record, indent=2) != text and load_record(dump_record(record, indent=2)) == record
    replayed = rummykit.replay(record)
    assert replayed == game and replayed.state == game.state
    assert (replayed.scores, replayed.winners, replayed.history) == (game.scores, game.winners, game.history)
    assert replayed.record == record and dump_record(replayed.record) == text
    # drawn whatever the game's length, which an unseeded game does not repeat when hypothesis replays it
    upto = data.draw(st.integers(0, 10**6), label="upto") % (len(record.actions) + 1)
    assert rummykit.replay(record, upto=upto).record.actions == record.actions[:upto]


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
@HYPOTHESIS
@given(data=st.data())
def test_a_position_survives_json_with_the_same_state_actions_and_views(variant: str, data: st.DataObject) -> None:
    game = data.draw(setups(variant)).play()
    text = dump_position(game)
    document = json.loads(text)
    assert (document["format"], document["version"]) == (POSITION_FORMAT, POSITION_VERSION)
    loaded = load_position(text)
    assert loaded.state == game.state
    assert load_position(document).state == game.state
    assert dump_position(loaded) == text
    assert (loaded.to_act, loaded.is_over, loaded.scores, loaded.winners) == (
        game.to_act,
        game.is_over,
        game.scores,
        game.winners,
    )
    for seat in range(game.players):
        assert loaded.legal_actions(seat) == game.legal_actions(seat), f"seat {seat}"
    for observer in observers(game):
        assert loaded.view(observer) == game.view(observer), f"seat {observer}"
    assert loaded.record.position == game.state and loaded.record.actions == ()
    assert json.loads(json.dumps(state_to_data(loaded.record.position))) == document


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
@HYPOTHESIS
@given(data=st.data())
def test_a_game_played_on_from_a_position_has_a_record_that_replays_to_it(variant: str, data: st.DataObject) -> None:
    # seeded games: a game loaded from a position shuffles from its seed; unseeded ones have their own test
    game = data.draw(setups(variant, seeds=st.integers(0, 2**64))).play()
    loaded = load_position(dump_position(game))
    play(loaded, random.Random(data.draw(st.integers(0, 2**32))), data.draw(st.integers(0, 300), label="more"))
    record = loaded.record
    assert record.position == game.state
    assert record.position is not loaded.state  # the record keeps the start, not the state played on
    assert load_record(dump_record(record)) == record
    replayed = rummykit.replay(record)
    assert replayed == loaded and replayed.record == record
    assert (replayed.scores, replayed.winners) == (loaded.scores, loaded.winners)


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
@HYPOTHESIS
@given(data=st.data())
def test_every_view_survives_json(variant: str, data: st.DataObject) -> None:
    game = data.draw(setups(variant)).play()
    for seat in observers(game):
        view = game.view(seat)
        text = dump_view(view)
        document = json.loads(text)
        assert (document["format"], document["version"]) == (VIEW_FORMAT, VIEW_VERSION)
        loaded = load_view(text)
        assert loaded == view and type(loaded) is type(view), f"seat {seat}"
        assert load_view(document) == view and dump_view(loaded) == text


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
@HYPOTHESIS
@given(data=st.data())
def test_a_copy_is_equal_and_independent(variant: str, data: st.DataObject) -> None:
    setup = data.draw(setups(variant))
    game = setup.play()
    copy = game.copy()
    assert copy == game and copy.state == game.state and copy.record == game.record
    before = dump_position(game), game.record
    steps = data.draw(st.integers(1, 100), label="more")
    play_seed = data.draw(st.integers(0, 2**32))
    play(copy, random.Random(play_seed), steps)
    assert (dump_position(game), game.record) == before, "playing the copy changed the original"
    if setup.seed is not None:  # the copy's random source continues exactly as the original's would
        play(game, random.Random(play_seed), steps)
        assert game == copy and game.record == copy.record


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
def test_an_unseeded_game_continued_from_a_position_replays_across_new_shuffles(variant: str) -> None:
    players = spec_of(variant).min_players
    options = {"max_turns_per_round": 3, **SEVERAL_ROUNDS.get(variant, {})}
    game = play(rummykit.new_game(variant, players, options=options), random.Random(1), 5)
    loaded = load_position(dump_position(game))
    first_round, rng = loaded.round, random.Random(2)
    while loaded.round == first_round and not loaded.is_over:  # on into a new deal: a new shuffle
        loaded.apply(choose_action(loaded, rng))
    play(loaded, rng, 10)
    record = load_record(dump_record(loaded.record), check=False)
    assert record.seed is None and record.outcomes, "an unseeded game records its shuffles"
    replayed = rummykit.replay(record)
    assert replayed == loaded, "the replay dealt other cards: the record's outcomes were not used"


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
def test_a_finished_game_survives_json(variant: str) -> None:
    players = spec_of(variant).max_players
    game = play(rummykit.new_game(variant, players, seed=5, options={"max_rounds": 1}), random.Random(5), 100_000)
    assert game.is_over
    record = load_record(dump_record(game.record))
    replayed = rummykit.replay(record)
    assert (replayed.scores, replayed.winners, replayed.history) == (game.scores, game.winners, game.history)
    loaded = load_position(dump_position(game))
    assert loaded.is_over and loaded.state == game.state and loaded.winners == game.winners
    assert loaded.legal_actions() == [] and loaded.to_act == ()
    for seat in observers(game):
        assert load_view(dump_view(game.view(seat))) == game.view(seat)


# -- 2. malformed and malicious documents ------------------------------------------------------------

Document = dict[str, Any]
_STEP = re.compile(r"\.?([A-Za-z_]\w*)|\[(\d+)\]")


Step = str | int
Location = tuple[Step, ...]


def location_of(path: str) -> Location:
    """``"hands[0][3]"`` as ``("hands", 0, 3)``."""
    return tuple(int(index) if index else name for name, index in _STEP.findall(path))


def at(document: Any, location: Location) -> Any:
    node = document
    for step in location:
        node = node[step]
    return node


def put(document: Document, path: str | Location, value: object) -> Document:
    """Set the value at ``path`` (``hands[0][3]``, ``extra.last_claim.winner``) and return the document."""
    *parents, last = location_of(path) if isinstance(path, str) else path
    at(document, tuple(parents))[last] = value
    return document


def drop(document: Document, path: str | Location) -> Document:
    """Remove the key or list item at ``path`` and return the document."""
    *parents, last = location_of(path) if isinstance(path, str) else path
    del at(document, tuple(parents))[last]
    return document


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@attrs.frozen
class Sample:
    """Valid documents of one variant to spoil: a seeded game some way into a round, with melds on the
    table, its record, its position, and seat 0's view."""

    game: Game
    record: Document
    position: Document
    view: Document

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def shoe_size(self) -> int:
        return len(self.game.state.rules.shoe)

    def invented_copy(self) -> str:
        """A copy of 5H one beyond the shoe's (``5H#4`` in a four-deck game)."""
        ids = shoe_ids(self.game.state.rules.shoe)
        return f"5H#{max(copy_of(cid) for cid in ids if str(face(cid)) == '5H') + 1}"


@functools.cache
def sample(variant: str) -> Sample:
    for seed in range(200):
        game = rummykit.new_game(variant, spec_of(variant).max_players, seed=seed, options={"max_rounds": 1})
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            game.apply(choose_action(game, rng))
            # melds on the table, where play lays them (a declared hand lays its groups only as the round ends)
            melded = len(game.state.table) >= 2 or rummykit.GoDown not in game.spec.actions
            if melded and game.to_act == (game.turn,) and len(game.state.log) >= 12:
                record, position = json.loads(dump_record(game.record)), json.loads(dump_position(game))
                return Sample(game, record, position, json.loads(dump_view(game.view(0))))
    raise AssertionError(f"no seeded game of {variant} put two melds on the table")


@functools.cache
def claim_window(players: int = 4) -> Document:
    """A RailRoad Rummy position in an open claim window (RR-15) in which one seat has declared."""
    for seed in range(100):
        game = rummykit.new_game(RAILROAD, players, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            game.apply(choose_action(game, rng))
            if game.phase == "claim" and len(game.to_act) == players - 2:
                document: Document = json.loads(dump_position(game))
                return document
    raise AssertionError("no claim window with one declaration")


Spoil = Callable[[Document, Sample], object]
Expected = str | tuple[str, ...] | Callable[[Sample], str | tuple[str, ...]]


@attrs.frozen
class Bad:
    """A malformed document: ``spoil`` makes it from a deep copy of a valid one (changing it in place,
    or returning something else: JSON text, bytes). Loading it must raise the documented error with
    ``.path`` ``path`` (one of them, if several are reasonable), its message holding ``says``."""

    name: str
    spoil: Spoil
    path: Expected
    says: str = ""

    def paths(self, sample: Sample) -> tuple[str, ...]:
        if isinstance(self.path, str):
            return (self.path,)
        if isinstance(self.path, tuple):
            return self.path
        paths = self.path(sample)
        return (paths,) if isinstance(paths, str) else paths


def setting(name: str, path: str, value: object, expected: Expected | None = None, says: str = "") -> Bad:
    """A document with ``value`` at ``path``, refused naming ``path`` (or ``expected``)."""
    return Bad(name, lambda document, _: put(document, path, value), path if expected is None else expected, says)


def dropping(name: str, path: str, expected: Expected | None = None) -> Bad:
    return Bad(name, lambda document, _: drop(document, path), path if expected is None else expected)


def text_of(document: Document) -> str:
    return json.dumps(document)


def other_format(document: Document, _: Sample) -> Document:
    others = {RECORD_FORMAT: POSITION_FORMAT, POSITION_FORMAT: VIEW_FORMAT, VIEW_FORMAT: RECORD_FORMAT}
    return put(document, "format", others[document["format"]])


#: What every kind of document must refuse: bad text, bad JSON, the wrong format or version, an unknown
#: variant, an unknown field.
ANY_DOCUMENT: Final = (
    Bad("truncated JSON", lambda document, _: text_of(document)[: len(text_of(document)) // 2], ""),
    Bad("one character of JSON", lambda document, _: text_of(document)[:1], ""),
    Bad("empty text", lambda document, _: "", ""),
    Bad("bytes that are not text", lambda document, _: b"\x00\xff\xfe\x80garbage\xc3\x28", ""),
    Bad("bytes that are not UTF-8 inside JSON", lambda document, _: b'{"format": "\xff\xfe"}', ""),
    Bad("a JSON list", lambda document, _: "[1, 2]", ""),
    Bad("JSON null", lambda document, _: "null", ""),
    Bad("a JSON string", lambda document, _: '"rummykit"', ""),
    Bad("JSON nested 100,000 deep", lambda document, _: "[" * 100_000 + "]" * 100_000, ""),
    Bad("objects nested 100,000 deep", lambda document, _: '{"a": ' * 100_000 + "1" + "}" * 100_000, ""),
    dropping("no format", "format"),
    setting("another format", "format", "rummykit/other"),
    Bad("the format of another kind of document", other_format, "format"),
    setting("the format as a number", "format", 1),
    dropping("no version", "version"),
    setting("a version from the future", "version", 99),
    setting("the version as text", "version", "1"),
    setting("the version as true", "version", True),
    setting("an unknown variant", "variant", "kalooki", says="kalooki"),
    setting("the variant as a number", "variant", 7),
    dropping("no variant", "variant"),
    setting("an unknown field", "secret", "the other hands", "", says="secret"),
    setting("players nested 500 deep", "players", nested(500), "players"),
)


def first_with(document: Document, key: str) -> int:
    """The index of the first action of a record (or of a position's log) that has ``key``."""
    actions = document.get("actions", document.get("log"))
    assert actions is not None
    return next(i for i, action in enumerate(actions) if key in action)


def illegal_action_10(document: Document) -> Document:
    """A record whose action 10 is taken by a seat that may not act then (the action as it was, of
    another seat)."""
    game = rummykit.replay(load_record(document), upto=10)
    document["actions"][10]["seat"] = next(seat for seat in range(game.players) if seat not in game.to_act)
    return document


def repeated(document: Document, _: Sample) -> Document:
    index = next(i for i, action in enumerate(document["actions"]) if action["type"] == "discard")
    document["actions"].insert(index + 1, dict(document["actions"][index]))
    return document


def repeated_path(sample: Sample) -> str:
    return f"actions[{next(i for i, a in enumerate(sample.record['actions']) if a['type'] == 'discard') + 1}]"


def stacked(document: Document, faces: list[str]) -> Document:
    return put(document, "shoes", [faces])


def shoe_faces(sample: Sample) -> list[str]:
    return [str(card) for card in sample.game.state.rules.shoe]


def from_position(document: Document, sample: Sample) -> Document:
    """A record that starts from the sample's position with a card put in two hands."""
    position = copying.deepcopy(sample.position)
    position["hands"][0].append(position["hands"][1][0])
    document["position"], document["actions"] = position, []
    return document


def unlike_position(document: Document, sample: Sample) -> Document:
    """A record that starts from the sample's position but says it has another number of players."""
    document["position"], document["actions"] = copying.deepcopy(sample.position), []
    other = next(n for n in range(spec_of(sample.game.variant).min_players, 99) if n != sample.players)
    return put(document, "players", other)


def foreign_house_rule(variant: str) -> str | None:
    return next((name for name in rummykit.available_house_rules() if name not in house_rules_of(variant)), None)


RECORDS: Final = (
    setting("players as text", "players", "3"),
    setting("players as a fraction", "players", 2.5),
    setting("players as true", "players", True),
    setting("players not a number", "players", float("nan")),
    setting("300 players", "players", 300, says="300"),
    setting("players negative", "players", -1),
    setting("the seed as text", "seed", "7"),
    setting("the seed as a fraction", "seed", 7.5),
    Bad("the dealer out of range", lambda document, sample: put(document, "dealer", sample.players), "dealer"),
    setting("the dealer as text", "dealer", "0"),
    setting("options not an object", "options", [1, 2]),
    setting("an unknown option", "options.no_such_option", 1, "options", says="no_such_option"),
    setting("a bad option value", "options.max_rounds", 0, "options", says="max_rounds"),
    setting("an option of the wrong type", "options.max_rounds", "2", "options", says="max_rounds"),
    setting("an unknown house rule", "house_rules", ["no-such-rule"], says="no-such-rule"),
    setting("house rules as text", "house_rules", "jokers"),
    setting("actions not a list", "actions", {}),
    setting("actions null", "actions", None),
    setting("an action of an unknown type", "actions[3]", {"type": "steal", "seat": 0}, says="steal"),
    setting("an action without a type", "actions[3]", {"seat": 0}),
    setting("an action that is not an object", "actions[3]", 17),
    setting("an action with an unknown field", "actions[0].peek", "5H", "actions[0]", says="peek"),
    Bad(
        "an action without a card",
        lambda document, _: drop(document, f"actions[{first_with(document, 'card')}].card"),
        lambda sample: f"actions[{first_with(sample.record, 'card')}].card",
    ),
    setting("an action by seat 99", "actions[0].seat", 99),
    setting("an action by seat -1", "actions[0].seat", -1),
    setting("an action's seat as text", "actions[0].seat", "0"),
    setting("an action's seat as a fraction", "actions[0].seat", 0.5),
    setting("an action's seat as true", "actions[0].seat", True),
    Bad(
        "an invented card in an action",
        lambda document, _: put(document, f"actions[{first_with(document, 'card')}].card", "ZZ"),
        lambda sample: f"actions[{first_with(sample.record, 'card')}].card",
        says="ZZ",
    ),
    Bad(
        "a physical card where an action names a face",
        lambda document, _: put(document, f"actions[{first_with(document, 'card')}].card", "5H#1"),
        lambda sample: f"actions[{first_with(sample.record, 'card')}].card",
    ),
    Bad("an illegal action in the middle", lambda document, _: illegal_action_10(document), "actions[10]"),
    Bad("a discard repeated", repeated, repeated_path),
    Bad(
        "a stacked shoe missing a card", lambda document, sample: stacked(document, shoe_faces(sample)[1:]), "shoes[0]"
    ),
    Bad(
        "a stacked shoe with an invented card",
        lambda document, sample: stacked(document, ["ZZ", *shoe_faces(sample)[1:]]),
        "shoes[0][0]",
    ),
    Bad("a stacked shoe of 300 cards", lambda document, sample: stacked(document, ["5H"] * 300), "shoes[0]"),
    setting("stacked shoes as text", "shoes", "5H 6H", "shoes"),
    setting("a stacked shoe as text", "shoes", ["5H 6H"], "shoes[0]"),
    Bad("a position with a card in two hands", from_position, "position.hands[1][0]"),
    Bad("a record unlike its position", unlike_position, "players"),
    Bad("an unseeded record without its shuffles", lambda d, _: put(put(d, "seed", None), "outcomes", []), "outcomes"),
    Bad(
        "an unseeded record whose shuffle is no permutation",
        lambda document, sample: put(put(document, "seed", None), "outcomes", [[0] * sample.shoe_size]),
        ("outcomes", "outcomes[0]", "outcomes[1]"),
    ),
)


def face_down_pile(sample: Sample) -> str:
    """The first face-down pile (not the discard pile) holding cards, in the variant's order."""
    state = sample.game.state
    return next(name for name in spec_of(sample.game.variant).piles if name != "discard" and state.piles[name])


def later_pile(sample: Sample) -> str:
    """A pile that comes after :func:`face_down_pile` in the order piles are read."""
    piles = spec_of(sample.game.variant).piles
    return piles[piles.index(face_down_pile(sample)) + 1]


def in_two_piles(document: Document, sample: Sample) -> Document:
    document["piles"][later_pile(sample)].append(document["piles"][face_down_pile(sample)][0])
    return document


def in_hand_and_pile(document: Document, sample: Sample) -> Document:
    document["hands"][0].append(document["piles"][face_down_pile(sample)][0])
    return document


def hand_of_300(document: Document, sample: Sample) -> Document:
    every_card = [card_id_text(cid) for cid in shoe_ids(sample.game.state.rules.shoe)]
    return put(document, "hands[0]", every_card + ["5H"] * max(1, 300 - len(every_card)))


def empty_hand(document: Document, sample: Sample) -> Document:
    seat = (sample.game.turn + 1) % sample.players
    document["piles"][face_down_pile(sample)].extend(document["hands"][seat])
    return put(document, f"hands[{seat}]", [])


def round_result(players: int, **changes: Any) -> Document:
    result = {"round": 1, "went_out": 0, "reason": "x", "scores": [0] * players, "totals": [0] * players, "turns": 3}
    return {**result, **changes}


def other_rank(symbol: str) -> str:
    return "4" if symbol != "4" else "5"


def meld_kind_flipped(document: Document, _: Sample) -> Document:
    meld = document["table"][0]
    return put(document, "table[0].kind", "run" if meld["kind"] == "set" else "set")


def not_the_turn_players(document: Document, sample: Sample) -> Document:
    return put(document, "taken", document["hands"][(sample.game.turn + 1) % sample.players][0])


POSITIONS: Final = (
    Bad("a card in two hands", lambda d, _: put(d, "hands[0]", [*d["hands"][0], d["hands"][1][0]]), "hands[1][0]"),
    Bad("a card in a hand and a pile", in_hand_and_pile, lambda sample: f"piles.{face_down_pile(sample)}[0]"),
    Bad(
        "a card in two piles",
        in_two_piles,
        lambda sample: f"piles.{later_pile(sample)}[{len(sample.position['piles'][later_pile(sample)])}]",
    ),
    Bad(
        "a card on the table and in a hand",
        lambda document, _: put(document, "hands[0]", [*document["hands"][0], document["table"][0]["cards"][0]]),
        "table[0].cards[0]",
    ),
    Bad(
        "an invented copy of a card",
        lambda document, sample: put(document, "hands[0]", [*document["hands"][0], sample.invented_copy()]),
        lambda sample: f"hands[0][{len(sample.position['hands'][0])}]",
    ),
    setting("an invented card", "hands[0][0]", "ZZ", says="ZZ"),
    setting("5H#30, a copy no shoe here has", "hands[0][0]", "5H#30", says="5H#30"),
    setting("a card written as a number", "hands[0][0]", 5),
    Bad("a hand of 300 cards", hand_of_300, lambda sample: f"hands[0][{sample.shoe_size}]"),
    Bad("a card missing", lambda document, _: drop(document, "hands[0][0]"), "", says="nowhere"),
    setting("hands as text", "hands", "5H 6H"),
    Bad("a hand too few", lambda document, _: drop(document, f"hands[{len(document['hands']) - 1}]"), "hands"),
    Bad("a pile missing", lambda document, sample: drop(document, f"piles.{face_down_pile(sample)}"), "piles"),
    setting("an unknown pile", "piles.kitty", [], "piles"),
    setting("players as text", "players", "3"),
    setting("the turn as text", "turn", "0"),
    setting("the turn as a fraction", "turn", 0.5),
    setting("the turn as true", "turn", True),
    Bad("the turn out of range", lambda document, sample: put(document, "turn", sample.players), "turn"),
    setting("the dealer negative", "dealer", -1),
    Bad("a meld of a seat out of range", lambda d, sample: put(d, "table[0].owner", sample.players), "table[0].owner"),
    setting("a logged action by seat 99", "log[0].seat", 99),
    setting("a logged action of an unknown type", "log[0]", {"type": "steal", "seat": 0}, says="steal"),
    Bad(
        "a round result won by seat 99",
        lambda document, sample: put(document, "history", [round_result(sample.players, went_out=99)]),
        "history[0].went_out",
    ),
    Bad(
        "a round result for too few seats",
        lambda document, sample: put(document, "history", [round_result(sample.players, scores=[0])]),
        "history[0]",
    ),
    setting("an unknown phase", "phase", "nap", says="nap"),
    setting("round 0", "round", 0),
    setting("turn number 0", "turn_number", 0),
    setting("totals for one seat", "totals", [0], "totals"),
    Bad("totals as text", lambda document, _: put(document, "totals", ["a"] * len(document["totals"])), "totals[0]"),
    Bad("a taken card in another hand", not_the_turn_players, "taken"),
    Bad("a meld that is not a meld", meld_kind_flipped, "table[0]", says="not a valid meld"),
    Bad(
        "a meld's ranks that do not follow its cards",
        lambda document, _: put(document, "table[0].ranks[0]", other_rank(document["table"][0]["ranks"][0])),
        "table[0].ranks",
    ),
    Bad("a meld with one rank too few", lambda document, _: drop(document, "table[0].ranks[0]"), "table[0].ranks"),
    setting("a meld with an unknown rank", "table[0].ranks[0]", "Z"),
    setting("a meld's rank as a number", "table[0].ranks[0]", 5),
    setting("a meld of an unknown kind", "table[0].kind", "pile"),
    Bad(
        "an empty meld",
        lambda d, _: put(d, "table", [*d["table"], {"owner": 0, "kind": "set", "cards": [], "ranks": []}]),
        lambda sample: tuple(f"table[{len(sample.position['table'])}]{field}" for field in ("", ".cards", ".ranks")),
    ),
    Bad("an empty hand during a round", empty_hand, lambda sample: f"hands[{(sample.game.turn + 1) % sample.players}]"),
    setting("an unknown option", "options.no_such_option", 1, "options", says="no_such_option"),
    setting("a bad option value", "options.max_turns_per_round", 0, "options", says="max_turns_per_round"),
    setting("an unknown house rule", "house_rules", ["no-such-rule"]),
    setting("no state of the variant", "extra", None),
    setting("the variant's state as text", "extra", "hmg"),
    setting("the variant's state as a list", "extra", []),
    setting("an unknown field in the variant's state", "extra.secret", 1, "extra", says="secret"),
    Bad(
        "a pile that is not a list",
        lambda document, sample: put(document, f"piles.{face_down_pile(sample)}", 5),
        lambda sample: f"piles.{face_down_pile(sample)}",
    ),
    setting("the table as text", "table", "5H 5D 5S"),
)


def last_claim(players: int, **changes: Any) -> Document:
    claim = {"turn": 0, "card": "5H", "declarations": [[1, "pass"]], "winner": None, "hmg": False, "penalty": False}
    return {**claim, **changes}


def in_claim_window(spoil: Callable[[Document], Document]) -> Spoil:
    """Spoil :func:`claim_window`'s position instead of the sample's."""
    return lambda _, __: spoil(copying.deepcopy(claim_window()))


def claim_window_without_discard(document: Document) -> Document:
    document["piles"]["stock"].extend(document["piles"]["discard"])
    return put(document, "piles.discard", [])


#: RailRoad Rummy's own state (HMGs, who went down when, the claim window), and its phase rules.
RAILROAD_POSITIONS: Final = (
    setting("HMGs for one seat", "extra.hmg", [3], "extra.hmg"),
    setting("99 HMGs", "extra.hmg[1]", 99),
    setting("HMGs as text", "extra.hmg[1]", "3"),
    setting("went down on turn 999", "extra.melded_on[0]", 999),
    Bad(
        "a last claim won by seat 99",
        lambda document, sample: put(document, "extra.last_claim", last_claim(sample.players, winner=99)),
        "extra.last_claim.winner",
    ),
    Bad(
        "a last claim with seat 99's declaration",
        lambda document, sample: put(
            document, "extra.last_claim", last_claim(sample.players, declarations=[[99, "claim"]])
        ),
        ("extra.last_claim.declarations", "extra.last_claim.declarations[0]"),
    ),
    Bad(
        "a last claim on an invented card",
        lambda document, sample: put(document, "extra.last_claim", last_claim(sample.players, card="ZZ")),
        "extra.last_claim.card",
    ),
    setting("declarations out of a claim window", "extra.declarations", {"1": "pass"}),
    Bad(
        "a declaration by seat 99 in a claim window",
        in_claim_window(lambda document: put(document, "extra.declarations", {"99": "pass"})),
        ("extra.declarations", "extra.declarations.99"),
    ),
    Bad(
        "a declaration of the turn player",
        in_claim_window(lambda document: put(document, "extra.declarations", {str(document["turn"]): "claim"})),
        "extra.declarations",
    ),
    Bad(
        "an unknown declaration",
        in_claim_window(lambda document: put(document, "extra.declarations", {"1": "maybe"})),
        ("extra.declarations", "extra.declarations['1']", "extra.declarations[1]"),
    ),
    Bad("a claim window with no discard to claim", in_claim_window(claim_window_without_discard), "phase"),
)


def other_face(text: str) -> str:
    return "4C" if not text.startswith("4C") else "5C"


#: Views: what a game server sends a seat, and what a client must check.
VIEWS: Final = (
    dropping("no players", "players"),
    setting("players as text", "players", "3"),
    setting("hand sizes for one seat", "hand_sizes", [7], "hand_sizes"),
    Bad("the seat out of range", lambda document, sample: put(document, "seat", sample.players), "seat"),
    setting("the turn out of range", "turn", 99),
    setting("a seat to act out of range", "to_act", [99], "to_act[0]"),
    setting("hand_ids not a list", "hand_ids", 5),
    dropping("no hand_ids", "hand_ids"),
    Bad(
        "an invented copy in hand_ids",
        lambda document, sample: put(document, "hand_ids", [*document["hand_ids"], sample.invented_copy()]),
        lambda sample: f"hand_ids[{len(sample.view['hand_ids'])}]",
    ),
    Bad(
        "an unreadable card in hand_ids",
        lambda document, _: put(document, "hand_ids", [*document["hand_ids"], "ZZ"]),
        lambda sample: f"hand_ids[{len(sample.view['hand_ids'])}]",
    ),
    Bad(
        "a card twice in hand_ids",
        lambda document, _: put(document, "hand_ids", [*document["hand_ids"], document["hand_ids"][0]]),
        lambda sample: f"hand_ids[{len(sample.view['hand_ids'])}]",
    ),
    Bad(
        "a hand that is not hand_ids",
        lambda document, _: put(document, "hand[0]", other_face(document["hand_ids"][0])),
        ("hand", "hand[0]"),
    ),
    Bad(
        "a hand of 300 cards",
        lambda document, _: put(put(document, "hand", ["5H"] * 300), "hand_ids", ["5H"] * 300),
        # the first 5H, where the view's table holds the 5H (a Gin Rummy knock's melds)
        ("hand", "hand_ids", "hand_ids[1]", "hand_ids[0]"),
    ),
    dropping("no table", "table"),
    setting("the table as text", "table", "5H 5D 5S"),
    Bad("a meld of a seat out of range", lambda d, sample: put(d, "table[0].owner", sample.players), "table[0].owner"),
    setting("a meld with an unknown rank", "table[0].ranks[0]", "Z"),
    Bad("a meld with one rank too few", lambda document, _: drop(document, "table[0].ranks[0]"), "table[0].ranks"),
    setting("a meld that is null", "table[0]", None),
    Bad(
        "a card twice on the table",
        lambda document, _: put(document, "table[1].cards[0]", document["table"][0]["cards"][0]),
        "table[1].cards[0]",
    ),
    Bad(
        "a card in the hand and on the table",
        lambda document, _: put(document, "hand_ids", [*document["hand_ids"], document["table"][0]["cards"][0]]),
        lambda sample: ("table[0].cards[0]", "hand_ids", f"hand_ids[{len(sample.view['hand_ids'])}]"),
    ),
    setting("a physical card as the top discard", "discard_top", "5H#1"),
    setting("an unreadable top discard", "discard_top", "ZZ"),
    setting("a logged action of an unknown type", "log[0]", {"type": "steal", "seat": 0}, says="steal"),
    setting("a logged action by seat 99", "log[0].seat", 99),
)

KINDS: Final = ("record", "position", "view")
Loader = Callable[[Any], object]
#: How each kind of document is loaded, and the one error it may raise.
LOADERS: Final[dict[str, tuple[Loader, type[InvalidPositionError]]]] = {
    "record": (load_record, InvalidRecordError),
    "position": (load_position, InvalidPositionError),
    "view": (load_view, InvalidPositionError),
}


def empties_end(variant: str) -> bool:
    """An empty hand ends a round of ``variant``: a position with one is refused. (In Gin Rummy a
    knocker with gin holds no card, and its sample is such a position: tests/test_gin_rummy.py refuses
    an empty hand before the knock.)"""
    rules = configure(variant, spec_of(variant).min_players).rules
    return not isinstance(rules, StandardRules) or rules.turns.empty_hand_ends_round


def corpus() -> list[Any]:
    """Every (variant, kind of document, bad document) to try, with readable test ids."""
    cases = []
    for variant in VARIANTS:
        by_kind: dict[str, list[Bad]] = {
            "record": [*ANY_DOCUMENT, *RECORDS],
            "position": [
                *ANY_DOCUMENT,
                *(bad for bad in POSITIONS if bad.name != "an empty hand during a round" or empties_end(variant)),
                *(RAILROAD_POSITIONS if variant == RAILROAD else ()),
            ],
            "view": [*ANY_DOCUMENT, *VIEWS],
        }
        foreign = foreign_house_rule(variant)
        if foreign is not None:
            by_kind["record"].append(setting("a house rule of another variant", "house_rules", [foreign]))
        for kind, bads in by_kind.items():
            cases += [pytest.param(variant, kind, bad, id=f"{variant}-{kind}-{bad.name}") for bad in bads]
    return cases


def assert_refused(kind: str, spoiled: object) -> InvalidPositionError:
    """Loading ``spoiled`` raises exactly the documented error of ``kind`` (anything else escapes)."""
    loader, error = LOADERS[kind]
    with pytest.raises(InvalidPositionError) as caught:
        loader(spoiled)
    assert type(caught.value) is error, f"{type(caught.value).__name__} instead of {error.__name__}: {caught.value}"
    return caught.value


@pytest.mark.parametrize(("variant", "kind", "bad"), corpus())
def test_a_malformed_document_is_refused_naming_the_field(variant: str, kind: str, bad: Bad) -> None:
    found = sample(variant)
    try:
        spoiled = bad.spoil(copying.deepcopy(getattr(found, kind)), found)
    except (IndexError, KeyError, TypeError):
        if found.game.state.table and found.game.state.taken is not None:
            raise
        # a declared hand (Indian Rummy) lays no meld during play, and a seat may be out of the deal, handless
        pytest.skip(f"{variant}'s positions in play hold no meld on the table or no card taken: nothing to spoil")
    refused = assert_refused(kind, spoiled)
    assert refused.path in bad.paths(found), f"path {refused.path!r}, not {bad.paths(found)}: {refused}"
    assert bad.says in str(refused)
    assert str(refused).startswith(f"{refused.path}: " if refused.path else refused.problem)


@pytest.mark.parametrize("kind", KINDS)
def test_the_corpus_starts_from_documents_that_load(kind: str) -> None:
    for variant in VARIANTS:
        found = sample(variant)
        LOADERS[kind][0](copying.deepcopy(getattr(found, kind)))
    if RAILROAD in VARIANTS and kind == "position":
        load_position(claim_window())


# -- random mutations ------------------------------------------------------------------------------------

#: JSON values of every type, with card-like texts and extremes.
JSON_VALUES: Final = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["5H", "5H#1", "5H#3", "5H#99", "JK#7", "ZZ", "", "#", "5H#", "5H#-1", "5H#١", "10♥", "jk"]),
    st.lists(st.integers(-3, 300), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.integers(1, 300).map(nested),
)


def locations_in(value: Any, prefix: Location = ()) -> list[Location]:
    """The location of every value inside a document."""
    if isinstance(value, dict):
        items: list[tuple[Step, Any]] = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return []
    found = []
    for step, item in items:
        found.append((*prefix, step))
        found += locations_in(item, (*prefix, step))
    return found


def is_card_slot(location: Location) -> bool:
    """A place in a hand or a pile: there are hundreds, so a fuzzer drawing places uniformly would
    mostly spoil cards (refused immediately) and seldom the fields around them."""
    return (location[0] in ("hands", "piles") and len(location) == 3) or (
        location[0] in ("hand", "hand_ids") and len(location) == 2
    )


#: Dict keys a mutation may rename a key to: seats out of range, not numbers, empty.
ODD_KEYS: Final = st.sampled_from(["99", "-1", "0", "1", "x", "", "1.5", "true"]) | st.text(max_size=3)


@st.composite
def mutated(draw: st.DrawFn, document: Document) -> object:
    """``document`` after one to three random changes: a value deleted, given another type, duplicated
    in its list, exchanged with another, a key renamed, or the JSON text truncated or garbled."""
    document = copying.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        everywhere = locations_in(document)
        fields = [location for location in everywhere if not is_card_slot(location)]
        if not everywhere:
            break
        places = st.sampled_from(fields if fields and draw(st.integers(0, 3)) > 0 else everywhere)  # fields: 3 in 4
        change = draw(st.sampled_from(["delete", "retype", "duplicate", "exchange", "rename", "truncate", "garble"]))
        if change == "delete":
            drop(document, draw(places))
        elif change == "retype":
            put(document, draw(places), draw(JSON_VALUES))
        elif change == "duplicate":
            lists = [location for location in everywhere if isinstance(at(document, location), list)]
            items = at(document, draw(st.sampled_from(lists))) if lists else []
            if items:
                items.insert(draw(st.integers(0, len(items))), copying.deepcopy(draw(st.sampled_from(items))))
        elif change == "exchange":
            first, second = draw(places), draw(places)
            if first[: len(second)] != second and second[: len(first)] != first:
                one, two = copying.deepcopy(at(document, first)), copying.deepcopy(at(document, second))
                put(put(document, first, two), second, one)
        elif change == "rename":
            keyed = [(), *(location for location in everywhere if isinstance(at(document, location), dict))]
            mapping = at(document, draw(st.sampled_from(keyed)))
            if mapping:
                key = draw(st.sampled_from(sorted(mapping)))
                mapping[draw(ODD_KEYS)] = mapping.pop(key)
        else:
            text = json.dumps(document).encode()
            cut = draw(st.integers(0, len(text)))
            if change == "truncate":
                return text[:cut]
            return text[:cut] + draw(st.binary(min_size=1, max_size=3)) + text[cut + 1 :]
    return document


def load_or_refuse(kind: str, document: object) -> object:
    """What loading ``document`` gives, or the error it raises if that is one of the documented ones
    (any other exception escapes)."""
    try:
        return LOADERS[kind][0](document)
    except InvalidPositionError as refused:
        return refused


def assert_usable(loaded: object) -> None:
    """Whatever loads is whole: it dumps and loads back equal, and a game plays on."""
    if isinstance(loaded, rummykit.GameRecord):
        assert load_record(dump_record(loaded)) == loaded
        # its replay records the actions in canonical form and every option, given or not
        replayed = rummykit.replay(loaded)
        assert rummykit.replay(load_record(dump_record(replayed.record))) == replayed
    elif isinstance(loaded, Game):
        state = loaded.state
        assert sorted(state.card_ids()) == sorted(shoe_ids(state.rules.shoe)), "every card exactly once"
        assert load_position(dump_position(loaded)).state == state
        for seat in observers(loaded):
            assert load_view(dump_view(loaded.view(seat))) == loaded.view(seat)
        play(loaded, random.Random(1), 30)
    else:
        assert isinstance(loaded, rummykit.View)
        assert load_view(dump_view(loaded)) == loaded


def fuzz_bases() -> list[Any]:
    """The valid documents the fuzzer starts from: each variant's sample record, position and view, and
    a RailRoad Rummy position in an open claim window (the variants not in `QUICK_GAMES`: in the slow set)."""
    bases = [
        pytest.param(
            kind,
            functools.partial(lambda v, k: getattr(sample(v), k), variant, kind),
            id=f"{variant}-{kind}",
            marks=[] if variant in QUICK_GAMES else [pytest.mark.slow],
        )
        for variant in VARIANTS
        for kind in KINDS
    ]
    if RAILROAD in VARIANTS:
        bases.append(pytest.param("position", claim_window, id=f"{RAILROAD}-claim-window"))
    return bases


@pytest.mark.parametrize(("kind", "base"), fuzz_bases())
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_document_loads_whole_or_is_refused(
    kind: str, base: Callable[[], Document], data: st.DataObject
) -> None:
    spoiled = data.draw(mutated(base()))
    loaded = load_or_refuse(kind, spoiled)
    error = LOADERS[kind][1]
    if isinstance(loaded, InvalidPositionError):
        event("refused")
        assert type(loaded) is error, f"{type(loaded).__name__} instead of {error.__name__}: {loaded}"
    else:
        event("loaded")
        assert_usable(loaded)


# -- 3. rummykit replay ----------------------------------------------------------------------------------

runner = CliRunner()


def flat(text: str) -> str:
    """``text`` with every run of white space one space (rich wraps long lines)."""
    return " ".join(text.split())


def assert_in_order(text: str, fragments: list[str]) -> None:
    """Each fragment is in ``text`` (flattened), after the one before."""
    text, at = flat(text), 0
    for fragment in fragments:
        found = text.find(flat(fragment), at)
        assert found >= 0, f"{fragment!r} is missing (after character {at})"
        at = found + len(flat(fragment))


def short_game(variant: str, *, finished: bool) -> Game:
    """A seeded game with rounds of at most 6 turns: two whole rounds, or 15 actions (fewer than two
    rounds of 6 turns take in any variant, even one with two actions a turn)."""
    players = min(3, spec_of(variant).max_players)
    several = SEVERAL_ROUNDS.get(variant, {})  # where a round can end in a move or two (a drop), rounds without end
    options = {"max_rounds": 2 if finished or not several else None, "max_turns_per_round": 6, **several}
    game = rummykit.new_game(variant, players, seed=11, options=options)
    return play(game, random.Random(11), 100_000 if finished else 15)


def expected_lines(game: Game) -> tuple[list[str], list[str]]:
    """What ``rummykit replay`` prints for ``game``'s record: a line per action, and the round results."""
    actions, rounds = [], []
    replayed = rummykit.replay(game.record, upto=0)
    for action in game.record.actions:
        actions.append(f"round {replayed.round}, turn {replayed.state.turn_number}, seat {action.seat}: ")
        actions[-1] += action.describe()
        replayed.apply(action)
    for result in game.history:
        scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(result.scores))
        rounds.append(f"round {result.round} ended after {result.turns} turns: {result.reason}; {scores}")
    return actions, rounds


def totals(game: Game) -> str:
    return "totals: " + ", ".join(f"seat {seat} {total}" for seat, total in enumerate(game.scores))


def saved(game: Game, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(dump_record(game.record, indent=2), encoding="utf-8")
    return path


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_prints_the_game_turn_by_turn_and_how_it_ended(variant: str, tmp_path: Path) -> None:
    game = short_game(variant, finished=True)
    assert game.is_over and len(game.history) == 2
    result = runner.invoke(app, ["replay", str(saved(game, tmp_path))])
    assert result.exit_code == 0, result.output
    actions, rounds = expected_lines(game)
    first_round = [line for line in actions if line.startswith("round 1,")]
    ending = [
        f"{game.spec.title}, {game.players} players: {len(actions)} actions, the game is over",
        totals(game),
        "winners: " + ", ".join(f"seat {seat}" for seat in game.winners),
    ]
    assert_in_order(result.stdout, [*first_round, rounds[0], *actions[len(first_round) :], rounds[1], *ending])


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_final_prints_only_how_the_game_ended(variant: str, tmp_path: Path) -> None:
    game = short_game(variant, finished=True)
    result = runner.invoke(app, ["replay", str(saved(game, tmp_path)), "--final"])
    assert result.exit_code == 0, result.output
    actions, rounds = expected_lines(game)
    assert not any(flat(line) in flat(result.stdout) for line in actions)
    assert_in_order(result.stdout, [*rounds, "the game is over", totals(game), "winners: "])


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_of_an_unfinished_game_says_where_it_stands(variant: str, tmp_path: Path) -> None:
    game = short_game(variant, finished=False)
    assert not game.is_over
    result = runner.invoke(app, ["replay", str(saved(game, tmp_path))])
    assert result.exit_code == 0, result.output
    actions, _ = expected_lines(game)
    where = f"the game is in round {game.round}, seat {game.turn} to {game.phase}"
    assert_in_order(result.stdout, [*actions, where, totals(game)])
    assert "winners" not in result.stdout


def bad_record(spoil: Callable[[Document], object]) -> Callable[[Path], Path]:
    """A file holding the record of a short game, spoiled."""

    def write(tmp_path: Path) -> Path:
        document = json.loads(dump_record(short_game(VARIANTS[0], finished=False).record))
        spoiled = spoil(document)
        path = tmp_path / "bad.json"
        if isinstance(spoiled, bytes):
            path.write_bytes(spoiled)
        else:
            path.write_text(spoiled if isinstance(spoiled, str) else json.dumps(spoiled), encoding="utf-8")
        return path

    return write


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(lambda tmp_path: tmp_path / "missing.json", "cannot read", id="no such file"),
        pytest.param(bad_record(lambda document: json.dumps(document)[:100]), "not JSON", id="truncated JSON"),
        pytest.param(bad_record(lambda document: b"\xff\xfe\x00\x01"), "bad.json", id="not text"),
        pytest.param(bad_record(lambda document: put(document, "variant", "gin")), "variant: ", id="unknown variant"),
        pytest.param(bad_record(lambda document: put(document, "players", 300)), "players: ", id="300 players"),
        pytest.param(
            bad_record(lambda document: put(document, "actions[3].type", "steal")), "actions[3]: ", id="unknown action"
        ),
        pytest.param(bad_record(illegal_action_10), "actions[10]: ", id="illegal action in the middle"),
    ],
)
def test_replay_of_a_bad_file_exits_with_code_2_naming_the_field(
    make: Callable[[Path], Path], message: str, tmp_path: Path
) -> None:
    result = runner.invoke(app, ["replay", str(make(tmp_path))])
    assert result.exit_code == 2, result.output
    assert message in flat(result.stderr), result.stderr
    assert "Traceback" not in result.output


def test_a_version_1_record_with_its_shoe_for_round_1_still_loads() -> None:
    shoe = [str(card) for card in rummykit.new_game("rummy", players=2, seed=1).state.rules.shoe]
    game = rummykit.new_game("rummy", players=2, dealer=0, shoe=shoe)
    game.apply(rummykit.Draw(seat=1))
    document = json.loads(dump_record(game.record))
    assert document["version"] == 2 and document["shoes"] == [shoe]
    document.update(version=1, shoe=document.pop("shoes")[0])
    assert load_record(document) == game.record


def test_stacked_shoes_deal_their_rounds_and_replay() -> None:
    # two rounds stacked: the second round is dealt from its own shoe, the third is shuffled
    rules = rummykit.new_game("rummy", players=2, seed=1).state.rules
    first = [str(card) for card in rules.shoe]
    second = first[::-1]
    game = rummykit.new_game("rummy", players=2, seed=5, dealer=0, shoes=[first, second], options={"max_rounds": 3})
    assert [str(card) for card in game.hand(1)] == first[0:20:2]  # CR-1: one card at a time from seat 1
    while game.round == 1:
        game.apply(game.legal_actions(game.to_act[0])[-1])
    assert game.round == 2 and [str(card) for card in game.hand(0)] == second[0:20:2]  # the deal moved to seat 1
    assert load_record(dump_record(game.record)) == game.record
    assert rummykit.replay(game.record) == game
