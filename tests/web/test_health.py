"""The server's health for its operators, against a real server: it is alive, ready while
its database answers (and not once its PostgreSQL database is dropped), counts its actions,
games, connections and bot work in Prometheus's format, and a stopped process closes its
sockets with the code that sends clients elsewhere."""

from __future__ import annotations

import re
import signal

import httpx
import pytest
from conftest import POSTGRES, StartServer
from localsite import RedisServer
from webclient import Server, first_state, my_turn
from websockets.exceptions import ConnectionClosed


def metric(text: str, name: str) -> float:
    """A sample's value in a Prometheus exposition."""
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert found, name
    return float(found[1])


def test_alive_and_ready(server: Server) -> None:
    http = httpx.Client(base_url=server.base, timeout=30)
    assert http.get("/healthz").json() == {"status": "ok"}
    assert http.get("/readyz").json() == {"status": "ready", "database": "ok"}


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_process_whose_database_is_gone_is_not_ready(database_url: str, start_server: StartServer) -> None:
    import psycopg

    server = start_server(database_url)
    http = httpx.Client(base_url=server.base, timeout=30)
    assert http.get("/readyz").status_code == 200
    name = database_url.rpartition("/")[2]
    assert POSTGRES is not None
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    unready = http.get("/readyz")
    assert unready.status_code == 503
    assert unready.json() == {"status": "unready", "database": "unreachable"}
    assert http.get("/healthz").status_code == 200, "alive all the same"


def test_the_metrics_count_actions_games_and_connections(server: Server) -> None:
    http = httpx.Client(base_url=server.base, timeout=30)
    before = http.get("/metrics")
    assert before.headers["content-type"].startswith("text/plain")
    assert metric(before.text, "sixtysix_actions_total") == 0
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="easy", rules="classic")["id"]
    socket = ann.socket(game)
    state = first_state(socket)
    mine = state["game"]["your_seat"]
    played = 0
    while played < 3:
        state = socket.settle(my_turn(mine))
        plain = [a for a in state["view"]["legal"] if (len(a) == 2 and a[0] != "M") or a in ("draw", "pass")]
        socket.send({"type": "act", "action": plain[0]})
        played += 1
    socket.settle(lambda s: s["last"] is not None)
    text = http.get("/metrics").text
    actions = metric(text, "sixtysix_actions_total")
    assert actions >= played, "the player's actions and the bot's"
    assert metric(text, "sixtysix_action_seconds_count") == actions
    assert metric(text, "sixtysix_games_live") == 1
    assert metric(text, "sixtysix_connections") == 1
    assert metric(text, "sixtysix_bot_queue") >= 0
    socket.close()


@pytest.mark.slow
def test_a_stopped_process_sends_its_clients_elsewhere(start_server: StartServer) -> None:
    server = start_server()
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="easy")["id"]
    socket = ann.socket(game)
    first_state(socket)
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            socket.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012, "service restart: reconnect"
    # uvicorn ends by raising the signal again once shut down, as a stopped process should.
    assert server.process.wait(30) in (0, -signal.SIGTERM)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_process_of_several_is_ready_while_its_redis_answers(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    server = start_server(database_url, arguments=["--redis-url", redis_server.url])
    http = httpx.Client(base_url=server.base, timeout=30)
    assert http.get("/readyz").json() == {"status": "ready", "database": "ok", "redis": "ok"}
    redis_server.stop()
    unready = http.get("/readyz")
    assert unready.status_code == 503
    assert unready.json() == {"status": "unready", "database": "ok", "redis": "unreachable"}
    redis_server.start()
    assert http.get("/readyz").status_code == 200, "ready again once Redis is back"
