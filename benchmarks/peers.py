"""The peer engines, measured the same way in the same run: OpenSpiel's ``gin_rummy`` (C++ core,
through pyspiel) and RLCard's ``gin-rummy`` (pure Python with numpy). Both are optional (the ``bench``
extra); a peer that is not installed is skipped with a message.

Every random step chooses with `random.Random.choice`, as rummykit's steps do, so the choice
costs the same everywhere (``numpy.random.choice`` alone costs about 15 µs a call, more than a whole
OpenSpiel step).
"""

from __future__ import annotations

import copy
import functools
import importlib
import random
import statistics
from typing import Any

from benchmarks import timing
from benchmarks.results import Results
from benchmarks.timing import native_bytes_per_object, retained_bytes, time_calls_us

__all__ = ["measure_openspiel", "measure_rlcard", "rlcard_env_seconds"]


def _load(module: str, results: Results, peer: str) -> Any | None:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        message = f"{peer} skipped: {module} is not installed ({exc}); pip install -e '.[bench]' to measure it"
        results.skipped.append(message)
        results.log(f"  {message}")
        return None


def _os_round_trip(game: Any, state: Any) -> Any:
    return game.deserialize_state(state.serialize())


def measure_openspiel(results: Results, steps: int, *, seed: int = 1) -> None:
    """OpenSpiel ``gin_rummy``: a random step (chance steps included, as the game counts them), a random
    decision (a player's step, with the chance step of the card it draws: what a rummykit step is), a
    ``legal_actions()`` call, ``clone()``, a serialize + deserialize round trip and the memory of a
    state, the last four on mid-game states (half a game's steps played)."""
    pyspiel = _load("pyspiel", results, "OpenSpiel")
    if pyspiel is None:
        return
    game = pyspiel.load_game("gin_rummy")
    chooser = random.Random(seed)

    def step(state: Any) -> None:
        if state.is_chance_node():
            state.apply_action(chooser.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))

    clock = timing.clock()
    total = played = 0.0
    done = decisions = 0
    lengths = []
    while done < steps:
        state = game.new_initial_state()
        length = 0
        while not state.is_terminal() and done < steps:
            dealt = state.current_phase() != pyspiel.gin_rummy.Phase.DEAL
            decisions += not state.is_chance_node()
            started = clock()
            step(state)
            spent = clock() - started
            total += spent
            played += spent if dealt else 0.0
            done += 1
            length += 1
        if state.is_terminal():
            lengths.append(length)
    mean_length = statistics.mean(lengths) if lengths else 0.0
    results.add(
        "openspiel.step",
        "openspiel",
        "random step, gin_rummy, 2 players",
        total / steps * 1e6,
        "µs",
        f"{steps} steps; chance steps included; {mean_length:.0f} steps a game",
    )
    results.add(
        "openspiel.decision",
        "openspiel",
        "random decision, gin_rummy, 2 players: a player's step and the draws it makes",
        played / max(decisions, 1) * 1e6,
        "µs",
        f"{decisions} decisions; the deal not counted (as rummykit's steps do not count new_game), each "
        "chance step of a draw from the stock counted with the decision that made it",
    )
    numpy = _load("numpy", results, "the numpy-chosen OpenSpiel step")
    if numpy is not None:
        generator = numpy.random.default_rng(seed)
        total = 0.0
        done = 0
        while done < steps // 4:
            state = game.new_initial_state()
            while not state.is_terminal() and done < steps // 4:
                started = clock()
                if state.is_chance_node():
                    state.apply_action(generator.choice([action for action, _ in state.chance_outcomes()]))
                else:
                    state.apply_action(generator.choice(state.legal_actions()))
                total += clock() - started
                done += 1
        results.add(
            "openspiel.step_numpy",
            "openspiel",
            "random step, gin_rummy, choosing with numpy (as OpenSpiel's examples do)",
            total / max(done, 1) * 1e6,
            "µs",
            "not used for ratios: numpy's choice costs more than the step itself",
        )
    mids = []
    for index in range(5):
        state = game.new_initial_state()
        target = int(mean_length or 160) // 2 + index
        for _ in range(target):
            if state.is_terminal():
                break
            step(state)
        if not state.is_terminal():
            mids.append(state)
    results.add(
        "openspiel.legal",
        "openspiel",
        "legal_actions() call, mid-game",
        statistics.median(time_calls_us(state.legal_actions, number=2000) for state in mids),
        "µs",
    )
    results.add(
        "openspiel.clone",
        "openspiel",
        "state.clone(), mid-game",
        statistics.median(time_calls_us(state.clone, number=500) for state in mids),
        "µs",
    )
    results.add(
        "openspiel.serialize",
        "openspiel",
        "serialize + deserialize round trip, mid-game",
        statistics.median(time_calls_us(functools.partial(_os_round_trip, game, state), number=20) for state in mids),
        "µs",
        "state.serialize() then game.deserialize_state() (it replays the history)",
    )
    memory = [native_bytes_per_object(state.clone, 2000) for state in mids]
    if all(value is not None for value in memory):
        results.add(
            "openspiel.memory",
            "openspiel",
            "memory of a mid-game state",
            statistics.median(value[0] for value in memory if value is not None) / 1000,
            "KB",
            f"per clone kept alive, by the {memory[0][1] if memory[0] else ''} (tracemalloc cannot see C++)",
        )


def measure_rlcard(results: Results, steps: int, *, seed: int = 1) -> None:
    """RLCard ``gin-rummy``: a random step of its bare game loop (``judge.get_legal_actions`` +
    choice + ``game.step``) and of its environment (``env.step``), ``copy.deepcopy`` of a mid-game
    game, and the memory of a mid-game state."""
    rlcard = _load("rlcard", results, "RLCard")
    if rlcard is None:
        return
    game_module = importlib.import_module("rlcard.games.gin_rummy.game")
    chooser = random.Random(seed)
    clock = timing.clock()

    def new_game() -> Any:
        game = game_module.GinRummyGame()
        game.np_random.seed(chooser.getrandbits(31))
        game.init_game()
        return game

    total = 0.0
    done = 0
    lengths = []
    while done < steps:
        game = new_game()
        length = 0
        while not game.is_over() and done < steps:
            started = clock()
            game.step(chooser.choice(game.judge.get_legal_actions()))
            total += clock() - started
            done += 1
            length += 1
        if game.is_over():
            lengths.append(length)
    mean_length = statistics.mean(lengths) if lengths else 0.0
    results.add(
        "rlcard.step",
        "rlcard",
        "random step, gin-rummy game loop, 2 players",
        total / steps * 1e6,
        "µs",
        f"{steps} steps; {mean_length:.0f} steps a game",
    )
    results.add(
        "rlcard.env_step",
        "rlcard",
        "random step, gin-rummy env, 2 players",
        rlcard_env_seconds(steps, seed, chooser) / steps * 1e6,
        "µs",
        f"{steps} steps",
    )
    mids = []
    for index in range(5):
        game = new_game()
        for _ in range(int(mean_length or 80) // 2 + index):
            if game.is_over():
                break
            game.step(chooser.choice(game.judge.get_legal_actions()))
        if not game.is_over():
            mids.append(game)
    results.add(
        "rlcard.deepcopy",
        "rlcard",
        "copy.deepcopy(game), mid-game",
        statistics.median(time_calls_us(functools.partial(copy.deepcopy, game), number=20) for game in mids),
        "µs",
    )
    results.add(
        "rlcard.memory",
        "rlcard",
        "memory of a mid-game state",
        statistics.median(retained_bytes(functools.partial(copy.deepcopy, game), 50) for game in mids) / 1000,
        "KB",
        "what one more deepcopy keeps alive (tracemalloc)",
    )


def rlcard_env_seconds(steps: int, seed: int, chooser: random.Random | None = None) -> float:
    """Seconds for ``steps`` steps of RLCard's ``gin-rummy`` environment: ``env.step`` of a random
    choice among its state's ``legal_actions`` (a reset is not counted)."""
    rlcard = importlib.import_module("rlcard")
    chooser = chooser or random.Random(seed)
    clock = timing.clock()
    env = rlcard.make("gin-rummy", config={"seed": seed})
    total, done = 0.0, 0
    while done < steps:
        state, _ = env.reset()
        while not env.is_over() and done < steps:
            started = clock()
            state, _ = env.step(chooser.choice(list(state["legal_actions"])))
            total += clock() - started
            done += 1
    return total
