"""Classic Rummy's play: dealing, checking, performing and listing actions, scoring.

Every ``check_*`` function only reads the state and raises
[`IllegalActionError`][rummykit.errors.IllegalActionError] citing the rule; every ``perform_*`` function
is called only with an action its check accepted. Legal-action generation works on face indices and
count vectors, and calls no hook.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import cast

import attrs

from rummykit.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.cards import FACE_COUNT, FACE_MASK, Card, CardId, Rank, face
from rummykit.errors import IllegalActionError, InvalidActionError, InvalidPositionError
from rummykit.mechanics import (
    can_end_turn,
    check_discard,
    check_turn,
    discard,
    discard_choice,
    end_turn,
    lay_off,
    missing_cards,
    pick_cards,
    remove_cards,
    take_discard,
)
from rummykit.melds import Meld, MeldKind, MeldRules, RunEnd, can_extend, extend_meld, read_meld
from rummykit.shoe import Randomness
from rummykit.solver import meld_key
from rummykit.state import GameState, Phase, RoundEnd, TableMeld
from rummykit.views import base_view_fields
from rummykit_variants.classic_rummy.melding import disjoint_combinations, single_melds
from rummykit_variants.classic_rummy.rules import CLASSIC_RUN_ORDER, ClassicRules
from rummykit_variants.classic_rummy.state import ClassicExtra, ClassicRummyView

__all__ = [
    "canonical_melds",
    "check_action",
    "check_position",
    "deal",
    "game_over",
    "legal_actions",
    "meld_points",
    "perform_action",
    "read_group",
    "score_round",
    "view",
    "went_rummy",
]


def _rules(state: GameState) -> ClassicRules:
    return cast(ClassicRules, state.rules)


def _extra(state: GameState) -> ClassicExtra:
    return cast(ClassicExtra, state.extra)


# -- the round ------------------------------------------------------------------------------------


def deal(state: GameState, shoe: Sequence[CardId]) -> None:
    """CR-1, CR-2, CR-C1: deal the round's hand size one card at a time from the seat after the
    dealer, turn up the next card to start the discard pile; the rest is the stock."""
    players = state.players
    stock = list(reversed(shoe))  # top last: shoe[0] comes off first
    start = state.next_seat(state.dealer)
    hands: list[list[CardId]] = [[] for _ in range(players)]
    for _ in range(_rules(state).hand_size):
        for step in range(players):
            hands[(start + step) % players].append(stock.pop())
    state.hands = hands
    state.piles = {"stock": stock, "discard": [stock.pop()]}
    state.turn = start
    state.phase = Phase.DRAW
    state.extra = ClassicExtra.for_round(players)


def went_rummy(state: GameState, seat: int) -> bool:
    """CR-11: whether ``seat`` played no card before this turn (and so, going out now, goes rummy)."""
    played_on = _extra(state).played_on[seat]
    return played_on is None or played_on == state.turn_number


def score_round(state: GameState) -> list[int]:
    """CR-11: the winner scores the points of every card left in the other hands, double for going
    rummy; nobody else scores. A round that ended with nobody out scores nothing (CR-9, G-1)."""
    scores = [0] * state.players
    went_out = state.round_end[0] if state.round_end else None
    if went_out is None:
        return scores
    rules = _rules(state)
    won = sum(rules.card_points(face(cid)) for seat, hand in enumerate(state.hands) if seat != went_out for cid in hand)
    scores[went_out] = 2 * won if went_rummy(state, went_out) else won
    return scores


def game_over(state: GameState) -> bool:
    """CR-12: a player has reached the target and nobody ties them for the highest total."""
    best = max(state.totals)
    return best >= _rules(state).target and state.totals.count(best) == 1


# -- reading melds ----------------------------------------------------------------------------------


def read_group(cards: Sequence[Card], rules: ClassicRules) -> Meld:
    """``cards`` as a set or a run (CR-4; a run listed low to high, G-5), or raise citing the rule
    that refuses them: CR-4, the wild-card rule (CR-24), or the rule that set the run order (CR-21)."""
    try:
        return read_meld(cards, rules.melds)
    except IllegalActionError as err:
        raise _blame_run_order(err, rules, lambda melds: read_meld(cards, melds)) from None


def _blame_run_order(
    err: IllegalActionError, rules: ClassicRules, attempt: Callable[[MeldRules], object]
) -> IllegalActionError:
    """``err``; or, if the game's run order refused what CR-4's order (ace low or high) accepts, a
    refusal citing the rule that set the game's order (``ace-low``: CR-21)."""
    melds = rules.melds
    if melds.run_order == CLASSIC_RUN_ORDER or err.rule != melds.rule("run"):
        return err
    try:
        attempt(attrs.evolve(melds, run_order=CLASSIC_RUN_ORDER))
    except IllegalActionError:
        return err
    first, last = melds.run_order[0].symbol, melds.run_order[-1].symbol
    return IllegalActionError(
        rules.run_order_rule, f"{err.reason}; at this table runs go from {first} to {last} only", action=err.action
    )


def _canonical(meld: Meld, rules: MeldRules) -> Meld:
    """A set's cards in one order (CR-C4): natural cards, then wild cards, each in card order."""
    if meld.kind is MeldKind.RUN:
        return meld
    wild = rules.wild_faces
    return Meld(meld.kind, tuple(sorted(meld.cards, key=lambda c: (c in wild, c.index))), meld.ranks)


def canonical_melds(melds: Sequence[Meld], rules: MeldRules) -> tuple[Meld, ...]:
    """Melds laid down together in their one order (CR-C4): each set's cards sorted, the melds by
    [`meld_key`][rummykit.solver.meld_key]."""
    return tuple(sorted((_canonical(meld, rules) for meld in melds), key=meld_key))


def meld_points(action: GoDown, rules: ClassicRules) -> int:
    """CR-10: what the cards of a meld action are worth."""
    return sum(rules.card_points(card) for group in action.melds for card in group)


# -- checking ----------------------------------------------------------------------------------------


def _refuse(rule: str, reason: str, action: Action) -> IllegalActionError:
    return IllegalActionError(rule, reason, action=action)


def check_action(state: GameState, action: Action) -> Action:
    """Check ``action`` against every rule; return its canonical form, or raise."""
    check_turn(state, action, start_rule="CR-2", draw_rule="CR-3", empty_discard="shuffled into the stock, CR-7")
    if isinstance(action, Draw | TakeDiscard):
        return action
    if isinstance(action, GoDown):
        return _check_go_down(state, action)
    if isinstance(action, LayOff):
        return _check_lay_off(state, action)
    if isinstance(action, Discard):
        return _check_discard(state, action)
    raise InvalidActionError(f"rummy has no action {action.kind!r}")  # pragma: no cover - the engine checks


def _check_can_end_turn(state: GameState, used: Sequence[CardId], action: Action) -> None:
    """G-4: the play must leave an empty hand or a card that may be discarded (CR-6)."""
    remaining = list(state.hands[action.seat])
    remove_cards(remaining, used)
    if not can_end_turn(remaining, state.taken):
        raise _refuse(
            "G-4",
            f"it would leave only {face(remaining[0])}, the card taken from the discard pile this turn, which may "
            "not be discarded (CR-6), so the turn could not end",
            action,
        )


def _check_go_down(state: GameState, action: GoDown) -> GoDown:
    if not action.melds or any(not group for group in action.melds):
        raise InvalidActionError("a meld action lists one or more melds, each with its cards")
    rules = _rules(state)
    hand = state.hands[action.seat]
    cards = [card for group in action.melds for card in group]
    used = pick_cards(hand, cards, prefer=state.taken)
    if used is None:
        missing = " ".join(map(str, missing_cards(hand, cards)))
        raise _refuse("G-7", f"the hand does not hold {missing}", action)
    melds = canonical_melds([read_group(group, rules) for group in action.melds], rules.melds)
    _check_can_end_turn(state, used, action)
    return GoDown(seat=action.seat, melds=tuple(meld.cards for meld in melds))


def _end_used(before: Meld, after: Meld) -> RunEnd | None:
    if after.kind is MeldKind.SET:
        return None
    return RunEnd.LOW if after.ranks[0] != before.ranks[0] else RunEnd.HIGH


def _check_lay_off(state: GameState, action: LayOff) -> LayOff:
    table = state.table
    if not 0 <= action.meld < len(table):
        melds = f"melds 0 to {len(table) - 1}" if table else "no melds"
        raise _refuse("CR-5", f"there is no meld {action.meld} on the table ({melds})", action)
    used = pick_cards(state.hands[action.seat], [action.card], prefer=state.taken)
    if used is None:
        raise _refuse("G-7", f"the hand does not hold {action.card}", action)
    rules = _rules(state)
    before = table[action.meld].meld
    card, end = action.card, action.end
    try:
        after = extend_meld(before, card, rules.melds, end)
    except IllegalActionError as err:
        raise _blame_run_order(err, rules, lambda melds: extend_meld(before, card, melds, end)) from None
    _check_can_end_turn(state, used, action)
    return LayOff(seat=action.seat, card=card, meld=action.meld, end=_end_used(before, after))


def _discard_choice(state: GameState, seat: int, card: Card) -> CardId | None:
    """The physical card a discard of ``card`` plays: a copy other than the taken card (CR-6)."""
    return discard_choice(state.hands[seat], card, state.taken)


def _check_discard(state: GameState, action: Discard) -> Discard:
    check_discard(state, action, rule="CR-6")
    return action


# -- performing ----------------------------------------------------------------------------------------


def perform_action(state: GameState, action: Action, rng: Randomness) -> None:
    """Carry out a checked action (in canonical form)."""
    if isinstance(action, Draw):
        _perform_draw(state, rng)
    elif isinstance(action, TakeDiscard):
        take_discard(state, action.seat)
    elif isinstance(action, GoDown):
        _perform_go_down(state, action)
    elif isinstance(action, LayOff):
        _perform_lay_off(state, action)
    elif isinstance(action, Discard):
        _perform_discard(state, action)


_ORDINALS = {1: "first", 2: "second", 3: "third"}


def _perform_draw(state: GameState, rng: Randomness) -> None:
    """CR-3; CR-7: an empty stock is rebuilt from the shuffled discard pile; CR-9: not once more
    than the option allows, and then the round ends with no points (CR-C2)."""
    piles = state.piles
    stock, discard = piles["stock"], piles["discard"]
    extra = _extra(state)
    if not stock:
        if not discard:
            state.round_end = RoundEnd(
                None, "CR-C2", "no card can be drawn, from the stock or the discard pile: no points (CR-C2)"
            )
            return
        if extra.rebuilds >= _rules(state).stock_rebuilds:
            times = _ORDINALS.get(extra.rebuilds + 1, f"{extra.rebuilds + 1}th")
            state.round_end = RoundEnd(
                None, "CR-9", f"the stock ran out for the {times} time: nobody can go out, no points (CR-9)"
            )
            return
        rebuilt = discard[:]
        rng.shuffle(rebuilt)
        stock.extend(rebuilt)
        discard.clear()
        extra.rebuilds += 1
    state.hands[state.turn].append(stock.pop())
    state.phase = Phase.PLAY


def _played(state: GameState, seat: int, *, melded: bool) -> None:
    extra = _extra(state)
    if extra.played_on[seat] is None:
        extra.played_on[seat] = state.turn_number
    if melded and extra.melded_on[seat] is None:
        extra.melded_on[seat] = state.turn_number


def _forget_taken_if_played(state: GameState, hand: list[CardId]) -> None:
    """Once the card taken from the discard pile is on the table, CR-6 has nothing left to forbid:
    ``state.taken`` names only a card in the turn player's hand (as a position document requires)."""
    if state.taken is not None and state.taken not in hand:
        state.taken = None


def _went_out(state: GameState, seat: int) -> None:
    """CR-8: an empty hand goes out and wins the round (CR-11: going rummy if it is the first play)."""
    if went_rummy(state, seat):
        state.round_end = RoundEnd(
            seat, "CR-8", f"seat {seat} went rummy, playing the whole hand in one turn (CR-8, CR-11)"
        )
    else:
        state.round_end = RoundEnd(seat, "CR-8", f"seat {seat} went out (CR-8)")


def _perform_go_down(state: GameState, action: GoDown) -> None:
    rules = _rules(state)
    hand = state.hands[action.seat]
    for group in action.melds:
        ids = pick_cards(hand, group, prefer=state.taken)
        assert ids is not None
        remove_cards(hand, ids)
        state.table.append(TableMeld(owner=action.seat, meld=read_meld(group, rules.melds), ids=tuple(ids)))
    _extra(state).melds_this_turn += len(action.melds)
    _played(state, action.seat, melded=True)
    _forget_taken_if_played(state, hand)
    if not hand:
        _went_out(state, action.seat)


def _perform_lay_off(state: GameState, action: LayOff) -> None:
    lay_off(state, action, _rules(state).melds)
    hand = state.hands[action.seat]
    _played(state, action.seat, melded=False)
    _forget_taken_if_played(state, hand)
    if not hand:
        _went_out(state, action.seat)


def _perform_discard(state: GameState, action: Discard) -> None:
    card = _discard_choice(state, action.seat, action.card)
    assert card is not None
    discard(state, action.seat, card)
    if not state.hands[action.seat]:
        _went_out(state, action.seat)
        return
    end_turn(state)
    _extra(state).melds_this_turn = 0


# -- listing ---------------------------------------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat``, each once, in canonical form (CR-C4)."""
    if state.is_over or seat != state.turn:
        return []
    if state.phase == Phase.DRAW:
        return list(_draws(seat, bool(state.piles["discard"])))
    return [*_legal_go_downs(state, seat), *_legal_lay_offs(state, seat), *_legal_discards(state, seat)]


@functools.cache
def _draws(seat: int, discard: bool) -> tuple[Action, ...]:
    """A seat's draws (actions are frozen, so one tuple serves every call)."""
    return (Draw(seat=seat), TakeDiscard(seat=seat)) if discard else (Draw(seat=seat),)


def _taken_face(state: GameState, hand: Sequence[CardId]) -> int | None:
    """The face index of the card taken from the discard pile this turn, if it is still in ``hand``."""
    return None if state.taken is None or state.taken not in hand else state.taken & FACE_MASK


def _legal_go_downs(state: GameState, seat: int) -> list[Action]:
    """Every meld action (CR-5, G-5): every combination of disjoint melds the hand can lay down
    together that leaves a way to end the turn (G-4)."""
    rules = _rules(state)
    hand = state.hands[seat]
    melds = single_melds([face(cid) for cid in hand], rules.melds)
    if not melds:
        return []
    counts = [0] * FACE_COUNT
    for cid in hand:
        counts[cid & FACE_MASK] += 1
    uses = [tuple(card.index for card in meld.cards) for meld in melds]
    taken = _taken_face(state, hand)
    held_taken = 0 if taken is None else counts[taken]
    size = len(hand)
    actions: list[Action] = []
    for combination in disjoint_combinations(uses, counts):
        left = size - sum(len(uses[i]) for i in combination)
        # G-4: the only card left may not be the taken one (a play uses the taken copy first).
        if left == 1 and taken is not None and counts[taken] == held_taken:
            continue
        actions.append(GoDown(seat=seat, melds=tuple(melds[i].cards for i in combination)))
    return actions


def _legal_lay_offs(state: GameState, seat: int) -> list[Action]:
    """Every lay-off (CR-5) on every meld on the table, at each end a run can take it, that leaves
    a way to end the turn (G-4)."""
    if not state.table:
        return []
    rules = _rules(state).melds
    hand = state.hands[seat]
    playable = [face(index) for index in sorted({cid & FACE_MASK for cid in hand})]  # card order
    taken = _taken_face(state, hand)
    if len(hand) == 2 and taken is not None:
        # G-4: of two cards, one taken from the discard pile, only the taken card's face may go
        # (a lay-off plays the taken copy first), so that the other can be discarded.
        playable = [card for card in playable if card.index == taken]
    wild = {card.index for card in rules.wild_faces}
    actions: list[Action] = []
    for index, table_meld in enumerate(state.table):
        meld = table_meld.meld
        if meld.kind is MeldKind.SET:
            rank = meld.ranks[0]
            for card in playable:
                if (card.rank is rank or card.index in wild) and can_extend(meld, card, rules):
                    actions.append(LayOff(seat=seat, card=card, meld=index))
            continue
        wanted = _run_ends(meld, rules)
        for card in playable:
            if card.rank in wanted or card.index in wild:
                actions.extend(
                    LayOff(seat=seat, card=card, meld=index, end=end)
                    for end in (RunEnd.LOW, RunEnd.HIGH)
                    if can_extend(meld, card, rules, end)
                )
    return actions


_RUN_ENDS: dict[int, tuple[Meld, MeldRules, tuple[Rank, ...]]] = {}
"""`_run_ends` by the meld's identity (a meld stays on the table, unchanged, for many turns)."""


def _run_ends(meld: Meld, rules: MeldRules) -> tuple[Rank, ...]:
    """The ranks of the natural cards that could extend a run at either end."""
    known = _RUN_ENDS.get(id(meld))
    if known is not None and known[0] is meld and known[1] is rules:
        return known[2]
    order = rules.run_order
    start = rules.run_positions(meld.ranks)
    assert start is not None
    stop = start + len(meld.ranks)
    ends = tuple(order[i] for i in (start - 1, stop) if 0 <= i < len(order) and order[i] not in meld.ranks)
    if len(_RUN_ENDS) >= 256:  # the melds of past games are not looked up again
        _RUN_ENDS.clear()
    _RUN_ENDS[id(meld)] = (meld, rules, ends)
    return ends


def _legal_discards(state: GameState, seat: int) -> list[Action]:
    """Every discard (CR-6): each face held in a copy other than the card taken this turn."""
    taken = state.taken
    return [_discard(seat, index) for index in sorted({cid & FACE_MASK for cid in state.hands[seat] if cid != taken})]


@functools.cache
def _discard(seat: int, index: int) -> Discard:
    """The discard of the face ``index`` by ``seat`` (actions are frozen: one object serves every call)."""
    return Discard(seat=seat, card=face(index))


# -- views --------------------------------------------------------------------------------------------------


def view(state: GameState, seat: int | None, acting: tuple[int, ...]) -> ClassicRummyView:
    """What ``seat`` may see: the common view and the public facts of the round (nothing in Classic
    Rummy is sealed)."""
    rules = _rules(state)
    extra = _extra(state)
    return ClassicRummyView(
        **base_view_fields(state, seat, acting),
        hand_size=rules.hand_size,
        target=rules.target,
        stock_rebuilds=rules.stock_rebuilds,
        rebuilds_used=extra.rebuilds,
        played=tuple(turn is not None for turn in extra.played_on),
        melded=tuple(turn is not None for turn in extra.melded_on),
        melds_this_turn=extra.melds_this_turn,
    )


# -- positions --------------------------------------------------------------------------------------------


def check_position(state: GameState) -> None:
    """What a Classic Rummy position loaded from data must satisfy beyond the core's checks."""
    rules = _rules(state)
    extra = state.extra
    if not isinstance(extra, ClassicExtra):
        raise InvalidPositionError("extra", "rummy keeps its round state here (rebuilds, played_on, melded_on)")
    if state.phase == Phase.OVER:
        return
    players = state.players
    for seat, hand in enumerate(state.hands):
        if not hand:
            raise InvalidPositionError(f"hands[{seat}]", "an empty hand means the seat went out, which ends the round")
    if not 0 <= extra.rebuilds <= rules.stock_rebuilds:
        raise InvalidPositionError("extra.rebuilds", f"the stock is rebuilt 0 to {rules.stock_rebuilds} times (CR-9)")
    for name, turns in (("played_on", extra.played_on), ("melded_on", extra.melded_on)):
        if len(turns) != players:
            raise InvalidPositionError(f"extra.{name}", f"one entry per seat ({players})")
        for seat, turn in enumerate(turns):
            if turn is not None and not 1 <= turn <= state.turn_number:
                raise InvalidPositionError(
                    f"extra.{name}[{seat}]", f"turn {turn} is not one of 1 to {state.turn_number}"
                )
    for seat, (played, melded) in enumerate(zip(extra.played_on, extra.melded_on, strict=True)):
        if melded is not None and (played is None or played > melded):
            raise InvalidPositionError(f"extra.played_on[{seat}]", "a seat that melded has played by then")
    if extra.melds_this_turn < 0 or (extra.melds_this_turn and state.phase != Phase.PLAY):
        raise InvalidPositionError("extra.melds_this_turn", "melds are laid down only after the draw")
    for index, table_meld in enumerate(state.table):
        try:
            meld = read_meld(table_meld.meld.cards, rules.melds, table_meld.meld.kind)
        except IllegalActionError as exc:
            raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {exc}") from exc
        if meld.ranks != table_meld.meld.ranks:
            raise InvalidPositionError(f"table[{index}].ranks", "the ranks do not follow the cards' places (G-5)")
        if extra.melded_on[table_meld.owner] is None:
            raise InvalidPositionError(f"table[{index}].owner", f"seat {table_meld.owner} has not melded this round")
    if state.taken is not None and state.phase != Phase.PLAY:
        raise InvalidPositionError("taken", "a card is taken from the discard pile at the draw, so only in play")
