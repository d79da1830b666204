"""The canasta family's moves, played from data ([`CanastaFamily`][rummykit.standard.rules.CanastaFamily]):
drawing with faces laid out at once (red threes), taking the whole discard pile, laying down groups (the
initial meld by the side's total), adding to a side's melds, discarding and going out, and ending the round
at an empty stock.

Checking and listing a meld play ask one question of what the play leaves in hand
([`FamilyMove.problem`][rummykit.standard.canasta_family.FamilyMove.problem]), so that ``legal_actions`` lists
exactly what ``apply`` accepts. An initial meld is listed in its least forms (nothing laid down that it could
do without and still reach the minimum), and one larger than that is listed in parts (`split_initial`). A
variant overrides the hooks where its rule book says more: what a play may leave (`FamilyMove.leaves`), which
cards may be discarded (`DiscardGroupMove.discard_problem`), what follows a discard
(`DiscardGroupMove.after_discard`).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, to_cards, to_melds
from rummykit.core.cards import FACE_MASK, Card, CardId, Rank, face, format_cards
from rummykit.core.errors import InvalidActionError
from rummykit.core.melds import Meld
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.state import (
    Phase,
    Place,
    RoundEnd,
    ScoreItem,
    SeatScore,
    TableMeld,
    in_hand,
    in_pile,
    in_seat_pile,
    on_table,
)
from rummykit.standard.groups import (
    WILD_KEY,
    Shape,
    canonical_order,
    left_after,
    ordered_cards,
    rank_counts,
    shape_cards,
)
from rummykit.standard.moves import StandardMove, went_out
from rummykit.standard.plugin import deal
from rummykit.standard.rules import CanastaFamily, StandardRules
from rummykit.standard.state import GroupState
from rummykit.standard.turns import end_turn, pick_cards, remove_cards

__all__ = [
    "DiscardGroupMove",
    "DrawPlacingMove",
    "EndRound",
    "EndRoundMove",
    "FamilyMove",
    "GoDownGroupsMove",
    "GroupHand",
    "LayOffGroupMove",
    "Problem",
    "TakePile",
    "TakePileMove",
    "deal_family",
    "draw_placing",
    "family_game_over",
    "family_moves",
    "place_cards",
    "score_family",
]

S = TypeVar("S", bound=GroupState)
A = TypeVar("A", bound=Action)
Problem = tuple[str, str] | None
"""Why a play is refused (rule, reason), or ``None``."""

_TWO, _JOKER = int(Rank.TWO), int(Rank.JOKER)
_INDEX = operator.attrgetter("index")


@attrs.frozen
class TakePile(Action):
    """Take the whole discard pile, the first move of a turn (`PileTakes`).

    ``cards`` are the cards from hand melded with the top card: natural cards of its rank and wild cards
    (a new meld, or onto the taker's meld of that rank), or none, to play the top card alone onto that
    meld. ``melds`` are other new melds from hand laid down in the same action, for an initial meld only.

    Examples:
        >>> TakePile(seat=0, cards="8H 8S").describe()
        'take the discard pile with 8H 8S'
        >>> TakePile(seat=0).describe()
        'take the discard pile onto an unfinished meld'
    """

    kind: ClassVar[str] = "take-pile"

    cards: tuple[Card, ...] = attrs.field(default=(), converter=to_cards)
    melds: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=to_melds)

    def describe(self) -> str:
        text = (
            f"take the discard pile with {format_cards(self.cards)}"
            if self.cards
            else "take the discard pile onto an unfinished meld"
        )
        if self.melds:
            text += ", melding " + " / ".join(format_cards(group) for group in self.melds)
        return text


@attrs.frozen
class EndRound(Action):
    """With the stock empty, do not take the discard pile: the round ends."""

    kind: ClassVar[str] = "end-round"

    def describe(self) -> str:
        return "end the round without taking the discard pile"


# -- cards that move -----------------------------------------------------------------------------------------


def place_cards(state: GroupState, seat: int, cards: Sequence[CardId], source: Place) -> None:
    """Cards from a taken pile or a seat pile (``source``) into ``seat``'s hand, faces that are never melded
    (red threes) laid out before the seat (`CanastaFamily.placed`) without replacement."""
    family = state.family
    never, hand = family.groups.never_indices, state.hands[seat]
    placed = state.seat_piles[family.placed][seat] if family.placed is not None else None
    for cid in cards:
        if placed is not None and cid & FACE_MASK in never:
            placed.append(cid)
            state.note_moved((cid,), source, in_seat_pile(family.placed or "", seat))
        else:
            hand.append(cid)
            state.note_moved((cid,), source, in_hand(seat))


def draw_placing(state: GroupState, seat: int, count: int) -> bool:
    """Draw ``count`` cards from the stock to ``seat``'s hand, laying out faces that are never melded and
    drawing their replacements while the stock lasts (`CanastaFamily.replace_placed`). Whether the stock's last
    card was such a face, laid out."""
    family = state.family
    stock, hand, never = state.piles["stock"], state.hands[seat], family.groups.never_indices
    placed = state.seat_piles[family.placed][seat] if family.placed is not None else None
    last_placed = False
    while count and stock:
        cid = stock.pop()
        last_placed = placed is not None and cid & FACE_MASK in never
        if placed is not None and last_placed:
            placed.append(cid)
            state.note_moved((cid,), in_pile("stock"), in_seat_pile(family.placed or "", seat))
            if not family.replace_placed:
                count -= 1
        else:
            hand.append(cid)
            state.note_moved((cid,), in_pile("stock"), in_hand(seat))
            count -= 1
    return last_placed and not stock


def deal_family(state: GroupState, shoe: Sequence[CardId]) -> None:
    """The standard deal (`Deal`), then the faces never melded in each hand laid out and replaced, seat by seat
    from the first player; then the up-card, which freezes the pile if it freezes it in play or is a face never
    melded (`PileTakes.frozen_by`)."""
    deal(state, shoe)
    family = state.family
    if family.placed is not None:
        never = family.groups.never_indices
        for step in range(state.players):
            seat = state.next_seat(state.turn, step)
            hand = state.hands[seat]
            placed = [cid for cid in hand if cid & FACE_MASK in never]
            for cid in placed:
                hand.remove(cid)
            state.seat_piles[family.placed][seat].extend(placed)
            draw_placing(state, seat, len(placed) if family.replace_placed else 0)
    up = state.piles["stock"].pop()
    state.piles["discard"].append(up)
    card = face(up)
    state.frozen = card in family.takes.frozen_by or card.index in family.groups.never_indices


def _table_meld(owner: int, meld: Meld, ids: Sequence[CardId]) -> TableMeld:
    """``meld`` on the table with ``ids`` in the order of its cards."""
    pool, ordered = list(ids), []
    for card in meld.cards:
        cid = next(c for c in pool if face(c) == card)
        pool.remove(cid)
        ordered.append(cid)
    return TableMeld(owner=owner, meld=meld, ids=tuple(ordered))


def _remove(state: GroupState, seat: int, cards: Iterable[Card], target: Place) -> list[CardId]:
    """Take the cards of a checked play from ``seat``'s hand, on their way to ``target`` (a meld)."""
    ids = pick_cards(state.hands[seat], cards)
    assert ids is not None, "checked actions only"
    remove_cards(state.hands[seat], ids)
    state.note_moved(ids, in_hand(seat), target)
    return ids


@attrs.frozen
class GroupHand:
    """What checking and listing a meld play look at: the seat's hand (faces and rank counts), its side's
    canastas (one kind a canasta), whether the hand held no card it may discard right after the draw
    (``stuck``), and whether the variant exempts its plays from `FamilyMove.leaves` (``exempt``)."""

    cards: list[Card]
    counts: list[int]
    canastas: tuple[str, ...]
    stuck: bool
    exempt: bool


class FamilyMove(StandardMove[S, A], Generic[S, A]):
    """A move of a canasta-family variant, bound to a configuration's rules and to its other moves
    (``moves``), whose listings decide how a turn and a round go on."""

    phases = frozenset({Phase.PLAY})
    on_turn = True

    def __init__(self, rules: StandardRules, moves: Mapping[type[Action], Move[Any, Any]]) -> None:
        super().__init__(rules)
        assert rules.family is not None, "a canasta-family move needs StandardRules.family"
        self.family: CanastaFamily = rules.family
        self.groups = rules.family.groups
        self.moves = moves
        self._least = self.groups.canastas.size
        self._going_out_keys = frozenset(int(rank) for rank in self.groups.going_out_only)
        self._kinds: dict[Shape, str | None] = {}  # each shape's kind of canasta, as `kind` reads it

    def rule(self, key: str, default: str = "") -> str:
        """The id `CanastaFamily.ids` gives ``key`` (else ``default``)."""
        return self.family.ids.get(key) or default

    def lists(self, action_type: type[Action], state: S, seat: int) -> bool:
        """``seat`` has a legal action of ``action_type`` now."""
        move = self.moves.get(action_type)
        return move is not None and bool(move.legal(state, seat))

    def hand(self, state: S, seat: int) -> GroupHand:
        """What checking and listing a meld play of ``seat`` look at."""
        cards = state.hand_faces(seat)
        canastas = state.canastas(seat)
        return GroupHand(cards, rank_counts(cards), canastas, state.stuck, self.exempt(state, seat, cards))

    def exempt(self, state: S, seat: int, cards: Sequence[Card]) -> bool:
        """Whether ``seat``'s meld plays are exempt from `leaves` now (none, unless the variant says so)."""
        return False

    def kind(self, shape: Shape) -> str | None:
        """The kind of canasta ``shape`` is, if any."""
        kind = self.groups.shape_kind(shape)
        return None if kind is None else kind.name

    def problem(
        self, state: S, seat: int, hand: GroupHand, shapes: Sequence[Shape], closes: str | None = None
    ) -> Problem:
        """What is wrong with what melding ``shapes`` from ``hand`` leaves (`leaves`); ``closes`` is the kind of
        canasta a card added to a meld completes."""
        if hand.exempt:
            return None
        counts, size = left_after(hand.counts, len(hand.cards), shapes)
        canastas, kinds, special = hand.canastas, self._kinds, False
        for shape in shapes:  # a play's problem is asked for every play listed: what it needs is read once
            if shape.size >= self._least:
                kind = kinds[shape] if shape in kinds else kinds.setdefault(shape, self.kind(shape))
                if kind is not None:
                    canastas = (*canastas, kind)
            special = special or shape.key in self._going_out_keys
        if closes is not None:
            canastas = (*canastas, closes)
        return self.leaves(state, seat, counts, size, canastas, going_out_meld=special, exempt=hand.stuck)

    def leaves(
        self,
        state: S,
        seat: int,
        counts: Sequence[int],
        left: int,
        canastas: tuple[str, ...],
        *,
        going_out_meld: bool,
        exempt: bool,
    ) -> Problem:
        """Why a meld play is refused that leaves ``left`` cards in hand (``counts`` of each rank) and the side
        with ``canastas``: a meld of a rank melded only when going out in a play that does not go out; a player
        who may not go out keeps at least 2 cards (a card to discard and one to keep); a player who goes out
        with a discard keeps one. ``exempt``: the hand held no card it may discard after the draw."""
        out = self.family.going_out
        may_go_out = out.allows(canastas)
        if going_out_meld and (not may_go_out or left > 1 or (left == 0 and not out.without_discard)):
            what = "a card to discard" if not out.without_discard else "at most a card to discard"
            reason = f"such melds are laid down only when going out: the play must leave {what}, and go out"
            return self.groups.ids.going_out, reason
        if not may_go_out and left < 2:
            reason = f"a player who may not go out keeps at least 2 cards after melding, and {left} would be left"
            return self.rule("keep", "G-4"), reason
        if left == 0 and not out.without_discard:
            return "G-4", f"it would leave no card to discard, and going out ends with a discard ({out.rule})"
        return None

    def check_new_melds(self, state: S, melds: Sequence[Meld], action: Action, *, taken: int = -1) -> list[Shape]:
        """One meld per key in an action (none of ``taken``, the top card's), none of a key the side already
        has a meld of (`GroupState.open_melds`); and the melds' shapes in the action's order."""
        groups = self.groups
        keys = [groups.key(meld) for meld in melds]
        opened = state.open_melds(action.seat)
        rule = groups.ids.one_per_key
        for meld, key in zip(melds, keys, strict=True):
            what = "wild melds" if key == WILD_KEY else f"{Rank(key).symbol}s"
            if keys.count(key) > 1 or key == taken:
                raise self.refuse(rule, f"one action lays down at most one meld of {what}", action)
            if key in opened:
                which = "an unfinished meld" if groups.one_open_per_key else "a meld"
                reason = f"seat {action.seat}'s side already has {which} of {what} ({meld} would be a second)"
                raise self.refuse(rule, reason, action)
        return list(canonical_order([groups.shape_of(meld) for meld in melds]))

    def minimum(self, state: S, seat: int) -> int:
        """What ``seat``'s initial meld must be worth (`CanastaFamily.minimums`, by its total before the round)."""
        return self.family.minimums.of(state.totals[seat])

    def check_initial(self, state: S, shapes: Sequence[Shape], action: Action) -> None:
        """An initial meld reaches the minimum (`CanastaFamily.minimums`)."""
        seat = action.seat
        if state.side_melded(seat):
            return
        minimum, value = self.minimum(state, seat), sum(map(self.groups.shape_value, shapes))
        if value < minimum:
            total = state.totals[seat]
            reason = (
                f"an initial meld must be worth at least {minimum} at a total of {total}, and this is worth {value}"
            )
            raise self.refuse(self.rule("initial"), reason, action)

    def check_end(self, problem: Problem, action: Action) -> None:
        """Refuse ``action`` for the ``problem`` of what it leaves, if any."""
        if problem is not None:
            raise self.refuse(*problem, action)

    def melded(self, state: S, seat: int) -> None:
        """``seat`` has melded: its side's initial meld is made."""
        if state.melded_on[seat] is None:
            state.melded_on[seat] = state.played_on[seat] = state.turn_number
        elif state.played_on[seat] is None:
            state.played_on[seat] = state.turn_number

    def start_play(self, state: S, seat: int) -> None:
        """After the draw: the play phase, noting whether the hand holds a card it may discard."""
        state.phase = Phase.PLAY
        state.stuck = not self.lists(Discard, state, seat)
        self.after_play(state, seat)

    def after_play(self, state: S, seat: int) -> None:
        """An empty hand goes out where melding every card does (`GoingOut.without_discard`); a turn player
        who may not discard ends the round when they have no meld or addition left, or no card
        (`CanastaFamily.ids` ``"stuck"``)."""
        hand = state.hands[seat]
        if not hand and self.family.going_out.without_discard and self.family.going_out.allows(state.canastas(seat)):
            went_out(state, seat)
            return
        if not state.stuck:
            return
        rule = self.rule("stuck", self.rules.ids.no_card)
        if not hand:
            keep = self.rule("keep", "G-4")  # the rule that let them meld every card
            reason = f"seat {seat} melded every card and has none to discard ({keep}, {rule})"
            state.round_end = RoundEnd(None, rule, reason)
        elif not any(self.lists(kind, state, seat) for kind in (Discard, GoDown, LayOff)):
            state.round_end = RoundEnd(
                None, rule, f"seat {seat} has no legal discard and nothing left to meld ({rule})"
            )

    def end_turn(self, state: S) -> None:
        """The turn passes (G-1 may end the round); a turn that starts with an empty stock and a pile the turn
        player cannot take ends the round (`CanastaFamily.ids` ``"empty_stock"``)."""
        state.stuck = False
        end_turn(state)
        if state.round_end is None and not state.piles["stock"] and not self.lists(TakePile, state, state.turn):
            rule = self.rule("empty_stock", self.rules.ids.no_card)
            reason = f"the stock is empty and seat {state.turn} cannot take the discard pile ({rule})"
            state.round_end = RoundEnd(None, rule, reason)

    # -- initial melds listed in their least forms ---------------------------------------------------------

    def initial_choice(self, state: S, action: GoDown | TakePile) -> tuple[object, ...]:
        """What a listed initial meld stands for: the keys of its new melds, and when it takes the pile, the
        shape of the top card's meld."""
        groups = self.groups
        keys = tuple(sorted(groups.key(groups.read(group)) for group in action.melds))
        if isinstance(action, TakePile):
            top = face(state.piles["discard"][-1])
            return groups.shape_of(groups.read([top, *action.cards])), keys
        return (keys,)

    def represent_initial(
        self, state: S, action: GoDown | TakePile, listed: Iterable[GoDown | TakePile]
    ) -> Action | None:
        """The listed initial meld that stands for ``action``, a least form: the one listed for the same choice
        of ranks (and the same top card's meld). ``None`` where the listing names the play itself, or in parts
        (a larger initial meld, `split_initial`), or after the initial meld."""
        if state.side_melded(action.seat) or (isinstance(action, TakePile) and not action.cards):
            return None
        if self.split_initial(state, action) is not None:
            return None
        choice = self.initial_choice(state, action)
        return next((play for play in listed if self.initial_choice(state, play) == choice), None)

    def split_initial(self, state: S, action: GoDown | TakePile) -> list[Action] | None:
        """The parts in which ``legal_actions`` lists an initial meld, or ``None`` if it lists it whole
        (``action`` is a play its move's check accepted, in the form it returned).

        An initial meld is listed in its least forms: nothing laid down that it could do without and still
        reach the minimum. A larger one (accepted as named, G-6) is its least form, then the melds it could do
        without, one action each, then the cards it could do without, laid off one by one onto their melds;
        melds of ranks melded only when going out come last.
        """
        seat, top, groups = action.seat, isinstance(action, TakePile), self.groups
        if state.side_melded(seat) or (isinstance(action, TakePile) and not action.cards):
            return None
        melds = [list(group) for group in action.melds]
        if isinstance(action, TakePile):
            melds.insert(0, [face(state.piles["discard"][-1]), *action.cards])
        kept, dropped, extra_cards = groups.least_form(melds, self.minimum(state, seat), top=top)
        if not dropped and not extra_cards:
            return None
        kept_melds = [groups.read(meld) for meld in kept]
        ordered = groups.ordered_groups(kept_melds[1:] if top else kept_melds)
        order = [groups.key(groups.read(group)) for group in ordered]  # the melds' places on the table
        first: Action = GoDown(seat=seat, melds=ordered)
        if top:
            first = TakePile(seat=seat, cards=ordered_cards(kept[0][1:]), melds=ordered)
            order.insert(0, groups.key(kept_melds[0]))
        dropped.sort(key=lambda meld: groups.is_going_out_meld(groups.read(meld)))
        parts: list[Action] = [first, *(GoDown(seat=seat, melds=(ordered_cards(meld),)) for meld in dropped)]
        parts += [LayOff(seat=seat, card=card, meld=len(state.table) + order.index(key)) for key, card in extra_cards]
        return parts


class DrawPlacingMove(FamilyMove[S, Draw]):
    """Draw `Stock.cards` cards from the stock (fewer if it holds fewer), faces never melded laid out and
    replaced (`draw_placing`)."""

    action_type = Draw
    phases = frozenset({Phase.DRAW})

    def check(self, state: S, action: Draw) -> Draw:
        if not state.piles["stock"]:
            rule = self.rule("empty_stock", self.rules.ids.no_card)
            raise self.refuse(rule, "the stock is empty: take the discard pile or end the round", action)
        return action

    def legal(self, state: S, seat: int) -> list[Draw]:
        return [Draw(seat=seat)] if seat == state.turn and state.piles["stock"] else []

    def perform(self, state: S, action: Draw, rng: Randomness) -> None:
        seat, rule = action.seat, self.family.last_placed_ends
        if draw_placing(state, seat, self.rules.stock.cards) and rule:
            reason = f"seat {seat} laid out the stock's last card, and the round ends at once ({rule})"
            state.round_end = RoundEnd(None, rule, reason)
            return
        self.start_play(state, seat)


class EndRoundMove(FamilyMove[S, EndRound]):
    """With the stock empty, the turn player does not take the discard pile, and the round ends."""

    action_type = EndRound
    phases = frozenset({Phase.DRAW})

    def check(self, state: S, action: EndRound) -> EndRound:
        if state.piles["stock"]:
            rule = self.rule("empty_stock", self.rules.ids.no_card)
            raise self.refuse(rule, "the round ends this way only when the stock is empty", action)
        return action

    def legal(self, state: S, seat: int) -> list[EndRound]:
        return [EndRound(seat=seat)] if seat == state.turn and not state.piles["stock"] else []

    def perform(self, state: S, action: EndRound, rng: Randomness) -> None:
        rule = self.rule("empty_stock", self.rules.ids.no_card)
        reason = f"the stock is empty and seat {action.seat} did not take the discard pile ({rule})"
        state.round_end = RoundEnd(None, rule, reason)


class TakePileMove(FamilyMove[S, TakePile]):
    """Take the whole discard pile (`PileTakes`): its top card melded at once (with cards from hand, or onto
    the side's meld of its rank), meeting the initial meld's minimum with the top card and the melds laid with
    it; then the rest of the pile into hand."""

    action_type = TakePile
    phases = frozenset({Phase.DRAW})

    def frozen_for(self, state: S, seat: int) -> bool:
        """Whether the pile is frozen for ``seat`` (`PileTakes.frozen_by`, `PileTakes.frozen_until_melded`)."""
        return state.frozen or (self.family.takes.frozen_until_melded and not state.side_melded(seat))

    def onto(self, state: S, seat: int, rank: int) -> int | None:
        """The place on the table of the side's meld that the top card of ``rank`` goes onto, if any."""
        index = state.open_melds(seat).get(rank)
        if index is None or self.groups.is_closed(state.table[index].meld):
            return None
        return index

    def check(self, state: S, action: TakePile) -> TakePile:
        seat, pile, takes, groups = action.seat, state.piles["discard"], self.family.takes, self.groups
        if not pile:
            raise self.refuse(takes.rule("empty"), "the discard pile is empty", action)
        top = face(pile[-1])
        if top.rank in takes.blocked:
            reason = f"no pile can be taken while its top card is a {top.rank.symbol} ({top})"
            raise self.refuse(takes.rule("blocked"), reason, action)
        rank, symbol = int(top.rank), top.rank.symbol
        frozen = self.frozen_for(state, seat)
        rule = takes.rule("frozen") if frozen else takes.rule("take")
        onto = self.onto(state, seat, rank)
        if action.melds and state.side_melded(seat):
            reason = "after the initial meld, taking the pile melds only the top card"
            raise self.refuse(takes.rule("melds"), reason, action)
        naturals = [card for card in action.cards if card.rank is top.rank]
        wilds = sum(1 for card in action.cards if groups.is_wild(card))
        if len(naturals) + wilds != len(action.cards):
            reason = f"the top card ({top}) is melded with natural cards of its rank and wild cards only"
            raise self.refuse(rule, reason, action)
        self.played_cards(state, action, [*action.cards, *(card for group in action.melds for card in group)])
        if takes.not_single_to_single and len(pile) == 1 and len(state.hands[seat]) == 1:
            raise self.refuse(takes.rule("single"), "a player holding one card may not take a pile of one card", action)
        if not action.cards:
            if onto is None or not takes.onto_meld:
                reason = f"taking the pile needs two natural {symbol}s from hand or a meld of them to put it onto"
                raise self.refuse(rule, reason, action)
            if frozen:
                raise self.refuse(
                    takes.rule("frozen"), f"a frozen pile is taken only with two natural {symbol}s", action
                )
            top_shape = Shape(rank, 1)
        else:
            if len(naturals) < 2 and not (takes.natural_and_wild and naturals and wilds and not frozen):
                ways = f"two natural {symbol}s" + (
                    "" if not takes.natural_and_wild or frozen else f", or a {symbol} and a wild card,"
                )
                raise self.refuse(rule, f"taking the pile with cards from hand needs {ways} from hand", action)
            if onto is not None and takes.exact_pair_onto_meld and len(action.cards) != 2:
                reason = f"with an unfinished meld of {symbol}s the pile is taken with exactly two natural cards"
                raise self.refuse(takes.rule("onto"), reason, action)
            if onto is None:
                top_shape = groups.shape_of(groups.read((top, *action.cards)))
            elif takes.exact_pair_onto_meld:
                top_shape = Shape(rank, 3)
            else:
                top_shape = self.check_onto(state, onto, (top, *action.cards), action)
        others = [groups.read(group) for group in action.melds]
        shapes = [top_shape, *self.check_new_melds(state, others, action, taken=rank)]
        self.check_initial(state, shapes, action)
        self.check_end(self.take_problem(state, seat, self.hand(state, seat), onto, shapes), action)
        return TakePile(seat=seat, cards=ordered_cards(action.cards), melds=groups.ordered_groups(others))

    def check_onto(self, state: S, onto: int, cards: Sequence[Card], action: Action) -> Shape:
        """The top card and cards from hand added one by one to the side's meld ``onto``: each must fit."""
        meld = state.table[onto].meld
        for card in cards:
            problem = self.groups.can_add(meld, card)
            if problem is not None:
                raise self.refuse(problem.rule, problem.reason, action)
            meld = self.groups.added(meld, card)
        twos = sum(1 for card in cards if card.rank is Rank.TWO)
        jokers = sum(1 for card in cards if card.rank is Rank.JOKER)
        return Shape(int(cards[0].rank), len(cards) - twos - jokers, twos, jokers)

    def legal(self, state: S, seat: int) -> list[TakePile]:
        pile, takes, groups = state.piles["discard"], self.family.takes, self.groups
        if seat != state.turn or not pile:
            return []
        top = face(pile[-1])
        if top.rank in takes.blocked:
            return []
        if takes.not_single_to_single and len(pile) == 1 and len(state.hands[seat]) == 1:
            return []
        rank = int(top.rank)
        hand = self.hand(state, seat)
        counts = hand.counts
        onto = self.onto(state, seat, rank)
        frozen = self.frozen_for(state, seat)
        melded = state.side_melded(seat)

        def allowed(shapes: Sequence[Shape]) -> bool:
            return self.take_problem(state, seat, hand, onto, shapes) is None

        candidates: list[tuple[Shape, tuple[Shape, ...]]] = []  # the top card's meld, and other melds
        if onto is not None:
            if not frozen and takes.onto_meld:
                candidates.append((Shape(rank, 1), ()))
            if counts[rank] >= 2 and takes.pair:
                candidates.append((Shape(rank, 3), ()))
            if not takes.exact_pair_onto_meld and not frozen and takes.natural_and_wild and counts[rank]:
                meld = state.table[onto].meld
                natural = next(card for card in hand.cards if int(card.rank) == rank)
                for wild_rank in (Rank.TWO, Rank.JOKER):  # the hand's own cards: a 2 first, else a joker
                    wild = next((card for card in hand.cards if card.rank is wild_rank), None)
                    if wild is not None and self._fits(meld, (top, natural, wild)):
                        twos = int(wild_rank is Rank.TWO)
                        candidates.append((Shape(rank, 2, twos, 1 - twos), ()))
                        break
            candidates = [candidate for candidate in candidates if allowed([candidate[0]])]
        elif counts[rank] >= 2 or (
            takes.natural_and_wild and not frozen and counts[rank] and counts[_TWO] + counts[_JOKER]
        ):
            least = 2 if takes.natural_and_wild and not frozen else 3
            shapes = groups.shapes(rank, counts[rank], counts[_TWO], counts[_JOKER], extra=1)
            top_shapes = [
                shape for shape in shapes if shape.naturals >= 3 or (least == 2 and shape.naturals == 2 and shape.wilds)
            ]
            minimum = self.minimum(state, seat)
            keys = groups.keys(counts, {rank})
            for shape in top_shapes:
                value = groups.shape_value(shape)
                if melded or value >= minimum:
                    if (melded or not groups.excess((shape,), value - minimum, top=True)) and allowed([shape]):
                        candidates.append((shape, ()))
                    continue
                twos, jokers = counts[_TWO] - shape.twos, counts[_JOKER] - shape.jokers
                for melds in groups.initial_melds(
                    counts, keys, twos, jokers, minimum, (shape,), top=True, allowed=allowed
                ):
                    candidates.append((shape, canonical_order(melds[1:])))
        actions = []
        for top_shape, others in candidates:  # each allowed
            if top_shape.naturals > 1 or top_shape.wilds:  # with cards from hand
                groups_cards = shape_cards([top_shape, *others], hand.cards, skip=[1])
                actions.append(TakePile(seat=seat, cards=groups_cards[0], melds=tuple(groups_cards[1:])))
            else:
                actions.append(TakePile(seat=seat, melds=tuple(shape_cards(others, hand.cards))))
        return actions

    def _fits(self, meld: Meld, cards: Sequence[Card]) -> bool:
        for card in cards:
            if self.groups.can_add(meld, card) is not None:
                return False
            meld = self.groups.added(meld, card)
        return True

    def take_problem(self, state: S, seat: int, hand: GroupHand, onto: int | None, shapes: Sequence[Shape]) -> Problem:
        """What is wrong with what taking the pile leaves: ``shapes[0]`` is the top card's meld (its top card
        included, or onto the side's meld ``onto``), the rest other new melds."""
        if self.nothing_to_discard(state, seat, hand):
            return None
        groups = self.groups
        top_shape, others = shapes[0], shapes[1:]
        rank = top_shape.key
        from_hand = attrs.evolve(top_shape, naturals=top_shape.naturals - 1)
        counts, size = left_after(hand.counts, len(hand.cards), [from_hand, *others])
        canastas = [*hand.canastas, *(kind for kind in map(self.kind, others) if kind is not None)]
        if onto is None:
            kind = self.kind(top_shape)
            if kind is not None:
                canastas.append(kind)
        else:
            meld = state.table[onto].meld
            before = groups.kind_of(meld)
            most = groups.melds.max_set if groups.canastas.closed else None
            room = top_shape.size if most is None else most - len(meld)
            fits = min(room, top_shape.naturals)
            counts[rank] += top_shape.naturals - fits  # what does not fit stays in hand
            size += top_shape.naturals - fits
            after = groups.shape_of(meld)
            after = Shape(
                after.key, after.naturals + fits, after.twos + top_shape.twos, after.jokers + top_shape.jokers
            )
            kind = self.kind(after)
            if kind is not None and (before is None or before.name != kind):
                if before is not None:
                    canastas.remove(before.name)
                canastas.append(kind)
        for card in map(face, state.piles["discard"][:-1]):  # the rest of the pile comes to hand
            if card.index not in groups.never_indices or self.family.placed is None:
                counts[card.rank] += 1
                size += 1
        special = any(shape.key != WILD_KEY and shape.key in groups.going_out_only for shape in others)
        return self.leaves(state, seat, counts, size, tuple(canastas), going_out_meld=special, exempt=False)

    def nothing_to_discard(self, state: S, seat: int, hand: GroupHand) -> bool:
        """Whether a take is exempt from `leaves` (never, unless the variant says so)."""
        return False

    def perform(self, state: S, action: TakePile, rng: Randomness) -> None:
        seat, hand, pile, groups = action.seat, state.hands[action.seat], state.piles["discard"], self.groups
        top_id = pile.pop()
        top = face(top_id)
        onto = self.onto(state, seat, int(top.rank))
        target = on_table(len(state.table) if onto is None else onto)
        state.note_moved((top_id,), in_pile("discard"), target)
        ids = _remove(state, seat, action.cards, target)
        if onto is None:
            state.table.append(TableMeld(owner=seat, meld=groups.read((top, *action.cards)), ids=(top_id, *ids)))
        else:
            meld, meld_ids = state.table[onto].meld, list(state.table[onto].ids)
            for cid in (top_id, *ids):
                if groups.can_add(meld, face(cid)) is not None:
                    hand.append(cid)  # a card that does not fit stays in hand (a closed canasta's room)
                    state.note_moved((cid,), target, in_hand(seat))
                else:
                    meld = groups.added(meld, face(cid))
                    meld_ids.append(cid)
            state.table[onto] = _table_meld(state.table[onto].owner, meld, meld_ids)
        for group in action.melds:
            ids = _remove(state, seat, group, on_table(len(state.table)))
            state.table.append(TableMeld(owner=seat, meld=groups.read(group), ids=tuple(ids)))
        place_cards(state, seat, pile, in_pile("discard"))
        pile.clear()
        state.frozen = False
        self.melded(state, seat)
        state.taken = top_id
        self.start_play(state, seat)

    def split(self, state: S, action: TakePile) -> list[Action] | None:
        return self.split_initial(state, action)

    def represent(self, state: S, action: TakePile) -> Action | None:
        return self.represent_initial(state, action, self.legal(state, action.seat))


class GoDownGroupsMove(FamilyMove[S, GoDown]):
    """Lay down new melds: the initial meld any melds together that reach the minimum (`CanastaFamily.minimums`),
    and after it as many as the variant allows in one action (`CanastaFamily.one_meld_after_initial`)."""

    action_type = GoDown

    def check(self, state: S, action: GoDown) -> GoDown:
        if not action.melds or any(not group for group in action.melds):
            raise InvalidActionError("a meld action lists one or more melds, each with its cards")
        if self.family.one_meld_after_initial and state.side_melded(action.seat) and len(action.melds) > 1:
            raise self.refuse(
                self.rule("one_meld"), "after the initial meld each meld action lays down one meld", action
            )
        self.played_cards(state, action, [card for group in action.melds for card in group])
        melds = [self.groups.read(group) for group in action.melds]
        shapes = self.check_new_melds(state, melds, action)
        self.check_initial(state, shapes, action)
        self.check_end(self.problem(state, action.seat, self.hand(state, action.seat), shapes), action)
        return GoDown(seat=action.seat, melds=self.groups.ordered_groups(melds))

    def legal(self, state: S, seat: int) -> list[GoDown]:
        if seat != state.turn:
            return []
        groups = self.groups
        hand = self.hand(state, seat)
        counts = hand.counts
        keys = groups.keys(counts, state.open_melds(seat))

        def allowed(shapes: Sequence[Shape]) -> bool:
            return self.problem(state, seat, hand, canonical_order(shapes)) is None

        candidates: Iterable[tuple[Shape, ...]]
        if state.side_melded(seat):
            candidates = (
                (shape,)
                for key in keys
                for shape in groups.shapes(key, counts[key], counts[_TWO], counts[_JOKER])
                if allowed((shape,))
            )
        else:
            minimum = self.minimum(state, seat)
            candidates = groups.initial_melds(counts, keys, counts[_TWO], counts[_JOKER], minimum, allowed=allowed)
        return [
            GoDown(seat=seat, melds=tuple(shape_cards(canonical_order(shapes), hand.cards))) for shapes in candidates
        ]

    def perform(self, state: S, action: GoDown, rng: Randomness) -> None:
        for group in action.melds:
            ids = _remove(state, action.seat, group, on_table(len(state.table)))
            state.table.append(TableMeld(owner=action.seat, meld=self.groups.read(group), ids=tuple(ids)))
        self.melded(state, action.seat)
        self.after_play(state, action.seat)

    def split(self, state: S, action: GoDown) -> list[Action] | None:
        """An initial meld larger than its least form in parts (`split_initial`); after the initial meld, several
        melds laid down together one by one (the listing names one meld an action)."""
        if state.side_melded(action.seat):
            return (
                [GoDown(seat=action.seat, melds=(group,)) for group in action.melds] if len(action.melds) > 1 else None
            )
        return self.split_initial(state, action)

    def represent(self, state: S, action: GoDown) -> Action | None:
        return self.represent_initial(state, action, self.legal(state, action.seat))


class LayOffGroupMove(FamilyMove[S, LayOff]):
    """Add one card from hand to one of the side's own melds, within `Groups`' limits."""

    action_type = LayOff

    def check(self, state: S, action: LayOff) -> LayOff:
        seat, card, groups = action.seat, action.card, self.groups
        rule = self.rule("own", groups.melds.rule("set"))
        if action.end is not None:
            raise self.refuse(rule, "melds are of one rank, not runs: a card added to a meld names no end", action)
        if not 0 <= action.meld < len(state.table):
            melds = f"melds 0 to {len(state.table) - 1}" if state.table else "no melds"
            raise self.refuse(rule, f"there is no meld {action.meld} on the table ({melds})", action)
        target = state.table[action.meld]
        if not state.owns(seat, target):
            reason = f"meld {action.meld} is seat {target.owner}'s side's: nobody adds to another side's melds"
            raise self.refuse(rule, reason, action)
        self.played_cards(state, action, [card])
        problem = groups.can_add(target.meld, card)
        if problem is not None:
            raise problem
        closes = self._closes(target.meld, card)
        self.check_end(self.problem(state, seat, self.hand(state, seat), [groups.shape_of_card(card)], closes), action)
        return LayOff(seat=seat, card=card, meld=action.meld)

    def _closes(self, meld: Meld, card: Card, *, was: bool | None = None) -> str | None:
        """The kind of canasta ``meld`` becomes with ``card`` added, if it was none before (``was``: whether it was
        one, if known)."""
        groups = self.groups
        if len(meld.cards) + 1 < groups.canastas.size:
            return None
        if was if was is not None else groups.kind_of(meld) is not None:
            return None  # a canasta already: the side's count of canastas stays
        before, more = groups.shape_of(meld), groups.shape_of_card(card)  # a canasta's kind is its shape's
        after = groups.shape_kind(
            Shape(before.key, before.naturals + more.naturals, before.twos + more.twos, before.jokers + more.jokers)
        )
        return None if after is None else after.name

    def legal(self, state: S, seat: int) -> list[LayOff]:
        groups = self.groups
        if seat != state.turn:
            return []
        melds = [(i, m.meld) for i, m in state.own_melds(seat) if not groups.is_closed(m.meld)]
        if not melds:
            return []
        hand = self.hand(state, seat)
        firsts: dict[Rank, Card] = {}
        for card in sorted(hand.cards, key=_INDEX):
            firsts.setdefault(card.rank, card)
        size = groups.canastas.size
        cards = [(card, groups.is_wild(card)) for card in firsts.values()]
        problems: dict[tuple[Card, str | None], bool] = {}  # what a lay-off leaves depends on its card and canasta
        actions = []
        for index, meld in melds:
            was = groups.kind_of(meld) is not None if len(meld.cards) + 1 >= size else None
            rank = meld.ranks[0]
            for card, wild in cards:
                if (card.rank is rank or wild) and groups.can_add(meld, card) is None:
                    closes = None if was is None else self._closes(meld, card, was=was)
                    fine = problems.get((card, closes))
                    if fine is None:
                        shapes = [groups.shape_of_card(card)]
                        fine = problems[card, closes] = self.problem(state, seat, hand, shapes, closes) is None
                    if fine:
                        actions.append(LayOff(seat=seat, card=card, meld=index))
        return actions

    def perform(self, state: S, action: LayOff, rng: Randomness) -> None:
        ids = _remove(state, action.seat, [action.card], on_table(action.meld))
        target = state.table[action.meld]
        meld = self.groups.added(target.meld, action.card)
        state.table[action.meld] = _table_meld(target.owner, meld, [*target.ids, *ids])
        if state.played_on[action.seat] is None:
            state.played_on[action.seat] = state.turn_number
        self.after_play(state, action.seat)


class DiscardGroupMove(FamilyMove[S, Discard]):
    """The turn ends with one discard; discarding the last card goes out, when the side may (`GoingOut`). A
    discarded card that freezes the pile freezes it (`PileTakes.frozen_by`)."""

    action_type = Discard

    def discard_problem(self, state: S, seat: int, card: Card, *, last: bool) -> Problem:
        """Why ``seat`` may not discard ``card`` (``last``: its last card), beyond going out: nothing, unless the
        variant says so."""
        return None

    def check(self, state: S, action: Discard) -> Discard:
        seat, card = action.seat, action.card
        if card not in state.hand_faces(seat):
            raise self.refuse("G-7", f"the hand does not hold {card}", action)
        last = len(state.hands[seat]) == 1
        if last:
            out = self.family.going_out
            canastas = state.canastas(seat)
            if not out.allows(canastas):
                reason = f"going out needs {out.missing(canastas)}"
                raise self.refuse(
                    self.rule("going_out", out.rule), f"seat {seat}'s side may not go out: {reason}", action
                )
        problem = self.discard_problem(state, seat, card, last=last)
        if problem is not None:
            raise self.refuse(*problem, action)
        return action

    def legal(self, state: S, seat: int) -> list[Discard]:
        if seat != state.turn:
            return []
        hand = state.hands[seat]
        last = len(hand) == 1
        if last and not self.family.going_out.allows(state.canastas(seat)):
            return []
        cards = [face(index) for index in sorted({cid & FACE_MASK for cid in hand})]
        return [
            Discard(seat=seat, card=card)
            for card in cards
            if self.discard_problem(state, seat, card, last=last) is None
        ]

    def perform(self, state: S, action: Discard, rng: Randomness) -> None:
        seat, hand = action.seat, state.hands[action.seat]
        cid = next(c for c in hand if face(c) == action.card)
        hand.remove(cid)
        state.piles["discard"].append(cid)
        state.note_moved((cid,), in_hand(seat), in_pile("discard"))
        state.frozen = state.frozen or action.card in self.family.takes.frozen_by
        if not hand:
            went_out(state, seat)
        else:
            self.after_discard(state, seat)

    def after_discard(self, state: S, seat: int) -> None:
        """What follows a discard that does not go out: the turn passes, unless the variant says more."""
        self.end_turn(state)


def family_moves(rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
    """The canasta family's moves for ``rules`` (`StandardRules.family`), in listing order."""
    moves: dict[type[Action], Move[Any, Any]] = {}
    for move in (
        DrawPlacingMove[GroupState](rules, moves),
        EndRoundMove[GroupState](rules, moves),
        TakePileMove[GroupState](rules, moves),
        GoDownGroupsMove[GroupState](rules, moves),
        LayOffGroupMove[GroupState](rules, moves),
        DiscardGroupMove[GroupState](rules, moves),
    ):
        moves[move.action_type] = move
    return moves


# -- the end of a round and of the game --------------------------------------------------------------------


def score_family(state: GroupState) -> list[SeatScore]:
    """Each seat's score for the round, line by line (`FamilyScoring`): its side's, so partners score alike.
    A side scores its faces laid out (minus, without a meld, where `FamilyScoring.placed_minus_unmelded`), each
    of its melds' cards and canasta bonus, minus the cards left in its hands and seat piles
    (`FamilyScoring.seat_piles_minus`), and the going-out bonus (concealed: `GroupState.went_concealed`)."""
    family, players = state.family, state.players
    scoring, groups = family.scoring, family.groups
    went = state.round_end.went_out if state.round_end else None
    sheets: dict[int, SeatScore] = {}
    for seat in range(players):
        side = family.side_of(seat)
        if side in sheets:
            continue
        partners = family.partners(seat, players)
        items: list[ScoreItem] = []

        def line(key: str, what: str, points: int, cards: tuple[Card, ...] = ()) -> None:
            items.append(ScoreItem(rule=scoring.rule(key), what=what, points=points, cards=cards))  # noqa: B023

        pile_name = family.placed
        placed = tuple(face(cid) for p in partners for cid in state.seat_piles[pile_name][p]) if pile_name else ()
        if placed:
            points = scoring.placed_points(len(placed))
            if scoring.placed_minus_unmelded and not state.side_melded(seat):
                line("unmelded", f"{scoring.placed_what}, without a meld", -points, placed)
            else:
                line("placed", scoring.placed_what, points, placed)
        for table_meld in state.table:
            if family.side_of(table_meld.owner) == side:
                cards = table_meld.meld.cards
                line("melds", "a meld's cards", groups.value(cards), cards)
                kind = groups.kind_of(table_meld.meld)
                if kind is not None:
                    rule = scoring.ids.get("canastas") or groups.canastas.rule
                    items.append(ScoreItem(rule=rule, what=f"{kind.name} canasta bonus", points=kind.bonus))
        left = 0
        alone = len(partners) == 1
        for partner in partners:
            hand = tuple(face(cid) for cid in state.hands[partner])
            if hand:
                line("hand", "the cards left in hand" if alone else f"the cards left in seat {partner}'s hand",
                     -groups.value(hand), hand)  # fmt: skip
                left += groups.value(hand)
        for name in scoring.seat_piles_minus:
            for partner in partners:
                pile = tuple(face(cid) for cid in state.seat_piles[name][partner])
                if pile:
                    whose = "the" if alone else f"seat {partner}'s"
                    line("seat_piles", f"{whose} {name} not picked up", -groups.value(pile), pile)
                    left += groups.value(pile)
        if went is not None and went in partners:
            if scoring.concealed and state.went_concealed(went):
                line("concealed", "going out concealed", scoring.concealed)
            else:
                line("going_out", "going-out bonus", scoring.going_out)
        sheets[side] = SeatScore(items=tuple(items), deadwood=left)
    return [sheets[family.side_of(seat)] for seat in range(players)]


def family_game_over(state: GroupState) -> bool:
    """The game ends after a round in which a total has reached `Scoring.target` (in this round or an earlier
    one), once one side alone has the highest total (a tie plays on)."""
    target = state.rules.scoring.target
    if target is None or not any(max(result.totals) >= target for result in state.history):
        return False
    family = state.family
    sides = {family.side_of(seat): total for seat, total in enumerate(state.totals)}
    best = max(sides.values())
    return list(sides.values()).count(best) == 1
