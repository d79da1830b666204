"""mkdocs hook: render rule books from the installed variants, so the docs never drift from the code.

A page containing ``<!-- rules: NAME -->`` gets the rules of variant NAME (``common`` for the common
rules) as sections, each rule id an anchor (``#rr-11``) that error messages can link to; a
``<!-- options: NAME -->`` marker gets the variant's options as a table, and
``<!-- house-rules: NAME -->`` the installed house rules of the variant with their rules and options.
"""

from __future__ import annotations

import re
from typing import Any

import rummykit
from rummykit.variant import COMMON_OPTIONS, COMMON_RULES, Option, RuleText

_MARKER = re.compile(r"<!-- (rules|options|house-rules): ([a-z-]+) -->")


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


def _house_rules(variant: str) -> str:
    parts = []
    for name in rummykit.available_house_rules(variant):
        spec = rummykit.house_rule_spec(name)
        parts.append(f"### `{name}`: {spec.title} {{#{name}}}\n")
        parts.append(_rules(spec.rules).replace("### ", "#### "))
        if spec.options:
            parts.append(_options(spec.options))
    return "\n".join(parts)


def _render(match: re.Match[str]) -> str:
    what, name = match.groups()
    if what == "house-rules":
        return _house_rules(name)
    if name == "common":
        return _rules(COMMON_RULES) if what == "rules" else _options(COMMON_OPTIONS)
    spec = rummykit.variant_spec(name)
    return _rules(spec.rules) if what == "rules" else _options(spec.options)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace the rules and options markers of a page."""
    return _MARKER.sub(_render, markdown)
