"""Shanghai passes rummykit's conformance kit: the properties every rummy game must have
(termination, conservation, soundness, completeness, refusal, determinism, views, records)."""

from __future__ import annotations

from rummykit.testing.pytest_plugin import VariantConformance


class TestShanghaiConformance(VariantConformance):
    variant = "shanghai-0-1"
    games = 6
    max_examples = 40
