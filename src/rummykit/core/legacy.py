"""The forms of rummykit 0.1 that 0.2 still accepts where they work differently now, each with a
``DeprecationWarning`` that says what to change. rummykit 0.3 removes them
([`REMOVED_IN`][rummykit.core.deprecation.REMOVED_IN]), and this module with them:

- a move that moves cards without noting them (``GameState.note_moved``), in a variant written for 0.1:
  what it moved is worked out as 0.1 did, from where every card lay before and after it
  (`notes_its_moves`, `snapshot`, `settle_moved`). A variant written for 0.1 is one that declares no
  round ends (``VariantSpec.round_ends``, new in 0.2, which the conformance kit asks every variant
  for); the moves of a variant that declares them are taken to note what they move, and cost nothing
  more;
- a move that does not say whether it is played on a turn (`Move.on_turn`, new in 0.2): gated by the
  engine's phase gate, except that an action the gate refuses from a seat among those to act goes to the
  move's own check, as before the gate (`warn_ungated`);
- ``rummykit.core.applied.zones`` and ``Zones``, 0.1's snapshot of where the cards lie (`zones`).

Renamed names and moved module paths are in [`rummykit.core.deprecation`][rummykit.core.deprecation].

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("rummy", players=2, seed=3)
    >>> before = snapshot(game.state)
    >>> _ = game.apply(rummykit.TakeDiscard(seat=game.turn))
    >>> [(card_id_text(cid), str(source), str(target)) for cid, source, target in moved_between(before, game.state)]
    [('3D', 'discard', 'hand 1')]
"""

from __future__ import annotations

import threading
import warnings
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from rummykit.core.cards import CardId, card_id_text
from rummykit.core.deprecation import REMOVED_IN
from rummykit.core.moves import Move, Restricted
from rummykit.core.state import GameState, Place, TableMeld, in_hand, in_pile, in_seat_pile, on_table

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "Snapshot",
    "Zones",
    "moved_between",
    "notes_its_moves",
    "settle_moved",
    "snapshot",
    "warn_ungated",
    "zones",
]


Zones = tuple[tuple[tuple[CardId, ...], ...], tuple[tuple[str, tuple[CardId, ...]], ...], tuple[Any, ...]]
"""0.1's ``rummykit.applied.Zones``: where every card of a round lies at one moment, as tuples (the hands,
the shared piles by name, then the seat piles and the table)."""

Snapshot = tuple[list[list[CardId]], dict[str, list[CardId]], dict[str, list[list[CardId]]], list[TableMeld]]
"""Where every card of a round lies at one moment (copies of the hands, the shared piles, the seat
piles and the table): what 0.1's engine compared before and after every action."""


def zones(state: GameState) -> Zones:
    """0.1's ``rummykit.applied.zones``: a snapshot of where the cards of ``state`` lie, as tuples."""
    seat_piles = tuple((name, tuple(map(tuple, per_seat))) for name, per_seat in state.seat_piles.items())
    return (
        tuple(map(tuple, state.hands)),
        tuple((name, tuple(pile)) for name, pile in state.piles.items()),
        (seat_piles, tuple(state.table)),
    )


def snapshot(state: GameState) -> Snapshot:
    """Where the cards of ``state`` lie now (copies: later changes to the state leave it)."""
    return (
        [hand[:] for hand in state.hands],
        {name: pile[:] for name, pile in state.piles.items()},
        {name: [pile[:] for pile in per_seat] for name, per_seat in state.seat_piles.items()},
        state.table[:],
    )


def _places(hands: Sequence[Sequence[CardId]], piles: dict[str, list[CardId]], seat_piles: Any, table: Any) -> Any:
    """Each card's place, in 0.1's order of places: hands, shared piles, seat piles, the table."""
    places: dict[CardId, Place] = {}
    for seat, hand in enumerate(hands):
        places.update(dict.fromkeys(hand, in_hand(seat)))
    for name, pile in piles.items():
        places.update(dict.fromkeys(pile, in_pile(name)))
    for name, per_seat in seat_piles.items():
        for seat, pile in enumerate(per_seat):
            places.update(dict.fromkeys(pile, in_seat_pile(name, seat)))
    for index, table_meld in enumerate(table):
        places.update(dict.fromkeys(table_meld.ids, on_table(index)))
    return places


def moved_between(before: Snapshot, state: GameState) -> list[tuple[CardId, Place, Place]]:
    """The cards that lie elsewhere in ``state`` than in ``before``, each with where it lay and where it
    lies, in the order of the places they reached (hands, shared piles, seat piles, the table): what
    0.1's ``Applied.moved`` listed."""
    old = _places(*before)
    new = _places(state.hands, state.piles, state.seat_piles, state.table)
    return [(cid, old[cid], place) for cid, place in new.items() if cid in old and old[cid] != place]


_NOTES: weakref.WeakKeyDictionary[type, bool] = weakref.WeakKeyDictionary()
_LOCK: Final = threading.Lock()
_SHIPPED: Final = ("rummykit.", "rummykit_variants.")
"""The packages whose moves are written for 0.2: they note every card they move."""


def _perform_of(move_type: type) -> Callable[..., Any] | None:
    perform = getattr(move_type, "perform", None)
    return getattr(perform, "__func__", perform)


def notes_its_moves(move: Move[Any, Any]) -> bool:
    """``move`` is known to note every card it moves (``GameState.note_moved``), so the engine need not
    look where the cards lie before and after it: its ``perform`` is rummykit's own (or a built-in
    variant's), or names ``note_moved`` itself. Any other move of a variant written for 0.1 (one that
    declares no ``round_ends``) may have been written when the engine worked out what an action moved
    on its own: the engine checks it (`settle_moved`)."""
    move_type = type(_unrestricted(move))  # a restriction performs the move it restricts
    known = _NOTES.get(move_type)
    if known is None:
        perform = _perform_of(move_type)
        module = getattr(perform, "__module__", None) or ""
        code = getattr(perform, "__code__", None)
        known = module.startswith(_SHIPPED) or (code is not None and "note_moved" in code.co_names)
        with _LOCK:
            _NOTES[move_type] = known
    return known


def settle_moved(
    move: Move[Any, Any], before: Snapshot, state: GameState, notes: list[tuple[CardId, Place, Place]]
) -> None:
    """After ``move`` performed an action on ``state`` (whose cards lay as ``before`` says), make
    ``notes`` (``state.moved``, what ``Applied.moved`` reports) say what the move moved: if the move's
    own notes do not account for every card that changed place, they are replaced with what 0.1's
    engine reported (`moved_between`), and a ``DeprecationWarning`` pointing at the move's ``perform``
    says what to change."""
    found = moved_between(before, state)
    first: dict[CardId, Place] = {}
    last: dict[CardId, Place] = {}
    for cid, source, target in notes:
        first.setdefault(cid, source)
        last[cid] = target
    noted = {(cid, first[cid], place) for cid, place in last.items() if first[cid] != place}
    if noted == set(found):
        return
    missing = [
        f"{card_id_text(cid)} ({source} -> {target})"
        for cid, source, target in found
        if (cid, source, target) not in noted
    ]
    inner = _unrestricted(move)
    name = f"{type(inner).__module__}.{type(inner).__qualname__}"
    message = (
        f"{name}.perform moved cards without noting them: {', '.join(missing) or 'none'}. A move notes each "
        "card it moves with state.note_moved(cards, source, target) (the places: in_hand(seat), in_pile(name), "
        "in_seat_pile(name, seat), on_table(index), from rummykit.core.state); until "
        f"rummykit {REMOVED_IN} the engine works out what such a move moved from where the cards lay before and after "
        "it, as 0.1 did, and then it reads only the notes (Applied.moved, the RL environments' memory)"
    )
    _warn_at(_perform_of(type(inner)), message)
    notes[:] = found


def _unrestricted(move: Move[Any, Any]) -> Move[Any, Any]:
    """The plug-in's own move under any house rules' restrictions (the code a warning points at)."""
    while isinstance(move, Restricted):
        move = move.move
    return move


def warn_ungated(move: Move[Any, Any]) -> None:
    """Warn that ``move``, which does not declare `Move.on_turn`, accepted an action that the phase gate
    refuses (a seat's play out of turn, among the seats to act): accepted as before the gate until
    rummykit 0.3, which refuses it."""
    inner = _unrestricted(move)
    name = f"{type(inner).__module__}.{type(inner).__qualname__}"
    message = (
        f"{name} accepted a play that the engine's phase gate refuses (whose turn, which phase): a move "
        "played out of turn (a claim, an answer to another seat) says so with the class attribute on_turn = False, "
        "and its check says who may play it; a move played on its seat's turn says on_turn = True and leaves the "
        f"turn to the gate (rummykit_check_turn). Until rummykit {REMOVED_IN} a move that says neither is "
        "let through to its check when its seat is among those to act"
    )
    _warn_at(type(inner).check, message)


def _warn_at(function: Callable[..., Any] | None, message: str) -> None:
    """A ``DeprecationWarning`` shown at the first line of ``function`` (the plug-in's code that needs
    the change), once per place as warnings are, or where it is called from if it has no code."""
    code = getattr(function, "__code__", None)
    module_globals = getattr(function, "__globals__", None)
    if code is None or module_globals is None:
        warnings.warn(message, DeprecationWarning, stacklevel=3)
        return
    warnings.warn_explicit(
        message,
        DeprecationWarning,
        code.co_filename,
        code.co_firstlineno,
        module=module_globals.get("__name__", "<unknown>"),
        registry=module_globals.setdefault("__warningregistry__", {}),
        module_globals=module_globals,
    )
