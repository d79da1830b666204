"""Exact summaries of many games, which add up in any order: what each chunk of a run sends back.

A run of `simulate` is played in chunks of games, in this process, in worker processes or on the
machines of a Ray cluster. Each chunk is summed up as [`Counts`][rummykit.play.tally.Counts]: integers
only (games, wins, sums and sums of squares of the final totals, a count of each number of turns
per round), never a float averaged per chunk. Adding ``Counts`` is exact, associative and
commutative, so the figures of a run do not depend on how it was split into chunks nor on the
order the chunks finished in. [`GameRanges`][rummykit.play.tally.GameRanges] keeps which games are
counted, so that no game is counted twice.

Examples:
    >>> tally = Tally(("heuristic", "random"))
    >>> tally.add_game(scores=(10, -3), winners=(0,), turns=(12, 7), actions=90)
    >>> tally.add_game(scores=(0, 25), winners=(1,), turns=(9,), actions=40)
    >>> counts = tally.counts()
    >>> counts.games, counts.wins, counts.score_sums, counts.turns
    (2, (1, 1), (10, 22), ((7, 1), (9, 1), (12, 1)))
    >>> counts + Counts.empty(("heuristic", "random")) == counts
    True
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

import attrs

__all__ = ["Counts", "GameRanges", "Tally"]


def _bot_names(seat_bots: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(set(seat_bots)))


@attrs.frozen(kw_only=True)
class Counts:
    """What a set of games adds up to, exactly: the summary a chunk of games sends back, and what a
    run's figures are read from.

    Attributes:
        seat_bots: the bot of each seat.
        games: how many games.
        wins: games won, per seat (a shared win counts for each winner).
        score_sums: the sum of the seat's final totals, per seat.
        score_squares: the sum of their squares, per seat.
        bot_squares: per bot (in the order of ``bots``), the sum over games of the square of the
            bot's total over its seats in that game (for the interval of its mean score, where the
            games, not the seats, are the independent trials).
        rounds: rounds played, over all games.
        actions: actions taken, over all games.
        turns: ``(turns, rounds)`` pairs, in increasing order of turns: how many rounds lasted
            each number of turns.
    """

    seat_bots: tuple[str, ...]
    games: int = 0
    wins: tuple[int, ...]
    score_sums: tuple[int, ...]
    score_squares: tuple[int, ...]
    bot_squares: tuple[int, ...]
    rounds: int = 0
    actions: int = 0
    turns: tuple[tuple[int, int], ...] = ()

    @classmethod
    def empty(cls, seat_bots: Sequence[str]) -> Counts:
        """No games yet."""
        seats = (0,) * len(seat_bots)
        return cls(
            seat_bots=tuple(seat_bots),
            wins=seats,
            score_sums=seats,
            score_squares=seats,
            bot_squares=(0,) * len(_bot_names(seat_bots)),
        )

    @property
    def bots(self) -> tuple[str, ...]:
        """The distinct bots, sorted (the order of ``bot_squares``)."""
        return _bot_names(self.seat_bots)

    @property
    def rounds_counted(self) -> int:
        """How many rounds ``turns`` counts."""
        return sum(rounds for _, rounds in self.turns)

    def check(self) -> None:
        """Raise ValueError if these counts could not come from any games."""
        players = len(self.seat_bots)
        if not players:
            raise ValueError("no seats")
        for name, values in (
            ("wins", self.wins),
            ("score_sums", self.score_sums),
            ("score_squares", self.score_squares),
        ):
            if len(values) != players:
                raise ValueError(f"{name} has {len(values)} seats, not {players}")
        if len(self.bot_squares) != len(self.bots):
            raise ValueError(f"bot_squares has {len(self.bot_squares)} bots, not {len(self.bots)}")
        if self.games < 0 or self.rounds < 0 or self.actions < 0:
            raise ValueError("a negative number of games, rounds or actions")
        if any(not 0 <= wins <= self.games for wins in self.wins):
            raise ValueError(f"a seat won more than the {self.games} games or fewer than none")
        for seat, (total, squares) in enumerate(zip(self.score_sums, self.score_squares, strict=True)):
            if self.games * squares < total * total:
                raise ValueError(f"seat {seat}'s sum of squares is too small for its sum")
        if any(rounds < 1 or turns < 0 for turns, rounds in self.turns):
            raise ValueError("turns counts a number of rounds below 1 or of turns below 0")
        if [turns for turns, _ in self.turns] != sorted({turns for turns, _ in self.turns}):
            raise ValueError("turns is not in increasing order of turns, each once")
        if self.rounds_counted != self.rounds:
            raise ValueError(f"turns counts {self.rounds_counted} rounds, not the {self.rounds} played")

    def __add__(self, other: Counts) -> Counts:
        """The counts of both sets of games (of the same seats and bots)."""
        if not isinstance(other, Counts):
            return NotImplemented
        if other.seat_bots != self.seat_bots:
            raise ValueError(f"counts of seats {other.seat_bots} do not add to counts of seats {self.seat_bots}")
        turns = Counter(dict(self.turns))
        turns.update(dict(other.turns))
        return Counts(
            seat_bots=self.seat_bots,
            games=self.games + other.games,
            wins=_add(self.wins, other.wins),
            score_sums=_add(self.score_sums, other.score_sums),
            score_squares=_add(self.score_squares, other.score_squares),
            bot_squares=_add(self.bot_squares, other.bot_squares),
            rounds=self.rounds + other.rounds,
            actions=self.actions + other.actions,
            turns=tuple(sorted(turns.items())),
        )

    def turns_nth(self, index: int) -> int:
        """The ``index``-th smallest number of turns of a round (from 0)."""
        seen = 0
        for value, rounds in self.turns:
            seen += rounds
            if index < seen:
                return value
        raise IndexError(index)


def _add(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(left, right, strict=True))


class Tally:
    """Counts being gathered, game by game or chunk by chunk (mutable; `counts` freezes them)."""

    def __init__(self, seat_bots: Sequence[str]) -> None:
        self.seat_bots = tuple(seat_bots)
        players = len(self.seat_bots)
        self.games = 0
        self.wins = [0] * players
        self.score_sums = [0] * players
        self.score_squares = [0] * players
        names = _bot_names(self.seat_bots)
        self._bot_seats = [[seat for seat, bot in enumerate(self.seat_bots) if bot == name] for name in names]
        self.bot_squares = [0] * len(names)
        self.rounds = 0
        self.actions = 0
        self.turns: Counter[int] = Counter()

    def add_game(self, *, scores: Sequence[int], winners: Iterable[int], turns: Sequence[int], actions: int) -> None:
        """Count one game: its final totals by seat, its winners, the turns of each round, its actions."""
        self.games += 1
        for seat in winners:
            self.wins[seat] += 1
        for seat, score in enumerate(scores):
            self.score_sums[seat] += score
            self.score_squares[seat] += score * score
        for bot, seats in enumerate(self._bot_seats):
            total = sum(scores[seat] for seat in seats)
            self.bot_squares[bot] += total * total
        self.rounds += len(turns)
        self.turns.update(turns)
        self.actions += actions

    def merge(self, counts: Counts) -> None:
        """Add the counts of other games (of the same seats and bots)."""
        if counts.seat_bots != self.seat_bots:
            raise ValueError(f"counts of seats {counts.seat_bots} do not add to counts of seats {self.seat_bots}")
        self.games += counts.games
        for target, values in (
            (self.wins, counts.wins),
            (self.score_sums, counts.score_sums),
            (self.score_squares, counts.score_squares),
            (self.bot_squares, counts.bot_squares),
        ):
            for i, value in enumerate(values):
                target[i] += value
        self.rounds += counts.rounds
        self.actions += counts.actions
        self.turns.update(dict(counts.turns))

    def counts(self) -> Counts:
        """The counts so far, frozen."""
        return Counts(
            seat_bots=self.seat_bots,
            games=self.games,
            wins=tuple(self.wins),
            score_sums=tuple(self.score_sums),
            score_squares=tuple(self.score_squares),
            bot_squares=tuple(self.bot_squares),
            rounds=self.rounds,
            actions=self.actions,
            turns=tuple(sorted(self.turns.items())),
        )


class GameRanges:
    """Which games of a run are counted: disjoint ranges ``[start, stop)`` of game indexes, adjacent
    ones joined (a run that finishes its chunks in order is one range, whatever its size).

    Examples:
        >>> done = GameRanges()
        >>> done.add(10, 20); done.add(0, 10); done.add(30, 35)
        >>> done.ranges(), done.total
        (((0, 20), (30, 35)), 25)
        >>> list(done.missing(40))
        [(20, 30), (35, 40)]
        >>> done.add(15, 31)
        Traceback (most recent call last):
        ...
        ValueError: games 15 to 30 overlap games already counted
    """

    def __init__(self, ranges: Iterable[tuple[int, int]] = ()) -> None:
        self._starts: list[int] = []
        self._stops: list[int] = []
        self.total = 0
        for start, stop in ranges:
            self.add(start, stop)

    def overlaps(self, start: int, stop: int) -> bool:
        """Whether any game from ``start`` to ``stop - 1`` is counted."""
        i = bisect.bisect_right(self._starts, start) - 1
        if i >= 0 and self._stops[i] > start:
            return True
        return i + 1 < len(self._starts) and self._starts[i + 1] < stop

    def add(self, start: int, stop: int) -> None:
        """Count games ``start`` to ``stop - 1``.

        Raises:
            ValueError: an empty or negative range, or one that overlaps games already counted.
        """
        if not 0 <= start < stop:
            raise ValueError(f"not a range of games: {start} to {stop - 1}")
        if self.overlaps(start, stop):
            raise ValueError(f"games {start} to {stop - 1} overlap games already counted")
        i = bisect.bisect_left(self._starts, start)
        joins_left = i > 0 and self._stops[i - 1] == start
        joins_right = i < len(self._starts) and self._starts[i] == stop
        if joins_left and joins_right:
            self._stops[i - 1] = self._stops[i]
            del self._starts[i], self._stops[i]
        elif joins_left:
            self._stops[i - 1] = stop
        elif joins_right:
            self._starts[i] = start
        else:
            self._starts.insert(i, start)
            self._stops.insert(i, stop)
        self.total += stop - start

    def ranges(self) -> tuple[tuple[int, int], ...]:
        """The counted ranges ``(start, stop)``, in order."""
        return tuple(zip(self._starts, self._stops, strict=True))

    def missing(self, games: int) -> Iterator[tuple[int, int]]:
        """The ranges of games from 0 to ``games - 1`` not counted, in order."""
        position = 0
        for start, stop in zip(self._starts, self._stops, strict=True):
            if start >= games:
                break
            if start > position:
                yield position, start
            position = max(position, stop)
        if position < games:
            yield position, games

    @property
    def end(self) -> int:
        """One past the last game counted (0 if none is)."""
        return self._stops[-1] if self._stops else 0
