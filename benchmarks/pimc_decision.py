"""Decisions of a PIMC bot per second, on one core.

Positions come from deals played on by the heuristic for a few actions (0 to 9,
by deal), so that open play with a full or nearly full stock dominates: the
decisions whose rollouts cost most. Each position with more than one legal
action is decided once by ``pimc`` with the parameters given; the benchmark
prints the median and maximum time per decision and, as its last line, the
decisions per second.

    python benchmarks/pimc_decision.py [--positions N] [--bot SPEC] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import time

from sixtysix import Match, Rules
from sixtysix.bots import make_bot
from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.cli import MAX_SEED, Parser, whole_number
from sixtysix.two.observation import Observation, observe


def positions(count: int, seed: int) -> list[Observation]:
    """``count`` observations of the seat to act, each with a choice to make."""
    heuristic = HeuristicBot(seed)
    found: list[Observation] = []
    deal = seed
    while len(found) < count:
        rnd = Match(Rules(), seed=deal).deal()
        for _ in range(deal % 10):
            if rnd.is_over:
                break
            to_act = rnd.to_act
            assert to_act is not None
            rnd.push(heuristic.act(observe(rnd, to_act)))
        deal += 1
        to_act = rnd.to_act
        if to_act is not None and len(rnd.legal_tuple()) > 1:
            found.append(observe(rnd, to_act))
    return found


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=whole_number(1, 100_000), default=40,
                        help="positions to decide (default 40)")
    parser.add_argument("--bot", default="pimc:samples=30", help="the bot (default pimc:samples=30)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the deals (default 1)")
    args = parser.parse_args()
    bot = make_bot(args.bot, seed=args.seed)
    times = []
    for obs in positions(args.positions, args.seed):
        start = time.perf_counter()
        bot.act(obs)
        times.append(time.perf_counter() - start)
    print(f"{args.bot}: median {1000 * statistics.median(times):.1f} ms, "
          f"max {1000 * max(times):.1f} ms over {len(times)} decisions")
    print(f"pimc_decisions_per_s: {len(times) / sum(times):.2f}")


if __name__ == "__main__":
    main()
