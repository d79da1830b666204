"""Railroad Canasta's play: dealing, checking, performing and listing actions, scoring.

Every ``check_*`` function only reads the state and raises
[`IllegalActionError`][rummykit.errors.IllegalActionError] citing the rule; every ``perform_*`` function
is called only with an action its check accepted. Checking and listing share one description of a play's
outcome (`_Outcome`) and one test of what it leaves in hand (`_end_problem`), so that ``legal_actions``
lists exactly what ``apply`` accepts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast

import attrs

from rummykit.actions import Action, Discard, Draw, GoDown, LayOff
from rummykit.cards import Card, CardId, Rank, face
from rummykit.errors import IllegalActionError, InvalidActionError, InvalidPositionError
from rummykit.mechanics import end_turn, missing_cards, pick_cards, remove_cards
from rummykit.melds import Meld, MeldKind
from rummykit.shoe import Randomness
from rummykit.state import GameState, Phase, RoundEnd, TableMeld
from rummykit.views import base_view_fields
from rummykit_variants.railroad_canasta.actions import EndRound, LeaveKitty, PickUpKitty, TakePile
from rummykit_variants.railroad_canasta.melding import (
    CANASTA_SIZE,
    WILD_KEY,
    Shape,
    add_rule,
    added,
    can_add,
    canasta_kind,
    is_black_threes,
    is_closed,
    meld_key,
    rank_counts,
    read_group,
    shape_cards,
    shape_of,
    single_shapes,
)
from rummykit_variants.railroad_canasta.rules import (
    CANASTA_BONUS,
    CanastaKind,
    CanastaRules,
    card_value,
    initial_minimum,
    is_red_three,
    is_wild,
)
from rummykit_variants.railroad_canasta.state import CanastaExtra, CanastaPhase, RailroadCanastaView

__all__ = [
    "canasta_kinds",
    "check_action",
    "check_position",
    "deal",
    "game_over",
    "legal_actions",
    "perform_action",
    "score_round",
    "seat_score",
    "to_act",
    "view",
]

_SEVEN, _TWO, _JOKER, _THREE = int(Rank.SEVEN), int(Rank.TWO), int(Rank.JOKER), int(Rank.THREE)
_ALL_KINDS = frozenset(CanastaKind)
_LOOK_KINDS = frozenset({CanastaKind.SEVENS, CanastaKind.WILD, CanastaKind.RED})


def _rules(state: GameState) -> CanastaRules:
    return cast(CanastaRules, state.rules)


def _extra(state: GameState) -> CanastaExtra:
    return cast(CanastaExtra, state.extra)


def _refuse(rule: str, reason: str, action: Action) -> IllegalActionError:
    return IllegalActionError(rule, reason, action=action)


# -- the round ------------------------------------------------------------------------------------


def deal(state: GameState, shoe: Sequence[CardId]) -> None:
    """RC-3 and RC-C1: 13 cards to each hand and 11 to each kitty, one at a time from the seat
    after the dealer; red 3s in hands placed and replaced; then the up-card, which freezes the pile
    if it is a red 3 or a wild card (RC-15)."""
    rules = _rules(state)
    players = state.players
    stock = list(reversed(shoe))  # top last: shoe[0] comes off first
    start = state.next_seat(state.dealer)
    order = [(start + step) % players for step in range(players)]
    hands: list[list[CardId]] = [[] for _ in range(players)]
    kitties: list[list[CardId]] = [[] for _ in range(players)]
    for pile, size in ((hands, rules.hand_size), (kitties, rules.kitty_size)):
        for _ in range(size):
            for seat in order:
                pile[seat].append(stock.pop())
    state.hands = hands
    state.piles = {"stock": stock, "discard": []}
    state.seat_piles = {"kitty": kitties, "red_threes": [[] for _ in range(players)]}
    for seat in order:
        reds = [cid for cid in hands[seat] if is_red_three(face(cid))]
        remove_cards(hands[seat], reds)
        state.seat_piles["red_threes"][seat].extend(reds)
        _draw(state, seat, len(reds))
    up = stock.pop()
    state.piles["discard"].append(up)
    state.extra = CanastaExtra.for_round(players, frozen=is_red_three(face(up)) or is_wild(face(up)))
    state.turn = start
    state.phase = Phase.DRAW


def _draw(state: GameState, seat: int, count: int) -> None:
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


def _place_red_threes(state: GameState, seat: int, cards: Sequence[CardId]) -> None:
    """Cards from a taken pile or a kitty into ``seat``'s hand, its red 3s placed without
    replacement (RC-6)."""
    reds = state.seat_piles["red_threes"][seat]
    hand = state.hands[seat]
    for cid in cards:
        (reds if is_red_three(face(cid)) else hand).append(cid)


def seat_score(state: GameState, seat: int, *, went_out: bool = False) -> int:
    """RC-30 and RC-31: what ``seat`` scores for the round as things stand."""
    rules = _rules(state)
    score = rules.red_three_bonus * len(state.seat_piles["red_threes"][seat])
    for table_meld in state.table:
        if table_meld.owner == seat:
            score += sum(card_value(card) for card in table_meld.meld.cards)
            kind = canasta_kind(table_meld.meld)
            if kind is not None:
                score += CANASTA_BONUS[kind]
    score -= sum(card_value(face(cid)) for cid in state.hands[seat])
    score -= sum(card_value(face(cid)) for cid in state.seat_piles["kitty"][seat])
    return score + (rules.going_out_bonus if went_out else 0)


def score_round(state: GameState) -> list[int]:
    """RC-30, RC-31 (RC-C5: a round with nobody out has no going-out bonus)."""
    went_out = state.round_end[0] if state.round_end else None
    return [seat_score(state, seat, went_out=seat == went_out) for seat in range(state.players)]


def game_over(state: GameState) -> bool:
    """RC-32: a player has reached the target in this round or an earlier one (RC-C8), and nobody
    ties the highest total."""
    target = _rules(state).target
    if not any(max(result.totals) >= target for result in state.history):
        return False
    best = max(state.totals)
    return state.totals.count(best) == 1


def to_act(state: GameState) -> tuple[int, ...]:
    """The turn player (nobody once the game is over)."""
    return () if state.is_over else (state.turn,)


# -- what a seat has on the table -------------------------------------------------------------------


def canasta_kinds(state: GameState, seat: int) -> frozenset[CanastaKind]:
    """The kinds of canasta ``seat`` has completed this round (RC-12)."""
    return all_canasta_kinds(state)[seat]


#: The last answers of `all_canasta_kinds` by table list: the melds they were worked out from
#: (held, so that a hit is checked by identity) and the answer. Kept small.
_KINDS_MEMO: dict[int, tuple[tuple[TableMeld, ...], int, tuple[frozenset[CanastaKind], ...]]] = {}


def all_canasta_kinds(state: GameState) -> tuple[frozenset[CanastaKind], ...]:
    """The kinds of canasta each seat has completed this round (RC-12). Checking and listing ask
    this many times a step, so the answer is remembered until the table changes."""
    melds = tuple(state.table)
    hit = _KINDS_MEMO.get(id(state.table))
    if hit is not None and hit[1] == state.players and hit[0] == melds:
        return hit[2]
    kinds: list[set[CanastaKind]] = [set() for _ in range(state.players)]
    for table_meld in melds:
        kind = canasta_kind(table_meld.meld)
        if kind is not None:
            kinds[table_meld.owner].add(kind)
    answer = tuple(frozenset(k) for k in kinds)
    if len(_KINDS_MEMO) >= 64:
        _KINDS_MEMO.clear()
    _KINDS_MEMO[id(state.table)] = (melds, state.players, answer)
    return answer


def _open_melds(state: GameState, seat: int) -> dict[int, int]:
    """``seat``'s unfinished melds: the table index of each by key (RC-11)."""
    return {
        meld_key(m.meld): index
        for index, m in enumerate(state.table)
        if m.owner == seat and not is_closed(m.meld) and not is_black_threes(m.meld)
    }


def _others_sevens(state: GameState, seat: int) -> bool:
    """Every seat but ``seat`` has completed a sevens canasta (RC-18)."""
    kinds = all_canasta_kinds(state)
    return all(CanastaKind.SEVENS in kinds[other] for other in range(state.players) if other != seat)


def _sevens_done(state: GameState, seat: int, own_kinds: frozenset[CanastaKind]) -> bool:
    """RC-18: every player has completed a sevens canasta (``seat``'s kinds as given)."""
    return CanastaKind.SEVENS in own_kinds and _others_sevens(state, seat)


def may_discard(card: Card, sevens_done: bool) -> bool:
    """RC-18: a 7 is discarded only once every player has a sevens canasta."""
    return card.rank is not Rank.SEVEN or sevens_done


def may_look(state: GameState, seat: int) -> bool:
    """RC-20: ``seat`` has completed a canasta that is not black."""
    return bool(canasta_kinds(state, seat) & _LOOK_KINDS)


# -- the outcome of a play, shared by checking and listing ------------------------------------------


@attrs.frozen
class _Outcome:
    """What a meld play would leave: the hand's rank counts and size, the seat's canasta kinds, and
    whether black 3s go down."""

    counts: list[int]
    size: int
    kinds: frozenset[CanastaKind]
    others_sevens: bool
    black_threes: bool = False


def _end_problem(state: GameState, seat: int, outcome: _Outcome, *, exempt: bool) -> tuple[str, str] | None:
    """Why a play leaving ``outcome`` is refused (rule, reason), or ``None``: RC-7/RC-C4 for black 3s,
    RC-19 for too few cards or only 7s (unless ``exempt``: RC-19's exception), G-4 for no discard."""
    can_go_out = outcome.kinds >= _ALL_KINDS
    left = outcome.size
    if outcome.black_threes and (left != 1 or not can_go_out):
        return "RC-7", (
            "black 3s are melded only when going out: the play must leave one card, with a canasta of each kind (RC-C4)"
        )
    if not can_go_out and left < 2:
        return "RC-19", f"a player who cannot go out keeps at least 2 cards after melding, and {left} would be left"
    if left == 0:
        return "G-4", "it would leave no card to discard, and going out ends with a discard (RC-21)"
    if exempt:
        return None
    sevens = outcome.counts[_SEVEN]
    if left == 1:
        if sevens:
            return "G-4", "it would leave only a 7, which may not be the last discard (RC-21)"
        return None
    if sevens == left and not (CanastaKind.SEVENS in outcome.kinds and outcome.others_sevens):
        return "RC-19", "it would leave only 7s, which may not be discarded until every player has a sevens canasta"
    return None


def _after(counts: Sequence[int], size: int, used: Shape | Sequence[Shape]) -> tuple[list[int], int]:
    """Rank counts and size of a hand after the cards of ``used`` shapes leave it."""
    left = list(counts)
    shapes = (used,) if isinstance(used, Shape) else used
    for shape in shapes:
        if shape.key != WILD_KEY:
            left[shape.key] -= shape.naturals
        left[_TWO] -= shape.twos
        left[_JOKER] -= shape.jokers
        size -= shape.size
    return left, size


def _kinds_with(kinds: frozenset[CanastaKind], shapes: Sequence[Shape]) -> frozenset[CanastaKind]:
    new = {shape.canasta for shape in shapes}
    return kinds | {kind for kind in new if kind is not None}


def _removable(shape: Shape, *, fixed: int = 0) -> Iterator[tuple[int, int]]:
    """The ranks (and values) of the cards ``shape`` could do without and still be a meld (RC-8, RC-9, RC-7):
    none at 3 cards; a natural card while more than 2 (3 for black 3s; ``fixed`` more for the
    top card's meld, whose top card and pair stay) remain; any wild card."""
    if shape.size <= 3:
        return
    least = (3 if shape.key == _THREE else 2) + fixed
    if shape.key != WILD_KEY and shape.naturals > least:
        yield shape.key, shape.natural_value
    if shape.twos:
        yield _TWO, 20
    if shape.jokers:
        yield _JOKER, 50


def _excess(shapes: Sequence[Shape], slack: int, *, top: bool = False) -> Shape | None:
    """RC-C7: the first meld of an initial meld worth ``slack`` more than the minimum that it could
    do without, or that could do without one of its cards; ``None`` if it lays down just enough.
    With ``top``, ``shapes[0]`` is the top card's meld, which stays, with its top card and pair."""
    for i, shape in enumerate(shapes):
        fixed = 1 if top and i == 0 else 0
        if not fixed and shape.value <= slack:
            return shape
        if any(value <= slack for _, value in _removable(shape, fixed=fixed)):
            return shape
    return None


def _initial_sets(
    counts: Sequence[int],
    keys: Sequence[int],
    twos: int,
    jokers: int,
    minimum: int,
    chosen: tuple[Shape, ...] = (),
    value: int = 0,
    first: int = 0,
    *,
    top: bool = False,
) -> Iterator[tuple[Shape, ...]]:
    """Every initial meld (RC-13, RC-C7) from a hand of ``counts`` with ``twos`` and ``jokers`` to
    share: sets of new melds, at most one per key of ``keys`` from ``first`` on, added to
    ``chosen`` (worth ``value``), that reach ``minimum`` and lay down just enough. A set that has
    reached the minimum takes no further meld (it could do without it)."""
    for i in range(first, len(keys)):
        key = keys[i]
        for shape in single_shapes(key, counts[key] if key != WILD_KEY else 0, twos, jokers):
            melds = (*chosen, shape)
            total = value + shape.value
            if total >= minimum:
                if _excess(melds, total - minimum, top=top) is None:
                    yield melds
            else:
                yield from _initial_sets(
                    counts, keys, twos - shape.twos, jokers - shape.jokers, minimum, melds, total, i + 1, top=top
                )


def _meld_keys(counts: Sequence[int], exclude: set[int]) -> list[int]:
    """The keys a hand of ``counts`` could start a meld of: ranks 4 to A with 2 naturals, black 3s
    with 3, wild melds with 3 wild cards."""
    keys = [r for r in range(4, 15) if counts[r] >= 2 and r not in exclude]
    if counts[_THREE] >= 3 and _THREE not in exclude:
        keys.insert(0, _THREE)
    if counts[_TWO] + counts[_JOKER] >= 3 and WILD_KEY not in exclude:
        keys.append(WILD_KEY)
    return keys


def _canonical_order(shapes: Sequence[Shape]) -> tuple[Shape, ...]:
    """Melds of one action in rank order, wild melds last (RC-C6)."""
    return tuple(sorted(shapes, key=lambda s: (s.key == WILD_KEY, s.key, s.naturals, s.twos, s.jokers)))


# -- checking ----------------------------------------------------------------------------------------


def check_action(state: GameState, action: Action) -> Action:
    """Check ``action`` against every rule; return it as it will be carried out, or raise."""
    if isinstance(action, PickUpKitty | LeaveKitty):
        return _check_kitty(state, action)
    if action.seat != state.turn:
        if state.turn_number == 1 and state.phase == Phase.DRAW:
            raise _refuse("RC-2", f"the seat after the dealer, seat {state.turn}, plays first", action)
        raise _refuse("G-2", f"it is seat {state.turn}'s turn", action)
    if state.phase == CanastaPhase.KITTY:
        raise _refuse("RC-20", "the turn player first picks up their kitty or leaves it (RC-C5)", action)
    drawing = isinstance(action, Draw | TakePile | EndRound)
    if drawing and state.phase != Phase.DRAW:
        raise _refuse("RC-14", "a turn starts with one draw or one taking of the pile, and this one has", action)
    if not drawing and state.phase == Phase.DRAW:
        raise _refuse("RC-14", "a turn starts by drawing from the stock or taking the discard pile", action)
    if isinstance(action, Draw):
        if not state.piles["stock"]:
            raise _refuse("RC-22", "the stock is empty: take the discard pile or end the round", action)
        return action
    if isinstance(action, EndRound):
        if state.piles["stock"]:
            raise _refuse("RC-22", "the round ends this way only when the stock is empty", action)
        return action
    if isinstance(action, TakePile):
        return _check_take_pile(state, action)
    if isinstance(action, GoDown):
        return _check_go_down(state, action)
    if isinstance(action, LayOff):
        return _check_lay_off(state, action)
    if isinstance(action, Discard):
        return _check_discard(state, action)
    raise InvalidActionError(f"railroad-canasta has no action {action.kind!r}")  # pragma: no cover - engine checks


def _check_kitty(state: GameState, action: PickUpKitty | LeaveKitty) -> Action:
    """RC-20 (G-7: cited whoever's turn it is): a seat that has completed a canasta that is not black
    picks up its kitty, once a round, or leaves it, after its own discard (RC-C5)."""
    seat = action.seat
    if isinstance(action, PickUpKitty):
        if not may_look(state, seat):
            raise _refuse("RC-20", f"seat {seat} has not completed a canasta that is not black", action)
        if _extra(state).kitty_taken[seat]:
            raise _refuse("RC-20", f"seat {seat} has picked up its kitty this round already", action)
    if state.phase != CanastaPhase.KITTY or seat != state.turn:
        raise _refuse("RC-20", "the kitty is picked up (or left) right after its owner's discard", action)
    return action


def _hand_cards(state: GameState, seat: int) -> list[Card]:
    return [face(cid) for cid in state.hands[seat]]


def _check_holds(state: GameState, cards: Sequence[Card], action: Action) -> None:
    """G-7: the hand holds every card ``cards`` names (G-6: those are the cards that move)."""
    missing = missing_cards(state.hands[action.seat], cards)
    if missing:
        raise _refuse("G-7", f"the hand does not hold {' '.join(map(str, missing))}", action)


def _wild_order(card: Card) -> int:
    return 2 if card.rank is Rank.JOKER else 1 if card.rank is Rank.TWO else 0


def ordered_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a meld as a meld action records them (RC-C6): naturals, then 2s, then jokers,
    cards of one kind in the order given."""
    return tuple(sorted(cards, key=_wild_order))


def ordered_groups(melds: Sequence[Meld]) -> tuple[tuple[Card, ...], ...]:
    """The melds of one action as it records them (RC-C6): in rank order, wild melds last, each's
    cards in `ordered_cards` order. Each key appears once in an action (RC-11)."""
    ordered = sorted(melds, key=lambda meld: (meld_key(meld) == WILD_KEY, meld_key(meld)))
    return tuple(ordered_cards(meld.cards) for meld in ordered)


def _read(group: Sequence[Card], action: Action) -> Meld:
    try:
        return read_group(group)
    except IllegalActionError as err:
        err.action = action
        raise


def _check_new_keys(state: GameState, seat: int, melds: Sequence[Meld], action: Action, *, taken: int = -1) -> None:
    """RC-11 and RC-C2: one meld per key in an action, none of a key the seat has open."""
    keys = [meld_key(meld) for meld in melds]
    opened = _open_melds(state, seat)
    for meld, key in zip(melds, keys, strict=True):
        what = "wild melds" if key == WILD_KEY else f"{Rank(key).symbol}s"
        if keys.count(key) > 1 or key == taken:
            raise _refuse("RC-11", f"one action lays down at most one meld of {what} (RC-C2)", action)
        if key in opened:
            raise _refuse(
                "RC-11", f"seat {seat} already has an unfinished meld of {what} ({meld} would be a second)", action
            )


def _check_minimum(state: GameState, seat: int, shapes: Sequence[Shape], action: Action) -> None:
    """RC-13: an initial meld reaches the minimum."""
    minimum = initial_minimum(state.totals[seat])
    value = sum(shape.value for shape in shapes)
    if value < minimum:
        raise _refuse(
            "RC-13",
            f"an initial meld must be worth at least {minimum} at a total of {state.totals[seat]}, and this is worth "
            f"{value}",
            action,
        )


def _raise_end_problem(state: GameState, seat: int, outcome: _Outcome, action: Action, *, exempt: bool) -> None:
    problem = _end_problem(state, seat, outcome, exempt=exempt)
    if problem is not None:
        raise _refuse(*problem, action)


def sevens_exception(state: GameState, seat: int) -> bool:
    """RC-19's exception: ``seat``'s hand held only 7s right after drawing, and still does, while
    someone lacks a sevens canasta (RC-18). The player may then meld or lay off any or all of those
    7s, down to an empty hand, which ends the round (RC-22)."""
    hand = state.hands[seat]
    return (
        _extra(state).stuck
        and bool(hand)
        and all(face(cid).rank is Rank.SEVEN for cid in hand)
        and not _sevens_done(state, seat, canasta_kinds(state, seat))
    )


def _check_go_down(state: GameState, action: GoDown) -> GoDown:
    extra = _extra(state)
    seat = action.seat
    if not action.melds or any(not group for group in action.melds):
        raise InvalidActionError("a meld action lists one or more melds, each with its cards")
    initial = not extra.melded[seat]
    if not initial and len(action.melds) > 1:
        raise _refuse("RC-C2", "after the initial meld each meld action lays down one meld", action)
    hand = _hand_cards(state, seat)
    _check_holds(state, [card for group in action.melds for card in group], action)
    melds = [_read(group, action) for group in action.melds]
    _check_new_keys(state, seat, melds, action)
    shapes = _canonical_order([shape_of(meld) for meld in melds])
    if initial:
        _check_minimum(state, seat, shapes, action)
    if not sevens_exception(state, seat):
        counts, size = _after(rank_counts(hand), len(hand), shapes)
        kinds = _kinds_with(canasta_kinds(state, seat), shapes)
        others = _others_sevens(state, seat)
        outcome = _Outcome(counts, size, kinds, others, black_threes=any(s.key == _THREE for s in shapes))
        _raise_end_problem(state, seat, outcome, action, exempt=extra.stuck)
    return GoDown(seat=seat, melds=ordered_groups(melds))


def _check_lay_off(state: GameState, action: LayOff) -> LayOff:
    extra = _extra(state)
    seat = action.seat
    if action.end is not None:
        raise _refuse("RC-8", "melds are of one rank, not runs: a card added to a meld names no end", action)
    if not 0 <= action.meld < len(state.table):
        tables = f"melds 0 to {len(state.table) - 1}" if state.table else "no melds"
        raise _refuse("RC-8", f"there is no meld {action.meld} on the table ({tables})", action)
    target = state.table[action.meld]
    if target.owner != seat:
        raise _refuse("RC-8", f"meld {action.meld} is seat {target.owner}'s: nobody adds to another's melds", action)
    card = action.card
    _check_holds(state, [card], action)
    problem = can_add(target.meld, card)
    if problem is not None:
        problem.action = action
        raise problem
    if not sevens_exception(state, seat):
        hand = _hand_cards(state, seat)
        counts, size = _after(rank_counts(hand), len(hand), _card_shape(card))
        kinds = canasta_kinds(state, seat)
        after = canasta_kind(added(target.meld, card))
        if after is not None:
            kinds |= {after}
        outcome = _Outcome(counts, size, kinds, _others_sevens(state, seat), black_threes=card.rank is Rank.THREE)
        _raise_end_problem(state, seat, outcome, action, exempt=extra.stuck)
    return LayOff(seat=seat, card=card, meld=action.meld)


def _card_shape(card: Card) -> Shape:
    if card.rank is Rank.TWO:
        return Shape(WILD_KEY, 0, 1, 0)
    if card.rank is Rank.JOKER:
        return Shape(WILD_KEY, 0, 0, 1)
    return Shape(int(card.rank), 1)


def _check_discard(state: GameState, action: Discard) -> Discard:
    seat = action.seat
    hand = state.hands[seat]
    card = action.card
    if not any(face(cid) == card for cid in hand):
        raise _refuse("G-7", f"the hand does not hold {card}", action)
    kinds = canasta_kinds(state, seat)
    if len(hand) == 1:
        if not kinds >= _ALL_KINDS:
            missing = ", ".join(sorted(kind.value for kind in _ALL_KINDS - kinds))
            raise _refuse("RC-21", f"going out needs a canasta of each kind, and seat {seat} lacks {missing}", action)
        if card.rank is Rank.SEVEN:
            raise _refuse("RC-21", "the last card discarded to go out may not be a 7", action)
    if not may_discard(card, _sevens_done(state, seat, kinds)):
        raise _refuse("RC-18", "a 7 may not be discarded until every player has completed a sevens canasta", action)
    return action


def _pile_rest(state: GameState) -> tuple[list[int], int]:
    """Rank counts and size of the discard pile below its top card, red 3s left out (RC-17)."""
    rest = [face(cid) for cid in state.piles["discard"][:-1]]
    kept = [card for card in rest if not is_red_three(card)]
    return rank_counts(kept), len(kept)


def _take_outcome(
    state: GameState,
    seat: int,
    top: Card,
    onto: int | None,
    shapes: Sequence[Shape],
    hand_counts: Sequence[int],
    others_sevens: bool,
) -> _Outcome:
    """What taking the pile leaves: ``shapes[0]`` is the top card's meld (its top card included, or
    on the unfinished meld ``onto``), the rest other new melds."""
    top_shape, others = shapes[0], shapes[1:]
    rank = int(top.rank)
    from_hand = attrs.evolve(top_shape, naturals=top_shape.naturals - 1)
    counts, size = _after(hand_counts, sum(hand_counts), [from_hand, *others])
    kinds = _kinds_with(canasta_kinds(state, seat), others)
    if onto is None:
        kinds = _kinds_with(kinds, [top_shape])
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
    rest, rest_size = _pile_rest(state)
    counts = [a + b for a, b in zip(counts, rest, strict=True)]
    black = any(s.key == _THREE for s in others)
    return _Outcome(counts, size + rest_size, kinds, others_sevens, black_threes=black)


def _check_take_pile(state: GameState, action: TakePile) -> TakePile:
    extra = _extra(state)
    seat = action.seat
    pile = state.piles["discard"]
    if not pile:
        raise _refuse("RC-14", "the discard pile is empty", action)
    top = face(pile[-1])
    if is_wild(top) or top.rank is Rank.THREE:
        raise _refuse("RC-16", f"no pile can be taken while its top card is a wild card or a 3 ({top})", action)
    rank = int(top.rank)
    pile_rule = "RC-15" if extra.frozen else "RC-16"
    hand = _hand_cards(state, seat)
    hand_counts = rank_counts(hand)
    onto = _open_melds(state, seat).get(rank)
    initial = not extra.melded[seat]
    if action.melds and not initial:
        raise _refuse("RC-C2", "after the initial meld, taking the pile melds only the top card", action)
    naturals = [card for card in action.cards if card.rank is top.rank]
    if len(naturals) + sum(1 for card in action.cards if is_wild(card)) != len(action.cards):
        raise _refuse(
            pile_rule, f"the top card ({top}) is melded with natural cards of its rank and wild cards only", action
        )
    all_cards = [*action.cards, *(card for group in action.melds for card in group)]
    _check_holds(state, all_cards, action)
    if not action.cards:
        if onto is None:
            raise _refuse(
                pile_rule,
                f"taking the pile needs two natural {top.rank.symbol}s from hand or an unfinished meld of them",
                action,
            )
        if extra.frozen:
            raise _refuse("RC-15", f"a frozen pile is taken only with two natural {top.rank.symbol}s from hand", action)
        top_shape = Shape(rank, 1)
    else:
        if len(naturals) < 2:
            raise _refuse(
                pile_rule, f"taking the pile with cards from hand needs two natural {top.rank.symbol}s", action
            )
        if onto is not None and (len(action.cards) != 2):
            raise _refuse(
                "RC-C3",
                f"with an unfinished meld of {top.rank.symbol}s the pile is taken with exactly two natural cards",
                action,
            )
        top_shape = shape_of(onto_meld(top, action.cards) if onto is not None else _read((top, *action.cards), action))
    others = [_read(group, action) for group in action.melds]
    _check_new_keys(state, seat, others, action, taken=rank)
    other_shapes = _canonical_order([shape_of(meld) for meld in others])
    if initial:
        _check_minimum(state, seat, [top_shape, *other_shapes], action)
    if not _nothing_to_discard(state, seat):
        outcome = _take_outcome(
            state, seat, top, onto, [top_shape, *other_shapes], hand_counts, _others_sevens(state, seat)
        )
        _raise_end_problem(state, seat, outcome, action, exempt=False)
    return TakePile(seat=seat, cards=ordered_cards(action.cards), melds=ordered_groups(others))


def onto_meld(top: Card, cards: Sequence[Card]) -> Meld:
    """The top card and a pair as a group of natural cards (checked only for its shape)."""
    group = (top, *cards)
    return Meld(MeldKind.SET, group, (top.rank,) * len(group))


def _nothing_to_discard(state: GameState, seat: int) -> bool:
    """RC-19's exception for taking the pile: the hand and the pile below its top card hold no card
    the player may discard (only 7s, RC-18), so the take may meld any of them, down to an empty
    hand (which ends the round, RC-22)."""
    sevens = _sevens_done(state, seat, canasta_kinds(state, seat))
    cards = [*state.hands[seat], *state.piles["discard"][:-1]]
    return not any(may_discard(face(cid), sevens) for cid in cards if not is_red_three(face(cid)))


def _canonical_take(
    seat: int, hand: Sequence[Card], top_shape: Shape, others: Sequence[Shape], with_cards: bool
) -> TakePile:
    if not with_cards:
        groups = shape_cards(others, hand)
        return TakePile(seat=seat, cards=(), melds=tuple(groups))
    groups = shape_cards([top_shape, *others], hand, skip=[1])
    return TakePile(seat=seat, cards=groups[0], melds=tuple(groups[1:]))


# -- performing ----------------------------------------------------------------------------------------


def perform_action(state: GameState, action: Action, rng: Randomness) -> None:
    """Carry out a checked action (in canonical form)."""
    seat = action.seat
    extra = _extra(state)
    if isinstance(action, Draw):
        _draw(state, seat, 2)
        _start_play(state, seat)
    elif isinstance(action, TakePile):
        _take_pile(state, action)
        _start_play(state, seat)
    elif isinstance(action, EndRound):
        state.round_end = RoundEnd(
            None, "RC-22", f"the stock is empty and seat {seat} did not take the discard pile (RC-22)"
        )
    elif isinstance(action, GoDown):
        hand = state.hands[seat]
        for group in action.melds:
            ids = pick_cards(hand, group)
            assert ids is not None, "checked actions only"
            remove_cards(hand, ids)
            state.table.append(TableMeld(owner=seat, meld=read_group(group), ids=tuple(ids)))
        extra.melded[seat] = True
        _after_play(state, seat)
    elif isinstance(action, LayOff):
        _lay_off(state, action)
        _after_play(state, seat)
    elif isinstance(action, Discard):
        _discard(state, action)
    elif isinstance(action, PickUpKitty):
        kitty = state.seat_piles["kitty"][seat]
        _place_red_threes(state, seat, kitty)
        kitty.clear()
        extra.kitty_taken[seat] = True
        _end_turn(state)
    elif isinstance(action, LeaveKitty):
        _end_turn(state)


def _take_pile(state: GameState, action: TakePile) -> None:
    seat = action.seat
    hand = state.hands[seat]
    pile = state.piles["discard"]
    top_id = pile.pop()
    top = face(top_id)
    onto = _open_melds(state, seat).get(int(top.rank))
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
        group = (top, *action.cards)
        state.table.append(TableMeld(owner=seat, meld=read_group(group), ids=(top_id, *ids)))
    for group in action.melds:
        group_ids = pick_cards(hand, group)
        assert group_ids is not None, "checked actions only"
        remove_cards(hand, group_ids)
        state.table.append(TableMeld(owner=seat, meld=read_group(group), ids=tuple(group_ids)))
    _place_red_threes(state, seat, pile)
    pile.clear()
    extra = _extra(state)
    extra.frozen = False
    extra.melded[seat] = True
    state.taken = top_id


def _ordered_ids(meld: Meld, ids: Sequence[CardId]) -> tuple[CardId, ...]:
    """``ids`` in the order of ``meld``'s cards."""
    pool = list(ids)
    ordered = []
    for card in meld.cards:
        cid = next(c for c in pool if face(c) == card)
        pool.remove(cid)
        ordered.append(cid)
    return tuple(ordered)


def _lay_off(state: GameState, action: LayOff) -> None:
    hand = state.hands[action.seat]
    ids = pick_cards(hand, [action.card])
    assert ids is not None, "checked actions only"
    remove_cards(hand, ids)
    target = state.table[action.meld]
    meld = added(target.meld, action.card)
    state.table[action.meld] = TableMeld(owner=target.owner, meld=meld, ids=_ordered_ids(meld, [*target.ids, *ids]))


def _discard(state: GameState, action: Discard) -> None:
    seat = action.seat
    hand = state.hands[seat]
    cid = next(c for c in hand if face(c) == action.card)
    hand.remove(cid)
    state.piles["discard"].append(cid)
    extra = _extra(state)
    if is_wild(action.card):
        extra.frozen = True
    if not hand:
        state.round_end = RoundEnd(seat, "RC-21", f"seat {seat} went out (RC-21)")
        return
    if not extra.kitty_taken[seat] and may_look(state, seat):
        state.phase = CanastaPhase.KITTY
        return
    _end_turn(state)


def _start_play(state: GameState, seat: int) -> None:
    """After the draw: the play phase, noting whether the hand holds a card it may discard (RC-19)."""
    state.phase = Phase.PLAY
    extra = _extra(state)
    # a hand of cards that may not be discarded (7s, RC-18), a lone 7 (RC-21), a lone card of a player
    # who cannot go out (when the stock had only red 3s to give, RC-6), or none (a pile of 7s taken, RC-19)
    extra.stuck = not _legal_discards(state, seat)
    _after_play(state, seat)


def _after_play(state: GameState, seat: int) -> None:
    """RC-22: the round ends when the turn player may not discard and has no meld or lay-off left,
    or has melded every card (RC-19's exception)."""
    if not _extra(state).stuck:
        return
    if not state.hands[seat]:
        state.round_end = RoundEnd(
            None, "RC-22", f"seat {seat} melded all their 7s and has no card to discard (RC-19, RC-22)"
        )
        return
    if _legal_discards(state, seat) or _legal_go_downs(state, seat) or _legal_lay_offs(state, seat):
        return
    state.round_end = RoundEnd(None, "RC-22", f"seat {seat} has no legal discard and nothing left to meld (RC-22)")


def _end_turn(state: GameState) -> None:
    """The turn passes (G-1 may end the round); a turn that starts with an empty stock and a pile the
    turn player cannot take ends the round (RC-22, RC-C5)."""
    _extra(state).stuck = False
    end_turn(state)
    if state.round_end is not None or state.piles["stock"]:
        return
    if not _legal_take_piles(state, state.turn):
        state.round_end = RoundEnd(
            None, "RC-22", f"the stock is empty and seat {state.turn} cannot take the discard pile (RC-22)"
        )


# -- listing -----------------------------------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat``, each once, in canonical form."""
    if state.is_over or seat != state.turn:
        return []
    if state.phase == CanastaPhase.KITTY:
        return [PickUpKitty(seat=seat), LeaveKitty(seat=seat)]
    if state.phase == Phase.DRAW:
        actions: list[Action] = [Draw(seat=seat)] if state.piles["stock"] else [EndRound(seat=seat)]
        actions += _legal_take_piles(state, seat)
        return actions
    return [*_legal_go_downs(state, seat), *_legal_lay_offs(state, seat), *_legal_discards(state, seat)]


def _legal_go_downs(state: GameState, seat: int) -> list[Action]:
    extra = _extra(state)
    hand = _hand_cards(state, seat)
    counts = rank_counts(hand)
    kinds = canasta_kinds(state, seat)
    others = _others_sevens(state, seat)
    keys = _meld_keys(counts, set(_open_melds(state, seat)))
    if extra.melded[seat]:
        candidates: Iterator[tuple[Shape, ...]] = (
            (shape,)
            for key in keys
            for shape in single_shapes(key, counts[key] if key != WILD_KEY else 0, counts[_TWO], counts[_JOKER])
        )
    else:
        minimum = initial_minimum(state.totals[seat])
        candidates = _initial_sets(counts, keys, counts[_TWO], counts[_JOKER], minimum)
    exception = sevens_exception(state, seat)
    actions: list[Action] = []
    for shapes in candidates:
        ordered = _canonical_order(shapes)
        left, size = _after(counts, len(hand), ordered)
        black = any(s.key == _THREE for s in ordered)
        outcome = _Outcome(left, size, _kinds_with(kinds, ordered), others, black_threes=black)
        if exception or _end_problem(state, seat, outcome, exempt=extra.stuck) is None:
            actions.append(GoDown(seat=seat, melds=tuple(shape_cards(ordered, hand))))
    return actions


def _legal_lay_offs(state: GameState, seat: int) -> list[Action]:
    extra = _extra(state)
    hand = _hand_cards(state, seat)
    counts = rank_counts(hand)
    kinds = canasta_kinds(state, seat)
    others = _others_sevens(state, seat)
    firsts: dict[Rank, Card] = {}
    for card in sorted(hand):
        firsts.setdefault(card.rank, card)
    exception = sevens_exception(state, seat)
    actions: list[Action] = []
    for index, table_meld in enumerate(state.table):
        if table_meld.owner != seat:
            continue
        if is_closed(table_meld.meld):
            continue
        for card in firsts.values():
            if add_rule(table_meld.meld, card) is not None:
                continue
            left, size = _after(counts, len(hand), _card_shape(card))
            closes = len(table_meld.meld) + 1 == CANASTA_SIZE and not is_black_threes(table_meld.meld)
            after = canasta_kind(added(table_meld.meld, card)) if closes else None
            black = card.rank is Rank.THREE
            outcome = _Outcome(left, size, kinds | {after} if after else kinds, others, black_threes=black)
            if exception or _end_problem(state, seat, outcome, exempt=extra.stuck) is None:
                actions.append(LayOff(seat=seat, card=card, meld=index))
    return actions


def _legal_discards(state: GameState, seat: int) -> list[Action]:
    hand = state.hands[seat]
    kinds = canasta_kinds(state, seat)
    if len(hand) == 1 and not kinds >= _ALL_KINDS:
        return []
    sevens = _sevens_done(state, seat, kinds)
    cards = sorted({face(cid) for cid in hand})
    return [
        Discard(seat=seat, card=card)
        for card in cards
        if may_discard(card, sevens) and not (len(hand) == 1 and card.rank is Rank.SEVEN)
    ]


def _legal_take_piles(state: GameState, seat: int) -> list[Action]:
    extra = _extra(state)
    pile = state.piles["discard"]
    if not pile:
        return []
    top = face(pile[-1])
    if is_wild(top) or top.rank is Rank.THREE:
        return []
    rank = int(top.rank)
    hand = _hand_cards(state, seat)
    counts = rank_counts(hand)
    onto = _open_melds(state, seat).get(rank)
    candidates: list[tuple[Shape, tuple[Shape, ...], bool]] = []
    if onto is not None:
        if not extra.frozen:
            candidates.append((Shape(rank, 1), (), False))
        if counts[rank] >= 2:
            candidates.append((Shape(rank, 3), (), True))
    elif counts[rank] >= 2:
        top_shapes = [
            s for s in single_shapes(rank, counts[rank], counts[_TWO], counts[_JOKER], extra=1) if s.naturals >= 3
        ]
        if extra.melded[seat]:
            candidates += [(shape, (), True) for shape in top_shapes]
        else:
            minimum = initial_minimum(state.totals[seat])
            keys = _meld_keys(counts, {rank})
            for shape in top_shapes:
                if shape.value >= minimum:
                    if _excess((shape,), shape.value - minimum, top=True) is None:
                        candidates.append((shape, (), True))
                    continue
                left_twos, left_jokers = counts[_TWO] - shape.twos, counts[_JOKER] - shape.jokers
                for melds in _initial_sets(
                    counts, keys, left_twos, left_jokers, minimum, (shape,), shape.value, top=True
                ):
                    candidates.append((shape, _canonical_order(melds[1:]), True))
    others_sevens = _others_sevens(state, seat)
    exception = _nothing_to_discard(state, seat)
    actions: list[Action] = []
    for top_shape, others, with_cards in candidates:
        outcome = _take_outcome(state, seat, top, onto, [top_shape, *others], counts, others_sevens)
        if exception or _end_problem(state, seat, outcome, exempt=False) is None:
            actions.append(_canonical_take(seat, hand, top_shape, others, with_cards))
    return actions


# -- what the listing stands for ---------------------------------------------------------------------


def split_play(state: GameState, action: Action) -> list[Action] | None:
    """The parts in which ``legal_actions`` lists ``action`` (RC-C6), or ``None`` if it lists it whole.

    An initial meld (RC-13) is listed in its least forms: nothing laid down that it could do without
    and still reach the minimum. A larger one (accepted as named, G-6) is its least form, then the
    melds it could do without, one action each, then the cards it could do without, laid off one by
    one onto their melds (RC-C2); black 3s come last, as they go down only when going out (RC-C4).
    ``action`` is a play `check_action` accepted, in the form it returned.
    """
    seat = action.seat
    if _extra(state).melded[seat]:
        return None
    if isinstance(action, GoDown):
        melds = [list(group) for group in action.melds]
    elif isinstance(action, TakePile) and action.cards:
        melds = [[face(state.piles["discard"][-1]), *action.cards], *(list(group) for group in action.melds)]
    else:
        return None
    top = isinstance(action, TakePile)
    kept, dropped, extra_cards = _least_form(melds, initial_minimum(state.totals[seat]), top=top)
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


def _least_form(
    melds: list[list[Card]], minimum: int, *, top: bool
) -> tuple[list[list[Card]], list[list[Card]], list[tuple[int, Card]]]:
    """An initial meld's least form (`split_play`): the melds kept (``melds[0]`` stays if
    ``top``: the top card's meld, with its top card and pair), the melds dropped, and the cards
    dropped with the key of the meld each belongs to. Melds go first (black 3s first), then cards."""
    kept = [list(meld) for meld in melds]
    dropped: list[list[Card]] = []
    cards: list[tuple[int, Card]] = []
    while True:
        slack = sum(card_value(card) for meld in kept for card in meld) - minimum
        removable = [
            meld for i, meld in enumerate(kept) if not (top and i == 0) and sum(map(card_value, meld)) <= slack
        ]
        if removable:
            meld = min(removable, key=lambda m: read_group(m).ranks[0] is not Rank.THREE)
            kept.remove(meld)
            dropped.append(meld)
            continue
        for i, meld in enumerate(kept):
            card = _spare_card(meld, slack, fixed=1 if top and i == 0 else 0)
            if card is not None:
                meld.remove(card)
                cards.append((meld_key(read_group(meld)), card))
                break
        else:
            return kept, dropped, cards


def _spare_card(meld: Sequence[Card], slack: int, *, fixed: int) -> Card | None:
    """A card of ``meld`` worth at most ``slack`` that it could do without and still be a meld
    (`_removable`), or ``None``."""
    for rank, value in _removable(shape_of(read_group(meld)), fixed=fixed):
        if value <= slack:
            return [card for card in meld if card.rank == rank][-1]
    return None


# -- views ---------------------------------------------------------------------------------------------


def view(state: GameState, seat: int | None, acting: tuple[int, ...]) -> RailroadCanastaView:
    """What ``seat`` may see: the common view, its own kitty once it may look (RC-20), every seat's
    red 3s, kitty sizes, the pile's state and the initial-meld minimums."""
    extra = _extra(state)
    kitties = state.seat_piles["kitty"]
    looks = tuple(bool(kinds & _LOOK_KINDS) for kinds in all_canasta_kinds(state))
    own_kitty = tuple(face(cid) for cid in kitties[seat]) if seat is not None and looks[seat] else ()
    return RailroadCanastaView(
        **base_view_fields(state, seat, acting),
        kitty=own_kitty,
        kitty_sizes=tuple(len(kitty) for kitty in kitties),
        kitty_picked_up=tuple(extra.kitty_taken),
        may_look=looks,
        red_threes=tuple(tuple(face(cid) for cid in reds) for reds in state.seat_piles["red_threes"]),
        frozen=extra.frozen,
        melded=tuple(extra.melded),
        initial_minimum=tuple(initial_minimum(total) for total in state.totals),
        target=_rules(state).target,
    )


# -- positions -----------------------------------------------------------------------------------------


def check_position(state: GameState) -> None:
    """What a Railroad Canasta position loaded from data must satisfy beyond the core's checks."""
    extra = _extra(state)
    players = state.players
    if state.phase == Phase.OVER:
        return
    for name, values in (("melded", extra.melded), ("kitty_taken", extra.kitty_taken)):
        if len(values) != players:
            raise InvalidPositionError(f"extra.{name}", f"one entry per seat ({players})")
    for seat, held in enumerate(state.hands):
        for i, cid in enumerate(held):
            if is_red_three(face(cid)):
                raise InvalidPositionError(f"hands[{seat}][{i}]", "a red 3 is never held: it is placed at once (RC-6)")
    for seat, reds in enumerate(state.seat_piles["red_threes"]):
        for i, cid in enumerate(reds):
            if not is_red_three(face(cid)):
                raise InvalidPositionError(f"seat_piles.red_threes[{seat}][{i}]", f"{face(cid)} is not a red 3")
    for seat, kitty in enumerate(state.seat_piles["kitty"]):
        if extra.kitty_taken[seat] and kitty:
            raise InvalidPositionError(f"seat_piles.kitty[{seat}]", "the kitty was picked up, so it is empty")
        if len(kitty) > _rules(state).kitty_size:
            raise InvalidPositionError(f"seat_piles.kitty[{seat}]", f"a kitty holds {_rules(state).kitty_size} cards")
    for index, table_meld in enumerate(state.table):
        try:
            meld = read_group(table_meld.meld.cards)
        except IllegalActionError as exc:
            raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {exc}") from exc
        if meld.kind != table_meld.meld.kind:
            raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {meld} is a {meld.kind.value} meld")
        if meld.ranks != table_meld.meld.ranks:
            ranks = " ".join(rank.symbol for rank in meld.ranks)
            raise InvalidPositionError(f"table[{index}].ranks", f"the cards of {meld} stand for {ranks}")
        if not extra.melded[table_meld.owner]:
            raise InvalidPositionError(f"table[{index}].owner", f"seat {table_meld.owner} has not melded this round")
    for seat in range(players):
        keys = [meld_key(m.meld) for m in state.table if m.owner == seat and not is_closed(m.meld)]
        if len(keys) != len(set(keys)):
            raise InvalidPositionError("table", f"seat {seat} has two unfinished melds of one rank (RC-11)")
    if state.phase == CanastaPhase.KITTY and (extra.kitty_taken[state.turn] or not may_look(state, state.turn)):
        raise InvalidPositionError("phase", f"seat {state.turn} may not pick up its kitty now (RC-20)")
    for seat, hand in enumerate(state.hands):
        if not hand:
            raise InvalidPositionError(f"hands[{seat}]", "an empty hand means the seat went out, ending the round")
