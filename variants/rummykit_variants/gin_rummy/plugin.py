"""The Gin Rummy plug-in, registered through the ``rummykit.variants`` entry point ``gin-rummy``: a
standard rummy (`rummykit.standard`) of two players that ends by a knock, with the first up-card, the
wall and the knock as OpenSpiel's ``gin_rummy`` plays them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.bots import Bot
from rummykit.core.cards import Card, CardId, Suit, face
from rummykit.core.errors import InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.melds import read_meld
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.specs import GameSettings, VariantSpec
from rummykit.core.state import Phase, RoundEnd
from rummykit.core.views import View
from rummykit.standard import (
    DiscardMove,
    DrawMove,
    FreeGoDown,
    LayOffMove,
    StandardMove,
    StandardRummy,
    TakeDiscardMove,
    canonical_melds,
    check_position,
    view_fields,
)
from rummykit.standard.turns import discard, end_turn
from rummykit_variants.gin_rummy.actions import Knock, Pass
from rummykit_variants.gin_rummy.bot import GinBot
from rummykit_variants.gin_rummy.deadwood import deadwood_after, knock_discards, mask, points, shortcut
from rummykit_variants.gin_rummy.rules import MELD_RULES, OPTIONS, RULES, GinPhase, GinRules, make_rules
from rummykit_variants.gin_rummy.state import GinState, GinView

__all__ = ["SPEC", "GinRummy", "knock_cards", "knock_result", "plugin"]

SPEC = VariantSpec(
    name="gin-rummy",
    title="Gin Rummy",
    min_players=2,
    max_players=2,
    players_rule="GIN-1",
    rules=RULES,
    options=OPTIONS,
    actions=(Draw, TakeDiscard, Pass, Discard, Knock, GoDown, LayOff),
    phases=tuple(GinPhase),
    state_type=GinState,
    view_type=GinView,
    round_ends=("GIN-18", "GIN-7", "GIN-8", "GIN-19"),
)
PASSED = "GIN-4", "both players passed the first up-card: the non-dealer draws from the stock"
RUN_ORDER = {rank: place for place, rank in enumerate(MELD_RULES.run_order)}


def knock_cards(state: GinState, hand: Sequence[CardId], taken: CardId | None) -> list[int]:
    """The faces ``hand`` may knock with (GIN-12, GIN-13), but the card ``taken`` where GIN-6 forbids it."""
    cards = knock_discards(mask(hand), state.knock_card, exact=state.rules.exact_knock)
    return cards if state.rules.may_discard_taken or taken is None else [c for c in cards if c != taken]


def walled(state: GinState) -> bool:
    """The turn player took the discard at the wall, and must knock with it (GIN-19)."""
    return state.phase == Phase.PLAY and state.taken is not None and len(state.piles["stock"]) <= 2


def knock_result(state: GinState) -> tuple[int, int, int]:
    """The knocker's deadwood, the defender's, and the knocker's points, negative if the defender scores
    (GIN-20, GIN-21)."""
    rules, knocker = state.rules, state.knocker
    assert knocker is not None
    mine, theirs = (points(mask(state.hands[seat])) for seat in (knocker, 1 - knocker))
    won = theirs - mine + (rules.gin_bonus if mine == 0 else 0)
    undercut = won < 0 or (won == 0 < mine and rules.undercut_on_tie)
    return mine, theirs, won - rules.undercut_bonus if undercut else won


def end_hand(state: GinState) -> None:
    """The defender has played: the hand is scored (GIN-18)."""
    mine, theirs, won = knock_result(state)
    knocker = state.knocker
    scorer = "nobody" if not won else f"seat {knocker if won > 0 else 1 - (knocker or 0)}"
    reason = f"seat {knocker} knocked with {mine} deadwood against {theirs}: {scorer} scores {abs(won)} (GIN-18)"
    state.round_end = RoundEnd(knocker, "GIN-18", reason)


def joined(melds: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """The melds with the touching runs of one suit joined (GIN-C2), in their one order."""
    groups: list[list[Card]] = [list(meld) for meld in melds if meld[0].rank is meld[-1].rank]
    runs: list[list[Card]] = []
    for run in sorted((meld for meld in melds if meld[0].rank is not meld[-1].rank), key=lambda run: _place(run[0])):
        if runs and _place(runs[-1][-1]) == (run[0].suit, RUN_ORDER[run[0].rank] - 1):
            runs[-1] += run
        else:
            runs.append(list(run))
    return tuple(meld.cards for meld in canonical_melds([read_meld(g, MELD_RULES) for g in groups + runs], MELD_RULES))


def _place(card: Card) -> tuple[Suit | None, int]:
    return card.suit, RUN_ORDER[card.rank]


class GinDraw(DrawMove[GinState]):
    """A draw from the stock (GIN-5), or the non-dealer's after both passed the first up-card (GIN-4)."""

    phases = frozenset({Phase.DRAW, GinPhase.FIRST_UP_CARD})

    def check(self, state: GinState, action: Draw) -> Draw:
        super().check(state, action)
        if state.phase == GinPhase.FIRST_UP_CARD and len(state.log) < 2:
            raise self.refuse("GIN-4", "the first up-card is offered first: take it or pass", action)
        return action

    def legal(self, state: GinState, seat: int) -> Iterable[Draw]:
        return super().legal(state, seat) if state.phase == Phase.DRAW or len(state.log) == 2 else ()


class GinTakeDiscard(TakeDiscardMove[GinState]):
    """Take the top discard (GIN-4, GIN-5): the take limit (GIN-8), and at the wall only to knock (GIN-19)."""

    phases = frozenset({Phase.DRAW, GinPhase.FIRST_UP_CARD, GinPhase.WALL})

    def refusal(self, state: GinState, seat: int) -> tuple[str, str] | None:
        if state.phase == GinPhase.FIRST_UP_CARD and len(state.log) == 2:
            return PASSED
        top = state.piles["discard"][-1]
        if state.phase == GinPhase.WALL and not knock_cards(state, [*state.hands[seat], top], top):
            return "GIN-19", "at the wall the discard is taken only to knock with it, and this hand could not knock"
        return None

    def check(self, state: GinState, action: TakeDiscard) -> TakeDiscard:
        super().check(state, action)
        refusal = self.refusal(state, action.seat)
        if refusal is not None:
            raise self.refuse(*refusal, action)
        return action

    def legal(self, state: GinState, seat: int) -> Iterable[TakeDiscard]:
        listed = super().legal(state, seat)
        return listed if listed and self.refusal(state, seat) is None else ()

    def perform(self, state: GinState, action: TakeDiscard, rng: Randomness) -> None:
        limit = state.rules.take_limit
        if state.phase == Phase.DRAW:
            state.takes += 1
            if limit is not None and state.takes >= limit:
                reason = f"the {limit}th take of the top discard is not made: the hand is dead (GIN-8)"
                state.round_end = RoundEnd(None, "GIN-8", reason)
                return
        super().perform(state, action, rng)


class PassMove(StandardMove[GinState, Pass]):
    """Pass on the first up-card (GIN-4), at the wall (GIN-19), or the defender's melds (GIN-18)."""

    action_type = Pass
    phases = frozenset({GinPhase.FIRST_UP_CARD, GinPhase.WALL, GinPhase.LAY_OFF})

    def check(self, state: GinState, action: Pass) -> Pass:
        self.check_turn(state, action)
        if state.phase == GinPhase.FIRST_UP_CARD and len(state.log) == 2:
            raise self.refuse(*PASSED, action)
        return action

    def legal(self, state: GinState, seat: int) -> Iterable[Pass]:
        passed = state.phase == GinPhase.FIRST_UP_CARD and len(state.log) == 2
        return (Pass(seat=seat),) if seat == state.turn and not passed else ()

    def perform(self, state: GinState, action: Pass, rng: Randomness) -> None:
        if state.phase == GinPhase.FIRST_UP_CARD:
            state.turn, state.turn_number = state.next_seat(state.turn), state.turn_number + 1
        elif state.phase == GinPhase.WALL:
            state.round_end = RoundEnd(None, "GIN-19", "nobody knocked at the wall: the hand is dead (GIN-19)")
        else:
            end_hand(state)


class KnockMove(StandardMove[GinState, Knock]):
    """Knock, discarding a card face down (GIN-12, GIN-13)."""

    action_type = Knock
    phases = frozenset({Phase.PLAY})

    def check(self, state: GinState, action: Knock) -> Knock:
        self.check_turn(state, action)
        (card,) = self.played_cards(state, action, [action.card])
        if card == state.taken and not state.rules.may_discard_taken:
            raise self.refuse("GIN-6", "it was taken from the discard pile this turn", action)
        if card not in knock_cards(state, state.hands[action.seat], state.taken):
            hand, limit = mask(state.hands[action.seat]), state.knock_card
            left = deadwood_after(hand)[card]
            reason = f"discarding {action.card} leaves {left} deadwood, more than the knock card {limit}"
            if left <= limit:
                reason = f"OpenSpiel's test arranges the eleven cards with {shortcut(hand)} deadwood, more than {limit}"
            raise self.refuse("GIN-12", reason, action)
        return action

    def legal(self, state: GinState, seat: int) -> Iterable[Knock]:
        hand = state.hands[seat]
        return [Knock(seat=seat, card=face(c)) for c in knock_cards(state, hand, state.taken)] if seat == state.turn else []

    def perform(self, state: GinState, action: Knock, rng: Randomness) -> None:
        discard(state, action.seat, self.played_cards(state, action, [action.card])[0])
        state.phase, state.knocker, state.taken = GinPhase.KNOCK, action.seat, None


class GinDiscard(DiscardMove[GinState]):
    """The discard (GIN-5, GIN-6), but not of the card taken at the wall (GIN-19); then the repeated take
    (GIN-7) or the wall (GIN-19)."""

    def check(self, state: GinState, action: Discard) -> Discard:
        if walled(state) and action.seat == state.turn:
            raise self.refuse("GIN-19", "the discard taken at the wall is taken only to knock with it", action)
        return super().check(state, action)

    def legal(self, state: GinState, seat: int) -> Iterable[Discard]:
        return () if walled(state) else super().legal(state, seat)

    def end_turn(self, state: GinState) -> None:
        rules, returned = state.rules, state.taken == state.piles["discard"][-1]
        if returned and state.returned and rules.repeated_take_ends_hand:
            reason = "both players took the top discard and discarded it again: the hand is dead (GIN-7)"
            state.round_end = RoundEnd(None, "GIN-7", reason)
            return
        state.returned = returned
        if rules.wall_knock and len(state.piles["stock"]) <= 2:
            end_turn(state)
            state.phase = GinPhase.WALL
        else:
            super().end_turn(state)


class GinGoDown(FreeGoDown[GinState]):
    """The knocker's melds, keeping at most the knock card (GIN-13), then the defender's (GIN-18)."""

    phases = frozenset({GinPhase.KNOCK, GinPhase.LAY_OFF})

    def check(self, state: GinState, action: GoDown) -> GoDown:
        melds = joined(super().check(state, action).melds)
        left = kept(state, action.seat, melds)
        if state.phase == GinPhase.KNOCK and left > state.knock_card:
            raise self.refuse("GIN-13", f"it keeps {left} in hand, more than the knock card {state.knock_card}", action)
        return GoDown(seat=action.seat, melds=melds)

    def legal(self, state: GinState, seat: int) -> Iterable[GoDown]:
        limit = state.knock_card if state.phase == GinPhase.KNOCK else 98
        listed = super().legal(state, seat)
        return [go for go in listed if joined(go.melds) == go.melds and kept(state, seat, go.melds) <= limit]

    def perform(self, state: GinState, action: GoDown, rng: Randomness) -> None:
        super().perform(state, action, rng)
        if state.phase == GinPhase.KNOCK:
            state.phase, state.turn, state.melds_this_turn = GinPhase.LAY_OFF, state.next_seat(state.turn), 0
        else:
            end_hand(state)


def kept(state: GinState, seat: int, melds: Iterable[Sequence[Card]]) -> int:
    """The deadwood ``seat`` keeps, laying down ``melds`` (GIN-10)."""
    return points(mask(state.hands[seat])) - points(mask(card.index for meld in melds for card in meld))


class GinLayOff(LayOffMove[GinState]):
    """The defender lays off on the knocker's melds (GIN-16), never on gin (GIN-14), and at most
    ``layoff_run_limit`` cards past a run's end (GIN-17)."""

    phases = frozenset({GinPhase.LAY_OFF})

    def check_seat(self, state: GinState, action: LayOff) -> None:
        if state.knocker is not None and not state.hands[state.knocker]:
            raise self.refuse("GIN-14", "the knocker has gin: nobody lays off on gin", action)

    def may_lay_off(self, state: GinState, seat: int) -> bool:
        return state.knocker is not None and bool(state.hands[state.knocker])

    def check(self, state: GinState, action: LayOff) -> LayOff:
        checked = super().check(state, action)
        if not self.within_limit(state, checked):
            limit = state.rules.layoff_run_limit
            raise self.refuse("GIN-17", f"{limit} cards have been laid off past that end of the run", action)
        return checked

    def legal(self, state: GinState, seat: int) -> Iterable[LayOff]:
        return [lay_off for lay_off in super().legal(state, seat) if self.within_limit(state, lay_off)]

    def within_limit(self, state: GinState, lay_off: LayOff) -> bool:
        limit = state.rules.layoff_run_limit
        if limit is None or lay_off.end is None:
            return True
        done = (a for a in state.log if isinstance(a, LayOff) and a.meld == lay_off.meld and a.end is lay_off.end)
        return sum(1 for _ in done) < limit


class GinRummy(StandardRummy[GinRules, GinState]):
    """Gin Rummy: the standard rummy, with the first up-card, the knock and the wall of its own."""

    spec = SPEC

    @hookimpl
    def rummykit_setup(self, config: GameSettings) -> GinRules:
        return make_rules(config)

    @hookimpl
    def rummykit_moves(self, rules: GinRules) -> dict[type[Action], Move[Any, Any]]:
        moves: tuple[Move[Any, Any], ...] = (
            GinDraw(rules),
            GinTakeDiscard(rules),
            PassMove(rules),
            GinDiscard(rules),
            KnockMove(rules),
            GinGoDown(rules),
            GinLayOff(rules),
        )
        return {move.action_type: move for move in moves}

    @hookimpl
    def rummykit_score_round(self, state: GinState) -> list[int]:
        """GIN-20 to GIN-24: the hand's points to the scorer, or won from the other (``single_hand``)."""
        if state.round_end is None or state.round_end.rule != "GIN-18" or state.knocker is None:
            return [0, 0]
        won, knocker = knock_result(state)[2], state.knocker
        if state.rules.single_hand:
            return [won, -won] if knocker == 0 else [-won, won]
        return [max(won, 0), max(-won, 0)] if knocker == 0 else [max(-won, 0), max(won, 0)]

    @hookimpl
    def rummykit_view(self, state: GinState, seat: int | None, to_act: tuple[int, ...]) -> View:
        return GinView(**view_fields(state, seat, to_act), knock_card=state.knock_card, knocker=state.knocker)

    @hookimpl
    def rummykit_check_position(self, state: GinState) -> None:
        check_position(state)
        limit, knocking = state.rules.take_limit, state.phase in (GinPhase.KNOCK, GinPhase.LAY_OFF)
        if state.phase == Phase.OVER:
            return
        if not 0 <= state.knock_card <= 10:
            raise InvalidPositionError("extra.knock_card", f"a knock card is 0 to 10, not {state.knock_card}")
        if not 0 <= state.takes < (limit or state.takes + 1):
            raise InvalidPositionError("extra.takes", f"the hand ends at the {limit}th take, not after {state.takes}")
        if state.knocker != ((state.turn if state.phase == GinPhase.KNOCK else 1 - state.turn) if knocking else None):
            raise InvalidPositionError("extra.knocker", "the knocker lays down, then the other seat plays")

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, Callable[[int | None], Bot]]:
        return {"heuristic": GinBot}

    @hookimpl
    def rummykit_parse_move(self, seat: int, words: list[str]) -> Action | None:
        if words == ["pass"]:
            return Pass(seat=seat)
        return Knock(seat=seat, card=words[1]) if len(words) == 2 and words[0] == "knock" else None


plugin = GinRummy()
"""The plug-in object the entry point names."""
