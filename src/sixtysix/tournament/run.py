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
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

from sixtysix.bots import make_bot
from sixtysix.errors import TournamentError
from sixtysix.games import game_of
from sixtysix.rules import Rules
from sixtysix.tournament.backends import BACKENDS, run_pairs
from sixtysix.tournament.play import MatchResult, log_name
from sixtysix.tournament.report import Report
from sixtysix.tournament.schedule import MatchSpec, pairs, schedule
from sixtysix.tournament.stats import tally


def run_tournament(bots: Sequence[str], matches: int, rules: Rules, jobs: int = 1, seed: int = 1,
                   progress: Callable[[int, int], None] | None = None, backend: str = "local",
                   address: str | None = None, bot_seconds: float | None = None,
                   handshake_seconds: float | None = None, bot_log: str | None = None,
                   memory: bool = False, forfeits: str | None = None) -> Report:
    """Play every pairing's duplicate matches and rate the bots.

    Program bots (``cmd:``) may think ``bot_seconds`` per decision and take
    ``handshake_seconds`` to start (``None``: the protocol's defaults); with a
    ``bot_log`` folder, each writes its log of each match there
    (:func:`~sixtysix.tournament.play.play_match`); in ``memory`` mode they are told no
    running points. With a ``forfeits`` folder, the record of each match lost by
    forfeit is saved there by this process, wherever the match was played
    (:func:`save_forfeits`).

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
    if forfeits is not None:
        results = save_forfeits(results, Path(forfeits))
    standings, head = tally(list(bots), results, rules.seats)
    return Report(list(bots), str(rules), matches, seed, standings, head, results, rules.seats)


def save_forfeits(results: Sequence[MatchResult], folder: Path) -> list[MatchResult]:
    """The results, each match lost by forfeit with its record saved in ``folder`` (made
    when there is one) and its reason naming the file and the command that replays it,
    or why it could not be saved: the tournament's results are not lost for that.
    """
    return [result if result.forfeit is None or result.record is None
            else dataclasses.replace(result, forfeit=f"{result.forfeit}; "
                                                     f"{_save(result.spec, result.record, folder)}")
            for result in results]


def _save(spec: MatchSpec, record: str, folder: Path) -> str:
    """Save a forfeited match's record; where it is and how to replay it, or why not."""
    path = folder / f"{log_name(spec)}.ssn"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(record, encoding="utf-8")
    except OSError as error:
        return f"record not saved in {folder}: {error.strerror}"
    return f"record {path}, replayed by: sixtysix replay {shlex.quote(str(path))}"
