"""Test support for Classic Rummy: set up exact positions, list every action a brute force can think of.

:func:`arrange` rearranges the cards of a freshly created ``rummy`` game into a position: it moves
physical cards between zones (so every card stays accounted for), then sets the turn, phase and
the variant's round state. It writes the state directly, which only tests may do.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import cast

import rummykit
from rummykit import Action, Card, Discard, GoDown, LayOff, Rank, RunEnd
from rummykit.cards import face, parse_cards, shoe_ids
from rummykit.errors import IllegalActionError
from rummykit.melds import Meld, read_meld
from rummykit.state import GameState, TableMeld
from rummykit_variants.classic_rummy import ClassicExtra, ClassicRules
from tests.support import CardPool


def arrange(
    game: rummykit.Game,
    *,
    hands: Sequence[str],
    turn: int | None = None,
    phase: str = "draw",
    turn_number: int = 1,
    discard: str = "",
    table: Sequence[tuple[int, str]] = (),
    stock: str = "",
    leftover: str = "stock",
    played: Mapping[int, int] | None = None,
    melded: Mapping[int, int] | None = None,
    rebuilds: int = 0,
    melds_this_turn: int = 0,
    taken: str | None = None,
) -> GameState:
    """Rearrange ``game`` into a position.

    Args:
        hands: each seat's hand as card text.
        turn, phase, turn_number: whose turn, in which phase, how many turns into the round.
        discard: the discard pile, bottom card first, top card last.
        table: melds on the table as ``(owner, cards)``, a run listed low to high.
        stock: cards on top of the stock, the next card to be drawn first.
        leftover: where the cards not placed anywhere go: ``"stock"`` (under ``stock``) or
            ``"discard"`` (under ``discard``).
        played, melded: seat -> the turn on which it first played (melded or laid off) and first
            melded this round; every owner of a table meld has melded on turn 1 unless given.
        rebuilds: how many times the stock has been rebuilt this round.
        melds_this_turn: melds the turn player has laid down this turn.
        taken: a card of the turn player's hand that was taken from the discard pile this turn.
    """
    state = game.state
    rules = cast(ClassicRules, state.rules)
    pool = CardPool(state.card_ids())
    state.hands = [pool.take(text) for text in hands]
    assert len(state.hands) == state.players, "one hand per seat"
    state.table = []
    for owner, text in table:
        ids = pool.take(text)
        state.table.append(TableMeld(owner=owner, meld=read_meld([face(c) for c in ids], rules.melds), ids=tuple(ids)))
    discard_ids = pool.take(discard)
    stock_ids = list(reversed(pool.take(stock)))
    rest = pool.rest()
    state.piles = {
        "stock": rest + stock_ids if leftover == "stock" else stock_ids,
        "discard": rest + discard_ids if leftover == "discard" else discard_ids,
    }
    state.turn = state.turn if turn is None else turn
    state.phase = phase
    state.turn_number = turn_number
    state.round_end = None
    extra = ClassicExtra.for_round(state.players)
    for owner, _ in table:
        extra.played_on[owner] = extra.melded_on[owner] = 1
    for seat, number in (played or {}).items():
        extra.played_on[seat] = number
    for seat, number in (melded or {}).items():
        extra.melded_on[seat] = number
    extra.rebuilds = rebuilds
    extra.melds_this_turn = melds_this_turn
    state.extra = extra
    state.taken = None
    if taken is not None:
        card = parse_cards(taken)[0]
        state.taken = next(cid for cid in reversed(state.hands[state.turn]) if face(cid) == card)
    assert sorted(state.card_ids()) == sorted(shoe_ids(rules.shoe)), "arrange lost or made a card"
    return state


# -- a brute force over candidate actions ------------------------------------------------------------


def candidate_groups(hand: Sequence[Card], rules: ClassicRules) -> list[tuple[Card, ...]]:
    """Every valid meld among the cards of ``hand``: every sub-multiset of 3 or more cards, in every
    order in which it could be a meld, judged by :func:`rummykit.read_meld`; each valid listing once.

    The orders tried are every order of a run's kind: the natural cards from low to high (G-5), the
    ace counted low or high, with the wild cards in every choice of places among them. A set's order
    does not matter, and a listing whose natural cards are not in run order is never a run.
    """
    wild = rules.melds.wild_faces
    found: dict[tuple[Card, ...], None] = {}
    for size in range(3, len(hand) + 1):
        for subset in itertools.combinations(hand, size):
            for cards in _orders(subset, wild):
                if cards in found:
                    continue
                try:
                    read_meld(cards, rules.melds)
                except IllegalActionError:
                    continue
                found[cards] = None
    return list(found)


def _orders(cards: Sequence[Card], wild: frozenset[Card]) -> Iterator[tuple[Card, ...]]:
    naturals = [card for card in cards if card not in wild]
    wilds = [card for card in cards if card in wild]
    for ace in (1, 14):
        ordered = sorted(naturals, key=lambda c: (ace if c.rank is Rank.ACE else int(c.rank), c.index))
        for places in itertools.combinations(range(len(cards)), len(wilds)):
            for wild_order in set(itertools.permutations(wilds)):
                rest = iter(ordered)
                placed = iter(wild_order)
                yield tuple(next(placed) if i in places else next(rest) for i in range(len(cards)))


def _disjoint(groups: Sequence[tuple[Card, ...]], hand: Sequence[Card]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every non-empty combination of ``groups`` whose cards the hand holds together."""

    def fits(cards: Sequence[Card]) -> bool:
        left = list(hand)
        for card in cards:
            if card not in left:
                return False
            left.remove(card)
        return True

    def extend(start: int, chosen: list[tuple[Card, ...]]) -> Iterator[tuple[tuple[Card, ...], ...]]:
        for index in range(start, len(groups)):
            group = groups[index]
            if fits([card for g in chosen for card in g] + list(group)):
                chosen.append(group)
                yield tuple(chosen)
                yield from extend(index + 1, chosen)
                chosen.pop()

    return extend(0, [])


def candidate_actions(game: rummykit.Game, seat: int) -> list[Action]:
    """Actions a brute force can think of for ``seat`` in the play phase: every combination of
    valid melds from the hand, every card of the hand on every meld at every end (and one meld
    past the table), and a discard of every face of the shoe."""
    rules = cast(ClassicRules, game.state.rules)
    hand = list(game.hand(seat))
    actions: list[Action] = [GoDown(seat=seat, melds=combo) for combo in _disjoint(candidate_groups(hand, rules), hand)]
    for card in sorted(set(hand)):
        for meld in range(len(game.state.table) + 1):
            actions.extend(LayOff(seat=seat, card=card, meld=meld, end=end) for end in (None, *RunEnd))
    actions.extend(Discard(seat=seat, card=card) for card in sorted(set(rules.shoe)))
    return actions


def legal_by_brute_force(game: rummykit.Game, seat: int) -> set[Action]:
    """The canonical forms of every candidate action the game accepts."""
    found = set()
    for action in candidate_actions(game, seat):
        try:
            found.add(game.check(action))
        except IllegalActionError:
            continue
    return found


def table_melds(game: rummykit.Game) -> list[Meld]:
    """The melds on the table, in order."""
    return [table_meld.meld for table_meld in game.state.table]
