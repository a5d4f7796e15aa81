"""Duplicate-match tournaments between bots, with ratings and confidence intervals.

Every pairing plays deck sequences twice with the seats swapped, so luck of the
deal cancels out: in the twin match each bot gets the cards the other had.
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
from random import Random
from typing import Any

from sixtysix.bots import Bot, make_bot
from sixtysix.bots.pimc import PimcBot
from sixtysix.bots.solver import SolverBot
from sixtysix.errors import BotFailedError, TournamentError
from sixtysix.observation import Observation
from sixtysix.protocol import EngineBot, limit
from sixtysix.round import Action, Round
from sixtysix.rules import Rules
from sixtysix.table import Event, Table

Z95 = 1.959963984540054


@dataclass(frozen=True)
class MatchSpec:
    """One match to play: the bots in seat order, the deck seed, and the pair it belongs to."""

    bots: tuple[str, str]
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
    score: tuple[int, int]
    rounds: int
    think_times: tuple[tuple[float, ...], tuple[float, ...]]
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
        start = time.perf_counter()
        action = self.bot.act(observation)
        self.times.append(time.perf_counter() - start)
        return action


SEER = "seer:"
"""Prefix of a bot name that lets the bot see every card: ``seer:expert``."""


def let_see(bot: Bot, table: Table) -> None:
    """Make a search bot search the true round instead of rounds sampled from what
    it saw: the same bot allowed to see all cards, the limit of its play.

    A PIMC or solver bot then needs a single sample, the truth.
    """
    def truth(observation: Observation, rng: Random) -> Round:
        rnd = table.match.round
        assert rnd is not None
        return rnd.copy()

    bot.sampler = truth
    if isinstance(bot, PimcBot | SolverBot):
        bot.samples = 1


def play_match(spec: MatchSpec) -> MatchResult:
    """Play one match of a tournament (in a worker process).

    A program bot that fails (:class:`~sixtysix.errors.BotFailedError`) loses the
    match by forfeit, with the reason in the result; its process is ended.
    """
    bots = [limit(make_bot(name.removeprefix(SEER), seed=spec.seed * 2 + i),
                  spec.bot_seconds, spec.handshake_seconds) for i, name in enumerate(spec.bots)]
    seats = [_TimedSeat(bot) for bot in bots]
    table = Table(seats, Rules.parse(spec.rules), seed=spec.seed)
    for name, bot in zip(spec.bots, bots, strict=True):
        if name.startswith(SEER):
            let_see(bot, table)
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


def play_pair(pair: Sequence[MatchSpec]) -> list[MatchResult]:
    """Play the matches of one duplicate pair: the unit of work of every backend."""
    return [play_match(spec) for spec in pair]


def pairs(specs: Sequence[MatchSpec]) -> list[list[MatchSpec]]:
    """The scheduled matches grouped into their duplicate pairs, in order.

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
    """
    if len(bots) < 2:
        raise TournamentError("a tournament needs at least two bots")
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
class Report:
    """A finished tournament: standings, head-to-head records and every match."""

    bots: list[str]
    rules: str
    matches_per_pairing: int
    seed: int
    standings: list[Standing]
    head_to_head: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)
    results: list[MatchResult] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the report."""
        return {
            "bots": self.bots,
            "rules": self.rules,
            "matches_per_pairing": self.matches_per_pairing,
            "seed": self.seed,
            "standings": [
                {**asdict(s), "win_rate": s.win_rate, "win_interval": list(s.win_interval),
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
        if len(self.bots) > 2:
            lines.append("")
            lines.append("head to head (row's match wins - losses against column):")
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
                f"<p>Rules {html.escape(self.rules)}; {self.matches_per_pairing} duplicate matches per "
                f"pairing; seed {self.seed}. Ratings are Elo-scale (Bradley-Terry on match wins, "
                "mean 0) with 95% intervals from the Fisher information.</p>"
                f"{svg}<pre>{html.escape(self.table())}</pre></body></html>\n")


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


def _tally(bots: Sequence[str], results: Sequence[MatchResult]
           ) -> tuple[list[Standing], dict[str, dict[str, tuple[int, int]]]]:
    standings = {b: Standing(b) for b in bots}
    head = {a: {b: (0, 0) for b in bots if b != a} for a in bots}
    times: dict[str, list[float]] = {b: [] for b in bots}
    for r in results:
        for seat, name in enumerate(r.spec.bots):
            s = standings[name]
            s.matches += 1
            s.wins += r.winner == seat
            s.rounds += r.rounds
            s.game_points += r.score[seat]
            s.conceded += r.score[1 - seat]
            times[name].extend(r.think_times[seat])
        winner, loser = r.spec.bots[r.winner], r.spec.bots[1 - r.winner]
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
    ratings = bradley_terry(bots, [(r.spec.bots[r.winner], r.spec.bots[1 - r.winner]) for r in results])
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
        make_bot(name.removeprefix(SEER))
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
        run_on_ray(pairs(specs), collect, cpus=jobs, address=address)
    elif jobs == 1:
        for pair in pairs(specs):
            collect(play_pair(pair))
    else:
        # Workers ignore Ctrl-C, which a terminal sends to the whole process group: the
        # parent gets KeyboardInterrupt alone, and terminates them on its way out.
        pool = multiprocessing.Pool(jobs, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))
        try:
            for done in pool.imap_unordered(play_pair, pairs(specs)):
                collect(done)
            pool.close()
        finally:
            pool.terminate()
            pool.join()
    results.sort(key=lambda r: (r.spec.pair, r.spec.bots))
    standings, head = _tally(list(bots), results)
    return Report(list(bots), str(rules), matches, seed, standings, head, results)

