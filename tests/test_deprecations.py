"""Deprecated names and module paths: each still works, with a `DeprecationWarning` that names its
replacement and the release that removes it (``rummykit.core.deprecation.REMOVED_IN``), blamed on the
line that used it (so that Python shows it there by default in ``__main__``), one test per way a
deprecated name is reached."""

from __future__ import annotations

import ast
import importlib
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import rummykit
from rummykit._moved import MOVED
from rummykit.core.configuration import configure
from rummykit.core.deprecation import REMOVED_IN, REPLACED

# the package as imported: the source tree, or the installed wheel in the release check
_SRC = Path(rummykit.__file__).resolve().parent


@contextmanager
def _warns(old: str, new: str, what: str = "name") -> Iterator[None]:
    """Expects one kind of deprecation warning at least once, naming ``new`` and the removal version,
    each blamed on this file."""
    message = f"{old} is now {new}; the old {what} will be removed in rummykit {REMOVED_IN}"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    deprecations = [warning for warning in caught if issubclass(warning.category, DeprecationWarning)]
    assert [str(warning.message) for warning in deprecations] == [message] * len(deprecations)
    assert deprecations, f"no DeprecationWarning for {old}"
    assert {warning.filename for warning in deprecations} == {__file__}


# -- module paths of 0.1 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_path_imports_the_new_module_with_a_warning(old: str, monkeypatch: pytest.MonkeyPatch) -> None:
    new = importlib.import_module(MOVED[old])  # first, so that only the old path's warning is caught
    monkeypatch.delitem(sys.modules, old, raising=False)
    with _warns(old, MOVED[old], "path"):
        module = importlib.import_module(old)
    assert module is new


def test_an_old_module_path_in_an_import_statement_warns(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a plug-in written against 0.1 imports: ``from rummykit.cards import parse_card``."""
    monkeypatch.delitem(sys.modules, "rummykit.cards", raising=False)
    with _warns("rummykit.cards", "rummykit.core.cards", "path"):
        from rummykit.cards import parse_card  # type: ignore[import-not-found]  # noqa: PLC0415
    assert parse_card("10H") == rummykit.parse_card("10H")


def test_an_old_module_path_as_an_attribute_of_rummykit_warns(monkeypatch: pytest.MonkeyPatch) -> None:
    if "serialize" in vars(rummykit):  # set by an earlier import of the old path (hasattr would warn: not it)
        monkeypatch.delitem(vars(rummykit), "serialize")
    with _warns("rummykit.serialize", "rummykit.documents.serialize", "path"):
        module = rummykit.serialize
    assert module is importlib.import_module("rummykit.documents.serialize")


def test_the_new_paths_warn_of_nothing() -> None:
    """Nothing of rummykit's (a dependency may warn of its own, as click 8.2 does when first imported)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for new in MOVED.values():
            importlib.import_module(new)
    assert not [str(warning.message) for warning in caught if "rummykit" in str(warning.message)]


# -- names ---------------------------------------------------------------------------------------------------


def test_game_config_as_an_attribute_of_rummykit_warns() -> None:
    with _warns("rummykit.GameConfig", "rummykit.GameSettings"):
        assert rummykit.GameConfig is rummykit.GameSettings


def test_game_config_imported_from_rummykit_warns() -> None:
    with _warns("rummykit.GameConfig", "rummykit.GameSettings"):
        from rummykit import GameConfig  # noqa: PLC0415
    assert GameConfig is rummykit.GameSettings


def test_game_config_of_its_module_warns() -> None:
    from rummykit.core import specs  # noqa: PLC0415

    with _warns("rummykit.core.specs.GameConfig", "rummykit.core.specs.GameSettings"):
        assert specs.GameConfig is specs.GameSettings


def test_configuration_game_config_warns_and_gives_the_settings() -> None:
    configuration = configure("rummy", 2)
    with _warns("rummykit.Configuration.game_config", "rummykit.Configuration.settings"):
        settings = configuration.game_config(7)
    assert settings == configuration.settings(7)


def test_game_from_state_warns_and_gives_the_game() -> None:
    from rummykit.core.engine import game_from_state  # noqa: PLC0415

    game = rummykit.new_game("rummy", players=2, seed=3)
    with _warns("rummykit.core.engine.game_from_state", "rummykit.Game.from_state"):
        copy = game_from_state(game.configuration, game.state.copy())
    assert copy.view(0) == game.view(0)


# -- the policy ------------------------------------------------------------------------------------------------


def test_every_deprecation_warning_names_the_release_that_removes_what_it_warns_of() -> None:
    """So that each names the removal version, and the listing of the API knows the renamed names: a
    module that raises a `DeprecationWarning` itself (a form of 0.1 that works differently now) says
    when it goes with ``REMOVED_IN``, and each name ``warn_replaced`` is given is one of ``REPLACED``,
    each used once."""
    raised: list[str] = []
    replaced: list[str] = []
    for path in sorted(_SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name == "deprecation.py" and path.parent.name == "core":
            continue
        if "DeprecationWarning" not in text and "warn_replaced" not in text:
            continue  # (parsing only the modules that may warn keeps the test quick)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Name) and node.id == "DeprecationWarning" and "REMOVED_IN" not in text:
                raised.append(f"{path.relative_to(_SRC)}:{node.lineno}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "warn_replaced":
                argument = node.args[0]
                assert isinstance(argument, ast.Constant), f"{path}:{node.lineno}: name the old name as it is"
                replaced.append(str(argument.value))
    assert not raised
    assert sorted(replaced) == sorted(REPLACED)


def test_this_release_comes_before_the_one_that_removes_the_deprecated_names() -> None:
    """Fails at the release that must remove them: delete the names of ``REPLACED`` and the paths of
    ``rummykit._moved`` then, with ``REMOVED_IN`` set to the release that will remove the next ones."""
    version = tuple(int(part) for part in rummykit.__version__.split(".")[:2])
    removal = tuple(int(part) for part in REMOVED_IN.split(".")[:2])
    assert version < removal, f"rummykit {rummykit.__version__} must not have the names deprecated for {REMOVED_IN}"
