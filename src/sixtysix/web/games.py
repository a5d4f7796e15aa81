"""The game service: live games in memory, each one its stored record replayed.

Every change to a game is committed to the database (:mod:`~sixtysix.web.services.storage`)
before any connection hears of it; the :class:`~sixtysix.table.Table` of a game in memory is
a cache that :meth:`GameService.start` rebuilds by replaying the stored moves
(:mod:`~sixtysix.web.services.replay`). Decks come from the server's random source and are
stored with the game. Bots and hints think in worker processes, and a program bot the
operator allows runs as a process of its own for each game (:mod:`~sixtysix.web.services.bots`).

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
from collections.abc import Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random, SystemRandom
from typing import Any

from sixtysix.bots import LEVELS, make_bot
from sixtysix.bots.engine import EngineBot
from sixtysix.cards import NUM_CARDS, card_name, shuffle
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
from sixtysix.web.services.ratings import kind_of, rating_change, seat_rating
from sixtysix.web.services.replay import replay
from sixtysix.web.services.storage import Storage
from sixtysix.web.store import GameRow, Move, Player, Store, now
from sixtysix.web.views import MatchInfo, public_view, seat_view

logger = logging.getLogger(__name__)

CARD_TOKEN = re.compile(r"\b[9JQKTA][cdhs]\b")
"""A card in the notation, masked in what the server logs of a program's failure."""
REMATCH_GRACE = 2.0
"""How long (seconds) a seated person of a finished game may be without a connection (a
reload, a dropped network) before a rematch offer in force is withdrawn as ``left``."""


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
    away_since: list[float | None] = field(default_factory=lambda: [time.monotonic()] * 3)
    """When each seat's last connection closed (``None``: connected); a two-hand game
    uses the first two."""
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
                 bot_log: str | None = None) -> None:
        self.storage = Storage(store)
        self.chat = ChatService(self.storage)
        """The games' chat (:mod:`~sixtysix.web.services.chat`)."""
        self.bots = Bots(workers=workers, programs=programs, bot_seconds=bot_seconds,
                         handshake_seconds=handshake_seconds, bot_log=bot_log)
        self.away_limit = away_limit
        self.metrics = Metrics()
        self.metrics.read(lambda: sum(game.row.status == "playing" for game in self.games.values()),
                          lambda: sum(len(game.connections) for game in self.games.values()),
                          lambda: self.bots.pending)
        self.games: dict[str, LiveGame] = {}
        self._rng = SystemRandom() if seed is None else Random(seed)
        """The server's random source: dealers, and a fresh 128-bit seed for each deck's
        shuffle and each bot decision (one system call each, not one per card)."""
        self._tasks: set[asyncio.Task[None]] = set()

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Open the bots' processes, load every unfinished game and let its bot move."""
        deal = Match(seed=0).deal()
        self.bots.start(think, "easy", 0, observe(deal, deal.leader))
        for row in await self.storage.games(statuses=("open", "playing")):
            await self.load(row.id)
        self._spawn(self.storage.checkpoints())

    async def stop(self) -> None:
        """Stop the bots (program bots' processes at once) and the database threads."""
        for task in list(self._tasks):
            task.cancel()
        for game in self.games.values():
            self._stop_clock(game)
        await asyncio.gather(*(game.host.stop() for game in self.games.values() if game.host is not None))
        self.bots.stop()
        self.storage.close()

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -------------------------------------------------------------------- games

    async def load(self, game_id: str) -> LiveGame | None:
        """The live game, rebuilt from its stored moves if not in memory."""
        game = self.games.get(game_id)
        if game is not None:
            return game
        stored = await self.storage.game(game_id)
        if stored is None:
            return None
        row, history = stored
        game = self.games.get(game_id)
        if game is not None:
            return game
        names = await self.storage.seat_names(row)
        game = LiveGame(row, replay(row, history), names, len(history))
        for move in reversed(history):
            if move.kind == "act":
                assert move.seat is not None
                game.last = (move.seat, Action.parse(move.value))
            elif move.kind == "forfeit":
                assert move.seat is not None
                game.forfeit = (move.seat, move.value)
            if move.kind not in ("claim", "forfeit", "resign", "timeout", "resume"):
                break
        self.games[game_id] = game
        await self._resume_clock(game, history)
        await self._rate_seats(game)
        if row.status == "playing" and row.bot is not None and row.bot not in LEVELS:
            if row.bot in self.bots.programs:
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
        if row.bot in self.bots.programs:
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
        async with game.lock:
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
            try:
                await self.storage.save(row, new)
            except Exception:
                self._forget(game)
                raise
            game.names[seat] = player.name
            self._clocked(game, new)
            await self._rate_seats(game)
            event(logger, "joined", game=row.id, seat=seat, player=player.id, started=row.status == "playing")
            for connection in game.connections:
                if connection.player is not None and connection.player.id == player.id:
                    connection.seat = seat
                    game.away_since[seat] = None
            self.broadcast(game)
            self._bot_turn(game)
        return game

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
                  expect: int | None = None) -> None:
        """Check and apply one action of a seat, store it, then tell everybody."""
        if seat is None:
            raise GameError("spectator", "spectators cannot act")
        started = time.perf_counter()
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
            try:
                await self.storage.save(game.row, new, with_row=ended, rated=rating_change(game.row))
            except Exception:
                self._forget(game)
                raise
            self._clocked(game, new)
            for connection, message in messages:
                connection.send(message)
            self.broadcast(game)
            self.metrics.action(time.perf_counter() - started)
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
        opponents = game.opponents(seat)
        if len(opponents) != 1:
            raise GameError("no_resign", "the three-hand game cannot be resigned")
        async with game.lock:
            if game.row.status != "playing":
                raise GameError("not_your_turn", "the match is not being played")
            await self._end(game, opponents[0], "resigned", "resign", seat)
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
        try:
            await self.storage.save(game.row, [Move(game.seq, kind, seat, value, now_ms())],
                                    rated=rating_change(game.row))
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
        try:
            token = await self.bots.think(level, think, level, self._rng.getrandbits(64), observation,
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
        """Whether ``seat`` may claim the match now: only from its one opponent (never in
        the three-hand game)."""
        opponents = game.opponents(seat)
        if len(opponents) != 1:
            return False
        other = opponents[0]
        since = game.away_since[other]
        return (game.row.status == "playing" and game.human(other) and since is not None
                and time.monotonic() - since > self.away_limit)

    async def rematch(self, game: LiveGame, seat: int | None) -> None:
        """Offer a rematch of the finished match, or accept the offer in force; once every
        seated person has accepted (at once when ``seat`` is the only one: "play again"),
        the new game starts with the same rules, each person one person's seat on (two
        people swap) and each bot in its seat, and everybody connected is told its id."""
        if seat is None:
            raise GameError("spectator", "spectators cannot offer or accept a rematch")
        async with game.lock:
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
            self.broadcast(game)

    async def decline_rematch(self, game: LiveGame, seat: int | None) -> None:
        """Decline the rematch offer in force (its offerer withdraws it so); anybody may
        offer again."""
        if seat is None:
            raise GameError("spectator", "spectators cannot decline a rematch")
        async with game.lock:
            if game.rematch is None or game.rematch.status != "offered":
                raise GameError("no_rematch", "no rematch is offered")
            game.rematch = Rematch(status="declined", by=seat, accepted=[])
            event(logger, "rematch_declined", game=game.row.id, seat=seat)
            self.broadcast(game)

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

    def _left(self, game: LiveGame, seat: int) -> None:
        """Withdraw the rematch offer in force if ``seat`` has left the table (no
        connection of it is open) and tell the others."""
        offer = game.rematch
        if offer is None or offer.status != "offered" or any(c.seat == seat for c in game.connections):
            return
        game.rematch = Rematch(status="left", by=seat, accepted=[])
        event(logger, "rematch_withdrawn", game=game.row.id, seat=seat)
        self.broadcast(game)

    async def hint(self, game: LiveGame, seat: int | None) -> Hint:
        """The analysis of each legal action of the seat to act, from its own observation."""
        if seat is None:
            raise GameError("spectator", "spectators get no hints")
        rnd = game.match.round
        if game.row.status != "playing" or rnd is None or rnd.to_act != seat:
            raise GameError("not_your_turn", "hints are for the seat to act")
        return await self.bots.hint(game.observe(seat))

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
        seat = connection.seat
        if game.row.status == "over" and seat is not None and game.rematch is not None:
            asyncio.get_running_loop().call_later(REMATCH_GRACE, self._left, game, seat)
        if game.row.status == "over" and not game.connections:
            if self.games.get(game.row.id) is game:
                del self.games[game.row.id]
            return
        if game.host is not None and not game.connections:
            self._park_later(game)
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
        if rnd is not None:
            info = MatchInfo.of(game.match)
            view = public_view(game.observe(0), info) if seat is None else seat_view(game.observe(seat), info)
        last = None if game.last is None else Last(actor=game.last[0], action=game.last[1].token)
        away = [game.human(s) and game.row.status == "playing" and game.away_since[s] is not None
                for s in game.seats]
        forfeit = None if game.forfeit is None else Forfeit(seat=game.forfeit[0], reason=game.forfeit[1])
        clock = None if game.tally is None else clock_state(game.row, game.tally, _clock_seat(game), now_ms())
        return State(game=game.describe(connection.player), view=view, last=last, away=away,
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

    def _clocked(self, game: LiveGame, new: Sequence[Move]) -> None:
        """Count a game's new stored moves on its clock, if it has one, and set the timer
        of the person's seat now to act."""
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
        if seat is None:
            return
        remaining = clock_state(row, current, seat, now_ms())
        assert remaining is not None and remaining.left is not None
        seq = game.seq
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
        async with game.lock:
            if self.games.get(game.row.id) is not game or game.seq != seq or _clock_seat(game) != seat:
                return
            opponents = game.opponents(seat)
            event(logger, "timed_out", game=game.row.id, seat=seat)
            if len(opponents) == 1:
                await self._end(game, opponents[0], "time", "timeout", seat)
                return
            game.thinking = True
        await self._think(game, seat, "easy")


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
