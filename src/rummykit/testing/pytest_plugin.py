"""The conformance kit as a pytest test class, and rummykit's pytest plug-in: subclass
[`VariantConformance`][rummykit.testing.pytest_plugin.VariantConformance] in a test module.

Installed with rummykit, the plug-in (the ``pytest11`` entry point ``rummykit``) adds the command-line
option ``--rummykit-seed N``: every ``VariantConformance`` test then follows seed ``N`` instead of its
class's ``seed``, so that a failure seen once can be run again (``pytest --rummykit-seed 7``), or the
kit's games varied from run to run of a CI job. ``pytest -p no:rummykit`` leaves the plug-in out.

Examples:
    A variant's own test suite (``tests/test_conformance.py``)::

        from rummykit.testing.pytest_plugin import VariantConformance

        class TestMyRummy(VariantConformance):
            variant = "my-rummy"
            house_rule_stacks = [(), ("my-house-rule",)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pytest

if TYPE_CHECKING:
    from rummykit.core.engine import Game
    from rummykit.testing.report import ConformanceReport

__all__ = ["SEED_OPTION", "VariantConformance", "pytest_addoption"]

SEED_OPTION = "--rummykit-seed"
"""The command-line option that sets the seed of every ``VariantConformance`` test."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--rummykit-seed``."""
    parser.getgroup("rummykit", "rummykit's conformance kit").addoption(
        SEED_OPTION,
        dest="rummykit_seed",
        type=int,
        default=None,
        metavar="N",
        help="the seed of every VariantConformance test (default: each class's own `seed`, 0 unless set)",
    )


class VariantConformance:
    """Every property of the kit as pytest tests, for one variant and each stack of house rules.

    Subclass it in a test module under a name pytest collects (``TestMyRummy``) and set
    [`variant`][rummykit.core.specs]; each test runs once per stack of `house_rule_stacks`. With the
    defaults it proves the variant as [`check_variant`][rummykit.testing.runs.check_variant] does with
    its defaults. A failure is a [`ConformanceError`][rummykit.testing.errors.ConformanceError] naming
    the property, the seed and the action index (and ``coverage`` naming what the games never
    reached), with the one-line call that makes its run again.

    Attributes:
        variant: the variant's name (installed, or registered with
            [`rummykit.core.plugins.register_variant`][rummykit.core.plugins.register_variant]).
        house_rule_stacks: the stacks of house rules to check, each a sequence of names.
        games: seeded games per stack ([`check_games`][rummykit.testing.runs.check_games]), driven
            toward every phase, action kind and way to end a round.
        budget: the most games per stack beyond ``games``, toward what they have not reached.
        max_examples: random positions per stack
            ([`check_random_actions`][rummykit.testing.runs.check_random_actions]).
        max_steps: the most actions played to reach one random position (then on to a phase).
        bots: names of the variant's bots (``rummykit.available_bots``) mixed in with the kit's
            random play, in the games and the positions; ``None``: every bot it offers but ``random``.
        positions: positions (in the notation, or games) from which one more game each is played to
            the end of its round, for the stack of house rules they were written for.
        unreachable: targets declared unreachable in tests, with the reasons (beside the variant's
            ``VariantSpec.unreachable_in_tests``): ``{"round-end:XX-9": "why"}``.
        seed: the seed every run follows (``pytest --rummykit-seed N`` overrides it).
        options: option values for every game (override the kit's).
        extra_actions: the variant's own candidate actions, functions of the game and the kit's
            random source ([`ActionMaker`][rummykit.testing.random_play.ActionMaker]).
        soundness_every, views_every, json_every: between the positions the games check in full, check
            soundness, views and the views' JSON at every n-th position only (they cost the most).
    """

    variant: ClassVar[str]
    house_rule_stacks: ClassVar[Sequence[Sequence[str]]] = ((),)
    games: ClassVar[int] = 10
    budget: ClassVar[int] = 120
    max_examples: ClassVar[int] = 30
    max_steps: ClassVar[int] = 300
    bots: ClassVar[Sequence[str] | None] = None
    positions: ClassVar[Sequence[str | Game]] = ()
    unreachable: ClassVar[Mapping[str, str] | None] = None
    seed: ClassVar[int] = 0
    options: ClassVar[Mapping[str, Any] | None] = None
    extra_actions: ClassVar[Sequence[Callable[..., Any]]] = ()
    soundness_every: ClassVar[int] = 10
    views_every: ClassVar[int] = 10
    json_every: ClassVar[int] = 50

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Run each test once per stack of house rules."""
        if "house_rules" in metafunc.fixturenames:
            stacks = [tuple(stack) for stack in self.house_rule_stacks]
            metafunc.parametrize("house_rules", stacks, ids=["+".join(stack) or "plain" for stack in stacks])

    @pytest.fixture(autouse=True)
    def _follow_the_seed_option(self, request: pytest.FixtureRequest) -> None:
        """The seed of ``--rummykit-seed``, if given, for this test."""
        chosen = request.config.getoption("rummykit_seed", default=None)
        if chosen is not None:
            self.run_seed = int(chosen)

    @property
    def the_seed(self) -> int:
        """The seed this test follows: ``--rummykit-seed``'s, else the class's ``seed``."""
        chosen: int = getattr(self, "run_seed", self.seed)
        return chosen

    def test_seeded_games(self, house_rules: tuple[str, ...]) -> None:
        """Termination, conservation, soundness, views, determinism, records and coverage in seeded games."""
        self.check_games(house_rules)

    def test_random_actions(self, house_rules: tuple[str, ...]) -> None:
        """Refusal, completeness and hidden cards in random positions."""
        from rummykit.testing.runs import check_random_actions  # noqa: PLC0415 (pytest loads this plug-in early)

        check_random_actions(
            self.variant,
            house_rules=house_rules,
            max_examples=self.max_examples,
            options=self.options,
            max_steps=self.max_steps,
            extra_actions=self.extra_actions,
            bots=self.bots,
            seed=self.the_seed,
        )

    def check_games(self, house_rules: Sequence[str]) -> ConformanceReport:
        """[`check_games`][rummykit.testing.runs.check_games] with this class's settings, from those
        of `positions` written for ``house_rules``."""
        from rummykit.testing.runs import check_games  # noqa: PLC0415

        return check_games(
            self.variant,
            house_rules=house_rules,
            games=self.games,
            seed=self.the_seed,
            options=self.options,
            bots=self.bots,
            positions=[position for position in self.positions if _stack_of(position) == tuple(house_rules)],
            unreachable=self.unreachable,
            budget=self.budget,
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
