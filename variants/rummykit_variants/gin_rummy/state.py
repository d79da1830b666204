"""What Gin Rummy keeps beyond the standard rummy's state, and what its views show."""

from __future__ import annotations

import attrs

from rummykit.core.cards import face
from rummykit.core.views import Picture, shown
from rummykit.standard import StandardState, StandardView
from rummykit_variants.gin_rummy.rules import GinRules

__all__ = ["GinState", "GinView"]


@attrs.define(kw_only=True)
class GinState(StandardState):
    """Gin Rummy's state: the standard rummy's, and the hand's knock.

    Attributes:
        knock_card: this hand's knock card (GIN-11, GIN-25).
        takes: the top discard taken at a draw this hand (GIN-8).
        returned: the last discard was the card its player had just taken (GIN-7).
        knocker: the seat that knocked this hand, if any.
    """

    rules: GinRules
    knock_card: int = 10
    takes: int = 0
    returned: bool = False
    knocker: int | None = None

    def start_round(self) -> None:
        super().start_round()
        self.knock_card = self.rules.knock_card_of(face(self.piles["discard"][0]))
        self.takes, self.returned, self.knocker = 0, False, None


@attrs.frozen(kw_only=True)
class GinView(StandardView):
    """A Gin Rummy view: the standard rummy's, the hand's knock card and its knocker."""

    knock_card: int = shown("knock card")
    knocker: int | None = shown("knocked", hidden_if=None, picture=Picture.SEATS)
