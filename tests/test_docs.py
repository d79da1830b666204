"""The README and the docs pages: their code runs as written, fits the page's column, and the reference
covers the package, its public names and its command line."""

from __future__ import annotations

import ast
import base64
import doctest
import importlib
import importlib.util
import inspect
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Final
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
    "rummykit.serve": "starlette",
    "rummykit.serve.app": "starlette",
    "rummykit.serve.tables": "starlette",
    "rummykit.serve.messages": "starlette",
    "rummykit.serve.storage": "starlette",
    "rummykit.serve.builds": "starlette",
    "rummykit.serve.replays": "starlette",
    "rummykit.serve.server": "starlette",
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


SLOW_PAGES: Final = frozenset({"docs/howto/test-a-variant.md", "docs/howto/simulate.md"})
"""Pages whose code plays whole sets of games (the conformance kit, simulations): run in the slow set."""


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(page, marks=[pytest.mark.slow] if str(page.relative_to(ROOT)) in SLOW_PAGES else [])
        for page in PAGES
    ],
    ids=lambda p: str(p.relative_to(ROOT)),
)
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
    """The modules the API reference renders (``::: module`` lines of docs/reference/ and its pages)."""
    pages = sorted((ROOT / "docs" / "reference").rglob("*.md"))
    text = "".join(page.read_text(encoding="utf-8") for page in pages)
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


# -- the page's column, the reference's shape, the CLI reference, charts, the 404 page (issue 28) ---

COLUMN: Final = 80
"""How many characters of code fit a line of a code block in mkdocs-material's default layout,
without scrolling sideways: measured in Chromium on the built site, the content column of a page
with both sidebars (every window from 1,220 px wide, where they show, to the widest) leaves a code
block 688 px for its text at 13.6 px (656 px inside its padding), where a character of the code font
(Roboto Mono, or the fallback DejaVu Sans Mono: both 0.6 em a character) takes 8.16 px: 80.4
characters; at 1,600 px and wider, 757 px at 14.96 px: 80.4 again."""
_FENCE: Final = re.compile(r"^(\s*)(```+|~~~+)")
DOCS_PAGES: Final = sorted((ROOT / "docs").rglob("*.md"))


def code_lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line of the fenced code blocks of a page's ``text`` (without the block's indent), with its
    number."""
    fence: str | None = None
    indent = 0
    for number, line in enumerate(text.splitlines(), start=1):
        match = _FENCE.match(line)
        if fence is None and match:
            fence, indent = match.group(2), len(match.group(1))
        elif fence is not None and line.strip().startswith(fence) and not line.strip().strip(fence[0]):
            fence = None
        elif fence is not None:
            yield number, line[indent:]


@pytest.mark.parametrize("page", DOCS_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_code_line_is_wider_than_the_pages_column(page: Path) -> None:
    """A code line wider than the column scrolls sideways, and what scrolls out of sight is often the
    expected output: it goes on a line of its own."""
    lines = code_lines(page.read_text(encoding="utf-8"))
    wide = [f"{page.name}:{number}: {len(line)} characters" for number, line in lines if len(line) > COLUMN]
    assert not wide, "\n".join(wide)


def test_the_fence_reader_sees_every_block() -> None:
    text = "a\n\n```python\nx = 1\n```\n\n    ```bash\n    rummykit play\n    ```\n~~~\ny\n~~~\nz\n"
    assert list(code_lines(text)) == [(4, "x = 1"), (8, "rummykit play"), (11, "y")]


def test_the_api_reference_is_split_by_package_after_a_page_of_the_public_names() -> None:
    nav = yaml_nav()
    api = next(item["API"] for item in nav["Reference"] if isinstance(item, dict) and "API" in item)
    pages = [next(iter(entry.values())) for entry in api]
    packages = ("core", "standard", "documents", "play", "search", "svg", "viewer", "serve", "rl", "testing")
    assert pages == ["reference/api/index.md", *(f"reference/api/{package}.md" for package in packages)]
    for package in packages:
        modules = re.findall(r"^::: ([\w.]+)", (ROOT / "docs" / pages[packages.index(package) + 1]).read_text(), re.M)
        assert modules and all(module.startswith(f"rummykit.{package}") for module in modules), package
    listed = _api_hook().public_names()
    for name in rummykit.__all__:
        if name != "__version__":
            assert f"[`{name}`][rummykit." in listed, name


def yaml_nav() -> dict[str, Any]:
    """mkdocs.yml's navigation, as a dict of its sections (its ``!ENV`` tags read as plain values)."""
    yaml = pytest.importorskip("yaml")
    loader: Any = type("Loader", (yaml.SafeLoader,), {})
    loader.add_constructor("!ENV", lambda _loader, _node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=loader)
    return {key: value for item in config["nav"] for key, value in item.items()}


def _api_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_api_hook", ROOT / "docs" / "hooks" / "api_pages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cli_reference_describes_every_command_and_option() -> None:
    """docs/reference/cli.md has a section for each command with an example, and names each option."""
    from typer.main import get_command  # noqa: PLC0415

    from rummykit.play.cli import app  # noqa: PLC0415

    page = (ROOT / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")
    group: Any = get_command(app)
    for name, command in group.commands.items():
        section = page.split(f"## `rummykit {name}`")
        assert len(section) == 2, f"no section for rummykit {name}"
        text = section[1].split("\n## ")[0]
        assert f"rummykit {name}" in "".join(line for _, line in code_lines(text)), f"no example of {name}"
        for param in command.params:
            for option in param.opts:
                if option.startswith("--") and option != "--help":
                    assert option in text, f"rummykit {name} {option} is not described"


def test_every_chart_has_a_legend() -> None:
    charts = sorted((ROOT / "docs" / "assets").glob("*.svg"))
    assert charts
    for chart in charts:
        root = ElementTree.fromstring(chart.read_text(encoding="utf-8"))
        legends = [group for group in root.iter("{http://www.w3.org/2000/svg}g") if group.get("class") == "legend"]
        assert legends, f"{chart.name} has no legend"
        assert all("".join(group.itertext()).strip() for group in legends)


def test_the_rules_pages_say_once_that_the_draw_pile_is_the_stock() -> None:
    """The rule book calls RailRoad Rummy's stock the draw pile: its rule texts keep the word, its
    page says once that it is the stock, and the other pages say stock."""
    page = (ROOT / "docs" / "rules" / "railroad-rummy.md").read_text(encoding="utf-8")
    prose = re.sub(r"```.*?```", "", page, flags=re.DOTALL)
    assert prose.count("draw pile") == 1 and re.search(r"\*draw pile\*[^.]*\bstock\b", prose)
    for other in ("railroad-canasta.md", "rummy.md", "gin-rummy.md", "common.md"):
        assert "draw pile" not in (ROOT / "docs" / "rules" / other).read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_404_pages_links_work_under_a_sub_path(tmp_path: Path) -> None:
    """A 404 page is served at any depth, so its links are written from the site's root: the path of
    ``site_url`` (here a sub-path), never ``/``."""
    import os  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    pytest.importorskip(
        "mkdocs", reason="the docs extra is not installed (pip install -e '.[docs]'); CI runs this in its docs step"
    )
    env = {**os.environ, "RUMMYKIT_DOCS_URL": "https://example.org/docs/rummykit/", "NO_MKDOCS_2_WARNING": "1"}
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "--site-dir", str(site)], cwd=ROOT, env=env, check=True
    )
    links = re.findall(r'(?:href|src)="([^"#]+)"', (site / "404.html").read_text(encoding="utf-8"))
    local = [link for link in links if not link.startswith(("http://", "https://", "data:"))]
    assert local and all(link.startswith("/docs/rummykit/") for link in local), local
    for link in local:
        target = site / link.removeprefix("/docs/rummykit/").split("?")[0]
        assert target.exists() or (target / "index.html").exists(), link
