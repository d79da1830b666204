"""Test support: set up exact RailRoad Rummy positions, stack shoes, and play games with seeded
random choices.

:func:`arrange` rearranges the cards of a freshly created game into a position: it moves physical
cards between zones (so every card stays accounted for), sets the round, turn and phase, and then
loads the position through the public loading path (:func:`rummykit.serialize.load_position`), so
that the variant's position check runs: a test never plays from a position the loader refuses.
:func:`stacked_shoe` builds a whole RailRoad Rummy shoe that deals chosen cards (RR-3, RR-4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import rummykit
from rummykit.cards import Card, CardId, face, parse_cards
from rummykit.melds import read_meld
from rummykit.serialize import dump_position, load_position
from rummykit.shoe import decks
from rummykit.state import TableMeld
from rummykit_variants.railroad_rummy.state import RailroadState


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
    totals: Sequence[int] | None = None,
) -> rummykit.Game:
    """Rearrange ``game`` into a position, and return the game the loader builds from it.

    The position goes through :func:`~rummykit.serialize.dump_position` and
    :func:`~rummykit.serialize.load_position`: a position the loader refuses raises
    ``InvalidPositionError`` here. Play on the returned game; ``game`` itself is left in the same
    (checked) state, for callers that hold on to it.

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
        totals: each seat's total before this round (default: unchanged).
    """
    state = game.state
    assert isinstance(state, RailroadState)
    rules = state.rules
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
    state.melded_on = [None] * state.players
    state.played_on = [None] * state.players
    for seat, number in (went_down or {}).items():
        state.melded_on[seat] = state.played_on[seat] = number
    if hmg is not None:
        state.hmg = list(hmg)
    state.declarations = {}
    state.taken = None
    if taken is not None:
        card = parse_cards(taken)[0]
        copies = [cid for cid in state.hands[state.turn] if face(cid) == card]
        if not copies:
            raise ValueError(f"seat {state.turn} holds no {card} to have taken from the discard pile")
        state.taken = copies[-1]
    if totals is not None:
        state.totals = list(totals)
    assert sorted(state.card_ids()) == sorted(pool_ids(game)), "arrange lost or made a card"
    return through_loader(game)


def through_loader(game: rummykit.Game) -> rummykit.Game:
    """``game``'s position as the public position loader builds it, checked by the core and the
    variant (``InvalidPositionError`` where the loader refuses it)."""
    loaded = load_position(dump_position(game))
    assert loaded.state == game.state, "the position does not survive the loader unchanged"
    return loaded


def pool_ids(game: rummykit.Game) -> list[CardId]:
    """Every card id of the game's shoe."""
    return rummykit.cards.shoe_ids(game.state.rules.shoe)


def stacked_shoe(*hands: str, up: str = "", stock: str = "") -> list[Card]:
    """A whole RailRoad Rummy shoe (RR-3) whose deal gives ``hands[i]`` to the i-th seat dealt to
    (the starting player first, RR-4), then turns up ``up``, with ``stock`` next on the draw pile.
    With one hand, its cards are simply the top of the shoe in draw order.

    The draw pile is two whole decks, the chosen cards first and the rest of those two decks after
    them in card order; the standby pile is two more decks in card order.
    """
    cards = [parse_cards(hand) for hand in hands]
    order = [hand[n] for n in range(max(map(len, cards))) for hand in cards if n < len(hand)]
    order += [*parse_cards(up), *parse_cards(stock)]
    two_decks = Counter(decks(2, jokers_per_deck=2))
    rest = two_decks - Counter(order)
    assert sum(rest.values()) == sum(two_decks.values()) - len(order), "two decks hold each face twice"
    return [*order, *sorted(rest.elements()), *sorted(two_decks.elements())]


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
