"""The conformance kit's failure: [`ConformanceError`][rummykit.testing.errors.ConformanceError], and
the names of the properties it checks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from rummykit.core.records import GameRecord

__all__ = ["PROPERTIES", "ConformanceError"]

PROPERTIES: Final[Mapping[str, str]] = {
    "termination": "seeded games end within the G-1 (turns per round) and G-3 (rounds) bounds, "
    "for option values drawn from each option's own spec",
    "conservation": "after every action every card of the shoe is in exactly one place, and the action's "
    "Applied.moved names exactly the cards that changed place, from where to where",
    "soundness": "every action legal_actions(seat) lists is in canonical form, listed once, and applies",
    "completeness": "every action apply accepts is carried out with the cards it names (G-6), in the form check "
    "returns, and is represented in legal_actions: listed, listed up to suits where the variant's listing "
    "ignores them, or listed in parts (its move's `split`) that leave the same position",
    "refusal": "a refused action raises IllegalActionError citing a rule of the game and changes nothing",
    "determinism": "the same seed and actions give the same record, scores and views",
    "views": "no view (nor its JSON) shows a card hidden from its seat; hidden cards make no difference to it",
    "records": "a record dumped to JSON, loaded and replayed reproduces the game; a position of every phase reached "
    "dumped to JSON and written in the notation reads back to the same state and views",
    "coverage": "the games reach every phase, action kind and way to end a round the variant declares (unless "
    "declared unreachable in tests, with the reason), and no position is in a phase it does not declare",
}
"""Every property the kit checks, by the name a failure reports, with what it means."""


class ConformanceError(AssertionError):
    """A variant (with its house rules) breaks a property every rummy game must have.

    The message names the property, the game (variant, house rules, players, seed, options) and the
    index of the action that breaks it in the game's record (``None``: before any action, or not tied
    to one action), then what went wrong. A seeded game replays from these alone.

    Attributes:
        property: the name of the broken property, a key of [`PROPERTIES`][rummykit.testing.errors.PROPERTIES].
        detail: what went wrong, in words.
        variant: the variant's name.
        house_rules: the house rules stacked on it.
        players: the number of seats.
        seed: the game's seed.
        options: the options the game was created with.
        action_index: the index in the game's record of the action that breaks the property (for a
            refused action, the index it would have had).
        record: the game's record when the failure was found, or ``None``: ``rummykit.replay(err.record)``
            gives the game again (its actions were chosen toward what the run had not reached yet, so
            the seed alone does not).
        reproduce: a one-line call that makes the run again and fails the same way (the run follows
            its seed alone), or ``None`` where the failure was not found by a run.

    Examples:
        >>> err = ConformanceError("conservation", "card 5H#1 is in two places", variant="my-rummy",
        ...                        players=3, seed=12, action_index=40)
        >>> print(err)
        conservation: my-rummy, 3 players, seed 12, action 40: card 5H#1 is in two places
    """

    def __init__(
        self,
        property: str,
        detail: str,
        *,
        variant: str | None = None,
        house_rules: Sequence[str] = (),
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        action_index: int | None = None,
        record: GameRecord | None = None,
        reproduce: str | None = None,
    ) -> None:
        if property not in PROPERTIES:
            raise ValueError(f"no property {property!r}; the properties: {', '.join(PROPERTIES)}")
        self.property = property
        self.detail = detail
        self.variant = variant
        self.house_rules = tuple(house_rules)
        self.players = players
        self.seed = seed
        self.options = dict(options) if options else {}
        self.action_index = action_index
        self.record = record
        self.reproduce = reproduce
        super().__init__(str(self))

    def locate(
        self,
        *,
        variant: str,
        house_rules: Sequence[str],
        players: int,
        seed: int | None,
        options: Mapping[str, Any] | None = None,
        action_index: int | None = None,
        record: GameRecord | None = None,
    ) -> ConformanceError:
        """This failure with the game it happened in (the action index and record kept if already known)."""
        return ConformanceError(
            self.property,
            self.detail,
            variant=variant,
            house_rules=house_rules,
            players=players,
            seed=seed,
            options=options,
            action_index=self.action_index if self.action_index is not None else action_index,
            record=self.record if self.record is not None else record,
            reproduce=self.reproduce,
        )

    def with_reproduction(self, call: str) -> ConformanceError:
        """This failure with the one-line ``call`` that makes its run again (kept if already known)."""
        return ConformanceError(
            self.property,
            self.detail,
            variant=self.variant,
            house_rules=self.house_rules,
            players=self.players,
            seed=self.seed,
            options=self.options,
            action_index=self.action_index,
            record=self.record,
            reproduce=self.reproduce or call,
        )

    def __str__(self) -> str:
        where = []
        if self.variant is not None:
            where.append(self.variant + "".join(f" + {rule}" for rule in self.house_rules))
        if self.players is not None:
            where.append(f"{self.players} players")
        where.append(f"seed {self.seed}")
        if self.options:
            where.append("options " + ", ".join(f"{name}={value!r}" for name, value in sorted(self.options.items())))
        if self.action_index is not None:
            where.append(f"action {self.action_index}")
        text = f"{self.property}: {', '.join(where)}: {self.detail}"
        return text if self.reproduce is None else f"{text}\nreproduce: {self.reproduce}"

    def __reduce__(self) -> tuple[Any, ...]:
        # keyword arguments survive pickling (pytest-xdist sends failures between processes)
        return (_rebuild, (self.property, self.detail, self.__dict__.copy()))


def _rebuild(property: str, detail: str, fields: dict[str, Any]) -> ConformanceError:
    keys = ("variant", "house_rules", "players", "seed", "options", "action_index", "record", "reproduce")
    return ConformanceError(property, detail, **{key: fields[key] for key in keys})
