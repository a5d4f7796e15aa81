"""Decisions per second of the ``random`` bot through the bot protocol against in-process.

Both runs play the same seeded matches of ``random`` (seat 0) against ``random`` (seat
1) through :class:`~sixtysix.table.Table`. In-process, seat 0 is the bot object; through
the protocol, seat 0 is ``cmd:python -m sixtysix bot random``: one process per match
(started and ended inside the timing), every event told as lines and each decision a
``go`` / ``play`` round trip, with the bot side rebuilding the seat's observation from the
lines. A decision is one ``act`` of seat 0.

Prints both rates, then ``overhead_ratio: X`` (in-process rate over protocol rate) as its
last line.

    python benchmarks/protocol.py [--matches N] [--seed S]
"""

from __future__ import annotations

import sys
import time
from typing import Any

from sixtysix.bots import Bot, make_bot
from sixtysix.bots.engine import EngineBot
from sixtysix.cli import MAX_SEED, Parser, whole_number
from sixtysix.game.actions import Action
from sixtysix.table import Event, Table
from sixtysix.two.observation import Observation


class Counted:
    """Seat 0: counts the decisions and the time spent in them."""

    def __init__(self, bot: Bot[Any]) -> None:
        self.bot = bot
        self.decisions = 0
        self.thinking = 0.0

    def act(self, observation: Observation) -> Action:
        start = time.perf_counter()
        action = self.bot.act(observation)
        self.thinking += time.perf_counter() - start
        self.decisions += 1
        return action

    def notify(self, event: Event) -> None:
        if isinstance(self.bot, EngineBot):
            self.bot.notify(event)


def run(matches: int, seed: int, protocol: bool) -> tuple[int, float, float]:
    """Decisions, wall seconds and seconds inside ``act`` over ``matches`` matches."""
    decisions = 0
    thinking = 0.0
    start = time.perf_counter()
    for number in range(matches):
        bot: Bot[Any] = (EngineBot([sys.executable, "-m", "sixtysix", "bot", "random", "--seed", "1"])
                    if protocol else make_bot("random", seed=1))
        seat = Counted(bot)
        Table([seat, make_bot("random", seed=2)], seed=seed + number).play()
        if isinstance(bot, EngineBot):
            bot.close()
        decisions += seat.decisions
        thinking += seat.thinking
    return decisions, time.perf_counter() - start, thinking


def main() -> None:
    parser = Parser(prog="benchmarks/protocol.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=whole_number(1, 10_000), default=40)
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1)
    args = parser.parse_args()
    rates = []
    acts = []
    for protocol in (False, True):
        decisions, wall, thinking = run(args.matches, args.seed, protocol)
        rates.append(decisions / wall)
        acts.append(thinking / decisions)
        print(f"{'protocol' if protocol else 'in-process'}: {decisions} decisions in {wall:.2f} s, "
              f"{decisions / wall:.0f} decisions/s; {1e6 * thinking / decisions:.1f} us per act; "
              f"{1000 * (wall - thinking) / args.matches:.1f} ms per match outside act "
              "(process start and handshake, events, the other seat)")
    print(f"per act alone (round trip and the bot's rebuilt view): {acts[1] / acts[0]:.0f} times slower")
    print(f"overhead_ratio: {rates[0] / rates[1]:.1f}")


if __name__ == "__main__":
    main()
