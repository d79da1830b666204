"""The ``one-meld-per-turn`` house rule (CR-20): at most one new set or run is laid down per turn;
adding cards to melds stays free.

A restriction: it refuses a meld action of several melds, and any meld action once the turn player
has laid down a meld this turn (the variant records it in ``state.extra.melds_this_turn``).
"""

from __future__ import annotations

from typing import Final, cast

from rummykit.actions import Action, GoDown
from rummykit.errors import IllegalActionError
from rummykit.hookspecs import hookimpl
from rummykit.state import GameState
from rummykit.variant import HouseRuleSpec, RuleText
from rummykit_variants.classic_rummy.state import ClassicExtra

SPEC: Final = HouseRuleSpec(
    name="one-meld-per-turn",
    applies_to=frozenset({"rummy"}),
    title="One meld per turn",
    rules=(
        RuleText(
            "CR-20", "One meld per turn", "At most one new set or run is laid down per turn (adding to melds is free)."
        ),
    ),
)


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl
def rummykit_restrict_action(state: GameState, action: Action) -> None:
    if not isinstance(action, GoDown):
        return
    if cast(ClassicExtra, state.extra).melds_this_turn:
        raise IllegalActionError(
            "CR-20", "one new meld per turn at this table, and this turn has had it", action=action
        )
    if len(action.melds) > 1:
        raise IllegalActionError(
            "CR-20", f"one new meld per turn at this table, not {len(action.melds)} at once", action=action
        )
