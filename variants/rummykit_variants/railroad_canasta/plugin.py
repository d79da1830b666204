"""The Railroad Canasta plug-in: its hook implementations, registered through the
``rummykit.variants`` entry point ``railroad-canasta``."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rummykit.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.bots import Bot
from rummykit.cards import CardId
from rummykit.hookspecs import hookimpl
from rummykit.shoe import Randomness
from rummykit.state import GameState
from rummykit.variant import GameConfig, VariantSpec
from rummykit.views import View
from rummykit_variants.railroad_canasta import play
from rummykit_variants.railroad_canasta.actions import EndRound, LeaveKitty, PickUpKitty, TakePile
from rummykit_variants.railroad_canasta.bot import HeuristicBot
from rummykit_variants.railroad_canasta.rules import RULES, CanastaRules, make_rules
from rummykit_variants.railroad_canasta.state import CanastaExtra, CanastaPhase, RailroadCanastaView

SPEC = VariantSpec(
    name="railroad-canasta",
    title="Railroad Canasta",
    min_players=2,
    max_players=6,
    players_rule="RC-1",
    low_score_wins=False,
    rules=RULES,
    actions=(Draw, TakePile, EndRound, GoDown, LayOff, Discard, PickUpKitty, LeaveKitty),
    phases=tuple(CanastaPhase),
    piles=("stock", "discard"),
    seat_piles=("kitty", "red_threes"),
    public_seat_piles=("red_threes",),
    state_type=CanastaExtra,
    view_type=RailroadCanastaView,
    listing_ignores_suits=True,
)


@hookimpl
def rummykit_variant() -> VariantSpec:
    return SPEC


@hookimpl
def rummykit_setup(config: GameConfig) -> CanastaRules:
    return make_rules(config)


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
def rummykit_split_play(state: GameState, action: Action) -> list[Action] | None:
    return play.split_play(state, action)


@hookimpl
def rummykit_check_position(state: GameState) -> None:
    play.check_position(state)


@hookimpl
def rummykit_view(state: GameState, seat: int | None, to_act: tuple[int, ...]) -> View:
    return play.view(state, seat, to_act)


@hookimpl
def rummykit_bots() -> Mapping[str, Callable[[int | None], Bot]]:
    return {"heuristic": HeuristicBot}


@hookimpl
def rummykit_parse_move(seat: int, words: list[str]) -> Action | None:
    match words:
        case ["take", "pile", *cards] | ["take", *cards]:
            return TakePile(seat=seat, cards=" ".join(cards))
        case ["kitty"] | ["pick", "up", "kitty"]:
            return PickUpKitty(seat=seat)
        case ["leave"] | ["leave", "kitty"]:
            return LeaveKitty(seat=seat)
        case ["end"] | ["end", "round"]:
            return EndRound(seat=seat)
    return None
