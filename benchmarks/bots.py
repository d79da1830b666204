"""The search bot's strength and cost (issue 37): ``python -m benchmarks.bots``.

Strength: the ``search`` bot (level 3) against the variant's ``heuristic`` bot in every built-in variant,
two-player games won (a tie shared), and in 4-player RailRoad Rummy and Railroad Canasta one search bot
against three heuristic ones, its share of the wins (an even share is 25%). The search bot's seat
goes round the table from one game to the next; game ``i`` is seeded ``SEED + i`` and every bot's seed
is fixed from it. Each figure has its 95% Wilson interval.

Cost: milliseconds a decision of the search bot at each level, per variant (the mean over every
decision it was asked for, trivial ones included, and over the decisions it searched, where more
than one action was open), measured in the strength games (level 3) and in a few games per other level.

Examples:
    python -m benchmarks.bots --games 40 --games-4p 20 --cost-games 1
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any, Final

import attrs

import rummykit
from rummykit.core.actions import Action
from rummykit.core.views import View
from rummykit.play.intervals import wilson_interval
from rummykit.search import LEVELS, SearchBot, action_key

SEED: Final = 37_000
TABLES: Final = (
    ("rummy", 2),
    ("gin-rummy", 2),
    ("railroad-rummy", 2),
    ("railroad-canasta", 2),
    ("railroad-rummy", 4),
    ("railroad-canasta", 4),
)


@attrs.define
class Timed:
    """A search bot that times its decisions."""

    bot: SearchBot
    times: list[float] = attrs.Factory(list)
    searched: list[float] = attrs.Factory(list)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view, legal)
        took = time.perf_counter() - start
        self.times.append(took)
        if len({action_key(option) for option in legal}) > 1:
            self.searched.append(took)
        return action


def play(variant: str, players: int, index: int, level: int) -> tuple[float, Timed]:
    """Game ``index``: the search bot's share of the win, and its timings."""
    seed = SEED + index
    seat = index % players
    game = rummykit.new_game(variant, players=players, seed=seed)
    bots: list[Any] = [rummykit.make_bot("heuristic", variant, seed=seed * 10 + other) for other in range(players)]
    timed = Timed(SearchBot(seed=seed, level=level))
    bots[seat] = timed
    while not game.is_over:
        actor = game.to_act[0]
        game.apply(bots[actor].choose(game.view(actor), game.legal_actions(actor)))
    winners = game.winners
    return (1 / len(winners) if seat in winners else 0.0), timed


def _ms(values: Sequence[float]) -> float:
    return 1000 * sum(values) / len(values) if values else float("nan")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per two-player variant")
    parser.add_argument("--games-4p", type=int, default=20, help="games per four-player table")
    parser.add_argument("--cost-games", type=int, default=1, help="games per variant and level for the cost")
    parser.add_argument("--only", default="", help="comma-separated variant/players to run (gin-rummy/2)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON lines")
    args = parser.parse_args(argv)
    only = {item for item in args.only.split(",") if item}
    for variant, players in TABLES:
        if only and f"{variant}/{players}" not in only:
            continue
        games = args.games if players == 2 else args.games_4p
        share = 0.0
        times: dict[int, list[float]] = {}
        searched: dict[int, list[float]] = {}
        for index in range(games):
            won, timed = play(variant, players, index, 3)
            share += won
            times.setdefault(3, []).extend(timed.times)
            searched.setdefault(3, []).extend(timed.searched)
        for level in LEVELS:
            if level == 3 or players != 2:
                continue
            for index in range(args.cost_games):
                _, timed = play(variant, players, 1000 + index, level)
                times.setdefault(level, []).extend(timed.times)
                searched.setdefault(level, []).extend(timed.searched)
        interval = wilson_interval(share, games) if games else None
        low, high = (interval.low, interval.high) if interval else (0.0, 1.0)
        result = {
            "variant": variant,
            "players": players,
            "games": games,
            "search_share": share / games if games else float("nan"),
            "interval": [low, high],
            "ms_per_decision": {level: _ms(values) for level, values in sorted(times.items())},
            "ms_per_searched_decision": {level: _ms(values) for level, values in sorted(searched.items())},
        }
        if args.json:
            print(json.dumps(result), flush=True)
        else:
            costs = ", ".join(
                f"L{level} {_ms(times[level]):.0f} ({_ms(searched[level]):.0f})" for level in sorted(times)
            )
            print(
                f"{variant} {players}p: search won {share:g}/{games} = {share / max(games, 1):.0%} "
                f"(95% {low:.0%} to {high:.0%}); ms a decision (searched ones): {costs}",
                flush=True,
            )


if __name__ == "__main__":
    main()
