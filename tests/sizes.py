"""How many hypothesis examples a property test tries: the quick suite (plain ``pytest``, the README's
command) tries a quarter of each property's full number, so that it stays quick; ``RUMMYKIT_THOROUGH=1``
tries the full number, as CI does (its run at the dependency floors). Every property runs in both:
only its size changes."""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable
from typing import Any, Final

import pytest

THOROUGH: Final = os.environ.get("RUMMYKIT_THOROUGH", "") not in ("", "0")
"""Whether the property tests try their full number of examples (``RUMMYKIT_THOROUGH=1``)."""


def examples(full: int) -> int:
    """The examples a property tries in this run: ``full`` when thorough, else a quarter of it (5 at least).

    >>> examples(60) == (60 if THOROUGH else 15)
    True
    """
    return full if THOROUGH else max(5, full // 4)


QUICK_GAMES: Final = frozenset({"rummy", "gin-rummy", "railroad-rummy"})
"""The variants whose per-variant cases run in the quick suite: one of each shape the standard core plays
(a plain rummy, a knock ending, a contract rummy with a claim window). Where a test runs once per variant,
every other variant's case (the canasta games, Rummy 500, Indian Rummy, and any variant added later) is in
the slow set (``pytest -m slow``, which CI runs), so that the quick suite stays quick as games arrive; each
of those variants still has its own rule tests in the quick suite (``tests/test_<variant>.py``)."""


def variant_params(variants: Iterable[str], quick: Collection[str] = QUICK_GAMES) -> list[Any]:
    """``variants`` as pytest parameters (``pytest.param``), those not in ``quick`` marked ``slow``.

    >>> [[mark.name for mark in param.marks] for param in variant_params(["rummy", "canasta"])]
    [[], ['slow']]
    """
    return [pytest.param(name, marks=[] if name in quick else [pytest.mark.slow]) for name in variants]
