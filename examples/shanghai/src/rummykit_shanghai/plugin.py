"""The Shanghai plug-in: its hook implementations, registered through the ``rummykit.variants``
entry point ``shanghai`` in this package's ``pyproject.toml``.

Each hook is a thin function over `rummykit_shanghai.play`; the hooks it does not implement
(``rummykit_to_act``, ``rummykit_winners``) keep the core's defaults: the turn player acts, and the
lowest total wins because the spec says ``low_score_wins``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rummykit import (
    Action,
    Bot,
    CardId,
    Discard,
    Draw,
    GameConfig,
    GameState,
    GoDown,
    LayOff,
    TakeDiscard,
    VariantSpec,
    View,
    hookimpl,
)
from rummykit.shoe import Randomness
from rummykit_shanghai import play
from rummykit_shanghai.bot import ShanghaiBot
from rummykit_shanghai.rules import OPTIONS, RULES, ShanghaiRules, make_rules
from rummykit_shanghai.state import ShanghaiExtra, ShanghaiView

__all__ = ["SPEC"]

#: What Shanghai is, as data.
SPEC = VariantSpec(
    name="shanghai",
    title="Shanghai",
    min_players=2,
    max_players=6,
    players_rule="SH-1",
    low_score_wins=True,
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakeDiscard, GoDown, LayOff, Discard),
    piles=("stock", "discard"),
    state_type=ShanghaiExtra,
    view_type=ShanghaiView,
)


@hookimpl
def rummykit_variant() -> VariantSpec:
    return SPEC


@hookimpl
def rummykit_setup(config: GameConfig) -> ShanghaiRules:
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
def rummykit_view(state: GameState, seat: int | None, to_act: tuple[int, ...]) -> View:
    return play.view(state, seat, to_act)


@hookimpl
def rummykit_bots() -> Mapping[str, Callable[[int | None], Bot]]:
    return {"heuristic": ShanghaiBot}
