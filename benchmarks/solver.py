"""Exact solving of strict-play endgames, on one core.

Positions come from random deals played on with random legal actions (never
``close``, ``close-before-draw`` or ``out``; rounds that end early are dealt
again) until the stock is empty and each hand holds six cards, at a lead. Each
is solved with :func:`sixtysix.bots.search.solve` (every legal action's exact
value); the benchmark prints one line per position and, as its last line, the
median time in milliseconds.

    python benchmarks/solver.py [--positions N] [--seed S] [--rules PRESET] [--plain]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from sixtysix import CLOSE, CLOSE_BEFORE_DRAW, OUT, Phase, Round, Rules
from sixtysix.bots.search import Solver
from sixtysix.cli import MAX_SEED, Parser, rules_argument, whole_number


def endgame_positions(rules: Rules, count: int, seed: int) -> list[Round]:
    """``count`` positions with the stock empty, six cards each, at a lead."""
    rng = random.Random(seed)
    skipped = (CLOSE, CLOSE_BEFORE_DRAW, OUT)
    positions: list[Round] = []
    while len(positions) < count:
        deck = list(range(24))
        rng.shuffle(deck)
        rnd = Round(deck, rng.randrange(2), rules)
        while not rnd.is_over and rnd.stock_size:
            rnd.push(rng.choice([a for a in rnd.legal_tuple() if a not in skipped]))
        if not rnd.is_over and rnd.phase is Phase.LEAD and rnd.hand(0).bit_count() == 6:
            positions.append(rnd)
    return positions


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=whole_number(1, 100_000), default=100,
                        help="positions to solve (default 100)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the deals (default 1)")
    parser.add_argument("--rules", type=rules_argument, default=Rules(),
                        help="preset and flags (default classic)")
    parser.add_argument("--plain", action="store_true", help="walk the engine only (no endgame search)")
    args = parser.parse_args()
    times = []
    for index, rnd in enumerate(endgame_positions(args.rules, args.positions, args.seed)):
        solver = Solver(rnd, endgame=not args.plain)
        start = time.perf_counter()
        values = solver.values()
        elapsed = (time.perf_counter() - start) * 1000
        times.append(elapsed)
        entries = len(solver.tt) + solver.endgames.entries
        best = max(values.values())
        print(f"{index:4d} {elapsed:8.2f} ms  actions {len(values):2d}  best {best:+d}  tt {entries:6d}")
    print(f"rules: {args.rules}, positions: {len(times)}")
    print(f"mean_ms: {statistics.fmean(times):.2f}  max_ms: {max(times):.2f}")
    print(f"median_ms: {statistics.median(times):.2f}")


if __name__ == "__main__":
    main()
