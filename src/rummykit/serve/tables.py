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

The server holds a bounded number of unfinished games, in total and for each client (by its address),
and of them a bounded number of games of bots alone ([`Quota`][rummykit.serve.tables.Quota]): a game's
place is taken before it is stored, so that requests at the same time cannot hold more. An unfinished
game in which nothing has been played for ``idle_seconds`` ends: it is removed from memory and from
the storage, and its pages are told so. A finished game is kept in memory only while its last pages
are open and among the most recently used ones (``finished_kept``); brought back from the storage, it
is replayed in the worker thread ([`Builds`][rummykit.serve.builds.Builds]), never on the event loop.

When an action ends a round and the game goes on, the table holds the round's end on the pages'
screens: nobody acts (its bots wait too) until every person whose page is open has said they are
ready, or until ``round_end_seconds`` have passed; then the next round is played. A person's ready
counts for their own seat; bots are always ready, and spectators are not waited for.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import json
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from rummykit.core.bots import Bot
from rummykit.core.engine import Game, new_game
from rummykit.core.errors import InvalidOptionError, RummyError, quote
from rummykit.core.plugins import available_bots, make_bot, parse_bot
from rummykit.core.records import GameRecord
from rummykit.core.shoe import MAX_SEED
from rummykit.documents.serialize import dump_record, load_record
from rummykit.serve.builds import Builds, Cache
from rummykit.serve.journal import LOG_PAGE, Journal, Told, replayed
from rummykit.serve.messages import (
    BadMessage,
    RoundHold,
    SeatState,
    action_document,
    log_fields,
    log_message,
    message_text,
    read_action,
    seat_state,
)
from rummykit.serve.storage import Storage, StoredAction, StoredGame

__all__ = [
    "EXPIRED",
    "MAX_LISTENERS",
    "MAX_PENDING",
    "MAX_ROUND_END_SECONDS",
    "ROUND_END_SECONDS",
    "GameFull",
    "Listener",
    "NotOver",
    "Quota",
    "Refused",
    "Table",
    "Tables",
    "TooMany",
    "Watcher",
    "Writer",
    "token_digest",
]

log = logging.getLogger("rummykit.serve")

MAX_PENDING: Final = 32
"""How many messages may wait for a page that does not read them before it is closed."""
MAX_LISTENERS: Final = 64
"""The most pages watching one game at once (its seats' and its spectators')."""
ROUND_END_SECONDS: Final = 30.0
"""How long a table holds a round's end on screen, by default, for the people not yet ready."""
MAX_ROUND_END_SECONDS: Final = 600.0
"""The longest a table may hold a round's end on screen."""


class Refused(Exception):
    """An action or a request the server refuses; its text says why, and nothing changed."""


class GameFull(Refused):
    """The server holds as many unfinished games (or games of bots alone) as it may."""


class TooMany(Refused):
    """The client holds as many unfinished games (or games of bots alone) as one client may."""


class NotOver(Refused):
    """The game is not over (its record and replay page come at its end)."""


EXPIRED: Final = 4000
"""The WebSocket close code of a page whose game ended for being idle (the page does not reconnect)."""


def token_digest(token: str) -> str:
    """The digest a token is stored and looked up by (SHA-256, hexadecimal).

    Examples:
        >>> len(token_digest("abc"))
        64
    """
    return hashlib.sha256(token.encode()).hexdigest()


_Item = StoredAction | tuple[StoredGame, Mapping[str, int | None]] | frozenset[str]
"""An action to store, a game and its tokens to store, or the ids of games to remove."""
_Job = tuple[_Item, "asyncio.Future[None]"]
_Outcome = tuple["asyncio.Future[None]", BaseException | None]


class Writer:
    """Stores games and actions from a thread of its own: the actions waiting when it is ready are
    stored in one transaction (a group commit). Each write is awaited; it returns once committed. The
    writes of one transaction are settled on their event loop together, with one wake-up of the loop."""

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

    async def delete_games(self, game_ids: Sequence[str]) -> None:
        """Remove games (see [`Storage.delete_games`][rummykit.serve.storage.Storage.delete_games]),
        after the writes asked for before."""
        await self._wait(frozenset(game_ids))

    async def _wait(self, item: _Item) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._jobs.put((item, done))
        await done

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
            outcomes: list[_Outcome] = []
            for item, done in jobs:
                if isinstance(item, tuple):
                    outcomes.append((done, _failure(self.storage.add_game, *item)))
            actions = [(item, done) for item, done in jobs if isinstance(item, StoredAction)]
            if _failure(self.storage.add_actions, [item for item, _ in actions]) is None:
                outcomes += [(done, None) for _, done in actions]
            else:  # one of them is refused: store each alone, so that only it fails
                for item, done in actions:
                    outcomes.append((done, _failure(self.storage.add_actions, [item])))
            for item, done in jobs:  # after the actions: an action of a game removed is stored, then removed
                if isinstance(item, frozenset):
                    outcomes.append((done, _failure(self.storage.delete_games, sorted(item))))
            by_loop: dict[asyncio.AbstractEventLoop, list[_Outcome]] = {}
            for outcome in outcomes:
                by_loop.setdefault(outcome[0].get_loop(), []).append(outcome)
            for loop, settled in by_loop.items():
                with contextlib.suppress(RuntimeError):  # a loop closed meanwhile: nobody waits
                    loop.call_soon_threadsafe(_settle, settled)
            if job is None:
                return


def _failure(write: Callable[..., None], *args: Any) -> Exception | None:
    """What ``write(*args)`` raised, if it raised."""
    try:
        write(*args)
    except Exception as exc:
        return exc
    return None


def _settle(outcomes: list[_Outcome]) -> None:
    """Settle each write's future (on its event loop) with its outcome."""
    for done, failure in outcomes:
        if done.done():  # its task was cancelled
            continue
        if failure is None:
            done.set_result(None)
        else:
            done.set_exception(failure)


class Watcher(Protocol):
    """What a table needs of a page's connection: to be sent a message, and closed."""

    async def send_text(self, text: str) -> None: ...

    async def close(self, code: int) -> None: ...


class Listener:
    """One page watching a table as one seat: its messages wait here, in order, and one task sends
    them; of the state messages (and of the ``connected`` ones) only the latest waits. A state message
    tells the page the log's entries it has not been told (``told``): a state that waits is replaced
    by the next one with its entries kept, so that the page is told every entry once."""

    def __init__(self, watcher: Watcher, seat: int | None, *, pictures: bool | str) -> None:
        self.watcher = watcher
        self.seat = seat
        self.pictures = pictures
        self.told = Told()
        """What the page has been told of the game's log."""
        self.outbox: collections.deque[tuple[str, str, dict[str, Any] | None]] = collections.deque()
        self.wake = asyncio.Event()
        self.closed = False
        self.ending: int | None = None
        """The code to close with once the waiting messages are sent, if the page is to be closed."""

    def put(self, kind: str, text: str) -> None:
        if self.closed or self.ending is not None:
            return  # what waits is sent as it is before the page is closed
        if kind in ("state", "connected"):  # only the latest of a kind waits
            self.outbox = collections.deque(item for item in self.outbox if item[0] != kind)
        self._put((kind, text, None))

    def put_state(self, text: str, log: dict[str, Any]) -> None:
        """Let a state message wait: ``text``, the message but its log, and ``log``, its
        [`log_fields`][rummykit.serve.messages.log_fields] (the state waiting before it, if any, is
        dropped, and its log entries and glossary carried over, at most the `LOG_PAGE` highest-numbered
        entries: all a page keeps)."""
        if self.closed or self.ending is not None:
            return
        waiting = next((item[2] for item in self.outbox if item[0] == "state"), None)
        if waiting is not None:
            entries = [*waiting["log"], *log["log"]]
            if len(entries) > LOG_PAGE:
                lowest = sorted(entry["number"] for entry in entries)[-LOG_PAGE]
                entries = [entry for entry in entries if entry["number"] >= lowest]
            log = {
                "log": entries,
                "log_older": log["log_older"],
                "glossary": {**waiting["glossary"], **log["glossary"]},
            }
            self.outbox = collections.deque(item for item in self.outbox if item[0] != "state")
        self._put(("state", text, log))

    def _put(self, item: tuple[str, str, dict[str, Any] | None]) -> None:
        if self.closed or self.ending is not None:
            return
        self.outbox.append(item)
        if len(self.outbox) > MAX_PENDING:
            self.closed = True
        self.wake.set()

    def take(self) -> str:
        """The first waiting message's text, taken from the outbox (a state message with its log)."""
        _, text, log = self.outbox.popleft()
        return text if log is None else f"{text[:-1]},{message_text(log)[1:]}"  # the fields, then the log's

    def end(self, message: str, code: int) -> None:
        """Send the page an error message saying why, then close it with ``code``."""
        self.put("error", message_text({"type": "error", "message": message}))
        self.ending = code
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
                await self.watcher.send_text(self.take())
            if self.ending is not None:
                await self.watcher.close(self.ending)
                return


class Table:
    """A game being played: the game, who plays each seat, its bots and the pages watching it.

    ``client`` is the address of the client that created it (``None`` when brought back after a
    restart), and ``last_played`` the time (``time.monotonic``) of its last action, or of its creation
    or its bringing back; ``over`` is called once when an action ends the game. A round's end is held
    on screen for at most ``round_end_seconds`` (0: not held). ``journal`` is the game's log so far (a
    new one, from the game as it is, if not given: for a game with no action yet).

    Every page is told which seats have a page open (its state's ``connected``), and told again (a
    ``connected`` message) when a seat's first page opens or its last one closes.
    """

    def __init__(
        self,
        game_id: str,
        game: Game,
        seats: Sequence[str | None],
        writer: Writer,
        *,
        bot_delay: float = 0.0,
        client: str | None = None,
        over: Callable[[Table], None] | None = None,
        round_end_seconds: float = ROUND_END_SECONDS,
        journal: Journal | None = None,
    ) -> None:
        self.id = game_id
        self.game = game
        self.journal = Journal(game) if journal is None else journal
        self.seats = tuple(seats)
        self.writer = writer
        self.storage = writer.storage
        self.bot_delay = bot_delay
        self.client = client
        self.over = over
        self.last_played = time.monotonic()
        self.expired = False
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
        self.round_end_seconds = round_end_seconds
        self.holding: int | None = None
        """The round whose end is held on screen, if one is."""
        self.ready: set[int] = set()
        """The seats whose people are ready for the next deal (of the round held)."""
        self._hold_ends = 0.0
        self._hold_timer: asyncio.TimerHandle | None = None

    @property
    def bots_alone(self) -> bool:
        """Whether bots play every seat (a game nobody needs to be there for)."""
        return all(name is not None for name in self.seats)

    def state(self, seat: int | None, *, pictures: bool | str) -> tuple[SeatState, str]:
        """The state message of ``seat`` now but for its log, and its text."""
        state = seat_state(self.game, seat, self.at, pictures=pictures, hold=self.hold(), connected=self.connected())
        return state, message_text(state.fields)

    def _put_state(self, listener: Listener, state: tuple[SeatState, str]) -> None:
        """Let ``state`` (`state`'s) wait for ``listener``, with the log's entries it has not been told."""
        listener.put_state(state[1], log_fields(self.game, state[0], self.journal, listener.told))

    def connected(self) -> list[int]:
        """The seats played now: a bot's always, a person's while a page of theirs is open (a
        spectator's page is no seat's)."""
        pages = {listener.seat for listener in self.listeners if listener.seat is not None}
        return sorted(pages | set(self.bots))

    def send_log(self, listener: Listener, before: int) -> None:
        """Send ``listener`` the page of the log it asked for: the entries numbered below ``before``."""
        message = log_message(self.game, listener.seat, self.journal, before)
        listener.put("log", message_text(message))

    # -- a round's end on screen ---------------------------------------------------------------

    def waited_for(self) -> set[int]:
        """The seats whose people the next deal waits for: each person's seat with a page open, not
        yet ready (bots are always ready; spectators are not waited for)."""
        present = {listener.seat for listener in self.listeners if listener.seat is not None}
        return {seat for seat in present if self.seats[seat] is None} - self.ready

    def hold(self) -> RoundHold | None:
        """The round's end held on screen, as the state messages tell it (``None``: none is)."""
        if self.holding is None:
            return None
        left = max(0.0, self._hold_ends - asyncio.get_running_loop().time())
        return RoundHold(
            round=self.holding,
            ready=tuple(sorted(self.ready)),
            waiting=tuple(sorted(self.waited_for())),
            seconds=self.round_end_seconds,
            seconds_left=left,
        )

    def _hold_round(self, number: int) -> None:
        """Hold round ``number``'s end on screen, if a person is there to see it."""
        if self.round_end_seconds <= 0 or self.expired:
            return
        self.holding, self.ready = number, set()
        if not self.waited_for():
            self.holding = None
            return
        loop = asyncio.get_running_loop()
        self._hold_ends = loop.time() + self.round_end_seconds
        self._hold_timer = loop.call_later(self.round_end_seconds, self._release, number)

    def _release(self, number: int) -> None:
        """The next round is played: round ``number``'s end is no longer held."""
        if self.holding != number:
            return
        if self._hold_timer is not None:
            self._hold_timer.cancel()
        self.holding, self.ready, self._hold_timer = None, set(), None
        self._broadcast()
        self.start_bots()

    def say_ready(self, listener: Listener, number: int, seat: int | None = None) -> None:
        """``listener``'s person has seen round ``number``'s end: their seat is ready for the next
        deal, which comes once every person at the table is.

        Raises:
            Refused: the page is a spectator's, names another seat, or round ``number``'s end is not
                held (and nothing changed).
        """
        if listener.seat is None:
            raise Refused("a spectator is not waited for: the next round starts when the players are ready")
        if seat is not None and seat != listener.seat:
            raise Refused(f"this page plays seat {listener.seat}, not seat {seat}: a ready counts for its own seat")
        if self.holding != number:
            held = "no round's end is" if self.holding is None else f"round {self.holding}'s end is"
            raise Refused(f"round {number}'s end is not on screen: {held}")
        self.ready.add(listener.seat)
        if self.waited_for():
            self._broadcast()
        else:
            self._release(number)

    async def join(self, listener: Listener) -> None:
        """Start sending ``listener`` the game's states, beginning with the state now (after the
        action being stored, if any: a page is never shown an action before it is stored)."""
        async with self.lock:
            if len(self.listeners) >= MAX_LISTENERS:
                raise Refused(f"this game has {MAX_LISTENERS} pages open, as many as it may: close one")
            before = self.connected()
            self.listeners.add(listener)
            self._put_state(listener, self.state(listener.seat, pictures=listener.pictures))
            if self.connected() != before:
                self._tell_connected(but=listener)

    def leave(self, listener: Listener) -> None:
        before = self.connected()
        self.listeners.discard(listener)
        if self.connected() != before:
            self._tell_connected()
        if self.holding is not None and not self.waited_for():
            self._release(self.holding)  # the page that was waited for has gone

    def _tell_connected(self, but: Listener | None = None) -> None:
        """Tell every page (``but`` one, whose state says it) which seats have a page open."""
        text = message_text({"type": "connected", "seats": self.connected()})
        for listener in list(self.listeners):
            if listener is not but:
                listener.put("connected", text)

    def _broadcast(self) -> None:
        made: dict[tuple[int | None, bool | str], tuple[SeatState, str]] = {}
        for listener in list(self.listeners):
            key = (listener.seat, listener.pictures)
            if key not in made:
                made[key] = self.state(listener.seat, pictures=listener.pictures)
            self._put_state(listener, made[key])

    async def _commit(self, seat: int, document: Mapping[str, Any], at: int | None) -> int:
        """Apply and store an action of ``seat``'s; the number of actions after it."""
        game = self.game
        if self.expired:
            raise Refused("this game has ended: nobody played in it for too long")
        if game.is_over:
            raise Refused("the game is over")
        if self.holding is not None:
            raise Refused(
                f"round {self.holding}'s end is on screen: the next round starts when every person at the "
                f"table is ready, or after {self.round_end_seconds:g} seconds"
            )
        action = read_action(game, document)
        if action.seat != seat:
            raise Refused(f"this page plays seat {seat}, not seat {quote(action.seat)}")
        if at is not None and at > self.at:
            raise Refused(f"the game has had {self.at} actions, not {at}: that is no state of this game")
        if at is not None and self.last_acted.get(seat, -1) >= at:  # sent twice, or from an old page
            raise Refused(f"seat {seat} has acted since that page's state (action {at}; now {self.at})")
        if seat not in game.to_act:
            raise Refused(f"seat {seat} may not act now; to act: {', '.join(map(str, game.to_act)) or 'nobody'}")
        round_number = game.round
        try:
            applied = game.apply(action)
        except RummyError as exc:
            raise Refused(str(exc)) from None
        ended = applied.round_result
        text = json.dumps(action_document(game, applied.action), ensure_ascii=False)
        self.last_played = time.monotonic()
        try:
            await self.writer.add_action(StoredAction(game=self.id, number=self.at, action=text, finished=game.is_over))
        except Exception:  # the game goes back to what is stored
            log.exception("cannot store action %d of game %s", self.at, self.id)
            self.game, self.journal = _restore(self.storage, self.id)
            raise Refused("the server could not store the action: try again") from None
        self.journal.add(game, applied.action, round_number=round_number)
        self.last_acted[seat] = self.at
        self.at += 1
        if game.is_over and self.over is not None:
            self.over(self)
        elif ended is not None and not game.is_over:
            self._hold_round(ended.round)
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
            listener.put("accepted", message_text({"type": "accepted", "at": done}))
            self._broadcast()
        self.start_bots()
        return done

    def start_bots(self) -> None:
        """Let the bots play, if a bot's seat is to act and they are not playing already."""
        if self.bots and not self.expired and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(self._play_bots())

    def stop_bots(self) -> None:
        """Stop the bots (the server stops, or the game has ended)."""
        if self._bot_task is not None:
            self._bot_task.cancel()

    def expire(self, message: str) -> None:
        """End the game for being idle: it takes no more actions, its bots stop, and each page is
        told ``message`` and closed (with `EXPIRED`)."""
        self.expired = True
        if self._hold_timer is not None:
            self._hold_timer.cancel()
        self.stop_bots()
        for listener in list(self.listeners):
            listener.end(message, EXPIRED)

    def _bot_to_act(self) -> int | None:
        if self.game.is_over or self.holding is not None:
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


def _restore(storage: Storage, game_id: str) -> tuple[Game, Journal]:
    stored = storage.load_game(game_id)
    if stored is None:
        raise LookupError(f"no game {game_id} in the store")
    return _replayed(stored)


def _record_of(stored: StoredGame) -> GameRecord:
    """A stored game's record: its start and its actions, read (not replayed)."""
    document = json.loads(stored.start)
    document["actions"] = [json.loads(action) for action in stored.actions]
    return load_record(document, check=False)


def _replayed(stored: StoredGame) -> tuple[Game, Journal]:
    """A stored game brought back: its start, and its actions applied again; and its log."""
    return replayed(_record_of(stored))


class Quota:
    """How many unfinished games of a kind the server holds (and has promised: a place is taken
    before its game is stored), in total and for each client, against the most it may.

    Examples:
        >>> quota = Quota("unfinished games", most=2, most_each=1)
        >>> quota.take("10.0.0.1")
        >>> quota.take("10.0.0.1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummykit.serve.tables.TooMany: your address holds 1 unfinished games, as many as one address may: ...
        >>> quota.take("10.0.0.2")
        >>> quota.take("10.0.0.3")
        Traceback (most recent call last):
        ...
        rummykit.serve.tables.GameFull: the server holds 2 unfinished games, as many as it may: try later
        >>> quota.give_back("10.0.0.1"); quota.held, quota.each
        (1, {'10.0.0.2': 1})
    """

    def __init__(self, what: str, *, most: int, most_each: int) -> None:
        self.what = what
        self.most = most
        self.most_each = most_each
        self.held = 0
        self.each: dict[str, int] = {}

    def take(self, client: str | None) -> None:
        """Take a place for ``client`` (``None``: a game brought back, counted in the total only, and
        never refused).

        Raises:
            TooMany: the client holds ``most_each``.
            GameFull: the server holds ``most``.
        """
        if client is not None:
            if self.each.get(client, 0) >= self.most_each:
                raise TooMany(
                    f"your address holds {self.each[client]} {self.what}, as many as one address may: "
                    "finish one, or leave it (a game nobody plays in ends by itself)"
                )
            if self.held >= self.most:
                raise GameFull(f"the server holds {self.held} {self.what}, as many as it may: try later")
            self.each[client] = self.each.get(client, 0) + 1
        self.held += 1

    def give_back(self, client: str | None) -> None:
        """Give back a place taken for ``client``."""
        self.held -= 1
        if client is not None:
            left = self.each[client] - 1
            if left:
                self.each[client] = left
            else:
                del self.each[client]


class Tables:
    """A server's games, found by their tokens: the unfinished games in memory (``tables``), and
    finished ones in a bounded cache (``finished``), brought back from the storage when asked for.

    Args:
        storage: where the games are stored.
        bot_delay: seconds a bot waits before each of its actions.
        max_games: the most unfinished games at once (``max_games_each`` for one client).
        max_bot_games: the most unfinished games of bots alone at once (``max_bot_games_each`` for
            one client); they count among the games too.
        idle_seconds: an unfinished game in which nothing is played for so long ends (``None``: never).
        finished_kept: how many finished games are kept in memory (the most recently used; those with
            a page open are kept in memory by their pages too).
        builds: the worker thread for slow work (a new one by default).
    """

    def __init__(
        self,
        storage: Storage,
        *,
        bot_delay: float = 0.0,
        max_games: int = 1000,
        max_games_each: int = 20,
        max_bot_games: int = 20,
        max_bot_games_each: int = 2,
        idle_seconds: float | None = 3600.0,
        finished_kept: int = 64,
        builds: Builds | None = None,
    ) -> None:
        self.storage = storage
        self.writer = Writer(storage)
        self.builds = builds or Builds()
        self.bot_delay = bot_delay
        self.idle_seconds = idle_seconds
        self.games = Quota("unfinished games", most=max_games, most_each=max_games_each)
        self.bot_games = Quota("unfinished games of bots alone", most=max_bot_games, most_each=max_bot_games_each)
        self.tables: dict[str, Table] = {}
        """The unfinished games."""
        self.finished: Cache[str, Table] = Cache(self.builds, most=finished_kept)
        """The finished games kept in memory."""

    def restore(self) -> list[Table]:
        """Bring back every unfinished game from the storage; the tables brought back, oldest game
        first. Each counts in the server's totals (over them if it must: it was promised), in no
        client's; its idle time starts now. A game that cannot be brought back (its variant, a house
        rule or a bot is no longer installed) is left in the storage, as it is, and the log says why:
        installed again, it is brought back at the next start."""
        restored = []
        for game_id in self.storage.unfinished_games():
            stored = self.storage.load_game(game_id)
            if stored is not None and game_id not in self.tables:
                seconds = ROUND_END_SECONDS if stored.round_end_seconds is None else stored.round_end_seconds
                try:
                    game, journal = _replayed(stored)
                    self._check_bots(game, stored.seats)
                except RummyError as exc:
                    log.error("cannot bring back game %s, left in the storage as it is: %s", game_id, exc)
                    continue
                table = self._table(
                    game_id, game, stored.seats, client=None, round_end_seconds=seconds, journal=journal
                )
                self.games.take(None)
                if table.bots_alone:
                    self.bot_games.take(None)
                self.tables[game_id] = table
                restored.append(table)
        return restored

    @staticmethod
    def _check_bots(game: Game, seats: Sequence[str | None]) -> None:
        """Raise `InvalidOptionError` if a seat's bot is not one of ``game``'s, or names a level the bot
        does not have (``search:3``: the bot ``search`` at level 3)."""
        bots = available_bots(game.configuration)
        for seat, name in enumerate(seats):
            if name is None:
                continue
            try:
                bot, level = parse_bot(name)
            except InvalidOptionError as exc:
                raise InvalidOptionError(f"seat {seat}: {exc}") from exc
            if bot not in bots:
                raise InvalidOptionError(
                    f"seat {seat}: {game.variant} has no bot {quote(bot)}; its bots: {', '.join(bots)}"
                )
            if level is not None:
                try:
                    make_bot(name, game.configuration, seed=0)  # the bot is the judge of its levels
                except InvalidOptionError as exc:
                    raise InvalidOptionError(f"seat {seat}: {exc}") from exc

    def _table(
        self,
        game_id: str,
        game: Game,
        seats: Sequence[str | None],
        *,
        client: str | None,
        round_end_seconds: float = ROUND_END_SECONDS,
        journal: Journal | None = None,
    ) -> Table:
        over = None if game.is_over else self._over
        return Table(
            game_id,
            game,
            seats,
            self.writer,
            bot_delay=self.bot_delay,
            client=client,
            over=over,
            round_end_seconds=round_end_seconds,
            journal=journal,
        )

    def start_bots(self) -> None:
        """Let the bots of every table play (after a restart)."""
        for table in self.tables.values():
            table.start_bots()

    def close(self) -> None:
        """Stop the bots, store what is waiting and stop storing."""
        for table in self.tables.values():
            table.stop_bots()
        self.writer.close()
        self.builds.close()

    async def create(
        self,
        variant: str,
        seats: Sequence[str | None],
        *,
        options: Mapping[str, Any] | None = None,
        house_rules: Sequence[str] = (),
        client: str | None = None,
        round_end_seconds: float = ROUND_END_SECONDS,
    ) -> tuple[Table, list[str], str]:
        """A new game of ``variant`` with a seat for each of ``seats`` (a bot's name, or ``None`` for a
        person), created by ``client`` (its address): its table, each seat's token (``""`` for a bot's
        seat) and the spectators' token. Its places (`Quota`) are taken before anything else, and given
        back if it cannot be made. Its round ends are held on screen for at most ``round_end_seconds``
        (0 to `MAX_ROUND_END_SECONDS`; 0: not held).

        Raises:
            RummyError: a bad variant, player count, option or house rule (from `new_game`).
            InvalidOptionError: a bot the variant does not have, or ``round_end_seconds`` out of range.
            GameFull: the server holds `max_games` unfinished games (or `max_bot_games` of bots alone).
            TooMany: ``client`` holds `max_games_each` (or `max_bot_games_each` of bots alone).
        """
        if (
            isinstance(round_end_seconds, bool)
            or not isinstance(round_end_seconds, int | float)
            or not 0 <= round_end_seconds <= MAX_ROUND_END_SECONDS
        ):
            raise InvalidOptionError(
                f"round_end_seconds is how long a round's end stays on screen for people not yet ready, "
                f"0 to {MAX_ROUND_END_SECONDS:g} seconds, not {quote(round_end_seconds)}"
            )
        bots_alone = all(name is not None for name in seats)
        self.games.take(client)
        try:
            if bots_alone:
                self.bot_games.take(client)
        except Refused:
            self.games.give_back(client)
            raise
        try:
            table, tokens, spectators = await self._create(
                variant, seats, options, house_rules, client, float(round_end_seconds)
            )
        except BaseException:
            self.games.give_back(client)
            if bots_alone:
                self.bot_games.give_back(client)
            raise
        return table, tokens, spectators

    async def _create(
        self,
        variant: str,
        seats: Sequence[str | None],
        options: Mapping[str, Any] | None,
        house_rules: Sequence[str],
        client: str | None,
        round_end_seconds: float,
    ) -> tuple[Table, list[str], str]:
        game = new_game(
            variant, len(seats), seed=secrets.randbelow(MAX_SEED + 1), options=options, house_rules=house_rules
        )
        self._check_bots(game, seats)
        game_id = secrets.token_urlsafe(12)
        tokens = ["" if name is not None else secrets.token_urlsafe(32) for name in seats]
        spectators = secrets.token_urlsafe(32)
        digests: dict[str, int | None] = {token_digest(t): seat for seat, t in enumerate(tokens) if t}
        digests[token_digest(spectators)] = None
        stored = StoredGame(
            id=game_id, start=dump_record(game.record), seats=tuple(seats), round_end_seconds=round_end_seconds
        )
        await self.writer.add_game(stored, digests)
        table = self._table(game_id, game, seats, client=client, round_end_seconds=round_end_seconds)
        self.tables[game_id] = table
        return table, tokens, spectators

    def _over(self, table: Table) -> None:
        """A game has ended: its places are given back, and it joins the finished games."""
        if self.tables.pop(table.id, None) is None:
            return
        self.games.give_back(table.client)
        if table.bots_alone:
            self.bot_games.give_back(table.client)
        self.finished.put(table.id, table)

    async def expire(self, now: float | None = None) -> int:
        """End every unfinished game in which nothing was played for ``idle_seconds`` before ``now``
        (``time.monotonic()`` by default): its pages are told and closed, and it is removed from memory
        and from the storage. How many.
        """
        if self.idle_seconds is None:
            return 0
        now = time.monotonic() if now is None else now
        idle = [
            table
            for table in self.tables.values()
            if now - table.last_played >= self.idle_seconds and not table.lock.locked()
        ]
        minutes = f"{self.idle_seconds / 60:g} minutes"
        for table in idle:
            del self.tables[table.id]
            table.expire(f"this game has ended: nobody played in it for {minutes}")
            self.games.give_back(table.client)
            if table.bots_alone:
                self.bot_games.give_back(table.client)
        if idle:
            await self.writer.delete_games([table.id for table in idle])
            log.info("ended %d games in which nobody played for %s", len(idle), minutes)
        return len(idle)

    def lookup(self, token: str) -> tuple[str, int | None] | None:
        """The game and seat (``None``: a spectator) of a token, if it is one of this server's."""
        return self.storage.find_token(token_digest(token))

    def held(self, game_id: str) -> Table | None:
        """The table of a game in memory (unfinished, or finished and kept), if any."""
        return self.tables.get(game_id) or self.finished.get(game_id)

    def find(self, token: str) -> tuple[Table, int | None] | None:
        """The table and seat (``None``: a spectator) of a token, if its game is in memory."""
        found = self.lookup(token)
        table = None if found is None else self.held(found[0])
        return None if found is None or table is None else (table, found[1])

    async def open(self, token: str) -> tuple[Table, int | None] | None:
        """The table and seat of a token, if it is one of this server's: a finished game not in memory
        is brought back from the storage in the worker thread (and kept among the finished games).

        Raises:
            Busy: the worker thread has too many jobs waiting.
        """
        found = self.lookup(token)
        if found is None:
            return None
        game_id, seat = found
        table = self.held(game_id)
        if table is None:
            try:
                table = await self.finished.fetch(game_id, lambda: self._bring_back(game_id))
            except LookupError:
                return None
        return table, seat

    def _bring_back(self, game_id: str) -> Table:
        """A finished game from the storage (in the worker thread).

        Raises:
            LookupError: the game is not stored, or not over (removed since, or another server's), or
                its variant is no longer installed.
        """
        stored = self.storage.load_game(game_id)
        if stored is None or not stored.finished:
            raise LookupError(f"no finished game {game_id} in the store")
        try:
            game, journal = _replayed(stored)
        except RummyError as exc:  # its variant, or a house rule, is no longer installed
            raise LookupError(f"game {game_id} cannot be brought back: {exc}") from None
        return self._table(game_id, game, stored.seats, client=None, journal=journal)

    def record(self, game_id: str) -> Callable[[], GameRecord]:
        """A way to the record of finished game ``game_id``, to call in the worker thread.

        The function raises `NotOver` if the game is not over, and `LookupError` if it is not stored.
        """
        if game_id in self.tables:  # unfinished, or its last action not yet stored
            raise NotOver("the game is not over: its record and replay come at its end")
        table = self.finished.get(game_id)
        if table is not None:
            record = table.game.record
            return lambda: record

        def stored_record() -> GameRecord:
            stored = self.storage.load_game(game_id)
            if stored is None:
                raise LookupError(f"no game {game_id} in the store")
            if not stored.finished:
                raise NotOver("the game is not over: its record and replay come at its end")
            try:
                return _record_of(stored)
            except RummyError as exc:  # its variant, or a house rule, is no longer installed
                raise LookupError(f"game {game_id} cannot be read: {exc}") from None

        return stored_record
