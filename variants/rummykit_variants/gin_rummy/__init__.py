"""Gin Rummy (``gin-rummy``): two players, ten cards each, a knock to end each hand, played as OpenSpiel's
``gin_rummy`` plays it, in a game of hands to 100.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("gin-rummy", players=2, seed=3)
    >>> game.phase, len(game.hand(0)), [action.kind for action in game.legal_actions()]
    ('first-up-card', 10, ['take-discard', 'pass'])
"""

from rummykit.standard import Knock, Pass
from rummykit_variants.gin_rummy.rules import GinRules
from rummykit_variants.gin_rummy.state import GinState

__all__ = ["GinRules", "GinState", "Knock", "Pass"]
