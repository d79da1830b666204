"""Where the time of a step goes (``python -m benchmarks --profile``): each built-in variant's random legal
steps (``legal_actions``, a uniform choice, ``apply``: the step of `benchmarks.ours.measure_steps`) run
under ``cProfile``, and the step's own time shared out by module and by function.

The shares are of the processor time the profiler counts as each function's own (its ``tottime``):
they say where a step spends its time, not how long a step takes (the profiler slows every call, the
many small ones most). The figures of this machine are in docs/performance.md, written by

    python -m benchmarks --profile --markdown profile.md
"""

from __future__ import annotations

import cProfile
import os
import pstats
from collections import Counter
from pathlib import Path
from typing import Final

import attrs

from benchmarks.ours import random_steps

__all__ = ["CASES", "Profile", "markdown", "profile_steps", "run"]

CASES: Final = (
    ("rummy", 2, 20_000),
    ("gin-rummy", 2, 20_000),
    ("railroad-rummy", 4, 10_000),
    ("railroad-canasta", 4, 4_000),
    ("canasta", 4, 4_000),
    ("rummy-500", 2, 10_000),
    ("indian-rummy", 2, 10_000),
)
"""The variants profiled, each at its usual table and with as many steps as a few seconds allow."""

_ROOTS: Final = ("rummykit_variants", "rummykit", "benchmarks")


@attrs.frozen
class Profile:
    """One variant's profile: its steps, the profiled time (seconds), and the own time of each module
    and of each function (``module:line(name)``), seconds, most first."""

    variant: str
    players: int
    steps: int
    seconds: float
    modules: tuple[tuple[str, float], ...]
    functions: tuple[tuple[str, float], ...]


def _module(path: str) -> str:
    """A function's file as its module's path from its package (``rummykit/standard/going_down.py``), a
    built-in (``~``) as ``built-ins``, a method attrs wrote (``<attrs generated init …>``) as
    ``attrs-generated``, anything else by its file name."""
    if path.startswith("<attrs generated"):
        return "attrs-generated"
    if path == "~" or path.startswith("<"):
        return "built-ins"
    parts = Path(path).parts
    for root in _ROOTS:
        if root in parts:
            return "/".join(parts[parts.index(root) :])
    return Path(path).name


def profile_steps(variant: str, players: int, steps: int, *, seed: int = 1) -> Profile:
    """Profile ``steps`` random legal steps of seeded games of ``variant``: the steps the step's measurement
    takes (`benchmarks.ours.random_steps`)."""
    profiler = cProfile.Profile()
    for game, seat, chooser in random_steps(variant, players, steps, seed=seed):
        profiler.enable()
        game.apply(chooser.choice(game.legal_actions(seat)))
        profiler.disable()
    stats = pstats.Stats(profiler)
    modules: Counter[str] = Counter()
    functions: Counter[str] = Counter()
    for (path, line, name), row in stats.stats.items():  # type: ignore[attr-defined]
        own = row[2]
        if name == "<method 'disable' of '_lsprof.Profiler' objects>":
            continue
        module = _module(path)
        modules[module] += own
        if module == "built-ins":
            functions[name] += own
        elif module == "attrs-generated":
            functions[path.strip("<>")] += own  # attrs generated init rummykit.core.actions.Draw
        else:
            functions[f"{module}:{line}({name})"] += own
    total = sum(modules.values())
    return Profile(variant, players, steps, total, tuple(modules.most_common()), tuple(functions.most_common()))


def run(cases: tuple[tuple[str, int, int], ...] = CASES, *, scale: float = 1.0) -> list[Profile]:
    """Profile every case (``scale``: a share of its steps, for a smoke run)."""
    return [profile_steps(variant, players, max(50, int(steps * scale))) for variant, players, steps in cases]


def markdown(profiles: list[Profile], *, top: int = 8) -> str:
    """The profiles as Markdown: for each variant, its modules' and its functions' shares of a step's own
    time, the ``top`` of each, and the machine's load average when it ran."""
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    lines = [
        f"Profiled with `python -m benchmarks --profile` (load average {load}); shares of the step's own "
        "time under cProfile, which slows every call:",
        "",
    ]
    for found in profiles:
        per_step = found.seconds / found.steps * 1e6
        lines += [
            f"**{found.variant}, {found.players} players** ({found.steps:,} steps, {per_step:.0f} µs a step "
            "under the profiler)",
            "",
            "| module | share | function | share |",
            "| --- | ---: | --- | ---: |",
        ]
        for index in range(top):
            cells = []
            for rows in (found.modules, found.functions):
                if index < len(rows):
                    name, seconds = rows[index]
                    cells += [f"`{name}`", f"{seconds / found.seconds:.0%}"]
                else:
                    cells += ["", ""]
            lines.append(f"| {' | '.join(cells)} |")
        lines.append("")
    return "\n".join(lines)
