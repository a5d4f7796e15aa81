"""Where bots and hints think: worker processes, the fast levels in one of their own so no
game waits for another's slow bot, and the program bots the operator allows, each run as a
process of its own for each game (:mod:`sixtysix.web.programs`)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from sixtysix.bots import COMMAND, LEVELS, expertise, plays
from sixtysix.bots.engine import EngineBot
from sixtysix.game.interface import Game
from sixtysix.games import GAMES, AnyObservation, game_of
from sixtysix.web.models.messages import Hint, HintAction
from sixtysix.web.programs import make_program

T = TypeVar("T")

HINT_SAMPLES = 40
FAST_LEVELS = frozenset({"easy", "medium"})
"""Levels that decide in milliseconds."""


def end_with(server: int) -> None:
    """Make this worker process end when the server that started it is gone (killed
    servers leave no idle workers behind): a daemon thread looks once a second."""
    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, name="sixtysix-orphan-watch", daemon=True).start()


def levels_of(game: Game[Any, Any, Any]) -> list[str]:
    """The levels whose bots play ``game``.

    >>> from sixtysix.games import GAMES
    >>> all("easy" in levels_of(game) for game in GAMES)
    True
    """
    return [level for level in LEVELS if plays(level, game)]


def shared_levels() -> list[str]:
    """The levels whose bots play every game (the new-game form's ``three_levels``).

    >>> "easy" in shared_levels()
    True
    """
    return [level for level in LEVELS if all(plays(level, game) for game in GAMES)]


def analyse(observation: AnyObservation) -> list[tuple[str, float, bool]]:
    """The analysis of each legal action, by the analysis of the observation's game (run
    in a worker process)."""
    analysis = expertise(game_of(observation.rules)).analyze
    return [(v.action.token, v.expected, v.exact) for v in analysis(observation, samples=HINT_SAMPLES)]


class Bots:
    """The worker processes by speed, and the program bots players may pick."""

    def __init__(self, *, workers: int | None = None, programs: Mapping[str, str] | None = None,
                 bot_seconds: float | None = None, handshake_seconds: float | None = None,
                 bot_log: str | None = None) -> None:
        self.programs = dict(programs or {})
        """The program bots the operator allows: each name's command (``cmd:`` without the prefix)."""
        self.bot_seconds = bot_seconds
        self.handshake_seconds = handshake_seconds
        self.bot_log = bot_log
        """The folder of the program bots' logs, ``None`` for none."""
        self._workers = workers
        self._pools: dict[bool, Executor] = {}
        """Worker processes by speed: the fast levels think in their own process, so a
        queue of slow bots (and hints) never delays them."""
        self.pending = 0
        """Decisions and hints handed to the worker processes and not yet answered."""

    def start(self, first: Callable[..., object], *args: Any) -> None:
        """Open the worker processes, each starting on ``first(*args)`` at once rather than
        at the first move."""
        spawn = multiprocessing.get_context("spawn")
        watch = (os.getpid(),)
        self._pools = {True: ProcessPoolExecutor(1, mp_context=spawn, initializer=end_with, initargs=watch),
                       False: ProcessPoolExecutor(self._workers, mp_context=spawn, initializer=end_with,
                                                  initargs=watch)}
        loop = asyncio.get_running_loop()
        for pool in self._pools.values():
            loop.run_in_executor(pool, first, *args)

    def stop(self) -> None:
        """Stop the worker processes, dropping what they have not started."""
        for pool in self._pools.values():
            pool.shutdown(wait=True, cancel_futures=True)

    def opponents(self, game: Game[Any, Any, Any]) -> list[str]:
        """The bots that may take a seat of ``game``: the levels and the program bots
        that play it."""
        programs = [name for name, command in self.programs.items() if plays(COMMAND + command, game)]
        return [*levels_of(game), *programs]

    async def think(self, level: str, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the worker processes of ``level``'s speed."""
        return await self._run(self._pools[level in FAST_LEVELS], function, *args)

    async def hint(self, observation: AnyObservation, seq: int) -> Hint:
        """The analysis of each legal action of the seat to act at the state ``seq``, from
        its own observation."""
        values = await self._run(self._pools[False], analyse, observation)
        actions = [HintAction(action=a, expected=round(e, 4), exact=x) for a, e, x in values]
        return Hint(seq=seq, actions=actions)

    async def _run(self, pool: Executor, function: Callable[..., T], *args: Any) -> T:
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, function, *args)
        finally:
            self.pending -= 1

    def program(self, name: str, seed: int, game: str) -> EngineBot:
        """A new process of the program bot ``name`` for the game of id ``game``, seeded; it
        logs to the game's file of the bot log folder, if there is one."""
        log = None if self.bot_log is None else Path(self.bot_log) / f"game-{game}.log"
        return make_program(self.programs[name], seed, self.bot_seconds, self.handshake_seconds, log)
