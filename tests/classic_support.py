"""Test support for Classic Rummy: set up exact positions and stacked shoes, list every action a
brute force can think of.

`arrange` builds a position from a game's configuration with the public position builder
(`rummykit.build_position`), so the core and the variant check it, and a test cannot run on a
position the loader would refuse. `stacked_shoe` stacks a round's shoe so that a real deal (CR-1,
CR-C1) gives the hands a test names.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import cast

import rummykit
from rummykit import Action, Card, Discard, GoDown, LayOff, Rank, RunEnd
from rummykit.core.cards import CardId, card_id_text, parse_cards, standard_deck
from rummykit.core.errors import IllegalActionError
from rummykit.core.melds import Meld, read_meld
from rummykit.standard import StandardRules as ClassicRules


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
    totals: Sequence[int] | None = None,
) -> rummykit.Game:
    """A game at a position, with ``game``'s configuration (variant, players, options, house rules,
    seed), round, dealer and history: [`rummykit.build_position`][rummykit.documents.builder.build_position]
    with the defaults these tests share.

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
        totals: each seat's total before this round (default: the game's).

    Raises:
        InvalidPositionError: the builder refuses the position (a test may not run on it).
    """
    owners = {owner for owner, _ in table}
    melded_on = [(melded or {}).get(seat, 1 if seat in owners else None) for seat in range(game.players)]
    played_on = [(played or {}).get(seat, melded_on[seat]) for seat in range(game.players)]
    return rummykit.build_position(
        game.variant,
        game.players,
        hands=hands,
        seed=game.seed,
        options=game.options,
        house_rules=[rule.name for rule in game.house_rules],
        round=game.round,
        dealer=game.dealer,
        turn=game.turn if turn is None else turn,
        phase=phase,
        turn_number=turn_number,
        discard=discard,
        stock=stock,
        table=table,
        taken=taken,
        totals=game.scores if totals is None else totals,
        history=game.history,
        facts={
            "melded_on": melded_on,
            "played_on": played_on,
            "rebuilds": rebuilds,
            "melds_this_turn": melds_this_turn,
        },
        rest=leftover,
    )


def _texts(ids: Sequence[CardId]) -> list[str]:
    return [card_id_text(cid) for cid in ids]


def stacked_shoe(*, dealer: int, hands: Sequence[str], discard: str, stock: str = "") -> list[Card]:
    """A 52-card shoe from which the dealer ``dealer`` deals ``hands`` (seat 0's first, all of one
    size) one card at a time from the seat after the dealer (CR-C1), turns up ``discard`` (CR-1)
    and leaves ``stock`` on top of the stock, the next card to be drawn first; the cards not named
    follow in deck order."""
    dealt = [parse_cards(hand) for hand in hands]
    players, size = len(dealt), len(dealt[0])
    assert all(len(hand) == size for hand in dealt), "every seat is dealt as many cards"
    shoe = [dealt[(dealer + 1 + step) % players][index] for index in range(size) for step in range(players)]
    shoe += [*parse_cards(discard), *parse_cards(stock)]
    left = Counter(standard_deck())
    left.subtract(shoe)
    assert all(count >= 0 for count in left.values()), "each card of the deck once"
    return shoe + [card for card in standard_deck() if left[card]]


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
