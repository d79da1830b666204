"""``python -m benchmarks``: run the suite (see `benchmarks.cli`)."""

from __future__ import annotations

from benchmarks.cli import main

main()
