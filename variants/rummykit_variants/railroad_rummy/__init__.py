"""RailRoad Rummy (``railroad-rummy``): a seven-round contract rummy for 2 to 8 players with four
decks, a claim window with HMGs, and golf scoring.

When the turn player draws from the draw pile, the other players may claim the top discard (RR-15);
an *HMG* is a token a player may spend on a claim to put it ahead of every claim made without one
(RR-16). Each player has 3 for the whole game (RR-18). The rule book never spells the letters out:
what the token does is all there is to it.

The plug-in is the class `rummykit_variants.railroad_rummy.plugin.RailroadRummy`, which its entry point
names; games are created by name::

    import rummykit
    game = rummykit.new_game("railroad-rummy", players=4, seed=7)
"""

from rummykit_variants.railroad_rummy.actions import Claim, Pass
from rummykit_variants.railroad_rummy.rules import MELD_RULES, OPTIONS, ROUNDS, RULES, RailroadRules, RoundSpec
from rummykit_variants.railroad_rummy.state import (
    ClaimOutcome,
    Declaration,
    RailroadPhase,
    RailroadRummyView,
    RailroadState,
)

__all__ = [
    "MELD_RULES",
    "OPTIONS",
    "ROUNDS",
    "RULES",
    "Claim",
    "ClaimOutcome",
    "Declaration",
    "Pass",
    "RailroadPhase",
    "RailroadRules",
    "RailroadRummyView",
    "RailroadState",
    "RoundSpec",
]
