"""Worlds a seat cannot tell from the game it is in: the cards it cannot see dealt anew among the places
it cannot see, from its [`View`][rummykit.core.views.View] alone (never the game's state).

A world agrees with everything the view shows: the seat's own hand, the table, each hand's size, the
sizes of the piles, the top of the discard pile, the public and the seat's own seat piles (Railroad
Canasta's red 3s, its kitty once it may look), and the variant's own public facts (a view field of the
same name as a field of the variant's state: RailRoad Rummy's HMGs, the frozen pile). It also agrees
with what the seat saw happen this round, read from the view's log:

- the discard pile under its top, as far as the seat saw cards discarded and taken (a card discarded
  and not taken since lies in the pile; cards under those the seat never saw are hidden);
- a card another seat took from the discard pile (or a pile it took whole) and has not since melded,
  laid off or discarded is in that seat's hand.

Every other card of the shoe is shuffled from a seeded random source into the hidden places: the other
hands, the hidden part of the discard pile, the other piles and seat piles, and the stock. The world is
then built with [`build_position`][rummykit.documents.builder.build_position], which checks it as any
position is checked: a world the variant refuses is drawn again ([`sample_world`][rummykit.search.worlds.sample_world]).

Examples:
    >>> import random
    >>> import rummykit
    >>> game = rummykit.new_game("gin-rummy", players=2, seed=3)
    >>> view = game.view(0)
    >>> world = sample_world(view, random.Random(1))
    >>> world.hand(0) == game.hand(0), world.view(0).discard_top == view.discard_top
    (True, True)
    >>> world.view(1).hand_sizes == view.hand_sizes
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from rummykit.core.actions import DeepTake, Discard, TakeDiscard
from rummykit.core.cards import Card, face
from rummykit.core.configuration import Configuration, configure
from rummykit.core.engine import Game
from rummykit.core.errors import InvalidPositionError, RummyError
from rummykit.core.views import View
from rummykit.documents.builder import build_position
from rummykit.documents.converter import converter
from rummykit.documents.serialize import own_fields
from rummykit.standard.canasta_family import TakePile
from rummykit.standard.plugin import SpreadView

__all__ = ["ALIASES", "Knowledge", "NoWorldError", "known_cards", "sample_world"]

ALIASES: Final[Mapping[str, str]] = {"rebuilds": "rebuilds_used", "kitty_taken": "kitty_picked_up"}
"""Fields of a variant's state that its view shows under another name (state field: view field)."""

TRIES: Final = 20
"""How many worlds are drawn before [`sample_world`][rummykit.search.worlds.sample_world] gives up."""


class NoWorldError(RummyError):
    """No world drawn from a view passed the variant's position checks (the search then plays the
    variant's own bot's choice instead)."""


@attrs.frozen
class Knowledge:
    """What a seat knows of the hidden places, read from its view's log.

    Attributes:
        discard: the discard pile bottom first, ``None`` for a card the seat never saw.
        held: per seat, the cards everybody saw it take and that it still holds.
    """

    discard: tuple[Card | None, ...]
    held: tuple[tuple[Card, ...], ...]


def _cards(value: Any) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [card for item in value for card in _cards(item)]
    return []


def _remove(held: list[Card], cards: Sequence[Card]) -> None:
    for card in cards:
        if card in held:
            held.remove(card)


def known_cards(view: View) -> Knowledge:
    """What ``view``'s seat saw of the discard pile and of the cards others took, from its log.

    Taking the top discard (``TakeDiscard``) moves the known top card into the taker's hand; the canasta
    family's ``TakePile`` melds the top card at once and moves the rest of the pile; any other action
    with ``pile`` in its kind moves the whole pile; a discard (or a
    knock, which discards) puts its card on the pile; any card an action names leaves its actor's known
    cards. What the log cannot tell is settled against the view: the pile's size and top card.

    Examples:
        >>> from rummykit.core.actions import DeepTake, Discard, TakeDiscard
        >>> import rummykit
        >>> view = rummykit.new_game("rummy", players=2, seed=1).view(0)
        >>> log = (Discard(seat=1, card="5H"), TakeDiscard(seat=0), Discard(seat=0, card="KS"))
        >>> view = attrs.evolve(view, log=log, discard_size=3, discard_top=Card.parse("KS"))
        >>> knowledge = known_cards(view)
        >>> knowledge.discard, knowledge.held[0]
        ((None, None, Card.parse('KS')), (Card.parse('5H'),))
    """
    pile: list[Card | None] = []
    held: list[list[Card]] = [[] for _ in range(view.players)]
    for action in view.log:
        seat = action.seat
        if not 0 <= seat < view.players:
            continue
        if isinstance(action, TakeDiscard):
            if pile and pile[-1] is not None:
                held[seat].append(pile[-1])
            if pile:
                pile.pop()
            continue
        if isinstance(action, DeepTake):  # the card and every card above it (the upper copy: a spread pile)
            place = next((i for i in range(len(pile) - 1, -1, -1) if pile[i] == action.card), None)
            if place is None:  # below every card the log laid there (the up-card): the whole known pile, and it
                held[seat].extend(card for card in (*pile, action.card) if card is not None)
                pile = []
            else:
                held[seat].extend(card for card in pile[place:] if card is not None)
                del pile[place:]
            continue
        named = _cards([getattr(action, field.name) for field in attrs.fields(type(action)) if field.name != "seat"])
        if isinstance(action, TakePile):
            # the canasta family's: the cards named leave the hand with the top card, melded at once; then
            # the rest of the pile comes into the hand
            _remove(held[seat], named)
            held[seat].extend(card for card in pile[:-1] if card is not None)
            pile = []
            continue
        if "pile" in action.kind:
            held[seat].extend(card for card in pile if card is not None)
            pile = []
        _remove(held[seat], named)
        card = getattr(action, "card", None)
        if isinstance(action, Discard) or (action.kind == "knock" and isinstance(card, Card)):
            pile.append(card)
    size = view.discard_size
    unseen: list[Card | None] = [None] * size
    shown = (unseen + pile)[-size:] if size else []
    if size and shown[-1] != view.discard_top:
        shown = [*unseen[1:], view.discard_top]
    if isinstance(view, SpreadView):  # a pile that lies spread is in sight, card by card
        shown = list(view.discard_pile)
    return Knowledge(discard=tuple(shown), held=tuple(tuple(cards) for cards in held))


def _facts(view: View, configuration: Configuration, state_type: type) -> dict[str, Any]:
    """The variant's own state fields that the view shows (by the same name, or an alias)."""
    conv = converter(configuration.spec.actions)
    view_fields = {field.name for field in attrs.fields(type(view))}
    facts = {}
    for field in own_fields(state_type):
        name = field.name if field.name in view_fields else ALIASES.get(field.name)
        if name is None or name not in view_fields or field.name in ("melded_on", "played_on"):
            continue
        facts[field.name] = conv.unstructure(getattr(view, name))
    return facts


class _Shoe:
    """The faces of a shoe not placed yet."""

    def __init__(self, faces: Counter[Card]) -> None:
        self.left = faces

    def take(self, card: Card | None) -> Card | None:
        """``card`` if a copy is left to place (taken), else ``None``."""
        if card is None or self.left[card] <= 0:
            return None
        self.left[card] -= 1
        return card


def sample_world(view: View, rng: random.Random, *, tries: int = TRIES) -> Game:
    """A game ``view``'s seat cannot tell from its own (see [`rummykit.search.worlds`][rummykit.search.worlds]),
    its hidden cards dealt by ``rng``.

    Raises:
        NoWorldError: none of ``tries`` worlds passed the variant's position checks.
        ValueError: ``view`` is a spectator's (``seat is None``).
    """
    if view.seat is None:
        raise ValueError("a world is sampled from a seat's view, not a spectator's")
    configuration = configure(view.variant, view.players, options=view.options, house_rules=view.house_rules)
    spec = configuration.spec
    state_type = type(configuration.new_state(0))
    knowledge = known_cards(view)
    facts = _facts(view, configuration, state_type)
    problems: list[str] = []
    for _ in range(tries):
        try:
            return _world(view, configuration, knowledge, facts, rng)
        except InvalidPositionError as exc:
            problems.append(str(exc))
    raise NoWorldError(
        f"no world drawn from seat {view.seat}'s view of {spec.name} passed its position checks in {tries} "
        f"tries; the last refusal: {problems[-1] if problems else '(none)'}"
    )


def _world(
    view: View, configuration: Configuration, knowledge: Knowledge, facts: Mapping[str, Any], rng: random.Random
) -> Game:
    spec = configuration.spec
    seat = view.seat
    assert seat is not None
    shoe = _Shoe(Counter(face(cid) for cid in configuration.rules.card_ids))
    for card in view.hand:
        shoe.take(card)
    table = [(table_meld.owner, list(table_meld.meld.cards)) for table_meld in view.table]
    for _, cards in table:
        for card in cards:
            shoe.take(card)
    # the seat piles: public ones and the seat's own as shown, the others hidden (sizes from the view)
    seat_piles: dict[str, list[list[Card | None]]] = {}
    for name in spec.seat_piles:
        shown_piles = getattr(view, name, None)
        sizes = getattr(view, f"{name}_sizes", None)
        per_seat: list[list[Card | None]] = []
        for owner in range(view.players):
            if name in spec.public_seat_piles and isinstance(shown_piles, tuple) and len(shown_piles) == view.players:
                pile: list[Card | None] = [shoe.take(card) for card in _cards(shown_piles[owner])]
            elif owner == seat and isinstance(shown_piles, tuple) and shown_piles and isinstance(shown_piles[0], Card):
                pile = [shoe.take(card) for card in shown_piles]
            else:
                size = sizes[owner] if isinstance(sizes, tuple) and len(sizes) == view.players else 0
                pile = [None] * size
            per_seat.append(pile)
        seat_piles[name] = per_seat
    discard = [shoe.take(card) for card in knowledge.discard]
    hands: list[list[Card | None]] = []
    for owner in range(view.players):
        if owner == seat:
            hands.append(list(view.hand))
            continue
        size = view.hand_sizes[owner]
        known: list[Card | None] = []
        for card in knowledge.held[owner]:  # no more than the hand holds: a card taken is a card placed
            if len(known) == size:
                break
            if shoe.take(card) is not None:
                known.append(card)
        hands.append([*known, *([None] * (size - len(known)))])
    piles: dict[str, list[Card | None]] = {}
    for name in spec.piles:
        if name in ("stock", "discard"):
            continue
        size = getattr(view, f"{name}_size", None)
        piles[name] = [None] * (size if isinstance(size, int) else 0)
    # deal the unseen cards into the hidden places
    unseen = [card for card, count in sorted(shoe.left.items(), key=lambda item: item[0].index) for _ in range(count)]
    rng.shuffle(unseen)

    def fill(cards: list[Card | None]) -> list[Card]:
        return [card if card is not None else unseen.pop() for card in cards]

    filled_hands = [fill(hand) if owner != seat else hand for owner, hand in enumerate(hands)]
    filled_discard = fill(discard)
    filled_piles = {name: fill(pile) for name, pile in piles.items()}
    filled_seat_piles = {name: [fill(pile) for pile in per_seat] for name, per_seat in seat_piles.items()}
    taken = view.taken if view.taken is not None and view.taken in filled_hands[view.turn] else None
    melded = getattr(view, "melded", None)
    return build_position(
        view.variant,
        view.players,
        hands=[[card for card in hand if card is not None] for hand in filled_hands],
        seed=rng.getrandbits(32),
        options=view.options,
        house_rules=view.house_rules,
        round=view.round,
        dealer=view.dealer,
        turn=view.turn,
        phase=view.phase,
        turn_number=view.turn_number,
        discard=filled_discard,
        piles=filled_piles,
        seat_piles=filled_seat_piles,
        table=table,
        melded=[owner for owner, flag in enumerate(melded) if flag] if isinstance(melded, tuple) else None,
        taken=taken,
        totals=view.totals,
        history=view.history,
        facts=facts,
    )
