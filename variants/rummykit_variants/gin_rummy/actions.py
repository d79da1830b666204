"""Gin Rummy's own actions: the knock (GIN-12) and the pass (GIN-4, GIN-18, GIN-19)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.core.actions import Action, to_card
from rummykit.core.cards import Card

__all__ = ["Knock", "Pass"]


@attrs.frozen
class Knock(Action):
    """Knock instead of discarding, with ``card`` as the knock discard (GIN-12, GIN-13)."""

    kind: ClassVar[str] = "knock"

    card: Card = attrs.field(converter=to_card)

    def describe(self) -> str:
        return f"knock, discarding {self.card}"


@attrs.frozen
class Pass(Action):
    """Pass: on the first up-card (GIN-4), at the wall (GIN-19), or the defender's last play (GIN-18)."""

    kind: ClassVar[str] = "pass"

    def describe(self) -> str:
        return "pass"
