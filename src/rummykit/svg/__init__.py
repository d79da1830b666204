"""Pictures: cards, melds, hands, the table, the piles and a whole view of a seat, drawn as SVG.

Each function returns an [`Svg`][rummykit.svg.canvas.Svg]: the document's text (a `str`), which shows
itself as a picture in Jupyter. A picture of a view is drawn from the [`View`][rummykit.core.views.View]
alone, so it shows exactly what that seat may see: its own hand face up, every other hand and the
stock as card backs and counts, the melds on the table with their owners and the rank each wild
card stands for, the top of the discard pile. A variant's own facts (RailRoad Rummy's HMGs and claim
window, Railroad Canasta's kitties, red 3s and frozen pile) are drawn from the fields its view
declares with [`shown`][rummykit.core.views.shown], by their [`Picture`][rummykit.core.views.Picture]; no
variant is known here by name.

The output is deterministic (the same view gives the same text, with the same ids), valid XML, and
needs nothing but a browser or an SVG viewer: the suits are paths and the ranks use a common font.
[`View`][rummykit.core.views.View], [`Game`][rummykit.core.engine.Game]
([`Game.picture`][rummykit.core.engine.Game.picture]),
[`Card`][rummykit.core.cards.Card], [`Meld`][rummykit.core.melds.Meld] and [`TableMeld`][rummykit.core.state.TableMeld]
draw themselves in a notebook with these functions.

Examples:
    >>> import rummykit
    >>> from rummykit import svg
    >>> picture = svg.card("10H")
    >>> picture.startswith("<svg") and 'id="rk-10H"' in picture
    True
    >>> game = rummykit.new_game("railroad-rummy", players=4, seed=7)
    >>> mine = svg.view(game.view(0))
    >>> mine == svg.view(game.view(0))        # the same view, the same picture
    True
    >>> # the spectator sees backs only
    >>> 'xlink:href="#rk-back"' in svg.view(game.view(None))
    True
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from typing import Final

from rummykit.core.cards import Card, Rank, parse_cards
from rummykit.core.errors import InvalidCardError, InvalidOptionError, RummyError, quote
from rummykit.core.melds import Meld
from rummykit.core.state import TableMeld
from rummykit.core.views import Picture, View, shown_fields
from rummykit.svg import drawing, faces
from rummykit.svg.canvas import Block, Placed, Sheet, Svg, picture
from rummykit.svg.drawing import (
    FELT,
    FELT_EDGE,
    FULL,
    SMALL,
    Layout,
    RoundEnd,
    SeatNames,
    cards_block,
    draw_card,
    hand_key,
    join,
    layout_view,
    meld_block,
    piles_block,
)
from rummykit.svg.drawing import meld_marks as _meld_marks
from rummykit.svg.drawing import table_block as _table_block
from rummykit.svg.faces import definitions

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "WIDTH",
    "Layout",
    "RoundEnd",
    "Svg",
    "card",
    "hand",
    "layout",
    "meld",
    "piles",
    "table",
    "title_of",
    "view",
    "wild_faces",
]

CARD_WIDTH: Final = faces.CARD_WIDTH
"""The width of a card at full size (56)."""
CARD_HEIGHT: Final = faces.CARD_HEIGHT
"""The height of a card at full size (80)."""
WIDTH: Final = drawing.WIDTH
"""The width of a picture of a view (860): as tall as it needs."""
_MARGIN: Final = 14


def _scale(scale: float) -> float:
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not math.isfinite(scale) or scale <= 0:
        raise InvalidOptionError(f"scale is a number greater than 0 (1 is full size), not {quote(scale)}")
    return float(scale)


def _card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise InvalidCardError(f"{quote(value)} is not a card: give a Card or card text such as '10H' or 'JK'")


def _cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return parse_cards(value)


def _view(value: View, function: str) -> View:
    if not isinstance(value, View):
        raise InvalidOptionError(f"rummykit.svg.{function} draws a View (game.view(seat)), not {quote(value)}")
    return value


def _names(value: Sequence[str] | None, players: int) -> Sequence[str] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != players:
        raise InvalidOptionError(f"names holds one name for each of the {players} seats, not {quote(value)}")
    if not all(isinstance(name, str) and name.strip() for name in value):
        raise InvalidOptionError(f"each seat's name is text that is not blank: {quote(value)}")
    return tuple(value)


def _alone(block: Block, title: str, scale: float, *, felt: bool = False, margin: float = 0) -> Svg:
    """One block as a picture (on felt, with a margin, if ``felt``)."""
    width, height = block.width + 2 * margin, block.height + 2 * margin
    placed = [Placed(block, margin, margin)]
    if felt:
        ground = Sheet()
        ground.rect(0.5, 0.5, width - 1, height - 1, fill=FELT, stroke=FELT_EDGE, rx=10)
        placed.insert(0, Placed(ground.block(width, height), 0, 0))
    return picture(placed, width, height, title, definitions(block.symbols), scale=scale)


def card(card: Card | str, *, stands_for: Rank | str | None = None, scale: float = 1.0) -> Svg:
    """One card, face up; a wild card with the rank it ``stands_for`` (a `Rank` or its symbol, ``"7"``).

    Raises:
        InvalidCardError: ``card`` is not a card.
        InvalidOptionError: a ``stands_for`` that is not a rank, or a bad ``scale``.

    Examples:
        >>> 'stands for 7' in card("JK", stands_for="7")
        True
    """
    face = _card(card)
    rank = _rank(stands_for)
    sheet = Sheet()
    draw_card(sheet, face, 0, 0, stands_for=rank if rank is not face.rank else None)
    title = f"{face}" + (f" standing for {rank.symbol}" if rank is not None and rank is not face.rank else "")
    return _alone(sheet.block(CARD_WIDTH, CARD_HEIGHT), title, _scale(scale))


def _rank(value: Rank | str | None) -> Rank | None:
    if value is None or isinstance(value, Rank):
        return value
    if isinstance(value, str):
        text = value.strip().upper()
        for rank in Rank:
            if text in (rank.symbol, rank.name) or (text == "T" and rank is Rank.TEN):
                return rank
    raise InvalidOptionError(f"stands_for is a rank (2-10, J, Q, K, A or JK), not {quote(value)}")


def hand(
    cards: Iterable[Card | str] | str,
    *,
    sort: bool = False,
    wilds: Iterable[Card | str] | str = (),
    scale: float = 1.0,
) -> Svg:
    """Cards overlapping as a hand is held (rows of up to 33 cards), sorted by rank if ``sort`` (the
    ``wilds`` last, each marked with a star).

    Raises:
        InvalidCardError: something that is not a card.

    Examples:
        >>> picture = hand("7H 2C 7S JK", sort=True, wilds="2C JK")
        >>> picture.index("#rk-7H") < picture.index("#rk-7S") < picture.index("#rk-2C")
        True
    """
    faces = _cards(cards)
    wild = frozenset(_cards(wilds))
    if sort:
        faces = tuple(sorted(faces, key=lambda c: hand_key(c, wild)))
    block = cards_block(faces, wilds=wild)
    return _alone(block, "a hand of " + (" ".join(str(c) for c in faces) or "no cards"), _scale(scale))


def meld(meld: Meld | TableMeld, *, scale: float = 1.0) -> Svg:
    """A meld's cards, each wild card with the rank it stands for.

    Raises:
        InvalidOptionError: ``meld`` is not a meld.

    Examples:
        >>> import rummykit
        >>> rules = rummykit.new_game("railroad-rummy", 2, seed=1).state.rules.melds
        >>> run = rummykit.read_meld(rummykit.parse_cards("5C 2H 7H 8S"), rules)
        >>> 'stands for 6' in meld(run)
        True
    """
    if isinstance(meld, TableMeld):
        meld = meld.meld
    if not isinstance(meld, Meld):
        raise InvalidOptionError(f"rummykit.svg.meld draws a Meld or a TableMeld, not {quote(meld)}")
    return _alone(meld_block(meld, scale=1.0, step=20), f"a {meld.kind}: {meld}", _scale(scale))


def table(view: View, *, names: Sequence[str] | None = None, scale: float = 1.0) -> Svg:
    """The melds on the table of ``view``, numbered as actions name them, grouped by owner."""
    view = _view(view, "table")
    marks = _meld_marks(view, [field for field in shown_fields(view) if field.picture is Picture.MELDS])
    block = _table_block(view.table, SeatNames(view, _names(names, view.players)), marks=marks)
    return _alone(block, f"the table, round {view.round}", _scale(scale), felt=True, margin=_MARGIN)


def piles(view: View, *, scale: float = 1.0) -> Svg:
    """The piles of ``view``: the stock and the variant's face-down piles as backs and counts, the top
    of the discard pile (with a card crosswise under it while a field says so), the card taken from it."""
    view = _view(view, "piles")
    fields = [field for field in shown_fields(view) if not field.per_seat]
    items, height = piles_block(
        view,
        [field for field in fields if field.picture is Picture.PILE],
        [field for field in fields if field.picture is Picture.CROSSWISE],
    )
    block = join(items, max(item.x + item.block.width for item in items), height)
    return _alone(block, f"the piles, round {view.round}", _scale(scale), felt=True, margin=_MARGIN)


def title_of(variant: str) -> str:
    """The title of the variant named ``variant`` (its name, if it is not installed)."""
    from rummykit.core.plugins import variant_spec  # noqa: PLC0415 (plug-ins are loaded only for a view)

    try:
        return variant_spec(variant).title
    except RummyError:
        return variant


def wild_faces(view: View) -> frozenset[Card]:
    """The wild faces of ``view``'s game, from its variant's meld rules (none if the variant is not
    installed, or has no meld rules)."""
    from rummykit.core.configuration import configure  # noqa: PLC0415

    try:
        rules = configure(view.variant, view.players, options=view.options, house_rules=view.house_rules).rules
    except (RummyError, TypeError, ValueError):
        return frozenset()
    faces: object = getattr(getattr(rules, "melds", None), "wild_faces", None)
    if isinstance(faces, frozenset) and all(isinstance(face, Card) for face in faces):
        return frozenset(faces)
    return frozenset()


def layout(
    view: View,
    *,
    caption: str | None = None,
    names: Sequence[str] | None = None,
    sort: bool = True,
    fresh: Collection[int] = (),
    wilds: Iterable[Card | str] | str | None = None,
    ended: RoundEnd | None = None,
    small: bool = False,
) -> Layout:
    """The picture of ``view`` as blocks at their places (see [`view`][rummykit.svg.view])."""
    view = _view(view, "view")
    if ended is not None and not isinstance(ended, RoundEnd):
        raise InvalidOptionError(f"ended is a RoundEnd (how the round ended), not {quote(ended)}")
    if caption is not None and not isinstance(caption, str):
        raise InvalidOptionError(f"caption is text, not {quote(caption)}")
    if isinstance(fresh, str | bytes) or not isinstance(fresh, Iterable):
        raise InvalidOptionError(f"fresh holds card ids of the hand (view.hand_ids), not {quote(fresh)}")
    fresh = frozenset(fresh)
    if not all(isinstance(cid, int) and not isinstance(cid, bool) for cid in fresh):
        raise InvalidOptionError(
            f"fresh holds card ids of the hand (view.hand_ids), not {quote(sorted(fresh, key=str))}"
        )
    return layout_view(
        view,
        title=title_of(view.variant),
        wilds=wild_faces(view) if wilds is None else frozenset(_cards(wilds)),
        fresh=fresh,
        caption=caption,
        names=_names(names, view.players),
        sort=bool(sort),
        ended=ended,
        form=SMALL if small else FULL,
    )


def view(
    view: View,
    *,
    caption: str | None = None,
    names: Sequence[str] | None = None,
    sort: bool = True,
    fresh: Collection[int] = (),
    wilds: Iterable[Card | str] | str | None = None,
    scale: float = 1.0,
    ended: RoundEnd | None = None,
    small: bool = False,
) -> Svg:
    """A whole view of a seat (or the spectator's): the round and who is to act, every seat's cards
    held, total and the variant's facts, the piles, the seat's own cards face up, and the table. It is
    [`WIDTH`][rummykit.svg.WIDTH] wide (times ``scale``) and as tall as it needs.

    Args:
        view: what to draw (``game.view(seat)``).
        caption: a line under who is to act (what just happened).
        names: each seat's name (default ``seat 0``, ``seat 1``...).
        sort: sort the hand by rank, wild cards last (else as received).
        fresh: card ids of the hand to mark as new (raised, with a gold edge).
        wilds: the wild faces, marked in the hand (default: the variant's, if it is installed).
        scale: how large to show it (1: full size).
        ended: how the round ended, for a view taken at the round's end (the last action done, the
            next round not yet dealt): the status says so, and a box under the header shows each
            seat's cards left, face up, with the round's scores (the replay viewer's round ends).
        small: the small form, for a phone: 288 wide, shown 1.3 times as large (374 pixels, times
            ``scale``), the seats two to a row and every card at full size, so that at a phone's 390
            CSS pixels each card's rank and suit are at least 14 pixels high.

    Raises:
        InvalidOptionError: ``view`` is not a view, or a bad option.
        PluginError: the view's class declares a field its value does not fit (a per-seat field
            without one value per seat, a pile that is not a count).
    """
    drawn = layout(view, caption=caption, names=names, sort=sort, fresh=fresh, wilds=wilds, ended=ended, small=small)
    defs = definitions(drawn.symbols)
    shown_at = (SMALL if small else FULL).shown_at
    return picture(drawn.placed, drawn.width, drawn.height, drawn.title, defs, scale=_scale(scale) * shown_at)
