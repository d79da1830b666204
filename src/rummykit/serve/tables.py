"""The games a server holds: each a [`Table`][rummykit.serve.tables.Table] (a game, who plays each
seat, the pages watching it), and [`Tables`][rummykit.serve.tables.Tables], the server's tables by
token, backed by a [`Storage`][rummykit.serve.storage.Storage].

An action is applied under the table's lock, stored (committed), then acknowledged, then every
page watching the game is sent its new state. The [`Writer`][rummykit.serve.tables.Writer] stores
from a thread of its own, and stores together the actions that arrive while it writes: one commit,
one write to the disk, for many games' actions. Bots play their seats as soon as the rules ask them
to act, one action at a time (after ``bot_delay`` seconds, so that people can follow), each stored
like a person's. A page that does not read its messages is sent only the latest state, and is
closed if its messages pile up.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import hashlib
import json
import logging
import queue
import secrets
import threading
from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

from rummykit.core.bots import Bot
from rummykit.core.engine import Game, new_game, replay
from rummykit.core.errors import InvalidOptionError, RummyError, quote
from rummykit.core.plugins import available_bots, make_bot
from rummykit.core.shoe import MAX_SEED
from rummykit.documents.serialize import dump_record, load_record
from rummykit.serve.messages import BadMessage, action_document, read_action, seat_message
from rummykit.serve.storage import Storage, StoredAction, StoredGame

__all__ = [
    "MAX_LISTENERS",
    "MAX_PENDING",
    "GameFull",
    "Listener",
    "Refused",
    "Table",
    "Tables",
    "Watcher",
    "Writer",
    "token_digest",
]

log = logging.getLogger("rummykit.serve")

MAX_PENDING: Final = 32
"""How many messages may wait for a page that does not read them before it is closed."""
MAX_LISTENERS: Final = 64
"""The most pages watching one game at once (its seats' and its spectators')."""


class Refused(Exception):
    """An action or a request the server refuses; its text says why, and nothing changed."""


class GameFull(Refused):
    """The server holds as many unfinished games as it may."""


def token_digest(token: str) -> str:
    """The digest a token is stored and looked up by (SHA-256, hexadecimal).

    Examples:
        >>> len(token_digest("abc"))
        64
    """
    return hashlib.sha256(token.encode()).hexdigest()


_Job = tuple[StoredAction | tuple[StoredGame, Mapping[str, int | None]], "concurrent.futures.Future[None]"]


class Writer:
    """Stores games and actions from a thread of its own: the actions waiting when it is ready are
    stored in one transaction (a group commit). Each write is awaited; it returns once committed."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="rummykit-serve-writer", daemon=True)
        self._thread.start()

    async def add_game(self, game: StoredGame, tokens: Mapping[str, int | None]) -> None:
        """Store a new game (see [`Storage.add_game`][rummykit.serve.storage.Storage.add_game])."""
        await self._wait((game, tokens))

    async def add_action(self, action: StoredAction) -> None:
        """Store an action; return once it is committed."""
        await self._wait(action)

    async def _wait(self, item: StoredAction | tuple[StoredGame, Mapping[str, int | None]]) -> None:
        done: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._jobs.put((item, done))
        await asyncio.wrap_future(done)

    def close(self) -> None:
        """Store what is waiting, then stop the thread."""
        self._jobs.put(None)
        self._thread.join()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            jobs: list[_Job] = []
            while job is not None:
                jobs.append(job)
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
            for item, done in jobs:
                if not isinstance(item, StoredAction):
                    _settle(done, lambda item=item: self.storage.add_game(*item))
            actions = [(item, done) for item, done in jobs if isinstance(item, StoredAction)]
            try:
                self.storage.add_actions([item for item, _ in actions])
            except Exception:  # one of them is refused: store each alone, so that only it fails
                for item, done in actions:
                    _settle(done, lambda item=item: self.storage.add_actions([item]))
            else:
                for _, done in actions:
                    done.set_result(None)
            if job is None:
                return


def _settle(done: concurrent.futures.Future[None], write: Any) -> None:
    try:
        write()
    except Exception as exc:
        done.set_exception(exc)
    else:
        done.set_result(None)


class Watcher(Protocol):
    """What a table needs of a page's connection: to be sent a message, and closed."""

    async def send_text(self, text: str) -> None: ...

    async def close(self, code: int) -> None: ...


class Listener:
    """One page watching a table as one seat: its messages wait here, in order, and one task sends
    them; of the state messages only the latest waits."""

    def __init__(self, watcher: Watcher, seat: int | None, *, pictures: bool) -> None:
        self.watcher = watcher
        self.seat = seat
        self.pictures = pictures
        self.outbox: collections.deque[tuple[str, str]] = collections.deque()
        self.wake = asyncio.Event()
        self.closed = False

    def put(self, kind: str, text: str) -> None:
        if self.closed:
            return
        if kind == "state":
            self.outbox = collections.deque(item for item in self.outbox if item[0] != "state")
        self.outbox.append((kind, text))
        if len(self.outbox) > MAX_PENDING:
            self.closed = True
        self.wake.set()

    async def run(self) -> None:
        """Send the waiting messages until closed (a page that lets too many wait is closed)."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.closed:
                await self.watcher.close(1008)
                return
            while self.outbox:
                _, text = self.outbox.popleft()
                await self.watcher.send_text(text)


class Table:
    """A game being played: the game, who plays each seat, its bots and the pages watching it."""

    def __init__(
        self, game_id: str, game: Game, seats: Sequence[str | None], writer: Writer, *, bot_delay: float = 0.0
    ) -> None:
        self.id = game_id
        self.game = game
        self.seats = tuple(seats)
        self.writer = writer
        self.storage = writer.storage
        self.bot_delay = bot_delay
        self.at = len(game.record.actions)
        self.last_acted: dict[int, int] = {}
        """The number of each seat's last action (its actions before a restart do not count)."""
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.bots: dict[int, Bot] = {
            seat: make_bot(name, game.configuration, seed=secrets.randbits(64))
            for seat, name in enumerate(self.seats)
            if name is not None
        }
        self._bot_task: asyncio.Task[None] | None = None

    def message(self, seat: int | None, *, pictures: bool) -> str:
        """The state message of ``seat`` now, as JSON text."""
        return json.dumps(seat_message(self.game, seat, self.at, pictures=pictures), ensure_ascii=False)

    async def join(self, listener: Listener) -> None:
        """Start sending ``listener`` the game's states, beginning with the state now (after the
        action being stored, if any: a page is never shown an action before it is stored)."""
        async with self.lock:
            if len(self.listeners) >= MAX_LISTENERS:
                raise Refused(f"this game has {MAX_LISTENERS} pages open, as many as it may: close one")
            self.listeners.add(listener)
            listener.put("state", self.message(listener.seat, pictures=listener.pictures))

    def leave(self, listener: Listener) -> None:
        self.listeners.discard(listener)

    def _broadcast(self) -> None:
        made: dict[tuple[int | None, bool], str] = {}
        for listener in list(self.listeners):
            key = (listener.seat, listener.pictures)
            if key not in made:
                made[key] = self.message(listener.seat, pictures=listener.pictures)
            listener.put("state", made[key])

    async def _commit(self, seat: int, document: Mapping[str, Any], at: int | None) -> int:
        """Apply and store an action of ``seat``'s; the number of actions after it."""
        game = self.game
        if game.is_over:
            raise Refused("the game is over")
        action = read_action(game, document)
        if action.seat != seat:
            raise Refused(f"this page plays seat {seat}, not seat {quote(action.seat)}")
        if at is not None and at > self.at:
            raise Refused(f"the game has had {self.at} actions, not {at}: that is no state of this game")
        if at is not None and self.last_acted.get(seat, -1) >= at:  # sent twice, or from an old page
            raise Refused(f"seat {seat} has acted since that page's state (action {at}; now {self.at})")
        if seat not in game.to_act:
            raise Refused(f"seat {seat} may not act now; to act: {', '.join(map(str, game.to_act)) or 'nobody'}")
        try:
            applied = game.apply(action)
        except RummyError as exc:
            raise Refused(str(exc)) from None
        text = json.dumps(action_document(game, applied.action), ensure_ascii=False)
        try:
            await self.writer.add_action(StoredAction(game=self.id, number=self.at, action=text, finished=game.is_over))
        except Exception:  # the game goes back to what is stored
            log.exception("cannot store action %d of game %s", self.at, self.id)
            self.game = _restore(self.storage, self.id)
            raise Refused("the server could not store the action: try again") from None
        self.last_acted[seat] = self.at
        self.at += 1
        return self.at

    async def act(self, listener: Listener, document: Mapping[str, Any], at: int | None) -> int:
        """Apply ``listener``'s seat's action, store it, acknowledge it to the listener, and send every
        page the new state; then let the bots play. The number of actions after it.

        Raises:
            Refused: the action is refused (and nothing changed).
        """
        if listener.seat is None:
            raise Refused("a spectator does not act")
        async with self.lock:
            try:
                done = await self._commit(listener.seat, document, at)
            except BadMessage as exc:
                raise Refused(str(exc)) from None
            listener.put("accepted", json.dumps({"type": "accepted", "at": done}))
            self._broadcast()
        self.start_bots()
        return done

    def start_bots(self) -> None:
        """Let the bots play, if a bot's seat is to act and they are not playing already."""
        if self.bots and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(self._play_bots())

    def _bot_to_act(self) -> int | None:
        if self.game.is_over:
            return None
        return next((seat for seat in self.game.to_act if seat in self.bots), None)

    async def _play_bots(self) -> None:
        while self._bot_to_act() is not None:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            else:
                await asyncio.sleep(0)  # let the pages' messages go first
            async with self.lock:
                seat = self._bot_to_act()
                if seat is None:
                    return
                game = self.game
                try:
                    action = self.bots[seat].choose(game.view(seat), game.legal_actions(seat))
                    await self._commit(seat, action_document(game, action), None)
                except Exception:
                    log.exception("the bot of seat %d of game %s failed; its seat waits", seat, self.id)
                    return
                self._broadcast()


def _restore(storage: Storage, game_id: str) -> Game:
    stored = storage.load_game(game_id)
    if stored is None:
        raise LookupError(f"no game {game_id} in the store")
    return _replayed(stored)


def _replayed(stored: StoredGame) -> Game:
    """A stored game brought back: its start, and its actions applied again."""
    document = json.loads(stored.start)
    document["actions"] = [json.loads(action) for action in stored.actions]
    return replay(load_record(document, check=False))


class Tables:
    """A server's games, found by their tokens; unfinished games stay in memory, finished ones are
    brought back from the storage when asked for."""

    def __init__(self, storage: Storage, *, bot_delay: float = 0.0, max_games: int = 1000) -> None:
        self.storage = storage
        self.writer = Writer(storage)
        self.bot_delay = bot_delay
        self.max_games = max_games
        self.tables: dict[str, Table] = {}

    def restore(self) -> int:
        """Bring back every unfinished game from the storage; how many."""
        for game_id in self.storage.unfinished_games():
            stored = self.storage.load_game(game_id)
            if stored is not None and game_id not in self.tables:
                self.tables[game_id] = Table(
                    game_id, _replayed(stored), stored.seats, self.writer, bot_delay=self.bot_delay
                )
        return len(self.tables)

    def start_bots(self) -> None:
        """Let the bots of every table play (after a restart)."""
        for table in self.tables.values():
            table.start_bots()

    def close(self) -> None:
        """Store what is waiting and stop storing."""
        self.writer.close()

    async def create(
        self,
        variant: str,
        seats: Sequence[str | None],
        *,
        options: Mapping[str, Any] | None = None,
        house_rules: Sequence[str] = (),
    ) -> tuple[Table, list[str], str]:
        """A new game of ``variant`` with a seat for each of ``seats`` (a bot's name, or ``None`` for a
        person): its table, each seat's token (``""`` for a bot's seat) and the spectators' token.

        Raises:
            RummyError: a bad variant, player count, option or house rule (from `new_game`).
            InvalidOptionError: a bot the variant does not have.
            GameFull: the server holds `max_games` unfinished games.
        """
        unfinished = sum(1 for table in self.tables.values() if not table.game.is_over)
        if unfinished >= self.max_games:
            raise GameFull(f"the server holds {unfinished} unfinished games, as many as it may: try later")
        game = new_game(
            variant, len(seats), seed=secrets.randbelow(MAX_SEED + 1), options=options, house_rules=house_rules
        )
        bots = available_bots(game.configuration)
        for seat, name in enumerate(seats):
            if name is not None and name not in bots:
                raise InvalidOptionError(
                    f"seat {seat}: {variant} has no bot {quote(name)}; its bots: {', '.join(bots)}"
                )
        game_id = secrets.token_urlsafe(12)
        tokens = ["" if name is not None else secrets.token_urlsafe(32) for name in seats]
        spectators = secrets.token_urlsafe(32)
        digests: dict[str, int | None] = {token_digest(t): seat for seat, t in enumerate(tokens) if t}
        digests[token_digest(spectators)] = None
        stored = StoredGame(id=game_id, start=dump_record(game.record), seats=tuple(seats))
        await self.writer.add_game(stored, digests)
        table = Table(game_id, game, seats, self.writer, bot_delay=self.bot_delay)
        self.tables[game_id] = table
        self._forget_finished()
        return table, tokens, spectators

    def _forget_finished(self) -> None:
        """Keep at most `max_games` finished games in memory (the storage keeps them all)."""
        finished = [game_id for game_id, table in self.tables.items() if table.game.is_over and not table.listeners]
        for game_id in finished[: max(0, len(finished) - self.max_games)]:
            del self.tables[game_id]

    def find(self, token: str) -> tuple[Table, int | None] | None:
        """The table and seat (``None``: a spectator) of a token, if it is one of this server's."""
        found = self.storage.find_token(token_digest(token))
        if found is None:
            return None
        game_id, seat = found
        table = self.tables.get(game_id)
        if table is None:
            stored = self.storage.load_game(game_id)
            if stored is None:
                return None
            table = Table(game_id, _replayed(stored), stored.seats, self.writer, bot_delay=self.bot_delay)
            self.tables[game_id] = table
        return table, seat
