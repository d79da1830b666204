"""Classic Canasta (``canasta``) against its rule book (`rummykit_variants.canasta.book`, CAN-1 onwards): the
numbers are worked out by hand in `variants/rummykit_variants/canasta/worked_hands.md` (its cases A.n and its
hands B), not read from the engine."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

import rummykit
from rummykit.core.actions import Discard, Draw, GoDown, LayOff
from rummykit.core.cards import face
from rummykit.documents.serialize import dump_position, load_position
from rummykit.standard import AnswerGoOut, AskToGoOut, EndRound, FamilyView, GroupState, TakePile
from tests.support import play, refuse


def position(
    players: int = 4,
    *,
    hands: Sequence[str],
    table: Sequence[tuple[int, str]] = (),
    red_threes: Sequence[str] | None = None,
    discard: str = "",
    stock: str = "",
    totals: Sequence[int] | None = None,
    turn: int = 0,
    phase: str = "play",
    melded: Sequence[int] | None = None,
    options: dict[str, object] | None = None,
) -> rummykit.Game:
    """A Classic Canasta game at the position described, built and checked as any position is."""
    return rummykit.build_position(
        "canasta",
        players,
        hands=hands,
        table=table,
        seat_piles={"red_threes": list(red_threes or [""] * players)},
        discard=discard,
        stock=stock,
        totals=totals,
        turn=turn,
        phase=phase,
        turn_number=9,
        melded=melded,
        options=options,
    )


def round_scores(game: rummykit.Game) -> tuple[int, ...]:
    return tuple(game.history[-1].scores)


# -- B: three whole hands scored by hand -------------------------------------------------------------------

HAND_1_TABLE = [
    (0, "KC KC KD KD KH KS KS"),
    (2, "8C 8D 8H 8H 8S 2C JK"),
    (0, "5C 5D 5S"),
    (2, "AH AS 2D"),
    (1, "QC QD QH 2H"),
    (3, "6C 6D 6H 6S 6S"),
]


def test_hand_1_side_a_goes_out_and_scores_1345_against_30() -> None:
    # B, hand 1: side A (seats 0 and 2) 265 + 800 + 200 + 100 - 20; side B 75 + 100 - 145 (CAN-29 to CAN-35)
    game = position(
        hands=["9D", "AC AD JK 10S 10H", "9C 7D 4S", "4C 4D 7C 2S"],
        table=HAND_1_TABLE,
        red_threes=["3H 3D", "3H", "", ""],
        totals=[0, 0, 0, 0],
    )
    play(game, Discard(seat=0, card="9D"))  # the last card, with two canastas: out (CAN-24)
    assert round_scores(game) == (1345, 30, 1345, 30)  # partners score alike (CAN-1)
    assert game.scores == (1345, 30, 1345, 30)
    lines = {item.rule for item in game.history[-1].seats[0].items}
    assert {"CAN-29", "CAN-30", "CAN-31", "CAN-33", "CAN-34"} <= lines


def test_hand_2_side_b_goes_out_concealed_and_side_a_never_melds() -> None:
    # B, hand 2: side B 85 + 500 + 100 + 200 - 105 = 780; side A -300 (CAN-32) - 265 = -565
    game = position(
        hands=[
            "AC AS JK 2C 9H 9S 8D 6C 4H 4S 10D",
            "7C 7C 7D 7D 7H 7S 7S JC JD JH 2S",
            "KC KD QC QD 5S 5D 4C 8H 10C 6D AD",
            "KH QS 5H 8C 8S 10H 10S 6H 4D 9C AH",
        ],
        red_threes=["3H 3H", "3D", "3D", ""],
        stock="9D",
        totals=[1345, 30, 1345, 30],
        turn=1,
        phase="draw",
    )
    play(game, Draw(seat=1), GoDown(seat=1, melds=["7C 7C 7D 7D 7H 7S 7S", "JC JD JH 2S"]), Discard(seat=1, card="9D"))
    assert round_scores(game) == (-565, 780, -565, 780)
    assert game.scores == (780, 810, 780, 810)
    concealed = [item for item in game.history[-1].seats[1].items if item.rule == "CAN-33"]
    assert [item.points for item in concealed] == [200]  # 200 in all, not 100 + 200


def test_hand_3_the_stock_runs_out_and_nobody_goes_out() -> None:
    # B, hand 3: seat 0's turn starts with the stock empty; it cannot take the pile (one 5, no wild card, no meld
    # of 5s), so the hand ends (CAN-27, CAN-28). Side A: 290 + 800 + 800 - (5 + 5 + 10 + 20) = 1,850;
    # side B: 50 + 100 + 300 - (5 + 5 + 10 + 10 + 10 + 5 + 5) = 400
    game = position(
        hands=["3C 5H", "7H 7S 8C", "QS 2C", "JD JH 4C 3S"],
        table=[
            (0, "AC AD AH AS AS 2D 2H"),
            (2, "10C 10C 10D 10D 10H 10H 10S 10S"),
            (0, "9C 9D JK"),
            (1, "6C 6D 6D 6H 6S 6S 2S"),
            (3, "KC KD KH JK 2C"),
        ],
        red_threes=["3H 3D", "", "3H 3D", ""],
        discard="5C",
        totals=[780, 810, 780, 810],
        phase="draw",
    )
    game = _with_empty_stock(game)
    assert game.legal_actions(0) == [EndRound(seat=0)]
    play(game, EndRound(seat=0))
    assert game.history[-1].reason.endswith("(CAN-27)")
    assert round_scores(game) == (1850, 400, 1850, 400)
    assert game.scores == (2630, 1210, 2630, 1210)  # the table after three hands


def _with_empty_stock(game: rummykit.Game) -> rummykit.Game:
    """The same position with every card of the stock moved under the discard pile's top card."""
    data = json.loads(dump_position(game))
    stock = data["piles"]["stock"]
    data["piles"]["discard"] = stock + data["piles"]["discard"]
    data["piles"]["stock"] = []
    return load_position(data)


# -- A: one case a scoring rule ---------------------------------------------------------------------------


def test_a_2_can_15_the_initial_meld_reaches_the_side_s_minimum() -> None:
    game = position(hands=["KC KD 2S 5H 5S 5D 9C 9D", "4C", "4D", "4H"], totals=[0, 0, 0, 0])
    refuse(game, GoDown(seat=0, melds=["KC KD 2S"]), "CAN-15")  # 40 < 50
    play(game, GoDown(seat=0, melds=["KC KD 2S", "5H 5S 5D"]))  # 55
    low = position(hands=["4C 4D 4H 9C 9D", "4S", "5D", "5H"], totals=[-5, 0, -5, 0])
    play(low, GoDown(seat=0, melds=["4C 4D 4H"]))  # 15 at a total of -5


def test_a_3_can_16_and_can_19_the_pile_to_a_side_that_has_not_melded() -> None:
    game = position(
        hands=["9C 9S QC QD QH JK 6S", "4C", "4D", "4H"],
        discard="AS AD JK 9H",
        totals=[0, 0, 0, 0],
        phase="draw",
    )
    refuse(game, TakePile(seat=0, cards="9C 9S"), "CAN-15")  # 30: the aces and joker below do not count
    refuse(game, TakePile(seat=0, cards="9C JK"), "CAN-19")  # frozen for a side that has not melded
    play(game, TakePile(seat=0, cards="9C 9S", melds=["QC QD QH"]))  # 60
    assert sorted(map(str, game.view(0).hand)) == sorted(["AD", "AS", "JK", "JK", "6S"])


def test_can_20_an_unfrozen_pile_with_a_natural_and_a_wild_card_or_onto_the_side_s_meld() -> None:
    table = [(2, "9C 9D 9H"), (1, "KC KD KH")]
    game = position(hands=["8C 2S 5H 6H", "4C", "4D", "4H"], table=table, discard="4S 8D", phase="draw")
    play(game, TakePile(seat=0, cards="8C 2S"))  # one natural and one wild card (CAN-20)
    game = position(hands=["5H 6H", "4C", "4D", "4H"], table=table, discard="4S 9S", phase="draw")
    assert TakePile(seat=0) in game.legal_actions(0)  # the top card alone onto the partner's meld of 9s
    play(game, TakePile(seat=0))
    assert len(game.state.table[0].meld) == 4


def test_can_13_a_side_adds_to_its_own_melds_only_and_never_has_two_melds_of_a_rank() -> None:
    game = position(hands=["9S 5C 5D 5H 7C", "4C", "4D", "4H"], table=[(2, "9C 9D 9H"), (1, "KC KD KH")])
    play(game, LayOff(seat=0, card="9S", meld=0))  # the partner's meld is the side's
    refuse(game, LayOff(seat=0, card="5C", meld=1), "CAN-13")
    game = position(hands=["9S 9C 2D 7C 7D", "4C", "4D", "4H"], table=[(2, "9D 9H 9S")])
    refuse(game, GoDown(seat=0, melds=["9S 9C 2D"]), "CAN-13")


def test_can_17_black_threes_stop_the_pile_and_are_melded_only_going_out() -> None:
    game = position(hands=["8C 8D 8H", "4C", "4D", "4H"], discard="8S 3C", table=[(0, "KC KD KH")], phase="draw")
    refuse(game, TakePile(seat=0, cards="8C 8D"), "CAN-20")
    game = position(hands=["3C 3S 3C 7C 7D", "4C", "4D", "4H"], table=[(2, "KC KD KH KS KC KD KH"), (0, "9C 9D 9H")])
    refuse(game, GoDown(seat=0, melds=["3C 3S 3C"]), "CAN-17")  # it would leave 7C 7D: not going out


def test_can_22_one_card_does_not_take_a_pile_of_one_card() -> None:
    game = position(hands=["5C", "4C", "4D", "4H"], table=[(0, "5D 5H 5S")], discard="5S", phase="draw")
    refuse(game, TakePile(seat=0), "CAN-22")


def test_can_23_a_player_who_may_not_go_out_keeps_two_cards() -> None:
    game = position(hands=["9S 5C 5D 5H", "4C", "4D", "4H"], table=[(0, "9C 9D 9H")])  # no canasta
    refuse(game, GoDown(seat=0, melds=["5C 5D 5H"]), "G-4")


def test_can_24_going_out_by_melding_every_card_needs_no_discard() -> None:
    game = position(hands=["5C 5D 5H", "4C", "4D", "4H"], table=[(2, "KC KD KH KS KC KD KH")])
    play(game, GoDown(seat=0, melds=["5C 5D 5H"]))
    assert game.history[-1].went_out == 0 and game.history[-1].reason.endswith("(CAN-24)")


def test_a_6_and_a_7_can_31_and_can_32_red_threes() -> None:
    # four red threes 800 (not 400); a side that made no meld scores them minus: -200 and -30 in hand
    game = position(
        hands=["9H", "9C 9D 4S", "4H", "7H"],
        table=[(0, "KC KD KH KS KC KD KH")],
        red_threes=["3H 3D", "3H 3D", "", ""],
        totals=[0, 0, 0, 0],
    )
    play(game, Discard(seat=0, card="9H"))
    b_side = game.history[-1].seats[1]
    assert [item.points for item in b_side.items if item.rule == "CAN-32"] == [-200]
    assert round_scores(game)[1] == -200 - (10 + 10 + 5 + 5)
    # side A: 70 + 500 + 200 + 100 - 5 (4H) = 865
    assert round_scores(game)[0] == 865


def test_a_8_can_26_concealed_needs_no_minimum_after_a_draw_from_the_stock() -> None:
    sevens, fours = "7C 7C 7D 7D 7H 7S 7S", "4C 4D 4H 4S"
    game = position(hands=[f"{sevens} {fours}", "5C", "5D", "5H"], stock="KS", totals=[3000, 0, 3000, 0], phase="draw")
    play(game, Draw(seat=0))
    go_down = GoDown(seat=0, melds=[fours, sevens])  # in rank order, as a listing names it
    assert go_down in game.legal_actions(0)  # listed, though 55 is under the minimum of 120
    play(game, go_down, Discard(seat=0, card="KS"))
    sheet = game.history[-1].seats[0]
    assert [(item.rule, item.points) for item in sheet.items if item.rule == "CAN-33"] == [("CAN-33", 200)]
    assert round_scores(game)[0] == 35 + 20 + 500 + 200 - 5  # and the partner's 5D left in hand (CAN-34)
    # after taking the pile, the minimum stands (CAN-26, CAN-16)
    game = position(
        hands=[f"{sevens[3:]} {fours}", "5C", "5D", "5H"], discard="KS 7C", totals=[3000, 0, 3000, 0], phase="draw"
    )
    refuse(game, TakePile(seat=0, cards="7C 7D", melds=[fours]), "CAN-15")


def test_can_10_a_red_three_as_the_stock_s_last_card_ends_the_hand() -> None:
    game = rummykit.build_position(
        "canasta", 4, hands=["9C 9D 5S", "4C", "4D", "4H"], stock="3H", seat_piles={"red_threes": [""] * 4},
        turn=0, phase="draw", rest="discard",
    )  # fmt: skip
    assert len(game.state.piles["stock"]) == 1
    play(game, Draw(seat=0))
    assert game.history[-1].reason.endswith("(CAN-10)") and game.history[-1].went_out is None
    (line,) = [item for item in game.history[-1].seats[0].items if item.rule == "CAN-32"]  # side A has no meld
    assert [str(card) for card in line.cards] == ["3H"] and line.points == -100


def test_can_27_the_take_onto_the_side_s_meld_is_compulsory_at_the_end_of_the_stock() -> None:
    game = _with_empty_stock(
        position(hands=["5C 6H", "4C", "4D", "4H"], table=[(2, "9C 9D 9H")], discard="9S", phase="draw")
    )
    assert game.legal_actions(0) == [TakePile(seat=0)]
    refuse(game, EndRound(seat=0), "CAN-27")


def test_can_8_the_up_card_is_covered_while_it_is_wild_or_a_red_three() -> None:
    for seed in range(40):
        game = rummykit.new_game("canasta", 4, seed=seed)
        pile = [face(cid) for cid in game.state.piles["discard"]]
        assert pile[-1].rank.symbol not in ("2", "JK") and str(pile[-1]) not in ("3H", "3D")
        state = game.state
        assert isinstance(state, GroupState)
        assert state.frozen == any(card.rank.symbol in ("2", "JK") or str(card) in ("3H", "3D") for card in pile)


# -- partnerships --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_view_shows_the_partner_s_melds_and_never_the_partner_s_hand(seed: int) -> None:
    """Swap any card hidden from a seat (the other hands, the stock) with another and its view is unchanged;
    its partner's melds are on its table."""
    game = rummykit.new_game("canasta", 4, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randint(20, 120)):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    if game.is_over:
        return
    for seat in range(4):
        view = game.view(seat)
        assert isinstance(view, FamilyView) and view.sides == (0, 1, 0, 1)
        partner = (seat + 2) % 4
        partner_melds = [m.meld for m in game.state.table if m.owner == partner]
        assert [m.meld for m in view.table if m.owner == partner] == partner_melds
        data = json.loads(dump_position(game))
        # every hidden place (the other hands, the stock) that holds a card that may be held
        places = [
            (data["hands"][other], i) for other in range(4) if other != seat for i in range(len(data["hands"][other]))
        ]
        places += [(data["piles"]["stock"], i) for i in range(len(data["piles"]["stock"]))]
        places = [(where, i) for where, i in places if not where[i].startswith(("3H", "3D"))]
        cards = [where[i] for where, i in places]
        rng.shuffle(cards)
        for (where, i), card in zip(places, cards, strict=True):
            where[i] = card
        assert load_position(data).view(seat) == view


# -- CAN-39: six players ----------------------------------------------------------------------------------

SIX_TABLE = [
    (0, "KC KC KD KD KH KS KS"),  # natural canasta: 70 + 500
    (2, "8C 8D 8H 8H 8S 2C JK"),  # mixed canasta: 50 + 20 + 50 + 300
    (1, "QC QD QH"),  # 30
]


def six(hands: Sequence[str], red_threes: Sequence[str], totals: Sequence[int], **options: object) -> rummykit.Game:
    return position(6, hands=hands, table=SIX_TABLE, red_threes=red_threes, totals=totals, options=dict(options))


def test_can_39_six_players_two_sides_of_three_score_five_red_threes_1000_and_play_to_10000() -> None:
    # side A (seats 0, 2, 4): 70 + 120 + 500 + 300 + 1,000 (five red threes) + 100 - (5 + 5) = 2,080;
    # side B (seats 1, 3, 5): 30 + 100 - (5 + 20 + 50) = 55
    hands = ["9D", "4D", "4C", "AH", "7D", "JK"]
    red_threes = ["3H 3D", "3D", "3H 3D", "", "3H", ""]
    game = six(hands, red_threes, totals=[7_000, 0] * 3)
    play(game, Discard(seat=0, card="9D"))
    assert round_scores(game) == (2_080, 55) * 3
    assert not game.is_over  # 9,080: the target is 10,000 with two sides
    game = six(hands, red_threes, totals=[8_000, 0] * 3)
    play(game, Discard(seat=0, card="9D"))
    assert game.is_over and game.scores == (10_080, 55) * 3


def test_can_39_three_sides_of_two_score_four_red_threes_400_and_play_to_7500() -> None:
    # sides (0, 3), (1, 4), (2, 5). Side (0, 3): 70 + 120 + 500 + 300 + 400 (four red threes, 100 each) + 100 - 5
    # = 1,485; side (1, 4): 30 - (5 + 5) = 20; side (2, 5), no meld: -(5 + 50) = -55
    table = [SIX_TABLE[0], (3, SIX_TABLE[1][1]), SIX_TABLE[2]]
    game = position(
        6,
        hands=["9D", "4D", "4C", "4H", "7D", "JK"],
        table=table,
        red_threes=["3H 3D", "", "", "3H 3D", "", ""],
        totals=[6_100, 0, 0] * 2,
        options={"six_player_sides": "three_of_two"},
    )
    play(game, Discard(seat=0, card="9D"))
    assert round_scores(game) == (1_485, 20, -55) * 2
    assert game.is_over and game.scores == (7_585, 20, -55) * 2  # the target is 7,500 with three sides


def test_can_39_six_players_go_out_with_two_canastas() -> None:
    # one canasta is enough with four players (CAN-24), not with six: melding the whole hand is refused
    hands = ["5C 5D 5H", "4D", "4C", "AH", "7D", "JK"]
    refuse(position(6, hands=hands, table=SIX_TABLE[:1]), GoDown(seat=0, melds=["5C 5D 5H"]), "G-4")
    play(position(4, hands=hands[:4], table=SIX_TABLE[:1]), GoDown(seat=0, melds=["5C 5D 5H"]))


def test_can_39_a_side_at_7500_needs_150_for_its_initial_meld() -> None:
    # 80 + 30 + 30 = 140: enough for 120 with four players (CAN-15), not for 150 with six
    hand, melds = "AC AD AH 2C KC KD KH QC QD QH 5S 9H", ["AC AD AH 2C", "KC KD KH", "QC QD QH"]
    game = position(6, hands=[hand, "4C", "4D", "4H", "4S", "5C"], totals=[7_500, 0] * 3, melded=[])
    refuse(game, GoDown(seat=0, melds=melds), "CAN-15")
    game = position(4, hands=[hand, "4C", "4D", "4H"], totals=[7_500, 0] * 2, melded=[])
    play(game, GoDown(seat=0, melds=melds))


def test_can_1_and_can_39_canasta_is_not_played_by_five() -> None:
    with pytest.raises(rummykit.InvalidOptionError, match=r"2, 3, 4 or 6 players, not 5 \(CAN-1\)"):
        rummykit.new_game("canasta", players=5)
    state = rummykit.new_game("canasta", players=6, seed=1).state
    piles = [state.piles["stock"], state.piles["discard"], *state.hands, *state.seat_piles["red_threes"]]
    assert sum(map(len, piles)) == 162  # CAN-2: three packs and six jokers


@pytest.mark.parametrize(
    ("name", "value", "reason"),
    [
        ("drew_on", None, "one entry per seat (6), not 0"),
        ("added_on", [None] * 5, "one entry per seat (6), not 5"),
        ("drew_on", [None, None, 99, None, None, None], "turn 99 is not one of 1 to"),
    ],
)
def test_a_position_whose_turns_kept_per_seat_do_not_fit_its_seats_is_refused(
    name: str, value: list[int | None] | None, reason: str
) -> None:
    """CAN-26 needs to know who drew from the stock this turn: a six-player position whose ``drew_on`` (or
    ``added_on``) is left out (its default: no entry), lacks a seat or names a turn not yet played is refused,
    naming the field, before any move can read it."""
    game = rummykit.new_game("canasta", 6, seed=3)
    document = json.loads(dump_position(game))
    if value is None:
        del document["extra"][name]
    else:
        document["extra"][name] = value
    with pytest.raises(rummykit.InvalidPositionError) as refused:
        load_position(document)
    path = f"extra.{name}" if value is None or len(value) != 6 else f"extra.{name}[2]"
    assert refused.value.path == path and reason in str(refused.value)


# -- CAN-25: "Partner, may I go out?" ------------------------------------------------------------------------

ASKING_TABLE = [(0, "KC KC KD KD KH KS KS"), (2, "5S 5C 5H")]
"""Seats 0 and 2 have melded: a natural canasta of kings (CAN-24's one canasta) and three 5s."""
ASKING_HANDS = ["9S 9C 9H 4C JK", "6C 6D 7S 8S 10C", "QH QD 8H 7H 10H", "7C 8C 8D 10S JC"]
"""Seat 0 draws the stock's 4D: then 9S 9C 9H and 4C 4D JK meld every card (CAN-24, no discard)."""


def asking(players: int = 4, **given: object) -> rummykit.Game:
    """Seat 0 to draw the 4D (the stock's top card) in the ``ASKING_*`` position, then drawn."""
    hands = given.pop("hands", ASKING_HANDS)
    game = position(players, hands=hands, table=ASKING_TABLE, stock="4D", phase="draw", **given)  # type: ignore[arg-type]
    play(game, Draw(seat=0))
    return game


def test_a_player_who_could_go_out_asks_right_after_drawing_and_only_the_partner_answers() -> None:
    """CAN-25: seat 0's side has its canasta and its hand could all be melded, so after its draw it may ask; seat 2,
    its partner, is the one to act and answer; while the question waits, seat 0 plays nothing else."""
    game = asking()
    assert AskToGoOut(seat=0) in game.legal_actions(0)
    play(game, AskToGoOut(seat=0))
    assert (game.phase, game.to_act) == ("ask", (2,))
    assert set(game.legal_actions(2)) == {AnswerGoOut(seat=2, yes=True), AnswerGoOut(seat=2, yes=False)}
    refuse(game, AnswerGoOut(seat=1, yes=True), "CAN-25")  # an opponent does not answer
    refuse(game, GoDown(seat=0, melds=("9S 9C 9H",)), "CAN-25")  # the asker waits for the answer
    play(game, AnswerGoOut(seat=2, yes=True))
    assert (game.phase, game.to_act) == ("play", (0,))
    assert all(game.view(seat).log[-1] == AnswerGoOut(seat=2, yes=True) for seat in (None, 0, 1, 2, 3))


def test_after_yes_every_play_keeps_a_way_to_go_out_and_the_player_goes_out() -> None:
    """CAN-25: after yes, a discard that keeps cards is refused, and so is the joker added to the kings (4C 4D would
    be left with no wild card to meld them: no way out); 9S 9C 9H leaves 4C 4D JK, which then go out."""
    game = asking()
    play(game, AskToGoOut(seat=0), AnswerGoOut(seat=2, yes=True))
    refuse(game, Discard(seat=0, card="4C"), "CAN-25")
    refuse(game, LayOff(seat=0, card="JK", meld=0), "CAN-25")
    assert LayOff(seat=0, card="JK", meld=0) not in game.legal_actions(0)
    assert not any(isinstance(action, Discard) for action in game.legal_actions(0))
    play(game, GoDown(seat=0, melds=("9S 9C 9H",)))
    play(game, GoDown(seat=0, melds=("4C 4D JK",)))
    assert game.history[-1].went_out == 0


def test_after_no_the_player_keeps_two_cards_and_may_not_go_out_in_this_turn() -> None:
    """CAN-25 (and CAN-23): after no, melding every card is refused, and so is a meld that would leave one card to
    discard; 9S 9C 9H (3 cards left) is fine, and a discard that keeps cards ends the turn."""
    game = asking()
    play(game, AskToGoOut(seat=0), AnswerGoOut(seat=2, yes=False))
    refuse(game, GoDown(seat=0, melds=("9S 9C 9H", "4C 4D JK")), "CAN-25")
    play(game, GoDown(seat=0, melds=("9S 9C 9H",)))
    refuse(game, GoDown(seat=0, melds=("4C 4D JK",)), "CAN-25")
    play(game, Discard(seat=0, card="4C"))
    assert (game.turn, game.phase) == (1, "draw")


def test_asking_is_refused_when_the_player_could_not_go_out_or_has_asked_or_played() -> None:
    """CAN-25: a hand with two natural cards that have no meld (7C and 8D) cannot go out (one may be discarded, not
    two); a player asks once a turn, and right after the draw, before any meld."""
    lonely = ["9S 9C 9H 7C 8D", *ASKING_HANDS[1:]]
    assert "could not go out" in str(refuse(asking(hands=lonely), AskToGoOut(seat=0), "CAN-25"))
    game = asking()
    play(game, AskToGoOut(seat=0), AnswerGoOut(seat=2, yes=False))
    assert "once" in str(refuse(game, AskToGoOut(seat=0), "CAN-25"))
    game = asking()
    play(game, GoDown(seat=0, melds=("9S 9C 9H",)))
    assert "right after" in str(refuse(game, AskToGoOut(seat=0), "CAN-25"))


def test_a_player_left_a_single_card_by_taking_the_pile_does_not_ask() -> None:
    """CAN-25 (clarified by G-4): seat 0 holds 5D JK 8S and takes the pile of a single 5H onto its side's 5s with
    5D JK (CAN-20), keeping only the 8S. Discarding it would go out (the kings are CAN-24's canasta), but after no
    it would have no way to end the turn, so it may not ask; it goes out by discarding the 8S without asking."""
    hands = ["5D JK 8S", *ASKING_HANDS[1:]]
    game = position(hands=hands, table=ASKING_TABLE, discard="5H", stock="4D", phase="draw")
    play(game, TakePile(seat=0, cards="5D JK"))
    assert [str(card) for card in game.hand(0)] == ["8S"]
    assert AskToGoOut(seat=0) not in game.legal_actions(0)
    assert "single card" in str(refuse(game, AskToGoOut(seat=0), "CAN-25"))
    assert game.legal_actions(0) == [Discard(seat=0, card="8S")]
    play(game, Discard(seat=0, card="8S"))
    assert game.history[-1].went_out == 0


def test_nobody_asks_alone_or_with_the_option_off() -> None:
    """CAN-25: with three players each plays alone, so there is no partner to ask; with ask_partner false the
    question is no action of the game."""
    hands = [*ASKING_HANDS[:2], "QH QD 8H 7H 10H"]
    table = [(0, "KC KC KD KD KH KS KS"), (0, "5S 5C 5H")]
    game = position(3, hands=hands, table=table, stock="4D", phase="draw")
    play(game, Draw(seat=0))
    assert "plays alone" in str(refuse(game, AskToGoOut(seat=0), "CAN-25"))
    game = asking(options={"ask_partner": False})
    assert not any(isinstance(action, AskToGoOut) for action in game.legal_actions(0))
    with pytest.raises(rummykit.InvalidActionError):
        game.apply(AskToGoOut(seat=0))


@pytest.mark.parametrize(("sides", "partner"), [("two_of_three", 2), ("three_of_two", 3)])
def test_with_six_players_the_next_partner_in_turn_order_answers(sides: str, partner: int) -> None:
    """CAN-25 with CAN-39: sides of three (seats 0, 2 and 4) ask the next partner, seat 2; sides of two, seat 3.
    Two canastas to go out with six players: the kings and the queens."""
    hands = ["9S 9C 9H 4C JK", "6C 6D 7S", "8H 7H 10H", "7C 8C 8D", "6H 6S 7D", "10C 10S JC"]
    table = [(0, "KC KC KD KD KH KS KS"), (partner, "QC QC QD QD QH QS QS")]
    game = position(6, hands=hands, table=table, stock="4D", phase="draw", options={"six_player_sides": sides})
    play(game, Draw(seat=0), AskToGoOut(seat=0))
    assert game.to_act == (partner,)


def test_after_yes_any_listed_plays_end_with_the_player_going_out() -> None:
    """CAN-25's binding never strands a player: in seeded four-player games, every time a player asks and hears
    yes, random plays from the listing (which holds only plays that keep a way out) end the turn by going out."""
    asked = 0
    for seed in range(20):
        game = rummykit.new_game("canasta", 4, seed=seed, options={"max_rounds": 1})
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            ask = next((action for action in legal if isinstance(action, AskToGoOut)), None)
            if ask is None:
                game.apply(rng.choice(legal))
                continue
            asked += 1
            game.apply(ask)
            game.apply(AnswerGoOut(seat=game.to_act[0], yes=True))
            while not game.is_over and game.turn == seat:
                game.apply(rng.choice(game.legal_actions(seat)))
            assert game.history[0].went_out == seat, f"seed {seed}: seat {seat} heard yes and did not go out"
    assert asked >= 5
