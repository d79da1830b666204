"""The learning baseline of issue 27 (``examples/rl/reinforce.py``): REINFORCE on the masked token
policy, in NumPy, trained against the random agent of the token action space (what the policy is
before it learns), must then beat it: the 95% interval of its share of the decided games lies above
one half. Slow (a few minutes), and needs the ``rl`` extra."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from rummykit.play.intervals import wilson_interval

pytestmark = [pytest.mark.slow, pytest.mark.rl]

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rl" / "reinforce.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforce_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_reinforce_beats_the_random_token_agent_with_a_95_percent_interval_above_one_half() -> None:
    reinforce = _example()
    policy, curve = reinforce.train(1000, seed=1)
    wins, losses, undecided = reinforce.evaluate(policy, 300, seed=1)
    interval = wilson_interval(wins, wins + losses)
    assert wins + losses >= 20, (wins, losses, undecided)
    assert interval.low > 0.5, (wins, losses, undecided, interval)
    assert len(curve) == 10 and all(0 <= point <= 1 for point in curve)
    svg = reinforce.curve_svg(curve)
    assert svg.startswith("<svg") and "<script" not in svg and "http://www.w3.org/2000/svg" in svg
