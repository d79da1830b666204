"""The step cost of rummykit's PettingZoo environment (``rummykit.rl.pettingzoo``), beside PettingZoo's
own ``gin_rummy_v4`` and RLCard's ``gin-rummy`` environment, in the same run.

Every environment is stepped the same way: the agent to act picks uniformly among the actions its
mask allows with ``random.Random.choice`` (seeded), as every engine of the suite chooses (RLCard's env
among its ``legal_actions``), and the time of ``last()`` (the observation and mask), the choice and
``step()`` is counted, as a training loop pays it. (``numpy``'s ``Generator.choice`` would add about
10 µs of its own to every step.) rummykit's step is one token of an action
(`rummykit.rl.codec`); a game is reset when it ends, not counted. Skipped with a message when the
``rl`` extra (rummykit's environment) or the ``bench`` extra (the peers) is missing.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable
from typing import Any

from benchmarks import timing
from benchmarks.results import Results

__all__ = ["RL_GAMES", "measure_env_steps"]

RL_GAMES: tuple[tuple[str, int], ...] = (("rummy", 2), ("railroad-rummy", 4))
"""rummykit's environments measured: Classic Rummy for 2 (the peers' game is 2-player gin rummy) and
RailRoad Rummy for 4."""


def _aec_steps(make: Callable[[], Any], steps: int, seed: int) -> float:
    """µs per agent step of a PettingZoo AEC environment: ``last()`` and ``step()`` of a random
    allowed action."""
    import numpy as np  # noqa: PLC0415 - an optional extra

    chooser = random.Random(seed)
    clock = timing.clock()
    env = make()
    env.reset(seed=seed)
    total, done, game = 0.0, 0, 0
    while done < steps:
        for _ in env.agent_iter():
            started = clock()
            observation, _, termination, truncation, _ = env.last()
            allowed = np.flatnonzero(observation["action_mask"]).tolist()
            action = None if termination or truncation else chooser.choice(allowed)
            env.step(action)
            total += clock() - started
            done += 1
            if done >= steps:
                break
        game += 1
        env.reset(seed=seed + game)
    return total / steps * 1e6


def measure_env_steps(results: Results, steps: int, *, seed: int = 1) -> None:
    """rummykit's AEC environment for each of `RL_GAMES`, PettingZoo's ``gin_rummy_v4`` and RLCard's
    ``gin-rummy`` environment: µs per step of a random agent."""
    try:
        from rummykit.rl.pettingzoo import env  # noqa: PLC0415 - an optional extra
    except ImportError as exc:
        message = f"rummykit's PettingZoo environment skipped: {exc}; pip install -e '.[rl]' to measure it"
        results.skipped.append(message)
        results.log(f"  {message}")
        return
    for variant, players in RL_GAMES:
        value = _aec_steps(functools.partial(env, variant, players), steps, seed)
        results.add(
            f"env.{variant}.{players}p",
            "rummykit",
            f"random step, PettingZoo AEC env, {variant}, {players} players",
            value,
            "µs",
            f"{steps} steps of last() + step(); a step is one token",
        )
    try:
        gin = importlib.import_module("pettingzoo.classic.gin_rummy_v4")
    except ImportError as exc:
        message = f"PettingZoo's gin_rummy_v4 skipped: {exc}; it is in PettingZoo 1.24 (the bench extra) with rlcard"
        results.skipped.append(message)
        results.log(f"  {message}")
    else:
        results.add(
            "pettingzoo.gin_rummy_v4",
            "pettingzoo",
            "random step, PettingZoo gin_rummy_v4 (AEC), 2 players",
            _aec_steps(gin.env, steps, seed),
            "µs",
            f"{steps} steps of last() + step()",
        )
