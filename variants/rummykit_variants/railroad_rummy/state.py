"""What RailRoad Rummy keeps beyond the core state, and what its views show."""

from __future__ import annotations

import enum

import attrs

from rummykit.core.cards import Card
from rummykit.core.views import Picture, shown
from rummykit.standard import StandardState, StandardView
from rummykit_variants.railroad_rummy.rules import RailroadPhase, RailroadRules

__all__ = ["ClaimOutcome", "Declaration", "RailroadPhase", "RailroadRummyView", "RailroadState"]


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

    def __str__(self) -> str:
        declared = ", ".join(f"seat {seat}: {declaration}" for seat, declaration in self.declarations)
        if self.winner is None:
            return f"nobody claimed the {self.card} ({declared})"
        how = " with an HMG" if self.hmg else ""
        penalty = " and a penalty card" if self.penalty else ""
        return f"seat {self.winner} took the {self.card}{how}{penalty} ({declared})"


@attrs.define(kw_only=True)
class RailroadState(StandardState):
    """RailRoad Rummy's state: the standard rummy's (``melded_on``: who went down on which turn), each
    seat's HMGs for the game, and the claim window.

    Attributes:
        hmg: each seat's HMGs left (RR-18), kept across rounds.
        declarations: what each seat has declared in the open claim window (RR-15).
        last_claim: how the last claim window of this round closed.
    """

    rules: RailroadRules
    hmg: list[int] = attrs.Factory(list)
    declarations: dict[int, Declaration] = attrs.Factory(dict)
    last_claim: ClaimOutcome | None = None

    def start_round(self) -> None:
        super().start_round()
        self.declarations = {}
        self.last_claim = None


@attrs.frozen(kw_only=True)
class RailroadRummyView(StandardView):
    """A RailRoad Rummy view: the standard rummy's (the contract, who went down), the standby pile's
    size, each seat's HMGs and the claim window.

    Attributes:
        standby_size: cards left in the standby pile.
        hmg: each seat's HMGs left.
        declared: the seats that have declared in the open claim window (RR-C1: not what).
        last_claim: how the last claim window of this round closed.
    """

    standby_size: int = shown("standby pile", picture=Picture.PILE)
    hmg: tuple[int, ...] = shown("HMGs left", per_seat=True, picture=Picture.TOKENS)
    declared: tuple[int, ...] = shown("declared", hidden_if=(), picture=Picture.SEATS)
    last_claim: ClaimOutcome | None = shown("last claim", hidden_if=None, news=True)
