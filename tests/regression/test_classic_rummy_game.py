"""A classic Rummy game worked by hand: three rounds from stacked shoes, every action written out.

Like PokerKit's replays of published hands: the shoes are stacked so that each round plays out as
written below, and every round score and total is worked out here from RULES.md (CR-10: K, Q, J: 10,
A: 1, 2-10: face value; CR-11: the winner scores the cards left in the other hands, double for going
rummy), never read back from the engine. Three seats, 7 cards each (CR-1); seat 0 deals round 1, so
seat 1 plays first (CR-2), and the deal passes one seat a round. The target is 500 (CR-12's option;
round 1's 144 would end a game to 100 at once) and ``max_rounds=3`` ends the game after round 3 (G-3),
the highest total winning.

What the rounds play:

* Round 1: taking the discard and melding it (CR-3, CR-5, CR-6); a player who has played nothing lays
  down a run and a set and discards the last card: going out with a discard (CR-8) and going rummy
  (CR-11: double).
* Round 2: melds on the first turns; a card laid off at the low end of a run, a card laid off on
  another player's set (CR-5), and a set laid down that empties the hand: going out without a
  discard (CR-8), not rummy.
* Round 3: a run with the ace low (A-2-3) and one with the ace high (Q-K-A) (CR-4); a lay-off on
  another player's set, then going out with a discard, not rummy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import rummykit
from rummykit import Card, Discard, Draw, Game, GoDown, LayOff, TakeDiscard, format_cards, parse_cards
from rummykit.documents.serialize import dump_record, load_record

VARIANT = "rummy"
PLAYERS = 3
FIRST_DEALER = 0
OPTIONS = {"max_rounds": 3, "target": 500}
SHOE: tuple[Card, ...] = rummykit.new_game(VARIANT, players=PLAYERS, seed=0).state.rules.shoe


def dealt(hands: Mapping[int, str], start: int) -> list[str]:
    """CR-1, CR-2 (CR-C1): the top of a stock that deals ``hands`` (seat -> its cards in the order
    received), one card at a time, starting with the seat after the dealer, ``start``."""
    cards = {seat: text.split() for seat, text in hands.items()}
    order = [(start + step) % PLAYERS for step in range(PLAYERS)]
    return [cards[seat][i] for i in range(len(cards[start])) for seat in order]


def stacked(top: Sequence[str]) -> list[Card]:
    """The 52-card deck (CR-1) with ``top`` coming off first and the rest after it, in card order."""
    cards = list(parse_cards(list(top)))
    assert len(set(cards)) == len(cards), "one deck: each card once"
    rest = Counter(SHOE) - Counter(cards)
    return cards + sorted(rest.elements(), key=lambda card: card.index)


# -- the shoes ------------------------------------------------------------------------------------------

# Round 1: dealer 0, seat 1 plays first.
R1_HANDS = {
    1: "4H 5H 6H 9C 9D KS QD",
    2: "QC QS 3C 6D 7S 10S JH",
    0: "AC 2D 3S 8H 10C JD KH",
}
# Up-card 4D, then the stock in the order drawn: seat 1, seat 0, seat 1 (seat 2 takes a discard).
R1_SHOE = stacked([*dealt(R1_HANDS, start=1), "4D", "7H", "5C", "9S"])

# Round 2: dealer 1, seat 2 plays first.
R2_HANDS = {
    2: "8S 9S 10S KC KD 5S 7S",
    0: "5C 5D 5H AH JS JD 3D",
    1: "2H 3C 6H 8D 10H QS KS",
}
# Up-card 4S; seat 2, seat 0, seat 1, seat 2 draw.
R2_SHOE = stacked([*dealt(R2_HANDS, start=2), "4S", "2C", "4C", "9H", "KH"])

# Round 3: dealer 2, seat 0 plays first.
R3_HANDS = {
    0: "AD 2D 3D QC KC 9H 6S",
    1: "9C 9D 4H 7C JS QH 10D",
    2: "2S 3H 5D 8H KH JC 7D",
}
# Up-card 5C; seat 0, seat 2, seat 0 draw (seat 1 takes a discard).
R3_SHOE = stacked([*dealt(R3_HANDS, start=0), "5C", "9S", "10S", "AC"])


# -- the figures, worked by hand from RULES.md ----------------------------------------------------------

# Round 1: seat 1 goes rummy (it played no card before the turn in which it went out), so it scores
# double the cards left in the other hands (CR-11):
#   seat 0 keeps AC 2D 3S 8H 10C JD + 5C (drawn), KH discarded: 1 + 2 + 3 + 8 + 10 + 10 + 5 = 39
#   seat 2 keeps 6D 7S 10S JH (QC QS melded with the taken QD, 3C discarded): 6 + 7 + 10 + 10 = 33
#   seat 1: 2 * (39 + 33) = 144
R1_SCORES = (0, 2 * ((1 + 2 + 3 + 8 + 10 + 10 + 5) + (6 + 7 + 10 + 10)), 0)
R1_TOTALS = (0, 144, 0)
# Round 2: seat 2 goes out; it melded on turn 1, so it is not rummy:
#   seat 0 keeps AH JS 3D + 4C (drawn), 5C 5D 5H melded, JD discarded: 1 + 10 + 3 + 4 = 18
#   seat 1 keeps 2H 3C 6H 8D 10H QS + 9H (drawn), KS discarded: 2 + 3 + 6 + 8 + 10 + 10 + 9 = 48
#   seat 2: 18 + 48 = 66
R2_SCORES = (0, 0, (1 + 10 + 3 + 4) + (2 + 3 + 6 + 8 + 10 + 10 + 9))
R2_TOTALS = (0, 144, 0 + 66)
# Round 3: seat 0 goes out; it melded on turn 1, so it is not rummy:
#   seat 1 keeps 4H 7C QH 10D (9C 9D melded with the taken 9S, JS discarded): 4 + 7 + 10 + 10 = 31
#   seat 2 keeps 2S 3H 5D 8H JC 7D + 10S (drawn), KH discarded: 2 + 3 + 5 + 8 + 10 + 7 + 10 = 45
#   seat 0: 31 + 45 = 76
R3_SCORES = ((4 + 7 + 10 + 10) + (2 + 3 + 5 + 8 + 10 + 7 + 10), 0, 0)
R3_TOTALS = (0 + 76, 144, 66)
# G-3 (CR-12's ranking): after round 3 the highest total wins: seat 1 (144 > 76 > 66).
WINNERS = (1,)


# -- helpers ----------------------------------------------------------------------------------------------


def hand(game: Game, seat: int) -> str:
    return format_cards(game.hand(seat))


def table(game: Game) -> list[tuple[int, str]]:
    return [(meld.owner, format_cards(meld.meld.cards)) for meld in game.state.table]


def discard_top(game: Game) -> str | None:
    top = game.view(None).discard_top
    return None if top is None else str(top)


def play(game: Game, *actions: rummykit.Action) -> None:
    for action in actions:
        game.apply(action)


# -- the game ---------------------------------------------------------------------------------------------


def new_game() -> Game:
    return rummykit.new_game(
        VARIANT, players=PLAYERS, seed=0, dealer=FIRST_DEALER, shoes=[R1_SHOE, R2_SHOE, R3_SHOE], options=OPTIONS
    )


def play_round_1(game: Game) -> None:
    assert (game.round, game.dealer, game.turn) == (1, 0, 1)  # CR-2: the seat after the dealer
    for seat, cards in R1_HANDS.items():  # CR-1: 7 cards each, dealt one at a time from seat 1
        assert hand(game, seat) == cards
    assert discard_top(game) == "4D"

    # Turn 1, seat 1 draws 7H and plays nothing: it waits to go rummy.
    play(game, Draw(seat=1), Discard(seat=1, card="QD"))
    # Turn 2, seat 2 takes QD (CR-3), which it may not discard this turn (CR-6), and melds it in a
    # set (CR-5).
    play(game, TakeDiscard(seat=2))
    error = game.explain(Discard(seat=2, card="QD"))
    assert error is not None
    assert error.rule == "CR-6"
    play(game, GoDown(seat=2, melds=["QC QD QS"]), Discard(seat=2, card="3C"))
    assert table(game) == [(2, "QC QD QS")]
    assert hand(game, 2) == "6D 7S 10S JH"
    # Turn 3, seat 0 draws 5C.
    play(game, Draw(seat=0), Discard(seat=0, card="KH"))
    # Turn 4, seat 1 draws 9S, lays down a run of hearts and a set of 9s, and discards its last card:
    # out with a discard (CR-8), its whole hand played in one turn (CR-11: rummy).
    play(game, Draw(seat=1), GoDown(seat=1, melds=["4H 5H 6H 7H", "9C 9D 9S"]))
    assert hand(game, 1) == "KS"
    assert hand(game, 0) == "AC 2D 3S 8H 10C JD 5C"
    play(game, Discard(seat=1, card="KS"))


def play_round_2(game: Game) -> None:
    assert (game.round, game.dealer, game.turn) == (2, 1, 2)  # CR-2: the deal passed one seat
    for seat, cards in R2_HANDS.items():
        assert hand(game, seat) == cards
    assert discard_top(game) == "4S"
    assert table(game) == []

    # Turn 1, seat 2 draws 2C and melds a run of spades.
    play(game, Draw(seat=2), GoDown(seat=2, melds=["8S 9S 10S"]), Discard(seat=2, card="2C"))
    # Turn 2, seat 0 draws 4C and melds a set of 5s.
    play(game, Draw(seat=0), GoDown(seat=0, melds=["5C 5D 5H"]), Discard(seat=0, card="JD"))
    # Turn 3, seat 1 draws 9H.
    play(game, Draw(seat=1), Discard(seat=1, card="KS"))
    assert table(game) == [(2, "8S 9S 10S"), (0, "5C 5D 5H")]
    assert hand(game, 2) == "KC KD 5S 7S"
    # Turn 4, seat 2 draws KH, lays 7S off at the low end of its run and 5S off on seat 0's set
    # (CR-5: anyone's meld), then lays down KC KD KH: its hand is empty, out without a discard (CR-8).
    play(game, Draw(seat=2), LayOff(seat=2, card="7S", meld=0), LayOff(seat=2, card="5S", meld=1))
    assert table(game) == [(2, "7S 8S 9S 10S"), (0, "5C 5D 5H 5S")]
    assert hand(game, 0) == "AH JS 3D 4C"
    assert hand(game, 1) == "2H 3C 6H 8D 10H QS 9H"
    play(game, GoDown(seat=2, melds=["KC KD KH"]))


def play_round_3(game: Game) -> None:
    assert (game.round, game.dealer, game.turn) == (3, 2, 0)
    for seat, cards in R3_HANDS.items():
        assert hand(game, seat) == cards
    assert discard_top(game) == "5C"

    # Turn 1, seat 0 draws 9S and melds A-2-3 of diamonds, the ace low (CR-4).
    play(game, Draw(seat=0), GoDown(seat=0, melds=["AD 2D 3D"]), Discard(seat=0, card="9S"))
    # Turn 2, seat 1 takes 9S and melds it in a set of 9s.
    play(game, TakeDiscard(seat=1), GoDown(seat=1, melds=["9C 9D 9S"]), Discard(seat=1, card="JS"))
    # Turn 3, seat 2 draws 10S.
    play(game, Draw(seat=2), Discard(seat=2, card="KH"))
    # Turn 4, seat 0 draws AC, melds Q-K-A of clubs, the ace high (CR-4), lays 9H off on seat 1's
    # set (CR-5), and goes out by discarding its last card (CR-8).
    play(game, Draw(seat=0), GoDown(seat=0, melds=["QC KC AC"]), LayOff(seat=0, card="9H", meld=1))
    assert table(game) == [(0, "AD 2D 3D"), (1, "9C 9D 9S 9H"), (0, "QC KC AC")]
    assert hand(game, 0) == "6S"
    assert hand(game, 1) == "4H 7C QH 10D"
    assert hand(game, 2) == "2S 3H 5D 8H JC 7D 10S"
    play(game, Discard(seat=0, card="6S"))


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
    assert [result.went_out for result in rounds] == [1, 2, 0]
    assert "rummy" in rounds[0].reason
    assert "rummy" not in rounds[1].reason
    assert "rummy" not in rounds[2].reason
    assert [result.scores for result in rounds] == [R1_SCORES, R2_SCORES, R3_SCORES]
    assert [result.totals for result in rounds] == [R1_TOTALS, R2_TOTALS, R3_TOTALS]
    assert [result.turns for result in rounds] == [4, 4, 4]
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
