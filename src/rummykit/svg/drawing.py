"""A picture of a view, laid out: the header (the variant, the round, who is to act, the news), the
seats (cards held, totals and the variant's facts per seat), the piles, the melds on the table, the
seat's own cards; each a [`Block`][rummykit.svg.canvas.Block], stacked on a felt-green canvas.

Everything drawn comes from the [`View`][rummykit.core.views.View] alone, so a picture shows what its seat
may see and nothing else: the other hands and the stock are drawn as card backs and counts. A
variant's own facts are drawn from the fields it declares with [`shown`][rummykit.core.views.shown], by their
[`Picture`][rummykit.core.views.Picture] or their values, never looked up by name.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Any, Final

import attrs

from rummykit.core.cards import Card, Rank
from rummykit.core.errors import PluginError, quote
from rummykit.core.melds import Meld
from rummykit.core.state import RoundResult, TableMeld
from rummykit.core.views import Picture, ShownField, View, shown_fields
from rummykit.svg.canvas import INK, Block, Placed, Sheet, fit, fit_keeping, text_width, wrap
from rummykit.svg.canvas import number as _n
from rummykit.svg.faces import BACK, CARD_HEIGHT, CARD_WIDTH, symbol_id

__all__ = [
    "FULL",
    "SMALL",
    "WIDTH",
    "Form",
    "Layout",
    "RoundEnd",
    "SeatNames",
    "cards_block",
    "draw_card",
    "hand_key",
    "join",
    "layout_view",
    "meld_block",
    "meld_marks",
    "piles_block",
    "table_block",
    "table_items",
]

WIDTH: Final = 860
"""The width of a picture of a view."""
PAD: Final = 14
"""The margin around a picture's blocks."""
GAP: Final = 10
"""The space between blocks."""
INNER: Final = WIDTH - 2 * PAD
"""The width a block may take."""

FELT: Final = "#23613f"
FELT_EDGE: Final = "#174a2f"
PAPER: Final = "#fbf8ef"
PAPER_OWN: Final = "#fff6d6"
PAPER_EDGE: Final = "#c9c1a8"
LIGHT: Final = "#ffffff"
SOFT: Final = "#cfe5d6"
GOLD: Final = "#f2b705"
GOLD_DARK: Final = "#7a5b00"
MUTED: Final = "#6b6b6b"
TICK: Final = "#2e7d32"
ALERT: Final = "#b71c1c"

TABLE_SCALE: Final = 0.8
"""Cards of melds on the table, against a hand's."""
TABLE_STEP: Final = 16.0
"""How much of each card of a meld shows."""
HAND_STEP: Final = 24.0
"""How much of each card of a hand shows: a hand of 33 cards fits a row."""
MINI_SCALE: Final = 0.45
"""Cards shown in a seat's box (a Canasta seat's red 3s)."""
MINI_STEP: Final = 13.0
END_SCALE: Final = 0.6
"""Cards left in the hands at a round's end."""
END_STEP: Final = 18.0
ICON_SCALE: Final = 0.28
"""The card backs that stand for a count (a hand's size, a kitty)."""
LIFT: Final = 8.0
"""How far a card new to the hand is raised."""
_STAR: Final = "M0 -5.5L1.3 -1.8 5.2 -1.7 2.1 .7 3.2 4.5 0 2.2-3.2 4.5-2.1 .7-5.2 -1.7-1.3 -1.8z"
_TICK: Final = "M-3.2 .2 -1 2.5 3.4 -2.4"


@attrs.frozen(kw_only=True)
class Form:
    """How large a picture of a view is drawn: its width, the seats' boxes to a row, the scale of the
    cards on the table, at a round's end and in the seats' boxes, and the scale it is shown at.

    [`FULL`][rummykit.svg.drawing.FULL] is for a screen of a desktop's width;
    [`SMALL`][rummykit.svg.drawing.SMALL], the small form, for a phone's: narrower, every card at full
    size or more, so that at 390 CSS pixels each card's rank and suit are at least 14 pixels high.
    """

    width: float = WIDTH
    columns: int = 4
    table_scale: float = TABLE_SCALE
    end_scale: float = END_SCALE
    mini_scale: float = MINI_SCALE
    shown_at: float = 1.0

    @property
    def inner(self) -> float:
        """The width a block may take."""
        return self.width - 2 * PAD

    @property
    def small(self) -> bool:
        return self.columns < 4


FULL: Final = Form()
"""The form of a picture for a desktop's width (860 wide)."""
SMALL: Final = Form(width=288, columns=2, table_scale=1.0, end_scale=1.0, mini_scale=1.0, shown_at=1.3)
"""The small form, for a phone: 288 wide, shown 374 pixels wide, every card at full size."""


@attrs.frozen
class Layout:
    """A picture of a view as blocks at their places (what [`rummykit.svg.view`][rummykit.svg.view]
    writes, and each frame of the replay viewer shows).

    Attributes:
        title: what the picture shows, in words (its ``<title>``).
        width, height: the canvas.
        placed: the blocks, in drawing order (the felt first).
    """

    title: str
    width: float
    height: float
    placed: tuple[Placed, ...]

    @property
    def symbols(self) -> frozenset[str]:
        """The symbols its blocks use."""
        return frozenset().union(*(item.block.symbols for item in self.placed))


@attrs.frozen
class RoundEnd:
    """How a round ended, for a picture of the view at its end (the last action done, the next deal
    not yet made): the round's result, and the cards each seat was left holding, which the players
    lay face up to be scored (RR-30, RC-31, CR-11).

    Attributes:
        result: the round's result (its scores and the totals after it).
        hands: each seat's cards left, in seat order.
    """

    result: RoundResult
    hands: tuple[tuple[Card, ...], ...]


# -- cards ---------------------------------------------------------------------------------------


def draw_card(
    sheet: Sheet,
    card: Card | None,
    x: float,
    y: float,
    *,
    stands_for: Rank | None = None,
    wild: bool = False,
    fresh: bool = False,
) -> None:
    """``card`` (``None``: a card face down) at full size at ``(x, y)``. A wild card in a meld shows the
    rank it ``stands_for`` on a gold badge; a ``wild`` card of a hand has a gold star; a ``fresh``
    card (new to the hand) a gold edge."""
    if fresh:
        sheet.rect(x - 2.5, y - 2.5, CARD_WIDTH + 5, CARD_HEIGHT + 5, fill=GOLD, rx=7.5)
    sheet.use(symbol_id(card), x, y)
    if stands_for is not None and card is not None:
        cx, cy = x + 10.5, y + 47
        sheet.add(f"<g><title>{card} stands for {stands_for.symbol}</title>")
        sheet.circle(cx, cy, 10, fill=GOLD, stroke=GOLD_DARK)
        small = len(stands_for.symbol) > 1
        sheet.text(
            cx, cy + (3.8 if small else 4.3), stands_for.symbol, size=10.5 if small else 12, bold=True, anchor="middle"
        )
        sheet.add("</g>")
    if wild:
        where = f"translate({_n(x + 10.5)},{_n(y + CARD_HEIGHT - 11)})"
        sheet.add(f'<path transform="{where}" d="{_STAR}" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".6"/>')


def _scaled(sheet: Sheet, width: float, height: float, scale: float) -> Block:
    """What ``sheet`` drew at full size, as a block ``scale`` times as large."""
    inner = sheet.block(width, height)
    if scale == 1:
        return inner
    outer = Sheet()
    outer.place(inner, 0, 0, scale)
    return outer.block(width * scale, height * scale)


def _rows(count: int, step: float, card_width: float, room: float) -> list[range]:
    """``count`` overlapping cards in rows that fit ``room``."""
    per_row = max(1, int((room - card_width) // step) + 1)
    return [range(start, min(count, start + per_row)) for start in range(0, count, per_row)] or [range(0)]


def cards_block(
    cards: Sequence[Card],
    *,
    room: float = INNER,
    step: float = HAND_STEP,
    scale: float = 1.0,
    wilds: Collection[Card] = (),
    fresh: Collection[int] = (),
    lift: bool = False,
) -> Block:
    """Cards overlapping left to right, ``step`` apart, in as many rows as ``room`` needs, ``scale``
    times full size. ``fresh`` are indices of ``cards`` to mark as new (raised by
    [`LIFT`][rummykit.svg.drawing.LIFT] when ``lift``)."""
    if not cards:
        return Block("", 0, 0)
    sheet = Sheet()
    top = LIFT if lift else 0.0
    rows = _rows(len(cards), step / scale, CARD_WIDTH, room / scale)
    width = 0.0
    for number_of_row, row in enumerate(rows):
        y = top + number_of_row * (CARD_HEIGHT + 6 + top)
        for place, index in enumerate(row):
            x = place * step / scale
            new = index in fresh
            draw_card(sheet, cards[index], x, y - (LIFT if new and lift else 0), wild=cards[index] in wilds, fresh=new)
            width = max(width, x + CARD_WIDTH)
    height = len(rows) * (CARD_HEIGHT + top) + (len(rows) - 1) * 6
    return _scaled(sheet, width, height, scale)


def meld_block(meld: Meld, *, scale: float = TABLE_SCALE, step: float = TABLE_STEP) -> Block:
    """A meld's cards overlapping, ``step`` apart, each wild card with the rank it stands for."""
    sheet = Sheet()
    for place, (card, rank) in enumerate(zip(meld.cards, meld.ranks, strict=True)):
        stands_for = rank if rank is not card.rank else None
        draw_card(sheet, card, place * step / scale, 0, stands_for=stands_for)
    width = CARD_WIDTH + step / scale * (len(meld.cards) - 1) if meld.cards else 0
    return _scaled(sheet, width, CARD_HEIGHT, scale)


# -- words ---------------------------------------------------------------------------------------


def _words(value: Any) -> str:
    """A declared field's value in words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ", ".join(_words(item) for item in value) or "none"
    return str(value)


def _is_cards(value: Any) -> bool:
    return isinstance(value, Card) or (
        isinstance(value, tuple | list) and bool(value) and all(isinstance(item, Card) for item in value)
    )


class SeatNames:
    """How a picture names the seats of ``view``: ``seat 2``, or the ``names`` given, with ``(you)``
    after the view's own seat."""

    def __init__(self, view: View, names: Sequence[str] | None) -> None:
        self.own = view.seat
        self.names = list(names) if names is not None else [f"seat {seat}" for seat in range(view.players)]

    def name(self, seat: int, *, you: bool = True) -> str:
        """The name of ``seat`` (with ``(you)`` for the view's own, if ``you``)."""
        return self.names[seat] + (" (you)" if you and seat == self.own else "")

    def fitted(self, seat: int, size: float, room: float, *, bold: bool = False, you: bool = True) -> str:
        """The name of ``seat`` cut short to ``room`` at ``size``, keeping its ``(you)``."""
        kept = " (you)" if you and seat == self.own else ""
        return fit_keeping(self.names[seat], kept, size, room, bold=bold)

    def listed(self, seats: Sequence[int]) -> str:
        """The names of ``seats`` in words (``seat 1, seat 2 and seat 3``)."""
        names = [self.name(seat) for seat in seats]
        if len(names) <= 1:
            return "".join(names) or "nobody"
        return ", ".join(names[:-1]) + " and " + names[-1]


def _status(view: View, seats: SeatNames, ended: RoundEnd | None = None) -> str:
    """Who is to act, and in which phase (or how the round ended)."""
    if ended is not None:
        return f"Round {ended.result.round} is over: {ended.result.reason}"
    if view.phase == "over":
        return "The game is over"
    acting = seats.listed(view.to_act)
    if view.phase in ("draw", "play") and len(view.to_act) == 1:
        return f"{acting} to {view.phase}"
    return f"{acting} to act ({view.phase})"


# -- checking what a variant declares ------------------------------------------------------------


def _fault(view: View, field: ShownField, wanted: str) -> PluginError:
    return PluginError(
        f"{type(view).__name__}.{field.name} is declared shown({field.label!r}"
        f"{', per_seat=True' if field.per_seat else ''}"
        f"{f', picture={field.picture.value!r}' if field.picture else ''}), so it holds {wanted}, "
        f"not {quote(field.value)}"
    )


def _per_seat(view: View, field: ShownField) -> tuple[Any, ...]:
    value = field.value
    if not isinstance(value, tuple | list) or len(value) != view.players:
        raise _fault(view, field, f"one value for each of the {view.players} seats")
    return tuple(value)


def _count(view: View, field: ShownField, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fault(view, field, "a count (an int of 0 or more)" + (" for each seat" if field.per_seat else ""))
    return value


def _seat_marks(view: View, field: ShownField) -> tuple[int, ...]:
    value = field.value
    seats = (value,) if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(seats, tuple | list) or not all(
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < view.players for seat in seats
    ):
        raise _fault(view, field, f"a seat or seats (0 to {view.players - 1})")
    return tuple(seats)


# -- the blocks of a view ------------------------------------------------------------------------


def _header(
    view: View,
    title: str,
    seats: SeatNames,
    facts: list[ShownField],
    news: list[ShownField],
    caption: str | None,
    ended: RoundEnd | None,
    form: Form = FULL,
) -> Block:
    sheet = Sheet()
    inner = form.inner
    whose_room = 160.0
    heading = f"{title} · round {view.round}"
    whose = "spectator's view" if view.seat is None else f"{seats.name(view.seat, you=False)}'s view"
    if form.small:  # the title whole, on lines of its own, and the round and whose view under it
        y = 0.0
        for line in wrap(title, 17, inner, bold=True):
            y += 20
            sheet.text(0, y, line, size=17, fill=LIGHT, bold=True)
        y += 17
        sheet.text(0, y, fit(f"round {view.round} · {whose}", 12.5, inner), size=12.5, fill=SOFT)
    else:
        sheet.text(0, 18, fit(heading, 17, inner - whose_room - 10, bold=True), size=17, fill=LIGHT, bold=True)
        sheet.text(inner, 18, fit(whose, 12.5, whose_room), size=12.5, fill=SOFT, anchor="end")
        y = 18.0
    lines = [f"{field.label}: {_words(field.value)}" for field in facts]
    for line in wrap(" · ".join(lines), 12, inner) if lines else []:
        y += 17
        sheet.text(0, y, line, size=12, fill=SOFT)
    for line in wrap(_status(view, seats, ended), 13.5, inner, bold=True):
        y += 20
        sheet.text(0, y, line, size=13.5, fill=GOLD, bold=True)
    for field in news:
        for line in wrap(f"{field.label}: {_words(field.value)}", 12, inner):
            y += 17
            sheet.text(0, y, line, size=12, fill=LIGHT, italic=True)
    if caption:
        for line in wrap(caption, 12.5, inner, bold=True):
            y += 18
            sheet.text(0, y, line, size=12.5, fill=LIGHT, bold=True)
    return sheet.block(inner, y + 5)


def _icon_pile(sheet: Sheet, x: float, y: float, count: int) -> float:
    """A small face-down pile standing for ``count`` cards, and its count; returns its width."""
    shown = min(3, count)
    width, height = CARD_WIDTH * ICON_SCALE, CARD_HEIGHT * ICON_SCALE
    for i in range(shown):
        sheet.use(BACK, x + i * 3, y, ICON_SCALE)
    text_x = x + width + max(0, shown - 1) * 3 + 4
    sheet.text(text_x, y + height - 7, str(count), size=11.5, bold=True)
    return text_x + text_width(str(count), 11.5, bold=True) - x


def _tokens(sheet: Sheet, right: float, y: float, count: int) -> None:
    """``count`` tokens, right-aligned at ``right`` (a count above 6 as one token and the number)."""
    if count == 0:
        sheet.text(right, y + 4, "none", size=11, fill=MUTED, anchor="end")
        return
    if count > 6:
        sheet.text(right, y + 4, f"× {count}", size=11.5, bold=True, anchor="end")
        sheet.circle(right - text_width(f"× {count}", 11.5, bold=True) - 7, y, 5, fill=GOLD, stroke=GOLD_DARK)
        return
    for i in range(count):
        sheet.circle(right - 5 - i * 13, y, 5, fill=GOLD, stroke=GOLD_DARK)


def _tick(sheet: Sheet, right: float, y: float, yes: bool) -> None:
    if yes:
        sheet.circle(right - 7, y, 7, fill=TICK)
        where = f"translate({_n(right - 7)},{_n(y)})"
        sheet.add(f'<path transform="{where}" d="{_TICK}" fill="none" stroke="#fff" stroke-width="1.8"/>')
    else:
        sheet.text(right - 7, y + 4, "–", size=12, fill=MUTED, anchor="middle")


def _chip(sheet: Sheet, right: float, y: float, text: str, fill: str, ink: str = INK) -> float:
    """A rounded label ending at ``right``; returns its left edge."""
    width = text_width(text, 10, bold=True) + 10
    sheet.rect(right - width, y - 8, width, 16, fill=fill, rx=8)
    sheet.text(right - width / 2, y + 3.5, text, size=10, bold=True, fill=ink, anchor="middle")
    return right - width


def _seat_box(
    view: View,
    seat: int,
    width: float,
    seats: SeatNames,
    per_seat: list[ShownField],
    marks: list[tuple[str, tuple[int, ...]]],
    total: int,
    form: Form = FULL,
) -> tuple[Sheet, float, bool]:
    """One seat's box (drawn from its top left corner); its height; whether it is to act. ``total`` is
    the seat's total as the picture tells it (after the round, at a round's end)."""
    sheet = Sheet()
    right = width - 8
    acting = seat in view.to_act and view.phase != "over"
    name = seats.name(seat)
    # chips, right to left: the dealer, then to act, then the seats a field marks
    chips: list[tuple[str, str, str]] = []
    if seat == view.dealer:
        chips.append(("dealer", LIGHT, INK))
    if acting:
        chips.append(("to act", GOLD, INK))
    chips.extend((label, "#bbdefb", INK) for label, marked in marks if seat in marked)
    chips_width = sum(text_width(text, 10, bold=True) + 14 for text, _, _ in chips)
    name_room = width - 16
    own_row = text_width(name, 12.5, bold=True) + chips_width > name_room
    room = name_room if own_row else name_room - chips_width
    sheet.text(8, 19, seats.fitted(seat, 12.5, room, bold=True), size=12.5, bold=True)
    y = 13.0 + (20 if own_row else 0)
    edge = right
    for text, fill, ink in chips:
        edge = _chip(sheet, edge, y, text, fill, ink) - 4
    y = 26.0 + (20 if own_row else 0)
    # cards held, and the total
    _icon_pile(sheet, 8, y + 2, view.hand_sizes[seat])
    sheet.text(right, y + 17, f"total {total}", size=11.5, anchor="end")
    y += CARD_HEIGHT * ICON_SCALE + 6
    for field in per_seat:
        value = _per_seat(view, field)[seat]
        label = fit(field.label, 11, width * 0.55)
        if field.picture is Picture.PILE:
            count = _count(view, field, value)
            sheet.text(8, y + 15, label, size=11, fill=MUTED)
            if count:
                pile = Sheet()
                pile_width = _icon_pile(pile, 0, 0, count)
                sheet.place(pile.block(pile_width, 0), right - pile_width, y + 1)
            else:
                sheet.text(right, y + 15, "none", size=11, fill=MUTED, anchor="end")
            y += CARD_HEIGHT * ICON_SCALE + 4
        elif field.picture is Picture.TOKENS:
            sheet.text(8, y + 13, label, size=11, fill=MUTED)
            _tokens(sheet, right, y + 9, _count(view, field, value))
            y += 19
        elif field.picture is not Picture.WORDS and (
            _is_cards(value) or (isinstance(value, tuple | list) and not value)
        ):
            cards = (value,) if isinstance(value, Card) else tuple(value)
            sheet.text(8, y + 13, label, size=11, fill=MUTED)
            if not cards:
                sheet.text(right, y + 13, "none", size=11, fill=MUTED, anchor="end")
                y += 19
            elif form.small:  # the cards under their label, at full size
                block = cards_block(cards, room=width - 16, step=HAND_STEP, scale=form.mini_scale)
                sheet.place(block, 8, y + 19)
                y += block.height + 25
            else:
                room = width - 16 - text_width(label, 11) - 8
                scale = form.mini_scale
                block = cards_block(cards, room=max(room, CARD_WIDTH * scale), step=MINI_STEP, scale=scale)
                sheet.place(block, right - block.width, y + 2)
                y += block.height + 6
        elif field.picture is not Picture.WORDS and isinstance(value, bool):
            sheet.text(8, y + 13, label, size=11, fill=MUTED)
            _tick(sheet, right, y + 9, value)
            y += 19
        else:
            sheet.text(8, y + 13, label, size=11, fill=MUTED)
            room = width - 24 - text_width(label, 11)
            sheet.text(right, y + 13, fit(_words(value), 11.5, max(room, 20)), size=11.5, anchor="end")
            y += 19
    return sheet, y + 4, acting


def _seats_block(
    view: View,
    seats: SeatNames,
    per_seat: list[ShownField],
    marks: list[tuple[str, tuple[int, ...]]],
    ended: RoundEnd | None = None,
    form: Form = FULL,
) -> tuple[list[Placed], float]:
    """The seats' boxes, four to a row, each a block of its own (a step of a game changes one or two).
    At a round's end (``ended``) each box gives the total after the round, as the round's box does."""
    columns = min(view.players, form.columns)
    box_width = (form.inner - (columns - 1) * GAP) / columns
    totals = ended.result.totals if ended is not None else view.totals
    boxes = [
        _seat_box(view, seat, box_width, seats, per_seat, marks, totals[seat], form) for seat in range(view.players)
    ]
    placed = []
    y = 0.0
    for start in range(0, view.players, columns):
        row = boxes[start : start + columns]
        height = max(box_height for _, box_height, _ in row)
        for place, (box, _, acting) in enumerate(row):
            seat = start + place
            framed = Sheet()
            fill = PAPER_OWN if seat == view.seat else PAPER
            stroke, stroke_width = (GOLD, 3.0) if acting else (PAPER_EDGE, 1.0)
            framed.rect(0, 0, box_width, height, fill=fill, stroke=stroke, rx=7, stroke_width=stroke_width)
            framed.place(box.block(box_width, height), 0, 0)
            placed.append(Placed(framed.block(box_width, height), place * (box_width + GAP), y))
        y += height + GAP
    return placed, y - GAP


def _pile(
    sheet: Sheet, x: float, count: int, label: str, *, crosswise: str | None = None, top: Card | None = None
) -> float:
    """A pile at ``x``: face down with ``count`` cards, or face up with ``top`` on it; a card crosswise
    under it, labelled ``crosswise``. Returns its width."""
    width = CARD_WIDTH + 10
    y = 4.0
    if crosswise:
        # a card turned across the pile, under its top card (drawn face down: which card it is, is not shown)
        cx, cy = x + 4 + CARD_WIDTH / 2, y + 4 + CARD_HEIGHT / 2
        sheet.add(f'<g transform="rotate(90 {_n(cx)} {_n(cy)})">')
        sheet.use(BACK, cx - CARD_WIDTH / 2, cy - CARD_HEIGHT / 2)
        sheet.add("</g>")
        width = CARD_HEIGHT + 6
    if count == 0:
        sheet.rect(x + 4.5, y + 4.5, CARD_WIDTH - 1, CARD_HEIGHT - 1, fill="none", stroke=SOFT, rx=5, dash="4 3")
        sheet.text(x + 4 + CARD_WIDTH / 2, y + 4 + CARD_HEIGHT / 2 + 4, "empty", size=10.5, fill=SOFT, anchor="middle")
    elif top is not None:
        draw_card(sheet, top, x + 4, y + 4)
    else:
        for i in range(min(3, max(1, math.ceil(count / 20)))):
            sheet.use(BACK, x + 4 + i * 2.5, y + 4 - i * 2.5)
    base = y + 4 + CARD_HEIGHT + 16
    sheet.text(x + 4, base, fit(label, 11.5, width + 40, bold=True), size=11.5, bold=True, fill=LIGHT)
    sheet.text(x + 4, base + 15, f"{count} card{'s' * (count != 1)}", size=11, fill=SOFT)
    if crosswise:
        sheet.text(x + 4, base + 30, fit(crosswise, 11, 150, bold=True), size=11, bold=True, fill=GOLD)
    return max(width, text_width(label, 11.5, bold=True) + 8, text_width(crosswise or "", 11, bold=True) + 8)


def piles_block(
    view: View, piles: list[ShownField], crosswise: list[ShownField], form: Form = FULL
) -> tuple[list[Placed], float]:
    """The stock, the variant's other face-down piles, the discard pile, and the card taken from it:
    each a block of its own, side by side (in rows that fit the form's width)."""
    items: list[tuple[Sheet, float]] = []
    sheet = Sheet()
    items.append((sheet, _pile(sheet, 0, view.stock_size, "stock")))
    for field in piles:
        sheet = Sheet()
        items.append((sheet, _pile(sheet, 0, _count(view, field, field.value), field.label)))
    marked = ", ".join(field.label for field in crosswise if field.value)
    spread = next(
        (field for field in shown_fields(view) if field.picture is Picture.SPREAD and not field.per_seat), None
    )
    if spread is None or not spread.value:
        sheet = Sheet()
        items.append(
            (sheet, _pile(sheet, 0, view.discard_size, "discard pile", top=view.discard_top, crosswise=marked or None))
        )
    if view.taken is not None:
        sheet = Sheet()
        taken = Sheet()
        draw_card(taken, view.taken, 0, 0)
        scale = min(1.0, form.table_scale)
        sheet.place(_scaled(taken, CARD_WIDTH, CARD_HEIGHT, scale), 4, 8 + CARD_HEIGHT * (1 - scale))
        base = 8 + CARD_HEIGHT + 16
        sheet.text(4, base, "taken from the", size=11, fill=SOFT)
        sheet.text(4, base + 15, "discard pile", size=11, fill=SOFT)
        items.append((sheet, CARD_WIDTH + 50))
    height = 8 + CARD_HEIGHT + 16 + 15 + (15 if marked else 0) + 6
    placed = []
    x, y = 0.0, 0.0
    for sheet, width in items:
        if x and x + width > form.inner:
            x, y = 0.0, y + height + GAP
        placed.append(Placed(sheet.block(width, height), x, y))
        x += width + 22
    bottom = y + height
    if spread is not None and spread.value:  # the whole pile, bottom to top, on a row of its own
        sheet = Sheet()
        cards = tuple(spread.value)
        block = cards_block(cards, room=form.inner - 8, step=HAND_STEP * 0.75, scale=min(1.0, form.table_scale))
        sheet.place(block, 4, 4)
        under = 4 + block.height + 16
        label = f"{spread.label}: {len(cards)} card{'s' * (len(cards) != 1)}"
        sheet.text(4, under, fit(label, 11.5, form.inner, bold=True), size=11.5, bold=True, fill=LIGHT)
        placed.append(Placed(sheet.block(form.inner, under + 6), 0, bottom + GAP))
        bottom += GAP + under + 6
    return placed, bottom


def join(placed: Sequence[Placed], width: float, height: float) -> Block:
    """Blocks at their places, as one block."""
    sheet = Sheet()
    for item in placed:
        sheet.place(item.block, item.x, item.y)
    return sheet.block(width, height)


def _numbered(number: int, meld: Meld, mark: str = "", scale: float = TABLE_SCALE) -> Block:
    """A meld on the table under its number (as actions name it), and a chip of what a field says of
    it (``red canasta``)."""
    sheet = Sheet()
    block = meld_block(meld, scale=scale, step=TABLE_STEP * scale / TABLE_SCALE)
    label = f"meld {number}"
    sheet.text(0, 10, label, size=10, fill=SOFT)
    width = block.width
    if mark:
        left = text_width(label, 10) + 6
        chip = text_width(mark, 9.5, bold=True) + 10
        sheet.rect(left, 0, chip, 13, fill=GOLD, rx=6.5)
        sheet.text(left + chip / 2, 10, mark, size=9.5, bold=True, fill=INK, anchor="middle")
        width = max(width, left + chip)
    sheet.place(block, 0, 16 if mark else 14)
    return sheet.block(width, (16 if mark else 14) + block.height)


def _owner_items(
    table: Sequence[TableMeld], owner: int, seats: SeatNames, room: float, marks: Sequence[str], scale: float
) -> tuple[list[Placed], float, float]:
    """One owner's melds under their name, in rows that fit ``room``: the blocks (each meld one, so
    that a lay-off changes one), their width and height."""
    label = Sheet()
    name = seats.fitted(owner, 12, room, bold=True)
    label.text(0, 13, name, size=12, bold=True, fill=GOLD)
    items = [Placed(label.block(text_width(name, 12, bold=True), 20), 0, 0)]
    x, y, width, bottom = 0.0, 20.0, items[0].block.width, 20.0
    for number, table_meld in enumerate(table):
        if table_meld.owner != owner:
            continue
        block = _numbered(number, table_meld.meld, marks[number] if number < len(marks) else "", scale)
        if x and x + block.width > room:
            x, y = 0.0, bottom + 8
        items.append(Placed(block, x, y))
        width = max(width, x + block.width)
        bottom = max(bottom, y + block.height)
        x += block.width + 16
    return items, width, bottom


def table_items(
    table: Sequence[TableMeld],
    seats: SeatNames,
    *,
    room: float = INNER,
    marks: Sequence[str] = (),
    scale: float = TABLE_SCALE,
) -> tuple[list[Placed], float]:
    """The melds on the table, numbered as actions name them, grouped by owner in seat order (owners
    side by side where their melds leave room), each with its mark (``marks``, in the table's order:
    ``red canasta``, or empty): the blocks and their height."""
    heading = Sheet()
    heading.text(0, 15, "Table" if table else "Table: no melds yet", size=13.5, bold=True, fill=LIGHT)
    placed = [Placed(heading.block(200, 20), 0, 0)]
    y = 26.0
    x = 0.0
    row_height = 0.0
    for owner in sorted({table_meld.owner for table_meld in table}):
        items, width, height = _owner_items(table, owner, seats, room, marks, scale)
        if x and x + width > room:
            x, y, row_height = 0.0, y + row_height + 14, 0.0
        placed.extend(Placed(item.block, x + item.x, y + item.y) for item in items)
        x += width + 28
        row_height = max(row_height, height)
    return placed, y + row_height + (4 if table else -6)


def table_block(
    table: Sequence[TableMeld], seats: SeatNames, *, room: float = INNER, marks: Sequence[str] = ()
) -> Block:
    """[`table_items`][rummykit.svg.drawing.table_items] as one block."""
    placed, height = table_items(table, seats, room=room, marks=marks)
    return join(placed, INNER, height)


def _cards_section(
    label: str,
    cards: Sequence[Card],
    *,
    wilds: Collection[Card],
    fresh: Collection[int],
    lift: bool,
    form: Form = FULL,
) -> Block:
    sheet = Sheet()
    sheet.text(0, 15, f"{label} · {len(cards)} card{'s' * (len(cards) != 1)}", size=13.5, bold=True, fill=LIGHT)
    block = cards_block(cards, room=form.inner, wilds=wilds, fresh=fresh, lift=lift)
    sheet.place(block, 0, 24)
    return sheet.block(form.inner, 24 + block.height)


def meld_marks(view: View, fields: Sequence[ShownField]) -> list[str]:
    """What the ``Picture.MELDS`` fields say of each meld on the table (``red canasta``), in the
    table's order."""
    marks = [""] * len(view.table)
    for field in fields:
        value = field.value
        if not isinstance(value, tuple | list) or len(value) != len(view.table):
            raise _fault(view, field, f"one word for each of the {len(view.table)} melds on the table")
        for index, word in enumerate(value):
            if word:
                mark = f"{_words(word)} {field.label}"
                marks[index] = f"{marks[index]}, {mark}" if marks[index] else mark
    return marks


RULE_INK: Final = "#0d47a1"
"""The ink of a rule's id in a round's score lines."""


def _round_end_block(
    view: View, ended: RoundEnd, seats: SeatNames, wilds: Collection[Card], form: Form = FULL
) -> Block:
    """How the round ended: each seat's cards left (laid face up to be scored) and their deadwood, its
    score for the round and its total after it, then its score line by line, each with its rule's id
    (the round's [`SeatResult`][rummykit.core.state.SeatResult] items), on a paper box."""
    result = ended.result
    if len(ended.hands) != view.players or len(result.scores) != view.players:
        raise PluginError(f"a round's end holds one hand and one score for each of the {view.players} seats")
    lines = {seat.seat: seat for seat in result.seats}
    sheet = Sheet()
    inner = form.inner
    stacked = form.small  # each seat's cards on a row of their own, under its name
    name_room, right = (inner * 0.45 if stacked else 150.0), inner - 12
    score_x = right - (50 if stacked else 90)
    cards_x = 12.0 if stacked else 12 + name_room + 10
    room = (inner - 24) if stacked else score_x - 60 - cards_x
    sheet.text(12, 18, "seat", size=11, fill=MUTED)
    sheet.text(
        12 + name_room + 10 if stacked else cards_x,
        18,
        "" if stacked else "cards left, laid face up to be scored",
        size=11,
        fill=MUTED,
    )
    sheet.text(score_x, 18, "this round", size=11, fill=MUTED, anchor="end")
    sheet.text(right, 18, "total", size=11, fill=MUTED, anchor="end")
    y = 26.0
    for seat, (hand, score, total) in enumerate(zip(ended.hands, result.scores, result.totals, strict=True)):
        cards = sorted(hand, key=lambda card: hand_key(card, wilds))
        block = cards_block(
            cards, room=room, step=END_STEP * form.end_scale / END_SCALE, scale=form.end_scale, wilds=wilds
        )
        line = lines.get(seat)
        deadwood = None if line is None else line.deadwood
        if stacked:
            height = 38.0 if deadwood is not None else 22.0
            middle = y + height / 2 + 4
        else:
            height = max(22.0 if deadwood is None else 38.0, block.height + 8)
            middle = y + height / 2 + 4
        name_y = middle - (7 if deadwood is not None else 0)
        sheet.text(12, name_y, seats.fitted(seat, 12, name_room, bold=True), size=12, bold=True)
        if deadwood is not None:
            sheet.text(12, name_y + 15, f"deadwood {deadwood}", size=11, fill=MUTED)
        sheet.text(score_x, middle, f"{score:+d}", size=12, bold=True, anchor="end")
        sheet.text(right, middle, str(total), size=12, anchor="end")
        if stacked:
            y += height
            if cards:
                sheet.place(block, cards_x, y)
                y += block.height + 4
            else:
                y += 16
                sheet.text(cards_x, y, "went out" if seat == result.went_out else "no cards", size=11, fill=MUTED)
        else:
            if cards:
                sheet.place(block, cards_x, y + 4)
            else:
                sheet.text(cards_x, middle, "went out" if seat == result.went_out else "no cards", size=11, fill=MUTED)
            y += height
        for item in () if line is None else line.items:
            y += 15
            sheet.text(cards_x, y, item.rule, size=11, bold=True, fill=RULE_INK)
            what = item.what + (f": {' '.join(map(str, item.cards))}" if item.cards else "")
            what_x = cards_x + max(52.0, text_width(item.rule, 11, bold=True) + 8)
            sheet.text(what_x, y, fit(what, 11, (right - 40 if stacked else score_x - 50) - what_x), size=11)
            sheet.text(right if stacked else score_x, y, f"{item.points:+d}", size=11, anchor="end")
        if line is not None and line.items:
            y += 8
    framed = Sheet()
    framed.rect(0, 0, inner, y + 8, fill=PAPER, stroke=PAPER_EDGE, rx=7)
    framed.place(sheet.block(inner, y + 8), 0, 0)
    return framed.block(inner, y + 8)


def layout_view(
    view: View,
    *,
    title: str,
    wilds: Collection[Card] = frozenset(),
    fresh: Collection[int] = frozenset(),
    caption: str | None = None,
    names: Sequence[str] | None = None,
    sort: bool = True,
    ended: RoundEnd | None = None,
    form: Form = FULL,
) -> Layout:
    """The blocks of a picture of ``view``, stacked: the header, how the round ended (``ended``), the
    seats, the piles, the seat's own cards, then the table. ``title`` names the game; ``wilds`` are
    the wild faces (marked, and sorted last, in the hand); ``fresh`` the cards (ids) new to the hand;
    ``caption`` a line under the status; ``names`` the seats' names; ``sort`` sorts the hand by rank;
    ``form`` how large it is drawn ([`SMALL`][rummykit.svg.drawing.SMALL]: the small form, for a phone)."""
    seats = SeatNames(view, names)
    fields = shown_fields(view)
    per_seat = [field for field in fields if field.per_seat]
    piles = [field for field in fields if not field.per_seat and field.picture is Picture.PILE]
    marks = [
        (field.label, _seat_marks(view, field))
        for field in fields
        if not field.per_seat and field.picture is Picture.SEATS
    ]
    crosswise = [field for field in fields if not field.per_seat and field.picture is Picture.CROSSWISE]
    meld_fields = [field for field in fields if not field.per_seat and field.picture is Picture.MELDS]
    card_fields = [field for field in fields if not field.per_seat and field.picture is None and _is_cards(field.value)]
    taken = {id(field) for field in (*piles, *crosswise, *card_fields, *meld_fields)} | {
        id(field) for field in fields if field.picture in (Picture.SEATS, Picture.SPREAD)
    }
    rest = [field for field in fields if not field.per_seat and id(field) not in taken]
    facts = [field for field in rest if not field.news]
    news = [field for field in rest if field.news]

    where = "the spectator's view" if view.seat is None else f"{seats.name(view.seat, you=False)}'s view"
    sections: list[tuple[list[Placed], float]] = [
        _alone(_header(view, title, seats, facts, news, caption, ended, form))
    ]
    if ended is not None:
        sections.append(_alone(_round_end_block(view, ended, seats, wilds, form)))
    sections += [_seats_block(view, seats, per_seat, marks, ended, form), piles_block(view, piles, crosswise, form)]
    if view.seat is not None:
        order = list(range(len(view.hand)))
        if sort:
            order.sort(key=lambda i: hand_key(view.hand[i], wilds))
        hand = [view.hand[i] for i in order]
        new = {place for place, i in enumerate(order) if i < len(view.hand_ids) and view.hand_ids[i] in fresh}
        sections.append(_alone(_cards_section("Your hand", hand, wilds=wilds, fresh=new, lift=True, form=form)))
    for field in card_fields:
        cards = (field.value,) if isinstance(field.value, Card) else tuple(field.value)
        sections.append(_alone(_cards_section(field.label, cards, wilds=wilds, fresh=(), lift=False, form=form)))
    marked = meld_marks(view, meld_fields)
    sections.append(table_items(view.table, seats, room=form.inner, marks=marked, scale=form.table_scale))
    placed: list[Placed] = []
    y = float(PAD)
    for items, height in sections:
        placed.extend(Placed(item.block, PAD + item.x, y + item.y) for item in items)
        y += height + GAP
    height = y - GAP + PAD
    felt = Sheet()
    felt.rect(0.5, 0.5, form.width - 1, height - 1, fill=FELT, stroke=FELT_EDGE, rx=10)
    return Layout(
        title=f"{title}, round {view.round}: {where}",
        width=form.width,
        height=height,
        placed=(Placed(felt.block(form.width, height), 0, 0), *placed),
    )


def _alone(block: Block) -> tuple[list[Placed], float]:
    return [Placed(block, 0, 0)], block.height


def hand_key(card: Card, wilds: Collection[Card]) -> tuple[bool, int, int]:
    """How a hand is sorted: by rank, then suit, wild cards last."""
    return (card in wilds, int(card.rank), -1 if card.suit is None else int(card.suit))
