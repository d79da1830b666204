"""RailRoad Rummy's own actions: the declarations of the claim window (RR-15)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.core.actions import Action

__all__ = ["Claim", "Pass"]


@attrs.frozen
class Claim(Action):
    """Claim the top discard after the turn player drew from the draw pile (RR-15), with an HMG if
    ``hmg`` (RR-16: HMG claimants come first)."""

    kind: ClassVar[str] = "claim"

    hmg: bool = False

    def describe(self) -> str:
        return "claim the top discard with an HMG" if self.hmg else "claim the top discard"


@attrs.frozen
class Pass(Action):
    """Decline to claim the top discard (RR-15)."""

    kind: ClassVar[str] = "pass"

    def describe(self) -> str:
        return "pass on the top discard"
