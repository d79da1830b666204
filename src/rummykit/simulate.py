"""Simulation: many games between bots, with statistics, in parallel processes.

Each game gets its own seed, drawn from the run's seed, and each bot its own seed drawn from the
game's, so a seeded run gives the same games, and the same figures, whatever the number of worker
processes.

Examples:
    >>> from rummykit.simulate import simulate
    >>> result = simulate("railroad-rummy", players=3, games=2, seed=1, bots=("heuristic",))
    >>> result.games, len(result.outcomes), sorted(result.bots)
    (2, 2, ['heuristic'])
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from rummykit.engine import new_game
from rummykit.errors import InvalidOptionError
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
    outcomes: tuple[GameOutcome, ...]
    seconds: float
    games_per_second: float
    workers: int

    def figures(self) -> dict[str, Any]:
        """The result as plain data (for JSON), without the per-game outcomes."""
        data = attrs.asdict(self, recurse=True)
        data.pop("outcomes")
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


def _stdev(values: Sequence[float]) -> float:
    return statistics.pstdev(values) if len(values) > 1 else 0.0


def _percentile(values: Sequence[int], fraction: float) -> float:
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


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

    Raises:
        UnknownVariantError: the variant is not installed (before any game is played).
        UnknownBotError: a bot the variant does not offer.
        InvalidOptionError: a bad player count, option, or number of games or workers.
    """
    spec = variant_spec(variant)
    if games < 1:
        raise InvalidOptionError(f"games must be at least 1, not {games}")
    if workers < 1:
        raise InvalidOptionError(f"workers must be at least 1, not {workers}")
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
    jobs = [(index, seeder.getrandbits(63)) for index in range(games)]
    opts = dict(options or {})
    started = time.perf_counter()
    outcomes: list[GameOutcome] = []
    if workers == 1:
        for index, game_seed in jobs:
            outcomes.append(run_game(variant, players, index, game_seed, seat_bots, opts, house_rules))
            if progress is not None:
                progress(1)
    else:
        size = max(1, min(25, games // (workers * 4)))
        chunks = [jobs[i : i + size] for i in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(_run_chunk, (variant, players, chunk, seat_bots, opts, tuple(house_rules)))
                for chunk in chunks
            ]
            for future in as_completed(futures):
                done = future.result()
                outcomes.extend(done)
                if progress is not None:
                    progress(len(done))
    seconds = time.perf_counter() - started
    outcomes.sort(key=lambda outcome: outcome.index)
    return _summarise(spec.name, players, seed, tuple(bots), opts, outcomes, seconds, workers)


def _summarise(
    variant: str,
    players: int,
    seed: int,
    bots: tuple[str, ...],
    options: dict[str, Any],
    outcomes: list[GameOutcome],
    seconds: float,
    workers: int,
) -> SimulationResult:
    games = len(outcomes)
    seat_bots = _seat_bots(bots, players)
    seats = []
    for seat in range(players):
        scores = [o.scores[seat] for o in outcomes]
        wins = sum(1 for o in outcomes if seat in o.winners)
        seats.append(
            SeatStats(
                seat=seat,
                bot=seat_bots[seat],
                wins=wins,
                win_rate=wins / games,
                mean_score=statistics.fmean(scores),
                stdev_score=_stdev(scores),
            )
        )
    by_bot = []
    for name in sorted(set(seat_bots)):
        mine = [seat for seat in range(players) if seat_bots[seat] == name]
        scores = [o.scores[seat] for o in outcomes for seat in mine]
        wins = sum(1 for o in outcomes for seat in mine if seat in o.winners)
        by_bot.append(
            BotStats(
                bot=name,
                seats_played=len(scores),
                wins=wins,
                win_rate=wins / len(scores),
                mean_score=statistics.fmean(scores),
                stdev_score=_stdev(scores),
            )
        )
    turns = [t for o in outcomes for t in o.turns]
    return SimulationResult(
        variant=variant,
        players=players,
        games=games,
        seed=seed,
        bots=bots,
        options=options,
        seats=tuple(seats),
        by_bot=tuple(by_bot),
        mean_rounds=statistics.fmean(len(o.turns) for o in outcomes),
        turns_per_round=TurnStats(
            mean=statistics.fmean(turns),
            median=statistics.median(turns),
            p10=_percentile(turns, 0.1),
            p90=_percentile(turns, 0.9),
            max=max(turns),
        ),
        mean_actions=statistics.fmean(o.actions for o in outcomes),
        outcomes=tuple(outcomes),
        seconds=seconds,
        games_per_second=games / seconds if seconds > 0 else float("inf"),
        workers=workers,
    )
