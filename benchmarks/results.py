"""What a run of the suite found: figures, curves for the chart, the comparison with an earlier commit
of rummykit, and the targets they are held to."""

from __future__ import annotations

import math
import os
import platform
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

import attrs

__all__ = ["NOISE_FLOOR", "SPEEDUP", "SPEEDUP_TARGETS", "Comparison", "Curve", "Figure", "Paired", "Results", "Target"]

NOISE_FLOOR = 0.05
"""The smallest change (5%) that a comparison with an earlier commit calls a change rather than noise."""

_CONSISTENT = 0.8
"""The share of rounds that must agree on the direction of a change for it to count."""

_HIGHER_IS_BETTER = ("games/s", "×")
"""Units whose larger values are better; every other figure (µs, KB) is better smaller."""


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


@attrs.frozen
class Paired:
    """One figure measured on an earlier commit of rummykit (the baseline) and on this one, in the
    same run: ``rounds`` times each, the two measurements of a round back to back.

    Attributes:
        key: the figure's key (``"json.rummy.2p"``).
        what: what was measured, in words.
        unit: the figure's unit.
        baseline: the baseline's value in each round.
        current: this commit's value in each round (same order).
        confirmation: for a figure these rounds found worse: the same figure measured again in more
            rounds after them; it is worse only if those find it worse too (`verdict`).
    """

    key: str
    what: str
    unit: str
    baseline: tuple[float, ...]
    current: tuple[float, ...]
    confirmation: Paired | None = None

    @property
    def higher_is_better(self) -> bool:
        """Whether a larger value is better (games a second, speed-ups)."""
        return self.unit in _HIGHER_IS_BETTER

    @property
    def baseline_median(self) -> float:
        """The median of the baseline's values."""
        return statistics.median(self.baseline)

    @property
    def current_median(self) -> float:
        """The median of this commit's values."""
        return statistics.median(self.current)

    def _pairs(self) -> list[tuple[float, float]]:
        return [(b, c) for b, c in zip(self.baseline, self.current, strict=True) if b > 0 and c > 0]

    @property
    def ratio(self) -> float:
        """Current ÷ baseline: the median over the rounds of each round's ratio (NaN if none)."""
        pairs = self._pairs()
        return statistics.median(c / b for b, c in pairs) if pairs else math.nan

    @property
    def worse(self) -> tuple[float, ...]:
        """Each round's factor by which this commit is worse than the baseline (below 1: better)."""
        return tuple(b / c if self.higher_is_better else c / b for b, c in self._pairs())

    @property
    def factor(self) -> float:
        """The median of `worse`: above 1, this commit is worse by that factor (NaN if none)."""
        return statistics.median(self.worse) if self.worse else math.nan

    @property
    def speedup(self) -> float:
        """How many times better this commit is (baseline ÷ current for times): 1 ÷ `factor`."""
        return 1 / self.factor

    @property
    def noise(self) -> float:
        """The relative change this figure's rounds cannot tell from noise: twice the median
        absolute deviation of `worse` relative to its median, and at least `NOISE_FLOOR`."""
        worse = self.worse
        if not worse:
            return math.inf
        middle = statistics.median(worse)
        spread = statistics.median(abs(value - middle) for value in worse) / middle
        return max(NOISE_FLOOR, 2 * spread)

    @property
    def first_verdict(self) -> str:
        """``"better"``, ``"worse"`` or ``"same"`` by these rounds alone: better or worse only if the
        median factor is out of the noise band and at least four rounds in five agree on the direction."""
        worse = self.worse
        if not worse:
            return "same"
        agree = _CONSISTENT * len(worse)
        if self.factor > 1 + self.noise and sum(value > 1 for value in worse) >= agree:
            return "worse"
        if self.factor < 1 / (1 + self.noise) and sum(value < 1 for value in worse) >= agree:
            return "better"
        return "same"

    @property
    def verdict(self) -> str:
        """`first_verdict`, except that a figure found worse is the same unless its `confirmation`
        (if it was measured again) finds it worse too: with some thirty figures a run, one of them
        out of its noise band by chance is to be expected."""
        first = self.first_verdict
        if first == "worse" and self.confirmation is not None and self.confirmation.first_verdict != "worse":
            return "same"
        return first

    def describe(self) -> str:
        """The verdict in words: ``"3.2× faster"``, ``"1.3× slower (confirmed: 1.2× in 10 more rounds)"``,
        ``"same (±5%)"``."""
        first, verdict, again = self.first_verdict, self.verdict, self.confirmation
        better, worse = ("smaller", "larger") if self.unit == "KB" else ("faster", "slower")
        if first == "worse" and again is not None:
            more = f"{again.factor:.2f}× in {len(again.worse)} more rounds"
            if verdict == "worse":
                return f"{self.factor:.2f}× {worse} (confirmed: {more})"
            return f"same (±{self.noise:.0%}; {self.factor:.2f}× {worse} not confirmed: {more})"
        if verdict == "same":
            return f"same (±{self.noise:.0%})"
        if verdict == "better":
            return f"{self.speedup:.2f}× {better}"
        return f"{self.factor:.2f}× {worse}"

    def to_data(self) -> dict[str, Any]:
        """The comparison as plain data, for JSON."""
        return {
            **attrs.asdict(self),
            "baseline_median": self.baseline_median,
            "current_median": self.current_median,
            "ratio": self.ratio,
            "speedup": self.speedup,
            "noise": self.noise,
            "verdict": self.verdict,
            "confirmation": None if self.confirmation is None else self.confirmation.to_data(),
        }


@attrs.frozen
class Comparison:
    """rummykit's own figures on an earlier commit (the baseline) and on this one, from one run.

    Attributes:
        baseline: the baseline commit (short hash and subject).
        current: what was measured against it (this checkout's commit, and whether its engine has
            changes not committed).
        rounds: how many times each measurement ran on each engine.
        figures: every figure, on both engines.
        load: the 1-minute load average of the machine after each round (and confirmation round).
    """

    baseline: str
    current: str
    rounds: int
    figures: tuple[Paired, ...]
    load: tuple[float, ...] = ()

    def get(self, key: str) -> Paired | None:
        """The figure ``key`` on both engines, or ``None``."""
        for figure in self.figures:
            if figure.key == key:
                return figure
        return None

    @property
    def worse(self) -> tuple[Paired, ...]:
        """The figures on which this commit is worse than the baseline beyond noise."""
        return tuple(figure for figure in self.figures if figure.verdict == "worse")

    def to_data(self) -> dict[str, Any]:
        """The comparison as plain data, for JSON."""
        return {
            "baseline": self.baseline,
            "current": self.current,
            "rounds": self.rounds,
            "load_average_after_each_round": list(self.load),
            "noise_floor": NOISE_FLOOR,
            "figures": [figure.to_data() for figure in self.figures],
        }


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
    comparison: Comparison | None = None
    """With ``--baseline``: rummykit's own figures on the baseline commit and on this one."""
    clock: str = "wall"
    """The clock of the timed figures: ``"wall"`` or ``"cpu"`` (``simulate``'s are wall time always)."""

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
            "random step, Gin Rummy ÷ OpenSpiel gin_rummy decision (the same game)",
            "step.gin-rummy.2p",
            "openspiel.decision",
            1.5,
        )
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
        ratio(
            "PettingZoo env step, 2-player Rummy ÷ PettingZoo gin_rummy_v4 step",
            "env.rummy.2p",
            "pettingzoo.gin_rummy_v4",
            1.0,
        )
        ratio(
            "PettingZoo env step, 2-player Rummy ÷ RLCard gin-rummy env step",
            "env.rummy.2p",
            "rl.rlcard.env_step",
            1.0,
        )
        if self.comparison is not None:
            targets += _baseline_targets(self.comparison)
        return targets

    def parts(self) -> dict[str, Any]:
        """The figures, curves and solver rows as plain data (what a worker process sends back)."""
        return {
            "figures": [attrs.asdict(figure) for figure in self.figures],
            "curves": [{"name": curve.name, "points": [list(p) for p in curve.points]} for curve in self.curves],
            "solver": self.solver,
        }

    @staticmethod
    def figures_of(parts: dict[str, Any]) -> list[Figure]:
        """The figures of what `parts` wrote."""
        return [Figure(**figure) for figure in parts["figures"]]

    @staticmethod
    def curves_of(parts: dict[str, Any]) -> list[Curve]:
        """The curves of what `parts` wrote."""
        return [Curve(c["name"], tuple((int(x), float(y)) for x, y in c["points"])) for c in parts["curves"]]

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
            "clock": self.clock,
            "figures": [attrs.asdict(figure) for figure in self.figures],
            "curves": [{"name": curve.name, "points": [list(p) for p in curve.points]} for curve in self.curves],
            "solver": self.solver,
            "targets": [{**attrs.asdict(target), "met": target.met} for target in self.targets()],
            "skipped": self.skipped,
            "baseline": None if self.comparison is None else self.comparison.to_data(),
        }


SPEEDUP_TARGETS = ("new_game.", "json.")
"""The figures (by key prefix) that must be at least `SPEEDUP` times faster than the pre-redesign
engine (issue 15): every ``new_game`` and every JSON round trip of a position."""

SPEEDUP = 3.0


def _baseline_targets(comparison: Comparison) -> Sequence[Target]:
    """The targets against the baseline: the speed-ups of issue 15, and nothing worse beyond noise."""
    targets = [
        Target(f"{figure.what}: speed-up over the baseline", figure.speedup, SPEEDUP, False, "×")
        for figure in comparison.figures
        if figure.key.startswith(SPEEDUP_TARGETS)
    ]
    worse = len(comparison.worse)
    targets.append(Target("figures worse than the baseline beyond noise", worse, 0, True, "figures"))
    return targets
