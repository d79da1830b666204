"""Reinforcement learning: every variant as a PettingZoo environment, a Gymnasium environment against
the library's bots and an OpenSpiel game (the ``rl`` extra: ``pip install 'rummykit[rl]'``).

- [`rummykit.rl.codec`][rummykit.rl.codec]: a fixed integer action space per variant and player
  count, an action entered token by token with a mask of the legal tokens at every step.
- [`rummykit.rl.observation`][rummykit.rl.observation]: observations built only from what a seat may
  see, bounded in [-1, 1], as numbers and as text.
- [`rummykit.rl.memory`][rummykit.rl.memory]: what everybody saw happen in a round.
- [`rummykit.rl.rewards`][rummykit.rl.rewards]: the reward schemes (points, zero-sum, normalized,
  win-loss).
- [`rummykit.rl.pettingzoo`][rummykit.rl.pettingzoo]: AEC and parallel environments for every
  installed variant.
- [`rummykit.rl.single_agent`][rummykit.rl.single_agent]: one agent against bots, as a Gymnasium
  environment, and a vector of them.
- [`rummykit.rl.openspiel`][rummykit.rl.openspiel]: every installed variant as an OpenSpiel Python
  game, dealt at chance nodes card by card, its actions token by token or whole.
- [`rummykit.rl.render`][rummykit.rl.render]: pictures as images (``rgb_array``).

The codec and the memory need nothing beyond rummykit; the others need numpy, and Gymnasium with
PettingZoo or OpenSpiel, which the extra installs.
"""

__all__: list[str] = []
