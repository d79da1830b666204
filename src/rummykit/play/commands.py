"""Typed moves: reading a move written as text into an action (``rummykit play``, text protocols).

The common moves:

=================================  ===========================================
``draw``                           draw from the stock (the draw pile)
``take``                           take the top discard
``take 7H``                        take 7H and every card above it (a spread discard pile)
``down 5H 5D JK / 7C 7S 7D``       go down with melds separated by ``/``
``lay QS on 3`` (``low``/``high``)  lay off a card on meld 3 (a wild says which end)
``discard 9C``                     discard a card
=================================  ===========================================

Only the common moves a variant has are read as such: a variant reads its own words through the
``rummykit_parse_move`` hook (RailRoad Rummy: ``claim``, ``hmg``, ``pass``; Railroad Canasta, which
has no ``take-discard``, reads ``take`` as taking the pile). [`move_help`][rummykit.play.commands.move_help] lists the
common moves of a game.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("railroad-rummy", players=3, seed=1)
    >>> parse_move(game, 0, "down 5H 5D JK / 7c 7s 7d").describe()
    'go down with 5H 5D JK / 7C 7S 7D'
    >>> parse_move(game, 2, "lay 2C on 0 low")
    LayOff(seat=2, card=Card.parse('2C'), meld=0, end=<RunEnd.LOW: 'low'>)
    >>> parse_move(game, 1, "hmg")
    Claim(seat=1, hmg=True)
"""

from __future__ import annotations

from typing import Final

from rummykit.core.actions import Action, DeepTake, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.cards import parse_cards
from rummykit.core.engine import Game
from rummykit.core.errors import InvalidActionError, InvalidCardError, quote
from rummykit.core.melds import MeldRules, RunEnd

__all__ = ["MOVE_HELP", "move_help", "parse_move"]

_HELP: Final[tuple[tuple[type[Action], str], ...]] = (
    (Draw, "draw                       draw from the stock"),
    (TakeDiscard, "take                       take the top discard"),
    (DeepTake, "take 7H                    take 7H and every card above it from the discard pile"),
    (GoDown, "down 5H 5D JK / 7C 7S 7D   go down (melds separated by /, runs low to high)"),
    (LayOff, "lay QS on 3 [low|high]     lay off a card on meld 3 (a wild card says which end)"),
    (Discard, "discard 9C                 discard a card"),
)

_WITHOUT_WILDS: Final[dict[type[Action], str]] = {
    GoDown: "down 5H 5D 5S / 7C 8C 9C   go down (melds separated by /, runs low to high)",
    LayOff: "lay QS on 3                lay off a card on meld 3",
}
"""The lines of the moves whose example names a wild card, for a game without wild cards."""

MOVE_HELP: Final = tuple(line for _, line in _HELP)
"""One line per common move, for help texts ([`move_help`][rummykit.play.commands.move_help]: those a game has)."""


def move_help(game: Game) -> tuple[str, ...]:
    """The lines of [`MOVE_HELP`][rummykit.play.commands.MOVE_HELP] for the common moves ``game`` has; in
    a game without wild cards (its meld rules name none), examples without a joker.

    Examples:
        >>> import rummykit
        >>> [line.split()[0] for line in move_help(rummykit.new_game("railroad-canasta", players=2, seed=1))]
        ['draw', 'down', 'lay', 'discard']
        >>> print(move_help(rummykit.new_game("gin-rummy", players=2, seed=1))[2])
        down 5H 5D 5S / 7C 8C 9C   go down (melds separated by /, runs low to high)
    """
    melds = getattr(game.state.rules, "melds", None)
    wild = not isinstance(melds, MeldRules) or bool(melds.wild_faces)
    return tuple(
        line if wild else _WITHOUT_WILDS.get(action, line) for action, line in _HELP if action in game.spec.actions
    )


def parse_move(game: Game, seat: int, text: str) -> Action:
    """The action ``seat`` means by ``text``.

    Raises:
        InvalidActionError: the text is not a move of this game (the message says what is).
    """
    original = text.strip().split()
    if not original:
        raise InvalidActionError("type a move, or 'help'")
    words = [word.lower() for word in original]
    verb, rest = words[0], original[1:]
    has = game.spec.actions
    try:
        if verb == "draw" and not rest and Draw in has:
            return Draw(seat=seat)
        if verb == "take" and not rest and TakeDiscard in has:
            return TakeDiscard(seat=seat)
        if verb == "take" and len(rest) <= 1 and DeepTake in has:
            card = rest[0] if rest else game.view(seat).discard_top
            if card is None:
                raise InvalidActionError("the discard pile is empty: draw")
            return DeepTake(seat=seat, card=card)
        if verb == "down" and rest and GoDown in has:
            groups = " ".join(rest).split("/")
            if any(not group.strip() for group in groups):
                raise InvalidActionError("each meld of 'down' needs cards: down 5H 5D JK / 7C 7S 7D")
            return GoDown(seat=seat, melds=[parse_cards(group) for group in groups])
        if verb == "lay" and LayOff in has:
            return _lay(seat, rest)
        if verb == "discard" and len(rest) == 1 and Discard in has:
            return Discard(seat=seat, card=rest[0])
    except InvalidCardError as exc:
        raise InvalidActionError(str(exc)) from exc
    action = game.plugin_manager.hook.rummykit_parse_move(seat=seat, words=words)
    if isinstance(action, Action):
        return action
    common = ", ".join(line.split()[0] for line in move_help(game))
    raise InvalidActionError(f"{quote(text.strip())} is not a move; moves: {common}, or the game's own")


def _lay(seat: int, rest: list[str]) -> LayOff:
    if len(rest) not in (3, 4) or rest[1].lower() != "on" or not (rest[2].isascii() and rest[2].isdigit()):
        raise InvalidActionError("write a lay-off as: lay QS on 3 (and low or high for a wild card on a run)")
    if len(rest[2]) > 4:
        raise InvalidActionError(f"there is no meld {quote(rest[2])}: melds are numbered as the table shows them")
    end = None
    if len(rest) == 4:
        if rest[3].lower() not in ("low", "high"):
            raise InvalidActionError("a lay-off's end is 'low' or 'high'")
        end = RunEnd(rest[3].lower())
    return LayOff(seat=seat, card=rest[0], meld=int(rest[2]), end=end)
