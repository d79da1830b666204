"""13-card Indian Rummy (``indian-rummy``): 2 to 6 players, two packs and two jokers, 13 cards each and a wild rank
cut each deal; a player wins the deal by declaring their whole hand in sequences and sets, with two sequences, one of
them pure. Played as Points Rummy (one deal), Pool Rummy (to 101 or 201) or Deals Rummy (option ``form``).

The plug-in is the class `rummykit_variants.indian_rummy.plugin.IndianRummy`, which its entry point names::

    import rummykit
    game = rummykit.new_game("indian-rummy", players=4, seed=7, options={"form": "pool-101"})
"""

from rummykit_variants.indian_rummy.rules import FORMS, IDS, OPTIONS, POINTS, RULES, make_rules

__all__ = ["FORMS", "IDS", "OPTIONS", "POINTS", "RULES", "make_rules"]
