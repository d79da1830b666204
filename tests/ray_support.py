"""Test bots for the Ray backend's tests, offered by a house rule that changes no rule: registered in
the test process and, through Ray's worker setup hook, in each Ray worker.

- ``kamikaze``: the random bot, except that the first worker process to reach its 150th move while the
  marker file named by ``RUMMYKIT_TEST_KAMIKAZE`` exists deletes the file and kills its own process
  (SIGKILL: no exception, no clean-up), in the middle of a chunk. Only once: the file is gone after.
- ``faulty``: the random bot, except that in the games whose bot seed is a multiple of 5 it raises
  ``ValueError`` at its 30th move: a game that always fails at the same action, wherever it is played.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Mapping, Sequence
from typing import ClassVar

from rummykit import Action, HouseRuleSpec, RandomBot, View, hookimpl
from rummykit.core.bots import BotFactory
from rummykit.core.errors import PluginError
from rummykit.core.plugins import register_house_rule

__all__ = ["MARKER_VARIABLE", "NAME", "TestBots", "register_test_bots"]

NAME = "test-bots"
MARKER_VARIABLE = "RUMMYKIT_TEST_KAMIKAZE"


class KamikazeBot(RandomBot):
    """Kills its own process once (see the module's docstring)."""

    moves: ClassVar[int] = 0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        KamikazeBot.moves += 1
        marker = os.environ.get(MARKER_VARIABLE)
        if marker and KamikazeBot.moves >= 150:
            try:
                os.unlink(marker)
            except FileNotFoundError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(view, legal)


class FaultyBot(RandomBot):
    """Raises in some games (see the module's docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.doomed = seed is not None and seed % 5 == 0
        self.moves = 0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.moves += 1
        if self.doomed and self.moves == 30:
            raise ValueError("the faulty bot fails at its 30th move")
        return super().choose(view, legal)


class TestBots:
    """A house rule of Classic Rummy that changes no rule and offers the test bots."""

    __test__ = False  # not a test class, for pytest

    @hookimpl
    def rummykit_house_rule(self) -> HouseRuleSpec:
        return HouseRuleSpec(name=NAME, applies_to=frozenset({"rummy"}), title="test bots")

    @hookimpl
    def rummykit_bots(self) -> Mapping[str, BotFactory]:
        return {"kamikaze": KamikazeBot, "faulty": FaultyBot}


PLUGIN = TestBots()


def register_test_bots() -> None:
    """Register the house rule in this process (again: nothing happens)."""
    with contextlib.suppress(PluginError):  # a TestBots of another import of this module
        register_house_rule(NAME, PLUGIN)
