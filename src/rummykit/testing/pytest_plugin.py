"""The conformance kit as a pytest test class: subclass
[`VariantConformance`][rummykit.testing.pytest_plugin.VariantConformance] in a test module.

Examples:
    A variant's own test suite (``tests/test_conformance.py``)::

        from rummykit.testing.pytest_plugin import VariantConformance

        class TestMyRummy(VariantConformance):
            variant = "my-rummy"
            house_rule_stacks = [(), ("my-house-rule",)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest

from rummykit.testing.checks import check_games, check_random_actions
from rummykit.testing.strategies import ActionStrategy

__all__ = ["VariantConformance"]


class VariantConformance:
    """Every property of the kit as pytest tests, for one variant and each stack of house rules.

    Subclass it in a test module under a name pytest collects (``TestMyRummy``) and set
    [`variant`][rummykit.core.specs]; each test runs once per stack of `house_rule_stacks`. A failure is a
    [`ConformanceError`][rummykit.testing.errors.ConformanceError] naming the property, the seed and the action index.

    Attributes:
        variant: the variant's name (installed, or registered with
            [`rummykit.core.plugins.register_variant`][rummykit.core.plugins.register_variant]).
        house_rule_stacks: the stacks of house rules to check, each a sequence of names.
        games: seeded games per stack ([`check_games`][rummykit.testing.checks.check_games]).
        max_examples: hypothesis positions per stack
            ([`check_random_actions`][rummykit.testing.checks.check_random_actions]).
        seed: the first game's seed.
        options: option values for every game (override the kit's).
        extra_actions: the variant's own candidate-action strategies.
    """

    variant: ClassVar[str]
    house_rule_stacks: ClassVar[Sequence[Sequence[str]]] = ((),)
    games: ClassVar[int] = 10
    max_examples: ClassVar[int] = 30
    seed: ClassVar[int] = 0
    options: ClassVar[Mapping[str, Any] | None] = None
    extra_actions: ClassVar[Sequence[ActionStrategy]] = ()

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Run each test once per stack of house rules."""
        if "house_rules" in metafunc.fixturenames:
            stacks = [tuple(stack) for stack in self.house_rule_stacks]
            metafunc.parametrize("house_rules", stacks, ids=["+".join(stack) or "plain" for stack in stacks])

    def test_seeded_games(self, house_rules: tuple[str, ...]) -> None:
        """Termination, conservation, soundness, views, determinism and records in seeded games."""
        check_games(self.variant, house_rules=house_rules, games=self.games, seed=self.seed, options=self.options)

    def test_random_actions(self, house_rules: tuple[str, ...]) -> None:
        """Refusal, completeness and hidden cards in hypothesis positions."""
        check_random_actions(
            self.variant,
            house_rules=house_rules,
            max_examples=self.max_examples,
            options=self.options,
            extra_actions=self.extra_actions,
        )
