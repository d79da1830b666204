"""Test support: set up exact RailRoad Rummy positions, and play games with seeded random choices.

:func:`arrange` rearranges the cards of a freshly created game into a position: it moves physical
cards between zones (so every card stays accounted for), then sets the round, turn and phase.
It writes the state directly, which only tests may do.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

import pytest

import rummykit
from rummykit.cards import CardId, face, parse_cards
from rummykit.melds import read_meld
from rummykit.state import GameState, TableMeld
from rummykit_variants.railroad_rummy.rules import RailroadRules
from rummykit_variants.railroad_rummy.state import RailroadExtra


class CardPool:
    """The physical cards of a game not placed yet, by face; copies come out in id order."""

    def __init__(self, ids: Sequence[CardId]) -> None:
        self.by_face: dict[int, list[CardId]] = {}
        for cid in sorted(ids):
            self.by_face.setdefault(face(cid).index, []).append(cid)

    def take(self, text: str) -> list[CardId]:
        taken = []
        for card in parse_cards(text):
            copies = self.by_face.get(card.index)
            if not copies:
                raise ValueError(f"no {card} left to place")
            taken.append(copies.pop(0))
        return taken

    def rest(self) -> list[CardId]:
        return sorted(cid for copies in self.by_face.values() for cid in copies)


def arrange(
    game: rummykit.Game,
    *,
    hands: Sequence[str],
    round: int | None = None,
    turn: int | None = None,
    phase: str = "draw",
    turn_number: int = 1,
    discard: str = "",
    table: Sequence[tuple[int, str]] = (),
    stock: str = "",
    standby: str | int = 0,
    leftover: str = "stock",
    went_down: Mapping[int, int] | None = None,
    hmg: Sequence[int] | None = None,
    taken: str | None = None,
) -> GameState:
    """Rearrange ``game`` into a position.

    Args:
        hands: each seat's hand as card text.
        round: the round number (default: unchanged).
        turn, phase, turn_number: whose turn, in which phase, how many turns into the round.
        discard: the discard pile, bottom card first, top card last.
        table: melds on the table as ``(owner, cards)``, a run listed low to high.
        stock: cards on top of the draw pile, the next card to be drawn first.
        standby: the standby pile: card text (next to come off first) or a number of cards.
        leftover: where the cards not placed anywhere go: ``"stock"`` (under ``stock``),
            ``"standby"`` or ``"discard"`` (under ``discard``).
        went_down: seat -> the turn number on which it went down.
        hmg: each seat's HMGs.
        taken: a card of the turn player's hand that was taken from the discard pile this turn.
    """
    state = game.state
    rules = cast(RailroadRules, state.rules)
    pool = CardPool(state.card_ids())
    state.hands = [pool.take(text) for text in hands]
    assert len(state.hands) == state.players, "one hand per seat"
    state.table = []
    for owner, text in table:
        ids = pool.take(text)
        state.table.append(TableMeld(owner=owner, meld=read_meld([face(c) for c in ids], rules.melds), ids=tuple(ids)))
    discard_ids = pool.take(discard)
    stock_ids = pool.take(stock)
    standby_ids = pool.take(standby) if isinstance(standby, str) else []
    rest = pool.rest()
    if isinstance(standby, int):
        standby_ids, rest = rest[:standby], rest[standby:]
    piles: dict[str, list[CardId]] = {
        "stock": list(reversed(stock_ids)),
        "standby": list(reversed(standby_ids)),
        "discard": discard_ids,
    }
    if leftover == "stock":
        piles["stock"] = rest + piles["stock"]
    elif leftover == "standby":
        piles["standby"] = rest + piles["standby"]
    else:
        piles["discard"] = rest + piles["discard"]
    state.piles = piles
    if round is not None:
        state.round = round
    state.turn = state.turn if turn is None else turn
    state.phase = phase
    state.turn_number = turn_number
    state.round_end = None
    extra = cast(RailroadExtra, state.extra)
    extra.went_down = [None] * state.players
    for seat, number in (went_down or {}).items():
        extra.went_down[seat] = number
    if hmg is not None:
        extra.hmg = list(hmg)
    extra.declarations = {}
    state.taken = None
    if taken is not None:
        card = parse_cards(taken)[0]
        state.taken = next(cid for cid in reversed(state.hands[state.turn]) if face(cid) == card)
    assert sorted(state.card_ids()) == sorted(pool_ids(game)), "arrange lost or made a card"
    return state


def pool_ids(game: rummykit.Game) -> list[CardId]:
    """Every card id of the game's shoe."""
    return rummykit.cards.shoe_ids(game.state.rules.shoe)


def play_random(game: rummykit.Game, rng: random.Random, *, steps: int | None = None, check: Any = None) -> int:
    """Apply uniformly random legal actions (until the game ends, or ``steps`` actions); call
    ``check(game)`` after each. Returns the number of actions applied."""
    done = 0
    while not game.is_over and (steps is None or done < steps):
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))
        done += 1
        if check is not None:
            check(game)
    return done


def play(game: rummykit.Game, *actions: rummykit.Action) -> None:
    """Apply ``actions`` in order."""
    for action in actions:
        game.apply(action)


def refuse(game: rummykit.Game, action: rummykit.Action, rule: str) -> rummykit.IllegalActionError:
    """Assert that ``action`` is refused citing ``rule`` and leaves the game exactly as it was."""
    before = game.copy()
    with pytest.raises(rummykit.IllegalActionError) as err:
        game.apply(action)
    assert err.value.rule == rule, str(err.value)
    assert game == before
    return err.value
