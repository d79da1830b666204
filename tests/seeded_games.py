"""Seeded games played by the variants' own bots, as data: the records of the engine before the core
redesign (issue 15) are kept in ``tests/data/seeded_records.json.gz``, and the engine after it must
give the same records (``tests/test_seeded_records.py``).

Only the public API is used, so the games play the same on any version of the engine. Regenerate
the data (only where a change of the rules means new records) with
``python -m tests.seeded_games tests/data/seeded_records.json.gz``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from typing import Any, Final

import rummykit
from rummykit.documents.serialize import record_to_data

#: (variant, house rules, options, games): a few hundred seeded games per variant.
PLAN: Final = (
    ("railroad-rummy", (), {"max_rounds": 3}, 200),
    ("railroad-canasta", (), {"max_rounds": 2}, 200),
    *(
        ("rummy", stack, {}, 25)
        for stack in (
            (),
            ("jokers",),
            ("ace-low",),
            ("discard-to-go-out",),
            ("initial-meld-50",),
            ("one-meld-per-turn",),
            ("ace-low", "initial-meld-50", "jokers"),
            ("discard-to-go-out", "one-meld-per-turn"),
        )
    ),
)
KEPT_WHOLE: Final = 3
"""How many records of each line of the plan are kept whole (the others as digests)."""


def games() -> Iterator[dict[str, Any]]:
    """Every game of the plan: how it is set up."""
    for variant, house_rules, options, count in PLAN:
        spec = rummykit.variant_spec(variant)
        for seed in range(count):
            players = spec.players[seed % len(spec.players)]
            yield {
                "variant": variant,
                "house_rules": list(house_rules),
                "options": options,
                "players": players,
                "seed": seed,
                "bots": ["heuristic" if (seat + seed) % 2 else "random" for seat in range(players)],
            }


def play(game_setup: dict[str, Any]) -> rummykit.Game:
    """The game of ``game_setup``, played to its end by its bots."""
    game = rummykit.new_game(
        game_setup["variant"],
        game_setup["players"],
        seed=game_setup["seed"],
        options=game_setup["options"],
        house_rules=game_setup["house_rules"],
    )
    seed = game_setup["seed"]
    bots = [
        rummykit.make_bot(name, game_setup["variant"], seed=1000 * seed + seat)
        for seat, name in enumerate(game_setup["bots"])
    ]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def digest(game: rummykit.Game) -> str:
    """A digest of the game's actions as its record writes them."""
    actions = record_to_data(game.record)["actions"]
    return hashlib.sha256(json.dumps(actions, sort_keys=True).encode()).hexdigest()


def main(path: str) -> None:
    """Play every game of the plan and write the data file."""
    rows = []
    kept: dict[tuple[str, str], int] = {}
    for game_setup in games():
        game = play(game_setup)
        row = {**game_setup, "actions": len(game.record.actions), "scores": list(game.scores), "digest": digest(game)}
        line = (game_setup["variant"], "+".join(game_setup["house_rules"]))
        if kept.get(line, 0) < KEPT_WHOLE:
            kept[line] = kept.get(line, 0) + 1
            row["record"] = record_to_data(game.record)
        rows.append(row)
    with gzip.open(path, "wt", encoding="utf-8") as out:
        json.dump(rows, out, separators=(",", ":"))


if __name__ == "__main__":
    main(sys.argv[1])
