"""What Railroad Canasta keeps beyond the core state, and what its views show.

The kitties and the placed red 3s are the seat piles ``kitty`` and ``red_threes``
(``state.seat_piles``); the rest of the round's own state is
[`CanastaExtra`][rummykit_variants.railroad_canasta.state.CanastaExtra].
"""

from __future__ import annotations

import enum

import attrs

from rummykit.cards import Card
from rummykit.views import View

__all__ = ["CanastaExtra", "CanastaPhase", "RailroadCanastaView"]


class CanastaPhase(enum.StrEnum):
    """Railroad Canasta's own turn phase."""

    KITTY = "kitty"
    """The turn player has discarded and may pick up their kitty (RC-20, RC-C5)."""


@attrs.define(kw_only=True)
class CanastaExtra:
    """Railroad Canasta's own state for the round being played.

    Attributes:
        frozen: the discard pile is frozen (RC-15).
        melded: per seat, whether it has made its initial meld this round (RC-13).
        kitty_taken: per seat, whether it has picked up its kitty this round (RC-20).
        stuck: the turn player's hand held no card they may discard right after drawing (RC-19,
            RC-22).
    """

    frozen: bool = False
    melded: list[bool] = attrs.Factory(list)
    kitty_taken: list[bool] = attrs.Factory(list)
    stuck: bool = False

    @classmethod
    def for_round(cls, players: int, *, frozen: bool) -> CanastaExtra:
        """The state at the start of a round."""
        return cls(frozen=frozen, melded=[False] * players, kitty_taken=[False] * players)

    def copy(self) -> CanastaExtra:
        """An independent copy."""
        return CanastaExtra(
            frozen=self.frozen, melded=self.melded[:], kitty_taken=self.kitty_taken[:], stuck=self.stuck
        )


@attrs.frozen(kw_only=True)
class RailroadCanastaView(View):
    """A Railroad Canasta view: the common view plus the kitties, the red 3s, the pile's state and
    each seat's initial-meld minimum.

    Attributes:
        kitty: this seat's own kitty once it may look at it (RC-20), else empty; never another's.
        kitty_sizes: how many cards each seat's kitty holds.
        kitty_picked_up: whether each seat has picked up its kitty this round.
        may_look: whether each seat has completed a canasta that is not black (RC-20).
        red_threes: the red 3s each seat has placed (RC-6).
        frozen: the discard pile is frozen (RC-15).
        melded: whether each seat has made its initial meld this round (RC-13).
        initial_minimum: what each seat's initial meld must be worth this round (RC-13).
        target: the total that ends the game (RC-32).
    """

    kitty: tuple[Card, ...]
    kitty_sizes: tuple[int, ...]
    kitty_picked_up: tuple[bool, ...]
    may_look: tuple[bool, ...]
    red_threes: tuple[tuple[Card, ...], ...]
    frozen: bool
    melded: tuple[bool, ...]
    initial_minimum: tuple[int, ...]
    target: int
