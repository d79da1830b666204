"""The RailRoad Rummy plug-in: its hook implementations, registered through the
``rummykit.variants`` entry point ``railroad-rummy``."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rummykit.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.bots import Bot
from rummykit.cards import CardId
from rummykit.errors import InvalidPositionError
from rummykit.hookspecs import hookimpl
from rummykit.shoe import Randomness
from rummykit.state import GameState
from rummykit.variant import GameConfig, VariantSpec
from rummykit.views import View
from rummykit_variants.railroad_rummy import play
from rummykit_variants.railroad_rummy.actions import Claim, Pass
from rummykit_variants.railroad_rummy.bot import HeuristicBot
from rummykit_variants.railroad_rummy.rules import OPTIONS, RULES, RailroadRules, make_rules
from rummykit_variants.railroad_rummy.state import RailroadExtra, RailroadPhase, RailroadRummyView

SPEC = VariantSpec(
    name="railroad-rummy",
    title="RailRoad Rummy",
    min_players=2,
    max_players=8,
    players_rule="RR-1",
    low_score_wins=True,
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakeDiscard, Claim, Pass, GoDown, LayOff, Discard),
    phases=tuple(RailroadPhase),
    piles=("stock", "standby", "discard"),
    state_type=RailroadExtra,
    view_type=RailroadRummyView,
    listing_ignores_suits=True,
)


@hookimpl
def rummykit_variant() -> VariantSpec:
    return SPEC


@hookimpl
def rummykit_setup(config: GameConfig) -> RailroadRules:
    return make_rules(config)


@hookimpl
def rummykit_start_game(state: GameState) -> None:
    play.start_game(state)


@hookimpl
def rummykit_start_round(state: GameState, shoe: list[CardId], rng: Randomness) -> bool:
    play.deal(state, shoe)
    return True


@hookimpl
def rummykit_score_round(state: GameState) -> list[int]:
    return play.score_round(state)


@hookimpl
def rummykit_game_over(state: GameState) -> bool:
    return play.game_over(state)


@hookimpl
def rummykit_to_act(state: GameState) -> tuple[int, ...]:
    return play.to_act(state)


@hookimpl
def rummykit_legal_actions(state: GameState, seat: int) -> list[Action]:
    return play.legal_actions(state, seat)


@hookimpl
def rummykit_check_action(state: GameState, action: Action) -> Action:
    return play.check_action(state, action)


@hookimpl
def rummykit_perform_action(state: GameState, action: Action, rng: Randomness) -> bool:
    play.perform_action(state, action, rng)
    return True


@hookimpl
def rummykit_check_position(state: GameState) -> None:
    play.check_position(state)


@hookimpl
def rummykit_check_view(view: View, rules: RailroadRules) -> None:
    """A RailRoad Rummy view's own fields: its round's hand size and contract (RR-10), HMGs."""
    if not isinstance(view, RailroadRummyView):
        return
    if view.round > len(rules.rounds):
        raise InvalidPositionError("round", f"RailRoad Rummy has rounds 1 to {len(rules.rounds)}, not {view.round}")
    spec = rules.rounds[view.round - 1]
    if view.hand_size != spec.hand_size:
        raise InvalidPositionError(
            "hand_size", f"round {view.round} deals {spec.hand_size} cards, not {view.hand_size}"
        )
    if view.contract != str(spec.contract):
        raise InvalidPositionError("contract", f"round {view.round}'s contract is {spec.contract}")
    for field in ("hmg", "went_down"):
        if len(getattr(view, field)) != view.players:
            raise InvalidPositionError(field, f"one entry per seat ({view.players})")
    for seat, left in enumerate(view.hmg):
        if not 0 <= left <= rules.hmg_per_player:
            raise InvalidPositionError(f"hmg[{seat}]", f"HMGs left are 0 to {rules.hmg_per_player}, not {left}")


@hookimpl
def rummykit_view(state: GameState, seat: int | None, to_act: tuple[int, ...]) -> View:
    return play.view(state, seat, to_act)


@hookimpl
def rummykit_bots() -> Mapping[str, Callable[[int | None], Bot]]:
    return {"heuristic": HeuristicBot}


@hookimpl
def rummykit_parse_move(seat: int, words: list[str]) -> Action | None:
    if words == ["claim"]:
        return Claim(seat=seat)
    if words in (["hmg"], ["claim", "hmg"]):
        return Claim(seat=seat, hmg=True)
    if words == ["pass"]:
        return Pass(seat=seat)
    return None
