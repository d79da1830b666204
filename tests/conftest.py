"""The test suite sees the plug-ins rummykit ships (and those a test registers), never third-party
ones installed beside it: it must pass whatever else is installed (the how-to guides' packages, a
user's own variants and house rules; `.ci/howtos.sh` runs it so). Each third-party variant has its
own tests, as examples/shanghai does."""

from __future__ import annotations

import functools
from importlib.metadata import EntryPoint

import pytest

from rummykit.core import plugins

collect_ignore = ["frozen"]
"""The plug-ins frozen as written against an earlier rummykit (``tests/frozen/*/README.md``) have tests
of their own, run from their own directory once installed (``.ci/run``); this suite reaches them
through ``tests/test_compatibility.py``."""


def _shipped(entry_point: EntryPoint | plugins.NameClash) -> bool:
    return isinstance(entry_point, EntryPoint) and entry_point.dist is not None and entry_point.dist.name == "rummykit"


def pytest_configure(config: pytest.Config) -> None:
    """Before collection (some tests list the variants when their module is imported)."""
    scan = plugins._scan

    @functools.cache  # as the scan itself is: reading an entry point's distribution name parses its metadata
    def shipped_only(group: str, path: tuple[str, ...]) -> tuple[tuple[str, EntryPoint | plugins.NameClash], ...]:
        return tuple((name, entry_point) for name, entry_point in scan(group, path) if _shipped(entry_point))

    setattr(plugins, "_scan", shipped_only)  # noqa: B010 - a module's function, replaced for the session
