"""A finished tournament's report: standings, head-to-head records and every match, as
text, JSON or an HTML page."""

from __future__ import annotations

import html
import math
from dataclasses import asdict, dataclass, field
from typing import Any

from sixtysix.tournament.play import MatchResult
from sixtysix.tournament.seating import Seating
from sixtysix.tournament.stats import Standing


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

    @property
    def seating(self) -> Seating:
        """What the number of seats of the matches changes in the report."""
        return Seating(self.seats)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the report (an interval that cannot be estimated, from a
        single group of matches, is ``null``); the number of seats, the game points'
        intervals and the edge are given for matches of more than two seats."""
        duel = self.seating.duel
        seats = {} if duel else {"seats": self.seats}
        hidden = {"seats", *(_GROUP_FIELDS if duel else ())}
        return {
            **seats,
            "bots": self.bots,
            "rules": self.rules,
            "matches_per_pairing": self.matches_per_pairing,
            "seed": self.seed,
            "standings": [
                {**{k: _finite(v) for k, v in asdict(s).items() if k not in hidden}, "win_rate": s.win_rate,
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
        lines = self._duel_lines(w) if self.seating.duel else self._group_lines(w)
        if len(self.bots) > 2:
            lines.append("")
            lines.append(self.seating.head_to_head)
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

    def _duel_lines(self, w: int) -> list[str]:
        """The standings of matches of two seats: game points per round net of the opponent's."""
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

    def _group_lines(self, w: int) -> list[str]:
        """The standings of matches of more seats: game points per round and the edge, with
        their intervals over deck groups."""
        lines = [f"{'bot':<{w}} {'matches':>7} {'wins':>5} {'win %':>6} {'95% CI':>11} "
                 f"{'gp/round':>8} {'95% CI':>13} {'edge':>6} {'95% CI':>13} "
                 f"{'rating':>7} {'95% CI':>11} {'ms med':>7} {'ms max':>7}"]
        for s in self.standings:
            low, high = s.win_interval
            lines.append(
                f"{s.name:<{w}} {s.matches:>7} {s.wins:>5} {100 * s.win_rate:>5.1f}% "
                f"{f'{100 * low:.1f}-{100 * high:.1f}':>11} {s.points_per_round:>8.3f} "
                f"{_span(s.points_low, s.points_high, '.3f'):>13} {s.edge:>+6.3f} "
                f"{_span(s.edge_low, s.edge_high, '+.3f'):>13} {s.rating:>7.0f} "
                f"{_span(s.rating_low, s.rating_high, '.0f'):>11} {s.ms_median:>7.1f} "
                f"{1000 * s.think_max:>7.0f}")
        lines.append("")
        lines.append(self.seating.counted)
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
                f"<p>Rules {html.escape(self.rules)}; {self.seating.played(self.matches_per_pairing)}; "
                f"seed {self.seed}. Ratings are Elo-scale (Bradley-Terry on {self.seating.results}, mean 0) "
                "with 95% intervals from the Fisher information.</p>"
                f"{svg}<pre>{html.escape(self.table())}</pre></body></html>\n")


_GROUP_FIELDS = ("points_low", "points_high", "edge", "edge_low", "edge_high")
"""The fields of a :class:`Standing` that the report gives for matches of more than two seats only."""


def _finite(value: object) -> object:
    """``value``, or ``None`` for a float that is not finite (JSON has no NaN)."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def _span(low: float, high: float, spec: str) -> str:
    """An interval as text, ``n/a`` when it cannot be estimated."""
    return f"{low:{spec}}..{high:{spec}}" if math.isfinite(low) else "n/a"
