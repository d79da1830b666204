"""Which cards a seat may see, and the checks that its views show nothing else.

What a seat may see now ([`face_up`][rummykit.testing.visibility.face_up]): its own hand, the melds on
the table, the top card of the ``discard`` pile, the card taken from it this turn, every seat's piles
the variant declares public (``VariantSpec.public_seat_piles``: Railroad Canasta's red 3s), its own
other seat piles (a kitty: the variant's views say when their owner sees them), and whatever the variant
(or a house rule) lists in its ``rummykit_face_up_cards`` hook. Everything else is hidden from the seat:
the other hands, every other pile (stock, standby, the cards under the top discard), the other seats'
private piles.

A face is public only as a face: a multi-deck shoe holds several ``5H``, so what can be checked by
physical card (the own hand, the table) is checked by physical card, and every face shown elsewhere must
be backed, one for one, by a physical card that was visible to the seat at some moment of the round
([`RoundWatch`][rummykit.testing.visibility.RoundWatch] follows that from the full state, action by
action, never from a view). An action may show cards of its actor's hand (Railroad Canasta's pair shown
to take the pile, kept in hand): they become known to every seat, as the action that names them is
public; an action that names a card nobody saw (such as a draw naming the card drawn from the stock)
must be hidden from the views.

The results of the rounds played (``history``) are public: a round's end lays every hand open, its
cards counted, so every seat is shown the same results, the cards left in each hand included.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Final

import attrs

from rummykit.core.actions import Action
from rummykit.core.cards import (
    COPY_SHIFT,
    FACE_MASK,
    Card,
    CardId,
    card_id_text,
    copy_of,
    face,
    parse_card_id,
    standard_deck,
)
from rummykit.core.engine import Game
from rummykit.core.state import GameState
from rummykit.core.views import View, face_up, public_table

__all__ = [
    "DISCARD",
    "Observer",
    "RoundWatch",
    "cards_in",
    "check_hidden_cards_make_no_difference",
    "check_pictures",
    "check_views",
    "face_up",
    "hidden_places",
    "observers",
]

DISCARD: Final = "discard"
"""The one common pile whose top card is face up."""
Observer = int | None
"""A seat, or ``None`` for a spectator."""


class ViewLeak(Exception):
    """A view shows what it must not (raised by the checks here; the kit reports it as ``views``)."""


def observers(game: Game) -> list[Observer]:
    """The spectator and every seat."""
    return [None, *range(game.players)]


def who(seat: Observer) -> str:
    return "the spectator" if seat is None else f"seat {seat}"


# -- finding cards in values -------------------------------------------------------------------------

_ATOMS: Final = frozenset({int, str, bool, float, type(None)})
"""Values that hold no card, skipped without a call (the walks below run millions of times)."""
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of an attrs class's fields (looked up once per class)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(field.name for field in attrs.fields(cls))
    return names


def cards_in(value: object) -> list[Card]:
    """Every card face inside ``value``: attrs fields, tuples, lists, sets and dicts, recursively."""
    found: list[Card] = []
    _collect(value, found)
    return found


def _collect(value: object, found: list[Card]) -> None:
    if isinstance(value, Card):
        found.append(value)
    elif type(value) in _ATOMS:
        return
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            if type(item) not in _ATOMS:
                _collect(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _collect(key, found)
            _collect(item, found)
    elif attrs.has(type(value)):
        for name in field_names(type(value)):
            _collect(getattr(value, name), found)


def _faces(value: object) -> list[int]:
    return [card.index for card in cards_in(value)]


def _within(part: Counter[int], whole: Counter[int]) -> bool:
    return all(whole[index] >= count for index, count in part.items())


def _faces_text(faces: Counter[int]) -> str:
    return " ".join(str(face(index)) for index in sorted(faces.elements()))


# -- following what each seat has seen ---------------------------------------------------------------


class _Seen:
    """What one observer has seen this round: every physical card visible to it at some moment, and,
    for each action of the round's log, whether it names a card that was visible to it neither just
    before nor just after the action (no view of this observer may show such an action)."""

    def __init__(self, visible: frozenset[CardId], copies: int = 1) -> None:
        self.now = visible
        self.copies = copies
        self.ever = set(visible)
        self.ever_faces = Counter(cid & FACE_MASK for cid in visible)
        self.named: list[list[int]] = []
        self.named_total: Counter[int] = Counter()
        self.hidden: list[int] = []

    def follow(self, action: Action, visible: frozenset[CardId], shown_from: list[CardId]) -> None:
        """Take in ``action``, after which the observer sees ``visible``; ``shown_from`` is the hand
        its actor held before it, whose cards the action may show (revealed, they become known)."""
        named = _faces(action)
        revealed: set[CardId] = set()
        if named:
            self.named_total.update(named)
            now = self.now
            missing = Counter(named)
            for index, count in list(missing.items()):  # each copy of the face seen just before or after
                ids = (copy << COPY_SHIFT | index for copy in range(self.copies))
                missing[index] = count - sum(1 for cid in ids if cid in now or cid in visible)
            for cid in shown_from:
                if missing[cid & FACE_MASK] > 0 and cid not in now and cid not in visible:
                    missing[cid & FACE_MASK] -= 1
                    revealed.add(cid)
            if +missing:
                self.hidden.append(len(self.named))
        self.named.append(named)
        fresh = visible - self.ever
        if revealed:
            fresh |= revealed - self.ever
        if fresh:
            self.ever |= fresh
            self.ever_faces.update(cid & FACE_MASK for cid in fresh)
        self.now = visible


class RoundWatch:
    """What every observer (the spectator and each seat) has seen of the current round, followed from
    the full state after every action ([`follow`][rummykit.testing.visibility.RoundWatch.follow]). Start
    it at the start of a round; started later (a game loaded from a position), it knows what is face
    up then, and takes every card the round's log names as seen (what was visible before is not
    known)."""

    def __init__(self, game: Game) -> None:
        self._start(game)

    def _visible(self, game: Game, seat: Observer) -> frozenset[CardId]:
        own = game.state.hands[seat] if seat is not None else ()
        return face_up(game, seat) | frozenset(own)

    def _start(self, game: Game) -> None:
        self.round = game.state.round
        self.log_size = len(game.state.log)
        copies = 1 + max(cid >> COPY_SHIFT for cid in game.state.rules.card_ids)
        self.seen = {seat: _Seen(self._visible(game, seat), copies) for seat in observers(game)}
        for seen in self.seen.values():  # started mid-round (a loaded position): what its log names is known
            for action in game.state.log:
                seen.named.append(_faces(action))
                seen.named_total.update(seen.named[-1])
        self._hands = [hand[:] for hand in game.state.hands]

    def follow(self, game: Game) -> None:
        """Take in the action just applied (a new round starts a new watch)."""
        state = game.state
        if state.round != self.round or len(state.log) != self.log_size + 1:
            self._start(game)  # the action ended the round and the next one was dealt
            return
        self.log_size += 1
        action = state.log[-1]
        shown_from = self._hands[action.seat] if 0 <= action.seat < len(self._hands) else []
        for seat, seen in self.seen.items():
            seen.follow(action, self._visible(game, seat), shown_from)
        self._hands = [hand[:] for hand in state.hands]

    def ever(self, seat: Observer) -> set[CardId]:
        """Every physical card ``seat`` has seen this round (its own hand's included)."""
        return self.seen[seat].ever


# -- the leak checks ---------------------------------------------------------------------------------

_EXACT_FIELDS: Final = frozenset({"hand", "hand_ids", "table", "discard_top", "taken", "log", "history"})
"""View fields checked exactly against the state; every other field may show seen cards only."""
_FACE_TEXT: Final = {str(card): card.index for card in standard_deck(jokers=1)}
"""Every face as the JSON writes it, and its face index."""
_JSON_STRING: Final = re.compile(r'"((?:[^"\\]|\\.)*)"')
"""A JSON string literal, key or value (its text without the quotes)."""


def _shown_indices(shown: tuple[Action, ...], log: list[Action]) -> list[int] | None:
    indices = []
    position = 0
    for action in shown:
        while position < len(log) and log[position] is not action and log[position] != action:
            position += 1
        if position == len(log):
            return None
        indices.append(position)
        position += 1
    return indices


def _fail(condition: bool, message: str) -> None:
    if not condition:
        raise ViewLeak(message)


def check_view(game: Game, watch: RoundWatch, seat: Observer, dump: bool = True) -> None:
    """``seat``'s view shows its own hand, the table, and otherwise cards it has seen this round only;
    so does its JSON (with ``dump``). Raises [`ViewLeak`][rummykit.testing.visibility.ViewLeak]."""
    state = game.state
    view = game.view(seat)
    where = who(seat)
    own = tuple(state.hands[seat]) if seat is not None else ()
    seen = watch.seen[seat]
    _fail(view.seat == seat, f"{where} is given the view of {who(view.seat)}")
    _fail(view.hand_ids == own, f"{where} is shown the cards {view.hand_ids}, not its hand {own}")
    _fail(view.hand == tuple(face(cid) for cid in own), f"{where} is shown the faces {view.hand}, not its hand")
    _fail(view.table == public_table(state.table, own), f"{where} is not shown the table as it is")
    discard = state.piles.get(DISCARD, [])
    _fail(view.discard_top == (face(discard[-1]) if discard else None), f"{where}: discard_top {view.discard_top}")
    _fail(view.taken == (None if state.taken is None else face(state.taken)), f"{where}: taken {view.taken}")
    _fail(view.hand_sizes == tuple(len(hand) for hand in state.hands), f"{where}: hand_sizes {view.hand_sizes}")
    # the log: the round's log less some other seats' actions, none naming a card never seen
    withheld: set[int] = set()
    if view.log != tuple(state.log):
        shown = _shown_indices(view.log, state.log)
        _fail(shown is not None, f"{where}: the view's log is not the round's log: {view.log}")
        assert shown is not None
        withheld = set(range(len(state.log))) - set(shown)
        _fail(all(state.log[i].seat != seat for i in withheld), f"{where} is not shown its own action")
    for i in seen.hidden:
        _fail(i in withheld, f"{where} is shown {state.log[i]!r}, which names a card it never saw")
    # the rounds played: their results are public, the same for every seat (the hands laid open)
    _fail(view.history == tuple(state.history), f"{where} is not shown the rounds' results as they are")
    shown_faces: list[Counter[int]] = [Counter(_faces(view.history))]
    # every other field: cards seen this round, one physical card per face
    for name in field_names(type(view)):
        if name not in _EXACT_FIELDS and (faces := _faces(getattr(view, name))):
            counted = Counter(faces)
            _fail(_within(counted, seen.ever_faces), f"{where}: the view's {name} shows {_faces_text(counted)}")
            shown_faces.append(counted)
    log_faces = seen.named_total
    if withheld:
        log_faces = log_faces - Counter(index for i in withheld for index in seen.named[i])
    shown_faces.append(log_faces)
    shown_faces.append(Counter(card.index for card in (view.discard_top, view.taken) if card is not None))
    if dump:
        _check_json(view, state, own, shown_faces, where)


def _check_json(view: View, state: GameState, own: tuple[CardId, ...], shown: list[Counter[int]], where: str) -> None:
    """The view's JSON names exactly the view's cards: the own hand and the table by physical card,
    the faces ``shown`` counts in the other fields, and no other physical card."""
    from rummykit.documents.serialize import VIEW_FORMAT, VIEW_VERSION, dump_view  # noqa: PLC0415 (only views need it)

    text = dump_view(view)
    data = json.loads(text)
    fields = {"format", "version", *field_names(type(view))}
    _fail(set(data) == fields, f"{where}: the JSON's fields are {sorted(data)}, not the view's")
    _fail((data["format"], data["version"]) == (VIEW_FORMAT, VIEW_VERSION), f"{where}: the JSON's format")
    _fail(data["hand_ids"] == [card_id_text(cid) for cid in own], f"{where}: JSON hand_ids {data['hand_ids']}")
    shown_table = public_table(state.table, own)  # the table's copy numbers are the view's own
    melds = [[card_id_text(cid) for cid in table_meld.ids] for table_meld in shown_table]
    _fail([meld["cards"] for meld in data["table"]] == melds, f"{where}: the JSON's table is not the table")
    table = [cid for table_meld in shown_table for cid in table_meld.ids]
    strings = _JSON_STRING.findall(text)
    copies = Counter(string for string in strings if "#" in string and string.split("#")[0] in _FACE_TEXT)
    expected_copies = Counter(card_id_text(cid) for cid in (*own, *table) if copy_of(cid))
    _fail(copies == expected_copies, f"{where}: the JSON names {sorted((copies - expected_copies).elements())}")
    faces = Counter(_FACE_TEXT[string] for string in strings if string in _FACE_TEXT)
    expected = Counter(cid & FACE_MASK for cid in own)
    expected.update(cid for cid in (*own, *table) if not copy_of(cid))
    for counted in shown:
        expected.update(counted)
    # a wild meld's cards stand for their own ranks, and the joker's rank is written "JK", like its face
    expected[_FACE_TEXT["JK"]] += sum(
        meld["ranks"].count("JK") for meld in (*data["table"], *_melds_in(data["history"]))
    )
    _fail(_within(faces, expected), f"{where}: the JSON names {_faces_text(faces - expected)} beyond the view")
    named = {*own, *(parse_card_id(string) for string in copies)} - set(table)  # the table's name no hand's
    for other, hand in enumerate(state.hands):
        if other != view.seat:
            _fail(named.isdisjoint(hand), f"{where}: the JSON names cards of seat {other}'s hand")


def _melds_in(data: object) -> Iterator[dict[str, list[str]]]:
    """The melds a view's JSON writes within ``data`` (the rounds' results): the objects with ranks."""
    if isinstance(data, dict):
        if "ranks" in data:
            yield data
        for value in data.values():
            yield from _melds_in(value)
    elif isinstance(data, list):
        for value in data:
            yield from _melds_in(value)


def check_views(game: Game, watch: RoundWatch, *, dump: bool = True) -> None:
    """[`check_view`][rummykit.testing.visibility.check_view] for the spectator and every seat."""
    for seat in observers(game):
        check_view(game, watch, seat, dump)


_DRAWN_FACE: Final = re.compile(r'xlink:href="#rk-((?:10|[2-9JQKA])[CDHS]|JK)"')
"""A card drawn face up in a picture ([`rummykit.svg`][rummykit.svg]): a use of its symbol."""


def check_pictures(game: Game, seats: Iterable[Observer] | None = None) -> None:
    """The picture of each observer's view ([`rummykit.svg.view`][rummykit.svg.view]) can be drawn (the
    fields the view declares fit their pictures), draws the seat's whole hand face up, and draws face up
    no card beyond those its view holds (``seats``: those observers only). Raises
    [`ViewLeak`][rummykit.testing.visibility.ViewLeak]."""
    from rummykit import svg  # noqa: PLC0415 (only pictures need it)
    from rummykit.core.errors import PluginError  # noqa: PLC0415

    for seat in observers(game) if seats is None else seats:
        view = game.view(seat)
        try:
            picture = svg.view(view)
        except PluginError as exc:
            raise ViewLeak(f"{who(seat)}'s view cannot be drawn: {exc}") from exc
        drawn = Counter(_FACE_TEXT[text] for text in _DRAWN_FACE.findall(picture.split("</defs>", 1)[-1]))
        held = Counter(card.index for card in cards_in([getattr(view, name) for name in field_names(type(view))]))
        _fail(
            not drawn - held, f"{who(seat)}'s picture draws {_faces_text(drawn - held)}, which its view does not hold"
        )
        hand = Counter(card.index for card in view.hand)
        _fail(not hand - drawn, f"{who(seat)}'s picture does not draw its hand: {_faces_text(hand - drawn)} missing")


# -- hidden cards make no difference -----------------------------------------------------------------


def card_lists(state: GameState) -> Iterator[tuple[str, list[CardId]]]:
    """The state's lists of cards that may be exchanged: hands, piles and a variant's per-seat piles."""
    for seat, hand in enumerate(state.hands):
        yield f"hands[{seat}]", hand
    for name, pile in state.piles.items():
        yield name, pile
    for name, per_seat in state.seat_piles.items():
        for seat, pile in enumerate(per_seat):
            yield f"{name}[{seat}]", pile


def hidden_places(game: Game, watch: RoundWatch, seat: Observer) -> list[tuple[str, int]]:
    """Every place (a list of cards by name, an index in it) holding a card hidden from ``seat``: not
    in its hand, and not seen by it this round."""
    seen = watch.ever(seat)
    return [(name, i) for name, cards in card_lists(game.state) for i, cid in enumerate(cards) if cid not in seen]


def check_hidden_cards_make_no_difference(
    game: Game, seat: Observer, first: tuple[str, int], second: tuple[str, int]
) -> None:
    """Exchange two cards hidden from ``seat`` (in a copy of the game, written directly): ``seat``'s
    view, and its JSON, must not change. Raises [`ViewLeak`][rummykit.testing.visibility.ViewLeak]."""
    from rummykit.documents.serialize import dump_view  # noqa: PLC0415

    other = game.copy()
    lists = dict(card_lists(other.state))
    (a, i), (b, j) = first, second
    lists[a][i], lists[b][j] = lists[b][j], lists[a][i]
    view, other_view = game.view(seat), other.view(seat)
    what = f"{card_id_text(lists[b][j])} of {a} and {card_id_text(lists[a][i])} of {b} are exchanged"
    _fail(view == other_view, f"{who(seat)}'s view changes when {what}, cards hidden from it")
    _fail(dump_view(view) == dump_view(other_view), f"{who(seat)}'s JSON changes when {what}, cards hidden from it")
