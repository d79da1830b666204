"""Every installed variant as a [PettingZoo](https://pettingzoo.farama.org) AEC environment:
[`env`][rummykit.rl.pettingzoo.env].

Agents are ``player_0`` … ``player_{n-1}``, one per seat. An agent enters its action token by token
([`rummykit.rl.codec`][rummykit.rl.codec]): each step is one index of a fixed ``Discrete`` action
space, and the observation's ``action_mask`` allows exactly the tokens that continue a legal action;
an action reaches the game on its last token. Seats that act out of turn (RailRoad Rummy's claim
window, RR-15) act one after another in the order the game asks them (``game.to_act``), as AEC
environments do. The observation is ``{"observation": float32 array, "action_mask": int8 array}``,
built only from the seat's view ([`rummykit.rl.observation`][rummykit.rl.observation]).

Rewards come when a round is scored: each agent's score for the round, negated in a variant where
the lowest total wins (golf scoring), so that higher is always better; an agent's rewards add up to
its final total (negated likewise). The game ends every agent (terminations); none is truncated (the
rules' own caps, G-1 and G-C1, end every game).

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

import random
from array import array
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from rummykit.core.engine import Game, new_game
from rummykit.core.errors import InvalidActionError
from rummykit.core.plugins import Plugin
from rummykit.rl.codec import ActionCodec, Entry
from rummykit.rl.observation import ObservationEncoder, observation_text

__all__ = ["RummyEnv", "env"]


def env(
    variant: str | Plugin = "railroad-rummy",
    players: int = 2,
    *,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str | Plugin] = (),
    render_mode: str | None = None,
) -> RummyEnv:
    """A PettingZoo AEC environment of ``variant`` for ``players`` seats, with ``options`` and
    ``house_rules`` as [`new_game`][rummykit.core.engine.new_game] takes them. ``render_mode``:
    ``"human"`` prints the table (what a spectator sees) after every step, ``"ansi"`` has
    ``render()`` return it."""
    return RummyEnv(variant, players, options=options, house_rules=house_rules, render_mode=render_mode)


class RummyEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """A rummykit game as a PettingZoo AEC environment (see [`rummykit.rl.pettingzoo`][rummykit.rl.pettingzoo]).

    ``reset(seed=N)`` starts a new game seeded with ``N`` (``None``: a random seed);
    ``reset(options={"position": game})`` starts from a position instead (a
    [`Game`][rummykit.core.engine.Game], such as [`read_position`][rummykit.documents.notation.read_position] gives).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention: a class attribute, set per instance too
        "render_modes": ["human", "ansi"],
        "name": "rummykit_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Plugin,
        players: int,
        *,
        options: Mapping[str, Any] | None = None,
        house_rules: Sequence[str | Plugin] = (),
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self._setup = (variant, players, dict(options or {}), tuple(house_rules))
        self.game: Game = new_game(variant, players, seed=0, options=options, house_rules=house_rules)
        self.codec = ActionCodec.of(self.game)
        self.encoder = ObservationEncoder(self.codec)
        spec = self.game.spec
        self.metadata = {**self.metadata, "name": f"rummykit_{spec.name}_v0"}
        self._sign = -1 if self.game.state.rules.low_score_wins else 1
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
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
        position = (options or {}).get("position")
        if position is not None:
            if not isinstance(position, Game) or position.configuration is not self.game.configuration:
                raise ValueError("options['position'] is a Game of this environment's variant, players and options")
            self.game = position.copy()
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(2**63)
            self.game = new_game(variant, players, seed=seed, options=game_options, house_rules=house_rules)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, self.game.is_over)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._next_decision()

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self._entry is not None
        if action is None:
            raise InvalidActionError(f"{agent} must act: give the index of a token its action_mask allows")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        complete = self._entry.enter(int(action))
        if complete is not None:
            applied = self.game.apply(complete)
            if applied.round_result is not None:
                for seat, score in enumerate(applied.round_result.scores):
                    self.rewards[self.possible_agents[seat]] = float(self._sign * score)
                self._accumulate_rewards()  # only a scored round has rewards to add
            self._next_decision()
        else:
            self._set_infos()
        if self.render_mode == "human":
            self.render()

    def _next_decision(self) -> None:
        game = self.game
        self._observed.clear()
        if game.is_over:
            self._entry = None
            self.terminations = dict.fromkeys(self.agents, True)
            seat = self.possible_agents.index(getattr(self, "agent_selection", self.possible_agents[0]))
        else:
            seat = game.to_act[0]
            self._entry = Entry(game, seat, self.codec)
        self.agent_selection = self.possible_agents[seat]
        self._set_infos()

    def _set_infos(self) -> None:
        pass

    def observation_text(self, agent: str) -> str:
        """What ``agent`` sees, as text ([`observation_text`][rummykit.rl.observation.observation_text])."""
        seat = self.possible_agents.index(agent)
        return observation_text(self.game.view(seat), self._entered_text(seat))

    def _entered(self, seat: int) -> list[int]:
        entry = self._entry
        return entry.entered if entry is not None and entry.seat == seat else []

    def _entered_text(self, seat: int) -> list[str]:
        return [self.codec.token_text(token) for token in self._entered(seat)]

    # -- what agents see -------------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seats[agent]
        observed = self._observed.get(seat)
        if observed is None:
            observed = self._observed[seat] = self.encoder.encode_values(self.game.view(seat))
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

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='human' or 'ansi'")
            return None
        text = observation_text(self.game.view(None))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
