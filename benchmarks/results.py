"""What a run of the suite found: figures, curves for the chart, and the targets they are held to."""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["Curve", "Figure", "Results", "Target"]


@attrs.frozen
class Figure:
    """One measured figure.

    Attributes:
        key: a stable id (``"step.rummy.2p"``), for JSON readers and targets.
        engine: ``"rummykit"``, ``"openspiel"`` or ``"rlcard"``.
        what: what was measured, in words.
        value: the figure.
        unit: ``"µs"``, ``"KB"``, ``"games/s"`` or ``"×"``.
        detail: how it was measured, if the words leave doubt.
    """

    key: str
    engine: str
    what: str
    value: float
    unit: str
    detail: str = ""


@attrs.frozen
class Curve:
    """A series for the chart: ``points`` are (hand size, µs). The name's prefix picks the panel
    (``step:`` or ``solver:``)."""

    name: str
    points: tuple[tuple[int, float], ...]


@attrs.frozen
class Target:
    """A performance target of rummykit's, checked against this run's figures.

    Attributes:
        name: the target in words.
        value: the measured figure (a ratio, or an absolute figure).
        limit: the bound it is held to.
        at_most: ``True``: met when ``value <= limit``; ``False``: when ``value >= limit``.
        unit: the unit of ``value`` and ``limit``.
    """

    name: str
    value: float
    limit: float
    at_most: bool
    unit: str

    @property
    def met(self) -> bool:
        """Whether the figure meets the target."""
        return self.value <= self.limit if self.at_most else self.value >= self.limit


@attrs.define
class Results:
    """Everything one run measured, in the order measured."""

    quick: bool
    figures: list[Figure] = attrs.Factory(list)
    curves: list[Curve] = attrs.Factory(list)
    solver: list[dict[str, Any]] = attrs.Factory(list)
    """Per contract and hand size: the decide and enumerate medians and 90th percentiles (µs)."""
    skipped: list[str] = attrs.Factory(list)
    """Peers or sections not measured, and why."""
    log: Callable[[str], None] = attrs.field(default=print, eq=False, repr=False)

    def add(self, key: str, engine: str, what: str, value: float, unit: str, detail: str = "") -> float:
        """Record a figure (and say it, through ``log``); return its value."""
        self.figures.append(Figure(key, engine, what, value, unit, detail))
        self.log(f"  {engine:<9} {what}: {value:,.1f} {unit}")
        return value

    def get(self, key: str) -> float | None:
        """The value of the figure ``key``, or ``None`` if it was not measured."""
        for figure in self.figures:
            if figure.key == key:
                return figure.value
        return None

    def targets(self) -> list[Target]:
        """The targets that this run has the figures for."""
        targets = []

        def ratio(name: str, ours: str, peer: str, limit: float) -> None:
            mine, theirs = self.get(ours), self.get(peer)
            if mine is not None and theirs:
                targets.append(Target(name, mine / theirs, limit, True, "×"))

        def absolute(name: str, key: str, limit: float, at_most: bool, unit: str) -> None:
            value = self.get(key)
            if value is not None:
                targets.append(Target(name, value, limit, at_most, unit))

        ratio("random step, 2-player Rummy ÷ OpenSpiel gin_rummy step", "step.rummy.2p", "openspiel.step", 1.0)
        ratio(
            "game.copy(), 4-player RailRoad mid-game ÷ OpenSpiel clone",
            "copy.railroad-rummy.4p",
            "openspiel.clone",
            0.25,
        )
        ratio(
            "JSON round trip, 4-player RailRoad mid-game ÷ OpenSpiel serialize round trip",
            "json.railroad-rummy.4p",
            "openspiel.serialize",
            1 / 3,
        )
        absolute("memory of a 4-player RailRoad mid-game state", "memory.railroad-rummy.4p", 10.0, True, "KB")
        for size, limit in ((11, 20.0), (20, 200.0)):
            for task in ("decide", "enumerate"):
                absolute(
                    f"contract solver median, {size}-card hands, {task} (all contracts)",
                    f"solver.{task}.{size}",
                    limit,
                    True,
                    "µs",
                )
        absolute(
            "4-player RailRoad games a second, heuristic bots, 1 core", "games.heuristic.1", 50.0, False, "games/s"
        )
        absolute("simulate --workers 2 ÷ --workers 1", "simulate.speedup.2", 1.8, False, "×")
        return targets

    def to_data(self) -> dict[str, Any]:
        """The run as plain data, for JSON."""
        return {
            "suite": "rummykit benchmarks",
            "quick": self.quick,
            "python": sys.version.split()[0],
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            "system": platform.system(),
            "cpus": os.cpu_count(),
            "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
            "figures": [attrs.asdict(figure) for figure in self.figures],
            "curves": [{"name": curve.name, "points": [list(p) for p in curve.points]} for curve in self.curves],
            "solver": self.solver,
            "targets": [{**attrs.asdict(target), "met": target.met} for target in self.targets()],
            "skipped": self.skipped,
        }
