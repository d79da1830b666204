"""Shoes and randomness: building multi-deck shoes, shuffling, and the game's one random source.

Every game owns one [`Randomness`][rummykit.core.shoe.Randomness]. A seeded one (``seed=7``) shuffles the same way on
every run and platform. An unseeded one shuffles with the operating system's secure generator
(`random.SystemRandom`), since a predictable shuffle is an exploitable hole in an online
game; it records each outcome so that the game's record still replays exactly.

A game rebuilt from the record of an unseeded game replays the recorded outcomes, then goes on with
fresh secure shuffles, recorded as before
([`Randomness.continue_fresh`][rummykit.core.shoe.Randomness.continue_fresh]). A record carries exactly
the outcomes its actions use: one whose actions need more than it holds, or less
([`unused`][rummykit.core.shoe.Randomness.unused] after its last action), is refused.

Examples:
    >>> rng = Randomness(seed=7)
    >>> cards = list(range(10)); rng.shuffle(cards); cards
    [8, 3, 1, 4, 7, 0, 9, 6, 2, 5]
    >>> secure = Randomness()
    >>> cards = list(range(10)); secure.shuffle(cards)
    >>> replay = Randomness(replay=secure.outcomes)
    >>> again = list(range(10)); replay.shuffle(again); again == cards
    True
    >>> replay.continue_fresh(); replay.shuffle(again); len(replay.outcomes)  # a fresh outcome
    2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, TypeVar

from rummykit.core.cards import Card, standard_deck
from rummykit.core.errors import InvalidOptionError, InvalidRecordError, quote

__all__ = ["MAX_SEED", "Randomness", "check_seed", "decks"]

MAX_SEED: Final = 2**64 - 1
"""The largest seed: seeds are the ints from 0 to 2**64 - 1 (every JSON reader keeps them exactly
as text, and ``random.Random`` gives each its own sequence; it would not tell ``-7`` from ``7``)."""

T = TypeVar("T")


def decks(count: int, *, jokers_per_deck: int = 0) -> tuple[Card, ...]:
    """``count`` standard decks, each with ``jokers_per_deck`` jokers, in a fixed order.

    Examples:
        >>> len(decks(4, jokers_per_deck=2))
        216
    """
    return standard_deck(jokers=jokers_per_deck) * count


def check_seed(seed: Any) -> int | None:
    """``seed`` if it is ``None`` or a seed (an int from 0 to [`MAX_SEED`][rummykit.core.shoe.MAX_SEED]), else
    [`InvalidOptionError`][rummykit.core.errors.InvalidOptionError].

    Examples:
        >>> check_seed(7)
        7
        >>> check_seed("7")
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidOptionError: a seed is an int from 0 to 2**64 - 1, not '7'
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
        raise InvalidOptionError(f"a seed is an int from 0 to 2**64 - 1, not {quote(seed)}", field="seed")
    return seed


def _shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, the same permutation from the same draws of the generator, without a
    method call per card (a Railroad Canasta round shuffles 424 cards). The loop is
    `random.Random.shuffle`'s, with its ``_randbelow`` (``getrandbits`` of the bound's bit length,
    drawn again while too large) written inline; any other generator shuffles itself."""
    if type(rng) is not random.Random or not _INLINE_SHUFFLE:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


_INLINE_SHUFFLE: Final = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", 0
)
"""`random.Random.shuffle` draws each index with the ``getrandbits`` method that `_shuffle` writes
inline (else `_shuffle` calls it)."""


class Randomness:
    """The random source of one game.

    Args:
        seed: an int from 0 to [`MAX_SEED`][rummykit.core.shoe.MAX_SEED] for a reproducible game; ``None`` for the
            secure system generator.
        replay: outcomes recorded by an unseeded game (`outcomes`), to replay it. Asking for
            more than they hold is an [`InvalidRecordError`][rummykit.core.errors.InvalidRecordError], until
            [`continue_fresh`][rummykit.core.shoe.Randomness.continue_fresh] is called.

    Raises:
        InvalidOptionError: a seed that is not an int from 0 to [`MAX_SEED`][rummykit.core.shoe.MAX_SEED].

    A random source pickles and copies (a seeded one continues identically; an unseeded one goes
    on with fresh secure outcomes).
    """

    __slots__ = ("_fresh", "_replay", "_rng", "_shared", "outcomes", "seed")

    def __init__(self, seed: int | None = None, *, replay: Sequence[Sequence[int]] | None = None) -> None:
        self.seed = check_seed(seed)
        self._rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        # Copy on write: ``copy`` shares a seeded generator, which each holder then clones before it
        # first draws from it (see ``_own``), so the shared generator never moves.
        self._shared = False
        self._replay: list[tuple[int, ...]] | None = None if replay is None else [tuple(o) for o in replay][::-1]
        self._fresh = False
        #: What an unseeded game drew, in order (each shuffle's permutation, each choice).
        self.outcomes: list[tuple[int, ...]] = []

    @property
    def recording(self) -> bool:
        """True if outcomes must be recorded to replay the game (no seed)."""
        return self.seed is None

    def _own(self) -> random.Random:
        """This source's generator, cloned first if a copy still shares it."""
        if self._shared:
            rng = random.Random()
            rng.setstate(self._rng.getstate())
            self._rng = rng
            self._shared = False
        return self._rng

    def _next_outcome(self, size: int) -> tuple[int, ...] | None:
        if self._replay is None:
            return None
        if not self._replay:
            if not self._fresh:
                raise InvalidRecordError("outcomes", "the recorded random outcomes are used up")
            self._replay = None
            return None
        outcome = self._replay.pop()
        if len(outcome) != size:
            raise InvalidRecordError(
                "outcomes", f"a recorded random outcome has {len(outcome)} values where {size} were needed"
            )
        return outcome

    @property
    def unused(self) -> int:
        """How many of the outcomes being replayed have not been used yet."""
        return len(self._replay) if self._replay is not None else 0

    def continue_fresh(self) -> None:
        """Once the outcomes being replayed are used up, go on with fresh secure ones (recorded as
        before) instead of refusing: called when a replayed game has caught up with its record."""
        self._fresh = True

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place."""
        recorded = self._next_outcome(len(items))
        if recorded is not None:
            if sorted(recorded) != list(range(len(items))):
                raise InvalidRecordError("outcomes", "a recorded shuffle is not a permutation")
            perm: Sequence[int] = recorded
        elif self.seed is not None:
            _shuffle(self._own(), items)
            return
        else:
            perm = list(range(len(items)))
            self._rng.shuffle(perm)
        if self.recording:
            self.outcomes.append(tuple(perm))
        items[:] = [items[i] for i in perm]

    def randrange(self, n: int) -> int:
        """A uniform choice in ``range(n)``."""
        recorded = self._next_outcome(1)
        if recorded is not None:
            if not 0 <= recorded[0] < n:
                raise InvalidRecordError("outcomes", "a recorded choice is out of range")
            value = recorded[0]
        else:
            value = self._own().randrange(n)
        if self.recording:
            self.outcomes.append((value,))
        return value

    def copy(self) -> Randomness:
        """An independent random source in the same state (a seeded one continues identically).

        Cheap: a seeded generator is shared until one of its holders draws from it, which then
        draws from a clone of its own (copy on write); the secure generator keeps no state to copy.
        """
        new = Randomness.__new__(Randomness)
        new.seed = self.seed
        new._rng = self._rng
        if self.seed is not None:
            self._shared = new._shared = True
        else:
            new._shared = False
        new._replay = None if self._replay is None else self._replay[:]
        new._fresh = self._fresh
        new.outcomes = self.outcomes[:]
        return new

    def __getstate__(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rng": None if self.seed is None else self._rng.getstate(),
            "replay": self._replay,
            "fresh": self._fresh,
            "outcomes": self.outcomes,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.seed = state["seed"]
        if self.seed is None:
            self._rng = random.SystemRandom()
        else:
            self._rng = random.Random()
            self._rng.setstate(state["rng"])
        self._shared = False
        self._replay = state["replay"]
        self._fresh = state["fresh"]
        self.outcomes = state["outcomes"]
