"""The cards themselves: one SVG symbol per face and one for the back (a group in the picture's
definitions, drawn where it is used), drawn with paths (the suits need no font) and the ranks in the
picture's font.

A picture refers to a card by its symbol's id (``rk-10H``, ``rk-JK``, ``rk-back``) and defines only
the symbols it uses, so that a picture's definitions never name a card the picture does not show.
Every symbol is drawn in a box of [`CARD_WIDTH`][rummykit.svg.faces.CARD_WIDTH] by
[`CARD_HEIGHT`][rummykit.svg.faces.CARD_HEIGHT] from the origin, and scaled where it is used. The left strip of a card
(its index: the rank, a small suit) is what shows when cards overlap.

Examples:
    >>> from rummykit.core.cards import Card
    >>> symbol_id(Card.parse("10H")), symbol_id(Card.parse("JK")), symbol_id(None)
    ('rk-10H', 'rk-JK', 'rk-back')
    >>> definitions(["rk-back", "rk-2C"]).count('<g id="rk-')
    2
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

from rummykit.core.cards import Card, Rank, Suit, standard_deck
from rummykit.svg.canvas import FONT, number

__all__ = [
    "BACK",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "colour",
    "definitions",
    "every_symbol",
    "symbol",
    "symbol_id",
]

CARD_WIDTH: Final = 56
"""The width of a card at full size."""
CARD_HEIGHT: Final = 80
"""The height of a card at full size."""
BACK: Final = "rk-back"
"""The id of the back's symbol."""

RED: Final = "#c62828"
BLACK: Final = "#1a1a1a"
JOKER: Final = "#6a1b9a"
EDGE: Final = "#8a8a8a"
BACK_BLUE: Final = "#1f4e8c"

# The suits, as paths in a 20 by 20 box.
_PIPS: Final = {
    Suit.HEARTS: "M10 18.6C6.2 15.3 1 11.5 1 6.6 1 3.8 3.1 1.5 5.8 1.5c1.9 0 3.4 1.1 4.2 2.7"
    ".8-1.6 2.3-2.7 4.2-2.7 2.7 0 4.8 2.3 4.8 5.1 0 4.9-5.2 8.7-9 12z",
    Suit.DIAMONDS: "M10 1 17.2 10 10 19 2.8 10z",
    Suit.SPADES: "M10 1C7 4.6 1.5 8 1.5 12.2c0 2.4 1.9 4.2 4.2 4.2 1.5 0 2.8-.7 3.5-1.9-.2 1.9-1 3.3-2.6 4.5"
    "h6.8c-1.6-1.2-2.4-2.6-2.6-4.5.7 1.2 2 1.9 3.5 1.9 2.3 0 4.2-1.8 4.2-4.2C18.5 8 13 4.6 10 1z",
    Suit.CLUBS: "M10 1.2a4.3 4.3 0 0 0-3.6 6.7 4.3 4.3 0 1 0 2.8 6.6c-.2 1.9-1 3.3-2.7 4.5h7c-1.7-1.2-2.5-2.6-2.7-4.5"
    "a4.3 4.3 0 1 0 2.8-6.6A4.3 4.3 0 0 0 10 1.2z",
}


def _star() -> str:
    """A five-pointed star in the 20 by 20 box (the joker's pip)."""
    points = []
    for i in range(10):
        radius = 9.5 if i % 2 == 0 else 3.9
        angle = math.pi / 5 * i - math.pi / 2
        points.append(f"{number(10 + radius * math.cos(angle))} {number(10.6 + radius * math.sin(angle))}")
    return "M" + "L".join(points) + "z"


_STAR: Final = _star()


def colour(card: Card) -> str:
    """The ink of ``card``: red for hearts and diamonds, black for clubs and spades, purple for a joker."""
    if card.is_joker:
        return JOKER
    return RED if card.is_red else BLACK


def symbol_id(card: Card | None) -> str:
    """The id of ``card``'s symbol (``None``: the back)."""
    return BACK if card is None else f"rk-{card}"


def _pip(card: Card) -> str:
    return _STAR if card.suit is None else _PIPS[card.suit]


def _pip_at(d: str, x: float, y: float, size: float) -> str:
    """A pip of ``size`` with its top left corner at ``(x, y)``."""
    return f'<path transform="translate({number(x)},{number(y)}) scale({number(size / 20)})" d="{d}"/>'


def _index(card: Card) -> str:
    """The rank and a small suit in the top left corner."""
    rank = card.rank.symbol
    if card.is_joker:
        text = '<text x="10.5" y="15" font-size="11">JK</text>'
    elif rank == "10":
        text = '<text x="10.5" y="17" font-size="14" textLength="18" lengthAdjust="spacingAndGlyphs">10</text>'
    else:
        text = f'<text x="10.5" y="17" font-size="15">{rank}</text>'
    return text + _pip_at(_pip(card), 4, 20.5, 13)


def _centre(card: Card) -> str:
    """The middle of the card: a large pip, a court card's letter in a frame, or the joker's star."""
    pip = _pip(card)
    if card.is_joker:
        return _pip_at(pip, 17, 24, 28) + (
            '<text x="31" y="66" font-size="7" letter-spacing="1" font-weight="bold">JOKER</text>'
        )
    if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        frame = (
            '<rect x="17" y="19" width="26" height="36" rx="3" fill="none" stroke="currentColor" stroke-width=".8"/>'
        )
        letter = f'<text x="30" y="40" font-size="18">{card.rank.symbol}</text>'
        return frame + letter + _pip_at(pip, 25.5, 43, 9)
    size = 30 if card.rank is Rank.ACE else 24
    return _pip_at(pip, 32 - size / 2, 40 - size / 2, size)


def symbol(card: Card | None) -> str:
    """The symbol of ``card`` (``None``: the back): a group with its id."""
    if card is None:
        return _BACK_SYMBOL
    ink = colour(card)
    index = _index(card)
    return (
        f'<g id="{symbol_id(card)}">'
        f'<rect x=".5" y=".5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" fill="#fff" stroke="{EDGE}"/>'
        f'<g fill="{ink}" color="{ink}" font-family="{FONT}" font-weight="bold" text-anchor="middle">'
        f"{index}{_centre(card)}"
        f'<g transform="rotate(180 {CARD_WIDTH // 2} {CARD_HEIGHT // 2})">{index}</g>'
        "</g></g>"
    )


def _lattice(left: float, top: float, right: float, bottom: float, step: float) -> str:
    """Diagonal lines both ways across a rectangle, clipped to it (the back's pattern)."""
    segments = []
    width, height = right - left, bottom - top
    offset = step
    while offset < width + height:
        # down-right lines: x - left = offset - (y - top)
        start = (left + min(offset, width), top + max(0.0, offset - width))
        end = (left + max(0.0, offset - height), top + min(offset, height))
        segments.append(f"M{number(start[0])} {number(start[1])}L{number(end[0])} {number(end[1])}")
        # the mirror image
        mirrored = (right - (start[0] - left), right - (end[0] - left))
        segments.append(f"M{number(mirrored[0])} {number(start[1])}L{number(mirrored[1])} {number(end[1])}")
        offset += step
    return "".join(segments)


_BACK_SYMBOL: Final = (
    f'<g id="{BACK}">'
    f'<rect x=".5" y=".5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" fill="#fff" stroke="{EDGE}"/>'
    f'<rect x="3.5" y="3.5" width="{CARD_WIDTH - 7}" height="{CARD_HEIGHT - 7}" rx="3" fill="{BACK_BLUE}"/>'
    f'<path d="{_lattice(3.5, 3.5, CARD_WIDTH - 3.5, CARD_HEIGHT - 3.5, 7)}" stroke="#fff" stroke-opacity=".25"/>'
    f'<rect x="8" y="8" width="{CARD_WIDTH - 16}" height="{CARD_HEIGHT - 16}" rx="2" fill="none" stroke="#fff" '
    'stroke-opacity=".6"/>'
    "</g>"
)

_ORDER: Final = {symbol_id(card): card.index for card in standard_deck(jokers=1)}
_FACES: Final = {symbol_id(card): card for card in standard_deck(jokers=1)}


def definitions(ids: Iterable[str]) -> str:
    """The symbols of ``ids`` (cards and the back), in a fixed order: the cards by face, then the back."""
    wanted = set(ids)
    unknown = wanted - _FACES.keys() - {BACK}
    if unknown:
        raise ValueError(f"no card symbol has the id {sorted(unknown)[0]!r}")
    parts = [symbol(_FACES[name]) for name in sorted(wanted - {BACK}, key=_ORDER.__getitem__)]
    if BACK in wanted:
        parts.append(_BACK_SYMBOL)
    return "".join(parts)


def every_symbol() -> str:
    """Every card's symbol and the back's (the replay viewer defines them once for all its frames)."""
    return definitions([*_FACES, BACK])
