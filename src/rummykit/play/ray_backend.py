"""The Ray backend of `simulate`: a run's chunks played as Ray tasks, on this machine or a cluster.

Install it with ``pip install 'rummykit[ray]'`` (on every machine of a cluster, with the same
versions of rummykit and of the variant and house-rule packages the run uses: each chunk checks
this first, and fails rather than play different games). Use it through
``simulate(..., backend="ray")`` or ``rummykit simulate --backend ray``.

- Without an address, `simulate` starts a Ray of its own on this machine for the run
  ([`local_ray`][rummykit.play.ray_backend.local_ray]): it listens on 127.0.0.1 only, has ``workers``
  CPUs (default: all of them), and stops when the run ends.
- With an address (``"auto"``, ``"HOST:6379"``, or ``"ray://HOST:10001"`` for Ray Client from outside
  the cluster), it joins that cluster and leaves it running.
- In a process where Ray is already running (``ray.init()`` was called, or the ``with local_ray():``
  block of several runs), it uses that Ray as it is.

Each chunk is one task asking for 1 CPU. A task whose worker dies (the process was killed, ran out
of memory, or its machine went away) is sent again, up to ``retries`` times, and counted once: a
chunk sends its counts back only when all its games are played, so a chunk cut short counts nothing.
A game that raises is not retried (it would raise again): the run stops and reports it.

This module imports Ray only when it is used, so it can be imported (and documented) without Ray.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import logging
import os
import socket
import sys
import warnings
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import Any, Final

from rummykit.core.errors import InvalidOptionError, quote
from rummykit.play.chunks import ChunkJob, ChunkResult, GameFailure, play_chunk

__all__ = ["RaySession", "connect", "local_ray", "ray_available"]

_LOOPBACK_SWITCH: Final = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
"""The environment variable with which Ray keeps a one-machine Ray on 127.0.0.1 (its default on macOS
and Windows): "0" makes it so on Linux too. Ray reads it when it is imported, so the constant it
sets is switched too while the local Ray starts."""
_OBJECT_STORE_BYTES: Final = 100 * 1024 * 1024
"""The object store of a local Ray: chunks send back a few hundred bytes each (Ray's default would
reserve 30% of the machine's memory)."""
_RETRIED: Final = ("WorkerCrashedError", "NodeDiedError", "OutOfMemoryError", "ObjectLostError")
"""Ray's errors that mean the worker or its machine went away (or the result was lost): the chunk is
sent again. Any other error of Ray's fails the chunk."""


def _import_ray() -> ModuleType:
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise InvalidOptionError(
            f"the ray backend needs Ray, which is not installed here ({exc}): pip install 'rummykit[ray]'"
        ) from exc


def ray_available() -> bool:
    """Whether Ray can be imported here.

    Examples:
        >>> isinstance(ray_available(), bool)
        True
    """
    try:
        _import_ray()
    except InvalidOptionError:
        return False
    return True


@contextlib.contextmanager
def _loopback_only(ray: ModuleType) -> Iterator[None]:
    """While a local Ray starts: keep it, and the processes it starts, on 127.0.0.1."""
    previous = os.environ.get(_LOOPBACK_SWITCH)
    os.environ[_LOOPBACK_SWITCH] = "0"
    constants: Any = sys.modules.get("ray._private.ray_constants")
    switch = getattr(constants, "ENABLE_RAY_CLUSTER", None)
    if constants is not None and switch is not None:
        constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        if previous is None:
            del os.environ[_LOOPBACK_SWITCH]
        else:
            os.environ[_LOOPBACK_SWITCH] = previous
        if constants is not None and switch is not None:
            constants.ENABLE_RAY_CLUSTER = switch


_LOCAL: str | None = None
"""The address of the Ray that `local_ray` started in this process, while it runs."""


def _address(ray: ModuleType) -> str:
    """The address of the Ray this process is connected to."""
    return str(ray.get_runtime_context().gcs_address)


@contextlib.contextmanager
def local_ray(cpus: int | None = None, *, runtime_env: Mapping[str, Any] | None = None) -> Iterator[str]:
    """Start Ray on this machine for the ``with`` block, listening on 127.0.0.1 only, with ``cpus``
    CPUs (default: every CPU of the machine), then stop it. Runs of `simulate` with
    ``backend="ray"`` in the block use it (without starting Ray each time). Gives the Ray's address.

    A block inside another (in the same process) uses the outer block's Ray, CPUs and runtime
    environment as they are, and leaves it running.

    Raises:
        InvalidOptionError: Ray is not installed, is already running in this process other than
            by ``local_ray``, or ``cpus`` is not a whole number of at least 1.
    """
    global _LOCAL  # noqa: PLW0603 - the one Ray a process runs
    ray = _import_ray()
    if isinstance(cpus, bool) or not (cpus is None or (isinstance(cpus, int) and cpus >= 1)):
        raise InvalidOptionError(f"cpus must be an int of at least 1, not {quote(cpus)}")
    if ray.is_initialized():
        if _LOCAL is not None and _address(ray) == _LOCAL:
            yield _LOCAL
            return
        raise InvalidOptionError("Ray is already running in this process (ray.shutdown() stops it)")
    try:
        with _loopback_only(ray):
            ray.init(
                address="local",  # a new Ray, even on a machine where `ray start` runs a cluster
                num_cpus=cpus or os.cpu_count() or 1,
                include_dashboard=False,
                object_store_memory=_OBJECT_STORE_BYTES,
                logging_level=logging.WARNING,
                log_to_driver=False,
                runtime_env=dict(runtime_env) if runtime_env is not None else None,
            )
        address = _address(ray)
        if not address.startswith(("127.", "[::1]", "localhost")):
            warnings.warn(
                f"the local Ray listens on {address}, not on 127.0.0.1 only: this version of Ray "
                f"({ray.__version__}) may not know {_LOOPBACK_SWITCH}",
                RuntimeWarning,
                stacklevel=3,
            )
        _LOCAL = address
        yield address
    finally:  # even when Ctrl-C stops Ray as it starts
        _LOCAL = None
        ray.shutdown()


class RaySession:
    """A connected Ray, ready to play a run's chunks.

    Attributes:
        workers: how many chunks are played in parallel.
    """

    def __init__(self, ray: ModuleType, workers: int) -> None:
        self._ray = ray
        self.workers = workers

    def play(
        self,
        jobs: Iterator[ChunkJob],
        deliver: Callable[[ChunkResult], bool],
        retried: Callable[[ChunkJob, str], None],
        *,
        attempts: int,
    ) -> None:
        """Play ``jobs``, ``workers`` at a time, handing each result to ``deliver`` as it comes (no
        new job is started once ``deliver`` says no; those started are still delivered). A job
        whose worker died is sent again (``retried`` is told) up to ``attempts`` times in all.

        On any exception, Ctrl-C included, no new job is sent and the tasks still running are left
        alone: a Ray this run started is stopped right after (its workers with it); on another Ray
        they finish their chunks, whose results nobody reads. They are not cancelled: in Ray (2.60
        included), cancelling a task just as it finishes can abort this process (Ray's task
        manager fails its check ``it != submissible_tasks_.end()``)."""
        ray = self._ray
        exceptions = ray.exceptions
        retry_on = tuple(getattr(exceptions, name) for name in _RETRIED if hasattr(exceptions, name))
        task = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
        pending: dict[Any, tuple[ChunkJob, int]] = {}

        def submit(job: ChunkJob, attempt: int) -> None:
            pending[task.remote(job)] = (job, attempt)

        for job in itertools.islice(jobs, self.workers):
            submit(job, 1)
        more = True
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            job, attempt = pending.pop(ready[0])
            try:
                result = ray.get(ready[0])
            except exceptions.RayTaskError as exc:  # the task raised outside any game
                result = _failed(job, _task_error(exc))
            except retry_on as exc:
                if attempt < attempts:
                    retried(job, f"its worker died ({_short(exc)}); attempt {attempt + 1} of {attempts}")
                    submit(job, attempt + 1)
                    continue
                result = _failed(job, f"its worker died {attempt} times; the last time: {_short(exc)}")
            except exceptions.RayError as exc:
                result = _failed(job, f"Ray could not play it: {_short(exc)}")
            more = deliver(result) and more
            if more:
                following = next(jobs, None)
                if following is not None:
                    submit(following, 1)


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:500]


def _task_error(exc: Any) -> str:
    cause = getattr(exc, "cause", None)
    if isinstance(cause, ImportError):
        return (
            f"{type(cause).__name__}: {cause} (is rummykit, with the run's variant and house rules, installed on "
            "every machine of the cluster, in the same versions as here?)"
        )
    return _short(cause) if isinstance(cause, BaseException) else _short(exc)


def _failed(job: ChunkJob, error: str) -> ChunkResult:
    run = job.run
    reproduce = (
        "from rummykit.play.simulate import game_seed, run_game\n"
        f"for index in range({job.start}, {job.stop}):\n"
        f"    run_game({run.variant!r}, {run.players}, index, game_seed({run.seed}, index), {run.seat_bots!r}, "
        f"{dict(run.options)!r}, {run.house_rules!r})"
    )
    failure = GameFailure(start=job.start, stop=job.stop, error=error, reproduce=reproduce)
    return ChunkResult(start=job.start, stop=job.stop, failure=failure)


_REACH_SECONDS: Final = 10.0
"""How long the address of a cluster is tried before `connect` says it cannot be reached (Ray
itself would retry for many minutes)."""


def _check_reachable(address: str) -> None:
    """Refuse an address that is not one, or whose host does not answer on its port."""
    if not isinstance(address, str) or not address.strip():
        raise InvalidOptionError(f"a Ray address is text such as 'auto' or 'HOST:6379', not {quote(address)}")
    target = address.strip().removeprefix("ray://")
    if target == "auto":
        return
    host, _, port = target.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise InvalidOptionError(
            f"a Ray address is 'auto', 'HOST:PORT' or 'ray://HOST:PORT' (Ray Client), not {quote(address)}"
        )
    try:
        socket.create_connection((host, int(port)), timeout=_REACH_SECONDS).close()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InvalidOptionError(
            f"cannot reach the Ray cluster at {quote(address)}: {reason} (is the address right, and is the cluster "
            "running? `ray status` on its head says)"
        ) from exc


def _cluster_cpus(ray: ModuleType) -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


@contextlib.contextmanager
def connect(
    *, address: str | None = None, workers: int | None = None, runtime_env: Mapping[str, Any] | None = None
) -> Iterator[RaySession]:
    """Ray for one run: the Ray already running in this process, else a new local one (no
    ``address``; stopped at the end), else the cluster at ``address`` (left running at the end).

    Raises:
        InvalidOptionError: Ray is not installed; the cluster cannot be reached; or Ray is already
            running here and an address or a runtime environment was given too.
    """
    ray = _import_ray()
    if ray.is_initialized():
        if address is not None or runtime_env is not None:
            raise InvalidOptionError(
                "Ray is already running in this process: simulate uses it as it is, so give no address nor "
                "runtime_env (or stop it first with ray.shutdown())"
            )
        yield RaySession(ray, workers or _cluster_cpus(ray))
        return
    if address is None:
        with local_ray(workers, runtime_env=runtime_env):
            yield RaySession(ray, workers or _cluster_cpus(ray))
        return
    _check_reachable(address)
    try:
        ray.init(
            address=address,
            runtime_env=dict(runtime_env) if runtime_env is not None else None,
            logging_level=logging.WARNING,
            log_to_driver=False,
        )
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        raise InvalidOptionError(f"cannot join the Ray cluster at {quote(address)}: {_short(exc)}") from exc
    try:
        yield RaySession(ray, workers or _cluster_cpus(ray))
    finally:
        ray.shutdown()
