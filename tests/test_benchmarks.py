"""The benchmark suite's own parts: the corpus, the chart, the targets, and a tiny run of each measurement."""

from __future__ import annotations

import json
import subprocess
import xml.etree.ElementTree as ET
from importlib.metadata import PathDistribution
from pathlib import Path

import attrs
import pytest
from rich.console import Console
from typer.testing import CliRunner

from benchmarks import ours, profiles
from benchmarks.baseline import compare, repository, write_metadata
from benchmarks.chart import comparison_chart, svg_chart
from benchmarks.cli import Plan, app, markdown, render
from benchmarks.results import Comparison, Curve, Paired, Results
from benchmarks.tasks import own_tasks, run_task, sections
from rummykit_variants.railroad_rummy.rules import MELD_RULES

PRE_REDESIGN = "bfa2894"
"""The last commit before the redesign of issue 15 (module-level hook plug-ins)."""


def _quiet() -> Results:
    return Results(quick=True, log=lambda _: None)


def test_the_solver_corpus_is_fixed_and_covers_every_size_and_wild_count() -> None:
    corpus = ours.solver_corpus(2)
    assert corpus == ours.solver_corpus(2)
    assert {(size, wilds) for size, wilds, _ in corpus} == {(s, w) for s in range(11, 21) for w in range(7)}
    for size, wilds, hand in corpus:
        assert len(hand) == size
        assert sum(1 for card in hand if MELD_RULES.is_wild(card)) == wilds


def test_the_chart_is_plain_svg_with_a_line_per_curve() -> None:
    curves = [
        Curve("step: 4-player RailRoad Rummy, median", ((7, 40.0), (8, 55.0), (9, 61.0))),
        Curve("solver: decide, median over the corpus", ((11, 20.0), (20, 35.0))),
        Curve("solver: enumerate, median over the corpus", ((11, 40.0), (20, 1500.0))),
    ]
    root = ET.fromstring(svg_chart(curves))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 3
    assert "script" not in svg_chart(curves)


def test_targets_are_ratios_against_peers_and_absolute_bounds() -> None:
    results = _quiet()
    results.add("step.rummy.2p", "rummykit", "step", 20.0, "µs")
    results.add("openspiel.step", "openspiel", "step", 10.0, "µs")
    results.add("memory.railroad-rummy.4p", "rummykit", "memory", 8.0, "KB")
    results.add("games.heuristic.1", "rummykit", "games", 40.0, "games/s")
    targets = {target.name: target for target in results.targets()}
    step = targets["random step, 2-player Rummy ÷ OpenSpiel gin_rummy step"]
    assert (step.value, step.met) == (2.0, False)
    assert targets["memory of a 4-player RailRoad mid-game state"].met
    assert not targets["4-player RailRoad games a second, heuristic bots, 1 core"].met
    # Without a peer's figure there is no ratio to hold to.
    assert not any("clone" in name for name in targets)


def test_each_measurement_runs_and_reports_its_figures() -> None:
    results = _quiet()
    ours.measure_steps(results, "railroad-rummy", 4, 300)
    ours.measure_steps(results, "rummy", 2, 100)
    ours.measure_positions(results, "railroad-rummy", 4, positions=1, repeat=1)
    ours.measure_games(results, 1)
    keys = {figure.key for figure in results.figures}
    assert {"step.railroad-rummy.4p", "step.rummy.2p", "copy.railroad-rummy.4p", "json.railroad-rummy.4p"} <= keys
    assert {"memory.railroad-rummy.4p", "legal.railroad-rummy.4p", "games.heuristic.1"} <= keys
    assert "view.railroad-rummy.4p" in keys
    assert all(figure.value > 0 for figure in results.figures)
    data = json.loads(json.dumps(results.to_data()))
    assert data["quick"] is True and len(data["figures"]) == len(results.figures)
    render(results, Console(file=None, width=120, quiet=True))
    tables = markdown(results)
    assert "| target | measured | bound | met |" in tables and "games a second" in tables


@pytest.mark.parametrize(("variant", "players"), ours.POSITION_GAMES)
def test_a_mid_game_position_is_where_it_says(variant: str, players: int) -> None:
    game = ours.mid_game(variant, players, 1)
    wanted_round, wanted_turn = {"railroad-rummy": (4, 8), "rummy": (2, 6), "railroad-canasta": (2, 40)}[variant]
    assert (game.round, game.phase, game.players) == (wanted_round, "draw", players)
    assert game.state.turn_number >= wanted_turn


def test_the_canasta_step_and_positions_are_measured() -> None:
    results = _quiet()
    ours.measure_steps(results, "railroad-canasta", 2, 200)
    ours.measure_positions(results, "railroad-canasta", 4, positions=1, repeat=1)
    keys = {figure.key for figure in results.figures}
    assert {"step.railroad-canasta.2p", "copy.railroad-canasta.4p", "json.railroad-canasta.4p"} <= keys
    assert all(figure.value > 0 for figure in results.figures)


def test_a_profile_shares_out_a_steps_time_by_module_and_function(tmp_path: Path) -> None:
    """``--profile`` (issue 38: where the time of a step goes): the module shares are the whole of the
    profiled time, each function is counted in its module, and the engine's apply is among them."""
    found = profiles.profile_steps("rummy", 2, 200)
    assert found.steps == 200 and found.seconds > 0
    assert abs(sum(seconds for _, seconds in found.modules) - found.seconds) < 1e-9
    assert abs(sum(seconds for _, seconds in found.functions) - found.seconds) < 1e-9
    names = dict(found.functions)
    assert any(name.startswith("rummykit/core/engine.py:") and name.endswith("(apply)") for name in names)
    assert "rummykit/core/engine.py" in dict(found.modules)
    assert [seconds for _, seconds in found.modules] == sorted((seconds for _, seconds in found.modules), reverse=True)
    written = tmp_path / "profile.md"
    result = CliRunner().invoke(app, ["--profile", "--quick", "--markdown", str(written)])
    assert result.exit_code == 0, result.output
    page = written.read_text(encoding="utf-8")
    assert "load average" in page
    assert all(f"**{variant}, {players} players**" in page for variant, players, _ in profiles.CASES)


def test_the_quick_plan_is_smaller_than_the_full_one() -> None:
    quick, full = Plan.make(quick=True), Plan.make(quick=False)
    assert quick.steps < full.steps and quick.hands_per_cell < full.hands_per_cell
    assert set(quick.step_games) <= set(full.step_games)


def test_new_game_is_measured_for_every_built_in_variant() -> None:
    results = _quiet()
    for variant, players in ours.NEW_GAMES:
        ours.measure_new_game(results, variant, players, 2)
    assert [figure.key for figure in results.figures] == [
        "new_game.rummy.2p",
        "new_game.railroad-rummy.4p",
        "new_game.railroad-canasta.4p",
    ]
    assert all(figure.value > 0 and figure.unit == "µs" for figure in results.figures)


def test_the_tasks_cover_every_section_and_refuse_unknown_ones() -> None:
    plan = Plan.make(quick=True)
    tasks = own_tasks(plan)
    assert tasks == tuple(task for _, section in sections(plan) for task in section)
    assert {"solver", "games", "simulate", "new_game/rummy/2", "positions/railroad-canasta/4"} <= set(tasks)
    assert len(tasks) == len(set(tasks))
    with pytest.raises(ValueError, match="unknown benchmark task"):
        run_task(_quiet(), plan, "steps/rummy")


def test_a_plan_goes_to_a_worker_and_back_unchanged() -> None:
    for quick in (True, False):
        plan = Plan.make(quick=quick)
        assert Plan.from_data(json.loads(json.dumps(plan.to_data()))) == plan


def _paired(baseline: tuple[float, ...], current: tuple[float, ...], unit: str = "µs") -> Paired:
    return Paired("json.rummy.2p", "JSON round trip", unit, baseline, current)


def test_a_change_counts_only_out_of_the_noise_and_in_most_rounds() -> None:
    faster = _paired((900.0, 1000.0, 950.0, 1100.0, 980.0), (300.0, 310.0, 320.0, 330.0, 290.0))
    assert faster.verdict == "better" and faster.speedup > 3 and faster.describe().endswith("× faster")
    slower = _paired((10.0, 10.0, 10.0, 10.0, 10.0), (13.0, 12.5, 13.5, 12.0, 13.0))
    assert slower.verdict == "worse" and slower.describe() == "1.30× slower"
    assert slower.ratio == pytest.approx(1.3)
    # 3% worse is within the 5% floor; a large median change that rounds disagree on is noise too.
    assert _paired((10.0,) * 5, (10.3,) * 5).verdict == "same"
    assert _paired((10.0,) * 5, (20.0, 20.0, 20.0, 5.0, 5.0)).verdict == "same"
    # Games a second and speed-ups are better larger; memory is larger or smaller, not slower.
    assert _paired((20.0,) * 3, (30.0,) * 3, "games/s").verdict == "better"
    assert _paired((5.0,) * 3, (6.0,) * 3, "KB").describe() == "1.20× larger"


def test_a_figure_found_worse_stays_worse_only_if_more_rounds_find_it_worse_too() -> None:
    first = _paired((10.0,) * 5, (13.0,) * 5)
    assert first.verdict == "worse" and first.describe() == "1.30× slower"
    confirmed = attrs.evolve(first, confirmation=_paired((10.0,) * 10, (12.0,) * 10))
    assert confirmed.verdict == "worse"
    assert confirmed.describe() == "1.30× slower (confirmed: 1.20× in 10 more rounds)"
    refuted = attrs.evolve(first, confirmation=_paired((10.0,) * 10, (10.1,) * 10))
    assert refuted.first_verdict == "worse" and refuted.verdict == "same"
    assert refuted.describe() == "same (±5%; 1.30× slower not confirmed: 1.01× in 10 more rounds)"
    assert json.loads(json.dumps(refuted.to_data()))["confirmation"]["verdict"] == "same"


def _comparison() -> Comparison:
    return Comparison(
        "old",
        "new",
        2,
        (
            Paired("new_game.rummy.2p", "new_game, rummy", "µs", (900.0, 900.0), (200.0, 250.0)),
            Paired("json.rummy.2p", "JSON round trip, rummy", "µs", (900.0, 900.0), (400.0, 400.0)),
            Paired("step.rummy.2p", "step, rummy", "µs", (10.0, 10.0), (15.0, 15.0)),
        ),
        (1.0, 1.5),
    )


def test_the_baseline_targets_are_three_times_faster_and_nothing_worse() -> None:
    results = _quiet()
    results.comparison = _comparison()
    targets = {target.name: target for target in results.targets()}
    assert targets["new_game, rummy: speed-up over the baseline"].met
    assert not targets["JSON round trip, rummy: speed-up over the baseline"].met
    worse = targets["figures worse than the baseline beyond noise"]
    assert (worse.value, worse.met) == (1, False)
    assert "step, rummy | 10.0 µs | 15.0 µs | 1.5 |" in markdown(results)
    assert json.loads(json.dumps(results.to_data()))["baseline"]["figures"][2]["verdict"] == "worse"


def test_the_comparison_chart_is_plain_svg_with_a_bar_per_figure() -> None:
    chart = comparison_chart(_comparison())
    root = ET.fromstring(chart)
    bars = [rect for rect in root.findall("{http://www.w3.org/2000/svg}rect") if rect.get("fill") != "white"]
    assert len(bars) == 3 and "script" not in chart
    assert [bar.get("fill") for bar in bars] == ["#2ca02c", "#2ca02c", "#d62728"]  # better, better, worse


def test_a_commit_s_entry_points_are_read_from_its_pyproject(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "rummykit"\nversion = "0.1.0"\n'
        '[project.entry-points."rummykit.variants"]\nrummy = "rummykit_variants.classic_rummy.plugin"\n',
        encoding="utf-8",
    )
    dist = PathDistribution(write_metadata(pyproject, tmp_path / "metadata"))
    assert dist.metadata["Name"] == "rummykit"
    [entry_point] = dist.entry_points
    assert (entry_point.group, entry_point.name, entry_point.value) == (
        "rummykit.variants",
        "rummy",
        "rummykit_variants.classic_rummy.plugin",
    )


def test_the_baseline_option_parses_and_refuses_what_is_not_a_commit() -> None:
    result = CliRunner().invoke(app, ["--quick", "--no-peers", "--baseline", "no-such-commit-xyz"])
    assert result.exit_code == 2
    assert "is not a commit" in result.output
    assert CliRunner().invoke(app, ["--against", "HEAD", "--rounds", "0"]).exit_code == 2


def _has_commit(commit: str) -> bool:
    found = subprocess.run(
        ["git", "-C", str(repository()), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True, check=False
    )
    return found.returncode == 0


@pytest.mark.slow
@pytest.mark.parametrize("commit", ["HEAD", PRE_REDESIGN])
def test_a_tiny_run_against_a_commit_measures_both_engines(commit: str) -> None:
    if not _has_commit(commit):
        pytest.skip(f"{commit} is not in this checkout's git history")
    results = _quiet()
    plan = attrs.evolve(Plan.make(quick=True), new_games=2, positions=1, repeat=1, rounds=1)
    comparison = compare(results, plan, commit, tasks=("new_game/rummy/2", "positions/rummy/2"))
    keys = ["new_game.rummy.2p", "legal.rummy.2p", "copy.rummy.2p", "json.rummy.2p", "view.rummy.2p", "memory.rummy.2p"]
    assert [figure.key for figure in comparison.figures] == keys
    assert [figure.key for figure in results.figures] == keys
    assert all(len(f.baseline) == len(f.current) == 1 and f.ratio > 0 for f in comparison.figures)
    assert comparison.baseline.startswith(commit[:7] if commit != "HEAD" else "")
    assert not results.skipped
