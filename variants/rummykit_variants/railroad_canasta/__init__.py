"""Railroad Canasta (``railroad-canasta``): canasta for 2 to 6 players, each for themselves, with
two decks and two jokers a player, a hidden kitty per player, four kinds of canasta, score-based
initial melds, and play to 20,000.

The plug-in object is `rummykit_variants.railroad_canasta.plugin`; games are created by name::

    import rummykit
    game = rummykit.new_game("railroad-canasta", players=4, seed=7)
"""

from rummykit_variants.railroad_canasta.actions import EndRound, LeaveKitty, PickUpKitty, TakePile
from rummykit_variants.railroad_canasta.rules import (
    CANASTA_BONUS,
    RULES,
    CanastaKind,
    CanastaRules,
    card_value,
    initial_minimum,
)
from rummykit_variants.railroad_canasta.state import CanastaExtra, CanastaPhase, RailroadCanastaView

__all__ = [
    "CANASTA_BONUS",
    "RULES",
    "CanastaExtra",
    "CanastaKind",
    "CanastaPhase",
    "CanastaRules",
    "EndRound",
    "LeaveKitty",
    "PickUpKitty",
    "RailroadCanastaView",
    "TakePile",
    "card_value",
    "initial_minimum",
]
