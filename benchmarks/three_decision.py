"""Decisions of the three-hand sampling search per second, on one core.

Positions come from three-hand deals played on by the heuristic for a few actions
(0 to 20, by deal), so that decisions early in a round, whose rollouts cost most,
are well represented. Each position with more than one legal action is decided
once by the bot given (``act``); the benchmark prints the median and maximum
time per decision (wall clock, and the process's CPU time, which other work on a
shared machine does not inflate) and, as its last line, the decisions per second.

    python benchmarks/three_decision.py [--positions N] [--bot SPEC] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import time

from sixtysix.bots import LEVELS, make_bot
from sixtysix.cli import MAX_SEED, Parser, whole_number
from sixtysix.games import THREE
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import ThreeObservation, observe_three


def positions(count: int, seed: int) -> list[ThreeObservation]:
    """``count`` observations of the seat to act, each with a choice to make."""
    heuristic = make_bot("heuristic", seed=seed, game=THREE)
    found: list[ThreeObservation] = []
    deal = seed
    while len(found) < count:
        rnd = ThreeMatch(seed=deal).deal()
        for _ in range(deal % 21):
            to_act = rnd.to_act
            if to_act is None:
                break
            rnd.push(heuristic.act(observe_three(rnd, to_act)))
        deal += 1
        to_act = rnd.to_act
        if to_act is not None and len(rnd.legal_tuple()) > 1:
            found.append(observe_three(rnd, to_act))
    return found


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=whole_number(1, 100_000), default=60,
                        help="positions to decide (default 60)")
    parser.add_argument("--bot", default="hard", help="the bot or level (default hard)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the deals (default 1)")
    args = parser.parse_args()
    bot = make_bot(args.bot, seed=args.seed, game=THREE)
    times = []
    cpu = []
    for obs in positions(args.positions, args.seed):
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.act(obs)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(f"{LEVELS.get(args.bot, args.bot)}: median {1000 * statistics.median(times):.1f} ms, "
          f"max {1000 * max(times):.1f} ms over {len(times)} decisions (CPU: median "
          f"{1000 * statistics.median(cpu):.1f} ms, max {1000 * max(cpu):.1f} ms)")
    print(f"three_decisions_per_s: {len(times) / sum(times):.2f}")


if __name__ == "__main__":
    main()
