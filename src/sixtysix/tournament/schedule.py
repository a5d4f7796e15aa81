"""The matches of a tournament: deck sequences, pairings, seat orders and duplicate pairs.

Every pairing plays deck sequences twice with the seats swapped (a duplicate pair);
under the three-hand rules every trio plays each deck sequence in all its seat orders.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from sixtysix.errors import TournamentError
from sixtysix.rules import Rules


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
    """The matches of a round robin: per pairing, ``matches`` matches as duplicate pairs;
    ``limits`` are the program bots' seconds per decision and for the handshake.

    >>> [(s.bots, s.seed) for s in schedule(["a", "b"], 2, Rules(), 1)]
    [(('a', 'b'), 1000), (('b', 'a'), 1000)]

    Under three-hand rules, ``matches`` per trio, each deck sequence in all the trio's
    seat orders (:func:`seat_orders`):

    >>> [(s.bots, s.seed) for s in schedule(["a", "b"], 3, Rules.parse("three-hand"), 1)]
    [(('a', 'b', 'b'), 1000), (('b', 'a', 'b'), 1000), (('b', 'b', 'a'), 1000)]
    """
    if len(bots) < 2:
        raise TournamentError("a tournament needs at least two bots")
    if rules.seats == 3:
        return _schedule_three(bots, matches, rules, seed)
    if matches < 2 or matches % 2:
        raise TournamentError(
            f"matches per pairing must be even and at least 2 (duplicate pairs), not {matches}")
    specs = []
    pair = 0
    for first, second in itertools.combinations(bots, 2):
        for _ in range(matches // 2):
            deal_seed = seed * 1000 + pair % (matches // 2)
            specs.append(MatchSpec((first, second), str(rules), deal_seed, pair, *limits))
            specs.append(MatchSpec((second, first), str(rules), deal_seed, pair, *limits))
            pair += 1
    return specs


def seat_orders(bots: Sequence[str]) -> list[tuple[str, str, str]]:
    """The seat orders a deck sequence is played in: for two bots, the first against two
    copies of the second in its three rotations; for three, all six orders.

    >>> seat_orders(["a", "b"])
    [('a', 'b', 'b'), ('b', 'a', 'b'), ('b', 'b', 'a')]
    >>> len(seat_orders(["a", "b", "c"]))
    6
    """
    if len(bots) == 2:
        first, second = bots
        return [(first, second, second), (second, first, second), (second, second, first)]
    return [(a, b, c) for a, b, c in itertools.permutations(bots)]


def _schedule_three(bots: Sequence[str], matches: int, rules: Rules, seed: int) -> list[MatchSpec]:
    trios = [tuple(bots)] if len(bots) == 2 else list(itertools.combinations(bots, 3))
    specs: list[MatchSpec] = []
    group = 0
    for trio in trios:
        orders = seat_orders(trio)
        if matches < len(orders) or matches % len(orders):
            raise TournamentError(
                f"matches per trio must be a multiple of {len(orders)} (each deck sequence in all "
                f"{len(orders)} seat orders of {', '.join(trio)}), not {matches}")
        sequences = matches // len(orders)
        for _ in range(sequences):
            deal_seed = seed * 1000 + group % sequences
            specs.extend(MatchSpec(order, str(rules), deal_seed, group) for order in orders)
            group += 1
    return specs
