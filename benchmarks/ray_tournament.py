"""The same tournament locally and on Ray: equal results, and both wall times.

Plays ``--matches`` duplicate matches of ``greedy`` against ``random`` twice: on the
local backend with ``--jobs`` worker processes, then on the Ray backend on a new local
Ray instance of ``--jobs`` CPUs (dashboard off, usage stats off). Asserts that both give
the same results (think times aside), prints both wall times, the Ray one with and
without starting the instance, and last ``ray_over_local: X``, the ratio of the wall
times of the two whole runs (Ray's including its start and shutdown).

    python benchmarks/ray_tournament.py [--matches N] [--jobs J] [--seed S]
"""

from __future__ import annotations

import logging
import os
import sys
import time

import ray

from sixtysix.cli import MAX_JOBS, MAX_SEED, Parser, whole_number
from sixtysix.rules import Rules
from sixtysix.tournament.report import Report
from sixtysix.tournament.run import run_tournament

BOTS = ["greedy", "random"]


def outcomes(report: Report) -> list[tuple[object, ...]]:
    """Each match's spec, winner, score, rounds and forfeit: all but the think times."""
    return [(r.spec, r.winner, r.score, r.rounds, r.forfeit) for r in report.results]


def main() -> None:
    parser = Parser(description="the same tournament locally and on Ray")
    parser.add_argument("--matches", type=whole_number(2, 100_000), default=200)
    parser.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=2)
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1)
    args = parser.parse_args()
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"

    start = time.perf_counter()
    local = run_tournament(BOTS, args.matches, Rules(), jobs=args.jobs, seed=args.seed)
    local_seconds = time.perf_counter() - start

    start = time.perf_counter()
    ray.init(num_cpus=args.jobs, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    started = time.perf_counter()
    remote = run_tournament(BOTS, args.matches, Rules(), seed=args.seed, backend="ray")
    played = time.perf_counter()
    ray.shutdown()
    ray_seconds = time.perf_counter() - start

    assert outcomes(remote) == outcomes(local), "Ray and local results differ"
    print(f"{args.matches} matches of {' vs '.join(BOTS)}, seed {args.seed}, {args.jobs} workers: "
          f"equal results", file=sys.stderr)
    print(f"local_seconds: {local_seconds:.2f}")
    print(f"ray_seconds: {ray_seconds:.2f} (start {started - start:.2f}, play {played - started:.2f})")
    print(f"ray_over_local: {ray_seconds / local_seconds:.2f}")


if __name__ == "__main__":
    main()
