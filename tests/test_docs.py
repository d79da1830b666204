"""The README and the docs pages: their code runs as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks(page: Path) -> list[str]:
    return [block for block in _BLOCK.findall(page.read_text(encoding="utf-8")) if ">>>" not in block]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_run(page: Path) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in _blocks(page):  # blocks of a page share a namespace, as a reader would run them
        exec(compile(block, str(page), "exec"), namespace)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_doctests_pass(page: Path) -> None:
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        globs={"rummykit": __import__("rummykit")},
    )
    assert result.failed == 0
