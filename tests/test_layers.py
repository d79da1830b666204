"""The package's layers: what ``import rummykit`` loads, and the old module paths of 0.1."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

from rummykit._moved import MOVED


def test_import_rummykit_loads_the_rules_and_documents_but_no_tool() -> None:
    code = "import sys, rummykit; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    tools = [name for name in loaded if name.split(".")[:2][-1] in ("svg", "viewer", "play", "rl", "testing")]
    assert not [name for name in tools if name.startswith("rummykit.")]
    assert not [name for name in loaded if name in ("rich", "typer", "click", "hypothesis")]
    assert {"rummykit.core.engine", "rummykit.documents.serialize"} <= set(loaded)


def test_the_tools_are_reached_as_attributes_of_rummykit() -> None:
    import rummykit  # noqa: PLC0415

    assert rummykit.svg is importlib.import_module("rummykit.svg")
    assert rummykit.viewer is importlib.import_module("rummykit.viewer")


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_path_still_imports_with_a_deprecation_warning(old: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} is now {MOVED[old]}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(MOVED[old])


def test_the_new_paths_warn_of_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for new in MOVED.values():
            importlib.import_module(new)
