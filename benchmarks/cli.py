"""The command line of the suite: ``python -m benchmarks`` with ``--quick``, ``--json PATH``, ``--svg PATH``,
``--markdown PATH`` and ``--no-peers``."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import attrs
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from benchmarks import ours, peers
from benchmarks.chart import svg_chart
from benchmarks.results import Results

__all__ = ["Plan", "app", "main", "markdown", "render", "run"]

app = typer.Typer(add_completion=False, help="rummykit's performance suite, side by side with peer engines.")


@attrs.frozen
class Plan:
    """How much of each measurement a run does (``--quick``: a smoke run of seconds).

    Attributes:
        steps: random steps per variant and player count.
        step_games: the variants and player counts of the step measurement.
        hands_per_cell: solver corpus hands per hand size and number of wild cards.
        positions: mid-game positions for copies, round trips and memory.
        repeat: how many times the timed loops of the positions run (a scale).
        games: full heuristic games in one process.
        simulate_games: games per ``simulate`` run (with 1 and with 2 workers, locally and on Ray).
        peer_steps: random steps of each peer engine.
    """

    steps: int
    step_games: tuple[tuple[str, int], ...]
    hands_per_cell: int
    positions: int
    repeat: int
    games: int
    simulate_games: int
    peer_steps: int

    @classmethod
    def make(cls, *, quick: bool) -> Plan:
        """The full plan, or the quick one."""
        if quick:
            return cls(
                steps=1500,
                step_games=(ours.STEP_GAMES[0], ours.STEP_GAMES[4], ours.STEP_GAMES[-1]),
                hands_per_cell=1,
                positions=2,
                repeat=2,
                games=2,
                simulate_games=4,
                peer_steps=1500,
            )
        return cls(
            steps=20_000,
            step_games=ours.STEP_GAMES,
            hands_per_cell=6,
            positions=5,
            repeat=10,
            games=40,
            simulate_games=80,
            peer_steps=20_000,
        )


def run(plan: Plan, *, quick: bool, with_peers: bool = True, console: Console | None = None) -> Results:
    """Run every measurement of ``plan`` and return the results."""
    console = console or Console(stderr=True)
    results = Results(quick=quick, log=lambda text: console.print(text, highlight=False, markup=False, soft_wrap=True))

    def section(title: str) -> None:
        console.print(Text(title, style="bold"))

    section("random legal steps")
    for variant, players in plan.step_games:
        ours.measure_steps(results, variant, players, plan.steps)
    if with_peers:
        section("peers")
        peers.measure_openspiel(results, plan.peer_steps)
        peers.measure_rlcard(results, plan.peer_steps)
    else:
        results.skipped.append("peers skipped: --no-peers")
    section("contract solver")
    ours.measure_solver(results, plan.hands_per_cell)
    section("copies, JSON round trips and memory of mid-game positions")
    for variant, players in ours.POSITION_GAMES:
        ours.measure_positions(results, variant, players, positions=plan.positions, repeat=plan.repeat)
    section("full games")
    ours.measure_games(results, plan.games)
    ours.measure_simulate(results, plan.simulate_games)
    ours.measure_simulate_ray(results, plan.simulate_games)
    return results


def _ratio_rows(results: Results) -> list[tuple[str, str]]:
    """rummykit's figures over the peers' comparable ones (below 1: rummykit is faster or smaller)."""
    pairs = [
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


def render(results: Results, console: Console) -> None:
    """Print the figures, the ratios against the peers and the targets as tables."""
    figures = Table(title="figures", title_justify="left")
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
    targets = Table(title="targets", title_justify="left")
    for column in ("target", "measured", "bound", "met"):
        targets.add_column(column, justify="left" if column == "target" else "right")
    for target in results.targets():
        bound = ("≤ " if target.at_most else "≥ ") + f"{target.limit:,.2f} {target.unit}"
        met = Text("yes", style="green") if target.met else Text("no", style="red")
        targets.add_row(Text(target.name), Text(f"{target.value:,.2f} {target.unit}"), Text(bound), met)
    console.print(targets)
    for message in results.skipped:
        console.print(Text(message, style="yellow"), soft_wrap=True)


def markdown(results: Results) -> str:
    """The figures, the ratios and the targets as Markdown tables (for ``docs/performance.md``)."""
    lines = ["| engine | what | value |", "| --- | --- | ---: |"]
    lines += [f"| {f.engine} | {f.what} | {f.value:,.1f} {f.unit} |" for f in results.figures]
    ratios = _ratio_rows(results)
    if ratios:
        lines += ["", "| comparison (this run) | ratio |", "| --- | ---: |"]
        lines += [f"| {name} | {ratio} |" for name, ratio in ratios]
    lines += ["", "| target | measured | bound | met |", "| --- | ---: | ---: | --- |"]
    for target in results.targets():
        bound = ("≤ " if target.at_most else "≥ ") + f"{target.limit:,.2f} {target.unit}"
        lines.append(
            f"| {target.name} | {target.value:,.2f} {target.unit} | {bound} | {'yes' if target.met else '**no**'} |"
        )
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
) -> None:
    """Measure rummykit (and OpenSpiel and RLCard if installed) and print the figures, the ratios and
    the targets."""
    console = Console()
    started = time.perf_counter()
    results = run(Plan.make(quick=quick), quick=quick, with_peers=not no_peers, console=console)
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
    console.print(f"done in {time.perf_counter() - started:.0f} s")


def main() -> None:
    """Run the command line."""
    app()
