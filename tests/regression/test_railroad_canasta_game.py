"""A Railroad Canasta game worked by hand: three rounds from stacked shoes, every action written out.

Like PokerKit's replays of published hands: the shoes are stacked so that each round plays out as
written below, and every round score and total is worked out here from RULES.md, never read back
from the engine: RC-5's card values (joker 50; 2 and A 20; K to 8: 10; 7 to 4 and black 3: 5; a red 3
in a kitty 0), RC-12's canasta bonuses (sevens 1500, wild 1000, red 500, black 300), RC-30's 100 for
going out and RC-31 (+ melded cards, + bonuses, + 100 a red 3, - the cards in hand and in a kitty not
picked up). Two seats; seat 1 deals round 1, so seat 0 plays first (RC-2), and the deal passes one seat
a round. Every round ends by the rules (two go out, one ends with RC-19's sevens exception); no turn
cap is used. ``max_rounds=3`` ends the game after round 3 (G-3), the highest total winning.

What the rounds play:

* Round 1: a red 3 dealt to a hand, placed and replaced, and a red 3 up-card that freezes the pile
  (RC-3, RC-6, RC-15, RC-C1); a red 3 drawn and replaced (RC-6, RC-14); an initial meld of a sevens
  canasta and a wild meld, above the minimum of 50 (RC-13); the kitty picked up after the discard
  (RC-20), its red 3 placed without replacement; a wild canasta by lay-offs and a red canasta in one
  meld (RC-12); a discarded 2 (RC-15); a frozen pile taken with a natural pair, its red 3 placed
  (RC-15, RC-17); a black canasta; going out (RC-21, RC-30). The other seat's kitty, a red 3 in it,
  counts against it (RC-31).
* Round 2: the initial-meld minimum follows the totals (RC-13): 15 below 0, exactly met, and 50 for the
  leader, who lays down four melds at once (any initial meld reaching the minimum, RC-C7 removed); the
  pile taken by playing its top card alone onto an unfinished meld (RC-16); a hand of only 7s after
  the draw (nothing may be discarded, RC-18) melded onto an open meld of 7s down to an empty hand,
  which ends the round with nobody out and no going-out bonus (RC-19's exception, RC-22).
* Round 3: an initial meld of exactly 90 at a total of 5,000 or more, after a 60-point one is refused
  (RC-13); black 3s discarded block the pile (RC-7, RC-16); a wild up-card freezes it (RC-15); a pile
  taken with a pair onto an unfinished meld (RC-C3); black 3s melded in the turn of going out (RC-7,
  RC-C4); going out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import cast

import rummykit
from rummykit import Card, Discard, Draw, Game, GoDown, LayOff, face, format_cards, parse_cards
from rummykit.documents.serialize import dump_record, load_record
from rummykit_variants.railroad_canasta import PickUpKitty, RailroadCanastaView, TakePile

VARIANT = "railroad-canasta"
PLAYERS = 2
FIRST_DEALER = 1
SHOE: tuple[Card, ...] = rummykit.new_game(VARIANT, players=PLAYERS, seed=0).state.rules.shoe


def dealt(
    start: int,
    hands: Mapping[int, str],
    kitties: Mapping[int, str],
    replacements: str,
    up: str,
    stock: str,
) -> list[str]:
    """RC-3 and RC-C1: the top of a shoe that deals ``hands`` (13 cards) then ``kitties`` (11), one card
    at a time from the seat after the dealer, ``start``; then the replacements of the red 3s dealt to
    hands, seat by seat from ``start``; then the up-card; then the stock in the order drawn."""
    order = [(start + step) % PLAYERS for step in range(PLAYERS)]
    top: list[str] = []
    for piles in (hands, kitties):
        cards = {seat: text.split() for seat, text in piles.items()}
        top += [cards[seat][i] for i in range(len(cards[start])) for seat in order]
    return [*top, *replacements.split(), up, *stock.split()]


def stacked(top: Sequence[str]) -> list[Card]:
    """A full shoe (RC-1: 106 cards a player) with ``top`` coming off first and the rest after it, in
    card order."""
    cards = list(parse_cards(list(top)))
    assert not Counter(cards) - Counter(SHOE), "the stacked cards are in the shoe"
    rest = Counter(SHOE) - Counter(cards)
    return cards + sorted(rest.elements(), key=lambda card: card.index)


# -- the shoes ------------------------------------------------------------------------------------------

# Round 1: dealer 1, seat 0 plays first. Seat 0 is dealt 3H: placed, replaced by KH (RC-C1).
R1_HANDS = {
    0: "7C 7C 7D 7D 7H 7S 7S 2C 2D JK 3H KC KD",
    1: "AC AD AH 4C 5D 6H 8S 9D 10C JH KS 2H 4D",
}
R1_KITTIES = {
    0: "3D 2S 2S JK 2C KC KD KH QC QD QS",
    1: "3H 5S 6S 7C 8C 9H 10D JC KH AS JK",
}
# The stock as drawn: seat 0 KS QH; seat 1 3D (placed, RC-6) then 6C 8D; seat 0 JK 5C; seat 1 QS 9S.
R1_SHOE = stacked(dealt(0, R1_HANDS, R1_KITTIES, "KH", "3H", "KS QH 3D 6C 8D JK 5C QS 9S"))

# Round 2: dealer 0, seat 1 plays first; no red 3 in a hand.
R2_HANDS = {
    1: "4C 4D 4H 5D 6H 8S 9H JD QC KD AC 3S 6S",
    0: "7C 7D 7H 7S 7C AC AD AH KC KD KH 10C 10D",
}
R2_KITTIES = {
    1: "5H 5S 6C 6D 8D 9S JH QH KC AH 3C",
    0: "3D 4C 5C 6C 8D 9D JC QD KS AS 2D",
}
# The stock as drawn: seat 1 9C 10S; seat 0 JK 4S; (seat 1 takes the pile); seat 0 7H 7D.
R2_SHOE = stacked(dealt(1, R2_HANDS, R2_KITTIES, "", "8C", "9C 10S JK 4S 7H 7D"))

# Round 3: dealer 1, seat 0 plays first; the up-card is a 2, which freezes the pile (RC-15).
R3_HANDS = {
    0: "JK AC AD AH 3S 3S 4D 5S 6C 8H 9D 10C JS",
    1: "7C 7C 7D 7D 7H 7H 7S 2C 2S JK 3C KC KD",
}
R3_KITTIES = {
    0: "3H 4S 5H 6H 8S 9C 10D JH QD KS AS",
    1: "2D 2D 2H JK KC KD KH QC QD QH QS",
}
# The stock as drawn: seat 0 9S 10H; seat 1 KH KS; seat 0 KC 8C; seat 1 3D (placed) then QS 5D;
# seat 0 QC 4H.
R3_SHOE = stacked(dealt(0, R3_HANDS, R3_KITTIES, "", "2H", "9S 10H KH KS KC 8C 3D QS 5D QC 4H"))


# -- the figures, worked by hand from RULES.md ----------------------------------------------------------

# Round 1: seat 0 goes out.
#   seat 0: sevens canasta 7C 7C 7D 7D 7H 7S 7S: 7 * 5 = 35, + 1500
#           wild canasta 2C 2D JK 2S 2S JK 2C: 5 * 20 + 2 * 50 = 200, + 1000
#           red canasta KC KC KD KD KH KH KS: 7 * 10 = 70, + 500
#           black canasta QS QC QD QS QH JK 2H: 5 * 10 + 50 + 20 = 120, + 300
#           red 3s 3H (dealt), 3D (kitty), 3H (pile): 3 * 100 = 300; going out: 100; kitty picked up
#           35 + 200 + 70 + 120 + 1500 + 1000 + 500 + 300 + 300 + 100 = 4125
#   seat 1: meld AC AD AH: 60; red 3 3D (drawn): 100;
#           hand 4C 5D 6H 8S 9D 10C JH KS 4D 6C 8D 9S: 5 * 5 + 7 * 10 = 95
#           kitty 3H 5S 6S 7C 8C 9H 10D JC KH AS JK: 0 + 3 * 5 + 5 * 10 + 20 + 50 = 135
#           60 + 100 - 95 - 135 = -70
R1_SCORES = (
    (35 + 1500) + (200 + 1000) + (70 + 500) + (120 + 300) + 3 * 100 + 100,
    60 + 100 - (5 * 5 + 7 * 10) - (0 + 3 * 5 + 5 * 10 + 20 + 50),
)
R1_TOTALS = (4125, -70)
# RC-13 for round 2: seat 0 at 4125 (0 to 4,995): 50; seat 1 at -70 (below 0): 15.
R2_MINIMUMS = (50, 15)
# Round 2: nobody goes out (RC-19's exception, RC-22): no going-out bonus (RC-30).
#   seat 0: sevens canasta 7C 7D 7H 7S 7C 7H 7D: 35, + 1500; 10C 10D JK: 10 + 10 + 50 = 70;
#           KC KD KH: 30; AC AD AH: 60; hand empty;
#           kitty 3D 4C 5C 6C 8D 9D JC QD KS AS 2D: 0 + 3 * 5 + 5 * 10 + 20 + 20 = 105
#           35 + 1500 + 70 + 30 + 60 - 105 = 1590
#   seat 1: 4C 4D 4H 4S: 20;
#           hand 5D 6H 8S 9H QC KD AC 6S 9C 10S 8C JD: 3 * 5 + 8 * 10 + 20 = 115
#           kitty 5H 5S 6C 6D 8D 9S JH QH KC AH 3C: 5 * 5 + 5 * 10 + 20 = 95
#           20 - 115 - 95 = -190
R2_SCORES = (
    (35 + 1500) + (10 + 10 + 50) + 30 + 60 - (0 + 3 * 5 + 5 * 10 + 20 + 20),
    20 - (3 * 5 + 8 * 10 + 20) - (5 * 5 + 5 * 10 + 20),
)
R2_TOTALS = (4125 + 1590, -70 - 190)  # (5715, -260)
# RC-13 for round 3: seat 0 at 5715 (5,000 to 9,995): 90; seat 1 at -260: 15.
R3_MINIMUMS = (90, 15)
# Round 3: seat 1 goes out.
#   seat 0: AC AD JK AH: 20 + 20 + 50 + 20 = 110;
#           hand 4D 5S 6C 8H 9D 10C JS 9S 10H KC 8C 4H: 4 * 5 + 8 * 10 = 100
#           kitty 3H 4S 5H 6H 8S 9C 10D JH QD KS AS: 0 + 3 * 5 + 6 * 10 + 20 = 95
#           110 - 100 - 95 = -85
#   seat 1: sevens canasta 7C 7C 7D 7D 7H 7H 7S: 35, + 1500
#           wild canasta 2C 2S JK 2D 2D 2H JK: 200, + 1000
#           red canasta KC KC KD KD KH KH KS: 70, + 500
#           black canasta QC QD QH QC QS QS 2H: 6 * 10 + 20 = 80, + 300
#           black 3s 3S 3C 3S: 3 * 5 = 15, no bonus (RC-7); red 3 3D: 100; going out: 100
#           35 + 200 + 70 + 80 + 15 + 1500 + 1000 + 500 + 300 + 100 + 100 = 3900
R3_SCORES = (
    110 - (4 * 5 + 8 * 10) - (0 + 3 * 5 + 6 * 10 + 20),
    (35 + 1500) + (200 + 1000) + (70 + 500) + (80 + 300) + 15 + 100 + 100,
)
R3_TOTALS = (5715 - 85, -260 + 3900)  # (5630, 3640)
# G-3 (RC-32's ranking): after round 3 the highest total wins: seat 0.
WINNERS = (0,)


# -- helpers ----------------------------------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    """Cards as a sorted list, to compare hands and melds whatever their order."""
    return sorted(parse_cards(text))


def hand(game: Game, seat: int) -> list[Card]:
    return sorted(game.hand(seat))


def table(game: Game) -> list[tuple[int, str]]:
    return [(meld.owner, format_cards(sorted(meld.meld.cards))) for meld in game.state.table]


def melds(*owned: tuple[int, str]) -> list[tuple[int, str]]:
    return [(owner, format_cards(cards(text))) for owner, text in owned]


def view(game: Game) -> RailroadCanastaView:
    return cast(RailroadCanastaView, game.view(None))


def red_threes(game: Game) -> tuple[str, ...]:
    return tuple(format_cards(reds) for reds in view(game).red_threes)


def play(game: Game, *actions: rummykit.Action) -> None:
    for action in actions:
        game.apply(action)


# -- the game ---------------------------------------------------------------------------------------------


def new_game() -> Game:
    return rummykit.new_game(
        VARIANT,
        players=PLAYERS,
        seed=0,
        dealer=FIRST_DEALER,
        shoes=[R1_SHOE, R2_SHOE, R3_SHOE],
        options={"max_rounds": 3},
    )


def play_round_1(game: Game) -> None:
    assert (game.round, game.dealer, game.turn) == (1, 1, 0)  # RC-2
    # RC-3, RC-6, RC-C1: seat 0's 3H is placed and replaced by KH; the kitties stay as dealt.
    assert hand(game, 0) == cards("7C 7C 7D 7D 7H 7S 7S 2C 2D JK KC KD KH")
    assert hand(game, 1) == cards(R1_HANDS[1])
    assert [sorted(map(face, kitty)) for kitty in game.state.seat_piles["kitty"]] == [
        cards(R1_KITTIES[0]),
        cards(R1_KITTIES[1]),
    ]
    assert red_threes(game) == ("3H", "")
    assert view(game).discard_top == Card.parse("3H")
    assert view(game).frozen  # a red 3 up-card freezes the pile (RC-15)
    assert view(game).initial_minimum == (50, 50)  # totals of 0 (RC-13)

    # Turn 1, seat 0 draws KS QH; its initial meld, a sevens canasta and a wild meld, is worth
    # 35 + 90 = 125, at least 50 (RC-13). A canasta that is not black: after its discard it picks up
    # its kitty (RC-20), whose 3D is placed without replacement (RC-6).
    play(game, Draw(seat=0), GoDown(seat=0, melds=["7C 7C 7D 7D 7H 7S 7S", "2C 2D JK"]))
    assert hand(game, 0) == cards("KC KD KH KS QH")
    play(game, Discard(seat=0, card="QH"), PickUpKitty(seat=0))
    assert hand(game, 0) == cards("KC KD KH KS 2S 2S JK 2C KC KD KH QC QD QS")
    assert red_threes(game) == ("3H 3D", "")

    # Turn 2, seat 1 draws 3D (placed and replaced, RC-6), 6C and 8D, and discards 2H (RC-15).
    play(game, Draw(seat=1))
    assert red_threes(game) == ("3H 3D", "3D")
    play(game, Discard(seat=1, card="2H"))

    # Turn 3, seat 0 draws JK 5C, lays four wild cards off onto its wild meld (a wild canasta) and
    # melds seven kings at once (a red canasta, RC-12).
    play(
        game,
        Draw(seat=0),
        LayOff(seat=0, card="2S", meld=1),
        LayOff(seat=0, card="2S", meld=1),
        LayOff(seat=0, card="JK", meld=1),
        LayOff(seat=0, card="2C", meld=1),
        GoDown(seat=0, melds=["KC KC KD KD KH KH KS"]),
        Discard(seat=0, card="5C"),
    )
    assert table(game) == melds((0, "7C 7C 7D 7D 7H 7S 7S"), (0, "2C 2D JK 2S 2S JK 2C"), (0, "KC KC KD KD KH KH KS"))
    assert hand(game, 0) == cards("JK QC QD QS")

    # Turn 4, seat 1 draws QS 9S; its initial meld AC AD AH is worth 60 (RC-13).
    play(game, Draw(seat=1), GoDown(seat=1, melds=["AC AD AH"]), Discard(seat=1, card="QS"))

    # Turn 5, seat 0 takes the frozen pile (3H QH 2H 5C QS) with a natural pair of queens (RC-15): the
    # top card is melded with them, the 3H is placed, the rest goes to its hand (RC-17).
    play(game, TakePile(seat=0, cards="QC QD"))
    assert red_threes(game) == ("3H 3D 3H", "3D")
    assert not view(game).frozen
    assert hand(game, 0) == cards("JK QS QH 2H 5C")
    # Five queens and two wild cards: a black canasta, the fourth kind; then out with 5C (RC-21).
    play(
        game,
        LayOff(seat=0, card="QS", meld=4),
        LayOff(seat=0, card="QH", meld=4),
        LayOff(seat=0, card="JK", meld=4),
        LayOff(seat=0, card="2H", meld=4),
    )
    assert table(game)[3:] == melds((1, "AC AD AH"), (0, "QS QC QD QS QH JK 2H"))
    assert hand(game, 1) == cards("4C 5D 6H 8S 9D 10C JH KS 4D 6C 8D 9S")
    play(game, Discard(seat=0, card="5C"))


def play_round_2(game: Game) -> None:
    assert (game.round, game.dealer, game.turn) == (2, 0, 1)
    assert hand(game, 0) == cards(R2_HANDS[0])
    assert hand(game, 1) == cards(R2_HANDS[1])
    assert view(game).initial_minimum == R2_MINIMUMS

    # Turn 1, seat 1 draws 9C 10S; its total is below 0, so 4C 4D 4H (15) is enough (RC-13).
    play(game, Draw(seat=1), GoDown(seat=1, melds=["4C 4D 4H"]), Discard(seat=1, card="JD"))

    # Turn 2, seat 0 draws JK 4S and lays down four melds as its initial meld, worth
    # 15 + 70 + 30 + 60 = 175 (at least 50, RC-13), keeping 7S 7C and 4S; it discards 4S.
    play(game, Draw(seat=0), GoDown(seat=0, melds=["7C 7D 7H", "10C 10D JK", "KC KD KH", "AC AD AH"]))
    assert table(game) == melds((1, "4C 4D 4H"), (0, "7C 7D 7H"), (0, "10C 10D JK"), (0, "KC KD KH"), (0, "AC AD AH"))
    play(game, Discard(seat=0, card="4S"))
    assert hand(game, 0) == cards("7S 7C")

    # Turn 3, seat 1 takes the pile (8C JD 4S) by playing 4S alone onto its unfinished 4s (RC-16).
    play(game, TakePile(seat=1))
    assert table(game)[0] == (1, "4C 4D 4H 4S")
    play(game, Discard(seat=1, card="3S"))
    assert hand(game, 1) == cards("5D 6H 8S 9H QC KD AC 6S 9C 10S 8C JD")

    # Turn 4, seat 0 draws 7H 7D: a hand of only 7s, none of which may be discarded while seat 1 lacks
    # a sevens canasta (RC-18). RC-19's exception: it lays all four off onto its 7s (a sevens canasta)
    # down to an empty hand, and the round ends with nobody out (RC-22).
    play(game, Draw(seat=0))
    assert hand(game, 0) == cards("7S 7C 7H 7D")
    error = game.explain(Discard(seat=0, card="7S"))
    assert error is not None
    assert error.rule == "RC-18"
    play(
        game,
        LayOff(seat=0, card="7S", meld=1),
        LayOff(seat=0, card="7C", meld=1),
        LayOff(seat=0, card="7H", meld=1),
    )
    assert game.round == 2
    play(game, LayOff(seat=0, card="7D", meld=1))


def play_round_3(game: Game) -> None:
    assert (game.round, game.dealer, game.turn) == (3, 1, 0)
    assert hand(game, 0) == cards(R3_HANDS[0])
    assert hand(game, 1) == cards(R3_HANDS[1])
    assert view(game).initial_minimum == R3_MINIMUMS
    assert view(game).frozen  # a wild up-card (RC-15)

    # Turn 1, seat 0 draws 9S 10H. At 5715 its initial meld must reach 90 (RC-13): AC AD AH (60) is
    # refused, AC AD JK (90) is accepted. It discards a black 3, which blocks the pile (RC-7).
    play(game, Draw(seat=0))
    error = game.explain(GoDown(seat=0, melds=["AC AD AH"]))
    assert error is not None
    assert error.rule == "RC-13"
    play(game, GoDown(seat=0, melds=["AC AD JK"]), Discard(seat=0, card="3S"))

    # Turn 2, seat 1 may not take the pile under a black 3 (RC-16); it draws KH KS, melds a sevens
    # canasta and a wild meld (125, at least 15), discards 3C and picks up its kitty (RC-20).
    error = game.explain(TakePile(seat=1))
    assert error is not None
    assert error.rule == "RC-16"
    play(
        game,
        Draw(seat=1),
        GoDown(seat=1, melds=["7C 7C 7D 7D 7H 7H 7S", "2C 2S JK"]),
        Discard(seat=1, card="3C"),
        PickUpKitty(seat=1),
    )
    assert hand(game, 1) == cards("KC KD KH KS 2D 2D 2H JK KC KD KH QC QD QH QS")

    # Turn 3, seat 0 draws KC 8C, lays AH off onto its aces and discards another black 3.
    play(game, Draw(seat=0), LayOff(seat=0, card="AH", meld=0), Discard(seat=0, card="3S"))

    # Turn 4, seat 1 draws 3D (placed and replaced), QS and 5D; a wild canasta by four lay-offs, a red
    # canasta of kings, and a new meld of queens, one meld an action (RC-C2).
    play(
        game,
        Draw(seat=1),
        LayOff(seat=1, card="2D", meld=2),
        LayOff(seat=1, card="2D", meld=2),
        LayOff(seat=1, card="2H", meld=2),
        LayOff(seat=1, card="JK", meld=2),
        GoDown(seat=1, melds=["KC KC KD KD KH KH KS"]),
        GoDown(seat=1, melds=["QC QD QH"]),
        Discard(seat=1, card="5D"),
    )
    assert red_threes(game) == ("", "3D")
    assert hand(game, 1) == cards("QS QS")

    # Turn 5, seat 0 draws QC 4H and discards QC.
    play(game, Draw(seat=0), Discard(seat=0, card="QC"))
    assert hand(game, 0) == cards("4D 5S 6C 8H 9D 10C JS 9S 10H KC 8C 4H")

    # Turn 6, seat 1 takes the frozen pile (2H 3S 3C 3S 5D QC) with its pair of queens: QC and the
    # pair go onto its unfinished queens (RC-C3), the rest to its hand. 2H closes a black canasta; the
    # black 3s are melded in the turn it goes out (RC-7, RC-C4); 5D is its last discard (RC-21).
    play(game, TakePile(seat=1, cards="QS QS"))
    assert table(game)[4] == (1, format_cards(cards("QC QD QH QC QS QS")))
    assert hand(game, 1) == cards("2H 3S 3C 3S 5D")
    play(game, LayOff(seat=1, card="2H", meld=4), GoDown(seat=1, melds=["3S 3C 3S"]))
    assert table(game) == melds(
        (0, "AC AD JK AH"),
        (1, "7C 7C 7D 7D 7H 7H 7S"),
        (1, "2C 2S JK 2D 2D 2H JK"),
        (1, "KC KC KD KD KH KH KS"),
        (1, "QC QD QH QC QS QS 2H"),
        (1, "3S 3C 3S"),
    )
    play(game, Discard(seat=1, card="5D"))


def play_game() -> Game:
    game = new_game()
    play_round_1(game)
    play_round_2(game)
    play_round_3(game)
    return game


def test_three_rounds_score_as_worked_by_hand() -> None:
    game = play_game()
    assert game.is_over
    rounds = game.history
    assert [result.round for result in rounds] == [1, 2, 3]
    assert [result.went_out for result in rounds] == [0, None, 1]
    assert "RC-19" in rounds[1].reason
    assert [result.scores for result in rounds] == [R1_SCORES, R2_SCORES, R3_SCORES]
    assert [result.totals for result in rounds] == [R1_TOTALS, R2_TOTALS, R3_TOTALS]
    assert [result.turns for result in rounds] == [5, 4, 6]
    assert game.scores == R3_TOTALS
    assert game.winners == WINNERS


def test_the_record_replays_and_survives_json() -> None:
    game = play_game()
    record = game.record
    assert record.dealer == FIRST_DEALER
    assert record.shoes == (tuple(R1_SHOE), tuple(R2_SHOE), tuple(R3_SHOE))
    replayed = rummykit.replay(record)
    assert replayed == game
    assert replayed.history == game.history
    loaded = load_record(dump_record(record))
    assert loaded == record
    again = rummykit.replay(loaded)
    assert again.scores == R3_TOTALS
    assert again.winners == WINNERS
