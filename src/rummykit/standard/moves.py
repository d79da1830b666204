"""The standard rummy's moves: drawing, taking the discard, laying off and discarding, each with its
check, its listing and its effect together (the melds are in [`rummykit.standard.melding`][rummykit.standard.melding]).

Every move is built once per configuration from the variant's [`StandardRules`][rummykit.standard.rules.StandardRules]
and cites the rule ids they name (``rules.ids``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

import attrs

from rummykit.core.actions import Action, Discard, Draw, LayOff, TakeDiscard
from rummykit.core.cards import FACE_COUNT, FACE_MASK, Card, CardId, Rank, face
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import Meld, MeldKind, MeldRules, RunEnd, can_extend, extend_meld
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.state import PLAY, GameState, Phase, RoundEnd, TableMeld, in_hand, in_pile, on_table
from rummykit.standard.rules import ContractMelds, StandardRules
from rummykit.standard.state import StandardState
from rummykit.standard.turns import (
    can_end_turn,
    discard,
    discard_choice,
    end_turn,
    pick_cards,
    remove_cards,
    take_discard,
)

__all__ = [
    "DiscardMove",
    "DrawMove",
    "LayOffMove",
    "StandardMove",
    "TakeDiscardMove",
    "check_turn",
    "draw_card",
    "went_out",
]

S = TypeVar("S", bound=StandardState)
A = TypeVar("A", bound=Action)

_ORDINALS = {1: "first", 2: "second", 3: "third"}


def check_turn(rules: StandardRules, state: GameState, action: Action, phases: frozenset[str]) -> None:
    """The standard rummy's phase gate for an action of a move played in ``phases``: the turn
    (``rules.check_turn``: G-2 and the draw), and the phase: in a phase the variant declares in
    `Turns.phase_rules`, a move that does not play in it is refused citing that phase's rule.

    Raises:
        IllegalActionError: citing the rule.
    """
    phase_rule = rules.turns.phase_rules.get(state.phase)
    if phase_rule is not None and state.phase not in phases and action.seat == state.turn:
        raise IllegalActionError(*phase_rule, action=action)
    rules.check_turn(state, action)


class StandardMove(Move[S, A], Generic[S, A]):
    """A move of the standard rummy, bound to a configuration's rules, with the checks its moves
    share: the turn (``rules.check_turn``), the cards held (G-7) and G-4."""

    def __init__(self, rules: StandardRules) -> None:
        self.rules = rules

    def refuse(self, rule: str, reason: str, action: Action) -> IllegalActionError:
        """The refusal of ``action`` citing ``rule``."""
        return IllegalActionError(rule, reason, action=action)

    def check_turn(self, state: S, action: Action) -> None:
        """The phase gate for this move ([`check_turn`][rummykit.standard.moves.check_turn]). The engine
        checks it before the move's ``check`` (``rummykit_check_turn``), so a move need not call it."""
        check_turn(self.rules, state, action, self.phases)

    def played_cards(self, state: S, action: Action, cards: Sequence[Card]) -> list[CardId]:
        """The physical cards of the seat's hand that play the faces ``cards`` (G-6: the card taken
        from the discard pile first where it has a named face), or a G-7 refusal."""
        hand = state.hands[action.seat]
        used = pick_cards(hand, cards, prefer=state.taken)
        if used is None:
            missing = sorted(face(cid) for cid in _missing(hand, cards))
            raise self.refuse("G-7", f"the hand does not hold {' '.join(map(str, missing))}", action)
        return used

    def check_leaves_a_way_out(self, state: S, used: Sequence[CardId], action: Action) -> None:
        """G-4 (and a table's discard-to-go-out rule): what the play leaves in hand must end the
        turn: an empty hand where going out that way is allowed, or a card that may be discarded."""
        remaining = list(state.hands[action.seat])
        remove_cards(remaining, used)
        rules = self.rules
        if not remaining and rules.ids.discard_to_go_out is not None:
            raise self.refuse(
                rules.ids.discard_to_go_out,
                "it would empty the hand; at this table a player goes out only by discarding their last card",
                action,
            )
        if not can_end_turn(remaining, state.taken, may_discard_taken=rules.may_discard_taken):
            raise self.refuse(
                "G-4",
                f"it would leave only {face(remaining[0])}, the card taken from the discard pile this turn, which "
                f"may not be discarded ({rules.ids.discard}), so the turn could not end",
                action,
            )

    def leaves_a_way_out(self, state: S, seat: int, used: Sequence[CardId]) -> bool:
        """[`check_leaves_a_way_out`][rummykit.standard.moves.StandardMove.check_leaves_a_way_out] as a
        yes or no, for listings."""
        hand = state.hands[seat]
        if len(used) == len(hand):
            return self.rules.ids.discard_to_go_out is None
        if state.taken is None or self.rules.may_discard_taken or len(hand) - len(used) != 1:
            return True
        remaining = list(hand)
        remove_cards(remaining, used)
        return can_end_turn(remaining, state.taken)

    def played(self, state: S, seat: int, *, melded: bool) -> None:
        """Note that ``seat`` has played a card this turn (and laid down a meld, with ``melded``); once
        the card taken from the discard pile is on the table nothing forbids discarding it any more."""
        turn = state.turn_number
        if state.played_on[seat] is None:
            state.played_on[seat] = turn
        if melded and state.melded_on[seat] is None:
            state.melded_on[seat] = turn
        if state.taken is not None and state.taken not in state.hands[seat]:
            state.taken = None
        if not state.hands[seat] and self.rules.turns.empty_hand_ends_round:
            went_out(state, seat)


def _missing(hand: Sequence[CardId], cards: Sequence[Card]) -> list[int]:
    """Card ids standing for the faces of ``cards`` that ``hand`` lacks (with multiplicity)."""
    have: dict[int, int] = {}
    for cid in hand:
        have[cid & FACE_MASK] = have.get(cid & FACE_MASK, 0) + 1
    missing = []
    for card in cards:
        if have.get(card.index, 0):
            have[card.index] -= 1
        else:
            missing.append(card.index)
    return missing


def went_out(state: StandardState, seat: int) -> None:
    """``seat``'s hand is empty: it goes out, and the round ends immediately (``ids.going_out``); going
    rummy where the scoring doubles it."""
    rules = state.rules
    rule = rules.ids.going_out
    if rules.scoring.rummy_multiplier > 1 and state.went_rummy(seat):
        reason = f"seat {seat} went rummy, playing the whole hand in one turn ({rule}, {rules.ids.rummy})"
        state.round_end = RoundEnd(seat, rule, reason)
    else:
        state.round_end = RoundEnd(seat, rule, f"seat {seat} went out ({rule})")


def draw_card(state: StandardState, rng: Randomness) -> CardId | RoundEnd:
    """The top card of the stock, which is refilled first if it is empty ([`Stock`][rummykit.standard.rules.Stock]);
    if no card can be had, how the round ends for want of one (a draw ends it; a penalty card that
    cannot be had is simply not dealt)."""
    stock = state.piles["stock"]
    if not stock:
        end = _refill(state, rng)
        if end is not None:
            return end
    return stock.pop()


def _refill(state: StandardState, rng: Randomness) -> RoundEnd | None:
    """Refill the empty stock: from the next reserve pile, else from the discard pile (shuffled, all
    of it or all but its top card); or say why no card can be had."""
    rules = state.rules
    piles = state.piles
    stock = piles["stock"]
    for name in rules.stock.piles[1:]:
        reserve = piles[name]
        if reserve:
            stock.extend(reserve)
            state.note_moved(reserve, in_pile(name), in_pile("stock"))
            reserve.clear()
            return None
    pile = piles["discard"]
    keep = 1 if rules.stock.reshuffle == "below-top" else 0
    ids = rules.ids
    if rules.stock.reshuffle == "none":
        reason = (
            f"the stock has run out: seat {state.turn} drew from it rather than take from the discard pile, which "
            f"is never shuffled into a new stock, so play ends ({ids.no_card})"
        )
        return RoundEnd(None, ids.no_card, reason)
    if len(pile) <= keep:
        left = "only its top card" if pile else "no card"
        reason = f"no card can be drawn: the stock is used up, and the discard pile holds {left} ({ids.no_card})"
        return RoundEnd(None, ids.no_card, reason)
    limit = rules.stock.rebuilds
    if limit is not None and state.rebuilds >= limit:
        times = _ORDINALS.get(state.rebuilds + 1, f"{state.rebuilds + 1}th")
        reason = f"the stock ran out for the {times} time: nobody can go out, no points ({ids.stalemate})"
        return RoundEnd(None, ids.stalemate, reason)
    rest = pile[: len(pile) - keep]
    rng.shuffle(rest)
    stock.extend(rest)
    state.note_moved(rest, in_pile("discard"), in_pile("stock"))
    del pile[: len(pile) - keep]
    state.rebuilds += 1
    return None


class DrawMove(StandardMove[S, Draw]):
    """Draw from the stock: the first move of a turn (``ids.draw``), ``stock.cards`` cards."""

    action_type = Draw
    phases = frozenset({Phase.DRAW})
    on_turn = True

    def check(self, state: S, action: Draw) -> Draw:
        return action

    def legal(self, state: S, seat: int) -> Iterable[Draw]:
        return (_draw(seat),) if seat == state.turn else ()

    def perform(self, state: S, action: Draw, rng: Randomness) -> None:
        hand = state.hands[action.seat]
        for _ in range(self.rules.stock.cards):
            card = draw_card(state, rng)
            if isinstance(card, RoundEnd):
                state.round_end = card
                return
            hand.append(card)
            state.note_moved((card,), in_pile("stock"), in_hand(action.seat))
        self.start_play(state)

    def start_play(self, state: S) -> None:
        """After the draw: the turn player plays (a variant may open a phase of its own first)."""
        state.phase = PLAY


class TakeDiscardMove(StandardMove[S, TakeDiscard]):
    """Take the top card of the discard pile instead of drawing (``ids.draw``)."""

    action_type = TakeDiscard
    phases = frozenset({Phase.DRAW})
    on_turn = True

    def check(self, state: S, action: TakeDiscard) -> TakeDiscard:
        if not state.piles["discard"]:
            ids = self.rules.ids
            raise self.refuse(ids.draw, f"the discard pile is empty ({ids.empty_discard})", action)
        return action

    def legal(self, state: S, seat: int) -> Iterable[TakeDiscard]:
        return (_take(seat),) if seat == state.turn and state.piles["discard"] else ()

    def perform(self, state: S, action: TakeDiscard, rng: Randomness) -> None:
        take_discard(state, action.seat)


class DiscardMove(StandardMove[S, Discard]):
    """End the turn with one discard (``ids.discard``): any card in hand, but the card taken from the
    discard pile this turn unless ``rules.may_discard_taken``. Discarding the last card goes out."""

    action_type = Discard
    phases = frozenset({Phase.PLAY})
    on_turn = True

    def check(self, state: S, action: Discard) -> Discard:
        hand = state.hands[action.seat]
        if discard_choice(hand, action.card, state.taken, may_discard_taken=self.rules.may_discard_taken) is None:
            if not any(cid & FACE_MASK == action.card.index for cid in hand):
                raise self.refuse("G-7", f"the hand does not hold {action.card}", action)
            raise self.refuse(self.rules.ids.discard, "it was taken from the discard pile this turn", action)
        return action

    def legal(self, state: S, seat: int) -> Iterable[Discard]:
        if seat != state.turn:
            return ()
        taken = None if self.rules.may_discard_taken else state.taken
        discards = _discards(seat)
        return [discards[index] for index in sorted({cid & FACE_MASK for cid in state.hands[seat] if cid != taken})]

    def perform(self, state: S, action: Discard, rng: Randomness) -> None:
        seat = action.seat
        card = discard_choice(
            state.hands[seat], action.card, state.taken, may_discard_taken=self.rules.may_discard_taken
        )
        assert card is not None, "checked actions only"
        discard(state, seat, card)
        if not state.hands[seat] and self.rules.turns.empty_hand_ends_round:
            went_out(state, seat)
            return
        self.end_turn(state)

    def end_turn(self, state: S) -> None:
        """The turn ends after its discard: the round is dead if the stock is down to `Stock.dead_at`
        cards (``ids.dead_hand``); otherwise the next seat's turn starts
        ([`end_turn`][rummykit.standard.turns.end_turn])."""
        dead_at = self.rules.stock.dead_at
        if dead_at is not None and len(state.piles["stock"]) <= dead_at:
            rule = self.rules.ids.dead_hand
            left = len(state.piles["stock"])
            state.round_end = RoundEnd(None, rule, f"the hand is dead: {left} cards are left in the stock ({rule})")
            return
        end_turn(state)
        state.melds_this_turn = 0


class LayOffMove(StandardMove[S, LayOff]):
    """Add one card from the hand to a meld on the table (``ids.lay_off``): with free melds any time
    after the draw (after the initial meld where there is a minimum); with contract melds only once
    the seat has gone down (from the next turn, unless ``lay_off_same_turn``). A wild card on a run
    names its end (G-5)."""

    action_type = LayOff
    phases = frozenset({Phase.PLAY})
    on_turn = True

    def __init__(self, rules: StandardRules) -> None:
        super().__init__(rules)
        self._run_ends: dict[tuple[Rank, ...], tuple[Rank, ...]] = {}
        """`run_ends` by the run's ranks (the runs on a table are asked about every turn; the
        configuration's meld rules are fixed, so the answer is too)."""

    def check(self, state: S, action: LayOff) -> LayOff:
        table = state.table
        if not 0 <= action.meld < len(table):
            numbers = f"melds 0 to {len(table) - 1}" if table else "no melds"
            raise self.refuse(
                self.rules.ids.lay_off, f"there is no meld {action.meld} on the table ({numbers})", action
            )
        used = self.played_cards(state, action, [action.card])
        before = table[action.meld].meld
        card, end, melds = action.card, action.end, self.rules.melds
        try:
            after = extend_meld(before, card, melds, end)
        except IllegalActionError as err:
            raise blame_run_order(self.rules, err, lambda rules: extend_meld(before, card, rules, end)) from None
        self.check_leaves_a_way_out(state, used, action)
        return LayOff(seat=action.seat, card=card, meld=action.meld, end=_end_used(before, after))

    def check_condition(self, state: S, action: LayOff) -> None:
        self.check_seat(state, action)

    def check_seat(self, state: S, action: LayOff) -> None:
        """The seat's own condition for laying off, cited whoever's turn it is (G-7)."""
        melding = self.rules.melding
        melded = state.melded_on[action.seat]
        rule = self.rules.ids.lay_off
        if isinstance(melding, ContractMelds):
            if melded is None:
                raise self.refuse(rule, "only a player who has gone down may lay off", action)
            if melded == state.turn_number and not melding.lay_off_same_turn:
                raise self.refuse(rule, "laying off starts on the turn after going down", action)
        elif melding.initial_minimum is not None and melded is None:
            raise self.refuse(
                melding.lay_off_rule or melding.initial_rule,
                f"a player lays off only after their initial meld of {melding.minimum_for(state.totals[action.seat])} "
                f"or more points ({melding.initial_rule})",
                action,
            )

    def may_lay_off(self, state: S, seat: int) -> bool:
        """The seat's own condition for laying off holds now."""
        melding = self.rules.melding
        melded = state.melded_on[seat]
        if isinstance(melding, ContractMelds):
            return melded is not None and (melded != state.turn_number or melding.lay_off_same_turn)
        return melding.initial_minimum is None or melded is not None

    def legal(self, state: S, seat: int) -> Iterable[LayOff]:
        """Every lay-off on every meld on the table, in table order, each card held in card order at
        each end of a run that takes it, that leaves a way to end the turn (G-4)."""
        if seat != state.turn or not state.table or not self.may_lay_off(state, seat):
            return []
        rules = self.rules.melds
        hand = state.hands[seat]
        wild = rules.wild_indices
        playable = list(map(face, sorted({cid & FACE_MASK for cid in hand})))
        if len(hand) <= 2:  # G-4 can bind only when one card or none would be left
            playable = [card for card in playable if self._may_play(state, seat, card)]
        actions: list[LayOff] = []
        for number, table_meld in enumerate(state.table):
            meld = table_meld.meld
            if meld.kind == MeldKind.SET:
                rank = meld.ranks[0]
                for card in playable:
                    if (card.rank is rank or card.index in wild) and can_extend(meld, card, rules):
                        actions.append(LayOff(seat=seat, card=card, meld=number))
                continue
            wanted = self._run_ends.get(meld.ranks)
            if wanted is None:
                wanted = run_ends(meld, rules)
                if len(self._run_ends) < 4096:
                    self._run_ends[meld.ranks] = wanted
            for card in playable:
                if card.rank in wanted or card.index in wild:
                    actions.extend(
                        LayOff(seat=seat, card=card, meld=number, end=end)
                        for end in (RunEnd.LOW, RunEnd.HIGH)
                        if can_extend(meld, card, rules, end)
                    )
        return actions

    def _may_play(self, state: S, seat: int, card: Card) -> bool:
        used = pick_cards(state.hands[seat], [card], prefer=state.taken)
        assert used is not None
        return self.leaves_a_way_out(state, seat, used)

    def perform(self, state: S, action: LayOff, rng: Randomness) -> None:
        hand = state.hands[action.seat]
        ids = pick_cards(hand, [action.card], prefer=state.taken)
        assert ids is not None, "checked actions only"
        remove_cards(hand, ids)
        target = state.table[action.meld]
        meld = extend_meld(target.meld, action.card, self.rules.melds, action.end)
        new_ids = (*ids, *target.ids) if action.end is RunEnd.LOW else (*target.ids, *ids)
        state.table[action.meld] = TableMeld(owner=target.owner, meld=meld, ids=new_ids)
        state.note_moved(ids, in_hand(action.seat), on_table(action.meld))
        state.note_laid(action.seat, ids)
        self.played(state, action.seat, melded=False)


def _end_used(before: Meld, after: Meld) -> RunEnd | None:
    if after.kind != MeldKind.RUN:
        return None
    return RunEnd.LOW if after.ranks[0] != before.ranks[0] else RunEnd.HIGH


def run_ends(meld: Meld, rules: MeldRules) -> tuple[Rank, ...]:
    """The ranks of the natural cards that could extend a run at either end."""
    order = rules.run_order
    start = rules.run_positions(meld.ranks)
    assert start is not None
    stop = start + len(meld.ranks)
    return tuple(order[i] for i in (start - 1, stop) if 0 <= i < len(order) and order[i] not in meld.ranks)


def blame_run_order(
    rules: StandardRules, err: IllegalActionError, attempt: Callable[[MeldRules], object]
) -> IllegalActionError:
    """``err``; or, if the game's run order refused what the natural run order (``rules.natural_run_order``)
    accepts, a refusal citing the rule that changed the order (``rules.run_order_rule``: ace-low)."""
    melds = rules.melds
    if rules.run_order_rule is None or err.rule != melds.rule("run"):
        return err
    try:
        attempt(attrs.evolve(melds, run_order=rules.natural_run_order))
    except IllegalActionError:
        return err
    first, last = melds.run_order[0].symbol, melds.run_order[-1].symbol
    return IllegalActionError(
        rules.run_order_rule, f"{err.reason}; at this table runs go from {first} to {last} only", action=err.action
    )


@functools.cache
def _draw(seat: int) -> Draw:
    return Draw(seat=seat)


@functools.cache
def _take(seat: int) -> TakeDiscard:
    return TakeDiscard(seat=seat)


@functools.cache
def _discards(seat: int) -> tuple[Discard, ...]:
    """The discard of each face by ``seat``, by the face's index (actions are frozen: one object serves
    every listing)."""
    return tuple(Discard(seat=seat, card=face(index)) for index in range(FACE_COUNT))
