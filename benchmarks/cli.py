"""The command line of the suite: ``python -m benchmarks`` with ``--quick``, ``--json PATH``, ``--svg PATH``,
``--markdown PATH``, ``--no-peers``, and ``--baseline COMMIT`` (``--rounds N``) to measure an earlier commit
of rummykit in the same run (`benchmarks.baseline`); ``--profile`` says where a step's time goes instead
(`benchmarks.profiles`)."""

from __future__ import annotations

import enum
import json
import time
from pathlib import Path
from typing import Annotated

import attrs
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from benchmarks import on_ray, peers, profiles, rl, timing
from benchmarks.baseline import BaselineError, compare
from benchmarks.chart import comparison_chart, svg_chart
from benchmarks.plan import Plan
from benchmarks.results import Comparison, Results
from benchmarks.tasks import run_task, sections

__all__ = ["Plan", "app", "main", "markdown", "render", "run"]

app = typer.Typer(add_completion=False, help="rummykit's performance suite, side by side with peer engines.")


def run(
    plan: Plan,
    *,
    quick: bool,
    with_peers: bool = True,
    console: Console | None = None,
    baseline: str | None = None,
) -> Results:
    """Run every measurement of ``plan`` and return the results. With ``baseline`` (a commit), rummykit's
    own figures are measured on that commit and on this checkout, interleaved, ``plan.rounds`` times
    each, in two worker processes (`benchmarks.baseline.compare`); the peers are measured here.

    Raises:
        BaselineError: the baseline cannot be measured.
    """
    console = console or Console(stderr=True)
    results = Results(
        quick=quick,
        log=lambda text: console.print(text, highlight=False, markup=False, soft_wrap=True),
        clock=plan.clock,
    )
    timing.use_clock(plan.clock)

    def section(title: str) -> None:
        console.print(Text(title, style="bold"))

    if baseline is not None:
        compare(results, plan, baseline, section=section)
    else:
        for title, tasks in sections(plan):
            section(title)
            for task in tasks:
                run_task(results, plan, task)
    section("simulate on Ray")
    on_ray.measure_simulate_ray(results, plan.simulate_games)
    if with_peers:
        section("peers")
        peers.measure_openspiel(results, plan.peer_steps)
        peers.measure_rlcard(results, plan.peer_steps)
        section("reinforcement-learning environments")
        rl.measure_env_steps(results, plan.peer_steps)
    else:
        results.skipped.append("peers skipped: --no-peers")
    return results


def _ratio_rows(results: Results) -> list[tuple[str, str]]:
    """rummykit's figures over the peers' comparable ones (below 1: rummykit is faster or smaller)."""
    pairs = [
        ("2-player Gin Rummy step ÷ OpenSpiel gin_rummy decision", "step.gin-rummy.2p", "openspiel.decision"),
        ("2-player Gin Rummy step ÷ RLCard gin-rummy game-loop step", "step.gin-rummy.2p", "rlcard.step"),
        ("Gin Rummy PettingZoo env step ÷ PettingZoo gin_rummy_v4 step", "env.gin-rummy.2p", "pettingzoo.gin_rummy_v4"),
        ("2-player Rummy step ÷ OpenSpiel gin_rummy step", "step.rummy.2p", "openspiel.step"),
        ("2-player Rummy step ÷ RLCard gin-rummy game-loop step", "step.rummy.2p", "rlcard.step"),
        ("2-player Rummy step ÷ RLCard gin-rummy env step", "step.rummy.2p", "rlcard.env_step"),
        ("4-player RailRoad step ÷ OpenSpiel step", "step.railroad-rummy.4p", "openspiel.step"),
        ("4-player RailRoad game.copy() ÷ OpenSpiel clone", "copy.railroad-rummy.4p", "openspiel.clone"),
        ("2-player Rummy game.copy() ÷ OpenSpiel clone", "copy.rummy.2p", "openspiel.clone"),
        ("4-player RailRoad game.copy() ÷ RLCard deepcopy", "copy.railroad-rummy.4p", "rlcard.deepcopy"),
        ("4-player RailRoad JSON round trip ÷ OpenSpiel round trip", "json.railroad-rummy.4p", "openspiel.serialize"),
        ("4-player RailRoad state memory ÷ OpenSpiel state", "memory.railroad-rummy.4p", "openspiel.memory"),
        ("4-player RailRoad state memory ÷ RLCard state", "memory.railroad-rummy.4p", "rlcard.memory"),
    ]
    rows = []
    for name, mine, theirs in pairs:
        ours_value, peer_value = results.get(mine), results.get(theirs)
        if ours_value is not None and peer_value:
            rows.append((name, f"{ours_value / peer_value:.2g}×"))
    return rows


class Clock(enum.Enum):
    """The clocks of ``--clock`` (`benchmarks.timing.CLOCKS`)."""

    WALL = "wall"
    CPU = "cpu"


_CLOCK_WORDS = {
    "wall": "wall-clock time",
    "cpu": "CPU time of the measuring process; simulate's games a second: wall time",
}


def _amount(value: float, unit: str) -> str:
    return f"{value:,.0f} {unit}" if unit == "figures" else f"{value:,.2f} {unit}"


def _comparison_rows(comparison: Comparison, *, keys: bool = False) -> list[tuple[str, str, str, str, str, str]]:
    """Per figure: what (or its key), baseline, current, current ÷ baseline, the lowest and highest of
    the rounds' ratios, and the verdict."""
    rows = []
    for figure in comparison.figures:
        ratios = [c / b for b, c in zip(figure.baseline, figure.current, strict=True) if b > 0]
        spread = f"{min(ratios):.3g} – {max(ratios):.3g}" if ratios else ""
        rows.append(
            (
                figure.key if keys else figure.what,
                f"{figure.baseline_median:,.1f} {figure.unit}",
                f"{figure.current_median:,.1f} {figure.unit}",
                f"{figure.ratio:.3g}",
                spread,
                figure.describe(),
            )
        )
    return rows


def _comparison_title(comparison: Comparison) -> str:
    loads = ", ".join(f"{load:.1f}" for load in comparison.load)
    return (
        f"against the baseline {comparison.baseline}; current: {comparison.current}. Baseline and current: "
        f"medians of {comparison.rounds} interleaved rounds; current ÷ baseline: the median of the rounds' "
        f"ratios (load average after each round: {loads})"
    )


def render(results: Results, console: Console) -> None:
    """Print the figures, the ratios against the peers, the comparison with the baseline and the
    targets as tables."""
    figures = Table(title=f"figures ({_CLOCK_WORDS[results.clock]})", title_justify="left")
    for column, justify in (("engine", "left"), ("what", "left"), ("value", "right"), ("unit", "left")):
        figures.add_column(column, justify=justify)  # type: ignore[arg-type]
    for figure in results.figures:
        figures.add_row(Text(figure.engine), Text(figure.what), f"{figure.value:,.1f}", Text(figure.unit))
    console.print(figures)
    ratios = _ratio_rows(results)
    if ratios:
        table = Table(title="ratios (this run; below 1: rummykit is faster or smaller)", title_justify="left")
        table.add_column("comparison")
        table.add_column("ratio", justify="right")
        for row in ratios:
            table.add_row(*(Text(cell) for cell in row))
        console.print(table)
    if results.comparison is not None:
        versus = Table(title=_comparison_title(results.comparison), title_justify="left")
        for column in ("figure", "baseline", "current", "current ÷ baseline", "rounds' ratios", "verdict"):
            versus.add_column(column, justify="left" if column in ("figure", "verdict") else "right")
        for *cells, verdict in _comparison_rows(results.comparison, keys=True):
            style = "red" if "slower" in verdict or "larger" in verdict else ""
            versus.add_row(*(Text(cell) for cell in cells), Text(verdict, style=style))
        console.print(versus)
    targets = Table(title="targets", title_justify="left")
    for column in ("target", "measured", "bound", "met"):
        targets.add_column(column, justify="left" if column == "target" else "right")
    for target in results.targets():
        bound = ("≤ " if target.at_most else "≥ ") + _amount(target.limit, target.unit)
        met = Text("yes", style="green") if target.met else Text("no", style="red")
        targets.add_row(Text(target.name), Text(_amount(target.value, target.unit)), Text(bound), met)
    console.print(targets)
    for message in results.skipped:
        console.print(Text(message, style="yellow"), soft_wrap=True)


def markdown(results: Results) -> str:
    """The figures, the ratios and the targets as Markdown tables (for ``docs/performance.md``)."""
    lines = [f"Timed by {_CLOCK_WORDS[results.clock]}.", "", "| engine | what | value |", "| --- | --- | ---: |"]
    lines += [f"| {f.engine} | {f.what} | {f.value:,.1f} {f.unit} |" for f in results.figures]
    ratios = _ratio_rows(results)
    if ratios:
        lines += ["", "| comparison (this run) | ratio |", "| --- | ---: |"]
        lines += [f"| {name} | {ratio} |" for name, ratio in ratios]
    if results.comparison is not None:
        lines += ["", f"{_comparison_title(results.comparison)}:", ""]
        lines += [
            "| figure | baseline | current | current ÷ baseline | rounds' ratios | verdict |",
            "| --- | ---: | ---: | ---: | ---: | --- |",
        ]
        for *cells, verdict in _comparison_rows(results.comparison):
            bold = "**" if "slower" in verdict or "larger" in verdict else ""
            lines.append(f"| {' | '.join(cells)} | {bold}{verdict}{bold} |")
    lines += ["", "| target | measured | bound | met |", "| --- | ---: | ---: | --- |"]
    for target in results.targets():
        bound = ("≤ " if target.at_most else "≥ ") + _amount(target.limit, target.unit)
        measured = _amount(target.value, target.unit)
        lines.append(f"| {target.name} | {measured} | {bound} | {'yes' if target.met else '**no**'} |")
    lines += [f"\n{message}" for message in results.skipped]
    return "\n".join(lines) + "\n"


@app.command()
def measure(
    quick: Annotated[bool, typer.Option("--quick", help="A smoke run of a few seconds (small samples).")] = False,
    json_path: Annotated[Path | None, typer.Option("--json", help="Write the figures as JSON here.")] = None,
    svg_path: Annotated[Path | None, typer.Option("--svg", help="Write the chart (SVG) here.")] = None,
    markdown_path: Annotated[
        Path | None, typer.Option("--markdown", help="Write the tables as Markdown here (for the docs).")
    ] = None,
    no_peers: Annotated[bool, typer.Option("--no-peers", help="Do not measure OpenSpiel and RLCard.")] = False,
    baseline: Annotated[
        str | None,
        typer.Option(
            "--baseline",
            "--against",
            metavar="COMMIT",
            help="Also measure rummykit's own figures on this earlier commit, in the same run, interleaved, "
            "and print the ratio of every figure (this checkout ÷ COMMIT).",
        ),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds", min=1, help="With --baseline: runs of each measurement on each engine (5; --quick: 2)."
        ),
    ] = None,
    comparison_svg_path: Annotated[
        Path | None,
        typer.Option("--comparison-svg", help="With --baseline: write the chart of the speed-ups (SVG) here."),
    ] = None,
    profile: Annotated[
        bool,
        typer.Option(
            "--profile",
            help="Instead of the figures, profile each built-in variant's steps and print where their time goes, "
            "by module and by function (with --markdown: as docs/performance.md shows it).",
        ),
    ] = False,
    clock: Annotated[
        Clock | None,
        typer.Option(
            "--clock",
            help="Time by the wall clock or by the process's CPU time (which waiting for a core on a busy "
            "machine does not inflate). Default: wall; with --baseline: cpu.",
        ),
    ] = None,
) -> None:
    """Measure rummykit (and OpenSpiel and RLCard if installed) and print the figures, the ratios and
    the targets; with --baseline, rummykit's figures against an earlier commit too."""
    console = Console()
    started = time.perf_counter()
    if profile:
        found = profiles.markdown(profiles.run(scale=0.05 if quick else 1.0))
        console.print(found, markup=False, highlight=False, soft_wrap=True)
        if markdown_path is not None:
            markdown_path.write_text(found, encoding="utf-8")
            console.print(f"profiles written to {markdown_path}", markup=False, highlight=False)
        console.print(f"done in {time.perf_counter() - started:.0f} s")
        return
    chosen = clock.value if clock is not None else "wall" if baseline is None else "cpu"
    plan = attrs.evolve(Plan.make(quick=quick), clock=chosen)
    if rounds is not None:
        plan = attrs.evolve(plan, rounds=rounds)
    try:
        results = run(plan, quick=quick, with_peers=not no_peers, console=console, baseline=baseline)
    except BaselineError as exc:
        console.print(Text(f"--baseline {baseline}: {exc}", style="red"), soft_wrap=True)
        raise typer.Exit(2) from exc
    render(results, console)
    if json_path is not None:
        json_path.write_text(json.dumps(results.to_data(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        console.print(f"figures written to {json_path}", markup=False, highlight=False)
    if markdown_path is not None:
        markdown_path.write_text(markdown(results), encoding="utf-8")
        console.print(f"tables written to {markdown_path}", markup=False, highlight=False)
    if svg_path is not None:
        svg_path.write_text(svg_chart(results.curves), encoding="utf-8")
        console.print(f"chart written to {svg_path}", markup=False, highlight=False)
    if comparison_svg_path is not None and results.comparison is not None:
        comparison_svg_path.write_text(comparison_chart(results.comparison), encoding="utf-8")
        console.print(f"chart of the speed-ups written to {comparison_svg_path}", markup=False, highlight=False)
    console.print(f"done in {time.perf_counter() - started:.0f} s")


def main() -> None:
    """Run the command line."""
    app()
