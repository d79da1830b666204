"""Shanghai's play: dealing, checking, performing and listing actions, scoring, views.

Written only against rummykit's public API: the state and records of `rummykit`, the meld
helpers of [`rummykit.melds`][rummykit.melds], the contract solver, and the turn mechanics every variant shares
([`rummykit.mechanics`][rummykit.mechanics]). Every ``check_*`` function only reads the state and raises
[`IllegalActionError`][rummykit.IllegalActionError] citing a rule; every ``perform_*`` function is called only
with an action its check accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rummykit import (
    Action,
    CardId,
    Discard,
    Draw,
    GameState,
    GoDown,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    LayOff,
    Meld,
    MeldKind,
    MeldRules,
    Phase,
    RoundEnd,
    RunEnd,
    TableMeld,
    TakeDiscard,
    face,
    read_meld,
)
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
from rummykit.melds import can_extend, extend_meld
from rummykit.shoe import Randomness
from rummykit.solver import ContractSolver, meld_key
from rummykit.views import base_view_fields
from rummykit_shanghai.rules import ShanghaiRules, card_points
from rummykit_shanghai.state import ShanghaiExtra, ShanghaiView

__all__ = [
    "canonical_melds",
    "check_action",
    "check_position",
    "deal",
    "game_over",
    "legal_actions",
    "perform_action",
    "score_round",
    "view",
]


def _rules(state: GameState) -> ShanghaiRules:
    return cast(ShanghaiRules, state.rules)


def _extra(state: GameState) -> ShanghaiExtra:
    return cast(ShanghaiExtra, state.extra)


def _refuse(rule: str, reason: str, action: Action) -> IllegalActionError:
    return IllegalActionError(rule, reason, action=action)


# -- the round --------------------------------------------------------------------------------------


def deal(state: GameState, shoe: Sequence[CardId]) -> None:
    """SH-2, SH-3: deal 11 cards one at a time from the seat after the dealer, turn up the next card
    to start the discard pile; the rest is the stock (``shoe[0]`` comes off first)."""
    players = state.players
    stock = list(reversed(shoe))
    start = state.next_seat(state.dealer)
    hands: list[list[CardId]] = [[] for _ in range(players)]
    for _ in range(_rules(state).hand_size):
        for step in range(players):
            hands[(start + step) % players].append(stock.pop())
    state.hands = hands
    state.piles = {"stock": stock, "discard": [stock.pop()]}
    state.turn = start
    state.phase = Phase.DRAW
    state.extra = ShanghaiExtra(went_down=[False] * players)


def score_round(state: GameState) -> list[int]:
    """SH-14: every seat scores the cards left in its hand (the seat that went out holds none)."""
    return [sum(card_points(face(cid)) for cid in hand) for hand in state.hands]


def game_over(state: GameState) -> bool:
    """SH-7: the game ends after its last contract."""
    return state.round >= len(_rules(state).contracts)


def _contract_solver(state: GameState) -> ContractSolver:
    rules = _rules(state)
    return ContractSolver(rules.contracts[state.round - 1], rules.melds)


# -- reading melds -------------------------------------------------------------------------------------


def _canonical(meld: Meld, rules: MeldRules) -> Meld:
    """SH-C2: a set's natural cards in card order, then its jokers; a run as laid (low to high)."""
    if meld.kind is MeldKind.RUN:
        return meld
    cards = tuple(sorted(meld.cards, key=lambda card: (card in rules.wild_faces, card.index)))
    return Meld(meld.kind, cards, meld.ranks)


def canonical_melds(melds: Sequence[Meld], rules: MeldRules) -> tuple[Meld, ...]:
    """Melds laid down together in their one form (SH-C2): the sets, then the runs, each kind in
    [`meld_key`][rummykit.solver.meld_key] order, the order in which the contract solver lists them."""
    ordered = sorted((_canonical(meld, rules) for meld in melds), key=lambda m: (m.kind is MeldKind.RUN, meld_key(m)))
    return tuple(ordered)


def _kinds(kinds: Sequence[MeldKind]) -> str:
    sets = sum(1 for kind in kinds if kind is MeldKind.SET)
    runs = len(kinds) - sets
    parts = [f"{n} {word}{'s' if n > 1 else ''}" for n, word in ((sets, "set"), (runs, "run")) if n]
    return " + ".join(parts) or "no meld"


# -- checking ----------------------------------------------------------------------------------------


def check_action(state: GameState, action: Action) -> Action:
    """Check ``action`` against every rule; return its canonical form, or raise."""
    check_turn(state, action, start_rule="SH-2", draw_rule="SH-8", empty_discard="a new stock was formed, SH-13")
    if isinstance(action, Draw | TakeDiscard):
        return action
    if isinstance(action, GoDown):
        return _check_go_down(state, action)
    if isinstance(action, LayOff):
        return _check_lay_off(state, action)
    if isinstance(action, Discard):
        check_discard(state, action, rule="SH-11")
        return action
    raise InvalidActionError(f"shanghai has no action {action.kind!r}")


def _check_can_end_turn(state: GameState, used: Sequence[CardId], action: Action) -> None:
    """G-4: the play must leave an empty hand or a card that may be discarded (SH-11)."""
    remaining = list(state.hands[action.seat])
    remove_cards(remaining, used)
    if not can_end_turn(remaining, state.taken):
        raise _refuse(
            "G-4",
            f"it would leave only {face(remaining[0])}, the card taken from the discard pile this turn, which may "
            "not be discarded (SH-11), so the turn could not end",
            action,
        )


def _check_go_down(state: GameState, action: GoDown) -> GoDown:
    if not action.melds or any(not group for group in action.melds):
        raise InvalidActionError("a go-down lists one or more melds, each with its cards")
    if _extra(state).went_down[action.seat]:
        raise _refuse("SH-10", "a player goes down once a round and starts no new meld after that", action)
    rules = _rules(state)
    hand = state.hands[action.seat]
    cards = [card for group in action.melds for card in group]
    used = pick_cards(hand, cards, prefer=state.taken)
    if used is None:
        raise _refuse("G-7", f"the hand does not hold {' '.join(map(str, missing_cards(hand, cards)))}", action)
    melds = canonical_melds([read_meld(group, rules.melds) for group in action.melds], rules.melds)
    contract = rules.contracts[state.round - 1]
    wanted = sorted(requirement.kind for requirement in contract.melds)
    laid = sorted(meld.kind for meld in melds)
    if laid != wanted:
        raise _refuse(
            "SH-9",
            f"the contract of round {state.round} is {_kinds(wanted)}, not {_kinds(laid)}",
            action,
        )
    _check_can_end_turn(state, used, action)
    return GoDown(seat=action.seat, melds=tuple(meld.cards for meld in melds))


def _check_lay_off(state: GameState, action: LayOff) -> LayOff:
    if not _extra(state).went_down[action.seat]:
        raise _refuse("SH-10", "only a player who has gone down this round may lay off", action)
    table = state.table
    if not 0 <= action.meld < len(table):
        melds = f"melds 0 to {len(table) - 1}" if table else "no melds"
        raise _refuse("SH-10", f"there is no meld {action.meld} on the table ({melds})", action)
    used = pick_cards(state.hands[action.seat], [action.card], prefer=state.taken)
    if used is None:
        raise _refuse("G-7", f"the hand does not hold {action.card}", action)
    before = table[action.meld].meld
    after = extend_meld(before, action.card, _rules(state).melds, action.end)
    _check_can_end_turn(state, used, action)
    end = None
    if after.kind is MeldKind.RUN:
        end = RunEnd.LOW if after.ranks[0] != before.ranks[0] else RunEnd.HIGH
    return LayOff(seat=action.seat, card=action.card, meld=action.meld, end=end)


# -- performing --------------------------------------------------------------------------------------


def perform_action(state: GameState, action: Action, rng: Randomness) -> None:
    """Carry out a checked action (in canonical form)."""
    if isinstance(action, Draw):
        _perform_draw(state, rng)
    elif isinstance(action, TakeDiscard):
        take_discard(state, action.seat)
    elif isinstance(action, GoDown):
        _perform_go_down(state, action)
    elif isinstance(action, LayOff):
        lay_off(state, action, _rules(state).melds)
        _after_play(state, action.seat)
    elif isinstance(action, Discard):
        _perform_discard(state, action)


def _perform_draw(state: GameState, rng: Randomness) -> None:
    """SH-8; SH-13: an empty stock is rebuilt from the discard pile but its top card."""
    stock, pile = state.piles["stock"], state.piles["discard"]
    if not stock:
        rebuilt = pile[:-1]
        if not rebuilt:
            state.round_end = RoundEnd(None, "SH-13", "no card can be drawn: nobody went out (SH-13)")
            return
        del pile[:-1]
        rng.shuffle(rebuilt)
        stock.extend(rebuilt)
    state.hands[state.turn].append(stock.pop())
    state.phase = Phase.PLAY


def _after_play(state: GameState, seat: int) -> None:
    """After cards went from the hand to the table: forget a taken card that is no longer in hand
    (SH-11 has nothing left to forbid), and end the round if the hand is empty (SH-12)."""
    hand = state.hands[seat]
    if state.taken is not None and state.taken not in hand:
        state.taken = None
    if not hand:
        state.round_end = RoundEnd(seat, "SH-12", f"seat {seat} went out (SH-12)")


def _perform_go_down(state: GameState, action: GoDown) -> None:
    rules = _rules(state)
    hand = state.hands[action.seat]
    for group in action.melds:
        ids = pick_cards(hand, group, prefer=state.taken)
        assert ids is not None, "perform is called with checked actions only"
        remove_cards(hand, ids)
        state.table.append(TableMeld(owner=action.seat, meld=read_meld(group, rules.melds), ids=tuple(ids)))
    _extra(state).went_down[action.seat] = True
    _after_play(state, action.seat)


def _perform_discard(state: GameState, action: Discard) -> None:
    card = discard_choice(state.hands[action.seat], action.card, state.taken)
    assert card is not None, "perform is called with checked actions only"
    discard(state, action.seat, card)
    if not state.hands[action.seat]:
        state.round_end = RoundEnd(action.seat, "SH-12", f"seat {action.seat} went out (SH-12)")
        return
    end_turn(state)


# -- listing -------------------------------------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat``, each once, in canonical form (SH-C2)."""
    if state.is_over or seat != state.turn:
        return []
    if state.phase == Phase.DRAW:
        draws: list[Action] = [Draw(seat=seat)]
        if state.piles["discard"]:
            draws.append(TakeDiscard(seat=seat))
        return draws
    if _extra(state).went_down[seat]:
        return [*_legal_lay_offs(state, seat), *_legal_discards(state, seat)]
    return [*_legal_go_downs(state, seat), *_legal_discards(state, seat)]


def _legal_go_downs(state: GameState, seat: int) -> list[Action]:
    """Every way the hand meets the round's contract (SH-9) that leaves a way to end the turn (G-4)."""
    hand = state.hands[seat]
    actions: list[Action] = []
    for way in _contract_solver(state).ways([face(cid) for cid in hand]):
        used = pick_cards(hand, [card for meld in way for card in meld.cards], prefer=state.taken)
        assert used is not None
        remaining = list(hand)
        remove_cards(remaining, used)
        if can_end_turn(remaining, state.taken):
            actions.append(GoDown(seat=seat, melds=tuple(meld.cards for meld in way)))
    return actions


def _legal_lay_offs(state: GameState, seat: int) -> list[Action]:
    """Every lay-off (SH-10) on every meld on the table, at each end a run can take it, that leaves
    a way to end the turn (G-4)."""
    rules = _rules(state).melds
    hand = state.hands[seat]
    actions: list[Action] = []
    for card in sorted({face(cid) for cid in hand}):
        used = pick_cards(hand, [card], prefer=state.taken)
        assert used is not None
        remaining = list(hand)
        remove_cards(remaining, used)
        if not can_end_turn(remaining, state.taken):
            continue
        for index, table_meld in enumerate(state.table):
            meld = table_meld.meld
            if meld.kind is MeldKind.SET:
                if can_extend(meld, card, rules):
                    actions.append(LayOff(seat=seat, card=card, meld=index))
                continue
            actions.extend(
                LayOff(seat=seat, card=card, meld=index, end=end)
                for end in (RunEnd.LOW, RunEnd.HIGH)
                if can_extend(meld, card, rules, end)
            )
    return actions


def _legal_discards(state: GameState, seat: int) -> list[Action]:
    """Every discard (SH-11): each face held in a copy other than the card taken this turn."""
    taken = state.taken
    return [Discard(seat=seat, card=card) for card in sorted({face(cid) for cid in state.hands[seat] if cid != taken})]


# -- views ---------------------------------------------------------------------------------------------


def view(state: GameState, seat: int | None, to_act: tuple[int, ...]) -> ShanghaiView:
    """What ``seat`` may see: the common view, the round's contract and who has gone down."""
    rules = _rules(state)
    contract = rules.contracts[min(max(state.round, 1), len(rules.contracts)) - 1]
    return ShanghaiView(
        **base_view_fields(state, seat, to_act),
        contract=str(contract),
        rounds=len(rules.contracts),
        went_down=tuple(_extra(state).went_down),
    )


# -- positions -----------------------------------------------------------------------------------------


def check_position(state: GameState) -> None:
    """What a Shanghai position loaded from data must satisfy beyond the core's checks."""
    extra = state.extra
    if not isinstance(extra, ShanghaiExtra):
        raise InvalidPositionError("extra", "shanghai keeps who has gone down here (went_down)")
    if state.phase == Phase.OVER:
        return
    if len(extra.went_down) != state.players:
        raise InvalidPositionError("extra.went_down", f"one entry per seat ({state.players})")
    rules = _rules(state)
    for seat, hand in enumerate(state.hands):
        if not hand:
            raise InvalidPositionError(f"hands[{seat}]", "an empty hand means the seat went out, which ends the round")
    for index, table_meld in enumerate(state.table):
        try:
            meld = read_meld(table_meld.meld.cards, rules.melds, table_meld.meld.kind)
        except IllegalActionError as exc:
            raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {exc}") from exc
        if meld.ranks != table_meld.meld.ranks:
            raise InvalidPositionError(f"table[{index}].ranks", "the ranks do not follow the cards' places (G-5)")
        if not extra.went_down[table_meld.owner]:
            raise InvalidPositionError(f"table[{index}].owner", f"seat {table_meld.owner} has not gone down")
