"""Random playouts through the public engine API, on one core: rounds like a real game's.

By default both seats play like a casual game: uniformly among the legal actions except
``close``, ``close-before-draw`` and ``out`` (so each round is played to its last trick
or to the engine's own declaration), under ``classic claim=auto``. Such a round takes
about 25 actions and 9.5 tricks. Each round is dealt from a fresh deck shuffled as a
:class:`~sixtysix.Match` deals (:func:`sixtysix.cards.shuffle`), and every action is a
``push``; nothing is taken back. The figure counts everything in the loop: the shuffle,
``Round()``, ``legal_tuple()``, the player's choice and ``push``. The player draws an
action uniformly from the legal tuple and draws again while it drew one it never takes:
a uniform choice among the others, without building a filtered tuple (a round always
allows a card, ``draw`` or ``pass``, so the redraws end).

``--player any`` picks among every legal action, closing and declaring included: the
earlier measure of this benchmark (under ``--rules classic`` about 7 actions and 2.6
tricks a round, so its rounds per second are not those of real games).

Prints rounds per second as its last line.

    python benchmarks/random_playout.py [--seconds S] [--rules PRESET] [--player fair|any] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from sixtysix import CLOSE, CLOSE_BEFORE_DRAW, OUT, Round, Rules
from sixtysix.cards import shuffle
from sixtysix.cli import MAX_SEED, Parser, number, rules_argument, whole_number
from sixtysix.game.actions import ACTIONS

REALISTIC = Rules.parse("classic claim=auto")
"""The default rules: a round ends when a seat reaches 66, as most apps play it."""

SKIPPED = {"fair": (CLOSE, OUT), "any": (len(ACTIONS), len(ACTIONS))}
"""The codes of the actions each kind of random player never takes, first and last: ``close``,
``close-before-draw`` and ``out`` are the codes from ``CLOSE`` to ``OUT``; none above them."""
assert (CLOSE_BEFORE_DRAW, OUT) == (CLOSE + 1, CLOSE + 2)


def playouts(rules: Rules, seconds: float, seed: int,
             skipped: tuple[int, int] = SKIPPED["fair"]) -> tuple[int, int, int, float]:
    """Play random rounds for about ``seconds``; returns rounds, actions, tricks and elapsed time.

    ``skipped`` names the first and last code of the actions the player never takes.
    """
    low, high = skipped
    never = tuple(low <= code <= high for code in range(len(ACTIONS)))
    rng = random.Random(seed)
    choose = rng.random
    deck = list(range(24))
    rounds = actions = tricks = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            shuffle(deck, rng)
            rnd = Round(deck, rounds & 1, rules)
            legal = rnd.legal_tuple()
            while legal:
                action = legal[int(choose() * len(legal))]
                while never[action]:
                    action = legal[int(choose() * len(legal))]
                rnd.push(action)
                actions += 1
                legal = rnd.legal_tuple()
            tricks += sum(rnd.trick_counts())
            rounds += 1
        now = time.perf_counter()
        if now >= deadline:
            return rounds, actions, tricks, now - start


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=number(0.01, 3600), default=5.0, help="time budget (default 5)")
    parser.add_argument("--rules", type=rules_argument, default=REALISTIC,
                        help="preset and flags (default 'classic claim=auto')")
    parser.add_argument("--player", choices=sorted(SKIPPED), default="fair",
                        help="fair: never close nor declare out (default); any: every legal action")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the shuffles and choices (default 1)")
    args = parser.parse_args()
    rounds, actions, tricks, elapsed = playouts(args.rules, args.seconds, args.seed, SKIPPED[args.player])
    print(f"rules: {args.rules}, player: {args.player}")
    print(f"rounds: {rounds} in {elapsed:.2f} s, {actions / rounds:.1f} actions and "
          f"{tricks / rounds:.1f} tricks per round")
    print(f"actions_per_second: {actions / elapsed:.0f}")
    print(f"rounds_per_second: {rounds / elapsed:.0f}")


if __name__ == "__main__":
    main()
