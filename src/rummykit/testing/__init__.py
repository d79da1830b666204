"""The conformance kit: checks that any installed variant (with any stack of house rules) has the
properties every rummy game must have. The built-in variants' own test suites run it.

Needs hypothesis (``pip install 'rummykit[testing]'``; importing the kit without it says so). Its
functions need nothing more and run anywhere; ``VariantConformance`` (in
[`rummykit.testing.pytest_plugin`][rummykit.testing.pytest_plugin]) is the same checks as a pytest test
class, for a package whose tests run under pytest.

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
  the variant's bots mixed in if asked), and no round ends in a way the variant does not declare.

Examples:
    >>> from rummykit.testing import check_variant
    >>> report = check_variant("railroad-rummy", games=2, max_examples=2, bots=["heuristic"])
    >>> report.games, report.reached_games["phase:claim"], report.reached["round-end:G-1"] > 0
    (2, 2, True)
"""

try:
    import hypothesis  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - the test environment has it
    raise ModuleNotFoundError(
        "rummykit.testing, the conformance kit, needs hypothesis: pip install 'rummykit[testing]'", name=exc.name
    ) from exc

from rummykit.testing.checks import (
    ConformanceReport,
    check_action,
    check_games,
    check_position,
    check_random_actions,
    check_variant,
    game_options,
    play_checked,
)
from rummykit.testing.coverage import Coverage, Driver, coverage_targets
from rummykit.testing.errors import PROPERTIES, ConformanceError
from rummykit.testing.strategies import (
    ActionStrategy,
    GameSetup,
    Position,
    actions,
    choose_action,
    game_setups,
    house_rule_stacks,
    option_values,
    player_counts,
    positions,
    random_options,
    seeds,
)
from rummykit.testing.visibility import face_up

__all__ = [
    "PROPERTIES",
    "ActionStrategy",
    "ConformanceError",
    "ConformanceReport",
    "Coverage",
    "Driver",
    "GameSetup",
    "Position",
    "actions",
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
    "seeds",
]
