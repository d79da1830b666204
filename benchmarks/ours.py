"""rummykit's own measurements: starting games, random legal steps, the contract solver, copies, JSON
round trips, memory, full games with heuristic bots, and simulate's scaling over worker processes.

They use rummykit's public API only (``new_game``, ``legal_actions``, ``apply``, ``copy``,
``dump_position``/``load_position``, ``simulate``, ...), so that the same code measures an earlier
commit of the engine too (``python -m benchmarks --baseline COMMIT``, see `benchmarks.baseline`)."""

from __future__ import annotations

import functools
import itertools
import random
import statistics
from collections import defaultdict
from collections.abc import Iterator
from typing import Any, Final

from benchmarks import timing
from benchmarks.engine import (
    ContractSolver,
    bot_factories,
    configure,
    dump_position,
    load_position,
    run_game,
    simulate,
    view_to_data,
)
from benchmarks.results import Curve, Results
from benchmarks.timing import percentile, retained_bytes, time_calls_us
from rummykit import Action, Card, Game, Suit, new_game
from rummykit_variants.railroad_rummy.rules import MELD_RULES, ROUNDS

__all__ = [
    "NEW_GAMES",
    "POSITION_GAMES",
    "STEP_GAMES",
    "STEP_OPTIONS",
    "make_rules_shoe",
    "measure_games",
    "measure_new_game",
    "measure_positions",
    "measure_simulate",
    "measure_solver",
    "measure_steps",
    "mid_game",
    "random_steps",
    "solver_corpus",
]

STEP_GAMES = (
    ("rummy", 2),
    ("rummy", 3),
    ("rummy", 4),
    ("railroad-rummy", 2),
    ("railroad-rummy", 4),
    ("railroad-rummy", 6),
    ("railroad-rummy", 8),
    ("railroad-canasta", 2),
    ("railroad-canasta", 4),
    ("gin-rummy", 2),
)
"""The variants and player counts of the step measurement (``--quick``: the first, the fifth and the last
two)."""

STEP_OPTIONS: Final[dict[str, dict[str, Any]]] = {"gin-rummy": {"single_hand": True}}
"""The options of a variant's step measurement: Gin Rummy plays OpenSpiel's single hand, the same game as
OpenSpiel's ``gin_rummy`` step beside it."""

POSITION_GAMES = (("railroad-rummy", 4), ("rummy", 2), ("railroad-canasta", 4))
"""The variants and player counts whose mid-game positions are copied, round-tripped and weighed."""

NEW_GAMES = (("rummy", 2), ("railroad-rummy", 4), ("railroad-canasta", 4))
"""The variants and player counts whose ``new_game`` is timed: every built-in variant."""

_MID_GAME = {"railroad-rummy": (4, 8), "rummy": (2, 6), "railroad-canasta": (2, 40)}
"""Where a mid-game position is: the round, and the turn of that round."""


def measure_new_game(results: Results, variant: str, players: int, number: int) -> None:
    """µs per ``new_game(variant, players=players, seed=...)``: a new seed each call (the shoe is
    shuffled and the first round dealt), ``number`` calls a run, the median of five runs. One game of
    the variant is made first, so that what a process does once per variant (importing the plug-in,
    reading its hooks) is not counted: this is the cost of each further game, as in a simulation."""
    new_game(variant, players=players, seed=0)
    seeds = itertools.count(1)

    def start() -> Game:
        return new_game(variant, players=players, seed=next(seeds))

    results.add(
        f"new_game.{variant}.{players}p",
        "rummykit",
        f"new_game, {variant}, {players} players",
        time_calls_us(start, number=number),
        "µs",
        f"{number} calls a run, median of 5 runs; a new seed each call",
    )


def random_steps(variant: str, players: int, steps: int, *, seed: int = 1) -> Iterator[tuple[Game, int, random.Random]]:
    """The ``steps`` random legal steps of seeded games of ``variant`` that a step's measurements take: before
    each, the game, the seat to act and the random source its choice is drawn from, for the caller to take
    the step (``game.apply(chooser.choice(game.legal_actions(seat)))``) as it measures it. A game that
    ends is followed by a new one (seed + 1), not counted. Gin Rummy plays `STEP_OPTIONS`' single hand."""
    chooser = random.Random(seed)
    game_seed = seed
    options = STEP_OPTIONS.get(variant)
    game = new_game(variant, players=players, seed=game_seed, options=options)
    for _ in range(steps):
        if game.is_over:
            game_seed += 1
            game = new_game(variant, players=players, seed=game_seed, options=options)
        yield game, game.to_act[0], chooser


def measure_steps(results: Results, variant: str, players: int, steps: int, *, seed: int = 1) -> None:
    """µs per random legal step (``legal_actions`` + a uniform choice + ``apply``), over ``steps``
    steps of seeded games. Starting a game is not counted. For 4-player RailRoad Rummy the play
    steps are also grouped by the size of the acting hand, for the chart."""
    by_size: dict[int, list[float]] = defaultdict(list)
    keep_sizes = (variant, players) == ("railroad-rummy", 4)
    clock = timing.clock()
    total = 0.0
    for game, seat, chooser in random_steps(variant, players, steps, seed=seed):
        state = game.state
        size = len(state.hands[seat])
        after_draw = state.phase == "play"
        started = clock()
        game.apply(chooser.choice(game.legal_actions(seat)))
        spent = clock() - started
        total += spent
        if keep_sizes and after_draw:
            by_size[size].append(spent)
    results.add(
        f"step.{variant}.{players}p",
        "rummykit",
        f"random legal step, {variant}, {players} players",
        total / steps * 1e6,
        "µs",
        f"{steps} steps",
    )
    if keep_sizes:
        points = tuple(
            (size, statistics.median(times) * 1e6) for size, times in sorted(by_size.items()) if len(times) >= 30
        )
        results.curves.append(Curve("step: 4-player RailRoad Rummy, median", points))


def solver_corpus(hands_per_cell: int, *, seed: int = 7) -> list[tuple[int, int, list[Card]]]:
    """The fixed corpus of RailRoad Rummy hands: ``hands_per_cell`` hands of each size from 11 to 20
    cards and each number of wild cards from 0 to 6, dealt from the game's four-deck shoe by a seeded
    random source. Each item: (size, wild cards, the hand)."""
    shoe = make_rules_shoe()
    wilds = [card for card in shoe if MELD_RULES.is_wild(card)]
    naturals = [card for card in shoe if not MELD_RULES.is_wild(card)]
    rng = random.Random(seed)
    corpus = []
    for size in range(11, 21):
        for wild_count in range(7):
            for _ in range(hands_per_cell):
                hand = rng.sample(naturals, size - wild_count) + rng.sample(wilds, wild_count)
                rng.shuffle(hand)
                corpus.append((size, wild_count, hand))
    return corpus


def make_rules_shoe() -> tuple[Card, ...]:
    """RailRoad Rummy's shoe (four decks with two jokers each), from the game's own rules."""
    shoe: tuple[Card, ...] = configure("railroad-rummy", 4).rules.shoe
    return shoe


def _rank_faces(hand: list[Card]) -> list[Card]:
    """The hand as RailRoad Rummy's ``legal_actions`` gives it to the solver: suits set aside (RR-C4)."""
    return [card if card.suit is None else Card.of(card.rank, Suit.CLUBS) for card in hand]


def measure_solver(results: Results, hands_per_cell: int) -> None:
    """The contract solver on the corpus, for each round's contract: *decide* (``can_meet`` on the
    hand) and *enumerate* (``ways`` on the hand with suits set aside, as ``legal_actions`` lists
    go-downs). One call per hand; medians and 90th percentiles per hand size."""
    corpus = solver_corpus(hands_per_cell)
    clock = timing.clock()
    overall: dict[tuple[str, int], list[float]] = defaultdict(list)
    for number, spec in enumerate(ROUNDS, start=1):
        solver = ContractSolver(spec.contract, MELD_RULES)
        decide: dict[int, list[float]] = defaultdict(list)
        enumerate_: dict[int, list[float]] = defaultdict(list)
        ways: dict[int, list[int]] = defaultdict(list)
        for size, _, hand in corpus:
            started = clock()
            solver.can_meet(hand)
            middle = clock()
            found = solver.ways(_rank_faces(hand))
            ended = clock()
            decide[size].append(middle - started)
            enumerate_[size].append(ended - middle)
            ways[size].append(len(found))
        for size in sorted(decide):
            row = {
                "round": number,
                "contract": str(spec.contract),
                "size": size,
                "hands": len(decide[size]),
                "decide_median_us": statistics.median(decide[size]) * 1e6,
                "decide_p90_us": percentile(decide[size], 0.9) * 1e6,
                "enumerate_median_us": statistics.median(enumerate_[size]) * 1e6,
                "enumerate_p90_us": percentile(enumerate_[size], 0.9) * 1e6,
                "ways_median": statistics.median(ways[size]),
                "ways_max": max(ways[size]),
            }
            results.solver.append(row)
            overall["decide", size] += decide[size]
            overall["enumerate", size] += enumerate_[size]
    for task in ("decide", "enumerate"):
        for size in (11, 20):
            results.add(
                f"solver.{task}.{size}",
                "rummykit",
                f"contract solver, {task}, {size}-card hands (median, all contracts)",
                statistics.median(overall[task, size]) * 1e6,
                "µs",
                f"{len(overall[task, size])} hand × contract pairs",
            )
        points = tuple((size, statistics.median(overall[task, size]) * 1e6) for size in range(11, 21))
        results.curves.append(Curve(f"solver: {task}, median over the corpus", points))


def mid_game(variant: str, players: int, seed: int) -> Game:
    """A mid-game position: a seeded game between heuristic bots, stopped at a draw in the middle
    of a round halfway through the game (RailRoad Rummy: round 4, turn 8; Rummy: round 2, turn 6;
    Railroad Canasta, whose games last three or four long rounds: round 2, turn 40).
    A game that ends first is replaced by the next seed's."""
    wanted_round, wanted_turn = _MID_GAME[variant]
    while True:
        game = new_game(variant, players=players, seed=seed)
        bot_rng = random.Random(seed)
        factories = bot_factories(game.plugin_manager)
        bots = [factories["heuristic"](bot_rng.getrandbits(63)) for _ in range(players)]
        while not game.is_over:
            state = game.state
            if state.round == wanted_round and state.turn_number >= wanted_turn and state.phase == "draw":
                return game
            if state.round > wanted_round:
                break
            seat = game.to_act[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        seed += 1000


def _round_trip(game: Game) -> Game:
    return load_position(dump_position(game))


def _view_data(game: Game) -> dict[str, Any]:
    return view_to_data(game.view(game.turn))


def _legal(game: Game) -> list[Action]:
    return game.legal_actions(game.turn)


def measure_positions(results: Results, variant: str, players: int, *, positions: int, repeat: int) -> None:
    """``game.copy()``, a JSON round trip (``dump_position`` then ``load_position``) and the memory
    of a state, on ``positions`` mid-game positions (medians over them)."""
    games = [mid_game(variant, players, seed) for seed in range(1, positions + 1)]
    copies = [time_calls_us(game.copy, number=200 * repeat) for game in games]
    trips = [time_calls_us(functools.partial(_round_trip, game), number=repeat) for game in games]
    views = [time_calls_us(functools.partial(_view_data, game), number=20 * repeat) for game in games]
    memory = [retained_bytes(game.copy, 200) / 1000 for game in games]
    sizes = [len(dump_position(game)) / 1000 for game in games]
    plays = [_after_draw(game) for game in games]
    legal = [time_calls_us(functools.partial(_legal, game), number=20 * repeat) for game in plays]
    label = f"{variant}, {players} players"
    results.add(
        f"legal.{variant}.{players}p",
        "rummykit",
        f"legal_actions() after the draw, mid-game {label}",
        statistics.median(legal),
        "µs",
    )
    results.add(
        f"copy.{variant}.{players}p", "rummykit", f"game.copy(), mid-game {label}", statistics.median(copies), "µs"
    )
    results.add(
        f"json.{variant}.{players}p",
        "rummykit",
        f"JSON round trip of a mid-game position, {label}",
        statistics.median(trips),
        "µs",
        f"dump_position + load_position (validated); {statistics.median(sizes):.1f} KB of JSON",
    )
    results.add(
        f"view.{variant}.{players}p",
        "rummykit",
        f"a seat's view as JSON data, mid-game {label}",
        statistics.median(views),
        "µs",
        "view_to_data(game.view(seat)): what a game server sends a seat, the rounds before included",
    )
    results.add(
        f"memory.{variant}.{players}p",
        "rummykit",
        f"memory of a mid-game state, {label}",
        statistics.median(memory),
        "KB",
        "what one more game.copy() keeps alive (tracemalloc)",
    )


def _after_draw(game: Game) -> Game:
    """A copy of ``game`` (at a draw) after its turn player has drawn from the draw pile and every
    claim window has closed: where the turn player may go down, lay off and discard."""
    game = game.copy()
    while game.phase != "play":
        game.apply(game.legal_actions(game.to_act[0])[0])
    return game


def measure_games(results: Results, games: int) -> None:
    """Full 4-player RailRoad Rummy games (7 rounds) between heuristic bots, one after another in one
    process: games a second."""
    clock = timing.clock()
    started = clock()
    for index in range(games):
        run_game("railroad-rummy", 4, index, 1000 + index, ("heuristic",) * 4)
    seconds = clock() - started
    results.add(
        "games.heuristic.1",
        "rummykit",
        "4-player RailRoad Rummy games a second, heuristic bots, one process",
        games / seconds,
        "games/s",
        f"{games} games",
    )


def measure_simulate(results: Results, games: int) -> None:
    """``simulate`` of 4-player RailRoad Rummy between heuristic bots with 1 and 2 worker processes:
    games a second, and the speed-up (process start-up included, as a user sees it: by the wall
    clock, whichever clock the other measurements use)."""
    rates = {}
    for workers in (1, 2):
        result = simulate("railroad-rummy", players=4, games=games, seed=5, bots=("heuristic",), workers=workers)
        rates[workers] = results.add(
            f"simulate.workers.{workers}",
            "rummykit",
            f"simulate --workers {workers}: 4-player RailRoad Rummy, heuristic bots",
            result.games_per_second,
            "games/s",
            f"{games} games; wall time, whatever the clock",
        )
    results.add("simulate.speedup.2", "rummykit", "simulate: 2 workers ÷ 1 worker", rates[2] / rates[1], "×")
