"""What Shanghai keeps beyond the core's state, and what its views show."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from rummykit import CardId, View

__all__ = ["ShanghaiExtra", "ShanghaiView"]


@attrs.define(kw_only=True)
class ShanghaiExtra:
    """Shanghai's own state for the round being played (``state.extra``).

    Attributes:
        went_down: per seat, whether it has gone down this round (SH-9, SH-10).
    """

    went_down: list[bool] = attrs.Factory(list)

    def copy(self) -> ShanghaiExtra:
        """An independent copy."""
        return ShanghaiExtra(went_down=self.went_down[:])

    def zones(self) -> Iterator[tuple[str, Sequence[CardId]]]:
        """No cards live here: every card is in a hand, a pile or a meld on the table."""
        return iter(())


@attrs.frozen(kw_only=True)
class ShanghaiView(View):
    """A Shanghai view: the common view plus the round's contract and who has gone down.

    Attributes:
        contract: this round's contract in words (``"2 sets + 1 run"``).
        rounds: how many rounds the game has.
        went_down: whether each seat has gone down this round.
    """

    contract: str
    rounds: int
    went_down: tuple[bool, ...]
