"""``rummykit serve`` on the command line: its help, and its one-line error without the serve extra
(the server itself: tests/test_serve.py)."""

from __future__ import annotations

import sys

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
