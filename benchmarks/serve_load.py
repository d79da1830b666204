"""The game server under load (issue 29): ``python -m benchmarks.serve_load`` starts ``rummykit serve``
on 127.0.0.1 (a free port, a new database in a temporary folder), creates ``--games`` games of a person
and a bot, then plays every person's seat at once over loopback WebSockets for ``--seconds``: a seat
acts ``--think`` seconds (on average) after its turn comes, and a finished game is followed by a new
one. It reports the actions per second (the seats' and the bots') and the seats' action latency: from
sending an action to its acknowledgement, which the server sends once the action is committed to the
database. The server's and this client's processes share the machine.

    python -m benchmarks.serve_load --games 200 --seconds 60 --think 1
    python -m benchmarks.serve_load --games 200 --seconds 30 --think 0   # as fast as it goes

With ``--replay-clients N`` it first plays a game of 8 heuristic bots (``--replay-variant``, RailRoad
Rummy) to its end, then, beside the seats, N clients ask for that finished game's replay page again
and again, and one more client sends a plain request (``GET /``) every ``--plain-every`` seconds, each
after the answer to the one before: it reports the plain requests' latency, the server's
responsiveness while it makes and sends replay pages (issue 36: a page built on the event loop held
every other client back for seconds).

    python -m benchmarks.serve_load --games 0 --replay-clients 2 --seconds 30

All the load comes from one address (127.0.0.1): the server is started with the limits for each client
raised to the whole server's (``--max-games-per-client``), and room for the connections.

The figures of this machine are in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import httpx2 as httpx
import orjson
from websockets.asyncio.client import connect

__all__ = ["Load", "main", "percentile", "run"]


@attrs.define
class Load:
    """What the clients saw: each acknowledged action's latency (seconds), the actions of the games
    (the seats' and the bots'), the games finished and the errors; the plain requests' latencies, and
    the replay pages' (with their bytes and the refusals)."""

    latencies: list[float] = attrs.Factory(list)
    actions: int = 0
    games: int = 0
    errors: int = 0
    plain: list[float] = attrs.Factory(list)
    replays: list[float] = attrs.Factory(list)
    replay_bytes: int = 0
    replay_errors: int = 0


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` percentile of ``values`` (nearest rank).

    Examples:
        >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5)
        3.0
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _create(http: httpx.AsyncClient, base: str, variant: str) -> str:
    answer = await http.post(f"{base}/api/games", json={"variant": variant, "seats": [None, "heuristic"]})
    answer.raise_for_status()
    link: str = answer.json()["seats"][0]["link"]
    return link.split("#", 1)[1]


def _choose(message: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    """A person's move: going down or laying off when it can, else any legal action."""
    legal: list[dict[str, Any]] = message["legal"]
    melding = [entry for entry in legal if entry["kind"] in ("go-down", "lay-off")]
    return melding[0] if melding else chooser.choice(legal)


async def _seat(
    http: httpx.AsyncClient, base: str, variant: str, think: float, until: float, load: Load, seed: int, token: str
) -> None:
    """One person's seat, from the game of ``token`` on, game after game, until ``until``."""
    chooser = random.Random(seed)
    ws_url = base.replace("http://", "ws://") + "/ws"
    while time.monotonic() < until:
        token = token or await _create(http, base, variant)
        async with connect(ws_url, origin=base, max_size=2**24) as socket_:  # type: ignore[arg-type]
            await socket_.send(json.dumps({"type": "hello", "token": token}))
            sent: float | None = None
            acted_at = -1
            seen = 0
            while time.monotonic() < until:
                try:
                    text = await asyncio.wait_for(socket_.recv(), timeout=max(0.1, until - time.monotonic()))
                except TimeoutError:
                    return
                message = orjson.loads(text)  # a lighter client: the machine is shared with the server
                if message["type"] == "accepted":
                    if sent is not None:
                        load.latencies.append(time.perf_counter() - sent)
                    sent = None
                    continue
                if message["type"] == "error":
                    load.errors += 1
                    sent = None
                    continue
                if message["type"] != "state":  # a "connected" message, or a log page
                    continue
                load.actions += message["at"] - seen
                seen = message["at"]
                if message["over"]:
                    load.games += 1
                    token = ""
                    break
                ended = message.get("round_end")  # (a server before issue 36 sends none)
                if ended and message["seat"] in ended["waiting"]:  # a round's end on screen: ready at once
                    await socket_.send(json.dumps({"type": "ready", "round": ended["round"]}))
                    continue
                if message["legal"] and sent is None and message["at"] != acted_at:
                    if think > 0:
                        await asyncio.sleep(min(chooser.expovariate(1 / think), max(0.0, until - time.monotonic())))
                    if time.monotonic() >= until:
                        return
                    acted_at = message["at"]
                    act = {"type": "act", "action": _choose(message, chooser)["action"], "at": acted_at}
                    sent = time.perf_counter()
                    await socket_.send(json.dumps(act))


async def finished_game(base: str, variant: str = "railroad-rummy", players: int = 8) -> str:
    """A game of ``players`` heuristic bots played to its end on the server at ``base``: its
    spectators' token (once the spectators' page is told the game is over)."""
    async with httpx.AsyncClient(timeout=60) as http:
        answer = await http.post(f"{base}/api/games", json={"variant": variant, "seats": ["heuristic"] * players})
        answer.raise_for_status()
    token: str = answer.json()["spectators"].split("#", 1)[1]
    async with connect(base.replace("http://", "ws://") + "/ws", origin=base, max_size=2**24) as socket_:  # type: ignore[arg-type]
        await socket_.send(json.dumps({"type": "hello", "token": token}))
        while not json.loads(await socket_.recv()).get("over"):
            pass
    return token


async def _replays(base: str, token: str, until: float, load: Load) -> None:
    """A client asking for a finished game's replay page again and again, until ``until``."""
    async with httpx.AsyncClient(timeout=600) as http:
        while time.monotonic() < until:
            sent = time.perf_counter()
            answer = await http.post(f"{base}/api/replay", headers={"Authorization": f"Bearer {token}"})
            if answer.status_code == 200:
                load.replays.append(time.perf_counter() - sent)
                load.replay_bytes += len(answer.content)
            else:
                load.replay_errors += 1
                await asyncio.sleep(0.1)


async def _plain(base: str, every: float, until: float, load: Load) -> None:
    """A client sending a plain request (the first page) every ``every`` seconds, until ``until``."""
    async with httpx.AsyncClient(timeout=600) as http:
        while time.monotonic() < until:
            sent = time.perf_counter()
            answer = await http.get(f"{base}/")
            answer.raise_for_status()
            load.plain.append(time.perf_counter() - sent)
            await asyncio.sleep(max(0.0, every - (time.perf_counter() - sent)))


async def run(
    base: str,
    *,
    games: int,
    seconds: float,
    think: float,
    variant: str = "rummy",
    on_start: Any = None,
    replay_clients: int = 0,
    replay_variant: str = "railroad-rummy",
    plain_every: float = 0.02,
) -> Load:
    """Create ``games`` games on the server at ``base``, then play them all at once for ``seconds``
    (calling ``on_start`` when the play starts), with ``replay_clients`` clients asking for a finished
    game's replay page meanwhile, and a client of plain requests (one each ``plain_every`` seconds; 0:
    none); what was seen."""
    load = Load()
    limits = httpx.Limits(max_connections=20)
    replayed = await finished_game(base, replay_variant) if replay_clients else ""
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        tokens = await asyncio.gather(*(_create(http, base, variant) for _ in range(games)))
        if on_start is not None:
            on_start()
        until = time.monotonic() + seconds
        seats = [_seat(http, base, variant, think, until, load, seed, token) for seed, token in enumerate(tokens)]
        others = [_replays(base, replayed, until, load) for _ in range(replay_clients)]
        plain = [_plain(base, plain_every, until, load)] if plain_every > 0 else []
        await asyncio.gather(*seats, *others, *plain)
    return load


def _cpu_seconds(pid: int) -> float:
    """The processor time (user and system) a process has used so far, from /proc (0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def _server(database: Path, port: int, *, synchronous: str, games: int, more: Sequence[str] = ()) -> Any:
    command = [sys.executable, "-m", "rummykit", "serve", "--port", str(port), "--database", str(database)]
    most = str(max(1000, 2 * games))  # every game comes from this one address
    limits = ["--max-games", most, "--max-games-per-client", most, "--max-connections", str(2 * games + 1000)]
    process = subprocess.Popen(
        [*command, "--bot-delay", "0", "--synchronous", synchronous, *limits, *more],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", process.pid
    finally:
        process.terminate()
        process.wait(timeout=60)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """The command: run the load, print the figures (and return them)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.serve_load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games played at once (default 200)")
    parser.add_argument("--seconds", type=float, default=30, help="how long (default 30)")
    parser.add_argument("--think", type=float, default=1.0, help="a seat's mean time to act, seconds (default 1)")
    parser.add_argument("--variant", default="rummy")
    parser.add_argument("--synchronous", default="FULL", choices=["FULL", "NORMAL"], help="SQLite's (default FULL)")
    parser.add_argument(
        "--replay-clients", type=int, default=0, help="clients asking for a finished game's replay page (default 0)"
    )
    parser.add_argument("--replay-variant", default="railroad-rummy", help="the finished game's (8 bots)")
    parser.add_argument(
        "--plain-every", type=float, default=0.02, help="seconds between plain requests (0.02; 0: none)"
    )
    parser.add_argument(
        "--server-option", action="append", default=[], help="an option of the server started (repeatable)"
    )
    parser.add_argument("--url", help="a running server's address instead of starting one")
    parser.add_argument("--server-pid", type=int, help="with --url: the server's process id (its CPU time)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        base, pid = args.url, args.server_pid
        if base is None:
            base, pid = stack.enter_context(
                _server(
                    Path(folder) / "games.sqlite3",
                    _free_port(),
                    synchronous=args.synchronous,
                    games=args.games,
                    more=[part for option in args.server_option for part in option.split()],
                )
            )
        started: list[float] = []

        def on_start() -> None:  # the clocks start once the games are created
            started.extend([time.monotonic(), _cpu_seconds(pid or 0), time.process_time()])

        load = asyncio.run(
            run(
                base,
                games=args.games,
                seconds=args.seconds,
                think=args.think,
                variant=args.variant,
                on_start=on_start,
                replay_clients=args.replay_clients,
                replay_variant=args.replay_variant,
                plain_every=args.plain_every,
            )
        )
        elapsed = time.monotonic() - started[0]
        server_cpu, client_cpu = _cpu_seconds(pid or 0) - started[1], time.process_time() - started[2]
    latencies = load.latencies or [float("nan")]
    figures = {
        "games at once": args.games,
        "think seconds": args.think,
        "seconds": round(elapsed, 1),
        "seat actions per second": round(len(load.latencies) / elapsed, 1),
        "all actions per second": round(load.actions / elapsed, 1),
        "games finished": load.games,
        "errors": load.errors,
        "latency p50 ms": round(1000 * statistics.median(latencies), 1),
        "latency p99 ms": round(1000 * percentile(latencies, 0.99), 1),
        "latency max ms": round(1000 * max(latencies), 1),
        "server CPU ms per action": round(1000 * server_cpu / max(1, load.actions), 2),
        "client CPU ms per action": round(1000 * client_cpu / max(1, load.actions), 2),
        "load average": round(os.getloadavg()[0], 1),
    }
    plain = load.plain or [float("nan")]
    figures.update(
        {
            "plain requests": len(load.plain),
            "plain p50 ms": round(1000 * statistics.median(plain), 1),
            "plain p99 ms": round(1000 * percentile(plain, 0.99), 1),
            "plain max ms": round(1000 * max(plain), 1),
        }
    )
    if args.replay_clients:
        replays = load.replays or [float("nan")]
        figures.update(
            {
                "replay clients": args.replay_clients,
                "replay pages": len(load.replays),
                "replay refused": load.replay_errors,
                "replay MB each": round(load.replay_bytes / max(1, len(load.replays)) / 1e6, 2),
                "replay p50 ms": round(1000 * statistics.median(replays), 1),
                "replay max ms": round(1000 * max(replays), 1),
            }
        )
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:>24}: {value}")
    return figures


if __name__ == "__main__":
    main()
