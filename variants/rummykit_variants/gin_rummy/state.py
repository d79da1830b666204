"""What Gin Rummy keeps beyond the state of a knock ending (`rummykit.standard.KnockState`)."""

from __future__ import annotations

import attrs

from rummykit.standard import KnockState
from rummykit_variants.gin_rummy.rules import GinRules

__all__ = ["GinState"]


@attrs.define(kw_only=True)
class GinState(KnockState):
    """Gin Rummy's state: a knock ending's, and how the hand may end dead.

    Attributes:
        takes: how often the top discard was taken at a draw this hand (GIN-8).
        returned: the last discard was the card its player had just taken (GIN-7).
    """

    rules: GinRules
    takes: int = 0
    returned: bool = False

    def start_round(self) -> None:
        super().start_round()
        self.takes, self.returned = 0, False
