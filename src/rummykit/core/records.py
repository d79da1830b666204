"""Game records: everything needed to replay a game exactly.

A [`GameRecord`][rummykit.core.records.GameRecord] holds how the game was created (variant, players,
options, house rules, seed or stacked shoes, first dealer if it was given, or the position it started
from), the random outcomes of an unseeded game, and every action in the canonical form the engine
performed. [`rummykit.replay`][rummykit.core.engine.replay] rebuilds the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rummykit.core.actions import Action
from rummykit.core.cards import Card
from rummykit.core.state import GameState

__all__ = ["GameRecord"]


@attrs.frozen(kw_only=True)
class GameRecord:
    """A complete, replayable record of a game.

    Attributes:
        variant: the variant's name.
        players: the number of seats.
        options: every option's value.
        house_rules: the house rules, in the order they were stacked.
        seed: the seed of a seeded game.
        dealer: the first dealer, if it was given rather than drawn at random.
        shoes: the stacked shoes of the first rounds, one per round from round 1 (faces in draw
            order), if they were given.
        outcomes: the random outcomes of an unseeded game (every shuffle's permutation, every
            random choice), so that it replays exactly.
        position: the position the game started from, if it did not start with a deal (a game made
            with [`Game.from_state`][rummykit.core.engine.Game.from_state], such as a position read from a
            document or built by hand).
        actions: every action, in the canonical form the engine performed.
    """

    variant: str
    players: int
    options: Mapping[str, Any] = attrs.field(converter=dict)
    house_rules: tuple[str, ...] = ()
    seed: int | None = None
    dealer: int | None = None
    shoes: tuple[tuple[Card, ...], ...] = ()
    outcomes: tuple[tuple[int, ...], ...] = ()
    position: GameState | None = None
    actions: tuple[Action, ...] = ()
