"""The figures of a run of `simulate`, and their JSON document (what ``rummykit simulate --json``
prints): read it back to compare runs, or to resume a run without playing its games again.

A results document::

    {"format": "rummykit/simulation", "version": 1,
     "variant": "railroad-rummy", "players": 4, "games": 200, "games_requested": 200, "complete": true,
     "seed": 0, "bots": ["heuristic", "random"], "options": {}, "house_rules": [],
     "confidence": 0.95, "intervals": {...},
     "seats": [{"seat": 0, "bot": "heuristic", "wins": 91, "win_rate": 0.455,
                "win_rate_ci": {"low": 0.387, "high": 0.524}, "mean_score": 212.4,
                "mean_score_ci": {"low": 198.0, "high": 226.8}, "stdev_score": 103.2}, ...],
     "by_bot": [...], "mean_rounds": 7.0, "turns_per_round": {...}, "mean_actions": 369.1,
     "seconds": 9.8, "games_per_second": 20.4, "workers": 2, "backend": "local", "chunk_size": 25,
     "retries": 0, "failures": [], "done": [[0, 200]], "counts": {...}}

Every key of the documents rummykit wrote before version 1 (``--json`` without ``format``) is
still there with the same meaning. ``counts`` holds the exact [`Counts`][rummykit.play.tally.Counts] of
the games in ``done`` (ranges of game indexes): the figures are read from them, and a resumed run
adds to them. [`load_results`][rummykit.play.results.load_results] reads version 1, and the older
documents too (their figures only: they hold no counts, so a run cannot resume from them).

Examples:
    >>> from rummykit.play.simulate import simulate
    >>> result = simulate("rummy", players=2, games=3, seed=1, bots=("heuristic", "random"))
    >>> again = load_results(dump_results(result))
    >>> again == result, again.figures()["format"], again.seats[0].win_rate_ci.low >= 0
    (True, 'rummykit/simulation', True)
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs
import cattrs

from rummykit.core.errors import InvalidResultsError, RummyError, quote
from rummykit.documents.converter import describe_problem, json_type, problem_path, read_document, strict_converter
from rummykit.play.chunks import GameFailure
from rummykit.play.intervals import (
    Interval,
    exact_mean,
    exact_pstdev,
    mean_interval,
    t_quantile,
    two_sided_quantile,
    wilson_interval,
)
from rummykit.play.tally import Counts, GameRanges

__all__ = [
    "INTERVALS",
    "RESULTS_FORMAT",
    "RESULTS_VERSION",
    "RUN_FIELDS",
    "BotStats",
    "SeatStats",
    "SimulationResult",
    "TurnStats",
    "dump_results",
    "load_results",
    "results_to_data",
    "summarize",
]

RESULTS_FORMAT: Final = "rummykit/simulation"
"""The ``format`` of a results document."""
RESULTS_VERSION: Final = 1
"""The ``version`` of the results documents this release writes (it reads the older, unversioned
ones too)."""
RUN_FIELDS: Final = ("seconds", "games_per_second", "workers", "backend", "chunk_size", "retries")
"""The fields of a result that depend on how the run was played (machine, backend, workers, chunks);
every other figure depends only on the games asked for: variant, players, options, house rules,
bots, seed and games."""
INTERVALS: Final = {
    "win_rate_ci": "Wilson score interval; a bot's treats each seat it played as a trial",
    "mean_score_ci": "Student t interval over games (null for fewer than 2 games)",
}
"""What each interval of a result is, as the document says it."""


@attrs.frozen(kw_only=True)
class SeatStats:
    """Results of one seat over the run. A shared win counts as a win for each winner.

    Attributes:
        seat: the seat.
        bot: the bot that played it.
        wins: games it won.
        win_rate: ``wins`` over games.
        win_rate_ci: the Wilson score interval of the win rate.
        mean_score: the mean of its final totals.
        mean_score_ci: the Student t interval of that mean (``None`` for fewer than 2 games).
        stdev_score: the spread of its final totals (population standard deviation).
    """

    seat: int
    bot: str
    wins: int
    win_rate: float
    win_rate_ci: Interval
    mean_score: float
    mean_score_ci: Interval | None
    stdev_score: float


@attrs.frozen(kw_only=True)
class BotStats:
    """Results of one bot over every seat it played.

    Attributes:
        bot: the bot.
        seats_played: games times the seats it had in each.
        wins: seats it won (a shared win counts for each winner).
        win_rate: ``wins`` over ``seats_played``.
        win_rate_ci: the Wilson score interval of the win rate, each seat played a trial. The seats
            of one game are not independent trials, but since a game has one winner (bar ties)
            they are negatively correlated: the interval is, if anything, a little wide.
        mean_score: the mean of its final totals over its seats.
        mean_score_ci: the Student t interval of that mean, computed over games (each game's
            mean over the bot's seats is one value), so that the seats of one game, which are
            not independent, do not narrow it (``None`` for fewer than 2 games).
        stdev_score: the spread of its final totals over all its seats.
    """

    bot: str
    seats_played: int
    wins: int
    win_rate: float
    win_rate_ci: Interval
    mean_score: float
    mean_score_ci: Interval | None
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
    """The figures of a run. The [`RUN_FIELDS`][rummykit.play.results.RUN_FIELDS] depend on how the run
    was played; everything else only on the games asked for (the same on every backend, with any
    number of workers and any chunk size).

    Attributes:
        variant: the variant's name.
        players: seats per game.
        games: the games counted (fewer than ``games_requested`` if the run was interrupted or
            games failed).
        seed: the run's seed.
        bots: the bots, as given (seat ``s`` plays ``bots[s % len(bots)]``).
        options: the options of every game.
        house_rules: the house rules of every game (a document written before version 1 does
            not name them: empty).
        games_requested: the games the run was asked for.
        confidence: the level of the confidence intervals.
        seats: per seat.
        by_bot: per bot, over its seats.
        mean_rounds: rounds per game.
        turns_per_round: the distribution of turns per round.
        mean_actions: actions per game.
        seconds: how long this run took (a resumed run: only its own part).
        games_per_second: the games this run played over ``seconds``.
        workers: the worker processes the run played in (never more than it had chunks for), or
            on Ray, the chunks it ran in parallel.
        backend: ``"local"`` or ``"ray"``.
        chunk_size: games per chunk sent to a worker (``None``: one game at a time, in this process).
        retries: chunks played again because their worker died.
        failures: the chunks that failed (their games are not counted).
        done: the ranges ``(start, stop)`` of the games counted.
        counts: the exact counts the figures are read from (``None`` for a document written
            before version 1, which cannot be resumed).
    """

    variant: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    options: Mapping[str, Any]
    house_rules: tuple[str, ...] = ()
    games_requested: int = attrs.field(default=attrs.Factory(lambda self: self.games, takes_self=True))
    confidence: float = 0.95
    seats: tuple[SeatStats, ...]
    by_bot: tuple[BotStats, ...]
    mean_rounds: float
    turns_per_round: TurnStats
    mean_actions: float
    seconds: float
    games_per_second: float
    workers: int
    backend: str = "local"
    chunk_size: int | None = None
    retries: int = 0
    failures: tuple[GameFailure, ...] = ()
    done: tuple[tuple[int, int], ...] = ()
    counts: Counts | None = None

    @property
    def complete(self) -> bool:
        """Whether every game asked for is counted."""
        return self.games == self.games_requested

    def figures(self) -> dict[str, Any]:
        """The result as plain data: its versioned JSON document
        ([`results_to_data`][rummykit.play.results.results_to_data])."""
        return results_to_data(self)


def _turn_stats(counts: Counts) -> TurnStats:
    n = counts.rounds_counted

    def percentile(fraction: float) -> float:
        position = fraction * (n - 1)
        low = int(position)
        lower, upper = counts.turns_nth(low), counts.turns_nth(min(low + 1, n - 1))
        return lower + (upper - lower) * (position - low)

    median = counts.turns_nth(n // 2) if n % 2 else (counts.turns_nth(n // 2 - 1) + counts.turns_nth(n // 2)) / 2
    return TurnStats(
        mean=exact_mean(n, sum(turns * rounds for turns, rounds in counts.turns)),
        median=median,
        p10=percentile(0.1),
        p90=percentile(0.9),
        max=counts.turns[-1][0],
    )


def _seats(counts: Counts, confidence: float) -> tuple[SeatStats, ...]:
    n = counts.games
    return tuple(
        SeatStats(
            seat=seat,
            bot=bot,
            wins=counts.wins[seat],
            win_rate=counts.wins[seat] / n,
            win_rate_ci=wilson_interval(counts.wins[seat], n, confidence),
            mean_score=exact_mean(n, counts.score_sums[seat]),
            mean_score_ci=mean_interval(
                n, total=counts.score_sums[seat], squares=counts.score_squares[seat], confidence=confidence
            ),
            stdev_score=exact_pstdev(n, counts.score_sums[seat], counts.score_squares[seat]),
        )
        for seat, bot in enumerate(counts.seat_bots)
    )


def _by_bot(counts: Counts, confidence: float) -> tuple[BotStats, ...]:
    stats = []
    for bot, name in enumerate(counts.bots):
        seats = [seat for seat, seat_bot in enumerate(counts.seat_bots) if seat_bot == name]
        played = counts.games * len(seats)
        wins = sum(counts.wins[seat] for seat in seats)
        total = sum(counts.score_sums[seat] for seat in seats)
        squares = sum(counts.score_squares[seat] for seat in seats)
        stats.append(
            BotStats(
                bot=name,
                seats_played=played,
                wins=wins,
                win_rate=wins / played,
                win_rate_ci=wilson_interval(wins, played, confidence),
                mean_score=exact_mean(played, total),
                mean_score_ci=mean_interval(
                    counts.games, total=total, squares=counts.bot_squares[bot], confidence=confidence, per=len(seats)
                ),
                stdev_score=exact_pstdev(played, total, squares),
            )
        )
    return tuple(stats)


def summarize(
    counts: Counts,
    *,
    variant: str,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any],
    house_rules: Sequence[str] = (),
    games_requested: int | None = None,
    confidence: float = 0.95,
    done: Sequence[tuple[int, int]] | None = None,
    failures: Sequence[GameFailure] = (),
    seconds: float = 0.0,
    games_per_second: float = 0.0,
    workers: int = 1,
    backend: str = "local",
    chunk_size: int | None = None,
    retries: int = 0,
) -> SimulationResult:
    """The figures of a run read from its counts (of at least one game).

    Raises:
        ValueError: counts of no games, or a confidence level not between 0 and 1.
    """
    if counts.games < 1:
        raise ValueError("a run's figures need at least one game")
    return SimulationResult(
        variant=variant,
        players=len(counts.seat_bots),
        games=counts.games,
        seed=seed,
        bots=tuple(bots),
        options=dict(options),
        house_rules=tuple(house_rules),
        games_requested=counts.games if games_requested is None else games_requested,
        confidence=confidence,
        seats=_seats(counts, confidence),
        by_bot=_by_bot(counts, confidence),
        mean_rounds=exact_mean(counts.games, counts.rounds),
        turns_per_round=_turn_stats(counts),
        mean_actions=exact_mean(counts.games, counts.actions),
        seconds=seconds,
        games_per_second=games_per_second,
        workers=workers,
        backend=backend,
        chunk_size=chunk_size,
        retries=retries,
        failures=tuple(failures),
        done=((0, counts.games),) if done is None else tuple(done),
        counts=counts,
    )


# -- the document ----------------------------------------------------------------------------------


def _interval(interval: Interval | None) -> dict[str, float] | None:
    return None if interval is None else {"low": interval.low, "high": interval.high}


def _stats(stats: SeatStats | BotStats) -> dict[str, Any]:
    data = attrs.asdict(stats, recurse=False)
    data["win_rate_ci"] = _interval(stats.win_rate_ci)
    data["mean_score_ci"] = _interval(stats.mean_score_ci)
    return data


def _finite(value: float) -> float | None:
    """JSON has no infinity nor NaN: ``null`` stands for them."""
    return value if math.isfinite(value) else None


def results_to_data(result: SimulationResult) -> dict[str, Any]:
    """The result as JSON-ready data, with its format and version."""
    data: dict[str, Any] = {
        "format": RESULTS_FORMAT,
        "version": RESULTS_VERSION,
        "variant": result.variant,
        "players": result.players,
        "games": result.games,
        "games_requested": result.games_requested,
        "complete": result.complete,
        "seed": result.seed,
        "bots": list(result.bots),
        "options": dict(result.options),
        "house_rules": list(result.house_rules),
        "confidence": result.confidence,
        "intervals": dict(INTERVALS),
        "seats": [_stats(seat) for seat in result.seats],
        "by_bot": [_stats(bot) for bot in result.by_bot],
        "mean_rounds": result.mean_rounds,
        "turns_per_round": attrs.asdict(result.turns_per_round),
        "mean_actions": result.mean_actions,
        "seconds": _finite(result.seconds),
        "games_per_second": _finite(result.games_per_second),
        "workers": result.workers,
        "backend": result.backend,
        "chunk_size": result.chunk_size,
        "retries": result.retries,
        "failures": [attrs.asdict(failure) for failure in result.failures],
        "done": [list(pair) for pair in result.done],
    }
    if result.counts is not None:
        counts = _CONVERTER.unstructure(result.counts)
        counts["turns"] = [list(pair) for pair in result.counts.turns]
        data["counts"] = counts
    return data


def dump_results(result: SimulationResult, *, indent: int | None = 2) -> str:
    """The result as a JSON document (``rummykit simulate --json`` prints the same)."""
    return json.dumps(results_to_data(result), indent=indent, ensure_ascii=False)


def _big_integer(value: Any, _: type) -> int:
    """A JSON integer of any size (sums of squares over millions of games pass 2**64)."""
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {json_type(value)}")
    return value


def _number(value: Any, _: type) -> float:
    if type(value) not in (int, float):
        raise ValueError(f"expected a number, not {json_type(value)}")
    return float(value)


def _pair(value: Any, _: type) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2 or any(type(item) is not int for item in value):
        raise ValueError(f"expected a pair of integers, not {quote(value)}")
    return value[0], value[1]


def _results_converter() -> cattrs.Converter:
    conv = strict_converter(integer=_big_integer)
    conv.register_structure_hook(float, _number)
    conv.register_structure_hook_func(lambda type_: type_ == tuple[int, int], _pair)
    return conv


_CONVERTER: Final = _results_converter()


@attrs.frozen(kw_only=True)
class _Stored:
    """What a version 1 document holds beyond the figures read from its counts."""

    variant: str
    players: int
    games: int
    games_requested: int
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any]
    house_rules: tuple[str, ...]
    confidence: float
    seconds: float | None
    games_per_second: float | None
    workers: int
    backend: str
    chunk_size: int | None
    retries: int
    failures: tuple[GameFailure, ...]
    done: tuple[tuple[int, int], ...]
    counts: Counts


_FIGURES: Final = (
    "complete",
    "intervals",
    "seats",
    "by_bot",
    "mean_rounds",
    "turns_per_round",
    "mean_actions",
)
"""The keys of a document read from its counts rather than from the document."""


def _fail(exc: Exception, prefix: str = "") -> InvalidResultsError:
    if isinstance(exc, cattrs.BaseValidationError):
        problems = cattrs.transform_error(exc, format_exception=describe_problem)
        path, message = problem_path(problems[0]) if problems else ("", str(exc))
        more = " (and more problems)" if len(problems) > 1 else ""
        return InvalidResultsError((prefix + path).rstrip("."), message + more)
    return InvalidResultsError(prefix.rstrip("."), str(exc))


def _check(condition: bool, path: str, problem: Callable[[], str]) -> None:
    if not condition:
        raise InvalidResultsError(path, problem())


def load_results(data: str | bytes | Mapping[str, Any]) -> SimulationResult:
    """Read a results document (JSON text, or parsed JSON), validating it: the counts must be
    those of some games, and agree with the games, seats, bots and ranges the document names. The
    figures are read from the counts.

    Raises:
        InvalidResultsError: naming the field (``counts.wins``) and the problem.
    """
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise InvalidResultsError("", f"not a JSON document: {quote(str(exc))}") from exc
    if isinstance(data, Mapping) and "format" not in data and "seats" in data and "variant" in data:
        return _load_unversioned(data)
    document = read_document(data, RESULTS_FORMAT, RESULTS_VERSION, InvalidResultsError)
    for key in _FIGURES:
        document.pop(key, None)
    try:
        stored = _CONVERTER.structure(document, _Stored)
    except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
        raise _fail(exc) from exc
    counts = stored.counts
    try:
        counts.check()
    except ValueError as exc:
        raise InvalidResultsError("counts", str(exc)) from exc
    _check(stored.players >= 1, "players", lambda: f"expected at least 1, not {stored.players}")
    _check(bool(stored.bots), "bots", lambda: "expected at least one bot")
    seat_bots = tuple(stored.bots[seat % len(stored.bots)] for seat in range(stored.players))
    _check(
        counts.seat_bots == seat_bots,
        "counts.seat_bots",
        lambda: f"expected {list(seat_bots)} (players and bots), not {list(counts.seat_bots)}",
    )
    _check(stored.games == counts.games, "games", lambda: f"the counts hold {counts.games} games, not {stored.games}")
    _check(
        stored.games_requested >= stored.games,
        "games_requested",
        lambda: f"fewer than the {stored.games} games counted",
    )
    _check(
        0 < stored.confidence < 1, "confidence", lambda: f"expected a number between 0 and 1, not {stored.confidence}"
    )
    try:
        ranges = GameRanges(stored.done)
    except ValueError as exc:
        raise InvalidResultsError("done", str(exc)) from exc
    _check(
        ranges.total == counts.games and ranges.end <= stored.games_requested,
        "done",
        lambda: (
            f"the ranges hold {ranges.total} games up to game {ranges.end - 1}, not the {counts.games} counted "
            f"of {stored.games_requested}"
        ),
    )
    if counts.games == 0:
        raise InvalidResultsError("games", "a results document holds at least one game")
    try:
        return summarize(
            counts,
            variant=stored.variant,
            seed=stored.seed,
            bots=stored.bots,
            options=stored.options,
            house_rules=stored.house_rules,
            games_requested=stored.games_requested,
            confidence=stored.confidence,
            done=ranges.ranges(),
            failures=stored.failures,
            seconds=stored.seconds if stored.seconds is not None else math.inf,
            games_per_second=stored.games_per_second if stored.games_per_second is not None else math.inf,
            workers=stored.workers,
            backend=stored.backend,
            chunk_size=stored.chunk_size,
            retries=stored.retries,
        )
    except (RummyError, ValueError) as exc:
        raise InvalidResultsError("counts", str(exc)) from exc


# -- documents written before version 1 ------------------------------------------------------------


@attrs.frozen(kw_only=True)
class _OldStats:
    seat: int | None = None
    bot: str
    seats_played: int | None = None
    wins: int
    win_rate: float
    mean_score: float
    stdev_score: float


@attrs.frozen(kw_only=True)
class _Unversioned:
    """``rummykit simulate --json`` before results were versioned: figures only."""

    variant: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any]
    seats: tuple[_OldStats, ...]
    by_bot: tuple[_OldStats, ...]
    mean_rounds: float
    turns_per_round: TurnStats
    mean_actions: float
    seconds: float
    games_per_second: float
    workers: int


def _old_mean_interval(n: int, mean: float, pstdev: float, confidence: float) -> Interval | None:
    """The t interval of a mean from its population standard deviation (what old documents hold)."""
    if n < 2:
        return None
    half = t_quantile(two_sided_quantile(confidence), n - 1) * pstdev / math.sqrt(n - 1)
    return Interval(mean - half, mean + half)


def _load_unversioned(data: Mapping[str, Any]) -> SimulationResult:
    try:
        old = _CONVERTER.structure(dict(data), _Unversioned)
    except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
        raise _fail(exc) from exc
    _check(old.games >= 1, "games", lambda: f"expected at least 1, not {old.games}")
    _check(len(old.seats) == old.players, "seats", lambda: f"expected {old.players} seats, not {len(old.seats)}")

    def rate(wins: int, trials: int, path: str) -> Interval:
        try:
            return wilson_interval(wins, trials)
        except ValueError as exc:
            raise InvalidResultsError(path, str(exc)) from exc

    seats = tuple(
        SeatStats(
            seat=seat,
            bot=stats.bot,
            wins=stats.wins,
            win_rate=stats.win_rate,
            win_rate_ci=rate(stats.wins, old.games, f"seats[{seat}].wins"),
            mean_score=stats.mean_score,
            mean_score_ci=_old_mean_interval(old.games, stats.mean_score, stats.stdev_score, 0.95),
            stdev_score=stats.stdev_score,
        )
        for seat, stats in enumerate(old.seats)
    )
    by_bot = tuple(
        BotStats(
            bot=stats.bot,
            seats_played=stats.seats_played or 0,
            wins=stats.wins,
            win_rate=stats.win_rate,
            win_rate_ci=rate(stats.wins, stats.seats_played or 0, f"by_bot[{i}].wins"),
            mean_score=stats.mean_score,
            mean_score_ci=None,  # the games' own spread is not in the document
            stdev_score=stats.stdev_score,
        )
        for i, stats in enumerate(old.by_bot)
    )
    return SimulationResult(
        variant=old.variant,
        players=old.players,
        games=old.games,
        seed=old.seed,
        bots=old.bots,
        options=old.options,
        seats=seats,
        by_bot=by_bot,
        mean_rounds=old.mean_rounds,
        turns_per_round=old.turns_per_round,
        mean_actions=old.mean_actions,
        seconds=old.seconds,
        games_per_second=old.games_per_second,
        workers=old.workers,
        done=((0, old.games),),
    )
