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


SLOW_GAMES: Final = frozenset({"canasta", "railroad-canasta"})
"""The variants whose per-variant cases take longest (the canasta games: many cards, long rounds): where a
test runs once per variant, their cases are in the slow set (``pytest -m slow``, which CI runs) and the
others in the quick suite too, so that every such test still runs quick on the standard-rummy games."""


def variant_params(variants: Iterable[str], slow: Collection[str] = SLOW_GAMES) -> list[Any]:
    """``variants`` as pytest parameters (``pytest.param``), those in ``slow`` marked ``slow``.

    >>> [[mark.name for mark in param.marks] for param in variant_params(["rummy", "canasta"])]
    [[], ['slow']]
    """
    return [pytest.param(name, marks=[pytest.mark.slow] if name in slow else []) for name in variants]
