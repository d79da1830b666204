"""Shanghai passes rummykit's conformance kit with its defaults, as any plug-in should: the properties
every rummy game must have (termination, conservation, soundness, completeness, refusal, determinism,
views, records), in games that reach every phase, action kind and way to end a round Shanghai declares
(SH-13, a stock that cannot be formed again, is declared unreachable in tests, with the reason, in its
VariantSpec). Shanghai's own bot is mixed in by default; ``pytest --rummykit-seed N`` varies the run."""

from __future__ import annotations

from rummykit.testing.pytest_plugin import VariantConformance


class TestShanghaiConformance(VariantConformance):
    variant = "shanghai"
