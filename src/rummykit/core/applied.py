"""What [`Game.apply`][rummykit.core.engine.Game.apply] did: the action as it was carried out, every card it
moved and from where to where, and the round it ended.

An action that ends a round also has the round scored and the next one dealt (or the game ended)
before `apply` returns; the [`Applied`][rummykit.core.applied.Applied] it returns says how the round ended
(its [`RoundResult`][rummykit.core.state.RoundResult], with the id of the rule that ended it) and lists the
cards the action moved up to the end of the round, not the new deal.

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

from typing import Any

import attrs

from rummykit.core.actions import Action
from rummykit.core.cards import Card, CardId, card_id_text, face
from rummykit.core.state import GameState, RoundResult, TableMeld

__all__ = ["Applied", "Moved", "Place", "Zones", "zones"]


@attrs.frozen
class Place:
    """Where a card lies: a seat's hand (``Place("hand", seat=2)``), a shared pile (``Place("stock")``,
    ``Place("discard")``), a seat's own pile (``Place("kitty", seat=1)``), or a meld on the table by its
    index (``Place("table", index=3)``).

    Examples:
        >>> str(Place("hand", seat=2)), str(Place("discard")), str(Place("table", index=0))
        ('hand 2', 'discard', 'table 0')
    """

    zone: str
    seat: int | None = attrs.field(default=None, kw_only=True)
    index: int | None = attrs.field(default=None, kw_only=True)

    def __str__(self) -> str:
        number = self.seat if self.seat is not None else self.index
        return self.zone if number is None else f"{self.zone} {number}"


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


Zones = tuple[tuple[tuple[CardId, ...], ...], tuple[tuple[str, tuple[CardId, ...]], ...], tuple[Any, ...]]
"""Where every card of a round lies at one moment: the hands, the shared piles by name, and the seat
piles and the table (a cheap copy, taken by [`zones`][rummykit.core.applied.zones])."""


def zones(state: GameState) -> Zones:
    """A snapshot of where the cards of ``state`` lie (tuples: later changes to the state leave it)."""
    seat_piles = tuple((name, tuple(map(tuple, per_seat))) for name, per_seat in state.seat_piles.items())
    return (
        tuple(map(tuple, state.hands)),
        tuple((name, tuple(pile)) for name, pile in state.piles.items()),
        (seat_piles, tuple(state.table)),
    )


Snapshot = tuple[list[list[CardId]], dict[str, list[CardId]], dict[str, list[list[CardId]]], list[TableMeld]]
"""Where every card of a round lies at one moment, as the engine keeps it (``snapshot``): copies of
the hands, the shared piles, the seat piles and the table, in the state's own shapes, so that
``unchanged`` compares them with the state at once."""


def snapshot(state: GameState) -> Snapshot:
    """A snapshot of where the cards of ``state`` lie (copies: later changes to the state leave it)."""
    seat_piles = state.seat_piles
    return (
        [hand[:] for hand in state.hands],
        {name: pile[:] for name, pile in state.piles.items()},
        {name: [pile[:] for pile in per_seat] for name, per_seat in seat_piles.items()} if seat_piles else {},
        state.table[:],
    )


def unchanged(taken: Snapshot, state: GameState) -> bool:
    """Every card of ``state`` still lies where ``taken`` saw it (compared without copying)."""
    hands, piles, seat_piles, table = taken
    return state.hands == hands and state.piles == piles and state.seat_piles == seat_piles and state.table == table


def _places(taken: Snapshot) -> dict[CardId, Place]:
    hands, piles, seat_piles, table = taken
    places: dict[CardId, Place] = {}
    for seat, hand in enumerate(hands):
        where = Place("hand", seat=seat)
        places.update(dict.fromkeys(hand, where))
    for name, pile in piles.items():
        places.update(dict.fromkeys(pile, Place(name)))
    for name, per_seat in seat_piles.items():
        for seat, pile in enumerate(per_seat):
            places.update(dict.fromkeys(pile, Place(name, seat=seat)))
    for index, table_meld in enumerate(table):
        places.update(dict.fromkeys(table_meld.ids, Place("table", index=index)))
    return places


class Applied:
    """What one [`Game.apply`][rummykit.core.engine.Game.apply] did.

    Attributes:
        action: the action as it was carried out (its canonical form: a run's cards from low to high,
            the end a wild card extends).
        round_result: the round the action ended, scored (with the id of the rule that ended it,
            `RoundResult.rule`), or ``None`` if the round goes on.
        game_over: the action ended the game.
    """

    __slots__ = ("_after", "_before", "_moved", "action", "game_over", "round_result")

    def __init__(
        self,
        action: Action,
        before: Snapshot,
        after: Snapshot,
        round_result: RoundResult | None,
        game_over: bool,
    ) -> None:
        self.action = action
        self.round_result = round_result
        self.game_over = game_over
        self._before = before
        self._after = after
        self._moved: tuple[Moved, ...] | None = None

    @property
    def moved(self) -> tuple[Moved, ...]:
        """Every card the action moved from one place to another, in the order of the places they
        reached (hands, piles, seat piles, table): a draw's card, the cards of a go-down, a claimed card
        and its penalty card, a pile taken. Cards of an ended round stop at the round's end, before
        the next deal. Every card shows, hidden or not: this is for whoever holds the game."""
        if self._moved is None:
            before, after = _places(self._before), _places(self._after)
            self._moved = tuple(
                Moved(card_id, before[card_id], place)
                for card_id, place in after.items()
                if card_id in before and before[card_id] != place
            )
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
