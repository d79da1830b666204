"""The ``search`` bot: information-set Monte Carlo tree search over any variant's own legal actions.

Each decision searches one tree from the seat's point of view (single-observer information-set MCTS,
as Cowling, Powley and Whitehouse describe it, 2012). Every iteration takes one world the seat cannot
tell from its game ([`sample_world`][rummykit.search.worlds.sample_world], built from its view alone),
copies it, and walks down the tree: at each node, only the children whose action is legal in this world
are candidates, chosen by UCB1 counted over how often each was available; a new child is added, a
playout follows, and its result is backed up, each node crediting the seat that chose its action.

- **Playouts** use the variant's ``heuristic`` bot for every seat where the variant offers one, else the
  ``random`` bot, for at most the level's number of actions or to the end of the round.
- **Evaluation**: a game that ends in the playout is a win (1), a loss (0), or a share of a tie; else
  the round's scores ([`rummykit_score_round`][rummykit.core.hookspecs.rummykit_score_round]: the round's
  result if it ended, else the variant's score of the hands as they lie), each seat's score against the
  mean of the others', turned the right way up (``low_score_wins``) and squashed into 0..1 by
  ``0.5 + 0.5 * tanh(difference / scale)``, where the scale is the mean size of the differences met so
  far in this search.
- **Action grouping**: actions that differ only by the suits of a set (``5H 5D 5C`` and ``5H 5D 5S``)
  are one node of the tree; the action played for it is the first one the variant lists in that world
  ([`action_key`][rummykit.search.bot.action_key]).
- **Its budget** is a number of iterations, and a playout length, by level
  ([`LEVELS`][rummykit.search.bot.LEVELS]); worlds are drawn once per decision (at most
  ``Level.worlds``) and the iterations go round them.
- **Seeded**: a decision depends only on the seed and the view (the random source of a decision is made
  from the seed and where the view is in the game), so the same seed and the same view give the same
  action, whatever the bot decided before.
- **No tree is kept between decisions**: every decision searches afresh (the worlds of the next
  decision differ, and the cost of a search is the playouts, not the tree).

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("gin-rummy", players=2, seed=2)
    >>> bot = SearchBot(seed=7, level=1)
    >>> seat = game.to_act[0]
    >>> action = bot.choose(game.view(seat), game.legal_actions(seat))
    >>> game.is_legal(action)
    True
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Final

import attrs

from rummykit.core.actions import Action
from rummykit.core.bots import Bot, RandomBot
from rummykit.core.cards import Card, Rank
from rummykit.core.configuration import configure
from rummykit.core.engine import Game
from rummykit.core.errors import InvalidOptionError, RummyError
from rummykit.core.state import SeatScore
from rummykit.core.views import View
from rummykit.search.worlds import NoWorldError, sample_world

__all__ = ["LEVELS", "Level", "SearchBot", "action_key"]


@attrs.frozen(kw_only=True)
class Level:
    """A search budget.

    Attributes:
        iterations: tree iterations a decision (each one playout).
        playout: the most actions a playout takes before it is scored.
        worlds: the most worlds drawn a decision.
    """

    iterations: int
    playout: int
    worlds: int


LEVELS: Final = {
    1: Level(iterations=4, playout=40, worlds=2),
    2: Level(iterations=10, playout=60, worlds=4),
    3: Level(iterations=20, playout=100, worlds=8),
    4: Level(iterations=60, playout=100, worlds=16),
    5: Level(iterations=200, playout=150, worlds=32),
}
"""The levels of the ``search`` bot (``search:1`` to ``search:5``); level 3 is the default."""

DEFAULT_LEVEL: Final = 3
EXPLORATION: Final = 0.7
"""UCB1's exploration constant (rewards lie in 0..1)."""


def _meld_key(cards: tuple[Card, ...]) -> Hashable:
    ranks = {card.rank for card in cards if card.rank != Rank.JOKER}
    if len(ranks) == 1 and len(cards) >= 3:  # a set (wild cards aside): its suits do not make it another meld
        return ("set", next(iter(ranks)), tuple(sorted(card.rank for card in cards)))
    return cards


def _key_of(value: Any) -> Hashable:
    if isinstance(value, tuple) and value and all(isinstance(item, tuple) for item in value):
        if all(all(isinstance(card, Card) for card in item) for item in value):
            return ("melds", tuple(sorted((_meld_key(item) for item in value), key=repr)))
        return tuple(_key_of(item) for item in value)
    if isinstance(value, list):
        return tuple(_key_of(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, _key_of(item)) for key, item in value.items()))
    return value  # type: ignore[no-any-return]


def action_key(action: Action) -> Hashable:
    """The node of the search tree ``action`` belongs to: the action, with each set it lays down read
    without its suits (the same set of other suits is the same node).

    Examples:
        >>> from rummykit.core.actions import GoDown
        >>> action_key(GoDown(seat=0, melds=["5H 5D 5C"])) == action_key(GoDown(seat=0, melds=["5S 5H 5D"]))
        True
        >>> action_key(GoDown(seat=0, melds=["5H 6H 7H"])) == action_key(GoDown(seat=0, melds=["5S 6S 7S"]))
        False
    """
    return (type(action), *(_key_of(getattr(action, field.name)) for field in attrs.fields(type(action))))


class _Node:
    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class SearchBot:
    """Information-set Monte Carlo tree search for any variant (see [`rummykit.search.bot`][rummykit.search.bot]).

    Args:
        seed: the bot's seed (``None``: unseeded).
        level: its budget, 1 to 5 ([`LEVELS`][rummykit.search.bot.LEVELS]); default 3.
        playout_bot: the bot of the variant that plays the playouts (default ``heuristic`` where the
            variant offers it, else ``random``).

    Raises:
        InvalidOptionError: (a ``ValueError``) a level that is not one of ``LEVELS``.
    """

    levels: ClassVar[tuple[int, ...]] = tuple(LEVELS)
    """Its levels, lowest first, as [`bot_levels`][rummykit.core.plugins.bot_levels] reads them."""

    def __init__(self, seed: int | None = None, level: int | None = None, *, playout_bot: str | None = None) -> None:
        level = DEFAULT_LEVEL if level is None else level
        if isinstance(level, bool) or level not in LEVELS:
            raise InvalidOptionError(f"the search bot's levels are {', '.join(map(str, LEVELS))}, not {level!r}")
        self.seed = seed
        self.level = level
        self.budget = LEVELS[level]
        self.playout_bot = playout_bot
        self._system = random.Random() if seed is None else None

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed!r}, level={self.level})"

    def _rng(self, view: View) -> random.Random:
        if self._system is not None:
            return random.Random(self._system.getrandbits(64))
        where = (view.variant, view.seat, view.round, view.turn_number, view.phase, len(view.log), view.hand_sizes)
        return random.Random(f"{self.seed}:{where}")

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action the search finds best among ``legal``."""
        representatives: dict[Hashable, Action] = {}
        for action in legal:
            representatives.setdefault(action_key(action), action)
        if len(representatives) == 1:
            return legal[0]
        rng = self._rng(view)
        players = self._playout_factory(view)
        worlds = []
        for _ in range(self.budget.worlds):
            try:
                worlds.append(sample_world(view, rng))
            except NoWorldError:
                break
        if not worlds:
            fallback: Action = players(rng.getrandbits(32)).choose(view, legal)
            return fallback
        seat = view.seat
        assert seat is not None
        default = action_key(players(rng.getrandbits(32)).choose(view, legal))
        root = _Node(seat)
        scale = [0.0, 0]
        seeds = [rng.getrandbits(64) for _ in worlds]
        for iteration in range(self.budget.iterations):
            index = iteration % len(worlds)
            # the same world plays out with the same random source whichever action was tried in it
            # (common random numbers): actions are compared on equal terms
            playout_rng = random.Random(seeds[index])
            world = worlds[index].copy()
            self._iterate(root, world, seat, representatives, rng, playout_rng, players, scale, default)
        return representatives[_best(root, default)]

    def _playout_factory(self, view: View) -> Any:
        configuration = configure(view.variant, view.players, options=view.options, house_rules=view.house_rules)
        factories = configuration.bots()
        name = self.playout_bot or ("heuristic" if "heuristic" in factories else "random")
        return factories.get(name, RandomBot)

    def _iterate(
        self,
        root: _Node,
        world: Game,
        seat: int,
        root_actions: dict[Hashable, Action],
        rng: random.Random,
        playout_rng: random.Random,
        players: Any,
        scale: list[Any],
        default: Hashable,
    ) -> None:
        node = root
        path = [root]
        round_ = world.round
        actor = seat
        expanded = False
        while not world.is_over and world.round == round_:
            if node is not root:
                actor = world.to_act[0]
            options: dict[Hashable, Action] = {}
            for action in world.legal_actions(actor):
                key = action_key(action)
                if node is root and key not in root_actions:
                    continue
                options.setdefault(key, action)
            if not options:
                break
            for key in options:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [key for key in options if key not in node.children]
            if untried:
                key = default if node is root and default in untried else untried[rng.randrange(len(untried))]
                node.children[key] = _Node(actor)
                expanded = True
            elif node is root and default in options and _behind(root, default):
                key = default  # the playout bot's own choice is tried at least as often as any other
            else:
                key = max(options, key=lambda key: _ucb(node.children[key]))
            world.apply(options[key])
            node = node.children[key]
            path.append(node)
            if expanded:
                break
        rewards = self._playout(world, round_, playout_rng, players, scale)
        for visited in path[1:]:
            visited.visits += 1
            visited.total += rewards[visited.seat]

    def _playout(self, world: Game, round_: int, rng: random.Random, players: Any, scale: list[Any]) -> Sequence[float]:
        bots: dict[int, Bot] = {}
        for _ in range(self.budget.playout):
            if world.is_over or world.round != round_:
                break
            actor = world.to_act[0]
            bot = bots.get(actor)
            if bot is None:
                bot = bots[actor] = players(rng.getrandbits(32))
            world.apply(bot.choose(world.view(actor), world.legal_actions(actor)))
        return _evaluate(world, round_, scale)


CONFIDENCE: Final = 1.5
"""How many standard errors better another action's mean reward must be than the playout bot's own
choice's for the search to play it instead (rewards spread at most 0.5 from their mean)."""


def _best(root: _Node, default: Hashable) -> Hashable:
    """The root's action to play: the playout bot's own choice, unless another, tried at least 3 times,
    has a mean reward higher by more than ``CONFIDENCE`` standard errors of the difference."""
    chosen = root.children.get(default)
    if chosen is None or not chosen.visits:
        return max(root.children, key=lambda key: root.children[key].visits)
    best, margin = default, 0.0
    mean = chosen.total / chosen.visits
    for key, child in root.children.items():
        if key == default or child.visits < 3:
            continue
        error = math.sqrt(0.25 / child.visits + 0.25 / chosen.visits)
        lead = (child.total / child.visits - mean) / error
        if lead > CONFIDENCE and lead > margin:
            best, margin = key, lead
    return best


def _behind(root: _Node, default: Hashable) -> bool:
    visits = root.children[default].visits
    return any(child.visits > visits for key, child in root.children.items() if key != default)


def _ucb(node: _Node) -> float:
    return node.total / node.visits + EXPLORATION * math.sqrt(math.log(max(node.available, 1)) / node.visits)


def _evaluate(world: Game, round_: int, scale: list[Any]) -> list[float]:
    """Each seat's reward in 0..1 (see [`rummykit.search.bot`][rummykit.search.bot])."""
    players = world.players
    if world.is_over:
        winners = world.winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    if world.round != round_ and world.history:
        scores = list(world.history[-1].scores)
    else:
        try:
            lines = world.plugin_manager.hook.rummykit_score_round(state=world.state.copy())
        except RummyError:
            lines = [0] * players
        scores = [line.points if isinstance(line, SeatScore) else int(line) for line in lines]
    sign = -1.0 if world.state.rules.low_score_wins else 1.0
    total = sum(scores)
    differences = [sign * (score - (total - score) / (players - 1)) for score in scores]
    for difference in differences:
        scale[0] += abs(difference)
        scale[1] += 1
    size = scale[0] / scale[1] if scale[1] and scale[0] > 0 else 1.0
    return [0.5 + 0.5 * math.tanh(difference / size) for difference in differences]
