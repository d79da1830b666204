"""What RailRoad Rummy keeps beyond the core state, and what its views show."""

from __future__ import annotations

import enum

import attrs

from rummykit.cards import Card
from rummykit.views import View

__all__ = ["ClaimOutcome", "Declaration", "RailroadExtra", "RailroadPhase", "RailroadRummyView"]


class RailroadPhase(enum.StrEnum):
    """RailRoad Rummy's own turn phase."""

    CLAIM = "claim"
    """The turn player drew from the draw pile; the others declare on the top discard (RR-15)."""


class Declaration(enum.StrEnum):
    """What a seat declared in a claim window."""

    PASS = "pass"
    CLAIM = "claim"
    HMG = "hmg"


@attrs.frozen(kw_only=True)
class ClaimOutcome:
    """How the last claim window was resolved (public once it has closed).

    Attributes:
        turn: the turn player, who drew from the draw pile.
        card: the top discard that was open to claims.
        declarations: each other seat's declaration, in turn order from the turn player.
        winner: the seat that took the card (``None``: everybody passed).
        hmg: whether the winner used an HMG.
        penalty: whether the winner was dealt a penalty card (RR-17; RR-5 may leave none).
    """

    turn: int
    card: Card
    declarations: tuple[tuple[int, Declaration], ...]
    winner: int | None
    hmg: bool
    penalty: bool


@attrs.define(kw_only=True)
class RailroadExtra:
    """RailRoad Rummy's own state: HMGs left, who went down on which turn, the claim window."""

    hmg: list[int]
    went_down: list[int | None]
    declarations: dict[int, Declaration] = attrs.Factory(dict)
    last_claim: ClaimOutcome | None = None

    def copy(self) -> RailroadExtra:
        """An independent copy."""
        return RailroadExtra(
            hmg=self.hmg[:],
            went_down=self.went_down[:],
            declarations=dict(self.declarations),
            last_claim=self.last_claim,
        )


@attrs.frozen(kw_only=True)
class RailroadRummyView(View):
    """A RailRoad Rummy view: the common view plus the round's contract, the standby pile's size,
    each seat's HMGs and whether it has gone down, and the claim window.

    Attributes:
        contract: this round's contract in words (RR-10).
        hand_size: this round's hand size.
        standby_size: cards left in the standby pile.
        hmg: each seat's HMGs left.
        went_down: whether each seat has gone down this round.
        declared: the seats that have declared in the open claim window (RR-C1: not what).
        last_claim: how the last claim window of this round closed.
    """

    contract: str
    hand_size: int
    standby_size: int
    hmg: tuple[int, ...]
    went_down: tuple[bool, ...]
    declared: tuple[int, ...]
    last_claim: ClaimOutcome | None
