"""The move clock of a game, computed from its stored moves (``Move.at``, Unix milliseconds).

Each person's seat has ``move`` seconds for each decision; time beyond that comes out of
its bank (``bank`` seconds for the whole match). A seat's turn starts at the move before
its own: the deal, the previous action, or a ``resume`` (the server loaded the game again:
the time it was down does not count). Bots' seats have no clock.

>>> moves = [Move(1, "deal", None, "", 0), Move(2, "act", 0, "Ah", 25_000), Move(3, "act", 1, "Kh", 26_000)]
>>> tally(moves, [True, True], 20, 60)
Tally(banks=(55000, 60000), start=26000)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from sixtysix.web.models.messages import ClockState
from sixtysix.web.store import GameRow, Move

CHARGED = ("act", "timeout")
"""The kinds of move that end the turn of the seat that made it."""
STARTS = ("deal", "resume")
"""The kinds of move that start a turn without ending one."""


def now_ms() -> int:
    """The current time in Unix milliseconds (the ``at`` of a move made now)."""
    return time.time_ns() // 1_000_000


@dataclass(frozen=True)
class Tally:
    """Each seat's bank left (milliseconds; a bot's seat keeps its whole bank) and when
    the current turn started (``None``: not known, for moves stored without times)."""

    banks: tuple[int, ...]
    start: int | None


def step(before: Tally, move: Move, persons: Sequence[bool], move_seconds: int) -> Tally:
    """The tally after one more stored move: an action or timeout of a person's seat
    draws its bank down by the time it took beyond ``move_seconds``, and starts the next
    turn; a deal or a resume starts one.

    >>> start = Tally((60_000, 60_000), 1_000)
    >>> step(start, Move(2, "act", 1, "Kh", 31_500), [True, True], 20)
    Tally(banks=(60000, 49500), start=31500)
    >>> step(start, Move(2, "act", 1, "Kh", 200_000), [True, True], 20)
    Tally(banks=(60000, 0), start=200000)
    >>> step(start, Move(2, "act", 1, "Kh", 200_000), [True, False], 20)
    Tally(banks=(60000, 60000), start=200000)
    >>> step(start, Move(2, "resume", 0, "", 90_000), [True, True], 20)
    Tally(banks=(60000, 60000), start=90000)
    >>> step(start, Move(2, "resign", 0, "", 90_000), [True, True], 20) == start
    True
    """
    if move.kind in STARTS:
        return replace(before, start=move.at)
    if move.kind not in CHARGED:
        return before
    banks = before.banks
    seat = move.seat
    if seat is not None and persons[seat] and move.at is not None and before.start is not None:
        over = max(0, move.at - before.start - move_seconds * 1000)
        banks = tuple(max(0, bank - over) if s == seat else bank for s, bank in enumerate(banks))
    return Tally(banks, move.at)


def tally(moves: Sequence[Move], persons: Sequence[bool], move_seconds: int, bank_seconds: int) -> Tally:
    """Each seat's bank left after ``moves`` and the start of the turn in progress
    (``persons``: whether a person plays each seat)."""
    result = Tally((bank_seconds * 1000,) * len(persons), None)
    for move in moves:
        result = step(result, move, persons, move_seconds)
    return result


def left(current: Tally, seat: int, move_seconds: int, at: int) -> tuple[int, int]:
    """What ``seat``, to act since the turn's start, has left at ``at``: its move time
    and its move time and bank together, in milliseconds.

    >>> current = Tally((60_000, 10_000), 1_000)
    >>> left(current, 1, 20, 6_000)
    (15000, 25000)
    >>> left(current, 1, 20, 26_000)
    (0, 5000)
    >>> left(current, 1, 20, 99_000)
    (0, 0)
    """
    spent = 0 if current.start is None else max(0, at - current.start)
    move_left = max(0, move_seconds * 1000 - spent)
    return move_left, max(0, move_seconds * 1000 + current.banks[seat] - spent)


def clock_state(row: GameRow, current: Tally, seat: int | None, at: int) -> ClockState | None:
    """The ``clock`` of the ``state`` message at ``at``: ``seat`` is the person's seat on
    the clock (``None``: nobody's).

    >>> row = GameRow("g", "playing", "classic", 0, None, ["a", "b"], (0, 0), None, None, "",
    ...               move_seconds=20, bank_seconds=60)
    >>> clock_state(row, Tally((60_000, 42_000), 1_000), 1, 11_000).model_dump()
    {'move': 20, 'bank': 60, 'banks': [60000, 42000], 'to_act': 1, 'left': 52000, 'move_left': 10000}
    """
    if row.move_seconds is None or row.bank_seconds is None:
        return None
    banks: list[int | None] = [None if bot is not None else bank for bot, bank in zip(row.bots, current.banks,
                                                                                       strict=True)]
    move_left = remaining = None
    if seat is not None:
        move_left, remaining = left(current, seat, row.move_seconds, at)
    return ClockState(move=row.move_seconds, bank=row.bank_seconds, banks=banks, to_act=seat, left=remaining,
                      move_left=move_left)
