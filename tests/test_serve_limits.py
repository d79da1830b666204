"""A server nobody can stall (issue 36, findings 9 to 12), through Starlette's test client and, for
the connections, uvicorn on 127.0.0.1 in a thread of the test:

- a replay page, and a finished game brought back from the storage, are built while the server goes
  on serving (a build held back by the test, and another request served meanwhile), once for each
  game and seat, within a bounded cache and a bounded size;
- a client can hold a bounded number of games, and of games of bots alone, and so can the server,
  requests at the same time included; a game nobody plays in ends, and is not brought back;
- every reply carries the security headers and a policy; a request that arrives too slowly, and a
  connection beyond the cap, are closed.

Nothing here measures time: a wait has a bound only so that a broken server fails the test rather than
hanging it."""

from __future__ import annotations

import concurrent.futures
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install -e '.[serve]')")

import anyio
import uvicorn
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from rummykit.serve import Settings, create_app
from rummykit.serve.storage import SqliteStorage
from rummykit.serve.tables import token_digest
from tests.serve_support import ADDRESS, Seat, create, free_port, server, table_of, tables, token_of, tokens
from tests.test_serve import play_to_the_end

BOUND = 60.0
"""The longest a test waits for something that should happen (a bound for a stuck test, never a measure)."""


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, f"still waiting: {what}"
        time.sleep(0.01)


def bearer(token: str, address: str | None = None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **({ADDRESS: address} if address else {})}


def finished_game(client: TestClient, *, address: str = "10.9.9.9") -> str:
    """A game of bots alone, of one round, played to its end by the server's bots; its spectators' token."""
    answer = create(client, "rummy", ["random", "random"], options={"max_rounds": 1}, address=address)
    token = token_of(answer["spectators"])
    table = table_of(client, token)
    wait_until(lambda: table.game.is_over, "the bots to finish")
    return token


class HeldBack:
    """A function of the server's, replaced by one that says it has started, then waits to be let go."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, target: str) -> None:
        module, _, name = target.rpartition(".")
        self.original: Callable[..., Any] = getattr(__import__(module, fromlist=[name]), name)
        self.started = threading.Event()
        self.go = threading.Event()
        self.calls = 0
        monkeypatch.setattr(target, self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        self.started.set()
        self.go.wait(BOUND)
        return self.original(*args, **kwargs)


def state_of(client: TestClient, token: str) -> dict[str, Any]:
    """The first state a page of ``token`` is sent (the page then closed)."""
    with Seat(client, token) as seat:
        return seat.state()


def in_thread(job: Callable[[], Any]) -> concurrent.futures.Future[Any]:
    return concurrent.futures.ThreadPoolExecutor(max_workers=1).submit(job)


# -- finding 9: replay pages and finished games, off the event loop ---------------------------------------


def test_another_request_is_served_while_a_replay_page_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    with server() as client:
        token = finished_game(client)
        build = HeldBack(monkeypatch, "rummykit.viewer.replay_steps")
        page = in_thread(lambda: client.post("/api/replay", headers=bearer(token)))
        assert build.started.wait(BOUND)
        other = in_thread(lambda: client.get("/api/variants"))
        try:
            served = other.result(timeout=BOUND)  # on the event loop, the build would hold it back
            assert served.status_code == 200 and not page.done()
        finally:
            build.go.set()
        assert page.result(timeout=BOUND).status_code == 200


def test_a_finished_game_is_brought_back_while_other_requests_are_served(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    database = str(tmp_path / "games.sqlite3")
    with server(database=database) as client:
        token = finished_game(client)
    with server(database=database) as client:  # restarted: the finished game is in the storage only
        replayed = HeldBack(monkeypatch, "rummykit.serve.journal.replay")
        seat = in_thread(lambda: state_of(client, token))
        assert replayed.started.wait(BOUND)
        other = in_thread(lambda: client.get("/api/variants"))
        try:
            assert other.result(timeout=BOUND).status_code == 200 and not seat.done()
        finally:
            replayed.go.set()
        assert seat.result(timeout=BOUND)["over"]


def test_a_replay_page_is_built_once_for_each_game_and_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    with server() as client:
        answer = create(client, "rummy", [None, "heuristic"], options={"max_rounds": 1})
        person, spectators = tokens(answer)[0], token_of(answer["spectators"])
        play_to_the_end(client, person, seed=3)
        build = HeldBack(monkeypatch, "rummykit.viewer.replay_steps")
        asking = [in_thread(lambda: client.post("/api/replay", headers=bearer(person))) for _ in range(3)]
        assert build.started.wait(BOUND)
        build.go.set()
        pages = [future.result(timeout=BOUND) for future in asking]
        pages.append(client.post("/api/replay", headers=bearer(person)))  # and asked again later
        assert {page.status_code for page in pages} == {200}
        assert len({page.content for page in pages}) == 1 and "seat 0's view" in pages[0].text
        assert build.calls == 1
        watched = client.post("/api/replay", headers=bearer(spectators))  # another seat: a page of its own
        assert watched.status_code == 200 and "the spectator's view" in watched.text
        assert build.calls == 2


def test_a_replay_page_larger_than_the_servers_limit_is_refused_saying_so() -> None:
    with server(max_replay_mb=0.05) as client:
        token = finished_game(client)
        refused = client.post("/api/replay", headers=bearer(token))
        assert refused.status_code == 507
        assert "more than this server makes (0.05 MB, its --max-replay-mb)" in refused.json()["error"]
    with server(max_replay_mb=0.0001) as client:  # refused from its number of actions, without building it
        token = finished_game(client)
        refused = client.post("/api/replay", headers=bearer(token))
        assert refused.status_code == 507 and "more than 0.0001 MB" in refused.json()["error"]


def test_replay_pages_are_kept_within_the_cache_size(monkeypatch: pytest.MonkeyPatch) -> None:
    with server(replay_cache_mb=0.6) as client:  # a page of one round of Rummy: 140 to 270 KB
        build = HeldBack(monkeypatch, "rummykit.viewer.replay_steps")
        build.go.set()
        finished = [finished_game(client) for _ in range(5)]
        sizes = [len(client.post("/api/replay", headers=bearer(token)).content) for token in finished]
        assert max(sizes) <= 600_000 < sum(sizes)
        cache = client.app.state.pages.cache  # type: ignore[attr-defined]
        assert 0 < len(cache) < 5 and cache.weight <= 600_000
        assert client.post("/api/replay", headers=bearer(finished[-1])).status_code == 200  # the latest: kept
        assert build.calls == 5
        assert client.post("/api/replay", headers=bearer(finished[0])).status_code == 200  # the first: made again
        assert build.calls == 6


def test_finished_games_brought_back_are_kept_in_a_bounded_cache(tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite3")
    with server(database=database) as client:
        finished = [finished_game(client, address=f"10.0.0.{n}") for n in range(4)]
    with server(database=database, finished_kept=2) as client:
        for token in finished:
            with Seat(client, token) as seat:
                assert seat.state()["over"]
        held = tables(client)
        assert not held.tables  # none of them among the unfinished games
        assert len(held.finished) == 2


# -- finding 10: games limited for each client and in total, places taken before storing; idle games end --


def test_requests_at_the_same_time_cannot_create_more_games_than_the_server_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with server(max_games=3) as client:
        writer = tables(client).writer
        store, arrived, go = writer.add_game, [], threading.Event()

        async def held_back(*args: Any) -> None:  # every game waits to be stored until the test lets it
            arrived.append(args)
            await anyio.to_thread.run_sync(go.wait, BOUND)
            await store(*args)

        monkeypatch.setattr(writer, "add_game", held_back)
        body = {"variant": "rummy", "seats": [None, None]}

        def ask(n: int) -> concurrent.futures.Future[Any]:  # six clients at once
            return in_thread(lambda: client.post("/api/games", json=body, headers={ADDRESS: f"10.0.1.{n}"}))

        asking = [ask(n) for n in range(6)]

        def refused() -> int:
            return sum(future.done() and future.result().status_code == 503 for future in asking)

        wait_until(lambda: len(arrived) + refused() == 6, "every request to be refused or to wait for the storage")
        go.set()
        answers = [future.result(timeout=BOUND).status_code for future in asking]
        assert sorted(answers) == [201, 201, 201, 503, 503, 503]
        assert len(tables(client).tables) == 3


def test_one_client_cannot_fill_the_server() -> None:
    with server() as client:
        for _ in range(20):  # Settings.max_games_per_client
            create(client, "rummy", [None, None], address="10.0.2.1")
        refused = client.post(
            "/api/games", json={"variant": "rummy", "seats": [None, None]}, headers={ADDRESS: "10.0.2.1"}
        )
        assert refused.status_code == 429
        assert "your address holds 20 unfinished games" in refused.json()["error"]
        create(client, "rummy", [None, None], address="10.0.2.2")  # another client is served
        assert tables(client).games.each == {"10.0.2.1": 20, "10.0.2.2": 1}


def test_an_idle_game_ends_its_pages_are_told_and_it_is_not_brought_back(tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite3")
    with server(database=database, idle_minutes=30) as client:
        idle = tokens(create(client, "rummy", [None, None], address="10.0.3.1"))
        played = tokens(create(client, "rummy", [None, None], address="10.0.3.1"))
        held = tables(client)
        later = held.tables[table_of(client, idle[0]).id].last_played + 30 * 60 + 1
        with Seat(client, idle[0]) as page, Seat(client, played[0]) as other:
            page.state()
            other.state()
            table_of(client, played[0]).last_played = later - 1  # played in a second before
            assert client.portal.call(held.expire, later) == 1  # type: ignore[union-attr]
            told = page.receive()
            assert told["type"] == "error" and "nobody played in it for 30 minutes" in told["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                page.receive()
            assert closed.value.code == 4000  # rummykit.serve.tables.EXPIRED: the page does not reconnect
            assert not table_of(client, played[0]).expired  # the other game goes on, its page open
        assert held.games.each == {"10.0.3.1": 1}  # its place is given back
        assert held.find(idle[0]) is None
    assert SqliteStorage(database).unfinished_games() == [table_of_id(database, played[0])]
    with server(database=database) as client:  # restarted: only the game played in comes back
        assert len(tables(client).tables) == 1
        with Seat(client, idle[1]) as page:
            assert page.receive()["message"] == "no game has this token: check the invitation link"


def table_of_id(database: str, token: str) -> str:
    found = SqliteStorage(database).find_token(token_digest(token))
    assert found is not None
    return found[0]


def test_the_server_ends_idle_games_by_itself() -> None:
    with server(idle_minutes=0.001) as client:  # 60 ms
        token = tokens(create(client, "rummy", [None, None]))[0]
        wait_until(lambda: tables(client).find(token) is None, "the idle game to end")


# -- finding 11: games of bots alone -------------------------------------------------------------------------


def test_games_of_bots_alone_are_limited_for_each_client() -> None:
    with server(bot_delay=BOUND) as client:  # the bots wait: the games stay unfinished
        body = {"variant": "rummy", "seats": ["random", "random"]}
        for _ in range(2):  # Settings.max_bot_games_per_client
            assert client.post("/api/games", json=body, headers={ADDRESS: "10.0.4.1"}).status_code == 201
        refused = client.post("/api/games", json=body, headers={ADDRESS: "10.0.4.1"})
        assert refused.status_code == 429 and "games of bots alone" in refused.json()["error"]
        create(client, "rummy", [None, "random"], address="10.0.4.1")  # a game with a person's seat: still taken
        assert client.post("/api/games", json=body, headers={ADDRESS: "10.0.4.2"}).status_code == 201


def test_games_of_bots_alone_are_limited_in_total_and_a_finished_one_gives_back_its_place() -> None:
    with server(bot_delay=BOUND, max_bot_games=3) as client:
        body = {"variant": "rummy", "seats": ["random", "random"]}
        answers = [client.post("/api/games", json=body, headers={ADDRESS: f"10.0.5.{n}"}) for n in range(4)]
        assert [answer.status_code for answer in answers] == [201, 201, 201, 503]
    with server(max_bot_games=1) as client:  # the bots play at once: the game ends, and its place is free
        finished_game(client)  # (over as the last action is applied; its place is given back just after)
        wait_until(lambda: tables(client).bot_games.held == 0, "the finished game to give back its place")
        finished_game(client)


# -- finding 12: headers on every reply, and uvicorn's connections -------------------------------------------


def test_every_reply_carries_the_security_headers_and_a_policy() -> None:
    with server() as client:
        token = finished_game(client)
        replies = {
            "a page": client.get("/"),
            "a script": client.get("/static/play.js"),
            "JSON": client.get("/api/variants"),
            "not found": client.get("/no-such-page"),
            "a method not allowed": client.get("/api/games"),
            "a bad request": client.post("/api/games", json=[]),
            "a refusal": client.post("/api/replay"),
            "another host": client.get("/", headers={"host": "evil.example"}),
            "the replay page": client.post("/api/replay", headers=bearer(token)),
        }
        statuses = [reply.status_code for reply in replies.values()]
        assert statuses == [200, 200, 200, 404, 405, 400, 403, 400, 200]
        for what, reply in replies.items():
            assert reply.headers["x-content-type-options"] == "nosniff", what
            assert reply.headers["x-frame-options"] == "DENY", what
            assert reply.headers["referrer-policy"] == "no-referrer", what
            assert "frame-ancestors 'none'" in reply.headers["content-security-policy"], what
        from rummykit.serve.replays import page_policy  # noqa: PLC0415

        page = replies["the replay page"]
        policy = page.headers["content-security-policy"]
        assert policy == page_policy(page.text) + "; frame-ancestors 'none'"
        (script,) = re.findall(r"<script>(.*?)</script>", page.text, re.DOTALL)  # the viewer's, allowed by its hash
        assert "script-src 'sha256-" in policy and "'unsafe-inline'" not in policy.split("style-src")[0]
        assert f'<meta http-equiv="Content-Security-Policy" content="{page_policy(page.text)}">' in page.text
        assert script and "connect-src" not in policy  # default-src 'none': it fetches nothing


class Uvicorn:
    """``rummykit serve``'s uvicorn (`rummykit.serve.server.config`) on 127.0.0.1, in a thread of the test."""

    def __init__(self, **limits: Any) -> None:
        from rummykit.serve.server import config  # noqa: PLC0415

        self.port = free_port()
        app = create_app(Settings(allowed_hosts=["127.0.0.1"], bot_delay=0))
        self.server = uvicorn.Server(config(app, host="127.0.0.1", port=self.port, log_level="warning", **limits))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_until(lambda: self.server.started, "uvicorn to start")

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=BOUND)

    def get(self, connection: socket.socket, path: str = "/api/variants") -> bytes:
        """The reply to a request for ``path`` on ``connection`` (kept alive): its head and body."""
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        reply = b""
        while b"\r\n\r\n" not in reply and (chunk := connection.recv(65536)):
            reply += chunk
        head = reply.split(b"\r\n\r\n", 1)[0]
        length = re.search(rb"(?im)^content-length: *(\d+)", head)
        while length and len(reply) < len(head) + 4 + int(length.group(1)) and (chunk := connection.recv(65536)):
            reply += chunk
        return reply

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(BOUND)


@pytest.fixture
def started() -> Iterator[list[Uvicorn]]:
    servers: list[Uvicorn] = []
    yield servers
    for one in servers:
        one.stop()


def closed(connection: socket.socket) -> bytes:
    """What the server sent before closing ``connection`` (the test fails if it stays open past the bound)."""
    received = b""
    try:
        while chunk := connection.recv(65536):
            received += chunk
    except ConnectionResetError:
        pass
    return received


def test_a_request_that_arrives_too_slowly_is_closed(started: list[Uvicorn]) -> None:
    started.append(one := Uvicorn(read_timeout=0.5))
    origin: Any = f"http://127.0.0.1:{one.port}"
    page = connect(f"ws://127.0.0.1:{one.port}/ws", origin=origin)
    silent, slow = one.connect(), one.connect()
    slow.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the headers never end
    for _ in range(3):
        slow.sendall(b"X-Slow: 1\r\n")
    assert closed(silent) == b"" and closed(slow) == b""
    with one.connect() as prompt:  # a request in time is answered, and its connection kept alive
        assert one.get(prompt).startswith(b"HTTP/1.1 200 OK")
        assert one.get(prompt).startswith(b"HTTP/1.1 200 OK")
    with page:  # a WebSocket opened before the slow connections is still open: its request had arrived
        page.send(json.dumps({"type": "hello", "token": "x" * 43}))
        assert json.loads(page.recv(timeout=BOUND))["message"].startswith("no game has this token")


def test_a_connection_beyond_the_cap_is_refused(started: list[Uvicorn]) -> None:
    started.append(one := Uvicorn(max_connections=3, read_timeout=BOUND))
    held = [one.connect() for _ in range(3)]
    assert one.get(held[0]).startswith(b"HTTP/1.1 200 OK")
    with one.connect() as surplus:
        answer = closed(surplus)
        assert answer.startswith(b"HTTP/1.1 503 Service Unavailable") or answer == b""
    held.pop().close()

    def served() -> bool:
        with one.connect() as again:
            return one.get(again).startswith(b"HTTP/1.1 200 OK")

    wait_until(served, "a place among the connections")
    for connection in held:
        connection.close()


def test_an_error_of_the_server_carries_the_security_headers_too(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("rummykit.serve.app._variants", broken)
    app = create_app(Settings(allowed_hosts=["testserver"]))
    with TestClient(app, raise_server_exceptions=False) as client:
        reply = client.get("/api/variants")
    assert reply.status_code == 500
    assert reply.headers["content-security-policy"].startswith("default-src 'none'")
    assert reply.headers["x-content-type-options"] == "nosniff"
