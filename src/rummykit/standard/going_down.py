"""Laying down melds in the standard rummy: free melds (classic rummy: any melds, as often as the
player likes) and contract melds (a round's contract, once a round). Each is one move for
``GoDown``: its check, its listing and its effect.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeVar

import attrs

from rummykit.core.actions import Action, GoDown, LayOff
from rummykit.core.cards import FACE_COUNT, FACE_MASK, Card, Suit, face
from rummykit.core.errors import IllegalActionError, InvalidActionError
from rummykit.core.melds import Meld, MeldKind, MeldRules, RunEnd, read_meld
from rummykit.core.shoe import Randomness
from rummykit.core.solver import Contract, ContractSolver, meld_key
from rummykit.core.state import Phase, TableMeld, in_hand, on_table
from rummykit.standard.fewest_wilds import RankChoice, fewest_wild_ways, preference, ranks_of
from rummykit.standard.least_forms import (
    SuitedChoice,
    choice_of,
    least_form_ways,
    least_parts,
    least_sizes,
    least_window,
)
from rummykit.standard.melding import disjoint_combinations, melds_of_faces
from rummykit.standard.moves import StandardMove, blame_run_order
from rummykit.standard.rules import ContractMelds, FreeMelds, StandardRules
from rummykit.standard.state import StandardState
from rummykit.standard.turns import pick_cards, remove_cards

__all__ = ["ContractGoDown", "FreeGoDown", "canonical_melds", "ordered_melds", "read_group"]

S = TypeVar("S", bound=StandardState)


class _GoDown(StandardMove[S, GoDown]):
    """What both kinds of go-down share: their effect."""

    action_type = GoDown
    phases = frozenset({Phase.PLAY})
    on_turn = True

    def groups(self, action: GoDown) -> list[Card]:
        """Every card the action names; a malformed action is refused as such."""
        if not action.melds or any(not group for group in action.melds):
            raise InvalidActionError("a meld action lists one or more melds, each with its cards")
        return [card for group in action.melds for card in group]

    def perform(self, state: S, action: GoDown, rng: Randomness) -> None:
        hand = state.hands[action.seat]
        for group in action.melds:
            ids = pick_cards(hand, group, prefer=state.taken)
            assert ids is not None, "checked actions only"
            remove_cards(hand, ids)
            state.table.append(TableMeld(owner=action.seat, meld=read_meld(group, self.rules.melds), ids=tuple(ids)))
            state.note_moved(ids, in_hand(action.seat), on_table(len(state.table) - 1))
            state.note_laid(action.seat, ids)
        state.melds_this_turn += len(action.melds)
        self.played(state, action.seat, melded=True)


# -- free melds ------------------------------------------------------------------------------------------


def _canonical(meld: Meld, rules: MeldRules) -> Meld:
    """A set's cards in one order: natural cards, then wild cards, each in card order."""
    if meld.kind == MeldKind.RUN:
        return meld
    wild = rules.wild_faces
    return Meld(meld.kind, tuple(sorted(meld.cards, key=lambda c: (c in wild, c.index))), meld.ranks)


def canonical_melds(melds: Sequence[Meld], rules: MeldRules) -> tuple[Meld, ...]:
    """Free melds laid down together in their one order: each set's cards sorted, the melds by
    [`meld_key`][rummykit.core.solver.meld_key] (by ranks, then cards)."""
    return tuple(sorted((_canonical(meld, rules) for meld in melds), key=meld_key))


def read_group(cards: Sequence[Card], rules: StandardRules) -> Meld:
    """``cards`` as a set or a run under ``rules``, or a refusal citing the rule they break: the meld
    rules' own, or the rule that set the run order where only that order refuses them (a house
    rule's, such as ace-low's).

    Examples:
        >>> import rummykit
        >>> from rummykit import parse_cards
        >>> rules = rummykit.new_game("rummy", players=2, seed=1, house_rules=["ace-low"]).state.rules
        >>> str(read_group(parse_cards("AH 2H 3H"), rules))
        'AH 2H 3H'
        >>> read_group(parse_cards("QH KH AH"), rules)
        Traceback (most recent call last):
        ...
        rummykit.core.errors.IllegalActionError: QH KH AH is not a run: ... (CR-21)
    """
    try:
        return read_meld(cards, rules.melds)
    except IllegalActionError as err:
        raise blame_run_order(rules, err, lambda melds: read_meld(cards, melds)) from None


class FreeGoDown(_GoDown[S]):
    """Lay down one or more sets and runs in one action (``ids.meld``, G-5), as often as the player
    likes, within the table's limits ([`FreeMelds`][rummykit.standard.rules.FreeMelds])."""

    def check(self, state: S, action: GoDown) -> GoDown:
        used = self.played_cards(state, action, self.groups(action))
        melds = canonical_melds([self.read(group) for group in action.melds], self.rules.melds)
        self.check_leaves_a_way_out(state, used, action)
        melding = self.melding
        if melding.per_turn is not None:
            if state.melds_this_turn >= melding.per_turn:
                raise self.refuse(
                    melding.per_turn_rule, "one new meld per turn at this table, and this turn has had it", action
                )
            if state.melds_this_turn + len(melds) > melding.per_turn:
                raise self.refuse(
                    melding.per_turn_rule,
                    f"one new meld per turn at this table, not {len(melds)} in one action",
                    action,
                )
        minimum = melding.minimum_for(state.totals[action.seat])
        if minimum is not None and state.melded_on[action.seat] is None:
            points = sum(self.rules.scoring.points_of(card) for meld in melds for card in meld.cards)
            if points < minimum:
                raise self.refuse(
                    melding.initial_rule,
                    f"a first meld action of the round must be worth at least {minimum} points, and this is {points}",
                    action,
                )
        return GoDown(seat=action.seat, melds=tuple(meld.cards for meld in melds))

    @property
    def melding(self) -> FreeMelds:
        melding = self.rules.melding
        assert isinstance(melding, FreeMelds)
        return melding

    def read(self, group: Sequence[Card]) -> Meld:
        """``group`` as a set or a run ([`read_group`][rummykit.standard.going_down.read_group])."""
        return read_group(group, self.rules)

    def legal(self, state: S, seat: int) -> Iterable[GoDown]:
        """Every combination of disjoint melds the hand can lay down together that leaves a way to
        end the turn (G-4) and keeps to the table's limits."""
        if seat != state.turn:
            return []
        melding = self.melding
        room = None if melding.per_turn is None else melding.per_turn - state.melds_this_turn
        if room is not None and room <= 0:
            return []
        hand = state.hands[seat]
        melds = melds_of_faces([cid & FACE_MASK for cid in hand], self.rules.melds)
        if not melds:
            return []
        counts = [0] * FACE_COUNT
        for cid in hand:
            counts[cid & FACE_MASK] += 1
        uses = [tuple(card.index for card in meld.cards) for meld in melds]
        taken = state.taken if state.taken in hand and not self.rules.may_discard_taken else None
        taken_face = None if taken is None else taken & FACE_MASK
        minimum = melding.minimum_for(state.totals[seat]) if state.melded_on[seat] is None else None
        points = self.rules.scoring.points_of
        going_out = self.rules.ids.discard_to_go_out is None
        size = len(hand)
        actions: list[GoDown] = []
        combinations = (
            ((index,) for index in range(len(melds))) if melding.listed_singly else disjoint_combinations(uses, counts)
        )
        for combination in combinations:
            if room is not None and len(combination) > room:
                continue
            left = size - sum(len(uses[i]) for i in combination)
            # G-4: the only card left may not be the taken one (a play uses the taken copy first).
            if left == 1 and taken_face is not None and not any(taken_face in uses[i] for i in combination):
                continue
            if left == 0 and not going_out:
                continue
            if minimum is not None and sum(points(card) for i in combination for card in melds[i].cards) < minimum:
                continue
            actions.append(GoDown(seat=seat, melds=tuple(melds[i].cards for i in combination)))
        return actions

    def split(self, state: S, action: GoDown) -> Sequence[GoDown] | None:
        """Where the listing names one meld an action (`FreeMelds.listed_singly`), a play of several melds at once
        is its melds laid one after another: those holding the card taken from the discard pile first (it is
        played first, or kept from being the last card), then in the play's order."""
        if not self.melding.listed_singly or len(action.melds) < 2:
            return None
        taken = None if state.taken is None else face(state.taken)
        ordered = sorted(action.melds, key=lambda meld: taken not in meld)
        return [GoDown(seat=action.seat, melds=(meld,)) for meld in ordered]


# -- contract melds --------------------------------------------------------------------------------------


def _rank_key(card: Card) -> int:
    return int(card.rank)


def ordered_melds(melds: Sequence[Meld]) -> tuple[Meld, ...]:
    """The melds of a go-down in their one order, with the same cards: sets, then runs, by the ranks
    of their cards, then by the cards; a set's cards naturals first, then wild cards (2s before
    jokers), cards of one rank in suit order. (A run's order is its ranks', G-5.)"""
    ordered = []
    for meld in melds:
        cards = meld.cards
        if meld.kind == MeldKind.SET:
            rank = meld.ranks[0]
            cards = tuple(sorted(cards, key=lambda c: (c.rank is not rank, _rank_key(c), c.index)))
        key = (meld.kind == MeldKind.RUN, [_rank_key(c) for c in cards], list(meld.ranks), [c.index for c in cards])
        ordered.append((key, cards, meld))
    ordered.sort(key=lambda item: item[0])
    return tuple(Meld(meld.kind, cards, meld.ranks) for _, cards, meld in ordered)


class ContractGoDown(_GoDown[S]):
    """Go down: lay down exactly the round's contract in one action, once a round (``ids.once``); a
    player who has gone down starts no new meld that round
    ([`ContractMelds`][rummykit.standard.rules.ContractMelds])."""

    def __init__(self, rules: StandardRules) -> None:
        super().__init__(rules)
        self._whole_hand: dict[int, ContractSolver] = {}
        """By round, the contract solver of go-downs that use every card in hand (the round's contract with
        ``max_leftover=0``), where go-downs are listed in their least forms."""
        self._going_out_ways: dict[tuple[int, tuple[int, ...]], tuple[Meld, ...] | None] = {}
        """By round and the hand's faces, the go-down listed for going out (`_going_out`), if any: the first of
        the solver's ways (a hand asked about again and again, by a search, costs one enumeration)."""

    def check_condition(self, state: S, action: GoDown) -> None:
        if state.melded_on[action.seat] is not None:  # G-7: the seat's own condition, whoever's turn it is
            raise self.refuse(
                self.rules.ids.once, "a player goes down at most once a round, and this seat already has", action
            )

    def check(self, state: S, action: GoDown) -> GoDown:
        seat = action.seat
        ids = self.rules.ids
        cards = self.groups(action)
        contract = self.melding.contract_of(state.round)
        last = contract.max_leftover is not None
        rule = ids.last_contract if last and ids.last_contract else ids.meld
        used = self.played_cards(state, action, cards)
        melds = [self.read(group, contract) for group in action.melds]
        wanted = sorted(req.kind for req in contract.melds)
        laid = sorted(meld.kind for meld in melds)
        if laid != wanted:
            raise self.refuse(rule, f"round {state.round}'s contract is {contract}, not {_kinds(melds)}", action)
        if last:
            left = len(state.hands[seat]) - len(cards)
            assert contract.max_leftover is not None
            if left > contract.max_leftover:
                raise self.refuse(
                    rule,
                    f"in round {state.round} the melds must use every card in hand or every card but "
                    f"{contract.max_leftover}; {left} would be left",
                    action,
                )
        else:
            for meld in melds:
                requirement = next(req for req in contract.melds if req.kind == meld.kind)
                if requirement.exact and len(meld) != requirement.size:
                    raise self.refuse(
                        rule,
                        f"every {meld.kind} of a contract is exactly {requirement.size} cards, and {meld} is "
                        f"{len(meld)}",
                        action,
                    )
                if len(meld) < requirement.size:
                    raise self.refuse(
                        rule, f"every {meld.kind} of the contract has {requirement.size} or more cards", action
                    )
        self.check_leaves_a_way_out(state, used, action)
        return GoDown(seat=seat, melds=tuple(meld.cards for meld in ordered_melds(melds)))

    @property
    def melding(self) -> ContractMelds:
        melding = self.rules.melding
        assert isinstance(melding, ContractMelds)
        return melding

    def read(self, group: Sequence[Card], contract: Contract) -> Meld:
        """A group of a go-down as a meld. If it is no meld at all and the contract asks for one
        kind only, the refusal names that kind's rule (a broken set in a round of sets cites the set
        rule)."""
        rules = self.rules.melds
        try:
            return read_meld(group, rules)
        except IllegalActionError:
            kinds = {req.kind for req in contract.melds}
            if len(kinds) != 1:
                raise
            return read_meld(group, rules, kinds.pop())  # raises: no meld of that kind either

    def legal(self, state: S, seat: int) -> Iterable[GoDown]:
        """Every go-down the hand can make that leaves a way to end the turn (G-4). Where runs are not
        suited, suits never matter: one go-down is listed for each choice of its melds' ranks, the one
        with the fewest wild cards, the lowest first
        ([`fewest_wilds`][rummykit.standard.fewest_wilds]), naming the listed suits
        ([`canonical_go_down`][rummykit.standard.going_down.canonical_go_down]); it stands for every
        go-down of those ranks (``represent``). Where runs are suited and the contract's melds have a least
        size only, with same-turn lay-offs (Shanghai), one go-down is listed for each choice of places, each
        meld of its least size ([`least_forms`][rummykit.standard.least_forms]), and one that goes out with
        every card; a longer go-down is its least form and lay-offs (``split``). Where runs are suited
        otherwise, every go-down is listed."""
        if seat != state.turn or state.melded_on[seat] is not None:
            return []
        hand = state.hands[seat]
        solver = self.rules.solvers[min(state.round, len(self.melding.contracts))]
        if self.rules.melds.suited_runs:
            sizes = self._least_sizes(state)
            if sizes is not None:
                return self._least_forms(state, seat, sizes, solver)
            found = (self._listed(state, seat, ordered_melds(way)) for way in solver.ways([face(cid) for cid in hand]))
            return list(dict.fromkeys(action for action in found if action is not None))
        faces = [_RANK_FACES[cid & FACE_MASK] for cid in hand]
        contract = self.melding.contract_of(state.round)
        listed: list[tuple[Sequence[Meld], GoDown]] = []
        if contract.max_leftover is None and all(req.exact for req in contract.melds):
            if not solver.can_meet(faces):  # most hands (the solver looks for the melds' shapes only)
                return []
            pools = rank_pools(state, seat)
            by_choice: dict[RankChoice, list[tuple[Meld, ...]]] | None = None
            # the choices of ranks, found rank by rank: bounded however large the hand
            for way in fewest_wild_ways(faces, contract, self.rules.melds):
                action = self._listed(state, seat, canonical_go_down(way, pools))
                if action is None:  # G-4 refuses it: another way of the same ranks may leave a discard
                    by_choice = by_choice or _by_choice(solver.ways(faces))  # a hand of a card or two left
                    action = self._first_listed(state, seat, by_choice[ranks_of(way)], pools)
                if action is not None:
                    listed.append((way, action))
        else:
            pools = rank_pools(state, seat)
            for ways in _by_choice(solver.ways(faces)).values():
                action = self._first_listed(state, seat, ways, pools)
                if action is not None:
                    listed.append((ways[0], action))
        listed.sort(key=lambda item: _order(item[0], contract))
        return [action for _, action in listed]

    def represent(self, state: S, action: GoDown) -> GoDown | None:
        """The listed go-down of the same ranks as ``action`` (the one with the fewest wild cards), where
        runs are not suited. Where they are and go-downs are listed in their least forms, the listed one
        of the same choice of places ([`choice_of`][rummykit.standard.least_forms.choice_of]) if each
        meld of ``action`` is of its least size, or a run no lay-off order reaches from a shorter one (it
        stands for its lowest span of the least size,
        [`least_window`][rummykit.standard.least_forms.least_window]); if ``action`` goes out with every card
        in hand, the go-down listed for going out. ``None`` where every go-down is listed, or ``action`` is
        listed in parts (``split``)."""
        rules = self.rules.melds
        if rules.suited_runs:
            sizes = self._least_sizes(state)
            if sizes is None:
                return None
            if sum(len(group) for group in action.melds) == len(state.hands[action.seat]):
                return self._going_out(state, action.seat, list(self.legal(state, action.seat)))
            melds = [read_meld(group, rules) for group in action.melds]
            if least_parts(melds, sizes, rules, self._taken_face(state, action.seat)) is not None:
                return None
            least = [
                least_window(meld, sizes[MeldKind(meld.kind)], rules) if meld.kind == MeldKind.RUN else meld
                for meld in melds
            ]
            places = choice_of(least, rules)
            for listed in self.legal(state, action.seat):
                if choice_of([read_meld(group, rules) for group in listed.melds], rules) == places:
                    return listed
            return None
        choice = ranks_of([read_meld(group, rules) for group in action.melds])
        for listed in self.legal(state, action.seat):
            if ranks_of([read_meld(group, rules) for group in listed.melds]) == choice:
                return listed
        return None

    def split(self, state: S, action: GoDown) -> list[Action] | None:
        """Where go-downs are listed in their least forms, a go-down with a longer meld that leaves a card in
        hand as its least form, then the cards it could do without laid off one by one (SH-10's same-turn
        lay-offs), meld by meld in the go-down's order
        ([`least_parts`][rummykit.standard.least_forms.least_parts]); else ``None``."""
        rules = self.rules.melds
        sizes = self._least_sizes(state) if rules.suited_runs else None
        if sizes is None or sum(len(group) for group in action.melds) == len(state.hands[action.seat]):
            return None  # going out: represented (`represent`)
        melds = [read_meld(group, rules) for group in action.melds]
        parts = least_parts(melds, sizes, rules, self._taken_face(state, action.seat))
        if parts is None:
            return None
        kept = ordered_melds([least for least, _ in parts])
        first = GoDown(seat=action.seat, melds=tuple(meld.cards for meld in kept))
        free = list(range(len(kept)))
        at = []
        for least, _ in parts:  # equal melds (two runs of one suit and ranks) take their places in turn
            place = next(i for i in free if _same_cards(kept[i], least))
            free.remove(place)
            at.append(place)
        lay_offs: list[Action] = []
        for (least, added), place in zip(parts, at, strict=True):
            for card, low in added:
                end = None if least.kind == MeldKind.SET else (RunEnd.LOW if low else RunEnd.HIGH)
                lay_offs.append(LayOff(seat=action.seat, card=card, meld=len(state.table) + place, end=end))
        return [first, *lay_offs]

    def _least_sizes(self, state: S) -> dict[MeldKind, int] | None:
        """The least size of each kind of meld where this round's go-downs are listed in their least forms:
        its contract's melds have a least size only, all of a kind the same, and the player may lay off in
        the turn of going down; else ``None``."""
        if not self.melding.lay_off_same_turn:
            return None
        return least_sizes(self.melding.contract_of(state.round))

    @staticmethod
    def _taken_face(state: S, seat: int) -> Card | None:
        """The face of the card taken from the discard pile this turn, while ``seat`` holds it."""
        taken = state.taken
        return face(taken) if taken is not None and taken in state.hands[seat] else None

    def _least_forms(self, state: S, seat: int, sizes: dict[MeldKind, int], solver: ContractSolver) -> list[GoDown]:
        """One go-down for each choice of places, each meld of its least size, with the most natural
        cards ([`least_form_ways`][rummykit.standard.least_forms.least_form_ways]), that leaves a way to
        end the turn (G-4); where G-4 refuses it, the first of the same choice that it does not."""
        hand = state.hands[seat]
        faces = [face(cid) for cid in hand]
        if not solver.can_meet(faces):  # most hands (the solver looks for the melds' shapes only)
            return []
        contract = self.melding.contract_of(state.round)
        rules = self.rules.melds
        listed: list[tuple[Sequence[Meld], GoDown]] = []
        refused: dict[SuitedChoice, list[tuple[Meld, ...]]] | None = None
        for way in least_form_ways(faces, contract, rules, self._taken_face(state, seat)):
            action = self._listed(state, seat, ordered_melds(way))
            if action is None:  # G-4 binds only where a card or none would be left: a hand of a few cards
                if refused is None:
                    refused = {}
                    for other in solver.ways(faces):
                        if all(len(meld.cards) == sizes[MeldKind(meld.kind)] for meld in other):
                            refused.setdefault(choice_of(other, rules), []).append(other)
                others = sorted(refused.get(choice_of(way, rules), []), key=lambda w: preference(w, rules))
                action = next(
                    (found for other in others if (found := self._listed(state, seat, ordered_melds(other)))), None
                )
            if action is not None:
                listed.append((way, action))
        listed.sort(key=lambda item: _order(item[0], contract))
        actions = [action for _, action in listed]
        if actions:
            out = self._going_out(state, seat, actions)
            if out is not None and out not in actions:
                actions.append(out)
        return actions

    def _going_out(self, state: S, seat: int, listed: Sequence[GoDown]) -> GoDown | None:
        """The go-down listed for going out with every card in hand (a round it ends is alike however the
        cards are laid: the player's hand is empty, the others' hands are as they were): a listed least
        form that uses every card, else the first way the contract solver finds to use them all."""
        size = len(state.hands[seat])
        if self.rules.ids.discard_to_go_out is not None:
            return None
        whole = next((action for action in listed if sum(len(group) for group in action.melds) == size), None)
        if whole is not None:
            return whole
        key = (state.round, tuple(sorted(cid & FACE_MASK for cid in state.hands[seat])))
        if key not in self._going_out_ways:
            solver = self._whole_hand.get(state.round)
            if solver is None:
                contract = attrs.evolve(self.melding.contract_of(state.round), max_leftover=0)
                solver = self._whole_hand[state.round] = ContractSolver(contract, self.rules.melds)
            ways = solver.ways([face(index) for index in key[1]])
            if len(self._going_out_ways) >= 1024:
                self._going_out_ways.clear()
            self._going_out_ways[key] = ordered_melds(ways[0]) if ways else None
        way = self._going_out_ways[key]
        return None if way is None else self._listed(state, seat, way)

    def _first_listed(
        self, state: S, seat: int, ways: Sequence[tuple[Meld, ...]], pools: dict[int, list[Card]]
    ) -> GoDown | None:
        """The go-down of ``ways`` (of one choice of ranks, suits set aside) that the listing names: the
        first that leaves a way to end the turn, by [`preference`][rummykit.standard.fewest_wilds.preference]
        (``pools``: the hand's cards by rank, [`rank_pools`][rummykit.standard.going_down.rank_pools])."""
        rules = self.rules.melds
        for way in sorted(ways, key=lambda w: preference(w, rules)):
            action = self._listed(state, seat, canonical_go_down(way, pools))
            if action is not None:
                return action
        return None

    def _listed(self, state: S, seat: int, melds: Sequence[Meld]) -> GoDown | None:
        """``melds`` as a listed go-down, or ``None`` if it leaves no way to end the turn (G-4)."""
        hand = state.hands[seat]
        if len(hand) - sum(len(meld.cards) for meld in melds) <= 1:
            used = pick_cards(hand, [card for meld in melds for card in meld.cards], prefer=state.taken)
            assert used is not None
            if not self.leaves_a_way_out(state, seat, used):
                return None
        return GoDown(seat=seat, melds=tuple(meld.cards for meld in melds))


def _same_cards(one: Meld, other: Meld) -> bool:
    """Whether two melds are of one kind and hold the same cards (in any order: a set's is its own)."""
    return one.kind == other.kind and sorted(c.index for c in one.cards) == sorted(c.index for c in other.cards)


def _by_choice(ways: Iterable[tuple[Meld, ...]]) -> dict[RankChoice, list[tuple[Meld, ...]]]:
    """``ways`` by their choice of ranks ([`ranks_of`][rummykit.standard.fewest_wilds.ranks_of]), in order."""
    grouped: dict[RankChoice, list[tuple[Meld, ...]]] = {}
    for way in ways:
        grouped.setdefault(ranks_of(way), []).append(way)
    return grouped


def _order(way: Sequence[Meld], contract: Contract) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The order of listed go-downs: the contract solver's order of their ways (suits set aside): melds
    in the contract's order of kinds, equal kinds by [`meld_key`][rummykit.core.solver.meld_key]."""
    kinds: list[str] = [req.kind for req in contract.melds]
    return tuple(meld_key(meld) for meld in sorted(way, key=lambda meld: (kinds.index(meld.kind), meld_key(meld))))


def _kinds(melds: Sequence[Meld]) -> str:
    sets = sum(1 for meld in melds if meld.kind == MeldKind.SET)
    runs = len(melds) - sets
    parts = [f"{n} {kind}{'s' if n != 1 else ''}" for n, kind in ((sets, "set"), (runs, "run")) if n]
    return " + ".join(parts) or "nothing"


def _rank_face(index: int) -> Card:
    card = face(index)
    return card if card.suit is None else Card.of(card.rank, Suit.CLUBS)


_RANK_FACES: Final = tuple(_rank_face(index) for index in range(FACE_COUNT))
"""Each face (by `Card.index`) with its suit set aside: the clubs card of its rank (a joker stays)."""


def rank_pools(state: StandardState, seat: int) -> dict[int, list[Card]]:
    """The faces of ``seat``'s hand by rank value, in the order
    [`canonical_go_down`][rummykit.standard.going_down.canonical_go_down] takes them: the card taken
    from the discard pile first, then by suit, then as received."""
    taken = state.taken
    pools: dict[int, list[Card]] = {}
    for cid in sorted(state.hands[seat], key=lambda c: (c != taken, face(c).suit or 0, c)):
        card = face(cid)
        pools.setdefault(int(card.rank), []).append(card)
    return pools


def canonical_go_down(melds: Sequence[Meld], pools: dict[int, list[Card]]) -> tuple[Meld, ...]:
    """The go-down the listing names for the ranks of ``melds`` (suits never matter): in the order of
    [`ordered_melds`][rummykit.standard.going_down.ordered_melds], each card taken from the hand by rank
    (``pools``, [`rank_pools`][rummykit.standard.going_down.rank_pools])."""
    given: dict[int, int] = {}
    result = []
    for meld in ordered_melds(melds):
        faces = []
        for card in meld.cards:
            key = _rank_key(card)
            position = given.get(key, 0)
            given[key] = position + 1
            faces.append(pools[key][position])
        result.append(Meld(meld.kind, tuple(faces), meld.ranks))
    return ordered_melds(result)
