"""The migrations from the schema before accounts: a database the previous release made
keeps its players and games, and its guests can turn into accounts, on SQLite and
PostgreSQL."""

from __future__ import annotations

import httpx
from alembic import command
from alembic.config import Config
from conftest import StartServer
from sqlalchemy import insert
from webclient import with_csrf

from sixtysix.rules import Rules
from sixtysix.web.ratelimits import KINDS
from sixtysix.web.store import MIGRATIONS, GameRow, games, now, open_engine, players, token_hash

BEFORE_ACCOUNTS = "v0002"
"""The head of the schema before accounts."""


def test_a_database_from_before_accounts_keeps_its_games(database_url: str,
                                                         start_server: StartServer) -> None:
    engine = open_engine(database_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, BEFORE_ACCOUNTS)
    row = GameRow("old-game", "open", str(Rules.parse("classic")), 0, None, ["old-player", None], (0, 0),
                  None, None, now())
    with engine.begin() as db:
        db.execute(insert(players).values(id="old-player", token_hash=token_hash("old-token"), name="Olga",
                                          created=now()))
        db.execute(insert(games).values(**row.values()))
    engine.dispose()

    server = start_server(database_url, arguments=[f"--rate-limit={kind}=none" for kind in KINDS])
    olga = with_csrf(httpx.Client(base_url=server.base, cookies={"sixtysix_token": "old-token"}, timeout=30))
    assert olga.get("/api/me").json() == {"player": {"id": "old-player", "name": "Olga"}, "account": None}
    assert [game["id"] for game in olga.get("/api/history").json()["games"]] == ["old-game"]
    signed = olga.post("/api/account", json={"name": "Olga", "password": "a long password"})
    assert signed.status_code == 201, signed.text
    assert [game["id"] for game in olga.get("/api/history").json()["games"]] == ["old-game"]
