"""The database of the web server: players, their accounts and sign-in sessions, games
and each game's moves and chat.

A game is its record (RULES.md section 10): the rules, the first dealer, and the
moves, each a deck dealt, an action, a claim, a resignation or a forfeit, in order.
Every change is one transaction. The schema is created and upgraded by the Alembic migrations in
``migrations/``, applied by :func:`migrate` when the server starts.

The store is synchronous; the server calls it from one worker thread.

>>> store = Store("sqlite://")
>>> player, token = store.create_player("Ann")
>>> store.player_by_token(token) == player, store.player_by_token("forged")
(True, None)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

metadata = MetaData()

players = Table(
    "players", metadata,
    Column("id", String(32), primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("name", String(64), nullable=False),
    Column("created", String(20), nullable=False),
)

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("status", String(8), nullable=False, index=True),
    Column("rules", String(400), nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("bot", String(16)),
    Column("player0", String(32), ForeignKey("players.id"), nullable=False, index=True),
    Column("player1", String(32), ForeignKey("players.id"), index=True),
    Column("score0", Integer, nullable=False),
    Column("score1", Integer, nullable=False),
    Column("winner", Integer),
    Column("ending", String(8)),
    Column("created", String(20), nullable=False),
    Column("player2", String(32), ForeignKey("players.id"), index=True),
    Column("bot2", String(16)),
    Column("score2", Integer),
    Column("rated", Boolean, nullable=False, server_default="0"),
    Column("move_seconds", Integer),
    Column("bank_seconds", Integer),
)

moves = Table(
    "moves", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),
    Column("seat", Integer),
    Column("value", String(100), nullable=False),
    Column("at", BigInteger),
)

accounts = Table(
    "accounts", metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False, unique=True),
    Column("name", String(64), nullable=False),
    Column("name_key", String(100), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("created", String(20), nullable=False),
    Column("failures", Integer, nullable=False, server_default="0"),
    Column("locked_until", Integer),
)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", String(20), nullable=False),
    Column("last_seen", String(20), nullable=False),
)

ratings = Table(
    "ratings", metadata,
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("kind", String(16), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", String(20), nullable=False),
)

rating_history = Table(
    "rating_history", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", String(20), nullable=False),
)

chat = Table(
    "chat", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("at", String(20), nullable=False),
)

DELETED_NAME = "deleted player"
"""The name a deleted account's player keeps in its games."""
SESSION_IDLE = timedelta(days=30)
"""How long a session lasts unused."""
SEEN_EVERY = timedelta(minutes=5)
"""How stale a session's ``last_seen`` may get before a request writes it again."""

CHAT_KEPT = 50
"""How many lines of its chat a game keeps (the oldest go as new ones come)."""

MIGRATIONS = Path(__file__).parent / "migrations"


@dataclass(frozen=True)
class Player:
    """A player: a guest, or an account's player (``account``: its id)."""

    id: str
    name: str
    account: str | None = None


@dataclass(frozen=True)
class Account:
    """An account: its player, its user name, its password's hash and its failed sign-ins
    (``locked_until``: Unix seconds, while sign-ins are refused)."""

    id: str
    player_id: str
    name: str
    password_hash: str
    failures: int
    locked_until: int | None


@dataclass(frozen=True)
class Rating:
    """A player's rating in one kind of game: its mean ``mu`` and uncertainty ``sigma`` on
    the displayed scale, and how many rated matches made it."""

    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class Rated:
    """How a rated game that has just ended changes its players' ratings in its ``kind``:
    ``rate`` turns the rating of each seat's player before the game (``initial`` for a player
    never rated in the kind) into the rating after it."""

    kind: str
    initial: Rating
    rate: Callable[[list[Rating]], list[Rating]]


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating in ``kind`` after the rated game ``game_id`` ended ``at``, and the
    mean it had before (``mu_before``)."""

    game_id: str
    kind: str
    at: str
    rating: Rating
    mu_before: float


@dataclass(frozen=True)
class Ranked:
    """A leaderboard's line: an account's user name and its rating."""

    name: str
    rating: Rating


@dataclass(frozen=True)
class Move:
    """One stored step of a game: ``deal`` (value: the deck's card tokens, top
    first), ``act`` (value: the action's token), ``claim`` (value empty), ``resign``
    (``seat`` gave the match up; value empty) or ``forfeit`` (``seat`` lost: its program
    bot failed; value: why, at most 100 characters), ``timeout`` (``seat`` ran out of time on
    the move clock and lost the match; value empty) or ``resume`` (the server loaded the game
    again and ``seat``'s turn on the clock restarts; value empty); ``at``: when, in Unix milliseconds
    (``None`` in games stored before moves had times)."""

    seq: int
    kind: str
    seat: int | None
    value: str
    at: int | None = None


@dataclass(frozen=True)
class ChatLine:
    """One line of a game's chat: its number in the game, the seat that said it, its text
    (already cleaned, at most 200 characters) and when (``2026-11-30T23:59:00Z``)."""

    seq: int
    seat: int
    text: str
    at: str


@dataclass
class GameRow:
    """A game's row: who plays, under which rules, and how it stands.

    A three-hand game has three entries in ``player_ids`` and ``score``; ``bot`` is
    the bot of seat 1 (the opponent of a two-hand game), ``bot2`` that of seat 2. A
    ``rated`` game counts for its players' ratings; a game with a move clock has
    ``move_seconds`` for each move and a bank of ``bank_seconds`` for each seat.
    """

    id: str
    status: str
    rules: str
    first_dealer: int
    bot: str | None
    player_ids: list[str | None]
    score: tuple[int, ...]
    winner: int | None
    ending: str | None
    created: str
    bot2: str | None = None
    rated: bool = False
    move_seconds: int | None = None
    bank_seconds: int | None = None

    @property
    def seats(self) -> int:
        """How many seats the game has: 3 for the three-hand game, else 2."""
        return len(self.player_ids)

    @property
    def bots(self) -> list[str | None]:
        """The bot of each seat (``None``: a person plays it).

        >>> row = GameRow("g", "open", "three-hand", 0, None, [None] * 3, (0, 0, 0), None, None, "", "easy")
        >>> row.seats, row.bots
        (3, [None, None, 'easy'])
        """
        return [None, self.bot, self.bot2][:self.seats]

    def seat_of(self, player: Player | None) -> int | None:
        """The seat a player holds in the game, if any."""
        if player is None or player.id not in self.player_ids:
            return None
        return self.player_ids.index(player.id)

    def values(self) -> dict[str, Any]:
        """The row as column values (null in the columns of seats the game lacks)."""
        players = [*self.player_ids, None]
        scores = [*self.score, None]
        return {
            "id": self.id, "status": self.status, "rules": self.rules,
            "first_dealer": self.first_dealer, "bot": self.bot,
            "player0": players[0], "player1": players[1],
            "score0": scores[0], "score1": scores[1], "winner": self.winner,
            "ending": self.ending, "created": self.created,
            "player2": players[2], "bot2": self.bot2,
            "score2": scores[2], "rated": self.rated,
            "move_seconds": self.move_seconds, "bank_seconds": self.bank_seconds,
        }


def now(moment: datetime | None = None) -> str:
    """The current UTC time (or ``moment``) as ``2026-11-30T23:59:00Z``."""
    return (moment or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")


def token_hash(token: str) -> str:
    """What the database keeps of a player's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def database_url(url: str) -> str:
    """A URL SQLAlchemy opens with psycopg 3 for PostgreSQL.

    >>> database_url("postgresql://u@localhost/db")
    'postgresql+psycopg://u@localhost/db'
    >>> database_url("sqlite:///games.db")
    'sqlite:///games.db'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


SERVER_WRITERS = 8
"""How many threads use a database server's store at once, each with a pooled connection
(with fewer in the pool, every checkout beyond it would open a connection and close it)."""


def open_engine(url: str) -> Engine:
    """An engine for a database URL; SQLite files run in WAL mode."""
    url = database_url(url)
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True, pool_size=SERVER_WRITERS)
    memory = url in ("sqlite://", "sqlite:///:memory:")
    engine = create_engine(url, connect_args={"check_same_thread": False},
                           poolclass=StaticPool if memory else None)

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
            # Checkpoints run apart from the commits: see Store.checkpoint.
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        # WAL with synchronous=NORMAL: a commit survives the process being killed.
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest migration."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """Players, games and moves in one database."""

    def __init__(self, url: str) -> None:
        self.engine = open_engine(url)
        migrate(self.engine)
        self.writers = 1 if self.engine.dialect.name == "sqlite" else SERVER_WRITERS
        """How many threads may use the store at once: SQLite has one writer at a time."""

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database file, without blocking writers.

        The server calls it now and then from a thread of its own, so that no commit
        waits for the copy and its disk syncs. Other databases need nothing.
        """
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as db:
                db.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def ping(self) -> None:
        """Ask the database a trivial question: raises if it cannot answer."""
        with self.engine.connect() as db:
            db.exec_driver_sql("SELECT 1")

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    # ------------------------------------------------------------------ players

    def create_player(self, name: str) -> tuple[Player, str]:
        """A new guest and its secret token."""
        token = secrets.token_urlsafe(32)
        player = Player(secrets.token_hex(16), name)
        with self.engine.begin() as db:
            db.execute(insert(players).values(id=player.id, token_hash=token_hash(token),
                                              name=name, created=now()))
        return player, token

    def player_by_token(self, token: str) -> Player | None:
        """The player a token belongs to, if any."""
        with self.engine.connect() as db:
            row = db.execute(select(players.c.id, players.c.name)
                             .where(players.c.token_hash == token_hash(token))).first()
        return None if row is None else Player(row.id, row.name)

    def rename(self, player_id: str, name: str) -> Player:
        """Give a player a new display name."""
        with self.engine.begin() as db:
            db.execute(update(players).where(players.c.id == player_id).values(name=name))
        return Player(player_id, name)

    def names(self, ids: Sequence[str]) -> dict[str, str]:
        """Display names by player id."""
        if not ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(select(players.c.id, players.c.name).where(players.c.id.in_(set(ids))))
            return {row.id: row.name for row in rows}

    # ----------------------------------------------------------------- accounts

    def create_account(self, name: str, key: str, password_hash: str,
                       guest_id: str | None) -> tuple[Player, str] | None:
        """A new account named ``name`` (``key``: its skeleton) and a session's token, or
        ``None`` if the key is taken. The guest ``guest_id``, if given, becomes the
        account's player, keeping its games; its guest token stops working."""
        account_id = secrets.token_hex(16)
        player_id = guest_id or secrets.token_hex(16)
        unused = token_hash(secrets.token_urlsafe(32))
        try:
            with self.engine.begin() as db:
                if guest_id is None:
                    db.execute(insert(players).values(id=player_id, token_hash=unused, name=name,
                                                      created=now()))
                else:
                    db.execute(update(players).where(players.c.id == guest_id)
                               .values(name=name, token_hash=unused))
                db.execute(insert(accounts).values(id=account_id, player_id=player_id, name=name,
                                                   name_key=key, password_hash=password_hash, created=now(),
                                                   failures=0))
                token = self._new_session(db, account_id)
        except IntegrityError:
            return None
        return Player(player_id, name, account_id), token

    def account(self, key: str) -> Account | None:
        """The account whose name has the skeleton ``key``, if any."""
        with self.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.name_key == key)).first()
        return None if row is None else _account(row)

    def account_by_id(self, account_id: str) -> Account | None:
        """An account by its id, if it still exists."""
        with self.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.id == account_id)).first()
        return None if row is None else _account(row)

    def failed(self, account_id: str, failures: int, locked_until: int | None) -> None:
        """Record an account's count of failed sign-ins and its lockout."""
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id)
                       .values(failures=failures, locked_until=locked_until))

    def sign_in(self, account: Account) -> tuple[Player, str]:
        """A new session of ``account`` (its failures forgotten) and its token."""
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account.id)
                       .values(failures=0, locked_until=None))
            token = self._new_session(db, account.id)
        return Player(account.player_id, account.name, account.id), token

    def session(self, token: str) -> Player | None:
        """The player of a session's token, if the session lasts; notes that it was used."""
        when = datetime.now(UTC)
        with self.engine.connect() as db:
            row = db.execute(
                select(sessions.c.last_seen, accounts.c.id, accounts.c.player_id, accounts.c.name)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.token_hash == token_hash(token))).first()
        if row is None or row.last_seen < now(when - SESSION_IDLE):
            return None
        if row.last_seen < now(when - SEEN_EVERY):
            with self.engine.begin() as db:
                db.execute(update(sessions).where(sessions.c.token_hash == token_hash(token))
                           .values(last_seen=now(when)))
        return Player(row.player_id, row.name, row.id)

    def end_session(self, token: str) -> None:
        """Sign a session out."""
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.token_hash == token_hash(token)))

    def change_password(self, account_id: str, password_hash: str, keep: str) -> None:
        """A new password hash for an account; every session but the token ``keep``'s ends."""
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id)
                       .values(password_hash=password_hash))
            db.execute(delete(sessions).where(sessions.c.account_id == account_id,
                                              sessions.c.token_hash != token_hash(keep)))

    def delete_account(self, account_id: str) -> None:
        """Remove an account, its sessions and its name: its player is :data:`DELETED_NAME`
        in its games, and no token reaches it any more."""
        with self.engine.begin() as db:
            player_id = db.execute(select(accounts.c.player_id).where(accounts.c.id == account_id)).scalar()
            db.execute(delete(sessions).where(sessions.c.account_id == account_id))
            db.execute(delete(accounts).where(accounts.c.id == account_id))
            if player_id is not None:
                db.execute(update(players).where(players.c.id == player_id).values(
                    name=DELETED_NAME, token_hash=token_hash(secrets.token_urlsafe(32))))

    @staticmethod
    def _new_session(db: Any, account_id: str) -> str:
        token = secrets.token_urlsafe(32)
        stamp = now()
        db.execute(insert(sessions).values(token_hash=token_hash(token), account_id=account_id,
                                           created=stamp, last_seen=stamp))
        return token

    # ------------------------------------------------------------------ ratings

    def ratings_of(self, player_ids: Sequence[str], kind: str) -> dict[str, Rating]:
        """The ratings players have in a kind of game (a player never rated in it is absent)."""
        if not player_ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(select(ratings).where(ratings.c.kind == kind,
                                                    ratings.c.player_id.in_(set(player_ids))))
            return {row.player_id: Rating(row.mu, row.sigma, row.games) for row in rows}

    def leaderboard(self, kind: str, limit: int, provisional_sigma: float) -> list[Ranked]:
        """The accounts rated in a kind of game, best first, at most ``limit``: those whose
        rating is established (``sigma`` at most ``provisional_sigma``) before the others."""
        query = (select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
                 .join(accounts, accounts.c.player_id == ratings.c.player_id)
                 .where(ratings.c.kind == kind)
                 .order_by(ratings.c.sigma > provisional_sigma, ratings.c.mu.desc(), accounts.c.name)
                 .limit(limit))
        with self.engine.connect() as db:
            return [Ranked(row.name, Rating(row.mu, row.sigma, row.games)) for row in db.execute(query)]

    def account_player(self, key: str) -> Player | None:
        """The player of the account whose name has the skeleton ``key``, if any."""
        with self.engine.connect() as db:
            row = db.execute(select(accounts.c.id, accounts.c.player_id, accounts.c.name)
                             .where(accounts.c.name_key == key)).first()
        return None if row is None else Player(row.player_id, row.name, row.id)

    def rating_history(self, player_id: str) -> tuple[dict[str, Rating], list[RatingPoint]]:
        """A player's rating in each kind of game it was rated in, and its rating after each
        of its rated games, in the order they were played."""
        with self.engine.connect() as db:
            now_rows = db.execute(select(ratings).where(ratings.c.player_id == player_id))
            current = {row.kind: Rating(row.mu, row.sigma, row.games) for row in now_rows}
            rows = db.execute(select(rating_history).where(rating_history.c.player_id == player_id)
                              .order_by(rating_history.c.at, rating_history.c.game_id)).all()
        history = []
        for kind in dict.fromkeys(row.kind for row in rows):
            chain = _chained([row for row in rows if row.kind == kind])
            history += [RatingPoint(row.game_id, kind, row.at, Rating(row.mu, row.sigma, count),
                                    row.mu_before) for count, row in enumerate(chain, 1)]
        return current, history

    @staticmethod
    def _rate(db: Any, game: GameRow, rated: Rated) -> None:
        """Write a finished rated game's new ratings and their history (in the caller's
        transaction; PostgreSQL locks the players' rating rows first)."""
        ids = [player_id for player_id in game.player_ids if player_id is not None]
        query = select(ratings).where(ratings.c.kind == rated.kind, ratings.c.player_id.in_(ids))
        if db.dialect.name != "sqlite":
            # Locked in one order by every transaction: two games of the same players ending
            # at once wait for each other instead of deadlocking.
            query = query.order_by(ratings.c.player_id).with_for_update()
        found = {row.player_id: Rating(row.mu, row.sigma, row.games) for row in db.execute(query)}
        before = [found.get(player_id, rated.initial) for player_id in ids]
        stamp = now()
        for player_id, old, new in zip(ids, before, rated.rate(before), strict=True):
            values = {"mu": new.mu, "sigma": new.sigma, "games": new.games, "updated": stamp}
            if player_id in found:
                db.execute(update(ratings).values(**values).where(
                    ratings.c.player_id == player_id, ratings.c.kind == rated.kind))
            else:
                db.execute(insert(ratings).values(player_id=player_id, kind=rated.kind, **values))
            db.execute(insert(rating_history).values(
                game_id=game.id, player_id=player_id, kind=rated.kind, mu_before=old.mu,
                sigma_before=old.sigma, mu=new.mu, sigma=new.sigma, at=stamp))

    # -------------------------------------------------------------------- games

    def create_game(self, game: GameRow, first: Sequence[Move] = ()) -> None:
        """Store a new game with its first moves, in one transaction."""
        with self.engine.begin() as db:
            db.execute(insert(games).values(**game.values()))
            if first:
                db.execute(insert(moves), [_move_values(game.id, m) for m in first])

    def save(self, game: GameRow, new: Sequence[Move], *, row: bool = True,
             rated: Rated | None = None) -> None:
        """Store a game's new moves and, if ``row``, its row, in one transaction; with them,
        if the game is ``rated`` and has just ended, its players' new ratings."""
        with self.engine.begin() as db:
            if rated is not None:
                self._rate(db, game, rated)
            if len(new) == 1:
                db.execute(insert(moves).values(_move_values(game.id, new[0])))
            elif new:
                db.execute(insert(moves), [_move_values(game.id, m) for m in new])
            if row:
                values = game.values()
                del values["id"]
                db.execute(update(games).where(games.c.id == game.id).values(**values))

    def game(self, game_id: str) -> tuple[GameRow, list[Move]] | None:
        """A game's row and all its moves, or ``None``."""
        with self.engine.connect() as db:
            row = db.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            stored = db.execute(select(moves).where(moves.c.game_id == game_id).order_by(moves.c.seq))
            return _game_row(row), [Move(m.seq, m.kind, m.seat, m.value, m.at) for m in stored]

    def last_seq(self, game_id: str) -> int:
        """The number of a game's last stored move (0: none)."""
        with self.engine.connect() as db:
            found = db.execute(select(func.max(moves.c.seq)).where(moves.c.game_id == game_id)).scalar()
            return int(found or 0)

    def game_since(self, game_id: str, seq: int) -> tuple[GameRow, list[Move]] | None:
        """A game's row and its moves after move ``seq``, or ``None``."""
        with self.engine.connect() as db:
            row = db.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            stored = db.execute(select(moves).where(moves.c.game_id == game_id, moves.c.seq > seq)
                                .order_by(moves.c.seq))
            return _game_row(row), [Move(m.seq, m.kind, m.seat, m.value, m.at) for m in stored]

    def games(self, *, statuses: Sequence[str] = (), player_id: str | None = None) -> list[GameRow]:
        """Game rows, newest first, by status and/or by one of the players."""
        query = select(games).order_by(games.c.created.desc(), games.c.id)
        if statuses:
            query = query.where(games.c.status.in_(statuses))
        if player_id is not None:
            query = query.where(or_(games.c.player0 == player_id, games.c.player1 == player_id,
                                    games.c.player2 == player_id))
        with self.engine.connect() as db:
            return [_game_row(row) for row in db.execute(query)]

    # --------------------------------------------------------------------- chat

    def add_chat(self, game_id: str, seat: int, text: str) -> ChatLine:
        """Store a line of a game's chat and drop the game's lines older than the last
        :data:`CHAT_KEPT`, in one transaction (the caller says one line of a game at a time).

        >>> store = Store("sqlite://")
        >>> ann, _ = store.create_player("Ann")
        >>> row = GameRow("g", "open", "classic", 0, None, [ann.id, None], (0, 0), None, None, now())
        >>> store.create_game(row)
        >>> lines = [store.add_chat("g", 0, f"line {n}") for n in range(CHAT_KEPT + 2)]
        >>> kept = store.chat_lines("g")
        >>> len(kept), kept[0].seq, kept[0].text, kept[-1] == lines[-1]
        (50, 3, 'line 2', True)
        """
        with self.engine.begin() as db:
            last = db.execute(select(func.max(chat.c.seq)).where(chat.c.game_id == game_id)).scalar()
            line = ChatLine((last or 0) + 1, seat, text, now())
            db.execute(insert(chat).values(game_id=game_id, seq=line.seq, seat=seat, text=text, at=line.at))
            db.execute(delete(chat).where(chat.c.game_id == game_id, chat.c.seq <= line.seq - CHAT_KEPT))
        return line

    def chat_lines(self, game_id: str) -> list[ChatLine]:
        """The lines a game keeps of its chat, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(select(chat).where(chat.c.game_id == game_id).order_by(chat.c.seq))
            return [ChatLine(row.seq, row.seat, row.text, row.at) for row in rows]


def _chained(rows: Sequence[Any]) -> list[Any]:
    """A player's rating history rows of one kind in the order they were played: each
    starts from the rating the one before ended with (times are to the second, so two
    games ended in one second are put in order by their ratings)."""
    ends = {(row.mu, row.sigma) for row in rows}
    first = [row for row in rows if (row.mu_before, row.sigma_before) not in ends]
    after = {(row.mu_before, row.sigma_before): row for row in rows}
    chain = first[:1]
    while len(chain) < len(rows) and (chain[-1].mu, chain[-1].sigma) in after:
        chain.append(after[chain[-1].mu, chain[-1].sigma])
    return chain if len(chain) == len(rows) else list(rows)


def _move_values(game_id: str, move: Move) -> dict[str, Any]:
    return {"game_id": game_id, "seq": move.seq, "kind": move.kind, "seat": move.seat,
            "value": move.value, "at": move.at}


def _account(row: Any) -> Account:
    return Account(row.id, row.player_id, row.name, row.password_hash, row.failures, row.locked_until)


def _game_row(row: Any) -> GameRow:
    three = row.score2 is not None
    players = [row.player0, row.player1, *([row.player2] if three else [])]
    score = (row.score0, row.score1, *((row.score2,) if three else ()))
    return GameRow(row.id, row.status, row.rules, row.first_dealer, row.bot, players, score, row.winner,
                   row.ending, row.created, row.bot2 if three else None, bool(row.rated), row.move_seconds,
                   row.bank_seconds)
