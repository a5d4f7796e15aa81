"""The matches of a tournament: deck sequences, pairings, seat orders and duplicate pairs.

Every group of bots plays each deck sequence in all its seat orders: a pairing of a
two-seat game twice with the seats swapped (a duplicate pair), a trio of three seats in
its six orders.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from sixtysix.errors import TournamentError
from sixtysix.rules import Rules
from sixtysix.tournament.seating import Seating


@dataclass(frozen=True)
class MatchSpec:
    """One match to play: the bots in seat order (two or three), the deck seed, and the
    duplicate group it belongs to: the matches dealt the same decks, the pair of a
    two-seat tournament."""

    bots: tuple[str, ...]
    rules: str
    seed: int
    pair: int
    bot_seconds: float | None = None
    """Seconds a program bot may think per decision (``None``: the protocol's default)."""
    handshake_seconds: float | None = None
    """Seconds a program bot may take for the handshake (``None``: the protocol's default)."""
    bot_log: str | None = None
    """The folder of the program bots' logs and of the records of forfeited matches
    (``None``: none are written)."""
    memory: bool = False
    """Whether program bots play in memory mode, told no running points."""


def pairs(specs: Sequence[MatchSpec]) -> list[list[MatchSpec]]:
    """The scheduled matches grouped into their duplicate pairs (or groups), in order.

    >>> [[s.bots for s in p] for p in pairs(schedule(["a", "b"], 2, Rules(), 1))]
    [[('a', 'b'), ('b', 'a')]]
    """
    grouped: dict[int, list[MatchSpec]] = {}
    for spec in specs:
        grouped.setdefault(spec.pair, []).append(spec)
    return list(grouped.values())


def schedule(bots: Sequence[str], matches: int, rules: Rules, seed: int,
             limits: tuple[float | None, float | None] = (None, None)) -> list[MatchSpec]:
    """The matches of a round robin: per group of bots that fills the seats (per pairing
    of a two-seat game), ``matches`` matches, each deck sequence in all the group's seat
    orders (:meth:`Seating.orders <sixtysix.tournament.seating.Seating.orders>`): the
    duplicate pairs of two seats. Two bots at a table of more seats make one group.
    ``limits`` are the program bots' seconds per decision and for the handshake.

    >>> [(s.bots, s.seed) for s in schedule(["a", "b"], 2, Rules(), 1)]
    [(('a', 'b'), 1000), (('b', 'a'), 1000)]
    >>> [(s.bots, s.seed) for s in schedule(["a", "b"], 3, Rules.parse("three-hand"), 1)]
    [(('a', 'b', 'b'), 1000), (('b', 'a', 'b'), 1000), (('b', 'b', 'a'), 1000)]
    """
    if len(bots) < 2:
        raise TournamentError("a tournament needs at least two bots")
    seating = Seating(rules.seats)
    groups = [tuple(bots)] if len(bots) < rules.seats else list(itertools.combinations(bots, rules.seats))
    specs: list[MatchSpec] = []
    number = 0
    for group in groups:
        orders = seating.orders(group)
        if matches < len(orders) or matches % len(orders):
            raise TournamentError(seating.refusal(matches, group, len(orders)))
        sequences = matches // len(orders)
        for _ in range(sequences):
            deal_seed = seed * 1000 + number % sequences
            specs.extend(MatchSpec(order, str(rules), deal_seed, number, *limits) for order in orders)
            number += 1
    return specs
