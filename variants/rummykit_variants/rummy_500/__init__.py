"""Rummy 500 (``rummy-500``): 2 to 8 players; any card of the spread discard pile may be taken with the cards above
it, if it is played at once; each player scores the cards they put on the table less those left in hand, to 500.

The plug-in is the class `rummykit_variants.rummy_500.plugin.Rummy500`, which its entry point names::

    import rummykit
    game = rummykit.new_game("rummy-500", players=3, seed=7, options={"aces": "low"})
"""

from rummykit_variants.rummy_500.rules import IDS, OPTIONS, POINTS, RULES, RUN_ORDERS, make_rules

__all__ = ["IDS", "OPTIONS", "POINTS", "RULES", "RUN_ORDERS", "make_rules"]
