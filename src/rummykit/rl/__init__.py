"""Reinforcement learning: every variant as a PettingZoo environment and an OpenSpiel game (the
``rl`` extra: ``pip install 'rummykit[rl]'``).

- [`rummykit.rl.codec`][rummykit.rl.codec]: a fixed integer action space per variant and player
  count, an action entered token by token with a mask of the legal tokens at every step.
- [`rummykit.rl.observation`][rummykit.rl.observation]: observations built only from a seat's view,
  as numbers and as text.
- [`rummykit.rl.pettingzoo`][rummykit.rl.pettingzoo]: an AEC environment for every installed variant.
- [`rummykit.rl.openspiel`][rummykit.rl.openspiel]: every installed variant registered as an
  OpenSpiel Python game.

The codec needs nothing beyond rummykit; the others need numpy, and Gymnasium with PettingZoo or
OpenSpiel, which the extra installs.
"""

__all__: list[str] = []
