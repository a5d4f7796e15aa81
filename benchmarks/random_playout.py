"""Random playouts through the public engine API, on one core.

Both seats pick uniformly among the legal actions (cards, marriages, exchanges,
closing, declaring out, drawing) until the round ends; each round is dealt
from a fresh shuffled deck. Prints rounds per second as its last line.

    python benchmarks/random_playout.py [--seconds S] [--rules PRESET]
"""

from __future__ import annotations

import argparse
import random
import time

from sixtysix import Round, Rules
from sixtysix.cli import MAX_SEED, Parser, number, rules_argument, whole_number


def playouts(rules: Rules, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random rounds for about ``seconds``; returns rounds, actions and elapsed time."""
    rng = random.Random(seed)
    choose = rng.random
    deck = list(range(24))
    rounds = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            rng.shuffle(deck)
            rnd = Round(deck, rounds & 1, rules)
            while not rnd.is_over:
                legal = rnd.legal_tuple()
                rnd.push(legal[int(choose() * len(legal))])
                actions += 1
            rounds += 1
        now = time.perf_counter()
        if now >= deadline:
            return rounds, actions, now - start


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=number(0.01, 3600), default=5.0, help="time budget (default 5)")
    parser.add_argument("--rules", type=rules_argument, default=Rules(),
                        help="preset and flags (default classic)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the shuffles (default 1)")
    args = parser.parse_args()
    rounds, actions, elapsed = playouts(args.rules, args.seconds, args.seed)
    print(f"rules: {args.rules}")
    print(f"rounds: {rounds} in {elapsed:.2f} s, {actions / rounds:.1f} actions per round")
    print(f"actions_per_second: {actions / elapsed:.0f}")
    print(f"rounds_per_second: {rounds / elapsed:.0f}")


if __name__ == "__main__":
    main()
