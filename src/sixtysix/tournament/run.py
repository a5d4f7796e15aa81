"""Running a tournament: the bots checked, the matches scheduled and played on a backend,
the results tallied into a report.

>>> report = run_tournament(["greedy", "random"], matches=4, rules=Rules(), jobs=1, seed=3)
>>> [s.name for s in report.standings]
['greedy', 'random']
>>> report.standings[0].matches
4
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from sixtysix.bots import make_bot
from sixtysix.errors import TournamentError
from sixtysix.games import game_of
from sixtysix.rules import Rules
from sixtysix.tournament.backends import BACKENDS, run_pairs
from sixtysix.tournament.play import MatchResult
from sixtysix.tournament.report import Report
from sixtysix.tournament.schedule import pairs, schedule
from sixtysix.tournament.stats import tally


def run_tournament(bots: Sequence[str], matches: int, rules: Rules, jobs: int = 1, seed: int = 1,
                   progress: Callable[[int, int], None] | None = None, backend: str = "local",
                   address: str | None = None, bot_seconds: float | None = None,
                   handshake_seconds: float | None = None, bot_log: str | None = None,
                   memory: bool = False) -> Report:
    """Play every pairing's duplicate matches and rate the bots.

    Program bots (``cmd:``) may think ``bot_seconds`` per decision and take
    ``handshake_seconds`` to start (``None``: the protocol's defaults); with a
    ``bot_log`` folder, each writes its log of each match there, and the record of
    each match lost by forfeit is saved there (:func:`~sixtysix.tournament.play.play_match`);
    in ``memory`` mode they are told no running points.

    With ``backend="ray"`` the pairs run as Ray tasks: on the cluster at ``address``,
    on the Ray instance this process already started, or on a new local instance of
    ``jobs`` CPUs (:func:`sixtysix.tournament.ray.run_on_ray`).
    """
    game = game_of(rules)
    for name in bots:
        make_bot(name, game=game)
    if len(set(bots)) != len(bots):
        raise TournamentError("each bot may enter once")
    if jobs < 1:
        raise TournamentError(f"jobs must be at least 1, not {jobs}")
    specs = [dataclasses.replace(spec, bot_log=bot_log, memory=memory)
             for spec in schedule(bots, matches, rules, seed, (bot_seconds, handshake_seconds))]
    if backend not in BACKENDS:
        raise TournamentError(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")
    results: list[MatchResult] = []

    def collect(done: list[MatchResult]) -> None:
        results.extend(done)
        if progress:
            progress(len(results), len(specs))

    run_pairs(pairs(specs), collect, jobs, backend, address)
    results.sort(key=lambda r: (r.spec.pair, r.spec.bots))
    standings, head = tally(list(bots), results, rules.seats)
    return Report(list(bots), str(rules), matches, seed, standings, head, results, rules.seats)
