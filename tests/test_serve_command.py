"""``rummykit serve`` on the command line: its help, and its one-line error without the serve extra
(the server itself: tests/test_serve.py)."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from rummykit.play.cli import app


def test_rummykit_serve_without_the_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert "rummykit serve needs the serve extra: pip install 'rummykit[serve]'" in lines[0]


def test_rummykit_serve_has_help() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "127.0.0.1" in result.output


def test_rummykit_serve_passes_its_options_to_the_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """Each limit of the command reaches the application's settings or uvicorn, and the defaults are the
    settings' own."""
    pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install -e '.[serve]')")
    from rummykit.serve import Settings  # noqa: PLC0415

    seen: dict[str, Any] = {}
    monkeypatch.setattr("rummykit.serve.create_app", lambda settings: seen.update(settings=settings))
    monkeypatch.setattr("rummykit.serve.server.run", lambda app, **more: seen.update(more))
    database = str(tmp_path / "games.sqlite3")
    assert CliRunner().invoke(app, ["serve", "--database", database]).exit_code == 0
    defaults, given = Settings(), seen["settings"]
    for name in ("max_games", "max_games_per_client", "max_bot_games", "max_bot_games_per_client", "idle_minutes"):
        assert getattr(given, name) == getattr(defaults, name), name
    assert (given.max_replay_mb, given.replay_cache_mb) == (defaults.max_replay_mb, defaults.replay_cache_mb)
    assert (seen["read_timeout"], seen["max_connections"]) == (10.0, 2048)
    options = ["--max-games", "50", "--max-games-per-client", "3", "--max-bot-games", "4"]
    options += ["--max-bot-games-per-client", "1", "--idle-minutes", "0", "--max-replay-mb", "2"]
    options += ["--replay-cache-mb", "8", "--read-timeout", "2.5", "--max-connections", "100"]
    result = CliRunner().invoke(app, ["serve", "--database", database, *options])
    assert result.exit_code == 0, result.output
    given = seen["settings"]
    games = (given.max_games, given.max_games_per_client, given.max_bot_games, given.max_bot_games_per_client)
    assert games == (50, 3, 4, 1)
    assert (given.idle_minutes, given.max_replay_mb, given.replay_cache_mb) == (None, 2.0, 8.0)  # 0: never
    assert (seen["read_timeout"], seen["max_connections"]) == (2.5, 100)
