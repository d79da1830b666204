"""The benchmark suite's own parts: the corpus, the chart, the targets, and a tiny run of each measurement."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

from benchmarks import ours
from benchmarks.chart import svg_chart
from benchmarks.cli import Plan, markdown, render
from benchmarks.results import Curve, Results
from rummykit_variants.railroad_rummy.rules import MELD_RULES


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


def test_the_quick_plan_is_smaller_than_the_full_one() -> None:
    quick, full = Plan.make(quick=True), Plan.make(quick=False)
    assert quick.steps < full.steps and quick.hands_per_cell < full.hands_per_cell
    assert set(quick.step_games) <= set(full.step_games)
