"""Rewards for learning agents, as an option of every environment and OpenSpiel game: what a seat is
paid for a round and for the game. ``rewards=`` takes one of [`REWARDS`][rummykit.rl.rewards.REWARDS]:

- ``"points"``, paid each round: the round's score as the variant scores it (over a game, they add
  up to the final total), negated where the lowest total wins (golf scoring, RR-31), so that higher
  is always better. General-sum.
- ``"zero-sum"``, paid each round: the ``"points"`` of a seat less the mean of every seat's; they add
  up to 0.
- ``"normalized"``, paid at the game's end only: the ``"zero-sum"`` values of the final totals divided
  by the configuration's score scale ([`score_scale`][rummykit.rl.observation.score_scale]), or by the
  largest of them in size where it is larger. Zero-sum, always within [-1, 1].
- ``"win-loss"``, paid at the game's end only: 1 to each winner (equal best totals share the win), -1
  to every other seat; 0 to all if every seat wins. Zero-sum for 2 players.

An episode's return is the sum of its rewards: in OpenSpiel, the returns at the end of the game are
those sums (OpenSpiel's games pay at the end).

Examples:
    >>> from rummykit.core.configuration import configure
    >>> scheme = Rewards("zero-sum", configure("railroad-rummy", 2))
    >>> scheme.round((0, 20)), scheme.end((40, 75), winners=(0,))
    ((10.0, -10.0), (0.0, 0.0))
    >>> Rewards("win-loss", configure("rummy", 3)).end((120, 30, 0), winners=(0,))
    (1.0, -1.0, -1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummykit.core.configuration import Configuration
from rummykit.core.errors import InvalidOptionError, quote
from rummykit.rl.observation import score_scale

__all__ = ["REWARDS", "Rewards"]

REWARDS: Final = ("points", "zero-sum", "normalized", "win-loss")
"""The reward schemes, by name."""


class Rewards:
    """A reward scheme for a configuration (see [`rummykit.rl.rewards`][rummykit.rl.rewards]).

    Raises:
        InvalidOptionError: a scheme that is not one of [`REWARDS`][rummykit.rl.rewards.REWARDS].
    """

    __slots__ = ("name", "players", "scale", "sign")

    def __init__(self, name: str, configuration: Configuration) -> None:
        if not isinstance(name, str) or name not in REWARDS:
            raise InvalidOptionError(f"rewards is one of {', '.join(REWARDS)}, not {quote(name)}", field="rewards")
        self.name = name
        self.players = configuration.players
        self.sign = -1 if configuration.spec.low_score_wins else 1
        self.scale = score_scale(configuration)

    @property
    def bounded(self) -> bool:
        """Every reward and return lies within [-1, 1]."""
        return self.name in ("normalized", "win-loss")

    def _scores(self, scores: Sequence[int]) -> tuple[float, ...]:
        signed = [float(self.sign * score) for score in scores]
        if self.name == "points":
            return tuple(signed)
        mean = sum(signed) / len(signed)
        centred = [score - mean for score in signed]
        if self.name == "zero-sum":
            return tuple(centred)
        scale = max(self.scale, *(abs(score) for score in centred))
        return tuple(score / scale for score in centred)

    def round(self, scores: Sequence[int]) -> tuple[float, ...]:
        """Each seat's reward for a round scored ``scores`` (the round's scores, as the variant scores)."""
        if self.name in ("win-loss", "normalized"):
            return (0.0,) * len(scores)
        return self._scores(scores)

    def end(self, totals: Sequence[int], winners: Sequence[int]) -> tuple[float, ...]:
        """Each seat's reward at the end of a game with ``totals`` and ``winners``, beyond its rounds'."""
        if self.name == "normalized":
            return self._scores(totals)
        if self.name != "win-loss":
            return (0.0,) * len(totals)
        if len(set(winners)) == len(totals):
            return (0.0,) * len(totals)
        return tuple(1.0 if seat in winners else -1.0 for seat in range(len(totals)))

    def returns(self, history: Sequence[Sequence[int]], totals: Sequence[int], winners: Sequence[int]) -> list[float]:
        """Each seat's return over a whole game: its rewards for the rounds scored ``history`` (each
        round's scores) and for the end."""
        sums = [0.0] * len(totals)
        for scores in history:
            for seat, reward in enumerate(self.round(scores)):
                sums[seat] += reward
        for seat, reward in enumerate(self.end(totals, winners)):
            sums[seat] += reward
        return sums
