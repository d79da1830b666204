"""The command line under odd input and interruption (issue 14): every text from a user, a file or a
plug-in is printed exactly as given (never read as rich markup), bad numbers are refused in one
short line, Ctrl-C stops a parallel run immediately, and a run's memory does not grow with its games.
"""

from __future__ import annotations

import io
import json
import os
import signal
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import attrs
import pytest
from rich.console import Console
from typer.testing import CliRunner

import rummykit
from benchmarks.cli import render
from benchmarks.results import Results
from rummykit.core.specs import RuleText
from rummykit.documents.serialize import record_to_data
from rummykit.play import chunks
from rummykit.play.cli import app
from rummykit.play.commands import move_help, parse_move
from rummykit.play.simulate import GameOutcome, machine_cpus, simulate
from rummykit_variants.classic_rummy import plugin as classic
from rummykit_variants.railroad_canasta import TakePile
from tests.support import AS_IN_A_TERMINAL

runner = CliRunner()
MARKUP: Final = ("[/]", "[red]x", "[bold]", "a[/]b", "[/x]")


def flat(text: str) -> str:
    return " ".join(text.split())


def refused(args: list[str], says: str, stdin: str | None = None) -> str:
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 2, result.output
    assert ("Traceback" not in result.output and result.exception is None) or isinstance(result.exception, SystemExit)
    assert says in flat(result.stderr), result.stderr
    return result.stderr


# -- markup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", MARKUP)
@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "{}"], "unknown variant '{}'"),
        (["play", "{}"], "unknown variant '{}'"),
        (["rules", "{}"], "unknown variant '{}'"),
        (["simulate", "rummy", "--bots", "{}"], "rummy has no bot '{}'"),
        (["play", "rummy", "--bots", "{}"], "rummy has no bot '{}'"),
        (["simulate", "rummy", "--games", "1", "-o", "{}=1"], "rummy has no option '{}'"),
        (["simulate", "rummy", "--games", "1", "--house-rule", "{}"], "house rule '{}'"),
        (["play", "rummy", "--house-rule", "{}"], "house rule '{}'"),
        (["replay", "{}/x.json"], "cannot read {}/x.json"),
        (["simulate", "rummy", "--players", "{}"], "not '{}'"),
    ],
)
def test_every_text_a_user_types_is_printed_as_typed(text: str, args: list[str], says: str) -> None:
    refused([arg.replace("{}", text) for arg in args], says.replace("{}", text), stdin="quit\n")


@pytest.mark.parametrize("text", MARKUP)
def test_a_records_variant_is_printed_as_written(tmp_path: Path, text: str) -> None:
    data = record_to_data(rummykit.new_game("rummy", players=2, seed=1).record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**data, "variant": text}), encoding="utf-8")
    refused(["replay", str(path)], f"unknown variant '{text}'")


class _MarkupRummy(classic.ClassicRummy):
    """Classic Rummy under a name, title and rule texts that look like rich markup."""

    spec = attrs.evolve(
        classic.SPEC,
        name="[mk]",
        title="[red]Markup[/red] Rummy",
        rules=(RuleText("MK-1", "[bold]Aces[/bold]", "An ace scores 1 [or 11 if it is high] point; [/] [red]x"),),
    )


@pytest.fixture
def markup_variant() -> Iterator[str]:
    rummykit.core.plugins.register_variant("[mk]", _MarkupRummy())
    try:
        yield "[mk]"
    finally:
        rummykit.core.plugins.unregister_variant("[mk]")


def test_a_plug_ins_names_and_rule_texts_are_printed_as_written(
    markup_variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)  # piped: each rule on one line
    rules = runner.invoke(app, ["rules", markup_variant])
    assert rules.exit_code == 0, rules.output
    for text in ("[red]Markup[/red] Rummy ([mk])", "[bold]Aces[/bold]", "An ace scores 1 [or 11 if it is high] point"):
        assert text in rules.stdout
    assert "[/] [red]x" in rules.stdout
    variants = runner.invoke(app, ["variants"])
    assert "[mk]" in variants.stdout and "[red]Markup[/red] Rummy" in variants.stdout
    simulated = runner.invoke(app, ["simulate", markup_variant, "--players", "2", "--games", "1"])
    assert simulated.exit_code == 0, simulated.output
    assert "[mk]: 1 games, 2 players" in simulated.stdout


def test_the_benchmarks_print_their_own_hints_as_written() -> None:
    results = Results(quick=True, log=lambda _: None)
    results.skipped.append("openspiel skipped: pip install -e '.[bench]' to measure it")
    console = Console(file=io.StringIO(), width=200)
    render(results, console)
    assert "pip install -e '.[bench]' to measure it" in console.file.getvalue()  # type: ignore[attr-defined]


# -- bad numbers -----------------------------------------------------------------------------------

_HUGE: Final = "9" * 5000


@pytest.mark.parametrize("option", ["--seed", "--players", "--games", "--workers"])
def test_a_5000_digit_number_on_the_command_line_is_refused_in_one_short_line(option: str) -> None:
    result = runner.invoke(app, ["simulate", "rummy", option, _HUGE])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "expected a whole number" in flat(result.stderr) and len(result.stderr) < 600, len(result.stderr)


@pytest.mark.parametrize("line", [_HUGE, "-" + _HUGE, "lay 5H on " + _HUGE, "²", "1" * 10])
def test_play_answers_a_5000_digit_move_and_asks_again(line: str) -> None:
    result = runner.invoke(app, ["play", "railroad-rummy", "--seed", "1"], input=f"{line}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "Exceeds the limit" not in result.output
    assert "Not a move:" in result.output and "You left the game" in result.output
    assert max(len(line) for line in result.output.splitlines() if "Not a move" in line) < 300


def test_an_option_of_5000_digits_is_refused_cleanly() -> None:
    refused(["simulate", "rummy", "--games", "1", "-o", f"max_rounds={_HUGE}"], "must be an int")


# -- help, version, python -m ----------------------------------------------------------------------


def test_version_and_python_dash_m() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"rummykit {rummykit.__version__}"
    module = subprocess.run([sys.executable, "-m", "rummykit", "--version"], capture_output=True, text=True, check=True)
    assert module.stdout.strip() == f"rummykit {rummykit.__version__}"
    listing = subprocess.run([sys.executable, "-m", "rummykit", "--help"], capture_output=True, text=True, check=True)
    assert "Usage: rummykit " in listing.stdout


def test_the_conformance_kit_runs_without_hypothesis_and_its_strategies_say_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "from rummykit.testing import check_games\n"
        "print(check_games('rummy', games=2, budget=0, unreachable={'round-end:CR-9': 'two games'}).games)\n"
        "import rummykit.testing\n"
        "rummykit.testing.actions\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.stdout.strip() == "2"
    assert run.returncode == 1
    last = run.stderr.splitlines()[-1]
    assert "rummykit.testing.actions, a hypothesis strategy, needs hypothesis: pip install 'rummykit[testing]'" in last


@pytest.mark.parametrize("command", ["simulate", "play", "replay", "rules", "check", "variants"])
def test_help_shows_no_python_types(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    for internal in ("<bool>", "<int>", "list[str]"):
        assert internal not in result.stdout, result.stdout


def test_the_command_list_gives_play_a_whole_sentence() -> None:
    listing = runner.invoke(app, ["--help"]).stdout
    line = next(line for line in listing.splitlines() if line.strip().startswith("play "))
    assert line.strip().endswith("Play against bots in the terminal, and save the game to replay it."), line


# -- piped tables, words --------------------------------------------------------------------------


def test_piped_rules_are_wrapped_for_a_pager_and_keep_every_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """Piped (into ``less``, say) the rules are wrapped at 80 columns between words: each rule's text
    is whole once its lines are joined."""
    monkeypatch.delenv("COLUMNS", raising=False)
    result = runner.invoke(app, ["rules", "railroad-rummy"])
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    joined = " ".join(result.stdout.split())
    for rule in rummykit.variant_spec("railroad-rummy").rules:
        assert " ".join(rule.text.split()) in joined, f"{rule.id} lost words"


def test_a_round_of_one_turn_is_one_turn() -> None:
    game = rummykit.new_game("rummy", players=2, seed=1, options={"max_turns_per_round": 1, "max_rounds": 1})
    while not game.is_over:
        game.apply(game.legal_actions(game.to_act[0])[-1])
    assert "reached 1 turn (G-1)" in game.history[0].reason


def test_simulate_reports_the_workers_it_played_in() -> None:
    """A run never starts more workers than it has chunks for: 1 game in 1 worker, of the 2 asked."""
    if machine_cpus() < 2:
        pytest.skip("needs 2 CPUs to ask for 2 workers")
    args = ["simulate", "rummy", "--players", "2", "--games", "1", "--workers", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["workers"] == 1
    text = runner.invoke(app, args[:-1]).stdout
    assert "(1 worker)" in text


def test_simulate_refuses_more_workers_than_the_machine_has_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: ``--workers 40`` started 40 processes on 2 CPUs. A local run plays in at most one
    worker process a CPU, and is refused before any process starts, saying why."""
    started: list[int | None] = []

    def pool(self: object, processes: int | None = None, *_: object, **__: object) -> None:
        started.append(processes)
        raise AssertionError(f"a pool of {processes} worker processes started")

    monkeypatch.setattr("multiprocessing.pool.Pool.__init__", pool)
    cpus = machine_cpus()
    with pytest.raises(rummykit.InvalidOptionError) as refused:
        simulate("rummy", players=2, games=2, workers=cpus + 1)
    assert f"this machine has {cpus} CPU" in str(refused.value) and f"not {cpus + 1}" in str(refused.value)
    args = ["simulate", "rummy", "--players", "2", "--games", "2", "--workers", "40"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"at most {cpus} worker process" in " ".join(result.stderr.split())
    assert not started, "no worker process starts"


def test_canastas_help_and_take_are_its_own() -> None:
    game = rummykit.new_game("railroad-canasta", players=2, seed=1)
    assert not any(line.startswith("take") for line in move_help(game))
    assert isinstance(parse_move(game, game.turn, "take"), TakePile)
    result = runner.invoke(app, ["play", "railroad-canasta", "--seed", "1", "--players", "2"], input="help\nquit\n")
    assert "take the top discard" not in result.stdout
    assert "take 8H 8S" in result.stdout and "kitty" in result.stdout  # the family's own moves, then the kitty


# -- Ctrl-C and memory -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_a_run_at_once_saying_how_many_games_finished(workers: str) -> None:
    """Ctrl-C sends SIGINT to the whole process group, workers included (as a terminal does)."""
    command = [sys.executable, "-c", AS_IN_A_TERMINAL, "simulate", "railroad-rummy", "--games", "100000"]
    run = subprocess.Popen([*command, "--workers", workers], stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _wait_until_busy(run.pid)  # the run has started (any moment of it would do: this is no timed assertion)
        os.killpg(run.pid, signal.SIGINT)
        _, stderr = run.communicate(timeout=60)  # it used to finish the whole queue: minutes
    finally:  # a run that did not stop is not left running after the test
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, stderr
    assert "interrupted: " in stderr and " of 100,000 games finished" in stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr


def _wait_until_busy(pid: int, cpu_seconds: float = 2.5, most: float = 120.0) -> None:
    """Wait until process ``pid`` has used ``cpu_seconds`` of CPU (so it is past starting up and into
    its run, however busy the machine is), or ``most`` seconds have gone by; without /proc, wait 3 s."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        time.sleep(3)
        return
    ticks = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        fields = stat.read_text().rpartition(")")[2].split()
        if (int(fields[11]) + int(fields[12])) / ticks >= cpu_seconds:  # utime + stime
            return
        time.sleep(0.1)


def _outcome(index: int, seed: int) -> GameOutcome:
    """A made-up game outcome, instantly (the run's bookkeeping is what is measured)."""
    scores = (seed % 97, seed % 89)
    return GameOutcome(
        index=index,
        seed=seed,
        bots=("random", "random"),
        scores=scores,
        winners=(0,) if scores[0] >= scores[1] else (1,),
        turns=(seed % 13 + 1, seed % 7 + 1),
        actions=seed % 50,
    )


@pytest.mark.slow
def test_a_long_runs_memory_does_not_grow_with_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chunks, "_play", lambda run, index, seed, progress: _outcome(index, seed))
    tracemalloc.start()
    try:
        result = simulate("rummy", players=2, games=200_000, seed=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.games == 200_000
    assert peak < 2_000_000, f"{peak:,} bytes: it used to keep every game (about 100 MB here)"


def test_the_figures_are_those_of_every_game_kept_and_counted() -> None:
    """The figures gathered game by game equal the statistics of the whole list of games, exactly."""
    outcomes: list[GameOutcome] = []
    result = simulate("rummy", players=3, games=12, seed=4, bots=("heuristic", "random"), on_game=outcomes.append)
    assert sorted(o.index for o in outcomes) == list(range(12))
    turns = [t for o in outcomes for t in o.turns]
    expected: dict[str, Any] = {
        "mean_rounds": statistics.fmean(len(o.turns) for o in outcomes),
        "mean_actions": statistics.fmean(o.actions for o in outcomes),
        "turns": (statistics.fmean(turns), statistics.median(turns), max(turns)),
        "seats": [
            (statistics.fmean(o.scores[s] for o in outcomes), statistics.pstdev([o.scores[s] for o in outcomes]))
            for s in range(3)
        ],
        "heuristic": statistics.pstdev([o.scores[s] for o in outcomes for s in (0, 2)]),
    }
    stats = result.turns_per_round
    assert result.mean_rounds == expected["mean_rounds"] and result.mean_actions == expected["mean_actions"]
    assert (stats.mean, stats.median, stats.max) == expected["turns"]
    assert [(s.mean_score, s.stdev_score) for s in result.seats] == expected["seats"]
    assert result.by_bot[0].bot == "heuristic" and result.by_bot[0].stdev_score == expected["heuristic"]
