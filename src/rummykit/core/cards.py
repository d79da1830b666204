"""Cards: ranks, suits, card faces, parsing and formatting, and physical card ids.

A [`Card`][rummykit.core.cards.Card] is a *face*: what is printed on the card (``10H``, ``QS``, ``JK``). Faces are
value types: ``Card.parse("5H") == Card.parse("5♥")``. Multi-deck shoes hold several cards with
the same face; inside a game each physical card is a small int, its *card id*, whose low six bits
are the face's `Card.index` and whose high bits say which copy it is ([`card_id`][rummykit.core.cards.card_id],
[`face`][rummykit.core.cards.face]). Card ids are fixed by the face and copy, never by a position in a shuffled pile,
so they reveal nothing about the shuffle.

Examples:
    >>> Card.parse("10H")
    Card.parse('10H')
    >>> str(Card.parse("t♠")), str(Card.parse("jk"))
    ('10S', 'JK')
    >>> [str(c) for c in parse_cards("5H 5D JK")]
    ['5H', '5D', 'JK']
    >>> face(card_id(Card.parse("QS"), copy=3))
    Card.parse('QS')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, NewType

import attrs

from rummykit.core import pictures
from rummykit.core.errors import InvalidCardError, quote

__all__ = [
    "Card",
    "CardId",
    "Rank",
    "Suit",
    "card_id",
    "card_id_text",
    "copy_of",
    "face",
    "format_cards",
    "parse_card",
    "parse_card_id",
    "parse_cards",
    "standard_deck",
]


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter code used in card notation (``C``, ``D``, ``H``, ``S``)."""
        return "CDHS"[self.value]

    @property
    def glyph(self) -> str:
        """The suit symbol (``♣``, ``♦``, ``♥``, ``♠``)."""
        return "♣♦♥♠"[self.value]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red; clubs and spades are black."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(enum.IntEnum):
    """Card ranks. The int values order a hand for display (ace high, joker last).

    Games that rank cards differently (an ace low in classic Rummy runs, RailRoad Rummy runs from 3
    to ace) describe their own order as data; these values are only identifiers and a sort key.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        """The rank as written in card notation (``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``, ``JK``)."""
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS: Final = {
    **{Rank(v): str(v) for v in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
_RANK_BY_TEXT: Final = {
    **{sym: rank for rank, sym in _RANK_SYMBOLS.items() if rank is not Rank.JOKER},
    "T": Rank.TEN,
}
_OUTLINED: Final = {"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}
"""The outlined suit symbols, common in typed text too."""
_SUIT_BY_TEXT: Final = {**{s.letter: s for s in Suit}, **{s.glyph: s for s in Suit}, **_OUTLINED}
_GLYPHS: Final = frozenset([*(s.glyph for s in Suit), *_OUTLINED])
"""The only characters beyond ASCII that card notation accepts: the suit symbols ``♣ ♦ ♥ ♠`` and
their outlined forms ``♧ ♢ ♡ ♤``. Any other is refused before the text is upper-cased, so that no
character whose capital is a letter of the notation (``ſ``, a long s, is ``S`` in capitals) passes
for that letter."""

FACE_COUNT: Final = 53
"""Number of distinct faces: 52 suited cards and the joker."""
COPY_SHIFT: Final = 6
"""Card ids are ``copy << COPY_SHIFT | face index``."""
FACE_MASK: Final = (1 << COPY_SHIFT) - 1

CardId = NewType("CardId", int)
"""A physical card inside a game: ``copy << 6 | face index`` (see [`card_id`][rummykit.core.cards.card_id])."""


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """A card face: a rank and a suit, or a joker (rank ``JOKER``, no suit).

    Build cards with [`parse`][rummykit.core.cards.Card.parse] or [`of`][rummykit.core.cards.Card.of]; both return
    shared instances, so faces are cheap to compare and hash. Cards sort by rank, then suit.

    Examples:
        >>> sorted(parse_cards("KH 3C JK 3S"))
        [Card.parse('3C'), Card.parse('3S'), Card.parse('KH'), Card.parse('JK')]
        >>> Card.parse("JK").is_joker, Card.parse("3H").is_red
        (True, True)
    """

    rank: Rank
    suit: Suit | None
    #: A dense index 0..52 (jokers 52), used in card ids and count vectors.
    index: int = attrs.field(init=False, eq=False, repr=False)
    _text: str = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise InvalidCardError(f"a {self.rank.name.lower()} needs {'no' if self.rank is Rank.JOKER else 'a'} suit")
        index = FACE_COUNT - 1 if self.suit is None else (self.rank - 2) * 4 + self.suit
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "_text", self.rank.symbol + (self.suit.letter if self.suit is not None else ""))

    @classmethod
    def of(cls, rank: Rank, suit: Suit | None = None) -> Card:
        """The shared card for ``rank`` and ``suit`` (no suit for a joker)."""
        if rank is Rank.JOKER:
            if suit is not None:
                raise InvalidCardError("a joker has no suit")
            return _FACES[FACE_COUNT - 1]
        if suit is None:
            raise InvalidCardError(f"a {rank.name.lower()} needs a suit")
        return _FACES[(rank - 2) * 4 + suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse card notation: rank (``2``-``10``, ``T``, ``J``, ``Q``, ``K``, ``A``) then suit
        (``C D H S`` or ``♣ ♦ ♥ ♠``), or ``JK`` for a joker. Case and surrounding spaces are ignored;
        no other character is read as one of these (``5ſ`` is not ``5S``).

        Examples:
            >>> Card.parse(" 10♦ ") == Card.parse("TD")
            True
            >>> Card.parse("1H")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            rummykit.core.errors.InvalidCardError: '1H' is not a card: the rank must be one of 2-10, T, J, Q, K, A ...
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"{quote(text)} is not a card: expected text such as '10H' or 'JK'")
        stripped = text.strip()
        if not stripped.isascii() and any(not char.isascii() and char not in _GLYPHS for char in stripped):
            raise InvalidCardError(
                f"{quote(text)} is not a card: card notation is written in ASCII letters and digits, "
                "with the suit symbols ♣ ♦ ♥ ♠"
            )
        cleaned = stripped.upper()
        card = _PARSED.get(cleaned)
        if card is not None:
            return card
        if not cleaned:
            raise InvalidCardError("an empty string is not a card")
        if cleaned[-1] not in _SUIT_BY_TEXT:
            raise InvalidCardError(
                f"{quote(text)} is not a card: it must end with a suit (C, D, H, S or ♣ ♦ ♥ ♠), or be JK"
            )
        raise InvalidCardError(
            f"{quote(text)} is not a card: the rank must be one of 2-10, T, J, Q, K, A (or JK for a joker)"
        )

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.suit is None

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts (a joker is neither red nor black)."""
        return self.suit is not None and self.suit.is_red

    @property
    def is_black(self) -> bool:
        """True for clubs and spades."""
        return self.suit is not None and not self.suit.is_red

    def glyph(self) -> str:
        """The card with its suit symbol: ``10♥``, ``JK``."""
        return self.rank.symbol + (self.suit.glyph if self.suit is not None else "")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Card):
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its index, so that loading gives back the shared card (cards compare by identity)."""
        return (_shared_face, (self.index,))

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter ([`rummykit.svg.card`][rummykit.svg.card])."""
        return str(pictures.painter().card(self))


def _build_faces() -> tuple[Card, ...]:
    faces = [Card(rank, suit) for rank in Rank if rank is not Rank.JOKER for suit in Suit]
    faces.append(Card(Rank.JOKER, None))
    return tuple(faces)


_FACES: Final = _build_faces()


def _shared_face(index: int) -> Card:
    return _FACES[index]


_PARSED: Final[dict[str, Card]] = {}
for _card in _FACES:
    if _card.is_joker:
        _PARSED["JK"] = _card
        continue
    assert _card.suit is not None
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank is _card.rank:
            for _suit_text, _suit in _SUIT_BY_TEXT.items():
                if _suit is _card.suit:
                    _PARSED[_rank_text + _suit_text] = _card


def card_id(card: Card, copy: int = 0) -> CardId:
    """The id of physical copy ``copy`` (0, 1, …) of ``card`` in a shoe."""
    return CardId(copy << COPY_SHIFT | card.index)


def face(cid: int) -> Card:
    """The face of a physical card id."""
    return _FACES[cid & FACE_MASK]


def copy_of(cid: int) -> int:
    """Which copy of its face a physical card id is (0 for the first deck's)."""
    return cid >> COPY_SHIFT


def card_id_text(cid: int) -> str:
    """A physical card as text: its face, then ``#copy`` for every copy but the first.

    Examples:
        >>> card_id_text(card_id(Card.parse("5H"))), card_id_text(card_id(Card.parse("5H"), copy=2))
        ('5H', '5H#2')
    """
    copy = cid >> COPY_SHIFT
    text = _FACES[cid & FACE_MASK]._text
    return f"{text}#{copy}" if copy else text


def parse_card_id(text: str) -> CardId:
    """Read a physical card written by [`card_id_text`][rummykit.core.cards.card_id_text] (``5H`` is copy 0,
    ``5H#2`` copy 2).

    Examples:
        >>> face(parse_card_id("jk#7")), copy_of(parse_card_id("jk#7"))
        (Card.parse('JK'), 7)
    """
    cid = _PARSED_IDS.get(text) if isinstance(text, str) else None
    if cid is not None:
        return cid
    if not isinstance(text, str):
        raise InvalidCardError(f"{quote(text)} is not a card: expected text such as '10H' or '10H#2'")
    name, sep, copy = text.partition("#")
    if sep and not (copy.isdigit() and copy.isascii() and len(copy) <= 3):
        raise InvalidCardError(f"{quote(text)} is not a card: the copy after '#' is a number (5H#2)")
    cid = card_id(Card.parse(name), int(copy) if sep else 0)
    if len(_PARSED_IDS) < _MOST_PARSED_IDS:
        _PARSED_IDS[text] = cid
    return cid


_PARSED_IDS: dict[str, CardId] = {}
"""Card ids already read, by their text (loading a position reads every card of the shoe)."""
_MOST_PARSED_IDS: Final = 20_000


def parse_card(text: str) -> Card:
    """Same as [`Card.parse`][rummykit.core.cards.Card.parse]."""
    return Card.parse(text)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or an iterable of card texts or cards.

    Examples:
        >>> parse_cards("10H, qs A♥")
        (Card.parse('10H'), Card.parse('QS'), Card.parse('AH'))
        >>> parse_cards(None)
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidCardError: expected cards, as text ('10H QS') or a list of cards, not None
    """
    if isinstance(text, str):
        return tuple(Card.parse(item) for item in text.replace(",", " ").split())
    if isinstance(text, bytes | Mapping) or not isinstance(text, Iterable):
        raise InvalidCardError(f"expected cards, as text ('10H QS') or a list of cards, not {quote(text)}")
    return tuple(item if isinstance(item, Card) else Card.parse(item) for item in text)


def format_cards(cards: Iterable[Card], *, glyphs: bool = False) -> str:
    """Cards as space-separated notation (``glyphs=True`` for suit symbols).

    Examples:
        >>> format_cards(parse_cards("10H JK"), glyphs=True)
        '10♥ JK'
    """
    return " ".join(card.glyph() if glyphs else str(card) for card in cards)


def standard_deck(*, jokers: int = 0) -> tuple[Card, ...]:
    """One 52-card deck in a fixed order (2C … AS), followed by ``jokers`` jokers."""
    return _FACES[:-1] + (_FACES[-1],) * jokers


def shoe_ids(decks: Sequence[Card]) -> list[CardId]:
    """Give each card of ``decks`` (faces, possibly repeated) a distinct physical id.

    The n-th occurrence of a face gets copy n-1, so ids depend only on the multiset of faces.
    """
    seen = [0] * FACE_COUNT
    ids = []
    for card in decks:
        index = card.index
        ids.append(CardId(seen[index] << COPY_SHIFT | index))
        seen[index] += 1
    return ids
