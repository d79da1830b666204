"""Simulation: many seeded games between bots, with exact statistics, in this process, in worker
processes, or on a Ray cluster.

Each game gets its own seed, drawn from the run's seed ([`game_seed`][rummykit.play.chunks.game_seed]),
and each bot its own seed drawn from the game's, so a seeded run gives the same games, and the same
figures, whatever the backend, the number of workers and the size of the chunks the games are sent
to them in. Each chunk sends back exact counts ([`Counts`][rummykit.play.tally.Counts]: integers, never
averages), which the run adds up as chunks finish, in memory that does not grow with the number of
games; each chunk is counted once, by the range of games it holds. A run interrupted with Ctrl-C
stops immediately and raises [`SimulationInterrupted`][rummykit.play.simulate.SimulationInterrupted], which
holds the figures so far; their document ([`dump_results`][rummykit.play.results.dump_results]) resumes
the run (``resume=``) without playing its games again. A game that raises stops the run with a
[`SimulationError`][rummykit.core.errors.SimulationError] naming the game's seed and the action it failed at.

Backends:

- ``"local"``: in this process (``workers=1``, the default) or in worker processes.
- ``"ray"``: on Ray (``pip install 'rummykit[ray]'``). Without ``address`` it starts a Ray of its own
  on this machine, listening on 127.0.0.1 only, and stops it at the end; with one it joins that
  cluster; in a process where Ray is already running it uses it. A chunk whose worker dies is
  played again (``retries`` times at most) and counted once.

Examples:
    >>> from rummykit.play.simulate import simulate
    >>> outcomes = []
    >>> result = simulate("railroad-rummy", players=3, games=2, seed=1, bots=("heuristic",), on_game=outcomes.append)
    >>> result.games, len(outcomes), sorted(result.bots)
    (2, 2, ['heuristic'])
    >>> result.seats[0].win_rate_ci.low <= result.seats[0].win_rate <= result.seats[0].win_rate_ci.high
    True
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import queue
import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Literal

import attrs

from rummykit.core.bots import UnknownBotError
from rummykit.core.engine import new_game
from rummykit.core.errors import InvalidOptionError, SimulationError, quote
from rummykit.core.plugins import bot_factories, house_rule_list, make_bot, parse_bot, variant_spec
from rummykit.play.chunks import (
    ChunkJob,
    ChunkResult,
    GameFailure,
    GameOutcome,
    RunSpec,
    game_seed,
    game_seeds,
    play_chunk,
    plug_in_versions,
    run_game,
)
from rummykit.play.results import (
    BotStats,
    SeatStats,
    SimulationResult,
    TurnStats,
    dump_results,
    load_results,
    summarize,
)
from rummykit.play.tally import GameRanges, Tally

__all__ = [
    "BACKENDS",
    "BotStats",
    "ChunkEvent",
    "GameFailure",
    "GameOutcome",
    "SeatStats",
    "SimulationInterrupted",
    "SimulationResult",
    "TurnStats",
    "dump_results",
    "game_seed",
    "load_results",
    "machine_cpus",
    "run_game",
    "simulate",
]

BACKENDS: Final = ("local", "ray")
"""Where `simulate` can play: ``"local"`` (this machine's processes) or ``"ray"`` (a Ray cluster)."""
_MOST_ATTEMPTS: Final = 4
"""How many times, by default, a chunk is tried on Ray when its worker dies (Ray's own default: 1 + 3 retries)."""


@attrs.frozen(kw_only=True)
class ChunkEvent:
    """What `simulate` tells ``on_chunk`` as the run goes.

    Attributes:
        kind: ``"start"`` (once, before the first chunk: the totals), ``"done"`` (a chunk counted),
            ``"retry"`` (a chunk sent again because its worker died), ``"failed"`` (a chunk that
            failed: the run stops once the chunks being played are done).
        start: the chunk's first game (for ``"start"``: 0).
        stop: one past its last game (for ``"start"``: 0).
        games_done: games counted so far (those of a resumed run included).
        games: games of the run.
        chunks_done: chunks counted so far in this run.
        chunks: chunks this run plays (not counting a resumed run's).
        message: for ``"retry"`` and ``"failed"``: why.
    """

    kind: Literal["start", "done", "retry", "failed"]
    start: int
    stop: int
    games_done: int
    games: int
    chunks_done: int
    chunks: int
    message: str = ""


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run (a ``KeyboardInterrupt``, so that code catching that still does).

    Attributes:
        games_done: games counted (a resumed run's included).
        games: games the run was asked for.
        partial: the figures of the games counted, ``None`` if none was: ``resume=partial`` (or its
            JSON document, read back with [`load_results`][rummykit.play.results.load_results]) goes on
            from there.
    """

    def __init__(self, games_done: int, games: int, partial: SimulationResult | None) -> None:
        super().__init__(f"interrupted: {games_done:,} of {games:,} games finished")
        self.games_done = games_done
        self.games = games
        self.partial = partial


class _Run:
    """A run's bookkeeping: the counts so far, the games they hold, and what the caller is told.
    Every backend hands each chunk it finishes to `deliver`; a chunk whose games are already
    counted (delivered twice) is not counted again."""

    def __init__(
        self,
        seat_bots: tuple[str, ...],
        games: int,
        *,
        resume: SimulationResult | None,
        progress: Callable[[int], None] | None,
        on_game: Callable[[GameOutcome], None] | None,
        on_chunk: Callable[[ChunkEvent], None] | None,
    ) -> None:
        self.games = games
        self.tally = Tally(seat_bots)
        self.done = GameRanges()
        if resume is not None and resume.counts is not None:
            self.tally.merge(resume.counts)
            self.done = GameRanges(resume.done)
        self.resumed = self.done.total
        self.failures: list[GameFailure] = []
        self.retries = 0
        self.duplicates = 0
        self.chunks = 0
        self.chunks_done = 0
        self._progress = progress
        self._on_game = on_game
        self._on_chunk = on_chunk

    def _tell(self, kind: Literal["start", "done", "retry", "failed"], start: int, stop: int, message: str) -> None:
        if self._on_chunk is not None:
            self._on_chunk(
                ChunkEvent(
                    kind=kind,
                    start=start,
                    stop=stop,
                    games_done=self.done.total,
                    games=self.games,
                    chunks_done=self.chunks_done,
                    chunks=self.chunks,
                    message=message,
                )
            )

    def begin(self, chunks: int) -> None:
        self.chunks = chunks
        self._tell("start", 0, 0, "")

    def deliver(self, result: ChunkResult) -> bool:
        """Count a finished chunk (once); whether new chunks may still be started."""
        if self.done.overlaps(result.start, result.stop):
            self.duplicates += 1
            return not self.failures
        if result.failure is not None or result.counts is None:
            failure = result.failure or GameFailure(start=result.start, stop=result.stop, error="no counts")
            self.failures.append(failure)
            self._tell("failed", result.start, result.stop, str(failure))
            return False
        self.tally.merge(result.counts)
        self.done.add(result.start, result.stop)
        self.chunks_done += 1
        if self._on_game is not None:
            for outcome in result.outcomes:
                self._on_game(outcome)
        if self._progress is not None:
            self._progress(result.games)
        self._tell("done", result.start, result.stop, "")
        return not self.failures

    def retried(self, job: ChunkJob, reason: str) -> None:
        """A chunk is sent again because its worker died."""
        self.retries += 1
        self._tell("retry", job.start, job.stop, reason)

    @property
    def played(self) -> int:
        """Games this run (not a resumed one) counted."""
        return self.done.total - self.resumed


def _jobs(run: RunSpec, seed: int, missing: Sequence[tuple[int, int]], size: int, **job: Any) -> Iterator[ChunkJob]:
    """The chunks of the games ``missing`` (ranges), ``size`` games at most each, in order, each
    game with its seed (drawn in order from the run's seed)."""
    seeds = game_seeds(seed)
    position = 0
    for start, stop in missing:
        for _ in itertools.islice(seeds, start - position):
            pass
        position = start
        for first in range(start, stop, size):
            last = min(first + size, stop)
            yield ChunkJob(
                run=run, start=first, seeds=tuple(s for _, s in itertools.islice(seeds, last - first)), **job
            )
            position = last


def _chunk_count(missing: Sequence[tuple[int, int]], size: int) -> int:
    return sum(-(-(stop - start) // size) for start, stop in missing)


def _count(name: str, value: object, *, optional: bool = False) -> None:
    if optional and value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidOptionError(f"{name} must be an int of at least 1, not {quote(value)}")


def machine_cpus() -> int:
    """How many CPUs this process may run on (its CPU affinity where the system has one, else the
    machine's count): the most worker processes a local run starts.

    Examples:
        >>> machine_cpus() >= 1
        True
    """
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def _check_workers(workers: int | None, backend: str) -> None:
    """A local run starts at most one worker process per CPU: more only share the same CPUs, each
    with its own memory (40 workers on 2 CPUs took 1.27 GB and ran no faster)."""
    cpus = machine_cpus()
    if backend == "local" and workers is not None and workers > cpus:
        raise InvalidOptionError(
            f"workers: this machine has {cpus} CPU{'s' * (cpus != 1)} for this process, so a local run plays in "
            f"at most {cpus} worker process{'es' * (cpus != 1)}, not {workers:,} (more would only share the same CPUs, "
            "each with its own memory); on a Ray cluster, backend='ray' plays on every CPU of the cluster"
        )


def _resolved_options(variant: str, players: int, options: Mapping[str, Any], house_rules: Sequence[str]) -> Any:
    """Every option's value of a game so configured (the options given, and the defaults)."""
    return dict(new_game(variant, players=players, seed=0, options=options, house_rules=house_rules).options)


def _check_resume(
    previous: SimulationResult,
    *,
    variant: str,
    players: int,
    seed: int,
    bots: Sequence[str],
    options: dict[str, Any],
    house_rules: tuple[str, ...],
    games: int,
) -> None:
    if not isinstance(previous, SimulationResult):
        raise InvalidOptionError(f"resume takes a SimulationResult (see load_results), not {quote(previous)}")
    if previous.counts is None:
        raise InvalidOptionError(
            "these results were written before rummykit's results were versioned: they hold the figures but not "
            "the counts a run adds to, so a run cannot resume from them"
        )
    ours: dict[str, Any] = {
        "variant": variant,
        "players": players,
        "seed": seed,
        "bots": tuple(bots),
        "house_rules": house_rules,
    }
    theirs: dict[str, Any] = {
        "variant": previous.variant,
        "players": previous.players,
        "seed": previous.seed,
        "bots": tuple(previous.bots),
        "house_rules": tuple(previous.house_rules),
    }
    differences = [
        f"{name} {theirs[name]!r} (asked now: {ours[name]!r})" for name in ours if ours[name] != theirs[name]
    ]
    if not differences:
        given = json.loads(json.dumps(options))  # as a document holds them
        if _resolved_options(variant, players, given, house_rules) != _resolved_options(
            variant, players, previous.options, house_rules
        ):
            differences.append(f"options {dict(previous.options)!r} (asked now: {options!r})")
    if differences:
        raise InvalidOptionError(
            "the results to resume are of another run: " + "; ".join(differences) + ". Resume with the same "
            "variant, players, seed, bots, options and house rules"
        )
    if previous.games_requested > games or max((stop for _, stop in previous.done), default=0) > games:
        raise InvalidOptionError(
            f"the results to resume are of a run of {previous.games_requested:,} games, more than the {games:,} "
            "asked now; a resumed run can be as long or longer"
        )


def simulate(
    variant: str,
    *,
    players: int,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    runtime_env: Mapping[str, Any] | None = None,
    retries: int = _MOST_ATTEMPTS - 1,
    resume: SimulationResult | None = None,
    confidence: float = 0.95,
    on_chunk: Callable[[ChunkEvent], None] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games between bots and gather the figures.

    Args:
        variant: the variant's name.
        players: seats per game.
        games: how many games (with ``resume``: in all, those resumed included).
        seed: the run's seed; game ``i`` is seeded from it.
        bots: bot names; seat ``s`` is played by ``bots[s % len(bots)]``.
        workers: local: processes to play in (default 1: this process; at most one a CPU of this
            machine, [`machine_cpus`][rummykit.play.simulate.machine_cpus]). Ray: chunks played in parallel
            (default: every CPU of the cluster; without ``address``, the Ray started has this many CPUs).
        options: option values for every game.
        house_rules: house rules for every game.
        progress: called with the number of games just counted.
        on_game: called with each game's [`GameOutcome`][rummykit.play.chunks.GameOutcome] as it is
            counted (with several workers, not in the order of ``index``), for a caller that keeps
            them: the run itself keeps no game, so its memory does not grow with ``games``.
        backend: ``"local"`` or ``"ray"``.
        address: Ray only: the cluster to join (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``);
            ``None``: a Ray already running in this process, or else a new one on this machine.
        chunk_size: games per chunk sent to a worker (default: a few chunks per worker, at most 25
            games locally, 200 on Ray). It changes no figure. Without workers (local, 1 worker)
            games are played one at a time.
        runtime_env: Ray only: the Ray runtime environment of the job (pip packages, environment
            variables, a worker setup hook), when this call starts or joins Ray.
        retries: Ray only: how many more times a chunk is sent when its worker dies before the run
            fails.
        resume: the result of an earlier, unfinished run of the same games (same variant, players,
            seed, bots, options and house rules): its games are counted, not played again.
        confidence: the level of the confidence intervals (0.95: 95%).
        on_chunk: called with a [`ChunkEvent`][rummykit.play.simulate.ChunkEvent] when the run starts
            and as each chunk is counted, retried or fails.

    Raises:
        UnknownVariantError: the variant is not installed (before any game is played).
        UnknownBotError: a bot the variant (with its house rules) does not offer.
        InvalidOptionError: a bad player count, option, backend, or number of games, workers (a
            local run: at most one a CPU, [`machine_cpus`][rummykit.play.simulate.machine_cpus]), chunk
            size; Ray missing for the Ray backend, or its cluster out of reach; results to
            resume of another run.
        SimulationError: games failed (each named with its seed and action); ``partial`` holds
            the figures of the games counted.
        SimulationInterrupted: Ctrl-C (a ``KeyboardInterrupt``); no new chunk starts, the
            workers are stopped immediately (on a Ray this run did not start, the chunks being
            played finish unread), and ``partial`` holds the figures of the games counted.
    """
    spec = variant_spec(variant)
    _count("games", games)
    _count("workers", workers, optional=True)
    _check_workers(workers, backend)
    _count("chunk_size", chunk_size, optional=True)
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise InvalidOptionError(f"retries must be an int of at least 0, not {quote(retries)}")
    if backend not in BACKENDS:
        raise InvalidOptionError(f"unknown backend {quote(backend)}; the backends: {', '.join(BACKENDS)}")
    if backend != "ray" and (address is not None or runtime_env is not None):
        raise InvalidOptionError("address and runtime_env are for the ray backend (backend='ray')")
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0 < confidence < 1:
        raise InvalidOptionError(f"confidence must be a number between 0 and 1 (0.95: 95%), not {quote(confidence)}")
    if isinstance(bots, str) or not bots:
        raise InvalidOptionError(f"give the bots as a list of at least one name, not {quote(bots)}")
    # Create one game up front so that a bad player count, option or house rule fails here.
    probe = new_game(variant, players=players, seed=seed, options=options, house_rules=house_rules)
    valid = bot_factories(probe.plugin_manager)
    for name in bots:
        base, level = parse_bot(name)
        if base not in valid:
            raise UnknownBotError(base, spec.name, list(valid))
        if level is not None:
            make_bot(name, probe.plugin_manager, seed=0)  # a level the bot does not have: ValueError
    seat_bots = tuple(bots[seat % len(bots)] for seat in range(players))
    opts = dict(options or {})
    rules = tuple(house_rule_list(house_rules))
    if not all(isinstance(rule, str) for rule in rules):
        raise InvalidOptionError(
            "simulate takes house rules by name (the results name them, and workers load them by name): "
            "install the plug-in, or register it with register_house_rule(name, plugin) in every process"
        )
    if resume is not None:
        _check_resume(
            resume,
            variant=spec.name,
            players=players,
            seed=seed,
            bots=bots,
            options=opts,
            house_rules=rules,
            games=games,
        )
    run_spec = RunSpec(
        variant=spec.name, players=players, seat_bots=seat_bots, options=opts, house_rules=rules, seed=seed
    )
    run = _Run(seat_bots, games, resume=resume, progress=progress, on_game=on_game, on_chunk=on_chunk)
    missing = list(run.done.missing(games))
    remaining = sum(stop - start for start, stop in missing)
    keep_outcomes = on_game is not None
    size: int | None = chunk_size
    used_workers = workers or 1
    started = time.perf_counter()

    def result() -> SimulationResult | None:
        return _result(run, run_spec, bots, games, confidence, started, used_workers, backend, size)

    try:
        if remaining == 0:  # a finished run resumed: nothing to play, no worker to start
            size = None
            run.begin(0)
        elif backend == "ray":
            from rummykit.play import ray_backend  # noqa: PLC0415 - Ray is an optional extra

            with ray_backend.connect(address=address, workers=workers, runtime_env=runtime_env) as session:
                used_workers = session.workers
                size = size or max(1, min(200, -(-remaining // (used_workers * 8))))
                run.begin(_chunk_count(missing, size))
                versions = plug_in_versions(spec.name, rules)
                jobs = _jobs(run_spec, seed, missing, size, keep_outcomes=keep_outcomes, versions=versions)
                session.play(jobs, run.deliver, run.retried, attempts=retries + 1)
        elif used_workers == 1:
            size = None
            run.begin(remaining)
            for job in _jobs(run_spec, seed, missing, 1, keep_outcomes=keep_outcomes):
                if not run.deliver(play_chunk(job)):
                    break
        else:
            size = size or max(1, min(25, remaining // (used_workers * 4)))
            chunks = _chunk_count(missing, size)
            used_workers = max(1, min(used_workers, chunks))
            run.begin(chunks)
            _play_in_processes(used_workers, _jobs(run_spec, seed, missing, size, keep_outcomes=keep_outcomes), run)
    except KeyboardInterrupt:
        raise SimulationInterrupted(run.done.total, games, result()) from None
    final = result()
    if run.failures:
        raise SimulationError(run.failures, final)
    assert final is not None  # every game was counted, and there was at least one
    return final


def _result(
    run: _Run,
    spec: RunSpec,
    bots: Sequence[str],
    games: int,
    confidence: float,
    started: float,
    workers: int,
    backend: str,
    chunk_size: int | None,
) -> SimulationResult | None:
    if run.done.total == 0:
        return None
    seconds = time.perf_counter() - started
    return summarize(
        run.tally.counts(),
        variant=spec.variant,
        seed=spec.seed,
        bots=bots,
        options=spec.options,
        house_rules=spec.house_rules,
        games_requested=games,
        confidence=confidence,
        done=run.done.ranges(),
        failures=run.failures,
        seconds=seconds,
        games_per_second=run.played / seconds if seconds > 0 else 0.0,
        workers=workers,
        backend=backend,
        chunk_size=chunk_size,
        retries=run.retries,
    )


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the workers immediately."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_processes(workers: int, jobs: Iterator[ChunkJob], run: _Run) -> None:
    """Play the chunks in ``workers`` processes, a few chunks queued at a time (so that neither the
    queue nor the results grow with the number of games), each chunk counted as soon as it is done.
    After a failed chunk no new chunk starts, and those started are counted. Leaving, even on
    Ctrl-C, terminates the workers immediately rather than waiting for the queued games."""
    done: queue.Queue[ChunkResult | BaseException] = queue.Queue()
    more = True
    with multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool:

        def submit() -> int:
            job = next(jobs, None) if more else None
            if job is None:
                return 0
            pool.apply_async(play_chunk, (job,), callback=done.put, error_callback=done.put)
            return 1

        pending = sum(submit() for _ in range(2 * workers))
        while pending:
            result = done.get()
            if isinstance(result, BaseException):
                raise result
            more = run.deliver(result) and more
            pending += submit() - 1
