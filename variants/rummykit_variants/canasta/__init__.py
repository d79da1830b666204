"""Classic Canasta (``canasta``): the rule book; the plug-in follows in issue 34's next steps. The partnership
game as Pagat gives it, four players in two sides, with its 2-, 3- and 6-player forms; its rules, CAN-1 onwards,
are `rummykit_variants.canasta.book.RULES`, and `worked_hands.md` beside it scores hands by hand from them."""
