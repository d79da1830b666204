"""What Classic Rummy keeps beyond the core state, and what its views show."""

from __future__ import annotations

import attrs

from rummykit.views import View

__all__ = ["ClassicExtra", "ClassicRummyView"]


@attrs.define(kw_only=True)
class ClassicExtra:
    """Classic Rummy's own state for the round being played.

    Attributes:
        rebuilds: how many times the stock has been rebuilt from the discard pile (CR-7, CR-9).
        played_on: per seat, the turn on which it first melded or laid off (``None``: not yet),
            which tells who went rummy (CR-11).
        melded_on: per seat, the turn on which it first laid down a meld (``None``: not yet), which
            tells whose next meld is their initial meld (the ``initial-meld-50`` house rule, CR-23).
        melds_this_turn: new melds the turn player has laid down this turn (the
            ``one-meld-per-turn`` house rule, CR-20).
    """

    rebuilds: int = 0
    played_on: list[int | None] = attrs.Factory(list)
    melded_on: list[int | None] = attrs.Factory(list)
    melds_this_turn: int = 0

    @classmethod
    def for_round(cls, players: int) -> ClassicExtra:
        """The state at the start of a round: nobody has played, the stock is whole."""
        return cls(played_on=[None] * players, melded_on=[None] * players)

    def copy(self) -> ClassicExtra:
        """An independent copy."""
        return ClassicExtra(
            rebuilds=self.rebuilds,
            played_on=self.played_on[:],
            melded_on=self.melded_on[:],
            melds_this_turn=self.melds_this_turn,
        )


@attrs.frozen(kw_only=True)
class ClassicRummyView(View):
    """A Classic Rummy view: the common view plus the public facts of the round and the game.

    Attributes:
        hand_size: the cards dealt to each player this game (CR-1).
        target: the score that ends the game (CR-12).
        stock_rebuilds: how many times the stock may be rebuilt in a round (CR-9).
        rebuilds_used: how many times it has been rebuilt this round (CR-7).
        played: whether each seat has melded or laid off this round (a seat that has cannot go
            rummy, CR-11).
        melded: whether each seat has laid down a meld this round.
        melds_this_turn: new melds the turn player has laid down this turn.
    """

    hand_size: int
    target: int
    stock_rebuilds: int
    rebuilds_used: int
    played: tuple[bool, ...]
    melded: tuple[bool, ...]
    melds_this_turn: int
