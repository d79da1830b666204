"""Classic Canasta (``canasta``): the partnership game as Pagat gives it, four players in two sides (seats 0 and 2
against 1 and 3), or two or three each alone; two packs and four jokers, red threes, black threes, the frozen
pile, minimums by the side's total, one canasta to go out (two with two players) and the game to 5,000. Its
rules, CAN-1 onwards, are `rummykit_variants.canasta.book.RULES`, and `worked_hands.md` beside it scores hands by
hand from them: ``rummykit.new_game("canasta", players=4, seed=7)``.
"""
