"""mkdocs hook: render rule books from the installed variants, so the docs never drift from the code.

A page containing ``<!-- rules: NAME -->`` gets the rules of variant NAME (``common`` for the common
rules) as sections, each rule id an anchor (``#rr-11``) that error messages can link to, and a
``<!-- options: NAME -->`` marker gets the variant's options as a table.
"""

from __future__ import annotations

import re
from typing import Any

import rummykit
from rummykit.variant import COMMON_OPTIONS, COMMON_RULES, Option, RuleText

_MARKER = re.compile(r"<!-- (rules|options): ([a-z-]+) -->")


def _rules(rules: tuple[RuleText, ...]) -> str:
    lines = []
    for rule in rules:
        lines.append(f"### {rule.id} {rule.title} {{#{rule.id.lower()}}}\n\n{rule.text}\n")
    return "\n".join(lines)


def _options(options: tuple[Option, ...]) -> str:
    rows = ["| option | type | default | meaning |", "|---|---|---|---|"]
    for opt in options:
        default = "none" if opt.default is None else f"`{opt.default!r}`"
        rows.append(f"| `{opt.name}` | {opt.type.__name__} | {default} | {opt.help} |")
    return "\n".join(rows) + "\n"


def _render(match: re.Match[str]) -> str:
    what, name = match.groups()
    if name == "common":
        return _rules(COMMON_RULES) if what == "rules" else _options(COMMON_OPTIONS)
    spec = rummykit.variant_spec(name)
    return _rules(spec.rules) if what == "rules" else _options(spec.options)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace the rules and options markers of a page."""
    return _MARKER.sub(_render, markdown)
