"""The standard rummy: the game every variant starts from, described by data.

[`StandardRules`][rummykit.standard.rules.StandardRules] says how a round is dealt, how the stock and
the draw work, how players meld (free melds or a contract), lay off, discard and go out, and how rounds
are scored and the game ends. [`StandardRummy`][rummykit.standard.plugin.StandardRummy] is the plug-in
that plays it; a variant derives from it, gives its rules as data, and overrides only what its rule book
changes. Classic Rummy is little more than its data:

Examples:
    >>> import rummykit
    >>> rules = rummykit.new_game("rummy", players=2, seed=1).state.rules
    >>> rules.deal.hand_size, rules.stock.reshuffle, rules.stock.rebuilds, rules.scoring.winner_takes_hands
    (10, 'all', 2, True)
"""

from rummykit.standard.canastas import Canasta, Canastas
from rummykit.standard.going_down import ContractGoDown, FreeGoDown, canonical_melds, ordered_melds, read_group
from rummykit.standard.groups import GroupRuleIds, Groups
from rummykit.standard.knocking import (
    Knock,
    KnockDiscard,
    KnockDraw,
    KnockGoDown,
    KnockLayOff,
    KnockMove,
    KnockTakeDiscard,
    Pass,
    PassMove,
    knock_move_help,
    knock_moves,
)
from rummykit.standard.moves import (
    DiscardMove,
    DrawMove,
    LayOffMove,
    StandardMove,
    TakeDiscardMove,
    draw_card,
    went_out,
)
from rummykit.standard.plugin import (
    KnockView,
    StandardRummy,
    StandardView,
    arrange_position,
    check_knock,
    check_position,
    check_view,
    deal,
    game_over,
    score_round,
    score_sheet,
    standard_moves,
    view_fields,
)
from rummykit.standard.rules import (
    ContractMelds,
    Deal,
    FreeMelds,
    Knocking,
    KnockPhase,
    Minimums,
    RuleIds,
    Scoring,
    StandardRules,
    Stock,
    Turns,
)
from rummykit.standard.state import KnockState, StandardState

__all__ = [
    "Canasta",
    "Canastas",
    "ContractGoDown",
    "ContractMelds",
    "Deal",
    "DiscardMove",
    "DrawMove",
    "FreeGoDown",
    "FreeMelds",
    "GroupRuleIds",
    "Groups",
    "Knock",
    "KnockDiscard",
    "KnockDraw",
    "KnockGoDown",
    "KnockLayOff",
    "KnockMove",
    "KnockPhase",
    "KnockState",
    "KnockTakeDiscard",
    "KnockView",
    "Knocking",
    "LayOffMove",
    "Minimums",
    "Pass",
    "PassMove",
    "RuleIds",
    "Scoring",
    "StandardMove",
    "StandardRules",
    "StandardRummy",
    "StandardState",
    "StandardView",
    "Stock",
    "TakeDiscardMove",
    "Turns",
    "arrange_position",
    "canonical_melds",
    "check_knock",
    "check_position",
    "check_view",
    "deal",
    "draw_card",
    "game_over",
    "knock_move_help",
    "knock_moves",
    "ordered_melds",
    "read_group",
    "score_round",
    "score_sheet",
    "standard_moves",
    "view_fields",
    "went_out",
]
