"""The small SVG writer under rummykit's pictures: text escaped for XML, numbers written the same way on
every platform, blocks of markup with the card symbols they use, and a picture put together from
blocks.

A picture is a set of blocks, each drawn from its own origin and placed on the canvas with a
translation. A picture of a view ([`rummykit.svg.view`][rummykit.svg.view]) and each frame of the
replay viewer ([`rummykit.viewer`][rummykit.viewer]) are the same blocks put together, so that the
viewer shows exactly the pictures the library draws, and keeps each block once.

Examples:
    >>> sheet = Sheet()
    >>> sheet.text(4, 12, "seat <1> & co", size=10)
    >>> block = sheet.block(60, 20)
    >>> block.markup
    '<text x="4" y="12" font-size="10" fill="#1a1a1a">seat &lt;1&gt; &amp; co</text>'
    >>> number(2 / 3), number(12.0), number(-0.001)
    ('0.67', '12', '0')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

import attrs

__all__ = [
    "FONT",
    "SVG_NAMESPACE",
    "Block",
    "Placed",
    "Sheet",
    "Svg",
    "escape",
    "fit",
    "fit_keeping",
    "number",
    "open_tag",
    "text_width",
    "wrap",
]

SVG_NAMESPACE: Final = "http://www.w3.org/2000/svg"
"""The SVG namespace (a name, never fetched)."""
XLINK_NAMESPACE: Final = "http://www.w3.org/1999/xlink"
"""The XLink namespace of ``xlink:href`` (a name, never fetched)."""
FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The font family of every text: a wide sans-serif, with the generic family last."""
INK: Final = "#1a1a1a"
"""The colour of text on a light ground."""


class Svg(str):
    """An SVG document: a `str` of its markup that shows itself as a picture in Jupyter (and anything
    else that looks for ``_repr_svg_`` or ``_repr_html_``).

    Examples:
        >>> picture = Svg('<svg xmlns="http://www.w3.org/2000/svg"/>')
        >>> picture._repr_svg_() == picture
        True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)

    def save(self, path: str | Path) -> Path:
        """Write the picture to ``path`` (UTF-8), and return the path."""
        target = Path(path)
        target.write_text(str(self), encoding="utf-8")
        return target


_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters XML 1.0 cannot hold (a plug-in's label may hold them all the same)."""


def escape(text: str) -> str:
    """``text`` as XML character data or an attribute value: ``& < > "`` escaped, and characters XML
    cannot hold replaced by U+FFFD."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return _NOT_XML.sub("\ufffd", text)


def number(value: float) -> str:
    """A coordinate as text: a whole number as an int, else at most two decimals (the same text on
    every platform)."""
    if type(value) is int:
        return str(value)
    rounded = round(value, 2)
    whole = int(rounded)
    if rounded == whole:
        return str(whole)
    return f"{rounded:.2f}".rstrip("0")


_NARROW: Final = frozenset("iIjl.,;:!|'`()[]{}ft ")
_WIDE: Final = frozenset("mwMW@%")
_BOLD: Final = 1.08
"""How much wider bold text is than regular text, at most."""
_ELLIPSIS: Final = "…"


def _advance(char: str) -> float:
    """The width of one character at font size 1 (on the side of too wide)."""
    if char in _NARROW:
        return 0.36
    if char in _WIDE:
        return 0.95
    if char.isupper() or char.isdigit():
        return 0.72
    return 0.62


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width ``text`` takes at font size ``size``, estimated on the side of too wide (the pictures
    lay out by it: a real font never needs more room than this gives). Each character is measured
    once: the time it takes grows with the text's length, no faster.

    Examples:
        >>> text_width("seat 1", 10) < text_width("seat 1", 10, bold=True)
        True
    """
    return sum(map(_advance, text)) * size * (_BOLD if bold else 1.0)


def fit(text: str, size: float, room: float, *, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis if it takes more than ``room`` at ``size``: in one pass
    over the text (a name of 16,000 characters costs no more than 16,000 measures).

    Examples:
        >>> fit("a very long seat name", 10, 60)
        'a very lo…'
        >>> fit("short", 10, 60)
        'short'
    """
    scale = size * (_BOLD if bold else 1.0)
    if text_width(text, size, bold=bold) <= room:
        return text
    room_left = room - _advance(_ELLIPSIS) * scale
    used = 0.0
    cut = 0
    for char in text:
        used += _advance(char) * scale
        if used > room_left:
            break
        cut += 1
    return text[:cut].rstrip() + _ELLIPSIS


def fit_keeping(text: str, kept: str, size: float, room: float, *, bold: bool = False) -> str:
    """``text`` followed by ``kept``, ``text`` cut short (never ``kept``) if the two take more than
    ``room``: a long seat name keeps its ``" (you)"``.

    Examples:
        >>> fit_keeping("a very long seat name", " (you)", 10, 90)
        'a very lon… (you)'
    """
    return fit(text, size, room - text_width(kept, size, bold=bold), bold=bold) + kept


def wrap(text: str, size: float, room: float, *, bold: bool = False) -> list[str]:
    """``text`` in lines that each take at most ``room`` at ``size``, broken between words (a word
    longer than a line is cut short). Each word is measured once.

    Examples:
        >>> wrap("the quick brown fox jumps over the lazy dog", 10, 100)
        ['the quick brown', 'fox jumps over the', 'lazy dog']
    """
    space = text_width(" ", size, bold=bold)
    lines: list[str] = []
    line: list[str] = []
    used = 0.0
    for word in text.split():
        width = text_width(word, size, bold=bold)
        if line and used + space + width > room:
            lines.append(" ".join(line))
            line, used = [], 0.0
        used += (space if line else 0.0) + width
        line.append(word)
    if line or not lines:
        lines.append(" ".join(line))
    return [fit(item, size, room, bold=bold) for item in lines]


@attrs.frozen
class Block:
    """Markup drawn from its own origin, its size, and the card symbols it uses (their ids).

    Attributes:
        markup: SVG elements, to be placed inside a group.
        width, height: the room it takes.
        symbols: the ids of the symbols (cards, the back) it refers to.
    """

    markup: str
    width: float
    height: float
    symbols: frozenset[str] = frozenset()


@attrs.frozen
class Placed:
    """A block at a place on the canvas."""

    block: Block
    x: float
    y: float

    def markup(self) -> str:
        """The block in a group translated to its place."""
        return f'<g transform="translate({number(self.x)},{number(self.y)})">{self.block.markup}</g>'


class Sheet:
    """Elements being drawn into one [`Block`][rummykit.svg.canvas.Block]."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._symbols: set[str] = set()

    def add(self, markup: str, symbols: Iterable[str] = ()) -> None:
        """Add markup (already escaped) that refers to ``symbols``."""
        self._parts.append(markup)
        self._symbols.update(symbols)

    def place(self, block: Block, x: float, y: float, scale: float = 1.0) -> None:
        """Draw ``block`` with its origin at ``(x, y)`` (``scale`` times as large: its size is then
        ``scale`` times the block's)."""
        if not block.markup:
            return
        if scale == 1:
            self.add(Placed(block, x, y).markup(), block.symbols)
        else:
            where = f"translate({number(x)},{number(y)}) scale({number(scale)})"
            self.add(f'<g transform="{where}">{block.markup}</g>', block.symbols)

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str,
        stroke: str | None = None,
        rx: float = 0,
        stroke_width: float = 1,
        dash: str | None = None,
        opacity: float | None = None,
    ) -> None:
        """A rectangle (rounded by ``rx``)."""
        extra = f' rx="{number(rx)}"' if rx else ""
        extra += f' fill="{fill}"'
        if stroke is not None:
            extra += f' stroke="{stroke}"'
            if stroke_width != 1:
                extra += f' stroke-width="{number(stroke_width)}"'
            if dash is not None:
                extra += f' stroke-dasharray="{dash}"'
        if opacity is not None:
            extra += f' opacity="{number(opacity)}"'
        self.add(f'<rect x="{number(x)}" y="{number(y)}" width="{number(width)}" height="{number(height)}"{extra}/>')

    def circle(self, cx: float, cy: float, r: float, *, fill: str, stroke: str | None = None) -> None:
        """A circle."""
        extra = f' stroke="{stroke}"' if stroke is not None else ""
        self.add(f'<circle cx="{number(cx)}" cy="{number(cy)}" r="{number(r)}" fill="{fill}"{extra}/>')

    def path(self, d: str, *, fill: str = "none", stroke: str | None = None, stroke_width: float = 1) -> None:
        """A path."""
        extra = ""
        if stroke is not None:
            extra = f' stroke="{stroke}"' + (f' stroke-width="{number(stroke_width)}"' if stroke_width != 1 else "")
        self.add(f'<path d="{d}" fill="{fill}"{extra}/>')

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 12,
        fill: str = INK,
        bold: bool = False,
        italic: bool = False,
        anchor: str | None = None,
    ) -> None:
        """A line of text, its baseline at ``y`` (``anchor``: ``"middle"`` or ``"end"`` for where ``x`` is)."""
        extra = f' font-size="{number(size)}"'
        if bold:
            extra += ' font-weight="bold"'
        if italic:
            extra += ' font-style="italic"'
        if anchor is not None:
            extra += f' text-anchor="{anchor}"'
        self.add(f'<text x="{number(x)}" y="{number(y)}"{extra} fill="{fill}">{escape(text)}</text>')

    def use(self, symbol: str, x: float, y: float, scale: float = 1.0) -> None:
        """The symbol ``symbol`` (a card, the back) drawn at ``(x, y)``, ``scale`` times its size."""
        if scale == 1:
            self.add(f'<use xlink:href="#{symbol}" x="{number(x)}" y="{number(y)}"/>', (symbol,))
        else:
            where = f"translate({number(x)},{number(y)}) scale({number(scale)})"
            self.add(f'<use xlink:href="#{symbol}" transform="{where}"/>', (symbol,))

    def block(self, width: float, height: float) -> Block:
        """What has been drawn, as a block of the given size."""
        return Block("".join(self._parts), width, height, frozenset(self._symbols))


def open_tag(width: float, height: float, title: str, *, scale: float = 1.0) -> str:
    """The opening ``<svg>`` tag of a picture of ``width`` by ``height`` (shown ``scale`` times as large)
    and its title."""
    size = f'width="{number(width * scale)}" height="{number(height * scale)}"'
    label = escape(title)
    return (
        f'<svg xmlns="{SVG_NAMESPACE}" xmlns:xlink="{XLINK_NAMESPACE}" version="1.1" '
        f'viewBox="0 0 {number(width)} {number(height)}" {size} role="img" aria-label="{label}" '
        f'font-family="{FONT}"><title>{label}</title>'
    )


def picture(placed: Sequence[Placed], width: float, height: float, title: str, defs: str, *, scale: float = 1.0) -> Svg:
    """A whole SVG document: the blocks at their places, on a canvas of ``width`` by ``height``, with
    ``defs`` (the symbols they use)."""
    body = "".join(item.markup() for item in placed)
    definitions = f"<defs>{defs}</defs>" if defs else ""
    return Svg(f"{open_tag(width, height, title, scale=scale)}{definitions}{body}</svg>")
