"""Every installed variant as an [OpenSpiel](https://github.com/google-deepmind/open_spiel) Python game,
so that OpenSpiel's algorithms play it. Importing this module registers every installed variant (a
variant registered later in the process: [`register`][rummykit.rl.openspiel.register]):

```python
import pyspiel
from rummykit.rl import openspiel  # registers python_rummykit_railroad_rummy, ...

game = pyspiel.load_game("python_rummykit_railroad_rummy", {"players": 4})
```

**Chance.** The game is sequential, with imperfect information and explicit chance. Every shuffle of
the game is dealt at chance nodes, card by card, as a table deals: the first dealer (RR-2, CR-2) is
one chance node of ``players`` equally likely seats, and each shuffled part of a round's shoe is a
chance node per card, whose outcome is the *face* of the next card (an index of 0 to 52, as the
action space's card tokens count them), each face as likely as its copies among the cards not dealt
yet. Every deal is reachable, with its probability at a table; ``chance_outcomes()`` lists at most 53
outcomes. A stock rebuilt from the discard pile (CR-7, RR-5) and every later round's deal are chance
nodes in the same way, in the middle of the action that calls for them. Nothing else in a game is
random.

**Actions.** A player enters an action token by token, as in [`rummykit.rl.codec`][rummykit.rl.codec]:
the action space is the codec's tokens, and the legal actions at a step are the tokens that continue
a legal action. Out-of-turn declarations (RailRoad Rummy's claim window) are taken one seat at a time,
in the order the game asks for them.

With the parameter ``actions="whole"`` each OpenSpiel action is instead one whole legal action, for
search (a tree one action deep per decision, not one token deep): the legal actions of the seat to act,
sorted by their tokens and numbered from 0
([`RummyState.whole_actions`][rummykit.rl.openspiel.RummyState.whole_actions]). The numbering is
stable: it depends only on the set of legal actions (not on the order the variant lists them in), and
that set only on what the seat sees, so every world resampled for it numbers its actions the same.
It is bounded by ``num_distinct_actions``
([`whole_action_bound`][rummykit.rl.openspiel.whole_action_bound]): a sound bound for knock endings
(Gin Rummy: 19,331), and for the other variants, whose wild cards and growing hands allow more
go-downs at a reachable state than any legal-action mask could hold, the ``max_actions`` parameter
(default [`DEFAULT_MAX_ACTIONS`][rummykit.rl.openspiel.DEFAULT_MAX_ACTIONS], 10,000), beyond which a
state's ``legal_actions()`` raises an ``InvalidOptionError`` naming its count.

**Returns** follow the ``rewards`` parameter ([`rummykit.rl.rewards`][rummykit.rl.rewards]); the game
pays at its end. ``"win-loss"`` and ``"normalized"`` lie within [-1, 1] exactly; ``"points"`` and
``"zero-sum"`` are raw points within ± [`score_bound`][rummykit.rl.openspiel.score_bound] (clipped
to it, which none of the built-in variants reaches in the rounds the bound counts). A game's type
(``game.get_type().utility``) is zero-sum for ``"zero-sum"`` and ``"normalized"``, and for
``"win-loss"`` between 2 players; general-sum otherwise (as the variant is registered).

**Observations and information states** (strings and tensors) are built from the player's view and
what everybody saw happen in the round ([`rummykit.rl.observation`][rummykit.rl.observation]); a
public observer sees what a spectator sees. The information-state *string* has perfect recall (every
action of the round the player saw, and the rounds' results); the information-state *tensor* does not:
it is the observation tensor (the view, the public memory of the round, the last 8 actions and the
tokens entered), as in OpenSpiel's own card games.

**Resampling.** `resample_from_infostate` deals the cards hidden from a player anew, agreeing with
everything public: the table and the discard pile stay as they are (their order too); a card a seat
was seen to take from a face-up place stays in its hand until it plays it; each hidden card changes
places only with cards of the same shuffle (so a stock rebuilt from the discard pile holds only the
cards of that pile, RailRoad Rummy's standby pile only its own decks); a seat's own pile (a kitty) is
kept once its view shows it (RC-20); and the variant's own position rules hold (a red 3 is never in a
hand, RC-6). So do the constraints a knock puts on a hand (the knock endings, Gin Rummy's): after a knock
the knocker's hand is one that could knock with the knock discard (deadwood of at most the knock card
without it, and OpenSpiel's shortcut where it is played); once its melds are laid, the cards it kept
are worth at most the knock card; after a take at the wall the turn player's hand can knock. Few hands
keep these, so that hand is drawn first, uniformly among those that do (counted exactly, rank by rank,
keeping every way its cards can still be melded), then the rest. OpenSpiel's information-set MCTS asks
for it.

**Parameters**: ``players``; ``house_rules`` (names separated by commas, ``+`` or spaces); ``options`` (a JSON
object, or ``name:value`` pairs separated by spaces, as the game's text writes them, since OpenSpiel's
game texts hold no comma inside a value);
``rewards`` (a scheme of [`REWARDS`][rummykit.rl.rewards.REWARDS]); ``fixed_size`` (the sizes of the
variant's largest player count); ``position`` (a position in rummykit's notation, to start from
instead of a new game, checked as every position is: a dead end is refused); ``actions`` (``"tokens"``,
the default, or ``"whole"``); ``max_actions`` (with ``"whole"``: the ``num_distinct_actions``; 0, the
default, for the variant's bound). Each is checked, with a clear error.

Games and states pickle (their classes are this module's attributes), so
``pyspiel.random_sim_test(game, serialize=True)`` and multiprocessing work in any process.
"""

from __future__ import annotations

import base64
import functools
import json
import math
import random
import threading
import warnings
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel

from rummykit.core.actions import Action
from rummykit.core.cards import FACE_COUNT, FACE_MASK, CardId, face
from rummykit.core.configuration import Configuration, configure
from rummykit.core.engine import Game
from rummykit.core.errors import (
    InvalidActionError,
    InvalidOptionError,
    InvalidPositionError,
    PluginError,
    RummyError,
    quote,
)
from rummykit.core.plugins import available_variants, variant_spec
from rummykit.core.shoe import Randomness
from rummykit.core.state import GameState, Place
from rummykit.core.views import View, face_up
from rummykit.rl._knocks import HandSampler, KnockConstraint, hand_mask, knock_constraint
from rummykit.rl.codec import ActionCodec, Entry, most_table_melds
from rummykit.rl.memory import KNOWN, PublicMemory, hidden_places
from rummykit.rl.observation import ObservationEncoder, observation_text
from rummykit.rl.rewards import Rewards
from rummykit.standard.deadwood import BIT
from rummykit.standard.rules import StandardRules
from rummykit.standard.state import KnockState

__all__ = [
    "ACTION_FORMS",
    "DEFAULT_MAX_ACTIONS",
    "ChanceShuffles",
    "RummyGame",
    "RummyState",
    "game_name",
    "max_game_length",
    "register",
    "register_all",
    "score_bound",
    "whole_action_bound",
]

ROUNDS_ASSUMED: Final = 100
"""The rounds a game is taken to last at most for its bounds (`score_bound`, `max_game_length`)
where neither its rules nor its ``max_rounds`` option bound them (Classic Rummy and Railroad
Canasta play to a target)."""
_REGISTERED: dict[str, pyspiel.GameType] = {}
_PENDING = threading.local()
"""The shuffles decided at chance nodes, handed to the game's random source as its action asks."""


# -- the game's random source: shuffles decided at chance nodes ---------------------------------------


class _ShuffleAsked(RummyError):
    """A shuffle the game asks for in the middle of an action: chance nodes decide it first."""

    def __init__(self, items: Sequence[CardId]) -> None:
        super().__init__("a shuffle to decide at chance nodes")
        self.items = list(items)


class ChanceShuffles(Randomness):
    """The random source of an OpenSpiel state's game: it has no randomness of its own. Each shuffle
    the game asks for is decided at chance nodes, card by card, before the action that asks for it is
    carried out (the action is then carried out again with it)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(0)

    def shuffle(self, items: list[Any]) -> None:
        queue: list[list[CardId]] | None = getattr(_PENDING, "queue", None)
        if not queue:
            raise _ShuffleAsked(items)
        arrangement = queue.pop(0)
        if sorted(arrangement) != sorted(items):
            raise PluginError("a shuffle decided at chance nodes is not of the cards the game shuffles")
        items[:] = arrangement

    def randrange(self, n: int) -> int:
        raise PluginError(
            "the variant draws a random number in the middle of a game, which OpenSpiel's chance nodes do not "
            "cover (only shuffles are)"
        )

    def copy(self) -> ChanceShuffles:
        return self  # nothing in it changes

    def __reduce__(self) -> tuple[Any, ...]:
        return (ChanceShuffles, ())


class _Shuffle:
    """A shuffle being decided card by card: the cards not placed yet, by face, and those placed."""

    __slots__ = ("by_face", "counts", "placed", "remaining")

    def __init__(self, items: Sequence[CardId]) -> None:
        self.by_face: dict[int, list[CardId]] = {}
        for cid in sorted(items, reverse=True):  # each face's copies taken lowest first (pop from the end)
            self.by_face.setdefault(cid & FACE_MASK, []).append(cid)
        self.counts = [0] * FACE_COUNT
        for index, ids in self.by_face.items():
            self.counts[index] = len(ids)
        self.remaining = len(items)
        self.placed: list[CardId] = []
        self._fill()

    def outcomes(self) -> list[tuple[int, float]]:
        remaining = self.remaining
        return [(index, count / remaining) for index, count in enumerate(self.counts) if count]

    def place(self, index: int) -> None:
        ids = self.by_face.get(index)
        if not ids:
            raise InvalidOptionError(
                f"no card of face {face(index)} is left to deal: the chance outcome {index} is not one"
            )
        self.placed.append(ids.pop())
        self.counts[index] -= 1
        self.remaining -= 1
        self._fill()

    def _fill(self) -> None:
        """Place the rest at once where one face is left: its order is no chance event."""
        faces = [index for index, count in enumerate(self.counts) if count]
        if len(faces) == 1:
            (index,) = faces
            self.placed.extend(reversed(self.by_face[index]))
            self.by_face[index] = []
            self.counts[index] = 0
            self.remaining = 0

    @property
    def done(self) -> bool:
        return self.remaining == 0


# -- bounds ---------------------------------------------------------------------------------------------


def _rounds_bound(configuration: Configuration) -> int:
    rules = configuration.rules
    bounds = [value for value in (configuration.options.get("max_rounds"), getattr(rules, "rounds", None)) if value]
    return min(bounds) if bounds else ROUNDS_ASSUMED


def score_bound(configuration: Configuration) -> float:
    """The bound of the raw-point returns (``"points"``, ``"zero-sum"``): the rounds the game lasts at
    most (its rules' rounds or ``max_rounds``, else `ROUNDS_ASSUMED`) times 10 times the points of the
    whole shoe (where a variant's rules declare card points; 50 points a card otherwise), times the
    most a round's score is multiplied by (going rummy, CR-11).

    Examples:
        >>> score_bound(configure("railroad-rummy", 2))
        151200.0
    """
    rules = configuration.rules
    scoring = getattr(rules, "scoring", None)
    points_of = getattr(scoring, "points_of", None)
    shoe_points = sum(abs(points_of(card)) for card in rules.shoe) if points_of else 50 * len(rules.shoe)
    multiplier = max(1, getattr(scoring, "rummy_multiplier", 1) or 1)
    return float(_rounds_bound(configuration) * 10 * max(1, shoe_points) * multiplier)


def max_game_length(configuration: Configuration) -> int:
    """The most moves (chance outcomes and tokens) a game can last, for the rounds of `_rounds_bound`.
    A round of at most ``max_turns_per_round`` turns (G-1) has at most: the first dealer and every card
    of the shoe dealt; one chance node for each card shuffled into a stock rebuilt from the discard
    pile (each was discarded in the round, one a turn, or was its up-card); and tokens: a turn's draw,
    discard, kitty and closes (10), every other seat's declaration out of turn (2 each), and at most 6
    for each card of the shoe laid on the table (a card is melded once a round: a lay-off is 4 tokens).

    Examples:
        >>> max_game_length(configure("rummy", 2, options={"max_rounds": 1, "max_turns_per_round": 50}))
        1116
    """
    shoe = len(configuration.rules.shoe)
    turns = int(configuration.options.get("max_turns_per_round") or 1000)
    chance = 1 + shoe + turns + 1
    tokens = turns * (10 + 2 * configuration.players) + 6 * shoe
    return _rounds_bound(configuration) * (chance + tokens)


ACTION_FORMS: Final = ("tokens", "whole")
"""The forms of a game's actions (its ``actions`` parameter): a token at a time, or whole actions."""
DEFAULT_MAX_ACTIONS: Final = 10_000
"""The ``num_distinct_actions`` of the whole-action form of a variant for which no sound bound is known
(`whole_action_bound`), unless the ``max_actions`` parameter says otherwise."""


def _partial_partitions(cards: int) -> int:
    """The ways to choose disjoint groups of 3 cards or more among ``cards`` cards (none too: 1 way)."""
    # blocks[n]: the ways to split n cards into groups of 3 or more, each card in one
    blocks = [1] + [0] * cards
    for n in range(1, cards + 1):  # the group of the last card: it and k - 1 of the n - 1 others
        blocks[n] = sum(math.comb(n - 1, k - 1) * blocks[n - k] for k in range(3, n + 1))
    return sum(math.comb(cards, n) * blocks[n] for n in range(cards + 1))


def whole_action_bound(configuration: Configuration) -> int:
    """The ``num_distinct_actions`` of the whole-action form (``actions="whole"``): the most legal
    actions a state of ``configuration`` may list, where a sound bound is known, else
    `DEFAULT_MAX_ACTIONS`.

    A sound bound is known for the knock endings ([`Knocking`][rummykit.standard.rules.Knocking]: Gin
    Rummy), whose hands hold the ``h`` cards dealt, one more after the draw, and whose melds (of one
    52-card deck, without wild cards) are laid only after the knock. A state then lists at most 2
    actions (draw or take the discard; take the up-card or pass), or ``2 (h + 1)`` (a discard or a knock
    with each card), or, after the knock, the go-downs of a hand of ``h`` cards, each a distinct choice
    of disjoint groups of 3 cards or more (``_partial_partitions(h)``: 18,820 for 10 cards), with a
    defender's lay-offs (a card of its hand on a meld of the table at one of its ends: ``h × M × 3``,
    ``M`` the most melds a table holds) and its pass.

    Other variants have none that OpenSpiel can use: with wild cards a meld's order matters, and hands
    can grow (RailRoad Rummy's claims, Railroad Canasta's pile), so the go-downs of a reachable state
    may number more than any legal-action mask could hold.

    Examples:
        >>> whole_action_bound(configure("gin-rummy", 2)), whole_action_bound(configure("rummy", 2))
        (19331, 10000)
    """
    state_type = configuration.spec.state_type
    rules = configuration.rules
    knocks = isinstance(state_type, type) and issubclass(state_type, KnockState)
    if not knocks or not isinstance(rules, StandardRules) or rules.knocking is None:
        return DEFAULT_MAX_ACTIONS
    sizes = rules.deal.hand_size
    hand = sizes if isinstance(sizes, int) else max(sizes)
    play = 2 * (hand + 1)
    after_knock = _partial_partitions(hand) + hand * most_table_melds(configuration) * 3 + 1
    return max(2, play, after_knock)


# -- registration ---------------------------------------------------------------------------------------


def game_name(variant: str) -> str:
    """The name a variant is registered under: ``python_rummykit_`` and its name, ``-`` as ``_``."""
    return "python_rummykit_" + variant.replace("-", "_")


def _class_name(variant: str) -> str:
    return "RummyGame_" + "".join(char if char.isalnum() else "_" for char in variant)


def register(variant: str) -> str:
    """Register ``variant`` (an installed variant's name) with OpenSpiel, once; its game name. Its game
    class becomes an attribute of this module, so that its games and states pickle."""
    name = game_name(variant)
    if name in _REGISTERED:
        return name
    spec = variant_spec(variant)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{spec.title} (rummykit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": spec.min_players,
            "house_rules": "",
            "options": "{}",
            "rewards": "points",
            "fixed_size": False,
            "position": "",
            "actions": "tokens",
            "max_actions": 0,
        },
    )
    game_class = type(
        _class_name(variant),
        (RummyGame,),
        {"variant": variant, "game_type": game_type, "__module__": __name__, "__qualname__": _class_name(variant)},
    )
    globals()[game_class.__name__] = game_class
    _REGISTERED[name] = game_type
    pyspiel.register_game(game_type, game_class)
    return name


def register_all() -> list[str]:
    """Register every installed variant; their game names."""
    return [register(variant) for variant in available_variants()]


def __getattr__(name: str) -> Any:
    """A variant's game class, registered on first use (as a pickle loaded in a new process asks)."""
    if name.startswith("RummyGame_"):
        for variant in available_variants():
            if _class_name(variant) == name:
                register(variant)
                return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- the game -------------------------------------------------------------------------------------------


def _parameter(params: dict[str, Any], name: str, kind: type, default: Any) -> Any:
    value = params.get(name, default)
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidOptionError(f"the parameter {name} is an int, not {quote(value)}", field=name)
    if kind is not int and not isinstance(value, kind):
        raise InvalidOptionError(f"the parameter {name} is a {kind.__name__}, not {quote(value)}", field=name)
    return value


def _typed(game_type: pyspiel.GameType, *, zero_sum: bool) -> pyspiel.GameType:
    """The variant's game type, zero-sum where the rewards are (a game of this type says so itself)."""
    if not zero_sum:
        return game_type
    return pyspiel.GameType(
        short_name=game_type.short_name,
        long_name=game_type.long_name,
        dynamics=game_type.dynamics,
        chance_mode=game_type.chance_mode,
        information=game_type.information,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=game_type.reward_model,
        max_num_players=game_type.max_num_players,
        min_num_players=game_type.min_num_players,
        provides_information_state_string=game_type.provides_information_state_string,
        provides_information_state_tensor=game_type.provides_information_state_tensor,
        provides_observation_string=game_type.provides_observation_string,
        provides_observation_tensor=game_type.provides_observation_tensor,
        parameter_specification=game_type.parameter_specification,
    )


def _load_game(variant: str, text: str) -> RummyGame:
    """The game ``text`` names, ``variant`` registered first (unpickling in a new process)."""
    register(variant)
    game: RummyGame = pyspiel.load_game(text)
    return game


def _names(text: str) -> list[str]:
    """House rules' names, separated by commas, ``+`` or spaces."""
    return [name for name in text.replace(",", " ").replace("+", " ").split() if name]


def _options(text: str) -> dict[str, Any]:
    """Options as a JSON object (``{"max_rounds": 1}``) or as ``name:value`` pairs separated by spaces
    (``max_rounds:1 max_turns_per_round:50``, each value JSON), the form a game's text writes."""
    text = text.strip()
    if not text:
        return {}
    problem = f"the parameter options is a JSON object or name:value pairs, not {quote(text)}"
    if text.startswith("{"):
        try:
            options = json.loads(text)
        except ValueError as exc:
            raise InvalidOptionError(problem, field="options") from exc
        if not isinstance(options, dict):
            raise InvalidOptionError(problem, field="options")
        return options
    options = {}
    for pair in text.split():
        name, colon, value = pair.partition(":")
        if not colon or not name:
            raise InvalidOptionError(problem, field="options")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    return options


def _position_text(text: str) -> str:
    """A position's notation, as given or as a game's text writes it (``b64:`` and its base64)."""
    if text.startswith("b64:"):
        try:
            return base64.urlsafe_b64decode(text[4:].encode()).decode()
        except ValueError as exc:
            raise InvalidPositionError("position", "not a position's notation in base64 after 'b64:'") from exc
    return text


class RummyGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A rummykit variant as an OpenSpiel game (one subclass per variant, made by
    [`register`][rummykit.rl.openspiel.register]).

    Raises:
        InvalidOptionError: a parameter of the wrong type or value (naming it).
        InvalidPositionError: a ``position`` that cannot be played from (a dead end), or of another
            variant or player count than the game's.
    """

    variant: str
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = variant_spec(self.variant)
        players = _parameter(params, "players", int, spec.min_players)
        house_rules = _names(_parameter(params, "house_rules", str, ""))
        options = _options(_parameter(params, "options", str, "{}"))
        rewards = _parameter(params, "rewards", str, "points")
        fixed_size = _parameter(params, "fixed_size", bool, False)
        position = _position_text(_parameter(params, "position", str, ""))
        actions = _parameter(params, "actions", str, "tokens")
        if actions not in ACTION_FORMS:
            raise InvalidOptionError(
                f"the parameter actions is one of {', '.join(ACTION_FORMS)}, not {quote(actions)}", field="actions"
            )
        max_actions = _parameter(params, "max_actions", int, 0)
        if max_actions < 0 or (max_actions and actions != "whole"):
            raise InvalidOptionError(
                f"the parameter max_actions is 0 (the variant's bound) or more, and only with actions=whole, not "
                f"{max_actions}",
                field="max_actions",
            )
        self.start: Game | None = None
        if position:
            from rummykit.documents.notation import read_position  # noqa: PLC0415 - where a position is given

            start = read_position(position)
            if start.variant != self.variant:
                raise InvalidPositionError(
                    "position", f"a position of {start.variant} cannot start a game of {self.variant}"
                )
            if "players" in params and params["players"] != start.players:
                raise InvalidPositionError(
                    "position", f"a position of {start.players} players in a game of {params['players']} players"
                )
            if "options" in params and {**dict(start.options), **options} != dict(start.options):
                raise InvalidPositionError("position", "the position's options differ from the options given")
            if "house_rules" in params and house_rules != [rule.name for rule in start.house_rules]:
                raise InvalidPositionError("position", "the position's house rules differ from those given")
            players, options = start.players, dict(start.options)
            house_rules = [rule.name for rule in start.house_rules]
            self.start = start
        self.configuration = configure(self.variant, players, options=options, house_rules=house_rules)
        self.players = players
        self.reward_scheme = Rewards(rewards, self.configuration)
        self.codec = ActionCodec.of(self.configuration, fixed_size=fixed_size)
        self.encoder = ObservationEncoder(self.codec)
        self.score_bound = 1.0 if self.reward_scheme.bounded else score_bound(self.configuration)
        self.whole = actions == "whole"
        """Each OpenSpiel action is a whole legal action (``actions="whole"``), not a token."""
        self.max_actions = (max_actions or whole_action_bound(self.configuration)) if self.whole else self.codec.size
        """The game's ``num_distinct_actions``: the tokens, or the most legal actions a state may list."""
        zero_sum = rewards in ("zero-sum", "normalized") or (rewards == "win-loss" and players == 2)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.max_actions,
            max_chance_outcomes=max(FACE_COUNT, spec.max_players),
            num_players=players,
            min_utility=-self.score_bound,
            max_utility=self.score_bound,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_game_length(self.configuration),
        )
        # The game's text (str(game), what serializing writes) holds no comma or bracket inside a value.
        written = {
            "players": players,
            "house_rules": "+".join(house_rules),
            "options": " ".join(f"{name}:{json.dumps(value)}" for name, value in sorted(options.items())),
            "rewards": rewards,
            "fixed_size": fixed_size,
            "position": "b64:" + base64.urlsafe_b64encode(position.encode()).decode() if position else "",
            "actions": actions,
            "max_actions": max_actions,
        }
        super().__init__(_typed(self.game_type, zero_sum=zero_sum), info, written)

    def __deepcopy__(self, memo: dict[int, Any]) -> RummyGame:
        return self  # a game is immutable: its states share it

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its text, loaded again (registering its variant first) where it is unpickled."""
        return (_load_game, (self.variant, str(self)))

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return self.__reduce__()

    def new_initial_state(self) -> RummyState:
        """A new game before its first deal (or at the ``position`` given)."""
        return RummyState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> RummyObserver:
        """An observer of the game's views (a public observer sees what a spectator sees)."""
        if params:
            raise InvalidOptionError(f"rummykit's observers take no parameters, not {quote(params)}")
        public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return RummyObserver(self, public_only=public_only, perfect_recall=perfect_recall)


class RummyState(pyspiel.State):  # type: ignore[misc]
    """A state of a [`RummyGame`][rummykit.rl.openspiel.RummyGame]: a rummykit game (``None`` before
    its first deal is made), the tokens the player to act has entered so far, what everybody has seen
    of the round, and a shuffle being decided at chance nodes."""

    def __init__(self, game: RummyGame) -> None:
        super().__init__(game)
        self._spiel_game = game
        self.game: Game | None = None
        self.memory: PublicMemory | None = None
        self._entry: Entry | None = None
        self._shuffle: _Shuffle | None = None
        self._dealer: int | None = None  # the first dealer, while round 1 is being dealt
        self._parts: list[list[CardId]] = []  # round 1's parts dealt so far
        self._action: Action | None = None  # the action whose shuffles chance nodes are deciding
        self._arranged: list[list[CardId]] = []  # the shuffles decided for it so far
        self._seen = _Seen()
        if game.start is not None:
            self.game = Game.from_state(game.start.state.copy(), configuration=game.configuration, rng=ChanceShuffles())
            self.memory = PublicMemory(self.game, dealt=False)
            self._entry = self._new_entry()

    def _new_entry(self) -> Entry | None:
        game = self.game
        if game is None or game.is_over or self._spiel_game.whole:
            return None
        return Entry(game, game.to_act[0], self._spiel_game.codec)

    def current_player(self) -> int:
        if self.game is None or self._shuffle is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        if self._spiel_game.whole:
            return list(range(len(self.whole_actions())))
        assert self._entry is not None and player == self._entry.seat
        return self._entry.allowed()

    def whole_actions(self) -> list[Action]:
        """With ``actions="whole"``: the legal actions of the seat to act (none at a chance node or the
        end), sorted by their tokens ([`rummykit.rl.codec`][rummykit.rl.codec]); OpenSpiel's action ``i``
        is the ``i``-th. The numbering depends on the set of legal actions alone (not on the order the
        variant lists them in), which depends only on what the seat sees.

        Raises:
            InvalidOptionError: more legal actions than the game's ``num_distinct_actions`` (its
                ``max_actions``), naming the count.
        """
        game, seen = self.game, self._seen
        if game is None or game.is_over or self._shuffle is not None:
            return []
        if seen.actions is None:
            seat = game.to_act[0]
            listed = sorted(game.legal_actions(seat), key=self._spiel_game.codec.encode)
            bound = self._spiel_game.max_actions
            if len(listed) > bound:
                raise InvalidOptionError(
                    f"seat {seat} has {len(listed)} legal actions here, more than the game's num_distinct_actions "
                    f"({bound}): load it with the parameter max_actions of {len(listed)} or more",
                    field="max_actions",
                )
            seen.actions = listed
        return seen.actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._shuffle is not None:
            return self._shuffle.outcomes()
        players = self._spiel_game.players
        return [(seat, 1.0 / players) for seat in range(players)]

    def _apply_action(self, action: int) -> None:
        if self.game is None or self._shuffle is not None:
            self._chance(action)
            return
        if self._spiel_game.whole:
            listed = self.whole_actions()
            if not 0 <= action < len(listed):
                raise InvalidActionError(f"{action} is not a legal action's number: 0 to {len(listed) - 1}")
            self._carry_out(listed[action])
            return
        assert self._entry is not None
        complete = self._entry.enter(action)
        if complete is not None:
            self._carry_out(complete)

    def _chance(self, outcome: int) -> None:
        configuration = self._spiel_game.configuration
        parts = configuration.rules.part_ids
        if self._shuffle is None:  # the first dealer, then round 1's first part
            if not 0 <= outcome < self._spiel_game.players:
                raise InvalidOptionError(f"the first dealer is a seat from 0 to {self._spiel_game.players - 1}")
            self._dealer = outcome
            self._shuffle = _Shuffle(parts[0])
        else:
            self._shuffle.place(outcome)
        while self._shuffle is not None and self._shuffle.done:
            arrangement = self._shuffle.placed
            self._shuffle = None
            if self.game is None:
                self._parts.append(arrangement)
                if len(self._parts) < len(parts):
                    self._shuffle = _Shuffle(parts[len(self._parts)])
                else:
                    self._deal_first_round()
            else:
                self._arranged.append(arrangement)
                assert self._action is not None
                self._carry_out(self._action)

    def _deal_first_round(self) -> None:
        configuration = self._spiel_game.configuration
        state = configuration.new_state(None)
        assert self._dealer is not None
        state.dealer = self._dealer
        configuration.start_game(state)
        rng = ChanceShuffles()
        configuration.deal_round(state, rng, shoe=[cid for part in self._parts for cid in part])
        self.game = Game.from_state(state, configuration=configuration, rng=rng)
        self.memory = PublicMemory(self.game)
        self._parts, self._dealer = [], None
        self._seen = _Seen()
        self._entry = self._new_entry()

    def _carry_out(self, action: Action) -> None:
        """Apply ``action`` to a copy of the game, with the shuffles decided so far; a shuffle still to
        decide makes this a chance node (the action is carried out again once it is decided)."""
        assert self.game is not None
        game = self.game.copy()
        _PENDING.queue = [arrangement[:] for arrangement in self._arranged]
        try:
            applied = game.apply(action)
        except _ShuffleAsked as asked:
            self._action = action
            self._shuffle = _Shuffle(asked.items)
            if self._shuffle.done:  # one face only: nothing to decide
                self._shuffle = None
                self._arranged.append(_Shuffle(asked.items).placed)
                self._carry_out(action)
            return
        finally:
            _PENDING.queue = None
        self.game = game
        self._action, self._arranged = None, []
        self._seen = _Seen()
        assert self.memory is not None
        if applied.round_result is not None and not game.is_over:
            self.memory.start(game)
        elif applied.round_result is None:
            self.memory.update(game)
        self._entry = self._new_entry()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.game is None and self._shuffle is None:
                return f"first dealer: seat {action}"
            return f"next card: {face(action)}" if 0 <= action < FACE_COUNT else f"outcome {action}"
        codec = self._spiel_game.codec
        if self._spiel_game.whole:
            listed = self.whole_actions()
            if not 0 <= action < len(listed):
                return f"action {action}"
            return " ".join(codec.token_text(token) for token in codec.encode(listed[action]))
        return codec.token_text(action)

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_over and self._shuffle is None

    def returns(self) -> list[float]:
        game = self.game
        if game is None or not self.is_terminal():
            return [0.0] * self._spiel_game.players
        spiel_game = self._spiel_game
        values = spiel_game.reward_scheme.returns([result.scores for result in game.history], game.scores, game.winners)
        bound = spiel_game.score_bound
        return [min(bound, max(-bound, value)) for value in values]

    # -- what players see --------------------------------------------------------------------------

    def seat_view(self, seat: int | None) -> View | None:
        """``game.view(seat)``, built once per position (``None`` before the first deal)."""
        if self.game is None:
            return None
        views = self._seen.views
        view = views.get(seat)
        if view is None:
            view = views[seat] = self.game.view(seat)
        return view

    def seat_observation(self, seat: int | None) -> npt.NDArray[np.float32]:
        """The numeric observation of `seat_view` with no tokens entered, built once per position (not
        to be changed in place; zeros before the first deal)."""
        observations = self._seen.observations
        observation = observations.get(seat)
        if observation is None:
            view = self.seat_view(seat)
            encoder = self._spiel_game.encoder
            observation = np.zeros(encoder.size, np.float32) if view is None else encoder.encode_view(view, self.memory)
            observations[seat] = observation
        return observation

    def entered(self, player: int) -> list[int]:
        """The tokens ``player`` has entered of the action it is making (none if it is not acting)."""
        entry = self._entry
        return list(entry.entered) if entry is not None and entry.seat == player else []

    # -- resampling ----------------------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RummyState:
        """A state that ``player_id`` cannot tell from this one, agreeing with everything public (see
        [`rummykit.rl.openspiel`][rummykit.rl.openspiel]): the cards hidden from it dealt anew among
        their places, each within its shuffle's pool.

        A world that the rules refuse (a red 3 in a hand, RC-6; a seat to act with no legal action) is
        dealt again: the worlds are drawn uniformly among those the rules allow. A hand that a knock
        constrains (the knocker's, after a knock; the turn player's, after it took the discard at the
        wall: see **Resampling** in [`rummykit.rl.openspiel`][rummykit.rl.openspiel]) is drawn first,
        uniformly among the hands that keep the constraint, so that such worlds are found at once
        however few they are.

        Raises:
            PluginError: no arrangement of the hidden cards that the variant's position rules accept
                was found in 1,000 tries.
        """
        sampled = self.clone()
        game, memory = self.game, self.memory
        if game is None or memory is None or self._shuffle is not None or game.is_over:
            return sampled
        configuration = game.configuration
        state = game.state.copy()
        fixed = set(state.hands[player_id]) | set(face_up(game, player_id))
        for name in state.seat_piles:
            own = state.seat_piles[name][player_id]
            if own and not self._pile_shown(game, player_id, name):
                fixed.difference_update(own)
        chooser = random.Random(int(float(probability_sampler()) * 2**53))
        slots: dict[int, list[tuple[list[CardId], int]]] = {}
        for place, cards in hidden_places(state):
            if place.zone == "hand" and place.seat == player_id:
                continue
            for index, cid in enumerate(cards):
                label = memory.labels.get(cid)
                if cid in fixed or label is None or label == KNOWN:
                    continue
                slots.setdefault(label, []).append((cards, index))
        deal = _ConstrainedDeal.of(game, player_id, state, slots)
        for _ in range(1000):
            if deal is None:
                for pool in slots.values():
                    cards_of = [cards[index] for cards, index in pool]
                    chooser.shuffle(cards_of)
                    for (cards, index), cid in zip(pool, cards_of, strict=True):
                        cards[index] = cid
            elif not deal.deal(chooser):
                continue
            try:  # the variant's own rules first (cheap), then every check of a position (no dead end)
                configuration.check_position(state)
                world = Game.from_state(state.copy(), configuration=configuration, rng=ChanceShuffles())
            except InvalidPositionError:
                continue
            break
        else:
            raise PluginError(
                f"no arrangement of the cards hidden from seat {player_id} passes {game.variant}'s checks"
            )
        sampled.game = world
        sampled.memory = memory.copy()
        sampled._seen = _Seen()
        if self._entry is not None:
            entry = Entry(sampled.game, self._entry.seat, self._spiel_game.codec)
            try:
                for token in self._entry.entered:
                    entry.enter(token)
            except RummyError:  # another seat's tokens, which this world's hand cannot make: it starts again
                entry = Entry(sampled.game, self._entry.seat, self._spiel_game.codec)
            sampled._entry = entry
        return sampled

    def _pile_shown(self, game: Game, seat: int, name: str) -> bool:
        """``seat``'s own pile ``name`` is shown to it: its view changes when a card of the pile is
        exchanged with a hidden card of another face."""
        state = game.state.copy()
        own = state.seat_piles[name][seat]
        others = [
            (cards, index)
            for place, cards in hidden_places(state)
            if place != Place(name, seat=seat) and not (place.zone == "hand" and place.seat == seat)
            for index, cid in enumerate(cards)
            if face(cid) != face(own[0])
        ]
        if not others:
            return True
        cards, index = others[0]
        own[0], cards[index] = cards[index], own[0]
        configuration = game.configuration
        return bool(configuration.view(state, seat, game.to_act) != game.view(seat))

    def __str__(self) -> str:
        game = self.game
        if game is None:
            dealt = sum(map(len, self._parts)) + (len(self._shuffle.placed) if self._shuffle else 0)
            return f"the first deal: {dealt} cards dealt"
        seen = self._seen
        if seen.text is None:
            from rummykit.documents.notation import position_text  # noqa: PLC0415

            seen.text = position_text(game)
        text = seen.text
        if self._shuffle is not None:
            text += f"\nshuffling: {len(self._shuffle.placed)} cards placed, {self._shuffle.remaining} to go"
        entry = self._entry
        if entry is not None and entry.entered:
            text += "\nentered: " + " ".join(self._spiel_game.codec.token_text(token) for token in entry.entered)
        return text


class _ConstrainedDeal:
    """The hidden cards dealt anew where a knock constrains one hand (`rummykit.rl._knocks`): that
    hand's hidden cards drawn first, uniformly among the choices (from each pool, as many as it hides of
    that pool) that keep the constraint's bound (`HandSampler`), then the rest of each pool shuffled
    among the other places it hides in. Each choice of the hand comes
    with the same number of ways to place the rest, so the worlds are uniform among those whose hand
    keeps the bound; `deal` refuses those that break the constraint's finer points."""

    def __init__(
        self,
        constraint: KnockConstraint,
        hand: list[CardId],
        slots: dict[int, list[tuple[list[CardId], int]]],
    ) -> None:
        self.constraint = constraint
        self.hand = hand
        self.slots = slots
        labels = sorted({label for label, pool in slots.items() if any(cards is hand for cards, _ in pool)})
        self.pool_of = {label: number for number, label in enumerate(labels)}
        # each pool's places in the hand, and elsewhere
        self.own = {label: [(c, i) for c, i in slots[label] if c is hand] for label in labels}
        self.rest = {label: [(c, i) for c, i in slots[label] if c is not hand] for label in labels}
        dealt = {(id(cards), index) for label in labels for cards, index in self.own[label]}
        mandatory = hand_mask([cid for index, cid in enumerate(hand) if (id(hand), index) not in dealt])
        optional = sorted(
            (BIT[cards[index] & FACE_MASK], self.pool_of[label]) for label in labels for cards, index in slots[label]
        )
        quotas = tuple(len(self.own[label]) for label in labels)
        self.sampler = _hand_sampler(mandatory, tuple(optional), quotas, constraint.limit, constraint.melds)

    @classmethod
    def of(
        cls, game: Game, player: int, state: GameState, slots: dict[int, list[tuple[list[CardId], int]]]
    ) -> _ConstrainedDeal | None:
        """The constrained deal of the cards hidden from ``player`` in ``state`` (a copy of ``game``'s,
        whose places ``slots`` holds by pool), or ``None`` where no knock constrains a hand it hides."""
        constraint = knock_constraint(game, player)
        if constraint is None:
            return None
        hand = state.hands[constraint.seat]
        if not any(cards is hand for pool in slots.values() for cards, _ in pool):
            return None
        deal = cls(constraint, hand, slots)
        # a position set up from data may break what its knock says: then nothing more is known of the hand
        return deal if deal.sampler.total else None

    def deal(self, chooser: random.Random) -> bool:
        """Deal the hidden cards anew; whether the constrained hand keeps every constraint."""
        chosen = self.sampler.sample(chooser)
        for label, pool in self.slots.items():
            if label not in self.own:
                cards_of = [cards[index] for cards, index in pool]
                chooser.shuffle(cards_of)
                for (cards, index), cid in zip(pool, cards_of, strict=True):
                    cards[index] = cid
                continue
            every = [cards[index] for cards, index in pool]
            mine = [cid for cid in every if BIT[cid & FACE_MASK] & chosen]
            others = [cid for cid in every if not BIT[cid & FACE_MASK] & chosen]
            chooser.shuffle(mine)
            chooser.shuffle(others)
            for (cards, index), cid in zip(self.own[label], mine, strict=True):
                cards[index] = cid
            for (cards, index), cid in zip(self.rest[label], others, strict=True):
                cards[index] = cid
        return self.constraint.allows(hand_mask(self.hand))


@functools.lru_cache(maxsize=8)
def _hand_sampler(
    mandatory: int, optional: tuple[tuple[int, int], ...], quotas: tuple[int, ...], limit: int, melds: bool
) -> HandSampler:
    """The sampler of the hands a knock allows, kept for the searches that resample one position many times."""
    return HandSampler(mandatory, optional, quotas, limit=limit, melds=melds)


class _Seen:
    """What a state's seats see of its game as it stands (views, numeric observations without the
    tokens entered, the position's text), each built once; a copy of the state starts afresh."""

    __slots__ = ("actions", "observations", "text", "views")

    def __init__(self) -> None:
        self.actions: list[Action] | None = None  # the legal actions as numbered (actions="whole")
        self.views: dict[int | None, View] = {}
        self.observations: dict[int | None, npt.NDArray[np.float32]] = {}
        self.text: str | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Seen:
        return _Seen()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Seen, ())


class RummyObserver:
    """An OpenSpiel observer (the PyObserver interface) of a seat's view: the numeric observation as
    ``tensor`` (and ``dict``), and its text form."""

    def __init__(self, game: RummyGame, *, public_only: bool, perfect_recall: bool) -> None:
        self.game = game
        self.public_only = public_only
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RummyState, player: int) -> None:
        """Fill ``tensor`` with ``state`` as ``player`` sees it."""
        seat = None if self.public_only else player
        self.tensor[:] = state.seat_observation(seat)
        if not self.public_only:
            self.game.encoder.add_entered(self.tensor, state.entered(player))

    def string_from(self, state: RummyState, player: int) -> str:
        """``state`` as ``player`` sees it, as text (with every action of the round it saw, and the
        rounds' results, for an information state)."""
        seat = None if self.public_only else player
        view = state.seat_view(seat)
        if view is None:
            return str(state)
        codec = self.game.codec
        entered = [] if self.public_only else [codec.token_text(token) for token in state.entered(player)]
        text = observation_text(view, entered, state.memory)
        if self.perfect_recall:
            text += "\nround so far: " + "; ".join(f"{action.seat} {action.describe()}" for action in view.log)
            text += "\nrounds: " + "; ".join(f"{result.scores}" for result in view.history)
        return text


def _register_installed() -> None:
    """Register every installed variant (on import); one that cannot be loaded is skipped with a warning."""
    for variant in available_variants():
        try:
            register(variant)
        except RummyError as exc:  # a broken third-party variant must not break the import
            warnings.warn(f"rummykit.rl.openspiel: {variant} not registered: {exc}", stacklevel=2)


_register_installed()
