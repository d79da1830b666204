"""The standard rummy's state: what a round of rummy keeps beyond the core's cards and turns."""

from __future__ import annotations

import attrs

from rummykit.core.cards import face
from rummykit.core.state import GameState
from rummykit.standard.rules import StandardRules

__all__ = ["KnockState", "StandardState"]


@attrs.define(kw_only=True)
class StandardState(GameState):
    """A standard rummy game's state: the core's fields, and what the round has seen so far.

    A variant's own state subclasses it with fields of its own (each with a default); nothing else
    is needed for them to be copied, saved and loaded.

    Attributes:
        rules: the configuration's rules (typed: a variant narrows it to its own rules class).
        melded_on: per seat, the turn on which it first laid down a meld this round (``None``: not
            yet): it has gone down (contract melds), or made its initial meld.
        played_on: per seat, the turn on which it first melded or laid off this round (``None``: not
            yet): a seat that goes out on that turn goes rummy.
        melds_this_turn: new melds the turn player has laid down this turn.
        rebuilds: how many times the stock has been rebuilt from the discard pile this round.
    """

    rules: StandardRules
    melded_on: list[int | None] = attrs.Factory(list)
    played_on: list[int | None] = attrs.Factory(list)
    melds_this_turn: int = 0
    rebuilds: int = 0

    def start_round(self) -> None:
        """Forget the last round's plays (called as a round is dealt)."""
        self.melded_on = [None] * self.players
        self.played_on = [None] * self.players
        self.melds_this_turn = 0
        self.rebuilds = 0

    def has_melded(self, seat: int) -> bool:
        """``seat`` has laid down a meld this round (gone down, or made its initial meld)."""
        return self.melded_on[seat] is not None

    def went_rummy(self, seat: int) -> bool:
        """``seat`` played no card before this turn (so, going out now, it goes rummy)."""
        played = self.played_on[seat]
        return played is None or played == self.turn_number


@attrs.define(kw_only=True)
class KnockState(StandardState):
    """The state of a standard rummy whose rounds end by a knock
    ([`Knocking`][rummykit.standard.rules.Knocking]): the standard rummy's, and the round's knock.

    Attributes:
        knock_card: the round's knock card (`Knocking.knock_card_of` its first up-card).
        knocker: the seat that knocked this round, if any.
    """

    knock_card: int = 10
    knocker: int | None = None

    def start_round(self) -> None:
        super().start_round()
        knocking = self.rules.knocking
        assert knocking is not None, "a KnockState is the state of knock endings"
        self.knock_card = knocking.knock_card_of(face(self.piles["discard"][0]))
        self.knocker = None
