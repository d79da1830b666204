"""Classic Rummy's house rules (RULES.md CR-20 to CR-24), each a small plug-in module registered in
the ``rummykit.house_rules`` entry-point group, stacked on a game by name::

    import rummykit
    game = rummykit.new_game("rummy", players=3, house_rules=["ace-low", "initial-meld-50"],
                             options={"initial_meld_minimum": 40})

Each overrides only the hooks it changes: a restriction (``rummykit_restrict_action``) refuses
plays the variant accepts, and a ``rummykit_setup`` wrapper changes the game's rules as data.

================================  =====  ===========================================================
house rule                        rule   how
================================  =====  ===========================================================
``one-meld-per-turn``             CR-20  restriction: one new meld per turn
``ace-low``                       CR-21  setup wrapper: runs go from A to K only
``discard-to-go-out``             CR-22  restriction: no play may empty the hand
``initial-meld-50``               CR-23  restriction: the first meld action is worth 50 or more
``jokers``                        CR-24  setup wrapper: jokers in the deck, wild, 15 points
================================  =====  ===========================================================
"""

NAMES = ("ace-low", "discard-to-go-out", "initial-meld-50", "jokers", "one-meld-per-turn")
"""The house rules' names, as their entry points are named."""

__all__ = ["NAMES"]
