"""Draw a game: a position as each seat sees it (SVG), and a replay viewer to open in a browser (HTML).

python examples/pictures.py --seed 5 --dir /tmp/rummy-pictures

1. Play a seeded game of Railroad Canasta between the heuristic bots, and stop in its first round.
2. Draw the position as every seat sees it, and as a spectator: ``seat-0.svg`` ... ``spectator.svg``.
3. Play on to the end, and write the replay viewer of the whole game from seat 0's view
   (``game.html``): open it in any browser, from the file; no network is needed.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import rummykit
from rummykit.viewer import write_replay_html


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=None, help="where to write the files (default: a temporary one)")
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="rummykit-"))
    folder.mkdir(parents=True, exist_ok=True)

    game = rummykit.new_game("railroad-canasta", players=3, seed=args.seed, options={"max_rounds": 2})
    bots = [rummykit.make_bot("heuristic", "railroad-canasta", seed=args.seed + seat) for seat in range(3)]

    def play(actions: int | None = None) -> None:
        done = 0
        while not game.is_over and (actions is None or done < actions):
            seat = game.to_act[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
            done += 1

    # 1. and 2. The position after 30 actions, as each seat sees it: its own hand face up, no other.
    play(30)
    for seat in (*range(game.players), None):
        name = "spectator" if seat is None else f"seat-{seat}"
        path = game.picture(seat, caption=f"after {len(game.record.actions)} actions").save(folder / f"{name}.svg")
        print(f"{path}: {game.view(seat).hand_sizes} cards in hand, {len(game.view(seat).table)} melds")

    # 3. The whole game, in a page that steps through it.
    play()
    page = write_replay_html(game.record, folder / "game.html", seat=0)
    print(f"{page}: {len(game.record.actions)} actions, scores {game.scores}, open it in a browser")


if __name__ == "__main__":
    main()
