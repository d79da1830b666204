"""Positions people can write (issue 16): the position builder, the position notation, and what
`Game.apply` did. Expected values are worked out by hand from RULES.md."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import rummykit
from rummykit import (
    Applied,
    Discard,
    Draw,
    GoDown,
    InvalidPositionError,
    LayOff,
    Moved,
    Place,
    TakeDiscard,
    build_position,
    format_cards,
    parse_cards,
)
from rummykit.core.cards import card_id_text, face, standard_deck
from rummykit.documents.notation import position_text, read_game, read_position
from rummykit.documents.serialize import dump_position, dump_record, load_position, position_to_data
from rummykit.play.cli import app
from rummykit.standard import StandardView
from rummykit_variants.railroad_canasta import CanastaState, EndRound
from rummykit_variants.railroad_rummy import Claim, Pass, RailroadRummyView
from tests.sizes import examples

runner = CliRunner()


def standard_view(game: rummykit.Game, seat: int | None = None) -> StandardView:
    view = game.view(seat)
    assert isinstance(view, StandardView)
    return view


def every_card(game: rummykit.Game) -> Counter[str]:
    """Every physical card of the position, wherever it lies."""
    data = position_to_data(game)
    places = [
        *data["hands"],
        *data["piles"].values(),
        *(pile for piles in data["seat_piles"].values() for pile in piles),
    ]
    places += [meld["cards"] for meld in data["table"]]
    return Counter(card for place in places for card in place)


# -- the builder -------------------------------------------------------------------------------------------


def test_a_railroad_position_is_what_the_person_wrote_and_every_card_is_in_one_place() -> None:
    game = build_position(
        "railroad-rummy",
        players=2,
        seed=5,
        hands=["5H 5D 5C 8S 8H 8D 9C", "KC KD KH 2S"],
        discard="3C KS",
        stock="4D 4C",
        table=[(1, "QC QD QH"), (1, "6H 7H JK 9H")],
        turn=0,
    )
    assert [format_cards(game.hand(seat)) for seat in (0, 1)] == ["5H 5D 5C 8S 8H 8D 9C", "KC KD KH 2S"]
    view = standard_view(game)
    assert view.discard_top == rummykit.Card.parse("KS") and view.discard_size == 2
    # G-5, RR-8, RR-9: a set of queens; a run whose joker stands for the 8 between 7H and 9H
    assert [(str(m.meld.kind), [r.symbol for r in m.meld.ranks]) for m in view.table] == [
        ("set", ["Q", "Q", "Q"]),
        ("run", ["6", "7", "8", "9"]),
    ]
    assert view.melded == (False, True) and game.turn == 0 and game.dealer == 1  # the seat before the turn
    # RR-3: 216 cards, each in exactly one place; the stock's next cards are those named
    cards = every_card(game)
    assert sum(cards.values()) == 216 and max(cards.values()) == 1
    assert game.apply(Draw(seat=0)).moved == (Moved(game.state.hands[0][-1], Place("stock"), Place("hand", seat=0)),)
    assert game.hand(0)[-1] == rummykit.Card.parse("4D")


def test_a_seat_that_melded_went_down_on_an_earlier_turn_so_it_may_lay_off() -> None:
    # RR-20: a player who went down on an earlier turn may lay off
    game = build_position(
        "railroad-rummy", players=2, hands=["5H 9D 10D", "QS 4C"], table=[(1, "QC QD QH")], turn=1, phase="play"
    )
    assert game.is_legal(LayOff(seat=1, card="QS", meld=0))
    assert game.state.turn_number == 3  # one round of turns after the go-down


def test_the_round_sets_the_hand_size_and_contract_and_hands_not_given_are_dealt() -> None:
    game = build_position("railroad-rummy", players=3, seed=2, round=4, hands=[None, "KC KD KH 2S", None])
    view = standard_view(game, 1)
    assert (view.round, view.hand_size, view.contract) == (4, 10, "3 sets")  # RR-10
    assert view.hand_sizes == (10, 4, 10)
    assert sum(every_card(game).values()) == 216


@pytest.mark.parametrize(
    ("variant", "kwargs", "path", "says"),
    [
        # RR-7: a meld never holds more wild cards than natural cards
        ("railroad-rummy", {"hands": ["5H", "6H"], "table": [(0, "5C JK 2D")]}, "table[0]", "RR-7"),
        # RR-3: the shoe holds four 5H (two decks in the draw pile, two in the standby pile)
        ("railroad-rummy", {"hands": ["5H 5H 5H 5H 5H", "6H"]}, "hands[0]", "no 5H left to place: the shoe holds 4"),
        # CR-1: one deck: one 5H
        ("rummy", {"hands": ["5H 6H", "5H"]}, "hands[1]", "the shoe holds 1, at hands[0]"),
        ("rummy", {"hands": ["5H 6H", "XX"]}, "hands[1][0]", "XX"),
        # CR-4: a run is consecutive
        ("rummy", {"hands": ["5H", "6H"], "table": [(0, "2C 3C 5C")]}, "table[0]", "CR-4"),
        # RC-11: two unfinished melds of one rank
        ("railroad-canasta", {"hands": ["5H", "6H"], "table": [(0, "KC KD KH"), (0, "KS KC KD")]}, "table", "RC-11"),
        # RC-6: a red 3 is never held
        ("railroad-canasta", {"hands": ["3H 5C", "6H"]}, "hands[0][0]", "RC-6"),
        ("railroad-rummy", {"hands": ["5H", "6H"], "facts": {"hmg": [4, 3]}}, "facts.hmg[0]", "0 to 3"),
        ("railroad-rummy", {"hands": ["5H", "6H"], "facts": {"colour": 1}}, "facts.colour", "no fact 'colour'"),
        # a fact's object lacking a field, and a fact's item, named by their paths
        ("railroad-rummy", {"hands": ["5H", "6H"], "facts": {"last_claim": {}}}, "facts.last_claim.turn", "missing"),
        (
            "railroad-rummy",
            {"hands": ["5H", "6H"], "facts": {"declarations": {"1": {}}}},
            "facts.declarations[1]",
            "'claim'",
        ),
        ("railroad-rummy", {"hands": ["5H", "6H"], "turn": 2}, "turn", "seats are 0 to 1"),
        ("railroad-rummy", {"hands": ["5H"]}, "hands", "one hand per seat (2)"),
        ("railroad-rummy", {"hands": ["5H", "6H"], "table": [(2, "QC QD QH")]}, "table[0].owner", "no seat 2"),
        ("railroad-rummy", {"hands": ["5H", "6H"], "taken": "9C"}, "taken", "holds no 9C"),
        ("railroad-rummy", {"hands": ["5H", "6H"], "piles": {"kitty": 3}}, "piles", "standby"),
        ("railroad-rummy", {"hands": ["5H", "6H"], "phase": "bidding"}, "phase", "not a phase"),
    ],
)
def test_a_position_that_breaks_a_rule_or_the_shoe_is_refused_naming_it(
    variant: str, kwargs: dict[str, Any], path: str, says: str
) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        build_position(variant, players=2, **kwargs)
    assert caught.value.path == path, str(caught.value)
    assert says in str(caught.value)


def test_railroad_rummy_facts_hmgs_and_a_claim_window() -> None:
    # RR-15, RR-18: seat 1 has drawn; seat 0 has declared a claim and seat 2 has not declared yet
    game = build_position(
        "railroad-rummy",
        players=3,
        hands=["5H 5D", "KC KD KH 2S", "9C 9D"],
        discard="7S",
        turn=1,
        phase="claim",
        facts={"hmg": [0, 3, 2], "declarations": {"2": "claim"}},
    )
    view = game.view(None)
    assert isinstance(view, RailroadRummyView)
    assert view.hmg == (0, 3, 2) and game.to_act == (0,)
    assert not game.is_legal(Claim(seat=0, hmg=True))  # RR-18: seat 0 has no HMG left
    applied = game.apply(Pass(seat=0))
    # RR-17: seat 2 wins the 7S and is dealt a penalty card from the draw pile
    assert [(m.card, m.source, m.target) for m in applied.moved][0] == (
        rummykit.Card.parse("7S"),
        Place("discard"),
        Place("hand", seat=2),
    )
    assert [(m.source, m.target) for m in applied.moved][1:] == [(Place("stock"), Place("hand", seat=2))]


def test_railroad_canasta_derives_a_frozen_pile_and_a_picked_up_kitty() -> None:
    def state(**kwargs: Any) -> CanastaState:
        game = build_position("railroad-canasta", players=2, hands=["9C 9D 4S", "5C 6C"], **kwargs)
        assert isinstance(game.state, CanastaState)
        return game.state

    assert state(discard="5S JK 8H").frozen  # RC-15: a wild card lies in the pile
    assert not state(discard="5S 8H").frozen
    assert state(discard="3H 8H").frozen  # RC-15: the round's first up-card was a red 3
    assert not state(discard="5S JK 8H", facts={"frozen": False}).frozen  # as given
    taken = state(seat_piles={"kitty": ["", None], "red_threes": ["3H", ""]})
    assert taken.kitty_taken == [True, False] and [len(kitty) for kitty in taken.seat_piles["kitty"]] == [0, 11]
    assert [format_cards(map(face, reds)) for reds in taken.seat_piles["red_threes"]] == ["3H", ""]


def test_classic_rummy_facts_and_the_card_taken_this_turn() -> None:
    # CR-6: the card taken from the discard pile may not be discarded in the same turn
    game = build_position(
        "rummy",
        players=2,
        hands=["5H 6H 7H 9C KD", "KC QD 2S"],
        turn=0,
        phase="play",
        taken="KD",
        facts={"rebuilds": 1},
    )
    assert game.explain(Discard(seat=0, card="KD")).rule == "CR-6"  # type: ignore[union-attr]
    assert standard_view(game).rebuilds_used == 1


# -- what apply did ------------------------------------------------------------------------------------------


def test_going_out_says_the_round_it_ended_with_the_rule_and_the_scores() -> None:
    game = build_position("rummy", players=2, hands=["5H 6H 7H 9C", "KC KD 2S"], turn=0, phase="play")
    down = game.apply(GoDown(seat=0, melds=["5H 6H 7H"]))
    assert [(card_id_text(m.card_id), str(m.target)) for m in down.moved] == [
        ("5H", "table 0"),
        ("6H", "table 0"),
        ("7H", "table 0"),
    ]
    assert down.round_result is None
    out = game.apply(Discard(seat=0, card="9C"))
    assert out.round_result is not None and out.round_result.rule == "CR-8" and out.round_result.went_out == 0
    # CR-10, CR-11: K 10 + K 10 + 2 = 22, doubled for going rummy (no card played before this turn)
    assert out.round_result.scores == (44, 0)
    assert [(str(m.source), str(m.target)) for m in out.moved] == [("hand 0", "discard")]  # not the new deal
    assert not out.game_over and game.round == 2


def test_the_last_round_says_the_game_is_over() -> None:
    game = build_position("rummy", players=2, hands=["5H 6H 7H 9C", "KC KD 2S"], turn=0, phase="play", totals=[90, 0])
    game.apply(GoDown(seat=0, melds=["5H 6H 7H"]))
    out = game.apply(Discard(seat=0, card="9C"))
    assert out.game_over and game.is_over and game.winners == (0,)  # CR-12: 90 + 44 reaches 100


def test_a_canasta_round_ends_when_the_stock_is_empty_and_says_rc_22() -> None:
    game = build_position(
        "railroad-canasta", players=2, hands=["9C 9D 4S", "5C 6C"], discard="8H", rest="discard", turn=0
    )
    assert not game.state.piles["stock"]
    ended = game.apply(EndRound(seat=0))
    assert ended.round_result is not None and ended.round_result.rule == "RC-22"


def test_applied_is_equal_for_equal_plays_and_reads_well() -> None:
    def drawn() -> Applied:
        game = build_position("rummy", players=2, hands=["5H", "6H"], stock="9S", turn=0, seed=3)
        return game.apply(Draw(seat=0))

    assert drawn() == drawn()
    assert repr(drawn()) == "<Applied: seat 0 draw from the stock; 9S: stock -> hand 0>"
    assert drawn().moved[0].card == rummykit.Card.parse("9S")


def test_a_take_discard_moves_the_top_discard_to_the_hand() -> None:
    game = build_position("rummy", players=2, hands=["5H", "6H"], discard="2C 9S", turn=1)
    assert [(str(m), m.card) for m in game.apply(TakeDiscard(seat=1)).moved] == [
        ("9S: discard -> hand 1", rummykit.Card.parse("9S"))
    ]


# -- the notation --------------------------------------------------------------------------------------------

VARIANTS: Final = (
    ("railroad-rummy", (), 2, 8),
    ("railroad-canasta", (), 2, 4),
    ("rummy", (), 2, 4),
    ("rummy", ("jokers", "initial-meld-50"), 2, 4),
)


@st.composite
def positions(draw: st.DrawFn) -> rummykit.Game:
    """A position of a random seeded game of a built-in variant, some random legal steps in."""
    variant, house_rules, least, most = draw(st.sampled_from(VARIANTS))
    players = draw(st.integers(least, most))
    seed = draw(st.integers(0, 2**32))
    game = rummykit.new_game(variant, players, seed=seed, house_rules=house_rules)
    chooser = random.Random(seed)
    for _ in range(draw(st.integers(0, 300))):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return load_position(dump_position(game))


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=positions())
def test_a_position_written_in_the_notation_reads_back_to_an_equal_game(game: rummykit.Game) -> None:
    text = position_text(game)
    again = read_position(text)
    assert again == game
    assert position_text(again) == text
    assert read_position(text.replace("\n", " | ")) == game  # one line, for a command line
    for seat in range(game.players):
        assert again.view(seat) == game.view(seat)


def test_a_position_written_by_hand_reads_as_written() -> None:
    placed = parse_cards("5H 5D 5C 9S KC KD KH 2S 6H 7H 8H 7C")
    stock = " ".join(str(card) for card in standard_deck() if card not in placed)  # every other card
    text = f"""
        # Classic Rummy, two players: seat 0 melded a run on an earlier turn
        rummy players=2 seed=1 round=1 dealer=1 turn=0 turn_number=3 phase=draw
        hands: 5H 5D 5C 9S / KC KD KH 2S
        piles.stock: {stock}
        piles.discard: 7C
        table: 0 run 6H 7H 8H
        totals: 10 25
        extra: melded_on=[1,null] played_on=[1,null]
    """
    game = read_position(text)
    assert [format_cards(game.hand(seat)) for seat in (0, 1)] == ["5H 5D 5C 9S", "KC KD KH 2S"]
    assert [str(m.meld) for m in game.view(None).table] == ["6H 7H 8H"] and game.scores == (10, 25)
    assert game.view(None).discard_top == rummykit.Card.parse("7C") and standard_view(game).melded == (True, False)
    assert game.state.piles["stock"][-1] == rummykit.card_id(standard_deck()[-1])  # the top card is written last
    lines = position_text(game).splitlines()
    assert lines[0] == "rummy players=2 seed=1 round=1 dealer=1 turn=0 turn_number=3 phase=draw"
    assert lines[1] == "hands: 5H 5D 5C 9S / KC KD KH 2S" and lines[3] == "piles.discard: 7C"


def test_a_wild_card_writes_the_rank_it_stands_for() -> None:
    game = build_position("railroad-rummy", players=2, hands=["5H", "6H"], table=[(1, "6H#1 7H JK 9H")])
    assert "table: 1 run 6H#1 7H JK=8 9H" in position_text(game)


HEAD: Final = "rummy players=2 round=1 dealer=0 turn=1 turn_number=1 phase=draw"


@pytest.mark.parametrize(
    ("text", "path", "says"),
    [
        ("", "", "empty position"),
        ("players=2", "line 1", "starts with the variant"),
        ("rummy players=2 round=1 dealer=0 turn=1 turn_number=1", "line 1", "phase= (missing)"),
        ("rummy players=2 round=1 dealer=0 turn=1 turn_number=1 phase=draw colour=red", "line 1", "'colour=red'"),
        (HEAD + "\nhands 5H", "line 2", "name: value"),
        (HEAD + "\nbogus: 1", "line 2", "not a line"),
        (
            HEAD + "\nextra: x=[1,",
            "line 2",
            "a value is missing",
        ),
        (HEAD, "hands", "every seat's hand"),
        (
            HEAD + "\nhands: 5H / 5H\npiles.stock:\npiles.discard:",
            "hands[1][0]",
            "already at hands[0][0]",
        ),
        # a logged action lacking a field its kind needs: the field is named, not a KeyError raised
        (HEAD + "\nhands: 5H / 6H\nlog: draw 1; discard 1", "log[1].card", "required field missing"),
    ],
)
def test_a_bad_notation_is_refused_naming_the_line_or_the_field(text: str, path: str, says: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        read_position(text)
    assert caught.value.path == path, str(caught.value)
    assert says in str(caught.value)


def test_read_game_reads_every_written_form() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=4)
    for _ in range(20):
        game.apply(game.legal_actions(game.to_act[0])[0])
    position = load_position(dump_position(game))
    assert read_game(position_text(game)) == position
    assert read_game(dump_position(game)) == position
    assert read_game(dump_record(game.record).encode()).state == game.state  # replayed to its end


# -- the command line ----------------------------------------------------------------------------------------


def test_the_position_command_writes_a_record_or_a_position_in_the_notation(tmp_path: Path) -> None:
    game = rummykit.new_game("rummy", players=2, seed=8)
    game.apply(Draw(seat=game.turn))
    record = tmp_path / "game.json"
    record.write_text(dump_record(game.record), encoding="utf-8")
    result = runner.invoke(app, ["position", str(record)])
    assert result.exit_code == 0, result.output
    assert read_position(result.stdout) == load_position(dump_position(game))
    as_json = runner.invoke(app, ["position", result.stdout.replace("\n", " | "), "--json"])
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.stdout)["hands"] == position_to_data(game)["hands"]


def test_replay_shows_a_position_and_play_starts_from_one(tmp_path: Path) -> None:
    game = build_position("rummy", players=2, seed=2, hands=["5H 6H 7H 9C", "KC KD 2S"], turn=0)
    path = tmp_path / "position.txt"
    path.write_text(position_text(game), encoding="utf-8")
    shown = runner.invoke(app, ["replay", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "Classic Rummy, 2 players: a position, the game is in round 1, seat 0 to draw" in shown.stdout
    played = runner.invoke(app, ["play", "--position", str(path), "--seat", "0"], input="position\nquit\n")
    assert played.exit_code == 0, played.output
    assert "Your hand (4): 5H 6H 7H 9C" in played.stdout and "hands: 5H 6H 7H 9C / KC KD 2S" in played.stdout
    wrong = runner.invoke(app, ["play", "railroad-rummy", "--position", str(path)], input="quit\n")
    assert wrong.exit_code == 2 and "the position is a game of rummy, not 'railroad-rummy'" in wrong.output


def test_parse_cards_and_positions_agree_on_card_text() -> None:
    game = build_position("rummy", players=2, hands=[list(parse_cards("10H qs")), "AC"])
    assert format_cards(game.hand(0)) == "10H QS"


def test_applied_moved_counts_only_the_action_after_the_state_is_changed_by_hand() -> None:
    """The engine keeps where the cards lay after the last action; once the state has been handed
    out (``game.state``) and changed directly, the next action's moves start from the changed state."""
    game = rummykit.new_game("rummy", players=2, seed=3)
    seat = game.turn
    game.apply(Draw(seat=seat))
    state = game.state
    stock, hand = state.piles["stock"], state.hands[1 - seat]
    hand.append(stock.pop())  # by hand, skipping every rule: not a move of the next action
    card = state.hands[seat][0]
    applied = game.apply(Discard(seat=seat, card=face(card)))
    assert [(str(m.source), str(m.target)) for m in applied.moved] == [(f"hand {seat}", "discard")]
    # Read but not changed: the same moves as a game whose state was never handed out.
    first, second = rummykit.new_game("rummy", players=2, seed=4), rummykit.new_game("rummy", players=2, seed=4)
    rng = random.Random(1)
    for _ in range(60):
        if first.is_over:
            break
        action = rng.choice(first.legal_actions(first.to_act[0]))
        assert first.state is not None
        assert first.apply(action).moved == second.apply(action).moved
