"""Classic Canasta's rule book as data: the partnership game as Pagat's *Canasta* page gives it (J. McLeod,
pagat.com/rummy/canasta.html, its "Classic Canasta" and two-player sections), checked against the laws of 1949 as
later texts give them (Britannica's summary, the Hoyle/Bicycle text, Wikipedia), with the 2-, 3- and 6-player forms.

Each rule is a short statement an engine implements and a test cites. Where the sources differ, the rule says
which one it follows and what the other says, marked ``[decision: ...]``; where they are silent, the choice made
here is marked ``[clarified: ...]``. The common rules of every variant (G-1 to G-7 of the project's rule book)
apply as well. Options are named in the rule they set, with their defaults. `worked_hands.md`, beside this module,
works every scoring rule and three whole hands out by hand.

Examples:
    >>> ids = [rule.id for rule in RULES]
    >>> ids == [f"CAN-{n}" for n in range(1, len(RULES) + 1)]  # CAN-1 to CAN-N, in order, no gap
    True
    >>> len(RULES), RULES[0].id, RULES[-1].id
    (39, 'CAN-1', 'CAN-39')
    >>> all(rule.title and rule.text for rule in RULES)
    True
    >>> [rule.id for rule in RULES if "[decision:" in rule.text]
    ['CAN-7', 'CAN-8', 'CAN-10', 'CAN-12', 'CAN-17', 'CAN-25', 'CAN-27', 'CAN-37', 'CAN-38', 'CAN-39']
    >>> [rule.id for rule in RULES if "[clarified:" in rule.text]
    ['CAN-18', 'CAN-22', 'CAN-23', 'CAN-25', 'CAN-26', 'CAN-36']
"""

from __future__ import annotations

from typing import Final

from rummykit.core.specs import rule_book

__all__ = ["RULES"]

RULES: Final = rule_book("""
CAN-1 | Players and sides | Four players in two sides of two partners: seats 0 and 2 against seats 1 and 3, so that
    partners sit opposite and the turn alternates between the sides. A side shares its melds, its red threes, its
    initial meld and its score. The number of players chooses the 2-, 3- and 6-player forms (CAN-37 to CAN-39);
    with two or three players each plays alone, a side of one, and the rules about partners do not apply.
CAN-2 | Cards | Two 52-card packs and four jokers, 108 cards, shuffled together (three packs and six jokers with six
    players, CAN-39). Identical cards (two 5H) are normal. Suits never matter, except that a three is red (3H, 3D)
    or black (3C, 3S).
CAN-3 | Wild cards, natural cards and threes | Jokers and 2s are wild cards. The natural cards are the aces, kings,
    queens, jacks, 10s, 9s, 8s, 7s, 6s, 5s and 4s: only these ranks are melded, wild cards standing for them. Red
    threes are bonus cards (CAN-7, CAN-9, CAN-31); black threes are stop cards (CAN-17).
CAN-4 | Card values | Joker 50; ace and 2: 20; K, Q, J, 10, 9, 8: 10; 7, 6, 5, 4 and black three: 5. A red three
    has no card value: it scores by CAN-31 and CAN-32 only. The values count toward the initial meld (CAN-15), for
    melded cards (CAN-29) and against the cards left in hand (CAN-34).
CAN-5 | Dealer and turn order | The first dealer is chosen at random (from the game's random source); the deal then
    passes one seat forward each hand. The seat after the dealer plays first, and play goes on in seat order (G-2).
CAN-6 | Deal | The dealer deals one card at a time, starting with the seat after the dealer, until each player holds
    11 cards (15 with two players, 13 with three or six). The rest, face down, is the stock.
CAN-7 | Red threes in the deal | After the deal, each seat in turn order from the first player lays every red three
    in its hand face up before it and draws one replacement from the stock for each; a replacement red three is laid
    out and replaced in turn. Then the up-card is turned (CAN-8). [decision: at once, as Pagat and Wikipedia have
    it, and in the order of Railroad Canasta's RC-C1; the Hoyle/Bicycle text of the laws has each player lay out
    their red threes at the start of their own first turn. Only which stock card replaces which red three differs.]
CAN-8 | The up-card | The top card of the stock is turned face up to start the discard pile. While the pile's top
    card is a wild card or a red three, the next card of the stock is turned face up onto it. A pile begun so is
    frozen (CAN-19); a red three in it goes to whoever takes the pile (CAN-9). [decision: Pagat and Wikipedia: a black
    three turned up stays the up-card and only blocks the first player (CAN-17); the Hoyle/Bicycle text of the laws
    turns further cards on any three, and says that a black three turned up freezes the pile.]
CAN-9 | Red threes | A red three is never held in hand. A player who draws one from the stock, as a replacement
    too, lays it face up before them at once and draws the next card of the stock in its place (CAN-10 when the
    stock is then empty). A red three in a discard pile that is taken (only a turned-up one can be there) is laid
    face up by the taker, without replacement. Red threes belong to the side of the player who laid them out; they
    are not melds and count toward no minimum.
CAN-10 | A red three as the last card | A player who draws a red three (a replacement included) when it is the last
    card of the stock lays it face up, and the hand ends at once: that player neither melds nor discards. [decision:
    Pagat; the laws as Britannica gives them let that player meld and add to melds first, but not discard.]
CAN-11 | The turn | A turn starts with one of: draw the top card of the stock (two cards with two players, CAN-37),
    or take the discard pile (CAN-20). Then the player may meld and add cards to their side's melds. Then they
    discard one card face up onto the pile, which ends the turn; any card they hold may be discarded, wild cards and
    black threes included. A player who goes out by melding all their cards makes no discard (CAN-24).
CAN-12 | Melds | A meld is 3 or more cards of one natural rank (CAN-3), its wild cards standing for that rank. It
    holds at least 2 natural cards and at most 3 wild cards, when it is laid down and after every card added to it;
    its size has no upper limit. A meld of wild cards only is not allowed, and threes are melded only as CAN-17
    allows. [decision: Pagat and the Hoyle/Bicycle text of the laws limit only these two numbers, so 2 natural
    cards with 3 wild cards (9C 9D 2C 2D JK) are a meld; Wikipedia's text also forbids more wild cards than natural
    cards in a meld.]
CAN-13 | A side's melds | Melds belong to the side, not to the player who laid them: either partner may add cards to
    any of the side's melds. A side never has two melds of one rank: cards of a rank it has melded go onto that meld.
    A side may meld a rank that the other side has melded, but nobody adds cards to another side's melds. A melded
    card is never taken back.
CAN-14 | Canastas | A meld of 7 or more cards is a canasta: natural if it holds no wild card, mixed if it holds 1 to 3
    wild cards. Cards may be added to a canasta as to any meld (CAN-12); a wild card added to a natural canasta makes
    it mixed.
CAN-15 | The initial meld | A side's first meld action of a hand is its initial meld: one or more melds laid down
    together by one player in one action (G-5), or a take of the pile with the melds laid in the same action (CAN-16).
    Its count, the sum of the values (CAN-4) of the cards in those melds, must be at least the minimum set by the
    side's total before the hand: below 0: 15; 0 to 1,495: 50; 1,500 to 2,995: 90; 3,000 or more: 120 (and 150 at
    7,500 or more with six players, CAN-39). Bonuses and red threes never count. Once a side has melded, either
    partner melds without a minimum. Going out concealed from the stock needs no minimum (CAN-26).
CAN-16 | The initial meld with the pile | A side that has not melded takes the pile only with a natural pair
    (CAN-19, CAN-20). The top card and the pair, with any other melds the player lays from hand in the same action,
    must reach the minimum (CAN-15): the top card counts, the other cards of the pile never do, even when they are
    melded later in the turn.
CAN-17 | Black threes | A black three is melded only in the turn its player goes out, in a meld of 3 or 4 black
    threes (up to 6 with six players) and no wild card, which is never a canasta; it may also be the going-out
    discard. While a black three is the top card of the discard pile, nobody may take the pile. It does not freeze
    the pile: covered by the next discard, it has no further effect. [decision: Pagat, for whom black threes do not
    freeze the pile; the Hoyle/Bicycle text of the laws says that a black three turned up or discarded freezes it.]
CAN-18 | The discard pile | The pile is kept squared: every player sees its top card, how many cards it holds and
    whether it is frozen (the card that froze it lies crosswise). [clarified: the laws keep the pile squared, so a
    view shows its top card and size only, as the standard core's views do; every card of it was seen face up when
    it was discarded or turned.]
CAN-19 | The frozen pile | The pile is frozen for every player while it holds a wild card or a red three (a wild
    card discarded, or a wild card or red three turned up by CAN-8). It is also frozen for a side that has not made
    its initial meld, whatever it holds. A frozen pile stays so until it is taken; the pile begun by the next discard
    is not frozen.
CAN-20 | Taking the pile | Instead of drawing, a player may take the pile only when its top card is a natural card
    (never while it is a black three or a wild card) and they meld that card at once: if the pile is frozen for their
    side, with two natural cards of its rank from their hand; if it is not, also with one natural card of its rank
    and one wild card from their hand, or by adding the top card alone to their side's meld of its rank (a canasta
    too). If the side has a meld of that rank, the top card and the cards from hand go onto it, within CAN-12's
    limits; two wild cards from hand never take the pile.
CAN-21 | What becomes of the pile | The top card is melded first, as CAN-20 says (with the other melds of an initial
    meld, CAN-16); then the rest of the pile goes into the taker's hand, its red threes laid face up without
    replacement (CAN-9). The taker then melds as they wish and discards (CAN-11); the pile is empty until that
    discard.
CAN-22 | A single card | A player who holds a single card may not take a pile of a single card. [clarified: the laws,
    as Britannica gives them: such a player "cannot go out by taking the deck"; Pagat's text on it was not
    available.]
CAN-23 | Keeping a card to discard | A player who may not go out in this turn (their side lacks the canastas CAN-24
    asks, or their partner answered no, CAN-25) makes no play that leaves them without a card to discard and a card
    to keep: they hold at least 2 cards before their discard. Such a play is refused citing G-4. [clarified: the
    sources say only that going out needs a canasta; melding down to one card and discarding it would go out.]
CAN-24 | Going out | A player goes out when, in their turn, they meld all their cards, or all but one and discard that
    one (a black three or a wild card may be that discard). They may do so only if their side has at least one
    canasta, completed earlier or in that turn; with two or six players, two canastas (CAN-37, CAN-39). Option
    canastas_to_go_out (default none: the number these rules give). Going out ends the hand at once.
CAN-25 | "Partner, may I go out?" | A player with a partner who could go out in this turn (some sequence of plays
    allowed in it empties their hand) may ask "Partner, may I go out?", once in the turn, after their draw or take
    of the pile and before any further meld, addition or discard. The partner (with sides of three, the next partner
    in turn order) answers yes or no, and every player sees the answer. After yes the player must go out in this
    turn; after no they may not go out in this turn. A player may also go out without asking. Option ask_partner
    (default true; false: nobody asks). [decision: Pagat lets the player ask before or after drawing; here only
    after, when it can be known that they can go out. Pagat and the laws agree that the answer binds (Britannica:
    "the player must abide by the response").] [clarified: a player holding a single card (left by taking the pile)
    does not ask: going out is their only way to end the turn, and after no they would have none, which G-4
    forbids.]
CAN-26 | Going out concealed | A player goes out concealed when they go out (CAN-24) by melding their whole hand in
    that one turn, with or without a discard, having melded nothing earlier in the hand (laying out red threes does
    not count), adding no card to a meld their partner laid, and laying at least one canasta themselves. If their
    side has not melded and they drew from the stock, those melds need not reach the minimum (CAN-15); if they took
    the pile, they must (CAN-16). The bonus is CAN-33's. [clarified: Pagat waives the minimum for a concealed hand
    after a draw from the stock; that the pile still asks for it follows the readings of Pagat consulted.]
CAN-27 | The end of the stock | When a player's draw takes the last card of the stock and it is not a red three
    (CAN-10), they play their turn as usual. From then on a turn starts with the pile or not at all: the turn
    player must take the pile if its top card can go onto their side's meld of its rank (the pile not being frozen
    for them, CAN-20) and CAN-22 allows it; they may take it in any other way CAN-20 allows; if they do not take it,
    the hand ends at once. [decision: Pagat, where the take is compulsory only onto a side's meld; the laws as
    Britannica words them have each player take the up-card "if it can be melded or laid off", and play end when a
    player cannot use the previous discard.]
CAN-28 | The end of a hand | A hand ends when a player goes out (CAN-24), when a red three is the last card of the
    stock (CAN-10), when a turn starts with the stock empty and the pile is not taken (CAN-27), or at the turn cap
    (G-1). Each side's hand is then scored by CAN-29 to CAN-34; only going out earns CAN-33's bonus.
CAN-29 | Melded cards | Each side scores plus the values (CAN-4) of all the cards in its melds, canastas included: a
    wild card counts its own value, whatever rank it stands for, and a black three 5.
CAN-30 | Canasta bonuses | Each side scores, besides its cards' values, 500 for each natural canasta and 300 for each
    mixed canasta it has when the hand ends (Pagat: "a natural canasta of seven kings is really worth 570 points
    altogether").
CAN-31 | Red threes | Each side scores 100 for each red three it laid out; a side that laid out all four scores 800
    for them (with six players, CAN-39).
CAN-32 | Red threes without a meld | A side that made no meld in the hand (laying out red threes is not melding)
    scores its red threes minus instead: -100 each, -800 for all four.
CAN-33 | Going out | The side of the player who went out scores 100 for it, or 200 (in all, not 300) if they went out
    concealed (CAN-26).
CAN-34 | Cards left in hand | Each side scores minus the values of all the cards left in its players' hands when the
    hand ends, whether or not they would make melds.
CAN-35 | The hand's score and the totals | A side's score for the hand is the sum of CAN-29 to CAN-34 and may be
    negative. It is added to the side's total (0 when the game starts), which may be negative too; the new total sets
    the side's minimum for the next hand (CAN-15).
CAN-36 | The end of the game | The game ends after a hand in which a side's total reaches the target or more: option
    target (default none: 5,000, or CAN-39's with six players). The side with the higher total wins, also when both
    (or all) sides reached the target in that hand. [clarified: if the highest totals are equal, further hands are
    played until one side alone has the highest total, as Railroad Canasta's RC-C8 does; the sources read say
    nothing of a tie.]
CAN-37 | Two players | With two players each plays alone, 15 cards each. A player who draws from the stock takes its
    top two cards (each red three among them laid out and replaced, CAN-9) and discards one card as usual. Going out
    takes two canastas. When the stock holds one card, the draw is that card; a red three drawn when the stock is
    empty is not replaced, and if every card a player drew in that draw is a red three, the hand ends as CAN-10 says.
    Everything else is as with four players. [decision: Pagat; the two-hand rules in Bicycle's text drop "the
    penalties for red threes and insufficient melds" (CAN-32).]
CAN-38 | Three players | With three players each plays alone, 13 cards each, one canasta to go out; everything else
    is as with four players (a player who laid out all four red threes scores 800). [decision: the game as
    Wikipedia and rummy-games.com give it; the "cutthroat" game they also describe (two cards a draw, the first to
    take the pile playing alone against the other two as partners, game to 7,500) is not offered.]
CAN-39 | Six players | With six players: three packs and six jokers (162 cards), 13 cards each, two canastas to go
    out. Option six_player_sides: two_of_three (the default: seats 0, 2 and 4 against 1, 3 and 5) or three_of_two
    (seats 0 and 3, 1 and 4, 2 and 5). The target is 10,000 with two sides and 7,500 with three; a side at 7,500 or
    more needs 150 for its initial meld. A side scores 100 for each red three up to four, 1,000 for five and 1,200
    for six (minus, by CAN-32, without a meld). [decision: the three-pack game as rummy-games.com's "Canasta for six
    players" gives it; not checked against Pagat's six-player text, which was not available.]
""")
"""Classic Canasta's rule book, rule by rule (CAN-1 to CAN-39)."""
