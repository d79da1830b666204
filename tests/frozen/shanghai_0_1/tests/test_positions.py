"""Shanghai positions written by hand: rummykit's position builder and notation work for a third-party
variant exactly as for the built-in ones."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import GoDown, LayOff, build_position
from rummykit.notation import position_text, read_position
from rummykit.serialize import dump_position, load_position
from rummykit_shanghai_0_1 import ShanghaiView


def test_a_shanghai_position_from_what_a_person_knows() -> None:
    # round 2: 1 set + 1 run (SH-7); seat 1 went down with it on an earlier turn; a joker stands for
    # the rank of its place in a run (SH-6)
    game = build_position(
        "shanghai-0-1",
        players=3,
        seed=4,
        round=2,
        hands=["9C 9D 9H 4S 5S 6S 7S 2C KD", "8H", None],
        table=[(1, "QC QD QS"), (1, "4H 5H JK 7H")],
        discard="KH",
        turn=1,
        phase="play",
    )
    view = game.view(1)
    assert isinstance(view, ShanghaiView)
    assert [str(table_meld.meld) for table_meld in view.table] == ["QC QD QS", "4H 5H JK(6) 7H"]
    assert view.melded == (False, True, False) and view.hand_sizes == (9, 1, 11)  # SH-3: 11 cards a hand
    assert game.is_legal(LayOff(seat=1, card="8H", meld=1))  # SH-10: onto a run, going out (SH-12)
    assert not game.is_legal(GoDown(seat=1, melds=["8H"]))  # SH-10: no new meld after going down
    applied = game.apply(LayOff(seat=1, card="8H", meld=1))
    assert applied.round_result is not None and applied.round_result.rule == "SH-12"
    assert applied.round_result.went_out == 1


@st.composite
def positions(draw: st.DrawFn) -> rummykit.Game:
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**32))
    game = rummykit.new_game("shanghai-0-1", players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(draw(st.integers(0, 400))):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return load_position(dump_position(game))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=positions())
def test_a_shanghai_position_in_the_notation_reads_back_to_an_equal_game(game: rummykit.Game) -> None:
    text = position_text(game)
    assert text.startswith("shanghai-0-1 players=")
    again = read_position(text)
    assert again == game and position_text(again) == text
