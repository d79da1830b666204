"""Helpers of the game server's tests (rummykit serve): a server in a test client, a seat's socket,
and a seat played by a bot that knows only the seat's messages, as a page does."""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

import httpx2 as httpx
from starlette.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

import rummykit
from rummykit.core.bots import Bot
from rummykit.documents.converter import converter
from rummykit.documents.serialize import load_view
from rummykit.serve import Settings, create_app
from rummykit.serve.journal import LOG_PAGE
from rummykit.serve.tables import Table, Tables

HOST = "testserver"
"""The host the test client sends requests to."""
ADDRESS = "x-test-address"
"""The header that gives a test request the client address the server sees (see `Addressed`)."""


class Addressed:
    """A server's application that sees each request come from the address its `ADDRESS` header
    names (else from the test client's), so that one test client can be many clients."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.state = app.state

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            named = dict(scope["headers"]).get(ADDRESS.encode())
            if named is not None:
                scope = {**scope, "client": (named.decode(), 1)}
        await self.app(scope, receive, send)


def server(**settings: Any) -> TestClient:
    """A test client of a new server (games in memory unless ``database`` is given)."""
    return TestClient(Addressed(create_app(Settings(allowed_hosts=[HOST], **settings))))


def create(
    client: TestClient, variant: str, seats: list[str | None], *, address: str | None = None, **more: Any
) -> dict[str, Any]:
    """Create a game (from the client ``address``, if given); the server's answer (its links)."""
    headers = {ADDRESS: address} if address is not None else {}
    response = client.post("/api/games", json={"variant": variant, "seats": seats, **more}, headers=headers)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def token_of(link: str) -> str:
    """The token of an invitation link (after ``#``)."""
    return link.split("#", 1)[1]


def tokens(answer: dict[str, Any]) -> list[str]:
    """The tokens of a created game's people's seats, by seat (``""`` for a bot's)."""
    return [token_of(seat["link"]) if seat["link"] else "" for seat in answer["seats"]]


def tables(client: TestClient) -> Tables:
    found: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return found


def table_of(client: TestClient, token: str) -> Table:
    """The server's table of a token (for the tests to look at the game the server holds)."""
    found = tables(client).find(token)
    assert found is not None
    return found[0]


class Seat:
    """A seat's WebSocket, as a page holds it: says hello, then reads and sends messages."""

    def __init__(self, client: TestClient, token: str, *, pictures: bool = False, origin: str | None = None) -> None:
        headers = {"origin": origin} if origin is not None else {}
        self._context = client.websocket_connect("/ws", headers=headers)
        self.socket = self._context.__enter__()
        self.raw: list[str] = []
        self.log: dict[int, dict[str, Any]] = {}
        """The log's entries the states told, by their numbers, as a page keeps them."""
        self.glossary: dict[str, str] = {}
        """Each abbreviation the states' words used, in words."""
        self.socket.send_text(json.dumps({"type": "hello", "token": token, "pictures": pictures}))

    def receive(self) -> dict[str, Any]:
        text = self.socket.receive_text()
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "state":
            for entry in message["log"]:
                assert entry["number"] not in self.log, f"entry {entry['number']} told twice"
                self.log[entry["number"]] = entry
            self.glossary.update(message["glossary"])
        return message

    def latest_log(self) -> list[dict[str, Any]]:
        """The latest page of the log as the page shows it: the last `LOG_PAGE` entries the states told."""
        return [self.log[number] for number in sorted(self.log)[-LOG_PAGE:]]

    def state(self) -> dict[str, Any]:
        """The next state message (errors and acknowledgements before it are skipped)."""
        while True:
            message = self.receive()
            if message["type"] == "state":
                return message

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send_text(json.dumps(message))

    def act(self, entry: dict[str, Any], at: int | None) -> dict[str, Any]:
        """Send a legal entry's action; the answer (``accepted`` or ``error``)."""
        self.send({"type": "act", "action": entry["action"], "at": at})
        while True:
            message = self.receive()
            if message["type"] in ("accepted", "error"):
                return message

    def close(self) -> None:
        self._context.__exit__(None, None, None)

    def __enter__(self) -> Seat:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def choice(bot: Bot, message: dict[str, Any]) -> dict[str, Any]:
    """The legal entry ``bot`` chooses, knowing only the state message (its view and legal actions)."""
    view = load_view(message["view"])
    read = converter(rummykit.variant_spec(message["variant"]).actions)
    actions = [read.structure(entry["action"], rummykit.Action) for entry in message["legal"]]
    chosen = bot.choose(view, actions)
    entry: dict[str, Any] = message["legal"][actions.index(chosen)]
    return entry


def states(seat: Seat) -> Iterator[dict[str, Any]]:
    while True:
        yield seat.state()


# -- a server in its own process -------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``rummykit serve`` in its own process (with the options ``more``)."""

    def __init__(self, database: Path, port: int, *more: str) -> None:
        self.port = port
        self.connections = contextlib.ExitStack()
        command = [sys.executable, "-m", "rummykit", "serve", "--port", str(port), "--database", str(database)]
        self.process = subprocess.Popen(
            [*command, "--bot-delay", "0", "--share-records", *more],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.url("/"), timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the server did not start: {self.process.stderr.read()}")  # type: ignore[union-attr]
            time.sleep(0.1)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def seat(self, token: str) -> ClientConnection:
        origin: Any = self.url("").rstrip("/")
        connection = self.connections.enter_context(connect(f"ws://127.0.0.1:{self.port}/ws", origin=origin))
        connection.send(json.dumps({"type": "hello", "token": token}))
        return connection

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """The server stopped first, then its pages' connections closed: a connection's close waits for the
        server's answer, and websockets 11.0 (the serve extra's floor) waited for ever for a live server's."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
        with contextlib.suppress(Exception):
            self.connections.close()
