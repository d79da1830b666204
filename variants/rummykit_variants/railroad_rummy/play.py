"""RailRoad Rummy's play: dealing, checking, performing and listing actions, scoring.

Every ``check_*`` function only reads the state and raises
[`IllegalActionError`][rummykit.errors.IllegalActionError] citing the rule; every ``perform_*`` function
is called only with an action its check accepted.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, cast

from rummykit.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.cards import FACE_MASK, Card, CardId, Rank, Suit, face
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
from rummykit.solver import Contract, ContractSolver
from rummykit.state import GameState, Phase, RoundEnd, TableMeld
from rummykit.views import base_view_fields
from rummykit_variants.railroad_rummy.actions import Claim, Pass
from rummykit_variants.railroad_rummy.rules import RailroadRules, RoundSpec, card_points
from rummykit_variants.railroad_rummy.state import (
    ClaimOutcome,
    Declaration,
    RailroadExtra,
    RailroadPhase,
    RailroadRummyView,
)

__all__ = [
    "check_action",
    "check_position",
    "deal",
    "legal_actions",
    "perform_action",
    "score_round",
    "start_game",
    "to_act",
    "view",
]


def _rules(state: GameState) -> RailroadRules:
    return cast(RailroadRules, state.rules)


def _extra(state: GameState) -> RailroadExtra:
    return cast(RailroadExtra, state.extra)


def round_spec(state: GameState) -> RoundSpec:
    """This round's hand size and contract (RR-10)."""
    return _rules(state).rounds[state.round - 1]


# -- the game and its rounds ----------------------------------------------------------------------


def start_game(state: GameState) -> None:
    """Give every seat its HMGs for the whole game (RR-18)."""
    players = state.players
    state.extra = RailroadExtra(hmg=[_rules(state).hmg_per_player] * players, went_down=[None] * players)


def deal(state: GameState, shoe: Sequence[CardId]) -> None:
    """RR-2 to RR-4: split the shoe into the draw pile and the standby pile, deal one card at a
    time from the seat after the dealer, and turn up the first discard."""
    rules = _rules(state)
    players = state.players
    draw_size = len(rules.shoe_parts[0])
    stock = list(reversed(shoe[:draw_size]))
    standby = list(reversed(shoe[draw_size:]))
    start = state.next_seat(state.dealer)
    hands: list[list[CardId]] = [[] for _ in range(players)]
    for _ in range(round_spec(state).hand_size):
        for step in range(players):
            hands[(start + step) % players].append(stock.pop())
    state.hands = hands
    state.piles = {"stock": stock, "standby": standby, "discard": [stock.pop()]}
    state.turn = start
    state.phase = Phase.DRAW
    extra = _extra(state)
    extra.went_down = [None] * players
    extra.declarations = {}
    extra.last_claim = None


def score_round(state: GameState) -> list[int]:
    """RR-30: every player who did not go out adds the points of the cards in hand."""
    went_out = state.round_end[0] if state.round_end else None
    return [
        0 if seat == went_out else sum(card_points(face(cid)) for cid in hand) for seat, hand in enumerate(state.hands)
    ]


def game_over(state: GameState) -> bool:
    """RR-31: the game ends after round 7."""
    return state.round >= len(_rules(state).rounds)


def _draw_card(state: GameState, rng: Randomness) -> CardId | None:
    """RR-5: the top of the draw pile, refilled from the standby pile, then from the discard pile
    (all but its top card, shuffled); ``None`` if no card can be had."""
    piles = state.piles
    stock = piles["stock"]
    if not stock:
        standby = piles["standby"]
        discard = piles["discard"]
        if standby:
            stock.extend(standby)
            standby.clear()
        elif len(discard) > 1:
            rest = discard[:-1]
            rng.shuffle(rest)
            stock.extend(rest)
            del discard[:-1]
    return stock.pop() if stock else None


# -- who acts ---------------------------------------------------------------------------------------


def to_act(state: GameState) -> tuple[int, ...]:
    """The turn player, or during a claim window every other seat yet to declare, in turn order."""
    if state.is_over:
        return ()
    if state.phase == RailroadPhase.CLAIM:
        declared = _extra(state).declarations
        seats = (state.next_seat(state.turn, step) for step in range(1, state.players))
        return tuple(seat for seat in seats if seat not in declared)
    return (state.turn,)


# -- checking ------------------------------------------------------------------------------------


def _refuse(rule: str, reason: str, action: Action) -> IllegalActionError:
    return IllegalActionError(rule, reason, action=action)


def check_action(state: GameState, action: Action) -> Action:
    """Check ``action`` against every rule; return its canonical form, or raise."""
    if isinstance(action, Claim | Pass):
        return _check_declaration(state, action)
    _check_seat_conditions(state, action)
    if state.phase == RailroadPhase.CLAIM:
        if action.seat == state.turn:
            raise _refuse("RR-19", "the other players are still declaring on the top discard", action)
        raise _refuse("G-2", f"it is seat {state.turn}'s turn", action)
    check_turn(state, action, start_rule="RR-2", draw_rule="RR-14", empty_discard="RR-C3")
    if isinstance(action, Draw | TakeDiscard):
        return action
    if isinstance(action, GoDown):
        return _check_go_down(state, action)
    if isinstance(action, LayOff):
        return _check_lay_off(state, action)
    if isinstance(action, Discard):
        return _check_discard(state, action)
    raise InvalidActionError(f"railroad-rummy has no action {action.kind!r}")  # pragma: no cover - engine checks


def _check_seat_conditions(state: GameState, action: Action) -> None:
    """G-7: a go-down or lay-off refused for what the seat has (or has not) done this round cites that
    rule, whoever's turn it is."""
    went_down = _extra(state).went_down[action.seat]
    if isinstance(action, GoDown) and went_down is not None:
        raise _refuse("RR-13", "a player goes down at most once a round, and this seat already has", action)
    if isinstance(action, LayOff):
        if went_down is None:
            raise _refuse("RR-20", "only a player who has gone down may lay off", action)
        if went_down == state.turn_number:
            raise _refuse("RR-20", "laying off starts on the turn after going down", action)


def _check_declaration(state: GameState, action: Claim | Pass) -> Action:
    extra = _extra(state)
    if state.phase != RailroadPhase.CLAIM:
        raise _refuse(
            "RR-15", "no claim window is open: one opens when the turn player draws from the draw pile", action
        )
    if action.seat == state.turn:
        raise _refuse("RR-15", "the turn player does not declare in their own claim window", action)
    if action.seat in extra.declarations:
        raise _refuse("RR-15", "each player declares once in a claim window, and this seat has", action)
    if isinstance(action, Claim) and action.hmg and extra.hmg[action.seat] <= 0:
        raise _refuse("RR-18", "this seat has no HMG left", action)
    return action


def _remaining(hand: Sequence[CardId], used: Sequence[CardId]) -> list[CardId]:
    rest = list(hand)
    remove_cards(rest, used)
    return rest


def _check_can_end_turn(state: GameState, seat: int, used: Sequence[CardId], action: Action) -> None:
    remaining = _remaining(state.hands[seat], used)
    if not can_end_turn(remaining, state.taken, may_discard_taken=_rules(state).may_discard_taken_card):
        raise _refuse(
            "G-4",
            f"it would leave only {face(remaining[0])}, the card taken from the discard pile this turn, "
            "which may not be discarded (RR-21), so the turn could not end",
            action,
        )


def _rank_key(card: Card) -> int:
    return int(card.rank)


def ordered_melds(melds: Sequence[Meld]) -> tuple[Meld, ...]:
    """The melds of a go-down in their one order, with the same cards: sets, then runs, by the
    ranks of their cards, then by the cards; a set's cards naturals first, then wild cards (2s before
    jokers), cards of one rank in suit order. (A run's order is its ranks', G-5.) A go-down is
    recorded in this order."""
    ordered = []
    for meld in melds:
        cards = meld.cards
        if meld.kind is MeldKind.SET:
            rank = meld.ranks[0]
            cards = tuple(sorted(cards, key=lambda c: (c.rank is not rank, _rank_key(c), c.index)))
        key = (meld.kind is MeldKind.RUN, [_rank_key(c) for c in cards], list(meld.ranks), [c.index for c in cards])
        ordered.append((key, cards, meld))
    ordered.sort(key=lambda item: item[0])
    return tuple(Meld(meld.kind, cards, meld.ranks) for _, cards, meld in ordered)


def canonical_go_down(
    state: GameState, seat: int, melds: Sequence[Meld], pools: dict[int, list[Card]] | None = None
) -> tuple[Meld, ...]:
    """The go-down ``legal_actions`` lists for the ranks of ``melds`` (RR-C4): in the order of
    `ordered_melds`, each card taken from the hand by rank: the card taken from the discard
    pile first (RR-C2), then in suit order. Only the ranks of ``melds``' cards are read.
    ``pools``: the hand's `rank_pools`, if the caller has them already."""
    if pools is None:
        pools = rank_pools(state, seat)
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


def rank_pools(state: GameState, seat: int) -> dict[int, list[Card]]:
    """The faces of ``seat``'s hand by rank value, in the order `canonical_go_down` takes
    them: the card taken from the discard pile first (RR-C2), then by suit, then as received."""
    taken = state.taken
    pools: dict[int, list[Card]] = {}
    for cid in sorted(state.hands[seat], key=lambda c: (c != taken, face(c).suit or 0, c)):
        card = face(cid)
        pools.setdefault(int(card.rank), []).append(card)
    return pools


def _check_go_down(state: GameState, action: GoDown) -> GoDown:
    rules = _rules(state)
    seat = action.seat
    spec = round_spec(state)
    contract = spec.contract
    last_round = contract.max_leftover is not None
    rule = "RR-12" if last_round else "RR-11"
    if not action.melds or any(not group for group in action.melds):
        raise InvalidActionError("a go-down lists one or more melds, each with its cards")
    hand = state.hands[seat]
    cards = [card for group in action.melds for card in group]
    used = pick_cards(hand, cards, prefer=state.taken)
    if used is None:
        missing = " ".join(map(str, missing_cards(hand, cards)))
        raise _refuse("G-7", f"the hand does not hold {missing}", action)
    melds = [_read_group(group, contract, rules.melds) for group in action.melds]
    wanted = sorted(req.kind.value for req in contract.melds)
    laid = sorted(meld.kind.value for meld in melds)
    if last_round:
        if laid != wanted:
            raise _refuse(rule, f"in round 7 going down is exactly 3 runs, not {_kinds(melds)}", action)
        left = len(hand) - len(cards)
        if left > 1:
            raise _refuse(
                rule,
                f"in round 7 the runs must use every card in hand or every card but one; {left} would be left",
                action,
            )
    else:
        if laid != wanted:
            raise _refuse(rule, f"round {state.round}'s contract is {contract}, not {_kinds(melds)}", action)
        for meld in melds:
            size = 3 if meld.kind is MeldKind.SET else 4
            if len(meld) != size:
                raise _refuse(
                    rule,
                    f"every {meld.kind.value} of a contract is exactly {size} cards, and {meld} is {len(meld)}",
                    action,
                )
    _check_can_end_turn(state, seat, used, action)
    return GoDown(seat=seat, melds=tuple(meld.cards for meld in ordered_melds(melds)))


def _read_group(group: Sequence[Card], contract: Contract, rules: MeldRules) -> Meld:
    """A group of a go-down as a meld. If it is no meld at all and the contract asks for one kind
    only, the refusal names that kind's rule (a broken set in a round of sets cites RR-8)."""
    try:
        return read_meld(group, rules)
    except IllegalActionError:
        kinds = {req.kind for req in contract.melds}
        if len(kinds) != 1:
            raise
        return read_meld(group, rules, kinds.pop())  # raises: no meld of that kind either


def _kinds(melds: Sequence[Meld]) -> str:
    sets = sum(1 for m in melds if m.kind is MeldKind.SET)
    runs = len(melds) - sets
    parts = [f"{n} {kind}{'s' if n != 1 else ''}" for n, kind in ((sets, "set"), (runs, "run")) if n]
    return " + ".join(parts) or "nothing"


def _check_lay_off(state: GameState, action: LayOff) -> LayOff:
    seat = action.seat
    if not 0 <= action.meld < len(state.table):
        tables = f"melds 0 to {len(state.table) - 1}" if state.table else "no melds"
        raise _refuse("RR-20", f"there is no meld {action.meld} on the table ({tables})", action)
    used = pick_cards(state.hands[seat], [action.card], prefer=state.taken)
    if used is None:
        raise _refuse("G-7", f"the hand does not hold {action.card}", action)
    before = state.table[action.meld].meld
    after = extend_meld(before, action.card, _rules(state).melds, action.end)
    _check_can_end_turn(state, seat, used, action)
    return LayOff(seat=seat, card=action.card, meld=action.meld, end=_end_used(before, after))


def _end_used(before: Meld, after: Meld) -> RunEnd | None:
    if after.kind is MeldKind.SET:
        return None
    return RunEnd.LOW if after.ranks[0] != before.ranks[0] else RunEnd.HIGH


def _discard_choice(state: GameState, seat: int, card: Card) -> CardId | None:
    """The physical card a discard of ``card`` plays (RR-21, RR-C2)."""
    return discard_choice(state.hands[seat], card, state.taken, may_discard_taken=_rules(state).may_discard_taken_card)


def _check_discard(state: GameState, action: Discard) -> Discard:
    check_discard(state, action, rule="RR-21", may_discard_taken=_rules(state).may_discard_taken_card)
    return action


# -- performing -------------------------------------------------------------------------------------


def perform_action(state: GameState, action: Action, rng: Randomness) -> None:
    """Carry out a checked action."""
    if isinstance(action, Draw):
        _perform_draw(state, rng)
    elif isinstance(action, TakeDiscard):
        take_discard(state, action.seat)
    elif isinstance(action, Claim | Pass):
        _perform_declaration(state, action, rng)
    elif isinstance(action, GoDown):
        _perform_go_down(state, action)
    elif isinstance(action, LayOff):
        _perform_lay_off(state, action)
    elif isinstance(action, Discard):
        _perform_discard(state, action)


def _perform_draw(state: GameState, rng: Randomness) -> None:
    card = _draw_card(state, rng)
    if card is None:
        state.round_end = RoundEnd(
            None, "RR-5", "no card can be drawn: the draw, standby and discard piles are used up (RR-5)"
        )
        return
    state.hands[state.turn].append(card)
    if state.piles["discard"]:
        state.phase = RailroadPhase.CLAIM
        _extra(state).declarations = {}
    else:
        state.phase = Phase.PLAY


def _perform_declaration(state: GameState, action: Claim | Pass, rng: Randomness) -> None:
    extra = _extra(state)
    if isinstance(action, Pass):
        declaration = Declaration.PASS
    else:
        declaration = Declaration.HMG if action.hmg else Declaration.CLAIM
    extra.declarations[action.seat] = declaration
    if len(extra.declarations) == state.players - 1:
        _resolve_claims(state, rng)


def _resolve_claims(state: GameState, rng: Randomness) -> None:
    """RR-16, RR-17: HMG claimants first, then turn order from the turn player; the winner takes
    the card and a penalty card, and only the winner's HMG is used up."""
    extra = _extra(state)
    order = [state.next_seat(state.turn, step) for step in range(1, state.players)]
    declarations = tuple((seat, extra.declarations[seat]) for seat in order)
    hmg_claimants = [seat for seat, d in declarations if d is Declaration.HMG]
    claimants = [seat for seat, d in declarations if d is not Declaration.PASS]
    winner = hmg_claimants[0] if hmg_claimants else (claimants[0] if claimants else None)
    discard = state.piles["discard"]
    card = face(discard[-1])
    penalty = False
    if winner is not None:
        state.hands[winner].append(discard.pop())
        penalty_card = _draw_card(state, rng)
        if penalty_card is not None:
            state.hands[winner].append(penalty_card)
            penalty = True
        if extra.declarations[winner] is Declaration.HMG:
            extra.hmg[winner] -= 1
    extra.last_claim = ClaimOutcome(
        turn=state.turn,
        card=card,
        declarations=declarations,
        winner=winner,
        hmg=winner is not None and extra.declarations[winner] is Declaration.HMG,
        penalty=penalty,
    )
    extra.declarations = {}
    state.phase = Phase.PLAY


def _went_out(state: GameState, seat: int) -> None:
    state.round_end = RoundEnd(seat, "RR-22", f"seat {seat} went out (RR-22)")


def _perform_go_down(state: GameState, action: GoDown) -> None:
    rules = _rules(state)
    hand = state.hands[action.seat]
    for group in action.melds:
        ids = pick_cards(hand, group, prefer=state.taken)
        assert ids is not None
        remove_cards(hand, ids)
        state.table.append(TableMeld(owner=action.seat, meld=read_meld(group, rules.melds), ids=tuple(ids)))
    _extra(state).went_down[action.seat] = state.turn_number
    if not hand:
        _went_out(state, action.seat)


def _perform_lay_off(state: GameState, action: LayOff) -> None:
    lay_off(state, action, _rules(state).melds)
    if not state.hands[action.seat]:
        _went_out(state, action.seat)


def _perform_discard(state: GameState, action: Discard) -> None:
    card = _discard_choice(state, action.seat, action.card)
    assert card is not None
    discard(state, action.seat, card)
    if not state.hands[action.seat]:
        _went_out(state, action.seat)
    else:
        end_turn(state)


# -- listing -----------------------------------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat``, each once, in canonical form."""
    if seat not in to_act(state):
        return []
    if state.phase == RailroadPhase.CLAIM:
        return list(_declarations(seat, _extra(state).hmg[seat] > 0))
    if state.phase == Phase.DRAW:
        return list(_draws(seat, bool(state.piles["discard"])))
    return [*_legal_go_downs(state, seat), *_legal_lay_offs(state, seat), *_legal_discards(state, seat)]


@functools.cache
def _declarations(seat: int, hmg: bool) -> tuple[Action, ...]:
    """A seat's declarations in a claim window (actions are frozen, so one tuple serves every call)."""
    return (
        (Pass(seat=seat), Claim(seat=seat), Claim(seat=seat, hmg=True)) if hmg else (Pass(seat=seat), Claim(seat=seat))
    )


@functools.cache
def _draws(seat: int, discard: bool) -> tuple[Action, ...]:
    """A seat's draws: from the draw pile, and from the discard pile if it holds a card."""
    return (Draw(seat=seat), TakeDiscard(seat=seat)) if discard else (Draw(seat=seat),)


def _rank_face(cid: CardId) -> Card:
    card = face(cid)
    return card if card.suit is None else Card.of(card.rank, Suit.CLUBS)


_SOLVERS: dict[int, tuple[Contract, MeldRules, ContractSolver]] = {}
"""A prepared solver per round contract (by the contract's identity)."""
_MOST_KEPT: Final = 64


def _solver(contract: Contract, rules: MeldRules) -> ContractSolver:
    """The prepared solver for ``contract`` under ``rules`` (built once per process)."""
    known = _SOLVERS.get(id(contract))
    if known is not None and known[0] is contract and known[1] is rules:
        return known[2]
    solver = ContractSolver(contract, rules)
    if len(_SOLVERS) >= _MOST_KEPT:  # contracts are the game's constants; keep the cache small anyway
        _SOLVERS.clear()
    _SOLVERS[id(contract)] = (contract, rules, solver)
    return solver


def _legal_go_downs(state: GameState, seat: int) -> list[Action]:
    """Every go-down in canonical form (RR-C4): the solver works on the hand with suits set aside."""
    if _extra(state).went_down[seat] is not None:
        return []
    rules = _rules(state)
    hand = state.hands[seat]
    ways = _solver(round_spec(state).contract, rules.melds).ways([_rank_face(cid) for cid in hand])
    if not ways:
        return []
    # G-4 can refuse a go-down only when it leaves exactly one card, which might be the taken one.
    strict = state.taken is not None and not rules.may_discard_taken_card
    pools = rank_pools(state, seat)
    found: dict[GoDown, None] = {}
    for way in ways:
        canonical = canonical_go_down(state, seat, way, pools)
        if strict and len(hand) - sum(len(meld.cards) for meld in canonical) == 1:
            used = pick_cards(hand, [card for meld in canonical for card in meld.cards], prefer=state.taken)
            assert used is not None
            if not can_end_turn(_remaining(hand, used), state.taken):
                continue
        found[GoDown(seat=seat, melds=tuple(meld.cards for meld in canonical))] = None
    return list(found)


def _held_faces(hand: Sequence[CardId]) -> list[Card]:
    """The faces ``hand`` holds, each once, in card order (a face's index follows card order)."""
    return [face(index) for index in sorted({cid & FACE_MASK for cid in hand})]


def _legal_lay_offs(state: GameState, seat: int) -> list[Action]:
    went_down = _extra(state).went_down[seat]
    if went_down is None or went_down == state.turn_number or not state.table:
        return []
    rules = _rules(state)
    melds = rules.melds
    hand = state.hands[seat]
    wild_indices = {card.index for card in melds.wild_faces}
    playable = []
    for card in _held_faces(hand):
        if state.taken is not None and not rules.may_discard_taken_card:  # G-4 binds only then
            used = pick_cards(hand, [card], prefer=state.taken)
            assert used is not None
            if not can_end_turn(_remaining(hand, used), state.taken):
                continue
        playable.append((card, card.index in wild_indices))
    actions: list[Action] = []
    for index, table_meld in enumerate(state.table):
        meld = table_meld.meld
        is_run = meld.kind is MeldKind.RUN
        wanted = _end_ranks(meld, rules) if is_run else (meld.ranks[0],)
        for card, wild in playable:
            if not wild and card.rank not in wanted:
                continue
            for end in (RunEnd.LOW, RunEnd.HIGH) if wild and is_run else (None,):
                if can_extend(meld, card, melds, end):
                    after = extend_meld(meld, card, melds, end)
                    actions.append(LayOff(seat=seat, card=card, meld=index, end=_end_used(meld, after)))
    return actions


_END_RANKS: dict[int, tuple[Meld, MeldRules, tuple[Rank, ...]]] = {}
"""`_end_ranks` by the meld's identity (a meld stays on the table, unchanged, for many turns)."""


def _end_ranks(meld: Meld, rules: RailroadRules) -> tuple[Rank, ...]:
    """The ranks that would extend a run at either end."""
    known = _END_RANKS.get(id(meld))
    if known is not None and known[0] is meld and known[1] is rules.melds:
        return known[2]
    order = rules.melds.run_order
    start = rules.melds.run_positions(meld.ranks)
    assert start is not None
    stop = start + len(meld.ranks)
    ends = tuple(order[i] for i in (start - 1, stop) if 0 <= i < len(order))
    if len(_END_RANKS) >= 256:  # the melds of past games are not looked up again
        _END_RANKS.clear()
    _END_RANKS[id(meld)] = (meld, rules.melds, ends)
    return ends


@functools.cache
def _discard(seat: int, card: Card) -> Discard:
    """The discard of ``card`` by ``seat`` (actions are frozen: one object serves every call)."""
    return Discard(seat=seat, card=card)


def _legal_discards(state: GameState, seat: int) -> list[Action]:
    return [
        _discard(seat, card)
        for card in _held_faces(state.hands[seat])
        if _discard_choice(state, seat, card) is not None
    ]


# -- views ---------------------------------------------------------------------------------------


_CONTRACT_TEXTS: dict[int, tuple[Contract, str]] = {}


def _contract_text(contract: Contract) -> str:
    """``str(contract)``, worked out once per contract (every view shows it)."""
    known = _CONTRACT_TEXTS.get(id(contract))
    if known is None or known[0] is not contract:
        if len(_CONTRACT_TEXTS) >= _MOST_KEPT:
            _CONTRACT_TEXTS.clear()
        known = _CONTRACT_TEXTS[id(contract)] = (contract, str(contract))
    return known[1]


def view(state: GameState, seat: int | None, acting: tuple[int, ...]) -> RailroadRummyView:
    """What ``seat`` may see: the common view, the contract, HMGs, who went down, and the claim
    window (who has declared, not what: RR-C1)."""
    extra = _extra(state)
    spec = round_spec(state)
    claim_open = state.phase == RailroadPhase.CLAIM
    fields = base_view_fields(state, seat, acting)
    if claim_open:  # RR-C1: the open window's declarations stay sealed, except the seat's own
        sealed = len(extra.declarations)
        log = list(state.log)
        opened = len(log) - sealed
        fields["log"] = (*log[:opened], *(a for a in log[opened:] if a.seat == seat))
    return RailroadRummyView(
        **fields,
        contract=_contract_text(spec.contract),
        hand_size=spec.hand_size,
        standby_size=len(state.piles.get("standby", ())),
        hmg=tuple(extra.hmg),
        went_down=tuple(turn is not None for turn in extra.went_down),
        declared=tuple(sorted(extra.declarations)) if claim_open else (),
        last_claim=extra.last_claim,
    )


# -- positions -------------------------------------------------------------------------------------


def check_position(state: GameState) -> None:
    """What a RailRoad Rummy position loaded from data must satisfy beyond the core's checks."""
    rules = _rules(state)
    extra = _extra(state)
    players = state.players
    if not 1 <= state.round <= len(rules.rounds):
        raise InvalidPositionError("round", f"RailRoad Rummy has rounds 1 to {len(rules.rounds)}, not {state.round}")
    if state.phase == Phase.OVER:
        return
    for seat, hand in enumerate(state.hands):
        if not hand:
            raise InvalidPositionError(f"hands[{seat}]", "an empty hand means the seat went out, which ends the round")
    for name, values in (("hmg", extra.hmg), ("went_down", extra.went_down)):
        if len(values) != players:
            raise InvalidPositionError(f"extra.{name}", f"one entry per seat ({players})")
    for seat, left in enumerate(extra.hmg):
        if not 0 <= left <= rules.hmg_per_player:
            raise InvalidPositionError(f"extra.hmg[{seat}]", f"HMGs left are 0 to {rules.hmg_per_player}, not {left}")
    for seat, turn in enumerate(extra.went_down):
        if turn is not None and not 1 <= turn <= state.turn_number:
            raise InvalidPositionError(f"extra.went_down[{seat}]", f"went down on turn {turn} of {state.turn_number}")
    for index, table_meld in enumerate(state.table):
        try:
            meld = read_meld(table_meld.meld.cards, rules.melds, table_meld.meld.kind)
        except IllegalActionError as exc:
            raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {exc}") from exc
        if meld.ranks != table_meld.meld.ranks:
            raise InvalidPositionError(f"table[{index}].ranks", "the ranks do not follow the cards' places (G-5)")
        if extra.went_down[table_meld.owner] is None:
            raise InvalidPositionError(f"table[{index}].owner", f"seat {table_meld.owner} has not gone down")
    for seat in extra.declarations:
        if not 0 <= seat < players:
            raise InvalidPositionError("extra.declarations", f"there is no seat {seat}")
    claim = extra.last_claim
    if claim is not None:
        fields: list[tuple[str, int | None]] = [("turn", claim.turn), ("winner", claim.winner)]
        fields += [(f"declarations[{i}]", seat) for i, (seat, _) in enumerate(claim.declarations)]
        for field, named in fields:
            if named is not None and not 0 <= named < players:
                raise InvalidPositionError(f"extra.last_claim.{field}", f"there is no seat {named}")
    claim_open = state.phase == RailroadPhase.CLAIM
    if extra.declarations and not claim_open:
        raise InvalidPositionError("extra.declarations", "declarations are only open during a claim window")
    if claim_open and not state.piles["discard"]:
        raise InvalidPositionError("phase", "a claim window needs a top discard to claim (RR-C3)")
    if any(seat == state.turn for seat in extra.declarations):
        raise InvalidPositionError("extra.declarations", "the turn player does not declare")
    if state.taken is not None and state.phase != Phase.PLAY:
        raise InvalidPositionError("taken", "a card is taken from the discard pile at the draw, so only in play")
