"""Hypothesis strategies for any installed variant: seeds, player counts, option values, house-rule
stacks, positions reached by legal play, and random (mostly illegal) actions.

Actions are built from each action type's attrs fields (``spec.actions``), so that third-party action
types are covered too: a field's type says how to fill it. A ``seat`` is a seat that may act, any seat,
or one that does not exist; a [`Card`][rummykit.core.cards.Card] is mostly from the acting seat's hand; a
group of cards (``tuple[tuple[Card, ...], ...]``, a go-down's melds) is the hand cut into groups or
random cards; an ``int`` is a small number (a meld index, in range or not); an enum (``RunEnd``) any
member, ``None`` where optional; a ``bool`` either. Listed legal actions are drawn too, as they are and
with one field changed or their groups reordered, which makes near-misses. A field of a type the kit
cannot fill takes its default; an action type with such a field and no default is built only by the
extra strategies a variant passes (``extra``: functions of the game returning a strategy of actions).

Examples:
    Your own property test, with the kit's check of one action (refusal and completeness):

    >>> from hypothesis import given, settings
    >>> from rummykit.testing import check_action
    >>> @settings(max_examples=5, database=None)
    ... @given(position=positions("rummy", max_steps=20), data=st.data())
    ... def test_an_action_is_refused_or_listed(position, data):
    ...     game = position.game
    ...     if not game.is_over:
    ...         check_action(game, data.draw(actions(game)))
    >>> test_an_action_is_refused_or_listed()
"""

from __future__ import annotations

import enum
import random
import types
import typing
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs
from hypothesis import strategies as st

import rummykit
from rummykit.core.actions import Action
from rummykit.core.cards import Card, face
from rummykit.core.engine import Game
from rummykit.core.specs import COMMON_OPTIONS, Option, VariantSpec
from rummykit.core.state import Phase

__all__ = [
    "MELD_KINDS",
    "PHASE_SEARCH",
    "ActionStrategy",
    "GameSetup",
    "Position",
    "actions",
    "choose_action",
    "game_setups",
    "house_rule_stacks",
    "merged",
    "merges",
    "near_miss",
    "option_values",
    "player_counts",
    "positions",
    "random_action",
    "random_options",
    "seeds",
]

MELD_KINDS: Final = frozenset({"go-down", "lay-off", "meld"})
"""Action kinds that put cards on the table: the kit's random players take one 4 times in 5 when they
can ([`choose_action`][rummykit.testing.strategies.choose_action],
[`eager_choice`][rummykit.testing.coverage.eager_choice]), so that short games reach tables, lay-offs
and the ends of rounds."""
ActionStrategy = Callable[[Game], st.SearchStrategy[Action]]
"""A variant's own way to make candidate actions: the game in, a strategy of actions out."""


def seeds() -> st.SearchStrategy[int]:
    """Seeds for seeded games (any unsigned 32-bit int)."""
    return st.integers(0, 2**32 - 1)


def _spec(variant: str) -> VariantSpec:
    return rummykit.variant_spec(variant)


def player_counts(variant: str) -> st.SearchStrategy[int]:
    """A player count within the variant's range."""
    spec = _spec(variant)
    return st.integers(spec.min_players, spec.max_players)


def house_rule_stacks(variant: str) -> st.SearchStrategy[tuple[str, ...]]:
    """A stack of the installed house rules that apply to ``variant`` (none, some or all, sorted)."""
    available = rummykit.available_house_rules(variant)
    if not available:
        return st.just(())
    return st.lists(st.sampled_from(available), unique=True).map(lambda names: tuple(sorted(names)))


def _declared_options(variant: str, house_rules: Sequence[str]) -> list[Option]:
    spec = _spec(variant)
    return [
        *COMMON_OPTIONS,
        *spec.options,
        *(opt for rule in house_rules for opt in rummykit.house_rule_spec(rule).options),
    ]


def _option_value(option: Option) -> st.SearchStrategy[Any]:
    if option.name == "max_turns_per_round":  # G-1: short rounds now and then
        return st.integers(1, 12)
    if option.name == "max_rounds":  # G-3: a game of a few rounds
        return st.integers(1, 3)
    if option.choices is not None:
        return st.sampled_from(option.choices)
    if option.type is bool:
        return st.booleans()
    if option.type is int:
        values: st.SearchStrategy[Any] = st.integers(*_int_bounds(option))
        return st.none() | values if option.optional else values
    return st.just(option.default)


def _int_bounds(option: Option) -> tuple[int, int]:
    """The ints the kit tries for ``option``: near its default, within its bounds."""
    centre = option.default if isinstance(option.default, int) else (option.minimum or 0)
    low = centre - 3 if option.minimum is None else max(option.minimum, centre - 3)
    high = centre + 3 if option.maximum is None else min(option.maximum, centre + 3)
    return low, max(low, high)


def random_options(
    variant: str, house_rules: Sequence[str], rng: random.Random, *, skip: Sequence[str] = ()
) -> dict[str, Any]:
    """A value for every option of ``variant`` and ``house_rules`` (but ``skip``), drawn with ``rng``
    from the option's own spec: its choices, a bool, an int near its default within its bounds (or
    ``None`` now and then where that is allowed). The seeded twin of
    [`option_values`][rummykit.testing.strategies.option_values]."""
    values: dict[str, Any] = {}
    for option in _declared_options(variant, house_rules):
        if option.name in skip:
            continue
        if option.choices is not None:
            values[option.name] = rng.choice(option.choices)
        elif option.type is bool:
            values[option.name] = rng.random() < 0.5
        elif option.type is int:
            none = option.optional and rng.random() < 0.25
            values[option.name] = None if none else rng.randint(*_int_bounds(option))
    return values


def option_values(
    variant: str, house_rules: Sequence[str] = (), *, fixed: Mapping[str, Any] | None = None
) -> st.SearchStrategy[dict[str, Any]]:
    """Values for the options of ``variant`` and ``house_rules``: each option left at its default or
    given a value near it (within its bounds and choices); ``max_rounds`` 1 to 3 (so games end soon,
    G-3) and, one time in four, a short ``max_turns_per_round`` (1 to 12, G-1). ``fixed`` options are always
    given those values."""
    fixed = dict(fixed or {})
    drawn: dict[str, st.SearchStrategy[Any]] = {}
    for option in _declared_options(variant, house_rules):
        if option.name in fixed:
            continue
        value = _option_value(option)
        if option.name == "max_rounds":
            drawn[option.name] = value
        elif option.name == "max_turns_per_round":  # short rounds in one position of four
            drawn[option.name] = st.one_of(st.none(), st.none(), st.none(), value)
        else:
            drawn[option.name] = st.none() | value
    marker = st.fixed_dictionaries(drawn)

    def given(values: dict[str, Any]) -> dict[str, Any]:
        chosen = {name: value for name, value in values.items() if value is not None or name == "max_rounds"}
        return {**chosen, **fixed}

    return marker.map(given)


def choose_action(game: Game, rng: random.Random) -> Action:
    """A plain random bot: a random seat among those to act, then a random legal action of it, one
    that puts cards on the table ([`MELD_KINDS`][rummykit.testing.strategies.MELD_KINDS]) 4 times in 5
    when there is one (the kit's own games are played by a
    [`Driver`][rummykit.testing.coverage.Driver], toward what they have not reached)."""
    seat = rng.choice(game.to_act)
    legal = game.legal_actions(seat)
    melds = [action for action in legal if action.kind in MELD_KINDS]
    return rng.choice(melds if melds and rng.random() < 0.8 else legal)


PHASE_SEARCH: Final = 200
"""How many more actions a [`GameSetup`][rummykit.testing.strategies.GameSetup] with a ``phase`` plays,
after its ``steps``, to reach a position in that phase."""


@attrs.frozen
class GameSetup:
    """How a kit game is created and how far it is played.

    Attributes:
        variant: the variant's name.
        players: the number of seats.
        seed: the game's seed, which also seeds the choice of its actions.
        options: option values by name.
        house_rules: the house rules stacked on the variant.
        steps: how many actions are played (``None``: to the end of the game).
        position: the game starts from this position, written in the notation
            ([`rummykit.documents.notation`][rummykit.documents.notation]), not from a deal (its
            players, seed, options and house rules are the position's).
        bots: the variant's bots mixed in ([`seat_players`][rummykit.testing.coverage.seat_players]:
            the kit's random player and each bot in turn).
        phase: after ``steps`` actions, play on (up to
            [`PHASE_SEARCH`][rummykit.testing.strategies.PHASE_SEARCH] more) until the game is in
            this phase.
    """

    variant: str
    players: int
    seed: int
    options: dict[str, Any] = attrs.field(factory=dict)
    house_rules: tuple[str, ...] = ()
    steps: int | None = None
    position: str | None = None
    bots: tuple[str, ...] = ()
    phase: str | None = None

    def new_game(self) -> Game:
        """The game, freshly dealt (or at its start position)."""
        if self.position is not None:
            from rummykit.documents.notation import read_position  # noqa: PLC0415

            return read_position(self.position)
        return rummykit.new_game(
            self.variant, self.players, seed=self.seed, options=self.options, house_rules=self.house_rules
        )

    def play(self) -> Game:
        """The game after ``steps`` actions (or at its end), then on to ``phase``: each action chosen by
        a [`Driver`][rummykit.testing.coverage.Driver] of this game alone, seeded like the game (an
        action of a kind the game has not played yet first, else the seat's player's choice). A game
        that ends on its way to ``phase`` is given as it was a few actions before its end."""
        from rummykit.testing.coverage import Coverage, Driver, coverage_targets, seat_players  # noqa: PLC0415

        game = self.new_game()
        coverage = Coverage(coverage_targets(self.variant, self.house_rules))
        rng = random.Random(self.seed)
        driver = Driver(game, rng, coverage, seat_players(self.seed, game.players, self.bots), look_ahead=False)
        done = 0
        limit = None if self.steps is None else self.steps + (PHASE_SEARCH if self.phase is not None else 0)
        while not game.is_over and (limit is None or done < limit):
            if self.steps is not None and done >= self.steps and game.state.phase == self.phase:
                break
            action = driver.choose(game)
            coverage.see(f"action:{action.kind}")
            game.apply(action)
            done += 1
        if game.is_over and self.steps is not None and self.phase is not None:  # the game ended on the way
            played = len(game.record.actions)
            return rummykit.replay(game.record, upto=max(played - 1 - self.seed % 5, 0))
        return game


@st.composite
def game_setups(
    draw: st.DrawFn,
    variant: str,
    house_rules: Sequence[str] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 300,
    bots: Sequence[str] = (),
) -> GameSetup:
    """A [`GameSetup`][rummykit.testing.strategies.GameSetup] of ``variant``: any player count and seed,
    ``house_rules`` (``None``: any stack of the installed ones),
    [`option_values`][rummykit.testing.strategies.option_values] (with ``options`` fixed), 0 to
    ``max_steps`` actions, then on to a phase drawn among the variant's (or none), with ``bots``
    mixed in."""
    stack = tuple(house_rules) if house_rules is not None else draw(house_rule_stacks(variant), label="house rules")
    spec = _spec(variant)
    phases = [Phase.DRAW.value, Phase.PLAY.value, *(str(phase) for phase in spec.phases)]
    return GameSetup(
        variant=variant,
        players=draw(player_counts(variant), label="players"),
        seed=draw(seeds(), label="seed"),
        options=draw(option_values(variant, stack, fixed=options), label="options"),
        house_rules=stack,
        steps=draw(st.integers(0, max_steps), label="steps"),
        bots=tuple(bots),
        phase=draw(st.none() | st.sampled_from(phases), label="phase"),
    )


@attrs.frozen(eq=False)
class Position:
    """A game reached by legal play, and how: ``setup.play()`` gives it again.

    Attributes:
        setup: how the game was created and played.
        game: the game, at the position.
    """

    setup: GameSetup
    game: Game


def positions(
    variant: str,
    house_rules: Sequence[str] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 300,
    bots: Sequence[str] = (),
) -> st.SearchStrategy[Position]:
    """A [`Position`][rummykit.testing.strategies.Position] reached by the kit's seeded play from a
    [`game_setups`][rummykit.testing.strategies.game_setups] setup (``GameSetup.play``), in any phase."""
    setups = game_setups(variant, house_rules, options=options, max_steps=max_steps, bots=bots)
    return setups.map(lambda setup: Position(setup, setup.play()))


# -- actions -----------------------------------------------------------------------------------------


def _acting_seats(game: Game) -> st.SearchStrategy[int]:
    every_seat = st.integers(-1, game.players)
    if not game.to_act:
        return every_seat
    acting = st.sampled_from(game.to_act)
    return st.one_of(acting, acting, acting, every_seat)


def _faces(game: Game) -> tuple[Card, ...]:
    return tuple(sorted(set(game.state.rules.shoe), key=lambda card: card.index))


def _cards(game: Game, seat: int) -> st.SearchStrategy[Card]:
    """A card of ``seat``'s hand (3 times in 4), or any face of the game's shoe."""
    any_face = st.sampled_from(_faces(game))
    if not 0 <= seat < game.players or not game.state.hands[seat]:
        return any_face
    hand = tuple(face(cid) for cid in game.state.hands[seat])
    return st.sampled_from(hand) | st.sampled_from(hand) | st.sampled_from(hand) | any_face


@st.composite
def _hand_split(draw: st.DrawFn, game: Game, seat: int) -> tuple[tuple[Card, ...], ...]:
    """The seat's hand shuffled and cut into 1 to 4 groups of 3 to 5 cards (as far as it goes)."""
    cards = draw(st.permutations(game.hand(seat)))
    groups = []
    for size in draw(st.lists(st.integers(3, 5), min_size=1, max_size=4)):
        group, cards = cards[:size], cards[size:]
        if group:
            groups.append(tuple(group))
    return tuple(groups)


def _args(tp: Any) -> tuple[Any, ...]:
    return typing.get_args(tp)


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def _value(tp: Any, game: Game, seat: int) -> st.SearchStrategy[Any] | None:
    """A strategy for a field of type ``tp`` (``None``: a type the kit cannot fill)."""
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(-1, max(len(game.state.table), game.players) + 1)
    if tp is Card:
        return _cards(game, seat)
    if tp is str:
        return st.sampled_from(["", "x", "low", "high"])
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return st.sampled_from(list(tp))
    if typing.get_origin(tp) is typing.Literal:
        return st.sampled_from(_args(tp))
    if _is_union(tp):
        parts = [_value(arg, game, seat) if arg is not type(None) else st.none() for arg in _args(tp)]
        if any(part is None for part in parts):
            return None
        return st.one_of([part for part in parts if part is not None])
    if typing.get_origin(tp) is tuple:
        args = _args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _value(args[0], game, seat)
            if item is None:
                return None
            random_items = st.lists(item, max_size=6).map(tuple)
            if args[0] == tuple[Card, ...] and 0 <= seat < game.players and game.state.hands[seat]:
                return random_items | _hand_split(game, seat) | _hand_split(game, seat)
            return random_items
        items = [_value(arg, game, seat) for arg in args]
        if any(item is None for item in items):
            return None
        return st.tuples(*(item for item in items if item is not None))
    return None


_FIELD_TYPES: dict[type[Action], tuple[tuple[str, Any, bool], ...]] = {}


def _field_types(cls: type[Action]) -> tuple[tuple[str, Any, bool], ...]:
    """Each init field of an action type: its name, its type, and whether it has a default."""
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _FIELD_TYPES[cls] = tuple(
            (field.name, hints.get(field.name, Any), field.default is not attrs.NOTHING)
            for field in attrs.fields(cls)
            if field.init
        )
    return found


@st.composite
def _built(draw: st.DrawFn, game: Game, cls: type[Action]) -> Action | None:
    """An action of type ``cls`` built field by field (``None`` if a field cannot be filled)."""
    seat = draw(_acting_seats(game))
    values: dict[str, Any] = {"seat": seat}
    for name, tp, has_default in _field_types(cls):
        if name == "seat":
            continue
        strategy = _value(tp, game, seat)
        if strategy is None:
            if has_default:
                continue
            return None
        values[name] = draw(strategy)
    return cls(**values)


def _reordered(value: Any, draw: st.DrawFn) -> Any:
    """A tuple (of tuples) in another order, inner tuples reordered too."""
    if isinstance(value, tuple):
        return tuple(draw(st.permutations([_reordered(item, draw) for item in value])))
    return value


@st.composite
def _near_miss(draw: st.DrawFn, game: Game, listed: Sequence[Action]) -> Action | None:
    """A listed action with one field drawn afresh, or with its groups of cards reordered."""
    action = draw(st.sampled_from(listed))
    fields = [(name, tp) for name, tp, _ in _field_types(type(action))]
    name, tp = draw(st.sampled_from(fields))
    if draw(st.booleans()) and isinstance(getattr(action, name), tuple):
        return attrs.evolve(action, **{name: _reordered(getattr(action, name), draw)})
    strategy = st.integers(-1, game.players) if name == "seat" else _value(tp, game, action.seat)
    if strategy is None:
        return None
    return attrs.evolve(action, **{name: draw(strategy)})


def _swapped(value: Any, draw: st.DrawFn, held: Mapping[Any, Sequence[Card]]) -> Any:
    """``value`` with each card swapped for a card of the same rank from ``held`` (by rank)."""
    if isinstance(value, Card):
        return draw(st.sampled_from(held.get(value.rank, (value,))))
    if isinstance(value, tuple):
        return tuple(_swapped(item, draw, held) for item in value)
    return value


def _has_twin(value: Any, seat: int, held: Mapping[Any, Sequence[Card]]) -> bool:
    if isinstance(value, Card):
        return any(card != value for card in held.get((seat, value.rank), ()))
    if isinstance(value, tuple):
        return any(_has_twin(item, seat, held) for item in value)
    if isinstance(value, Action):
        return any(_has_twin(getattr(value, field.name), seat, held) for field in attrs.fields(type(value)))
    return False


def _swappable(game: Game, listed: Sequence[Action]) -> tuple[list[Action], dict[Any, list[Card]]]:
    """The listed actions that name a card of a rank the acting seat holds in another suit or copy,
    and the cards each seat holds by rank."""
    held: dict[Any, list[Card]] = {}
    for seat in {action.seat for action in listed}:
        for card in game.hand(seat):
            held.setdefault((seat, card.rank), []).append(card)
    return [action for action in listed if _has_twin(action, action.seat, held)], held


@st.composite
def _suit_swap(draw: st.DrawFn, swappable: Sequence[Action], held: Mapping[Any, Sequence[Card]]) -> Action:
    """One of the ``swappable`` listed actions naming other cards of the same ranks from the acting
    seat's hand (other suits, other copies): legal as often as not, and carried out as named (G-6)."""
    action = draw(st.sampled_from(swappable))
    own = {rank: cards for (seat, rank), cards in held.items() if seat == action.seat}
    changes = {
        field.name: _swapped(getattr(action, field.name), draw, own)
        for field in attrs.fields(type(action))
        if field.init and field.name != "seat"
    }
    return attrs.evolve(action, **changes)


def merged(first: Action, second: Action) -> Action | None:
    """One play made of two of the same kind by the same seat: their groups of cards together (two
    go-downs of one meld each make a go-down of two melds), or ``None`` if they have no groups.
    A listing may stand for such a play in parts (a move's ``split``)."""
    if type(first) is not type(second) or first.seat != second.seat or first == second:
        return None
    changes: dict[str, Any] = {}
    for field in attrs.fields(type(first)):
        value, other = getattr(first, field.name), getattr(second, field.name)
        if _is_groups(value) and _is_groups(other) and value and other:
            changes[field.name] = (*value, *other)
        elif value != other:
            return None
    return attrs.evolve(first, **changes) if changes else None


def _is_groups(value: Any) -> bool:
    return isinstance(value, tuple) and all(
        isinstance(group, tuple) and all(isinstance(card, Card) for card in group) for group in value
    )


def merges(game: Game, listed: Sequence[Action], most: int) -> list[Action]:
    """Up to ``most`` plays each made of two listed plays
    ([`merged`][rummykit.testing.strategies.merged]) whose cards the seat holds together, in listing
    order (among the first [`MERGE_PAIRS`][rummykit.testing.strategies.MERGE_PAIRS] pairs of plays
    with groups of cards)."""
    found: list[Action] = []
    hands: dict[int, Counter[Card]] = {}
    grouped = [action for action in listed if any(_is_groups(getattr(action, name)) for name in _group_fields(action))]
    pairs = 0
    for i, first in enumerate(grouped):
        for second in grouped[i + 1 :]:
            pairs += 1
            if pairs > MERGE_PAIRS:
                return found
            both = merged(first, second)
            if both is None:
                continue
            hand = hands.get(both.seat)
            if hand is None:
                hand = hands[both.seat] = Counter(game.hand(both.seat))
            if Counter(cards_in(both)) <= hand:
                found.append(both)
                if len(found) >= most:
                    return found
    return found


MERGE_PAIRS: Final = 2000
"""How many pairs of listed plays [`merges`][rummykit.testing.strategies.merges] looks at, at most (a
hand of many cards lists thousands of plays)."""


def _group_fields(action: Action) -> tuple[str, ...]:
    """The names of the action's fields whose type is groups of cards (a go-down's melds)."""
    return tuple(name for name, tp, _ in _field_types(type(action)) if tp == tuple[tuple[Card, ...], ...])


def cards_in(value: Any) -> list[Card]:
    """Every card an action (or a field of one) names."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple):
        return [card for item in value for card in cards_in(item)]
    if isinstance(value, Action):
        return [card for field in attrs.fields(type(value)) for card in cards_in(getattr(value, field.name))]
    return []


def actions(game: Game, extra: Sequence[ActionStrategy] = ()) -> st.SearchStrategy[Action]:
    """An action of any of the game's action types by any seat, mostly illegal: built field by field,
    a listed legal action, a listed one with a field changed, its groups reordered or its cards swapped
    for others of their ranks, two listed plays merged into one, or one of ``extra``'s (a variant's
    own candidates)."""
    listed = game.legal_actions() if not game.is_over else []
    options: list[st.SearchStrategy[Action | None]] = [_built(game, cls) for cls in game.spec.actions]
    if listed:
        options += [st.sampled_from(listed), _near_miss(game, listed), _near_miss(game, listed)]
        swappable, held = _swappable(game, listed)
        if swappable:
            options.append(_suit_swap(swappable, held))
        found = merges(game, listed, 20)
        if found:  # two listed plays merged into one, of cards the seat holds together
            options.append(st.sampled_from(found))
    options += [make(game) for make in extra]
    return st.one_of(options).filter(lambda action: action is not None)  # type: ignore[return-value]


# -- the same, from a seeded random source (whole games, outside hypothesis) -----------------------------

_NO_VALUE: Final = object()
"""A field the kit cannot fill."""


def _random_value(tp: Any, game: Game, seat: int, rng: random.Random) -> Any:
    """A value for a field of type ``tp``, drawn with ``rng`` as [`actions`][rummykit.testing.strategies.actions]
    draws it (``_NO_VALUE``: a type the kit cannot fill)."""
    if tp is bool:
        return rng.random() < 0.5
    if tp is int:
        return rng.randint(-1, max(len(game.state.table), game.players) + 1)
    if tp is Card:
        hand = game.state.hands[seat] if 0 <= seat < game.players else []
        if hand and rng.random() < 0.75:
            return face(rng.choice(hand))
        return rng.choice(_faces(game))
    if tp is str:
        return rng.choice(["", "x", "low", "high"])
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return rng.choice(list(tp))
    if typing.get_origin(tp) is typing.Literal:
        return rng.choice(_args(tp))
    if _is_union(tp):
        return _random_value(rng.choice(_args(tp)), game, seat, rng)
    if tp is type(None):
        return None
    if typing.get_origin(tp) is tuple:
        args = _args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            if (
                args[0] == tuple[Card, ...]
                and 0 <= seat < game.players
                and game.state.hands[seat]
                and rng.random() < 0.5
            ):
                cards = list(game.hand(seat))
                rng.shuffle(cards)
                return tuple(tuple(cards[i : i + 3]) for i in range(0, min(len(cards), 9), 3))
            items = [_random_value(args[0], game, seat, rng) for _ in range(rng.randint(0, 6))]
            return _NO_VALUE if any(item is _NO_VALUE for item in items) else tuple(items)
        items = [_random_value(arg, game, seat, rng) for arg in args]
        return _NO_VALUE if any(item is _NO_VALUE for item in items) else tuple(items)
    return _NO_VALUE


def random_action(game: Game, rng: random.Random, cls: type[Action] | None = None) -> Action | None:
    """An action of type ``cls`` (default: one of the game's action types, drawn with ``rng``) built
    field by field, mostly by a seat that may act: the seeded twin of the built actions of
    [`actions`][rummykit.testing.strategies.actions] (``None``: a field the kit cannot fill)."""
    cls = cls or rng.choice(game.spec.actions)
    acting = game.to_act
    seat = rng.choice(acting) if acting and rng.random() < 0.75 else rng.randint(-1, game.players)
    values: dict[str, Any] = {"seat": seat}
    for name, tp, has_default in _field_types(cls):
        if name == "seat":
            continue
        value = _random_value(tp, game, seat, rng)
        if value is _NO_VALUE:
            if has_default:
                continue
            return None
        values[name] = value
    try:
        return cls(**values)
    except (TypeError, ValueError):  # a field's converter refuses the value: no action to try
        return None


def near_miss(game: Game, rng: random.Random, listed: Sequence[Action]) -> Action | None:
    """One of the ``listed`` actions with one field drawn afresh, or its groups of cards reordered:
    the seeded twin of the near-misses of [`actions`][rummykit.testing.strategies.actions]."""
    action = rng.choice(listed)
    name, tp, _ = rng.choice(_field_types(type(action)))
    value = getattr(action, name)
    if isinstance(value, tuple) and rng.random() < 0.5:
        changed = _shuffled(value, rng)
    elif name == "seat":
        changed = rng.randint(-1, game.players)
    else:
        changed = _random_value(tp, game, action.seat, rng)
        if changed is _NO_VALUE:
            return None
    try:
        return attrs.evolve(action, **{name: changed})
    except (TypeError, ValueError):
        return None


def _shuffled(value: Any, rng: random.Random) -> Any:
    if isinstance(value, tuple):
        items = [_shuffled(item, rng) for item in value]
        rng.shuffle(items)
        return tuple(items)
    return value
