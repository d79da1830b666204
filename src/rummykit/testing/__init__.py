"""The conformance kit: checks that any installed variant (with any stack of house rules) has the
properties every rummy game must have. The built-in variants' own test suites run it.

Its checks need nothing but rummykit and run anywhere; everything they do follows their ``seed``,
so that the same seed gives the same games, positions and report on any machine. Its hypothesis
strategies, for property tests of your own ([`rummykit.testing.strategies`][rummykit.testing.strategies]),
need hypothesis (``pip install 'rummykit[testing]'``). ``VariantConformance`` (in
[`rummykit.testing.pytest_plugin`][rummykit.testing.pytest_plugin]) is the same checks as a pytest test
class, for a package whose tests run under pytest; ``rummykit check VARIANT`` runs them from the shell.

The properties ([`PROPERTIES`][rummykit.testing.PROPERTIES]), each named by the
[`ConformanceError`][rummykit.testing.ConformanceError] that reports it with the game's seed and the
index of the action that breaks it:

- ``termination``: seeded games end within the G-1 and G-3 bounds, for option values drawn from each
  option's own spec (G-C1 ends a game with no round cap whose rounds are cut short);
- ``conservation``: after every action every card of the shoe is in exactly one place;
- ``soundness``: every action ``legal_actions(seat)`` lists applies (listed once, in canonical form);
- ``completeness``: every action the kit builds that ``apply`` accepts was listed, in the form
  ``game.check(action)`` returns;
- ``refusal``: a refused action raises ``IllegalActionError`` citing one of ``game.rule_ids`` and leaves
  the game equal to its copy from before;
- ``determinism``: the same seed and actions give the same record, scores and views;
- ``views``: no seat's view, nor its JSON, shows a card hidden from it; two positions that differ only
  in cards hidden from a seat give it equal views (what is hidden:
  [`rummykit.testing.visibility`][rummykit.testing.visibility]); each view can be drawn
  ([`rummykit.svg`][rummykit.svg]: its declared fields fit their pictures), and its picture draws
  no card the view does not hold;
- ``records``: dump, load and replay reproduce the game; a position of every phase reached reads back
  from its JSON and its notation to the same state and views;
- ``coverage``: the games reach every phase, action kind and way to end a round the variant declares,
  unless it is declared unreachable in tests with a reason
  ([`rummykit.testing.coverage`][rummykit.testing.coverage]: the kit drives its games there, with
  the variant's own bots mixed in, and plays more games toward what they have not reached); a round
  that ends in a way the variant does not declare is warned about (``DeprecationWarning``).

Examples:
    >>> from rummykit.testing import check_variant
    >>> report = check_variant("rummy", games=2, max_examples=2)
    >>> report.games >= 2, report.reached["round-end:CR-9"] > 0, not report.undeclared
    (True, True, True)
"""

import importlib
from typing import TYPE_CHECKING, Any

from rummykit.testing.checks import check_action, check_position, play_checked
from rummykit.testing.coverage import Coverage, Driver, coverage_targets
from rummykit.testing.errors import PROPERTIES, ConformanceError
from rummykit.testing.random_play import (
    ActionMaker,
    Candidates,
    GameSetup,
    candidate_action,
    choose_action,
    random_options,
    random_setup,
)
from rummykit.testing.report import ConformanceReport
from rummykit.testing.runs import check_games, check_random_actions, check_variant, game_options
from rummykit.testing.visibility import face_up

if TYPE_CHECKING:
    from rummykit.testing.strategies import (
        ActionStrategy,
        Position,
        actions,
        game_setups,
        house_rule_stacks,
        option_values,
        player_counts,
        positions,
        seeds,
    )

_STRATEGIES = frozenset(
    {
        "ActionStrategy",
        "Position",
        "actions",
        "game_setups",
        "house_rule_stacks",
        "option_values",
        "player_counts",
        "positions",
        "seeds",
    }
)
"""The hypothesis strategies: imported on first use, so that the checks run without hypothesis."""


def __getattr__(name: str) -> Any:
    if name in _STRATEGIES:
        try:
            strategies = importlib.import_module("rummykit.testing.strategies")
        except ModuleNotFoundError as exc:
            if exc.name != "hypothesis":
                raise
            raise ModuleNotFoundError(
                f"rummykit.testing.{name}, a hypothesis strategy, needs hypothesis: pip install 'rummykit[testing]'",
                name=exc.name,
            ) from exc
        return getattr(strategies, name)
    raise AttributeError(f"module 'rummykit.testing' has no attribute {name!r}")


__all__ = [
    "PROPERTIES",
    "ActionMaker",
    "ActionStrategy",
    "Candidates",
    "ConformanceError",
    "ConformanceReport",
    "Coverage",
    "Driver",
    "GameSetup",
    "Position",
    "actions",
    "candidate_action",
    "check_action",
    "check_games",
    "check_position",
    "check_random_actions",
    "check_variant",
    "choose_action",
    "coverage_targets",
    "face_up",
    "game_options",
    "game_setups",
    "house_rule_stacks",
    "option_values",
    "play_checked",
    "player_counts",
    "positions",
    "random_options",
    "random_setup",
    "seeds",
]
