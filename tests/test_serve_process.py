"""The game server as a real process (issue 29): ``rummykit serve`` on 127.0.0.1 on a free port,
killed with SIGKILL in the middle of a game, then started again on the same database: every
acknowledged action is there and the game goes on; and its connection limits (issue 36). In the slow
set (it starts Python four times)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

import httpx2 as httpx
from websockets.sync.client import ClientConnection

from rummykit.serve.storage import SqliteStorage
from rummykit.serve.tables import token_digest
from tests.serve_support import Server, free_port

pytestmark = pytest.mark.slow


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def state(connection: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(connection.recv(timeout=30))
        if message["type"] == "state":
            return message


def test_every_acknowledged_action_outlives_a_killed_server(tmp_path: Path, servers: list[Server]) -> None:
    database = tmp_path / "games.sqlite3"
    servers.append(Server(database, free_port()))
    answer = httpx.post(servers[0].url("/api/games"), json={"variant": "rummy", "seats": [None, None]}).json()
    tokens = [seat["link"].split("#")[1] for seat in answer["seats"]]
    seats = [servers[0].seat(token) for token in tokens]
    states = [state(seat) for seat in seats]
    acknowledged: list[dict[str, Any]] = []
    while len(acknowledged) < 30:
        mover = next(i for i, message in enumerate(states) if message["legal"])
        entry = states[mover]["legal"][-1]
        seats[mover].send(json.dumps({"type": "act", "action": entry["action"], "at": states[mover]["at"]}))
        while (answer := json.loads(seats[mover].recv(timeout=30)))["type"] in ("state", "connected"):
            pass  # (a page is told which seats are played as pages open: "connected")
        assert answer["type"] == "accepted", answer
        acknowledged.append(entry["action"])
        states = [state(seat) for seat in seats]
        assert all(message["at"] == len(acknowledged) for message in states)
    # one more action on its way, and the server killed before it can answer (or just after)
    mover = next(i for i, message in enumerate(states) if message["legal"])
    in_flight = states[mover]["legal"][-1]["action"]
    seats[mover].send(json.dumps({"type": "act", "action": in_flight, "at": states[mover]["at"]}))
    servers[0].kill()

    storage = SqliteStorage(database)
    found = storage.find_token(token_digest(tokens[0]))
    assert found is not None
    stored = storage.load_game(found[0])
    storage.close()
    assert stored is not None
    kept = [json.loads(action) for action in stored.actions]
    assert kept[: len(acknowledged)] == acknowledged
    assert kept[len(acknowledged) :] in ([], [in_flight])

    servers.append(Server(database, free_port()))  # started again on the same database
    seats = [servers[1].seat(token) for token in tokens]
    states = [state(seat) for seat in seats]
    assert all(message["at"] == len(kept) for message in states)
    for _ in range(5):  # the game goes on
        mover = next(i for i, message in enumerate(states) if message["legal"])
        entry = states[mover]["legal"][0]
        seats[mover].send(json.dumps({"type": "act", "action": entry["action"], "at": states[mover]["at"]}))
        states = [state(seat) for seat in seats]
        assert all(message["at"] == len(kept) + 1 for message in states)
        kept.append(entry["action"])


def test_the_server_listens_on_127_0_0_1_only(tmp_path: Path, servers: list[Server]) -> None:
    servers.append(Server(tmp_path / "games.sqlite3", free_port()))
    listening = subprocess.run(["ss", "-ltn"], capture_output=True, text=True, check=False).stdout
    lines = [line for line in listening.splitlines() if f":{servers[0].port} " in line]
    if not lines:
        pytest.skip("ss cannot list the listening sockets here")
    assert all("127.0.0.1:" in line for line in lines), lines
    assert os.stat(tmp_path / "games.sqlite3").st_mode & 0o077 == 0  # the database: its owner's alone


def test_the_command_closes_slow_requests_and_refuses_connections_beyond_its_cap(
    tmp_path: Path, servers: list[Server]
) -> None:
    """Issue 36, finding 12: ``--read-timeout`` and ``--max-connections`` reach uvicorn (the limits
    themselves: tests/test_serve_limits.py)."""
    servers.append(
        server := Server(tmp_path / "games.sqlite3", free_port(), "--read-timeout", "1", "--max-connections", "4")
    )
    answer = httpx.post(server.url("/api/games"), json={"variant": "rummy", "seats": [None, None]}).json()
    token = answer["seats"][0]["link"].split("#")[1]
    pages = [server.seat(token) for _ in range(4)]  # four WebSockets: as many connections as it takes
    for page in pages:
        state(page)
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as surplus:
        assert received(surplus).startswith(b"HTTP/1.1 503 Service Unavailable")
    pages[0].close()
    deadline = time.monotonic() + 30
    while True:  # a place is free again: a request that arrives too slowly is closed
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            answer_ = received(slow)
        if answer_ == b"":
            break
        assert answer_.startswith(b"HTTP/1.1 503") and time.monotonic() < deadline


def received(connection: socket.socket) -> bytes:
    """What the server sent before closing ``connection``."""
    data = b""
    try:
        while chunk := connection.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data
