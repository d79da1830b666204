"""Where the server keeps its games: a small storage interface, and SQLite behind it.

A game is stored as its record at the start (the variant, players, options, house rules and the
seed, [`dump_record`][rummykit.documents.serialize.dump_record] with no action yet), who plays each
seat (a bot's name, or ``None`` for a person), the digests of its invitation tokens, and then its
actions, one row each, in order. [`add_actions`][rummykit.serve.storage.Storage.add_actions] returns
only once the actions are committed: the server acknowledges an action after that, never before (it
stores the actions of many games in one transaction, from a thread of its own: one write to the disk
for them all). A restarted server replays each unfinished game's stored actions from its stored start.
An unfinished game left idle is removed with [`delete_games`][rummykit.serve.storage.Storage.delete_games],
so that it is not brought back.

The tokens themselves are never stored: only their SHA-256 digests, so that a copy of the database
lets nobody join a game (it holds every seed, so it tells every hand: keep it private).

Examples:
    >>> storage = SqliteStorage(":memory:")
    >>> storage.add_game(StoredGame(id="g1", start="{}", seats=(None, "random")), {"digest0": 0})
    >>> storage.add_actions([StoredAction(game="g1", number=0, action='{"type": "draw", "seat": 0}')])
    >>> storage.find_token("digest0"), storage.unfinished_games()
    (('g1', 0), ['g1'])
    >>> storage.load_game("g1").actions
    ('{"type": "draw", "seat": 0}',)
    >>> storage.delete_games(["g1"])
    >>> storage.find_token("digest0"), storage.load_game("g1"), storage.unfinished_games()
    (None, None, [])
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Final, Protocol

import attrs

__all__ = ["SCHEMA", "SqliteStorage", "Storage", "StoredAction", "StoredGame"]


@attrs.frozen(kw_only=True)
class StoredGame:
    """A game as stored.

    Attributes:
        id: the game's id (the server's own; never sent to a page).
        start: the record of the game at its start, as JSON text (its seed included).
        seats: for each seat, the name of the bot that plays it, or ``None`` for a person.
        actions: the game's actions so far, each an action document as JSON text, in order.
        finished: whether the game is over.
        round_end_seconds: how long the table holds a round's end on screen (set when the game was
            created; ``None`` in a store written before it was kept: the server's default).
    """

    id: str
    start: str
    seats: tuple[str | None, ...]
    actions: tuple[str, ...] = ()
    finished: bool = False
    round_end_seconds: float | None = None


@attrs.frozen(kw_only=True)
class StoredAction:
    """An action to store: the game's action number ``number`` (from 0, with no gap), as an action
    document in JSON text, and whether it ended the game."""

    game: str
    number: int
    action: str
    finished: bool = False


class Storage(Protocol):
    """What the server needs of a store of games. Each method returns once its change is durable."""

    def add_game(self, game: StoredGame, tokens: Mapping[str, int | None]) -> None:
        """Store a new game and the digests of its tokens (each to its seat, ``None`` a spectator's)."""
        ...

    def add_actions(self, actions: Sequence[StoredAction]) -> None:
        """Store actions (of one game or many) in one transaction, and commit; all or none. Storing an
        action number of a game twice raises (sqlite3.IntegrityError for SQLite)."""
        ...

    def find_token(self, digest: str) -> tuple[str, int | None] | None:
        """The game and seat of the token whose digest is ``digest``, if any."""
        ...

    def load_game(self, game_id: str) -> StoredGame | None:
        """A stored game with its actions, if stored."""
        ...

    def unfinished_games(self) -> list[str]:
        """The ids of the games not over, oldest first."""
        ...

    def delete_games(self, game_ids: Sequence[str]) -> None:
        """Remove games, their tokens and their actions, in one transaction (an id not stored is
        skipped): a removed game is never brought back, and its tokens join nothing."""
        ...

    def close(self) -> None:
        """Close the store."""
        ...


SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    start TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    round_end_seconds REAL
);
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games (id),
    seat INTEGER
);
CREATE INDEX IF NOT EXISTS tokens_by_game ON tokens (game);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games (id),
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
"""
"""The tables of the SQLite store."""


class SqliteStorage:
    """The games in one SQLite file (``":memory:"`` for a store that lasts as long as the object).

    The file is in write-ahead-log mode with ``synchronous=FULL``: a committed action survives the
    server's process being killed, and the machine losing power. The file is made readable by its
    owner alone. The store is one server's, used from any of its threads: one connection writes
    (one write at a time), another reads what is committed.
    """

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        if synchronous not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError(f"synchronous is FULL, NORMAL or EXTRA, not {synchronous!r}")
        self.path = str(path)
        if self.path != ":memory:" and not Path(self.path).exists():
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {str(row[1]) for row in self._db.execute("PRAGMA table_info(games)")}
        if "round_end_seconds" not in columns:  # a store written before the setting was kept
            self._db.execute("ALTER TABLE games ADD COLUMN round_end_seconds REAL")
        self._write_lock = threading.Lock()
        if self.path == ":memory:":  # one database, one connection
            self._reader, self._read_lock = self._db, self._write_lock
        else:
            self._reader = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._read_lock = threading.Lock()

    def add_game(self, game: StoredGame, tokens: Mapping[str, int | None]) -> None:
        with self._transaction():
            self._db.execute(
                "INSERT INTO games (id, start, seats, created, finished, round_end_seconds) VALUES (?, ?, ?, ?, ?, ?)",
                (game.id, game.start, json.dumps(game.seats), time.time(), int(game.finished), game.round_end_seconds),
            )
            self._db.executemany(
                "INSERT INTO tokens (digest, game, seat) VALUES (?, ?, ?)",
                [(digest, game.id, seat) for digest, seat in tokens.items()],
            )
            self._db.executemany(
                "INSERT INTO actions (game, number, action) VALUES (?, ?, ?)",
                [(game.id, number, action) for number, action in enumerate(game.actions)],
            )

    def add_actions(self, actions: Sequence[StoredAction]) -> None:
        with self._transaction():
            self._db.executemany(
                "INSERT INTO actions (game, number, action) VALUES (?, ?, ?)",
                [(action.game, action.number, action.action) for action in actions],
            )
            self._db.executemany(
                "UPDATE games SET finished = 1 WHERE id = ?", [(action.game,) for action in actions if action.finished]
            )

    def find_token(self, digest: str) -> tuple[str, int | None] | None:
        with self._read_lock:
            row = self._reader.execute("SELECT game, seat FROM tokens WHERE digest = ?", (digest,)).fetchone()
        return None if row is None else (str(row[0]), None if row[1] is None else int(row[1]))

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._read_lock:
            row = self._reader.execute(
                "SELECT start, seats, finished, round_end_seconds FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            actions = self._reader.execute(
                "SELECT action FROM actions WHERE game = ? ORDER BY number", (game_id,)
            ).fetchall()
        return StoredGame(
            id=game_id,
            start=str(row[0]),
            seats=tuple(json.loads(row[1])),
            actions=tuple(str(action) for (action,) in actions),
            finished=bool(row[2]),
            round_end_seconds=None if row[3] is None else float(row[3]),
        )

    def unfinished_games(self) -> list[str]:
        with self._read_lock:
            rows = self._reader.execute("SELECT id FROM games WHERE finished = 0 ORDER BY created, id").fetchall()
        return [str(game_id) for (game_id,) in rows]

    def delete_games(self, game_ids: Sequence[str]) -> None:
        rows = [(game_id,) for game_id in game_ids]
        with self._transaction():
            self._db.executemany("DELETE FROM actions WHERE game = ?", rows)
            self._db.executemany("DELETE FROM tokens WHERE game = ?", rows)
            self._db.executemany("DELETE FROM games WHERE id = ?", rows)

    def close(self) -> None:
        with self._write_lock, self._read_lock if self._reader is not self._db else contextlib.nullcontext():
            self._db.close()
            self._reader.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._write_lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
