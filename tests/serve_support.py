"""Helpers of the game server's tests (rummykit serve): a server in a test client, a seat's socket,
and a seat played by a bot that knows only the seat's messages, as a page does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install -e '.[serve]')")
pytest.importorskip("httpx2", reason="the serve extra is not installed (pip install -e '.[serve]')")

from starlette.testclient import TestClient

import rummykit
from rummykit.core.bots import Bot
from rummykit.documents.converter import converter
from rummykit.documents.serialize import load_view
from rummykit.serve import Settings, create_app
from rummykit.serve.tables import Table, Tables

HOST = "testserver"
"""The host the test client sends requests to."""


def server(**settings: Any) -> TestClient:
    """A test client of a new server (games in memory unless ``database`` is given)."""
    return TestClient(create_app(Settings(allowed_hosts=[HOST], **settings)))


def create(client: TestClient, variant: str, seats: list[str | None], **more: Any) -> dict[str, Any]:
    """Create a game; the server's answer (its links)."""
    response = client.post("/api/games", json={"variant": variant, "seats": seats, **more})
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
        self.socket.send_text(json.dumps({"type": "hello", "token": token, "pictures": pictures}))

    def receive(self) -> dict[str, Any]:
        text = self.socket.receive_text()
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        return message

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
