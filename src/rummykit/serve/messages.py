"""The messages between a seat's page and the server, over a WebSocket, each one JSON object.

From the page:

- ``{"type": "hello", "token": "...", "pictures": true}`` first: the token of the invitation link
  (which holds it after ``#``, so that it is never sent in an address, a server log or a referrer);
  ``pictures`` asks for the picture of the view with each state (``"small"``: its small form, for a
  phone's screen, where each card's rank and suit stay readable).
- ``{"type": "act", "action": {...}, "at": 12}``: an action document (one of the ``legal`` entries'
  ``action``, as [`rummykit.documents`][rummykit.documents.serialize] writes actions), and the
  number of actions of the game the page saw. Other seats may have acted since (in a claim window,
  several seats act at once): the action is taken if the rules take it now. It is refused if the
  seat itself has acted since (a button pressed twice, a page left open in another tab).
- ``{"type": "ready", "round": 3}``: the page's person has seen round 3's end and is ready for the
  next deal. It counts for the page's own seat only (a ``"seat"``, if given, must be the page's); a
  spectator's is refused.
- ``{"type": "log", "before": 41}``: a page of the game's log, the entries numbered below 41 (a page's
  first state carries the latest entries; each state after it, only those the page has not been told).

To the page:

- ``{"type": "state", ...}``: [`seat_message`][rummykit.serve.messages.seat_message], after the hello
  and after every action of the game;
- ``{"type": "accepted", "at": 13}``: the page's action is stored (committed) as the game's action
  number 12 (``at`` is the number of actions after it);
- ``{"type": "connected", "seats": [0, 2]}``: the seats with a page open at the server, when a seat's
  first page opens or its last one closes (a state message's ``connected`` tells it too);
- ``{"type": "log", "before": 41, "entries": [...], "older": true}``: the page of the log asked for:
  the last [`LOG_PAGE`][rummykit.serve.journal.LOG_PAGE] entries numbered below ``before`` that the
  seat may know, as a state message's ``log`` holds them, and whether there are older ones;
- ``{"type": "error", "message": "..."}``: the page's message is refused and nothing changed.

When a round ends and the game goes on, the table holds the next deal on the round's end
(``round_end`` in the state, with ``holding`` true): nobody acts, bots included, until every person
whose page is open at the table has said ``ready``, or until the seconds the table was created with
have passed. Bots are always ready; spectators are never waited for.

Everything sent to a seat is made from that seat's view alone (and the game's public outcome):
its view document, its legal actions (its own cards and public ones), the picture of its view, the
words of the game's log as its view may know it ([`journal`][rummykit.serve.journal]: the rounds
over, and the round being played as far as its view's log tells it). Nothing carries a card hidden
from it, the seed or a shuffle.

Examples:
    >>> read_message('{"type": "act", "action": {"type": "draw", "seat": 0}, "at": 3}')
    Act(action={'type': 'draw', 'seat': 0}, at=3)
    >>> read_message('{"type": "ready", "round": 2}')
    Ready(round=2, seat=None)
    >>> read_message('{"type": "log", "before": 41}')
    LogPage(before=41)
    >>> read_message('{"type": "act", "action": [], "at": 3}')
    Traceback (most recent call last):
    ...
    rummykit.serve.messages.BadMessage: an act's 'action' is an action object ...
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs
import orjson

from rummykit.core.actions import Action, Discard, Draw, GoDown, TakeDiscard
from rummykit.core.cards import Card
from rummykit.core.engine import Game
from rummykit.core.errors import InvalidPositionError, quote
from rummykit.core.specs import COMMON_RULES
from rummykit.core.state import RoundResult
from rummykit.core.views import View
from rummykit.documents.converter import converter, structure_checked
from rummykit.documents.serialize import view_to_data
from rummykit.serve.journal import Journal, Told, journal_of

__all__ = [
    "MAX_MESSAGE_BYTES",
    "MAX_TOKEN_LENGTH",
    "Act",
    "BadMessage",
    "Hello",
    "LogPage",
    "Ready",
    "RoundHold",
    "SeatState",
    "action_document",
    "log_fields",
    "log_message",
    "message_text",
    "read_action",
    "read_message",
    "round_end_data",
    "seat_message",
    "seat_state",
]

MAX_MESSAGE_BYTES: Final = 16 * 1024
"""The largest message a page may send (the largest action document is far smaller)."""
MAX_TOKEN_LENGTH: Final = 64
"""The longest token read (the server's are 43 characters)."""


class BadMessage(ValueError):
    """A message from a page that is not one of the protocol's: its text says what is wrong."""


@attrs.frozen
class Hello:
    """The first message of a page: its seat's token, and whether it wants pictures."""

    token: str = attrs.field(repr=False)
    pictures: bool | str = False


@attrs.frozen
class Act:
    """An action a page asks for, as a document, and the number of actions it saw (``None``: any)."""

    action: Mapping[str, Any]
    at: int | None = None


@attrs.frozen
class Ready:
    """A page's person has seen ``round``'s end and is ready for the next deal; ``seat``, if the page
    names one, is the seat it says it plays (checked against the page's own)."""

    round: int
    seat: int | None = None


@attrs.frozen
class LogPage:
    """A page asks for a page of the game's log: the entries numbered below ``before``."""

    before: int


@attrs.frozen(kw_only=True)
class RoundHold:
    """A round's end held on screen, as a state message tells it: the round, the seats ready and the
    seats waited for, the seconds the table holds a round's end, and how many of them are left."""

    round: int
    ready: tuple[int, ...]
    waiting: tuple[int, ...]
    seconds: float
    seconds_left: float


_KEYS: Final = {
    "hello": frozenset({"type", "token", "pictures"}),
    "act": frozenset({"type", "action", "at"}),
    "ready": frozenset({"type", "round", "seat"}),
    "log": frozenset({"type", "before"}),
}


def message_text(message: Mapping[str, Any]) -> str:
    """``message`` as the JSON text sent to a page (UTF-8 characters as they are, not escaped).

    The server writes every message with [orjson](https://github.com/ijl/orjson): a state message is
    several kilobytes, written once for each action of the game, and orjson writes it in about a fifth
    of the standard library's time (the server's processor time for each action, issue 36).

    Examples:
        >>> message_text({"type": "connected", "seats": [0, 2]})
        '{"type":"connected","seats":[0,2]}'
        >>> import json
        >>> json.loads(message_text({"text": "10♥", "scores": {1: -5}}))
        {'text': '10♥', 'scores': {'1': -5}}
    """
    text: str = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    return text


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _lone_surrogate(data: object) -> bool:
    """Whether a text of ``data`` (a key or a value, at any depth) holds half a surrogate pair: JSON's
    ``"\\ud800"`` read alone. A message that quoted it back could not be written (orjson, UTF-8)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not value.isascii() and _SURROGATE.search(value):
                return True
        elif isinstance(value, dict):
            stack.extend(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def read_message(text: str | bytes) -> Hello | Act | Ready | LogPage:
    """Read a page's message, checking its size, its JSON and its fields.

    Raises:
        BadMessage: saying what is wrong.
    """
    if len(text) > MAX_MESSAGE_BYTES or (isinstance(text, str) and len(text.encode()) > MAX_MESSAGE_BYTES):
        raise BadMessage(f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        raise BadMessage(f"a message is one JSON object: {str(exc)[:80]}") from None
    if type(data) is not dict:
        raise BadMessage("a message is one JSON object with a 'type'")
    if _lone_surrogate(data):  # JSON's "\ud800" escape alone: no text of it could be written back
        raise BadMessage(
            "a message's texts are Unicode text: half a surrogate pair (an escape such as \\ud800 alone) is not"
        )
    kind = data.get("type")
    keys = _KEYS.get(kind) if type(kind) is str else None
    if keys is None:
        raise BadMessage(f"a message's type is 'hello', 'act', 'ready' or 'log', not {quote(kind)}")
    unknown = sorted(set(data) - keys)
    if unknown:
        raise BadMessage(f"a {kind} message has no field {quote(unknown[0])}; its fields: {', '.join(sorted(keys))}")
    if kind == "hello":
        token, pictures = data.get("token"), data.get("pictures", False)
        if type(token) is not str or not 0 < len(token) <= MAX_TOKEN_LENGTH:
            raise BadMessage(f"a hello's 'token' is the text after '#' in the invitation link, not {quote(token)}")
        if type(pictures) is not bool and pictures != "small":
            raise BadMessage(f"a hello's 'pictures' is true, false or 'small', not {quote(pictures)}")
        return Hello(token, pictures)
    if kind == "ready":
        number, seat = data.get("round"), data.get("seat")
        if type(number) is not int or number < 1:
            raise BadMessage(
                f"a ready's 'round' is the number of the round whose end was seen (1 or more), not {quote(number)}"
            )
        if seat is not None and (type(seat) is not int or seat < 0):
            raise BadMessage(f"a ready's 'seat' is the page's own seat (a number from 0), not {quote(seat)}")
        return Ready(number, seat)
    if kind == "log":
        before = data.get("before")
        if type(before) is not int or before < 1:
            raise BadMessage(
                f"a log's 'before' is the number of an entry of the log (1 or more): the page holds the "
                f"entries before it; not {quote(before)}"
            )
        return LogPage(before)
    action, at = data.get("action"), data.get("at")
    if type(action) is not dict:
        raise BadMessage(
            f"an act's 'action' is an action object (one of the state's legal actions), not {quote(action)}"
        )
    if at is not None and (type(at) is not int or at < 0):
        raise BadMessage(f"an act's 'at' is the number of actions the page saw, not {quote(at)}")
    return Act(action, at)


def read_action(game: Game, document: Mapping[str, Any]) -> Action:
    """The action a document describes, read as the game's variant reads actions.

    Raises:
        BadMessage: the document is not an action of this game.
    """
    actions = game.spec.actions
    try:
        action: Action = structure_checked(actions, document, Action, "action.")
    except InvalidPositionError as exc:
        raise BadMessage(f"not an action of {game.variant}: {str(exc)[:200]}") from None
    return action


def action_document(game: Game, action: Action) -> dict[str, Any]:
    """An action as a document (what the records hold)."""
    document: dict[str, Any] = converter(game.spec.actions).unstructure(action, Action)
    return document


def _named_cards(value: Any, hand: frozenset[str], found: list[str]) -> None:
    if isinstance(value, str):
        if value in hand:
            found.append(value)
    elif isinstance(value, Mapping):
        for item in value.values():
            _named_cards(item, hand, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _named_cards(item, hand, found)


def _target(action: Action, document: Mapping[str, Any]) -> str | int | None:
    """Where an action goes on the table, for a page to make that place a click (and drop) target:
    ``"stock"`` (a draw), ``"discard"`` (taking the top discard, or discarding), ``"table"`` (going
    down: new melds), the index of a table meld (an action whose document names a ``meld``: a lay-off),
    or ``None`` (no one place)."""
    if isinstance(action, Draw):
        return "stock"
    if isinstance(action, TakeDiscard | Discard):
        return "discard"
    if isinstance(action, GoDown):
        return "table"
    meld = document.get("meld")
    return meld if type(meld) is int else None


@attrs.frozen
class SeatState:
    """A seat's state message but for its log: the message's other ``fields``, the seat's ``view``, and
    the ``words`` of its legal actions (for the glossary). The server makes it once for all the pages of
    a seat, and each page's log with [`log_fields`][rummykit.serve.messages.log_fields]."""

    fields: dict[str, Any]
    view: View
    words: tuple[str, ...]


def seat_state(
    game: Game,
    seat: int | None,
    at: int,
    *,
    pictures: bool | str = False,
    hold: RoundHold | None = None,
    connected: Sequence[int] = (),
) -> SeatState:
    """The state message of ``seat`` but for its log: see [`seat_message`][rummykit.serve.messages.seat_message]."""
    view = game.view(seat)
    acting = hold is None and seat is not None and seat in view.to_act
    legal = game.legal_actions(seat) if acting else []
    hand = frozenset(str(card) for card in view.hand)
    entries = []
    for action in legal:
        document = action_document(game, action)
        named: list[str] = []
        _named_cards(document, hand, named)
        entries.append(
            {
                "action": document,
                "kind": action.kind,
                "text": action.describe(),
                "cards": named,
                "target": _target(action, document),
            }
        )
    fields: dict[str, Any] = {
        "type": "state",
        "at": at,
        "seat": seat,
        "players": view.players,
        "variant": view.variant,
        "title": game.spec.title,
        "view": view_to_data(view),
        "legal": entries,
        "connected": sorted(connected),
        "over": game.is_over,
        "winners": list(game.winners) if game.is_over else [],
        "round_end": None,
    }
    if game.history and (hold is not None or game.is_over):
        fields["round_end"] = round_end_data(game, game.history[-1], hold)
    if pictures:
        fields["picture"] = str(game.picture(seat, small=pictures == "small"))
    return SeatState(fields, view, tuple(str(entry["text"]) for entry in entries))


def log_fields(game: Game, state: SeatState, journal: Journal, told: Told) -> dict[str, Any]:
    """A state message's ``log``, ``log_older`` and ``glossary`` for a page that has been told ``told``
    of the log (which then holds the entries told): see [`seat_message`][rummykit.serve.messages.seat_message]."""
    log, older = journal.fresh(game, state.view, told)
    return {"log": log, "log_older": older, "glossary": journal.glossary([*state.words, *_texts(log)])}


def seat_message(
    game: Game,
    seat: int | None,
    at: int,
    *,
    pictures: bool | str = False,
    hold: RoundHold | None = None,
    journal: Journal | None = None,
    connected: Sequence[int] = (),
    told: Told | None = None,
) -> dict[str, Any]:
    """The state message for ``seat`` (``None``: a spectator), ``at`` actions into the game: made from
    the seat's view alone, the game's public log, and the game's winners once it is over.

    Its fields: ``at``, ``seat``, ``players``, ``variant`` and ``title``; ``view``, the seat's view
    document; ``legal``, the seat's legal actions now, each with its document (``action``), its kind,
    its words (``text``), the cards of the seat's hand it names (``cards``) and the place on the table it
    goes to (``target``: ``"stock"``, ``"discard"``, ``"table"`` for new melds, a table meld's index,
    or ``None``); ``connected``, the seats with a page open at the server now (``connected``); ``over``
    and ``winners``; ``round_end``, the last round's end
    ([`round_end_data`][rummykit.serve.messages.round_end_data]) while the table holds it on screen
    (``hold``; then ``legal`` is empty: nobody acts) and once the game is over, else ``None``; with
    ``pictures``, ``picture``, the SVG picture of the view (``"small"``: its small form,
    [`rummykit.svg.view`][rummykit.svg.view] with ``small=True``).

    And the log: ``log``, the entries of the game's log that the seat may know and the page has not
    been told (``told``, [`Journal.fresh`][rummykit.serve.journal.Journal.fresh]; a page's first state,
    or with no ``told``: the latest [`LOG_PAGE`][rummykit.serve.journal.LOG_PAGE] entries), each with
    its ``number`` from the game's start, its ``round``, ``seat``, ``text`` and ``news`` (a claim's
    winner); the page keeps the latest entries it was told, by their numbers. ``log_older``: whether
    the seat may know more entries than the latest page (a ``log`` message asks for them). ``glossary``:
    each abbreviation the message's words use (its legal actions' and its log's), in words. The log is
    ``journal``'s, rebuilt from the game's record if not given.

    Examples:
        >>> import rummykit
        >>> game = rummykit.new_game("rummy", players=2, seed=3)
        >>> message = seat_message(game, game.turn, 0)
        >>> [entry["text"] for entry in message["legal"]]
        ['draw from the stock', 'take the top discard']
        >>> [entry["target"] for entry in message["legal"]]
        ['stock', 'discard']
        >>> message["view"]["hand"] == [str(card) for card in game.hand(game.turn)]
        True

        A page told the log so far is told only the entries after it:

        >>> from rummykit.serve.journal import Journal, Told
        >>> journal, told = Journal(game), Told()
        >>> [entry["number"] for entry in seat_message(game, None, 0, journal=journal, told=told)["log"]]
        []
        >>> for number in range(3):
        ...     action = game.legal_actions(game.turn)[0]
        ...     _ = game.apply(action)
        ...     _ = journal.add(game, action, round_number=1)
        >>> [entry["number"] for entry in seat_message(game, None, 3, journal=journal, told=told)["log"]]
        [1, 2, 3]
        >>> seat_message(game, None, 3, journal=journal, told=told)["log"]
        []
    """
    state = seat_state(game, seat, at, pictures=pictures, hold=hold, connected=connected)
    journal = journal_of(game) if journal is None else journal
    return {**state.fields, **log_fields(game, state, journal, Told() if told is None else told)}


def _texts(log: list[dict[str, Any]]) -> list[str]:
    """The words of a log's entries: their texts and their news."""
    return [text for entry in log for text in (entry["text"], *entry["news"])]


def log_message(game: Game, seat: int | None, journal: Journal, before: int) -> dict[str, Any]:
    """The ``log`` message of a page that asked for the log's entries numbered below ``before``: the
    last [`LOG_PAGE`][rummykit.serve.journal.LOG_PAGE] of them that ``seat`` may know (``entries``),
    whether it may know older ones (``older``), and the ``glossary`` of their words."""
    entries, older = journal.page(game, game.view(seat), before=before)
    glossary = journal.glossary(_texts(entries))
    return {"type": "log", "before": before, "entries": entries, "older": older, "glossary": glossary}


def _card_texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def round_end_data(game: Game, result: RoundResult, hold: RoundHold | None = None) -> dict[str, Any]:
    """A round's end as a state message's ``round_end``: what every seat sees once a round is over
    (the cards left in the hands are laid face up to be scored), made from the round's result alone.

    Its fields: ``round``; ``reason`` (in words, with the rule id) and ``rule``, the rule that ended
    it, with its title (``rule_title``); ``went_out``; ``by``, the seat whose action ended it, and the
    action (``action``, in words); ``turns``; ``seats``, each seat's ``melds``, ``laid_off``,
    ``left``, ``deadwood``, ``items`` (each ``rule``, ``what``, ``points`` and ``cards``), ``score``
    and ``total``; ``rules``, the title of every rule named; and the hold: ``holding`` (whether the
    next deal waits), ``ready`` and ``waiting`` (seats), ``seconds`` and ``seconds_left``.

    Examples:
        >>> import rummykit
        >>> game = rummykit.new_game("rummy", players=2, seed=3)
        >>> while not game.history:
        ...     _ = game.apply(game.legal_actions(game.to_act[0])[0])
        >>> data = round_end_data(game, game.history[0])
        >>> data["round"], data["holding"], len(data["seats"])
        (1, False, 2)
        >>> all(item["rule"] in data["rules"] for seat in data["seats"] for item in seat["items"])
        True
    """
    named = {result.rule} | {item.rule for seat in result.seats for item in seat.items}
    books = [game.spec.rules, *(house.rules for house in game.house_rules), COMMON_RULES]
    titles: dict[str, str] = {}
    for book in reversed(books):  # the variant's own last: it wins
        titles.update({rule.id: rule.title for rule in book if rule.id in named})
    return {
        "round": result.round,
        "reason": result.reason,
        "rule": result.rule,
        "rule_title": titles.get(result.rule, ""),
        "went_out": result.went_out,
        "by": result.by,
        "action": None if result.action is None else result.action.describe(),
        "turns": result.turns,
        "seats": [
            {
                "seat": seat.seat,
                "melds": [str(meld).split() for meld in seat.melds],  # a wild card as 2C(6): what it stands for
                "laid_off": _card_texts(seat.laid_off),
                "left": _card_texts(seat.left),
                "deadwood": seat.deadwood,
                "items": [
                    {"rule": item.rule, "what": item.what, "points": item.points, "cards": _card_texts(item.cards)}
                    for item in seat.items
                ],
                "score": seat.score,
                "total": seat.total,
            }
            for seat in result.seats
        ],
        "rules": dict(sorted(titles.items())),
        "holding": hold is not None,
        "ready": [] if hold is None else list(hold.ready),
        "waiting": [] if hold is None else list(hold.waiting),
        "seconds": None if hold is None else hold.seconds,
        "seconds_left": None if hold is None else round(hold.seconds_left, 1),
    }
