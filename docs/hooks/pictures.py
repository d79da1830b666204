"""mkdocs hook: pictures of positions drawn when the docs are built, from the page's own code, so that a
picture never drifts from the example it shows.

A page marks a picture with ``<!-- picture: EXPRESSION -->`` after the code that sets up the position.
The page's Python blocks above the marker are run, in order, in one namespace (plain blocks as they are,
``>>>`` blocks example by example; what they print is dropped), and the expression is evaluated there:
anything with a ``_repr_svg_`` (``game.picture(1)``, ``rummykit.svg.card("JK")``) or an SVG document as
text. The picture is put in the page as an image, its title as its text alternative. The test suite
renders every marker of the docs too (tests/test_docs.py).
"""

from __future__ import annotations

import base64
import contextlib
import doctest
import io
import re
from typing import Any

_MARKER = re.compile(r"<!-- picture: (.+?) -->")
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)


def _run(block: str, namespace: dict[str, Any], where: str) -> None:
    """Run a block of the page: a ``>>>`` block example by example, any other as it is."""
    sources = [example.source for example in doctest.DocTestParser().get_examples(block)] if ">>>" in block else [block]
    with contextlib.redirect_stdout(io.StringIO()):
        for source in sources:
            exec(compile(source, where, "exec"), namespace)


def _image(picture: Any, expression: str) -> str:
    """The picture as an ``<img>`` of an SVG data URL, with its title as its alternative text."""
    markup = picture._repr_svg_() if hasattr(picture, "_repr_svg_") else picture
    if not isinstance(markup, str) or not markup.startswith("<svg"):
        raise ValueError(f"<!-- picture: {expression} --> is not a picture: {type(picture).__name__}")
    title = _TITLE.search(markup)
    alt = (title.group(1) if title else expression).replace('"', "&quot;")
    data = base64.b64encode(markup.encode("utf-8")).decode("ascii")
    return (
        f'\n\n<figure class="rummykit-picture"><img src="data:image/svg+xml;base64,{data}" alt="{alt}" '
        f'style="max-width: 100%; height: auto"></figure>\n\n'
    )


def render(markdown: str, where: str = "<page>") -> str:
    """``markdown`` with each picture marker replaced by its picture."""
    if "<!-- picture: " not in markdown:
        return markdown
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    parts: list[str] = []
    done = 0
    for marker in _MARKER.finditer(markdown):
        for block in _BLOCK.finditer(markdown, done, marker.start()):
            _run(block.group(1), namespace, where)
        expression = marker.group(1).strip()
        parts.append(markdown[done : marker.start()])
        parts.append(_image(eval(expression, namespace), expression))
        done = marker.end()
    parts.append(markdown[done:])
    return "".join(parts)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """Replace the page's picture markers by their pictures."""
    return render(markdown, str(page.file.src_path))
