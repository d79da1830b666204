"""The web application: the pages, the JSON endpoints and each seat's WebSocket (Starlette).

=========================  =================================================================
``GET /``                   the page that creates a game
``GET /play``               a seat's page (the invitation link: ``/play#TOKEN``)
``GET /static/NAME``        the pages' script and style
``GET /api/variants``       the installed variants, their players, bots, options, house rules
``POST /api/games``         create a game: ``{"variant", "seats": [null, "heuristic"], ...}``
``POST /api/record``        a finished game's record (``Authorization: Bearer TOKEN``)
``POST /api/replay``        a finished game's replay page, from the token's seat
``WS /ws``                  a seat's channel (see [`messages`][rummykit.serve.messages])
=========================  =================================================================
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import json
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any, Final
from urllib.parse import urlsplit

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummykit.core.errors import RummyError, quote
from rummykit.core.plugins import available_bots, available_house_rules, available_variants, variant_spec
from rummykit.core.specs import COMMON_OPTIONS
from rummykit.documents.serialize import dump_record
from rummykit.serve.messages import MAX_MESSAGE_BYTES, BadMessage, Hello, read_message
from rummykit.serve.storage import SqliteStorage, Storage
from rummykit.serve.tables import GameFull, Listener, Refused, Table, Tables
from rummykit.viewer import replay_html

__all__ = ["HELLO_SECONDS", "Settings", "create_app"]

log = logging.getLogger("rummykit.serve")

HELLO_SECONDS: Final = 10.0
"""How long a new WebSocket may wait before saying hello with its token."""
_NAME_LIMIT: Final = 64


@attrs.frozen(kw_only=True)
class Settings:
    """How a server runs.

    Attributes:
        database: the SQLite file of the games (``":memory:"``: none kept).
        synchronous: SQLite's ``synchronous`` setting: ``FULL`` (every commit on the disk before it is
            acknowledged) or ``NORMAL`` (a commit survives the server's process being killed, not a
            power cut).
        storage: a storage to use instead of ``database``'s.
        bot_delay: seconds a bot waits before each of its actions, so that people can follow.
        allowed_hosts: the host names the server answers to (the ``Host`` header; against DNS
            rebinding).
        allowed_origins: the origins (``https://example.org``) whose pages may use the server beside
            its own (a page's origin is its own when it is the ``Host`` the request was sent to).
        max_games: the most unfinished games at once.
        share_records: whether a finished game's record may be downloaded by its seats. A record holds
            the game's seed (a replay needs it), and the seed shows every card that was hidden, the
            stock's order and the hands never shown included: off by default, when each seat gets
            only the replay page from its own seat.
    """

    database: str = ":memory:"
    synchronous: str = "FULL"
    storage: Storage | None = None
    bot_delay: float = 0.0
    allowed_hosts: Sequence[str] = ("127.0.0.1", "localhost", "[::1]")
    allowed_origins: Sequence[str] = ()
    max_games: int = 1000
    share_records: bool = False


_SECURITY_HEADERS: Final = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
_PAGE_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: their own script and style only, and connections to the server."""
_RECORD_BUTTON: Final = '<button type="button" id="get-record" data-testid="get-record">Download the record</button>'
"""The record's button of a seat's page, left out where records are not shared."""
_STATIC: Final = {"play.js": "text/javascript", "create.js": "text/javascript", "style.css": "text/css"}


def _resource(name: str) -> str:
    return importlib.resources.files("rummykit.serve").joinpath("static", name).read_text(encoding="utf-8")


def _headers(extra: dict[str, str] | None = None) -> dict[str, str]:
    return {**_SECURITY_HEADERS, **(extra or {})}


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=_headers())


def _origin_allowed(origin: str | None, host: str | None, allowed: Sequence[str]) -> bool:
    """Whether a request from a page of ``origin`` (``None``: not from a page) may use the server
    reached as ``host``.

    Examples:
        >>> _origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
        True
        >>> _origin_allowed("https://evil.example", "127.0.0.1:8000", ())
        False
        >>> _origin_allowed(None, "127.0.0.1:8000", ())
        True
    """
    if origin is None:
        return True
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc == host


def _bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def _body(request: Request) -> Any:
    """The request's JSON body, of at most `MAX_MESSAGE_BYTES`."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_MESSAGE_BYTES):
        raise Refused(f"a request is at most {MAX_MESSAGE_BYTES} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise Refused(f"a request is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise Refused("the request's body is one JSON object") from None


def _variants() -> list[dict[str, Any]]:
    found = []
    for name in available_variants():
        spec = variant_spec(name)
        every = {option.name: option for option in (*COMMON_OPTIONS, *spec.options)}  # the variant's own last
        options = [
            {"name": option.name, "default": option.default, "help": option.help}
            for option in every.values()
            if isinstance(option.default, bool | int | str | None)
        ]
        found.append(
            {
                "name": name,
                "title": spec.title,
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "bots": list(available_bots(name)),
                "options": options,
                "house_rules": list(available_house_rules(name)),
            }
        )
    return found


def _read_request(data: Any) -> tuple[str, list[str | None], dict[str, Any], list[str]]:
    """The variant, seats, options and house rules of a request to create a game."""
    if type(data) is not dict:
        raise Refused("a game is asked for with an object: {'variant': ..., 'seats': [null, 'heuristic']}")
    unknown = sorted(set(data) - {"variant", "seats", "options", "house_rules"})
    if unknown:
        raise Refused(f"unknown field {quote(unknown[0])}; the fields: variant, seats, options, house_rules")
    variant, seats = data.get("variant"), data.get("seats")
    options, house_rules = data.get("options", {}), data.get("house_rules", [])
    if type(variant) is not str or variant not in available_variants():
        raise Refused(f"unknown variant {quote(variant)}; installed variants: {', '.join(available_variants())}")
    if type(seats) is not list or not all(seat is None or type(seat) is str for seat in seats):
        raise Refused("'seats' lists each seat: null for a person, or a bot's name ('heuristic')")
    if len(seats) > variant_spec(variant).max_players:
        raise Refused(f"{variant} is for at most {variant_spec(variant).max_players} players, not {len(seats)}")
    if type(options) is not dict or not all(type(value) in (bool, int, str, type(None)) for value in options.values()):
        raise Refused("'options' is an object of option values (true/false, whole numbers, text or null)")
    if type(house_rules) is not list or not all(type(name) is str for name in house_rules):
        raise Refused("'house_rules' lists house rules by name")
    return variant, list(seats), options, list(house_rules)


def create_app(settings: Settings | None = None) -> Starlette:
    """The server's application (an ASGI application, for uvicorn or any ASGI server).

    Its games are brought back from the storage when it starts (its lifespan), and their bots
    play on.

    Examples:
        >>> app = create_app(Settings(database=":memory:"))
        >>> sorted(route.path for route in app.routes)[:3]
        ['/', '/api/games', '/api/record']
    """
    settings = settings or Settings()
    storage = settings.storage or SqliteStorage(settings.database, synchronous=settings.synchronous)
    tables = Tables(storage, bot_delay=settings.bot_delay, max_games=settings.max_games)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        count = tables.restore()
        if count:
            log.info("brought back %d unfinished games", count)
        tables.start_bots()
        yield
        tables.close()
        if settings.storage is None:
            storage.close()

    def page(name: str) -> Response:
        return HTMLResponse(_resource(name), headers=_headers({"Content-Security-Policy": _PAGE_POLICY}))

    async def create_page(request: Request) -> Response:
        return page("create.html")

    async def play_page(request: Request) -> Response:
        if settings.share_records:
            return page("play.html")
        html = _resource("play.html").replace(_RECORD_BUTTON, "")
        return HTMLResponse(html, headers=_headers({"Content-Security-Policy": _PAGE_POLICY}))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return _error(404, "no such file")
        return Response(_resource(name), media_type=_STATIC[name], headers=_headers())

    async def variants(request: Request) -> Response:
        return JSONResponse(_variants(), headers=_headers())

    def from_page(request: Request) -> bool:
        allowed = _origin_allowed(request.headers.get("origin"), request.headers.get("host"), settings.allowed_origins)
        if not allowed:
            log.warning("refused a request from the page of %s", quote(request.headers.get("origin")))
        return allowed

    async def create_game(request: Request) -> Response:
        if not from_page(request):
            return _error(403, "this server takes requests only from its own pages")
        try:
            variant, seats, options, house_rules = _read_request(await _body(request))
            table, tokens, spectators = await tables.create(variant, seats, options=options, house_rules=house_rules)
        except GameFull as exc:
            return _error(503, str(exc))
        except (Refused, RummyError) as exc:
            return _error(400, str(exc))
        base = str(request.base_url).rstrip("/")
        links = [
            {"seat": seat, "bot": name, "link": None if name is not None else f"{base}/play#{token}"}
            for seat, (name, token) in enumerate(zip(seats, tokens, strict=True))
        ]
        table.start_bots()
        return JSONResponse(
            {"variant": variant, "seats": links, "spectators": f"{base}/play#{spectators}"},
            status_code=201,
            headers=_headers(),
        )

    def finished_table(request: Request) -> tuple[Table, int | None] | Response:
        if not from_page(request):
            return _error(403, "this server takes requests only from its own pages")
        token = _bearer(request)
        found = tables.find(token) if token is not None and len(token) <= 64 else None
        if found is None:
            return _error(403, "no game has this token")
        if not found[0].game.is_over:
            return _error(409, "the game is not over: its record and replay come at its end")
        return found

    async def record(request: Request) -> Response:
        found = finished_table(request)
        if isinstance(found, Response):
            return found
        if not settings.share_records:
            return _error(
                403,
                "this server gives out no records: a record's seed shows every card that was hidden "
                "(the server's --share-records gives them out); the replay page from your seat is yours",
            )
        text = dump_record(found[0].game.record, indent=1)
        return Response(text, media_type="application/json", headers=_headers())

    async def replay_page(request: Request) -> Response:
        found = finished_table(request)
        if isinstance(found, Response):
            return found
        table, seat = found
        page = replay_html(table.game.record, seat=seat)
        return Response(page, media_type="text/html", headers=_headers())

    async def seat_socket(websocket: WebSocket) -> None:
        origin, host = websocket.headers.get("origin"), websocket.headers.get("host")
        if not _origin_allowed(origin, host, settings.allowed_origins):
            log.warning("refused a WebSocket from the page of %s", quote(origin))
            await websocket.close(code=1008)
            return
        await websocket.accept()
        with contextlib.suppress(WebSocketDisconnect):
            await _serve_seat(websocket, tables)

    routes = [
        Route("/", create_page),
        Route("/play", play_page),
        Route("/static/{name}", static),
        Route("/api/variants", variants),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/record", record, methods=["POST"]),
        Route("/api/replay", replay_page, methods=["POST"]),
        WebSocketRoute("/ws", seat_socket),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts))]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.tables = tables
    return app


async def _receive_text(websocket: WebSocket) -> str:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise BadMessage("a message is JSON text, not binary")
    return str(text)


async def _send_error(websocket: WebSocket, message: str) -> None:
    await websocket.send_text(json.dumps({"type": "error", "message": message}, ensure_ascii=False))


async def _serve_seat(websocket: WebSocket, tables: Tables) -> None:
    """A seat's channel: the hello, then the page's actions, while a task sends it its messages."""
    try:
        hello = read_message(await asyncio.wait_for(_receive_text(websocket), HELLO_SECONDS))
        if not isinstance(hello, Hello):
            raise BadMessage("the first message is a hello with the seat's token")
    except TimeoutError:
        await _send_error(websocket, f"no hello within {HELLO_SECONDS:g} seconds")
        await websocket.close(code=1008)
        return
    except BadMessage as exc:
        await _send_error(websocket, str(exc))
        await websocket.close(code=1008)
        return
    found = tables.find(hello.token)
    if found is None:
        await _send_error(websocket, "no game has this token: check the invitation link")
        await websocket.close(code=1008)
        return
    table, seat = found
    listener = Listener(websocket, seat, pictures=hello.pictures)
    try:
        await table.join(listener)
    except Refused as exc:
        await _send_error(websocket, str(exc))
        await websocket.close(code=1008)
        return
    sender = asyncio.get_running_loop().create_task(listener.run())
    try:
        while not sender.done():
            try:
                message = read_message(await _receive_text(websocket))
                if isinstance(message, Hello):
                    raise BadMessage("this page has said hello already")
                await table.act(listener, message.action, message.at)
            except (BadMessage, Refused) as exc:
                listener.put("error", json.dumps({"type": "error", "message": str(exc)}, ensure_ascii=False))
    finally:
        table.leave(listener)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
