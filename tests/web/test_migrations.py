"""The migrations from earlier schemas: a database an earlier release made keeps its
players, accounts and games, on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx
from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher
from conftest import StartServer
from sqlalchemy import Engine, insert
from webclient import with_csrf

from sixtysix.cards import NUM_CARDS, card_name
from sixtysix.rules import Rules
from sixtysix.web import store
from sixtysix.web.ratelimits import KINDS
from sixtysix.web.store import MIGRATIONS, GameRow, games, now, open_engine, players, token_hash

BEFORE_ACCOUNTS = "v0002"
"""The head of the schema before accounts."""
BEFORE_RATINGS = "v0003"
"""The head of the schema before ratings, clocks and chat: the release before them."""
NEW_COLUMNS = ("rated", "move_seconds", "bank_seconds")
"""The games' columns the schema after ``BEFORE_RATINGS`` adds."""


def _schema_at(database_url: str, revision: str) -> Engine:
    engine = open_engine(database_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    return engine


def _old_row(row: GameRow) -> dict[str, Any]:
    return {key: value for key, value in row.values().items() if key not in NEW_COLUMNS}


def test_a_database_from_before_accounts_keeps_its_games(database_url: str,
                                                         start_server: StartServer) -> None:
    engine = _schema_at(database_url, BEFORE_ACCOUNTS)
    row = GameRow("old-game", "open", str(Rules.parse("classic")), 0, None, ["old-player", None], (0, 0),
                  None, None, now())
    with engine.begin() as db:
        db.execute(insert(players).values(id="old-player", token_hash=token_hash("old-token"), name="Olga",
                                          created=now()))
        db.execute(insert(games).values(**_old_row(row)))
    engine.dispose()

    server = start_server(database_url, arguments=[f"--rate-limit={kind}=none" for kind in KINDS])
    olga = with_csrf(httpx.Client(base_url=server.base, cookies={"sixtysix_token": "old-token"}, timeout=30))
    assert olga.get("/api/me").json() == {"player": {"id": "old-player", "name": "Olga"}, "account": None}
    assert [game["id"] for game in olga.get("/api/history").json()["games"]] == ["old-game"]
    signed = olga.post("/api/account", json={"name": "Olga", "password": "a long password"})
    assert signed.status_code == 201, signed.text
    assert [game["id"] for game in olga.get("/api/history").json()["games"]] == ["old-game"]


def test_a_database_of_the_release_before_ratings_keeps_its_accounts_and_games(
        database_url: str, start_server: StartServer) -> None:
    engine = _schema_at(database_url, BEFORE_RATINGS)
    row = GameRow("old-game", "playing", "classic", 0, "easy", ["old-player", None], (0, 0), None, None,
                  now())
    with engine.begin() as db:
        db.execute(insert(players).values(id="old-player", token_hash=token_hash("unused"), name="Olga",
                                          created=now()))
        db.execute(insert(store.accounts).values(id="old-account", player_id="old-player", name="Olga",
                                           name_key="olga", created=now(), failures=0,
                                           password_hash=PasswordHasher().hash("a long password")))
        db.execute(insert(games).values(**_old_row(row)))
        db.execute(insert(store.moves).values(game_id="old-game", seq=1, kind="deal", seat=None,
                                        value=" ".join(card_name(card) for card in range(NUM_CARDS))))
    engine.dispose()

    server = start_server(database_url, arguments=[f"--rate-limit={kind}=none" for kind in KINDS])
    olga = with_csrf(httpx.Client(base_url=server.base, timeout=30))
    olga.get("/api/me")
    signed = olga.post("/api/session", json={"name": "olga", "password": "a long password"})
    assert signed.status_code == 200, signed.text
    history = olga.get("/api/history").json()["games"]
    assert [(game["id"], game["status"], game["rated"], game["clock"]) for game in history] == [
        ("old-game", "playing", False, None)]
