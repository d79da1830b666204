"""Seeded games give the records they gave before the core redesign (issue 15), kept as data in
``tests/data/seeded_records.json.gz`` (``tests/seeded_games.py`` plays them: a few hundred per
variant, by the variants' own bots); and games of one configuration played in several threads give
exactly the records they give one after another.

RailRoad Rummy's and Railroad Canasta's games were played again when their listings came to name one
go-down (one initial meld) for each choice of ranks (issue 24, RR-C4, RC-C6): their bots choose among
fewer plays, so their games changed. Their records from before the redesign are kept, and still replay
to the ends they reached then (``record_scores``, ``record_digest``): every action they name is still
accepted (G-6)."""

from __future__ import annotations

import gzip
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

import pytest

import rummykit
from rummykit.documents.serialize import load_record
from tests.seeded_games import digest, play

DATA: Final = Path(__file__).parent / "data" / "seeded_records.json.gz"
with gzip.open(DATA, "rt", encoding="utf-8") as _file:
    ROWS: Final[list[dict[str, Any]]] = json.load(_file)


def _name(row: dict[str, Any]) -> str:
    return "+".join([row["variant"], *row["house_rules"]]) + f"-seed{row['seed']}"


QUICK: Final = ROWS[::20]
"""Every 20th game of the data (the slow set plays them all)."""


@pytest.mark.parametrize("row", QUICK, ids=_name)
def test_a_seeded_game_gives_the_record_it_gave_before_the_redesign(row: dict[str, Any]) -> None:
    game = play(row)
    assert (len(game.record.actions), list(game.scores)) == (row["actions"], row["scores"])
    assert digest(game) == row["digest"]


@pytest.mark.slow
@pytest.mark.parametrize("row", [row for i, row in enumerate(ROWS) if i % 20], ids=_name)
def test_every_seeded_game_gives_the_record_it_gave_before_the_redesign(row: dict[str, Any]) -> None:
    game = play(row)
    assert (len(game.record.actions), list(game.scores), digest(game)) == (row["actions"], row["scores"], row["digest"])


@pytest.mark.parametrize("row", [row for row in ROWS if "record" in row], ids=_name)
def test_a_record_written_before_the_redesign_loads_and_replays(row: dict[str, Any]) -> None:
    record = load_record(row["record"])  # checked: every action replayed
    game = rummykit.replay(record)
    scores, digest_ = row.get("record_scores", row["scores"]), row.get("record_digest", row["digest"])
    assert game.is_over and list(game.scores) == scores and digest(game) == digest_


@pytest.mark.slow
def test_games_of_one_configuration_in_threads_give_the_records_they_give_one_after_another() -> None:
    rows = [row for row in ROWS if row["seed"] < 6 and row["variant"] != "rummy"] + ROWS[-8:]
    alone = [digest(play(row)) for row in rows]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda row: digest(play(row)), rows))
    assert together == alone
