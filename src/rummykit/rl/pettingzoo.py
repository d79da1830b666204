"""Every installed variant as a [PettingZoo](https://pettingzoo.farama.org) environment: an AEC
environment ([`env`][rummykit.rl.pettingzoo.env]) and a parallel one
([`parallel_env`][rummykit.rl.pettingzoo.parallel_env]).

Agents are ``player_0`` … ``player_{n-1}``, one per seat. An agent enters its action token by token
([`rummykit.rl.codec`][rummykit.rl.codec]): each step is one index of a fixed ``Discrete`` action
space (an ``int``; anything else is refused, naming its type), and the observation's ``action_mask``
allows exactly the tokens that continue a legal action; an action reaches the game on its last token.
Seats that act out of turn (RailRoad Rummy's claim window, RR-15) act one after another in the order
the game asks them (``game.to_act``), as AEC environments do. The observation is
``{"observation": float32 array in [-1, 1], "action_mask": int8 array}``, built only from the seat's
view and what everybody saw happen in the round ([`rummykit.rl.observation`][rummykit.rl.observation]).

Rewards follow the ``rewards`` option ([`rummykit.rl.rewards`][rummykit.rl.rewards]: ``"points"`` by
default, each round's score, negated where the lowest total wins). A game that ends by its rules
terminates every agent; a game whose last round was stopped by the turn cap (G-1: no table of people
gets there) *truncates* every agent instead.

A token the mask does not allow raises by default; ``illegal_action="penalize"`` or ``"noop"`` refuses it
instead, and the same agent acts again ([`ILLEGAL_ACTIONS`][rummykit.rl.pettingzoo.ILLEGAL_ACTIONS]):
what Gymnasium's ``check_env`` and PettingZoo's ``parallel_seed_test``, which sample actions without the
mask, need.

``infos[agent]`` after each step: ``"action_complete"`` (the agent's step completed its action, which
the game then carried out), ``"action"`` (that action, as carried out; ``None`` before) and
``"refused"`` (the step's token was refused, and nothing changed: ``illegal_action``, below), for the
agent that stepped; ``"round"`` (the [`RoundResult`][rummykit.core.state.RoundResult] of a round the
step ended) for every agent.

Examples:
    >>> from rummykit.rl.pettingzoo import env
    >>> game_env = env("railroad-rummy", players=3)
    >>> game_env.reset(seed=7)
    >>> observation, reward, termination, truncation, info = game_env.last()
    >>> game_env.agent_selection, int(observation["action_mask"].sum())
    ('player_2', 2)
    >>> game_env.observation_text("player_2").splitlines()[1][:5]
    'hand:'
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Mapping, Sequence
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from rummykit.core.actions import Action
from rummykit.core.engine import Game, new_game
from rummykit.core.errors import InvalidActionError, InvalidOptionError, InvalidPositionError, quote
from rummykit.core.plugins import Plugin
from rummykit.core.shoe import check_seed
from rummykit.rl.codec import ActionCodec, Entry
from rummykit.rl.memory import PublicMemory
from rummykit.rl.observation import ObservationEncoder, observation_text
from rummykit.rl.rewards import Rewards

__all__ = [
    "DEFAULT_MAX_ILLEGAL_STEPS",
    "DEFAULT_PENALTY",
    "ILLEGAL_ACTIONS",
    "RummyEnv",
    "RummyParallelEnv",
    "check_illegal_action",
    "env",
    "parallel_env",
    "token_index",
]

RENDER_MODES = ["human", "ansi", "rgb_array"]
ILLEGAL_ACTIONS: Final = ("raise", "penalize", "noop")
"""What a step does with a token the action mask does not allow (an index of the action space all the
same; anything else, a float or an index past the space, is always refused with an
``InvalidActionError``):

- ``"raise"`` (the default): it is refused with an ``InvalidActionError`` naming the token, and nothing
  changes. A masked-out token is a bug in the agent's masking, and this says so at once.
- ``"penalize"``: the step is taken and refused: the game, the tokens entered and the agent to act stay
  as they were, the acting agent is paid ``illegal_penalty`` (every other agent 0), its ``infos`` say
  ``"refused": True``, and the same agent acts again. For agents that sample from the whole action
  space (Gymnasium's ``check_env``, PettingZoo's ``parallel_seed_test``) and learners that should learn
  the mask.
- ``"noop"``: refused as with ``"penalize"``, but paid 0.

With ``"penalize"`` and ``"noop"`` an episode still ends: once ``max_illegal_steps`` steps of it have
been refused (default `DEFAULT_MAX_ILLEGAL_STEPS`), it is *truncated* for every agent, with the game
where it stands."""
DEFAULT_PENALTY: Final = -1.0
"""The reward of a refused step with ``illegal_action="penalize"``, unless ``illegal_penalty`` says otherwise."""
DEFAULT_MAX_ILLEGAL_STEPS: Final = 1000
"""The refused steps (with ``illegal_action`` ``"penalize"`` or ``"noop"``) after which an episode is
truncated, unless ``max_illegal_steps`` says otherwise."""


def check_illegal_action(illegal_action: Any, illegal_penalty: Any, max_illegal_steps: Any) -> None:
    """Refuse, with an ``InvalidOptionError`` naming the parameter, an ``illegal_action`` that is not one of
    [`ILLEGAL_ACTIONS`][rummykit.rl.pettingzoo.ILLEGAL_ACTIONS], a penalty that is not a finite number of 0
    or less, or a bound that is not an int of 1 or more."""
    if not isinstance(illegal_action, str) or illegal_action not in ILLEGAL_ACTIONS:
        raise InvalidOptionError(
            f"illegal_action is one of {', '.join(ILLEGAL_ACTIONS)}, not {quote(illegal_action)}",
            field="illegal_action",
        )
    if (
        isinstance(illegal_penalty, bool)
        or not isinstance(illegal_penalty, int | float)
        or not math.isfinite(illegal_penalty)
        or illegal_penalty > 0
    ):
        raise InvalidOptionError(
            f"illegal_penalty is a number of 0 or less, not {quote(illegal_penalty)}", field="illegal_penalty"
        )
    if isinstance(max_illegal_steps, bool) or not isinstance(max_illegal_steps, int) or max_illegal_steps < 1:
        raise InvalidOptionError(
            f"max_illegal_steps is an int of 1 or more, not {quote(max_illegal_steps)}", field="max_illegal_steps"
        )


def env(
    variant: str | Plugin = "railroad-rummy",
    players: int = 2,
    *,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str | Plugin] = (),
    render_mode: str | None = None,
    rewards: str = "points",
    fixed_size: bool = False,
    illegal_action: str = "raise",
    illegal_penalty: float = DEFAULT_PENALTY,
    max_illegal_steps: int = DEFAULT_MAX_ILLEGAL_STEPS,
) -> RummyEnv:
    """A PettingZoo AEC environment of ``variant`` for ``players`` seats, with ``options`` and
    ``house_rules`` as [`new_game`][rummykit.core.engine.new_game] takes them.

    Args:
        render_mode: ``"human"`` prints the table (what a spectator sees) after every step, ``"ansi"``
            has ``render()`` return it as text, ``"rgb_array"`` as an image (the spectator's picture).
        rewards: the reward scheme ([`rummykit.rl.rewards`][rummykit.rl.rewards]).
        fixed_size: observation and action sizes of the variant's largest player count, the same for
            every player count ([`rummykit.rl.observation`][rummykit.rl.observation]).
        illegal_action: what a step with a token the action mask does not allow does: ``"raise"``
            (an ``InvalidActionError``), ``"penalize"`` or ``"noop"`` (refused, see
            [`ILLEGAL_ACTIONS`][rummykit.rl.pettingzoo.ILLEGAL_ACTIONS]).
        illegal_penalty: the reward of a refused step with ``"penalize"`` (0 or less).
        max_illegal_steps: with ``"penalize"`` or ``"noop"``, the refused steps after which the
            episode is truncated (for every agent).
    """
    return RummyEnv(
        variant,
        players,
        options=options,
        house_rules=house_rules,
        render_mode=render_mode,
        rewards=rewards,
        fixed_size=fixed_size,
        illegal_action=illegal_action,
        illegal_penalty=illegal_penalty,
        max_illegal_steps=max_illegal_steps,
    )


def parallel_env(
    variant: str | Plugin = "railroad-rummy",
    players: int = 2,
    *,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str | Plugin] = (),
    render_mode: str | None = None,
    rewards: str = "points",
    fixed_size: bool = False,
    illegal_action: str = "raise",
    illegal_penalty: float = DEFAULT_PENALTY,
    max_illegal_steps: int = DEFAULT_MAX_ILLEGAL_STEPS,
) -> RummyParallelEnv:
    """A PettingZoo parallel environment of the same game as [`env`][rummykit.rl.pettingzoo.env]
    (same arguments): every live agent is given an observation at every step, and the agent to act
    enters one token (refused as ``illegal_action`` says where the mask does not allow it). The others'
    action masks are all zeros and their actions are ignored: a rummy
    is played one seat at a time, and RailRoad Rummy's claim window takes its declarations in turn
    order (RR-16), so there is never more than one decision to make at once."""
    return RummyParallelEnv(
        RummyEnv(
            variant,
            players,
            options=options,
            house_rules=house_rules,
            render_mode=render_mode,
            rewards=rewards,
            fixed_size=fixed_size,
            illegal_action=illegal_action,
            illegal_penalty=illegal_penalty,
            max_illegal_steps=max_illegal_steps,
        )
    )


def token_index(action: Any, size: int) -> int:
    """``action`` as the index of a token: an ``int`` (or a NumPy integer) from 0 to ``size - 1``.

    Raises:
        InvalidActionError: anything else, naming its type (a float, a string, a bool).

    Examples:
        >>> token_index(3, 10)
        3
        >>> token_index(1.7, 10)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidActionError: an action is the index of a token, an int from 0 to 9, not a ...
    """
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise InvalidActionError(
            f"an action is the index of a token, an int from 0 to {size - 1}, not a {type(action).__name__} "
            f"({quote(action)})"
        )
    index = int(action)
    if not 0 <= index < size:
        raise InvalidActionError(f"{index} is not the index of a token: tokens are 0 to {size - 1}")
    return index


class RummyEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """A rummykit game as a PettingZoo AEC environment (see [`rummykit.rl.pettingzoo`][rummykit.rl.pettingzoo]).

    ``reset(seed=N)`` starts the game ``new_game(..., seed=N)`` plays and seeds the environment's own
    generator with ``N``; ``reset()`` without a seed starts a game seeded from that generator, so that
    the games after a seeded reset repeat (a generator never seeded is seeded from the operating system),
    as Gymnasium's environments do;
    ``reset(options={"position": game})`` starts from a position instead: a
    [`Game`][rummykit.core.engine.Game] of the environment's variant, players and options, or a
    position in the notation ([`read_position`][rummykit.documents.notation.read_position]), checked as
    every position is ([`Game.from_state`][rummykit.core.engine.Game.from_state]: a dead end, where the
    seat to act has no legal action, is refused). Other keys of ``options`` are not read.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention: a class attribute, set per instance too
        "render_modes": RENDER_MODES,
        "name": "rummykit_v1",
        "is_parallelizable": False,
        "render_fps": 1,  # a human render prints text: a frame a second for a tool that replays them
    }

    def __init__(
        self,
        variant: str | Plugin,
        players: int,
        *,
        options: Mapping[str, Any] | None = None,
        house_rules: Sequence[str | Plugin] = (),
        render_mode: str | None = None,
        rewards: str = "points",
        fixed_size: bool = False,
        illegal_action: str = "raise",
        illegal_penalty: float = DEFAULT_PENALTY,
        max_illegal_steps: int = DEFAULT_MAX_ILLEGAL_STEPS,
    ) -> None:
        super().__init__()
        check_illegal_action(illegal_action, illegal_penalty, max_illegal_steps)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.max_illegal_steps = max_illegal_steps
        self.refused = 0
        """The steps of the episode refused so far (``illegal_action`` ``"penalize"`` or ``"noop"``)."""
        self._seeds: np.random.Generator | None = None  # the generator of unseeded resets' seeds
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(
                f"render_mode is one of {RENDER_MODES} or None, not {quote(render_mode)}", field="render_mode"
            )
        self.render_mode = render_mode
        self._setup = (variant, players, dict(options or {}), tuple(house_rules))
        self.game: Game = new_game(variant, players, seed=0, options=options, house_rules=house_rules)
        self.configuration = self.game.configuration
        self.reward_scheme = Rewards(rewards, self.configuration)
        self.codec = ActionCodec.of(self.game, fixed_size=fixed_size)
        self.encoder = ObservationEncoder(self.codec)
        self.memory = PublicMemory(self.game)
        spec = self.game.spec
        self.metadata = {**self.metadata, "name": f"rummykit_{spec.name}_v1"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.codec.size,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self.codec.size) for agent in self.possible_agents}
        self._entry: Entry | None = None
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # Each seat's observation of the game as it stands, without the tokens entered (the game only
        # changes when an action is applied or the environment is reset; the view is built once).
        self._observed: dict[int, array[float]] = {}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game --------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        variant, players, game_options, house_rules = self._setup
        position = (options or {}).get("position") if isinstance(options, Mapping) else None
        if position is not None:
            self.game = self._position(position)
            self.memory = PublicMemory(self.game, dealt=False)
        else:
            if seed is not None or self._seeds is None:
                self._seeds, _ = seeding.np_random(check_seed(seed))
            if seed is None:
                seed = int(self._seeds.integers(2**62))
            self.game = new_game(variant, players, seed=seed, options=game_options, house_rules=house_rules)
            self.memory = PublicMemory(self.game)
        self.agents = self.possible_agents[:]
        self.refused = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"action_complete": False, "action": None} for agent in self.agents
        }
        if self.game.is_over:
            self._end_game()
        self._next_decision()

    def _position(self, position: Any) -> Game:
        """The game at ``position`` (a Game or its notation), checked, as a game of this environment."""
        if isinstance(position, str):
            from rummykit.documents.notation import read_position  # noqa: PLC0415 - where a position is read

            position = read_position(position)
        if not isinstance(position, Game):
            raise InvalidPositionError(
                "position", f"a position is a Game or its notation (text), not a {type(position).__name__}"
            )
        configuration = self.configuration
        if position.configuration is not configuration:
            wanted = (configuration.spec.name, configuration.players, dict(configuration.options))
            given = (position.variant, position.players, dict(position.options))
            if wanted != given or [r.name for r in position.house_rules] != [r.name for r in configuration.house_rules]:
                raise InvalidPositionError(
                    "position",
                    f"a position of {position.variant} for {position.players} players does not fit this "
                    f"environment ({configuration!r} with its options)",
                )
        return Game.from_state(position.state.copy(), configuration=configuration)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self._entry is not None
        if action is None:
            raise InvalidActionError(f"{agent} must act: give the index of a token its action_mask allows")
        token = token_index(action, self.codec.size)
        refused = self.illegal_action != "raise" and not self._entry.allows(token)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        complete = None if refused else self._entry.enter(token)  # "raise": a token not allowed raises here
        for other in self.agents:
            self.infos[other] = {}
        self.infos[agent] = {"action_complete": complete is not None, "action": None, "refused": refused}
        if refused:
            self._refuse(agent)
        elif complete is not None:
            self._carry_out(agent, complete)
        if self.render_mode == "human":
            self.render()

    def _refuse(self, agent: str) -> None:
        """A step refused (``illegal_action`` ``"penalize"`` or ``"noop"``): nothing changes but the
        penalty, and the episode is truncated at the bound of refused steps."""
        if self.illegal_action == "penalize":
            self.rewards[agent] = self.illegal_penalty
        self.refused += 1
        if self.refused >= self.max_illegal_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._entry = None
        self._accumulate_rewards()

    @property
    def episode_over(self) -> bool:
        """The game is over, or the episode was truncated after ``max_illegal_steps`` refused steps."""
        return self.game.is_over or self.refused >= self.max_illegal_steps

    def _carry_out(self, agent: str, action: Action) -> None:
        game = self.game
        applied = game.apply(action)
        self.infos[agent]["action"] = applied.action
        result = applied.round_result
        if result is None:
            self.memory.update(game)
        else:
            for other in self.agents:
                self.infos[other]["round"] = result
            for seat, reward in enumerate(self.reward_scheme.round(result.scores)):
                self.rewards[self.possible_agents[seat]] += reward
            if game.is_over:
                self._end_game()
            else:
                self.memory.start(game)
        self._accumulate_rewards()
        self._next_decision()

    def _end_game(self) -> None:
        game = self.game
        for seat, reward in enumerate(self.reward_scheme.end(game.scores, game.winners)):
            self.rewards[self.possible_agents[seat]] += reward
        capped = bool(game.history) and game.history[-1].rule == "G-1"
        self.terminations = dict.fromkeys(self.agents, not capped)
        self.truncations = dict.fromkeys(self.agents, capped)

    def _next_decision(self) -> None:
        game = self.game
        self._observed.clear()
        if game.is_over:
            self._entry = None
            seat = self._seats.get(getattr(self, "agent_selection", ""), 0)
        else:
            seat = game.to_act[0]
            self._entry = Entry(game, seat, self.codec)
        self.agent_selection = self.possible_agents[seat]

    def observation_text(self, agent: str) -> str:
        """What ``agent`` sees, as text ([`observation_text`][rummykit.rl.observation.observation_text])."""
        seat = self._seats[agent]
        return observation_text(self.game.view(seat), self._entered_text(seat), self.memory)

    def entered(self, seat: int) -> list[int]:
        """The tokens ``seat`` has entered of the action it is making (none if it is not acting)."""
        entry = self._entry
        return list(entry.entered) if entry is not None and entry.seat == seat else []

    def _entered_text(self, seat: int) -> list[str]:
        return [self.codec.token_text(token) for token in self.entered(seat)]

    # -- what agents see -------------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seats[agent]
        observed = self._observed.get(seat)
        if observed is None:
            observed = self._observed[seat] = self.encoder.encode_values(self.game.view(seat), self.memory)
        observation = observed[:]  # a copy
        allowed = bytearray(self.codec.size)
        entry = self._entry
        if entry is not None and entry.seat == seat:
            self.encoder.add_entered(observation, entry.entered)
            for token in entry.allowed():
                allowed[token] = 1
        return {
            "observation": np.frombuffer(observation, np.float32),
            "action_mask": np.frombuffer(allowed, np.int8),
        }

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode; pass render_mode='human', 'ansi' or 'rgb_array'"
            )
            return None
        if self.render_mode == "rgb_array":
            from rummykit.rl.render import rgb_array  # noqa: PLC0415 - the pictures, drawn only when asked for

            return rgb_array(self.game.picture(None))
        text = observation_text(self.game.view(None))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


class RummyParallelEnv(ParallelEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """A rummykit game as a PettingZoo parallel environment (see
    [`parallel_env`][rummykit.rl.pettingzoo.parallel_env]), made of its AEC environment ``aec``."""

    def __init__(self, aec: RummyEnv) -> None:
        self.aec = aec
        self.metadata = {**aec.metadata, "is_parallelizable": True}
        self.possible_agents = aec.possible_agents[:]
        self.agents: list[str] = []
        self.observation_spaces = aec.observation_spaces
        self.action_spaces = aec.action_spaces
        self.render_mode = aec.render_mode

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.aec.game

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.agents[:]
        return {agent: self.aec.observe(agent) for agent in self.agents}, {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        aec = self.aec
        acting = aec.agent_selection
        if acting not in actions:
            raise InvalidActionError(f"{acting} is to act: actions must hold its token")
        aec.step(actions[acting])
        rewards = {agent: aec.rewards.get(agent, 0.0) for agent in self.agents}
        terminations = {agent: aec.terminations[agent] for agent in self.agents}
        truncations = {agent: aec.truncations[agent] for agent in self.agents}
        infos = {agent: dict(aec.infos.get(agent, {})) for agent in self.agents}
        observations = {agent: aec.observe(agent) for agent in self.agents}
        if aec.episode_over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Any:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def state(self) -> npt.NDArray[np.float32]:
        """What a spectator sees, encoded as an observation (a global state for centralized critics)."""
        return self.aec.encoder.encode_view(self.aec.game.view(None), self.aec.memory)
