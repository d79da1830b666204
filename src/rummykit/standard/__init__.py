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

from rummykit.standard.canasta_family import (
    DiscardGroupMove,
    DrawPlacingMove,
    EndRound,
    EndRoundMove,
    FamilyMove,
    GoDownGroupsMove,
    GroupHand,
    LayOffGroupMove,
    TakePile,
    TakePileMove,
    deal_family,
    draw_placing,
    family_moves,
    place_cards,
)
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
    CanastaFamily,
    ContractMelds,
    Deal,
    FreeMelds,
    GoingOut,
    Knocking,
    KnockPhase,
    Minimums,
    PileTakes,
    RuleIds,
    Scoring,
    StandardRules,
    Stock,
    Turns,
)
from rummykit.standard.state import GroupState, KnockState, StandardState

__all__ = [
    "Canasta",
    "CanastaFamily",
    "Canastas",
    "ContractGoDown",
    "ContractMelds",
    "Deal",
    "DiscardGroupMove",
    "DiscardMove",
    "DrawMove",
    "DrawPlacingMove",
    "EndRound",
    "EndRoundMove",
    "FamilyMove",
    "FreeGoDown",
    "FreeMelds",
    "GoDownGroupsMove",
    "GoingOut",
    "GroupHand",
    "GroupRuleIds",
    "GroupState",
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
    "LayOffGroupMove",
    "LayOffMove",
    "Minimums",
    "Pass",
    "PassMove",
    "PileTakes",
    "RuleIds",
    "Scoring",
    "StandardMove",
    "StandardRules",
    "StandardRummy",
    "StandardState",
    "StandardView",
    "Stock",
    "TakeDiscardMove",
    "TakePile",
    "TakePileMove",
    "Turns",
    "arrange_position",
    "canonical_melds",
    "check_knock",
    "check_position",
    "check_view",
    "deal",
    "deal_family",
    "draw_card",
    "draw_placing",
    "family_moves",
    "game_over",
    "knock_move_help",
    "knock_moves",
    "ordered_melds",
    "place_cards",
    "read_group",
    "score_round",
    "score_sheet",
    "standard_moves",
    "view_fields",
    "went_out",
]
