"""Where a tournament's duplicate pairs run: in this process, on local worker processes
(stopped at once on Ctrl-C), or as Ray tasks (:mod:`~sixtysix.tournament.ray`). Each runs
:func:`~sixtysix.tournament.play.play_pair`, so the same seeds give the same results on all."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable

from sixtysix.tournament.play import MatchResult, play_pair
from sixtysix.tournament.ray import run_on_ray
from sixtysix.tournament.schedule import MatchSpec

BACKENDS = ("local", "ray")
"""Where a tournament's duplicate pairs run: local processes, or a Ray cluster."""


def run_pairs(work: list[list[MatchSpec]], collect: Callable[[list[MatchResult]], None], jobs: int,
              backend: str, address: str | None) -> None:
    """Play the pairs of ``work`` on ``backend``, passing each pair's results to ``collect`` as
    it ends: ``local`` plays them in this process with ``jobs=1``, else on ``jobs`` worker
    processes; ``ray`` as Ray tasks (:func:`~sixtysix.tournament.ray.run_on_ray`, on the
    cluster at ``address`` or a local instance of ``jobs`` CPUs)."""
    if backend == "ray":
        run_on_ray(play_pair, work, collect, cpus=jobs, address=address)
    elif jobs == 1:
        for pair in work:
            collect(play_pair(pair))
    else:
        _run_on_pool(work, collect, jobs)


def _run_on_pool(work: list[list[MatchSpec]], collect: Callable[[list[MatchResult]], None],
                 jobs: int) -> None:
    """Play the pairs of ``work`` on ``jobs`` worker processes, passing each pair's results
    to ``collect`` as it ends.

    Workers ignore Ctrl-C, which a terminal sends to the whole process group: the parent
    gets KeyboardInterrupt alone, and ends them on its way out. SIGINT is blocked while
    the pool starts, so that a worker ignores it from its first instruction and a Ctrl-C
    meanwhile reaches the parent once the pool is whole, inside the ``try`` that ends it.
    """
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    pool = None
    try:
        pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts, initargs=(mask,))
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for done in pool.imap_unordered(play_pair, work):
            collect(done)
        pool.close()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if pool is not None:
            pool.terminate()
            pool.join()


def _ignore_interrupts(mask: set[signal.Signals]) -> None:
    """A worker's first step: ignore SIGINT, then take the parent's signal mask back."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
