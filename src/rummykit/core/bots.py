"""Bots: players that choose an action from what their seat may see.

A bot sees only ``game.view(seat)`` and ``game.legal_actions(seat)``, never the full state:

Examples:
    >>> import rummykit
    >>> from rummykit import make_bot
    >>> game = rummykit.new_game("railroad-rummy", players=2, seed=1)
    >>> bots = [make_bot("random", "railroad-rummy", seed=seat) for seat in range(2)]
    >>> seat = game.to_act[0]
    >>> _ = game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))

Every variant has the ``random`` bot (uniform over the legal actions). A variant plug-in offers its own
bots through the ``rummykit_bots`` hook (the built-in variants each offer ``heuristic``);
[`rummykit.make_bot`][rummykit.core.plugins.make_bot] and
[`rummykit.available_bots`][rummykit.core.plugins.available_bots] find them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from rummykit.core.actions import Action
from rummykit.core.errors import RummyError
from rummykit.core.views import View

__all__ = ["Bot", "BotFactory", "RandomBot", "UnknownBotError"]


@runtime_checkable
class Bot(Protocol):
    """A player. ``choose`` gets the seat's view and its legal actions (never empty) and returns one
    of those actions."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action to take."""
        ...


BotFactory = Callable[[int | None], Bot]
"""Builds a bot from a seed (``None``: unseeded)."""


class UnknownBotError(RummyError, LookupError):
    """No bot of that name for the variant. ``.available`` lists the bots it has."""

    def __init__(self, name: str, variant: str, available: Sequence[str]) -> None:
        self.name = name
        self.available = tuple(sorted(available))
        super().__init__(f"{variant} has no bot {name!r}; its bots: {', '.join(self.available)}")


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded random source."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return self._rng.choice(legal)
