"""Timing and memory helpers shared by every measurement of the suite."""

from __future__ import annotations

import ctypes
import gc
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "CLOCKS",
    "clock",
    "clock_name",
    "heap_bytes",
    "median_us",
    "native_bytes_per_object",
    "percentile",
    "retained_bytes",
    "rss_bytes",
    "time_calls_us",
    "use_clock",
]

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""The clocks a run can time with: ``wall`` (`time.perf_counter`, what a user waits) and ``cpu``
(`time.process_time`: the CPU time of this process, which time spent waiting for a core on a busy
machine does not inflate; each reading costs about 1 µs, a system call)."""

_clock: list[str] = ["wall"]


def use_clock(name: str) -> None:
    """Time every following measurement of this process with the clock ``name`` (one of `CLOCKS`)."""
    if name not in CLOCKS:
        raise ValueError(f"unknown clock {name!r}: {', '.join(CLOCKS)}")
    _clock[0] = name


def clock_name() -> str:
    """The name of the clock measurements use now (``"wall"`` unless `use_clock` said otherwise)."""
    return _clock[0]


def clock() -> Callable[[], float]:
    """The clock measurements use now: a function returning seconds."""
    return CLOCKS[_clock[0]]


def time_calls_us(fn: Callable[[], Any], *, number: int, repeat: int = 5) -> float:
    """The median over ``repeat`` runs of the time of one call of ``fn``, in µs (each run calls it
    ``number`` times back to back), by the clock of `use_clock`."""
    runs = []
    now = clock()
    for _ in range(repeat):
        started = now()
        for _ in range(number):
            fn()
        runs.append((now() - started) / number * 1e6)
    return statistics.median(runs)


def median_us(samples: Sequence[float]) -> float:
    """The median of ``samples`` (seconds), in µs."""
    return statistics.median(samples) * 1e6


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` percentile of ``values`` (linear between the two nearest ranks)."""
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def retained_bytes(make: Callable[[], object], count: int) -> float:
    """The memory one more object from ``make`` keeps alive, in bytes: what ``count`` of them hold
    together, as Python's allocator counts it (`tracemalloc`), divided by ``count``. Whatever
    the objects share with each other or with the original is not counted again."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [make() for _ in range(count)]
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return (after - before) / count


def rss_bytes() -> int | None:
    """This process's resident memory in bytes (Linux only; ``None`` elsewhere)."""
    statm = Path("/proc/self/statm")
    if not sys.platform.startswith("linux") or not statm.exists():
        return None
    import os  # noqa: PLC0415 - only where /proc exists

    return int(statm.read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def heap_bytes() -> int | None:
    """The bytes the C allocator has handed out and not taken back (glibc's ``mallinfo2``: small
    blocks in use plus large mapped blocks); ``None`` where it cannot be read."""
    try:
        libc = ctypes.CDLL(None)
        mallinfo2 = libc.mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    return int(info.uordblks + info.hblkhd)


def native_bytes_per_object(make: Callable[[], object], count: int) -> tuple[float, str] | None:
    """The memory one more object from ``make`` keeps alive, for engines whose memory
    `tracemalloc` cannot see (a C++ core): the growth of the C heap in use (``mallinfo2``)
    or, without it, of resident memory, divided by ``count``; with the method's name. ``None`` if
    neither can be read."""
    gc.collect()
    for read, method in ((heap_bytes, "C heap in use (mallinfo2)"), (rss_bytes, "resident memory")):
        before = read()
        if before is None:
            continue
        kept = [make() for _ in range(count)]
        after = read()
        assert after is not None
        del kept
        return (after - before) / count, method
    return None
