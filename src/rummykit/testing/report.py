"""What a conformance run checked and reached: [`ConformanceReport`][rummykit.testing.report.ConformanceReport],
and its table for people ([`ConformanceReport.table`][rummykit.testing.report.ConformanceReport.table])."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Mapping

import attrs

__all__ = ["ConformanceReport"]


def _sum(first: Mapping[str, int], second: Mapping[str, int]) -> dict[str, int]:
    return dict(Counter(first) + Counter(second))


@attrs.frozen
class ConformanceReport:
    """What a conformance run checked (every property held, or
    [`ConformanceError`][rummykit.testing.errors.ConformanceError] was raised), and what its games
    reached. Two runs with the same arguments (``seed`` among them) give equal reports.

    Attributes:
        variant: the variant's name.
        house_rules: the house rules stacked on it.
        seed: the seed the run followed.
        games: games played: from start positions, from the deal, searches and steered games.
        actions: actions applied in them (each followed by the checks).
        rounds: rounds played in them.
        examples: random positions checked with random actions.
        refusals: refused random actions, by the rule each cited.
        accepted: random actions accepted (each found among the listed ones).
        targets: every phase, action kind and way to end a round the games aimed at
            ([`coverage_targets`][rummykit.testing.coverage.coverage_targets]).
        reached: how often the games reached each target: positions in each phase, actions of each
            kind, rounds ended in each way.
        reached_games: in how many games each target was reached.
        unreachable: the targets declared unreachable in tests, with the reasons.
        positions_checked: positions checked in full (soundness, completeness and refusal, views and
            pictures, the position's JSON and notation): in each game, its deal, the first of each
            phase and the first after each round's end; and the first after each action kind.
        example_phases: the random positions by phase.
        searches: of the games, those played from positions of the earlier ones (up to
            [`SEARCH_STEPS`][rummykit.testing.runs.SEARCH_STEPS] actions, or the end of their round),
            searching for what the games had not reached.
        steered: of the games, the one-round games from the deal steered toward what the games had
            not reached ([`check_games`][rummykit.testing.runs.check_games]), among them those found
            by scouting.
        scouted: games played without the checks, scouting for what the games had not reached (the
            first that reached something was played again with every check, as a steered game).
        how: how each target reached was first reached: the game that reached it, in words.
        undeclared: the ways to end a round that the games reached but the variant does not declare
            (``VariantSpec.round_ends``), with how often: accepted with a ``DeprecationWarning``.
    """

    variant: str
    house_rules: tuple[str, ...]
    games: int = 0
    actions: int = 0
    rounds: int = 0
    examples: int = 0
    refusals: Mapping[str, int] = attrs.field(factory=dict)
    accepted: int = 0
    targets: tuple[str, ...] = ()
    reached: Mapping[str, int] = attrs.field(factory=dict)
    reached_games: Mapping[str, int] = attrs.field(factory=dict)
    unreachable: Mapping[str, str] = attrs.field(factory=dict)
    positions_checked: int = 0
    example_phases: Mapping[str, int] = attrs.field(factory=dict)
    searches: int = 0
    seed: int = 0
    steered: int = 0
    how: Mapping[str, str] = attrs.field(factory=dict)
    undeclared: Mapping[str, int] = attrs.field(factory=dict)
    scouted: int = 0

    def __add__(self, other: ConformanceReport) -> ConformanceReport:
        return ConformanceReport(
            self.variant,
            self.house_rules,
            games=self.games + other.games,
            actions=self.actions + other.actions,
            rounds=self.rounds + other.rounds,
            examples=self.examples + other.examples,
            refusals=_sum(self.refusals, other.refusals),
            accepted=self.accepted + other.accepted,
            targets=tuple(dict.fromkeys((*self.targets, *other.targets))),
            reached=_sum(self.reached, other.reached),
            reached_games=_sum(self.reached_games, other.reached_games),
            unreachable={**self.unreachable, **other.unreachable},
            positions_checked=self.positions_checked + other.positions_checked,
            example_phases=_sum(self.example_phases, other.example_phases),
            searches=self.searches + other.searches,
            seed=self.seed,
            steered=self.steered + other.steered,
            how={**other.how, **self.how},
            undeclared=_sum(self.undeclared, other.undeclared),
            scouted=self.scouted + other.scouted,
        )

    def coverage_lines(self) -> list[str]:
        """What the games reached, one line per target: how often, and in how many games (or why it
        was never reached).

        Examples:
            >>> report = ConformanceReport(
            ...     "rummy", (), games=3, targets=("phase:draw", "round-end:CR-9", "round-end:CR-C2"),
            ...     reached={"phase:draw": 412, "round-end:CR-9": 1},
            ...     reached_games={"phase:draw": 3, "round-end:CR-9": 1},
            ...     unreachable={"round-end:CR-C2": "a card can always be drawn"})
            >>> for line in report.coverage_lines():
            ...     print(line)
            phase:draw: 412 in 3 of 3 games
            round-end:CR-9: 1 in 1 of 3 games
            round-end:CR-C2: never (declared unreachable in tests: a card can always be drawn)
        """
        lines = []
        for target in self.targets:
            count = self.reached.get(target, 0)
            if count:
                games = self.reached_games.get(target, 0)
                line = f"{target}: {count} in {games} of {self.games} games"
            else:
                line = f"{target}: never"
            if target in self.unreachable:
                line += f" (declared unreachable in tests: {self.unreachable[target]})"
            lines.append(line)
        return lines

    def summary(self) -> str:
        """What the run did, in one paragraph.

        Examples:
            >>> print(ConformanceReport("rummy", ("jokers",), games=12, searches=2, steered=0, actions=3000,
            ...     rounds=20, examples=30, accepted=80, refusals={"CR-6": 5, "G-7": 40}, positions_checked=90))
            rummy + jokers, seed 0: 12 games (10 from the deal or start positions, 2 searches from their
            positions, 0 steered games), 3,000 actions, 20 rounds, 90 positions checked in full; 30 random
            positions, 125 random actions (80 accepted, 45 refused, citing 2 rules)
        """
        stack = " + ".join((self.variant, *self.house_rules))
        played = self.games - self.searches - self.steered
        refused = sum(self.refusals.values())
        scouted = f", and {self.scouted:,} scouting games without the checks" if self.scouted else ""
        return (
            f"{stack}, seed {self.seed}: {self.games:,} games ({played:,} from the deal or start positions, "
            f"{self.searches:,} searches from their positions, {self.steered:,} steered games{scouted}), "
            f"{self.actions:,} actions, {self.rounds:,} rounds, {self.positions_checked:,} positions checked "
            f"in full; {self.examples:,} random positions, {self.accepted + refused:,} random actions "
            f"({self.accepted:,} accepted, {refused:,} refused, citing {len(self.refusals)} rules)"
        )

    def __str__(self) -> str:
        import textwrap  # noqa: PLC0415

        return textwrap.fill(self.summary(), 100)

    def rows(self) -> list[tuple[str, str, str, str]]:
        """The table's rows: each target, how often it was reached, in how many games, and how it was
        first reached (or why it never was); then each way to end a round reached but not declared."""
        rows = []
        for target in self.targets:
            count = self.reached.get(target, 0)
            games = self.reached_games.get(target, 0)
            if target in self.unreachable:
                how = f"declared unreachable: {self.unreachable[target]}"
            else:
                how = self.how.get(target, "never")
            rows.append((target, f"{count:,}" if count else "-", f"{games:,}" if count else "-", how))
        for target, count in self.undeclared.items():
            rows.append((target, f"{count:,}", "", "not declared (VariantSpec.round_ends): deprecated"))
        return rows

    def table(self, width: int = 80) -> str:
        """The report as a table of ``width`` columns: the summary, then each target with how often the
        games reached it (positions in a phase, actions of a kind, rounds ended in a way), in how many
        games, and the game that first reached it.

        Examples:
            >>> report = ConformanceReport("rummy", (), games=2, targets=("phase:draw", "round-end:CR-9"),
            ...     reached={"phase:draw": 40}, reached_games={"phase:draw": 2}, how={"phase:draw": "game 1"})
            >>> print(report.table(width=60))
            rummy, seed 0: 2 games (2 from the deal or start positions,
            0 searches from their positions, 0 steered games), 0
            actions, 0 rounds, 0 positions checked in full; 0 random
            positions, 0 random actions (0 accepted, 0 refused, citing 0
            rules)
            <BLANKLINE>
             target           reached   games   first reached by
            ─────────────────────────────────────────────────────
             phase:draw            40       2   game 1
             round-end:CR-9         -       -   never
        """
        from rich import box  # noqa: PLC0415 (only a table for people needs rich)
        from rich.console import Console  # noqa: PLC0415
        from rich.table import Table  # noqa: PLC0415

        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=True)
        table.add_column("target", no_wrap=True, overflow="fold")
        table.add_column("reached", justify="right", no_wrap=True)
        table.add_column("games", justify="right", no_wrap=True)
        table.add_column("first reached by", overflow="fold")
        for row in self.rows():
            table.add_row(*row)
        console = Console(width=width, record=True, file=io.StringIO(), color_system=None, soft_wrap=False)
        console.print(self.summary(), markup=False, highlight=False)
        console.print()
        console.print(table)
        return "\n".join(line.rstrip() for line in console.export_text().rstrip().splitlines())
