"""The terminal front end: play a match of Sixty-Six against the computer.

``sixtysix play`` calls :func:`run`; the app itself is :class:`sixtysix.tui.app.SixtySixApp`,
one for every game: the rules (or the match) say which game, and the game's data what
the table shows and offers.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from sixtysix.games import AnyMatch
from sixtysix.rules import Rules
from sixtysix.tui.app import SixtySixApp

__all__ = ["SixtySixApp", "run"]


def run(rules: Rules | None = None, *, seed: int | None = None, save: str | Path | None = None,
        opponent: str = "greedy", delay: float = 0.5, memory: bool = False,
        match: AnyMatch | None = None,
        manual_draw: bool = False, bot_seconds: float | None = None,
        handshake_seconds: float | None = None, explain_close: bool = True,
        language: str | None = None) -> int:
    """Play a match in the terminal; returns the exit status.

    The user is seat 0 and ``opponent`` (a level or a bot, see
    :func:`~sixtysix.bots.make_bot`) every other seat of the game of ``rules`` (or of
    ``match``). ``delay`` is the computer players' pause in seconds before each of their
    actions, ``memory`` starts in memory mode (against a lone opponent), ``manual_draw``
    keeps the draw on its own key, ``explain_close=False`` closes the stock without first
    saying what closing means and asking (the last two only matter in a game with a stock),
    and ``save`` names a file for the match record, written after every action.
    ``match`` is a match to play on (see :func:`sixtysix.tui.saving.load`). A program
    opponent may think ``bot_seconds`` per decision and take ``handshake_seconds`` to start.
    ``language`` is the table's language (``None``: the environment's locale, else English).
    SIGTERM and SIGHUP end the app cleanly with status 128 + the signal's number.
    """
    try:
        app = SixtySixApp(rules, seed=seed, save=save, opponent=opponent, delay=delay, memory=memory,
                          match=match, manual_draw=manual_draw, signals=True, bot_seconds=bot_seconds,
                          handshake_seconds=handshake_seconds, explain_close=explain_close, language=language)
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
