"""Knock endings: the actions and moves of a standard rummy whose rounds end by a knock, as Gin Rummy's
do ([`Knocking`][rummykit.standard.rules.Knocking]): the offer of the first up-card, the knock, the
knocker's melds, the defenders' lay-offs and melds, the wall; and the score.

A variant that plays them sets ``knocking`` in its rules, declares the phases (`KnockPhase`) and the
actions ([`Knock`][rummykit.standard.knocking.Knock], [`Pass`][rummykit.standard.knocking.Pass]) in its spec,
and says how its turns go ([`Turns`][rummykit.standard.rules.Turns]); its state is a
[`KnockState`][rummykit.standard.state.KnockState]. The standard rummy's moves are then these
([`knock_moves`][rummykit.standard.knocking.knock_moves]).

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("gin-rummy", players=2, seed=3)
    >>> game.phase, [action.describe() for action in game.legal_actions()]
    ('first-up-card', ['take the top discard', 'pass'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Final, TypeVar

import attrs

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard, to_card
from rummykit.core.cards import Card, CardId, Suit, face
from rummykit.core.melds import read_meld
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.state import DRAW, PLAY, Phase, RoundEnd
from rummykit.standard.deadwood import deadwood_after, knock_discards, mask, points, shortcut
from rummykit.standard.going_down import FreeGoDown, canonical_melds
from rummykit.standard.moves import DiscardMove, DrawMove, LayOffMove, StandardMove, TakeDiscardMove
from rummykit.standard.rules import KNOCK_RUN_ORDER, Knocking, KnockPhase, StandardRules
from rummykit.standard.state import KnockState
from rummykit.standard.turns import discard, end_turn

__all__ = [
    "Knock",
    "KnockDiscard",
    "KnockDraw",
    "KnockGoDown",
    "KnockLayOff",
    "KnockMove",
    "KnockTakeDiscard",
    "Pass",
    "PassMove",
    "joined",
    "knock_cards",
    "knock_move_help",
    "knock_moves",
]

S = TypeVar("S", bound=KnockState)
_PLACE: Final = {rank: place for place, rank in enumerate(KNOCK_RUN_ORDER)}
# KnockPhase's members read once, as `rummykit.core.state.DRAW` is
_FIRST_UP_CARD: Final = KnockPhase.FIRST_UP_CARD
_WALL: Final = KnockPhase.WALL


@attrs.frozen
class Knock(Action):
    """Knock instead of discarding, with ``card`` as the knock discard."""

    kind: ClassVar[str] = "knock"

    card: Card = attrs.field(converter=to_card)

    def describe(self) -> str:
        return f"knock, discarding {self.card}"


@attrs.frozen
class Pass(Action):
    """Pass: on the first up-card, at the wall, or as a defender who lays down no meld."""

    kind: ClassVar[str] = "pass"

    def describe(self) -> str:
        return "pass"


def _knocking(state: KnockState) -> Knocking:
    knocking = state.rules.knocking
    assert knocking is not None, "knock endings are played with rules.knocking"
    return knocking


def knock_cards(state: KnockState, hand: Sequence[CardId], taken: CardId | None) -> list[int]:
    """The faces ``hand`` (after its draw) may knock with, but not ``taken``, the card taken from the
    discard pile this turn, where it may not be discarded (`StandardRules.may_discard_taken`)."""
    cards = knock_discards(mask(hand), state.knock_card, shortcut_test=_knocking(state).shortcut)
    return cards if state.rules.may_discard_taken or taken is None else [card for card in cards if card != taken]


def _offered(state: KnockState) -> bool:
    """In the offer of the first up-card, every seat has passed (only passes are logged then)."""
    return state.phase == _FIRST_UP_CARD and len(state.log) == state.players


def _walled(state: KnockState) -> bool:
    """The turn player took the discard at the wall, and may only knock with it."""
    return state.taken is not None and state.phase == PLAY and len(state.piles["stock"]) <= _wall(state)


def _wall(state: KnockState) -> int:
    return state.rules.stock.dead_at or 0


def _place(card: Card) -> tuple[Suit | None, int]:
    return card.suit, _PLACE[card.rank]


def joined(melds: Sequence[Sequence[Card]], rules: StandardRules) -> tuple[tuple[Card, ...], ...]:
    """``melds`` in their one order, with the runs of one suit that touch joined into one run."""
    groups = [list(meld) for meld in melds if meld[0].rank is meld[-1].rank]
    runs: list[list[Card]] = []
    for run in sorted((meld for meld in melds if meld[0].rank is not meld[-1].rank), key=lambda run: _place(run[0])):
        if runs and _place(runs[-1][-1]) == (run[0].suit, _PLACE[run[0].rank] - 1):
            runs[-1] += run
        else:
            runs.append(list(run))
    return tuple(
        meld.cards for meld in canonical_melds([read_meld(g, rules.melds) for g in groups + runs], rules.melds)
    )


def _kept(state: KnockState, seat: int, melds: Iterable[Sequence[Card]]) -> int:
    """The deadwood ``seat`` keeps if it lays down ``melds``."""
    return points(mask(state.hands[seat])) - points(mask(card.index for meld in melds for card in meld))


def _defended(state: KnockState) -> None:
    """A defender has played: the next defender plays, or the round is scored."""
    knocker = state.knocker
    assert knocker is not None
    state.turn = state.next_seat(state.turn)
    if state.turn != knocker:
        return
    rule = state.rules.ids.defender
    left = [points(mask(hand)) for hand in state.hands]
    others = " and ".join(str(count) for seat, count in enumerate(left) if seat != knocker)
    scores = _knocking(state).score_knock(knocker, left)
    scorers = ", ".join(f"seat {seat} scores {score}" for seat, score in enumerate(scores) if score > 0) or "no score"
    reason = f"seat {knocker} knocked with {left[knocker]} deadwood against {others}: {scorers} ({rule})"
    state.round_end = RoundEnd(knocker, rule, reason)


class KnockDraw(DrawMove[S]):
    """A draw from the stock; in the offer of the first up-card, once every seat has passed it."""

    phases = frozenset({Phase.DRAW, KnockPhase.FIRST_UP_CARD})

    def check(self, state: S, action: Draw) -> Draw:
        super().check(state, action)
        if state.phase == _FIRST_UP_CARD and not _offered(state):
            raise self.refuse(self.rules.ids.offer, "the first up-card is offered first: take it or pass", action)
        return action

    def legal(self, state: S, seat: int) -> Iterable[Draw]:
        return super().legal(state, seat) if state.phase == DRAW or _offered(state) else ()


class KnockTakeDiscard(TakeDiscardMove[S]):
    """Take the top discard: at a draw, the first up-card offered, or at the wall only to knock with it."""

    phases = frozenset({Phase.DRAW, KnockPhase.FIRST_UP_CARD, KnockPhase.WALL})

    def refusal(self, state: S, seat: int) -> tuple[str, str] | None:
        """Why ``seat`` may not take the top discard now, beyond the turn and the draw: the rule and why."""
        ids = self.rules.ids
        if _offered(state):
            return ids.offer, "every seat passed the first up-card: the first draws from the stock"
        pile = state.piles["discard"]
        if state.phase == _WALL and pile and not knock_cards(state, [*state.hands[seat], pile[-1]], pile[-1]):
            return ids.wall, "at the wall the discard is taken only to knock with it, and this hand could not knock"
        return None

    def check(self, state: S, action: TakeDiscard) -> TakeDiscard:
        super().check(state, action)
        refusal = self.refusal(state, action.seat)
        if refusal is not None:
            raise self.refuse(*refusal, action)
        return action

    def legal(self, state: S, seat: int) -> Iterable[TakeDiscard]:
        listed = super().legal(state, seat)
        return listed if listed and self.refusal(state, seat) is None else ()


class PassMove(StandardMove[S, Pass]):
    """Pass the first up-card to the next seat; at the wall, leave the round dead; or, as a defender, lay
    down no meld."""

    action_type = Pass
    phases = frozenset({KnockPhase.FIRST_UP_CARD, KnockPhase.WALL, KnockPhase.LAY_OFF})
    on_turn = True

    def check(self, state: S, action: Pass) -> Pass:
        if _offered(state):
            raise self.refuse(
                self.rules.ids.offer, "every seat has passed the first up-card: draw from the stock", action
            )
        return action

    def legal(self, state: S, seat: int) -> Iterable[Pass]:
        return (Pass(seat=seat),) if seat == state.turn and not _offered(state) else ()

    def perform(self, state: S, action: Pass, rng: Randomness) -> None:
        if state.phase == KnockPhase.FIRST_UP_CARD:  # a turn of its own, to the turn cap (G-1)
            end_turn(state)
            state.phase = KnockPhase.FIRST_UP_CARD if state.round_end is None else state.phase
        elif state.phase == KnockPhase.WALL:
            rule = self.rules.ids.wall
            state.round_end = RoundEnd(None, rule, f"nobody knocked at the wall: the round is dead ({rule})")
        else:
            _defended(state)


class KnockMove(StandardMove[S, Knock]):
    """Knock, discarding a card that leaves deadwood of at most the knock card."""

    action_type = Knock
    phases = frozenset({Phase.PLAY})
    on_turn = True

    def check(self, state: S, action: Knock) -> Knock:
        (card,) = self.played_cards(state, action, [action.card])
        if card == state.taken and not self.rules.may_discard_taken:
            raise self.refuse(self.rules.ids.discard, "it was taken from the discard pile this turn", action)
        if card not in knock_cards(state, state.hands[action.seat], state.taken):
            hand, limit = mask(state.hands[action.seat]), state.knock_card
            left = deadwood_after(hand)[card]
            reason = f"discarding {action.card} leaves {left} deadwood, more than the knock card, {limit}"
            if left <= limit:
                reason = f"OpenSpiel's shortcut counts {shortcut(hand)} deadwood in this hand, more than {limit}"
            raise self.refuse(self.rules.ids.knock, reason, action)
        return action

    def legal(self, state: S, seat: int) -> Iterable[Knock]:
        if seat != state.turn:
            return ()
        return [Knock(seat=seat, card=face(card)) for card in knock_cards(state, state.hands[seat], state.taken)]

    def perform(self, state: S, action: Knock, rng: Randomness) -> None:
        discard(state, action.seat, self.played_cards(state, action, [action.card])[0])
        state.phase, state.knocker, state.taken = KnockPhase.KNOCK, action.seat, None


class KnockDiscard(DiscardMove[S]):
    """A discard, but not of the card taken at the wall; after the discard that leaves the stock at
    `Stock.dead_at` cards, the wall (`Knocking.wall`) or a dead round."""

    def check(self, state: S, action: Discard) -> Discard:
        if _walled(state) and action.seat == state.turn:
            raise self.refuse(self.rules.ids.wall, "the discard taken at the wall is taken only to knock", action)
        return super().check(state, action)

    def legal(self, state: S, seat: int) -> Iterable[Discard]:
        return () if _walled(state) else super().legal(state, seat)

    def end_turn(self, state: S) -> None:
        if len(state.piles["stock"]) <= _wall(state) and _knocking(state).wall:
            end_turn(state)
            state.phase = KnockPhase.WALL if state.round_end is None else state.phase
        else:
            super().end_turn(state)


class KnockGoDown(FreeGoDown[S]):
    """The knocker's melds, keeping at most the knock card; then each defender's. Touching runs of one
    suit laid down together are one run."""

    phases = frozenset({KnockPhase.KNOCK, KnockPhase.LAY_OFF})

    def check(self, state: S, action: GoDown) -> GoDown:
        melds = joined(super().check(state, action).melds, self.rules)
        left, limit = _kept(state, action.seat, melds), state.knock_card
        if state.phase == KnockPhase.KNOCK and left > limit:
            raise self.refuse(
                self.rules.ids.knocker, f"it keeps {left} in hand, more than the knock card, {limit}", action
            )
        return GoDown(seat=action.seat, melds=melds)

    def legal(self, state: S, seat: int) -> Iterable[GoDown]:
        listed = super().legal(state, seat)
        if state.phase == KnockPhase.KNOCK:
            listed = [go for go in listed if _kept(state, seat, go.melds) <= state.knock_card]
        return [go for go in listed if joined(go.melds, self.rules) == go.melds]

    def perform(self, state: S, action: GoDown, rng: Randomness) -> None:
        super().perform(state, action, rng)
        if state.phase == KnockPhase.KNOCK:
            state.phase, state.turn, state.melds_this_turn = KnockPhase.LAY_OFF, state.next_seat(state.turn), 0
        else:
            _defended(state)


class KnockLayOff(LayOffMove[S]):
    """A defender lays off on the knocker's melds, never on gin, and at most `Knocking.lay_off_limit`
    cards past each end of a run."""

    phases = frozenset({KnockPhase.LAY_OFF})

    def check_seat(self, state: S, action: LayOff) -> None:
        if state.knocker is not None and not state.hands[state.knocker]:
            raise self.refuse(self.rules.ids.gin, "the knocker has gin: nobody lays off on gin", action)

    def may_lay_off(self, state: S, seat: int) -> bool:
        return state.knocker is not None and bool(state.hands[state.knocker])

    def check(self, state: S, action: LayOff) -> LayOff:
        checked = super().check(state, action)
        if not self.within_limit(state, checked):
            limit = _knocking(state).lay_off_limit
            raise self.refuse(self.rules.ids.lay_off_limit, f"{limit} cards are laid off past that end already", action)
        return checked

    def legal(self, state: S, seat: int) -> Iterable[LayOff]:
        return [lay_off for lay_off in super().legal(state, seat) if self.within_limit(state, lay_off)]

    def within_limit(self, state: S, lay_off: LayOff) -> bool:
        """Whether ``lay_off`` keeps to `Knocking.lay_off_limit` (the round's lay-offs are in its log)."""
        limit = _knocking(state).lay_off_limit
        if limit is None or lay_off.end is None:
            return True
        done = (a for a in state.log if isinstance(a, LayOff) and a.meld == lay_off.meld and a.end is lay_off.end)
        return sum(1 for _ in done) < limit


def knock_moves(rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
    """The moves of knock endings for ``rules``, in listing order."""
    moves: tuple[Move[Any, Any], ...] = (
        KnockDraw(rules),
        KnockTakeDiscard(rules),
        PassMove(rules),
        KnockMove(rules),
        KnockDiscard(rules),
        KnockGoDown(rules),
        KnockLayOff(rules),
    )
    return {move.action_type: move for move in moves}


def knock_move_help(rules: StandardRules) -> list[tuple[str, str]]:
    """How to type the moves of knock endings in ``rummykit play`` (what the standard rummy's
    ``rummykit_parse_move`` reads): ``knock`` with its discard; at the wall (`Knocking.wall`), the
    discard taken and then knocked with; ``pass``, and when it may be typed.

    Examples:
        >>> import rummykit
        >>> rules = rummykit.configure("gin-rummy", 2).rules
        >>> [words for words, _ in knock_move_help(rules)]
        ['knock 9C', 'take, then knock 9C', 'pass']
    """
    knocking, ids = rules.knocking, rules.ids
    if knocking is None:
        return []
    lines = [
        (
            "knock 9C",
            f"knock, discarding 9C, when that leaves at most the knock card in deadwood ({ids.knock}); then lay "
            f"down your melds with down, keeping at most the knock card in hand ({ids.knocker})",
        )
    ]
    passes = [f"as a defender, lay down no meld ({ids.defender})"]
    if knocking.offer_up_card:
        passes.insert(0, f"leave the first up-card to the next player ({ids.offer})")
    if knocking.wall:
        lines.append(
            (
                "take, then knock 9C",
                f"at the wall (the stock down to {rules.stock.dead_at or 0} cards): take the last discard, only to "
                f"knock with it ({ids.wall})",
            )
        )
        passes.append(f"at the wall, leave the round dead ({ids.wall})")
    lines.append(("pass", "; ".join(passes)))
    return lines
