"""Shanghai, a contract rummy for 2 to 6 players, as a rummykit variant plug-in.

Installed with ``pip install ./examples/shanghai``, it is found through its entry point like any
variant:

Examples:
    >>> import rummykit
    >>> "shanghai" in rummykit.available_variants()
    True
    >>> game = rummykit.new_game("shanghai", players=3, seed=5)
    >>> game.view(game.turn).contract
    '2 sets'
"""

from rummykit_shanghai.bot import ShanghaiBot
from rummykit_shanghai.rules import CONTRACTS, RULES, ShanghaiRules, card_points
from rummykit_shanghai.state import ShanghaiExtra, ShanghaiView

__all__ = ["CONTRACTS", "RULES", "ShanghaiBot", "ShanghaiExtra", "ShanghaiRules", "ShanghaiView", "card_points"]
