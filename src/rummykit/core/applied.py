"""What [`Game.apply`][rummykit.core.engine.Game.apply] did: the action as it was carried out, every card
it moved and from where to where, and the round it ended.

An action that ends a round also has the round scored and the next one dealt (or the game ended)
before `apply` returns; the [`Applied`][rummykit.core.applied.Applied] it returns says how the round
ended (its [`RoundResult`][rummykit.core.state.RoundResult], with the id of the rule that ended it) and
lists the cards the action moved up to the end of the round, not the new deal.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("rummy", players=2, seed=3)
    >>> applied = game.apply(rummykit.TakeDiscard(seat=game.turn))
    >>> [(str(move.source), str(move.target)) for move in applied.moved]
    [('discard', 'hand 1')]
    >>> applied.round_result is None, applied.game_over
    (True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rummykit.core.actions import Action
from rummykit.core.cards import Card, CardId, card_id_text, face
from rummykit.core.state import Place, RoundResult

__all__ = ["Applied", "Moved", "Place"]


@attrs.frozen
class Moved:
    """One physical card that an action moved, from one place to another.

    Attributes:
        card_id: the physical card (its face and copy).
        source: where it lay before the action.
        target: where it lies after.
    """

    card_id: CardId
    source: Place
    target: Place

    @property
    def card(self) -> Card:
        """The card's face."""
        return face(self.card_id)

    def __str__(self) -> str:
        return f"{card_id_text(self.card_id)}: {self.source} -> {self.target}"


class Applied:
    """What one [`Game.apply`][rummykit.core.engine.Game.apply] did.

    Attributes:
        action: the action as it was carried out (its canonical form: a run's cards from low to high,
            the end a wild card extends).
        round_result: the round the action ended, scored (with the id of the rule that ended it,
            `RoundResult.rule`), or ``None`` if the round goes on.
        game_over: the action ended the game.
    """

    __slots__ = ("_moved", "_notes", "action", "game_over", "round_result")

    def __init__(
        self,
        action: Action,
        notes: Sequence[tuple[CardId, Place, Place]],
        round_result: RoundResult | None,
        game_over: bool,
    ) -> None:
        self.action = action
        self.round_result = round_result
        self.game_over = game_over
        self._notes = notes
        self._moved: tuple[Moved, ...] | None = None

    @property
    def moved(self) -> tuple[Moved, ...]:
        """Every card the action moved from one place to another, in the order the move moved them
        (as its move noted them: [`GameState.note_moved`][rummykit.core.state.GameState.note_moved]):
        a draw's card, the cards of a go-down, a claimed card and its penalty card, a pile taken. A
        card moved twice in one action is listed once, from where it lay before the action to where
        it lies after (and not at all if it came back). Cards of an ended round stop at the round's
        end, before the next deal. Every card shows, hidden or not: this is for whoever holds the
        game."""
        if self._moved is None:
            first: dict[CardId, Place] = {}
            last: dict[CardId, Place] = {}
            for cid, source, target in self._notes:
                first.setdefault(cid, source)
                last.pop(cid, None)  # listed where it last arrived
                last[cid] = target
            self._moved = tuple(Moved(cid, first[cid], place) for cid, place in last.items() if first[cid] != place)
        return self._moved

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Applied):
            return NotImplemented
        return (self.action, self.round_result, self.game_over, self.moved) == (
            other.action,
            other.round_result,
            other.game_over,
            other.moved,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        parts = [f"seat {self.action.seat} {self.action.describe()}", *map(str, self.moved)]
        if self.round_result is not None:
            parts.append(f"round {self.round_result.round} ended: {self.round_result.reason}")
        if self.game_over:
            parts.append("the game is over")
        return f"<Applied: {'; '.join(parts)}>"


def __getattr__(name: str) -> Any:
    if name in ("zones", "Zones"):  # 0.1's snapshot of where the cards lie
        import warnings  # noqa: PLC0415 (only where an old name is used)

        from rummykit.core import legacy  # noqa: PLC0415
        from rummykit.core.deprecation import REMOVED_IN  # noqa: PLC0415

        warnings.warn(
            f"rummykit.core.applied.{name} (0.1's rummykit.applied.{name}) goes in rummykit {REMOVED_IN}: "
            "Applied.moved says what an action moved, and GameState.zones() where the cards lie",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(legacy, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
