"""A view shows nothing that depends on hidden cards, copy numbers included (issue 24, finding 7).

The check itself ([`check_hidden_cards_change_nothing`][tests.hidden_cards.check_hidden_cards_change_nothing])
is in ``tests/hidden_cards.py``, for every test that shows a seat something built from a game.
"""

from __future__ import annotations

import random
from typing import Final

import pytest

import rummykit
from rummykit.core.cards import card_id_text
from rummykit.core.engine import Game
from rummykit.documents.builder import build_position
from rummykit.documents.serialize import dump_view, load_view
from tests.hidden_cards import RENDERINGS, check_hidden_cards_change_nothing, seats_only
from tests.sizes import variant_params

RAILROAD: Final = "railroad-rummy"
VARIANTS: Final = rummykit.available_variants()
"""Every installed variant: the built-in ones, and any other installed, which must pass the same check."""


def _gone_down_with_a_nine_of_clubs(first: str, second: str) -> Game:
    """Seat 0 holds two copies of 9C (``first`` received before ``second``) and goes down with one."""
    game = build_position(
        RAILROAD,
        players=2,
        seed=3,
        hands=[f"{first} 9D 9H 5S 5D 5H {second} KS", "QS QD 4C 4D 8H 8C 7S"],
        turn=0,
        phase="play",
    )
    go_down = next(action for action in game.legal_actions(0) if action.kind == "go-down")
    game.apply(go_down)
    return game


def test_the_copy_a_player_lays_down_is_not_shown_to_the_others() -> None:
    """The issue's case: the same public actions, and seat 0 still holds a 9C; whichever copy it
    received first is the one it laid down, yet every other seat is shown the same table."""
    one = _gone_down_with_a_nine_of_clubs("9C#1", "9C#2")
    other = _gone_down_with_a_nine_of_clubs("9C#2", "9C#1")

    def table(game: Game) -> list[list[str]]:
        return [[card_id_text(cid) for cid in meld.ids] for meld in game.state.table]

    assert table(one) != table(other), "the two games lay down different copies"
    assert one.record.actions == other.record.actions
    for seat in (None, 1):
        for name, render in RENDERINGS.items():
            assert render(one, seat) == render(other, seat), f"seat {seat}'s {name} shows which copy was laid down"


def test_a_seat_keeps_its_own_cards_and_the_table_never_takes_their_ids() -> None:
    game = _gone_down_with_a_nine_of_clubs("9C#1", "9C#2")
    view = game.view(0)
    assert [card_id_text(cid) for cid in view.hand_ids] == [card_id_text(cid) for cid in game.state.hands[0]]
    on_table = {cid for meld in view.table for cid in meld.ids}
    assert on_table.isdisjoint(view.hand_ids)
    assert [meld.meld for meld in view.table] == [meld.meld for meld in game.state.table]
    assert load_view(dump_view(view)) == view


def _played(variant: str, players: int, seed: int, steps: int) -> Game:
    """A game of ``variant`` after ``steps`` actions of its heuristic bots (which meld, so that the
    table holds cards of several copies)."""
    game = rummykit.new_game(variant, players, seed=seed)
    bots = [rummykit.make_bot("heuristic", variant, seed=seed * 10 + seat) for seat in range(players)]
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


STEPS: Final = {"rummy": 25, "railroad-rummy": 120, "railroad-canasta": 45}
"""Heuristic bots' actions before the check, enough for melds of several copies on the table."""


@pytest.mark.parametrize("variant", variant_params(VARIANTS))
def test_no_view_json_picture_or_page_changes_with_hidden_cards(variant: str) -> None:
    spec = rummykit.variant_spec(variant)
    players = min(3, spec.max_players)
    game = _played(variant, players, seed=2, steps=STEPS.get(variant, 60))
    assert check_hidden_cards_change_nothing(game, chooser=random.Random(1), most=4) > 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_view_json_picture_or_page_changes_with_hidden_cards_through_whole_games(variant: str) -> None:
    """Every built-in variant, at many moments of several games: the spectator and every seat."""
    spec = rummykit.variant_spec(variant)
    compared = 0
    for seed in range(4):
        players = spec.players[seed % len(spec.players)]
        for steps in (5, 30, 70, 140):
            game = _played(variant, players, seed=seed, steps=steps)
            compared += check_hidden_cards_change_nothing(game, chooser=random.Random(seed), most=6)
    assert compared > 100


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_observation_changes_with_hidden_cards(variant: str) -> None:
    """The reinforcement-learning observations (the encoder's, the text, PettingZoo's observation and
    mask, OpenSpiel's strings and tensors: ``RL_RENDERINGS`` of the rl tests) of every seat, copy
    numbers included. Needs the rl extra."""
    rl = pytest.importorskip("tests.test_rl")
    renderings = seats_only(rl.RL_RENDERINGS)
    spec = rummykit.variant_spec(variant)
    compared = 0
    for seed in range(2):
        players = spec.players[min(seed, len(spec.players) - 1)]
        for steps in (10, STEPS.get(variant, 60)):
            game = _played(variant, players, seed=seed, steps=steps)
            chooser = random.Random(seed)
            compared += check_hidden_cards_change_nothing(
                game, renderings=renderings, chooser=chooser, most=2, spectator=False
            )
    assert compared > 0


def test_the_copy_a_player_lays_down_is_not_in_any_observation() -> None:
    """The issue's case (seat 0 lays down 9C#1 or 9C#2, whichever it received first), as every
    observation of seat 1 shows it. Needs the rl extra."""
    rl = pytest.importorskip("tests.test_rl")
    one = _gone_down_with_a_nine_of_clubs("9C#1", "9C#2")
    other = _gone_down_with_a_nine_of_clubs("9C#2", "9C#1")
    for name, render in rl.RL_RENDERINGS.items():
        assert render(one, 1) == render(other, 1), f"seat 1's {name} shows which copy was laid down"
