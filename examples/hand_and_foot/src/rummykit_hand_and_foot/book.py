"""Hand and Foot's rule book as data: the four-player partnership game of Pagat's *Hand and Foot* page (J. McLeod,
pagat.com/rummy/handfoot.html, its main version, contributed by Bill Whitnack). Pagat's own text was not at hand
when this book was written: it follows Bill Whitnack's page as archived (web.archive.org, members.shaw.ca/bvwhit/
hand.html, "Our Rules for Hand and Foot", 2005: five packs with jokers for four players, a hand and a foot of 13
cards, the pile taken with a pair and six more cards, minimums of 50, 90, 120 and 150 by round) and common
published accounts of the game; every rule not confirmed there is marked a decision.

Each rule is a short statement an engine implements and a test cites. Where the sources differ, or where the
canasta family of `rummykit.standard` plays a rule in a form that the sources do not give, the rule says which
form it follows, marked ``[decision: ...]``. The common rules of every variant (G-1 to G-7 of the project's rule
book) apply as well.

Examples:
    >>> ids = [rule.id for rule in RULES]
    >>> ids == [f"HF-{n}" for n in range(1, len(RULES) + 1)]  # HF-1 to HF-N, in order, no gap
    True
    >>> len(RULES), RULES[0].id, RULES[-1].id
    (21, 'HF-1', 'HF-21')
    >>> [rule.id for rule in RULES if "[decision:" in rule.text]
    ['HF-1', 'HF-2', 'HF-6', 'HF-7', 'HF-9', 'HF-11', 'HF-14', 'HF-15', 'HF-18']
"""

from __future__ import annotations

from typing import Final

from rummykit.core.specs import rule_book

__all__ = ["RULES"]

RULES: Final = rule_book("""
HF-1 | Players and sides | Four players in two sides of two partners: seats 0 and 2 against seats 1 and 3, so that
    partners sit opposite and the turn alternates between the sides. A side shares its melds, its red threes, its
    initial meld and its score; each player keeps their own hand and foot. With two players each plays alone, a
    side of one. [decision: Pagat's main game is the four-player partnership; its two-player form is played here
    with the same rules, each player a side of one.]
HF-2 | Cards | Five 52-card packs and ten jokers (270 cards) with four players, shuffled together; three packs and
    six jokers (162 cards) with two. [decision: Whitnack's page gives five packs for four players, one more pack
    than players; the two-player count follows that rule of thumb.]
HF-3 | Wild cards, natural cards and threes | Jokers and 2s are wild cards. Aces, kings, queens, jacks and 10s down
    to 4s are the natural cards: only these ranks are melded, wild cards standing for them. Red threes are bonus
    cards (HF-7, HF-18); black threes are never melded (HF-9).
HF-4 | Card values | Joker 50; ace and 2: 20; K, Q, J, 10, 9, 8: 10; 7, 6, 5, 4 and black three: 5. A red three has
    no card value: it scores by HF-18 only. The values count toward the initial meld (HF-12), for melded cards
    (HF-16) and against the cards left in hand and foot (HF-20).
HF-5 | Dealer and turn order | The first dealer is chosen at random (from the game's random source); the deal then
    passes one seat forward each round. The seat after the dealer plays first, and play goes on in seat order (G-2).
HF-6 | Deal | Each player is dealt a hand of 13 cards, one at a time from the seat after the dealer, then a foot of
    13 cards face down, which nobody looks at until its owner picks it up (HF-13). The next card is turned face up
    to start the discard pile (a red three turned up stays there, for whoever takes the pile, HF-7; a wild card or a
    three on top stops the pile, HF-11); the rest, face down, is the stock. [decision: some tables have each player
    count off about 22 cards themselves, with a bonus for an exact count; Pagat's main version deals, and so does
    this book.]
HF-7 | Red threes | A red three is never held in hand. Dealt to the hand or drawn from the stock, it is laid face up
    before its player at once and replaced by the next card of the stock (none if the stock is empty); a red three
    that comes in a picked-up foot or a taken pile is laid face up without replacement. Red threes are not melds and
    count toward no minimum. [decision: the sources lay out the red threes of a foot when it is picked up; whether
    they are replaced from the stock differs between tables, and here they are not, as the canasta family lays out
    the red threes of a taken pile.]
HF-8 | The turn | A turn starts with one of: draw the top 2 cards of the stock (1 if only 1 is left), or take the
    discard pile (HF-11). Then the player may meld and add cards to their side's melds (HF-9, HF-10). Then they
    discard one card face up onto the pile, which ends the turn; any card may be discarded, wild cards and black
    threes too. A player who goes out by melding their last card makes no discard (HF-14).
HF-9 | Melds | A meld is 3 to 7 cards of one natural rank (HF-3), its wild cards standing for that rank: at least 2
    natural cards and at most 3 wild cards, when it is laid down and after every card added to it. A meld of wild
    cards only, and a meld of threes, are never made. [decision: tables differ on melds of wild cards and on
    black threes melded to go out; this book has neither.]
HF-10 | Books and a side's melds | A meld of 7 cards is a book: clean if it holds no wild card, dirty if it holds 1
    to 3. A book is complete: no card is added to it. Melds belong to the side: either partner adds cards to any of
    the side's melds, nobody to the other side's. A side has at most one unfinished meld of a rank: cards of a rank
    it is melding go onto that meld; once it is a book, the side may start another meld of the rank.
HF-11 | Taking the pile | Instead of drawing, a player may take the discard pile when its top card is a natural card
    (not a wild card, not a three) and they hold two natural cards of its rank: they meld the top card at once with
    those two cards, and more natural cards of the rank or wild cards if they wish (HF-9), as a new meld; or, if the
    side has an unfinished meld of that rank, the top card and exactly the two natural cards go onto it, as far as it
    has room, the rest back to hand. Then the rest of the pile goes into their hand (HF-7 for its red threes).
    [decision: Whitnack's taker takes the top card and only the next six cards of the pile; the canasta family takes
    the whole pile, and so does this book.]
HF-12 | The initial meld | A side's first meld action of a round is its initial meld: one or more melds laid down
    together by one player in one action (G-5), or a take of the pile with the melds laid in the same action. Its
    count, the sum of the values (HF-4) of the cards in those melds, must be at least the round's minimum: round 1:
    50; round 2: 90; round 3: 120; round 4: 150. With the pile, the top card counts and the rest of the pile never
    does. Once a side has melded, either partner melds without a minimum.
HF-13 | The foot | A player whose hand is emptied before they have picked up their foot picks it up into their hand
    at once: emptied by a meld or an added card, they play on from the foot in the same turn; emptied by their
    discard, their turn ends and they play from the foot on their next turn. Until a player has picked up their
    foot, they may empty their hand whatever books their side has.
HF-14 | Going out | A player who has picked up their foot goes out by getting rid of their last card, by melding it
    or adding it to a meld (no discard), or by discarding it; they may only if their side has at least one clean
    book and one dirty book (HF-10). Until then a player with their foot keeps at least 2 cards after each meld or
    added card. Going out ends the round. [decision: many tables have a player ask their partner's permission to go out;
    here they decide alone. Tables differ on the books needed (one clean and one dirty, two of each, more); this book
    asks one clean and one dirty.]
HF-15 | The end of the stock | When the turn player must draw and the stock is empty, they take the discard pile if
    they can (HF-11) or end the round with nobody out; a turn that starts with an empty stock and a pile the player
    cannot take ends the round at once. [decision: the sources end the round when the stock runs out; this book lets
    the pile be taken first, as the canasta family does.]
HF-16 | Melded cards | When a round ends, each side scores the values (HF-4) of the cards in its melds.
HF-17 | Book bonuses | Each side scores 500 for each clean book and 300 for each dirty book it has.
HF-18 | Red threes | Each side scores 100 for each red three laid out before its players, or minus 100 for each if
    the side made no meld in the round. [decision: the sources count red threes 100 each; the minus for a side that
    has not melded follows the canasta family's rule, as many tables play it.]
HF-19 | Going out | The side of the player who went out scores 100.
HF-20 | Cards left | Each side loses the values (HF-4) of the cards left in its players' hands and in the feet not
    picked up.
HF-21 | The game | The game is four rounds (HF-12's minimums). The side with the highest total after the fourth round
    wins; equal highest totals share the win.
""")
