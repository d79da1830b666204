"""mkdocs hook: rule books rendered from the installed variants, so the docs never drift from the code.

A page holds each rule book's part between two markers, ``<!-- rules: NAME -->`` and
``<!-- end rules: NAME -->``: the rules of variant NAME (``common`` for the common rules) as sections,
each rule id an anchor (``#rr-11``) that error messages can link to. ``<!-- options: NAME -->`` holds
the variant's options as a table, and ``<!-- house-rules: NAME -->`` the installed house rules of the
variant with their rules and options. Clarifications (rules with ids like ``RR-C1``: decisions where
the rule book is silent) go where the page puts ``<!-- clarifications: NAME -->``; on a page without
that marker they follow the other rules.

What lies between the markers is written in the page itself (`fill`), so that the page reads whole
where it is read raw (on GitHub, in an editor); the site is built from a fresh rendering (`render`),
and the docs tests check that the page holds that same text. After changing a rule book, write the
pages again::

    python docs/hooks/rules_pages.py
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import rummykit
from rummykit.core.specs import COMMON_OPTIONS, COMMON_RULES, Option, RuleText

_MARKER = re.compile(
    r"<!-- (rules|options|house-rules|clarifications): ([a-z0-9-]+) -->"
    r"(?:\n.*?<!-- end \1: \2 -->)?",  # what lies between a marker and its end: written by `fill`
    re.DOTALL,
)
_CLARIFICATION = re.compile(r"-C\d+$")
_BLOCK = re.compile(r"[-*+>|#]|\d+[.)](\s|$)|=+$")
"""How a line begins a Markdown block of its own (a list, a quote, a table, a heading)."""
_WIDTH = 100
"""The width the rule texts are wrapped to in the page (the pages' prose is wrapped at about 100)."""
PAGES = Path(__file__).resolve().parent.parent


def _is_clarification(rule: RuleText) -> bool:
    return bool(_CLARIFICATION.search(rule.id))


def _paragraph(text: str) -> str:
    """A rule's text as a paragraph wrapped at `_WIDTH`, or on one line where a wrapped line would
    begin as Markdown begins a list, a quote, a table or a heading."""
    lines = textwrap.wrap(text, _WIDTH, break_long_words=False, break_on_hyphens=False)
    return text if any(_BLOCK.match(line) for line in lines[1:]) else "\n".join(lines)


def _rules(rules: tuple[RuleText, ...]) -> str:
    lines = []
    for rule in rules:
        lines.append(f"### {rule.id} {rule.title} {{#{rule.id.lower()}}}\n\n{_paragraph(rule.text)}\n")
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


def _content(what: str, name: str, *, separate: bool) -> str:
    """The text that belongs under the marker ``<!-- what: name -->``."""
    if what == "house-rules":
        return _house_rules(name)
    if what == "options":
        return _options(COMMON_OPTIONS if name == "common" else rummykit.variant_spec(name).options)
    rules = COMMON_RULES if name == "common" else rummykit.variant_spec(name).rules
    if what == "clarifications":
        return _rules(tuple(rule for rule in rules if _is_clarification(rule)))
    return _rules(tuple(rule for rule in rules if not (separate and _is_clarification(rule))))


def render(markdown: str) -> str:
    """The page for the site: each marker, and what the page holds after it, replaced by its text
    rendered now."""
    separate = "<!-- clarifications: " in markdown
    return _MARKER.sub(lambda match: _content(*match.groups(), separate=separate), markdown)


def fill(markdown: str) -> str:
    """The page with the text rendered now between each marker and its end (added where a marker
    has none)."""
    separate = "<!-- clarifications: " in markdown

    def filled(match: re.Match[str]) -> str:
        what, name = match.groups()
        content = _content(what, name, separate=separate).rstrip("\n")
        return f"<!-- {what}: {name} -->\n\n{content}\n\n<!-- end {what}: {name} -->"

    return _MARKER.sub(filled, markdown)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace the rules, options, house-rules and clarifications markers of a page."""
    return render(markdown)


def main() -> int:
    """Write the rendered text into every page of the docs that has markers; with ``--check``,
    write nothing and fail if a page's text is not what it would be."""
    check = "--check" in sys.argv[1:]
    stale = []
    for page in sorted(PAGES.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        new = fill(text)
        if new != text:
            stale.append(page)
            if not check:
                page.write_text(new, encoding="utf-8")
    verb = "not up to date" if check else "written"
    for page in stale:
        print(f"{page.relative_to(PAGES.parent)}: {verb}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
