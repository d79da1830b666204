"""Test support for Railroad Canasta: set up exact positions.

:func:`arrange` rearranges the cards of a copy of a game into a position: it moves physical cards
between zones (so every card stays accounted for), then sets the turn, phase and the round's own
state. The position then goes through the public loading path
(``load_position(dump_position(...))``), so the variant's position check runs on it: a test never
plays on a position the loader would refuse. Use the game it returns.
"""

from __future__ import annotations

from collections.abc import Sequence

import rummykit
from rummykit.core.cards import CardId, face
from rummykit_variants.railroad_canasta.state import CanastaState

VARIANT = "railroad-canasta"


def new_game(players: int = 2, seed: int = 1, **kwargs: object) -> rummykit.Game:
    """A seeded Railroad Canasta game."""
    return rummykit.new_game(VARIANT, players=players, seed=seed, **kwargs)  # type: ignore[arg-type]


def arrange(
    game: rummykit.Game,
    *,
    hands: Sequence[str],
    table: Sequence[tuple[int, str]] = (),
    discard: str = "",
    stock: str = "",
    leftover: str = "stock",
    kitties: Sequence[str] | None = None,
    red_threes: Sequence[str] | None = None,
    kitty_taken: Sequence[int] = (),
    melded: Sequence[int] | None = None,
    frozen: bool = False,
    totals: Sequence[int] | None = None,
    turn: int = 0,
    phase: str = "draw",
    turn_number: int = 5,
    stuck: bool = False,
) -> rummykit.Game:
    """A game at a position made from the cards of ``game`` (which is left as it was), loaded and
    built by the public position builder (`rummykit.build_position`) and checked as any position is.

    Args:
        hands: each seat's hand as card text.
        table: melds on the table as ``(owner, cards)``.
        discard: the discard pile, bottom card first, top card last.
        stock: cards on top of the stock, the next card to be drawn first.
        leftover: where the cards placed nowhere else go: ``"stock"`` (under ``stock``) or
            ``"discard"`` (under ``discard``, leaving the stock as given).
        kitties: each seat's kitty (default: empty).
        red_threes: the red 3s each seat has placed.
        kitty_taken: the seats that have picked up their kitty.
        melded: the seats that have made their initial meld (default: the owners of table melds).
        frozen: the discard pile is frozen.
        totals: each seat's total before the round.
        turn, phase, turn_number: whose turn, in which phase, how many turns into the round.
        stuck: the turn player's hand held no card it may discard right after drawing.

    Raises:
        InvalidPositionError: the loader refuses the position (the test's position is wrong).
    """
    players = game.players
    owners = {owner for owner, _ in table} if melded is None else set(melded)
    melded_on = [1 if seat in owners else None for seat in range(players)]
    return rummykit.build_position(
        VARIANT,
        players,
        hands=hands,
        seed=game.seed,
        options=game.options,
        round=game.round,
        dealer=game.dealer,
        turn=turn,
        phase=phase,
        turn_number=turn_number,
        discard=discard,
        stock=stock,
        seat_piles={"kitty": list(kitties or [""] * players), "red_threes": list(red_threes or [""] * players)},
        table=table,
        totals=game.scores if totals is None else totals,
        history=game.history,
        facts={
            "frozen": frozen,
            "kitty_taken": [seat in kitty_taken for seat in range(players)],
            "stuck": stuck,
            "melded_on": melded_on,
            "played_on": melded_on,
        },
        rest=leftover,
    )


def canasta_state(game: rummykit.Game) -> CanastaState:
    """The game's Railroad Canasta state."""
    state = game.state
    assert isinstance(state, CanastaState)
    return state


def faces(ids: Sequence[CardId]) -> list[str]:
    """Card ids as sorted face text."""
    return sorted(str(face(cid)) for cid in ids)
