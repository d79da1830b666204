"""Railroad Canasta's own actions: taking the discard pile, the kitty, and ending a round with an
empty stock."""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.core.actions import Action, to_cards, to_melds
from rummykit.core.cards import Card, format_cards

__all__ = ["EndRound", "LeaveKitty", "PickUpKitty", "TakePile"]


@attrs.frozen
class TakePile(Action):
    """Take the whole discard pile (RC-15 to RC-17), the first move of a turn.

    ``cards`` are the cards from hand melded with the top card: at least two natural cards of its
    rank, and wild cards if wanted (a new meld); or exactly two natural cards when the player has
    an unfinished meld of that rank (RC-C3); or none, to play the top card alone onto that meld
    (an unfrozen pile only, RC-16). ``melds`` are other new melds from hand laid down in the same
    action, for an initial meld only (RC-13, RC-C2).

    Examples:
        >>> TakePile(seat=0, cards="8H 8S").describe()
        'take the discard pile with 8H 8S'
        >>> TakePile(seat=0).describe()
        'take the discard pile onto an unfinished meld'
    """

    kind: ClassVar[str] = "take-pile"

    cards: tuple[Card, ...] = attrs.field(default=(), converter=to_cards)
    melds: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=to_melds)

    def describe(self) -> str:
        text = (
            f"take the discard pile with {format_cards(self.cards)}"
            if self.cards
            else ("take the discard pile onto an unfinished meld")
        )
        if self.melds:
            text += ", melding " + " / ".join(format_cards(group) for group in self.melds)
        return text


@attrs.frozen
class PickUpKitty(Action):
    """Pick up the kitty into the hand after the discard (RC-20)."""

    kind: ClassVar[str] = "pick-up-kitty"

    def describe(self) -> str:
        return "pick up the kitty"


@attrs.frozen
class LeaveKitty(Action):
    """Leave the kitty where it is for now, ending the turn (RC-20, RC-C5)."""

    kind: ClassVar[str] = "leave-kitty"

    def describe(self) -> str:
        return "leave the kitty"


@attrs.frozen
class EndRound(Action):
    """With the stock empty, do not take the discard pile: the round ends (RC-22)."""

    kind: ClassVar[str] = "end-round"

    def describe(self) -> str:
        return "end the round without taking the discard pile"
