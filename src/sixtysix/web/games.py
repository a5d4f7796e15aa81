"""The game service: live games in memory, each one its stored record replayed.

Every change to a game is committed to the database before any connection hears
of it; the :class:`~sixtysix.table.Table` of a game in memory is a cache that
:meth:`GameService.start` rebuilds by replaying the stored moves. Decks come from
the server's random source and are stored with the game. Bots and hints think
in worker processes, the fast levels in one of their own, so no game waits for
another's bot; a program bot the operator allows runs as a process of its own for
each game (:mod:`sixtysix.web.programs`).

A three-hand game (RULES.md section 11) runs on a
:class:`~sixtysix.table.ThreeTable`: its creator sits in seat 0 and each other
seat is a bot level or a person, who takes the seat by the game's link; the match
starts once every person's seat is taken.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from random import Random, SystemRandom
from typing import Any, TypeVar

from sixtysix.analysis import analyze
from sixtysix.bots import LEVELS, Bot, make_bot
from sixtysix.cards import NUM_CARDS, card_name, parse_card, shuffle
from sixtysix.errors import IllegalActionError, NotationError
from sixtysix.game.actions import Action
from sixtysix.notation import Record, Tag
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, NotYourTurnError, Table, ThreeEvent, ThreeTable
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import ThreeObservation, observe_three
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe
from sixtysix.two.round import Round
from sixtysix.web.errors import GameError
from sixtysix.web.logs import event
from sixtysix.web.models.games import PERSON, Game, Replay, ReplayStep
from sixtysix.web.models.messages import Error, Forfeit, Hint, HintAction, Last, Message, State
from sixtysix.web.programs import ProgramHost, make_program
from sixtysix.web.store import GameRow, Move, Player, Store, now
from sixtysix.web.views import (
    MatchInfo,
    open_view,
    public_view,
    seat_view,
    three_open_view,
    three_public_view,
    three_seat_view,
)

T = TypeVar("T")
logger = logging.getLogger(__name__)

HINT_SAMPLES = 40
CHECKPOINT_SECONDS = 2.0
FAST_LEVELS = frozenset({"easy", "medium"})
"""Levels that decide in milliseconds."""
CARD_TOKEN = re.compile(r"\b[9JQKTA][cdhs]\b")
"""A card in the notation, masked in what the server logs of a program's failure."""


def level_name(level: str) -> str:
    """The display name of a bot seat: a level's, or a program bot's own name.

    >>> level_name("medium"), level_name("pybot")
    ('Medium bot', 'pybot')
    """
    return f"{level.capitalize()} bot" if level in LEVELS else level


def end_with(server: int) -> None:
    """Make this worker process end when the server that started it is gone (killed
    servers leave no idle workers behind): a daemon thread looks once a second."""
    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, name="sixtysix-orphan-watch", daemon=True).start()


def think(level: str, seed: int, observation: Observation | ThreeObservation,
          score: tuple[int, ...] = ()) -> str:
    """A bot's choice, as a token (run in a worker process). A bot that listens to
    a table's events first hears the match ``score`` (by seat), as at a table.

    >>> rnd = Match(seed=2).deal()
    >>> think("expert", 1, observe(rnd, rnd.to_act), (6, 6)) in {a.token for a in rnd.legal_actions()}
    True
    """
    bot = make_bot(level, seed=seed)
    notify = getattr(bot, "notify", None)
    if isinstance(observation, ThreeObservation):
        if notify is not None and score:
            notify(ThreeEvent(EventKind.ROUND_RESUMED, observation, (score[0], score[1], score[2])))
        return bot.act_three(observation).token
    if notify is not None and score:
        notify(Event(EventKind.ROUND_RESUMED, observation, (score[0], score[1])))
    return bot.act(observation).token


def three_levels() -> list[str]:
    """The levels whose bots play the three-hand game.

    >>> "easy" in three_levels()
    True
    """
    return [level for level in LEVELS if type(make_bot(level)).act_three is not Bot.act_three]


def hint(observation: Observation) -> list[tuple[str, float, bool]]:
    """The analysis of each legal action (run in a worker process)."""
    return [(v.action.token, v.expected, v.exact)
            for v in analyze(observation, samples=HINT_SAMPLES)]


class Connection:
    """One open WebSocket of a game: who it is and what it will be sent."""

    def __init__(self, player: Player | None) -> None:
        self.player = player
        self.seat: int | None = None
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        """Messages to send, in order, as JSON objects; ``None`` closes the connection."""

    def send(self, message: Message) -> None:
        """Queue a message for this connection only."""
        self.outbox.put_nowait(message.model_dump())

    def close(self) -> None:
        """Close the connection once the messages queued so far are sent."""
        self.outbox.put_nowait(None)


@dataclass
class LiveGame:
    """A game in memory: its row, the table rebuilt from its moves, its connections."""

    row: GameRow
    table: Table | ThreeTable
    names: list[str | None]
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    last: tuple[int, Action] | None = None
    away_since: list[float | None] = field(default_factory=lambda: [time.monotonic()] * 3)
    """When each seat's last connection closed (``None``: connected); a two-hand game
    uses the first two."""
    thinking: bool = False
    host: ProgramHost | None = None
    """The program bot of seat 1, in a game against one."""
    forfeit: tuple[int, str] | None = None
    """The seat that lost by forfeit and why, in the server's words."""

    @property
    def match(self) -> Match | ThreeMatch:
        """The match being played."""
        return self.table.match

    @property
    def seats(self) -> range:
        """The seats of the game."""
        return range(self.row.seats)

    def seat_of(self, player: Player | None) -> int | None:
        """The seat a player holds in this game, if any."""
        return seat_in(self.row, player)

    def human(self, seat: int) -> bool:
        """Whether a person plays the seat."""
        return self.row.bots[seat] is None

    def observe(self, seat: int) -> Observation | ThreeObservation:
        """What ``seat`` may know of the round in play."""
        rnd = self.match.round
        assert rnd is not None
        return observe(rnd, seat) if isinstance(rnd, Round) else observe_three(rnd, seat)


class GameService:
    """Creates, runs and stores games; the web layer calls it."""

    def __init__(self, store: Store, *, away_limit: float = 600.0, workers: int | None = None,
                 seed: int | None = None, programs: Mapping[str, str] | None = None,
                 bot_seconds: float | None = None, handshake_seconds: float | None = None) -> None:
        self.store = store
        self.away_limit = away_limit
        self.programs = dict(programs or {})
        """The program bots the operator allows: each name's command (``cmd:`` without the prefix)."""
        self.bot_seconds = bot_seconds
        self.handshake_seconds = handshake_seconds
        self.games: dict[str, LiveGame] = {}
        self._db = ThreadPoolExecutor(max_workers=store.writers, thread_name_prefix="sixtysix-db")
        self._workers = workers
        self._pools: dict[bool, Executor] = {}
        """Worker processes by speed: the fast levels think in their own process, so a
        queue of slow bots (and hints) never delays them."""
        self._rng = SystemRandom() if seed is None else Random(seed)
        """The server's random source: dealers, and a fresh 128-bit seed for each deck's
        shuffle and each bot decision (one system call each, not one per card)."""
        self._tasks: set[asyncio.Task[None]] = set()

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Open the bot pools, load every unfinished game and let its bot move."""
        spawn = multiprocessing.get_context("spawn")
        watch = (os.getpid(),)
        self._pools = {True: ProcessPoolExecutor(1, mp_context=spawn, initializer=end_with, initargs=watch),
                       False: ProcessPoolExecutor(self._workers, mp_context=spawn, initializer=end_with,
                                                  initargs=watch)}
        deal = Match(seed=0).deal()
        first = observe(deal, deal.leader)
        loop = asyncio.get_running_loop()
        for pool in self._pools.values():  # start the bots' processes now, not at the first move
            loop.run_in_executor(pool, think, "easy", 0, first)
        rows = await self.db(self.store.games, statuses=("open", "playing"))
        for row in rows:
            await self.load(row.id)
        self._spawn(self._checkpoints())

    async def _checkpoints(self) -> None:
        """Checkpoint the database every few seconds, in a thread of its own."""
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="sixtysix-checkpoint") as thread:
            while True:
                await asyncio.sleep(CHECKPOINT_SECONDS)
                await loop.run_in_executor(thread, self.store.checkpoint)

    async def stop(self) -> None:
        """Stop the bots (program bots' processes at once) and the database threads."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*(game.host.stop() for game in self.games.values() if game.host is not None))
        for pool in self._pools.values():
            pool.shutdown(wait=True, cancel_futures=True)
        self._db.shutdown(wait=True)

    async def db(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call: in a database thread, or at once for SQLite."""
        if self.store.writers == 1:
            # SQLite: a commit takes a fraction of a millisecond; handing it to a thread
            # and back costs more than it saves, and two thread switches per action
            # stretch the slowest round trips on a busy machine (benchmarks/load.py).
            return function(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: function(*args, **kwargs))

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -------------------------------------------------------------------- games

    async def load(self, game_id: str) -> LiveGame | None:
        """The live game, rebuilt from its stored moves if not in memory."""
        game = self.games.get(game_id)
        if game is not None:
            return game
        stored = await self.db(self.store.game, game_id)
        if stored is None:
            return None
        row, history = stored
        game = self.games.get(game_id)
        if game is not None:
            return game
        ids = [i for i in row.player_ids if i is not None]
        names = await self.db(self.store.names, ids)
        game = LiveGame(row, replay(row, history), self._names(row, names), len(history))
        for move in reversed(history):
            if move.kind == "act":
                assert move.seat is not None
                game.last = (move.seat, Action.parse(move.value))
            elif move.kind == "forfeit":
                assert move.seat is not None
                game.forfeit = (move.seat, move.value)
            if move.kind not in ("claim", "forfeit", "resign"):
                break
        self.games[game_id] = game
        if row.status == "playing" and row.bot is not None and row.bot not in LEVELS:
            if row.bot in self.programs:
                self._seat_program(game)
                self._park_later(game)
            else:
                self._spawn(self.forfeit(game, 1, "the program is no longer allowed on this server"))
        self._bot_turn(game)
        return game

    def _seat_program(self, game: LiveGame) -> None:
        """Seat the game's program bot at its table, as a listener of seat 1."""
        bot = game.row.bot
        assert bot is not None
        command = self.programs[bot]

        def failed(fault: str, reason: str) -> None:
            event(logger, "program_failed", level=logging.WARNING, game=game.row.id, bot=bot,
                  reason=CARD_TOKEN.sub("··", reason))
            self._spawn(self.forfeit(game, 1, fault))

        game.host = ProgramHost(lambda: make_program(command, self._rng.getrandbits(64), self.bot_seconds,
                                                     self.handshake_seconds), failed)
        assert isinstance(game.table, Table)
        table = game.table = Table([None, game.host], match=game.table.match)
        game.host.wake(table.match)

    def _names(self, row: GameRow, names: dict[str, str]) -> list[str | None]:
        result: list[str | None] = [names.get(i) if i else None for i in row.player_ids]
        for seat, bot in enumerate(row.bots):
            if bot is not None:
                # Two bots of a three-hand table are told apart by their seats.
                result[seat] = level_name(bot) if row.seats == 2 else f"{level_name(bot)} {seat}"
        return result

    async def create(self, player: Player, opponent: str | None, rules_text: str,
                     level: str | None, seats: Sequence[str] | None = None) -> LiveGame:
        """A new game with the player in seat 0: against a bot or open for a person, or,
        in the three-hand game, with ``seats`` naming the kind of seats 1 and 2 (a level
        or :data:`PERSON`)."""
        rules = Rules.parse(rules_text)
        if rules.seats == 3:
            return await self._create_three(player, rules, seats)
        if seats is not None:
            raise GameError("bad_request", "seats are for the three-hand game; use opponent and level")
        if opponent == "bot":
            if level not in LEVELS and level not in self.programs:
                raise GameError("bad_request", f"level must be one of {', '.join([*LEVELS, *self.programs])}")
        elif opponent == "human":
            level = None
        else:
            raise GameError("bad_request", "opponent must be 'bot' or 'human'")
        row = GameRow(secrets.token_urlsafe(12), "open", str(rules), self._rng.randrange(2), level,
                      [player.id, None], (0, 0), None, None, now())
        table = Table([None, None], rules, dealer=row.first_dealer)
        game = LiveGame(row, table, self._names(row, {player.id: player.name}), 0)
        if level in self.programs:
            self._seat_program(game)
        first: list[Move] = []
        if level is not None:
            row.status = "playing"
            first.append(self._deal(game))
        try:
            await self.db(self.store.create_game, row, first)
        except Exception:
            if game.host is not None:
                game.host.end()
            raise
        self.games[row.id] = game
        _created(game, player)
        self._bot_turn(game)
        return game

    async def _create_three(self, player: Player, rules: Rules, seats: Sequence[str] | None) -> LiveGame:
        """A new three-hand game: seat 0 the player's, seats 1 and 2 as ``seats`` say."""
        levels = three_levels()
        kinds = ", ".join([*levels, PERSON])
        if seats is None or len(seats) != 2 or any(kind not in (*levels, PERSON) for kind in seats):
            raise GameError("bad_request", f"a three-hand game needs 'seats': two of {kinds}")
        bots = [None if kind == PERSON else kind for kind in seats]
        row = GameRow(secrets.token_urlsafe(12), "open", str(rules), self._rng.randrange(3), bots[0],
                      [player.id, None, None], (0, 0, 0), None, None, now(), bots[1])
        table = ThreeTable([None, None, None], rules, dealer=row.first_dealer)
        game = LiveGame(row, table, self._names(row, {player.id: player.name}), 0)
        first: list[Move] = []
        if all(bot is not None for bot in bots):
            row.status = "playing"
            first.append(self._deal(game))
        await self.db(self.store.create_game, row, first)
        self.games[row.id] = game
        _created(game, player)
        self._bot_turn(game)
        return game

    async def join(self, player: Player, game_id: str) -> LiveGame:
        """Seat a player in the first open seat of a table; the match starts once every
        person's seat is taken."""
        game = await self.load(game_id)
        if game is None:
            raise GameError("no_game", "no such game")
        async with game.lock:
            row = game.row
            if row.status != "open":
                raise GameError("not_open", "this table is not open")
            if player.id in row.player_ids:
                raise GameError("own_game", "you already sit at this table")
            seat = next(s for s in game.seats if row.player_ids[s] is None and row.bots[s] is None)
            row.player_ids[seat] = player.id
            new = []
            if all(row.player_ids[s] is not None or row.bots[s] is not None for s in game.seats):
                row.status = "playing"
                new.append(self._deal(game))
            try:
                await self.db(self.store.save, row, new)
            except Exception:
                self._forget(game)
                raise
            game.names[seat] = player.name
            event(logger, "joined", game=row.id, seat=seat, player=player.id, started=row.status == "playing")
            for connection in game.connections:
                if connection.player is not None and connection.player.id == player.id:
                    connection.seat = seat
                    game.away_since[seat] = None
            self.broadcast(game)
            self._bot_turn(game)
        return game

    def _deal(self, game: LiveGame) -> Move:
        deck = list(range(NUM_CARDS))
        shuffle(deck, Random(self._rng.getrandbits(128)))
        game.table.deal(deck)
        game.seq += 1
        game.last = None
        return Move(game.seq, "deal", None, " ".join(card_name(c) for c in deck))

    def _forget(self, game: LiveGame) -> None:
        """Drop a game whose memory ran ahead of a failed commit and close its connections:
        nobody was told of the change, and the next use reloads the game as stored."""
        self.games.pop(game.row.id, None)
        if game.host is not None:
            game.host.end()
        for connection in game.connections:
            connection.send(Error(code="server", message="the game is reloading"))
            connection.close()

    async def act(self, game: LiveGame, seat: int | None, token: str, *,
                  expect: int | None = None) -> None:
        """Check and apply one action of a seat, store it, then tell everybody."""
        if seat is None:
            raise GameError("spectator", "spectators cannot act")
        async with game.lock:
            if expect is not None and game.seq != expect:
                return
            if game.row.status != "playing":
                raise GameError("not_your_turn", "the match is not being played")
            try:
                action = Action.parse(token)
            except NotationError as error:
                raise GameError("illegal", str(error)) from None
            try:
                game.table.submit(seat, action)
            except NotYourTurnError as error:
                raise GameError("not_your_turn", str(error)) from None
            except IllegalActionError as error:
                raise GameError("illegal", str(error)) from None
            game.seq += 1
            new = [Move(game.seq, "act", seat, action.token)]
            game.last = (seat, action)
            match = game.match
            messages = []
            ended = match.round is not None and match.round.is_over
            if ended:
                self._update_row(game)
                if not match.is_over:
                    messages = [(c, self.state(game, c)) for c in game.connections]
                    new.append(self._deal(game))
            try:
                await self.db(self.store.save, game.row, new, row=ended)
            except Exception:
                self._forget(game)
                raise
            for connection, message in messages:
                connection.send(message)
            self.broadcast(game)
            if game.row.status == "over":
                _finished(game)
                if game.host is not None:
                    game.host.end()
            self._bot_turn(game)

    def _update_row(self, game: LiveGame) -> None:
        match = game.match
        game.row.score = match.score
        if match.is_over:
            game.row.status = "over"
            game.row.winner = match.winner
            game.row.ending = "played"

    def _bot_turn(self, game: LiveGame) -> None:
        seat = game.table.to_act
        if seat is None or game.thinking or game.row.status != "playing":
            return
        bot = game.row.bots[seat]
        if bot is None or (game.host is None and bot not in LEVELS):  # a program no longer allowed
            return
        game.thinking = True
        if game.host is not None:
            assert isinstance(game.match, Match)
            game.host.wake(game.match)
            self._spawn(self._program_turn(game, game.host))
        else:
            self._spawn(self._think(game, seat, bot))

    async def _program_turn(self, game: LiveGame, host: ProgramHost) -> None:
        observation = game.observe(1)
        assert isinstance(observation, Observation)
        expect = game.seq
        try:
            token = await host.decide(observation)
        finally:
            game.thinking = False
        if token is not None and self.games.get(game.row.id) is game:
            await self.act(game, 1, token, expect=expect)

    async def forfeit(self, game: LiveGame, seat: int, reason: str) -> None:
        """End the match as lost by ``seat``, whose program failed for ``reason`` (words
        of the server's, shown to everyone and stored as the game's last move)."""
        async with game.lock:
            if game.row.status != "playing":
                return
            reason = reason[:100]
            game.forfeit = (seat, reason)
            await self._end(game, 1 - seat, "forfeit", "forfeit", seat, reason)
            event(logger, "forfeited", game=game.row.id, seat=seat, reason=reason)

    async def resign(self, game: LiveGame, seat: int | None) -> None:
        """End a two-hand match in play as lost by ``seat``, whether it is to act or not."""
        if seat is None:
            raise GameError("spectator", "spectators cannot resign")
        if game.row.seats != 2:
            raise GameError("no_resign", "the three-hand game cannot be resigned")
        async with game.lock:
            if game.row.status != "playing":
                raise GameError("not_your_turn", "the match is not being played")
            await self._end(game, 1 - seat, "resigned", "resign", seat)
            event(logger, "resigned", game=game.row.id, seat=seat)

    async def _end(self, game: LiveGame, winner: int, ending: str, kind: str, seat: int,
                   value: str = "") -> None:
        """End the match in play before its time (the caller holds the game's lock):
        ``winner`` wins by ``ending``, stored as a move of ``kind`` by ``seat``; everybody
        is told."""
        game.seq += 1
        game.row.status = "over"
        game.row.winner = winner
        game.row.ending = ending
        game.row.score = game.match.score
        try:
            await self.db(self.store.save, game.row, [Move(game.seq, kind, seat, value)])
        except Exception:
            self._forget(game)
            raise
        if game.host is not None:
            game.host.end()
        self.broadcast(game)
        _finished(game)

    def _park_later(self, game: LiveGame) -> None:
        """End the game's program once nobody has been connected for the away limit."""
        asyncio.get_running_loop().call_later(self.away_limit, self._park, game)

    def _park(self, game: LiveGame) -> None:
        if game.host is None or game.connections:
            return
        if game.thinking:
            self._park_later(game)
        else:
            game.host.park()

    async def _think(self, game: LiveGame, seat: int, level: str) -> None:
        observation = game.observe(seat)
        expect = game.seq
        loop = asyncio.get_running_loop()
        try:
            pool = self._pools[level in FAST_LEVELS]
            token = await loop.run_in_executor(pool, think, level, self._rng.getrandbits(64), observation,
                                               tuple(game.match.score))
        finally:
            game.thinking = False
        if self.games.get(game.row.id) is game:
            await self.act(game, seat, token, expect=expect)

    async def claim(self, game: LiveGame, seat: int | None) -> None:
        """End the match in favour of a seat whose opponent stayed away too long."""
        if seat is None:
            raise GameError("spectator", "spectators cannot claim")
        async with game.lock:
            if not self.claimable(game, seat):
                raise GameError("not_claimable", "the opponent has not been away long enough")
            await self._end(game, seat, "claimed", "claim", seat)
            event(logger, "claimed", game=game.row.id, seat=seat)

    def claimable(self, game: LiveGame, seat: int) -> bool:
        """Whether ``seat`` may claim the match now (never in the three-hand game)."""
        if game.row.seats != 2:
            return False
        other = 1 - seat
        since = game.away_since[other]
        return (game.row.status == "playing" and game.human(other) and since is not None
                and time.monotonic() - since > self.away_limit)

    async def hint(self, game: LiveGame, seat: int | None) -> Hint:
        """The analysis of each legal action of the seat to act, from its own observation."""
        if seat is None:
            raise GameError("spectator", "spectators get no hints")
        rnd = game.match.round
        if game.row.status != "playing" or rnd is None or rnd.to_act != seat:
            raise GameError("not_your_turn", "hints are for the seat to act")
        if not isinstance(rnd, Round):
            raise GameError("no_hint", "the three-hand game has no hints yet")
        values = await asyncio.get_running_loop().run_in_executor(self._pools[False], hint,
                                                                  observe(rnd, seat))
        return Hint(actions=[HintAction(action=a, expected=round(e, 4), exact=x) for a, e, x in values])

    # --------------------------------------------------------------- connections

    def connect(self, game: LiveGame, connection: Connection) -> None:
        """Register an open WebSocket; when a seat comes back, tell the others."""
        seat = connection.seat = game.seat_of(connection.player)
        game.connections.append(connection)
        if game.host is not None and game.row.status == "playing":
            assert isinstance(game.match, Match)
            game.host.wake(game.match)
        connection.send(self.state(game, connection))
        if seat is not None and game.away_since[seat] is not None:
            game.away_since[seat] = None
            self.broadcast(game, but=connection)

    def disconnect(self, game: LiveGame, connection: Connection) -> None:
        """Forget a closed WebSocket; a seat left with none is away from now on, and a
        finished game left with none leaves memory (it is reloaded if asked for)."""
        with contextlib.suppress(ValueError):
            game.connections.remove(connection)
        if game.row.status == "over" and not game.connections:
            if self.games.get(game.row.id) is game:
                del self.games[game.row.id]
            return
        if game.host is not None and not game.connections:
            self._park_later(game)
        seat = connection.seat
        if seat is not None and not any(c.seat == seat for c in game.connections):
            game.away_since[seat] = time.monotonic()
            self.broadcast(game)
            asyncio.get_running_loop().call_later(self.away_limit + 0.05, self.broadcast, game)

    def broadcast(self, game: LiveGame, but: Connection | None = None) -> None:
        """Send each connection its own state."""
        for connection in game.connections:
            if connection is not but:
                connection.send(self.state(game, connection))

    def state(self, game: LiveGame, connection: Connection) -> State:
        """The ``state`` message for one connection."""
        seat = connection.seat
        rnd = game.match.round
        view = None
        if isinstance(rnd, Round):
            info = MatchInfo.of(game.match)
            view = public_view(observe(rnd, 0), info) if seat is None else seat_view(observe(rnd, seat), info)
        elif rnd is not None:
            info = MatchInfo.of(game.match)
            view = (three_public_view(observe_three(rnd, 0), info) if seat is None
                    else three_seat_view(observe_three(rnd, seat), info))
        last = None if game.last is None else Last(actor=game.last[0], action=game.last[1].token)
        away = [game.human(s) and game.row.status == "playing" and game.away_since[s] is not None
                for s in game.seats]
        forfeit = None if game.forfeit is None else Forfeit(seat=game.forfeit[0], reason=game.forfeit[1])
        return State(game=self.describe(game, connection.player), view=view, last=last, away=away,
                     claimable=seat is not None and self.claimable(game, seat), forfeit=forfeit)

    # -------------------------------------------------------------- descriptions

    def describe(self, game: LiveGame, player: Player | None) -> Game:
        """The protocol's ``Game`` object, as ``player`` sees it."""
        return describe(game.row, game.names, game.seat_of(player))

    async def describe_rows(self, rows: Sequence[GameRow], player: Player | None) -> list[Game]:
        """``Game`` objects for stored rows."""
        ids = [i for row in rows for i in row.player_ids if i is not None]
        names = await self.db(self.store.names, ids)
        described = []
        for row in rows:
            described.append(describe(row, self._names(row, names), seat_in(row, player)))
        return described

    async def finished(self, game_id: str) -> tuple[GameRow, list[str | None], Match | ThreeMatch,
                                                    list[Move]]:
        """A finished game's row, names, match and moves."""
        stored = await self.db(self.store.game, game_id)
        if stored is None:
            raise GameError("no_game", "no such game")
        row, history = stored
        if row.status != "over":
            raise GameError("not_over", "the match is not over yet")
        names = await self.db(self.store.names, [i for i in row.player_ids if i])
        return row, self._names(row, names), replay(row, history).match, history

    async def record(self, game_id: str) -> str:
        """A finished match in the record notation."""
        row, names, match, history = await self.finished(game_id)
        forfeit = next((move.value for move in history if move.kind == "forfeit"), None)
        return str(record(row, names, match, forfeit))

    async def replay_steps(self, game_id: str, player: Player | None) -> Replay:
        """A finished match step by step, both hands shown."""
        row, names, _, history = await self.finished(game_id)
        rules = Rules.parse(row.rules)
        match: Match | ThreeMatch = (Match(rules, dealer=row.first_dealer) if rules.seats == 2
                                     else ThreeMatch(rules, dealer=row.first_dealer))
        steps = []
        for move in history:
            if move.kind == "deal":
                match.deal([parse_card(t) for t in move.value.split()])
                actor, action = None, None
            elif move.kind == "act":
                match.push(Action.parse(move.value))
                actor, action = move.seat, move.value
            else:
                continue
            rnd = match.round
            assert rnd is not None
            info = MatchInfo.of(match)
            view = open_view(rnd, info) if isinstance(rnd, Round) else three_open_view(rnd, info)
            steps.append(ReplayStep(round=len(match.rounds), actor=actor, action=action, view=view))
        return Replay(game=describe(row, names, seat_in(row, player)), steps=steps)


def _created(game: LiveGame, player: Player) -> None:
    row = game.row
    event(logger, "created", game=row.id, rules=row.rules, player=player.id,
          seats=[PERSON if bot is None else bot for bot in row.bots], status=row.status)


def _finished(game: LiveGame) -> None:
    row = game.row
    event(logger, "finished", game=row.id, winner=row.winner, score=list(row.score), ending=row.ending)


def seat_in(row: GameRow, player: Player | None) -> int | None:
    """The seat a player holds in a stored game, if any."""
    if player is None or player.id not in row.player_ids:
        return None
    return row.player_ids.index(player.id)


def describe(row: GameRow, names: list[str | None], seat: int | None) -> Game:
    """The protocol's ``Game`` object of a row."""
    return Game(id=row.id, status=row.status, players=names, bot=row.bot, bots=row.bots, rules=row.rules,
                score=list(row.score), winner=row.winner, ending=row.ending, created=row.created,
                your_seat=seat)


def replay(row: GameRow, history: Sequence[Move]) -> Table | ThreeTable:
    """The table of a stored game, its moves replayed."""
    rules = Rules.parse(row.rules)
    table: Table | ThreeTable
    if rules.seats == 3:
        table = ThreeTable([None, None, None], rules, dealer=row.first_dealer)
    else:
        table = Table([None, None], rules, dealer=row.first_dealer)
    for move in history:
        if move.kind == "deal":
            table.deal([parse_card(t) for t in move.value.split()])
        elif move.kind == "act":
            assert move.seat is not None
            table.submit(move.seat, Action.parse(move.value))
    return table


def record(row: GameRow, names: Sequence[str | None], match: Match | ThreeMatch,
           forfeit: str | None = None) -> Record:
    """The record of a game: header tags, the decks and actions, how it ended (and why
    the loser forfeited, if it did)."""
    players = [name or "?" for name in names]
    result = Record.from_match(match, players, [Tag("Event", (f"sixtysix web game {row.id}",)),
                                                 Tag("Date", (row.created,))])
    if row.status == "over":
        result.trailer.append(Tag("Result", ("-".join(str(points) for points in row.score),)))
        result.trailer.append(Tag("Winner", (str(row.winner),)))
        result.trailer.append(Tag("Ending", (row.ending or "played",)))
        if forfeit is not None:
            result.trailer.append(Tag("Forfeit", (forfeit,)))
    return result
