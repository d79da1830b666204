"""Simulation: many games between bots, with statistics, in parallel processes.

Each game gets its own seed, drawn from the run's seed, and each bot its own seed drawn from the
game's, so a seeded run gives the same games, and the same figures, whatever the number of worker
processes. The figures are gathered as games finish, in memory that does not grow with the number
of games (a count of each value seen), and a run interrupted with Ctrl-C stops at once.

Examples:
    >>> from rummykit.simulate import simulate
    >>> outcomes = []
    >>> result = simulate("railroad-rummy", players=3, games=2, seed=1, bots=("heuristic",), on_game=outcomes.append)
    >>> result.games, len(outcomes), sorted(result.bots)
    (2, 2, ['heuristic'])
"""

from __future__ import annotations

import itertools
import multiprocessing
import queue
import random
import signal
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from rummykit.engine import new_game
from rummykit.errors import InvalidOptionError, quote
from rummykit.plugins import available_bots, bot_factories, make_bot, variant_spec

__all__ = ["BotStats", "GameOutcome", "SeatStats", "SimulationResult", "TurnStats", "run_game", "simulate"]


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


@attrs.frozen(kw_only=True)
class SeatStats:
    """Results of one seat over the run. A shared win counts as a win for each winner."""

    seat: int
    bot: str
    wins: int
    win_rate: float
    mean_score: float
    stdev_score: float


@attrs.frozen(kw_only=True)
class BotStats:
    """Results of one bot over every seat it played."""

    bot: str
    seats_played: int
    wins: int
    win_rate: float
    mean_score: float
    stdev_score: float


@attrs.frozen(kw_only=True)
class TurnStats:
    """The distribution of the number of turns in a round."""

    mean: float
    median: float
    p10: float
    p90: float
    max: int


@attrs.frozen(kw_only=True)
class SimulationResult:
    """The figures of a run. Everything but ``seconds``, ``games_per_second`` and ``workers`` is
    determined by the arguments and the seed."""

    variant: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    options: Mapping[str, Any]
    seats: tuple[SeatStats, ...]
    by_bot: tuple[BotStats, ...]
    mean_rounds: float
    turns_per_round: TurnStats
    mean_actions: float
    seconds: float
    games_per_second: float
    workers: int
    """The worker processes the run played in (never more than it had batches of games for)."""

    def figures(self) -> dict[str, Any]:
        """The result as plain data (for JSON)."""
        data = attrs.asdict(self, recurse=True)
        data["options"] = dict(self.options)
        return data


def _seat_bots(bots: Sequence[str], players: int) -> tuple[str, ...]:
    return tuple(bots[seat % len(bots)] for seat in range(players))


def run_game(
    variant: str,
    players: int,
    index: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
) -> GameOutcome:
    """Play one seeded game between ``bots`` (by seat) and return its outcome."""
    game = new_game(variant, players=players, seed=seed, options=options, house_rules=house_rules)
    bot_rng = random.Random(seed)
    factories = bot_factories(game.plugin_manager)
    players_bots = [factories[name](bot_rng.getrandbits(63)) for name in bots]
    actions = 0
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(players_bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        actions += 1
    return GameOutcome(
        index=index,
        seed=seed,
        bots=tuple(bots),
        scores=game.scores,
        winners=game.winners,
        turns=tuple(result.turns for result in game.history),
        actions=actions,
    )


def _run_chunk(
    args: tuple[str, int, list[tuple[int, int]], tuple[str, ...], dict[str, Any], tuple[str, ...]],
) -> list[GameOutcome]:
    variant, players, jobs, bots, options, house_rules = args
    return [run_game(variant, players, index, seed, bots, options, house_rules) for index, seed in jobs]


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the workers at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _values(counts: Counter[int]) -> Iterator[int]:
    """Every value counted, as often as it was seen (for the statistics functions, lazily)."""
    return itertools.chain.from_iterable(itertools.repeat(value, n) for value, n in counts.items())


def _nth(counts: Counter[int], index: int) -> int:
    """The ``index``-th smallest value counted (from 0)."""
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if index < seen:
            return value
    raise IndexError(index)


def _percentile(counts: Counter[int], fraction: float) -> float:
    position = fraction * (counts.total() - 1)
    low = int(position)
    high = min(low + 1, counts.total() - 1)
    lower, upper = _nth(counts, low), _nth(counts, high)
    return lower + (upper - lower) * (position - low)


def _median(counts: Counter[int]) -> float:
    """`statistics.median` of the values counted."""
    n = counts.total()
    if n % 2:
        return _nth(counts, n // 2)
    return (_nth(counts, n // 2 - 1) + _nth(counts, n // 2)) / 2


def _mean(counts: Counter[int]) -> float:
    return statistics.fmean(_values(counts))


def _stdev(counts: Counter[int]) -> float:
    return statistics.pstdev(_values(counts)) if counts.total() > 1 else 0.0


@attrs.define
class _Tally:
    """The figures of a run so far, gathered game by game: counts of each value seen (scores, round
    and game lengths take few distinct values), so memory does not grow with the number of games,
    and the order the games finish in does not change a figure."""

    seat_bots: tuple[str, ...]
    games: int = 0
    wins: Counter[int] = attrs.Factory(Counter)
    scores: list[Counter[int]] = attrs.Factory(list)
    rounds: Counter[int] = attrs.Factory(Counter)
    turns: Counter[int] = attrs.Factory(Counter)
    actions: Counter[int] = attrs.Factory(Counter)

    def __attrs_post_init__(self) -> None:
        self.scores = [Counter() for _ in self.seat_bots]

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        self.wins.update(outcome.winners)
        for seat, score in enumerate(outcome.scores):
            self.scores[seat][score] += 1
        self.rounds[len(outcome.turns)] += 1
        self.turns.update(outcome.turns)
        self.actions[outcome.actions] += 1

    def seats(self) -> tuple[SeatStats, ...]:
        return tuple(
            SeatStats(
                seat=seat,
                bot=bot,
                wins=self.wins[seat],
                win_rate=self.wins[seat] / self.games,
                mean_score=_mean(self.scores[seat]),
                stdev_score=_stdev(self.scores[seat]),
            )
            for seat, bot in enumerate(self.seat_bots)
        )

    def by_bot(self) -> tuple[BotStats, ...]:
        stats = []
        for name in sorted(set(self.seat_bots)):
            mine = [seat for seat, bot in enumerate(self.seat_bots) if bot == name]
            scores: Counter[int] = sum((self.scores[seat] for seat in mine), Counter())
            wins = sum(self.wins[seat] for seat in mine)
            stats.append(
                BotStats(
                    bot=name,
                    seats_played=scores.total(),
                    wins=wins,
                    win_rate=wins / scores.total(),
                    mean_score=_mean(scores),
                    stdev_score=_stdev(scores),
                )
            )
        return tuple(stats)

    def turn_stats(self) -> TurnStats:
        return TurnStats(
            mean=_mean(self.turns),
            median=_median(self.turns),
            p10=_percentile(self.turns, 0.1),
            p90=_percentile(self.turns, 0.9),
            max=max(self.turns),
        )


def _chunks(jobs: Iterable[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    iterator = iter(jobs)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def simulate(
    variant: str,
    *,
    players: int,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games between bots and gather the figures.

    Args:
        variant: the variant's name.
        players: seats per game.
        games: how many games.
        seed: the run's seed; game ``i`` is seeded from it.
        bots: bot names; seat ``s`` is played by ``bots[s % len(bots)]``.
        workers: processes to play in (1: in this process).
        options: option values for every game.
        house_rules: house rules for every game.
        progress: called with the number of games just finished.
        on_game: called with each game's [`GameOutcome`][rummykit.simulate.GameOutcome] as it
            finishes (with several workers, not in the order of ``index``), for a caller that keeps
            them: the run itself keeps no game, so its memory does not grow with ``games``.

    Raises:
        UnknownVariantError: the variant is not installed (before any game is played).
        UnknownBotError: a bot the variant does not offer.
        InvalidOptionError: a bad player count, option, or number of games or workers.
        KeyboardInterrupt: Ctrl-C; the worker processes are stopped at once (the games finished
            so far are those ``progress`` was told of).
    """
    spec = variant_spec(variant)
    for name, value in (("games", games), ("workers", workers)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidOptionError(f"{name} must be an int of at least 1, not {quote(value)}")
    if not bots:
        raise InvalidOptionError("give at least one bot")
    valid = available_bots(variant)
    for name in bots:
        if name not in valid:
            make_bot(name, variant)  # raises UnknownBotError listing the valid names
    # Create one game up front so that a bad player count, option or house rule fails here.
    new_game(variant, players=players, seed=seed, options=options, house_rules=house_rules)
    seat_bots = _seat_bots(bots, players)
    seeder = random.Random(seed)
    jobs = ((index, seeder.getrandbits(63)) for index in range(games))
    opts = dict(options or {})
    tally = _Tally(seat_bots=seat_bots)

    def finished(outcomes: Sequence[GameOutcome]) -> None:
        for outcome in outcomes:
            tally.add(outcome)
            if on_game is not None:
                on_game(outcome)
        if progress is not None:
            progress(len(outcomes))

    started = time.perf_counter()
    size = max(1, min(25, games // (workers * 4)))
    workers = min(workers, -(-games // size))  # no more processes than batches of games
    if workers == 1:
        for index, game_seed in jobs:
            finished([run_game(variant, players, index, game_seed, seat_bots, opts, house_rules)])
    else:
        args = (variant, players, seat_bots, opts, tuple(house_rules))
        _play_in_workers(workers, _chunks(jobs, size), args, finished)
    seconds = time.perf_counter() - started
    return SimulationResult(
        variant=spec.name,
        players=players,
        games=tally.games,
        seed=seed,
        bots=tuple(bots),
        options=opts,
        seats=tally.seats(),
        by_bot=tally.by_bot(),
        mean_rounds=_mean(tally.rounds),
        turns_per_round=tally.turn_stats(),
        mean_actions=_mean(tally.actions),
        seconds=seconds,
        games_per_second=tally.games / seconds if seconds > 0 else float("inf"),
        workers=workers,
    )


def _play_in_workers(
    workers: int,
    chunks: Iterator[list[tuple[int, int]]],
    args: tuple[str, int, tuple[str, ...], dict[str, Any], tuple[str, ...]],
    finished: Callable[[Sequence[GameOutcome]], None],
) -> None:
    """Play the batches of games in ``workers`` processes, a few batches queued at a time (so that
    neither the queue nor the results grow with the number of games), each batch's games gathered
    as soon as it is done. Leaving, even on Ctrl-C, terminates the workers at once rather than
    waiting for the queued games."""
    variant, players, seat_bots, options, house_rules = args
    done: queue.Queue[list[GameOutcome] | BaseException] = queue.Queue()
    with multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool:

        def submit() -> int:
            chunk = next(chunks, None)
            if chunk is None:
                return 0
            task = (variant, players, chunk, seat_bots, options, house_rules)
            pool.apply_async(_run_chunk, (task,), callback=done.put, error_callback=done.put)
            return 1

        pending = sum(submit() for _ in range(2 * workers))
        while pending:
            outcomes = done.get()
            if isinstance(outcomes, BaseException):
                raise outcomes
            finished(outcomes)
            pending += submit() - 1
