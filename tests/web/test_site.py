"""A site as docs/DEPLOY.md lays one out, started by deploy/localsite.py with the nginx files
of deploy/nginx as they are: two ``sixtysix serve`` processes on PostgreSQL and Redis behind
nginx. Smoke tests of the deployment: health through nginx, requests shared between the
processes, the client's address passed on, a WebSocket upgraded and played through, a killed
process skipped, a stopping one sending its players elsewhere, Redis restarted."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from localsite import NGINX_SITE, LocalSite, Process, upstreams
from test_health import metric
from webclient import Guest, Socket, first_state, mostly_cards, play
from websockets.exceptions import ConnectionClosed

EXAMPLES = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "sixtysix"


def gauge(site: LocalSite, index: int, name: str) -> float:
    """A metric of process ``index``, read from its own port (not through nginx)."""
    return metric(httpx.get(site.process_base(index) + "/metrics", timeout=30).text, name)


def logged(processes: Sequence[Process], path: str, least: int = 1) -> list[dict[str, Any]]:
    """The lines ``processes`` logged for the requests of ``path``, once there are ``least``
    (a process logs a request just after answering it)."""
    deadline = time.monotonic() + 60
    while True:
        lines = [json.loads(line) for process in processes for line in process.log.read_text().splitlines()
                 if f'"path": "{path}"' in line]
        if len(lines) >= least or time.monotonic() > deadline:
            return lines
        time.sleep(0.05)


def human_first(site: LocalSite, guest: Guest) -> tuple[str, Socket]:
    """A new game of ``guest``'s against the easy bot in which the guest acts first, made
    on process 0 directly, and a WebSocket to it through nginx from a page of the site (its
    ``Origin``): whichever process it lands on, no bot's move is under way elsewhere."""
    for _ in range(30):
        game = guest.create(opponent="bot", level="easy", rules="classic match_target=3")["id"]
        direct = guest.socket(game)
        state = first_state(direct)
        direct.close()
        if state["view"]["to_act"] == state["game"]["your_seat"] == 0:
            return game, Socket(site, game, {"Cookie": f"sixtysix_token={guest.token}", "Origin": site.base})
    raise AssertionError("the bot acted first in 30 games")


def test_the_site_is_alive_and_ready_through_nginx(site: LocalSite) -> None:
    http = httpx.Client(base_url=site.base, timeout=30)
    assert http.get("/healthz").json() == {"status": "ok"}
    assert http.get("/readyz").json() == {"status": "ready", "database": "ok", "redis": "ok"}
    page = http.get("/")
    assert page.status_code == 200 and "<html" in page.text
    plain = httpx.get(f"http://127.0.0.1:{site.http_port}/ratings?kind=classic", timeout=30)
    assert plain.status_code == 301
    assert plain.headers["location"] == "https://127.0.0.1/ratings?kind=classic", "plain HTTP goes to HTTPS"


def test_requests_through_nginx_reach_every_process(site: LocalSite) -> None:
    ann = Guest(site, "Ann")
    for _ in range(4):
        ann.create(opponent="bot", level="easy")
    assert len(logged(site.processes, "/api/games", 4)) == 4
    made = [len(logged([process], "/api/games", 0)) for process in site.processes]
    assert all(made), f"every process made games: {made}\n{site.tails()}"


def test_the_processes_see_the_address_nginx_saw(site: LocalSite) -> None:
    # The client comes from 127.0.0.2 (all of 127/8 is loopback) and claims another address:
    # nginx replaces the claim with what it saw, and the processes believe nginx only.
    client = httpx.Client(base_url=site.base, timeout=30,
                          transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    path = f"/api/nowhere-{uuid.uuid4().hex}"
    assert client.get(path, headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 404
    assert [line["fields"]["client"] for line in logged(site.processes, path)] == ["127.0.0.2"], site.tails()
    assert client.get("/metrics").status_code == 403, "the metrics are for this machine only"
    assert httpx.get(site.base + "/metrics", timeout=30).status_code == 200


def test_a_websocket_through_nginx_plays_a_whole_game(site: LocalSite, tmp_path: Path) -> None:
    ann = Guest(site.processes[0], "Ann")
    game, socket = human_first(site, ann)
    rng = random.Random(7)
    first_state(socket)
    final = play([socket, None], lambda view: mostly_cards(view, rng), timeout=300)
    socket.close()
    assert final["game"]["status"] == "over" and final["game"]["winner"] is not None, site.tails()
    record = httpx.get(f"{site.base}/api/games/{game}/record", timeout=30)
    assert record.status_code == 200, record.text
    (tmp_path / "match.ssn").write_text(record.text)
    replayed = subprocess.run([sys.executable, "-m", "sixtysix", "replay", str(tmp_path / "match.ssn")],
                              capture_output=True, text=True, check=False)
    assert replayed.returncode == 0, replayed.stderr


@pytest.mark.slow
def test_a_killed_process_is_skipped_until_it_is_back(site: LocalSite) -> None:
    site.kill(0)
    http = httpx.Client(base_url=site.base, timeout=30)
    for _ in range(4):
        assert http.get("/readyz").status_code == 200, "nginx asks the other process"
    ann = Guest(site, "Ann")
    game = ann.create(opponent="bot", level="easy")["id"]
    assert first_state(ann.socket(game))["game"]["id"] == game
    site.start_process(0)
    # nginx tries the process again once its fail_timeout is over: games are made there again.
    for _ in range(200):
        ann.create(opponent="bot", level="easy")
        if logged(site.processes[:1], "/api/games", 0):
            return
        time.sleep(0.1)
    raise AssertionError(f"no game reached the restarted process\n{site.tails()}")


def test_a_stopping_process_sends_its_players_elsewhere(site: LocalSite) -> None:
    ann = Guest(site.processes[0], "Ann")
    game, socket = human_first(site, ann)
    first_state(socket)
    holders = [index for index in range(2) if gauge(site, index, "sixtysix_connections") == 1]
    assert len(holders) == 1, site.tails()
    site.stop_process(holders[0])
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            socket.recv(timeout=60)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012, "service restart: reconnect"
    again = Socket(site, game, {"Cookie": f"sixtysix_token={ann.token}"})
    state = first_state(again)
    assert state["game"]["id"] == game and state["view"]["to_act"] == 0, "the other process has the game"
    assert gauge(site, 1 - holders[0], "sixtysix_connections") == 1
    again.close()


def test_the_site_is_unready_while_redis_is_down(site: LocalSite) -> None:
    http = httpx.Client(base_url=site.base, timeout=30)
    site.stop_redis()
    unready = http.get("/readyz")
    assert unready.status_code == 503
    assert unready.json() == {"status": "unready", "database": "ok", "redis": "unreachable"}
    assert http.get("/healthz").status_code == 200, "alive all the same"
    site.start_redis()
    assert http.get("/readyz").status_code == 200, "ready again once Redis is back"


def test_the_example_upstreams_are_what_the_tests_run() -> None:
    example = (EXAMPLES / "upstreams.conf").read_text()
    servers = "".join(line + "\n" for line in example.splitlines() if line and not line.startswith("#"))
    assert servers == upstreams([8001, 8002]), "the same failure handling as the tested site"


def test_the_production_files_are_valid_nginx(tmp_path: Path) -> None:
    # The examples of this machine's three files as they are, but for the certificate: the
    # test's own, self-signed, in place of certbot's.
    live = "/etc/letsencrypt/live/sixtysix.example.org"
    cert, key = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=sixtysix.example.org", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    (tmp_path / "sixtysix").mkdir()
    for example in EXAMPLES.glob("*.conf"):
        text = example.read_text().replace(f"{live}/fullchain.pem", str(cert)).replace(f"{live}/privkey.pem",
                                                                                          str(key))
        (tmp_path / "sixtysix" / example.name).write_text(text)
    temp = "".join(f"    {name}_temp_path {tmp_path};\n" for name in ("client_body", "proxy", "fastcgi",
                                                                        "uwsgi", "scgi"))
    (tmp_path / "nginx.conf").write_text(f"pid {tmp_path / 'nginx.pid'};\nevents {{\n}}\n"
                                         f"http {{\n{temp}    include {NGINX_SITE};\n}}\n")
    checked = subprocess.run([shutil.which("nginx") or "/usr/sbin/nginx", "-t", "-p", f"{tmp_path}/",
                              "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "error.log")],
                             capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr
