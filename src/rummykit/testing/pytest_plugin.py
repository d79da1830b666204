"""The conformance kit as a pytest test class: subclass
[`VariantConformance`][rummykit.testing.pytest_plugin.VariantConformance] in a test module.

Examples:
    A variant's own test suite (``tests/test_conformance.py``)::

        from rummykit.testing.pytest_plugin import VariantConformance

        class TestMyRummy(VariantConformance):
            variant = "my-rummy"
            house_rule_stacks = [(), ("my-house-rule",)]
            bots = ("heuristic",)  # the variant's own bots, mixed in with the kit's random play
            games = 6
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest

from rummykit.core.engine import Game
from rummykit.testing.checks import ConformanceReport, check_games, check_random_actions
from rummykit.testing.strategies import ActionStrategy

__all__ = ["VariantConformance"]


class VariantConformance:
    """Every property of the kit as pytest tests, for one variant and each stack of house rules.

    Subclass it in a test module under a name pytest collects (``TestMyRummy``) and set
    [`variant`][rummykit.core.specs]; each test runs once per stack of `house_rule_stacks`. A failure is a
    [`ConformanceError`][rummykit.testing.errors.ConformanceError] naming the property, the seed and the
    action index (and ``coverage`` naming what the games never reached).

    Attributes:
        variant: the variant's name (installed, or registered with
            [`rummykit.core.plugins.register_variant`][rummykit.core.plugins.register_variant]).
        house_rule_stacks: the stacks of house rules to check, each a sequence of names.
        games: seeded games per stack ([`check_games`][rummykit.testing.checks.check_games]), driven
            toward every phase, action kind and way to end a round.
        max_examples: hypothesis positions per stack
            ([`check_random_actions`][rummykit.testing.checks.check_random_actions]).
        max_steps: the most actions played to reach one hypothesis position (then on to a phase).
        bots: names of the variant's bots (``rummykit.available_bots``) mixed in with the kit's
            random play, in the games and the positions.
        positions: positions (in the notation, or games) from which one more game each is played to
            the end of its round, for the stack of house rules they were written for.
        unreachable: targets declared unreachable in tests, with the reasons (beside the variant's
            ``VariantSpec.unreachable_in_tests``): ``{"round-end:XX-9": "why"}``.
        seed: the first game's seed.
        options: option values for every game (override the kit's).
        extra_actions: the variant's own candidate-action strategies.
        soundness_every, views_every, json_every: between the positions the games check in full, check
            soundness, views and the views' JSON at every n-th position only (they cost the most).
    """

    variant: ClassVar[str]
    house_rule_stacks: ClassVar[Sequence[Sequence[str]]] = ((),)
    games: ClassVar[int] = 10
    max_examples: ClassVar[int] = 30
    max_steps: ClassVar[int] = 300
    bots: ClassVar[Sequence[str]] = ()
    positions: ClassVar[Sequence[str | Game]] = ()
    unreachable: ClassVar[Mapping[str, str] | None] = None
    seed: ClassVar[int] = 0
    options: ClassVar[Mapping[str, Any] | None] = None
    extra_actions: ClassVar[Sequence[ActionStrategy]] = ()
    soundness_every: ClassVar[int] = 10
    views_every: ClassVar[int] = 10
    json_every: ClassVar[int] = 50

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Run each test once per stack of house rules."""
        if "house_rules" in metafunc.fixturenames:
            stacks = [tuple(stack) for stack in self.house_rule_stacks]
            metafunc.parametrize("house_rules", stacks, ids=["+".join(stack) or "plain" for stack in stacks])

    def test_seeded_games(self, house_rules: tuple[str, ...]) -> None:
        """Termination, conservation, soundness, views, determinism, records and coverage in seeded games."""
        self.check_games(house_rules)

    def test_random_actions(self, house_rules: tuple[str, ...]) -> None:
        """Refusal, completeness and hidden cards in hypothesis positions."""
        check_random_actions(
            self.variant,
            house_rules=house_rules,
            max_examples=self.max_examples,
            options=self.options,
            max_steps=self.max_steps,
            extra_actions=self.extra_actions,
            bots=self.bots,
        )

    def check_games(self, house_rules: Sequence[str]) -> ConformanceReport:
        """[`check_games`][rummykit.testing.checks.check_games] with this class's settings, from those
        of `positions` written for ``house_rules``."""
        return check_games(
            self.variant,
            house_rules=house_rules,
            games=self.games,
            seed=self.seed,
            options=self.options,
            bots=self.bots,
            positions=[position for position in self.positions if _stack_of(position) == tuple(house_rules)],
            unreachable=self.unreachable,
            soundness_every=self.soundness_every,
            views_every=self.views_every,
            json_every=self.json_every,
        )


def _stack_of(position: str | Game) -> tuple[str, ...]:
    """The house rules a start position is played under."""
    if isinstance(position, str):
        from rummykit.documents.notation import read_position  # noqa: PLC0415

        position = read_position(position)
    return tuple(position.state.config.house_rules)
