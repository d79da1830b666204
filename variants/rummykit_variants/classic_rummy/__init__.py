"""Classic Rummy (``rummy``): the basic draw-and-discard rummy for 2 to 4 players with one deck,
melding and laying off on any turn, winner-takes-all scoring to a target, and five opt-in house
rules (CR-20 to CR-24) in `rummykit_variants.classic_rummy.house_rules`.

The plug-in is the class `rummykit_variants.classic_rummy.plugin.ClassicRummy`, which its entry point
names; games are created by name::

    import rummykit
    game = rummykit.new_game("rummy", players=2, seed=7, house_rules=["ace-low", "jokers"])
"""

from rummykit.standard import StandardView as ClassicRummyView
from rummykit_variants.classic_rummy.rules import CLASSIC_RUN_ORDER, MELD_RULES, OPTIONS, POINTS, RULES, make_rules

__all__ = ["CLASSIC_RUN_ORDER", "MELD_RULES", "OPTIONS", "POINTS", "RULES", "ClassicRummyView", "make_rules"]
