"""Slow work kept off the server's event loop: [`Builds`][rummykit.serve.builds.Builds], one worker
thread for the work that takes long (a finished game's replay page, its record, a finished game
brought back from the storage), and [`Cache`][rummykit.serve.builds.Cache], the bounded cache of
what it made.

The event loop serves every page, socket and action of the server: work of seconds on it (a replay
page of a long game takes seconds to draw) would make every other client wait. Such work runs in the
one worker thread, one job at a time, and at most `MAX_WAITING` jobs wait for it: beyond, a request is
refused ([`Busy`][rummykit.serve.builds.Busy]) rather than queued for minutes. The worker shares the
interpreter's lock with the event loop, so the loop is slowed while it builds, never stopped.

A cache keeps the most recently used values up to a total weight (a page's weight is its size), and
builds each value once however many ask for it at the same time: they all wait for the one build.

Examples:
    >>> import asyncio
    >>> async def main() -> list[str]:
    ...     builds = Builds()
    ...     cache: Cache[str, str] = Cache(builds, most=2)
    ...     made = await asyncio.gather(cache.fetch("a", lambda: "page a"), cache.fetch("a", lambda: "again"))
    ...     builds.close()
    ...     return made
    >>> asyncio.run(main())
    ['page a', 'page a']
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
from collections.abc import Callable, Hashable
from typing import Final, Generic, TypeVar

__all__ = ["MAX_WAITING", "Builds", "Busy", "Cache"]

MAX_WAITING: Final = 16
"""The most jobs waiting for the worker thread (the one it runs included); one more is refused."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


class Busy(Exception):
    """The worker thread has `MAX_WAITING` jobs waiting: try again in a moment."""


class Builds:
    """One worker thread for slow jobs, with a bounded queue (see the module's docstring)."""

    def __init__(self, *, most_waiting: int = MAX_WAITING) -> None:
        self.most_waiting = most_waiting
        self.waiting = 0
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="rummykit-serve-build")

    def submit(self, job: Callable[[], T]) -> asyncio.Future[T]:
        """Start ``job`` in the worker thread (after the jobs waiting); its result, to await.

        Raises:
            Busy: `most_waiting` jobs are waiting already.
        """
        if self.waiting >= self.most_waiting:
            raise Busy(f"the server has {self.waiting} pages and records to make before this one: try again soon")
        self.waiting += 1
        future = asyncio.get_running_loop().run_in_executor(self._executor, job)
        future.add_done_callback(self._done)
        return future

    async def run(self, job: Callable[[], T]) -> T:
        """Run ``job`` in the worker thread and return its result (see `submit`)."""
        return await self.submit(job)

    def _done(self, _: object) -> None:
        self.waiting -= 1

    def close(self) -> None:
        """Drop the jobs not started, and let the running one end on its own."""
        self._executor.shutdown(wait=False, cancel_futures=True)


class Cache(Generic[K, V]):
    """The values most recently used, up to a total weight ``most`` (each value's weight is
    ``weigh(value)``, 1 by default), each built once by a worker thread. Used from the event loop only.

    A value heavier than ``most`` is returned but not kept.
    """

    def __init__(self, builds: Builds, *, most: int, weigh: Callable[[V], int] | None = None) -> None:
        self.builds = builds
        self.most = most
        self.weigh: Callable[[V], int] = weigh or (lambda _: 1)
        self.weight = 0
        self._values: collections.OrderedDict[K, tuple[V, int]] = collections.OrderedDict()
        self._building: dict[K, asyncio.Future[V]] = {}

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), if any."""
        found = self._values.get(key)
        if found is None:
            return None
        self._values.move_to_end(key)
        return found[0]

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, then forget the least recently used values beyond ``most``."""
        self.discard(key)
        weight = self.weigh(value)
        if weight > self.most:
            return
        self._values[key] = (value, weight)
        self.weight += weight
        while self.weight > self.most:
            _, (_, dropped) = self._values.popitem(last=False)
            self.weight -= dropped

    def discard(self, key: K) -> None:
        """Forget the value of ``key``, if kept."""
        found = self._values.pop(key, None)
        if found is not None:
            self.weight -= found[1]

    async def fetch(self, key: K, build: Callable[[], V]) -> V:
        """The value of ``key``: kept, or being built for another request, or built now by ``build`` in
        the worker thread (and kept). An exception of ``build`` reaches every request waiting for it,
        and nothing is kept.

        Raises:
            Busy: the worker thread has too many jobs waiting.
        """
        found = self._values.get(key)
        if found is not None:
            self._values.move_to_end(key)
            return found[0]
        building = self._building.get(key)
        if building is None:
            building = self._building[key] = self.builds.submit(build)
            building.add_done_callback(lambda done: self._built(key, done))
        return await asyncio.shield(building)  # a request that goes away leaves the build to the others

    def _built(self, key: K, done: asyncio.Future[V]) -> None:
        self._building.pop(key, None)
        if not done.cancelled() and done.exception() is None:
            self.put(key, done.result())
