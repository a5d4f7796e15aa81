"""Fixtures of the web tests: a real ``sixtysix serve`` process on a free loopback port.

``server`` is a running server on a fresh SQLite file; ``start_server(...)`` starts
more (another database URL, a shorter away limit); ``shared_server`` is one server for all
the tests that only play on it. ``database_url`` is parametrised
over SQLite and, when ``SIXTYSIX_TEST_POSTGRES`` names a PostgreSQL server whose role
may create databases, a fresh PostgreSQL database. ``site`` is a whole site as docs/DEPLOY.md
lays one out: two processes on PostgreSQL and Redis behind nginx (deploy/localsite.py).
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from webclient import Server

from sixtysix.web.ratelimits import KINDS

# deploy/ is a folder of programs, not a package: its modules are imported from there.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
from localsite import LocalSite, RedisServer

POSTGRES = os.environ.get("SIXTYSIX_TEST_POSTGRES")

StartServer = Callable[..., Server]


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[StartServer]:
    """Start servers (``database_url``, ``away_limit``, ``seed``, ``arguments``); all are
    stopped at the end."""
    started: list[Server] = []

    def start(database_url: str | None = None, **options: object) -> Server:
        url = database_url or f"sqlite:///{tmp_path / 'sixtysix.db'}"
        server = Server(url, **options)  # type: ignore[arg-type]
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def server(start_server: StartServer) -> Server:
    """A running server on a fresh SQLite database."""
    return start_server()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A running server on a fresh SQLite database, shared by the tests (of any module, in
    one worker process) that neither stop it nor count what the others played on it, each
    test with players of its own; no rate limits, as all its players come from one address."""
    database = tmp_path_factory.mktemp("shared") / "sixtysix.db"
    server = Server(f"sqlite:///{database}", arguments=[f"--rate-limit={kind}=none" for kind in KINDS])
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database on SQLite, then on PostgreSQL (skipped without
    ``SIXTYSIX_TEST_POSTGRES``)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'persist.db'}"
        return
    if not POSTGRES:
        pytest.skip("SIXTYSIX_TEST_POSTGRES is not set")
    import psycopg

    name = f"sixtysix_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = POSTGRES.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A running Redis server of the test's own (Debian's ``redis-server``)."""
    server = RedisServer(tmp_path / "redis", tmp_path / "redis.log")
    server.start()
    yield server
    server.stop()


StartSite = Callable[..., LocalSite]


@pytest.fixture
def start_site(tmp_path: Path) -> Iterator[StartSite]:
    """Start sites of two ``sixtysix serve`` processes on a fresh PostgreSQL database and
    Redis behind nginx (skipped without ``SIXTYSIX_TEST_POSTGRES``), with more ``serve``
    options if given; no rate limits, as all the players come from one address. All are
    stopped at the end."""
    if not POSTGRES:
        pytest.skip("SIXTYSIX_TEST_POSTGRES is not set")
    started: list[LocalSite] = []

    def start(*arguments: str) -> LocalSite:
        site = LocalSite(POSTGRES, tmp_path / f"site{len(started)}", processes=2,
                         arguments=["--workers", "1", *(f"--rate-limit={kind}=none" for kind in KINDS),
                                    *arguments])
        started.append(site)
        site.start()
        return site

    yield start
    for site in started:
        site.stop()


@pytest.fixture
def site(start_site: StartSite) -> LocalSite:
    """A site of two processes behind nginx (see :func:`start_site`)."""
    return start_site()
