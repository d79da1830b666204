"""Railroad Canasta's moves: for each action its check, its listing and its effect, side by side.

A meld play's check and its listing ask one question of what the play leaves in hand
(`Hand.leaves`), so that ``legal_actions`` lists exactly what ``apply`` accepts; an initial
meld larger than its least form is listed in parts (`split_initial`, RC-C6).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.core.cards import FACE_MASK, Card, CardId, Rank, face
from rummykit.core.errors import InvalidActionError
from rummykit.core.melds import Meld
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.state import Phase, Place, RoundEnd, TableMeld, in_hand, in_pile, in_seat_pile, on_table
from rummykit.standard import StandardMove, went_out
from rummykit.standard.groups import (
    WILD_KEY,
    Shape,
    canonical_order,
    left_after,
    ordered_cards,
    rank_counts,
    shape_cards,
)
from rummykit.standard.turns import end_turn, pick_cards, remove_cards
from rummykit_variants.railroad_canasta.actions import EndRound, LeaveKitty, PickUpKitty, TakePile
from rummykit_variants.railroad_canasta.rules import (
    CANASTAS,
    GROUPS,
    WILD_RANKS,
    CanastaKind,
    CanastaPhase,
    CanastaRules,
    canasta_kind,
    initial_minimum,
    is_red_three,
    is_wild,
)
from rummykit_variants.railroad_canasta.state import CanastaState

__all__ = ["CanastaMove", "Hand", "canasta_moves", "draw_cards", "split_initial"]

A = TypeVar("A", bound=Action)
_Kitty = PickUpKitty | LeaveKitty
Problem = tuple[str, str] | None
"""Why a play is refused (rule, reason), or ``None``."""

_SEVEN, _TWO, _JOKER, _THREE = int(Rank.SEVEN), int(Rank.TWO), int(Rank.JOKER), int(Rank.THREE)
_ALL_KINDS = frozenset(CanastaKind)
_INDEX = operator.attrgetter("index")


def _kind(shape: Shape) -> CanastaKind | None:
    """The kind of canasta a shape is (RC-12), if any."""
    kind = GROUPS.shape_kind(shape)
    return None if kind is None else CanastaKind(kind.name)


def draw_cards(state: CanastaState, seat: int, count: int) -> None:
    """Draw ``count`` cards from the stock to ``seat``'s hand, placing red 3s and drawing their
    replacements while the stock lasts (RC-6, RC-14)."""
    stock, hand, reds = state.piles["stock"], state.hands[seat], state.seat_piles["red_threes"][seat]
    while count and stock:
        cid = stock.pop()
        if is_red_three(face(cid)):
            reds.append(cid)
            state.note_moved((cid,), in_pile("stock"), in_seat_pile("red_threes", seat))
        else:
            hand.append(cid)
            state.note_moved((cid,), in_pile("stock"), in_hand(seat))
            count -= 1


def _place(state: CanastaState, seat: int, cards: Sequence[CardId], source: Place) -> None:
    """Cards from a taken pile or a kitty (``source``) into ``seat``'s hand, red 3s placed without
    replacement (RC-6)."""
    reds, hand = state.seat_piles["red_threes"][seat], state.hands[seat]
    for cid in cards:
        red = is_red_three(face(cid))
        (reds if red else hand).append(cid)
        state.note_moved((cid,), source, in_seat_pile("red_threes", seat) if red else in_hand(seat))


def _table_meld(owner: int, meld: Meld, ids: Sequence[CardId]) -> TableMeld:
    """``meld`` on the table with ``ids`` in the order of its cards."""
    pool, ordered = list(ids), []
    for card in meld.cards:
        cid = next(c for c in pool if face(c) == card)
        pool.remove(cid)
        ordered.append(cid)
    return TableMeld(owner=owner, meld=meld, ids=tuple(ordered))


def _remove(state: CanastaState, seat: int, cards: Iterable[Card], target: Place) -> list[CardId]:
    """Take the cards of a checked play from ``seat``'s hand, on their way to ``target`` (a meld)."""
    ids = pick_cards(state.hands[seat], cards)
    assert ids is not None, "checked actions only"
    remove_cards(state.hands[seat], ids)
    state.note_moved(ids, in_hand(seat), target)
    return ids


@attrs.frozen
class Hand:
    """What checking and listing a meld play look at: the seat's hand (faces and rank counts), its
    canasta kinds, whether every other seat has a sevens canasta (RC-18), whether the hand held no
    card it may discard right after drawing (``stuck``), and RC-19's exception for a hand of 7s."""

    cards: list[Card]
    counts: list[int]
    kinds: frozenset[CanastaKind]
    others_sevens: bool
    stuck: bool
    exception: bool

    @classmethod
    def of(cls, state: CanastaState, seat: int) -> Hand:
        cards = state.hand_faces(seat)
        kinds = state.canasta_kinds()[seat]
        others = state.others_sevens(seat)
        # RC-19's exception: a hand of only 7s right after drawing, and still, while someone lacks a
        # sevens canasta (RC-18), may meld or lay off any of them, down to an empty hand (RC-22)
        only_sevens = bool(cards) and all(card.rank is Rank.SEVEN for card in cards)
        exception = state.stuck and only_sevens and not (CanastaKind.SEVENS in kinds and others)
        return cls(cards, rank_counts(cards), kinds, others, state.stuck, exception)

    def problem(self, shapes: Sequence[Shape], closes: CanastaKind | None = None) -> Problem:
        """What is wrong with what melding ``shapes`` from this hand leaves (`leaves`); ``closes``
        is the kind of canasta a lay-off completes."""
        if self.exception:
            return None
        counts, size = left_after(self.counts, len(self.cards), shapes)
        kinds = self.kinds if closes is None else self.kinds | {closes}
        for shape in shapes:
            kind = _kind(shape)
            if kind is not None:
                kinds |= {kind}
        black = any(shape.key == _THREE for shape in shapes)
        return self.leaves(counts[_SEVEN], size, kinds, black_threes=black, exempt=self.stuck)

    def leaves(
        self, sevens: int, left: int, kinds: frozenset[CanastaKind], *, black_threes: bool, exempt: bool
    ) -> Problem:
        """Why a meld play is refused that leaves ``left`` cards in hand, ``sevens`` of them 7s, and
        canastas of ``kinds``: RC-7 and RC-C4 for black 3s; RC-19 for too few cards or only 7s
        (unless ``exempt``: the hand held nothing it may discard after drawing); G-4 for no discard."""
        can_go_out = kinds >= _ALL_KINDS
        if black_threes and (left != 1 or not can_go_out):
            return "RC-7", (
                "black 3s are melded only when going out: the play must leave one card, with a canasta of each "
                "kind (RC-C4)"
            )
        if not can_go_out and left < 2:
            return "RC-19", f"a player who cannot go out keeps at least 2 cards after melding, and {left} would be left"
        if left == 0:
            return "G-4", "it would leave no card to discard, and going out ends with a discard (RC-21)"
        if exempt:
            return None
        if left == 1:
            return ("G-4", "it would leave only a 7, which may not be the last discard (RC-21)") if sevens else None
        if sevens == left and not (CanastaKind.SEVENS in kinds and self.others_sevens):
            return "RC-19", "it would leave only 7s, which may not be discarded until every player has a sevens canasta"
        return None


class CanastaMove(StandardMove[CanastaState, A]):
    """A move of Railroad Canasta, bound to a configuration's rules and to its other moves (``moves``),
    whose listings decide how a turn and a round go on (RC-19, RC-22)."""

    phases = frozenset({Phase.PLAY})
    on_turn = True

    def __init__(self, rules: CanastaRules, moves: Mapping[type[Action], Move[Any, Any]]) -> None:
        super().__init__(rules)
        self.moves = moves

    def lists(self, action_type: type[Action], state: CanastaState, seat: int) -> bool:
        """``seat`` has a legal action of ``action_type`` now."""
        return bool(self.moves[action_type].legal(state, seat))

    def check_new_melds(
        self, state: CanastaState, melds: Sequence[Meld], action: Action, *, taken: int = -1
    ) -> list[Shape]:
        """RC-11 and RC-C2: one meld per key in an action (none of ``taken``, the top card's), none of
        a key the seat has open; and the melds' shapes in the action's order."""
        keys = [GROUPS.key(meld) for meld in melds]
        opened = state.open_melds(action.seat)
        for meld, key in zip(melds, keys, strict=True):
            what = "wild melds" if key == WILD_KEY else f"{Rank(key).symbol}s"
            if keys.count(key) > 1 or key == taken:
                raise self.refuse("RC-11", f"one action lays down at most one meld of {what} (RC-C2)", action)
            if key in opened:
                reason = f"seat {action.seat} already has an unfinished meld of {what} ({meld} would be a second)"
                raise self.refuse("RC-11", reason, action)
        return list(canonical_order([GROUPS.shape_of(meld) for meld in melds]))

    def check_initial(self, state: CanastaState, shapes: Sequence[Shape], action: Action) -> None:
        """RC-13: an initial meld reaches the minimum."""
        total = state.totals[action.seat]
        minimum, value = initial_minimum(total), sum(map(GROUPS.shape_value, shapes))
        if not state.has_melded(action.seat) and value < minimum:
            reason = (
                f"an initial meld must be worth at least {minimum} at a total of {total}, and this is worth {value}"
            )
            raise self.refuse("RC-13", reason, action)

    def check_end(self, problem: Problem, action: Action) -> None:
        """Refuse ``action`` for the ``problem`` of what it leaves, if any."""
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
        if state.piles["stock"]:
            raise self.refuse("RC-22", "the round ends this way only when the stock is empty", action)
        return action

    def legal(self, state: CanastaState, seat: int) -> list[EndRound]:
        return [EndRound(seat=seat)] if seat == state.turn and not state.piles["stock"] else []

    def perform(self, state: CanastaState, action: EndRound, rng: Randomness) -> None:
        reason = f"the stock is empty and seat {action.seat} did not take the discard pile (RC-22)"
        state.round_end = RoundEnd(None, "RC-22", reason)


class TakePileMove(CanastaMove[TakePile]):
    """RC-15 to RC-17: take the whole discard pile, its top card melded immediately (with a natural pair
    from hand, or onto an unfinished meld, RC-C3), meeting RC-13 as an initial meld."""

    action_type = TakePile
    phases = frozenset({Phase.DRAW})

    def check(self, state: CanastaState, action: TakePile) -> TakePile:
        seat, pile = action.seat, state.piles["discard"]
        if not pile:
            raise self.refuse("RC-14", "the discard pile is empty", action)
        top = face(pile[-1])
        if is_wild(top) or top.rank is Rank.THREE:
            raise self.refuse("RC-16", f"no pile can be taken while its top card is a wild card or a 3 ({top})", action)
        rank, symbol = int(top.rank), top.rank.symbol
        rule = "RC-15" if state.frozen else "RC-16"
        onto = state.open_melds(seat).get(rank)
        if action.melds and state.has_melded(seat):
            raise self.refuse("RC-C2", "after the initial meld, taking the pile melds only the top card", action)
        naturals = [card for card in action.cards if card.rank is top.rank]
        if len(naturals) + sum(1 for card in action.cards if is_wild(card)) != len(action.cards):
            raise self.refuse(
                rule, f"the top card ({top}) is melded with natural cards of its rank and wild cards only", action
            )
        self.played_cards(state, action, [*action.cards, *(card for group in action.melds for card in group)])
        if not action.cards:
            if onto is None:
                reason = f"taking the pile needs two natural {symbol}s from hand or an unfinished meld of them"
                raise self.refuse(rule, reason, action)
            if state.frozen:
                raise self.refuse("RC-15", f"a frozen pile is taken only with two natural {symbol}s from hand", action)
            top_shape = Shape(rank, 1)
        else:
            if len(naturals) < 2:
                raise self.refuse(rule, f"taking the pile with cards from hand needs two natural {symbol}s", action)
            if onto is not None and len(action.cards) != 2:
                reason = f"with an unfinished meld of {symbol}s the pile is taken with exactly two natural cards"
                raise self.refuse("RC-C3", reason, action)
            top_shape = Shape(rank, 3) if onto is not None else GROUPS.shape_of(GROUPS.read((top, *action.cards)))
        others = [GROUPS.read(group) for group in action.melds]
        shapes = [top_shape, *self.check_new_melds(state, others, action, taken=rank)]
        self.check_initial(state, shapes, action)
        self.check_end(self.problem(state, Hand.of(state, seat), onto, shapes), action)
        return TakePile(seat=seat, cards=ordered_cards(action.cards), melds=GROUPS.ordered_groups(others))

    def legal(self, state: CanastaState, seat: int) -> list[TakePile]:
        pile = state.piles["discard"]
        if seat != state.turn or not pile:
            return []
        top = face(pile[-1])
        if is_wild(top) or top.rank is Rank.THREE:
            return []
        rank = int(top.rank)
        hand = Hand.of(state, seat)
        counts = hand.counts
        onto = state.open_melds(seat).get(rank)

        def allowed(shapes: Sequence[Shape]) -> bool:
            return self.problem(state, hand, onto, shapes) is None

        candidates: list[tuple[Shape, tuple[Shape, ...]]] = []  # the top card's meld, and other melds
        if onto is not None:
            if not state.frozen:
                candidates.append((Shape(rank, 1), ()))
            if counts[rank] >= 2:
                candidates.append((Shape(rank, 3), ()))
            candidates = [candidate for candidate in candidates if allowed([candidate[0]])]
        elif counts[rank] >= 2:
            shapes = GROUPS.shapes(rank, counts[rank], counts[_TWO], counts[_JOKER], extra=1)
            top_shapes = [shape for shape in shapes if shape.naturals >= 3]
            minimum = initial_minimum(state.totals[seat])
            keys = GROUPS.keys(counts, {rank})
            for shape in top_shapes:
                if state.has_melded(seat) or GROUPS.shape_value(shape) >= minimum:
                    least = state.has_melded(seat) or not GROUPS.excess(
                        (shape,), GROUPS.shape_value(shape) - minimum, top=True
                    )
                    if least and allowed([shape]):
                        candidates.append((shape, ()))
                    continue
                twos, jokers = counts[_TWO] - shape.twos, counts[_JOKER] - shape.jokers
                for melds in GROUPS.initial_melds(
                    counts,
                    keys,
                    twos,
                    jokers,
                    minimum,
                    (shape,),
                    top=True,
                    allowed=allowed,
                ):
                    candidates.append((shape, canonical_order(melds[1:])))
        actions = []
        for top_shape, others in candidates:  # each allowed (RC-19)
            if top_shape.naturals > 1:  # with a pair from hand
                groups = shape_cards([top_shape, *others], hand.cards, skip=[1])
                actions.append(TakePile(seat=seat, cards=groups[0], melds=tuple(groups[1:])))
            else:
                actions.append(TakePile(seat=seat, melds=tuple(shape_cards(others, hand.cards))))
        return actions

    def problem(self, state: CanastaState, hand: Hand, onto: int | None, shapes: Sequence[Shape]) -> Problem:
        """What is wrong with what taking the pile leaves: ``shapes[0]`` is the top card's meld (its top
        card included, or onto the unfinished meld ``onto``), the rest other new melds. Checking and
        listing a take both ask this, RC-19's exception included (`nothing_to_discard`)."""
        if self.nothing_to_discard(state, hand):
            return None
        top_shape, others = shapes[0], shapes[1:]
        rank = top_shape.key
        from_hand = attrs.evolve(top_shape, naturals=top_shape.naturals - 1)
        counts, size = left_after(hand.counts, len(hand.cards), [from_hand, *others])
        kinds = hand.kinds | {kind for kind in map(_kind, others) if kind is not None}
        if onto is None:
            kinds |= {kind} if (kind := _kind(top_shape)) is not None else set()
        else:
            meld = state.table[onto].meld
            room = CANASTAS.size - len(meld)
            fits = min(room, top_shape.naturals)
            counts[rank] += top_shape.naturals - fits  # RC-C3: what does not fit stays in hand
            size += top_shape.naturals - fits
            if fits == room:
                wild = any(is_wild(card) for card in meld.cards)
                kinds |= {CanastaKind.BLACK if wild else CanastaKind.SEVENS if rank == _SEVEN else CanastaKind.RED}
        rest = [card for card in map(face, state.piles["discard"][:-1]) if not is_red_three(card)]  # RC-17
        sevens = counts[_SEVEN] + sum(1 for card in rest if card.rank is Rank.SEVEN)
        black = any(shape.key == _THREE for shape in others)
        return hand.leaves(sevens, size + len(rest), kinds, black_threes=black, exempt=False)

    def nothing_to_discard(self, state: CanastaState, hand: Hand) -> bool:
        """RC-19's exception for taking the pile: the hand holds only 7s right after drawing, that is
        with the whole pile in it, its top card too, so that neither hand nor pile holds a card the
        player may discard (only 7s, RC-18); then the take may meld any of them, down to an empty hand
        (which ends the round, RC-22). A top card of another rank is a card the hand held after the
        draw: that take is checked as any other play, and may not leave only 7s (RC-19)."""
        cards = [*hand.cards, *map(face, state.piles["discard"])]
        sevens = CanastaKind.SEVENS in hand.kinds and hand.others_sevens  # RC-18: 7s may be discarded
        return not any(card.rank is not Rank.SEVEN or sevens for card in cards if not is_red_three(card))

    def perform(self, state: CanastaState, action: TakePile, rng: Randomness) -> None:
        seat, hand, pile = action.seat, state.hands[action.seat], state.piles["discard"]
        top_id = pile.pop()
        top = face(top_id)
        onto = state.open_melds(seat).get(int(top.rank))
        target = on_table(len(state.table) if onto is None else onto)
        state.note_moved((top_id,), in_pile("discard"), target)
        ids = _remove(state, seat, action.cards, target)
        if onto is None:
            state.table.append(TableMeld(owner=seat, meld=GROUPS.read((top, *action.cards)), ids=(top_id, *ids)))
        else:
            meld, meld_ids = state.table[onto].meld, list(state.table[onto].ids)
            for cid in (top_id, *ids):
                if len(meld) >= CANASTAS.size:
                    hand.append(cid)  # RC-C3: a card that does not fit stays in hand
                    state.note_moved((cid,), target, in_hand(seat))
                else:
                    meld = GROUPS.added(meld, face(cid))
                    meld_ids.append(cid)
            state.table[onto] = _table_meld(seat, meld, meld_ids)
        for group in action.melds:
            ids = _remove(state, seat, group, on_table(len(state.table)))
            state.table.append(TableMeld(owner=seat, meld=GROUPS.read(group), ids=tuple(ids)))
        _place(state, seat, pile, in_pile("discard"))
        pile.clear()
        state.frozen = False
        self.melded(state, seat)
        state.taken = top_id
        self.start_play(state, seat)

    def split(self, state: CanastaState, action: TakePile) -> list[Action] | None:
        return split_initial(state, action)

    def represent(self, state: CanastaState, action: TakePile) -> Action | None:
        return represent_initial(state, action, self.legal(state, action.seat))


class GoDownMove(CanastaMove[GoDown]):
    """RC-8 to RC-13: lay down new melds; the initial meld any melds together that reach the minimum,
    one meld an action after it (RC-C2)."""

    action_type = GoDown

    def check(self, state: CanastaState, action: GoDown) -> GoDown:
        if not action.melds or any(not group for group in action.melds):
            raise InvalidActionError("a meld action lists one or more melds, each with its cards")
        if state.has_melded(action.seat) and len(action.melds) > 1:
            raise self.refuse("RC-C2", "after the initial meld each meld action lays down one meld", action)
        self.played_cards(state, action, [card for group in action.melds for card in group])
        melds = [GROUPS.read(group) for group in action.melds]
        shapes = self.check_new_melds(state, melds, action)
        self.check_initial(state, shapes, action)
        self.check_end(Hand.of(state, action.seat).problem(shapes), action)
        return GoDown(seat=action.seat, melds=GROUPS.ordered_groups(melds))

    def legal(self, state: CanastaState, seat: int) -> list[GoDown]:
        if seat != state.turn:
            return []
        hand = Hand.of(state, seat)
        counts = hand.counts
        keys = GROUPS.keys(counts, state.open_melds(seat))

        def allowed(shapes: Sequence[Shape]) -> bool:
            return hand.problem(canonical_order(shapes)) is None

        candidates: Iterable[tuple[Shape, ...]]
        if state.has_melded(seat):
            candidates = (
                (shape,)
                for key in keys
                for shape in GROUPS.shapes(key, counts[key], counts[_TWO], counts[_JOKER])
                if allowed((shape,))
            )
        else:
            minimum = initial_minimum(state.totals[seat])
            candidates = GROUPS.initial_melds(counts, keys, counts[_TWO], counts[_JOKER], minimum, allowed=allowed)
        return [  # each allowed (RC-19)
            GoDown(seat=seat, melds=tuple(shape_cards(canonical_order(shapes), hand.cards))) for shapes in candidates
        ]

    def perform(self, state: CanastaState, action: GoDown, rng: Randomness) -> None:
        for group in action.melds:
            ids = _remove(state, action.seat, group, on_table(len(state.table)))
            state.table.append(TableMeld(owner=action.seat, meld=GROUPS.read(group), ids=tuple(ids)))
        self.melded(state, action.seat)
        self.after_play(state, action.seat)

    def split(self, state: CanastaState, action: GoDown) -> list[Action] | None:
        return split_initial(state, action)

    def represent(self, state: CanastaState, action: GoDown) -> Action | None:
        return represent_initial(state, action, self.legal(state, action.seat))


class LayOffMove(CanastaMove[LayOff]):
    """RC-8 and RC-12: add one card from hand to one of the seat's own unfinished melds."""

    action_type = LayOff

    def check(self, state: CanastaState, action: LayOff) -> LayOff:
        seat, card = action.seat, action.card
        if action.end is not None:
            raise self.refuse("RC-8", "melds are of one rank, not runs: a card added to a meld names no end", action)
        if not 0 <= action.meld < len(state.table):
            melds = f"melds 0 to {len(state.table) - 1}" if state.table else "no melds"
            raise self.refuse("RC-8", f"there is no meld {action.meld} on the table ({melds})", action)
        target = state.table[action.meld]
        if target.owner != seat:
            reason = f"meld {action.meld} is seat {target.owner}'s: nobody adds to another's melds"
            raise self.refuse("RC-8", reason, action)
        self.played_cards(state, action, [card])
        problem = GROUPS.can_add(target.meld, card)
        if problem is not None:
            raise problem
        closes = canasta_kind(GROUPS.added(target.meld, card))
        self.check_end(Hand.of(state, seat).problem([GROUPS.shape_of_card(card)], closes), action)
        return LayOff(seat=seat, card=card, meld=action.meld)

    def legal(self, state: CanastaState, seat: int) -> list[LayOff]:
        melds = [(i, m.meld) for i, m in enumerate(state.table) if m.owner == seat and not GROUPS.is_closed(m.meld)]
        if seat != state.turn or not melds:
            return []
        hand = Hand.of(state, seat)
        firsts: dict[Rank, Card] = {}
        for card in sorted(hand.cards, key=_INDEX):
            firsts.setdefault(card.rank, card)
        actions = []
        for index, meld in melds:
            closing = len(meld) + 1 == CANASTAS.size and not GROUPS.is_going_out_meld(meld)
            for card in firsts.values():
                if (card.rank is meld.ranks[0] or card.rank in WILD_RANKS) and GROUPS.can_add(meld, card) is None:
                    closes = canasta_kind(GROUPS.added(meld, card)) if closing else None
                    if hand.problem([GROUPS.shape_of_card(card)], closes) is None:
                        actions.append(LayOff(seat=seat, card=card, meld=index))
        return actions

    def perform(self, state: CanastaState, action: LayOff, rng: Randomness) -> None:
        ids = _remove(state, action.seat, [action.card], on_table(action.meld))
        target = state.table[action.meld]
        state.table[action.meld] = _table_meld(
            target.owner, GROUPS.added(target.meld, action.card), [*target.ids, *ids]
        )
        self.after_play(state, action.seat)


class DiscardMove(CanastaMove[Discard]):
    """RC-14, RC-18, RC-21: the turn ends with one discard (not a 7 while someone lacks a sevens
    canasta); discarding the last card goes out, with a canasta of each kind. A discarded wild card
    freezes the pile (RC-15); a seat that may pick up its kitty then chooses (RC-20, RC-C5)."""

    action_type = Discard

    def check(self, state: CanastaState, action: Discard) -> Discard:
        seat, card = action.seat, action.card
        if card not in state.hand_faces(seat):
            raise self.refuse("G-7", f"the hand does not hold {card}", action)
        kinds = state.canasta_kinds()[seat]
        if len(state.hands[seat]) == 1:
            if not kinds >= _ALL_KINDS:
                missing = ", ".join(sorted(kind.value for kind in _ALL_KINDS - kinds))
                reason = f"going out needs a canasta of each kind, and seat {seat} lacks {missing}"
                raise self.refuse("RC-21", reason, action)
            if card.rank is Rank.SEVEN:
                raise self.refuse("RC-21", "the last card discarded to go out may not be a 7", action)
        if card.rank is Rank.SEVEN and not state.sevens_done(seat):
            reason = "a 7 may not be discarded until every player has completed a sevens canasta"
            raise self.refuse("RC-18", reason, action)
        return action

    def legal(self, state: CanastaState, seat: int) -> list[Discard]:
        if seat != state.turn:
            return []
        hand = state.hands[seat]
        cards = [face(index) for index in sorted({cid & FACE_MASK for cid in hand})]
        if len(hand) == 1 and (not state.canasta_kinds()[seat] >= _ALL_KINDS or cards[0].rank is Rank.SEVEN):
            return []
        sevens = state.sevens_done(seat)
        return [Discard(seat=seat, card=card) for card in cards if card.rank is not Rank.SEVEN or sevens]

    def perform(self, state: CanastaState, action: Discard, rng: Randomness) -> None:
        seat, hand = action.seat, state.hands[action.seat]
        cid = next(c for c in hand if face(c) == action.card)
        hand.remove(cid)
        state.piles["discard"].append(cid)
        state.note_moved((cid,), in_hand(seat), in_pile("discard"))
        state.frozen = state.frozen or is_wild(action.card)
        if not hand:
            went_out(state, seat)
        elif not state.kitty_taken[seat] and state.may_look(seat):
            state.phase = CanastaPhase.KITTY
        else:
            self.end_turn(state)


class KittyMove(CanastaMove[_Kitty]):
    """RC-20 and RC-C5: after the discard, a seat that has completed a canasta that is not black picks
    up its kitty (once a round) or leaves it; then the turn passes. A refusal cites RC-20 whoever's
    turn it is (G-7)."""

    phases = frozenset({CanastaPhase.KITTY})
    on_turn = False  # its every refusal, the turn's too, cites RC-20

    def __init__(
        self,
        rules: CanastaRules,
        moves: Mapping[type[Action], Move[Any, Any]],
        action_type: type[_Kitty],
    ) -> None:
        super().__init__(rules, moves)
        self.action_type = self.kitty_action = action_type

    def check(self, state: CanastaState, action: _Kitty) -> _Kitty:
        seat = action.seat
        if isinstance(action, PickUpKitty):
            if not state.may_look(seat):
                raise self.refuse("RC-20", f"seat {seat} has not completed a canasta that is not black", action)
            if state.kitty_taken[seat]:
                raise self.refuse("RC-20", f"seat {seat} has picked up its kitty this round already", action)
        if state.phase != CanastaPhase.KITTY or seat != state.turn:
            raise self.refuse("RC-20", "the kitty is picked up (or left) right after its owner's discard", action)
        return action

    def legal(self, state: CanastaState, seat: int) -> list[_Kitty]:
        return [self.kitty_action(seat=seat)] if seat == state.turn else []

    def perform(self, state: CanastaState, action: _Kitty, rng: Randomness) -> None:
        if isinstance(action, PickUpKitty):
            _place(state, action.seat, state.seat_piles["kitty"][action.seat], in_seat_pile("kitty", action.seat))
            state.seat_piles["kitty"][action.seat] = []
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


def _initial_choice(state: CanastaState, action: GoDown | TakePile) -> tuple[object, ...]:
    """What a listed initial meld stands for (RC-C6): the keys of its new melds, and when it takes the
    pile, the shape of the top card's meld."""
    keys = tuple(sorted(GROUPS.key(GROUPS.read(group)) for group in action.melds))
    if isinstance(action, TakePile):
        top = face(state.piles["discard"][-1])
        return GROUPS.shape_of(GROUPS.read([top, *action.cards])), keys
    return (keys,)


def represent_initial(
    state: CanastaState, action: GoDown | TakePile, listed: Iterable[GoDown | TakePile]
) -> Action | None:
    """The listed initial meld that stands for ``action``, a least form (RC-C6): the one listed for the
    same choice of ranks (and the same top card's meld). ``None`` where the listing names the play
    itself, or in parts (a larger initial meld, `split_initial`), or after the initial meld."""
    if state.has_melded(action.seat) or (isinstance(action, TakePile) and not action.cards):
        return None
    if split_initial(state, action) is not None:
        return None
    choice = _initial_choice(state, action)
    return next((play for play in listed if _initial_choice(state, play) == choice), None)


def split_initial(state: CanastaState, action: GoDown | TakePile) -> list[Action] | None:
    """The parts in which ``legal_actions`` lists an initial meld (RC-C6), or ``None`` if it lists it
    whole (``action`` is a play its move's check accepted, in the form it returned).

    An initial meld (RC-13) is listed in its least forms: nothing laid down that it could do without
    and still reach the minimum. A larger one (accepted as named, G-6) is its least form, then the
    melds it could do without, one action each, then the cards it could do without, laid off one by
    one onto their melds (RC-C2); black 3s come last, as they go down only when going out (RC-C4).
    """
    seat, top = action.seat, isinstance(action, TakePile)
    if state.has_melded(seat) or (isinstance(action, TakePile) and not action.cards):
        return None
    melds = [list(group) for group in action.melds]
    if isinstance(action, TakePile):
        melds.insert(0, [face(state.piles["discard"][-1]), *action.cards])
    kept, dropped, extra_cards = GROUPS.least_form(melds, initial_minimum(state.totals[seat]), top=top)
    if not dropped and not extra_cards:
        return None
    kept_melds = [GROUPS.read(meld) for meld in kept]
    groups = GROUPS.ordered_groups(kept_melds[1:] if top else kept_melds)
    order = [GROUPS.key(GROUPS.read(group)) for group in groups]  # the melds' places on the table
    first: Action = GoDown(seat=seat, melds=groups)
    if top:
        first = TakePile(seat=seat, cards=ordered_cards(kept[0][1:]), melds=groups)
        order.insert(0, GROUPS.key(kept_melds[0]))
    dropped.sort(key=lambda meld: GROUPS.read(meld).rank is Rank.THREE)
    parts: list[Action] = [first, *(GoDown(seat=seat, melds=(ordered_cards(meld),)) for meld in dropped)]
    parts += [LayOff(seat=seat, card=card, meld=len(state.table) + order.index(key)) for key, card in extra_cards]
    return parts
