"""A fixed integer action space for a variant and a player count, with a mask of the legal choices at
every step: [`ActionCodec`][rummykit.rl.codec.ActionCodec] and [`Entry`][rummykit.rl.codec.Entry].

An action is entered as a short sequence of *tokens*, each an index of the action space: first its
type, then each of its fields in order: a card is one token (its face), a list of cards is its cards
then ``close``, a go-down's melds are each meld's cards then ``close``, and ``close`` again after the
last meld; a flag is ``true`` or ``false``, a number is ``int:N`` (a meld's index on the table, from 0 to
the most melds a table can hold less one: [`most_table_melds`][rummykit.rl.codec.most_table_melds]), a
word is its own token (a run's ``low`` or ``high`` end), a field left out is ``none``. The encoding
is prefix-free: no action's tokens begin another's, so an action is complete, and is carried out,
on its last token. Nothing reaches the game before that: the rules and their checks (G-5) see the
whole play, as one action.

```text
Draw(seat=1)                                  draw
Discard(seat=1, card="9H")                    discard 9H
GoDown(seat=1, melds=["5H 5D 5C", "QC QD JK"]) go-down 5H 5D 5C close QC QD JK close close
LayOff(seat=1, card="JK", meld=2, end="low")  lay-off JK int:2 low
Claim(seat=2, hmg=True)                       claim true
```

The mask at a step allows exactly the tokens that continue one of the seat's legal actions as
`Game.legal_actions` lists them: each play once, in its canonical form (the order of a run's cards,
the suits of a variant whose rules ignore them, `VariantSpec.listing_ignores_suits`). Every legal
play is reachable as the listing stands for it (the conformance kit's completeness property);
every token the mask allows leads to a legal action.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("rummy", players=2, seed=1)
    >>> codec = ActionCodec.of(game)
    >>> tokens = codec.encode(rummykit.Discard(seat=0, card="9H"))
    >>> [codec.token_text(index) for index in tokens]
    ['discard', '9H']
    >>> codec.decode(tokens, seat=0)
    Discard(seat=0, card=Card.parse('9H'))
"""

from __future__ import annotations

import enum
import types
import typing
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal

import attrs

from rummykit.core.actions import Action
from rummykit.core.cards import Card, standard_deck
from rummykit.core.configuration import Configuration, configure
from rummykit.core.engine import Game
from rummykit.core.errors import InvalidActionError, PluginError, quote
from rummykit.core.melds import MeldRules
from rummykit.standard.rules import ContractMelds

__all__ = ["ActionCodec", "Entry", "Token", "layout_configuration", "most_table_melds", "unwrap_optional"]

CLOSE: Final = "close"
NONE: Final = "none"
FACES: Final = standard_deck(jokers=1)
"""Every face a shoe may hold: 52 suited cards and the joker (a card token each)."""


@attrs.frozen
class Token:
    """One index of the action space: what it stands for.

    Attributes:
        kind: ``"type"`` (an action type), ``"card"``, ``"close"`` (the end of a list of cards or of
            melds), ``"none"``, ``"flag"``, ``"int"`` or ``"word"``.
        value: the action type, card, flag, number or word.
    """

    kind: str
    value: Any = None

    def __str__(self) -> str:
        if self.kind == "type":
            return str(self.value.kind)
        if self.kind == "int":
            return f"int:{self.value}"
        if self.kind == "flag":
            return "true" if self.value else "false"
        if self.kind in (CLOSE, NONE):
            return self.kind
        return str(self.value)


_Field = tuple[str, Any]  # a field's name and its type
_Writer = Callable[[Any, list[int]], None]  # writes a field's value as tokens


def unwrap_optional(tp: Any) -> tuple[Any, bool]:
    """``X`` and whether ``None`` is allowed, for a field typed ``X`` or ``X | None``."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in args:
        rest = [arg for arg in args if arg is not type(None)]
        if len(rest) == 1:
            return rest[0], True
    return tp, False


def most_table_melds(configuration: Configuration) -> int:
    """The most melds the table of a round can hold in ``configuration``, as its variant declares it:
    in a contract rummy (the standard rummy's ``ContractMelds``: each player goes down once a round and
    starts no meld after that, RR-13) every seat's largest contract; otherwise every card of the shoe
    in melds of the smallest size the meld rules allow (3 cards where they do not say).

    Examples:
        >>> [most_table_melds(configure(name, 4)) for name in ("railroad-rummy", "rummy", "railroad-canasta")]
        [12, 17, 141]
    """
    rules = configuration.rules
    melding = getattr(rules, "melding", None)
    if isinstance(melding, ContractMelds) and melding.contracts:
        return configuration.players * max(len(contract.melds) for contract in melding.contracts)
    melds = getattr(rules, "melds", None)
    smallest = 3
    if isinstance(melds, MeldRules):
        smallest = min(melds.min_set, melds.min_run) if melds.run_order else melds.min_set
    return max(1, len(rules.shoe) // max(1, smallest))


def layout_configuration(configuration: Configuration, *, fixed_size: bool = False) -> Configuration:
    """The configuration whose sizes an action space or an observation takes: ``configuration`` itself,
    or with ``fixed_size`` the same variant, options and house rules for its largest player count (so
    that the sizes are the same whatever the number of players)."""
    spec = configuration.spec
    if not fixed_size or configuration.players == spec.max_players:
        return configuration
    return configure(
        spec.name,
        spec.max_players,
        options=dict(configuration.options),
        house_rules=[rule.name for rule in configuration.house_rules],
    )


def _words(tp: Any) -> tuple[Any, ...]:
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tuple(tp)
    if typing.get_origin(tp) is Literal:
        return typing.get_args(tp)
    return ()


class ActionCodec:
    """The action space of one configuration (variant, players, options, house rules): a fixed list
    of tokens, and the conversion between an action and its tokens, both ways and exact.

    Attributes:
        tokens: every token, by index.
        size: how many there are (the size of the action space).
        max_int: the largest number a token stands for (a meld's index: one less than the most melds
            the table can hold, [`most_table_melds`][rummykit.rl.codec.most_table_melds]).
        fixed_size: the sizes are those of the variant's largest player count.
    """

    def __init__(self, configuration: Configuration, *, fixed_size: bool = False) -> None:
        self.configuration = configuration
        self.fixed_size = fixed_size
        self.layout = layout_configuration(configuration, fixed_size=fixed_size)
        self.max_int = most_table_melds(self.layout) - 1
        self.action_types: tuple[type[Action], ...] = tuple(configuration.spec.actions)
        self.fields: dict[type[Action], tuple[_Field, ...]] = {}
        words: dict[Any, None] = {}
        for action_type in self.action_types:
            hints = typing.get_type_hints(action_type)
            fields = tuple(
                (field.name, hints[field.name])
                for field in attrs.fields(action_type)
                if field.init and field.name != "seat"
            )
            self.fields[action_type] = fields
            for _, tp in fields:
                inner, _ = unwrap_optional(tp)
                words.update(dict.fromkeys(_words(inner)))
                self._check_type(action_type, inner)
        tokens = [Token("type", action_type) for action_type in self.action_types]
        tokens += [Token("card", card) for card in FACES]
        tokens += [Token(CLOSE), Token(NONE), Token("flag", False), Token("flag", True)]
        tokens += [Token("word", word) for word in words]
        tokens += [Token("int", number) for number in range(self.max_int + 1)]
        self.tokens: tuple[Token, ...] = tuple(tokens)
        self.size = len(tokens)
        self._index = {token: index for index, token in enumerate(tokens)}
        self._type_index = {action_type: index for index, action_type in enumerate(self.action_types)}
        self._card_index = {card: len(self.action_types) + i for i, card in enumerate(FACES)}
        self.close = self._index[Token(CLOSE)]
        self.none = self._index[Token(NONE)]
        # Each action type's encoder: its type's token and, per field, its name and how it is written.
        self._encoders: dict[type[Action], tuple[int, tuple[tuple[str, _Writer], ...]]] = {
            action_type: (index, tuple((name, self._writer(tp)) for name, tp in self.fields[action_type]))
            for index, action_type in enumerate(self.action_types)
        }

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionCodec:
        return self  # immutable: copies of games and of entries share it

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its configuration's names (the configuration is compiled again where it is loaded)."""
        configuration = self.configuration
        names = (
            configuration.spec.name,
            configuration.players,
            dict(configuration.options),
            [rule.name for rule in configuration.house_rules],
        )
        return (_codec, (*names, self.fixed_size))

    @classmethod
    def of(cls, game: Game | Configuration, *, fixed_size: bool = False) -> ActionCodec:
        """The codec of ``game``'s configuration (one per configuration and ``fixed_size``, kept with it)."""
        configuration = game if isinstance(game, Configuration) else game.configuration
        codecs = _CODECS.get(configuration)
        if codecs is None:
            codecs = _CODECS[configuration] = {}
        codec = codecs.get(fixed_size)
        if codec is None:
            codec = codecs[fixed_size] = cls(configuration, fixed_size=fixed_size)
        return codec

    def token_text(self, index: int) -> str:
        """What the token ``index`` stands for, as text (``"go-down"``, ``"5H"``, ``"close"``)."""
        return str(self.tokens[index])

    # -- encoding ------------------------------------------------------------------------------

    def encode(self, action: Action) -> tuple[int, ...]:
        """The tokens of ``action`` (its seat aside: the seat is whoever enters them).

        Raises:
            InvalidActionError: an action of a type the variant does not have, or a number too large.
        """
        encoder = self._encoders.get(type(action))
        if encoder is None:
            raise InvalidActionError(f"{self.configuration.variant} has no action {type(action).__name__}")
        index, writers = encoder
        out = [index]
        for name, write in writers:
            write(getattr(action, name), out)
        return tuple(out)

    def _writer(self, tp: Any) -> _Writer:
        """How a value of the field type ``tp`` is written as tokens (appended to a list)."""
        inner, optional = unwrap_optional(tp)
        if inner is Card:
            first_card, card_index = len(self.action_types), self._card_index

            def write(value: Any, out: list[int]) -> None:
                # A card's face index is its place among FACES; anything else fails as a lookup.
                out.append(first_card + value.index if type(value) is Card else card_index[value])

        elif inner is bool:
            flags = (self._index[Token("flag", False)], self._index[Token("flag", True)])

            def write(value: Any, out: list[int]) -> None:
                out.append(flags[bool(value)])

        elif inner is int:
            first_int, max_int, index = self._index[Token("int", 0)], self.max_int, self._index

            def write(value: Any, out: list[int]) -> None:
                if not 0 <= value <= max_int:
                    raise InvalidActionError(
                        f"{quote(value)} is beyond the action space's numbers (0 to {max_int}, the most melds a table "
                        "holds less one)"
                    )
                out.append(first_int + value if type(value) is int else index[Token("int", value)])

        elif _words(inner):
            index = self._index

            def write(value: Any, out: list[int]) -> None:
                out.append(index[Token("word", value)])

        else:
            (item,) = typing.get_args(inner)[:1]
            write_item, close = self._writer(item), self.close

            def write(value: Any, out: list[int]) -> None:
                for element in value:
                    write_item(element, out)
                out.append(close)

        if not optional:
            return write
        none, write_value = self.none, write

        def write_optional(value: Any, out: list[int]) -> None:
            if value is None:
                out.append(none)
            else:
                write_value(value, out)

        return write_optional

    # -- decoding ------------------------------------------------------------------------------

    def decode(self, tokens: Sequence[int], *, seat: int) -> Action:
        """The action of ``seat`` whose tokens are ``tokens`` (all of them).

        Raises:
            InvalidActionError: the tokens are not one whole action.
        """
        reader = _Reader(self, tokens)
        action = reader.action(seat)
        if not reader.done:
            raise InvalidActionError("the tokens go on after a whole action")
        return action

    def _check_type(self, action_type: type[Action], tp: Any) -> None:
        if tp in (Card, bool, int) or _words(tp):
            return
        if typing.get_origin(tp) is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                self._check_type(action_type, args[0])
                return
        raise PluginError(f"{action_type.__name__} has a field of type {tp!r}, which the action space cannot encode")


_CODECS: weakref.WeakKeyDictionary[Configuration, dict[bool, ActionCodec]] = weakref.WeakKeyDictionary()


def _codec(
    variant: str, players: int, options: dict[str, Any], house_rules: list[str], fixed_size: bool
) -> ActionCodec:
    return ActionCodec.of(configure(variant, players, options=options, house_rules=house_rules), fixed_size=fixed_size)


class _Reader:
    def __init__(self, codec: ActionCodec, tokens: Sequence[int]) -> None:
        self.codec = codec
        self.tokens = list(tokens)
        self.at = 0

    @property
    def done(self) -> bool:
        return self.at == len(self.tokens)

    def next(self) -> Token:
        if self.at >= len(self.tokens):
            raise InvalidActionError("the tokens end before the action does")
        index = self.tokens[self.at]
        if not 0 <= index < self.codec.size:
            raise InvalidActionError(f"{index} is not an index of the action space (0 to {self.codec.size - 1})")
        self.at += 1
        return self.codec.tokens[index]

    def action(self, seat: int) -> Action:
        token = self.next()
        if token.kind != "type":
            raise InvalidActionError(f"an action starts with its type, not {token}")
        action_type: type[Action] = token.value
        values = {name: self.value(tp) for name, tp in self.codec.fields[action_type]}
        return action_type(seat=seat, **values)

    def value(self, tp: Any) -> Any:
        inner, optional = unwrap_optional(tp)
        if typing.get_origin(inner) is tuple:
            (item,) = typing.get_args(inner)[:1]
            items = []
            while self.at < len(self.tokens) and self.tokens[self.at] != self.codec.close:
                items.append(self.value(item))
            self.next()  # close
            return tuple(items)
        token = self.next()
        if optional and token.kind == NONE:
            return None
        expected = {Card: "card", bool: "flag", int: "int"}.get(inner, "word")
        if token.kind != expected:
            raise InvalidActionError(f"expected a {expected}, not {token}")
        return token.value


class Entry:
    """A seat entering its action token by token, at one decision point of a game: the mask of the
    tokens that continue a legal action, and the action once its last token is entered.

    Examples:
        >>> import rummykit
        >>> game = rummykit.new_game("railroad-rummy", players=2, seed=3)
        >>> entry = Entry(game, game.to_act[0])
        >>> sorted(entry.codec.token_text(index) for index in entry.allowed())
        ['draw', 'take-discard']
        >>> entry.enter(entry.codec.encode(rummykit.Draw(seat=entry.seat))[0]) == rummykit.Draw(seat=entry.seat)
        True
    """

    def __init__(self, game: Game, seat: int, codec: ActionCodec | None = None) -> None:
        self.codec = codec = codec or ActionCodec.of(game)
        self.seat = seat
        self.entered: list[int] = []
        # The legal actions by their first token (their type); each is encoded whole only once its
        # type is entered (the first token is all the first mask needs).
        by_type: dict[int, list[Action]] = {}
        type_index = codec._type_index
        for action in game.legal_actions(seat):
            index = type_index.get(type(action))
            if index is None:
                codec.encode(action)  # raises: a type the variant does not have
            else:
                by_type.setdefault(index, []).append(action)
        self._by_type = by_type
        # Once a token is entered: the actions it continues, with their tokens.
        self._candidates: list[tuple[tuple[int, ...], Action]] | None = None
        self._allowed: tuple[int, list[int]] | None = None  # the depth and its tokens, once asked

    def __copy__(self) -> Entry:
        clone = Entry.__new__(Entry)
        clone.codec, clone.seat = self.codec, self.seat
        clone.entered = list(self.entered)
        clone._by_type = self._by_type  # never changed in place
        clone._candidates = self._candidates  # likewise
        clone._allowed = self._allowed  # likewise
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> Entry:
        return self.__copy__()

    def allowed(self) -> list[int]:
        """The tokens that continue a legal action, sorted."""
        return list(self._allowed_now())

    def _allowed_now(self) -> list[int]:
        """`allowed`, kept until the next token is entered (not to be changed in place)."""
        depth = len(self.entered)
        known = self._allowed
        if known is not None and known[0] == depth:
            return known[1]
        if self._candidates is None:
            allowed = sorted(self._by_type)
        else:
            allowed = sorted({tokens[depth] for tokens, _ in self._candidates})
        self._allowed = (depth, allowed)
        return allowed

    def allows(self, token: int) -> bool:
        """Whether ``token`` may be entered now (continues a legal action)."""
        return token in self._allowed_now()

    def mask(self) -> list[bool]:
        """One flag per token of the action space: whether it may be entered now."""
        allowed = set(self._allowed_now())
        return [index in allowed for index in range(self.codec.size)]

    def enter(self, token: int) -> Action | None:
        """Enter ``token``: the action, if it is now complete, else ``None``.

        Raises:
            InvalidActionError: a token the mask does not allow (nothing changes).
        """
        depth = len(self.entered)
        candidates = self._candidates
        if candidates is None:
            encode = self.codec.encode
            kept = [(encode(action), action) for action in self._by_type.get(token, ())]
        else:
            kept = [candidate for candidate in candidates if candidate[0][depth] == token]
        if not kept:
            shown = self.codec.token_text(token) if 0 <= token < self.codec.size else str(token)
            raise InvalidActionError(f"seat {self.seat} may not enter {shown!r} now: it continues no legal action")
        self.entered.append(token)
        self._candidates = kept
        self._allowed = None
        for tokens, action in kept:
            if len(tokens) == depth + 1:
                return action
        return None
