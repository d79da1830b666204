"""The ``discard-to-go-out`` house rule (CR-22): a player goes out only by discarding their last card.

A restriction: it refuses a meld action or a lay-off that would empty the hand. With G-4 (which the
variant applies) a player therefore always keeps a card they may discard.
"""

from __future__ import annotations

from typing import Final

from rummykit.actions import Action, GoDown, LayOff
from rummykit.errors import IllegalActionError
from rummykit.hookspecs import hookimpl
from rummykit.state import GameState
from rummykit.variant import HouseRuleSpec, RuleText

SPEC: Final = HouseRuleSpec(
    name="discard-to-go-out",
    applies_to=frozenset({"rummy"}),
    title="Discard to go out",
    rules=(RuleText("CR-22", "Discard to go out", "A player must end by discarding their last card to go out."),),
)


@hookimpl
def rummykit_house_rule() -> HouseRuleSpec:
    return SPEC


@hookimpl
def rummykit_restrict_action(state: GameState, action: Action) -> None:
    if isinstance(action, GoDown):
        played = sum(len(group) for group in action.melds)
    elif isinstance(action, LayOff):
        played = 1
    else:
        return
    if played >= len(state.hands[action.seat]):
        raise IllegalActionError(
            "CR-22",
            "it would empty the hand; at this table a player goes out only by discarding their last card",
            action=action,
        )
