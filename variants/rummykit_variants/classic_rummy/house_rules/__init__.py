"""Classic Rummy's house rules (RULES.md CR-20 to CR-24), each a small plug-in module registered in
the ``rummykit.house_rules`` entry-point group, stacked on a game by name::

    import rummykit
    game = rummykit.new_game("rummy", players=3, house_rules=["ace-low", "initial-meld-50"],
                             options={"initial_meld_minimum": 40})

Each is one ``rummykit_setup`` wrapper: it takes the rules Classic Rummy plays by
([`StandardRules`][rummykit.standard.rules.StandardRules], data) and returns them with a field or two changed.

================================  =====  ===========================================================
house rule                        rule   what it changes
================================  =====  ===========================================================
``one-meld-per-turn``             CR-20  ``melding.per_turn``: one new meld per turn
``ace-low``                       CR-21  ``melds.run_order``: runs go from A to K only
``discard-to-go-out``             CR-22  ``ids.discard_to_go_out``: the last card must be discarded
``initial-meld-50``               CR-23  ``melding.initial_minimum``: the first meld action is worth 50
``jokers``                        CR-24  ``shoe_parts``, ``melds.wild_faces``, ``scoring.points``
================================  =====  ===========================================================
"""

NAMES = ("ace-low", "discard-to-go-out", "initial-meld-50", "jokers", "one-meld-per-turn")
"""The house rules' names, as their entry points are named."""

__all__ = ["NAMES"]
