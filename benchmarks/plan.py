"""How much of each measurement a run does: the full plan, or ``--quick``'s smoke run of seconds."""

from __future__ import annotations

from typing import Any

import attrs

from benchmarks import ours

__all__ = ["Plan"]


@attrs.frozen
class Plan:
    """How much of each measurement a run does (``--quick``: a smoke run of seconds).

    Attributes:
        steps: random steps per variant and player count.
        step_games: the variants and player counts of the step measurement.
        hands_per_cell: solver corpus hands per hand size and number of wild cards.
        positions: mid-game positions for copies, round trips and memory.
        repeat: how many times the timed loops of the positions run (a scale).
        games: full heuristic games in one process.
        simulate_games: games per ``simulate`` run (with 1 and with 2 workers).
        peer_steps: random steps of each peer engine.
        new_games: ``new_game`` calls per timed run (five runs per variant).
        rounds: with ``--baseline``: how many times each measurement runs on each engine, interleaved.
        clock: ``"wall"`` or ``"cpu"`` (`benchmarks.timing.CLOCKS`): what the timed measurements read.
    """

    steps: int
    step_games: tuple[tuple[str, int], ...]
    hands_per_cell: int
    positions: int
    repeat: int
    games: int
    simulate_games: int
    peer_steps: int
    new_games: int = 200
    rounds: int = 5
    clock: str = "wall"

    @classmethod
    def make(cls, *, quick: bool) -> Plan:
        """The full plan, or the quick one."""
        if quick:
            return cls(
                steps=1500,
                step_games=(ours.STEP_GAMES[0], ours.STEP_GAMES[4], *ours.STEP_GAMES[-2:]),
                hands_per_cell=1,
                positions=2,
                repeat=2,
                games=2,
                simulate_games=4,
                peer_steps=1500,
                new_games=20,
                rounds=2,
            )
        return cls(
            steps=20_000,
            step_games=ours.STEP_GAMES,
            hands_per_cell=6,
            positions=5,
            repeat=10,
            games=40,
            simulate_games=80,
            peer_steps=20_000,
            new_games=200,
            rounds=5,
        )

    def to_data(self) -> dict[str, Any]:
        """The plan as plain data (JSON), for a worker process."""
        return attrs.asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Plan:
        """The plan that `to_data` wrote."""
        fields = dict(data)
        fields["step_games"] = tuple((str(variant), int(players)) for variant, players in fields["step_games"])
        return cls(**fields)
