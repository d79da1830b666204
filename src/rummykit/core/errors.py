"""The error hierarchy. Every error rummykit raises on purpose is a [`RummyError`][rummykit.core.errors.RummyError].

- [`InvalidCardError`][rummykit.core.errors.InvalidCardError],
  [`InvalidActionError`][rummykit.core.errors.InvalidActionError]: malformed input (not a card; an action
  that is not an action of this game, or names a seat that does not exist).
- [`IllegalActionError`][rummykit.core.errors.IllegalActionError]: a well-formed action that the rules
  refuse; ``.rule`` is the rule id from the rule book (``"RR-11"``). The game is left exactly as it was.
- [`UnknownVariantError`][rummykit.core.errors.UnknownVariantError],
  [`UnknownHouseRuleError`][rummykit.core.errors.UnknownHouseRuleError],
  [`InvalidOptionError`][rummykit.core.errors.InvalidOptionError]: a game that cannot be created as asked.
- [`InvalidPositionError`][rummykit.core.errors.InvalidPositionError],
  [`InvalidRecordError`][rummykit.core.errors.InvalidRecordError]: data that does not describe a consistent
  position or game record; nothing is built from it.
- [`PluginError`][rummykit.core.errors.PluginError]: a plug-in that breaks the variant contract.
- [`InvalidResultsError`][rummykit.core.errors.InvalidResultsError]: a results document of `simulate`
  that cannot be read (or resumed from).
- [`SimulationError`][rummykit.core.errors.SimulationError]: a run of `simulate` in which games failed;
  it names each failing game's seed and action, and holds the figures of the games that were played.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "GameOverError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidResultsError",
    "PluginError",
    "RummyError",
    "SimulationError",
    "UnknownHouseRuleError",
    "UnknownVariantError",
    "quote",
]


class _ShortRepr(reprlib.Repr):
    """`reprlib`'s short ``repr``, for an integer too long for ``repr`` too."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 256:
            return f"<an integer of about {x.bit_length() * 0.30103:,.0f} digits>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 40


def quote(value: object) -> str:
    """``repr(value)`` cut to a short prefix: how a message quotes what it was given, which may be
    untrusted input of any size (a 50 MB name, a 5,000-digit number, a deeply nested list).

    Examples:
        >>> quote("railroad")
        "'railroad'"
        >>> quote("x" * 10_000)
        "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
        >>> quote(10**5000)
        '<an integer of about 5,000 digits>'
    """
    return _SHORT.repr(value)


class RummyError(Exception):
    """Base class of every error rummykit raises on purpose."""


class InvalidCardError(RummyError, ValueError):
    """Text that is not card notation (``"1H"``, ``"ZZ"``)."""


class InvalidActionError(RummyError, ValueError):
    """An action that is malformed for this game: an action type the variant does not have, a seat that
    does not exist, a meld with no cards. Compare
    [`IllegalActionError`][rummykit.core.errors.IllegalActionError], for an action that is well formed but
    against the rules."""


class IllegalActionError(RummyError):
    """An action the rules refuse.

    Attributes:
        rule: the id of the rule that refuses it, as in the rule book (``"RR-11"``).
        action: the refused action.
        reason: why it is refused, in words.

    The message says what was tried, by which seat, why it is refused, and the rule's id (so that a
    traceback or a log line names the rule); print it on its own, or ``err.reason`` beside
    ``err.rule``:

    Examples:
        >>> from rummykit.core.actions import Discard
        >>> from rummykit.core.cards import Card
        >>> err = IllegalActionError(
        ...     "RR-21", "it was taken from the discard pile this turn",
        ...     action=Discard(seat=1, card=Card.parse("7C")),
        ... )
        >>> print(err)
        seat 1 may not discard 7C: it was taken from the discard pile this turn (RR-21)
        >>> print(err.rule, err.reason)
        RR-21 it was taken from the discard pile this turn
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
        super().__init__(f"unknown variant {quote(name)}; installed variants: {_listing(self.available)}")


class UnknownHouseRuleError(RummyError, LookupError):
    """A house rule that is not installed, does not apply to the variant, or is asked for twice.

    Examples:
        >>> twice = ["ace-low", "jokers"]
        >>> str(UnknownHouseRuleError("jokers", "rummy", twice, duplicate=True))
        "house rule 'jokers' is given twice; a game stacks each house rule once"
    """

    def __init__(
        self, name: str, variant: str, available: Iterable[str], *, installed: bool = False, duplicate: bool = False
    ) -> None:
        self.name = name
        self.variant = variant
        self.available = tuple(sorted(available))
        if duplicate:
            message = f"house rule {quote(name)} is given twice; a game stacks each house rule once"
        else:
            problem = "does not apply to" if installed else "is not a house rule of"
            message = (
                f"house rule {quote(name)} {problem} {variant!r}; "
                f"house rules for {variant!r}: {_listing(self.available)}"
            )
        super().__init__(message)


class InvalidOptionError(RummyError, ValueError):
    """A game that cannot be created as asked: an option it does not have, a value the option does
    not accept, a player count outside the variant's range. ``.rule`` is the id of the rule the
    option or player count belongs to, if any (``"RR-1"``, ``"RR-18"``); ``.field`` names what was
    given wrong (``"players"``, ``"options.max_rounds"``, ``"seed"``, ``"dealer"``), if it is one
    argument."""

    def __init__(self, message: str, *, rule: str | None = None, field: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule
        self.field = field


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
    """A plug-in that breaks the variant contract (a missing hook, a bad specification), or whose hook
    failed: ``.hook`` names the hook (``"rummykit_check_position"``) and ``.plugin`` the plug-in, where
    the error comes from one."""

    def __init__(self, message: str, *, hook: str | None = None, plugin: str | None = None) -> None:
        self.hook = hook
        self.plugin = plugin
        super().__init__(message)


class InvalidResultsError(RummyError, ValueError):
    """A results document of `simulate` that cannot be read, or cannot be resumed from: ``.path``
    names the field (``"counts.wins"``)."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)


class SimulationError(RummyError):
    """A run of `simulate` that stopped because games failed (a game that raised, or a chunk whose
    worker died every time it was tried).

    Attributes:
        failures: each failure ([`GameFailure`][rummykit.play.chunks.GameFailure]): the game's index, seed
            and the action it failed at, and code that plays it again.
        partial: the figures of the games that were played
            ([`SimulationResult`][rummykit.play.results.SimulationResult], ``None`` if none was); its
            document resumes the run once the cause is fixed.
    """

    def __init__(self, failures: Sequence[Any], partial: Any = None) -> None:
        self.failures = tuple(failures)
        self.partial = partial
        first = str(self.failures[0]) if self.failures else "no failure"
        more = f" (and {len(self.failures) - 1:,} more)" if len(self.failures) > 1 else ""
        super().__init__(f"{first}{more}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.failures, self.partial))
