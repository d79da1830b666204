"""A round-robin tournament between bots: your own bot class against the variant's bots.

python examples/bot_tournament.py railroad-rummy --games 4 --seed 1

Each pair of bots plays ``--games`` seeded two-player games with each bot in each seat, so neither
gains from playing first. A bot is anything with a ``choose(view, legal)`` method; it sees only
what its seat may see (``game.view(seat)``) and the legal actions.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence

import rummykit
from rummykit import Action, Bot, Discard, GoDown, LayOff, TakeDiscard, View


class GreedyBot:
    """Plays cards as soon as it can: the biggest go-down, then any lay-off; never takes the
    discard; discards its highest card (by rank), keeping 2s and jokers (wild in RailRoad Rummy)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Go down with the most cards, else lay off, else discard high; otherwise a random choice."""
        go_downs = [action for action in legal if isinstance(action, GoDown)]
        if go_downs:
            return max(go_downs, key=lambda action: sum(len(meld) for meld in action.melds))
        lay_offs = [action for action in legal if isinstance(action, LayOff)]
        if lay_offs:
            return lay_offs[0]
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            natural = [d for d in discards if not d.card.is_joker and d.card.rank.symbol != "2"] or discards
            return max(natural, key=lambda d: (int(d.card.rank), self._rng.random()))
        others = [action for action in legal if not isinstance(action, TakeDiscard)] or list(legal)
        return self._rng.choice(others)


BotFactory = Callable[[int | None], Bot]


def contestants(variant: str) -> dict[str, BotFactory]:
    """The variant's own bots (``random``, and ``heuristic`` for the built-in variants), plus ours."""

    def factory(name: str) -> BotFactory:
        return lambda seed: rummykit.make_bot(name, variant, seed=seed)

    bots = {name: factory(name) for name in rummykit.available_bots(variant)}
    bots["greedy"] = GreedyBot
    return bots


def play(variant: str, seed: int, seats: Sequence[BotFactory]) -> rummykit.Game:
    """One seeded game, seat ``s`` played by a bot made by ``seats[s]``."""
    game = rummykit.new_game(variant, players=len(seats), seed=seed)
    players = [make(seed * 10 + seat) for seat, make in enumerate(seats)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def tournament(variant: str, games: int, seed: int) -> tuple[Counter[str], Counter[str]]:
    """Every pair of bots plays ``games`` games in each seating; returns wins and games played per bot."""
    bots = contestants(variant)
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for first, second in itertools.combinations(sorted(bots), 2):
        for seating in ((first, second), (second, first)):
            for game_index in range(games):
                game = play(variant, seed + game_index, [bots[name] for name in seating])
                played.update(seating)
                for winner in game.winners:  # tied winners all count a win
                    wins[seating[winner]] += 1
    return wins, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", nargs="?", default="railroad-rummy", choices=rummykit.available_variants())
    parser.add_argument("--games", type=int, default=3, help="games per pair of bots and seating")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wins, played = tournament(args.variant, args.games, args.seed)
    print(f"{args.variant}: round robin, {args.games} games per pairing and seating")
    for name in sorted(played, key=lambda bot: -wins[bot] / played[bot]):
        print(f"{name:>10}: won {wins[name]:>3} of {played[name]:>3} ({wins[name] / played[name]:.0%})")


if __name__ == "__main__":
    main()
