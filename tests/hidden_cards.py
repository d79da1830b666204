"""Hidden cards change nothing a seat is shown (issue 24, finding 7): the check every built-in variant
runs, as a function other tests call with what they show a seat.

What a seat is shown is anything built from the game for that seat: its view, the view's JSON, the
picture of it and the replay viewer's page of the game's record (`RENDERINGS`); the reinforcement-learning
observations add theirs (``RL_RENDERINGS`` in ``tests/test_rl.py``, for seats only). Two kinds of change
are hidden from a seat, and neither may change anything it is shown:

- two cards it cannot see exchanged (another seat's hand, the stock, the cards under the top discard);
- which physical copy a card of a multi-deck shoe is (``9C`` or ``9C#1``), anywhere but in its own
  hand: the copies of one face relabelled among themselves. A player plays the copy it holds, so a
  copy shown on the table would tell which copies stay in its hand.

Each changed position is checked as a loaded one is
([`Game.from_state`][rummykit.core.engine.Game.from_state]); an exchange the rules refuse (a red 3 into
a Canasta hand) is no position and is skipped.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Final

import attrs

from rummykit.core.cards import COPY_SHIFT, FACE_MASK, CardId
from rummykit.core.engine import Game
from rummykit.core.errors import InvalidPositionError
from rummykit.core.state import GameState
from rummykit.core.views import face_up
from rummykit.documents.serialize import dump_view
from rummykit.viewer import replay_html

Observer = int | None
"""A seat, or ``None`` for the spectator."""
Rendering = Callable[[Game, Observer], object]
"""Something built from a game for one seat, which must not depend on what the seat cannot see."""

RENDERINGS: Final[Mapping[str, Rendering]] = {
    "view": lambda game, seat: game.view(seat),
    "view JSON": lambda game, seat: dump_view(game.view(seat)),
    "picture": lambda game, seat: str(game.picture(seat)),
    "page": lambda game, seat: replay_html(game.record, seat=seat),
}
"""What every seat is shown: its view, the view's JSON, its picture and the viewer's page of the record."""


def seats_only(renderings: Mapping[str, Callable[[Game, int], object]]) -> dict[str, Rendering]:
    """``renderings`` made for a seat only (the reinforcement-learning observations), as renderings the
    check takes (it must then be told ``spectator=False``)."""

    def seated(render: Callable[[Game, int], object]) -> Rendering:
        def rendering(game: Game, seat: Observer) -> object:
            assert seat is not None, "a rendering for seats only, asked for the spectator"
            return render(game, seat)

        return rendering

    return {name: seated(render) for name, render in renderings.items()}


def _places(state: GameState) -> Iterator[tuple[str, list[CardId]]]:
    """The state's lists of cards by name: hands, piles, each seat's piles."""
    for seat, hand in enumerate(state.hands):
        yield f"hands[{seat}]", hand
    for name, pile in state.piles.items():
        yield f"piles.{name}", pile
    for name, per_seat in state.seat_piles.items():
        for seat, pile in enumerate(per_seat):
            yield f"seat_piles.{name}[{seat}]", pile


def relabelled(state: GameState, copies: Mapping[CardId, CardId]) -> GameState:
    """A copy of ``state`` with each card id of ``copies`` replaced by its image (copies of one face
    exchanged among themselves), wherever it lies: hands, piles, the table, the card taken."""
    new = state.copy()
    for _, cards in _places(new):
        cards[:] = [copies.get(cid, cid) for cid in cards]
    new.table = [attrs.evolve(meld, ids=tuple(copies.get(cid, cid) for cid in meld.ids)) for meld in new.table]
    if new.taken is not None:
        new.taken = copies.get(new.taken, new.taken)
    return new


def hidden_changes(game: Game, seat: Observer, chooser: random.Random, most: int) -> Iterator[tuple[str, GameState]]:
    """Up to ``most`` states that differ from ``game``'s only in what ``seat`` cannot see, each with what
    was changed: half exchanges of two hidden cards, half relabellings of one face's copies."""
    state = game.state
    own = frozenset(state.hands[seat]) if seat is not None else frozenset()
    visible = face_up(game, seat) | own
    hidden = [(name, i) for name, cards in _places(state) for i, cid in enumerate(cards) if cid not in visible]
    lists = dict(_places(state))
    by_face: dict[int, list[CardId]] = {}
    for _, cards in _places(state):
        for cid in cards:
            if cid not in own:
                by_face.setdefault(cid & FACE_MASK, []).append(cid)
    for meld in state.table:
        for cid in meld.ids:
            by_face.setdefault(cid & FACE_MASK, []).append(cid)
    faces = [index for index, cids in by_face.items() if len(cids) > 1]
    for attempt in range(most):
        if attempt % 2 == 0 and len(hidden) > 1:
            (a, i), (b, j) = chooser.sample(hidden, 2)
            first, second = lists[a][i], lists[b][j]
            if first & FACE_MASK == second & FACE_MASK:
                continue
            yield f"{a}[{i}] and {b}[{j}] exchanged", relabelled(state, {first: second, second: first})
        elif faces:
            cids = by_face[chooser.choice(faces)]
            images = cids[:]
            chooser.shuffle(images)
            copies = {cid: image for cid, image in zip(cids, images, strict=True) if cid != image}
            if copies:
                changed = ", ".join(f"copy {a >> COPY_SHIFT} as {b >> COPY_SHIFT}" for a, b in copies.items())
                yield f"the copies of one face relabelled ({changed})", relabelled(state, copies)


def check_hidden_cards_change_nothing(
    game: Game,
    *,
    renderings: Mapping[str, Rendering] = RENDERINGS,
    chooser: random.Random | None = None,
    most: int = 6,
    spectator: bool = True,
) -> int:
    """For the spectator (unless not ``spectator``: renderings made for seats only) and every seat,
    change up to ``most`` things it cannot see ([`hidden_changes`][tests.hidden_cards.hidden_changes]):
    nothing of ``renderings`` may change. Returns how many changed positions were compared (a check
    that compared none proves nothing).

    Raises:
        AssertionError: naming the seat, what was changed and what it was shown differently.
    """
    chooser = chooser or random.Random(0)
    base = Game.from_state(game.state.copy(), configuration=game.configuration)
    compared = 0
    observers: tuple[Observer, ...] = (None,) if spectator else ()
    for seat in (*observers, *range(game.players)):
        shown = {name: render(base, seat) for name, render in renderings.items()}
        for what, state in hidden_changes(base, seat, chooser, most):
            try:
                other = Game.from_state(state, configuration=game.configuration)
            except InvalidPositionError:
                continue  # not a position (a red 3 in a Canasta hand): nothing to show
            compared += 1
            for name, render in renderings.items():
                assert render(other, seat) == shown[name], f"seat {seat}'s {name} changes when {what}"
    return compared
