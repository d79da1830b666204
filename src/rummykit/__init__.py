"""rummykit: a typed rules engine for the rummy family of card games, with every variant a plug-in.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("railroad-rummy", players=4, seed=7)
    >>> while not game.is_over:
    ...     seat = game.to_act[0]
    ...     _ = game.apply(game.legal_actions(seat)[-1])
    >>> len(game.history), len(game.winners) >= 1
    (7, True)
"""

import importlib
from typing import TYPE_CHECKING, Any

from rummykit import _moved
from rummykit.core import pictures
from rummykit.core.actions import Action, DeepTake, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.applied import Applied, Moved, Place
from rummykit.core.bots import Bot, RandomBot, UnknownBotError
from rummykit.core.cards import Card, CardId, Rank, Suit, card_id, face, format_cards, parse_card, parse_cards
from rummykit.core.configuration import Configuration, configure
from rummykit.core.deprecation import warn_replaced
from rummykit.core.engine import Game, new_game, replay
from rummykit.core.errors import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidResultsError,
    PluginError,
    RummyError,
    SimulationError,
    UnknownHouseRuleError,
    UnknownVariantError,
)
from rummykit.core.hookspecs import hookimpl
from rummykit.core.melds import Meld, MeldKind, MeldRules, RunEnd, extend_meld, read_meld
from rummykit.core.plugins import (
    available_bots,
    available_house_rules,
    available_variants,
    bot_levels,
    house_rule_spec,
    make_bot,
    variant_spec,
)
from rummykit.core.records import GameRecord
from rummykit.core.shoe import MAX_SEED, Randomness
from rummykit.core.solver import Contract, MeldRequirement, can_meet_contract, contract_ways
from rummykit.core.specs import (
    COMMON_OPTIONS,
    COMMON_RULES,
    GameSettings,
    HouseRule,
    HouseRuleSpec,
    Option,
    Ruleset,
    RuleText,
    VariantSpec,
    rule_book,
)
from rummykit.core.state import GameState, Phase, RoundEnd, RoundResult, ScoreItem, SeatResult, SeatScore, TableMeld
from rummykit.core.views import View

if TYPE_CHECKING:
    from rummykit.documents.builder import build_position

__version__ = "0.2.0"

_moved.install()


def _pictures() -> Any:
    """The pictures (`rummykit.svg`), imported when the core draws its first picture."""
    from rummykit import svg  # noqa: PLC0415 (imported only when a picture is drawn)

    return svg


pictures.use(_pictures)

_TOOLS = frozenset({"svg", "viewer", "play", "rl", "testing"})
"""The packages built on the rules that ``import rummykit`` leaves out (the pictures, the replay
viewer, simulation and the command line, the RL environments, the conformance kit): reached as
attributes, they are imported on first use."""


def __getattr__(name: str) -> Any:
    if name in _TOOLS:
        return importlib.import_module(f"rummykit.{name}")
    if name == "build_position":  # the documents (and cattrs) are imported when first needed
        from rummykit.documents.builder import build_position  # noqa: PLC0415

        return build_position
    if name == "GameConfig":  # the 0.1 name of GameSettings
        warn_replaced("rummykit.GameConfig")
        return GameSettings
    if f"rummykit.{name}" in _moved.MOVED:
        return _moved.moved(f"rummykit.{name}")
    raise AttributeError(f"module 'rummykit' has no attribute {name!r}")


__all__ = [
    "COMMON_OPTIONS",
    "COMMON_RULES",
    "MAX_SEED",
    "Action",
    "Applied",
    "Bot",
    "Card",
    "CardId",
    "Configuration",
    "Contract",
    "DeepTake",
    "Discard",
    "Draw",
    "Game",
    "GameOverError",
    "GameRecord",
    "GameSettings",
    "GameState",
    "GoDown",
    "HouseRule",
    "HouseRuleSpec",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidResultsError",
    "LayOff",
    "Meld",
    "MeldKind",
    "MeldRequirement",
    "MeldRules",
    "Moved",
    "Option",
    "Phase",
    "Place",
    "PluginError",
    "RandomBot",
    "Randomness",
    "Rank",
    "RoundEnd",
    "RoundResult",
    "RuleText",
    "Ruleset",
    "RummyError",
    "RunEnd",
    "ScoreItem",
    "SeatResult",
    "SeatScore",
    "SimulationError",
    "Suit",
    "TableMeld",
    "TakeDiscard",
    "UnknownBotError",
    "UnknownHouseRuleError",
    "UnknownVariantError",
    "VariantSpec",
    "View",
    "__version__",
    "available_bots",
    "available_house_rules",
    "available_variants",
    "bot_levels",
    "build_position",
    "can_meet_contract",
    "card_id",
    "configure",
    "contract_ways",
    "extend_meld",
    "face",
    "format_cards",
    "hookimpl",
    "house_rule_spec",
    "make_bot",
    "new_game",
    "parse_card",
    "parse_cards",
    "read_meld",
    "replay",
    "rule_book",
    "variant_spec",
]
