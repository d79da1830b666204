"""uvicorn as ``rummykit serve`` runs it: the server's limits on connections, which uvicorn lacks.

uvicorn (0.55) closes a connection idle between two requests (``timeout_keep_alive``), and answers
503 once ``limit_concurrency`` connections are open, but only to a request whose headers have all
arrived: a client that opens connections and sends their requests a byte at a time holds each one
for as long as it likes, as many as it likes. [`guarded_protocol`][rummykit.serve.server.guarded_protocol]
makes uvicorn's HTTP protocol (h11's) with the two limits:

- **a read timeout**: a request (its headers and body) must have arrived ``read_timeout`` seconds
  after the connection was opened, or after the request's first byte on a connection kept alive;
  otherwise the connection is closed.
- **a connection cap**: with ``max_connections`` connections open (the WebSockets' included), a new
  one is answered 503 and closed at once.

[`run`][rummykit.serve.server.run] runs an application with them, and with uvicorn's own limits set
as the server needs them (`HEADER_BYTES`, `KEEP_ALIVE_SECONDS`, `SHUTDOWN_SECONDS`, the WebSocket
message size), in a process whose garbage collector is set for a server's pauses
([`GC_THRESHOLDS`][rummykit.serve.server.GC_THRESHOLDS]).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from typing import Any, ClassVar, Final

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from rummykit.serve.messages import MAX_MESSAGE_BYTES

__all__ = [
    "GC_THRESHOLDS",
    "HEADER_BYTES",
    "KEEP_ALIVE_SECONDS",
    "MAX_CONNECTIONS",
    "READ_TIMEOUT",
    "SHUTDOWN_SECONDS",
    "config",
    "guarded_protocol",
    "run",
]

log = logging.getLogger("rummykit.serve")

READ_TIMEOUT: Final = 10.0
"""Seconds a request may take to arrive, its headers and body (``rummykit serve --read-timeout``)."""
MAX_CONNECTIONS: Final = 2048
"""The most connections open at once, WebSockets included (``rummykit serve --max-connections``)."""
HEADER_BYTES: Final = 16 * 1024
"""The most bytes of a request's line and headers (h11's ``max_incomplete_event_size``)."""
KEEP_ALIVE_SECONDS: Final = 5
"""How long a connection may stay idle between two requests (uvicorn's ``timeout_keep_alive``)."""
SHUTDOWN_SECONDS: Final = 10
"""How long a stopping server waits for its connections to end (uvicorn's ``timeout_graceful_shutdown``)."""

_WAITING: Final = (h11.IDLE, h11.SEND_BODY)
"""The states of h11's client side while a request is still arriving."""
_FULL_TEXT: Final = b"the server has all the connections it may"
_FULL: Final = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    + b"content-length: %d\r\nretry-after: 5\r\nconnection: close\r\n" % len(_FULL_TEXT)
    + b"x-content-type-options: nosniff\r\ncache-control: no-store\r\n"
    + b"content-security-policy: default-src 'none'; frame-ancestors 'none'\r\n\r\n"
    + _FULL_TEXT
)
"""The reply to a connection beyond the cap."""


class _GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, with a read timeout and a connection cap (see the module's docstring)."""

    read_timeout: ClassVar[float] = READ_TIMEOUT
    max_connections: ClassVar[int] = MAX_CONNECTIONS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if len(self.connections) >= self.max_connections:
            self.transport = transport  # type: ignore[assignment]
            log.warning("refused a connection: %d are open, as many as the server takes", len(self.connections))
            transport.write(_FULL)  # type: ignore[attr-defined]
            transport.close()
            return
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is h11.IDLE:  # a new request on a kept connection
            self._arm()
        super().data_received(data)
        upgraded = self.transport.get_protocol() is not self  # a WebSocket now (before h11 saw the request end)
        if upgraded or self.conn.their_state not in _WAITING:  # arrived, or closing
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.read_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            log.info("closed a connection whose request took over %g seconds to arrive", self.read_timeout)
            self.transport.close()


def guarded_protocol(
    *, read_timeout: float = READ_TIMEOUT, max_connections: int = MAX_CONNECTIONS
) -> type[H11Protocol]:
    """uvicorn's h11 HTTP protocol, with a read timeout and a connection cap (see the module's
    docstring), for uvicorn's ``http`` setting.

    Examples:
        >>> protocol = guarded_protocol(read_timeout=2.5, max_connections=100)
        >>> protocol.read_timeout, protocol.max_connections
        (2.5, 100)
    """
    if not read_timeout > 0 or max_connections < 1:
        raise ValueError(f"a read timeout over 0 and a cap of 1 or more, not {read_timeout} and {max_connections}")
    attributes = {"read_timeout": float(read_timeout), "max_connections": int(max_connections)}
    return type("GuardedH11Protocol", (_GuardedH11Protocol,), attributes)


def config(
    app: Any,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    read_timeout: float = READ_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
    log_level: str = "info",
) -> uvicorn.Config:
    """uvicorn's configuration of ``rummykit serve`` for ``app``.

    The WebSockets are the websockets library's sans-I/O protocol, without compression: a state is a
    few kilobytes, and compressing each costs more than it saves (docs/howto/serve.md); a page's message
    is at most `MAX_MESSAGE_BYTES`.
    """
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_protocol(read_timeout=read_timeout, max_connections=max_connections),
        ws="websockets-sansio",
        ws_max_size=MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,
        h11_max_incomplete_event_size=HEADER_BYTES,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        log_level=log_level,
    )


GC_THRESHOLDS: Final = (10_000, 10, 10)
"""The garbage collector's thresholds in the server's process (Python's own: 700, 10, 10).

A game's state and the objects made for an action live about as long as a person thinks: with
Python's thresholds, most of them outlive two young collections and reach the oldest generation,
which then fills quickly and is collected whole every few seconds under load. A whole collection
reads every object of every game: at 1,000 games, 0.3 s in which nothing else runs (the tail of the
action latency, docs/performance.md). With these, the young generations hold them until they are
gone; the oldest is collected far more rarely."""


def run(app: Any, **settings: Any) -> None:
    """Serve ``app`` until stopped (Ctrl-C), with uvicorn as `config` sets it, in this process set for
    a server: the garbage collector's thresholds `GC_THRESHOLDS`, and the objects made so far (the
    modules, the variants and their rule books) frozen out of its collections (`gc.freeze`)."""
    gc.set_threshold(*GC_THRESHOLDS)
    gc.collect()  # start-up's garbage is collected, not frozen for good
    gc.freeze()
    uvicorn.Server(config(app, **settings)).run()
