"""A worker process of ``python -m benchmarks --baseline``: it measures one engine (the rummykit that its
``sys.path`` finds) task by task, as `benchmarks.baseline` asks.

Started as ``python -m benchmarks.worker ROOT`` with ``ROOT/src`` and ``ROOT/variants`` first on its
path. It answers on its standard output, one JSON object a line: first ``{"ready": ...}`` (which
rummykit it imported, from where, and its variants), then one answer per request read from its
standard input (``{"task": ..., "plan": ...}``): the figures, curves and solver rows measured, or
``{"error": ...}``. Everything else the process or its children print goes to standard error.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path
from typing import Any, TextIO

__all__ = ["main", "serve"]


def _inside(module_file: str | None, root: Path) -> bool:
    return module_file is not None and Path(module_file).resolve().is_relative_to(root.resolve())


def serve(root: Path, requests: TextIO, answers: TextIO) -> None:
    """Check that the engine under ``root`` is the one imported, then answer ``requests`` until they end."""

    def answer(message: dict[str, Any]) -> None:
        answers.write(json.dumps(message) + "\n")
        answers.flush()

    try:
        import rummykit  # noqa: PLC0415 - after the caller has set up the path
        import rummykit_variants  # noqa: PLC0415
        from benchmarks.plan import Plan  # noqa: PLC0415
        from benchmarks.results import Results  # noqa: PLC0415
        from benchmarks.tasks import run_task  # noqa: PLC0415
    except Exception:
        answer({"error": traceback.format_exc()})
        return
    found = {"rummykit": rummykit.__file__, "rummykit_variants": rummykit_variants.__file__}
    strays = {name: where for name, where in found.items() if not _inside(where, root)}
    if strays:
        answer({"error": f"imported {strays} instead of the engine under {root}"})
        return
    answer({"ready": True, **found, "variants": list(rummykit.available_variants()), "python": sys.version.split()[0]})
    for line in requests:
        if not line.strip():
            continue
        request = json.loads(line)
        results = Results(quick=False, log=lambda _: None)
        try:
            run_task(results, Plan.from_data(request["plan"]), request["task"])
        except Exception:
            answer({"error": traceback.format_exc()})
            continue
        answer(results.parts())


def main() -> None:
    """Serve on this process's standard input and output; whatever else writes to standard output
    (this process, C code, or child processes) writes to standard error instead."""
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(Path(sys.argv[1]), sys.stdin, answers)


if __name__ == "__main__":
    main()
