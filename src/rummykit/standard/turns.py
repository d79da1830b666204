"""Shared mechanics of rummy turns that variants call: finding cards in a hand, the G-4 test,
taking the discard, laying off, discarding, ending a turn.

Actions name cards by face; a hand holds physical card ids, several of one face in multi-deck
games. These helpers pick the physical cards an action plays, deterministically, so that a
replay makes the same choice.

Examples:
    >>> from rummykit.core.cards import card_id, parse_cards
    >>> hand = [card_id(c) for c in parse_cards("5H 7C JK")] + [card_id(parse_cards("7C")[0], copy=1)]
    >>> [str(face(c)) for c in pick_cards(hand, parse_cards("7C JK"))]
    ['7C', 'JK']
    >>> pick_cards(hand, parse_cards("9D")) is None
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rummykit.core.actions import LayOff
from rummykit.core.cards import FACE_MASK, Card, CardId, face
from rummykit.core.melds import MeldRules, RunEnd, extend_meld
from rummykit.core.state import DRAW, PLAY, GameState, RoundEnd, TableMeld, in_hand, in_pile, on_table

__all__ = [
    "can_end_turn",
    "discard",
    "discard_choice",
    "end_turn",
    "lay_off",
    "missing_cards",
    "pick_cards",
    "remove_cards",
    "take_discard",
]


def pick_cards(hand: Sequence[CardId], cards: Iterable[Card], *, prefer: CardId | None = None) -> list[CardId] | None:
    """The physical cards of ``hand`` that play the faces ``cards`` (with multiplicity), or ``None``
    if the hand lacks some. Where ``prefer`` (a card id in the hand) has a wanted face, it is
    used first; otherwise the earliest received copy is."""
    picked: list[CardId] = []
    used: set[int] = set()
    for card in cards:
        index = card.index
        found = None
        if prefer is not None and (prefer & FACE_MASK) == index:
            position = hand.index(prefer) if prefer in hand else -1
            if position >= 0 and position not in used:
                found = position
        if found is None:
            found = next((i for i, cid in enumerate(hand) if (cid & FACE_MASK) == index and i not in used), None)
        if found is None:
            return None
        used.add(found)
        picked.append(hand[found])
    return picked


def missing_cards(hand: Sequence[CardId], cards: Iterable[Card]) -> list[Card]:
    """The faces of ``cards`` that ``hand`` does not hold (with multiplicity), sorted."""
    need = Counter(cards)
    have = Counter(face(cid) for cid in hand)
    return sorted((need - have).elements())


def remove_cards(hand: list[CardId], ids: Iterable[CardId]) -> None:
    """Remove the physical cards ``ids`` from ``hand``."""
    for cid in ids:
        hand.remove(cid)


def can_end_turn(remaining: Sequence[CardId], taken: CardId | None, *, may_discard_taken: bool = False) -> bool:
    """G-4: can a hand of ``remaining`` cards still end the turn? True if it is empty (the player
    went out) or holds a card that may be discarded (any card but ``taken``, the one taken from the
    discard pile this turn, unless ``may_discard_taken``)."""
    if not remaining or may_discard_taken or taken is None:
        return True
    return any(cid != taken for cid in remaining)


def discard_choice(
    hand: Sequence[CardId], card: Card, taken: CardId | None, *, may_discard_taken: bool = False
) -> CardId | None:
    """The physical card a discard of ``card`` plays: a copy other than ``taken`` (the card taken
    from the discard pile this turn) if the hand has one, else ``taken`` itself only if
    ``may_discard_taken``; ``None`` if the discard is not possible."""
    index = card.index
    fallback = None
    for cid in hand:
        if cid & FACE_MASK == index:
            if cid != taken:
                return cid
            fallback = cid
    return fallback if may_discard_taken else None


def take_discard(state: GameState, seat: int) -> CardId:
    """Move the top of the discard pile to ``seat``'s hand as the card taken this turn, and start
    the play phase."""
    card = state.piles["discard"].pop()
    state.hands[seat].append(card)
    state.note_moved((card,), in_pile("discard"), in_hand(seat))
    state.taken = card
    state.phase = PLAY
    return card


def lay_off(state: GameState, action: LayOff, rules: MeldRules) -> None:
    """Move the card of a checked lay-off from the hand onto its meld (the card taken from the
    discard pile first, where it has the face)."""
    hand = state.hands[action.seat]
    ids = pick_cards(hand, [action.card], prefer=state.taken)
    assert ids is not None, "lay_off is called with checked actions only"
    remove_cards(hand, ids)
    target = state.table[action.meld]
    meld = extend_meld(target.meld, action.card, rules, action.end)
    new_ids = (*ids, *target.ids) if action.end is RunEnd.LOW else (*target.ids, *ids)
    state.table[action.meld] = TableMeld(owner=target.owner, meld=meld, ids=new_ids)
    state.note_moved(ids, in_hand(action.seat), on_table(action.meld))


def discard(state: GameState, seat: int, cid: CardId) -> None:
    """Move the physical card ``cid`` from ``seat``'s hand onto the discard pile."""
    state.hands[seat].remove(cid)
    state.piles["discard"].append(cid)
    state.note_moved((cid,), in_hand(seat), in_pile("discard"))


def end_turn(state: GameState) -> None:
    """End the turn after its discard: the round ends at the turn cap (G-1); otherwise the next
    seat's turn starts with its draw."""
    if state.turn_number >= state.config.options["max_turns_per_round"]:
        turns = f"{state.turn_number} turn{'s' * (state.turn_number != 1)}"
        state.round_end = RoundEnd(None, "G-1", f"the round reached {turns} (G-1)")
        return
    state.turn = state.next_seat(state.turn)
    state.turn_number += 1
    state.phase = DRAW
    state.taken = None
