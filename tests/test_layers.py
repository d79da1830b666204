"""The package's layers: what ``import rummykit`` loads, and which modules use which names (the old
module paths of 0.1 are tested in ``test_deprecations.py``)."""

from __future__ import annotations

import ast
import functools
import importlib
import subprocess
import sys
from pathlib import Path

import rummykit
import rummykit_variants


def test_import_rummykit_loads_the_rules_but_no_tool_and_no_document_reader() -> None:
    """The documents (and cattrs) come with the first position built, read or written."""
    code = "import sys, rummykit; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    tools = [name for name in loaded if name.split(".")[:2][-1] in ("svg", "viewer", "play", "rl", "testing", "serve")]
    assert not [name for name in tools if name.startswith("rummykit.")]
    outside = ("rich", "typer", "click", "hypothesis", "cattrs", "starlette", "uvicorn")
    assert not [name for name in loaded if name in outside]
    assert not [name for name in loaded if name.startswith("rummykit.documents")]
    assert "rummykit.core.engine" in loaded


def test_build_position_is_imported_on_first_use() -> None:
    code = "import sys, rummykit; rummykit.build_position; print('rummykit.documents.builder' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert result.stdout.split() == ["True"]
    import rummykit  # noqa: PLC0415
    from rummykit.documents.builder import build_position  # noqa: PLC0415

    assert rummykit.build_position is build_position


def test_the_tools_are_reached_as_attributes_of_rummykit() -> None:
    import rummykit  # noqa: PLC0415

    assert rummykit.svg is importlib.import_module("rummykit.svg")
    assert rummykit.viewer is importlib.import_module("rummykit.viewer")


_ROOT = Path(__file__).resolve().parent.parent
_PACKAGES = tuple(Path(str(package.__file__)).parent for package in (rummykit, rummykit_variants))
"""The two packages, where they are imported from: the checkout's src/ and variants/, or site-packages
when the tests run against the installed wheel (.ci/release-check)."""
_CODE = sorted(
    path
    for folder in (*_PACKAGES, _ROOT / "examples", _ROOT / "benchmarks")
    for path in folder.rglob("*.py")
    if "__pycache__" not in path.parts
)


@functools.cache
def _trees() -> tuple[tuple[Path, ast.Module, tuple[ast.AST, ...]], ...]:
    """Each module of `_CODE` with its syntax tree and every node of it, parsed once for the checks below."""
    parsed = []
    for path in _CODE:
        tree = ast.parse(path.read_text(), str(path))
        parsed.append((path, tree, tuple(ast.walk(tree))))
    return tuple(parsed)


def _shown(path: Path) -> str:
    """A module's path from the checkout (``src/rummykit/core/engine.py``), or from site-packages."""
    for base in (_ROOT, *(package.parent for package in _PACKAGES)):
        if path.is_relative_to(base):
            return str(path.relative_to(base))
    return str(path)


def test_the_checks_of_the_source_read_both_packages() -> None:
    for package in _PACKAGES:
        assert package / "__init__.py" in _CODE


def _own_privates(tree: ast.AST) -> set[str]:
    """The private names a module gives its own objects: its classes' methods and class-level names
    (attrs fields, ``__slots__``), and the attributes it sets on ``self`` (or on a ``new`` copy)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(item.name)
                targets = item.targets if isinstance(item, ast.Assign) else [getattr(item, "target", None)]
                named = {target.id for target in targets if isinstance(target, ast.Name)}
                names |= named
                if isinstance(item, ast.Assign) and "__slots__" in named:
                    constants = (c.value for c in ast.walk(item.value) if isinstance(c, ast.Constant))
                    names.update(value for value in constants if isinstance(value, str))
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls", "new")
        ):
            names.add(node.attr)
    return names


def test_no_module_touches_another_module_s_private_attributes() -> None:
    """An object's private attributes (``game._state``, ``rng._rng``) are used only by the module that
    gives them: any other module goes through the public API (``game.state``, ``Game.from_state``,
    ``Configuration.deal_round``), which keeps the checks that keep a game consistent."""
    found = []
    for path, tree, nodes in _trees():
        own = _own_privates(tree)
        for node in nodes:
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and node.attr not in own
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                found.append(f"{_shown(path)}:{node.lineno}: .{node.attr}")
    assert not found, found


def test_no_module_imports_another_module_s_private_names() -> None:
    """A name that starts with ``_`` belongs to its module: another module that needs it needs a
    public name (the package root may import its own private module ``rummykit._moved``)."""
    found = []
    for path, _, nodes in _trees():
        for node in nodes:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(("rummykit", "benchmarks")):
                private = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
                if private and not (node.module == "rummykit" and private == ["_moved"]):
                    found.append(f"{_shown(path)}:{node.lineno}: {node.module} {private}")
    assert not found, found


def test_the_core_draws_a_picture_with_the_pictures_named_by_rummykit_imported_on_first_use() -> None:
    # The core imports no layer above it (lint-imports' second contract): a card draws itself with what the
    # rummykit package names in rummykit.core.pictures, the pictures imported when the first one is drawn.
    code = (
        "import sys, rummykit; before = 'rummykit.svg' in sys.modules; "
        "drawn = rummykit.Card.parse('QH')._repr_svg_(); "
        "print(before, 'rummykit.svg' in sys.modules, drawn == str(rummykit.svg.card(rummykit.Card.parse('QH'))))"
    )
    result = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert result.stdout.split() == ["False", "True", "True"]
