"""The kit's seeded random play: how its games are set up, and the random (mostly illegal) actions it
tries, each drawn from a `random.Random` that the run's ``seed`` seeds, so that the same seed gives
the same games, positions and actions on any machine.

Actions are built from each action type's attrs fields (``spec.actions``), so that third-party action
types are covered too: a field's type says how to fill it. A ``seat`` is a seat that may act, any
seat, or one that does not exist; a [`Card`][rummykit.core.cards.Card] is mostly from the acting
seat's hand; a group of cards (``tuple[tuple[Card, ...], ...]``, a go-down's melds) is the hand cut
into groups or random cards; an ``int`` is a small number (a meld index, in range or not); an enum
(``RunEnd``) any member, ``None`` where optional; a ``bool`` either. Listed legal actions are drawn
too: as they are, with one field changed or their groups reordered (near-misses), with their cards
swapped for others of the same ranks, and two merged into one. A field of a type the kit cannot fill
takes its default; an action type with such a field and no default is built only by the variant's own
candidates (``extra``: [`ActionMaker`][rummykit.testing.random_play.ActionMaker] functions).

The hypothesis strategies of [`rummykit.testing.strategies`][rummykit.testing.strategies] draw from
these same functions, with hypothesis's random source.

Examples:
    >>> import random
    >>> import rummykit
    >>> game = rummykit.new_game("rummy", 2, seed=1)
    >>> rng = random.Random(7)
    >>> tried = [candidate_action(game, rng) for _ in range(50)]
    >>> sorted({action.kind for action in tried if action is not None})
    ['discard', 'draw', 'go-down', 'lay-off', 'take-discard']
    >>> [candidate_action(game, random.Random(3)) for _ in range(2)] == [candidate_action(game, random.Random(3))] * 2
    True
"""

from __future__ import annotations

import enum
import inspect
import random
import types
import typing
import warnings
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

import rummykit
from rummykit.core.actions import Action
from rummykit.core.cards import Card, face
from rummykit.core.deprecation import REMOVED_IN
from rummykit.core.engine import Game
from rummykit.core.specs import COMMON_OPTIONS, Option, VariantSpec
from rummykit.core.state import Phase

__all__ = [
    "MELD_KINDS",
    "MERGE_PAIRS",
    "PHASE_SEARCH",
    "ActionMaker",
    "Candidates",
    "GameSetup",
    "candidate_action",
    "cards_in",
    "choose_action",
    "merged",
    "merges",
    "near_miss",
    "position_options",
    "random_action",
    "random_options",
    "random_setup",
]

MELD_KINDS: Final = frozenset({"go-down", "lay-off", "meld"})
"""Action kinds that put cards on the table: the kit's random players take one 4 times in 5 when they
can ([`choose_action`][rummykit.testing.random_play.choose_action],
[`eager_choice`][rummykit.testing.coverage.eager_choice]), so that short games reach tables, lay-offs
and the ends of rounds."""
PHASE_SEARCH: Final = 200
"""How many more actions a [`GameSetup`][rummykit.testing.random_play.GameSetup] with a ``phase``
plays, after its ``steps``, to reach a position in that phase."""
MERGE_PAIRS: Final = 2000
"""How many pairs of listed plays [`merges`][rummykit.testing.random_play.merges] looks at, at most (a
hand of many cards lists thousands of plays)."""

ActionMaker = Callable[[Game, random.Random], "Action | None"]
"""A variant's own way to make candidate actions for the kit: the game and the kit's seeded random
source in, an action (legal or not) out, or ``None`` for none at this position."""


# -- options and setups ---------------------------------------------------------------------------------


def _spec(variant: str) -> VariantSpec:
    return rummykit.variant_spec(variant)


def declared_options(variant: str, house_rules: Sequence[str]) -> list[Option]:
    """Every option of ``variant`` with ``house_rules``: the common ones, the variant's, the house rules'."""
    return [
        *COMMON_OPTIONS,
        *_spec(variant).options,
        *(opt for rule in house_rules for opt in rummykit.house_rule_spec(rule).options),
    ]


def _int_bounds(option: Option) -> tuple[int, int]:
    """The ints the kit tries for ``option``: near its default, within its bounds."""
    centre = option.default if isinstance(option.default, int) else (option.minimum or 0)
    low = centre - 3 if option.minimum is None else max(option.minimum, centre - 3)
    high = centre + 3 if option.maximum is None else min(option.maximum, centre + 3)
    return low, max(low, high)


def _option_value(option: Option, rng: random.Random) -> Any:
    """A value of ``option`` drawn from its spec: one of its choices, a bool, an int near its default
    within its bounds (or ``None`` now and then where that is allowed); its default otherwise."""
    if option.choices is not None:
        return rng.choice(option.choices)
    if option.type is bool:
        return rng.random() < 0.5
    if option.type is int:
        return None if option.optional and rng.random() < 0.25 else rng.randint(*_int_bounds(option))
    return option.default


def random_options(
    variant: str, house_rules: Sequence[str], rng: random.Random, *, skip: Sequence[str] = ()
) -> dict[str, Any]:
    """A value for every option of ``variant`` and ``house_rules`` (but ``skip``), drawn with ``rng``
    from the option's own spec: its choices, a bool, an int near its default within its bounds (or
    ``None`` now and then where that is allowed).

    Examples:
        >>> values = random_options("gin-rummy", (), random.Random(1), skip=("max_rounds", "max_turns_per_round"))
        >>> 47 <= values["discard_take_limit"] <= 53 or values["discard_take_limit"] is None
        True
    """
    return {
        option.name: _option_value(option, rng)
        for option in declared_options(variant, house_rules)
        if option.name not in skip and (option.choices is not None or option.type in (bool, int))
    }


def position_options(
    variant: str, house_rules: Sequence[str], rng: random.Random, *, fixed: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Options for a random position: each option of ``variant`` and ``house_rules`` left at its default
    or given a value near it (as [`random_options`][rummykit.testing.random_play.random_options] draws
    it); ``max_rounds`` 1 to 3 (so that games end soon, G-3) and, one time in four, a short
    ``max_turns_per_round`` (1 to 12, G-1). ``fixed`` options are always given those values.

    Examples:
        >>> values = position_options("rummy", (), random.Random(2), fixed={"jokers": 2})
        >>> 1 <= values["max_rounds"] <= 3, values["jokers"]
        (True, 2)
    """
    fixed = dict(fixed or {})
    chosen: dict[str, Any] = {}
    for option in declared_options(variant, house_rules):
        if option.name in fixed:
            continue
        if option.name == "max_rounds":
            chosen[option.name] = rng.randint(1, 3)
        elif option.name == "max_turns_per_round":
            if rng.random() < 0.25:
                chosen[option.name] = rng.randint(1, 12)
        elif rng.random() < 0.5 and (option.choices is not None or option.type in (bool, int)):
            value = _option_value(option, rng)
            if value is not None:
                chosen[option.name] = value
    return chosen | fixed


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
            [`PHASE_SEARCH`][rummykit.testing.random_play.PHASE_SEARCH] more) until the game is in
            this phase.
        rounds: the kit's checked games stop once this many rounds have ended (at the next deal, which
            they check in full), ``None``: at the end of the game.
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
    rounds: int | None = None

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


def house_rule_stack(variant: str, rng: random.Random) -> tuple[str, ...]:
    """A stack of the installed house rules that apply to ``variant``: none, some or all, sorted."""
    available = rummykit.available_house_rules(variant)
    return tuple(sorted(name for name in available if rng.random() < 0.5))


def random_setup(
    variant: str,
    house_rules: Sequence[str] | None,
    rng: random.Random,
    *,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 300,
    bots: Sequence[str] = (),
) -> GameSetup:
    """A [`GameSetup`][rummykit.testing.random_play.GameSetup] of ``variant`` drawn with ``rng``: any
    player count and seed, ``house_rules`` (``None``: any stack of the installed ones),
    [`position_options`][rummykit.testing.random_play.position_options] (with ``options`` fixed), 0 to
    ``max_steps`` actions, then on to a phase drawn among the variant's (or none), with ``bots`` mixed
    in.

    Examples:
        >>> setup = random_setup("railroad-rummy", (), random.Random(5), max_steps=40)
        >>> 2 <= setup.players <= 8 and 0 <= setup.steps <= 40
        True
        >>> setup == random_setup("railroad-rummy", (), random.Random(5), max_steps=40)
        True
    """
    stack = tuple(house_rules) if house_rules is not None else house_rule_stack(variant, rng)
    spec = _spec(variant)
    phases = [Phase.DRAW.value, Phase.PLAY.value, *(str(phase) for phase in spec.phases)]
    players = spec.players[rng.randrange(len(spec.players))]
    seed = rng.randrange(2**32)
    chosen = position_options(variant, stack, rng, fixed=options)
    steps = rng.randint(0, max_steps)
    phase = rng.choice([None, *phases])
    return GameSetup(
        variant=variant,
        players=players,
        seed=seed,
        options=chosen,
        house_rules=stack,
        steps=steps,
        bots=tuple(bots),
        phase=phase,
    )


def choose_action(game: Game, rng: random.Random) -> Action:
    """A plain random bot: a random seat among those to act, then a random legal action of it, one
    that puts cards on the table ([`MELD_KINDS`][rummykit.testing.random_play.MELD_KINDS]) 4 times in
    5 when there is one (the kit's own games are played by a
    [`Driver`][rummykit.testing.coverage.Driver], toward what they have not reached)."""
    seat = rng.choice(game.to_act)
    legal = game.legal_actions(seat)
    melds = [action for action in legal if action.kind in MELD_KINDS]
    return rng.choice(melds if melds and rng.random() < 0.8 else legal)


# -- actions built field by field ----------------------------------------------------------------------

_NO_VALUE: Final = object()
"""A field the kit cannot fill."""


def _args(tp: Any) -> tuple[Any, ...]:
    return typing.get_args(tp)


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def _faces(game: Game) -> tuple[Card, ...]:
    return tuple(sorted(set(game.state.rules.shoe), key=lambda card: card.index))


def _random_value(tp: Any, game: Game, seat: int, rng: random.Random) -> Any:
    """A value for a field of type ``tp``, drawn with ``rng`` (``_NO_VALUE``: a type the kit cannot fill)."""
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
                return _hand_split(game, seat, rng)
            items = [_random_value(args[0], game, seat, rng) for _ in range(rng.randint(0, 6))]
            return _NO_VALUE if any(item is _NO_VALUE for item in items) else tuple(items)
        items = [_random_value(arg, game, seat, rng) for arg in args]
        return _NO_VALUE if any(item is _NO_VALUE for item in items) else tuple(items)
    return _NO_VALUE


def _hand_split(game: Game, seat: int, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """The seat's hand shuffled and cut into 1 to 4 groups of 3 to 5 cards (as far as it goes)."""
    cards = list(game.hand(seat))
    rng.shuffle(cards)
    groups = []
    for _ in range(rng.randint(1, 4)):
        size = rng.randint(3, 5)
        group, cards = cards[:size], cards[size:]
        if group:
            groups.append(tuple(group))
    return tuple(groups)


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


def random_action(game: Game, rng: random.Random, cls: type[Action] | None = None) -> Action | None:
    """An action of type ``cls`` (default: one of the game's action types, drawn with ``rng``) built
    field by field, mostly by a seat that may act (``None``: a field the kit cannot fill).

    Examples:
        >>> import rummykit
        >>> game = rummykit.new_game("rummy", 2, seed=1)
        >>> random_action(game, random.Random(1), rummykit.LayOff).kind
        'lay-off'
    """
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
    """One of the ``listed`` actions with one field drawn afresh, or its groups of cards reordered."""
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


# -- listed plays with other cards of their ranks, and merged ------------------------------------------


def _swapped(value: Any, rng: random.Random, held: Mapping[Any, Sequence[Card]]) -> Any:
    """``value`` with each card swapped for a card of the same rank from ``held`` (by rank)."""
    if isinstance(value, Card):
        return rng.choice(held.get(value.rank, (value,)))
    if isinstance(value, tuple):
        return tuple(_swapped(item, rng, held) for item in value)
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
    for seat in sorted({action.seat for action in listed}):
        for card in game.hand(seat):
            held.setdefault((seat, card.rank), []).append(card)
    return [action for action in listed if _has_twin(action, action.seat, held)], held


def _suit_swap(rng: random.Random, swappable: Sequence[Action], held: Mapping[Any, Sequence[Card]]) -> Action:
    """One of the ``swappable`` listed actions naming other cards of the same ranks from the acting
    seat's hand (other suits, other copies): legal as often as not, and carried out as named (G-6)."""
    action = rng.choice(swappable)
    own = {rank: cards for (seat, rank), cards in held.items() if seat == action.seat}
    changes = {
        field.name: _swapped(getattr(action, field.name), rng, own)
        for field in attrs.fields(type(action))
        if field.init and field.name != "seat"
    }
    return attrs.evolve(action, **changes)


def merged(first: Action, second: Action) -> Action | None:
    """One play made of two of the same kind by the same seat: their groups of cards together (two
    go-downs of one meld each make a go-down of two melds), or ``None`` if they have no groups.
    A listing may stand for such a play in parts (a move's ``split``).

    Examples:
        >>> from rummykit import GoDown
        >>> both = merged(GoDown(seat=0, melds=["5C 5D 5H"]), GoDown(seat=0, melds=["9S 10S JS"]))
        >>> [" ".join(str(card) for card in meld) for meld in both.melds]
        ['5C 5D 5H', '9S 10S JS']
    """
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
    ([`merged`][rummykit.testing.random_play.merged]) whose cards the seat holds together, in listing
    order (among the first [`MERGE_PAIRS`][rummykit.testing.random_play.MERGE_PAIRS] pairs of plays
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


# -- candidates at a position ----------------------------------------------------------------------------


class Candidates:
    """The random actions the kit tries at one position of ``game``, each drawn with a random source:
    one of the game's action types built field by field, a listed action as it is, a near-miss (twice
    as often), a listed play with other cards of its ranks, two listed plays merged, or one of
    ``extra``'s (the variant's own candidates). What it lists is read once, when it is made.

    Args:
        game: the game at the position (not changed).
        extra: the variant's own candidates: [`ActionMaker`][rummykit.testing.random_play.ActionMaker]
            functions (or, deprecated, functions of the game returning a hypothesis strategy).

    Attributes:
        listed: the position's legal actions.
        merges: plays made of two listed ones ([`merges`][rummykit.testing.random_play.merges]).
        extra: the variant's own candidates.
        ways: how many ways to make a candidate there are at the position (one is drawn each time).
    """

    def __init__(self, game: Game, extra: Sequence[Callable[..., Any]] = ()) -> None:
        self.game = game
        self.listed: list[Action] = game.legal_actions() if not game.is_over else []
        self._swappable, self._held = _swappable(game, self.listed) if self.listed else ([], {})
        self.merges: list[Action] = merges(game, self.listed, 20) if self.listed else []
        self.extra: list[Callable[..., Any]] = list(extra)
        ways = len(game.spec.actions) + (3 if self.listed else 0)
        self.ways: int = ways + bool(self._swappable) + bool(self.merges) + len(self.extra)

    def draw(self, rng: random.Random) -> Action | None:
        """One candidate (``None``: the way drawn could make none here)."""
        game, way = self.game, rng.randrange(self.ways)
        types_ = game.spec.actions
        if way < len(types_):
            return random_action(game, rng, types_[way])
        way -= len(types_)
        if self.listed:
            if way == 0:
                return rng.choice(self.listed)
            if way in (1, 2):
                return near_miss(game, rng, self.listed)
            way -= 3
        if self._swappable:
            if way == 0:
                return _suit_swap(rng, self._swappable, self._held)
            way -= 1
        if self.merges:
            if way == 0:
                return rng.choice(self.merges)
            way -= 1
        return _extra_candidate(self.extra[way], game, rng)


def candidate_action(game: Game, rng: random.Random, extra: Sequence[Callable[..., Any]] = ()) -> Action | None:
    """One random action to try at ``game``'s position, drawn with ``rng`` (see
    [`Candidates`][rummykit.testing.random_play.Candidates]; ``None``: none from the way drawn)."""
    return Candidates(game, extra).draw(rng)


def _extra_candidate(make: Callable[..., Any], game: Game, rng: random.Random) -> Action | None:
    """A candidate of a variant's own: ``make(game, rng)``; or, from the deprecated form of 0.1,
    ``make(game)`` returning a hypothesis strategy, drawn from with a seed taken from ``rng``."""
    if _takes_one_argument(make):
        warnings.warn(
            "extra_actions as functions of the game returning a hypothesis strategy are deprecated and will "
            f"stop working in rummykit {REMOVED_IN}: make each a function of (game, rng) that returns an action or "
            "None, drawn with the kit's seeded random source (a strategy's draws follow hypothesis's version, not "
            "only the kit's seed)",
            DeprecationWarning,
            stacklevel=4,
        )
        return _draw_from_strategy(make(game), rng)
    made: Action | None = make(game, rng)
    return made


def _takes_one_argument(make: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(make).parameters.values()
    except (TypeError, ValueError):  # a callable without a signature: the current form
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) == 1 and not any(p.kind is p.VAR_POSITIONAL for p in parameters)


def _draw_from_strategy(strategy: Any, rng: random.Random) -> Action | None:
    """One value of a hypothesis ``strategy``, the same for the same ``rng`` (and hypothesis version):
    the last of a few examples of a run seeded from ``rng``, without hypothesis's example database."""
    from hypothesis import HealthCheck, given, seed, settings  # noqa: PLC0415 (only this deprecated form needs it)
    from hypothesis import Phase as HypothesisPhase  # noqa: PLC0415

    drawn: list[Any] = []

    @seed(rng.getrandbits(64))
    @settings(
        max_examples=3,
        database=None,
        deadline=None,
        phases=[HypothesisPhase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(value: Any) -> None:
        drawn.append(value)

    run()
    value = drawn[-1] if drawn else None
    return value if isinstance(value, Action) else None
