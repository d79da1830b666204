"""Shanghai passes rummykit's conformance kit: the properties every rummy game must have
(termination, conservation, soundness, completeness, refusal, determinism, views, records), in games
that reach every phase, action kind and way to end a round Shanghai declares (SH-13, a stock that
cannot be formed again, is declared unreachable in tests, with the reason, in its VariantSpec)."""

from __future__ import annotations

from rummykit.testing.pytest_plugin import VariantConformance


class TestShanghaiConformance(VariantConformance):
    variant = "shanghai"
    bots = ("heuristic",)  # Shanghai's own bot, mixed in with the kit's random play
    games = 4
    max_examples = 30
    max_steps = 200
