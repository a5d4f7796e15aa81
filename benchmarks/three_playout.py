"""Random three-hand playouts through the public engine API, on one core.

Each round is dealt from a fresh shuffled deck, the dealer passing left, and played to
its end: every seat picks uniformly among its legal actions except ``out`` (so a round
runs to its last trick, or to the engine's own declaration under ``claim=auto``, the
default). Every action is a ``push``; nothing is taken back. With ``--observe`` each
decision also builds the seat's observation and samples one full round from it, as a
search bot would.

Prints rounds per second as its last line.

    python benchmarks/three_playout.py [--seconds S] [--rules RULES] [--observe] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from sixtysix import OUT, Rules
from sixtysix.cli import MAX_SEED, Parser, number, whole_number
from sixtysix.three.observation import observe_three, sample_three
from sixtysix.three.round import ThreeRound


def three_rules(text: str) -> Rules:
    """An argument type: the three-hand preset with optional ``match_target`` and ``claim``."""
    try:
        rules = Rules.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if rules.seats != 3:
        raise argparse.ArgumentTypeError(f"not three-hand rules: {text!r}")
    return rules


def playouts(rules: Rules, seconds: float, seed: int, observe: bool) -> tuple[int, int, float]:
    """Play random rounds for about ``seconds``; returns rounds, actions and elapsed time."""
    rng = random.Random(seed)
    choose = rng.random
    deck = list(range(24))
    rounds = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            rng.shuffle(deck)
            rnd = ThreeRound(deck, rounds % 3, rules)
            while not rnd.is_over:
                if observe:
                    seat = rnd.to_act
                    assert seat is not None
                    sample_three(observe_three(rnd, seat), rng)
                legal = tuple(a for a in rnd.legal_tuple() if a != OUT)
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
    parser.add_argument("--rules", type=three_rules, default=Rules.parse("three-hand claim=auto"),
                        help="three-hand rules (default 'three-hand claim=auto')")
    parser.add_argument("--observe", action="store_true",
                        help="also observe and sample one full round at each decision")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the shuffles and choices (default 1)")
    args = parser.parse_args()
    rounds, actions, elapsed = playouts(args.rules, args.seconds, args.seed, args.observe)
    print(f"rules: {args.rules}, observe: {'on' if args.observe else 'off'}")
    print(f"rounds: {rounds} in {elapsed:.2f} s, {actions / rounds:.1f} actions per round")
    print(f"actions_per_second: {actions / elapsed:.0f}")
    print(f"rounds_per_second: {rounds / elapsed:.0f}")


if __name__ == "__main__":
    main()
