"""``simulate`` on a local Ray with 1 and 2 workers beside the local backend, in the same run (issue 19).

Apart from `benchmarks.ours` because it needs the current engine (``rummykit.play.ray_backend``), which an
earlier commit measured by ``--baseline`` does not have. Skipped with a message without the ray extra."""

from __future__ import annotations

import contextlib
import importlib
import time
from collections.abc import Iterator
from typing import Any

from benchmarks.results import Results
from rummykit.play.ray_backend import local_ray, ray_available
from rummykit.play.results import RUN_FIELDS, SimulationResult
from rummykit.play.simulate import simulate

__all__ = ["measure_simulate_ray"]


def _figures(result: SimulationResult) -> dict[str, object]:
    data = result.figures()
    for name in RUN_FIELDS:
        del data[name]
    return data


@contextlib.contextmanager
def _ray() -> Iterator[float]:
    """A local Ray of 2 CPUs for the measurement (or the one already running in this process), and
    the seconds it took to start."""
    ray = importlib.import_module("ray")  # an optional extra

    if ray.is_initialized():
        yield 0.0
        return
    started = time.perf_counter()
    with local_ray(2):
        yield time.perf_counter() - started


def measure_simulate_ray(results: Results, games: int) -> None:
    """The same run as `measure_simulate` (4-player RailRoad Rummy, heuristic bots, seed 5) on the
    local backend in one process and on a local Ray with 1 and 2 workers, in this order: games a
    second of each (Ray's start-up not included: it is a figure of its own; one short run first
    starts Ray's worker processes), and a check that the three runs give the same figures. Skipped,
    with a message, when Ray is not installed."""
    if not ray_available():
        results.skipped.append("simulate on Ray not measured: Ray is not installed (pip install -e '.[ray]')")
        return

    def play(**backend: Any) -> SimulationResult:
        return simulate("railroad-rummy", players=4, games=games, seed=5, bots=("heuristic",), **backend)

    with _ray() as startup:
        if startup:
            results.add("simulate.ray.startup", "rummykit", "a local Ray of 2 CPUs: start-up", startup, "s")
        simulate("railroad-rummy", players=4, games=2, seed=6, bots=("random",), backend="ray", workers=2)  # warm-up
        local = play()
        rates = {
            "local": results.add(
                "simulate.local.1",
                "rummykit",
                "simulate, local backend, 1 process: 4-player RailRoad Rummy, heuristic bots",
                local.games_per_second,
                "games/s",
                f"{games} games, the same run as on Ray",
            )
        }
        for workers in (1, 2):
            on_ray = play(backend="ray", workers=workers)
            if _figures(on_ray) != _figures(local):
                raise AssertionError(f"simulate on Ray with {workers} workers gave other figures than locally")
            rates[f"ray{workers}"] = results.add(
                f"simulate.ray.{workers}",
                "rummykit",
                f"simulate --backend ray --workers {workers}: 4-player RailRoad Rummy, heuristic bots",
                on_ray.games_per_second,
                "games/s",
                f"{games} games in chunks of {on_ray.chunk_size}; the same figures as the local run",
            )
    results.add(
        "simulate.ray.speedup.2",
        "rummykit",
        "simulate on Ray: 2 workers ÷ 1 worker",
        rates["ray2"] / rates["ray1"],
        "×",
    )
    results.add(
        "simulate.ray.vs_local.1",
        "rummykit",
        "simulate on Ray, 1 worker ÷ local backend, 1 process",
        rates["ray1"] / rates["local"],
        "×",
    )
