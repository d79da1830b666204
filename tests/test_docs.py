"""The README and the docs pages: their code runs as written."""

from __future__ import annotations

import ast
import base64
import doctest
import importlib
import importlib.util
import inspect
import itertools
import re
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

import pytest

import rummykit

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
_NEEDS = re.compile(r"^<!-- needs: ([\w. ]+) -->", re.MULTILINE)
"""A page whose code needs an optional extra says so on a line of its own: ``<!-- needs: pyspiel -->``."""
_EXTRA_MODULES = {
    "rummykit.rl.observation": "numpy",
    "rummykit.rl.rewards": "numpy",
    "rummykit.rl.render": "numpy",
    "rummykit.rl.pettingzoo": "pettingzoo",
    "rummykit.rl.single_agent": "gymnasium",
    "rummykit.rl.openspiel": "pyspiel",
}
"""The reference's modules that need an optional extra, and a module of the extra."""


def _needs(page: Path) -> None:
    """Skip a page whose code needs a module that is not installed."""
    for line in _NEEDS.findall(page.read_text(encoding="utf-8")):
        for module in line.split():
            pytest.importorskip(module)


def _import(module_name: str) -> ModuleType:
    if module_name in _EXTRA_MODULES:
        pytest.importorskip(_EXTRA_MODULES[module_name])
    return importlib.import_module(module_name)


NEEDS_RAY = "<!-- the code of this page needs Ray"
"""How a page whose code needs the ray extra begins: the Ray tests run its code (test_simulate_ray.py)."""


def _blocks(page: Path) -> list[str]:
    return [block for block in _BLOCK.findall(page.read_text(encoding="utf-8")) if ">>>" not in block]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_run(page: Path) -> None:
    if page.read_text(encoding="utf-8").startswith(NEEDS_RAY):
        pytest.skip("its code needs Ray: the Ray tests run it")
    _needs(page)
    run_python_blocks(page)


def run_python_blocks(page: Path) -> None:
    """Run a page's Python blocks in order, in one namespace, as a reader would."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in _blocks(page):  # blocks of a page share a namespace, as a reader would run them
        exec(compile(block, str(page), "exec"), namespace)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_doctests_pass(page: Path) -> None:
    _needs(page)
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        globs={"rummykit": __import__("rummykit")},
    )
    assert result.failed == 0


def _reference_modules() -> list[str]:
    """The modules the API reference renders (``::: module`` lines of docs/reference/)."""
    text = "".join(page.read_text(encoding="utf-8") for page in sorted((ROOT / "docs" / "reference").glob("*.md")))
    return re.findall(r"^::: ([\w.]+)", text, re.MULTILINE)


def _documented_data(module: ModuleType) -> set[str]:
    """Module-level names assigned and followed by a docstring (what mkdocstrings renders for data)."""
    body = ast.parse(inspect.getsource(module)).body
    names: set[str] = set()
    for statement, following in itertools.pairwise(body):
        targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
        if (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            names.update(target.id for target in targets if isinstance(target, ast.Name))
    return names


@pytest.mark.parametrize("module_name", _reference_modules())
def test_every_public_name_has_a_docstring_that_renders(module_name: str) -> None:
    module = _import(module_name)
    assert inspect.getdoc(module), f"{module_name} has no docstring"
    data = _documented_data(module)
    missing = []
    for name in module.__all__:
        obj = getattr(module, name)
        if inspect.isclass(obj) or inspect.isfunction(obj) or hasattr(obj, "__wrapped__"):
            own = obj.__dict__.get("__doc__") if inspect.isclass(obj) else obj.__doc__
            if not (own or "").strip():
                missing.append(name)
        elif name not in data and not inspect.ismodule(obj):
            missing.append(name)
    assert not missing, f"public names of {module_name} without a docstring: {missing}"


def test_the_reference_covers_the_package() -> None:
    """Every name exported by ``rummykit`` is public in a module the API reference renders."""
    modules = [module for module in _reference_modules() if module not in _EXTRA_MODULES]
    covered = {name for module in modules for name in importlib.import_module(module).__all__}
    assert not set(rummykit.__all__) - covered - {"__version__"}


def _pictures_hook() -> ModuleType:
    """docs/hooks/pictures.py, the mkdocs hook that draws the docs' pictures."""
    spec = importlib.util.spec_from_file_location("docs_pictures_hook", ROOT / "docs" / "hooks" / "pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_PICTURE_PAGES = [page for page in PAGES if "<!-- picture: " in page.read_text(encoding="utf-8")]


@pytest.mark.parametrize("page", _PICTURE_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_pictures_of_a_page_are_drawn(page: Path) -> None:
    """Each ``<!-- picture: ... -->`` of the docs is drawn from the page's code, as an SVG image."""
    text = page.read_text(encoding="utf-8")
    rendered = _pictures_hook().render(text, str(page))
    images = re.findall(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]*)"', rendered)
    assert len(images) == text.count("<!-- picture: ") and "<!-- picture: " not in rendered
    for data, alt in images:
        root = ElementTree.fromstring(base64.b64decode(data))
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and alt


def test_the_pictures_hook_says_what_is_not_a_picture() -> None:
    with pytest.raises(ValueError, match="<!-- picture: 1 \\+ 1 --> is not a picture: int"):
        _pictures_hook().render("text\n\n<!-- picture: 1 + 1 -->\n")
