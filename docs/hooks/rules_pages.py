"""mkdocs hook: render rule books from the installed variants, so the docs never drift from the code.

A page containing ``<!-- rules: NAME -->`` gets the rules of variant NAME (``common`` for the common
rules) as sections, each rule id an anchor (``#rr-11``) that error messages can link to; a
``<!-- options: NAME -->`` marker gets the variant's options as a table, and
``<!-- house-rules: NAME -->`` the installed house rules of the variant with their rules and options.

Clarifications (rules with ids like ``RR-C1``: decisions where the rule book is silent) are rendered
where the page puts ``<!-- clarifications: NAME -->``; on a page without that marker they follow
the other rules.
"""

from __future__ import annotations

import re
from typing import Any

import rummykit
from rummykit.core.specs import COMMON_OPTIONS, COMMON_RULES, Option, RuleText

_MARKER = re.compile(r"<!-- (rules|options|house-rules|clarifications): ([a-z-]+) -->")
_CLARIFICATION = re.compile(r"-C\d+$")


def _is_clarification(rule: RuleText) -> bool:
    return bool(_CLARIFICATION.search(rule.id))


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


def _render(match: re.Match[str], *, separate: bool) -> str:
    what, name = match.groups()
    if what == "house-rules":
        return _house_rules(name)
    if what == "options":
        return _options(COMMON_OPTIONS if name == "common" else rummykit.variant_spec(name).options)
    rules = COMMON_RULES if name == "common" else rummykit.variant_spec(name).rules
    if what == "clarifications":
        return _rules(tuple(rule for rule in rules if _is_clarification(rule)))
    return _rules(tuple(rule for rule in rules if not (separate and _is_clarification(rule))))


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace the rules, options, house-rules and clarifications markers of a page."""
    separate = "<!-- clarifications: " in markdown
    return _MARKER.sub(lambda match: _render(match, separate=separate), markdown)
