"""A discard pile that lies spread, and scores that credit whoever lays a card: Rummy 500's mechanics, as
data a variant declares ([`SpreadPile`][rummykit.standard.rules.SpreadPile], `Scoring.credit_layer`).

- **The deep take** ([`DeepTake`][rummykit.core.actions.DeepTake], `DeepTakeMove`): instead of drawing, the turn
  player takes any card of the spread pile with every card above it. The card taken deepest is owed
  (`SpreadState.owed`): the turn's first meld or lay-off plays it, and nothing else comes first, a discard
  least of all. A take whose card the hand and the cards taken could not play is refused.
- **Credit to the layer** (`SpreadState.laid`): every card a seat puts on the table, in its own melds or laid
  off on anyone's, is counted for that seat; the round scores each seat those cards less the cards left in
  its hand (`credit_sheet`).
- **The whole pile in sight** (`SpreadView`): views, pictures and the terminal game show it in pile order.

Examples:
    >>> import rummykit
    >>> game = rummykit.build_position(
    ...     "rummy-500", 2, hands=["7H 8H 2C", "4S 5S 6S"], discard="9H KD 3C", stock="5D 6D 7D 8D 9D"
    ... )
    >>> [action.describe() for action in game.legal_actions() if action.kind == "deep-take"]
    ['take 9H and every card above it from the discard pile']
    >>> _ = game.apply(rummykit.DeepTake(seat=0, card="9H"))
    >>> game.apply(rummykit.Discard(seat=0, card="KD"))
    Traceback (most recent call last):
    ...
    rummykit.core.errors.IllegalActionError: seat 0 may not discard KD: 9H, taken deepest from the discard \
pile, is played first: the turn's first meld or lay-off uses it (R5-6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummykit.core.actions import Action, DeepTake, Discard, GoDown, LayOff
from rummykit.core.cards import FACE_MASK, Card, CardId, face
from rummykit.core.errors import IllegalActionError, InvalidPositionError
from rummykit.core.melds import RunEnd, can_extend
from rummykit.core.moves import Move, restrict
from rummykit.core.shoe import Randomness
from rummykit.core.state import PLAY, Phase, ScoreItem, SeatScore, in_hand, in_pile
from rummykit.standard.melding import melds_of_faces
from rummykit.standard.moves import LayOffMove, StandardMove
from rummykit.standard.rules import SpreadPile, StandardRules
from rummykit.standard.state import StandardState

__all__ = [
    "DeepTakeMove",
    "SpreadState",
    "arrange_spread",
    "check_spread",
    "credit_sheet",
    "laid_points",
    "spread_moves",
    "spread_view_fields",
]


@attrs.define(kw_only=True)
class SpreadState(StandardState):
    """The state of a standard rummy whose discard pile lies spread (`StandardRules.spread`) or whose
    scores credit the layer (`Scoring.credit_layer`): the standard rummy's, and what each seat has laid.

    Attributes:
        laid: per seat, the cards it has put on the table this round (its melds, and its lay-offs on
            anyone's melds), in the order it laid them.
        owed: the card the turn player took deepest from the discard pile this turn and has not played yet
            (`SpreadPile.use_rule`), or ``None``.
    """

    laid: list[list[CardId]] = attrs.Factory(list)
    owed: CardId | None = None

    def start_round(self) -> None:
        super().start_round()
        self.laid = [[] for _ in range(self.players)]
        self.owed = None

    def note_laid(self, seat: int, cards: Iterable[CardId]) -> None:
        laid = list(cards)
        self.laid[seat].extend(laid)
        if self.owed in laid:
            self.owed = None


def laid_points(state: SpreadState) -> list[list[tuple[Card, int]]]:
    """Each seat's cards on the table with what each is worth where it lies (`Scoring.laid_points`: an ace at
    the low end of a run may be worth less), in the order the seat laid them."""
    scoring = state.rules.scoring
    worth: dict[CardId, tuple[Card, int]] = {}
    for table_meld in state.table:
        meld = table_meld.meld
        for place, (cid, card) in enumerate(zip(table_meld.ids, meld.cards, strict=True)):
            worth[cid] = (card, scoring.laid_points(card, meld, place))
    return [[worth[cid] for cid in cards if cid in worth] for cards in state.laid]


def credit_sheet(state: SpreadState) -> list[SeatScore]:
    """Each seat's score for the round that has just ended, when the layer is credited
    (`Scoring.credit_layer`): plus the points of every card it put on the table, minus the points of the
    cards left in its hand, both citing `RuleIds.score` (or the rule that ended the round); with each
    seat's deadwood, the points it was left holding."""
    rules = state.rules
    rule = rules.ids.score or (state.round_end.rule if state.round_end is not None else "")
    sheets = []
    for laid, hand in zip(laid_points(state), state.hands, strict=True):
        left = tuple(face(cid) for cid in hand)
        held = sum(map(rules.scoring.points_of, left))
        items = []
        if laid:
            cards = tuple(card for card, _ in laid)
            items.append(
                ScoreItem(rule=rule, what="the cards it put on the table", points=sum(p for _, p in laid), cards=cards)
            )
        if left:
            items.append(ScoreItem(rule=rule, what="the cards left in hand", points=-held, cards=left))
        sheets.append(SeatScore(items=tuple(items), deadwood=held))
    return sheets


def spread_view_fields(state: SpreadState) -> dict[str, Any]:
    """The fields of a [`SpreadView`][rummykit.standard.plugin.SpreadView] for ``state``: the whole discard
    pile, bottom to top, and each seat's points on the table."""
    return {
        "discard_pile": tuple([face(cid) for cid in state.piles.get("discard", ())]),
        "on_table": tuple(sum(points for _, points in seat) for seat in laid_points(state)),
    }


def _upper_depth(pile: Sequence[CardId], card: Card) -> int | None:
    """How many cards from the top of ``pile`` down to the upper copy of ``card`` (1: the top card)."""
    index = card.index
    for depth in range(1, len(pile) + 1):
        if pile[-depth] & FACE_MASK == index:
            return depth
    return None


class DeepTakeMove(StandardMove[SpreadState, DeepTake]):
    """Take a card of the spread discard pile with every card above it, instead of drawing
    ([`SpreadPile`][rummykit.standard.rules.SpreadPile]): the card taken deepest is owed, played at once."""

    action_type = DeepTake
    phases = frozenset({Phase.DRAW})
    on_turn = True

    def __init__(self, rules: StandardRules) -> None:
        super().__init__(rules)
        assert rules.spread is not None, "a deep take is made from a pile that lies spread"
        self.spread: SpreadPile = rules.spread
        self.lay_off: LayOffMove[SpreadState] = LayOffMove(rules)

    def owes(self, depth: int) -> bool:
        """Whether a take of ``depth`` cards owes its deepest card (`SpreadPile.top_free` frees the top card)."""
        return depth > 1 or not self.spread.top_free

    def check(self, state: SpreadState, action: DeepTake) -> DeepTake:
        pile = state.piles["discard"]
        depth = _upper_depth(pile, action.card)
        if depth is None:
            where = "the discard pile is empty" if not pile else f"the discard pile does not hold {action.card}"
            raise self.refuse(self.spread.rule, where, action)
        if self.owes(depth) and not self.playable(state, action.seat, depth):
            taken = "it" if depth == 1 else f"it and the {depth - 1} card{'s' * (depth > 2)} above it"
            raise self.refuse(
                self.spread.use_rule,
                f"{action.card}, taken deepest, is played at once, and it could not be: no meld of it can be made "
                f"from the hand and {taken}, and no meld on the table takes it",
                action,
            )
        return action

    def playable(self, state: SpreadState, seat: int, depth: int) -> bool:
        """Whether the card ``depth`` cards deep could be played at once by ``seat`` after taking it with the
        cards above it: laid off on a meld on the table, or melded with cards of the hand and the take (a meld
        that leaves a way to end the turn: a card to discard, or none where going out by melding is allowed)."""
        pile = state.piles["discard"]
        target = face(pile[-depth])
        rules = self.rules.melds
        if state.table and self.lay_off.may_lay_off(state, seat):
            ends: tuple[RunEnd | None, ...] = (None, RunEnd.LOW, RunEnd.HIGH)
            if any(can_extend(meld.meld, target, rules, end) for meld in state.table for end in ends):
                return True
        faces = [cid & FACE_MASK for cid in state.hands[seat]] + [cid & FACE_MASK for cid in pile[-depth:]]
        going_out = self.rules.ids.discard_to_go_out is None
        return any(
            target in meld.cards and (going_out or len(meld.cards) < len(faces))
            for meld in melds_of_faces(faces, rules)
        )

    def legal(self, state: SpreadState, seat: int) -> Iterable[DeepTake]:
        """Each face of the pile (its upper copy), from the top down, whose take could be played."""
        if seat != state.turn:
            return []
        pile = state.piles["discard"]
        seen: set[int] = set()
        actions = []
        for depth in range(1, len(pile) + 1):
            index = pile[-depth] & FACE_MASK
            if index in seen:
                continue
            seen.add(index)
            if not self.owes(depth) or self.playable(state, seat, depth):
                actions.append(DeepTake(seat=seat, card=face(index)))
        return actions

    def perform(self, state: SpreadState, action: DeepTake, rng: Randomness) -> None:
        pile = state.piles["discard"]
        depth = _upper_depth(pile, action.card)
        assert depth is not None, "checked actions only"
        taken = pile[-depth:]
        del pile[-depth:]
        state.hands[action.seat].extend(taken)
        state.note_moved(taken, in_pile("discard"), in_hand(action.seat))
        state.taken = taken[0]
        state.owed = taken[0] if self.owes(depth) else None
        state.phase = PLAY


def _plays_owed(state: SpreadState, action: Action) -> None:
    """The owed card (`SpreadState.owed`) is played by the turn's first meld or lay-off; nothing comes first."""
    owed = state.owed
    if owed is None or action.seat != state.turn:
        return
    card = face(owed)
    if isinstance(action, GoDown) and any(card in meld for meld in action.melds):
        return
    if isinstance(action, LayOff) and action.card == card:
        return
    spread = state.rules.spread
    rule = spread.use_rule if spread is not None else state.rules.ids.discard
    raise IllegalActionError(
        rule,
        f"{card}, taken deepest from the discard pile, is played first: the turn's first meld or lay-off uses it",
        action=action,
    )


def spread_moves(rules: StandardRules, moves: dict[type[Action], Move[Any, Any]]) -> dict[type[Action], Move[Any, Any]]:
    """``moves`` (the standard rummy's) with a spread pile's: the deep take in place of taking the top
    discard, and the owed card played before any other meld, lay-off or discard."""
    spread: dict[type[Action], Move[Any, Any]] = {}
    for action_type, move in moves.items():
        if action_type.kind == "take-discard":
            spread[DeepTake] = DeepTakeMove(rules)
        elif action_type in (GoDown, LayOff, Discard):
            spread[action_type] = restrict(move, _plays_owed)
        else:
            spread[action_type] = move
    return spread


def check_spread(state: SpreadState) -> None:
    """What a position of a spread pile or credited scores must satisfy: one list of cards laid per seat,
    which together are exactly the cards on the table, each laid by a seat that has played this round; and
    an owed card only in the turn player's hand after the draw, as the card taken from the discard pile."""
    players = state.players
    if len(state.laid) != players:
        raise InvalidPositionError("extra.laid", f"one list of cards per seat ({players})")
    on_table = [cid for table_meld in state.table for cid in table_meld.ids]
    laid = [cid for cards in state.laid for cid in cards]
    if sorted(laid) != sorted(on_table):
        raise InvalidPositionError(
            "extra.laid", "the cards the seats laid are exactly the cards on the table, each laid by one seat"
        )
    for seat, cards in enumerate(state.laid):
        if cards and state.played_on[seat] is None:
            raise InvalidPositionError(f"extra.laid[{seat}]", f"seat {seat} laid cards, so it has played this round")
    owed = state.owed
    if owed is not None:
        rule = state.rules.spread.use_rule if state.rules.spread is not None else ""
        if state.phase != PLAY or owed not in state.hands[state.turn] or owed != state.taken:
            raise InvalidPositionError(
                "extra.owed",
                f"a card is owed ({rule}) only by the turn player, after a deep take, as the card taken from the "
                "discard pile, until played",
            )


def arrange_spread(state: SpreadState, given: frozenset[str]) -> None:
    """A position built by hand, in what ``given`` leaves out: each meld's cards laid by its owner; and a card
    taken from the spread pile and still in hand after the draw owed (played at once), as a deep take leaves it
    (with `SpreadPile.top_free` the top card alone is not: a position that means it gives ``owed``)."""
    if "laid" not in given:
        state.laid = [[] for _ in range(state.players)]
        for table_meld in state.table:
            state.laid[table_meld.owner].extend(table_meld.ids)
    taken = state.taken
    if "owed" not in given and state.rules.spread is not None and taken is not None and state.phase == PLAY:
        state.owed = taken if taken in state.hands[state.turn] else None
