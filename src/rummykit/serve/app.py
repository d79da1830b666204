"""The web application: the pages, the JSON endpoints and each seat's WebSocket (Starlette).

=========================  =================================================================
``GET /``                   the page that creates a game
``GET /play``               a seat's page (the invitation link: ``/play#TOKEN``)
``GET /static/NAME``        the pages' script, style and icon
``GET /favicon.ico``        the icon (an SVG picture)
``GET /api/variants``       the installed variants, their players, bots, options, house rules
``POST /api/games``         create a game: ``{"variant", "seats": [null, "heuristic", "search:3"], ...}``
``POST /api/record``        a finished game's record (``Authorization: Bearer TOKEN``)
``POST /api/replay``        a finished game's replay page, from the token's seat
``WS /ws``                  a seat's channel (see [`messages`][rummykit.serve.messages])
=========================  =================================================================

Every reply carries the security headers and a Content-Security-Policy (`SECURITY_HEADERS`; the
pages' policy lets them run their own script, the replay page's its inline one; every other reply's
lets nothing run), the errors of the router (404, 405) and of the server (500) included.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import json
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any, Final
from urllib.parse import urlsplit

import attrs
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummykit.core.errors import RummyError, quote
from rummykit.core.plugins import (
    available_bots,
    available_house_rules,
    available_variants,
    bot_levels,
    variant_spec,
)
from rummykit.core.records import GameRecord
from rummykit.core.specs import COMMON_OPTIONS, Option
from rummykit.documents.serialize import dump_record
from rummykit.serve.builds import Builds, Busy
from rummykit.serve.messages import MAX_MESSAGE_BYTES, BadMessage, Hello, LogPage, Ready, message_text, read_message
from rummykit.serve.replays import ReplayPages, TooLarge
from rummykit.serve.storage import SqliteStorage, Storage
from rummykit.serve.tables import (
    MAX_ROUND_END_SECONDS,
    ROUND_END_SECONDS,
    GameFull,
    Listener,
    NotOver,
    Refused,
    Tables,
    TooMany,
)

__all__ = ["HELLO_SECONDS", "SECURITY_HEADERS", "Settings", "create_app"]

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
        max_games_per_client: the most unfinished games at once created from one client's address
            (behind a proxy, the address uvicorn takes from the proxy's ``X-Forwarded-For``).
        max_bot_games: the most unfinished games of bots alone (no person's seat) at once; they
            count among ``max_games`` too.
        max_bot_games_per_client: the most unfinished games of bots alone from one client's address.
        idle_minutes: an unfinished game in which nothing is played (no action stored, by a person
            or a bot) for so long ends, and is removed from the storage; the time counts from its last
            action, its creation or the server's start, whichever is latest; open pages do not count
            (``None``: games never end so).
        finished_kept: how many finished games are kept in memory, the most recently used (for their
            pages; brought back from the storage when asked for again).
        max_replay_mb: the largest replay page the server makes, in megabytes (10^6 bytes): a
            larger one is refused, saying so.
        replay_cache_mb: the megabytes of replay pages kept, the most recently asked for.
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
    max_games_per_client: int = 20
    max_bot_games: int = 20
    max_bot_games_per_client: int = 2
    idle_minutes: float | None = 60.0
    finished_kept: int = 64
    max_replay_mb: float = 16.0
    replay_cache_mb: float = 64.0
    share_records: bool = False


SECURITY_HEADERS: Final = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}
"""The headers of every reply (a reply may give its own Content-Security-Policy, as the pages do)."""
SWEEP_SECONDS: Final = 60.0
"""How often the server looks for idle games (more often when ``idle_minutes`` is under 4 minutes)."""
_PAGE_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: their own script and style only, and connections to the server."""
_RECORD_BUTTON: Final = '<button type="button" id="get-record" data-testid="get-record">Download the record</button>'
"""The record's button of a seat's page, left out where records are not shared."""
_STATIC: Final = {
    "play.js": "text/javascript",
    "create.js": "text/javascript",
    "style.css": "text/css",
    "icon.svg": "image/svg+xml",
}


def _resource(name: str) -> str:
    return importlib.resources.files("rummykit.serve").joinpath("static", name).read_text(encoding="utf-8")


def _headers(extra: dict[str, str] | None = None) -> dict[str, str]:
    return {**SECURITY_HEADERS, **(extra or {})}


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=_headers(headers))


class _Server(Starlette):
    """The application, whose every HTTP reply gets the `SECURITY_HEADERS` it does not set itself:
    added outside Starlette's own error handling, so that its 404, 405 and 500 replies get them too."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return

        async def send_guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await super().__call__(scope, receive, send_guarded)


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


def _option(option: Option) -> dict[str, Any]:
    """An option as ``/api/variants`` gives it, for the page to make its control from.

    Examples:
        >>> _option(Option("hmg_per_player", int, 3, "RR-18: HMGs", minimum=0, rule="RR-18"))["type"]
        'int'
    """
    return {
        "name": option.name,
        "type": option.type.__name__,
        "default": option.default,
        "help": option.help,
        "minimum": option.minimum,
        "maximum": option.maximum,
        "choices": None if option.choices is None else list(option.choices),
        "optional": option.optional,
    }


def _variants() -> list[dict[str, Any]]:
    """Every installed variant (``available_variants``: the built-in ones and any other plug-in,
    installed or registered for the process, alike) with its players, bots, options and house rules."""
    found = []
    for name in available_variants():
        spec = variant_spec(name)
        every = {option.name: option for option in (*COMMON_OPTIONS, *spec.options)}  # the variant's own last
        options = [_option(option) for option in every.values() if option.type in (bool, int, str)]
        found.append(
            {
                "name": name,
                "title": spec.title,
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "player_counts": list(spec.players),
                "bots": list(available_bots(name)),
                "bot_levels": {bot: list(levels) for bot, levels in bot_levels(name).items()},
                "options": options,
                "house_rules": list(available_house_rules(name)),
            }
        )
    return found


_FIELDS: Final = ("variant", "seats", "options", "house_rules", "round_end_seconds")
"""The fields of a request to create a game."""


def _round_end_seconds(data: dict[str, Any]) -> float:
    """A request's ``round_end_seconds``: how long a round's end stays on screen for the people not
    yet ready (`ROUND_END_SECONDS` if not given)."""
    seconds = data.get("round_end_seconds", ROUND_END_SECONDS)
    if type(seconds) not in (int, float) or not 0 <= seconds <= MAX_ROUND_END_SECONDS:
        raise Refused(
            "'round_end_seconds' is how many seconds a round's end stays on screen for the people not yet "
            f"ready, from 0 (not held) to {MAX_ROUND_END_SECONDS:g}, not {quote(seconds)}"
        )
    return float(seconds)


def _read_request(data: Any) -> tuple[str, list[str | None], dict[str, Any], list[str]]:
    """The variant, seats, options and house rules of a request to create a game."""
    if type(data) is not dict:
        raise Refused("a game is asked for with an object: {'variant': ..., 'seats': [null, 'heuristic']}")
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise Refused(f"unknown field {quote(unknown[0])}; the fields: {', '.join(_FIELDS)}")
    variant, seats = data.get("variant"), data.get("seats")
    options, house_rules = data.get("options", {}), data.get("house_rules", [])
    if type(variant) is not str or variant not in available_variants():
        raise Refused(f"unknown variant {quote(variant)}; installed variants: {', '.join(available_variants())}")
    if type(seats) is not list or not all(seat is None or type(seat) is str for seat in seats):
        raise Refused(
            "'seats' lists each seat: null for a person, or a bot's name ('heuristic'; with a level, 'search:3')"
        )
    if len(seats) > variant_spec(variant).max_players:
        raise Refused(f"{variant} is for at most {variant_spec(variant).max_players} players, not {len(seats)}")
    if type(options) is not dict or not all(type(value) in (bool, int, str, type(None)) for value in options.values()):
        raise Refused("'options' is an object of option values (true/false, whole numbers, text or null)")
    if type(house_rules) is not list or not all(type(name) is str for name in house_rules):
        raise Refused("'house_rules' lists house rules by name")
    return variant, list(seats), options, list(house_rules)


def _client(request: Request) -> str:
    """The client's address (behind a proxy, what uvicorn takes from the proxy's ``X-Forwarded-For``)."""
    return request.client.host if request.client is not None else "unknown"


def create_app(settings: Settings | None = None) -> Starlette:
    """The server's application (an ASGI application, for uvicorn or any ASGI server).

    Its games are brought back from the storage when it starts (its lifespan), and their bots
    play on; while it runs, it ends the games left idle (`Settings.idle_minutes`).

    Examples:
        >>> app = create_app(Settings(database=":memory:"))
        >>> sorted(route.path for route in app.routes)[:3]
        ['/', '/api/games', '/api/record']
    """
    settings = settings or Settings()
    storage = settings.storage or SqliteStorage(settings.database, synchronous=settings.synchronous)
    builds = Builds()
    idle = None if not settings.idle_minutes else 60 * settings.idle_minutes
    tables = Tables(
        storage,
        bot_delay=settings.bot_delay,
        max_games=settings.max_games,
        max_games_each=settings.max_games_per_client,
        max_bot_games=settings.max_bot_games,
        max_bot_games_each=settings.max_bot_games_per_client,
        idle_seconds=idle,
        finished_kept=settings.finished_kept,
        builds=builds,
    )
    pages = ReplayPages(
        builds, max_bytes=int(settings.max_replay_mb * 1e6), cache_bytes=int(settings.replay_cache_mb * 1e6)
    )

    async def sweep(every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await tables.expire()
            except Exception:
                log.exception("could not end the idle games")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        restored = tables.restore()
        if restored:
            games = ", ".join(f"{table.id} ({table.game.variant}, {table.at} actions)" for table in restored)
            log.info("brought back %d unfinished games: %s", len(restored), games)
        tables.start_bots()
        sweeper = None if idle is None else asyncio.get_running_loop().create_task(sweep(min(SWEEP_SECONDS, idle / 4)))
        yield
        if sweeper is not None:
            sweeper.cancel()
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

    async def icon(request: Request) -> Response:
        return Response(_resource("icon.svg"), media_type=_STATIC["icon.svg"], headers=_headers())

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
            data = await _body(request)
            variant, seats, options, house_rules = _read_request(data)
            table, tokens, spectators = await tables.create(
                variant,
                seats,
                options=options,
                house_rules=house_rules,
                client=_client(request),
                round_end_seconds=_round_end_seconds(data),
            )
        except GameFull as exc:
            return _error(503, str(exc), {"Retry-After": "60"})
        except TooMany as exc:
            return _error(429, str(exc), {"Retry-After": "60"})
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

    def finished_game(request: Request) -> tuple[str, int | None, Callable[[], GameRecord]] | Response:
        """The game and seat of the request's token, and a way to its record (for the worker thread)."""
        if not from_page(request):
            return _error(403, "this server takes requests only from its own pages")
        token = _bearer(request)
        found = tables.lookup(token) if token is not None and len(token) <= 64 else None
        if found is None:
            return _error(403, "no game has this token")
        try:
            return found[0], found[1], tables.record(found[0])
        except NotOver as exc:
            return _error(409, str(exc))

    async def in_worker(make: Callable[[], Response]) -> Response:
        """``make()``'s reply, or the error it met, made in the worker thread."""
        try:
            return await builds.run(make)
        except Busy as exc:
            return _error(503, str(exc), {"Retry-After": "5"})
        except NotOver as exc:
            return _error(409, str(exc))
        except LookupError:
            return _error(403, "no game has this token")

    async def record(request: Request) -> Response:
        found = finished_game(request)
        if isinstance(found, Response):
            return found
        if not settings.share_records:
            return _error(
                403,
                "this server gives out no records: a record's seed shows every card that was hidden "
                "(the server's --share-records gives them out); the replay page from your seat is yours",
            )
        game_record = found[2]
        return await in_worker(
            lambda: Response(dump_record(game_record(), indent=1), media_type="application/json", headers=_headers())
        )

    async def replay_page(request: Request) -> Response:
        found = finished_game(request)
        if isinstance(found, Response):
            return found
        game_id, seat, game_record = found
        try:
            made = await pages.page(game_id, seat, game_record)
        except TooLarge as exc:
            return _error(507, str(exc))
        except Busy as exc:
            return _error(503, str(exc), {"Retry-After": "5"})
        except NotOver as exc:
            return _error(409, str(exc))
        except LookupError:
            return _error(403, "no game has this token")
        return Response(made.body, media_type="text/html", headers=_headers({"Content-Security-Policy": made.policy}))

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
        Route("/favicon.ico", icon),
        Route("/api/variants", variants),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/record", record, methods=["POST"]),
        Route("/api/replay", replay_page, methods=["POST"]),
        WebSocketRoute("/ws", seat_socket),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts))]
    app = _Server(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.tables = tables
    app.state.pages = pages
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
    await websocket.send_text(message_text({"type": "error", "message": message}))


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
    try:
        found = await tables.open(hello.token)
    except Busy as exc:
        await _send_error(websocket, str(exc))
        await websocket.close(code=1013)  # try again later
        return
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
                if isinstance(message, Ready):
                    table.say_ready(listener, message.round, message.seat)
                elif isinstance(message, LogPage):
                    table.send_log(listener, message.before)
                else:
                    await table.act(listener, message.action, message.at)
            except (BadMessage, Refused) as exc:
                listener.put("error", message_text({"type": "error", "message": str(exc)}))
    finally:
        table.leave(listener)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
