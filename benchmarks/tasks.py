"""rummykit's own measurements as named tasks (``"steps/rummy/2"``), so that a run can do them in this
process or send them one at a time to a worker process of another engine (`benchmarks.baseline`)."""

from __future__ import annotations

from benchmarks import ours, timing
from benchmarks.plan import Plan
from benchmarks.results import Results

__all__ = ["own_tasks", "run_task", "sections"]


def sections(plan: Plan) -> list[tuple[str, tuple[str, ...]]]:
    """rummykit's own measurements of ``plan`` in the order the suite runs them, by section title."""
    return [
        ("starting games (new_game)", tuple(f"new_game/{variant}/{players}" for variant, players in ours.NEW_GAMES)),
        ("random legal steps", tuple(f"steps/{variant}/{players}" for variant, players in plan.step_games)),
        ("contract solver", ("solver",)),
        (
            "copies, JSON round trips and memory of mid-game positions",
            tuple(f"positions/{variant}/{players}" for variant, players in ours.POSITION_GAMES),
        ),
        ("full games", ("games", "simulate")),
    ]


def own_tasks(plan: Plan) -> tuple[str, ...]:
    """Every task of ``plan``, in order."""
    return tuple(task for _, tasks in sections(plan) for task in tasks)


def run_task(results: Results, plan: Plan, task: str) -> None:
    """Measure ``task`` (one of `own_tasks`) as ``plan`` says (with its clock), into ``results``.

    Raises:
        ValueError: an unknown task.
    """
    timing.use_clock(plan.clock)
    kind, *where = task.split("/")
    if kind in ("new_game", "steps", "positions") and len(where) == 2 and where[1].isdigit():
        variant, players = where[0], int(where[1])
        if kind == "new_game":
            ours.measure_new_game(results, variant, players, plan.new_games)
        elif kind == "steps":
            ours.measure_steps(results, variant, players, plan.steps)
        else:
            ours.measure_positions(results, variant, players, positions=plan.positions, repeat=plan.repeat)
    elif task == "solver":
        ours.measure_solver(results, plan.hands_per_cell)
    elif task == "games":
        ours.measure_games(results, plan.games)
    elif task == "simulate":
        ours.measure_simulate(results, plan.simulate_games)
    else:
        raise ValueError(f"unknown benchmark task {task!r}")
