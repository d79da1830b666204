"""Views hide what a seat may not see (issue 6).

The leak test (no view, nor its JSON, shows a card hidden from its seat) and the hidden-card test (two
positions that differ only in cards hidden from a seat give it equal views) run for every variant in
the conformance kit (rummykit.testing, property ``views``; tests/test_conformance.py). What is left
here is RailRoad Rummy's own: sealed declarations (RR-C1): during an open claim window each seat's
view shows its own declaration and no other, and what another seat declared makes no difference to it.
"""

from __future__ import annotations

import json
import random
from typing import Final

import pytest

import rummykit
from rummykit.core.actions import Draw
from rummykit.core.engine import Game
from rummykit.core.state import GameState
from rummykit.documents.serialize import dump_view
from rummykit.testing import choose_action

RAILROAD: Final = "railroad-rummy"
#: Seats and the spectator (``None``).
Observer = int | None


def observers(game: Game) -> list[Observer]:
    return [None, *range(game.players)]


def who(seat: Observer) -> str:
    return "the spectator" if seat is None else f"seat {seat}"


def assert_same_views(game: Game, other: Game, seats: list[Observer], what: str) -> None:
    for seat in seats:
        view, other_view = game.view(seat), other.view(seat)
        assert view == other_view, f"{who(seat)} sees a difference when {what}"
        assert dump_view(view) == dump_view(other_view), f"{who(seat)}'s JSON differs when {what}"


def window_start(state: GameState) -> int:
    """Where the open claim window's declarations start in the round's log: after the turn player's
    draw from the draw pile."""
    return max(i for i, action in enumerate(state.log) if isinstance(action, Draw)) + 1


def assert_declarations_sealed(game: Game, where: str) -> None:
    """During an open claim window each view's log is the round's log up to the window, then the seat's
    own declaration if it has made one, never another seat's; the view names who has declared; and
    what a seat declares makes no difference to what the others see."""
    state = game.state
    opened = window_start(state)
    declared = state.log[opened:]
    assert len(declared) + len(game.to_act) == game.players - 1, where
    for seat in observers(game):
        view = game.view(seat)
        own = tuple(action for action in declared if action.seat == seat)
        assert view.log == (*state.log[:opened], *own), f"{where}: {who(seat)} sees {view.log[opened:]}"
        assert getattr(view, "declared", None) == tuple(sorted(action.seat for action in declared)), where
        data = json.loads(dump_view(view))
        assert [entry["seat"] for entry in data["log"][opened:]] == [seat] * len(own), where
    if len(game.to_act) < 2:
        return  # the next declaration closes the window, and then every declaration is public
    seat = game.to_act[0]
    outcomes = []
    for action in game.legal_actions(seat):
        copy = game.copy()
        copy.apply(action)
        assert copy.view(seat).log[-1] == action, f"{where}: seat {seat} is not shown its own {action}"
        outcomes.append((action, copy))
    first_action, first = outcomes[0]
    for action, copy in outcomes[1:]:
        what = f"{where}: seat {seat} chooses to {action.describe()}, not to {first_action.describe()}"
        assert_same_views(first, copy, [other for other in observers(game) if other != seat], what)


@pytest.mark.skipif(RAILROAD not in rummykit.available_variants(), reason="RailRoad Rummy is not installed")
@pytest.mark.parametrize(
    ("seeds", "least"),
    # every player count from 3 to 8 in both (6 games: about 200 windows); the slow set's 25 check about 900
    [pytest.param(6, 180, id="6-games"), pytest.param(25, 900, id="25-games", marks=pytest.mark.slow)],
)
def test_an_open_claim_window_shows_each_seat_only_its_own_declaration(seeds: int, least: int) -> None:
    windows = 0
    for seed in range(seeds):
        players = 3 + seed % 6
        game = rummykit.new_game(RAILROAD, players, seed=seed, options={"max_rounds": 1})
        rng = random.Random(seed)
        for step in range(80):
            if game.is_over:
                break
            game.apply(choose_action(game, rng))
            if game.phase == "claim":
                windows += 1
                assert_declarations_sealed(game, f"seed {seed}, {players} players, after action {step}")
    assert windows > least, f"only {windows} open claim windows were checked"
