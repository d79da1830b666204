"""Shanghai, a third-party variant, as a PettingZoo environment and an OpenSpiel game, checked by
their own test suites exactly as the built-in variants are (needs rummykit's ``rl`` extra)."""

from __future__ import annotations

import json

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
pyspiel = pytest.importorskip("pyspiel")

from rummykit.rl import openspiel  # noqa: E402
from rummykit.rl.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("players", [2, 5])
def test_pettingzoo_api_test_and_seed_test_pass(players: int) -> None:
    pettingzoo_test.api_test(env("shanghai-0-1", players), num_cycles=1000)
    pettingzoo_test.seed_test(lambda: env("shanghai-0-1", players), num_cycles=300)


def test_openspiel_random_sim_test_passes() -> None:
    name = openspiel.register("shanghai-0-1")
    options = json.dumps({"rounds": 1, "max_turns_per_round": 30})
    pyspiel.random_sim_test(
        pyspiel.load_game(name, {"players": 3, "options": options}), num_sims=2, serialize=False, verbose=False
    )
