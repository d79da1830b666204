"""The engine's one phase gate: whose turn it is and which phase is on are checked by the engine (the hook
``rummykit_check_turn``), before a move's own check and after the seat's own conditions (G-7); no move of
the built-in variants checks the turn itself."""

from __future__ import annotations

import warnings
from typing import Any

import attrs
import pytest

import rummykit
from rummykit import Draw, HouseRuleSpec, IllegalActionError, TakeDiscard, hookimpl
from rummykit.core.actions import Action
from rummykit.core.moves import Move
from rummykit.core.state import GameState
from rummykit.standard import Pass as PassUpCard
from rummykit_variants.classic_rummy.plugin import ClassicRummy
from rummykit_variants.railroad_rummy import Claim, Pass
from rummykit_variants.railroad_rummy.plugin import Declare, RailroadRummy
from rummykit_variants.railroad_rummy.rules import RailroadRules

BUILT_IN = ("rummy", "gin-rummy", "railroad-rummy", "railroad-canasta")
START_RULE = {"rummy": "CR-2", "gin-rummy": "GIN-2", "railroad-rummy": "RR-2", "railroad-canasta": "RC-2"}
"""Each variant's rule that the seat after the dealer starts the round (its ``RuleIds.start``)."""


class OpenTable:
    """A house rule that lets any seat play on any turn: its gate lets every action through to its move."""

    @hookimpl
    def rummykit_house_rule(self) -> HouseRuleSpec:
        return HouseRuleSpec(name="open-table", applies_to=frozenset(BUILT_IN))

    @hookimpl
    def rummykit_check_turn(self, state: GameState, action: Action, move: Move[Any, Any]) -> bool:
        return True


def _first_draw(game: rummykit.Game) -> Action:
    """The first draw (or pass of the first up-card) the turn player may make, which names no card."""
    return next(a for a in game.legal_actions(game.turn) if isinstance(a, Draw | TakeDiscard | PassUpCard))


@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_play_out_of_turn_is_refused_by_the_gate_and_by_no_move(variant: str) -> None:
    # At the deal only the seat after the dealer may start (each variant's start rule). With a house rule
    # whose gate lets everyone through, the same play by another seat reaches its move, which accepts it:
    # so the refusal came from the engine's gate alone, not from a copy of the turn check in the move.
    players = 2 if variant == "gin-rummy" else 3
    game = rummykit.new_game(variant, players, seed=5)
    other = (game.turn + 1) % players
    action = attrs.evolve(_first_draw(game), seat=other)
    before = game.state.copy()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action)
    assert refused.value.rule == START_RULE[variant]
    assert game.state == before

    open_game = rummykit.new_game(variant, players, seed=5, house_rules=[OpenTable()])
    assert open_game.check(action) == action


class CoreGate(ClassicRummy):
    """Classic Rummy without the standard rummy's answer to the gate: the core's default answers."""

    rummykit_check_turn = None  # type: ignore[assignment]


def test_the_cores_default_gate_refuses_any_seat_but_the_turn_players_citing_g_2() -> None:
    game = rummykit.new_game(CoreGate(), 3, seed=2)
    action = Draw(seat=(game.turn + 1) % 3)
    with pytest.raises(IllegalActionError, match="it is seat") as refused:
        game.apply(action)
    assert refused.value.rule == "G-2"
    game.apply(Draw(seat=game.turn))  # the turn player's draw goes through the gate


class UndeclaredDeclare(Declare):
    """RailRoad Rummy's declaration as a move written before the gate: it does not say whether it is
    played on a turn (``on_turn`` is the core's ``None``)."""

    on_turn = None  # type: ignore[assignment]


class OldRailroad(RailroadRummy):
    """RailRoad Rummy with its declarations written before the gate."""

    @hookimpl
    def rummykit_moves(self, rules: RailroadRules) -> dict[type[Action], Move[Any, Any]]:
        moves = super().rummykit_moves(rules)
        return {**moves, Claim: UndeclaredDeclare(rules, Claim), Pass: UndeclaredDeclare(rules, Pass)}


def _claim_window(plugin: Any) -> rummykit.Game:
    game = rummykit.new_game(plugin, 3, seed=4)
    game.apply(Draw(seat=game.turn))  # a draw from the draw pile opens the claim window (RR-15)
    assert game.phase == "claim"
    return game


def test_a_move_that_says_nothing_of_its_turn_is_let_through_out_of_turn_with_a_deprecation_warning() -> None:
    # Declaring is out of turn: the seats after the turn player declare. The gate refuses them (RR's turn
    # check), but a move that does not declare on_turn keeps 0.2's behaviour before the gate: its own check
    # decides for a seat among those to act, and a warning says what to change.
    game = _claim_window(OldRailroad())
    seat = game.to_act[0]
    assert seat != game.turn
    with pytest.warns(DeprecationWarning, match=r"on_turn = False"):
        game.apply(Pass(seat=seat))
    assert seat not in game.to_act


def test_a_move_that_says_nothing_of_its_turn_is_still_refused_for_a_seat_not_to_act() -> None:
    game = _claim_window(OldRailroad())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(IllegalActionError) as refused:
            game.apply(Pass(seat=game.turn))  # the turn player waits while the others declare (RR-19)
    assert refused.value.rule == "RR-19"


def test_a_move_played_out_of_turn_that_says_so_passes_no_gate_and_warns_of_nothing() -> None:
    game = _claim_window(RailroadRummy())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game.apply(Pass(seat=game.to_act[0]))
        with pytest.raises(IllegalActionError) as refused:
            game.apply(Pass(seat=game.turn))
    assert refused.value.rule == "RR-15"  # Declare's own check: the turn player does not declare


def test_a_restricted_move_keeps_what_it_says_of_its_turn() -> None:
    game = rummykit.new_game("railroad-rummy", 3, seed=1)
    for action_type in (Draw, Claim):
        move = game.configuration.moves[action_type]
        restricted = rummykit.core.moves.restrict(move, lambda state, action: None)
        assert restricted.on_turn is move.on_turn
    assert game.configuration.moves[Draw].on_turn is True
    assert game.configuration.moves[Claim].on_turn is False
