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
    "rummykit.serve.journal": "starlette",
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


SLOW_PAGES: Final = frozenset(
    {
        "docs/howto/test-a-variant.md",
        "docs/howto/simulate.md",
        "docs/howto/new-draw.md",
        "docs/howto/variant-package.md",
    }
)
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


_RENDERED = re.compile(r"<!-- ([a-z-]+): ([a-z0-9-]+) -->.*?<!-- end \1: \2 -->", re.DOTALL)
"""The text a page holds from its rule book, between a marker and its end (docs/hooks/rules_pages.py)."""


def test_the_rules_pages_say_once_that_the_draw_pile_is_the_stock() -> None:
    """The rule book calls RailRoad Rummy's stock the draw pile: its rule texts keep the word, its
    page says once that it is the stock, and the other pages say stock."""
    page = (ROOT / "docs" / "rules" / "railroad-rummy.md").read_text(encoding="utf-8")
    prose = _RENDERED.sub("", re.sub(r"```.*?```", "", page, flags=re.DOTALL))
    assert prose.count("draw pile") == 1 and re.search(r"\*draw pile\*[^.]*\bstock\b", prose)
    for other in ("railroad-canasta.md", "rummy.md", "gin-rummy.md", "common.md"):
        assert "draw pile" not in (ROOT / "docs" / "rules" / other).read_text(encoding="utf-8")


def _rules_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_rules_hook", ROOT / "docs" / "hooks" / "rules_pages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_RULES_PAGES: Final = [page for page in DOCS_PAGES if "<!-- rules: " in page.read_text(encoding="utf-8")]


@pytest.mark.parametrize("page", _RULES_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_rules_page_holds_its_rule_book_where_it_is_read_raw(page: Path) -> None:
    """Issue 36: read raw (on GitHub, in an editor), Gin Rummy's page showed placeholders where the site
    shows the rules and options. Each page holds them between its markers, as the site renders them
    from the installed variants now (after a change to a rule book: ``python docs/hooks/rules_pages.py``)."""
    text = page.read_text(encoding="utf-8")
    hook = _rules_hook()
    assert hook.fill(text) == text, f"{page.name} is not up to date: python docs/hooks/rules_pages.py writes it"
    markers = re.findall(r"<!-- (rules|options|house-rules|clarifications): ([a-z0-9-]+) -->", text)
    assert markers and len(_RENDERED.findall(text)) == len(markers), "a marker without its end"
    spec_rules = rummykit.COMMON_RULES if page.stem == "common" else rummykit.variant_spec(page.stem).rules
    raw = " ".join(text.split())
    for rule in spec_rules:
        assert f"### {rule.id} {rule.title} {{#{rule.id.lower()}}}" in text and " ".join(rule.text.split()) in raw


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


# -- the actions tables, build_position's docstring (issue 36, finding 8) -------------------------------

BUILT_IN: Final = rummykit.available_variants()
"""The variants rummykit ships (variants/rummykit_variants: the suite sees no other, tests/conftest.py)."""


def _table_rows(text: str, heading: str) -> list[str]:
    """The rows of the table that starts with ``heading`` (its first line) in ``text``."""
    lines = text.split(heading, 1)[1].splitlines()[2:]
    return list(itertools.takewhile(lambda line: line.startswith("|"), lines))


@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_rules_pages_actions_table_names_every_action_of_the_variant(variant: str) -> None:
    page = (ROOT / "docs" / "rules" / f"{variant}.md").read_text(encoding="utf-8")
    rows = _table_rows(page, "| action | when |")
    named = " ".join(row.split(" | ")[0] for row in rows)
    for action_type in rummykit.variant_spec(variant).actions:
        assert f"`{action_type.__name__}(seat" in named, action_type.__name__


def test_gin_rummys_actions_table_has_the_wall_knock() -> None:
    """GIN-19: at the wall the last discard is taken only to knock with it: two actions in a row."""
    page = (ROOT / "docs" / "rules" / "gin-rummy.md").read_text(encoding="utf-8")
    rows = _table_rows(page, "| action | when |")
    wall = "| `TakeDiscard(seat)`, then `Knock(seat, card)` |"
    assert any(row.startswith(wall) and "(GIN-19)" in row for row in rows)


def test_the_table_of_what_a_listing_stands_for_has_every_variant() -> None:
    page = (ROOT / "docs" / "concepts" / "actions.md").read_text(encoding="utf-8")
    rows = _table_rows(page, "| variant | a listed play stands for |")
    assert sorted(row.split("`")[1] for row in rows) == sorted(BUILT_IN)


def test_build_positions_docstring_says_which_hand_sizes_play_can_reach() -> None:
    """Issue 36: the docstring said hand sizes need not be reachable in play; since the hostile
    positions' checks (issue 24), a variant refuses a hand play cannot give. Each of its claims, from the
    rule books: GIN-3 deals ten cards each, GIN-5 draws one; CR-1 deals two players 10 each, CR-3 draws
    one; claims (RR-15) and the pile taken (RC-16) grow a hand."""
    doc = " ".join((inspect.getdoc(rummykit.build_position) or "").split())
    assert "need not be reachable" not in doc
    for title in ("Gin Rummy", "Classic Rummy", "RailRoad Rummy", "Railroad Canasta", "Rummy 500", "Indian Rummy"):
        assert title in doc
    claims = [
        ("gin-rummy", 9, False),
        ("gin-rummy", 10, True),
        ("gin-rummy", 11, False),
        ("rummy", 4, True),
        ("rummy", 11, False),
        ("railroad-rummy", 40, True),
        ("railroad-canasta", 40, True),
        ("rummy-500", 40, True),
        ("indian-rummy", 13, True),
        ("indian-rummy", 12, False),
    ]
    for variant, size, accepted in claims:
        shoe = [card for card in rummykit.configure(variant, 2).rules.shoe if not (card.is_red and card.rank == 3)]
        if accepted:
            rummykit.build_position(variant, 2, hands=[shoe[:size], None], turn=0)
        else:
            with pytest.raises(rummykit.InvalidPositionError, match=r"^hands\[0\]: "):
                rummykit.build_position(variant, 2, hands=[shoe[:size], None], turn=0)
    for variant in BUILT_IN:  # no hand is empty before the round's end
        with pytest.raises(rummykit.InvalidPositionError, match=r"hands\[0\]"):
            rummykit.build_position(variant, 2, hands=[[], None], turn=0)


# -- the shell snippets (issue 36, finding 8) ----------------------------------------------------------

_SHELL = re.compile(r"^([ \t]*)```(?:bash|console|sh|shell)\n(.*?)^\1```", re.MULTILINE | re.DOTALL)
LEFT_OUT: Final = (
    (
        r"\bpip install\b|\bpython -m venv\b",
        "it installs packages: the test runs in the suite's own environment, offline",
    ),
    (r"\brummykit serve\b|\bbenchmarks\.serve_load\b", "it starts a game server, which runs until it is stopped"),
    (r"--backend ray\b", "it needs a Ray cluster: tests/test_simulate_ray.py runs simulate on a local Ray"),
    (r"\bbenchmarks\.bots\b", "it measures the bots over many games, for minutes: a benchmark, not a test"),
    (
        r"\bbenchmarks\.gin_match\b",
        "it needs the rl extra and plays hundreds of hands: tests/test_gin_openspiel.py plays the match",
    ),
)
"""The shell snippets of the docs that a test cannot run, by what they do: a snippet with a line that
matches one of these is left out (and listed as skipped, with the reason); every other one runs."""
GAMES_RUN: Final = 10
"""A snippet's ``--games N`` is run with at most this many games: what the test checks is that the
commands run as written and find the files they read, not the figures of a long run."""


def shell_snippets(page: Path) -> list[tuple[int, str]]:
    """The shell snippets of ``page`` (```` ```bash ````, ``console``, ``sh``), each with the number of
    its first line; a ``console`` snippet's commands are its lines after ``$``, its output left out."""
    text = page.read_text(encoding="utf-8")
    snippets = []
    for match in _SHELL.finditer(text):
        lines = [line[len(match.group(1)) :] for line in match.group(2).splitlines()]
        if any(line.startswith("$ ") for line in lines):  # a console session: the commands only
            commands: list[str] = []
            for line in lines:
                if line.startswith("$ "):
                    commands.append(line[2:])
                elif commands and commands[-1].endswith("\\"):
                    commands.append(line)
            lines = commands
        snippets.append((text[: match.start()].count("\n") + 2, "\n".join(lines)))
    return snippets


def left_out(snippet: str) -> str | None:
    """Why ``snippet`` is not run (`LEFT_OUT`), or ``None``."""
    return next((reason for pattern, reason in LEFT_OUT if re.search(pattern, snippet, re.MULTILINE)), None)


def _ids(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _pages_to_run() -> list[Any]:
    """Each page with snippets to run, in the slow set (``pytest -m slow``, as CI runs it): every command
    is a new process that imports rummykit, and some play sets of games, so a page takes seconds; the
    quick suite runs the docs' Python blocks (`test_python_blocks_run`)."""
    return [
        pytest.param(page, id=_ids(page), marks=pytest.mark.slow)
        for page in PAGES
        if any(left_out(snippet) is None for _, snippet in shell_snippets(page))
    ]


def _left_out_snippets() -> list[Any]:
    return [
        pytest.param(
            page, line, marks=pytest.mark.skip(reason=f"{page.name}:{line}: {reason}"), id=f"{_ids(page)}:{line}"
        )
        for page in PAGES
        for line, snippet in shell_snippets(page)
        if (reason := left_out(snippet)) is not None
    ]


@pytest.mark.parametrize("page", _pages_to_run())
def test_the_shell_snippets_of_a_page_run_in_a_fresh_directory(page: Path, tmp_path: Path) -> None:
    """Every shell snippet of the docs that `LEFT_OUT` does not leave out runs as written (at most
    `GAMES_RUN` games a command), the snippets of a page one after
    the other in one fresh directory, as a reader would type them: each command succeeds, so every
    file one reads exists or an earlier one made it (issue 36: a page replayed a game file that no
    command had written). Standard input is empty, so ``rummykit play`` leaves at once (saving with
    ``--save``); ``less`` reads as ``cat``; ``rummykit`` and ``python`` are the suite's own."""
    import os  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "less").write_text('#!/bin/sh\nexec cat "$@"\n', encoding="utf-8")
    (tools / "less").chmod(0o755)
    project = tmp_path / "project"
    project.mkdir()
    path = os.pathsep.join([str(Path(sys.executable).parent), str(tools), os.environ.get("PATH", "")])
    env = {**os.environ, "PATH": path, "COLUMNS": "80"}
    for line, snippet in shell_snippets(page):
        if left_out(snippet) is not None:
            continue
        script = re.sub(r"--games (\d+)", lambda m: f"--games {min(int(m.group(1)), GAMES_RUN)}", snippet)
        ran = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            cwd=project,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        assert ran.returncode == 0, f"{page.name}:{line}:\n{script}\n{ran.stdout[-2000:]}\n{ran.stderr[-2000:]}"


@pytest.mark.parametrize(("page", "line"), _left_out_snippets())
def test_a_shell_snippet_left_out(page: Path, line: int) -> None:
    """The snippets `LEFT_OUT` leaves out, each listed as skipped with its reason."""


def test_each_rule_that_leaves_snippets_out_is_needed() -> None:
    """Each rule of `LEFT_OUT` is the reason some snippet is left out, so that the list stays as narrow
    as the docs need; every page with shell snippets has some that run."""
    snippets = [snippet for page in PAGES for _, snippet in shell_snippets(page)]
    reasons = {left_out(snippet) for snippet in snippets}
    assert reasons - {None} == {reason for _, reason in LEFT_OUT}
    assert None in reasons
