"""Views: what one seat (or a spectator) may see of a game.

A view holds the seat's own hand and everything public; other hands are counts, the stock is a
count. Variants extend [`View`][rummykit.views.View] with their own public information (RailRoad Rummy's contract,
HMGs and claim window). Views are frozen; a new one is built for every call of ``game.view``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rummykit.actions import Action
from rummykit.cards import Card, CardId, face
from rummykit.state import GameState, RoundResult, TableMeld

__all__ = ["View", "base_view_fields"]


@attrs.frozen(kw_only=True)
class View:
    """What ``seat`` may see. ``seat is None`` is a spectator, who sees no hand.

    Attributes:
        variant: the variant's name.
        options: every option's value (the rules of the table are public).
        house_rules: the house rules in play.
        seat: whose view this is (``None``: a spectator).
        players: the number of seats.
        round, dealer, turn, turn_number, phase: where the game is.
        to_act: the seats that may act now.
        hand: this seat's own cards, in the order received (empty for a spectator).
        hand_ids: the physical cards of ``hand`` (card ids, same order).
        hand_sizes: how many cards each seat holds.
        table: the melds on the table with their owners.
        discard_top: the top card of the discard pile, if any.
        discard_size: how many cards the discard pile holds.
        stock_size: how many cards the stock (draw pile) holds.
        taken: the card the turn player took from the discard pile this turn, if any (public).
        totals: each seat's total before this round.
        history: the results of the rounds played.
        log: this round's actions as this seat may know them (a variant withholds what is still
            secret, such as sealed declarations). No action names a card drawn from the stock.
    """

    variant: str
    options: Mapping[str, Any]
    house_rules: tuple[str, ...]
    seat: int | None
    players: int
    round: int
    dealer: int
    turn: int
    turn_number: int
    phase: str
    to_act: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_ids: tuple[CardId, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[TableMeld, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    taken: Card | None
    totals: tuple[int, ...]
    history: tuple[RoundResult, ...]
    log: tuple[Action, ...]


def base_view_fields(state: GameState, seat: int | None, to_act: tuple[int, ...]) -> dict[str, Any]:
    """The fields of [`View`][rummykit.views.View] for ``seat``, for a variant that builds its own view class."""
    discard = state.piles.get("discard", [])
    return {
        "variant": state.config.variant,
        "options": dict(state.config.options),
        "house_rules": state.config.house_rules,
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "dealer": state.dealer,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": str(state.phase),
        "to_act": to_act,
        "hand": tuple(face(cid) for cid in state.hands[seat]) if seat is not None else (),
        "hand_ids": tuple(state.hands[seat]) if seat is not None else (),
        "hand_sizes": tuple(len(hand) for hand in state.hands),
        "table": tuple(state.table),
        "discard_top": face(discard[-1]) if discard else None,
        "discard_size": len(discard),
        "stock_size": len(state.piles.get("stock", [])),
        "taken": face(state.taken) if state.taken is not None else None,
        "totals": tuple(state.totals),
        "history": tuple(state.history),
        "log": tuple(state.log),
    }
