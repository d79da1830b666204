"""What Railroad Canasta keeps beyond the standard rummy's state, and what its views show.

The kitties and the placed red 3s are the seat piles ``kitty`` and ``red_threes``
(``state.seat_piles``); whether a seat has made its initial meld (RC-13) is the standard rummy's
``melded_on``; the pile's freeze (RC-15) the canasta family's ``frozen``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from rummykit.core.cards import Card
from rummykit.core.state import TableMeld
from rummykit.core.views import Picture, shown
from rummykit.standard import GroupState, StandardView
from rummykit.standard.family_plugin import canastas_of as family_canastas
from rummykit_variants.railroad_canasta.rules import FAMILY, CanastaKind, CanastaRules

__all__ = ["LOOK_KINDS", "CanastaState", "RailroadCanastaView", "canastas_of"]

LOOK_KINDS: Final = frozenset({CanastaKind.SEVENS, CanastaKind.WILD, CanastaKind.RED})
"""The kinds of canasta that let their owner look at the kitty (RC-20)."""


def canastas_of(table: Sequence[TableMeld]) -> tuple[str, ...]:
    """The kind of canasta each meld of ``table`` is (RC-12), ``""`` for a meld that is not one.

    Examples:
        >>> from rummykit.core.cards import parse_cards
        >>> from rummykit_variants.railroad_canasta.rules import GROUPS
        >>> meld = GROUPS.read(parse_cards("8C 8D 8H 8S 8C 8D 2H"))
        >>> canasta = TableMeld(owner=0, meld=meld, ids=())
        >>> canastas_of([canasta])
        ('black',)
    """
    return family_canastas(FAMILY, table)


@attrs.define(kw_only=True)
class CanastaState(GroupState):
    """Railroad Canasta's state: the canasta family's (the pile's freeze, ``stuck``: the turn player's hand
    held no card they may discard right after drawing, RC-19 and RC-22), and the kitties.

    Attributes:
        kitty_taken: per seat, whether it has picked up its kitty this round (RC-20).
    """

    rules: CanastaRules
    kitty_taken: list[bool] = attrs.Factory(list)

    def start_round(self) -> None:
        super().start_round()
        self.kitty_taken = [False] * self.players

    def canasta_kinds(self) -> tuple[frozenset[str], ...]:
        """The kinds of canasta each seat has completed this round (RC-12), read again only when the table
        has changed (checking and listing ask many times a step)."""
        return self.read_sides().kinds

    def others_sevens(self, seat: int) -> bool:
        """Every seat but ``seat`` has completed a sevens canasta (RC-18)."""
        kinds = self.canasta_kinds()
        return all(CanastaKind.SEVENS in kinds[other] for other in range(self.players) if other != seat)

    def sevens_done(self, seat: int) -> bool:
        """RC-18: every player has completed a sevens canasta."""
        return CanastaKind.SEVENS in self.canasta_kinds()[seat] and self.others_sevens(seat)

    def may_look(self, seat: int) -> bool:
        """RC-20: ``seat`` has completed a canasta that is not black."""
        return bool(self.canasta_kinds()[seat] & LOOK_KINDS)


@attrs.frozen(kw_only=True)
class RailroadCanastaView(StandardView):
    """A Railroad Canasta view: the standard rummy's (``melded``: who has made their initial meld,
    ``target``), the kitties, the red 3s, the pile's state and each seat's initial-meld minimum.

    Attributes:
        kitty: this seat's own kitty once it may look at it (RC-20), else empty; never another's.
        kitty_sizes: how many cards each seat's kitty holds.
        kitty_picked_up: whether each seat has picked up its kitty this round.
        may_look: whether each seat has completed a canasta that is not black (RC-20).
        red_threes: the red 3s each seat has placed (RC-6).
        frozen: the discard pile is frozen (RC-15).
        initial_minimum: what each seat's initial meld must be worth this round (RC-13).
        canastas: for each meld on the table, in the table's order, the kind of canasta it is
            (``"sevens"``, ``"wild"``, ``"red"`` or ``"black"``, RC-12), or ``""`` for a meld that is
            not a canasta: read from the table alone, so public.
    """

    kitty: tuple[Card, ...] = shown("your kitty", hidden_if=())
    kitty_sizes: tuple[int, ...] = shown("kitty", per_seat=True, picture=Picture.PILE)
    kitty_picked_up: tuple[bool, ...] = shown("kitty picked up", per_seat=True)
    may_look: tuple[bool, ...] = ()
    red_threes: tuple[tuple[Card, ...], ...] = shown("red 3s", per_seat=True)
    frozen: bool = shown("discard pile frozen", hidden_if=False, picture=Picture.CROSSWISE)
    initial_minimum: tuple[int, ...] = shown("initial meld", per_seat=True)
    canastas: tuple[str, ...] = shown("canasta", picture=Picture.MELDS)
