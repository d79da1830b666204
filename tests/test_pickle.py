"""Pickling and copying games (issue 14, item 7): process pools, Ray and RL libraries pickle and
deep-copy games. A pickled or deep-copied game equals the original and, seeded, continues
identically: the same further actions give the same record, new shuffles included. ``copy.copy``
is an independent game, never an alias.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import Game, HouseRuleSpec, hookimpl, replay
from rummykit.core.errors import PluginError
from rummykit.documents.serialize import dump_record, load_record
from tests.test_engine import OneHmg

PLAYERS: Final = {"rummy": (2, 4), "railroad-rummy": (2, 6), "railroad-canasta": (2, 4), "canasta": (2, 4)}
#: Short rounds, so that a few dozen actions reach new rounds and their shuffles.
SHORT: Final = {"max_turns_per_round": 6, "max_rounds": 5}

Roundtrip = Callable[[Game], Game]
ROUND_TRIPS: Final[dict[str, Roundtrip]] = {
    "pickle": lambda game: pickle.loads(pickle.dumps(game)),
    "pickle protocol 2": lambda game: pickle.loads(pickle.dumps(game, protocol=2)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}


def play(game: Game, chooser: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(sorted(PLAYERS)),
    data=st.data(),
    seed=st.integers(min_value=0, max_value=rummykit.MAX_SEED),
    before=st.integers(min_value=0, max_value=60),
    way=st.sampled_from(sorted(ROUND_TRIPS)),
)
def test_a_round_trip_equals_the_game_and_continues_identically(
    variant: str, data: st.DataObject, seed: int, before: int, way: str
) -> None:
    players = data.draw(st.integers(*PLAYERS[variant]), label="players")
    game = rummykit.new_game(variant, players=players, seed=seed, options=SHORT)
    play(game, random.Random(seed), before)
    again = ROUND_TRIPS[way](game)
    assert again == game and again is not game
    assert again.record == game.record and again.options == game.options
    rounds = len(game.history)
    play(game, random.Random(1), 80)
    play(again, random.Random(1), 80)
    assert again.record == game.record and again == game
    assert len(game.history) > rounds or game.is_over, "the games went on into new rounds (new shuffles)"


@pytest.mark.parametrize("way", sorted(ROUND_TRIPS))
def test_an_unseeded_game_round_trips_and_goes_on_with_fresh_shuffles(way: str) -> None:
    game = rummykit.new_game("railroad-rummy", players=3, options=SHORT)
    play(game, random.Random(3), 20)
    again = ROUND_TRIPS[way](game)
    assert again == game and again.record == game.record
    play(again, random.Random(4), 200)
    assert again.is_over and again.record.outcomes[: len(game.record.outcomes)] == game.record.outcomes
    assert replay(load_record(dump_record(again.record))) == again


@pytest.mark.parametrize("way", ["copy", "deepcopy"])
def test_a_copy_is_never_an_alias(way: str) -> None:
    game = rummykit.new_game("rummy", players=2, seed=2)
    before = game.record
    other = ROUND_TRIPS[way](game)
    other.apply(other.legal_actions(other.turn)[0])
    assert game.record == before and other.record != before


def test_a_game_pickled_many_times_over_stays_small() -> None:
    game = rummykit.new_game("railroad-rummy", players=4, seed=5)
    play(game, random.Random(5), 100)
    data = pickle.dumps(game)
    assert len(data) < 50_000, len(data)  # its state and record, not its plug-in machinery
    assert pickle.loads(pickle.dumps(pickle.loads(data))) == game


def test_a_plug_in_object_that_pickles_travels_with_the_game() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=6, house_rules=[OneHmg()])  # module-level: it pickles
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.view(0).hmg == (1, 1, 1)


def test_a_plug_in_object_that_does_not_pickle_is_refused_with_a_clear_error() -> None:
    class Local:  # a local class does not pickle
        @hookimpl
        def rummykit_house_rule(self) -> HouseRuleSpec:
            return HouseRuleSpec(name="local-rule", applies_to=frozenset({"rummy"}))

    game = rummykit.new_game("rummy", players=2, seed=1, house_rules=[Local()])
    with pytest.raises(PluginError) as err:
        pickle.dumps(game)
    message = str(err.value)
    assert "local-rule" in message and "register_house_rule" in message
    assert copy.deepcopy(game) == game, "a deep copy needs no pickling"


def test_a_registered_plug_in_pickles_by_name() -> None:
    rummykit.core.plugins.register_house_rule("one-hmg", OneHmg())
    try:
        game = rummykit.new_game("railroad-rummy", players=3, seed=6, house_rules=["one-hmg"])
        assert pickle.loads(pickle.dumps(game)) == game
    finally:
        rummykit.core.plugins.unregister_house_rule("one-hmg")


@pytest.mark.parametrize("variant", rummykit.available_variants())
def test_every_variant_s_rules_pickle_as_a_built_position_pickles_them(variant: str) -> None:
    """A game from a position (OpenSpiel's serialization, Ray's tasks) pickles its start state, rules
    included: no rule record may hold an unpicklable value (a ``MappingProxyType``)."""
    rules = rummykit.new_game(variant, players=2, seed=1).state.rules
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_views_records_and_errors_pickle() -> None:
    game = rummykit.new_game("railroad-canasta", players=2, seed=4)
    play(game, random.Random(4), 30)
    values: list[Any] = [game.view(0), game.view(None), game.record, game.state.config]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
