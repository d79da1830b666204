"""Hand and Foot, a canasta for two sides of partners with a hand and a foot each, as a rummykit variant plug-in.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("hand-and-foot", players=4, seed=5)
    >>> view = game.view(game.turn)
    >>> len(view.hand), view.feet, view.initial_minimum
    (13, (13, 13, 13, 13), (50, 50, 50, 50))
"""

from rummykit_hand_and_foot.book import RULES
from rummykit_hand_and_foot.bot import HandAndFootBot
from rummykit_hand_and_foot.plugin import HandAndFootView, has_foot, minimum_of

__all__ = ["RULES", "HandAndFootBot", "HandAndFootView", "has_foot", "minimum_of"]
