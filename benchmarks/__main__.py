"""``python -m benchmarks``: run the suite (see :mod:`benchmarks.cli`)."""

from __future__ import annotations

from benchmarks.cli import main

main()
