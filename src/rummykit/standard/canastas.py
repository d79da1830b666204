"""Canastas as data: the canasta family's long melds, their kinds and the bonus of each kind.

A *canasta* is a meld of `Canastas.size` cards or more (7 in every game of the family). What kind it
is, and so what it scores, depends on its cards: Canasta has two kinds (natural, mixed), Railroad
Canasta four (sevens, wild, red, black). A variant declares its kinds in order, and a canasta is of the
first kind it fits (`Canastas.kind_of`).

Examples:
    >>> from rummykit.core.cards import Rank, parse_cards
    >>> from rummykit.core.melds import MeldRules, read_meld
    >>> melds = MeldRules(wild_faces=frozenset(parse_cards("2C 2D 2H 2S JK")), wilds_at_most_naturals=False,
    ...                   min_naturals=2, max_wilds=3)
    >>> canastas = Canastas(kinds=(Canasta("natural", 500, natural=True), Canasta("mixed", 300)), rule="CAN-14")
    >>> kings = read_meld(parse_cards("KH KH KD KD KS KS KC"), melds)
    >>> canastas.kind_of(kings, melds).name, canastas.bonus(kings, melds)  # CAN-30: 500 for a natural canasta
    ('natural', 500)
    >>> canastas.kind_of(read_meld(parse_cards("KH KD KS KC 2C 2D JK"), melds), melds).name
    'mixed'
    >>> canastas.kind_of(read_meld(parse_cards("KH KD KS KC 2C 2D"), melds), melds) is None  # 6 cards
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from rummykit.core.cards import Rank
from rummykit.core.melds import Meld, MeldRules

__all__ = ["FAMILY_POINTS", "Canasta", "Canastas"]


FAMILY_POINTS: Final[Mapping[Rank, int]] = {  # a dict, read-only by its type: rules pickle with it
    Rank.JOKER: 50,
    Rank.TWO: 20,
    Rank.ACE: 20,
    **{Rank(r): 10 for r in range(8, 14)},
    **{Rank(r): 5 for r in range(3, 8)},
}
"""The canasta family's card values (Canasta's CAN-4, Railroad Canasta's RC-5): joker 50; ace and 2: 20; K to 8:
10; 7 to 4 and a black three: 5 (a red three scores only as one laid out: `Groups.never`)."""


@attrs.frozen
class Canasta:
    """A kind of canasta and its bonus.

    Attributes:
        name: the kind's name (``"natural"``, ``"mixed"``; Railroad Canasta's ``"sevens"``...).
        bonus: what a canasta of this kind scores at the end of the hand, besides its cards' values.
        natural: ``True``: it holds no wild card; ``False``: at least one; ``None``: either.
        wild: it holds wild cards only (Railroad Canasta's wild canasta).
        ranks: the ranks a canasta of this kind is of (``None``: any); never asked of a wild canasta.
    """

    name: str
    bonus: int
    natural: bool | None = attrs.field(default=None, kw_only=True)
    wild: bool = attrs.field(default=False, kw_only=True)
    ranks: frozenset[Rank] | None = attrs.field(default=None, kw_only=True)

    def fits(self, meld: Meld, melds: MeldRules) -> bool:
        """Whether a canasta of ``meld``'s cards is of this kind (under ``melds``' wild cards)."""
        wilds = meld.wild_count(melds)
        if self.wild:
            return wilds == len(meld.cards)
        if wilds == len(meld.cards):
            return False
        if self.natural is not None and self.natural != (wilds == 0):
            return False
        return self.ranks is None or meld.rank in self.ranks


@attrs.frozen(kw_only=True)
class Canastas:
    """A variant's canastas, as data.

    Attributes:
        size: the fewest cards of a canasta.
        kinds: its kinds, in the order they are tried: a canasta is of the first it fits.
        closed: a canasta takes no more cards (Railroad Canasta, RC-12); else it grows as any meld.
        never: the ranks whose melds are never canastas (Railroad Canasta's black 3s).
        rule: the rule that says what a canasta is and what each kind scores.
    """

    size: int = 7
    kinds: tuple[Canasta, ...]
    closed: bool = False
    never: frozenset[Rank] = frozenset()
    rule: str

    def kind_of(self, meld: Meld, melds: MeldRules) -> Canasta | None:
        """The kind of canasta ``meld`` is, or ``None`` if it is none (too short, or of a rank in
        `never`, or of no kind declared)."""
        if len(meld.cards) < self.size:
            return None
        if meld.wild_count(melds) < len(meld.cards) and meld.rank in self.never:
            return None
        return next((kind for kind in self.kinds if kind.fits(meld, melds)), None)

    def bonus(self, meld: Meld, melds: MeldRules) -> int:
        """What ``meld`` scores as a canasta (0 if it is none)."""
        kind = self.kind_of(meld, melds)
        return 0 if kind is None else kind.bonus

    def bonuses(self, melds_on_table: Iterable[Meld], melds: MeldRules) -> int:
        """What the canastas among ``melds_on_table`` score together."""
        return sum(self.bonus(meld, melds) for meld in melds_on_table)
