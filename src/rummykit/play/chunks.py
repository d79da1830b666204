"""Chunks of seeded games: what a worker plays (in this process, a worker process or on a Ray
cluster) and what it sends back.

A run of `simulate` draws game ``i``'s seed as the ``i``-th draw of a random source seeded with the
run's seed ([`game_seed`][rummykit.play.chunks.game_seed]), and each bot's seed from its game's, so a
game is the same wherever it is played. A chunk is a range of game indexes with their seeds
([`ChunkJob`][rummykit.play.chunks.ChunkJob]); playing it ([`play_chunk`][rummykit.play.chunks.play_chunk])
gives exact [`Counts`][rummykit.play.tally.Counts] of its games, or, if a game raises, a
[`GameFailure`][rummykit.play.chunks.GameFailure] naming that game's index, seed and the action it
failed at, so that it can be played again.

Examples:
    >>> run = RunSpec(variant="rummy", players=2, seat_bots=("heuristic", "random"))
    >>> result = play_chunk(ChunkJob(run=run, start=0, seeds=(game_seed(7, 0), game_seed(7, 1))))
    >>> result.counts.games, result.failure is None
    (2, True)
    >>> run_game("rummy", 2, 1, game_seed(7, 1), ("heuristic", "random")).seed == game_seed(7, 1)
    True
"""

from __future__ import annotations

import os
import random
import socket
import traceback
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib.metadata import EntryPoint
from typing import Any, Final

import attrs

from rummykit.core.engine import Game, new_game
from rummykit.core.plugins import HOUSE_RULE_GROUP, VARIANT_GROUP, make_bot, plugins_of
from rummykit.play.tally import Counts, Tally

__all__ = [
    "ChunkJob",
    "ChunkResult",
    "GameFailure",
    "GameOutcome",
    "RunSpec",
    "game_seed",
    "game_seeds",
    "play_chunk",
    "play_game",
    "plug_in_versions",
    "run_game",
]


@attrs.frozen(kw_only=True)
class GameOutcome:
    """One simulated game: its seed, the bots by seat, final totals, winners, and round lengths."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: tuple[int, ...]
    """Turns played in each round."""
    actions: int


def game_seeds(seed: int, start: int = 0) -> Iterator[tuple[int, int]]:
    """``(index, seed)`` of every game of a run seeded with ``seed``, from game ``start`` on (an
    endless iterator: take what you need).

    Examples:
        >>> import itertools
        >>> [index for index, _ in itertools.islice(game_seeds(1, start=5), 3)]
        [5, 6, 7]
    """
    seeder = random.Random(seed)
    index = 0
    while True:
        game = seeder.getrandbits(63)
        if index >= start:
            yield index, game
        index += 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run seeded with ``seed``: with
    [`run_game`][rummykit.play.chunks.run_game], it plays that game of the run again.

    Examples:
        >>> game_seed(1, 0) == next(game_seeds(1))[1]
        True
    """
    if index < 0:
        raise ValueError(f"games are numbered from 0, not {index}")
    return next(game_seeds(seed, index))[1]


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen(kw_only=True)
class RunSpec:
    """What every game of a run shares.

    Attributes:
        variant: the variant's name.
        players: seats per game.
        seat_bots: the bot of each seat.
        options: option values for every game.
        house_rules: house rules for every game, by name.
        seed: the run's seed (game ``i`` is seeded with ``game_seed(seed, i)``).
    """

    variant: str
    players: int
    seat_bots: tuple[str, ...]
    options: Mapping[str, Any] = attrs.field(factory=dict, converter=dict)
    house_rules: tuple[str, ...] = attrs.field(default=(), converter=_names)
    seed: int = 0


@attrs.frozen(kw_only=True)
class ChunkJob:
    """A chunk of a run: games ``start`` to ``start + len(seeds) - 1`` with their seeds.

    Attributes:
        run: what every game shares.
        start: the index of the chunk's first game.
        seeds: the seed of each game, in order.
        keep_outcomes: send each game's [`GameOutcome`][rummykit.play.chunks.GameOutcome] back, not
            only the counts (for a caller's ``on_game``).
        versions: the plug-in versions the chunk must be played with
            ([`plug_in_versions`][rummykit.play.chunks.plug_in_versions] where the run started), checked
            first where the chunk is played; ``None``: not checked.
    """

    run: RunSpec
    start: int
    seeds: tuple[int, ...]
    keep_outcomes: bool = False
    versions: Mapping[str, str] | None = None

    @property
    def stop(self) -> int:
        """One past the chunk's last game."""
        return self.start + len(self.seeds)


@attrs.frozen(kw_only=True)
class GameFailure:
    """A chunk that could not be played: a game that raised (its index, seed and the action it
    failed at), or a worker that died every time it was given the chunk (then no game is named).

    Attributes:
        start: the chunk's first game.
        stop: one past its last game.
        index: the game that raised, if one did.
        seed: that game's seed.
        action: how many actions the game had taken when it raised (the failing action is number
            ``action`` from 0; ``None``: it raised while being set up).
        seat: the seat that was to act.
        error: the exception, as ``"TypeName: message"``.
        traceback: the exception's traceback, as text.
        node: where the chunk was played: host name and process id.
        reproduce: Python code that plays the game again (and raises the same way).
    """

    start: int
    stop: int
    index: int | None = None
    seed: int | None = None
    action: int | None = None
    seat: int | None = None
    error: str
    traceback: str = ""
    node: str = ""
    reproduce: str = ""

    def __str__(self) -> str:
        chunk = f"games {self.start:,} to {self.stop - 1:,}"
        if self.index is None:
            return f"the chunk of {chunk} could not be played: {self.error}"
        if self.action is None:
            where = "could not be set up"
        else:
            seat = f", seat {self.seat} to act" if self.seat is not None else ""
            where = f"failed at action {self.action:,}{seat}"
        node = f" on {self.node}" if self.node else ""
        chunk = f", in the chunk of {chunk}" if self.stop - self.start > 1 else ""
        return f"game {self.index:,} (seed {self.seed}{chunk}) {where}{node}: {self.error}"


@attrs.frozen(kw_only=True)
class ChunkResult:
    """What playing a chunk gives: its counts, or the failure that stopped it (then no game of the
    chunk is counted: a chunk is counted whole or not at all).

    Attributes:
        start: the chunk's first game.
        stop: one past its last game.
        counts: the counts of its games (``None`` if it failed).
        failure: why it failed.
        outcomes: each game's outcome, if the job asked for them.
    """

    start: int
    stop: int
    counts: Counts | None = None
    failure: GameFailure | None = None
    outcomes: tuple[GameOutcome, ...] = ()

    @property
    def games(self) -> int:
        """How many games the chunk holds."""
        return self.stop - self.start


@attrs.define
class _Progress:
    """How far the game being played had got, for a failure's report."""

    actions: int | None = None
    seat: int | None = None


def _play(run: RunSpec, index: int, seed: int, progress: _Progress) -> GameOutcome:
    game = _played(run, seed, progress)
    return _outcome(game, index, seed, run.seat_bots, progress.actions or 0)


def _played(run: RunSpec, seed: int, progress: _Progress) -> Game:
    """A game of ``run`` seeded with ``seed``, played to its end by the run's bots (each seeded from
    the game's seed)."""
    progress.actions = progress.seat = None
    game = new_game(run.variant, players=run.players, seed=seed, options=run.options, house_rules=run.house_rules)
    bot_rng = random.Random(seed)
    bots = [make_bot(name, game.plugin_manager, seed=bot_rng.getrandbits(63)) for name in run.seat_bots]
    progress.actions = 0
    while not game.is_over:
        seat = progress.seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        progress.actions += 1
    return game


def play_game(run: RunSpec, seed: int) -> Game:
    """The game of ``run`` seeded with ``seed`` (game ``i`` of the run: ``game_seed(run.seed, i)``),
    played to its end by the run's bots: the same game the run counted, wherever it was played, with
    its record (``rummykit simulate --save-games`` writes these).

    Examples:
        >>> bots = ("heuristic", "random")
        >>> run = RunSpec(variant="rummy", players=2, seat_bots=bots, seed=7)
        >>> game = play_game(run, game_seed(7, 1))
        >>> game.is_over
        True
        >>> game.scores == run_game("rummy", 2, 1, game_seed(7, 1), bots).scores
        True
    """
    return _played(run, seed, _Progress())


def _outcome(game: Game, index: int, seed: int, bots: tuple[str, ...], actions: int) -> GameOutcome:
    return GameOutcome(
        index=index,
        seed=seed,
        bots=bots,
        scores=game.scores,
        winners=game.winners,
        turns=tuple(result.turns for result in game.history),
        actions=actions,
    )


def run_game(
    variant: str,
    players: int,
    index: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
) -> GameOutcome:
    """Play one seeded game between ``bots`` (by seat) and return its outcome: game ``index`` of a
    run seeded with ``s`` is ``run_game(variant, players, index, game_seed(s, index), ...)``."""
    run = RunSpec(
        variant=variant, players=players, seat_bots=tuple(bots), options=options or {}, house_rules=house_rules
    )
    return _play(run, index, seed, _Progress())


def _node() -> str:
    return f"{socket.gethostname()} (process {os.getpid()})"


def _reproduce(run: RunSpec, index: int, seed: int) -> str:
    args = [repr(run.variant), str(run.players), str(index), str(seed), repr(run.seat_bots)]
    if run.options or run.house_rules:
        args.append(repr(dict(run.options)))
    if run.house_rules:
        args.append(repr(run.house_rules))
    return f"from rummykit.play.simulate import run_game; run_game({', '.join(args)})"


_TRACEBACK_CHARS: Final = 20_000
"""The most of a failure's traceback kept (its end, where the error is)."""


def _failure(job: ChunkJob, index: int, seed: int, progress: _Progress, exc: Exception) -> GameFailure:
    text = "".join(traceback.format_exception(exc))
    return GameFailure(
        start=job.start,
        stop=job.stop,
        index=index,
        seed=seed,
        action=progress.actions,
        seat=progress.seat,
        error=f"{type(exc).__name__}: {exc}",
        traceback=text[-_TRACEBACK_CHARS:],
        node=_node(),
        reproduce=_reproduce(job.run, index, seed),
    )


def _distribution(entry: EntryPoint | Any) -> str:
    if not isinstance(entry, EntryPoint):
        return f"registered in the process ({type(entry).__module__}.{type(entry).__qualname__})"
    dist = entry.dist
    return f"{dist.name} {dist.version}" if dist is not None else f"{entry.value} (no distribution)"


def plug_in_versions(variant: str, house_rules: Sequence[str] = ()) -> dict[str, str]:
    """The versions a run's games depend on: rummykit's, and the distribution (name and version)
    that installs the variant and each house rule; a plug-in that is not installed is said to be
    missing. The machines of a cluster must agree on them, or the games would differ.

    Examples:
        >>> plug_in_versions("rummy")["variant rummy"].startswith("rummykit ")
        True
    """
    from rummykit import __version__  # noqa: PLC0415 - the package's root imports much of rummykit

    versions = {"rummykit": __version__}
    for kind, group, names in (("variant", VARIANT_GROUP, (variant,)), ("house rule", HOUSE_RULE_GROUP, house_rules)):
        installed = plugins_of(group)
        for name in names:
            versions[f"{kind} {name}"] = _distribution(installed[name]) if name in installed else "not installed"
    return versions


def _version_problem(job: ChunkJob) -> str | None:
    if job.versions is None:
        return None
    here = plug_in_versions(job.run.variant, job.run.house_rules)
    wanted = dict(job.versions)
    if here == wanted:
        return None
    differences = [
        f"{name}: {here.get(name, 'not installed')} here, {wanted.get(name, 'not installed')} where the run started"
        for name in sorted({*here, *wanted})
        if here.get(name) != wanted.get(name)
    ]
    return (
        "this machine's rummykit and plug-ins differ from those of the machine that started the run, so its "
        f"games would differ ({'; '.join(differences)}): install the same versions on every machine"
    )


def play_chunk(job: ChunkJob) -> ChunkResult:
    """Play a chunk's games, one after another, and return their counts, or the failure of the
    first game that raises (an exception of the rules, a bot or a plug-in; not a
    ``KeyboardInterrupt``, which stops the chunk)."""
    problem = _version_problem(job)
    if problem is not None:
        failure = GameFailure(start=job.start, stop=job.stop, error=f"VersionMismatch: {problem}", node=_node())
        return ChunkResult(start=job.start, stop=job.stop, failure=failure)
    tally = Tally(job.run.seat_bots)
    outcomes = []
    progress = _Progress()
    for offset, seed in enumerate(job.seeds):
        index = job.start + offset
        try:
            outcome = _play(job.run, index, seed, progress)
        except Exception as exc:  # the rules', a bot's or a plug-in's: reported with the game
            failure = _failure(job, index, seed, progress, exc)
            return ChunkResult(start=job.start, stop=job.stop, failure=failure)
        tally.add_game(scores=outcome.scores, winners=outcome.winners, turns=outcome.turns, actions=outcome.actions)
        if job.keep_outcomes:
            outcomes.append(outcome)
    return ChunkResult(start=job.start, stop=job.stop, counts=tally.counts(), outcomes=tuple(outcomes))
