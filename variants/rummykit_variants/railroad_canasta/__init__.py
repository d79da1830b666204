"""Railroad Canasta (``railroad-canasta``): canasta for 2 to 6 players, each for themselves, with
two decks and two jokers a player, a hidden kitty per player, four kinds of canasta, score-based
initial melds, and play to 20,000. Its plug-in object is `plugin`, found by the
entry point: ``rummykit.new_game("railroad-canasta", players=4, seed=7)``.
"""

from rummykit.standard.canasta_family import EndRound, TakePile
from rummykit_variants.railroad_canasta.actions import LeaveKitty, PickUpKitty
from rummykit_variants.railroad_canasta.rules import (
    CANASTA_BONUS,
    RULES,
    CanastaKind,
    CanastaPhase,
    CanastaRules,
    card_value,
    initial_minimum,
)
from rummykit_variants.railroad_canasta.state import CanastaState, RailroadCanastaView

__all__ = [
    "CANASTA_BONUS",
    "RULES",
    "CanastaKind",
    "CanastaPhase",
    "CanastaRules",
    "CanastaState",
    "EndRound",
    "LeaveKitty",
    "PickUpKitty",
    "RailroadCanastaView",
    "TakePile",
    "card_value",
    "initial_minimum",
]
