"""Play one game between random players and print how each round ended.

python examples/random_game.py railroad-rummy --players 4 --seed 7
"""

from __future__ import annotations

import argparse
import random

import rummykit


def play(variant: str, players: int, seed: int) -> rummykit.Game:
    """Play a seeded game to the end, every seat choosing uniformly among its legal actions."""
    game = rummykit.new_game(variant, players=players, seed=seed)
    chooser = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        view = game.view(seat)  # what this seat may see: its own hand and everything public
        assert view.seat == seat
        game.apply(chooser.choice(game.legal_actions(seat)))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", nargs="?", default="railroad-rummy", choices=rummykit.available_variants())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    game = play(args.variant, args.players, args.seed)
    print(f"{game.spec.title}, {game.players} players, seed {args.seed}: {len(game.record.actions)} actions")
    for result in game.history:
        scores = " ".join(f"{score:>4}" for score in result.scores)
        print(f"round {result.round}: {scores}   {result.reason}")
    print("totals: " + " ".join(f"{total:>4}" for total in game.scores))
    print("winners: " + ", ".join(f"seat {seat}" for seat in game.winners))


if __name__ == "__main__":
    main()
