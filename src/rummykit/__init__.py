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

# The pictures (rummykit.svg) and the replay viewer (rummykit.viewer): modules, reached as attributes.
from rummykit import svg as svg
from rummykit import viewer as viewer
from rummykit.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.applied import Applied, Moved, Place
from rummykit.bots import Bot, RandomBot, UnknownBotError
from rummykit.builder import build_position
from rummykit.cards import Card, CardId, Rank, Suit, card_id, face, format_cards, parse_card, parse_cards
from rummykit.configuration import Configuration, configure
from rummykit.engine import Game, new_game, replay
from rummykit.errors import (
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
from rummykit.hookspecs import hookimpl
from rummykit.melds import Meld, MeldKind, MeldRules, RunEnd, extend_meld, read_meld
from rummykit.plugins import (
    available_bots,
    available_house_rules,
    available_variants,
    house_rule_spec,
    make_bot,
    variant_spec,
)
from rummykit.records import GameRecord
from rummykit.shoe import MAX_SEED, Randomness
from rummykit.solver import Contract, MeldRequirement, can_meet_contract, contract_ways
from rummykit.state import GameState, Phase, RoundEnd, RoundResult, TableMeld
from rummykit.variant import (
    COMMON_OPTIONS,
    COMMON_RULES,
    GameConfig,
    HouseRuleSpec,
    Option,
    Ruleset,
    RuleText,
    VariantSpec,
    rule_book,
)
from rummykit.views import View

__version__ = "0.1.0"

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
    "Discard",
    "Draw",
    "Game",
    "GameConfig",
    "GameOverError",
    "GameRecord",
    "GameState",
    "GoDown",
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
