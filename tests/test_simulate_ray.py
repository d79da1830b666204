"""The Ray backend of ``simulate``, on a local Ray of 2 CPUs (listening on 127.0.0.1 only): the same
figures as the local backend for several seeds and chunk sizes; a chunk whose worker is killed is
played again and the totals do not change; a resumed run equals an uninterrupted one; a failing game
is named by its seed and action; Ctrl-C stops a run cleanly.

These tests need the ray extra (``pip install -e '.[ray]'``) and are skipped without it. They are
marked ``ray``: ``pytest -m ray -n 0`` runs them (CI's "optional extras" step), one Ray for
the module, stopped at its end.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from benchmarks import on_ray
from benchmarks.results import Results
from rummykit.core.errors import InvalidOptionError, SimulationError
from rummykit.core.plugins import unregister_house_rule
from rummykit.play.chunks import game_seed
from rummykit.play.cli import app
from rummykit.play.results import RUN_FIELDS, SimulationResult, dump_results, load_results
from rummykit.play.simulate import ChunkEvent, SimulationInterrupted, simulate
from tests.ray_support import MARKER_VARIABLE, NAME, register_test_bots
from tests.support import AS_IN_A_TERMINAL
from tests.test_docs import run_python_blocks

pytestmark = pytest.mark.ray
ray = pytest.importorskip("ray", reason="the ray extra is not installed (pip install -e '.[ray]')")

from rummykit.play.ray_backend import local_ray  # noqa: E402 - after the skip

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
RUN: dict[str, Any] = {"players": 2, "bots": ("heuristic", "random")}


def figures(result: SimulationResult) -> dict[str, Any]:
    data = result.figures()
    for name in RUN_FIELDS:
        del data[name]
    return data


def test_ctrl_c_stops_a_ray_run_at_once_and_its_json_resumes(tmp_path: Path) -> None:
    """The command as a person runs it: it starts its own Ray; Ctrl-C (SIGINT to the whole process
    group, as a terminal sends it) stops it, says how many games were done, prints the results so
    far (if any game was done) and stops that Ray. Runs first, before the module's Ray starts."""
    command = [sys.executable, "-c", AS_IN_A_TERMINAL, "simulate", "rummy", "--players", "2", "--games", "100000"]
    command += ["--bots", "heuristic,random", "--backend", "ray", "--workers", "2", "--chunk-size", "5", "--json"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    time.sleep(15)  # Ray has started and played some chunks (not a timed assertion: any moment would do)
    os.killpg(run.pid, signal.SIGINT)
    stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 130, stderr
    assert "interrupted: " in stderr and " of 100,000 games finished" in stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    if stdout.strip():  # games were done: the results printed resume the run
        partial = load_results(stdout)
        assert 0 < partial.games < 100_000 and not partial.complete and partial.backend == "ray"
        assert f"interrupted: {partial.games:,} of 100,000" in stderr
        assert "--resume FILE plays the other" in " ".join(stderr.split())


_INTERRUPTED_AGAIN_AND_AGAIN = """
import json, os, signal, sys, threading
from rummykit.play.ray_backend import local_ray
from rummykit.play.results import RUN_FIELDS
from rummykit.play.simulate import SimulationInterrupted, simulate

signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal (see tests.support.AS_IN_A_TERMINAL)
run = {"players": 2, "bots": ("heuristic", "random")}
stopped = 0
with local_ray(2):
    simulate("rummy", games=2, backend="ray", **run)  # what is done once is done: each Ctrl-C lands in a run
    for index in range(int(sys.argv[1])):
        timer = threading.Timer(0.3 + index % 7 * 0.2, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        try:
            simulate("rummy", games=100_000, backend="ray", chunk_size=1, **run)
        except SimulationInterrupted:
            stopped += 1
        timer.join()
    after = simulate("rummy", games=12, seed=3, backend="ray", chunk_size=2, **run).figures()
local = simulate("rummy", games=12, seed=3, **run).figures()
print(json.dumps([stopped, sorted(k for k in local if k not in RUN_FIELDS and after[k] != local[k])]))
"""


def test_ctrl_c_again_and_again_in_one_ray_never_takes_the_process_down() -> None:
    """Ctrl-C while chunks are finishing (chunks of one game, many times over, in one process's
    Ray): each run stops with `SimulationInterrupted`, and the Ray plays the next run as it should.
    Cancelling the running tasks, as this backend once did, aborted the process within about ten
    rounds (a race in Ray's task manager). Before the module's Ray starts."""
    rounds = 24
    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED_AGAIN_AND_AGAIN, str(rounds)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    stopped, differing = json.loads(done.stdout.splitlines()[-1])
    assert stopped == rounds
    assert differing == [], "the run after the interrupted ones gives the local backend's figures"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _wait_for_port(port: int, head: subprocess.Popen[bytes]) -> None:
    for _ in range(600):  # up to about 3 minutes: a busy machine starts Ray slowly
        if head.poll() is not None:
            raise AssertionError(f"ray start exited with {head.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.3).close()
        except OSError:
            time.sleep(0.3)
        else:
            return
    raise AssertionError(f"nothing listens on port {port}")


def test_a_run_joins_a_running_cluster_by_its_address() -> None:
    """A cluster of one machine started with ``ray start`` (on 127.0.0.1 only, with Ray's token
    authentication, as recent versions of Ray have it): the command joins it by its address, gives
    the local figures, and leaves it running. Before the module's Ray starts."""
    port = _free_port()
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
    ray_command = str(Path(sys.executable).parent / "ray")
    temp_dir = tempfile.mkdtemp(prefix="rk-ray-")  # short (Ray's sockets live there), and Ray's address file too
    head = subprocess.Popen(
        [
            *(ray_command, "start", "--head", "--block", f"--port={port}", f"--temp-dir={temp_dir}"),
            *("--num-cpus=2", "--include-dashboard=false", "--node-ip-address=127.0.0.1", "--disable-usage-stats"),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_for_port(port, head)
        args = ["simulate", "rummy", "--players", "2", "--games", "12", "--seed", "7", "--bots", "heuristic,random"]
        local = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
        joined = subprocess.run(
            [sys.executable, "-m", "rummykit", *args, "--backend", "ray", "--address", f"127.0.0.1:{port}", "--json"],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert joined.returncode == 0, joined.stderr
        document = json.loads(joined.stdout)
        assert (document["backend"], document["workers"]) == ("ray", 2)
        assert {k: v for k, v in document.items() if k not in RUN_FIELDS} == {
            k: v for k, v in local.items() if k not in RUN_FIELDS
        }
        assert head.poll() is None, "the cluster is left running"
    finally:
        head.terminate()  # `ray start --block` stops the cluster's processes when it is stopped
        try:
            head.wait(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(temp_dir, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A local Ray of 2 CPUs for the module, whose workers know the test bots (tests/ray_support.py);
    gives the kamikaze bot's marker file (absent until a test creates it)."""
    marker = tmp_path_factory.mktemp("kamikaze") / "marker"
    runtime_env = {
        "env_vars": {"PYTHONPATH": str(ROOT), MARKER_VARIABLE: str(marker)},
        "worker_process_setup_hook": "tests.ray_support.register_test_bots",
    }
    register_test_bots()
    try:
        with local_ray(2, runtime_env=runtime_env):
            yield marker
    finally:
        unregister_house_rule(NAME)
    assert not ray.is_initialized()


def test_the_local_ray_listens_on_127_0_0_1_only(cluster: Path) -> None:
    assert ray.get_runtime_context().gcs_address.startswith("127.0.0.1:")
    assert {node["NodeManagerAddress"] for node in ray.nodes()} == {"127.0.0.1"}
    assert ray.cluster_resources()["CPU"] == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_figures_as_the_local_backend_for_any_chunk_size(cluster: Path, seed: int) -> None:
    local = simulate("rummy", games=24, seed=seed, **RUN)
    for workers, chunk_size in ((1, 24), (2, 5), (2, 1)):
        on_ray = simulate("rummy", games=24, seed=seed, backend="ray", workers=workers, chunk_size=chunk_size, **RUN)
        assert figures(on_ray) == figures(local), (workers, chunk_size)
        assert (on_ray.backend, on_ray.workers, on_ray.chunk_size, on_ray.retries) == ("ray", workers, chunk_size, 0)


def test_the_same_figures_with_options_house_rules_and_more_seats(cluster: Path) -> None:
    settings: dict[str, Any] = {
        "players": 3,
        "games": 12,
        "seed": 8,
        "bots": ("heuristic", "random", "random"),
        "options": {"target": 150},
        "house_rules": ("jokers", "ace-low"),
    }
    outcomes: list[int] = []
    on_ray = simulate("rummy", backend="ray", chunk_size=4, on_game=lambda o: outcomes.append(o.index), **settings)
    assert figures(on_ray) == figures(simulate("rummy", workers=2, chunk_size=3, **settings))
    assert sorted(outcomes) == list(range(12))


def test_a_chunk_whose_worker_is_killed_is_played_again_and_the_totals_do_not_change(cluster: Path) -> None:
    settings: dict[str, Any] = {"players": 2, "games": 24, "seed": 5, "bots": ("heuristic", "kamikaze")}
    local = simulate("rummy", house_rules=(NAME,), **settings)  # here the bot never kills: the marker is Ray's
    events: list[ChunkEvent] = []
    cluster.touch()
    on_ray = simulate("rummy", house_rules=(NAME,), backend="ray", chunk_size=4, on_chunk=events.append, **settings)
    assert not cluster.exists(), "a worker killed itself"
    retries = [event for event in events if event.kind == "retry"]
    assert len(retries) == 1 and on_ray.retries == 1
    assert "its worker died (WorkerCrashedError" in retries[0].message and "attempt 2 of 4" in retries[0].message
    done = [(event.start, event.stop) for event in events if event.kind == "done"]
    assert sorted(done) == [(start, start + 4) for start in range(0, 24, 4)], "each chunk counted once"
    assert figures(on_ray) == figures(local)


def _stop_after(chunks: int) -> Any:
    def on_chunk(event: ChunkEvent) -> None:
        if event.kind == "done" and event.chunks_done == chunks:
            raise KeyboardInterrupt

    return on_chunk


def test_a_resumed_run_equals_an_uninterrupted_one(cluster: Path) -> None:
    uninterrupted = simulate("rummy", games=30, seed=4, backend="ray", chunk_size=4, **RUN)
    with pytest.raises(SimulationInterrupted) as stopped:
        simulate("rummy", games=30, seed=4, backend="ray", chunk_size=4, on_chunk=_stop_after(3), **RUN)
    partial = stopped.value.partial
    assert partial is not None and 12 <= partial.games < 30
    document = dump_results(partial)
    played: list[int] = []
    resumed = simulate(
        "rummy",
        games=30,
        seed=4,
        backend="ray",
        chunk_size=7,  # the chunks need not be the same
        resume=load_results(document),
        on_game=lambda outcome: played.append(outcome.index),
        **RUN,
    )
    assert figures(resumed) == figures(uninterrupted)
    counted = {i for start, stop in partial.done for i in range(start, stop)}
    assert sorted(played) == sorted(set(range(30)) - counted)
    # and the same on the local backend, from the same document
    assert figures(simulate("rummy", games=30, seed=4, resume=load_results(document), **RUN)) == figures(uninterrupted)


def test_a_failing_game_on_ray_is_named_with_its_seed_and_action(cluster: Path) -> None:
    with pytest.raises(SimulationError) as failed:
        simulate(
            "rummy",
            players=2,
            games=30,
            seed=11,
            bots=("heuristic", "faulty"),
            house_rules=(NAME,),
            backend="ray",
            chunk_size=4,
        )
    failure = min(failed.value.failures, key=lambda failure: failure.index or 0)
    assert (failure.index, failure.seed, failure.seat) == (16, game_seed(11, 16), 1)
    assert failure.error == "ValueError: the faulty bot fails at its 30th move"
    assert (failure.start, failure.stop) == (16, 20) and failure.action is not None
    with pytest.raises(ValueError, match="30th move"):  # played again here, it fails the same way
        exec(failure.reproduce, {})
    partial = failed.value.partial
    assert partial is not None and set(range(16)) <= {i for start, stop in partial.done for i in range(start, stop)}


def test_the_command_on_ray_prints_the_local_figures(cluster: Path) -> None:
    args = ["simulate", "rummy", "--players", "2", "--games", "16", "--seed", "6", "--bots", "heuristic,random"]
    on_ray = runner.invoke(app, [*args, "--backend", "ray", "--workers", "2", "--chunk-size", "3", "--json"])
    local = runner.invoke(app, [*args, "--json"])
    assert on_ray.exit_code == 0 and local.exit_code == 0, on_ray.output + local.output
    ray_document, local_document = json.loads(on_ray.stdout), json.loads(local.stdout)
    assert (ray_document["backend"], ray_document["workers"], ray_document["chunk_size"]) == ("ray", 2, 3)
    for name in RUN_FIELDS:
        del ray_document[name], local_document[name]
    assert ray_document == local_document
    tables = runner.invoke(app, [*args, "--backend", "ray"])
    assert tables.exit_code == 0 and "games per second (ray, 2 workers)" in tables.stdout


def test_the_how_to_runs_as_written(cluster: Path) -> None:
    """docs/howto/simulate-ray.md's code, in the module's Ray (its ``with local_ray()`` uses it)."""
    run_python_blocks(ROOT / "docs" / "howto" / "simulate-ray.md")
    assert ray.is_initialized()


def test_an_address_or_runtime_env_with_ray_already_running_is_refused(cluster: Path) -> None:
    for extra in ({"address": "auto"}, {"runtime_env": {"env_vars": {"X": "1"}}}):
        with pytest.raises(InvalidOptionError, match="Ray is already running in this process"):
            simulate("rummy", games=2, backend="ray", **RUN, **extra)
    address = ray.get_runtime_context().gcs_address
    with local_ray(1) as inner:  # inside the module's local_ray: the same Ray, left running
        assert inner == address
    assert ray.is_initialized() and ray.cluster_resources()["CPU"] == 2


def test_the_benchmark_measures_ray_beside_the_local_backend(cluster: Path) -> None:
    results = Results(quick=True, log=lambda _: None)
    on_ray.measure_simulate_ray(results, 4)
    keys = {figure.key for figure in results.figures}
    assert {"simulate.local.1", "simulate.ray.1", "simulate.ray.2", "simulate.ray.speedup.2"} <= keys
    assert not results.skipped
