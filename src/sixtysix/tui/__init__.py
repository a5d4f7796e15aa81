"""The terminal front end: play a match of Sixty-Six against the computer.

``sixtysix play`` calls :func:`run`; the app itself is the game's entry of :data:`APPS`
(:class:`sixtysix.tui.app.SixtySixApp`, :class:`sixtysix.tui.three.ThreeApp`).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from sixtysix.game.interface import narrowed
from sixtysix.games import THREE, TWO, AnyMatch, game_of
from sixtysix.rules import Rules
from sixtysix.three.match import ThreeMatch
from sixtysix.tui.app import MatchApp, SixtySixApp
from sixtysix.tui.three import ThreeApp
from sixtysix.two.match import Match

__all__ = ["APPS", "Options", "SixtySixApp", "ThreeApp", "run"]


@dataclass(frozen=True)
class Options:
    """What :func:`run` was asked besides the rules and the match, for the app of the game."""

    seed: int | None
    save: str | Path | None
    opponent: str
    delay: float
    memory: bool
    manual_draw: bool
    bot_seconds: float | None
    handshake_seconds: float | None
    explain_close: bool


def _two_app(rules: Rules | None, match: AnyMatch | None, options: Options) -> MatchApp:
    return SixtySixApp(rules, seed=options.seed, save=options.save, opponent=options.opponent,
                       delay=options.delay, memory=options.memory,
                       match=None if match is None else narrowed(match, Match),
                       manual_draw=options.manual_draw, signals=True, bot_seconds=options.bot_seconds,
                       handshake_seconds=options.handshake_seconds, explain_close=options.explain_close)


def _three_app(rules: Rules | None, match: AnyMatch | None, options: Options) -> MatchApp:
    return ThreeApp(rules, seed=options.seed, save=options.save, opponent=options.opponent,
                    delay=options.delay, match=None if match is None else narrowed(match, ThreeMatch),
                    signals=True)


APPS: Final[Mapping[str, Callable[[Rules | None, AnyMatch | None, Options], MatchApp]]] = {
    TWO.name: _two_app,
    THREE.name: _three_app,
}
"""The terminal app of each game, by the game's name: made from the rules, the match to
play on and the options of :func:`run` (a new game adds its own).

>>> from sixtysix.games import GAMES
>>> sorted(APPS) == sorted(game.name for game in GAMES)
True
"""


def run(rules: Rules | None = None, *, seed: int | None = None, save: str | Path | None = None,
        opponent: str = "greedy", delay: float = 0.5, memory: bool = False,
        match: AnyMatch | None = None,
        manual_draw: bool = False, bot_seconds: float | None = None,
        handshake_seconds: float | None = None, explain_close: bool = True) -> int:
    """Play a match in the terminal; returns the exit status.

    The user is seat 0 and ``opponent`` (a level or a bot, see
    :func:`~sixtysix.bots.make_bot`) seat 1, and seat 2 too under the three-hand
    rules (or for a three-hand ``match``: see :class:`~sixtysix.tui.three.ThreeApp`,
    where ``memory``, ``manual_draw``, ``explain_close`` and the program bots' limits do not
    apply). ``delay`` is the opponent's pause in seconds before each of its actions, ``memory``
    starts in memory mode, ``manual_draw`` keeps the draw on its own key, ``explain_close=False``
    closes the stock without first saying what closing means and asking, and
    ``save`` names a file for the match record, written after every action.
    ``match`` is a match to play on (see :func:`sixtysix.tui.saving.load`). A program
    opponent may think ``bot_seconds`` per decision and take ``handshake_seconds`` to start.
    SIGTERM and SIGHUP end the app cleanly with status 128 + the signal's number.
    """
    game = game_of(match.rules if match is not None else rules or Rules())
    options = Options(seed, save, opponent, delay, memory, manual_draw, bot_seconds, handshake_seconds,
                      explain_close)
    try:
        app = APPS[game.name](rules, match, options)
    except ValueError as error:
        print(f"sixtysix play: {error}", file=sys.stderr)
        return 2
    status = app.run()
    if app.saved is not None:
        with contextlib.suppress(OSError):
            print(app.saved, file=sys.stderr if app.save_failed else sys.stdout)
    if status is None:  # the app failed (Textual has printed why)
        return app.return_code or 1
    return status
