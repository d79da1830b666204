"""\"Partner, may I go out?\" as data (`GoingOut.ask_partner`, Canasta's CAN-25): right after their draw, a player
who could go out in this turn asks; their partner answers yes or no, and the answer binds for the rest of the turn.

A player may ask only when some sequence of plays allowed in this turn empties their hand: `AskMove.could_go_out`
answers exactly that for the canasta family's melds (one rank each, one meld of a rank a side): it lists the
ways the hand's cards could go (each rank's natural cards onto the side's meld of it or into a new one, the wild
cards shared among the melds, black threes in a meld of their own, at most one card discarded), and plays each
candidate on a copy of the state through the moves' own checks, so that it never says yes to a way the rules
refuse. After *yes*, every meld play must leave a way to go out and a discard must go out; after *no*, the player
keeps at least 2 cards and may not go out in this turn.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs

from rummykit.core.actions import Action, Discard, GoDown, LayOff
from rummykit.core.cards import Card, Rank
from rummykit.core.errors import IllegalActionError
from rummykit.core.moves import Move, restrict
from rummykit.core.shoe import Randomness
from rummykit.core.state import Phase
from rummykit.standard.canasta_family import FamilyMove, Problem
from rummykit.standard.groups import Shape, rank_counts, shape_cards
from rummykit.standard.rules import StandardRules
from rummykit.standard.state import GroupState

__all__ = ["ASK", "AnswerGoOut", "AnswerMove", "AskMove", "AskToGoOut", "asked_partner", "with_asking"]

ASK: Final = "ask"
"""The phase in which the turn player waits for their partner's answer."""

_TWO, _JOKER = int(Rank.TWO), int(Rank.JOKER)
_MOST_PLANS: Final = 64
"""How many ways to go out `AskMove.could_go_out` plays through, at most, for each card it could discard."""


@attrs.frozen
class AskToGoOut(Action):
    """Ask "Partner, may I go out?" (`GoingOut.ask_partner`).

    Examples:
        >>> AskToGoOut(seat=0).describe()
        'ask "Partner, may I go out?"'
    """

    kind: ClassVar[str] = "ask"

    def describe(self) -> str:
        return 'ask "Partner, may I go out?"'


@attrs.frozen
class AnswerGoOut(Action):
    """Answer the partner who asked to go out: ``yes`` binds them to go out in this turn, no forbids it.

    Examples:
        >>> AnswerGoOut(seat=2, yes=True).describe(), AnswerGoOut(seat=2).describe()
        ('answer yes: partner, go out', 'answer no: partner, do not go out')
    """

    kind: ClassVar[str] = "answer"

    yes: bool = False

    def describe(self) -> str:
        return "answer yes: partner, go out" if self.yes else "answer no: partner, do not go out"


def asked_partner(state: GroupState, seat: int) -> int | None:
    """The partner ``seat`` asks (the next seat of its side in turn order), or ``None`` when it plays alone."""
    players, side = state.players, state.family.side_of(seat)
    others = [(seat + step) % players for step in range(1, players)]
    return next((other for other in others if state.family.side_of(other) == side), None)


def _answer(state: GroupState, seat: int) -> bool | None:
    """The answer that binds ``seat`` now: its partner's, if it asked in this turn."""
    if seat != state.turn or state.asked_on != state.turn_number:
        return None
    return state.answer


class AskMove(FamilyMove[GroupState, AskToGoOut]):
    """Ask right after the turn's draw (or take of the pile), once a turn, when the player has a partner and could
    go out in this turn; the partner is to answer next (the phase `ASK`)."""

    action_type = AskToGoOut

    def __init__(
        self,
        rules: StandardRules,
        moves: Mapping[type[Action], Move[Any, Any]],
        plain: Mapping[type[Action], Move[Any, Any]],
    ) -> None:
        super().__init__(rules, moves)
        self.plain = plain
        rule = self.family.going_out.ask_partner
        assert rule is not None, "AskMove plays GoingOut.ask_partner"
        self.ask_rule: str = rule

    def ask_problem(self, state: GroupState, seat: int) -> Problem:
        """Why ``seat`` may not ask now, or ``None``."""
        rule = self.ask_rule
        if asked_partner(state, seat) is None:
            return rule, f"seat {seat} plays alone: there is no partner to ask"
        if state.asked_on == state.turn_number:
            return rule, "a player asks once in a turn, and this one has asked"
        last = state.log[-1] if state.log else None
        if last is None or last.seat != seat or not isinstance(last, self.rules.turns.draws):
            return rule, "a player asks right after their draw or take of the pile, before any other play"
        if len(state.hands[seat]) < 2:
            reason = (
                f"seat {seat} holds a single card: going out is its only way to end the turn, and after no it would"
                " have none (G-4), so it does not ask"
            )
            return rule, reason
        if not self.could_go_out(state, seat):
            return rule, f"seat {seat} could not go out in this turn: no plays allowed in it empty the hand"
        return None

    def check(self, state: GroupState, action: AskToGoOut) -> AskToGoOut:
        problem = self.ask_problem(state, action.seat)
        if problem is not None:
            raise self.refuse(*problem, action)
        return AskToGoOut(seat=action.seat)

    def legal(self, state: GroupState, seat: int) -> list[AskToGoOut]:
        if seat != state.turn or self.ask_problem(state, seat) is not None:
            return []
        return [AskToGoOut(seat=seat)]

    def perform(self, state: GroupState, action: AskToGoOut, rng: Randomness) -> None:
        state.asked_on, state.answer, state.phase = state.turn_number, None, ASK

    # -- could the seat go out in this turn? ------------------------------------------------------------------

    def could_go_out(self, state: GroupState, seat: int) -> bool:
        """Whether some sequence of plays allowed now empties ``seat``'s hand in this turn: a candidate way to go
        out (`plans`) that the moves' own checks accept, played on a copy of the state."""
        return any(self.plays_out(state, seat, plan) for plan in self.plans(state, seat))

    def plays_out(self, state: GroupState, seat: int, plan: Sequence[Action]) -> bool:
        """Whether ``plan``, played on a copy of ``state`` through the moves' checks, goes out."""
        copy = state.copy()
        rng = Randomness(0)  # meld plays and discards draw nothing
        for action in plan:
            move = self.plain[type(action)]
            try:
                move.check_condition(copy, action)
                checked = move.check(copy, action)
            except IllegalActionError:
                return False
            move.perform(copy, checked, rng)
            if copy.round_end is not None:
                return copy.round_end.went_out == seat
        return False

    def plans(self, state: GroupState, seat: int) -> Iterator[list[Action]]:
        """Candidate ways for ``seat`` to go out, as actions: for each card it could keep to discard (or none,
        where going out needs no discard), each sharing of its wild cards among the melds that leaves every meld
        valid and the side the canastas `GoingOut` asks; new melds first (in one action for an initial meld),
        then cards added to the side's melds, then the discard; and the same with the additions first.

        A natural card of a rank the side has no meld of, and too few of to start one, can only be the discard:
        with two such cards there is no way out, and with one it is the discard."""
        hand = state.hand_faces(seat)
        stranded = self._stranded(state, seat, hand)
        if len(stranded) > 1:
            return
        choices: list[Card | None] = [*stranded] or [*sorted(set(hand), key=lambda card: card.index)]
        if self.family.going_out.without_discard and not stranded:
            choices.insert(0, None)
        for discard in choices:
            kept = list(hand)
            if discard is not None:
                kept.remove(discard)
            for count, (new, added) in enumerate(self._ways(state, seat, kept)):
                if count >= _MOST_PLANS:
                    break
                yield from self._orders(state, seat, kept, discard, new, added)

    def _stranded(self, state: GroupState, seat: int, hand: Sequence[Card]) -> list[Card]:
        """The cards of ``hand`` no meld could take (up to two of them: more change nothing)."""
        groups = self.groups
        counts, opened = rank_counts(hand), state.open_melds(seat)
        stranded: list[Card] = []
        for key, count in enumerate(counts):
            if not count or key in (_TWO, _JOKER) or key in opened:
                continue
            if Rank(key) in groups.going_out_only:
                meldable = groups.is_valid(Shape(key, count))
            else:
                meldable = count >= groups.melds.min_naturals
            if not meldable:
                stranded += [card for card in hand if card.rank == key][:2]
            if len(stranded) > 1:
                break
        return stranded

    def _ways(
        self, state: GroupState, seat: int, cards: Sequence[Card]
    ) -> Iterator[tuple[list[Shape], dict[int, tuple[int, int, int]]]]:
        """The ways every card of ``cards`` is melded: new melds' shapes, and for each of the side's melds (by
        place on the table) the natural cards, 2s and jokers added to it. Each rank's natural cards go onto the
        side's meld of it, or into a new one; the wild cards are shared among the melds (2s first), searched meld
        by meld with what the melds after it can still reach."""
        groups, out = self.groups, self.family.going_out
        counts = rank_counts(cards)
        opened = state.open_melds(seat)
        targets: list[tuple[int | None, Shape]] = []  # (place on the table, or None: new), before the wild cards
        befores: dict[int, Shape] = {}  # the side's melds as they lie
        for key in range(len(counts)):
            if key in (_TWO, _JOKER) or not counts[key]:
                continue
            if key in opened:
                before = befores[opened[key]] = groups.shape_of(state.table[opened[key]].meld)
                targets.append((opened[key], attrs.evolve(before, naturals=before.naturals + counts[key])))
            elif Rank(key) in groups.going_out_only or counts[key] >= groups.melds.min_naturals:
                targets.append((None, Shape(key, counts[key])))
            else:
                return  # a natural card with no meld to go to
        places = {place for place, _ in targets}
        untouched: list[str] = []
        for place, table_meld in state.own_melds(seat):
            if place in places:
                continue
            meld = table_meld.meld
            if groups.is_going_out_meld(meld) or groups.is_closed(meld):
                closed = groups.kind_of(meld)
                untouched += [] if closed is None else [closed.name]
            else:
                befores[place] = groups.shape_of(meld)
                targets.append((place, befores[place]))  # a meld that may take wild cards
        twos, wilds = counts[_TWO], counts[_TWO] + counts[_JOKER]
        wanted, needed = out.kinds, out.canastas

        def with_wilds(shape: Shape, count: int, twos_left: int) -> Shape:
            t = min(count, twos_left)
            return attrs.evolve(shape, twos=shape.twos + t, jokers=shape.jokers + count - t)

        # each meld's choices: how many wild cards it takes, and the kind of canasta it then is
        options: list[list[tuple[int, str | None]]] = []
        for _, shape in targets:
            fits = []
            for count in range(wilds + 1):
                shaped = with_wilds(shape, count, count)  # validity and kind count wild cards, not which
                if groups.is_valid(shaped):
                    kind = groups.shape_kind(shaped)
                    fits.append((count, None if kind is None else kind.name))
            if not fits:
                return
            options.append(fits)
        Reach = frozenset[tuple[int, frozenset[str]]]

        def add(have: tuple[int, frozenset[str]], kind: str | None) -> tuple[int, frozenset[str]]:
            if kind is None:
                return have
            return min(needed, have[0] + 1), have[1] | ({kind} & wanted)

        # reach[i][r]: what the melds from i on make of the side's canastas with exactly r wild cards
        reach: list[dict[int, Reach]] = [{} for _ in range(len(targets) + 1)]
        reach[len(targets)][0] = frozenset({(0, frozenset())})
        for i in range(len(targets) - 1, -1, -1):
            for r in range(wilds + 1):
                made = {
                    add(rest, kind)
                    for count, kind in options[i]
                    if count <= r
                    for rest in reach[i + 1].get(r - count, ())
                }
                if made:
                    reach[i][r] = frozenset(made)
        start: tuple[int, frozenset[str]] = (0, frozenset())
        for name in untouched:
            start = add(start, name)

        def done(have: tuple[int, frozenset[str]], rest: Reach) -> bool:
            return any(min(needed, have[0] + count) >= needed and wanted <= have[1] | kinds for count, kinds in rest)

        def search(i: int, left: int, have: tuple[int, frozenset[str]], chosen: list[int]) -> Iterator[list[int]]:
            if i == len(targets):
                yield chosen
                return
            for count, kind in options[i]:
                rest = reach[i + 1].get(left - count) if count <= left else None
                if rest and done(add(have, kind), rest):
                    yield from search(i + 1, left - count, add(have, kind), [*chosen, count])

        for chosen in search(0, wilds, start, []):
            shapes, twos_left = [], twos
            for (_, shape), count in zip(targets, chosen, strict=True):
                shapes.append(with_wilds(shape, count, twos_left))
                twos_left -= min(count, twos_left)
            new = [shape for (place, _), shape in zip(targets, shapes, strict=True) if place is None]
            added = {
                place: (shape.naturals - before.naturals, shape.twos - before.twos, shape.jokers - before.jokers)
                for (place, _), shape in zip(targets, shapes, strict=True)
                if place is not None and (before := befores[place]) != shape
            }
            yield new, added

    def _orders(
        self,
        state: GroupState,
        seat: int,
        cards: Sequence[Card],
        discard: Card | None,
        new: Sequence[Shape],
        added: Mapping[int, tuple[int, int, int]],
    ) -> Iterator[list[Action]]:
        """A way to go out as actions, in two orders: new melds then additions, and additions then new melds."""
        pool = list(cards)
        melds = shape_cards(sorted(new, key=lambda s: s.key), pool) if new else []
        for group in melds:
            for card in group:
                pool.remove(card)
        lay_offs: list[Action] = []
        for place, (naturals, twos, jokers) in added.items():
            rank = state.table[place].meld.ranks[0]
            for wanted, count in ((rank, naturals), (Rank.TWO, twos), (Rank.JOKER, jokers)):
                for _ in range(count):
                    card = next(c for c in pool if c.rank is wanted)
                    pool.remove(card)
                    lay_offs.append(LayOff(seat=seat, card=card, meld=place))
        if self.family.one_meld_after_initial and state.side_melded(seat):
            downs: list[Action] = [GoDown(seat=seat, melds=(group,)) for group in melds]
        else:
            downs = [GoDown(seat=seat, melds=tuple(melds))] if melds else []
        end: list[Action] = [Discard(seat=seat, card=discard)] if discard is not None else []
        yield [*downs, *lay_offs, *end]
        if downs and lay_offs:
            yield [*lay_offs, *downs, *end]


class AnswerMove(FamilyMove[GroupState, AnswerGoOut]):
    """The asked partner answers, out of turn (the phase `ASK`); the turn player plays on, bound by the answer."""

    action_type = AnswerGoOut
    phases = frozenset({ASK})
    on_turn = False  # the partner answers in the turn player's turn

    def check(self, state: GroupState, action: AnswerGoOut) -> AnswerGoOut:
        rule = self.family.going_out.ask_partner or self.family.going_out.rule
        if state.phase != ASK:
            raise self.refuse(rule, "nobody has asked to go out: a partner answers only when asked", action)
        partner = asked_partner(state, state.turn)
        if action.seat != partner:
            raise self.refuse(rule, f"seat {state.turn} asked seat {partner}, who answers", action)
        return AnswerGoOut(seat=action.seat, yes=bool(action.yes))

    def legal(self, state: GroupState, seat: int) -> list[AnswerGoOut]:
        if state.phase != ASK or seat != asked_partner(state, state.turn):
            return []
        return [AnswerGoOut(seat=seat, yes=True), AnswerGoOut(seat=seat, yes=False)]

    def perform(self, state: GroupState, action: AnswerGoOut, rng: Randomness) -> None:
        state.answer, state.phase = action.yes, Phase.PLAY


def _bound(ask: AskMove, plain: Mapping[type[Action], Move[Any, Any]]) -> Any:
    """The restriction the answer puts on the turn player's plays (`restrict`)."""
    rule = ask.ask_rule

    def refuse(state: GroupState, action: Action) -> None:
        answer = _answer(state, action.seat)
        if answer is None:
            return
        hand = len(state.hands[action.seat])
        if isinstance(action, Discard):
            if answer and hand != 1:
                raise IllegalActionError(
                    rule, "after yes the player goes out in this turn: this discard keeps cards", action=action
                )
            if not answer and hand == 1:
                raise IllegalActionError(rule, "after no the player may not go out in this turn", action=action)
            return
        played = sum(len(group) for group in action.melds) if isinstance(action, GoDown) else 1
        if not answer:
            if hand - played < 2:
                reason = "after no the player may not go out in this turn, so keeps at least 2 cards after melding"
                raise IllegalActionError(rule, reason, action=action)
            return
        copy = state.copy()
        move = plain[type(action)]
        move.perform(copy, action, Randomness(0))
        if copy.round_end is not None and copy.round_end.went_out == action.seat:
            return  # it goes out
        if copy.round_end is not None or not ask.could_go_out(copy, action.seat):
            reason = "after yes the player goes out in this turn, and no way to go out would be left after this play"
            raise IllegalActionError(rule, reason, action=action)

    return refuse


def with_asking(rules: StandardRules, moves: dict[type[Action], Move[Any, Any]]) -> dict[type[Action], Move[Any, Any]]:
    """``moves`` with "Partner, may I go out?" where the rules offer it (`GoingOut.ask_partner`): the asking and
    the answering moves, and the turn player's meld plays and discard bound by the answer; else ``moves``."""
    family = rules.family
    if family is None or family.going_out.ask_partner is None:
        return moves
    plain = dict(moves)
    ask = AskMove(rules, moves, plain)
    bound = _bound(ask, plain)
    for kind in (GoDown, LayOff, Discard):
        if kind in moves:
            moves[kind] = restrict(moves[kind], bound)
    moves[AskToGoOut] = ask
    moves[AnswerGoOut] = AnswerMove(rules, moves)
    return moves
