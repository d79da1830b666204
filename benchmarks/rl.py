"""The step cost of rummykit's PettingZoo environment (``rummykit.rl.pettingzoo``), beside PettingZoo's
own ``gin_rummy_v4`` and RLCard's ``gin-rummy`` environment, in the same run.

Every environment is stepped the same way: the agent to act picks uniformly among the actions its
mask allows with ``random.Random.choice`` (seeded), as every engine of the suite chooses (RLCard's env
among its ``legal_actions``), and the time of ``last()`` (the observation and mask), the choice and
``step()`` is counted, as a training loop pays it. (``numpy``'s ``Generator.choice`` would add about
10 µs of its own to every step.) rummykit's step is one token of an action
(`rummykit.rl.codec`); a game is reset when it ends, not counted. rummykit's 2-player Rummy and the
two peers are measured in alternating blocks, so that their ratios do not depend on when the load of
a shared machine changes. Skipped with a message when the
``rl`` extra (rummykit's environment) or the ``bench`` extra (the peers) is missing.

Beside them, the cost of a deal of rummykit's OpenSpiel games, drawn through the chance nodes card by
card (`measure_openspiel_deals`).
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable
from typing import Any

from benchmarks import timing
from benchmarks.peers import rlcard_env_seconds
from benchmarks.results import Results

__all__ = ["RL_GAMES", "measure_env_steps", "measure_openspiel_deals"]

RL_GAMES: tuple[tuple[str, int], ...] = (("rummy", 2), ("railroad-rummy", 4), ("gin-rummy", 2))
"""rummykit's environments measured: Classic Rummy for 2 (beside the peers, as before), RailRoad Rummy
for 4, and Gin Rummy, the peers' own game."""


def _aec_steps(make: Callable[[], Any], steps: int, seed: int) -> float:
    """Seconds for ``steps`` agent steps of a PettingZoo AEC environment: ``last()`` and ``step()`` of a
    random allowed action (a game is reset when it ends, not counted)."""
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
    return total


BLOCKS: int = 5
"""The 2-player environments (rummykit's, ``gin_rummy_v4``, RLCard's) are measured in this many blocks,
one engine after the other in each block, so that a change of load during the run falls on all of
them alike."""


def measure_env_steps(results: Results, steps: int, *, seed: int = 1) -> None:
    """rummykit's AEC environment for each of `RL_GAMES`, PettingZoo's ``gin_rummy_v4`` and RLCard's
    ``gin-rummy`` environment: µs per step of a random agent. rummykit's 2-player Rummy and the two
    peers are measured in alternating blocks (`BLOCKS`)."""
    try:
        from rummykit.rl.pettingzoo import env  # noqa: PLC0415 - an optional extra
    except ImportError as exc:
        message = f"rummykit's PettingZoo environment skipped: {exc}; pip install -e '.[rl]' to measure it"
        results.skipped.append(message)
        results.log(f"  {message}")
        return
    peers: dict[str, Callable[[int, int], float]] = {}
    try:
        gin = importlib.import_module("pettingzoo.classic.gin_rummy_v4")
    except ImportError as exc:
        message = f"PettingZoo's gin_rummy_v4 skipped: {exc}; it is in PettingZoo 1.24 (the bench extra) with rlcard"
        results.skipped.append(message)
        results.log(f"  {message}")
    else:
        peers["pettingzoo.gin_rummy_v4"] = functools.partial(_aec_steps, gin.env)
    try:
        importlib.import_module("rlcard")
    except ImportError as exc:
        message = f"RLCard's environment skipped beside rummykit's: {exc}; pip install -e '.[bench]'"
        results.skipped.append(message)
        results.log(f"  {message}")
    else:
        peers["rl.rlcard.env_step"] = rlcard_env_seconds
    block = max(1, steps // BLOCKS)
    (variant, players), *others = RL_GAMES
    totals = dict.fromkeys(["ours", *peers], 0.0)
    for index in range(BLOCKS):
        totals["ours"] += _aec_steps(functools.partial(env, variant, players), block, seed + index)
        for key, measure in peers.items():
            totals[key] += measure(block, seed + index)
    counted = block * BLOCKS
    results.add(
        f"env.{variant}.{players}p",
        "rummykit",
        f"random step, PettingZoo AEC env, {variant}, {players} players",
        totals["ours"] / counted * 1e6,
        "µs",
        f"{counted} steps of last() + step() in {BLOCKS} blocks alternating with the peers'; a step is one token",
    )
    for other, other_players in others:
        results.add(
            f"env.{other}.{other_players}p",
            "rummykit",
            f"random step, PettingZoo AEC env, {other}, {other_players} players",
            _aec_steps(functools.partial(env, other, other_players), steps, seed) / steps * 1e6,
            "µs",
            f"{steps} steps of last() + step(); a step is one token",
        )
    measure_openspiel_deals(results, max(10, steps // 200), seed=seed)
    labels = {
        "pettingzoo.gin_rummy_v4": ("pettingzoo", "random step, PettingZoo gin_rummy_v4 (AEC), 2 players"),
        "rl.rlcard.env_step": ("rlcard", "random step, gin-rummy env, 2 players, beside rummykit's env"),
    }
    for key in peers:
        engine, what = labels[key]
        results.add(key, engine, what, totals[key] / counted * 1e6, "µs", f"{counted} steps in {BLOCKS} blocks")


def measure_openspiel_deals(results: Results, deals: int, *, seed: int = 1) -> None:
    """rummykit's OpenSpiel games (``rummykit.rl.openspiel``): ms for one deal drawn through the chance
    nodes, card by card (every ``chance_outcomes()`` listed and one outcome applied), for each of
    `RL_GAMES`. Skipped with a message without the ``rl`` extra."""
    try:
        import pyspiel  # noqa: PLC0415 - an optional extra

        from rummykit.rl import openspiel  # noqa: PLC0415
    except ImportError as exc:
        message = f"rummykit's OpenSpiel games skipped: {exc}; pip install -e '.[rl]' to measure them"
        results.skipped.append(message)
        results.log(f"  {message}")
        return
    clock = timing.clock()
    chooser = random.Random(seed)
    for variant, players in RL_GAMES:
        game = pyspiel.load_game(openspiel.game_name(variant), {"players": players})
        nodes, started = 0, clock()
        for _ in range(deals):
            state = game.new_initial_state()
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(chooser.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                nodes += 1
        seconds = clock() - started
        results.add(
            f"openspiel.deal.{variant}.{players}p",
            "rummykit",
            f"a deal through OpenSpiel's chance nodes, {variant}, {players} players",
            seconds / deals * 1e3,
            "ms",
            f"{deals} deals, {nodes / deals:.0f} chance nodes each (the first dealer, then card by card)",
        )
