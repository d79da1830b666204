"""The error hierarchy. Every error rummykit raises on purpose is a :class:`RummyError`.

- :class:`InvalidCardError`, :class:`InvalidActionError`: malformed input (not a card; an action
  that is not an action of this game, or names a seat that does not exist).
- :class:`IllegalActionError`: a well-formed action that the rules refuse; ``.rule`` is the rule id
  from the rule book (``"RR-11"``). The game is left exactly as it was.
- :class:`UnknownVariantError`, :class:`UnknownHouseRuleError`, :class:`InvalidOptionError`: a game
  that cannot be created as asked.
- :class:`InvalidPositionError`, :class:`InvalidRecordError`: data that does not describe a
  consistent position or game record; nothing is built from it.
- :class:`PluginError`: a plug-in that breaks the variant contract.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "GameOverError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
    "PluginError",
    "RummyError",
    "UnknownHouseRuleError",
    "UnknownVariantError",
]


class RummyError(Exception):
    """Base class of every error rummykit raises on purpose."""


class InvalidCardError(RummyError, ValueError):
    """Text that is not card notation (``"1H"``, ``"ZZ"``)."""


class InvalidActionError(RummyError, ValueError):
    """An action that is malformed for this game: an action type the variant does not have, a
    seat that does not exist, a meld with no cards. Compare :class:`IllegalActionError`, for an
    action that is well formed but against the rules."""


class IllegalActionError(RummyError):
    """An action the rules refuse.

    Attributes:
        rule: the id of the rule that refuses it, as in the rule book (``"RR-11"``).
        action: the refused action.
        reason: why it is refused, in words.

    The message says what was tried, by which seat, and why it is refused:

    Examples:
        >>> from rummykit.actions import Discard
        >>> from rummykit.cards import Card
        >>> err = IllegalActionError("RR-21", "it was taken from the discard pile this turn",
        ...                          action=Discard(seat=1, card=Card.parse("7C")))
        >>> err.rule
        'RR-21'
        >>> str(err)
        'seat 1 may not discard 7C: it was taken from the discard pile this turn (RR-21)'
    """

    def __init__(self, rule: str, reason: str, *, action: Any = None) -> None:
        super().__init__(rule, reason)
        self.rule = rule
        self.reason = reason
        self.action = action

    def __str__(self) -> str:
        describe = getattr(self.action, "describe", None)
        what = describe() if callable(describe) else None
        if what:
            seat = getattr(self.action, "seat", None)
            prefix = f"seat {seat} may not {what}" if seat is not None else f"may not {what}"
            return f"{prefix}: {self.reason} ({self.rule})"
        return f"{self.reason} ({self.rule})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_illegal, (type(self), self.rule, self.reason, self.action))


def _rebuild_illegal(cls: type[IllegalActionError], rule: str, reason: str, action: Any) -> IllegalActionError:
    return cls(rule, reason, action=action)


class GameOverError(IllegalActionError):
    """An action offered after the game has ended (rule ``G-0``)."""


def _listing(names: Iterable[str]) -> str:
    names = sorted(names)
    return ", ".join(repr(n) for n in names) if names else "(none installed)"


class UnknownVariantError(RummyError, LookupError):
    """No installed variant has this name. ``.available`` lists the installed ones.

    Examples:
        >>> str(UnknownVariantError("railroad", ["rummy", "railroad-rummy"]))
        "unknown variant 'railroad'; installed variants: 'railroad-rummy', 'rummy'"
    """

    def __init__(self, name: str, available: Iterable[str]) -> None:
        self.name = name
        self.available = tuple(sorted(available))
        super().__init__(f"unknown variant {name!r}; installed variants: {_listing(self.available)}")


class UnknownHouseRuleError(RummyError, LookupError):
    """A house rule that is not installed, or does not apply to the variant."""

    def __init__(self, name: str, variant: str, available: Iterable[str], *, installed: bool = False) -> None:
        self.name = name
        self.variant = variant
        self.available = tuple(sorted(available))
        problem = "does not apply to" if installed else "is not a house rule of"
        super().__init__(
            f"house rule {name!r} {problem} {variant!r}; house rules for {variant!r}: {_listing(self.available)}"
        )


class InvalidOptionError(RummyError, ValueError):
    """A game that cannot be created as asked: an option it does not have, a value the option does
    not accept, a player count outside the variant's range. ``.rule`` is the id of the rule the
    option or player count belongs to, if any (``"RR-1"``, ``"RR-18"``)."""

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


class InvalidPositionError(RummyError, ValueError):
    """Data that does not describe a consistent position. ``.path`` names the field
    (``"hands[2][4]"``); nothing is built from the data."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)


class InvalidRecordError(InvalidPositionError):
    """A game record that cannot be loaded or replayed; ``.path`` names the field
    (``"actions[17]"``)."""


class PluginError(RummyError):
    """A plug-in that breaks the variant contract (a missing hook, a bad specification)."""
