"""A RailRoad Rummy game worked by hand: three rounds from stacked shoes, every action written out.

Like PokerKit's replays of published hands: the shoes are stacked so that each round plays out as
written below, and every round score and total is worked out here from RULES.md (RR-30: 3-9: 5,
10/J/Q/K: 10, A: 15, 2: 20, joker: 50; the player who went out adds 0), never read back from the
engine. Three seats; seat 2 deals round 1, so the deal and the play start at seat 0 (RR-2), and the
dealer moves one seat a round. ``max_rounds=3`` ends the game after round 3 (G-3), lowest total
winning (RR-31).

What the rounds play:

* Round 1 (2 sets, RR-10/RR-11): two claimants for the up-card, the later one with an HMG, who wins
  it and a penalty card (RR-15 to RR-18); a go-down of exactly two 3-card sets named in the player's
  own suits (G-6); the card taken from the discard pile discarded again in the same turn (RR-21's
  default); a lay-off on a set on a later turn (RR-20); going out by discarding the last card (RR-22).
* Round 2 (a set and a run): an HMG claim by the only claimant; taking the discard pile (RR-14) and
  going down with a set and a run, each holding a wild card (RR-6 to RR-9), then going out with the
  discard.
* Round 3 (2 runs): two HMG claimants, turn order deciding between them (RR-16); going down with
  two 4-card runs that empty the hand: going out without a discard (RR-22).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import cast

import rummykit
from rummykit import Card, Discard, Draw, Game, GoDown, LayOff, TakeDiscard, format_cards, parse_cards
from rummykit.documents.serialize import dump_record, load_record
from rummykit_variants.railroad_rummy import Claim, Declaration, Pass, RailroadRummyView

VARIANT = "railroad-rummy"
PLAYERS = 3
FIRST_DEALER = 2
SHOE: tuple[Card, ...] = rummykit.new_game(VARIANT, players=PLAYERS, seed=0).state.rules.shoe


def dealt(hands: Mapping[int, str], start: int) -> list[str]:
    """RR-4: the top of a draw pile that deals ``hands`` (seat -> its cards in the order received),
    one card at a time, starting with the starting player ``start``."""
    cards = {seat: text.split() for seat, text in hands.items()}
    order = [(start + step) % PLAYERS for step in range(PLAYERS)]
    return [cards[seat][i] for i in range(len(cards[start])) for seat in order]


def stacked(top: Sequence[str]) -> list[Card]:
    """A full shoe (RR-3: 216 cards, the first 108 the draw pile) with ``top`` coming off first and
    the rest of the shoe after it, in card order."""
    cards = list(parse_cards(list(top)))
    assert not Counter(cards) - Counter(SHOE), "the stacked cards are in the shoe"
    rest = Counter(SHOE) - Counter(cards)
    return cards + sorted(rest.elements(), key=lambda card: card.index)


# -- the shoes ------------------------------------------------------------------------------------------

# Round 1: dealer 2, seat 0 starts (RR-2). Seven cards each (RR-10).
R1_HANDS = {
    0: "5H 5D 5S 9C 9D 9H KC",
    1: "3C 6D 8S 10H JC AS JK",
    2: "4D 7C 7S 10S QD KH 2H",
}
# The up-card, then the draw pile in the order it is used: seat 0's draw, the penalty card of the
# claim on QH (RR-17), seat 2's draw (seat 1 takes the discard on its turn), seat 0's draw, the
# penalty card of the claim on 4D.
R1_SHOE = stacked([*dealt(R1_HANDS, start=0), "QH", "4C", "6H", "8D", "9S", "3S"])

# Round 2: dealer 0, seat 1 starts.
R2_HANDS = {
    1: "9S 4H 6S 7H QC KS AH",
    2: "6C 7D JK 10S 10D 2C QS",
    0: "AC AD KD 8H 5C 4S 3D",
}
# Up-card 8C; seat 1's draw; the penalty card of seat 0's claim on 8C.
R2_SHOE = stacked([*dealt(R2_HANDS, start=1), "8C", "10C", "JD"])

# Round 3: dealer 1, seat 2 starts.
R3_HANDS = {
    2: "AH AS KC KD 9D 8C 4H",
    0: "7D 7H JH JS 10D 6C 5H",
    1: "3C 4C 5D 6H 10C 2D QS",
}
# Up-card 5S; seat 2's draw; the penalty card of seat 0's claim on 5S; seat 0's draw; seat 1's draw.
R3_SHOE = stacked([*dealt(R3_HANDS, start=2), "5S", "3H", "2C", "QD", "KH"])


# -- the figures, worked by hand from RULES.md ----------------------------------------------------------

# Round 1: seat 0 went out (RR-22): 0.
#   seat 1 keeps 3C 6D 8S 10H JC AS JK + 4D (claimed) + 3S (penalty):
#     5 + 5 + 5 + 10 + 10 + 15 + 50 + 5 + 5 = 110
#   seat 2 keeps 7C 7S 10S QD KH 2H + QH (claimed) + 6H (penalty) + 8D (drawn), 4D discarded:
#     5 + 5 + 10 + 10 + 10 + 20 + 10 + 5 + 5 = 80
R1_SCORES = (0, 5 + 5 + 5 + 10 + 10 + 15 + 50 + 5 + 5, 5 + 5 + 10 + 10 + 10 + 20 + 10 + 5 + 5)
R1_TOTALS = (0, 110, 80)
# Round 2: seat 2 went out: 0.
#   seat 0 keeps AC AD KD 8H 5C 4S 3D + 8C (claimed) + JD (penalty):
#     15 + 15 + 10 + 5 + 5 + 5 + 5 + 5 + 10 = 75
#   seat 1 keeps 4H 6S 7H QC KS AH + 10C (drawn), 9S discarded: 5 + 5 + 5 + 10 + 10 + 15 + 10 = 60
R2_SCORES = (15 + 15 + 10 + 5 + 5 + 5 + 5 + 5 + 10, 5 + 5 + 5 + 10 + 10 + 15 + 10, 0)
R2_TOTALS = (0 + 75, 110 + 60, 80 + 0)  # (75, 170, 80)
# Round 3: seat 1 went out: 0.
#   seat 0 keeps 7D 7H JH 10D 6C 5H + 5S (claimed) + 2C (penalty) + QD (drawn), JS discarded:
#     5 + 5 + 10 + 10 + 5 + 5 + 5 + 20 + 10 = 75
#   seat 2 keeps AH AS KC KD 8C 4H + 3H (drawn), 9D discarded: 15 + 15 + 10 + 10 + 5 + 5 + 5 = 65
R3_SCORES = (5 + 5 + 10 + 10 + 5 + 5 + 5 + 20 + 10, 0, 15 + 15 + 10 + 10 + 5 + 5 + 5)
R3_TOTALS = (75 + 75, 170 + 0, 80 + 65)  # (150, 170, 145)
# RR-31 with G-3: after round 3 the lowest total wins: seat 2 (145 < 150 < 170).
WINNERS = (2,)
# RR-18: 3 HMGs each, kept across rounds; seat 2 used one in round 1, seat 0 one in round 2 and one
# in round 3; seat 1 claimed once without one and lost an HMG claim in round 3, so it keeps all 3.
HMG_AFTER = {1: (3, 3, 2), 2: (2, 3, 2), 3: (1, 3, 2)}


# -- helpers ----------------------------------------------------------------------------------------------


def hand(game: Game, seat: int) -> str:
    return format_cards(game.hand(seat))


def table(game: Game) -> list[tuple[int, str]]:
    return [(meld.owner, format_cards(meld.meld.cards)) for meld in game.state.table]


def view(game: Game) -> RailroadRummyView:
    return cast(RailroadRummyView, game.view(None))


def discard_top(game: Game) -> str | None:
    top = game.view(None).discard_top
    return None if top is None else str(top)


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
    assert (game.round, game.dealer, game.turn) == (1, 2, 0)  # RR-2: the seat after the dealer starts
    for seat, cards in R1_HANDS.items():  # RR-4: one card at a time from seat 0
        assert hand(game, seat) == cards
    assert discard_top(game) == "QH"

    # Turn 1, seat 0 draws 4C: seat 1 claims QH, then seat 2 claims it with an HMG and wins it (RR-16:
    # an HMG claimant jumps ahead of seat 1, who comes first in turn order), with a penalty card (RR-17).
    play(game, Draw(seat=0), Claim(seat=1), Claim(seat=2, hmg=True))
    claim = view(game).last_claim
    assert claim is not None
    assert (claim.card, claim.winner, claim.hmg, claim.penalty) == (Card.parse("QH"), 2, True, True)
    assert claim.declarations == ((1, Declaration.CLAIM), (2, Declaration.HMG))
    assert hand(game, 2) == "4D 7C 7S 10S QD KH 2H QH 6H"
    assert view(game).hmg == HMG_AFTER[1]  # only the winner's HMG is used up (RR-17)
    # Seat 0 goes down with two 3-card sets (RR-11) and keeps the cards it kept (G-6).
    play(game, GoDown(seat=0, melds=["5H 5D 5S", "9C 9D 9H"]))
    assert table(game) == [(0, "5D 5H 5S"), (0, "9C 9D 9H")]
    assert hand(game, 0) == "KC 4C"
    play(game, Discard(seat=0, card="KC"))

    # Turn 2, seat 1 takes KC from the discard pile (RR-14) and discards it again (RR-21's default).
    play(game, TakeDiscard(seat=1), Discard(seat=1, card="KC"))
    assert hand(game, 1) == R1_HANDS[1]
    assert discard_top(game) == "KC"

    # Turn 3, seat 2 draws 8D; nobody claims KC; seat 2 discards 4D.
    play(game, Draw(seat=2), Pass(seat=0), Pass(seat=1), Discard(seat=2, card="4D"))

    # Turn 4, seat 0 draws 9S; seat 1 claims 4D (no HMG) and is dealt the penalty card 3S.
    play(game, Draw(seat=0), Claim(seat=1), Pass(seat=2))
    assert hand(game, 1) == "3C 6D 8S 10H JC AS JK 4D 3S"
    assert view(game).hmg == HMG_AFTER[1]
    # Seat 0 went down on an earlier turn, so it lays 9S off on its set of 9s (RR-20), then goes out
    # by discarding its last card (RR-22).
    play(game, LayOff(seat=0, card="9S", meld=1))
    assert table(game) == [(0, "5D 5H 5S"), (0, "9C 9D 9H 9S")]
    assert hand(game, 0) == "4C"
    assert hand(game, 2) == "7C 7S 10S QD KH 2H QH 6H 8D"
    play(game, Discard(seat=0, card="4C"))


def play_round_2(game: Game) -> None:
    assert (game.round, game.dealer, game.turn) == (2, 0, 1)  # the dealer moved one seat (RR-2)
    for seat, cards in R2_HANDS.items():
        assert hand(game, seat) == cards
    assert discard_top(game) == "8C"
    assert table(game) == []

    # Turn 1, seat 1 draws 10C; seat 2 passes, seat 0 claims 8C with an HMG, the only claimant.
    play(game, Draw(seat=1), Pass(seat=2), Claim(seat=0, hmg=True))
    assert hand(game, 0) == "AC AD KD 8H 5C 4S 3D 8C JD"
    assert view(game).hmg == HMG_AFTER[2]
    play(game, Discard(seat=1, card="9S"))

    # Turn 2, seat 2 takes 9S (RR-14) and goes down with a set and a run, exactly 3 and 4 cards
    # (RR-11): 2C stands for a 10 (RR-8), the joker for the 8 between 7D and 9S (RR-9); one wild card
    # each, so RR-7 holds. Then it discards its last card and goes out (RR-22).
    play(game, TakeDiscard(seat=2), GoDown(seat=2, melds=["10S 10D 2C", "6C 7D JK 9S"]))
    assert table(game) == [(2, "10D 10S 2C"), (2, "6C 7D JK 9S")]
    assert [meld.meld.ranks[2].symbol for meld in game.state.table] == ["10", "8"]
    assert hand(game, 2) == "QS"
    play(game, Discard(seat=2, card="QS"))


def play_round_3(game: Game) -> None:
    assert (game.round, game.dealer, game.turn) == (3, 1, 2)
    for seat, cards in R3_HANDS.items():
        assert hand(game, seat) == cards
    assert discard_top(game) == "5S"

    # Turn 1, seat 2 draws 3H; seats 0 and 1 both claim 5S with an HMG: turn order from seat 2 decides
    # between them (RR-16), so seat 0 wins; seat 1 keeps its HMG (RR-17).
    play(game, Draw(seat=2), Claim(seat=0, hmg=True), Claim(seat=1, hmg=True))
    claim = view(game).last_claim
    assert claim is not None
    assert (claim.winner, claim.hmg, claim.penalty) == (0, True, True)
    assert view(game).hmg == HMG_AFTER[3]
    assert hand(game, 0) == "7D 7H JH JS 10D 6C 5H 5S 2C"
    play(game, Discard(seat=2, card="9D"))

    # Turn 2, seat 0 draws QD; nobody claims 9D.
    play(game, Draw(seat=0), Pass(seat=1), Pass(seat=2), Discard(seat=0, card="JS"))

    # Turn 3, seat 1 draws KH; nobody claims JS; seat 1 goes down with two 4-card runs (RR-11), 2D
    # standing for the J, and its hand is empty: it goes out without a discard (RR-22).
    play(game, Draw(seat=1), Pass(seat=2), Pass(seat=0))
    assert hand(game, 1) == "3C 4C 5D 6H 10C 2D QS KH"
    assert hand(game, 0) == "7D 7H JH 10D 6C 5H 5S 2C QD"
    assert hand(game, 2) == "AH AS KC KD 8C 4H 3H"
    play(game, GoDown(seat=1, melds=["3C 4C 5D 6H", "10C 2D QS KH"]))


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
    assert [result.went_out for result in rounds] == [0, 2, 1]
    assert [result.scores for result in rounds] == [R1_SCORES, R2_SCORES, R3_SCORES]
    assert [result.totals for result in rounds] == [R1_TOTALS, R2_TOTALS, R3_TOTALS]
    assert [result.turns for result in rounds] == [4, 2, 3]
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
