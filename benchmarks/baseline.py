"""``python -m benchmarks --baseline COMMIT``: rummykit's own figures on an earlier commit of the engine
and on this checkout, measured in the same run, with the ratio of each figure.

How:

- The commit's ``src``, ``variants`` and ``pyproject.toml`` are copied out of git (``git archive``) into
  a temporary directory, which is removed at the end. Its package metadata is not installed, so the
  built-in variants and house rules are registered from the entry points of *its* ``pyproject.toml``:
  a ``.dist-info`` holding them is written next to the copy and put first on the worker's path, where
  it hides the installed distribution of the same name (and finds the plug-ins in the form that
  commit used: module-level hooks before the redesign, ``module:plugin`` objects after it). This
  checkout's engine gets the same treatment from its own ``pyproject.toml``, so both are set up alike.
- Each engine runs in a worker process of its own (`benchmarks.worker`) with that engine's
  ``src`` and ``variants`` first on ``sys.path``, the same measurement code (`benchmarks.ours`) and the
  same installed dependencies. Both workers live for the whole run.
- Measurements are interleaved: each task (``new_game`` of a variant, the steps of a variant and
  player count, the solver, the positions of a variant, full games, ``simulate``) runs on one engine
  and then immediately on the other, the order alternating from task to task and from round to round,
  and the whole list runs ``rounds`` times. Only one engine measures at a time.
- Timed figures read the CPU time of the worker process by default (``--clock cpu``): on a shared
  machine, time spent waiting for a core would otherwise count. ``simulate``'s games a second are
  wall time always (they include starting its worker processes).
- Each figure's value on each engine is the median over the rounds; the ratio current ÷ baseline is
  the median of the rounds' ratios (each round's two values were measured seconds apart, under the
  same load). A figure is worse or better only if that median is out of a noise band (twice the
  median absolute deviation of the rounds' ratios, at least 5%) and at least four rounds in five
  agree on the direction; otherwise it is the same (see `benchmarks.results.Paired`).
- A figure found worse is measured again, in twice as many rounds, and stays worse only if those
  rounds find it worse too: with some thirty figures a run, one out of its band by chance is to be
  expected, and a second, independent look makes that rare.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import attrs

from benchmarks.plan import Plan
from benchmarks.results import Comparison, Curve, Figure, Paired, Results
from benchmarks.tasks import own_tasks

__all__ = ["BaselineError", "Engine", "Worker", "compare", "engines", "repository", "write_metadata"]

_PARTS = ("src", "variants", "pyproject.toml")
"""What is copied out of the baseline commit: the engine, its variants, and their entry points."""


class BaselineError(Exception):
    """The baseline cannot be measured (not a git checkout, an unknown commit, a worker that failed)."""


@attrs.frozen
class Engine:
    """One engine to measure.

    Attributes:
        label: ``"baseline"`` or ``"current"``.
        description: the commit, in words.
        root: the directory holding its ``src`` and ``variants``.
        metadata: the directory holding the ``.dist-info`` of its entry points.
    """

    label: str
    description: str
    root: Path
    metadata: Path


def repository() -> Path:
    """This checkout: the directory that holds ``benchmarks/``, ``src/`` and ``variants/``."""
    return Path(__file__).resolve().parent.parent


def _git(repo: Path, *args: str) -> str:
    try:
        done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True)
    except FileNotFoundError as exc:
        raise BaselineError("git is not installed: --baseline copies the commit out of git") from exc
    except subprocess.CalledProcessError as exc:
        raise BaselineError(f"git {' '.join(args)}: {exc.stderr.strip() or exc}") from exc
    return done.stdout.strip()


def _describe(repo: Path, commit: str) -> str:
    """The commit's short hash, date and subject (cut to 50 characters)."""
    head, _, subject = _git(repo, "log", "-1", "--format=%h (%cs) %s", commit).partition(") ")
    return f"{head}) {subject[:49]}…" if len(subject) > 50 else f"{head}) {subject}"


def _current(repo: Path) -> str:
    """This checkout's commit, and whether its engine differs from it."""
    head = _describe(repo, "HEAD")
    changed = _git(repo, "status", "--porcelain", "--", *_PARTS)
    return f"{head}{' + changes not committed' if changed else ''}"


def write_metadata(pyproject: Path, into: Path) -> Path:
    """A ``.dist-info`` directory in ``into`` that declares the entry points of ``pyproject``, under
    the project's name and version: on ``sys.path`` before the installed distribution, it is the one
    `importlib.metadata` reads. Returns the ``.dist-info`` directory."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    name, version = str(project["name"]), str(project.get("version", "0"))
    dist_info = into / f"{name.replace('-', '_')}-{version}.dist-info"
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    groups: dict[str, dict[str, str]] = dict(project.get("entry-points", {}))
    if "scripts" in project:
        groups["console_scripts"] = project["scripts"]
    text = "".join(
        f"[{group}]\n" + "".join(f"{entry} = {target}\n" for entry, target in points.items()) + "\n"
        for group, points in groups.items()
    )
    (dist_info / "entry_points.txt").write_text(text, encoding="utf-8")
    return dist_info


def _extract(repo: Path, commit: str, into: Path) -> None:
    archive = subprocess.run(
        ["git", "-C", str(repo), "archive", "--format=tar", commit, *_PARTS], capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise BaselineError(
            f"git archive {commit} {' '.join(_PARTS)}: {archive.stderr.decode(errors='replace').strip()}"
        )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")


@contextlib.contextmanager
def engines(commit: str, repo: Path | None = None) -> Iterator[tuple[Engine, Engine]]:
    """The baseline ``commit`` (copied into a temporary directory, removed on exit) and this checkout."""
    repo = repo or repository()
    try:
        sha = _git(repo, "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
    except BaselineError as exc:
        raise BaselineError(f"{commit!r} is not a commit of the repository at {repo}") from exc
    with tempfile.TemporaryDirectory(prefix="rummykit-baseline-") as name:
        temporary = Path(name)
        tree = temporary / "tree"
        _extract(repo, sha, tree)
        write_metadata(tree / "pyproject.toml", temporary / "baseline-metadata")
        write_metadata(repo / "pyproject.toml", temporary / "current-metadata")
        yield (
            Engine("baseline", _describe(repo, sha), tree, temporary / "baseline-metadata"),
            Engine("current", _current(repo), repo, temporary / "current-metadata"),
        )


class Worker:
    """A worker process measuring ``engine`` (`benchmarks.worker`)."""

    def __init__(self, engine: Engine, repo: Path) -> None:
        self.engine = engine
        path = [engine.metadata, engine.root / "src", engine.root / "variants", repo]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(entry) for entry in path), "PYTHONHASHSEED": "0"}
        self._process = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.worker", str(engine.root)],
            cwd=engine.root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.ready = self._receive()
        if "ready" not in self.ready:
            self.close()
            raise BaselineError(f"the {engine.label} worker could not start: {self.ready.get('error')}")

    def _receive(self) -> dict[str, Any]:
        stdout = self._process.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            code = self._process.wait()
            raise BaselineError(f"the {self.engine.label} worker ended (exit status {code}); its errors are above")
        message: dict[str, Any] = json.loads(line)
        return message

    def measure(self, task: str, plan: Plan) -> dict[str, Any]:
        """The worker's answer to ``task``: its parts (`Results.parts`), or ``{"error": ...}``."""
        stdin: IO[str] | None = self._process.stdin
        assert stdin is not None
        stdin.write(json.dumps({"task": task, "plan": plan.to_data()}) + "\n")
        stdin.flush()
        return self._receive()

    def close(self) -> None:
        """End the worker (its input closes; it is killed if it does not end within 10 s)."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()


def _variant_of(task: str) -> str | None:
    parts = task.split("/")
    return parts[1] if len(parts) == 3 else None


def _median_curves(runs: Sequence[Sequence[Curve]]) -> list[Curve]:
    by_name: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for curves in runs:
        for curve in curves:
            for x, y in curve.points:
                by_name[curve.name][x].append(y)
    return [
        Curve(name, tuple((x, statistics.median(ys)) for x, ys in sorted(points.items())))
        for name, points in by_name.items()
    ]


def _median_rows(runs: Sequence[Sequence[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Solver rows, each numeric field the median over the rounds (the rows of a round line up)."""
    if not runs:
        return []
    rows = []
    for same in zip(*runs, strict=True):
        row = dict(same[0])
        for field, value in row.items():
            if (
                isinstance(value, float | int)
                and not isinstance(value, bool)
                and field not in ("round", "size", "hands")
            ):
                row[field] = statistics.median(other[field] for other in same)
        rows.append(row)
    return rows


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


_Values = dict[str, dict[str, list[float]]]
"""Each figure's values by engine (``"baseline"``, ``"current"``) and key, one per round."""


@attrs.define
class _Run:
    """What one comparison gathers as it goes."""

    results: Results
    plan: Plan
    workers: dict[str, Worker]
    active: list[str]
    figures: dict[str, Figure] = attrs.Factory(dict)
    task_of: dict[str, str] = attrs.Factory(dict)
    curves: list[list[Curve]] = attrs.Factory(list)
    solver_rows: list[list[dict[str, Any]]] = attrs.Factory(list)
    load: list[float] = attrs.Factory(list)

    def round(self, number: int, tasks: Sequence[str], values: _Values, title: str) -> None:
        """One round: each of ``tasks`` on both engines back to back, the engine that goes first
        alternating from task to task and from round to round; a task that fails on either engine is
        dropped (and said so)."""
        round_curves: list[Curve] = []
        round_rows: list[dict[str, Any]] = []
        for index, task in enumerate(tasks):
            if task not in self.active:
                continue
            order = ("baseline", "current") if (number + index) % 2 == 0 else ("current", "baseline")
            answers = {label: self.workers[label].measure(task, self.plan) for label in order}
            failed = {label: answer["error"] for label, answer in answers.items() if "error" in answer}
            if failed:
                for label, error in failed.items():
                    last = error.strip().splitlines()[-1]
                    self.results.skipped.append(f"{task} not compared: it failed on the {label} engine ({last})")
                    self.results.log(f"  {task} failed on the {label} engine:\n{error}")
                self.active.remove(task)
                continue
            for label, answer in answers.items():
                for figure in Results.figures_of(answer):
                    values[label][figure.key].append(figure.value)
            said = []
            for figure in Results.figures_of(answers["current"]):
                self.figures.setdefault(figure.key, figure)
                self.task_of[figure.key] = task
                before = values["baseline"][figure.key][-1]
                said.append(f"{figure.key} {before:,.1f} → {figure.value:,.1f} {figure.unit}")
            round_curves += Results.curves_of(answers["current"])
            round_rows += answers["current"]["solver"]
            self.results.log(f"  {title} {'; '.join(said)}")
        self.curves.append(round_curves)
        self.solver_rows.append(round_rows)
        self.load.append(_load())


def _paired(figure: Figure, values: _Values) -> Paired | None:
    done = min(len(values["baseline"][figure.key]), len(values["current"][figure.key]))
    if done == 0:
        return None
    base, mine = values["baseline"][figure.key][:done], values["current"][figure.key][:done]
    return Paired(figure.key, figure.what, figure.unit, tuple(base), tuple(mine))


def compare(
    results: Results,
    plan: Plan,
    commit: str,
    *,
    tasks: Sequence[str] | None = None,
    repo: Path | None = None,
    section: Callable[[str], None] | None = None,
) -> Comparison:
    """Measure ``tasks`` (default: every task of ``plan``) on the baseline ``commit`` and on this
    checkout, interleaved, ``plan.rounds`` times; then measure again, in twice as many rounds, the
    tasks of the figures those rounds found worse (their `Paired.confirmation`). Put this checkout's
    figures (medians over the first rounds), curves and solver rows into ``results`` and the
    comparison into ``results.comparison``.

    Raises:
        BaselineError: not a git checkout, an unknown commit, or a worker that could not start.
    """
    repo = repo or repository()
    tasks = tuple(own_tasks(plan) if tasks is None else tasks)
    rounds = max(1, plan.rounds)
    values: _Values = {"baseline": defaultdict(list), "current": defaultdict(list)}
    again: _Values = {"baseline": defaultdict(list), "current": defaultdict(list)}
    with engines(commit, repo) as (baseline, current), contextlib.ExitStack() as stack:
        if section:
            section(f"against {baseline.description}: {rounds} rounds, interleaved")
        workers = {}
        for engine in (baseline, current):
            workers[engine.label] = worker = Worker(engine, repo)
            stack.callback(worker.close)
            results.log(f"  {engine.label:<8} {engine.description}: rummykit from {worker.ready['rummykit']}")
        both = set(workers["baseline"].ready["variants"]) & set(workers["current"].ready["variants"])
        run = _Run(results, plan, workers, [])
        for task in tasks:
            variant = _variant_of(task)
            if variant is not None and variant not in both:
                results.skipped.append(f"{task} not compared: the variant {variant!r} is not in both engines")
            else:
                run.active.append(task)
        for number in range(rounds):
            run.round(number, tasks, values, f"round {number + 1}/{rounds}")
        suspects = sorted(
            {
                run.task_of[key]
                for key, figure in run.figures.items()
                if (first := _paired(figure, values)) is not None and first.first_verdict == "worse"
            },
            key=tasks.index,
        )
        if suspects:
            if section:
                section(f"confirming what looks worse: {', '.join(suspects)}, {2 * rounds} more rounds")
            for number in range(2 * rounds):
                run.round(number, suspects, again, f"confirmation {number + 1}/{2 * rounds}")
    paired = []
    for figure in run.figures.values():
        first = _paired(figure, values)
        if first is None:
            continue
        paired.append(attrs.evolve(first, confirmation=_paired(figure, again)))
        detail = f"{figure.detail}; " if figure.detail else ""
        done = len(first.current)
        results.figures.append(
            attrs.evolve(figure, value=first.current_median, detail=f"{detail}median of {done} rounds")
        )
    results.curves += _median_curves(run.curves[:rounds])
    try:
        results.solver += _median_rows(run.solver_rows[:rounds])
    except (ValueError, KeyError):  # rounds whose solver rows do not line up: the last round's
        results.solver += run.solver_rows[:rounds][-1] if run.solver_rows else []
    comparison = Comparison(baseline.description, current.description, rounds, tuple(paired), tuple(run.load))
    results.comparison = comparison
    return comparison
