"""A declared hand, a cut wild rank and drops: 13-card Indian Rummy's mechanics, as data a variant declares
([`DeclaredRules`][rummykit.standard.declaring.DeclaredRules]).

- **A declared hand** ([`Declare`][rummykit.standard.declaring.Declare]): nothing is melded during play. After
  the draw, a seat lays one card on the finish slot and shows the other cards arranged into groups; the round
  ends if the groups are valid and meet the conditions (`Declaring`: so many runs, so many of them pure). The
  groups go on the table, and every other seat's hand is arranged as well as it can be
  ([`best_arrangement`][rummykit.standard.declaring.best_arrangement]); what is left counts against it. A wrong
  declaration costs a fixed penalty, and the seat leaves the deal.
- **A cut wild rank** (`CutWild`): after the deal a card is turned from the stock; every card of its rank is wild
  this deal, beside the printed jokers (a printed joker turned makes the aces wild).
- **Drops** (`Drops`, [`Drop`][rummykit.standard.declaring.Drop]): on their turn, before drawing, a seat leaves
  the deal for a fixed penalty: less before its first draw than later.

Examples:
    >>> import rummykit
    >>> game = rummykit.build_position(
    ...     "indian-rummy", 2, hands=["4H 5H 6H 7C 8C JK QS QD QC 2D 2S 2H 9S", None], piles={"cut": "9D"}
    ... )
    >>> game.view(0).wild_rank
    '9'
    >>> _ = game.apply(rummykit.Draw(seat=0))
    >>> declare = [action for action in game.legal_actions(0) if action.kind == "declare"]
    >>> len(declare) > 0
    True
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs

from rummykit.core.actions import Action, to_card, to_melds
from rummykit.core.cards import Card, CardId, Rank, Suit, face, format_cards
from rummykit.core.errors import IllegalActionError, InvalidPositionError
from rummykit.core.melds import Meld, MeldKind, MeldRules, read_meld
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.state import Phase, RoundEnd, TableMeld, in_hand, in_pile, on_table
from rummykit.core.views import shown
from rummykit.standard.moves import StandardMove
from rummykit.standard.plugin import StandardView
from rummykit.standard.rules import StandardRules
from rummykit.standard.state import StandardState
from rummykit.standard.turns import end_turn, pick_cards, remove_cards

__all__ = [
    "OUT_REASONS",
    "Arranger",
    "CutWild",
    "Declare",
    "DeclareMove",
    "DeclaredRules",
    "DeclaredState",
    "DeclaredView",
    "Declaring",
    "Drawing",
    "Drop",
    "DropMove",
    "Drops",
    "Group",
    "arrange_declared",
    "best_arrangement",
    "check_declared",
    "cut_wild",
    "deal_declared",
    "declared_moves",
    "declared_view_fields",
    "note_drawn",
    "penalty_of",
    "point_of",
    "read_group",
]

OUT_REASONS: Final = ("first-drop", "middle-drop", "wrong-show", "eliminated")
"""Why a seat is out of a deal (`DeclaredState.out`): it dropped before its first draw, or later, it declared
wrongly, or (a game of deals to a pool) it is out of the game."""


@attrs.frozen
class Declare(Action):
    """Lay ``card`` on the finish slot and show the rest of the hand as ``groups``: the declaration that ends the
    round if the groups are valid and meet the table's conditions, else a wrong show (`Declaring.wrong_show`)."""

    kind: ClassVar[str] = "declare"

    card: Card = attrs.field(converter=to_card)
    groups: tuple[tuple[Card, ...], ...] = attrs.field(converter=to_melds)

    def describe(self) -> str:
        return f"declare, {self.card} on the finish slot, with " + " / ".join(format_cards(g) for g in self.groups)


@attrs.frozen
class Drop(Action):
    """Leave the deal, before the turn's draw, for the table's penalty (`Drops`)."""

    kind: ClassVar[str] = "drop"

    def describe(self) -> str:
        return "drop out of the deal"


@attrs.frozen(kw_only=True)
class Declaring:
    """A declared hand's conditions and its scoring.

    Attributes:
        sequences: the fewest runs (sequences) a declaration holds.
        pure: how many of them hold no wild card standing for another card (a wild-rank card in its own place
            is itself).
        set_suits_differ: a set holds at most one card of each suit (its wild cards aside).
        cap: the most a seat's cards left count against it (``None``: no cap).
        full_count: a seat whose best arrangement misses the conditions counts every card.
        wrong_show: what a wrong declaration costs.
        rule: the declaration (cited when a declaration does not show the whole hand).
        groups_rule: the groups and their conditions (cited in a wrong show's reason).
        wrong_rule: the wrong show.
        last_rule: the round's end when one seat alone is left in the deal, the others dropped or shown wrongly.
    """

    sequences: int = 2
    pure: int = 1
    set_suits_differ: bool = True
    cap: int | None = 80
    full_count: bool = True
    wrong_show: int = 80
    rule: str
    groups_rule: str
    wrong_rule: str
    last_rule: str


@attrs.frozen(kw_only=True)
class Drops:
    """Leaving a deal on one's turn, before drawing: ``first`` before the seat's first draw of the deal, ``middle``
    after it; ``rule`` says so."""

    first: int
    middle: int
    rule: str


@attrs.frozen(kw_only=True)
class CutWild:
    """After the deal the top card of the stock is turned and laid aside face up (the pile ``cut``): every card
    of its rank is wild this deal; a printed joker turned makes ``joker_makes`` wild. ``rule`` says so."""

    rule: str
    joker_makes: Rank = Rank.ACE


@attrs.frozen(kw_only=True)
class DeclaredRules(StandardRules):
    """The rules of a standard rummy whose round ends by a declared hand.

    Attributes:
        declaring: the declaration's conditions and scoring.
        drops: leaving a deal (``None``: nobody drops).
        cut_wild: a wild rank cut each deal (``None``: only the printed jokers are wild).
    """

    declaring: Declaring
    drops: Drops | None = None
    cut_wild: CutWild | None = None
    wild_melds: Mapping[Rank | None, MeldRules] = attrs.field(init=False, eq=False, repr=False)
    """The meld rules with each rank wild beside the printed jokers (``None``: the printed jokers alone)."""
    natural_melds: MeldRules = attrs.field(init=False, eq=False, repr=False)
    """The meld rules with no card wild: a group they read is natural (a pure run)."""

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        printed = self.melds.wild_faces
        by_rank: dict[Rank | None, MeldRules] = {None: self.melds}
        for rank in Rank:
            if rank is not Rank.JOKER:
                faces = printed | {Card.of(rank, suit) for suit in Suit}
                by_rank[rank] = attrs.evolve(self.melds, wild_faces=frozenset(faces))
        object.__setattr__(self, "wild_melds", by_rank)  # a dict: it pickles (read it, never change it)
        object.__setattr__(self, "natural_melds", attrs.evolve(self.melds, wild_faces=frozenset()))


@attrs.define(kw_only=True)
class DeclaredState(StandardState):
    """The state of a round that ends by a declared hand: the standard rummy's, and the deal's wild rank, who is out
    of the deal and why, who has drawn, and what each seat's declaration was worth.

    Attributes:
        wild_rank: this deal's wild rank, cut from the stock (``None``: none cut).
        out: per seat, ``""`` while it plays the deal, else why it is out (`OUT_REASONS`).
        drawn: per seat, whether it has drawn in this deal (a drop then is a middle drop).
    """

    rules: DeclaredRules
    wild_rank: Rank | None = None
    out: list[str] = attrs.Factory(list)
    drawn: list[bool] = attrs.Factory(list)

    def start_round(self) -> None:
        super().start_round()
        self.out = ["eliminated" if reason == "eliminated" else "" for reason in self.out] or [""] * self.players
        self.drawn = [False] * self.players

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The next seat still in the deal; once the deal has ended, the next seat (the deal passes one seat forward,
        whoever is still in the game)."""
        out = self.out
        if self.round_end is not None or not out:
            return super().next_seat(seat, step)
        for _ in range(step):
            for _ in range(self.players):
                seat = (seat + 1) % self.players
                if not out[seat]:
                    break
        return seat

    def read_table_meld(self, cards: Sequence[Card], kind: str) -> Meld:
        """A declared group on the table, read with this deal's wild cards (`read_group`)."""
        meld = read_group(cards, self.rules, self.wild_rank).meld
        if meld.kind != kind:
            raise IllegalActionError(self.rules.declaring.groups_rule, f"{format_cards(cards)} is a {meld.kind}")
        return meld

    @property
    def wild_faces(self) -> frozenset[Card]:
        """The faces wild this deal."""
        return self.rules.wild_melds[self.wild_rank].wild_faces

    def in_deal(self) -> list[int]:
        """The seats still playing the deal."""
        return [seat for seat in range(self.players) if not self.out[seat]]


@attrs.frozen(kw_only=True)
class DeclaredView(StandardView):
    """The view of a round that ends by a declared hand: the standard rummy's, the cut card and the wild rank, and
    who is out of the deal.

    Attributes:
        cut_card: the card cut to name the wild rank, face up (``None``: none).
        wild_rank: the rank wild this deal beside the printed jokers.
        out: per seat, why it is out of the deal (``""``: it plays).
        finish: the cards laid on the finish slot by declarations, face up.
        wrong_shows: the cards of the wrong declarations, shown as declared (set aside face up).
    """

    cut_card: Card | None = shown("cut card", hidden_if=None, default=None)
    wild_rank: str | None = shown("wild rank", hidden_if=None, default=None)
    out: tuple[str, ...] = shown("out", per_seat=True, default=())
    finish: tuple[Card, ...] = shown("finish slot", hidden_if=(), default=())
    wrong_shows: tuple[Card, ...] = shown("shown wrongly", hidden_if=(), default=())


def declared_view_fields(state: DeclaredState) -> dict[str, Any]:
    """The fields a [`DeclaredView`][rummykit.standard.declaring.DeclaredView] adds for ``state``."""
    cut = state.piles.get("cut", [])
    rank = state.wild_rank
    return {
        "cut_card": face(cut[-1]) if cut else None,
        "wild_rank": None if rank is None else rank.symbol,
        "out": tuple(state.out),
        "finish": tuple(face(cid) for cid in state.piles.get("finish", ())),
        "wrong_shows": tuple(face(cid) for cid in state.piles.get("shown", ())),
    }


@attrs.frozen
class Group:
    """A group of a declared hand, read: its meld, and whether it is a pure run."""

    meld: Meld
    pure: bool

    @property
    def is_run(self) -> bool:
        return self.meld.kind == MeldKind.RUN


def read_group(cards: Sequence[Card], rules: DeclaredRules, wild_rank: Rank | None) -> Group:
    """``cards`` as a group of a declared hand: a natural meld (a pure run, or a set), else a meld with this deal's
    wild cards; a set's cards of distinct suits where `Declaring.set_suits_differ`.

    Raises:
        IllegalActionError: citing the group rule, saying what is wrong.
    """
    rule = rules.declaring.groups_rule
    # natural; else with the printed jokers wild (the wild rank's own cards as themselves); else with the deal's
    readings = (rules.natural_melds, rules.wild_melds[None], rules.wild_melds[wild_rank])
    problem = ""
    for number, melds in enumerate(readings):
        try:
            meld, natural = read_meld(cards, melds), number == 0
        except IllegalActionError as err:
            problem = problem or err.reason
            continue
        break
    else:
        raise IllegalActionError(rule, f"{format_cards(cards)} is no set or run ({problem})")
    if meld.kind == MeldKind.SET and rules.declaring.set_suits_differ:
        wild = rules.wild_melds[wild_rank].wild_faces  # a wild card of the set's rank may stand for any suit's
        suits = [
            card.suit
            for card, rank in zip(meld.cards, meld.ranks, strict=True)
            if card.rank is rank and card not in wild
        ]
        if len(suits) != len(set(suits)):
            raise IllegalActionError(rule, f"{format_cards(cards)} is a set with two cards of one suit")
    return Group(meld, natural and meld.kind == MeldKind.RUN)


def conditions_met(groups: Iterable[Group], declaring: Declaring) -> bool:
    """Whether ``groups`` hold the runs the declaration needs, and enough of them pure."""
    runs = [group for group in groups if group.is_run]
    return len(runs) >= declaring.sequences and sum(group.pure for group in runs) >= declaring.pure


@attrs.frozen
class _Shape:
    """A group's natural cards (a mask of the hand's places), how many wild cards it needs, and what it is."""

    mask: int
    places: tuple[tuple[int, ...], ...]  # a run's places in order (each hand place, or () for a wild); a set: ()
    need: int
    is_run: bool
    pure: bool


def _shapes(hand: Sequence[Card], wild: frozenset[Card], rules: DeclaredRules) -> dict[int, list[_Shape]]:
    """The groups the hand's cards that are not printed jokers could form, each with the wild cards it would need
    (`IND-6`, `IND-7`), by the lowest place of its natural cards: sets of one rank with distinct suits (1 to 4 cards,
    wild cards up to 3), and runs of one suit over every stretch of the run order that starts and ends with a card
    held, or is 3 places long (the gaps filled by wild cards)."""
    melds = rules.melds
    order = melds.run_values
    shapes: list[_Shape] = []
    by_rank: dict[int, dict[Suit, list[int]]] = {}
    by_suit: dict[Suit, dict[int, list[int]]] = {}
    for place, card in enumerate(hand):
        if card.is_joker or card.suit is None:
            continue
        by_rank.setdefault(int(card.rank), {}).setdefault(card.suit, []).append(place)
        by_suit.setdefault(card.suit, {}).setdefault(int(card.rank), []).append(place)
    distinct = rules.declaring.set_suits_differ
    for suits in by_rank.values():
        options = list(suits.values()) if distinct else [[p] for copies in suits.values() for p in copies]
        for size in range(1, min(len(options), 4 if distinct else len(options)) + 1):
            for chosen in itertools.combinations(options, size):
                for places in itertools.product(*chosen):
                    mask = functools.reduce(operator.or_, (1 << p for p in places))
                    shapes.append(_Shape(mask, (), max(0, 3 - size), False, False))
    wilds = sum(1 for card in hand if card in wild)  # no group needs more wild cards than the hand holds
    for held in by_suit.values():
        for start in range(len(order)):
            for stop in range(start + 3, len(order) + 1):
                window = order[start:stop]
                if len(set(window)) != len(window):
                    break  # the ace at both ends: no run turns the corner
                present = [held.get(value, []) for value in window]
                gaps = sum(1 for copies in present if not copies)
                if gaps > wilds:
                    if stop - start > 3:
                        break  # longer windows have these gaps too
                    continue
                if gaps == len(window) or (stop - start > 3 and not (present[0] and present[-1])):
                    continue
                for choice in itertools.product(*[copies or [-1] for copies in present]):
                    mask = functools.reduce(operator.or_, (1 << p for p in choice if p >= 0), 0)
                    need = choice.count(-1)
                    shapes.append(_Shape(mask, tuple((p,) if p >= 0 else () for p in choice), need, True, need == 0))
    lowest: dict[int, list[_Shape]] = {}
    for shape in shapes:
        lowest.setdefault((shape.mask & -shape.mask).bit_length() - 1, []).append(shape)
    return lowest


def best_arrangement(
    hand: Sequence[Card], rules: DeclaredRules, wild_rank: Rank | None, *, whole: bool = False
) -> tuple[Group, ...] | None:
    """The groups that leave the fewest points of ``hand`` out of them while meeting the declaration's conditions
    (`Declaring`), or ``None`` if no arrangement meets them. With ``whole``, only an arrangement of every card counts
    (a declaration's). A card of the wild rank is itself or a wild card, as the groups need; left out, a wild card
    counts nothing (`point_of`).

    Examples:
        >>> import rummykit
        >>> from rummykit.core.cards import parse_cards
        >>> rules = rummykit.new_game("indian-rummy", players=2, seed=1).state.rules
        >>> hand = parse_cards("4H 5H 6H 7C 8C JK QS QD QC 2D 2S 9S KH")
        >>> [str(group.meld) for group in best_arrangement(hand, rules, Rank.NINE)]  # KH left out: 10 points
        ['4H 5H 6H', 'JK(6) 7C 8C', 'QS QD QC', '2D 2S 9S(2)']
    """
    return Arranger(hand, rules, wild_rank).arrange(whole=whole)


class Arranger:
    """The groups a hand's cards can form, found once (`_shapes`), and the best arrangement of the hand or of the
    hand but one card (the finish card of a declaration), as `best_arrangement` says."""

    def __init__(self, hand: Sequence[Card], rules: DeclaredRules, wild_rank: Rank | None) -> None:
        self.hand, self.rules, self.wild_rank = list(hand), rules, wild_rank
        self.lowest = _shapes(hand, rules.wild_melds[wild_rank].wild_faces, rules)

    def arrange(self, *, whole: bool = False, without: int | None = None) -> tuple[Group, ...] | None:
        """The best arrangement of the hand (but the card at place ``without``)."""
        return _arrange(self.hand, self.rules, self.wild_rank, self.lowest, whole=whole, without=without)


def _arrange(
    hand: Sequence[Card],
    rules: DeclaredRules,
    wild_rank: Rank | None,
    lowest: dict[int, list[_Shape]],
    *,
    whole: bool,
    without: int | None,
) -> tuple[Group, ...] | None:
    declaring = rules.declaring
    wild = rules.wild_melds[wild_rank].wild_faces
    out = 0 if without is None else 1 << without
    jokers = [place for place, card in enumerate(hand) if card.is_joker and place != without]
    naturals = (1 << len(hand)) - 1 & ~functools.reduce(operator.or_, (1 << p for p in jokers), 0) & ~out
    wild_places = [place for place, card in enumerate(hand) if card in wild and not card.is_joker]
    wild_mask = functools.reduce(operator.or_, (1 << p for p in wild_places), 0) & ~out
    worth = [point_of(card, rules, wild_rank) for card in hand]
    runs_needed, pure_needed = declaring.sequences, declaring.pure

    @functools.cache
    def best(left: int, free: int, runs: int, pure: int) -> tuple[int, tuple[tuple[_Shape, int], ...]] | None:
        """The most points grouped from the places ``left`` with ``free`` printed jokers, and the groups (each with
        the wild-rank places it takes as wild cards), with ``runs`` and ``pure`` so far."""
        if not left:
            return (0, ()) if runs >= runs_needed and pure >= pure_needed else None
        place = (left & -left).bit_length() - 1
        rest = left & ~(1 << place)
        options = []
        if not whole or wild_mask >> place & 1:  # left out (a wild card left out joins a group: it counts 0)
            options.append(best(rest, free, runs, pure))
        for shape in lowest.get(place, ()):
            if shape.mask & left != shape.mask:
                continue
            after = left & ~shape.mask
            from_jokers = min(shape.need, free)
            taken = 0
            short = shape.need - from_jokers
            spare = after & wild_mask
            while short and spare:
                bit = spare & -spare
                taken |= bit
                spare &= ~bit
                short -= 1
            if short:
                continue
            found = best(
                after & ~taken,
                free - from_jokers,
                min(runs + shape.is_run, runs_needed),
                min(pure + shape.pure, pure_needed),
            )
            if found is not None:
                grouped = sum(worth[i] for i in range(len(hand)) if shape.mask >> i & 1)
                options.append((found[0] + grouped, ((shape, taken), *found[1])))
        found_options = [option for option in options if option is not None]
        return max(found_options, key=lambda option: option[0]) if found_options else None

    answer = best(naturals, len(jokers), 0, 0)
    if answer is None:
        return None
    return _groups(hand, answer[1], jokers, rules, wild_rank, whole=whole, without=without)


def _groups(
    hand: Sequence[Card],
    chosen: Sequence[tuple[_Shape, int]],
    jokers: list[int],
    rules: DeclaredRules,
    wild_rank: Rank | None,
    *,
    whole: bool,
    without: int | None = None,
) -> tuple[Group, ...] | None:
    """The cards of the groups ``chosen`` (jokers and wild-rank cards filling their gaps), read; with ``whole``, the
    wild cards left over added to a group that takes them."""
    free = list(jokers)
    used = 0
    cards_of: list[list[Card]] = []
    for shape, taken in chosen:
        fillers = [p for p in range(len(hand)) if taken >> p & 1]
        while len(fillers) < shape.need:
            fillers.append(free.pop(0))
            used |= 1 << fillers[-1]
        used |= shape.mask | taken
        if shape.is_run:
            cards = [hand[p[0]] if p else hand[fillers.pop()] for p in shape.places]
        else:
            cards = [hand[p] for p in range(len(hand)) if shape.mask >> p & 1] + [hand[p] for p in fillers]
        cards_of.append(cards)
    groups = [read_group(cards, rules, wild_rank) for cards in cards_of]
    if whole:
        spare = [
            p
            for p in range(len(hand))
            if not used >> p & 1 and p != without and (p in free or hand[p] in rules.wild_melds[wild_rank].wild_faces)
        ]
        for place in spare:
            for index, cards in enumerate(cards_of):
                for attempt in ([*cards, hand[place]], [hand[place], *cards]):
                    try:
                        group = read_group(attempt, rules, wild_rank)
                    except IllegalActionError:
                        continue
                    trial = [*groups[:index], group, *groups[index + 1 :]]
                    if conditions_met(trial, rules.declaring):
                        cards_of[index], groups = attempt, trial
                        break
                else:
                    continue
                break
            else:
                return None
    return tuple(groups)


def point_of(card: Card, rules: DeclaredRules, wild_rank: Rank | None) -> int:
    """What ``card`` counts against a seat: nothing if it is wild this deal, else its rank's points."""
    return 0 if card in rules.wild_melds[wild_rank].wild_faces else rules.scoring.points_of(card)


class DeclareMove(StandardMove[DeclaredState, Declare]):
    """Declare (`Declaring`): the finish card and the rest of the hand in groups. Valid, it ends the round and the
    other seats' hands are arranged on the table; wrong, the seat is out of the deal."""

    action_type = Declare
    phases = frozenset({Phase.PLAY})
    on_turn = True

    def __init__(self, rules: DeclaredRules) -> None:
        super().__init__(rules)
        self.declared_rules = rules

    def check(self, state: DeclaredState, action: Declare) -> Declare:
        cards = [action.card, *(card for group in action.groups for card in group)]
        self.played_cards(state, action, cards)
        if len(cards) != len(state.hands[action.seat]):
            raise self.refuse(
                self.declared_rules.declaring.rule,
                f"a declaration shows the whole hand: {len(state.hands[action.seat])} cards, the finish card and the "
                f"groups, not {len(cards)}",
                action,
            )
        if any(not group for group in action.groups):
            raise self.refuse(self.declared_rules.declaring.rule, "every group holds cards", action)
        return action

    def problem(self, state: DeclaredState, action: Declare) -> str | None:
        """What makes ``action`` a wrong show, in words, or ``None``: it is valid."""
        rules = self.declared_rules
        try:
            groups = [read_group(group, rules, state.wild_rank) for group in action.groups]
        except IllegalActionError as err:
            return err.reason
        if not conditions_met(groups, rules.declaring):
            need = rules.declaring
            return f"the groups need {need.sequences} runs, {need.pure} of them pure"
        return None

    def legal(self, state: DeclaredState, seat: int) -> Iterable[Declare]:
        """For each finish card (each face once) whose hand's rest can be arranged whole, a valid declaration; and
        one wrong show, which stands for every other (`represent`)."""
        if seat != state.turn:
            return []
        hand = [face(cid) for cid in state.hands[seat]]
        actions = []
        if _has_pure_run(hand, self.declared_rules):
            arranger = Arranger(hand, self.declared_rules, state.wild_rank)
            places = {card.index: place for place, card in reversed(list(enumerate(hand)))}
        else:
            places = {}
        for index in sorted(places):
            card = face(index)
            groups = arranger.arrange(whole=True, without=places[index])
            if groups is not None:
                actions.append(Declare(seat=seat, card=card, groups=tuple(group.meld.cards for group in groups)))
        actions.append(_wrong_show(seat, hand))
        return actions

    def represent(self, state: DeclaredState, action: Declare) -> Declare | None:
        """A wrong show: the listed wrong show; a valid declaration that is not listed: the one listed for its
        finish card, else the first listed (IND-C1)."""
        listed = list(self.legal(state, action.seat))
        if self.problem(state, action) is not None:
            return listed[-1]
        if action in listed:
            return None
        valid = listed[:-1]
        return next((other for other in valid if other.card == action.card), valid[0] if valid else None)

    def perform(self, state: DeclaredState, action: Declare, rng: Randomness) -> None:
        seat = action.seat
        hand = state.hands[seat]
        picked = pick_cards(hand, [action.card])
        assert picked is not None, "checked actions only"
        [finish] = picked
        remove_cards(hand, [finish])
        state.piles.setdefault("finish", []).append(finish)
        state.note_moved((finish,), in_hand(seat), in_pile("finish"))
        problem = self.problem(state, action)
        declaring = self.declared_rules.declaring
        if problem is not None:
            state.out[seat] = "wrong-show"
            _set_aside(state, seat, "shown")  # shown to all, as declared
            _leave_deal(state)
            return
        for cards in action.groups:
            _lay(state, seat, read_group(cards, self.declared_rules, state.wild_rank).meld)
        for other in state.in_deal():
            if other != seat:
                arranged = best_arrangement(
                    [face(cid) for cid in state.hands[other]], self.declared_rules, state.wild_rank
                )
                for group in arranged or ():
                    _lay(state, other, group.meld)
        rule = declaring.rule
        state.round_end = RoundEnd(seat, rule, f"seat {seat} declared ({rule})")


def _has_pure_run(hand: Sequence[Card], rules: DeclaredRules) -> bool:
    """Whether ``hand`` holds a pure run of the shortest length (IND-6): a declaration needs one, and most hands have
    none, so the search for a declaration is spared."""
    held: dict[Suit, set[int]] = {}
    for card in hand:
        if card.suit is not None:
            held.setdefault(card.suit, set()).add(int(card.rank))
    order = rules.melds.run_values
    least = rules.melds.min_run
    return any(
        all(value in places for value in order[start : start + least])
        for places in held.values()
        for start in range(len(order) - least + 1)
    )


def _wrong_show(seat: int, hand: Sequence[Card]) -> Declare:
    """The listed wrong show: the last card of the hand in card order finishes, the rest in one group."""
    ordered = sorted(hand, key=lambda card: card.index)
    return Declare(seat=seat, card=ordered[-1], groups=(tuple(ordered[:-1]),))


def _lay(state: DeclaredState, seat: int, meld: Meld) -> None:
    """Move the cards of ``meld`` from ``seat``'s hand to the table, as a meld of its own."""
    hand = state.hands[seat]
    ids = pick_cards(hand, list(meld.cards))
    assert ids is not None
    remove_cards(hand, ids)
    state.table.append(TableMeld(owner=seat, meld=meld, ids=tuple(ids)))
    state.note_moved(ids, in_hand(seat), on_table(len(state.table) - 1))
    state.note_laid(seat, ids)
    if state.melded_on[seat] is None:
        state.melded_on[seat] = state.played_on[seat] = state.turn_number


def _leave_deal(state: DeclaredState) -> None:
    """After a seat left the deal (a drop, a wrong show): the one seat left wins the round
    (`Declaring.last_rule`), else the next seat in the deal plays."""
    left = state.in_deal()
    if len(left) == 1:
        rule = state.rules.declaring.last_rule
        state.round_end = RoundEnd(left[0], rule, f"seat {left[0]} is the last seat in the deal ({rule})")
        return
    end_turn(state)


def _set_aside(state: DeclaredState, seat: int, pile: str = "out") -> None:
    """A seat out of the deal lays its hand aside: face down (the pile ``out``: a drop), or face up (``shown``: a
    wrong show, whose cards its declaration named)."""
    hand = state.hands[seat]
    state.piles.setdefault(pile, []).extend(hand)
    state.note_moved(list(hand), in_hand(seat), in_pile(pile))
    hand.clear()


class DropMove(StandardMove[DeclaredState, Drop]):
    """Drop out of the deal before the turn's draw (`Drops`): the first or a middle drop."""

    action_type = Drop
    phases = frozenset({Phase.DRAW})
    on_turn = True

    def __init__(self, rules: DeclaredRules) -> None:
        super().__init__(rules)
        assert rules.drops is not None
        self.drops = rules.drops

    def check_condition(self, state: DeclaredState, action: Drop) -> None:
        if action.seat == state.turn and state.phase != Phase.DRAW:
            raise self.refuse(self.drops.rule, "a player drops out on their turn before drawing, not after", action)

    def check(self, state: DeclaredState, action: Drop) -> Drop:
        return action

    def legal(self, state: DeclaredState, seat: int) -> Iterable[Drop]:
        return (Drop(seat=seat),) if seat == state.turn else ()

    def perform(self, state: DeclaredState, action: Drop, rng: Randomness) -> None:
        seat = action.seat
        state.out[seat] = "middle-drop" if state.drawn[seat] else "first-drop"
        _set_aside(state, seat)
        _leave_deal(state)


def penalty_of(state: DeclaredState, seat: int) -> int:
    """What ``seat`` counts for the deal that has just ended: its drop or wrong show's penalty, else the points of
    the cards left in its hand (every card where its arrangement missed the conditions), at most the cap."""
    rules = state.rules
    reason = state.out[seat]
    if reason == "eliminated":
        return 0
    if reason == "wrong-show":
        return rules.declaring.wrong_show
    if reason in ("first-drop", "middle-drop"):
        assert rules.drops is not None
        return rules.drops.first if reason == "first-drop" else rules.drops.middle
    points = sum(point_of(face(cid), rules, state.wild_rank) for cid in state.hands[seat])
    cap = rules.declaring.cap
    return points if cap is None else min(points, cap)


def check_declared(state: DeclaredState) -> None:
    """What a position of a declared hand must satisfy: one entry a seat, reasons among `OUT_REASONS`, a seat out
    of the deal holding nothing, the turn a seat in the deal."""
    players = state.players
    for name in ("out", "drawn"):
        if len(getattr(state, name)) != players:
            raise InvalidPositionError(f"extra.{name}", f"one entry per seat ({players})")
    for seat, reason in enumerate(state.out):
        if reason and reason not in OUT_REASONS:
            raise InvalidPositionError(f"extra.out[{seat}]", f"one of {', '.join(OUT_REASONS)}, or empty")
        if reason and state.hands[seat]:
            raise InvalidPositionError(f"hands[{seat}]", f"seat {seat} is out of the deal ({reason}): it holds no card")
    dealt = state.rules.deal.hand_size_of(state.round)
    for seat, hand in enumerate(state.hands):
        drawn = seat == state.turn and state.phase == Phase.PLAY
        if not state.out[seat] and state.phase != Phase.OVER and len(hand) != dealt + drawn:
            raise InvalidPositionError(
                f"hands[{seat}]",
                f"{len(hand)} cards: a seat in the deal holds the {dealt} dealt, and one more after its draw "
                f"({state.rules.ids.draw})",
            )
    if state.phase != Phase.OVER and state.out[state.turn]:
        raise InvalidPositionError("turn", f"seat {state.turn} is out of the deal")
    if len(state.in_deal()) < 2 and state.phase != Phase.OVER:
        raise InvalidPositionError("extra.out", "a deal is played by two seats or more")
    if len(state.piles.get("cut", [])) > 1:
        raise InvalidPositionError("piles.cut", "one card is cut a deal")
    if state.wild_rank != _cut_rank(state):
        cut = _cut_rank(state)
        raise InvalidPositionError("extra.wild_rank", f"the cut card makes {cut.symbol if cut else 'no rank'} wild")


def declared_moves(
    rules: DeclaredRules, moves: Mapping[type[Action], Move[Any, Any]]
) -> dict[type[Action], Move[Any, Any]]:
    """The moves of a declared hand: the standard draws and discard, the declaration, and the drop where there are
    drops (no meld or lay-off during play)."""
    kept: dict[type[Action], Move[Any, Any]] = {}
    for action, move in moves.items():
        if action.kind in ("draw", "take-discard"):
            kept[action] = Drawing(move)
        elif action.kind not in ("go-down", "lay-off"):
            kept[action] = move
    kept[Declare] = DeclareMove(rules)
    if rules.drops is not None:
        kept[Drop] = DropMove(rules)
    return kept


def cut_wild(state: DeclaredState) -> None:
    """Turn the top card of the stock and lay it aside (the pile ``cut``): its rank is wild this deal; a printed
    joker makes `CutWild.joker_makes` wild (`CutWild`)."""
    cut = state.rules.cut_wild
    if cut is None:
        state.wild_rank = None
        return
    stock = state.piles["stock"]
    card = stock.pop()
    state.piles["cut"] = [card]
    rank = face(card).rank
    state.wild_rank = cut.joker_makes if rank is Rank.JOKER else rank


def arrange_declared(state: DeclaredState, given: frozenset[str]) -> None:
    """A position built by hand, in what ``given`` leaves out: every seat in the deal, none having drawn but the
    turn player after its draw; the wild rank the cut card's (`cut_wild`)."""
    if "out" not in given:
        state.out = [""] * state.players
    if "drawn" not in given:
        state.drawn = [seat == state.turn and state.phase == Phase.PLAY for seat in range(state.players)]
    if "wild_rank" not in given:
        state.wild_rank = _cut_rank(state)


def _cut_rank(state: DeclaredState) -> Rank | None:
    cut, rule = state.piles.get("cut", []), state.rules.cut_wild
    if not cut or rule is None:
        return None
    rank = face(cut[-1]).rank
    return rule.joker_makes if rank is Rank.JOKER else rank


def note_drawn(state: DeclaredState, seat: int) -> None:
    """``seat`` has drawn in this deal: a drop from now on is a middle drop."""
    state.drawn[seat] = True


def deal_declared(state: DeclaredState, shoe: Sequence[CardId]) -> None:
    """Deal a round of a declared hand: the standard deal (`Deal`) to the seats in the game only (a seat out of
    the game gets nothing), the up-card, then the cut (`cut_wild`); the seat after the dealer starts."""
    rules = state.rules
    state.out = ["eliminated" if reason == "eliminated" else "" for reason in state.out] or [""] * state.players
    playing = [seat for seat in range(state.players) if state.out[seat] != "eliminated"]
    stock = list(reversed(shoe))  # top last
    start = state.next_seat(state.dealer)
    order = sorted(playing, key=lambda seat: (seat - start) % state.players)
    hands: list[list[CardId]] = [[] for _ in range(state.players)]
    for _ in range(rules.deal.hand_size_of(state.round)):
        for seat in order:
            hands[seat].append(stock.pop())
    state.hands = hands
    state.piles = {"stock": stock, "discard": [stock.pop()], "cut": [], "finish": [], "shown": [], "out": []}
    state.seat_piles = {}
    state.turn = start
    state.phase = rules.turns.opening
    state.start_round()
    cut_wild(state)


class Drawing(Move[DeclaredState, Action]):
    """A draw of the standard rummy that notes, besides, that its seat has drawn in this deal (`note_drawn`)."""

    def __init__(self, move: Move[DeclaredState, Action]) -> None:
        self.move = move
        self.action_type = move.action_type
        self.phases = move.phases
        self.on_turn = move.on_turn

    def check_condition(self, state: DeclaredState, action: Action) -> None:
        self.move.check_condition(state, action)

    def check(self, state: DeclaredState, action: Action) -> Action:
        return self.move.check(state, action)

    def legal(self, state: DeclaredState, seat: int) -> Iterable[Action]:
        return self.move.legal(state, seat)

    def perform(self, state: DeclaredState, action: Action, rng: Randomness) -> None:
        self.move.perform(state, action, rng)
        note_drawn(state, action.seat)
