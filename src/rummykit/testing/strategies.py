"""Hypothesis strategies for any installed variant, for property tests of your own: seeds, player
counts, option values, house-rule stacks, positions reached by legal play, and random (mostly illegal)
actions. They need hypothesis (``pip install 'rummykit[testing]'``).

Each draws from the kit's own seeded random play ([`rummykit.testing.random_play`][rummykit.testing.random_play])
with hypothesis's random source, so that a property test tries what the kit tries, and hypothesis
can replay and shrink what it finds. (The kit's checks draw from a `random.Random` seeded by their
``seed``, not from hypothesis: the same seed gives the same run, whatever hypothesis's version or
example database.)

Examples:
    Your own property test, with the kit's check of one action (refusal and completeness):

    >>> from hypothesis import given, settings
    >>> from rummykit.testing import check_action
    >>> @settings(max_examples=5, database=None)
    ... @given(position=positions("rummy", max_steps=20), data=st.data())
    ... def test_an_action_is_refused_or_listed(position, data):
    ...     game = position.game
    ...     if not game.is_over:
    ...         check_action(game, data.draw(actions(game)))
    >>> test_an_action_is_refused_or_listed()
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

import rummykit
from rummykit.core.actions import Action
from rummykit.core.engine import Game
from rummykit.testing.random_play import (
    Candidates,
    GameSetup,
    house_rule_stack,
    position_options,
    random_setup,
)

__all__ = [
    "ActionStrategy",
    "Position",
    "actions",
    "game_setups",
    "house_rule_stacks",
    "option_values",
    "player_counts",
    "positions",
    "seeds",
]

ActionStrategy = Callable[[Game], st.SearchStrategy[Action]]
"""A way to make candidate actions for [`actions`][rummykit.testing.strategies.actions]: the game in,
a hypothesis strategy of actions out."""


def _randoms() -> st.SearchStrategy[random.Random]:
    return st.randoms(use_true_random=False)


def seeds() -> st.SearchStrategy[int]:
    """Seeds for seeded games (any unsigned 32-bit int)."""
    return st.integers(0, 2**32 - 1)


def player_counts(variant: str) -> st.SearchStrategy[int]:
    """A player count the variant is played by (`VariantSpec.players`)."""
    return st.sampled_from(rummykit.variant_spec(variant).players)


def house_rule_stacks(variant: str) -> st.SearchStrategy[tuple[str, ...]]:
    """A stack of the installed house rules that apply to ``variant`` (none, some or all, sorted)."""
    return _randoms().map(lambda rng: house_rule_stack(variant, rng))


def option_values(
    variant: str, house_rules: Sequence[str] = (), *, fixed: Mapping[str, Any] | None = None
) -> st.SearchStrategy[dict[str, Any]]:
    """Values for the options of ``variant`` and ``house_rules``, as
    [`position_options`][rummykit.testing.random_play.position_options] draws them: each option left at
    its default or given a value near it; ``max_rounds`` 1 to 3 and, one time in four, a short
    ``max_turns_per_round``. ``fixed`` options are always given those values."""
    return _randoms().map(lambda rng: position_options(variant, house_rules, rng, fixed=fixed))


def game_setups(
    variant: str,
    house_rules: Sequence[str] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 300,
    bots: Sequence[str] = (),
) -> st.SearchStrategy[GameSetup]:
    """A [`GameSetup`][rummykit.testing.random_play.GameSetup] of ``variant``, as
    [`random_setup`][rummykit.testing.random_play.random_setup] draws it: any player count and seed,
    ``house_rules`` (``None``: any stack of the installed ones), option values (with ``options``
    fixed), 0 to ``max_steps`` actions, then on to a phase drawn among the variant's (or none), with
    ``bots`` mixed in."""
    return _randoms().map(
        lambda rng: random_setup(variant, house_rules, rng, options=options, max_steps=max_steps, bots=bots)
    )


@attrs.frozen(eq=False)
class Position:
    """A game reached by legal play, and how: ``setup.play()`` gives it again.

    Attributes:
        setup: how the game was created and played.
        game: the game, at the position.
    """

    setup: GameSetup
    game: Game


def positions(
    variant: str,
    house_rules: Sequence[str] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 300,
    bots: Sequence[str] = (),
) -> st.SearchStrategy[Position]:
    """A [`Position`][rummykit.testing.strategies.Position] reached by the kit's seeded play from a
    [`game_setups`][rummykit.testing.strategies.game_setups] setup (``GameSetup.play``), in any phase."""
    setups = game_setups(variant, house_rules, options=options, max_steps=max_steps, bots=bots)
    return setups.map(lambda setup: Position(setup, setup.play()))


def actions(game: Game, extra: Sequence[ActionStrategy] = ()) -> st.SearchStrategy[Action]:
    """An action of any of the game's action types by any seat, mostly illegal, as the kit tries them
    ([`Candidates`][rummykit.testing.random_play.Candidates]): built field by field, a listed legal
    action, a listed one with a field changed, its groups reordered or its cards swapped for others of
    their ranks, two listed plays merged into one; or one of ``extra``'s strategies."""
    candidates = Candidates(game)
    drawn = _randoms().map(candidates.draw).filter(lambda action: action is not None)
    return st.one_of(drawn, *(make(game) for make in extra))
