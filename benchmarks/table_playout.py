"""Whole matches through :class:`~sixtysix.table.Table`, on one core.

Two random bots play matches under ``classic claim=auto`` (by default); each picks
uniformly among the legal actions except ``close``, ``close-before-draw`` and
``out``, as in ``random_playout.py``, so a round takes about 25 actions. The table
gives the seat to act its own :class:`~sixtysix.two.observation.Observation`, and with
``--listeners 2`` (the default) both seats also hear every event with their own
view of the round, as front ends do; ``--listeners 1`` makes one seat a listener
(a person against a bot), ``0`` neither. Each match is dealt from its own seed.

Prints rounds per second as its last line.

    python benchmarks/table_playout.py [--seconds S] [--rules PRESET] [--listeners N] [--seed S]
"""

from __future__ import annotations

import argparse
import time
from bisect import bisect_left, bisect_right
from random import Random

from sixtysix import CLOSE, CLOSE_BEFORE_DRAW, OUT, Action, Rules
from sixtysix.cli import MAX_SEED, Parser, number, rules_argument, whole_number
from sixtysix.table import Event, Seat, Table
from sixtysix.two.observation import Observation

assert (CLOSE_BEFORE_DRAW, OUT) == (CLOSE + 1, CLOSE + 2)


class FairRandom:
    """A seat that picks uniformly among the legal actions, never closing nor declaring out."""

    def __init__(self, rng: Random) -> None:
        self.choose = rng.random

    def act(self, observation: Observation) -> Action:
        """One of the legal actions, ``close``, ``close-before-draw`` and ``out`` left out
        (they are the codes from ``CLOSE`` to ``OUT``, and the legal actions come in
        ascending code)."""
        legal = observation.legal
        if legal[-1] >= CLOSE:
            legal = legal[:bisect_left(legal, CLOSE)] + legal[bisect_right(legal, OUT):]
        return legal[int(self.choose() * len(legal))]


class ListeningRandom(FairRandom):
    """A :class:`FairRandom` that also hears every event, keeping the last one."""

    def __init__(self, rng: Random) -> None:
        super().__init__(rng)
        self.last: Event | None = None

    def notify(self, event: Event) -> None:
        """Keep the event, as a front end would show it."""
        self.last = event


def matches(rules: Rules, seconds: float, seed: int, listeners: int) -> tuple[int, int, int, float]:
    """Play matches for about ``seconds``; returns matches, rounds, actions and elapsed time."""
    rng = Random(seed)
    count = rounds = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        seats: list[Seat] = [ListeningRandom(rng) if seat < listeners else FairRandom(rng)
                             for seat in range(2)]
        match = Table(seats, rules, seed=rng.randrange(MAX_SEED + 1)).play()
        count += 1
        rounds += len(match.rounds)
        actions += sum(len(rnd.actions) for rnd in match.rounds)
        now = time.perf_counter()
        if now >= deadline:
            return count, rounds, actions, now - start


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=number(0.01, 3600), default=5.0, help="time budget (default 5)")
    parser.add_argument("--rules", type=rules_argument, default=Rules.parse("classic claim=auto"),
                        help="preset and flags (default 'classic claim=auto')")
    parser.add_argument("--listeners", type=whole_number(0, 2), default=2,
                        help="how many seats hear every event (default 2)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the deals and choices (default 1)")
    args = parser.parse_args()
    count, rounds, actions, elapsed = matches(args.rules, args.seconds, args.seed, args.listeners)
    print(f"rules: {args.rules}, listeners: {args.listeners}")
    print(f"matches: {count}, rounds: {rounds} in {elapsed:.2f} s, {actions / rounds:.1f} actions per round")
    print(f"matches_per_second: {count / elapsed:.1f}")
    print(f"rounds_per_second: {rounds / elapsed:.0f}")


if __name__ == "__main__":
    main()
