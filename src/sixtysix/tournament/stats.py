"""A tournament's numbers: each bot's standing, ratings and 95% intervals."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sixtysix.tournament.play import MatchResult
from sixtysix.tournament.seating import Seating

Z95 = 1.959963984540054


@dataclass
class Standing:
    """One bot's results over the whole tournament, counted per seat it took: a bot seated
    twice in a match (two bots at a table of three) plays two matches of it, winning at
    most one. ``conceded`` is what the other seats gained in its matches.

    The intervals of the game points and the edge are 95% intervals over the groups of
    matches dealt the same decks, which are independent (the matches of a group are not).
    The report gives them for matches of more than two seats only: in a duel the game
    points per round are net of the opponent's (:attr:`points_per_round`), the edge.
    """

    name: str
    matches: int = 0
    wins: int = 0
    rounds: int = 0
    game_points: int = 0
    conceded: int = 0
    decisions: int = 0
    think_seconds: float = 0.0
    think_max: float = 0.0
    think_median: float = 0.0
    """The median think time per decision, in seconds."""
    rating: float = 0.0
    rating_low: float = 0.0
    rating_high: float = 0.0
    points_low: float = math.nan
    points_high: float = math.nan
    edge: float = 0.0
    """Game points per round minus the mean of the other seats' per round."""
    edge_low: float = math.nan
    edge_high: float = math.nan
    seats: int = 2
    """The seats of each of its matches."""

    @property
    def win_rate(self) -> float:
        """Matches won per match played."""
        return self.wins / self.matches if self.matches else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins, self.matches)

    @property
    def points_per_round(self) -> float:
        """Game points won per round played, net of those conceded in a duel (two seats)."""
        net = self.game_points - (self.conceded if Seating(self.seats).duel else 0)
        return net / self.rounds if self.rounds else 0.0

    @property
    def ms_per_decision(self) -> float:
        """Mean think time per decision in milliseconds."""
        return 1000 * self.think_seconds / self.decisions if self.decisions else 0.0

    @property
    def ms_median(self) -> float:
        """Median think time per decision in milliseconds."""
        return 1000 * self.think_median


def ratio_interval(groups: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    """The ratio of the values' sum to the weights' sum over independent groups of
    (value, weight), with its 95% interval (the ratio estimator's linearised
    variance); the interval is NaN from fewer than two groups.

    >>> [round(v, 3) for v in ratio_interval([(3, 2), (5, 3), (2, 2), (4, 3)])]
    [1.4, 1.136, 1.664]
    """
    total = sum(weight for _, weight in groups)
    ratio = sum(value for value, _ in groups) / total if total else 0.0
    count = len(groups)
    if count < 2 or not total:
        return ratio, math.nan, math.nan
    spread = sum((value - ratio * weight) ** 2 for value, weight in groups) * count / (count - 1)
    half = Z95 * math.sqrt(spread) / total
    return ratio, ratio - half, ratio + half


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(v, 3) for v in wilson(80, 100)]
    [0.711, 0.867]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + Z95 ** 2 / trials
    centre = (p + Z95 ** 2 / (2 * trials)) / denominator
    spread = Z95 * math.sqrt(p * (1 - p) / trials + Z95 ** 2 / (4 * trials ** 2)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def _matrix_inverse(m: list[list[float]]) -> list[list[float]]:
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        scale = a[col][col]
        a[col] = [v / scale for v in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [v - factor * w for v, w in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def bradley_terry(bots: Sequence[str], games: Iterable[tuple[str, str]],
                  iterations: int = 500) -> dict[str, tuple[float, float]]:
    """Elo-scale ratings (mean 0) and their standard errors from (winner, loser) pairs.

    The ratings maximise the Bradley-Terry likelihood (MM algorithm) after adding
    a half win both ways between every pair that met, so a bot that won every
    match still gets a finite rating; the standard errors come from the inverse
    Fisher information at that point (a Laplace approximation).

    >>> r = bradley_terry(["a", "b"], [("a", "b")] * 3 + [("b", "a")])
    >>> round(r["a"][0] - r["b"][0]), round(r["a"][1])
    (147, 85)
    """
    index = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    wins = [[0.0] * n for _ in range(n)]
    for winner, loser in games:
        wins[index[winner]][index[loser]] += 1
    for i in range(n):
        for j in range(n):
            if i != j and (wins[i][j] or wins[j][i]):
                wins[i][j] += 0.5
    strength = [1.0] * n
    for _ in range(iterations):
        updated = []
        for i in range(n):
            denominator = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j])
                              for j in range(n) if j != i)
            updated.append(sum(wins[i]) / denominator if denominator else strength[i])
        mean_log = sum(math.log(s) for s in updated) / n
        strength = [s / math.exp(mean_log) for s in updated]
    information = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                p = strength[i] / (strength[i] + strength[j])
                v = (wins[i][j] + wins[j][i]) * p * (1 - p)
                information[i][i] += v
                information[i][j] -= v
    shifted = _matrix_inverse([[v + 1 / n for v in row] for row in information])
    elo = 400 / math.log(10)
    return {b: (elo * math.log(strength[i]), elo * math.sqrt(max(shifted[i][i] - 1 / n, 0.0)))
            for b, i in index.items()}


def tally(bots: Sequence[str], results: Sequence[MatchResult], seats: int = 2
           ) -> tuple[list[Standing], dict[str, dict[str, tuple[int, int]]]]:
    """The standings of ``bots`` in ``results`` of ``seats`` seats each, best rating first,
    and their head-to-head records: ``head[a][b]`` is a's wins and losses against b."""
    standings = {b: Standing(b, seats=seats) for b in bots}
    times: dict[str, list[float]] = {b: [] for b in bots}
    # Per bot, per group of matches dealt the same decks: game points, the other
    # seats' mean, rounds.
    groups: dict[str, dict[int, list[float]]] = {b: {} for b in bots}
    games: list[tuple[str, str]] = []
    for r in results:
        total = sum(r.score)
        for seat, name in enumerate(r.spec.bots):
            s = standings[name]
            s.matches += 1
            s.wins += r.winner == seat
            s.rounds += r.rounds
            s.game_points += r.score[seat]
            s.conceded += total - r.score[seat]
            times[name].extend(r.think_times[seat])
            group = groups[name].setdefault(r.spec.pair, [0.0, 0.0, 0.0])
            group[0] += r.score[seat]
            group[1] += (total - r.score[seat]) / (len(r.score) - 1)
            group[2] += r.rounds
        # The winner beat each other seat (the same bot in another seat is no opponent).
        winner = r.spec.bots[r.winner]
        games.extend((winner, name) for name in r.spec.bots if name != winner)
    head = {a: {b: (0, 0) for b in bots if b != a} for a in bots}
    for winner, loser in games:
        won, lost = head[winner][loser]
        head[winner][loser] = (won + 1, lost)
        won, lost = head[loser][winner]
        head[loser][winner] = (won, lost + 1)
    for b, spent in times.items():
        s = standings[b]
        s.decisions = len(spent)
        s.think_seconds = sum(spent)
        s.think_max = max(spent, default=0.0)
        s.think_median = statistics.median(spent) if spent else 0.0
        kept = groups[b].values()
        _, s.points_low, s.points_high = ratio_interval([(gp, rounds) for gp, _, rounds in kept])
        s.edge, s.edge_low, s.edge_high = ratio_interval([(gp - others, rounds)
                                                          for gp, others, rounds in kept])
    ratings = bradley_terry(bots, games)
    for b, (rating, error) in ratings.items():
        s = standings[b]
        s.rating = rating
        s.rating_low = rating - Z95 * error
        s.rating_high = rating + Z95 * error
    ordered = sorted(standings.values(), key=lambda s: -s.rating)
    return ordered, head
