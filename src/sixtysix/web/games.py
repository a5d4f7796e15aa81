"""The game service: live games in memory, each one its stored record replayed.

Every change to a game is committed to the database (:mod:`~sixtysix.web.services.storage`)
before any connection hears of it; the :class:`~sixtysix.table.Table` of a game in memory is
a cache that :meth:`GameService.load` rebuilds by replaying the stored moves
(:mod:`~sixtysix.web.services.replay`).

On a site of several processes (a :class:`~sixtysix.web.services.cluster.Cluster`), any
process serves any game: before each change a process reads the moves other processes
stored since its copy (:meth:`GameService._sync`), the database refuses a second move of
the same number (the loser reloads the game and the intent is checked again), and the
winner tells the others through Redis, who read the new moves and send their own
connections the new state. Bots' decisions and the timers run as jobs of the site's queue.

Decks come from the server's random source and are stored with the game. Bots and hints
think in worker processes, and a program bot the operator allows runs as a process of its
own for each game (:mod:`~sixtysix.web.services.bots`).

A game runs on a :class:`~sixtysix.table.Table` of the game's seats: its creator sits in
seat 0 and each other seat is a bot or a person, who takes the seat by the game's link;
the match starts once every person's seat is taken.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random, SystemRandom
from typing import Any, cast

from arq.typing import WorkerCoroutine
from arq.worker import func
from redis.exceptions import RedisError
from sqlalchemy.exc import IntegrityError

from sixtysix.bots import LEVELS, make_bot
from sixtysix.bots.engine import EngineBot
from sixtysix.cards import NUM_CARDS, card_name, parse_card, shuffle
from sixtysix.errors import IllegalActionError, NotationError
from sixtysix.game.actions import Action
from sixtysix.game.interface import narrowed
from sixtysix.games import AnyMatch, AnyObservation, game_of
from sixtysix.rules import PRESET_NAMES, Rules
from sixtysix.table import Event, EventKind, NotYourTurnError, Table
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe
from sixtysix.web.errors import GameError
from sixtysix.web.logs import event
from sixtysix.web.metrics import Metrics
from sixtysix.web.models.games import DEFAULT_CLOCK, PERSON, Clock, Game, SeatRating, others, seat_names
from sixtysix.web.models.messages import Error, Forfeit, Hint, Last, Message, Rematch, State
from sixtysix.web.programs import ProgramHost
from sixtysix.web.services.bots import Bots, levels_of
from sixtysix.web.services.chat import ChatService
from sixtysix.web.services.clock import Tally, clock_state, now_ms, step, tally
from sixtysix.web.services.cluster import Cluster
from sixtysix.web.services.ratings import kind_of, rating_change, seat_rating
from sixtysix.web.services.replay import replay
from sixtysix.web.services.storage import Storage
from sixtysix.web.store import GameRow, Move, Player, Rated, Store, now
from sixtysix.web.views import MatchInfo, public_view, seat_view

logger = logging.getLogger(__name__)

CARD_TOKEN = re.compile(r"\b[9JQKTA][cdhs]\b")
"""A card in the notation, masked in what the server logs of a program's failure."""
REMATCH_GRACE = 2.0
"""How long (seconds) a seated person of a finished game may be without a connection (a
reload, a dropped network) before a rematch offer in force is withdrawn as ``left``."""
SUBSCRIBE_SECONDS = 10.0
"""How long a starting process of a site waits for its events' subscription before it
serves (it serves anyway, and reads every game it holds again once subscribed)."""
RECONCILE_SECONDS = 60
"""How often one process of a site checks that every game in play has its jobs queued."""


class Conflict(Exception):
    """Another process stored the game's next move first (the game has been reloaded)."""


def think(level: str, seed: int, observation: AnyObservation,
          score: tuple[int, ...] = ()) -> str:
    """A bot's choice, as a token (run in a worker process). A bot that listens to
    a table's events first hears the match ``score`` (by seat), as at a table.

    >>> rnd = Match(seed=2).deal()
    >>> think("expert", 1, observe(rnd, rnd.to_act), (6, 6)) in {a.token for a in rnd.legal_actions()}
    True
    """
    bot = make_bot(level, seed=seed, game=game_of(observation.rules))
    notify = getattr(bot, "notify", None)
    if notify is not None and score:
        notify(Event(EventKind.ROUND_RESUMED, observation, tuple(score)))
    return bot.act(observation).token


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
    table: Table
    names: list[str | None]
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    last: tuple[int, Action] | None = None
    away_since: list[float | None] = field(default_factory=lambda: [time.time()] * 3)
    """When (Unix seconds) each seat's last connection closed (``None``: connected); a
    two-hand game uses the first two."""
    thinking: bool = False
    host: ProgramHost | None = None
    """The program bot of seat 1, in a game against one."""
    forfeit: tuple[int, str] | None = None
    """The seat that lost by forfeit and why, in the server's words."""
    rematch: Rematch | None = None
    """The rematch of the finished match: offered, declined, left or started (kept in
    memory only: it ends with the game's last connection)."""
    tally: Tally | None = None
    """The move clock's banks and the current turn's start (``None``: no clock)."""
    ratings: list[SeatRating | None] | None = None
    """In a rated game, each seated player's rating when its match began (or the server
    loaded it)."""
    timer: asyncio.TimerHandle | None = None
    """When the seat on the clock runs out of time."""

    @property
    def match(self) -> AnyMatch:
        """The match being played."""
        return self.table.match

    @property
    def seats(self) -> range:
        """The seats of the game."""
        return range(self.row.seats)

    def seat_of(self, player: Player | None) -> int | None:
        """The seat a player holds in this game, if any."""
        return self.row.seat_of(player)

    def opponents(self, seat: int) -> list[int]:
        """The seats other than ``seat``."""
        return [other for other in self.seats if other != seat]

    def describe(self, player: Player | None) -> Game:
        """The protocol's ``Game`` object, as ``player`` sees it."""
        return Game.of(self.row, self.names, self.seat_of(player), self.ratings)

    def human(self, seat: int) -> bool:
        """Whether a person plays the seat."""
        return self.row.bots[seat] is None

    @property
    def persons(self) -> list[int]:
        """The seats persons play."""
        return [seat for seat in self.seats if self.human(seat)]

    def observe(self, seat: int) -> AnyObservation:
        """What ``seat`` may know of the round in play."""
        rnd = self.match.round
        assert rnd is not None
        observation: AnyObservation = self.table.game.observe(rnd, seat)
        return observation


class GameService:
    """The live games: creates them, seats players, applies each seat's moves and its bot's,
    and tells every connection; it stores through :attr:`storage` and lets :attr:`bots` think."""

    def __init__(self, store: Store, *, away_limit: float = 600.0, workers: int | None = None,
                 seed: int | None = None, programs: Mapping[str, str] | None = None,
                 bot_seconds: float | None = None, handshake_seconds: float | None = None,
                 bot_log: str | None = None, cluster: Cluster | None = None) -> None:
        self.storage = Storage(store)
        self.cluster = cluster
        """The site's Redis, on a site of several processes (``None``: this process alone)."""
        self.chat = ChatService(self.storage, cluster=cluster)
        """The games' chat (:mod:`~sixtysix.web.services.chat`)."""
        self.bots = Bots(workers=workers, programs=programs, bot_seconds=bot_seconds,
                         handshake_seconds=handshake_seconds, bot_log=bot_log)
        self.away_limit = away_limit
        self.metrics = Metrics()
        self.metrics.read(lambda: sum(game.row.status == "playing" for game in self.games.values()),
                          lambda: sum(len(game.connections) for game in self.games.values()),
                          lambda: self.bots.pending + self.queued)
        self.queued = 0
        """The site's queue's jobs due and waiting, when last measured."""
        self.games: dict[str, LiveGame] = {}
        self._rng = SystemRandom() if seed is None else Random(seed)
        """The server's random source: dealers, and a fresh 128-bit seed for each deck's
        shuffle and each bot decision (one system call each, not one per card)."""
        self._tasks: set[asyncio.Task[object]] = set()

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Open the bots' processes; alone, load every unfinished game and let its bot move;
        on a site, join its events and queue."""
        deal = Match(seed=0).deal()
        self.bots.start(think, "easy", 0, observe(deal, deal.leader))
        self._spawn(self.storage.checkpoints())
        if self.cluster is None:
            for row in await self.storage.games(statuses=("open", "playing")):
                await self.load(row.id)
            return
        functions = [func(cast(WorkerCoroutine, job), name=name) for name, job in
                     (("bot", self._bot_job), ("hint", self._hint_job), ("clock", self._clock_job),
                      ("away", self._away_job))]
        self.cluster.start(self._heard, self._resync, functions)
        self._spawn(self._reconciling())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.cluster.connected.wait(), SUBSCRIBE_SECONDS)

    async def measure(self) -> None:
        """Read what the metrics show but cannot read at once: the site's queue."""
        if self.cluster is not None:
            self.queued = await self.cluster.queued()

    async def stop(self) -> None:
        """Stop the bots (program bots' processes at once) and the database threads."""
        if self.cluster is not None:
            await self.cluster.stop()
        for task in list(self._tasks):
            task.cancel()
        for game in self.games.values():
            self._stop_clock(game)
        await asyncio.gather(*(game.host.stop() for game in self.games.values() if game.host is not None))
        self.bots.stop()
        self.storage.close()

    def _spawn(self, coroutine: Coroutine[Any, Any, object]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -------------------------------------------------------------------- games

    async def load(self, game_id: str) -> LiveGame | None:
        """The live game, rebuilt from its stored moves if not in memory (on a site, brought
        up to date with the moves other processes stored)."""
        while (game := self.games.get(game_id)) is not None:
            if self.cluster is None:
                return game
            async with game.lock:
                await self._sync(game)
            if self.games.get(game_id) is game:  # not dropped from memory meanwhile
                return game
        stored = await self.storage.game(game_id)
        if stored is None:
            return None
        row, history = stored
        names = await self.storage.seat_names(row)
        game = self.games.get(game_id)
        if game is not None:  # loaded meanwhile
            return game
        game = LiveGame(row, replay(row, history), names, len(history))
        _recall(game, history)
        self.games[game_id] = game
        if self.cluster is None:
            await self._resume_clock(game, history)
            await self._rate_seats(game)
        else:
            async with game.lock:  # kept in memory (_evict) until the caller has it
                self._clocked(game, history, arm=False)
                await self._shared(game)
                await self._rate_seats(game)
        if self.cluster is None and row.status == "playing" and row.bot is not None and row.bot not in LEVELS:
            if row.bot in self.bots.programs:
                self._seat_program(game)
                self._park_later(game)
            else:
                self._spawn(self.forfeit(game, 1, "the program is no longer allowed on this server"))
        if self.cluster is None:
            self._bot_turn(game)
        return game

    async def describe(self, game_id: str, player: Player | None) -> Game | None:
        """A game as ``player`` sees it, live or stored (on a site, a live one brought up to
        date first: a seat another process gave away just now shows taken)."""
        game = self.games.get(game_id)
        if game is not None and self.cluster is not None:
            game = await self.load(game_id)
        if game is not None:
            return game.describe(player)
        found = await self.storage.game(game_id)
        return None if found is None else (await self.storage.describe([found[0]], player))[0]

    async def lobby(self, player: Player | None) -> list[Game]:
        """The open tables, newest first (on a site, every process's: read from the
        database)."""
        if self.cluster is not None:
            return await self.storage.describe(await self.storage.games(statuses=("open",)), player)
        open_games = [game for game in self.games.values() if game.row.status == "open"]
        open_games.sort(key=lambda game: game.row.created, reverse=True)
        return [game.describe(player) for game in open_games]

    async def _sync(self, game: LiveGame) -> int:
        """Bring a game of a site up to date (the caller holds its lock): its row, the moves
        other processes stored since this copy's last (the state after each sent to this
        process's connections), its seats' presence and rematch offer; how many moves."""
        stored = await self.storage.game_since(game.row.id, game.seq)
        if stored is None:
            return 0
        row, new = stored
        if new and new[0].seq != game.seq + 1:
            await self._rebuild(game)
            self._send(game)
            return len(new)
        started = game.row.status != "playing" and row.status == "playing"
        seated = row.player_ids != game.row.player_ids
        if seated:
            game.names = await self.storage.seat_names(row)
        game.row = row
        if seated:
            await self._seat_watchers(game)
        self._absorb(game, new)
        if started:
            await self._rate_seats(game)
        await self._shared(game)
        return len(new)

    def _absorb(self, game: LiveGame, new: Sequence[Move]) -> None:
        """Apply moves another process stored, sending this process's connections the state
        after each, as that process sent its own."""
        for move in new:
            _apply(game, move)
            self._send(game)
        self._clocked(game, new, arm=bool(game.connections))
        if game.host is not None and game.row.status == "over":
            game.host.end()

    async def _rebuild(self, game: LiveGame) -> None:
        """Replay a game of a site from the database again (the caller holds its lock): its
        copy ran ahead of what was stored."""
        stored = await self.storage.game(game.row.id)
        if stored is None:
            return
        row, history = stored
        game.row, game.table, game.seq = row, replay(row, history), len(history)
        game.names = await self.storage.seat_names(row)
        game.last = game.forfeit = game.tally = None
        _recall(game, history)
        if game.host is not None:
            game.table = Table([None, game.host], match=narrowed(game.table.match, Match))
            game.host.wake(narrowed(game.table.match, Match))
        self._clocked(game, history, arm=bool(game.connections))
        await self._shared(game)

    async def _shared(self, game: LiveGame) -> None:
        """Read a game's seats' presence and its rematch offer from the site's Redis (kept
        as they were while Redis is away)."""
        assert self.cluster is not None
        try:
            away = await self.cluster.away(game.row.id, game.row.seats)
            game.rematch = await self.cluster.rematch(game.row.id)
        except (RedisError, OSError):
            return
        game.away_since[:len(away)] = away

    async def _save(self, game: LiveGame, new: Sequence[Move], *, with_row: bool = True,
                    rated: Rated | None = None) -> None:
        """Store a game's new moves (the caller holds its lock). A failed commit drops the
        game from memory, which ran ahead; on a site, a move another process stored first
        reloads the game and raises :class:`Conflict`."""
        try:
            await self.storage.save(game.row, new, with_row=with_row, rated=rated)
        except IntegrityError:
            if self.cluster is None:
                self._forget(game)
                raise
            await self._rebuild(game)
            self._send(game)
            raise Conflict(game.row.id) from None
        except Exception:
            self._forget(game)
            raise

    async def _again(self, attempt: Callable[[], Awaitable[None]]) -> None:
        """Make a change of a game, and once more if another process's move came first:
        the change is checked again against the game as it now is."""
        try:
            await attempt()
        except Conflict:
            try:
                await attempt()
            except Conflict:
                raise GameError("busy", "the game changed at the same moment; try again") from None

    @contextlib.asynccontextmanager
    async def _exclusive(self, game: LiveGame) -> AsyncIterator[None]:
        """Hold the game, on a site in every process (for changes that store no move of
        their own: a seat taken, a rematch), brought up to date."""
        async with contextlib.AsyncExitStack() as stack:
            if self.cluster is not None:
                await stack.enter_async_context(self.cluster.lock(game.row.id))
            await stack.enter_async_context(game.lock)
            if self.cluster is not None:
                await self._sync(game)
            yield

    @contextlib.asynccontextmanager
    async def _held(self, game: LiveGame) -> AsyncIterator[None]:
        """Hold the game's lock, brought up to date on a site."""
        async with game.lock:
            if self.cluster is not None:
                await self._sync(game)
            yield

    def _evict(self, game: LiveGame) -> None:
        """On a site, drop from memory a game this process holds no socket of (its next
        use reloads it): its bot's and clock's jobs may run on any process."""
        if (self.cluster is not None and not game.connections and game.host is None and not game.thinking
                and not game.lock.locked() and self.games.get(game.row.id) is game):
            del self.games[game.row.id]
            if game.timer is not None:  # the clock's timer goes to the site's queue
                self._clocked(game, [])

    # -------------------------------------------------------------- the site

    async def _heard(self, message: dict[str, Any]) -> None:
        """An event of another process: bring the game up to date and tell this process's
        connections, if it holds any of the game."""
        game = self.games.get(str(message.get("game")))
        if game is None or not game.connections:
            return
        if message.get("kind") == "chat":
            self._spawn(self.chat.heard(game, message))
        elif message.get("kind") == "hint":
            self._hinted(game.row.id, int(message["seat"]), Hint.model_validate(message["hint"]))
        elif message.get("kind") == "moves":
            self._spawn(self._hear_moves(game, message))
        else:
            self._spawn(self._catch_up(game))

    async def _hear_moves(self, game: LiveGame, message: dict[str, Any]) -> None:
        """Apply the moves another process stored and published, without reading them from
        the database (unless this copy missed some before them)."""
        async with game.lock:
            new = [Move(*move) for move in message["moves"] if move[0] > game.seq]
            if not new:
                return
            if new[0].seq != game.seq + 1:
                if not await self._sync(game):
                    self._send(game)
                return
            row = game.row
            row.status, row.score = message["status"], tuple(message["score"])
            row.winner, row.ending = message["winner"], message["ending"]
            self._absorb(game, new)

    async def _catch_up(self, game: LiveGame) -> None:
        async with game.lock:
            if await self._sync(game):
                return
        self._send(game)

    async def _resync(self) -> None:
        """On every subscription to the site's events (joining the site, Redis back): write
        this process's presence again, bring its games up to date, and queue the jobs of
        every game in play (those queued while Redis was away were lost)."""
        assert self.cluster is not None
        try:
            for game in list(self.games.values()):
                for seat in game.seats:
                    held = sum(connection.seat == seat for connection in game.connections)
                    if held:
                        await self.cluster.present(game.row.id, seat, held)
                await self._catch_up(game)
            await self._reconcile()
        except (RedisError, OSError):
            event(logger, "resync_failed", level=logging.WARNING)

    async def _reconcile(self) -> None:
        """Queue the jobs every game in play needs (queued once: a job is named by its game
        and move): its bot's turn, its clock's timer."""
        for row in await self.storage.games(statuses=("playing",)):
            game = await self.load(row.id)
            if game is not None:
                self._clocked(game, [])
                self._bot_turn(game)
                self._evict(game)

    async def _reconciling(self) -> None:
        """Every :data:`RECONCILE_SECONDS`, one process of the site reconciles the queue: a
        job that timed out or failed is queued again."""
        assert self.cluster is not None
        while True:
            await asyncio.sleep(RECONCILE_SECONDS)
            try:
                if await self.cluster.redis.set("sixtysix:reconcile", self.cluster.process, nx=True,
                                                ex=RECONCILE_SECONDS - 1):
                    await self._reconcile()
            except (RedisError, OSError):
                event(logger, "reconcile_failed", level=logging.WARNING)

    async def _bot_job(self, _context: dict[str, Any], game_id: str, seq: int) -> None:
        """A job of the site's queue: the bot to act at move ``seq`` decides (unless a
        process holding the game's sockets already does), and its action is applied unless
        the game has moved on."""
        game = await self.load(game_id)
        if game is None:
            return
        try:
            seat = game.table.to_act
            if game.seq != seq or game.row.status != "playing" or seat is None or game.thinking:
                return
            bot = game.row.bots[seat]
            if bot is not None:
                game.thinking = True
                await self._move_bot(game, seat, bot)
        finally:
            self._evict(game)

    async def _clock_job(self, _context: dict[str, Any], game_id: str, seat: int, seq: int) -> None:
        """A job of the site's queue: the seat to act at move ``seq`` ran out of time,
        unless the game has moved on (as it mostly has: known without loading it)."""
        held = self.games.get(game_id)
        last = held.seq if held is not None else await self.storage.run(self.storage.store.last_seq, game_id)
        if last > seq:
            return
        game = await self.load(game_id)
        if game is not None:
            await self._time_out(game, seat, seq)
            self._evict(game)

    async def _away_job(self, _context: dict[str, Any], game_id: str) -> None:
        """A job of the site's queue: a seat's away limit has passed; every process tells its
        connections (the other player may now claim)."""
        assert self.cluster is not None
        game = self.games.get(game_id)
        if game is not None:
            await self._catch_up(game)
        await self.cluster.publish(game_id)

    def _seat_program(self, game: LiveGame) -> None:
        """Seat the game's program bot at its table, as a listener of seat 1."""
        bot = game.row.bot
        assert bot is not None

        def failed(fault: str, reason: str) -> None:
            event(logger, "program_failed", level=logging.WARNING, game=game.row.id, bot=bot,
                  reason=CARD_TOKEN.sub("··", reason))
            self._spawn(self.forfeit(game, 1, fault))

        def start() -> EngineBot:
            return self.bots.program(bot, self._rng.getrandbits(64), game.row.id)

        game.host = ProgramHost(start, failed)
        match = narrowed(game.table.match, Match)
        game.table = Table([None, game.host], match=match)
        game.host.wake(match)

    async def create(self, player: Player, opponent: str | None, rules_text: str,
                     level: str | None, seats: Sequence[str] | None = None, *, rated: bool = False,
                     clock: Clock | None = None) -> LiveGame:
        """A new game with the player in seat 0 and each other seat a bot or open for a
        person (who takes it by the game's link): in a game of one other seat as
        ``opponent`` and ``level`` say, of more as ``seats`` names the kind of each (a
        level or :data:`PERSON`). The match starts once every person's seat is taken.
        A ``rated`` game is between accounts' players only, under a preset unchanged,
        with a move clock (:data:`DEFAULT_CLOCK` unless ``clock`` says)."""
        rules = Rules.parse(rules_text)
        bots = self._other_seats(rules, opponent, level, seats)
        if rated:
            if player.account is None:
                raise GameError("account_required", "rated games are for signed-in players")
            if any(bot is not None for bot in bots):
                raise GameError("bad_request", "rated games are between people only")
            if rules_text.strip() not in PRESET_NAMES:
                raise GameError("bad_request", "a rated game is played by a preset unchanged")
            clock = clock or DEFAULT_CLOCK
        game = await self._open(rules, [player, *[None] * len(bots)], [None, *bots], rated=rated, clock=clock)
        _created(game, player)
        return game

    async def pair(self, kind: str, players: Sequence[Player], rated: bool) -> str:
        """The id of a new game of quick pairing: the players of the preset ``kind`` seated in
        an order of the server's random source, rated or not as they asked, with the
        :data:`DEFAULT_CLOCK`."""
        seated: list[Player | None] = list(players)
        self._rng.shuffle(seated)
        game = await self._open(Rules.parse(kind), seated, [None] * len(seated), rated=rated,
                                clock=DEFAULT_CLOCK)
        first = seated[0]
        assert first is not None
        _created(game, first)
        return game.row.id

    async def _open(self, rules: Rules, players: Sequence[Player | None], bots: Sequence[str | None], *,
                    rated: bool = False, clock: Clock | None = None) -> LiveGame:
        """A new game of ``rules``, stored and in memory, with each seat's person (``None``:
        a seat open for one) or bot, rated or not, with a move clock or none; its match
        starts at once when no seat is open."""
        count = len(players)
        row = GameRow(secrets.token_urlsafe(12), "open", str(rules), self._rng.randrange(count), bots[1],
                      [None if player is None else player.id for player in players], (0,) * count,
                      None, None, now(), bots[2] if count > 2 else None, rated,
                      None if clock is None else clock.move, None if clock is None else clock.bank)
        table = Table([None] * count, rules, dealer=row.first_dealer)
        names = {player.id: player.name for player in players if player is not None}
        game = LiveGame(row, table, seat_names(row, names), 0)
        if row.bot in self.bots.programs and self.cluster is None:  # on a site, where its turn is taken
            self._seat_program(game)
        first: list[Move] = []
        if all(player is not None or bot is not None for player, bot in zip(players, bots, strict=True)):
            row.status = "playing"
            first.append(self._deal(game))
        try:
            await self.storage.create_game(row, first)
        except Exception:
            if game.host is not None:
                game.host.end()
            raise
        self.games[row.id] = game
        self._clocked(game, first)
        await self._rate_seats(game)
        self._bot_turn(game)
        self._evict(game)
        return game

    def _other_seats(self, rules: Rules, opponent: str | None, level: str | None,
                     seats: Sequence[str] | None) -> list[str | None]:
        """The bot of each seat of a new game but its creator's (``None``: a person's), as
        the request names them; a :class:`GameError` if it names them wrongly."""
        bots = self.bots.opponents(game_of(rules))
        if others(rules) == 1:
            if seats is not None:
                raise GameError("bad_request", "seats are for the three-hand game; use opponent and level")
            if opponent == "bot":
                if level not in bots:
                    raise GameError("bad_request", f"level must be one of {', '.join(bots)}")
                return [level]
            if opponent == "human":
                return [None]
            raise GameError("bad_request", "opponent must be 'bot' or 'human'")
        # The server plays a program only as the lone opponent (ProgramHost, seat 1).
        kinds = [*levels_of(game_of(rules)), PERSON]
        if seats is None or len(seats) != others(rules) or any(kind not in kinds for kind in seats):
            raise GameError("bad_request", f"a three-hand game needs 'seats': two of {', '.join(kinds)}")
        return [None if kind == PERSON else kind for kind in seats]

    async def join(self, player: Player, game_id: str) -> LiveGame:
        """Seat a player in the first open seat of a table; the match starts once every
        person's seat is taken."""
        game = await self.load(game_id)
        if game is None:
            raise GameError("no_game", "no such game")
        async with self._exclusive(game):
            row = game.row
            if row.status != "open":
                raise GameError("not_open", "this table is not open")
            if player.id in row.player_ids:
                raise GameError("own_game", "you already sit at this table")
            if row.rated and player.account is None:
                raise GameError("account_required", "rated games are for signed-in players")
            seat = next(s for s in game.seats if row.player_ids[s] is None and row.bots[s] is None)
            row.player_ids[seat] = player.id
            new = []
            if all(row.player_ids[s] is not None or row.bots[s] is not None for s in game.seats):
                row.status = "playing"
                new.append(self._deal(game))
            await self._save(game, new)
            game.names[seat] = player.name
            self._clocked(game, new)
            await self._rate_seats(game)
            event(logger, "joined", game=row.id, seat=seat, player=player.id, started=row.status == "playing")
            await self._seat_watchers(game)
            self.broadcast(game)
            self._bot_turn(game)
        self._evict(game)
        return game

    async def _seat_watchers(self, game: LiveGame) -> None:
        """Give this process's connections of players who now sit at the game (who watched
        it until they joined, on whichever process) their seats."""
        for connection in game.connections:
            seat = game.seat_of(connection.player)
            if connection.seat is None and seat is not None:
                connection.seat = seat
                game.away_since[seat] = None
                await self._present(game, seat)

    async def _rate_seats(self, game: LiveGame) -> None:
        """Note the seated players' ratings as a rated game's match begins."""
        row = game.row
        if not row.rated or row.status != "playing":
            return
        ids = [player_id for player_id in row.player_ids if player_id is not None]
        found = await self.storage.run(self.storage.store.ratings_of, ids, kind_of(row))
        game.ratings = [None if player_id is None else seat_rating(found.get(player_id))
                        for player_id in row.player_ids]

    def _deal(self, game: LiveGame) -> Move:
        deck = list(range(NUM_CARDS))
        shuffle(deck, Random(self._rng.getrandbits(128)))
        game.table.deal(deck)
        game.seq += 1
        game.last = None
        return Move(game.seq, "deal", None, " ".join(card_name(c) for c in deck), now_ms())

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
                  expect: int | None = None) -> bool:
        """Check and apply one action of a seat, store it, then tell everybody; unless
        the game has passed move ``expect`` (if given): then nothing is done and the answer
        is false (an intent sent again, or overtaken by another)."""
        if seat is None:
            raise GameError("spectator", "spectators cannot act")
        applied = False

        async def attempt() -> None:
            nonlocal applied
            applied = await self._act(game, seat, token, expect)

        await self._again(attempt)
        return applied

    async def _act(self, game: LiveGame, seat: int, token: str, expect: int | None) -> bool:
        # No reading of other processes' moves first: this copy is as new as any state it
        # sent its connections, and a move stored meanwhile makes the commit fail (Conflict).
        started = time.perf_counter()
        async with game.lock:
            if expect is not None and game.seq != expect:
                return False
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
            new = [Move(game.seq, "act", seat, action.token, now_ms())]
            game.last = (seat, action)
            match = game.match
            messages = []
            ended = match.round is not None and match.round.is_over
            if ended:
                self._update_row(game)
                if not match.is_over:
                    messages = [(c, self.state(game, c)) for c in game.connections]
                    new.append(self._deal(game))
            await self._save(game, new, with_row=ended, rated=rating_change(game.row))
            self._clocked(game, new)
            for connection, message in messages:
                connection.send(message)
            self.broadcast(game, moves=new)
            self.metrics.action(time.perf_counter() - started)
            if game.row.status == "over":
                _finished(game)
                if game.host is not None:
                    game.host.end()
            self._bot_turn(game)
        return True

    def _update_row(self, game: LiveGame) -> None:
        match = game.match
        game.row.score = match.score
        if match.is_over:
            game.row.status = "over"
            game.row.winner = match.winner
            game.row.ending = "played"

    def _bot_turn(self, game: LiveGame) -> None:
        """Let the bot of the seat to act decide: here, or on a site, where this process
        holds no socket of the game, in a job of the site's queue (any process takes it)."""
        seat = game.table.to_act
        if seat is None or game.thinking or game.row.status != "playing":
            return
        bot = game.row.bots[seat]
        if bot is None:
            return
        if self.cluster is not None and not game.connections:
            game_id, seq = game.row.id, game.seq
            self._spawn(self.cluster.enqueue("bot", f"bot:{game_id}:{seq}", game_id, seq))
            return
        if self.cluster is None and game.host is None and bot not in LEVELS:  # a program no longer allowed
            return
        game.thinking = True
        self._spawn(self._move_bot(game, seat, bot))

    async def _move_bot(self, game: LiveGame, seat: int, bot: str) -> None:
        """The bot of ``seat`` (a level, or the program) decides (the caller has set
        ``game.thinking``), and its action is applied unless the game has moved on."""
        expect = game.seq
        try:
            token = await self._decide(game, seat, bot)
        finally:
            game.thinking = False
        if (token is not None and (self.cluster is not None or self.games.get(game.row.id) is game)
                and not await self.act(game, seat, token, expect=expect)):
            # On a site another process's bot moved first, and a turn of the bot may have
            # come meanwhile, which this decision in progress kept from starting.
            self._bot_turn(game)
        self._evict(game)  # on a site, if its sockets closed while it decided

    async def _decide(self, game: LiveGame, seat: int, bot: str) -> str | None:
        """The action of a level's bot, or of the game's program (seated here first if it is
        not yet; ``None`` if it has none, or is no longer allowed: its seat forfeits)."""
        if bot in LEVELS:
            return await self.bots.think(bot, think, bot, self._rng.getrandbits(64), game.observe(seat),
                                         tuple(game.match.score))
        if game.host is None:
            if bot not in self.bots.programs:
                await self.forfeit(game, seat, "the program is no longer allowed on this server")
                return None
            self._seat_program(game)
        host = game.host
        assert host is not None
        host.wake(narrowed(game.match, Match))
        token = await host.decide(narrowed(game.observe(1), Observation))
        if not game.connections:
            self._park_later(game)
        return token

    async def forfeit(self, game: LiveGame, seat: int, reason: str) -> None:
        """End the match as lost by ``seat``, whose program failed for ``reason`` (words
        of the server's, shown to everyone and stored as the game's last move)."""
        await self._again(lambda: self._forfeit(game, seat, reason))

    async def _forfeit(self, game: LiveGame, seat: int, reason: str) -> None:
        async with self._held(game):
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
        opponents = game.opponents(seat)
        if len(opponents) != 1:
            raise GameError("no_resign", "the three-hand game cannot be resigned")
        await self._again(lambda: self._resign(game, seat, opponents[0]))

    async def _resign(self, game: LiveGame, seat: int, opponent: int) -> None:
        async with self._held(game):
            if game.row.status != "playing":
                raise GameError("not_your_turn", "the match is not being played")
            await self._end(game, opponent, "resigned", "resign", seat)
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
        self._stop_clock(game)
        move = Move(game.seq, kind, seat, value, now_ms())
        await self._save(game, [move], rated=rating_change(game.row))
        if game.host is not None:
            game.host.end()
        self.broadcast(game, moves=[move])
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

    async def claim(self, game: LiveGame, seat: int | None) -> None:
        """End the match in favour of a seat whose opponent stayed away too long."""
        if seat is None:
            raise GameError("spectator", "spectators cannot claim")
        await self._again(lambda: self._claim(game, seat))

    async def _claim(self, game: LiveGame, seat: int) -> None:
        async with self._held(game):
            if not self.claimable(game, seat):
                raise GameError("not_claimable", "the opponent has not been away long enough")
            await self._end(game, seat, "claimed", "claim", seat)
            event(logger, "claimed", game=game.row.id, seat=seat)

    def claimable(self, game: LiveGame, seat: int) -> bool:
        """Whether ``seat`` may claim the match now: only from its one opponent (never in
        the three-hand game)."""
        opponents = game.opponents(seat)
        if len(opponents) != 1:
            return False
        other = opponents[0]
        since = game.away_since[other]
        return (game.row.status == "playing" and game.human(other) and since is not None
                and time.time() - since > self.away_limit)

    async def rematch(self, game: LiveGame, seat: int | None) -> None:
        """Offer a rematch of the finished match, or accept the offer in force; once every
        seated person has accepted (at once when ``seat`` is the only one: "play again"),
        the new game starts with the same rules, each person one person's seat on (two
        people swap) and each bot in its seat, and everybody connected is told its id."""
        if seat is None:
            raise GameError("spectator", "spectators cannot offer or accept a rematch")
        async with self._exclusive(game):
            if game.row.status != "over":
                raise GameError("not_over", "the match is not over")
            offer = game.rematch
            if offer is not None and offer.status == "started":
                raise GameError("rematch_started", "the rematch has started")
            if offer is None or offer.status != "offered":
                offer = Rematch(status="offered", by=seat, accepted=[seat])
                game.rematch = offer
                event(logger, "rematch_offered", game=game.row.id, seat=seat)
            elif seat not in offer.accepted:
                offer.accepted.append(seat)
            if set(game.persons) <= set(offer.accepted):
                new = await self._rematch_game(game)
                offer.status, offer.game = "started", new.row.id
                event(logger, "rematch", game=game.row.id, new_game=new.row.id, seats=new.row.player_ids)
            await self._keep_rematch(game)
            self.broadcast(game)

    async def decline_rematch(self, game: LiveGame, seat: int | None) -> None:
        """Decline the rematch offer in force (its offerer withdraws it so); anybody may
        offer again."""
        if seat is None:
            raise GameError("spectator", "spectators cannot decline a rematch")
        async with self._exclusive(game):
            if game.rematch is None or game.rematch.status != "offered":
                raise GameError("no_rematch", "no rematch is offered")
            game.rematch = Rematch(status="declined", by=seat, accepted=[])
            event(logger, "rematch_declined", game=game.row.id, seat=seat)
            await self._keep_rematch(game)
            self.broadcast(game)

    async def _keep_rematch(self, game: LiveGame) -> None:
        """On a site, keep the game's rematch offer where every process reads it."""
        if self.cluster is not None and game.rematch is not None:
            await self.cluster.set_rematch(game.row.id, game.rematch)

    async def _rematch_game(self, game: LiveGame) -> LiveGame:
        """The rematch of a finished game (the caller holds its lock): each person moves
        to the next person's seat, each bot keeps its own."""
        row = game.row
        for bot in row.bots:
            if bot is not None and bot not in LEVELS and bot not in self.bots.programs:
                raise GameError("no_rematch", "the program is no longer allowed on this server")
        persons = game.persons
        players: list[Player | None] = [None] * row.seats
        for index, seat in enumerate(persons):
            player_id, name = row.player_ids[seat], game.names[seat]
            assert player_id is not None and name is not None
            players[persons[(index + 1) % len(persons)]] = Player(player_id, name)
        clock = None if row.move_seconds is None or row.bank_seconds is None else Clock(
            move=row.move_seconds, bank=row.bank_seconds)
        new = await self._open(Rules.parse(row.rules), players, row.bots, rated=row.rated, clock=clock)
        first = players[0]
        assert first is not None
        _created(new, first)
        return new

    async def _left(self, game: LiveGame, seat: int) -> None:
        """Withdraw the rematch offer in force if ``seat`` has left the table (no
        connection of it is open, on any process of a site) and tell the others."""
        async with self._exclusive(game):
            offer = game.rematch
            if (offer is None or offer.status != "offered" or any(c.seat == seat for c in game.connections)
                    or (self.cluster is not None and game.away_since[seat] is None)):
                return
            game.rematch = Rematch(status="left", by=seat, accepted=[])
            event(logger, "rematch_withdrawn", game=game.row.id, seat=seat)
            await self._keep_rematch(game)
            self.broadcast(game)

    async def hint(self, game: LiveGame, seat: int | None) -> Hint | None:
        """The analysis of each legal action of the seat to act, from its own observation.
        On a site it is a job of the queue, whose answer reaches the seat's connections on
        every process (``None`` here), unless the queue cannot be reached."""
        if seat is None:
            raise GameError("spectator", "spectators get no hints")
        async with self._held(game):
            rnd = game.match.round
            if game.row.status != "playing" or rnd is None or rnd.to_act != seat:
                raise GameError("not_your_turn", "hints are for the seat to act")
            seq, observation = game.seq, game.observe(seat)
        game_id = game.row.id
        if self.cluster is not None and await self.cluster.enqueue("hint", f"hint:{game_id}:{seq}:{seat}",
                                                                   game_id, seq, seat):
            return None
        return await self.bots.hint(observation, seq)

    async def _hint_job(self, _context: dict[str, Any], game_id: str, seq: int, seat: int) -> None:
        """A job of the site's queue: the hint of the seat to act at move ``seq`` of a game,
        sent to the seat's connections on every process (none if the game has moved on)."""
        assert self.cluster is not None
        game = await self.load(game_id)
        if game is None:
            return
        try:
            if game.seq != seq or game.row.status != "playing" or game.table.to_act != seat:
                return
            hint = await self.bots.hint(game.observe(seat), seq)
        finally:
            self._evict(game)
        self._hinted(game_id, seat, hint)
        await self.cluster.publish(game_id, "hint", seat=seat, hint=hint.model_dump())

    def _hinted(self, game_id: str, seat: int, hint: Hint) -> None:
        """Send a hint to this process's connections of its seat, if the game is still at
        the state the hint is of."""
        game = self.games.get(game_id)
        if game is not None and game.seq == hint.seq:
            for connection in game.connections:
                if connection.seat == seat:
                    connection.send(hint)

    # --------------------------------------------------------------- connections

    async def connect(self, game: LiveGame, connection: Connection) -> None:
        """Register an open WebSocket; when a seat comes back, tell the others."""
        seat = connection.seat = game.seat_of(connection.player)
        game.connections.append(connection)
        if self.cluster is not None:  # an event heard before the connection was here went by it
            async with game.lock:
                await self._sync(game)
                self._clocked(game, [])
            self._bot_turn(game)
        if game.host is not None and game.row.status == "playing":
            assert isinstance(game.match, Match)
            game.host.wake(game.match)
        back = seat is not None and game.away_since[seat] is not None
        if seat is not None:
            await self._present(game, seat)
            game.away_since[seat] = None
        connection.send(self.state(game, connection))
        if back:
            self.broadcast(game, but=connection)

    async def disconnect(self, game: LiveGame, connection: Connection) -> None:
        """Forget a closed WebSocket; a seat left with none is away from now on, and a
        finished game left with none leaves memory (it is reloaded if asked for; on a site,
        so does a game in play)."""
        with contextlib.suppress(ValueError):
            game.connections.remove(connection)
        seat = connection.seat
        if seat is not None:
            await self._present(game, seat)
        if game.row.status == "over" and seat is not None and game.rematch is not None:
            asyncio.get_running_loop().call_later(REMATCH_GRACE, lambda: self._spawn(self._left(game, seat)))
        if game.row.status == "over" and not game.connections:
            if self.games.get(game.row.id) is game:
                del self.games[game.row.id]
            return
        if game.host is not None and not game.connections:
            self._park_later(game)
        if seat is not None and not any(c.seat == seat for c in game.connections):
            await self._away(game, seat)
        self._evict(game)

    async def _present(self, game: LiveGame, seat: int) -> None:
        """On a site, tell Redis how many sockets of ``seat`` this process holds."""
        if self.cluster is None:
            return
        held = sum(connection.seat == seat for connection in game.connections)
        with contextlib.suppress(RedisError, OSError):
            await self.cluster.present(game.row.id, seat, held)

    async def _away(self, game: LiveGame, seat: int) -> None:
        """A seat has no connection left here: away from now on (on a site, unless another
        process holds one); everybody is told now and again once the away limit passes."""
        if self.cluster is None:
            game.away_since[seat] = time.time()
            self.broadcast(game)
            asyncio.get_running_loop().call_later(self.away_limit + 0.05, self.broadcast, game)
            return
        async with game.lock:
            await self._shared(game)
        since = game.away_since[seat]
        if since is None:
            return
        self.broadcast(game)
        with contextlib.suppress(RedisError, OSError):
            await self.cluster.enqueue("away", f"away:{game.row.id}:{seat}:{since}", game.row.id,
                                       delay=max(0.0, since + self.away_limit + 0.05 - time.time()))

    def broadcast(self, game: LiveGame, but: Connection | None = None, moves: Sequence[Move] = ()) -> None:
        """Send each connection its own state; on a site, tell the other processes too (the
        new ``moves`` stored, if any, with the row's standing), and this process's copy of the
        game if a job changed another (the copy it had loaded was dropped meanwhile)."""
        self._send(game, but)
        if self.cluster is not None:
            row = game.row
            if moves:
                self._spawn(self.cluster.publish(
                    row.id, "moves", moves=[[m.seq, m.kind, m.seat, m.value, m.at] for m in moves],
                    status=row.status, score=list(row.score), winner=row.winner, ending=row.ending))
            else:
                self._spawn(self.cluster.publish(row.id))
            held = self.games.get(game.row.id)
            if held is not None and held is not game:
                self._spawn(self._catch_up(held))

    def _send(self, game: LiveGame, but: Connection | None = None) -> None:
        """Send each of this process's connections of the game its own state."""
        for connection in game.connections:
            if connection is not but:
                connection.send(self.state(game, connection))

    def state(self, game: LiveGame, connection: Connection) -> State:
        """The ``state`` message for one connection."""
        seat = connection.seat
        rnd = game.match.round
        view = None
        if rnd is not None:
            info = MatchInfo.of(game.match)
            view = public_view(game.observe(0), info) if seat is None else seat_view(game.observe(seat), info)
        last = None if game.last is None else Last(actor=game.last[0], action=game.last[1].token)
        away = [game.human(s) and game.row.status == "playing" and game.away_since[s] is not None
                for s in game.seats]
        forfeit = None if game.forfeit is None else Forfeit(seat=game.forfeit[0], reason=game.forfeit[1])
        clock = None if game.tally is None else clock_state(game.row, game.tally, _clock_seat(game), now_ms())
        return State(seq=game.seq, game=game.describe(connection.player), view=view, last=last, away=away,
                     claimable=seat is not None and self.claimable(game, seat), forfeit=forfeit,
                     rematch=None if seat is None else game.rematch, clock=clock)

    # ---------------------------------------------------------------- move clock

    async def _resume_clock(self, game: LiveGame, history: Sequence[Move]) -> None:
        """Rebuild a loaded game's clock from its stored moves; the turn in progress starts
        again now (a stored ``resume``), so the time the server was down is not counted."""
        row = game.row
        if row.move_seconds is None or row.bank_seconds is None:
            return
        game.tally = tally(history, [game.human(s) for s in game.seats], row.move_seconds, row.bank_seconds)
        async with game.lock:
            seat = _clock_seat(game)
            new = []
            if seat is not None:
                game.seq += 1
                new.append(Move(game.seq, "resume", seat, "", now_ms()))
                await self.storage.save(row, new, with_row=False)
            self._clocked(game, new)

    def _clocked(self, game: LiveGame, new: Sequence[Move], *, arm: bool = True) -> None:
        """Count a game's new stored moves on its clock, if it has one, and (if ``arm``) set
        the timer of the person's seat now to act: on a site, a timer of this process if it
        holds a socket of the game (every such process has one; the first to fire stores the
        timeout), else a job of the site's queue."""
        row = game.row
        if row.move_seconds is None or row.bank_seconds is None:
            return
        persons = [game.human(s) for s in game.seats]
        current = game.tally or tally([], persons, row.move_seconds, row.bank_seconds)
        for move in new:
            current = step(current, move, persons, row.move_seconds)
        game.tally = current
        self._stop_clock(game)
        seat = _clock_seat(game)
        if seat is None or not arm:
            return
        remaining = clock_state(row, current, seat, now_ms())
        assert remaining is not None and remaining.left is not None
        seq = game.seq
        if self.cluster is not None and not game.connections:
            self._spawn(self.cluster.enqueue("clock", f"clock:{row.id}:{seq}", row.id, seat, seq,
                                             delay=remaining.left / 1000))
            return
        game.timer = asyncio.get_running_loop().call_later(
            remaining.left / 1000, lambda: self._spawn(self._time_out(game, seat, seq)))

    def _stop_clock(self, game: LiveGame) -> None:
        if game.timer is not None:
            game.timer.cancel()
            game.timer = None

    async def _time_out(self, game: LiveGame, seat: int, seq: int) -> None:
        """The seat on the clock ran out of time: it loses a two-hand match (ending
        ``time``, a ``timeout`` move of its own); in the three-hand game the server plays
        its move as the easy bot would and the match goes on."""
        try:
            async with self._held(game):
                forgotten = self.cluster is None and self.games.get(game.row.id) is not game
                if forgotten or game.seq != seq or _clock_seat(game) != seat:
                    return
                opponents = game.opponents(seat)
                event(logger, "timed_out", game=game.row.id, seat=seat)
                if len(opponents) == 1:
                    await self._end(game, opponents[0], "time", "timeout", seat)
                    return
                game.thinking = True
        except Conflict:
            return
        await self._move_bot(game, seat, "easy")


def _clock_seat(game: LiveGame) -> int | None:
    """The seat on the game's clock: a person's seat to act in a match in play."""
    seat = game.table.to_act
    if game.row.status != "playing" or seat is None or not game.human(seat):
        return None
    return seat


def _created(game: LiveGame, player: Player) -> None:
    row = game.row
    event(logger, "created", game=row.id, rules=row.rules, player=player.id,
          seats=[PERSON if bot is None else bot for bot in row.bots], status=row.status)


def _finished(game: LiveGame) -> None:
    row = game.row
    event(logger, "finished", game=row.id, winner=row.winner, score=list(row.score), ending=row.ending)


def _apply(game: LiveGame, move: Move) -> None:
    """Apply one stored move to a game in memory."""
    if move.kind == "deal":
        game.table.deal([parse_card(token) for token in move.value.split()])
        game.last = None
    elif move.kind == "act":
        assert move.seat is not None
        action = Action.parse(move.value)
        game.table.submit(move.seat, action)
        game.last = (move.seat, action)
    elif move.kind == "forfeit":
        assert move.seat is not None
        game.forfeit = (move.seat, move.value)
    game.seq = move.seq


def _recall(game: LiveGame, history: Sequence[Move]) -> None:
    """Note a replayed game's last action and forfeit from its stored moves."""
    for move in reversed(history):
        if move.kind == "act":
            assert move.seat is not None
            game.last = (move.seat, Action.parse(move.value))
        elif move.kind == "forfeit":
            assert move.seat is not None
            game.forfeit = (move.seat, move.value)
        if move.kind not in ("claim", "forfeit", "resign", "timeout", "resume"):
            break
