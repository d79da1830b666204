"""Hand and Foot, a canasta for two sides of partners with a hand and a foot each, as a rummykit variant plug-in.

Installed with ``pip install ./examples/hand_and_foot``, it is found through its entry point like any variant:

Examples:
    >>> import rummykit
    >>> "hand-and-foot" in rummykit.available_variants()
    True
    >>> game = rummykit.new_game("hand-and-foot", players=4, seed=5)
    >>> view = game.view(game.turn)
    >>> len(view.hand) + len(view.red_threes[game.turn]), view.feet, view.initial_minimum
    (13, (13, 13, 13, 13), (50, 50, 50, 50))
"""

from rummykit_hand_and_foot.book import RULES
from rummykit_hand_and_foot.bot import HandAndFootBot
from rummykit_hand_and_foot.moves import has_foot, minimum_of
from rummykit_hand_and_foot.plugin import HandAndFootView
from rummykit_hand_and_foot.rules import make_rules

__all__ = ["RULES", "HandAndFootBot", "HandAndFootView", "has_foot", "make_rules", "minimum_of"]
