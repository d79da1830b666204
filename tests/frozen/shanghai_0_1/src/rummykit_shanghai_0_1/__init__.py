"""Shanghai, a contract rummy for 2 to 6 players, as a rummykit variant plug-in.

Installed with ``pip install ./examples/shanghai``, it is found through its entry point like any
variant:

Examples:
    >>> import rummykit
    >>> "shanghai-0-1" in rummykit.available_variants()
    True
    >>> game = rummykit.new_game("shanghai-0-1", players=3, seed=5)
    >>> game.view(game.turn).contract
    '2 sets'
"""

from rummykit.standard import StandardView as ShanghaiView
from rummykit_shanghai_0_1.bot import ShanghaiBot
from rummykit_shanghai_0_1.rules import CONTRACTS, OPTIONS, RULES, card_points, make_rules

__all__ = ["CONTRACTS", "OPTIONS", "RULES", "ShanghaiBot", "ShanghaiView", "card_points", "make_rules"]
