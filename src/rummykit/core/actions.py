"""Actions: frozen records of what a seat does.

Every action names the seat that takes it. The common actions of the rummy family live here;
a variant defines its own action types beside them (RailRoad Rummy's `Claim` and
`Pass` live in its plug-in) and declares every type it accepts in its
[`VariantSpec`][rummykit.core.specs.VariantSpec].

Cards may be given as text; they are parsed on construction:

Examples:
    >>> Discard(seat=1, card="7C")
    Discard(seat=1, card=Card.parse('7C'))
    >>> GoDown(seat=0, melds=["5H 5D JK", "7C 7S 7D"]).describe()
    'go down with 5H 5D JK / 7C 7S 7D'
    >>> GoDown(seat=0, melds="JS JC JH").describe()  # one meld given alone, as text
    'go down with JS JC JH'
    >>> LayOff(seat=2, card="QS", meld=3).describe()
    'lay off QS on meld 3'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain
from typing import ClassVar, Final

import attrs

from rummykit.core.cards import Card, format_cards, parse_cards
from rummykit.core.errors import InvalidActionError, quote
from rummykit.core.melds import RunEnd

__all__ = [
    "Action",
    "DeepTake",
    "Discard",
    "Draw",
    "GoDown",
    "LayOff",
    "TakeDiscard",
    "to_card",
    "to_cards",
    "to_melds",
    "to_run_end",
]


_TUPLE: Final = {tuple}
_CARD: Final = {Card}


def to_card(value: Card | str) -> Card:
    """The converter of an action's card field: a card, or its text (``"7C"``).

    The converters here are those of the core's actions; a variant's own action types use them for
    their fields of cards, and a position's log is then read into them straight from JSON."""
    return value if isinstance(value, Card) else Card.parse(value)


def to_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """The converter of an action's field of cards: cards, their texts, or one text (``"8H 8S"``).

    Examples:
        >>> to_cards("8H 8S") == to_cards(["8H", "8S"])
        True
    """
    if type(value) is tuple and set(map(type, value)) <= _CARD:
        return value  # already cards: nothing to parse
    if isinstance(value, bytes | Mapping) or not isinstance(value, Iterable):
        raise InvalidActionError(f"cards are a list of cards or one text, not {quote(value)}")
    return parse_cards(value)


def to_melds(value: Iterable[Iterable[Card | str] | str] | str) -> tuple[tuple[Card, ...], ...]:
    """The converter of an action's field of melds: melds of cards or texts, or one meld's text
    (``"JS JC JH"``)."""
    if type(value) is tuple and set(map(type, value)) <= _TUPLE and set(map(type, chain.from_iterable(value))) <= _CARD:
        return value  # already cards (the engine and the readers of JSON build many of these): nothing to parse
    if isinstance(value, str):
        return (parse_cards(value),)  # one meld's cards as text ("JS JC JH"), never one meld per letter
    if isinstance(value, bytes | Mapping) or not isinstance(value, Iterable):
        raise InvalidActionError(f"melds is a list of melds, each a list of cards, not {quote(value)}")
    return tuple(parse_cards(group) for group in value)


def to_run_end(value: RunEnd | str | None) -> RunEnd | None:
    """The converter of an action's field naming a run's end: a [`RunEnd`][rummykit.core.melds.RunEnd],
    its value (``"low"``, ``"high"``) or ``None``.

    Examples:
        >>> to_run_end("high") is RunEnd.HIGH, to_run_end(None)
        (True, None)
    """
    return None if value is None else RunEnd(value)


@attrs.frozen
class Action:
    """Base class of actions. ``seat`` is the seat that acts."""

    #: The name used for this action type in records and JSON (``"discard"``).
    kind: ClassVar[str] = "action"

    seat: int

    def describe(self) -> str:
        """The action in words, as in "seat 2 may not <describe()>"."""
        return self.kind


@attrs.frozen
class Draw(Action):
    """Draw from the stock (RailRoad Rummy's draw pile): the first move of a turn."""

    kind: ClassVar[str] = "draw"

    def describe(self) -> str:
        return "draw from the stock"


@attrs.frozen
class TakeDiscard(Action):
    """Take the top card of the discard pile: the other first move of a turn."""

    kind: ClassVar[str] = "take-discard"

    def describe(self) -> str:
        return "take the top discard"


@attrs.frozen
class DeepTake(Action):
    """Take ``card`` from a discard pile that lies spread, with every card above it, instead of drawing
    (Rummy 500's draw, `rummykit.standard.SpreadPile`): the card taken deepest must be played at once.
    Where the pile holds ``card`` twice (two packs), the upper one is taken.

    Examples:
        >>> DeepTake(seat=1, card="7H").describe()
        'take 7H and every card above it from the discard pile'
    """

    kind: ClassVar[str] = "deep-take"

    card: Card = attrs.field(converter=to_card)

    def describe(self) -> str:
        return f"take {self.card} and every card above it from the discard pile"


@attrs.frozen
class GoDown(Action):
    """Lay down one or more new melds from the hand in one action (G-5): going down to a contract
    in RailRoad Rummy, melding in classic Rummy. Each meld lists its cards; a run from low to high,
    so that each wild card stands for the rank of its place. A single text (``"JS JC JH"``) is one
    meld."""

    kind: ClassVar[str] = "go-down"

    melds: tuple[tuple[Card, ...], ...] = attrs.field(converter=to_melds)

    def describe(self) -> str:
        return "go down with " + " / ".join(format_cards(m) for m in self.melds)


@attrs.frozen
class LayOff(Action):
    """Add one card from the hand to meld number ``meld`` on the table (numbered from 0 in the
    order they were laid down). A wild card added to a run says which ``end`` it extends (G-5)."""

    kind: ClassVar[str] = "lay-off"

    card: Card = attrs.field(converter=to_card)
    meld: int
    end: RunEnd | None = attrs.field(default=None, converter=to_run_end)

    def describe(self) -> str:
        where = f" at its {self.end.value} end" if self.end is not None else ""
        return f"lay off {self.card} on meld {self.meld}{where}"


@attrs.frozen
class Discard(Action):
    """Discard one card from the hand onto the discard pile: the end of a turn."""

    kind: ClassVar[str] = "discard"

    card: Card = attrs.field(converter=to_card)

    def describe(self) -> str:
        return f"discard {self.card}"
