"""The listing of the public API, ``tests/public_api.txt``: every change to the API shows in it.

When the code and the listing differ, the first test fails with the difference and the command that
writes the listing anew (``python -m tests.public_api --write``); the others show that a change to
a name, a signature, a field, a hook's options or a deprecation does change the listing.
"""

from __future__ import annotations

import importlib.util
import sys
import textwrap
import types
from pathlib import Path

import pytest

# the modules listed, imported at collection (as the kit's own tests do), not in the first test's time
import rummykit.standard
import rummykit.testing.pytest_plugin  # noqa: F401
from rummykit._moved import MOVED
from rummykit.core import deprecation
from tests import public_api
from tests.public_api import COMMAND, LISTING, difference, listing, module_lines


def test_the_listing_matches_the_public_api() -> None:
    message = difference(LISTING.read_text(encoding="utf-8"), listing())
    if message is not None:
        pytest.fail(message, pytrace=False)


# -- the check can fail --------------------------------------------------------------------------------

_EXAMPLE = '''
from __future__ import annotations

import attrs
import pluggy

hookspec = pluggy.HookspecMarker("rummykit")

__all__ = ["LIMIT", "Hand", "Refused", "deal"]

LIMIT = 3
"""How many."""


@attrs.frozen(kw_only=True)
class Hand:
    """A hand."""

    seat: int
    size: int = 10

    def points(self, *, low: bool = False) -> int:
        """Its points."""
        return 0


class Refused(Exception):
    """Refused."""

    def __init__(self, rule: str) -> None:
        self.rule = rule


def deal(hand_size: int) -> Hand:
    """Deal."""
    return Hand(seat=0, size=hand_size)


@hookspec(firstresult=True)
def rummykit_example(state: Hand) -> int:
    """A hook."""
'''

_CHANGES = {
    "a parameter added": ("def deal(hand_size: int)", "def deal(hand_size: int, *, seed: int = 0)"),
    "a name renamed": ("deal", "deal_hand"),
    "a name no longer exported": ('"Refused", ', ""),
    "a parameter's annotation": ("def deal(hand_size: int)", "def deal(hand_size: int | None)"),
    "a field's default": ("size: int = 10", "size: int = 11"),
    "a field made private": ("seat: int", "_seat: int"),
    "a method's keyword": ("*, low: bool = False", "low: bool = False"),
    "a method removed": ("    def points(", "    def _points("),
    "an attribute set in __init__": ("self.rule = rule", "self._rule = rule"),
    "a constant's value": ("LIMIT = 3", "LIMIT = 4"),
    "a base class": ("class Refused(Exception):", "class Refused(LookupError):"),
    "a hook's firstresult": ("@hookspec(firstresult=True)", "@hookspec"),
    "a hook's historic": ("@hookspec(firstresult=True)", "@hookspec(historic=True)"),
}


def _import(folder: Path, source: str, monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """``source`` as the module ``api_example``, imported from a file of its own."""
    folder.mkdir()
    path = folder / "api_example.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("api_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "api_example", module)
    spec.loader.exec_module(module)
    return module


def _text(lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in lines)


def test_the_example_module_is_listed_name_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert module_lines(_import(tmp_path / "module", _EXAMPLE, monkeypatch)) == [
        "api_example.Hand: class(object) [frozen attrs] (*, seat: int, size: int = 10)",
        "api_example.Hand.points: method (*, low: bool = False) -> int",
        "api_example.Hand.seat: field int",
        "api_example.Hand.size: field int = 10",
        "api_example.LIMIT: constant int = 3",
        "api_example.Refused: class(Exception) (rule: str)",
        "api_example.Refused.rule: attribute str",
        "api_example.deal: function (hand_size: int) -> Hand",
        "api_example.rummykit_example: hookspec(firstresult=True, historic=False) (state: Hand) -> int",
    ]


@pytest.mark.parametrize("change", sorted(_CHANGES))
def test_a_change_to_the_api_changes_the_listing_and_fails_the_check(
    change: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = _CHANGES[change]
    assert old in _EXAMPLE
    before = _text(module_lines(_import(tmp_path / "before", _EXAMPLE, monkeypatch)))
    after = _text(module_lines(_import(tmp_path / "after", _EXAMPLE.replace(old, new), monkeypatch)))
    message = difference(before, after)
    assert message is not None, f"{change}: the listing did not change"
    assert "\n-api_example." in message or "\n+api_example." in message
    assert COMMAND in message
    assert difference(before, before) is None


def test_a_deprecation_marks_its_name_with_the_replacement_and_the_removal_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _import(tmp_path / "module", _EXAMPLE, monkeypatch)
    monkeypatch.setitem(deprecation.REPLACED, "api_example.deal", "api_example.Hand")
    line = next(line for line in module_lines(module) if line.startswith("api_example.deal:"))
    assert line.endswith(f" [deprecated: api_example.Hand; removed in rummykit {deprecation.REMOVED_IN}]")


@pytest.fixture
def listing_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The command's listing, in a file of the test's own."""
    path = tmp_path / "public_api.txt"
    monkeypatch.setattr(public_api, "LISTING", path)
    return path


def test_the_command_writes_the_listing_and_then_finds_no_difference(
    listing_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing_file.write_text(LISTING.read_text(encoding="utf-8").replace("rummykit.new_game: function (", "x"))
    assert public_api.main([]) == 1
    shown = capsys.readouterr().out
    assert "+rummykit.new_game: function (" in shown
    assert COMMAND in shown
    assert public_api.main(["--write"]) == 0
    assert listing_file.read_text(encoding="utf-8") == LISTING.read_text(encoding="utf-8")
    capsys.readouterr()
    assert public_api.main([]) == 0
    assert "matches" in capsys.readouterr().out


def test_every_deprecated_name_and_path_is_listed_with_its_removal_version() -> None:
    text = LISTING.read_text(encoding="utf-8")
    deprecated = text.partition("\n[deprecated]\n")[2].splitlines()
    assert len(deprecated) == len(deprecation.REPLACED) + len(MOVED)
    assert all(line.endswith(f"; removed in rummykit {deprecation.REMOVED_IN}") for line in deprecated)
