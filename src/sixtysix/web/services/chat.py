"""The chat of a game: the seated persons talk, nobody else reads or writes.

The chat is the players' conversation. A spectator neither reads nor writes it: a watcher
reading could coach a player or relay what is said, and an anonymous watcher writing could
harass players who cannot leave their match. A seat a bot plays has no chat, and a game
with one person has none.

A line is cleaned (:func:`clean`) and refused if empty or longer than :data:`MAX_CHARS`,
never cut; each seat may say :attr:`ChatLimits.seat` and each game :attr:`ChatLimits.game`
lines. Each line is stored with the game (the last
:data:`~sixtysix.web.store.CHAT_KEPT`). A person's mutes, and the count of lines said, are
kept in the server's memory or, for a site of several processes, in their Redis server (a
set of seats per game and person, forgotten a day after its last change). The server logs
that a line was said and its length, never its text.
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import redis.asyncio as aioredis
from limits import parse_many

from sixtysix.web.errors import GameError
from sixtysix.web.logs import event
from sixtysix.web.models.messages import Chat, ChatLine, Message
from sixtysix.web.ratelimits import Count, Windows
from sixtysix.web.services.cluster import Cluster
from sixtysix.web.services.storage import Storage
from sixtysix.web.store import ChatLine as StoredLine
from sixtysix.web.store import GameRow, Player

logger = logging.getLogger(__name__)

MUTES_KEPT = 24 * 3600
"""Seconds a person's mutes of a game are kept in Redis after their last change."""
MAX_CHARS = 200
"""The longest line, in characters (code points) after cleaning."""
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The embeddings, overrides and isolates of the bidirectional algorithm, which could make
a line read otherwise than it is written (or spill into what follows it)."""


def clean(text: str) -> str:
    """A line as it is kept: NFC, without control characters (nor bidirectional controls),
    every run of white space one space, none at either end.

    >>> clean("  gg\\u0000 \\t wp\\n\\u202eok ")
    'gg wp ok'
    >>> clean("Cafe\\u0301"), clean("\\u0007\\u200b"), clean("<b>\\ud800</b>")
    ('Café', '\\u200b', '<b></b>')
    """
    kept = "".join(char for char in unicodedata.normalize("NFC", text)
                   if char.isspace() or (unicodedata.category(char) not in ("Cc", "Cs")
                                         and char not in BIDI_CONTROLS))
    return " ".join(kept.split())


def checked(text: object) -> str:
    """A client's line, cleaned; a :class:`GameError` if it is not text, or empty or too
    long once cleaned (it is refused, not cut).

    >>> checked(" hi "), len(checked("é" * 200))
    ('hi', 200)
    >>> for wrong in (" \\n ", "x" * 201, 7):
    ...     try:
    ...         checked(wrong)
    ...     except GameError as error:
    ...         print(error.code)
    bad_chat
    bad_chat
    bad_message
    """
    if not isinstance(text, str):
        raise GameError("bad_message", "'chat' needs a string 'text'")
    line = clean(text)
    if not line:
        raise GameError("bad_chat", "the line is empty")
    if len(line) > MAX_CHARS:
        raise GameError("bad_chat", f"a line has at most {MAX_CHARS} characters")
    return line


class ChatRateError(GameError):
    """A line refused for coming too fast: ``retry`` is the whole seconds to wait."""

    def __init__(self, retry: int) -> None:
        super().__init__("chat_rate", f"too many lines: wait {retry} s")
        self.retry = retry


@dataclass(frozen=True)
class ChatLimits:
    """How many lines each seat and each game may say, in the notation of the ``limits``
    package (``;`` between limits)."""

    seat: str = "5/10 seconds"
    game: str = "60/hour"


class ChatLimiter:
    """Counts each game's and each seat's lines (a moving window) in the server's memory,
    or with a ``redis_url`` in the Redis server of the site's processes
    (:class:`~sixtysix.web.ratelimits.Windows`, which says what happens while it is away).

    >>> limiter = ChatLimiter(ChatLimits(seat="2/minute", game="4/hour"))
    >>> def hit(game_id: str, seat: int) -> int | None:
    ...     return asyncio.run(limiter.hit(game_id, seat))
    >>> [hit("g", 0) for _ in range(2)], hit("g", 1), hit("h", 0)
    ([None, None], None, None)
    >>> 0 < (hit("g", 0) or 0) <= 60, hit("g", 1), 3500 < (hit("g", 2) or 0) <= 3600
    (True, None, True)
    """

    def __init__(self, limits: ChatLimits = ChatLimits(), redis_url: str | None = None) -> None:
        self._windows = Windows(redis_url, "chat")
        self._seat = parse_many(limits.seat)
        self._game = parse_many(limits.game)

    async def hit(self, game_id: str, seat: int) -> int | None:
        """Count a line of ``seat`` in the game and return ``None`` if the limits allow it;
        else count nothing and return the whole seconds until they would (at least 1)."""
        keys: list[Count] = [(item, "chat", f"{game_id}:{seat}") for item in self._seat]
        keys += [(item, "chat", game_id) for item in self._game]
        refused = await self._windows.allowed(keys)
        return await self._windows.wait(refused) if refused else None


class Mutes:
    """The seats each person has muted in each game: in this process's memory, or in the
    Redis server of the site's processes (``redis``), where a person's set of a game is
    forgotten :data:`MUTES_KEPT` seconds after its last change. While Redis cannot be
    reached, reading or changing the mutes is refused (``chat_unavailable``): a line must
    not reach a person who muted its speaker.

    >>> mutes = Mutes()
    >>> asyncio.run(mutes.change("g", "p1", 2, True)), asyncio.run(mutes.seats("g", "p1"))
    (None, {2})
    """

    def __init__(self, redis: aioredis.Redis | None = None) -> None:
        self._redis = redis
        self._memory: dict[tuple[str, str], set[int]] = {}
        """The seats each person (game id, player id) has muted, without Redis."""

    async def seats(self, game_id: str, player_id: str) -> set[int]:
        """The seats a player has muted in a game."""
        if self._redis is None:
            return set(self._memory.get((game_id, player_id), set()))
        try:
            members = await self._redis.smembers(self._key(game_id, player_id))  # type: ignore[misc]
        except aioredis.RedisError as error:
            raise self._unavailable() from error
        return {int(member) for member in members}

    async def change(self, game_id: str, player_id: str, seat: int, muted: bool) -> None:
        """Mute or unmute a seat for a player in a game."""
        if self._redis is None:
            seats = self._memory.setdefault((game_id, player_id), set())
            if muted:
                seats.add(seat)
            else:
                seats.discard(seat)
            return
        key = self._key(game_id, player_id)
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                if muted:
                    pipe.sadd(key, seat)
                else:
                    pipe.srem(key, seat)
                pipe.expire(key, MUTES_KEPT)
                await pipe.execute()
        except aioredis.RedisError as error:
            raise self._unavailable() from error

    @staticmethod
    def _key(game_id: str, player_id: str) -> str:
        return f"sixtysix:chat:muted:{game_id}:{player_id}"

    @staticmethod
    def _unavailable() -> GameError:
        event(logger, "mutes_unavailable", level=logging.WARNING, exc_info=True)
        return GameError("chat_unavailable", "the chat is unavailable for a moment: try again")


class Listener(Protocol):
    """A connection of a game, as the chat sees it."""

    @property
    def player(self) -> Player | None: ...

    @property
    def seat(self) -> int | None: ...

    def send(self, message: Message) -> None: ...


class Table(Protocol):
    """A live game, as the chat sees it."""

    @property
    def row(self) -> GameRow: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def connections(self) -> Sequence[Listener]: ...


def persons(row: GameRow) -> list[int]:
    """The seats of a game that persons play.

    >>> persons(GameRow("g", "open", "three-hand", 0, None, [None] * 3, (0, 0, 0), None, None, "", "easy"))
    [0, 1]
    """
    return [seat for seat, bot in enumerate(row.bots) if bot is None]


class ChatService:
    """Lines said at the games' tables, stored through :attr:`storage`, and who muted whom
    (shared by the processes of a site through its ``cluster``, if any)."""

    def __init__(self, storage: Storage, limits: ChatLimits = ChatLimits(),
                 cluster: Cluster | None = None) -> None:
        self.storage = storage
        self.cluster = cluster
        """The site's Redis, which carries each line to the other processes' connections."""
        self.limiter = ChatLimiter(limits, None if cluster is None else cluster.url)
        self.mutes = Mutes(None if cluster is None else cluster.redis)
        """Who muted whom: in memory, or in the Redis server of the site's ``cluster``."""

    async def muted(self, game_id: str, player: Player | None) -> set[int]:
        """The seats a player has muted in a game."""
        return set() if player is None else await self.mutes.seats(game_id, player.id)

    async def joined(self, game: Table, connection: Listener) -> None:
        """Send a seated person of a game with another person's seat the lines kept."""
        if connection.seat is not None and len(persons(game.row)) > 1:
            await self._history(game, [connection])

    async def say(self, game: Table, connection: Listener, text: object) -> None:
        """Store a seated person's line and send it to every seated person's connection
        (the speaker's too) but those of persons who muted the speaker."""
        seat = connection.seat
        if seat is None:
            raise GameError("spectator", "spectators cannot chat")
        row = game.row
        if not any(row.player_ids[other] is not None for other in persons(row) if other != seat):
            raise GameError("no_chat", "nobody else is at the table")
        line = checked(text)
        wait = await self.limiter.hit(row.id, seat)
        if wait is not None:
            raise ChatRateError(wait)
        async with game.lock:
            stored = await self.storage.add_chat(row.id, seat, line)
        event(logger, "chat", game=row.id, seat=seat, length=len(line))
        said = _line(stored)
        await self.deliver(game, said)
        if self.cluster is not None:
            await self.cluster.publish(row.id, "chat", line=said.model_dump())

    async def heard(self, game: Table, message: Mapping[str, Any]) -> None:
        """Deliver a line said through another process of the site."""
        await self.deliver(game, ChatLine.model_validate(message.get("line")))

    async def deliver(self, game: Table, said: ChatLine) -> None:
        """Send a line to this process's connections of seated persons who have not muted
        its speaker."""
        for listener in game.connections:
            muted = await self.muted(game.row.id, listener.player)
            if listener.seat is not None and said.seat not in muted:
                listener.send(Chat(lines=[said], history=False, muted=sorted(muted)))

    async def mute(self, game: Table, connection: Listener, seat: object, muted: object) -> None:
        """Mute or unmute a seat's lines for a seated person; each of the person's
        connections gets the lines kept anew, without those of the seats muted."""
        you, player, row = connection.seat, connection.player, game.row
        if you is None or player is None:
            raise GameError("spectator", "spectators have no chat")
        if len(persons(row)) < 2:
            raise GameError("no_chat", "nobody else is at the table")
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(muted, bool):
            raise GameError("bad_message", "'mute' needs an integer 'seat' and a boolean 'muted'")
        if seat == you or seat not in persons(row):
            raise GameError("bad_message", "only another person's seat can be muted")
        await self.mutes.change(row.id, player.id, seat, muted)
        event(logger, "muted" if muted else "unmuted", game=row.id, seat=you, other=seat)
        await self._history(game, [listener for listener in game.connections if listener.seat is not None
                                   and listener.player is not None and listener.player.id == player.id])

    async def _history(self, game: Table, listeners: Sequence[Listener]) -> None:
        """Send connections of one player the lines kept, as their player has not muted."""
        if not listeners:
            return
        muted = await self.muted(game.row.id, listeners[0].player)
        lines = [_line(line) for line in await self.storage.chat_lines(game.row.id) if line.seat not in muted]
        for listener in listeners:
            listener.send(Chat(lines=lines, history=True, muted=sorted(muted)))


def _line(line: StoredLine) -> ChatLine:
    return ChatLine(seat=line.seat, text=line.text, at=line.at)
