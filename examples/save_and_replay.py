"""Save a game, load it back, replay it, and continue from a saved position.

python examples/save_and_replay.py --seed 3 --dir /tmp/rummy

1. Play a seeded game of RailRoad Rummy to the end and save its record (``game.json``).
2. Load the record and replay it: the same game, action for action, with the same scores.
3. Step through the replay: where the game stood after its first 40 actions.
4. Save the position in the middle of a round (``position.json``), load it, and play on from it.
5. Save what one seat may see (``view.json``): its hand, the other hands as counts.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

import rummykit
from rummykit.documents.serialize import dump_position, dump_record, dump_view, load_position, load_record


def play_to_end(game: rummykit.Game, seed: int) -> None:
    """Every seat plays a random legal action until the game is over."""
    chooser = random.Random(seed)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None, help="where to write the files (default: a temporary one)")
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="rummykit-"))
    folder.mkdir(parents=True, exist_ok=True)

    # 1. A whole game, saved as its record: how it was created and every action.
    game = rummykit.new_game("railroad-rummy", players=3, seed=args.seed)
    play_to_end(game, args.seed)
    record_file = folder / "game.json"
    record_file.write_text(dump_record(game.record, indent=1), encoding="utf-8")
    print(f"saved {len(game.record.actions)} actions to {record_file}; totals {game.scores}")

    # 2. Load and replay: loading checks the document and replays every action against the rules.
    record = load_record(record_file.read_text(encoding="utf-8"))
    again = rummykit.replay(record)
    assert again == game and again.scores == game.scores
    print(f"replayed: totals {again.scores}, winners {again.winners}")

    # 3. Step through: the game as it stood after its first 40 actions.
    early = rummykit.replay(record, upto=40)
    print(f"after 40 actions: round {early.round}, turn {early.state.turn_number}, seat {early.turn} to play")

    # 4. A position: the state in the middle of a round, as data. Loading checks that every card
    #    is in exactly one place and that the position is one the rules allow.
    position_file = folder / "position.json"
    position_file.write_text(dump_position(early, indent=1), encoding="utf-8")
    resumed = load_position(position_file.read_text(encoding="utf-8"))
    assert resumed.view(None) == early.view(None)
    play_to_end(resumed, args.seed + 1)
    print(f"played on from {position_file.name}: totals {resumed.scores}")

    # 5. A view: what seat 0 may see, as a game server would send it. No hidden card is in it.
    view_file = folder / "view.json"
    view_file.write_text(dump_view(early.view(0), indent=1), encoding="utf-8")
    seen = json.loads(view_file.read_text(encoding="utf-8"))
    assert seen["hand"] == [str(card) for card in early.hand(0)]
    print(f"seat 0's view: {len(seen['hand'])} cards in hand, the others hold {seen['hand_sizes']}")


if __name__ == "__main__":
    main()
