"""Hand and Foot passes rummykit's conformance kit with its defaults, as any plug-in should: the properties every
rummy game must have (termination, conservation, soundness, completeness, refusal, determinism, views, records),
in games that reach every phase, action kind and way to end a round its spec declares (HF-14, going out; HF-15,
the end of the stock), with its own bot mixed in."""

from __future__ import annotations

from rummykit.testing import check_variant


def test_check_variant_with_its_defaults() -> None:
    check_variant("hand-and-foot")
