"""How much an inference about the opponent's hand knows, without a tournament.

A PIMC bot that weighs its sampled worlds (``history=W`` or ``infer=W``) plays
matches against an opponent. At each of its open-play decisions with a choice,
the benchmark weighs the true round and ``--worlds`` worlds of the plain sampler
by the same model, and takes the log of the truth's weight over the worlds'
mean weight: how much more likely the inference finds the truth than a world
drawn blind, in nats (0 for a model that tells nothing; knowing the opponent's
hand outright, with 12 cards unseen, would be log 924 = 6.8). It also prints the
effective share of the worlds (Kish's (sum w)^2 / (n sum w^2)) and how often the
opponent played as the rules of thumb would have on the true deal. The last line
is the mean information per decision.

    python benchmarks/inference.py [--model history|infer] [--weight W]
        [--opponent SPEC] [--matches N] [--worlds K] [--rules RULES] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import statistics

from sixtysix.bots import make_bot
from sixtysix.bots.pimc import PimcBot
from sixtysix.cli import MAX_SEED, Parser, bot_argument, number, rules_argument, whole_number
from sixtysix.game.actions import Action
from sixtysix.table import Event, EventKind, Table, ThreeEvent
from sixtysix.two.observation import Observation, sample_round


class Probe(PimcBot):
    """A PIMC bot that, before each open-play decision, measures its model on the truth."""

    def __init__(self, seed: int, model: str, weight: float, worlds: int) -> None:
        history, infer = (weight, 1.0) if model == "history" else (1.0, weight)
        super().__init__(seed, samples=20, close_margin=0.25, raw=1, exchange=1, history=history,
                         infer=infer)
        self.weight = self.history_likelihood if model == "history" else self.likelihood
        """The model's weight of a world."""
        self.worlds = worlds
        self.table: Table | None = None
        self.information: list[float] = []
        self.shares: list[float] = []
        self.agreed = self.asked = 0

    def act(self, observation: Observation) -> Action:
        assert self.table is not None
        truth = self.table.match.round
        if (truth is not None and len(observation.legal) > 1 and not observation.is_strict
                and (self.history == 1 or self.record.follows(observation))):
            weights = [self.weight(observation, sample_round(observation, self.rng))
                       for _ in range(self.worlds)]
            total = sum(weights)
            if total > 0:
                mean = total / len(weights)
                self.information.append(math.log(max(self.weight(observation, truth), 1e-12) / mean))
                self.shares.append(total * total / len(weights) / sum(w * w for w in weights))
        return super().act(observation)

    def notify(self, event: Event | ThreeEvent) -> None:
        """Hear the event; at a round's end, count the opponent's agreements with the
        rules of thumb on the true deal."""
        if self.history == 1 and isinstance(event, Event):
            self.record.hear(event)
        super().notify(event)
        if event.kind is EventKind.ROUND_ENDED and self.record.rules is not None:
            assert self.table is not None
            agreed, asked = self.record.agreements(list(self.table.match.rounds[-1].deck))
            self.agreed += agreed
            self.asked += asked


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", choices=("history", "infer"), default="history",
                        help="the weighing of worlds to measure (default history)")
    parser.add_argument("--weight", type=number(0.01, 1), default=0.5,
                        help="the W of history=W or infer=W (default 0.5)")
    parser.add_argument("--opponent", type=bot_argument, default="pimc:samples=120,close_margin=0.25",
                        help="the opponent's bot (default the expert before issue 11)")
    parser.add_argument("--matches", type=whole_number(1, 100_000), default=4,
                        help="matches to play (default 4)")
    parser.add_argument("--worlds", type=whole_number(1, 100_000), default=200,
                        help="plain worlds weighed per decision (default 200)")
    parser.add_argument("--rules", type=rules_argument, default=None,
                        help="preset with optional overrides (default classic)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the matches (default 1)")
    args = parser.parse_args()
    information: list[float] = []
    shares: list[float] = []
    agreed = asked = 0
    for m in range(args.matches):
        seed = args.seed + m
        probe = Probe(seed, args.model, args.weight, args.worlds)
        table = Table([probe, make_bot(args.opponent, seed=seed + 1)], rules=args.rules, seed=seed)
        probe.table = table
        table.play()
        information += probe.information
        shares += probe.shares
        agreed += probe.agreed
        asked += probe.asked
    print(f"model: {args.model}={args.weight} against {args.opponent}, {len(information)} decisions")
    if asked:
        print(f"opponent's open choices as the rules of thumb: {agreed} of {asked} ({agreed / asked:.1%})")
    if information:
        print(f"effective share of the worlds: {statistics.mean(shares):.3f}")
        print(f"truth less likely than a blind world: {sum(i < 0 for i in information)} decisions")
    print(f"information_nats: {statistics.mean(information) if information else 0.0:.4f}")


if __name__ == "__main__":
    main()
