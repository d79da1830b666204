"""One learning agent against the library's bots, as a [Gymnasium](https://gymnasium.farama.org)
environment: [`SingleAgentEnv`][rummykit.rl.single_agent.SingleAgentEnv], and
[`vector_env`][rummykit.rl.single_agent.vector_env] for several at once.

The agent plays one seat; the bots of the variant (``"random"``, ``"heuristic"``, or any other a
plug-in offers: [`available_bots`][rummykit.core.plugins.available_bots]) play the others. A step is
one token of the agent's action, as in the PettingZoo environment
([`rummykit.rl.pettingzoo`][rummykit.rl.pettingzoo]: the same observation, mask, rewards and
``infos``); between two of the agent's decisions the bots play their whole actions. The reward of a
step is the agent's share of what the game paid in it; an episode ends when the game does
(``truncated`` where its last round was stopped by the turn cap, G-1).

Examples:
    >>> environment = SingleAgentEnv("rummy", players=2, opponents="random")
    >>> observation, info = environment.reset(seed=3)
    >>> sorted(observation), int(environment.action_space.n) == len(observation["action_mask"])
    (['action_mask', 'observation'], True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium

from rummykit.core.actions import Action
from rummykit.core.bots import Bot
from rummykit.core.errors import InvalidOptionError, quote
from rummykit.core.plugins import Plugin, make_bot
from rummykit.core.views import View
from rummykit.rl.codec import ActionCodec
from rummykit.rl.pettingzoo import DEFAULT_MAX_ILLEGAL_STEPS, DEFAULT_PENALTY, RENDER_MODES, RummyEnv

__all__ = ["RANDOM_TOKENS", "RandomTokenBot", "SingleAgentEnv", "vector_env"]

RANDOM_TOKENS = "random-tokens"
"""The opponent name of [`RandomTokenBot`][rummykit.rl.single_agent.RandomTokenBot]: the random agent of
the token action space."""


class RandomTokenBot:
    """The random agent of the token action space: at every token, one drawn uniformly among those the
    mask allows (what an untrained policy over the tokens plays). Its actions are not uniform among the
    legal actions (the library's ``"random"`` bot): a go-down, one token among a few types, is chosen far
    more often than any one of a dozen discards.

    Examples:
        >>> import rummykit
        >>> game = rummykit.new_game("rummy", players=2, seed=1)
        >>> bot = RandomTokenBot(ActionCodec.of(game), seed=1)
        >>> bot.choose(game.view(game.turn), game.legal_actions(game.turn)) in game.legal_actions(game.turn)
        True
    """

    def __init__(self, codec: ActionCodec, seed: int | None = None) -> None:
        self.codec = codec
        self._chooser = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """An action of ``legal``, its tokens drawn one by one among those that continue one."""
        candidates = [(self.codec.encode(action), action) for action in legal]
        depth = 0
        while True:
            token = self._chooser.choice(sorted({tokens[depth] for tokens, _ in candidates}))
            candidates = [(tokens, action) for tokens, action in candidates if tokens[depth] == token]
            depth += 1
            for tokens, action in candidates:
                if len(tokens) == depth:
                    return action


class SingleAgentEnv(gymnasium.Env):  # type: ignore[misc]  # Gymnasium's Env is generic and untyped here
    """A rummykit game in which one agent plays ``seat`` against bots (see
    [`rummykit.rl.single_agent`][rummykit.rl.single_agent]).

    Args:
        variant: the game's variant, as [`new_game`][rummykit.core.engine.new_game] takes it.
        players: its number of seats.
        options: its options.
        house_rules: its house rules.
        seat: the agent's seat; ``None``: a seat drawn at every reset (from its seed).
        opponents: the bots' names, one for every other seat or one for all (``"heuristic"``;
            ``"random-tokens"``: [`RandomTokenBot`][rummykit.rl.single_agent.RandomTokenBot]), or bot
            objects (with a ``choose(view, legal)`` method).
        rewards: the reward scheme ([`rummykit.rl.rewards`][rummykit.rl.rewards]).
        fixed_size: the sizes of the variant's largest player count.
        render_mode: ``"ansi"`` (text), ``"rgb_array"`` (the spectator's picture) or ``"human"``.
        illegal_action: what a step with a token the mask does not allow does: ``"raise"`` (the
            default), ``"penalize"`` or ``"noop"``: refused, the agent paid ``illegal_penalty`` (or 0),
            the position unchanged, and the agent to act again; the episode truncated after
            ``max_illegal_steps`` refused steps ([`ILLEGAL_ACTIONS`][rummykit.rl.pettingzoo.ILLEGAL_ACTIONS]).
            Gymnasium's ``check_env`` samples actions without the mask: it passes with ``"penalize"``.
        illegal_penalty: the reward of a refused step with ``"penalize"``.
        max_illegal_steps: the refused steps after which the episode is truncated.

    Raises:
        InvalidOptionError: a seat that is not one of the game's, or the wrong number of opponents.
        UnknownBotError: a bot the variant does not offer.
    """

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        variant: str | Plugin = "rummy",
        players: int = 2,
        *,
        seat: int | None = 0,
        opponents: str | Bot | Sequence[str | Bot] = "random",
        options: Mapping[str, Any] | None = None,
        house_rules: Sequence[str | Plugin] = (),
        rewards: str = "points",
        fixed_size: bool = False,
        render_mode: str | None = None,
        illegal_action: str = "raise",
        illegal_penalty: float = DEFAULT_PENALTY,
        max_illegal_steps: int = DEFAULT_MAX_ILLEGAL_STEPS,
    ) -> None:
        self.aec = RummyEnv(
            variant,
            players,
            options=options,
            house_rules=house_rules,
            rewards=rewards,
            fixed_size=fixed_size,
            render_mode=render_mode if render_mode != "human" else "ansi",
            illegal_action=illegal_action,
            illegal_penalty=illegal_penalty,
            max_illegal_steps=max_illegal_steps,
        )
        self.render_mode = render_mode
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise InvalidOptionError(f"seat is a seat from 0 to {players - 1} or None, not {quote(seat)}", field="seat")
        self.fixed_seat = seat
        self.seat = seat or 0
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            opponents = [opponents] * (players - 1)
        if len(opponents) != players - 1:
            raise InvalidOptionError(
                f"opponents names one bot for all or one for each of the {players - 1} other seats, "
                f"not {len(opponents)}",
                field="opponents",
            )
        self.opponents = list(opponents)
        self.bots: dict[int, Bot] = {}
        agent = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(agent)
        self.action_space = self.aec.action_space(agent)

    @property
    def game(self) -> Any:
        """The game being played ([`Game`][rummykit.core.engine.Game])."""
        return self.aec.game

    def _make_bots(self, seed: int | None) -> None:
        configuration = self.aec.configuration
        seats = [s for s in range(configuration.players) if s != self.seat]
        self.bots = {}
        for index, (other, bot) in enumerate(zip(seats, self.opponents, strict=True)):
            bot_seed = None if seed is None else seed + 1 + index
            if bot == RANDOM_TOKENS:
                self.bots[other] = RandomTokenBot(self.aec.codec, seed=bot_seed)
            elif isinstance(bot, str):
                self.bots[other] = make_bot(bot, configuration, seed=bot_seed)
            else:
                self.bots[other] = bot

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        if self.fixed_seat is None:
            self.seat = random.Random(seed).randrange(self.aec.configuration.players)
        self._make_bots(seed)
        self.aec.reset(seed=seed, options=options)
        reward = self._play_bots()
        info = {"seat": self.seat, "reward_before_first_decision": reward}
        return self._observe(), info

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        agent = aec.possible_agents[self.seat]
        if aec.agent_selection != agent or aec.episode_over:
            raise InvalidOptionError("the episode is over: reset the environment", field="action")
        aec.step(action)
        reward = aec.rewards.get(agent, 0.0)
        info = dict(aec.infos.get(agent, {}))
        reward += self._play_bots()
        terminated = bool(aec.terminations.get(agent, False))
        truncated = bool(aec.truncations.get(agent, False))
        return self._observe(), reward, terminated, truncated, info

    def _play_bots(self) -> float:
        """The bots' actions until the agent is to act or the game is over; the agent's rewards meanwhile."""
        aec, game = self.aec, self.aec.game
        agent = aec.possible_agents[self.seat]
        reward = 0.0
        while not aec.episode_over and aec.agent_selection != agent:
            seat = aec.game.to_act[0]
            action = self.bots[seat].choose(game.view(seat), game.legal_actions(seat))
            for token in aec.codec.encode(action):
                aec.step(token)
                reward += aec.rewards.get(agent, 0.0)
            game = aec.game
        return reward

    def _observe(self) -> dict[str, Any]:
        return self.aec.observe(self.aec.possible_agents[self.seat])

    def render(self) -> Any:
        result = self.aec.render()
        if self.render_mode == "human":
            print(result)
            return None
        return result

    def close(self) -> None:
        self.aec.close()


def vector_env(num_envs: int, *args: Any, asynchronous: bool = False, **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """``num_envs`` [`SingleAgentEnv`][rummykit.rl.single_agent.SingleAgentEnv]s (each made with
    ``args`` and ``kwargs``) as one Gymnasium vector environment: observations, masks and rewards
    come in batches of ``num_envs``, and an environment whose game ends starts a new one on its next
    step (Gymnasium's autoreset). ``asynchronous``: each in a process of its own
    (``AsyncVectorEnv``), else one after another in this one.

    Examples:
        >>> import numpy as np
        >>> envs = vector_env(2, "rummy", players=2)
        >>> observations, infos = envs.reset(seed=1)
        >>> observations["action_mask"].shape[0]
        2
        >>> envs.close()
    """
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
        raise InvalidOptionError(f"num_envs is an int of 1 or more, not {quote(num_envs)}", field="num_envs")
    make = functools.partial(SingleAgentEnv, *args, **kwargs)
    if asynchronous:
        return gymnasium.vector.AsyncVectorEnv([make] * num_envs)
    return gymnasium.vector.SyncVectorEnv([make] * num_envs)
