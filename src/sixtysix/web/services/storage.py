"""The store as the event loop uses it: each call in a database thread, or at once for SQLite.

>>> import asyncio
>>> storage = Storage(Store("sqlite://"))
>>> async def guest() -> str:
...     player, token = await storage.create_player("Ann")
...     found = await storage.player(token)
...     return f"{found == player} {await storage.player('forged')}"
>>> asyncio.run(guest())
'True None'
>>> storage.close()
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sixtysix.web.models.games import Game, seat_names
from sixtysix.web.store import ChatLine, GameRow, Move, Player, Rated, Store

T = TypeVar("T")

CHECKPOINT_SECONDS = 2.0
"""How often the database is checkpointed."""


class Storage:
    """The players and games of a :class:`~sixtysix.web.store.Store`, asynchronously."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._threads = ThreadPoolExecutor(max_workers=store.writers, thread_name_prefix="sixtysix-db")

    async def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call: in a database thread, or at once for SQLite."""
        if self.store.writers == 1:
            # SQLite: a commit takes a fraction of a millisecond; handing it to a thread
            # and back costs more than it saves, and two thread switches per action
            # stretch the slowest round trips on a busy machine (benchmarks/load.py).
            return function(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, lambda: function(*args, **kwargs))

    async def checkpoints(self) -> None:
        """Checkpoint the database every few seconds, in a thread of its own, until cancelled."""
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="sixtysix-checkpoint") as thread:
            while True:
                await asyncio.sleep(CHECKPOINT_SECONDS)
                await loop.run_in_executor(thread, self.store.checkpoint)

    def close(self) -> None:
        """Stop the database threads once their calls are done (the store stays open)."""
        self._threads.shutdown(wait=True)

    async def create_player(self, name: str) -> tuple[Player, str]:
        """A new guest player and its token."""
        return await self.run(self.store.create_player, name)

    async def player(self, token: str) -> Player | None:
        """The player of a token, if any."""
        return await self.run(self.store.player_by_token, token)

    async def rename(self, player_id: str, name: str) -> Player:
        """The player under a new name."""
        return await self.run(self.store.rename, player_id, name)

    async def create_game(self, row: GameRow, first: Sequence[Move]) -> None:
        """Store a new game with its first moves."""
        await self.run(self.store.create_game, row, first)

    async def save(self, row: GameRow, new: Sequence[Move], *, with_row: bool = True,
                   rated: Rated | None = None) -> None:
        """Store a game's new moves, and its row too unless ``with_row`` is false, and the
        new ratings of a rated game that has just ended."""
        await self.run(self.store.save, row, new, row=with_row, rated=rated)

    async def game(self, game_id: str) -> tuple[GameRow, list[Move]] | None:
        """A stored game's row and moves, if there is such a game."""
        return await self.run(self.store.game, game_id)

    async def game_since(self, game_id: str, seq: int) -> tuple[GameRow, list[Move]] | None:
        """A stored game's row and its moves after move ``seq``, if there is such a game."""
        return await self.run(self.store.game_since, game_id, seq)

    async def games(self, *, statuses: Sequence[str] = (), player_id: str | None = None) -> list[GameRow]:
        """The stored games of some statuses, or of a player, newest first."""
        return await self.run(self.store.games, statuses=statuses, player_id=player_id)

    async def seat_names(self, row: GameRow) -> list[str | None]:
        """The name of each seat of a stored game."""
        return seat_names(row, await self.run(self.store.names, [i for i in row.player_ids if i]))

    async def describe(self, rows: Sequence[GameRow], player: Player | None) -> list[Game]:
        """The games of stored rows, as ``player`` sees them."""
        names = await self.run(self.store.names, [i for row in rows for i in row.player_ids if i is not None])
        return [Game.of(row, seat_names(row, names), row.seat_of(player)) for row in rows]

    async def add_chat(self, game_id: str, seat: int, text: str) -> ChatLine:
        """Store a line of a game's chat (only the last lines are kept)."""
        return await self.run(self.store.add_chat, game_id, seat, text)

    async def chat_lines(self, game_id: str) -> list[ChatLine]:
        """The lines a game keeps of its chat, oldest first."""
        return await self.run(self.store.chat_lines, game_id)
