"""A learning baseline with no deep-learning framework: REINFORCE on the masked token policy, in NumPy.

One agent learns Classic Rummy for 2 players (one round, at most 50 turns) against the random agent
of the token action space (``RandomTokenBot``: at every token, one drawn uniformly among those the
mask allows; the policy below is that agent before it learns anything), in the Gymnasium environment
of ``rummykit.rl.single_agent``. Its policy is linear: the logits of
the tokens are ``observation @ W + b``, the tokens the action mask forbids set aside, and a token is
drawn from the softmax of the others. It is paid 1 for a win, -1 for a loss and 0 for a game nobody
won (``rewards="win-loss"``), and after every batch of episodes ``W`` and ``b`` follow the policy
gradient of REINFORCE with a running-mean baseline, by Adam.

It then plays the random token agent for ``--games`` new games and prints its share of the decided
games (those with one winner) with a 95% Wilson interval. The defaults train in about one minute of one
core's time (1,000 games; up to five minutes on the 2 cores of a CI machine shared with other jobs);
the test in ``tests/test_rl_baseline.py`` checks that the interval lies above one half.
``--curve FILE.svg`` draws the learning curve (the share of decided games won over the training, in
blocks of episodes): ``docs/assets/reinforce-curve.svg`` is its picture.

Run it: ``python examples/rl/reinforce.py`` (``--episodes``, ``--games``, ``--seed``, ``--curve``).
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from rummykit.play.intervals import wilson_interval
from rummykit.rl.single_agent import RANDOM_TOKENS, SingleAgentEnv

SETTINGS: dict[str, Any] = {
    "variant": "rummy",
    "players": 2,
    "options": {"max_rounds": 1, "max_turns_per_round": 50},
    "rewards": "win-loss",
}
"""The game the agent learns: one short round of 2-player Classic Rummy, paid by win or loss."""
OPPONENT = RANDOM_TOKENS
"""The random agent of the token action space: the policy the agent starts as (all weights 0)."""

Floats: TypeAlias = npt.NDArray[np.float32]
BLOCK = 100
"""Episodes in each point of the learning curve."""


class Policy:
    """A linear softmax policy over the tokens the mask allows."""

    def __init__(self, observation_size: int, tokens: int) -> None:
        self.weights = np.zeros((observation_size, tokens), np.float32)
        self.bias = np.zeros(tokens, np.float32)

    def probabilities(self, observation: Floats, mask: npt.NDArray[np.int8]) -> Floats:
        """The probability of each token (0 for those the mask forbids)."""
        logits = observation @ self.weights + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        probabilities: Floats = (weights / weights.sum()).astype(np.float32)
        return probabilities

    def act(self, observation: Floats, mask: npt.NDArray[np.int8], chooser: np.random.Generator) -> tuple[int, Floats]:
        """A token drawn from the policy, and the probabilities it was drawn with."""
        probabilities = self.probabilities(observation, mask)
        return int(chooser.choice(len(probabilities), p=probabilities / probabilities.sum())), probabilities


@dataclass
class Adam:
    """Adam's steps for the policy's weights and bias."""

    rate: float
    moments: list[tuple[Floats, Floats]] = field(default_factory=list)
    steps: int = 0

    def step(self, parameters: list[Floats], gradients: list[Floats]) -> None:
        if not self.moments:
            self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in parameters]
        self.steps += 1
        for index, gradient in enumerate(gradients):
            first, second = self.moments[index]
            first[:] = 0.9 * first + 0.1 * gradient
            second[:] = 0.999 * second + 0.001 * gradient * gradient
            corrected = first / (1 - 0.9**self.steps)
            scale = np.sqrt(second / (1 - 0.999**self.steps)) + 1e-8
            parameters[index][:] += self.rate * corrected / scale  # ascent: the gradient of the expected return


def play(
    environment: SingleAgentEnv, policy: Policy, seed: int, chooser: np.random.Generator
) -> tuple[float, list[tuple[Floats, Floats, int]]]:
    """One game: the agent's return, and each of its steps (observation, the policy's probabilities,
    the token)."""
    observation, _ = environment.reset(seed=seed)
    steps = []
    total, done = 0.0, False
    while not done:
        token, probabilities = policy.act(observation["observation"], observation["action_mask"], chooser)
        steps.append((observation["observation"], probabilities, token))
        observation, reward, terminated, truncated, _ = environment.step(token)
        total += reward
        done = terminated or truncated
    return total, steps


def train(episodes: int, seed: int, *, batch: int = 16, rate: float = 0.01) -> tuple[Policy, list[float]]:
    """A policy trained for ``episodes`` games against the random token agent, and its learning curve: the share
    of decided games won in each block of `BLOCK` episodes."""
    environment = SingleAgentEnv(seat=None, opponents=OPPONENT, **SETTINGS)
    policy = Policy(environment.aec.encoder.size, environment.aec.codec.size)
    optimizer = Adam(rate)
    chooser = np.random.default_rng(seed)
    baseline, curve, block = 0.0, [], [0, 0]
    weight_gradient = np.zeros_like(policy.weights)
    bias_gradient = np.zeros_like(policy.bias)
    for episode in range(episodes):
        total, steps = play(environment, policy, seed * 1_000_003 + episode, chooser)
        if total:
            block[0 if total > 0 else 1] += 1
        advantage = total - baseline
        baseline += 0.02 * (total - baseline)
        if steps and advantage:
            observations = np.stack([step[0] for step in steps])
            directions = -np.stack([step[1] for step in steps])
            directions[np.arange(len(steps)), [step[2] for step in steps]] += 1.0
            weight_gradient += advantage * observations.T @ directions
            bias_gradient += advantage * directions.sum(axis=0)
        if (episode + 1) % batch == 0:
            scaled = [(weight_gradient / batch).astype(np.float32), (bias_gradient / batch).astype(np.float32)]
            optimizer.step([policy.weights, policy.bias], scaled)
            weight_gradient[:] = 0
            bias_gradient[:] = 0
        if (episode + 1) % BLOCK == 0:
            curve.append(block[0] / max(1, sum(block)))
            block = [0, 0]
    return policy, curve


def evaluate(policy: Policy, games: int, seed: int) -> tuple[int, int, int]:
    """Wins, losses and undecided games of ``policy`` against the random token agent, each seat half the time."""
    chooser = np.random.default_rng(seed)
    results = [0, 0, 0]
    for game in range(games):
        environment = SingleAgentEnv(seat=game % 2, opponents=OPPONENT, **SETTINGS)
        total, _ = play(environment, policy, 10**9 + seed * 100_003 + game, chooser)
        results[0 if total > 0 else 1 if total < 0 else 2] += 1
    return results[0], results[1], results[2]


def curve_svg(curve: list[float], block: int = 100) -> str:
    """The learning curve as a small SVG chart (no script, no web font: it builds offline)."""
    width, height, left, top, plot_width, plot_height = 560, 300, 60, 30, 470, 210
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        'font-family="DejaVu Sans, Verdana, sans-serif" font-size="12" role="img" '
        'aria-label="REINFORCE against the random token agent: share of decided games won over training">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        f'<text x="{left + plot_width / 2}" y="18" text-anchor="middle" font-weight="bold">'
        "REINFORCE against the random token agent (2-player Rummy, one round)</text>",
        f'<rect x="{left}" y="{top}" width="{plot_width}" height="{plot_height}" fill="none" stroke="#888"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = top + plot_height * (1 - tick)
        colour = "#d62728" if tick == 0.5 else "#ddd"
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_width}" y2="{y:.1f}" stroke="{colour}"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{tick:.0%}</text>')
    count = max(1, len(curve))
    points = [
        (left + plot_width * (index + 0.5) / count, top + plot_height * (1 - value))
        for index, value in enumerate(curve)
    ]
    if points:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
    every = max(1, math.ceil(count / 10))
    for index in range(0, count, every):
        x = left + plot_width * (index + 0.5) / count
        parts.append(
            f'<text x="{x:.1f}" y="{top + plot_height + 16}" text-anchor="middle">{(index + 1) * block}</text>'
        )
    parts.append(
        f'<text x="{left + plot_width / 2}" y="{top + plot_height + 36}" text-anchor="middle">'
        f"episodes of training (share of the decided games won in each block of {block})</text>"
    )
    parts.extend(_legend(left + plot_width - 300, top + plot_height - 46))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _legend(x: float, y: float) -> list[str]:
    """The chart's legend, its top left corner at (``x``, ``y``): what the blue and the red lines are."""
    parts = ['<g class="legend">', f'<rect x="{x}" y="{y}" width="290" height="40" fill="#fff" stroke="#bbb"/>']
    for row, (colour, label) in enumerate(
        (("#1f77b4", "the policy: share of decided games won"), ("#d62728", "one half: as good as the random agent"))
    ):
        line_y = y + 13 + 16 * row
        parts.append(
            f'<line x1="{x + 8}" y1="{line_y}" x2="{x + 30}" y2="{line_y}" stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(f'<text x="{x + 36}" y="{line_y + 4}">{label}</text>')
    parts.append("</g>")
    return parts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1000, help="games of training")
    parser.add_argument("--games", type=int, default=300, help="games against the random token agent, after training")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--curve", help="write the learning curve to this SVG file")
    arguments = parser.parse_args(argv)
    started = time.perf_counter()
    policy, curve = train(arguments.episodes, arguments.seed)
    trained = time.perf_counter() - started
    wins, losses, undecided = evaluate(policy, arguments.games, arguments.seed)
    interval = wilson_interval(wins, wins + losses)
    print(
        f"trained on {arguments.episodes} games in {trained:.0f} s; against the random token agent: {wins} wins, "
        f"{losses} losses, {undecided} undecided; share of decided games won {wins / max(1, wins + losses):.3f} "
        f"(95% interval {interval.low:.3f} to {interval.high:.3f})"
    )
    if arguments.curve:
        with open(arguments.curve, "w", encoding="utf-8") as out:
            out.write(curve_svg(curve, BLOCK))


if __name__ == "__main__":
    main()
