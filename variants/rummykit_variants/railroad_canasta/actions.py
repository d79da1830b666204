"""Railroad Canasta's own actions: the kitty. Taking the discard pile and ending a round at an empty stock are
the canasta family's (`rummykit.standard.canasta_family.TakePile`, `EndRound`)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.core.actions import Action

__all__ = ["LeaveKitty", "PickUpKitty"]


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
