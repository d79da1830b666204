"""Railroad Canasta's moves: for each action its check, its listing and its effect together.

A meld play's check and its listing share one test of what the play leaves in hand
(:func:`end_problem`), so that ``legal_actions`` lists exactly what ``apply`` accepts; an initial
meld larger than its least form is listed in parts (:func:`split_initial`, RC-C6).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from rummykit.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.cards import Card, CardId, Rank, face
from rummykit.errors import IllegalActionError, InvalidActionError
from rummykit.mechanics import end_turn, pick_cards, remove_cards
from rummykit.melds import Meld, MeldKind
from rummykit.move import Move
from rummykit.shoe import Randomness
from rummykit.standard import StandardMove, went_out
from rummykit.state import Phase, RoundEnd, TableMeld
from rummykit_variants.railroad_canasta.actions import EndRound, LeaveKitty, PickUpKitty, TakePile
from rummykit_variants.railroad_canasta.melding import (
    CANASTA_SIZE,
    WILD_KEY,
    Shape,
    added,
    can_add,
    canasta_kind,
    add_rule,
    canonical_order,
    card_shape,
    excess,
    initial_melds,
    is_black_threes,
    is_closed,
    kinds_with,
    least_form,
    left_after,
    meld_key,
    meld_keys,
    ordered_cards,
    ordered_groups,
    rank_counts,
    read_group,
    shape_cards,
    shape_of,
    single_shapes,
)
from rummykit_variants.railroad_canasta.rules import (
    CanastaKind,
    CanastaPhase,
    CanastaRules,
    initial_minimum,
    is_red_three,
    is_wild,
)
from rummykit_variants.railroad_canasta.state import CanastaState

__all__ = [
    "CanastaMove",
    "DiscardMove",
    "DrawMove",
    "EndRoundMove",
    "GoDownMove",
    "KittyMove",
    "LayOffMove",
    "TakePileMove",
    "canasta_moves",
    "draw_cards",
    "split_initial",
]

A = TypeVar("A", bound=Action)

_SEVEN, _TWO, _JOKER, _THREE = int(Rank.SEVEN), int(Rank.TWO), int(Rank.JOKER), int(Rank.THREE)
_ALL_KINDS = frozenset(CanastaKind)


# -- cards moving ------------------------------------------------------------------------------------


def draw_cards(state: CanastaState, seat: int, count: int) -> None:
    """Draw ``count`` cards from the stock to ``seat``'s hand, placing red 3s and drawing their
    replacements while the stock lasts (RC-6, RC-14)."""
    stock = state.piles["stock"]
    hand = state.hands[seat]
    reds = state.seat_piles["red_threes"][seat]
    while count and stock:
        cid = stock.pop()
        if is_red_three(face(cid)):
            reds.append(cid)
        else:
            hand.append(cid)
            count -= 1


def _place(state: CanastaState, seat: int, cards: Sequence[CardId]) -> None:
    """Cards from a taken pile or a kitty into ``seat``'s hand, its red 3s placed without
    replacement (RC-6)."""
    reds = state.seat_piles["red_threes"][seat]
    hand = state.hands[seat]
    for cid in cards:
        (reds if is_red_three(face(cid)) else hand).append(cid)


def _ordered_ids(meld: Meld, ids: Sequence[CardId]) -> tuple[CardId, ...]:
    """``ids`` in the order of ``meld``'s cards."""
    pool = list(ids)
    ordered = []
    for card in meld.cards:
        cid = next(c for c in pool if face(c) == card)
        pool.remove(cid)
        ordered.append(cid)
    return tuple(ordered)


def _meld_from_hand(state: CanastaState, seat: int, group: Sequence[Card]) -> None:
    hand = state.hands[seat]
    ids = pick_cards(hand, group)
    assert ids is not None, "checked actions only"
    remove_cards(hand, ids)
    state.table.append(TableMeld(owner=seat, meld=read_group(group), ids=tuple(ids)))


# -- what a play leaves ---------------------------------------------------------------------------------


def end_problem(
    sevens: int, left: int, kinds: frozenset[CanastaKind], others_sevens: bool, *, black_threes: bool, exempt: bool
) -> tuple[str, str] | None:
    """Why a meld play is refused (rule, reason) that leaves ``left`` cards in hand, ``sevens`` of them
    7s, and the seat with canastas of ``kinds`` (the other seats all with a sevens canasta if
    ``others_sevens``); or ``None``. RC-7 and RC-C4 for black 3s; RC-19 for too few cards or only 7s
    (unless ``exempt``: the hand held nothing it may discard after drawing); G-4 for no discard."""
    can_go_out = kinds >= _ALL_KINDS
    if black_threes and (left != 1 or not can_go_out):
        return "RC-7", (
            "black 3s are melded only when going out: the play must leave one card, with a canasta of each kind (RC-C4)"
        )
    if not can_go_out and left < 2:
        return "RC-19", f"a player who cannot go out keeps at least 2 cards after melding, and {left} would be left"
    if left == 0:
        return "G-4", "it would leave no card to discard, and going out ends with a discard (RC-21)"
    if exempt:
        return None
    if left == 1:
        return ("G-4", "it would leave only a 7, which may not be the last discard (RC-21)") if sevens else None
    if sevens == left and not (CanastaKind.SEVENS in kinds and others_sevens):
        return "RC-19", "it would leave only 7s, which may not be discarded until every player has a sevens canasta"
    return None


def sevens_exception(state: CanastaState, seat: int) -> bool:
    """RC-19's exception: ``seat``'s hand held only 7s right after drawing, and still does, while
    someone lacks a sevens canasta (RC-18). The player may then meld or lay off any or all of those
    7s, down to an empty hand, which ends the round (RC-22)."""
    hand = state.hands[seat]
    return (
        state.stuck
        and bool(hand)
        and all(face(cid).rank is Rank.SEVEN for cid in hand)
        and not state.sevens_done(seat)
    )


def _may_discard(card: Card, sevens_done: bool) -> bool:
    """RC-18: a 7 is discarded only once every player has a sevens canasta."""
    return card.rank is not Rank.SEVEN or sevens_done


# -- the moves -------------------------------------------------------------------------------------------


class CanastaMove(StandardMove[CanastaState, A]):
    """A move of Railroad Canasta, bound to a configuration's rules and to its other moves (``moves``),
    whose listings decide how a turn and a round go on (RC-19, RC-22)."""

    phases = frozenset({Phase.PLAY})

    def __init__(self, rules: CanastaRules, moves: Mapping[type[Action], Move[Any, Any]]) -> None:
        super().__init__(rules)
        self.moves = moves

    def lists(self, action_type: type[Action], state: CanastaState, seat: int) -> bool:
        """``seat`` has a legal action of ``action_type`` now."""
        return bool(self.moves[action_type].legal(state, seat))

    def read(self, group: Sequence[Card], action: Action) -> Meld:
        """``group`` as a new meld, or the refusal of ``action`` citing the rule it breaks."""
        try:
            return read_group(group)
        except IllegalActionError as err:
            err.action = action
            raise

    def check_new_keys(self, state: CanastaState, melds: Sequence[Meld], action: Action, *, taken: int = -1) -> None:
        """RC-11 and RC-C2: one meld per key in an action (none of ``taken``, the top card's), none of a
        key the seat has open."""
        keys = [meld_key(meld) for meld in melds]
        opened = state.open_melds(action.seat)
        for meld, key in zip(melds, keys, strict=True):
            what = "wild melds" if key == WILD_KEY else f"{Rank(key).symbol}s"
            if keys.count(key) > 1 or key == taken:
                raise self.refuse("RC-11", f"one action lays down at most one meld of {what} (RC-C2)", action)
            if key in opened:
                raise self.refuse(
                    "RC-11", f"seat {action.seat} already has an unfinished meld of {what} ({meld} would be a second)", action
                )

    def check_minimum(self, state: CanastaState, shapes: Sequence[Shape], action: Action) -> None:
        """RC-13: an initial meld reaches the minimum."""
        total = state.totals[action.seat]
        minimum = initial_minimum(total)
        value = sum(shape.value for shape in shapes)
        if value < minimum:
            raise self.refuse(
                "RC-13",
                f"an initial meld must be worth at least {minimum} at a total of {total}, and this is worth {value}",
                action,
            )

    def check_end(self, problem: tuple[str, str] | None, action: Action) -> None:
        """Refuse ``action`` for the ``problem`` of what it leaves (:func:`end_problem`), if any."""
        if problem is not None:
            raise self.refuse(*problem, action)

    def melded(self, state: CanastaState, seat: int) -> None:
        """``seat`` has melded: its initial meld is made (RC-13)."""
        if state.melded_on[seat] is None:
            state.melded_on[seat] = state.played_on[seat] = state.turn_number

    def start_play(self, state: CanastaState, seat: int) -> None:
        """After the draw: the play phase, noting whether the hand holds a card it may discard (RC-19):
        not when it holds only 7s, a lone 7 (RC-21), a lone card of a player who cannot go out (when the
        stock had only red 3s to give, RC-6), or none (a pile of 7s taken, RC-19)."""
        state.phase = Phase.PLAY
        state.stuck = not self.lists(Discard, state, seat)
        self.after_play(state, seat)

    def after_play(self, state: CanastaState, seat: int) -> None:
        """RC-22: the round ends when the turn player may not discard and has no meld or lay-off left,
        or has melded every card (RC-19's exception)."""
        if not state.stuck:
            return
        if not state.hands[seat]:
            reason = f"seat {seat} melded all their 7s and has no card to discard (RC-19, RC-22)"
            state.round_end = RoundEnd(None, "RC-22", reason)
        elif not any(self.lists(kind, state, seat) for kind in (Discard, GoDown, LayOff)):
            reason = f"seat {seat} has no legal discard and nothing left to meld (RC-22)"
            state.round_end = RoundEnd(None, "RC-22", reason)

    def end_turn(self, state: CanastaState) -> None:
        """The turn passes (G-1 may end the round); a turn that starts with an empty stock and a pile the
        turn player cannot take ends the round (RC-22, RC-C5)."""
        state.stuck = False
        end_turn(state)
        if state.round_end is None and not state.piles["stock"] and not self.lists(TakePile, state, state.turn):
            reason = f"the stock is empty and seat {state.turn} cannot take the discard pile (RC-22)"
            state.round_end = RoundEnd(None, "RC-22", reason)


class DrawMove(CanastaMove[Draw]):
    """RC-14: draw the top 2 cards of the stock (1 if only 1 is left), red 3s placed and replaced (RC-6)."""

    action_type = Draw
    phases = frozenset({Phase.DRAW})

    def check(self, state: CanastaState, action: Draw) -> Draw:
        self.rules.check_turn(state, action)
        if not state.piles["stock"]:
            raise self.refuse("RC-22", "the stock is empty: take the discard pile or end the round", action)
        return action

    def legal(self, state: CanastaState, seat: int) -> list[Draw]:
        return [Draw(seat=seat)] if seat == state.turn and state.piles["stock"] else []

    def perform(self, state: CanastaState, action: Draw, rng: Randomness) -> None:
        draw_cards(state, action.seat, self.rules.stock.cards)
        self.start_play(state, action.seat)


class EndRoundMove(CanastaMove[EndRound]):
    """RC-22: with the stock empty, the turn player does not take the discard pile, and the round ends."""

    action_type = EndRound
    phases = frozenset({Phase.DRAW})

    def check(self, state: CanastaState, action: EndRound) -> EndRound:
        self.rules.check_turn(state, action)
        if state.piles["stock"]:
            raise self.refuse("RC-22", "the round ends this way only when the stock is empty", action)
        return action

    def legal(self, state: CanastaState, seat: int) -> list[EndRound]:
        return [EndRound(seat=seat)] if seat == state.turn and not state.piles["stock"] else []

    def perform(self, state: CanastaState, action: EndRound, rng: Randomness) -> None:
        reason = f"the stock is empty and seat {action.seat} did not take the discard pile (RC-22)"
        state.round_end = RoundEnd(None, "RC-22", reason)


class TakePileMove(CanastaMove[TakePile]):
    """RC-15 to RC-17: take the whole discard pile, its top card melded at once (with a natural pair
    from hand, or onto an unfinished meld, RC-C3), meeting RC-13 as an initial meld."""

    action_type = TakePile
    phases = frozenset({Phase.DRAW})

    def check(self, state: CanastaState, action: TakePile) -> TakePile:
        self.rules.check_turn(state, action)
        seat = action.seat
        pile = state.piles["discard"]
        if not pile:
            raise self.refuse("RC-14", "the discard pile is empty", action)
        top = face(pile[-1])
        if is_wild(top) or top.rank is Rank.THREE:
            raise self.refuse("RC-16", f"no pile can be taken while its top card is a wild card or a 3 ({top})", action)
        rank = int(top.rank)
        pile_rule = "RC-15" if state.frozen else "RC-16"
        onto = state.open_melds(seat).get(rank)
        initial = not state.has_melded(seat)
        if action.melds and not initial:
            raise self.refuse("RC-C2", "after the initial meld, taking the pile melds only the top card", action)
        naturals = [card for card in action.cards if card.rank is top.rank]
        if len(naturals) + sum(1 for card in action.cards if is_wild(card)) != len(action.cards):
            raise self.refuse(
                pile_rule, f"the top card ({top}) is melded with natural cards of its rank and wild cards only", action
            )
        self.played_cards(state, action, [*action.cards, *(card for group in action.melds for card in group)])
        if not action.cards:
            if onto is None:
                raise self.refuse(
                    pile_rule,
                    f"taking the pile needs two natural {top.rank.symbol}s from hand or an unfinished meld of them",
                    action,
                )
            if state.frozen:
                raise self.refuse(
                    "RC-15", f"a frozen pile is taken only with two natural {top.rank.symbol}s from hand", action
                )
            top_shape = Shape(rank, 1)
        else:
            if len(naturals) < 2:
                raise self.refuse(
                    pile_rule, f"taking the pile with cards from hand needs two natural {top.rank.symbol}s", action
                )
            if onto is not None and len(action.cards) != 2:
                raise self.refuse(
                    "RC-C3",
                    f"with an unfinished meld of {top.rank.symbol}s the pile is taken with exactly two natural cards",
                    action,
                )
            group = (top, *action.cards)
            top_meld = Meld(MeldKind.SET, group, (top.rank,) * len(group)) if onto is not None else None
            top_shape = shape_of(top_meld or self.read(group, action))
        others = [self.read(group, action) for group in action.melds]
        self.check_new_keys(state, others, action, taken=rank)
        other_shapes = canonical_order([shape_of(meld) for meld in others])
        if initial:
            self.check_minimum(state, [top_shape, *other_shapes], action)
        if not _nothing_to_discard(state, seat):
            counts = rank_counts(state.hand_faces(seat))
            self.check_end(_take_problem(state, seat, top, onto, [top_shape, *other_shapes], counts), action)
        return TakePile(seat=seat, cards=ordered_cards(action.cards), melds=ordered_groups(others))

    def legal(self, state: CanastaState, seat: int) -> list[TakePile]:
        pile = state.piles["discard"]
        if seat != state.turn or not pile:
            return []
        top = face(pile[-1])
        if is_wild(top) or top.rank is Rank.THREE:
            return []
        rank = int(top.rank)
        hand = state.hand_faces(seat)
        counts = rank_counts(hand)
        onto = state.open_melds(seat).get(rank)
        candidates: list[tuple[Shape, tuple[Shape, ...], bool]] = []
        if onto is not None:
            if not state.frozen:
                candidates.append((Shape(rank, 1), (), False))
            if counts[rank] >= 2:
                candidates.append((Shape(rank, 3), (), True))
        elif counts[rank] >= 2:
            top_shapes = [
                s for s in single_shapes(rank, counts[rank], counts[_TWO], counts[_JOKER], extra=1) if s.naturals >= 3
            ]
            if state.has_melded(seat):
                candidates += [(shape, (), True) for shape in top_shapes]
            else:
                minimum = initial_minimum(state.totals[seat])
                keys = meld_keys(counts, {rank})
                for shape in top_shapes:
                    if shape.value >= minimum:
                        if not excess((shape,), shape.value - minimum, top=True):
                            candidates.append((shape, (), True))
                        continue
                    twos, jokers = counts[_TWO] - shape.twos, counts[_JOKER] - shape.jokers
                    for melds in initial_melds(counts, keys, twos, jokers, minimum, (shape,), shape.value, top=True):
                        candidates.append((shape, canonical_order(melds[1:]), True))
        if not candidates:
            return []
        exception = _nothing_to_discard(state, seat)
        actions = []
        for top_shape, others, with_cards in candidates:
            if exception or _take_problem(state, seat, top, onto, [top_shape, *others], counts) is None:
                if with_cards:
                    groups = shape_cards([top_shape, *others], hand, skip=[1])
                    actions.append(TakePile(seat=seat, cards=groups[0], melds=tuple(groups[1:])))
                else:
                    actions.append(TakePile(seat=seat, cards=(), melds=tuple(shape_cards(others, hand))))
        return actions

    def perform(self, state: CanastaState, action: TakePile, rng: Randomness) -> None:
        seat = action.seat
        hand = state.hands[seat]
        pile = state.piles["discard"]
        top_id = pile.pop()
        top = face(top_id)
        onto = state.open_melds(seat).get(int(top.rank))
        ids = pick_cards(hand, action.cards)
        assert ids is not None, "checked actions only"
        remove_cards(hand, ids)
        if onto is not None:
            table_meld = state.table[onto]
            meld, meld_ids = table_meld.meld, list(table_meld.ids)
            for cid in (top_id, *ids):
                if len(meld) >= CANASTA_SIZE:
                    hand.append(cid)  # RC-C3: a card that does not fit stays in hand
                    continue
                meld = added(meld, face(cid))
                meld_ids.append(cid)
            state.table[onto] = TableMeld(owner=seat, meld=meld, ids=_ordered_ids(meld, meld_ids))
        else:
            state.table.append(TableMeld(owner=seat, meld=read_group((top, *action.cards)), ids=(top_id, *ids)))
        for group in action.melds:
            _meld_from_hand(state, seat, group)
        _place(state, seat, pile)
        pile.clear()
        state.frozen = False
        self.melded(state, seat)
        state.taken = top_id
        self.start_play(state, seat)

    def split(self, state: CanastaState, action: TakePile) -> list[Action] | None:
        return split_initial(state, action)


def _take_problem(
    state: CanastaState, seat: int, top: Card, onto: int | None, shapes: Sequence[Shape], hand_counts: Sequence[int]
) -> tuple[str, str] | None:
    """What is wrong with what taking the pile leaves (:func:`end_problem`): ``shapes[0]`` is the top
    card's meld (its top card included, or on the unfinished meld ``onto``), the rest other new melds."""
    top_shape, others = shapes[0], shapes[1:]
    rank = int(top.rank)
    from_hand = attrs.evolve(top_shape, naturals=top_shape.naturals - 1)
    counts, size = left_after(hand_counts, sum(hand_counts), [from_hand, *others])
    all_kinds = state.canasta_kinds()
    kinds = kinds_with(all_kinds[seat], others)
    if onto is None:
        kinds = kinds_with(kinds, [top_shape])
    else:
        meld = state.table[onto].meld
        room = CANASTA_SIZE - len(meld)
        fits = min(room, top_shape.naturals)
        unplaced = top_shape.naturals - fits  # RC-C3: what does not fit stays in hand
        counts[rank] += unplaced
        size += unplaced
        if fits == room:
            wild = any(is_wild(card) for card in meld.cards)
            kinds |= {CanastaKind.BLACK if wild else CanastaKind.SEVENS if rank == _SEVEN else CanastaKind.RED}
    rest = [face(cid) for cid in state.piles["discard"][:-1]]
    kept = [card for card in rest if not is_red_three(card)]  # RC-17: red 3s are placed
    sevens = counts[_SEVEN] + sum(1 for card in kept if card.rank is Rank.SEVEN)
    black = any(s.key == _THREE for s in others)
    others_sevens = state.others_sevens(seat, all_kinds)
    return end_problem(sevens, size + len(kept), kinds, others_sevens, black_threes=black, exempt=False)


def _nothing_to_discard(state: CanastaState, seat: int) -> bool:
    """RC-19's exception for taking the pile: the hand and the pile below its top card hold no card
    the player may discard (only 7s, RC-18), so the take may meld any of them, down to an empty
    hand (which ends the round, RC-22)."""
    sevens = state.sevens_done(seat)
    cards = [*state.hands[seat], *state.piles["discard"][:-1]]
    return not any(_may_discard(face(cid), sevens) for cid in cards if not is_red_three(face(cid)))


class GoDownMove(CanastaMove[GoDown]):
    """RC-8 to RC-13: lay down new melds; the initial meld any melds together that reach the minimum,
    one meld an action after it (RC-C2)."""

    action_type = GoDown

    def check(self, state: CanastaState, action: GoDown) -> GoDown:
        self.rules.check_turn(state, action)
        seat = action.seat
        if not action.melds or any(not group for group in action.melds):
            raise InvalidActionError("a meld action lists one or more melds, each with its cards")
        initial = not state.has_melded(seat)
        if not initial and len(action.melds) > 1:
            raise self.refuse("RC-C2", "after the initial meld each meld action lays down one meld", action)
        self.played_cards(state, action, [card for group in action.melds for card in group])
        melds = [self.read(group, action) for group in action.melds]
        self.check_new_keys(state, melds, action)
        shapes = canonical_order([shape_of(meld) for meld in melds])
        if initial:
            self.check_minimum(state, shapes, action)
        if not sevens_exception(state, seat):
            hand = state.hand_faces(seat)
            counts, size = left_after(rank_counts(hand), len(hand), shapes)
            kinds = state.canasta_kinds()
            black = any(s.key == _THREE for s in shapes)
            others = state.others_sevens(seat, kinds)
            problem = end_problem(
                counts[_SEVEN], size, kinds_with(kinds[seat], shapes), others, black_threes=black, exempt=state.stuck
            )
            self.check_end(problem, action)
        return GoDown(seat=seat, melds=ordered_groups(melds))

    def legal(self, state: CanastaState, seat: int) -> list[GoDown]:
        if seat != state.turn:
            return []
        hand = state.hand_faces(seat)
        counts = rank_counts(hand)
        kinds = state.canasta_kinds()
        own, others = kinds[seat], state.others_sevens(seat, kinds)
        keys = meld_keys(counts, state.open_melds(seat))
        candidates: Iterator[tuple[Shape, ...]]
        if state.has_melded(seat):
            candidates = (
                (shape,)
                for key in keys
                for shape in single_shapes(key, counts[key] if key != WILD_KEY else 0, counts[_TWO], counts[_JOKER])
            )
        else:
            minimum = initial_minimum(state.totals[seat])
            candidates = initial_melds(counts, keys, counts[_TWO], counts[_JOKER], minimum)
        exception = sevens_exception(state, seat)
        actions = []
        for shapes in candidates:
            ordered = canonical_order(shapes)
            left, size = left_after(counts, len(hand), ordered)
            black = any(s.key == _THREE for s in ordered)
            kinds_after = kinds_with(own, ordered)
            problem = end_problem(left[_SEVEN], size, kinds_after, others, black_threes=black, exempt=state.stuck)
            if exception or problem is None:
                actions.append(GoDown(seat=seat, melds=tuple(shape_cards(ordered, hand))))
        return actions

    def perform(self, state: CanastaState, action: GoDown, rng: Randomness) -> None:
        for group in action.melds:
            _meld_from_hand(state, action.seat, group)
        self.melded(state, action.seat)
        self.after_play(state, action.seat)

    def split(self, state: CanastaState, action: GoDown) -> list[Action] | None:
        return split_initial(state, action)


class LayOffMove(CanastaMove[LayOff]):
    """RC-8 and RC-12: add one card from hand to one of the seat's own unfinished melds."""

    action_type = LayOff

    def check(self, state: CanastaState, action: LayOff) -> LayOff:
        self.rules.check_turn(state, action)
        seat = action.seat
        if action.end is not None:
            raise self.refuse("RC-8", "melds are of one rank, not runs: a card added to a meld names no end", action)
        if not 0 <= action.meld < len(state.table):
            tables = f"melds 0 to {len(state.table) - 1}" if state.table else "no melds"
            raise self.refuse("RC-8", f"there is no meld {action.meld} on the table ({tables})", action)
        target = state.table[action.meld]
        if target.owner != seat:
            raise self.refuse(
                "RC-8", f"meld {action.meld} is seat {target.owner}'s: nobody adds to another's melds", action
            )
        card = action.card
        self.played_cards(state, action, [card])
        problem = can_add(target.meld, card)
        if problem is not None:
            problem.action = action
            raise problem
        if not sevens_exception(state, seat):
            hand = state.hand_faces(seat)
            counts, size = left_after(rank_counts(hand), len(hand), [card_shape(card)])
            kinds = state.canasta_kinds()
            after = canasta_kind(added(target.meld, card))
            own = kinds[seat] | {after} if after is not None else kinds[seat]
            others = state.others_sevens(seat, kinds)
            black = card.rank is Rank.THREE
            self.check_end(
                end_problem(counts[_SEVEN], size, own, others, black_threes=black, exempt=state.stuck), action
            )
        return LayOff(seat=seat, card=card, meld=action.meld)

    def legal(self, state: CanastaState, seat: int) -> list[LayOff]:
        if seat != state.turn:
            return []
        hand = state.hand_faces(seat)
        counts = rank_counts(hand)
        kinds = state.canasta_kinds()
        own, others = kinds[seat], state.others_sevens(seat, kinds)
        firsts: dict[Rank, Card] = {}
        for card in sorted(hand):
            firsts.setdefault(card.rank, card)
        exception = sevens_exception(state, seat)
        actions = []
        for index, table_meld in enumerate(state.table):
            meld = table_meld.meld
            if table_meld.owner != seat or is_closed(meld):
                continue
            for card in firsts.values():
                if add_rule(meld, card) is not None:
                    continue
                left, size = left_after(counts, len(hand), [card_shape(card)])
                closes = len(meld) + 1 == CANASTA_SIZE and not is_black_threes(meld)
                after = canasta_kind(added(meld, card)) if closes else None
                kinds_after = own | {after} if after else own
                black = card.rank is Rank.THREE
                problem = end_problem(left[_SEVEN], size, kinds_after, others, black_threes=black, exempt=state.stuck)
                if exception or problem is None:
                    actions.append(LayOff(seat=seat, card=card, meld=index))
        return actions

    def perform(self, state: CanastaState, action: LayOff, rng: Randomness) -> None:
        hand = state.hands[action.seat]
        ids = pick_cards(hand, [action.card])
        assert ids is not None, "checked actions only"
        remove_cards(hand, ids)
        target = state.table[action.meld]
        meld = added(target.meld, action.card)
        state.table[action.meld] = TableMeld(owner=target.owner, meld=meld, ids=_ordered_ids(meld, [*target.ids, *ids]))
        self.after_play(state, action.seat)


class DiscardMove(CanastaMove[Discard]):
    """RC-14, RC-18, RC-21: the turn ends with one discard (not a 7 while someone lacks a sevens
    canasta); discarding the last card goes out, with a canasta of each kind. A discarded wild card
    freezes the pile (RC-15); a seat that may pick up its kitty then chooses (RC-20, RC-C5)."""

    action_type = Discard

    def check(self, state: CanastaState, action: Discard) -> Discard:
        self.rules.check_turn(state, action)
        seat = action.seat
        hand = state.hands[seat]
        card = action.card
        if not any(face(cid) == card for cid in hand):
            raise self.refuse("G-7", f"the hand does not hold {card}", action)
        kinds = state.canasta_kinds()
        if len(hand) == 1:
            if not kinds[seat] >= _ALL_KINDS:
                missing = ", ".join(sorted(kind.value for kind in _ALL_KINDS - kinds[seat]))
                raise self.refuse(
                    "RC-21", f"going out needs a canasta of each kind, and seat {seat} lacks {missing}", action
                )
            if card.rank is Rank.SEVEN:
                raise self.refuse("RC-21", "the last card discarded to go out may not be a 7", action)
        if not _may_discard(card, CanastaKind.SEVENS in kinds[seat] and state.others_sevens(seat, kinds)):
            raise self.refuse(
                "RC-18", "a 7 may not be discarded until every player has completed a sevens canasta", action
            )
        return action

    def legal(self, state: CanastaState, seat: int) -> list[Discard]:
        if seat != state.turn:
            return []
        hand = state.hands[seat]
        kinds = state.canasta_kinds()
        if len(hand) == 1 and not kinds[seat] >= _ALL_KINDS:
            return []
        sevens = CanastaKind.SEVENS in kinds[seat] and state.others_sevens(seat, kinds)
        return [
            Discard(seat=seat, card=card)
            for card in sorted({face(cid) for cid in hand})
            if _may_discard(card, sevens) and not (len(hand) == 1 and card.rank is Rank.SEVEN)
        ]

    def perform(self, state: CanastaState, action: Discard, rng: Randomness) -> None:
        seat = action.seat
        hand = state.hands[seat]
        cid = next(c for c in hand if face(c) == action.card)
        hand.remove(cid)
        state.piles["discard"].append(cid)
        if is_wild(action.card):
            state.frozen = True
        if not hand:
            went_out(state, seat)
        elif not state.kitty_taken[seat] and state.may_look(seat):
            state.phase = CanastaPhase.KITTY
        else:
            self.end_turn(state)


class KittyMove(CanastaMove[PickUpKitty | LeaveKitty]):
    """RC-20 and RC-C5: after the discard, a seat that has completed a canasta that is not black picks
    up its kitty (once a round) or leaves it; then the turn passes. A refusal cites RC-20 whoever's
    turn it is (G-7)."""

    phases = frozenset({CanastaPhase.KITTY})

    def __init__(
        self,
        rules: CanastaRules,
        moves: Mapping[type[Action], Move[Any, Any]],
        action_type: type[PickUpKitty | LeaveKitty],
    ) -> None:
        super().__init__(rules, moves)
        self.action_type = action_type

    def check(self, state: CanastaState, action: PickUpKitty | LeaveKitty) -> PickUpKitty | LeaveKitty:
        seat = action.seat
        if isinstance(action, PickUpKitty):
            if not state.may_look(seat):
                raise self.refuse("RC-20", f"seat {seat} has not completed a canasta that is not black", action)
            if state.kitty_taken[seat]:
                raise self.refuse("RC-20", f"seat {seat} has picked up its kitty this round already", action)
        if state.phase != CanastaPhase.KITTY or seat != state.turn:
            raise self.refuse("RC-20", "the kitty is picked up (or left) right after its owner's discard", action)
        return action

    def legal(self, state: CanastaState, seat: int) -> list[PickUpKitty | LeaveKitty]:
        return [self.action_type(seat=seat)] if seat == state.turn else []

    def perform(self, state: CanastaState, action: PickUpKitty | LeaveKitty, rng: Randomness) -> None:
        if isinstance(action, PickUpKitty):
            kitty = state.seat_piles["kitty"][action.seat]
            _place(state, action.seat, kitty)
            kitty.clear()
            state.kitty_taken[action.seat] = True
        self.end_turn(state)


def canasta_moves(rules: CanastaRules) -> dict[type[Action], Move[Any, Any]]:
    """Railroad Canasta's moves for ``rules``, in listing order."""
    moves: dict[type[Action], Move[Any, Any]] = {}
    for move in (
        DrawMove(rules, moves),
        EndRoundMove(rules, moves),
        TakePileMove(rules, moves),
        GoDownMove(rules, moves),
        LayOffMove(rules, moves),
        DiscardMove(rules, moves),
        KittyMove(rules, moves, PickUpKitty),
        KittyMove(rules, moves, LeaveKitty),
    ):
        moves[move.action_type] = move
    return moves


# -- what the listing stands for ---------------------------------------------------------------------


def split_initial(state: CanastaState, action: GoDown | TakePile) -> list[Action] | None:
    """The parts in which ``legal_actions`` lists an initial meld (RC-C6), or ``None`` if it lists it
    whole.

    An initial meld (RC-13) is listed in its least forms: nothing laid down that it could do without
    and still reach the minimum. A larger one (accepted as named, G-6) is its least form, then the
    melds it could do without, one action each, then the cards it could do without, laid off one by
    one onto their melds (RC-C2); black 3s come last, as they go down only when going out (RC-C4).
    ``action`` is a play its move's check accepted, in the form it returned.
    """
    seat = action.seat
    if state.has_melded(seat):
        return None
    top = isinstance(action, TakePile)
    if isinstance(action, GoDown):
        melds = [list(group) for group in action.melds]
    elif action.cards:
        melds = [[face(state.piles["discard"][-1]), *action.cards], *(list(group) for group in action.melds)]
    else:
        return None
    kept, dropped, extra_cards = least_form(melds, initial_minimum(state.totals[seat]), top=top)
    if not dropped and not extra_cards:
        return None
    kept_melds = [read_group(meld) for meld in kept]
    groups = ordered_groups(kept_melds[1:] if top else kept_melds)
    order = [meld_key(read_group(group)) for group in groups]  # the melds' places on the table
    first: Action
    if top:
        first = TakePile(seat=seat, cards=ordered_cards(kept[0][1:]), melds=groups)
        order.insert(0, meld_key(kept_melds[0]))
    else:
        first = GoDown(seat=seat, melds=groups)
    dropped.sort(key=lambda meld: read_group(meld).ranks[0] is Rank.THREE)
    parts: list[Action] = [first, *(GoDown(seat=seat, melds=(ordered_cards(meld),)) for meld in dropped)]
    parts += [LayOff(seat=seat, card=card, meld=len(state.table) + order.index(key)) for key, card in extra_cards]
    return parts
