"""Tournaments on a Ray cluster (extra ``[cluster]``): one task per duplicate pair.

Each task runs the function the tournament passes, :func:`sixtysix.tournament.play.play_pair`,
the unit of work of the local backend too, so the same seeds give the same results on both. Program bots
(``cmd:...``) are started by the task, on the worker that plays the pair: the
program must exist there, as must sixtysix itself.
"""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sixtysix.errors import ClusterError, quoted

_Spec = TypeVar("_Spec")
_Result = TypeVar("_Result")

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a cluster's address to accept a connection."""

JOIN_TIMEOUT = 30.0
"""Seconds a trial join of a cluster may take: Ray itself retries for minutes."""

_TRIAL_JOIN = "import sys, ray; ray.init(address=sys.argv[1], log_to_driver=False); ray.shutdown()"

DEFAULT_PORT = 6379
"""The port of a Ray head node when an address names none."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError(
            "the ray backend needs the cluster extra: pip install 'sixtysix[cluster]'") from None
    return ray


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Raise :class:`ClusterError` unless ``address`` (``HOST[:PORT]`` or
    ``ray://HOST[:PORT]``) accepts a TCP connection within ``timeout`` seconds.

    >>> check_reachable("127.0.0.1:1")
    Traceback (most recent call last):
    ...
    sixtysix.errors.ClusterError: cannot reach the Ray cluster at '127.0.0.1:1': Connection refused
    """
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host:
        host, port = port, str(DEFAULT_PORT)
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(f"not a Ray address (HOST:PORT or ray://HOST:PORT): {quoted(address)}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise ClusterError(f"cannot reach the Ray cluster at {quoted(address)}: {reason}") from None


def _connect(ray: Any, cpus: int, address: str | None) -> bool:
    """Connect to the cluster (or start a local instance); whether we must shut it down."""
    if address is not None:
        check_reachable(address)
    if ray.is_initialized():
        return False
    if address is None:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
        return True
    try_join(address)
    ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
    return True


def try_join(address: str, timeout: float = JOIN_TIMEOUT) -> None:
    """Raise :class:`ClusterError` unless a child process joins the Ray cluster at
    ``address`` within ``timeout`` seconds: Ray's own join retries for minutes when
    something that is not a Ray head answers at the address."""
    try:
        subprocess.run([sys.executable, "-c", _TRIAL_JOIN, address], capture_output=True,
                       timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        raise ClusterError(f"no Ray cluster answered at {quoted(address)} within {timeout:.0f} s") from None
    except subprocess.CalledProcessError as error:
        lines = error.stderr.decode(errors="replace").strip().splitlines()
        raise ClusterError(f"cannot join the Ray cluster at {quoted(address)}: "
                           f"{lines[-1] if lines else 'exit status ' + str(error.returncode)}") from None


def run_on_ray(play: Callable[[list[_Spec]], list[_Result]], pairs: Sequence[Sequence[_Spec]],
               collect: Callable[[list[_Result]], None], cpus: int = 1, address: str | None = None) -> None:
    """Play each duplicate pair as a Ray task running ``play`` (the tournament's
    ``play_pair``) and pass each pair's results to ``collect`` as they finish.

    Joins the Ray instance this process already started, else the cluster at
    ``address``, else starts a local instance of ``cpus`` CPUs; a cluster it joined or
    started is left (shut down) at the end. On Ctrl-C or an error the tasks still
    pending are cancelled.
    """
    ray = _ray()
    started = _connect(ray, cpus, address)
    task = ray.remote(play)
    pending = [task.remote(list(pair)) for pair in pairs]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                collect(ray.get(done[0]))
            except ray.exceptions.RayError as error:
                raise ClusterError(f"a Ray task failed: {str(error).splitlines()[0]}") from None
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
