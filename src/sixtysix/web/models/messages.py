"""The server's WebSocket messages (the client's are read where they arrive,
:mod:`sixtysix.web.routers.sockets`).

>>> Error(code="no_game", message="no such game").model_dump()
{'type': 'error', 'code': 'no_game', 'message': 'no such game'}
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from sixtysix.web.models.games import Game, View


class Last(BaseModel):
    """The last action played and its seat."""

    actor: int
    action: str


class Forfeit(BaseModel):
    """The seat that lost by forfeit and why, in the server's words."""

    seat: int
    reason: str


class Rematch(BaseModel):
    """The rematch of a finished match between people, as its seated persons see it.

    ``status`` ``offered``: ``by`` offered it and every seat of ``accepted`` (the offerer
    first) has accepted; ``declined`` or ``left``: ``by`` declined it or left the table, and
    any seat may offer again; ``started``: everybody accepted, the new game is ``game``."""

    status: Literal["offered", "declined", "left", "started"]
    by: int
    accepted: list[int]
    game: str | None = None


class ClockState(BaseModel):
    """A game's move clock now: ``move`` seconds a move, the ``bank`` each seat began with,
    each seat's bank left (milliseconds; null for a bot's seat), the seat ``to_act`` on the
    clock (null: none, as between rounds, for a bot or once the match is over) and what it
    has left before running out (``left``: move time and bank, ``move_left``: move time),
    in milliseconds from when the message was sent."""

    move: int
    bank: int
    banks: list[int | None]
    to_act: int | None
    left: int | None
    move_left: int | None


class State(BaseModel):
    """The game as one connection may see it, sent on connecting and after every change."""

    type: Literal["state"] = "state"
    seq: int
    """The number of the game's last stored move: an ``act`` that repeats it is applied only
    if the game is still there (a retried intent is applied once)."""
    game: Game
    view: View | None
    """The round in play (null before the first deal)."""
    last: Last | None
    away: list[bool]
    """Whether each seat's person has been away since the match began."""
    claimable: bool
    """Whether this connection's seat may claim the match now."""
    forfeit: Forfeit | None
    rematch: Rematch | None = None
    """The rematch of the finished match, for its seated persons only (spectators: null)."""
    clock: ClockState | None = None
    """The move clock (null: the game has none)."""


class HintAction(BaseModel):
    """One legal action's expected value for the seat to act (``exact``: solved, not sampled)."""

    action: str
    expected: float
    exact: bool


class Hint(BaseModel):
    """The answer to a ``hint``: the analysis of each legal action at the state ``seq``."""

    type: Literal["hint"] = "hint"
    seq: int
    actions: list[HintAction]


class Pong(BaseModel):
    """The answer to a ``ping``."""

    type: Literal["pong"] = "pong"


class Error(BaseModel):
    """A refused message or a failure, told to one connection."""

    type: Literal["error"] = "error"
    code: str
    message: str


class RateError(Error):
    """A refusal for going too fast (code ``chat_rate``), with the whole seconds to wait."""

    retry: int


class ChatLine(BaseModel):
    """A line of a game's chat: the seat that said it, its text, when (``2026-...Z``)."""

    seat: int
    text: str
    at: str


class Chat(BaseModel):
    """Lines of a game's chat, to a seated person. ``history``: these are all the lines
    kept that the person has not muted (on connecting and after a mute: show them instead
    of those shown); else new lines, to add. ``muted``: the seats the person has muted."""

    type: Literal["chat"] = "chat"
    lines: list[ChatLine]
    history: bool
    muted: list[int]


Message = State | Hint | Pong | Error | Chat
"""Any message the server sends."""
