"""What every seat has seen happen in a round, beyond what a view shows now: the cards of the discard
pile it saw arrive, the cards each seat was seen to take from a face-up place and still holds, and,
for OpenSpiel's resampling, which hidden cards could be where: [`PublicMemory`][rummykit.rl.memory.PublicMemory].

Everything here is public: a card enters the memory only when it lies face up, or moves between two
places where everybody sees it. The memory is kept from the moves the engine notes
([`GameState.moved`][rummykit.core.state.GameState.moved]) after every action, and starts afresh at
every deal (or at the position an environment is reset to, from what its views show).

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("rummy", players=2, seed=3)
    >>> memory = PublicMemory(game)
    >>> [str(card) for card in memory.discard_cards()] == [str(game.view(None).discard_top)]
    True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any, Final

from rummykit.core.cards import FACE_COUNT, FACE_MASK, Card, CardId, face
from rummykit.core.engine import Game
from rummykit.core.state import GameState, Place

__all__ = ["KNOWN", "PublicMemory", "hidden_places"]

KNOWN: Final = -1
"""The label of a card in a hand that everybody saw arrive there (taken from the discard pile, a
pile taken whole, a claimed card)."""


class PublicMemory:
    """The public memory of a game's round (see [`rummykit.rl.memory`][rummykit.rl.memory]).

    Attributes:
        discard_known: the card ids in the discard pile that everybody has seen (every card seen to
            arrive there, and every card that has been its top).
        known: per seat, a count per face (by face index) of the cards everybody knows it holds.
        labels: each card id whose place is hidden from somebody, with its *pool*: the shuffle it
            came out of (a part of the shoe at the deal, a stock rebuilt from the discard pile), whose
            cards nobody can tell apart, or `KNOWN` for a card everybody saw arrive in a hand.
        version: a number that changes whenever what the memory shows may have changed (the discard
            pile seen, the cards known), for those who keep what they made of it.
    """

    __slots__ = ("_next_pool", "_public", "discard_known", "known", "labels", "version")

    def __init__(self, game: Game, *, dealt: bool = True) -> None:
        """The memory of ``game`` as it stands. ``dealt``: the round was just dealt, so each hidden card
        belongs to the part of the shoe it was shuffled in; else (a position set up from data) every
        card hidden from some seat is in one pool."""
        self._public = frozenset(game.spec.public_seat_piles)
        self.start(game, dealt=dealt)

    def start(self, game: Game, *, dealt: bool = True) -> None:
        """Start the memory of a new round (or of a position)."""
        self.version = getattr(self, "version", 0) + 1
        state = game.state
        players = state.players
        self.known: list[list[int]] = [[0] * FACE_COUNT for _ in range(players)]
        discard = state.piles.get("discard", [])
        self.discard_known: set[CardId] = {discard[-1]} if discard else set()
        if dealt:
            self.discard_known.update(discard)  # the up-cards of a deal lie face up
        part_of: dict[CardId, int] = {}
        if dealt:
            for index, part in enumerate(state.rules.part_ids):
                part_of.update(dict.fromkeys(part, index))
        self._next_pool = len(state.rules.part_ids)
        labels: dict[CardId, int] = {}
        for place, cards in _places(state):
            if self._is_public(place):
                continue
            for cid in cards:
                if place.zone == "discard" and cid in self.discard_known:
                    continue
                labels[cid] = part_of.get(cid, 0)
        self.labels = labels

    def _is_public(self, place: Place) -> bool:
        return place.zone == "table" or (place.zone in self._public and place.seat is not None)

    def update(self, game: Game) -> None:
        """Take in the moves of the action just applied to ``game`` (its state's ``moved`` notes)."""
        state = game.state
        labels, known, discard_known = self.labels, self.known, self.discard_known
        shown = False  # what the memory shows has changed (the discard pile seen, the cards known)
        new_pool: int | None = None
        for cid, source, target in state.moved:
            f = cid & FACE_MASK
            source_public = self._seen_at(source, cid)
            if source.zone == "discard" and cid in discard_known:
                discard_known.discard(cid)
                shown = True
            if target.zone == "discard" or self._is_public(target):
                if target.zone == "discard":
                    discard_known.add(cid)
                    shown = True
                label = labels.pop(cid, None)
                if source.zone == "hand" and source.seat is not None:
                    seat_known = known[source.seat]
                    if label == KNOWN:
                        seat_known[f] -= 1
                        shown = True
                    elif label is not None and seat_known[f] > 0:
                        # Nobody can tell which copy left the hand: the one everybody knew of is
                        # taken as played, and the other stays hidden in its pool.
                        self._relabel_known(state, source.seat, f, label)
                        seat_known[f] -= 1
                        shown = True
            elif target.zone == "hand" and target.seat is not None:
                was_known = labels.get(cid) == KNOWN
                if was_known and source.zone == "hand" and source.seat is not None:
                    known[source.seat][f] -= 1
                    shown = True
                if source_public or cid not in labels or was_known:
                    labels[cid] = KNOWN
                    known[target.seat][f] += 1
                    shown = True
            elif source_public:  # a face-up card put out of sight: a stock rebuilt from the discard pile
                if new_pool is None:
                    new_pool = self._fresh_pool()
                labels[cid] = new_pool
            elif labels.get(cid) == KNOWN and source.zone == "hand" and source.seat is not None:
                known[source.seat][f] -= 1
                labels[cid] = self._fresh_pool()  # a known card hidden away: its place is known alone
                shown = True
        discard = state.piles.get("discard")
        if discard and discard[-1] not in discard_known:
            discard_known.add(discard[-1])  # the top lies face up
            labels.pop(discard[-1], None)
            shown = True
        if shown:
            self.version += 1

    def _fresh_pool(self) -> int:
        pool = self._next_pool
        self._next_pool += 1
        return pool

    def _seen_at(self, place: Place, cid: CardId) -> bool:
        """``cid`` lay face up for everybody at ``place`` before it moved."""
        if place.zone == "discard":
            return cid in self.discard_known
        return self._is_public(place)

    def _relabel_known(self, state: GameState, seat: int, f: int, label: int) -> None:
        for cid in state.hands[seat]:
            if cid & FACE_MASK == f and self.labels.get(cid) == KNOWN:
                self.labels[cid] = label
                return

    def discard_cards(self) -> list[Card]:
        """The faces of the discard pile everybody has seen, in card order."""
        return sorted(face(cid) for cid in self.discard_known)

    def known_cards(self, seat: int) -> list[Card]:
        """The faces everybody knows ``seat`` holds, in card order."""
        return [face(f) for f, count in enumerate(self.known[seat]) for _ in range(count)]

    def pools(self, cards: Iterable[CardId]) -> dict[int, list[CardId]]:
        """``cards`` (those whose places are hidden) by pool; cards everybody knows of are left out."""
        by_pool: dict[int, list[CardId]] = {}
        labels = self.labels
        for cid in cards:
            label = labels.get(cid)
            if label is not None and label != KNOWN:
                by_pool.setdefault(label, []).append(cid)
        return by_pool

    def copy(self) -> PublicMemory:
        """An independent copy."""
        new = PublicMemory.__new__(PublicMemory)
        new._public = self._public
        new._next_pool = self._next_pool
        new.version = self.version
        new.discard_known = set(self.discard_known)
        new.known = [row[:] for row in self.known]
        new.labels = dict(self.labels)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> PublicMemory:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)


def _places(state: GameState) -> Iterable[tuple[Place, Sequence[CardId]]]:
    """Every place that holds cards, with its place."""
    for seat, hand in enumerate(state.hands):
        yield Place("hand", seat=seat), hand
    for name, pile in state.piles.items():
        yield Place(name), pile
    for name, per_seat in state.seat_piles.items():
        for seat, pile in enumerate(per_seat):
            yield Place(name, seat=seat), pile
    for index, table_meld in enumerate(state.table):
        yield Place("table", index=index), table_meld.ids


def hidden_places(state: GameState) -> list[tuple[Place, list[CardId]]]:
    """Every place whose cards may be hidden from somebody (hands, piles, seats' piles), as lists of
    the state itself."""
    places: list[tuple[Place, list[CardId]]] = [(Place("hand", seat=s), hand) for s, hand in enumerate(state.hands)]
    places += [(Place(name), pile) for name, pile in state.piles.items()]
    places += list(
        itertools.chain.from_iterable(
            ((Place(name, seat=s), pile) for s, pile in enumerate(per_seat))
            for name, per_seat in state.seat_piles.items()
        )
    )
    return places
