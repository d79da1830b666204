"""mkdocs hook: the page of rummykit's public names, made from ``rummykit.__all__`` so that it never
drifts from the package.

A page containing ``<!-- public-names -->`` gets a table per module of the names ``rummykit``
exports: each name linked to its entry in the API reference (by its full path, which mkdocs-autorefs
resolves to the package's page) and the first sentence of its docstring.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import itertools
import re
from types import ModuleType
from typing import Any

import rummykit

_MARKER = "<!-- public-names -->"
_SENTENCE = re.compile(r"^(.*?\.)(\s|$)", re.DOTALL)


def first_sentence(text: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line."""
    paragraph = " ".join(text.split("\n\n", maxsplit=1)[0].split())
    match = _SENTENCE.match(paragraph)
    return match.group(1) if match else paragraph


def _data_docstrings(module: ModuleType) -> dict[str, str]:
    """The docstrings under a module's assignments (``NAME = ...`` then a string)."""
    found: dict[str, str] = {}
    for statement, following in itertools.pairwise(ast.parse(inspect.getsource(module)).body):
        targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
        if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant):
            for target in targets:
                if isinstance(target, ast.Name) and isinstance(following.value.value, str):
                    found[target.id] = following.value.value
    return found


def home(name: str) -> tuple[str, str]:
    """The module that documents ``rummykit.<name>`` (the one whose ``__all__`` holds that very
    object, its definition's first), and the object's path in it."""
    value = getattr(rummykit, name)
    defined = getattr(value, "__module__", None)
    candidates = [defined] if isinstance(defined, str) and defined.startswith("rummykit.") else []
    candidates += [module for module in _CORE if module not in candidates]
    for module_name in candidates:
        module = importlib.import_module(module_name)
        if name in getattr(module, "__all__", ()) and getattr(module, name) is value:
            return module_name, f"{module_name}.{name}"
    raise LookupError(f"rummykit.{name} is in no module of the reference")


_CORE = [
    "rummykit.core.engine",
    "rummykit.core.applied",
    "rummykit.core.records",
    "rummykit.core.configuration",
    "rummykit.core.cards",
    "rummykit.core.melds",
    "rummykit.core.solver",
    "rummykit.core.actions",
    "rummykit.core.state",
    "rummykit.core.views",
    "rummykit.core.specs",
    "rummykit.core.plugins",
    "rummykit.core.bots",
    "rummykit.core.shoe",
    "rummykit.core.hookspecs",
    "rummykit.core.errors",
    "rummykit.documents.builder",
]


def _summary(name: str, module_name: str) -> str:
    value: Any = getattr(rummykit, name)
    if inspect.isclass(value) or inspect.isfunction(value):
        text = inspect.getdoc(value) or ""
    else:
        text = _data_docstrings(importlib.import_module(module_name)).get(name, "")
    return first_sentence(text).replace("|", "\\|")


def public_names() -> str:
    """The tables of the public names, one per module, in the order of the reference."""
    by_module: dict[str, list[tuple[str, str]]] = {}
    for name in rummykit.__all__:
        if name.startswith("_"):
            continue
        module_name, path = home(name)
        by_module.setdefault(module_name, []).append((name, path))
    parts = []
    for module_name in sorted(by_module, key=lambda module: _CORE.index(module) if module in _CORE else len(_CORE)):
        module = importlib.import_module(module_name)
        heading = first_sentence(inspect.getdoc(module) or module_name)
        parts.append(f"## `{module_name}`\n\n{heading}\n\n| name | what it is |\n| --- | --- |")
        for name, path in by_module[module_name]:
            parts.append(f"| [`{name}`][{path}] | {_summary(name, module_name)} |")
        parts.append("")
    parts.append(f"`rummykit.__version__` is the installed version (`{rummykit.__version__}`).\n")
    return "\n".join(parts)


def on_page_markdown(markdown: str, **_: Any) -> str:
    if _MARKER in markdown:
        markdown = markdown.replace(_MARKER, public_names())
    return markdown
