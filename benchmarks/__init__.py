"""rummykit's performance suite, measured side by side with peer engines.

Run it from the repository root as ``python -m benchmarks`` (``--quick`` for a smoke run of a few
seconds, ``--json PATH`` for the figures as JSON, ``--svg PATH`` for the chart). With the ``bench``
extra installed (``pip install -e '.[bench]'``) the same run also measures OpenSpiel's ``gin_rummy``
and RLCard's ``gin-rummy`` and prints rummykit's ratios against them; without it those peers are
skipped with a message. See ``docs/performance.md``.
"""

from __future__ import annotations

__all__: list[str] = []
