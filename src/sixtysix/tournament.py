"""Duplicate-match tournaments between bots, with ratings and confidence intervals.

Every pairing plays deck sequences twice with the seats swapped, so luck of the
deal cancels out: in the twin match each bot gets the cards the other had.
Under the three-hand rules (RULES.md section 11) every trio of bots plays each deck
sequence in all its seat orders instead: with two bots, the first against two copies
of the second in the three rotations; with three or more, every trio in all six
orders (see :func:`schedule`).
Duplicate pairs run on a local process pool (stopped at once on Ctrl-C) or on a Ray
cluster (:mod:`sixtysix.cluster`); the same seeds give the same results on both.

>>> report = run_tournament(["greedy", "random"], matches=4, rules=Rules(), jobs=1, seed=3)
>>> [s.name for s in report.standings]
['greedy', 'random']
>>> report.standings[0].matches
4
"""

from __future__ import annotations

import html
import itertools
import math
import multiprocessing
import signal
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from sixtysix.bots import Bot, make_bot
from sixtysix.bots.engine import EngineBot, limit
from sixtysix.errors import BotFailedError, TournamentError
from sixtysix.game.actions import Action
from sixtysix.rules import Rules
from sixtysix.table import Event, Table, ThreeTable
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import ThreeObservation, observe_three
from sixtysix.two.observation import Observation

Z95 = 1.959963984540054


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


@dataclass(frozen=True)
class MatchResult:
    """What one match gave: the winner's seat, the score, rounds and think times."""

    spec: MatchSpec
    winner: int
    score: tuple[int, ...]
    rounds: int
    think_times: tuple[tuple[float, ...], ...]
    """Each seat's think time of every decision, in seconds."""
    forfeit: str | None = None
    """Why the loser lost by forfeit (a program bot that failed), else ``None``."""


class _TimedSeat:
    """A bot seat that measures how long each decision takes. It listens to the
    table's events only if its bot does (a program bot), so that the table builds
    no observations for bots that ignore them."""

    notify: Callable[[Event], None]

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[float] = []
        notify = getattr(bot, "notify", None)
        if notify is not None:
            self.notify = notify

    def act(self, observation: Observation) -> Action:
        return self._timed(self.bot.act, observation)

    def act_three(self, observation: ThreeObservation) -> Action:
        return self._timed(self.bot.act_three, observation)

    def _timed(self, act: Callable[[Any], Action], observation: object) -> Action:
        start = time.perf_counter()
        action = act(observation)
        self.times.append(time.perf_counter() - start)
        return action


def play_match(spec: MatchSpec) -> MatchResult:
    """Play one match of a tournament (in a worker process).

    A program bot that fails (:class:`~sixtysix.errors.BotFailedError`) loses the
    match by forfeit, with the reason in the result; its process is ended.
    """
    if len(spec.bots) == 3:
        return _play_three(spec)
    bots = [limit(make_bot(name, seed=spec.seed * 2 + i), spec.bot_seconds, spec.handshake_seconds)
            for i, name in enumerate(spec.bots)]
    seats = [_TimedSeat(bot) for bot in bots]
    table = Table(seats, Rules.parse(spec.rules), seed=spec.seed)
    forfeit = None
    try:
        match = table.play()
        winner = match.winner
    except BotFailedError as error:
        match = table.match
        loser = error.seat if error.seat is not None else table.match.to_act or 0
        winner = 1 - loser
        forfeit = f"seat {loser} ({spec.bots[loser]}): {error.reason}"
    finally:
        for bot in bots:
            if isinstance(bot, EngineBot):
                bot.close()
    assert winner is not None
    return MatchResult(
        spec, winner, match.score, len(match.rounds),
        (tuple(seats[0].times), tuple(seats[1].times)), forfeit,
    )


def _play_three(spec: MatchSpec) -> MatchResult:
    """Play one three-hand match of a tournament."""
    seats = [_TimedSeat(make_bot(name, seed=spec.seed * 3 + i)) for i, name in enumerate(spec.bots)]
    match = ThreeTable(seats, Rules.parse(spec.rules), seed=spec.seed).play()
    assert match.winner is not None
    return MatchResult(spec, match.winner, match.score, len(match.rounds),
                       tuple(tuple(seat.times) for seat in seats))


def play_pair(pair: Sequence[MatchSpec]) -> list[MatchResult]:
    """Play the matches of one duplicate pair (or group of seat orders): the unit of
    work of every backend."""
    return [play_match(spec) for spec in pair]


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


@dataclass
class Standing:
    """One bot's results over the whole tournament."""

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
        """Game points won minus conceded, per round played."""
        return (self.game_points - self.conceded) / self.rounds if self.rounds else 0.0

    @property
    def ms_per_decision(self) -> float:
        """Mean think time per decision in milliseconds."""
        return 1000 * self.think_seconds / self.decisions if self.decisions else 0.0

    @property
    def ms_median(self) -> float:
        """Median think time per decision in milliseconds."""
        return 1000 * self.think_median


@dataclass
class ThreeStanding(Standing):
    """One bot's results over a three-hand tournament, counted per seat it took: a bot
    seated twice in a match (the strength setting) plays two matches of it, winning
    at most one. ``conceded`` is what the other two seats gained in its matches.

    The intervals are 95% intervals over the groups of matches dealt the same decks,
    which are independent (the matches of a group are not).
    """

    points_low: float = math.nan
    points_high: float = math.nan
    edge: float = 0.0
    """Game points per round minus the mean of the other two seats' per round."""
    edge_low: float = math.nan
    edge_high: float = math.nan

    @property
    def points_per_round(self) -> float:
        """Game points won per round played."""
        return self.game_points / self.rounds if self.rounds else 0.0


@dataclass
class Report:
    """A finished tournament: standings, head-to-head records and every match."""

    bots: list[str]
    rules: str
    matches_per_pairing: int
    seed: int
    standings: list[Standing]
    head_to_head: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)
    results: list[MatchResult] = field(default_factory=list)
    seats: int = 2

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the report (an interval that cannot be estimated, from a
        single group of matches, is ``null``)."""
        seats = {"seats": self.seats} if self.seats == 3 else {}
        return {
            **seats,
            "bots": self.bots,
            "rules": self.rules,
            "matches_per_pairing": self.matches_per_pairing,
            "seed": self.seed,
            "standings": [
                {**{k: _finite(v) for k, v in asdict(s).items()}, "win_rate": s.win_rate,
                 "win_interval": list(s.win_interval),
                 "points_per_round": s.points_per_round, "ms_per_decision": s.ms_per_decision,
                 "ms_median": s.ms_median}
                for s in self.standings
            ],
            "head_to_head": {a: {b: list(v) for b, v in row.items()} for a, row in self.head_to_head.items()},
            "forfeits": [{"bots": list(r.spec.bots), "seed": r.spec.seed, "winner": r.winner,
                          "reason": r.forfeit} for r in self.results if r.forfeit is not None],
        }

    def table(self) -> str:
        """The standings as a text table."""
        w = max(12, *(len(b) for b in self.bots))
        c = max(12, *(len(b) + 2 for b in self.bots))
        lines = self._three_lines(w) if self.seats == 3 else self._two_lines(w)
        if len(self.bots) > 2:
            lines.append("")
            lines.append("head to head (row's match wins - losses against column):" if self.seats == 2 else
                         "head to head (row's wins - losses against column; a match won beats each "
                         "other seat):")
            lines.append(" " * w + "".join(f"{b:>{c}}" for b in self.bots))
            for a in self.bots:
                cells = "".join(
                    f"{'-':>{c}}" if a == b else f"{'{}-{}'.format(*self.head_to_head[a][b]):>{c}}"
                    for b in self.bots)
                lines.append(f"{a:<{w}}{cells}")
        forfeits = [r for r in self.results if r.forfeit is not None]
        if forfeits:
            lines.append("")
            lines.append(f"forfeits ({len(forfeits)} matches lost by a failing bot):")
            lines.extend(f"  {' vs '.join(r.spec.bots)} seed {r.spec.seed}: {r.forfeit}" for r in forfeits)
        return "\n".join(lines)

    def _two_lines(self, w: int) -> list[str]:
        lines = [f"{'bot':<{w}} {'matches':>7} {'wins':>5} {'win %':>6} {'95% CI':>13} "
                 f"{'gp/round':>8} {'rating':>7} {'95% CI':>13} {'ms/dec':>7} {'ms med':>7} {'ms max':>7}"]
        for s in self.standings:
            low, high = s.win_interval
            win_ci = f"{100 * low:.1f}-{100 * high:.1f}"
            rating_ci = f"{s.rating_low:.0f}..{s.rating_high:.0f}"
            lines.append(
                f"{s.name:<{w}} {s.matches:>7} {s.wins:>5} {100 * s.win_rate:>5.1f}% {win_ci:>13} "
                f"{s.points_per_round:>+8.3f} {s.rating:>7.0f} {rating_ci:>13} "
                f"{s.ms_per_decision:>7.1f} {s.ms_median:>7.1f} {1000 * s.think_max:>7.0f}")
        return lines

    def _three_lines(self, w: int) -> list[str]:
        lines = [f"{'bot':<{w}} {'matches':>7} {'wins':>5} {'win %':>6} {'95% CI':>11} "
                 f"{'gp/round':>8} {'95% CI':>13} {'edge':>6} {'95% CI':>13} "
                 f"{'rating':>7} {'95% CI':>11} {'ms med':>7} {'ms max':>7}"]
        for s in self.standings:
            assert isinstance(s, ThreeStanding)
            low, high = s.win_interval
            lines.append(
                f"{s.name:<{w}} {s.matches:>7} {s.wins:>5} {100 * s.win_rate:>5.1f}% "
                f"{f'{100 * low:.1f}-{100 * high:.1f}':>11} {s.points_per_round:>8.3f} "
                f"{_span(s.points_low, s.points_high, '.3f'):>13} {s.edge:>+6.3f} "
                f"{_span(s.edge_low, s.edge_high, '+.3f'):>13} {s.rating:>7.0f} "
                f"{_span(s.rating_low, s.rating_high, '.0f'):>11} {s.ms_median:>7.1f} "
                f"{1000 * s.think_max:>7.0f}")
        lines.append("")
        lines.append("per seat taken; edge: game points per round minus the other two seats' mean; "
                     "intervals over deck groups")
        return lines

    def html(self) -> str:
        """A self-contained HTML page with the ratings and their intervals as an SVG chart."""
        width, row = 640, 34
        lows = [s.rating_low for s in self.standings]
        highs = [s.rating_high for s in self.standings]
        lo, hi = min(lows) - 50, max(highs) + 50
        def x(value: float) -> float:
            return 120 + (width - 150) * (value - lo) / (hi - lo)
        bars = []
        for i, s in enumerate(self.standings):
            y = 20 + i * row
            bars.append(
                f'<text x="110" y="{y + 5}" text-anchor="end">{html.escape(s.name)}</text>'
                f'<line x1="{x(s.rating_low):.1f}" x2="{x(s.rating_high):.1f}" y1="{y}" y2="{y}" '
                f'stroke="#456" stroke-width="3"/>'
                f'<circle cx="{x(s.rating):.1f}" cy="{y}" r="6" fill="#c33"/>'
                f'<text x="{x(s.rating_high) + 8:.1f}" y="{y + 5}">{s.rating:.0f}</text>')
        height = 40 + row * len(self.standings)
        zero = f'<line x1="{x(0):.1f}" x2="{x(0):.1f}" y1="0" y2="{height}" stroke="#bbb"/>' \
            if lo < 0 < hi else ""
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'font-family="sans-serif" font-size="13">{zero}{"".join(bars)}</svg>')
        return ("<!doctype html><html><head><meta charset='utf-8'><title>sixtysix tournament</title>"
                "</head><body><h1>Tournament</h1>"
                f"<p>Rules {html.escape(self.rules)}; {self._format()}; seed {self.seed}. Ratings are "
                f"Elo-scale (Bradley-Terry on {self._games()}, mean 0) with 95% intervals from the "
                "Fisher information.</p>"
                f"{svg}<pre>{html.escape(self.table())}</pre></body></html>\n")


    def _format(self) -> str:
        if self.seats == 2:
            return f"{self.matches_per_pairing} duplicate matches per pairing"
        return f"{self.matches_per_pairing} matches per trio, each deck sequence in all its seat orders"

    def _games(self) -> str:
        return "match wins" if self.seats == 2 else "pairwise results: a match's winner beat each other seat"


def _finite(value: object) -> object:
    """``value``, or ``None`` for a float that is not finite (JSON has no NaN)."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def _span(low: float, high: float, spec: str) -> str:
    """An interval as text, ``n/a`` when it cannot be estimated."""
    return f"{low:{spec}}..{high:{spec}}" if math.isfinite(low) else "n/a"


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


def _tally(bots: Sequence[str], results: Sequence[MatchResult], seats: int = 2
           ) -> tuple[list[Standing], dict[str, dict[str, tuple[int, int]]]]:
    kind = ThreeStanding if seats == 3 else Standing
    standings = {b: kind(b) for b in bots}
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
        if isinstance(s, ThreeStanding):
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


BACKENDS = ("local", "ray")
"""Where a tournament's duplicate pairs run: local processes, or a Ray cluster."""


def run_tournament(bots: Sequence[str], matches: int, rules: Rules, jobs: int = 1, seed: int = 1,
                   progress: Callable[[int, int], None] | None = None, backend: str = "local",
                   address: str | None = None, bot_seconds: float | None = None,
                   handshake_seconds: float | None = None) -> Report:
    """Play every pairing's duplicate matches and rate the bots.

    Program bots (``cmd:``) may think ``bot_seconds`` per decision and take
    ``handshake_seconds`` to start (``None``: the protocol's defaults).

    With ``backend="ray"`` the pairs run as Ray tasks: on the cluster at ``address``,
    on the Ray instance this process already started, or on a new local instance of
    ``jobs`` CPUs (:func:`sixtysix.cluster.run_on_ray`).
    """
    for name in bots:
        bot = make_bot(name)
        if rules.seats == 3:
            require_three(name, bot)
    if len(set(bots)) != len(bots):
        raise TournamentError("each bot may enter once")
    if jobs < 1:
        raise TournamentError(f"jobs must be at least 1, not {jobs}")
    specs = schedule(bots, matches, rules, seed, (bot_seconds, handshake_seconds))
    if backend not in BACKENDS:
        raise TournamentError(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")
    results: list[MatchResult] = []

    def collect(done: list[MatchResult]) -> None:
        results.extend(done)
        if progress:
            progress(len(results), len(specs))

    if backend == "ray":
        from sixtysix.cluster import run_on_ray
        run_on_ray(play_pair, pairs(specs), collect, cpus=jobs, address=address)
    elif jobs == 1:
        for pair in pairs(specs):
            collect(play_pair(pair))
    else:
        _run_on_pool(pairs(specs), collect, jobs)
    results.sort(key=lambda r: (r.spec.pair, r.spec.bots))
    standings, head = _tally(list(bots), results, rules.seats)
    return Report(list(bots), str(rules), matches, seed, standings, head, results, rules.seats)


def _run_on_pool(work: list[list[MatchSpec]], collect: Callable[[list[MatchResult]], None],
                 jobs: int) -> None:
    """Play the pairs of ``work`` on ``jobs`` worker processes, passing each pair's results
    to ``collect`` as it ends.

    Workers ignore Ctrl-C, which a terminal sends to the whole process group: the parent
    gets KeyboardInterrupt alone, and ends them on its way out. SIGINT is blocked while
    the pool starts, so that a worker ignores it from its first instruction and a Ctrl-C
    meanwhile reaches the parent once the pool is whole, inside the ``try`` that ends it.
    """
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    pool = None
    try:
        pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts, initargs=(mask,))
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for done in pool.imap_unordered(play_pair, work):
            collect(done)
        pool.close()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if pool is not None:
            pool.terminate()
            pool.join()


def _ignore_interrupts(mask: set[signal.Signals]) -> None:
    """A worker's first step: ignore SIGINT, then take the parent's signal mask back."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def require_three(name: str, bot: Bot) -> None:
    """Raise :class:`~sixtysix.errors.BotError` (the bot's own words) or
    :class:`TournamentError` unless the bot ``name`` gave can take a seat of a
    three-hand match."""
    if type(bot).act_three is Bot.act_three:
        rnd = ThreeMatch(seed=0).deal()
        bot.act_three(observe_three(rnd, rnd.leader))

