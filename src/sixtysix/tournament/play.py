"""Playing a tournament's matches: one match, and one duplicate pair (or group of seat
orders), the unit of work of every backend (:mod:`~sixtysix.tournament.backends`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sixtysix.bots import make_bot
from sixtysix.bots.engine import EngineBot, limit
from sixtysix.errors import BotFailedError
from sixtysix.games import game_of
from sixtysix.notation import Record, Tag
from sixtysix.rules import Rules
from sixtysix.table import Table
from sixtysix.tournament.schedule import MatchSpec
from sixtysix.tournament.seats import TimedSeat


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
    record: str | None = None
    """The record of a match lost by forfeit, as far as it was played, else ``None``."""


def play_match(spec: MatchSpec) -> MatchResult:
    """Play one match of a tournament (in a worker process).

    A program bot that fails (:class:`~sixtysix.errors.BotFailedError`) loses the
    match by forfeit, with the reason in the result; its process is ended. The match
    goes to the other seat with the highest score (the first of them in seat order
    on equal scores), and the result keeps the match's record as far as it went. With a
    :attr:`~MatchSpec.bot_log` folder, each program bot logs the match to its own file
    there (:func:`log_name`).
    """
    rules = Rules.parse(spec.rules)
    game = game_of(rules)
    bots = [limit(make_bot(name, seed=spec.seed * game.seats + i, game=game), spec.bot_seconds,
                  spec.handshake_seconds) for i, name in enumerate(spec.bots)]
    folder = None if spec.bot_log is None else Path(spec.bot_log)
    for seat, bot in enumerate(bots):
        if isinstance(bot, EngineBot):
            bot.memory = spec.memory
            bot.log = None if folder is None else folder / f"{log_name(spec)}-seat{seat}.log"
    seats = [TimedSeat(bot) for bot in bots]
    table = Table(seats, rules, seed=spec.seed)
    forfeit = record = None
    try:
        match = table.play()
        winner = match.winner
    except BotFailedError as error:
        match = table.match
        loser = error.seat if error.seat is not None else table.match.to_act or 0
        others = [seat for seat in range(game.seats) if seat != loser]
        winner = max(others, key=lambda seat: match.score[seat])
        forfeit = f"seat {loser} ({spec.bots[loser]}): {error.reason}; deck seed {spec.seed}"
        tags = [Tag("Seed", (str(spec.seed),)), Tag("Forfeit", (f"seat {loser}",))]
        record = str(Record.from_match(match, spec.bots, tags))
    finally:
        for bot in bots:
            if isinstance(bot, EngineBot):
                bot.close()
    assert winner is not None
    return MatchResult(spec, winner, match.score, len(match.rounds),
                       tuple(tuple(seat.times) for seat in seats), forfeit, record)


def log_name(spec: MatchSpec) -> str:
    """The name of a match's files in the bot log and forfeits folders, the same in every run: its
    duplicate group and its seat order (each seat's bot by its rank among the match's
    bots), unique in the tournament.

    >>> log_name(MatchSpec(("greedy", "cmd:x"), "classic", 1000, 3))
    'match3-10'
    """
    ranked = sorted(set(spec.bots))
    return f"match{spec.pair}-{''.join(str(ranked.index(name)) for name in spec.bots)}"


def play_pair(pair: Sequence[MatchSpec]) -> list[MatchResult]:
    """Play the matches of one duplicate pair (or group of seat orders): the unit of
    work of every backend."""
    return [play_match(spec) for spec in pair]
