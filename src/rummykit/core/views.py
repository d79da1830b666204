"""Views: what one seat (or a spectator) may see of a game.

A view holds the seat's own hand and everything public; other hands are counts, the stock is a
count. Variants extend [`View`][rummykit.core.views.View] with their own public information (RailRoad Rummy's contract,
HMGs and claim window). Views are frozen; a new one is built for every call of ``game.view``.

A variant declares how its own fields are shown with [`shown`][rummykit.core.views.shown]; the terminal, the
pictures ([`rummykit.svg`][rummykit.svg]) and anything else that draws a view read that declared schema through
[`shown_fields`][rummykit.core.views.shown_fields], never guessing field names. A field's
[`Picture`][rummykit.core.views.Picture] says how a picture draws it (a face-down pile, tokens, marked seats):

Examples:
    >>> import rummykit
    >>> view = rummykit.new_game("railroad-rummy", players=2, seed=1).view(0)
    >>> [(field.label, field.per_seat) for field in shown_fields(view)][:2]
    [('hand size', False), ('contract', False)]
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from rummykit.core import pictures
from rummykit.core.actions import Action
from rummykit.core.cards import COPY_SHIFT, FACE_MASK, Card, CardId, face
from rummykit.core.state import GameState, RoundResult, TableMeld

if TYPE_CHECKING:
    from rummykit.core.engine import Game
    from rummykit.svg.canvas import Svg

__all__ = [
    "SHOWN",
    "Picture",
    "ShownField",
    "View",
    "base_view_fields",
    "face_up",
    "public_table",
    "shown",
    "shown_fields",
]


@attrs.frozen(kw_only=True)
class View:
    """What ``seat`` may see. ``seat is None`` is a spectator, who sees no hand.

    Attributes:
        variant: the variant's name.
        options: every option's value (the rules of the table are public).
        house_rules: the house rules in play.
        seat: whose view this is (``None``: a spectator).
        players: the number of seats.
        round, dealer, turn, turn_number, phase: where the game is.
        to_act: the seats that may act now.
        hand: this seat's own cards, in the order received (empty for a spectator).
        hand_ids: the physical cards of ``hand`` (card ids, same order).
        hand_sizes: how many cards each seat holds.
        table: the melds on the table with their owners. Which physical copy of a face a card on the
            table is (``9C`` or ``9C#1`` in a shoe of several decks) is not public: the copies of a
            view's table are numbered by a public rule ([`public_table`][rummykit.core.views.public_table]),
            never the cards' own, so that they tell nothing of the hands.
        discard_top: the top card of the discard pile, if any.
        discard_size: how many cards the discard pile holds.
        stock_size: how many cards the stock (draw pile) holds.
        taken: the card the turn player took from the discard pile this turn, if any (public).
        totals: each seat's total before this round.
        history: the results of the rounds played.
        log: this round's actions as this seat may know them (a variant withholds what is still
            secret, such as sealed declarations). No action names a card drawn from the stock.
    """

    variant: str
    options: Mapping[str, Any]
    house_rules: tuple[str, ...]
    seat: int | None
    players: int
    round: int
    dealer: int
    turn: int
    turn_number: int
    phase: str
    to_act: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_ids: tuple[CardId, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[TableMeld, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    taken: Card | None
    totals: tuple[int, ...]
    history: tuple[RoundResult, ...]
    log: tuple[Action, ...]

    def picture(self, **options: Any) -> Svg:
        """This view drawn as SVG: [`rummykit.svg.view`][rummykit.svg.view] with ``options``."""
        picture: Svg = pictures.painter().view(self, **options)
        return picture

    def _repr_svg_(self) -> str:
        return str(self.picture())

    def _repr_html_(self) -> str:
        return str(self.picture())


SHOWN = "rummykit.shown"
"""The metadata key of a field declared with [`shown`][rummykit.core.views.shown]."""


_ALWAYS: Any = object()
"""``hidden_if`` of a field that is always shown."""


class Picture(enum.StrEnum):
    """How a picture of a view ([`rummykit.svg`][rummykit.svg]) draws a declared field, for values
    whose type alone does not say it. Without one, a field is drawn by its value: cards as cards
    face up, a flag as a tick, anything else as its words.

    Examples:
        >>> import attrs
        >>> @attrs.frozen(kw_only=True)
        ... class MyView(View):
        ...     reserve: int = shown("reserve pile", picture=Picture.PILE)
        ...     jokers_left: tuple[int, ...] = shown("jokers", per_seat=True, picture=Picture.TOKENS)
    """

    WORDS = "words"
    """The value in words (``str(value)``), whatever its type."""
    PILE = "pile"
    """A count of face-down cards, drawn as a pile of card backs with its size: a reserve pile beside
    the stock, or per seat a pile of each seat's (a kitty)."""
    TOKENS = "tokens"
    """A count drawn as that many tokens (a seat's HMGs left)."""
    SEATS = "seats"
    """Seat numbers (one or a tuple): each of those seats is marked with the field's label (the seats
    that have declared in a claim window)."""
    CROSSWISE = "crosswise"
    """A flag that, while true, draws a card crosswise under the top of the discard pile, labelled
    (a frozen pile in Canasta)."""
    SPREAD = "spread"
    """Cards of a pile that lies spread, bottom to top (Rummy 500's discard pile): drawn, and listed, in
    that order, never sorted."""
    MELDS = "melds"
    """One word for each meld on the table, in the table's order (empty for a meld it says nothing
    of): each meld so named is marked with the word and the field's label (Canasta's canastas and
    their kind: ``red`` with the label ``canasta`` marks a red canasta)."""


def shown(
    label: str,
    *,
    per_seat: bool = False,
    hidden_if: Any = _ALWAYS,
    news: bool = False,
    picture: Picture | str | None = None,
    **field: Any,
) -> Any:
    """Declare a field of a variant's view class, with how it is shown.

    Args:
        label: the words it is shown with (``"HMGs left"``).
        per_seat: the value holds one item per seat (shown in the seats' table).
        hidden_if: a value not worth showing (``0``, ``()``, ``None``), which is left out.
        news: the field tells what has just happened (the last claim's outcome): a new value is
            worth telling as it comes.
        picture: how a picture draws it ([`Picture`][rummykit.core.views.Picture]); ``None``: by its value.
        field: anything else for `attrs.field` (a default, a converter).

    Raises:
        ValueError: ``picture`` is not one of [`Picture`][rummykit.core.views.Picture]'s.

    Examples:
        >>> import attrs
        >>> @attrs.frozen(kw_only=True)
        ... class MyView(View):
        ...     bonus: tuple[int, ...] = shown("bonus points", per_seat=True)
        >>> shown("kitty", picture="heap")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: picture='heap' is not a way to draw a field; the ways: words, pile, tokens, seats, ...
    """
    if picture is not None:
        try:
            picture = Picture(picture)
        except ValueError:
            ways = ", ".join(member.value for member in Picture)
            raise ValueError(f"picture={picture!r} is not a way to draw a field; the ways: {ways}") from None
    return attrs.field(metadata={SHOWN: (label, per_seat, hidden_if, news, picture)}, **field)


@attrs.frozen
class ShownField:
    """A declared field of a view ([`shown`][rummykit.core.views.shown]) with its value.

    Attributes:
        name: the field's name.
        label: the words it is shown with.
        value: its value in the view.
        per_seat: the value holds one item per seat.
        news: a new value is worth telling as it comes.
        picture: how a picture draws it (``None``: by its value).
    """

    name: str
    label: str
    value: Any
    per_seat: bool
    news: bool = False
    picture: Picture | None = None


def shown_fields(view: View, *, every: bool = False) -> list[ShownField]:
    """The fields ``view``'s class declares with [`shown`][rummykit.core.views.shown], in declaration order, with their
    values (a value equal to the field's ``hidden_if`` left out, unless ``every``)."""
    fields = []
    for field in attrs.fields(type(view)):
        declared = field.metadata.get(SHOWN)
        if declared is None:
            continue
        label, per_seat, hidden_if, news, picture = declared
        value = getattr(view, field.name)
        if not every and hidden_if is not _ALWAYS and value == hidden_if:
            continue
        fields.append(ShownField(field.name, label, value, per_seat, news, picture))
    return fields


def base_view_fields(state: GameState, seat: int | None, to_act: tuple[int, ...]) -> dict[str, Any]:
    """The fields of [`View`][rummykit.core.views.View] for ``seat``, for a variant that builds its own view class."""
    discard = state.piles.get("discard", [])
    return {
        "variant": state.config.variant,
        "options": dict(state.config.options),
        "house_rules": state.config.house_rules,
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "dealer": state.dealer,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": str(state.phase),
        "to_act": to_act,
        "hand": tuple([face(cid) for cid in state.hands[seat]]) if seat is not None else (),
        "hand_ids": tuple(state.hands[seat]) if seat is not None else (),
        "hand_sizes": tuple(map(len, state.hands)),
        "table": public_table(state.table, state.hands[seat] if seat is not None else ()),
        "discard_top": face(discard[-1]) if discard else None,
        "discard_size": len(discard),
        "stock_size": len(state.piles.get("stock", [])),
        "taken": face(state.taken) if state.taken is not None else None,
        "totals": tuple(state.totals),
        "history": tuple(state.history),
        "log": tuple(state.log),
    }


def public_table(table: Sequence[TableMeld], own: Sequence[CardId] = ()) -> tuple[TableMeld, ...]:
    """The melds on the table as a view shows them to a seat holding the cards ``own`` (a spectator
    holds none): the same melds, whose cards' copy numbers are given by a rule that depends only on
    what the seat knows. Each face's copies that ``own`` does not hold are given, lowest first, to the
    table's cards of that face in table order (meld by meld, card by card).

    Which copy of a face lies on the table is not public: a player plays the copy it holds, so the
    copy shown would tell which copies stay in its hand. The seat's own cards keep their ids (it
    knows them), and the table's never take one of them.

    Examples:
        >>> from rummykit.core.cards import Card, card_id, card_id_text
        >>> from rummykit.core.melds import Meld
        >>> from rummykit.core.state import TableMeld
        >>> nine = Card.parse("9C")
        >>> meld = Meld("set", (nine,) * 3, (nine.rank,) * 3)
        >>> nines = TableMeld(owner=0, meld=meld, ids=tuple(card_id(nine, copy) for copy in (3, 1, 2)))
        >>> [card_id_text(cid) for cid in public_table([nines])[0].ids]
        ['9C', '9C#1', '9C#2']
        >>> [card_id_text(cid) for cid in public_table([nines], own=[card_id(nine, 0)])[0].ids]
        ['9C#1', '9C#2', '9C#3']

    The answer is remembered for the table's melds (by identity: a game's table melds are replaced when
    they change, never changed in place, and copies of a game share them) and the seat's cards of the
    faces on the table, so that the many views of a search or a server cost little while the table
    stands still.
    """
    if not table:
        return ()
    key = tuple(map(id, table))
    known = _SHOWN.get(key)
    if known is None:
        if len(_SHOWN) >= _SHOWN_KEPT:
            _SHOWN.clear()
        known = _SHOWN[key] = _PublicTable(table, _LAST[0])
        _LAST[0] = known
    return known.seen_by(own)


_SHOWN_KEPT: Final = 64
"""The most tables `public_table` remembers."""
_ANSWERS_KEPT: Final = 16
"""The most hands a table is remembered as shown to (a seat's hand changes from turn to turn)."""


class _PublicTable:
    """One table's melds as `public_table` shows them: to a seat that holds no card of a face on the
    table (each face's cards numbered 0, 1, … in table order), and, remembered, to the hands that
    asked. The melds are kept with the answers: while they are, no other object can have their ids."""

    __slots__ = ("answers", "melds", "places", "shown")

    melds: tuple[TableMeld, ...]
    places: dict[int, list[tuple[int, int]]]
    """Per face on the table: where its cards lie, in table order (meld, place in the meld)."""
    shown: tuple[TableMeld, ...]
    """The table shown to a seat that holds no card of a face on it."""
    answers: dict[tuple[CardId, ...], tuple[TableMeld, ...]]
    """The table shown to a seat, by the seat's cards of faces on the table."""

    def __init__(self, table: Sequence[TableMeld], parent: _PublicTable | None = None) -> None:
        """The table's melds, numbered; the melds it begins with in common with ``parent`` (a table
        numbered before, mostly the one a play changed into this one) are taken from it."""
        melds = self.melds = tuple(table)
        start = 0
        places: dict[int, list[tuple[int, int]]] = {}
        shown: list[TableMeld] = []
        if parent is not None:
            for before, table_meld in zip(parent.melds, melds, strict=False):
                if before is not table_meld:
                    break
                start += 1
        if parent is not None and start:
            for index, all_spots in parent.places.items():
                kept = all_spots[: bisect.bisect_left(all_spots, (start,))]  # the spots in the shared melds
                if kept:
                    places[index] = kept
            shown += parent.shown[:start]
        spots_of = places.get
        for at in range(start, len(melds)):
            table_meld = melds[at]
            ids = []
            for position, cid in enumerate(table_meld.ids):
                index = cid & FACE_MASK
                spots = spots_of(index)
                if spots is None:
                    spots = places[index] = []
                ids.append(CardId(len(spots) << COPY_SHIFT | index))
                spots.append((at, position))
            shown.append(_with_ids(table_meld, tuple(ids)))
        self.places = places
        self.shown = tuple(shown)
        self.answers = {}

    def seen_by(self, own: Sequence[CardId]) -> tuple[TableMeld, ...]:
        """The table shown to a seat holding ``own``."""
        places = self.places
        held = tuple(sorted(cid for cid in own if cid & FACE_MASK in places))
        if not held:
            return self.shown
        shown = self.answers.get(held)
        if shown is None:
            if len(self.answers) >= _ANSWERS_KEPT:
                self.answers.clear()
            shown = self.answers[held] = self._renumbered(held)
        return shown

    def _renumbered(self, held: Sequence[CardId]) -> tuple[TableMeld, ...]:
        """The table shown to a seat holding ``held`` (cards of faces on the table): each face's copies not
        held, lowest first, in table order. Only the faces of which a copy held is among the copies the
        table's cards were given change."""
        copies_held: dict[int, set[int]] = {}
        for cid in held:
            copies_held.setdefault(cid & FACE_MASK, set()).add(cid >> COPY_SHIFT)
        rows: dict[int, list[CardId]] = {}
        for index, copies in copies_held.items():
            spots = self.places[index]
            if min(copies) >= len(spots):
                continue  # the table's cards of this face keep the copies 0, 1, …: none of them is held
            copy = 0
            for at, position in spots:
                while copy in copies:
                    copy += 1
                row = rows.get(at)
                if row is None:
                    row = rows[at] = list(self.shown[at].ids)
                row[position] = CardId(copy << COPY_SHIFT | index)
                copy += 1
        if not rows:
            return self.shown
        shown = list(self.shown)
        for at, row in rows.items():
            shown[at] = _with_ids(self.melds[at], tuple(row))
        return tuple(shown)


def _with_ids(table_meld: TableMeld, ids: tuple[CardId, ...]) -> TableMeld:
    """``table_meld`` with the card ids ``ids`` (itself if they are its own)."""
    if ids == table_meld.ids:
        return table_meld
    if type(table_meld) is TableMeld:  # the constructor: three times quicker than attrs.evolve
        return TableMeld(table_meld.owner, table_meld.meld, ids)
    return attrs.evolve(table_meld, ids=ids)


_SHOWN: dict[tuple[int, ...], _PublicTable] = {}
"""`public_table`'s tables, by the ids of their melds."""
_LAST: list[_PublicTable | None] = [None]
"""The table `public_table` numbered last: the next one mostly begins with the same melds."""


def face_up(game: Game, seat: int | None) -> frozenset[CardId]:
    """The physical cards ``seat`` (``None``: a spectator) may see now besides its own hand: the
    table's, the top of the discard pile, the card taken from it, the public seat piles, the seat's
    own seat piles, and those the plug-ins' ``rummykit_face_up_cards`` list. Every other card is
    hidden from it (the conformance kit checks that views show no more)."""
    state = game.state
    cards = {cid for table_meld in state.table for cid in table_meld.ids}
    discard = state.piles.get("discard")
    if discard:
        cards.add(discard[-1])
    if state.taken is not None:
        cards.add(state.taken)
    public = game.spec.public_seat_piles
    for name, per_seat in state.seat_piles.items():
        for owner, pile in enumerate(per_seat):
            if name in public or owner == seat:
                cards.update(pile)
    for listed in game.plugin_manager.hook.rummykit_face_up_cards(state=state, seat=seat):
        cards.update(listed)
    return frozenset(cards)
