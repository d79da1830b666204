"""How many hypothesis examples a property test tries: the quick suite (plain ``pytest``, the README's
command) tries a third of each property's full number, so that it stays quick; ``RUMMYKIT_THOROUGH=1``
tries the full number, as CI does (its run at the dependency floors). Every property runs in both:
only its size changes."""

from __future__ import annotations

import os
from typing import Final

THOROUGH: Final = os.environ.get("RUMMYKIT_THOROUGH", "") not in ("", "0")
"""Whether the property tests try their full number of examples (``RUMMYKIT_THOROUGH=1``)."""


def examples(full: int) -> int:
    """The examples a property tries in this run: ``full`` when thorough, else a third of it (5 at least).

    >>> examples(60) == (60 if THOROUGH else 20)
    True
    """
    return full if THOROUGH else max(5, full // 3)
