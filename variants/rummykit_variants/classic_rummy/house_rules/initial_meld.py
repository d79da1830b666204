"""The ``initial-meld-50`` house rule (CR-23): a player's first meld action in a round (one or more
melds laid down together, G-5) is worth at least 50 points by CR-10 (option ``initial_meld_minimum``).

A restriction: it reads whether the seat has melded this round (``state.extra.melded_on``, kept by
the variant) and the points table of the game's rules. Until their initial meld a player may not
lay off either (CR-C5), or the minimum could be stepped around by laying off instead.
"""

from __future__ import annotations

from typing import Final, cast

from rummykit.actions import Action, GoDown, LayOff
from rummykit.errors import IllegalActionError
from rummykit.hookspecs import hookimpl
from rummykit.state import GameState
from rummykit.variant import HouseRuleSpec, Option, RuleText
from rummykit_variants.classic_rummy.play import meld_points
from rummykit_variants.classic_rummy.rules import ClassicRules
from rummykit_variants.classic_rummy.state import ClassicExtra

SPEC: Final = HouseRuleSpec(
    name="initial-meld-50",
    applies_to=frozenset({"rummy"}),
    title="Initial meld of 50",
    rules=(
        RuleText(
            "CR-23",
            "Initial meld",
            "A player's first meld action in a round (one or more melds laid down together, G-5) must be worth at "
            "least 50 points by CR-10 (option initial_meld_minimum).",
        ),
        RuleText(
            "CR-C5",
            "Clarification: no lay-off before the initial meld",
            "Under CR-23 a player lays off only once they have made their initial meld this round (in an earlier "
            "action of the same turn or before), so that the minimum cannot be stepped around.",
        ),
    ),
    options=(
        Option(
            "initial_meld_minimum",
            int,
            50,
            "CR-23: the fewest points (CR-10) a player's first meld action of a round is worth",
            minimum=1,
            rule="CR-23",
        ),
    ),
)


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl
def rummykit_restrict_action(state: GameState, action: Action) -> None:
    if not isinstance(action, GoDown | LayOff):
        return
    if cast(ClassicExtra, state.extra).melded_on[action.seat] is not None:
        return
    minimum: int = state.config.options["initial_meld_minimum"]
    if isinstance(action, LayOff):
        raise IllegalActionError(
            "CR-C5",
            f"a player lays off only after their initial meld of {minimum} or more points (CR-23)",
            action=action,
        )
    points = meld_points(action, cast(ClassicRules, state.rules))
    if points < minimum:
        raise IllegalActionError(
            "CR-23",
            f"a first meld action of the round must be worth at least {minimum} points (CR-10), and this is {points}",
            action=action,
        )
