"""``sixtysix serve``: the address it prints, the default SQLite file in the data folder."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from webclient import Server, free_port

from sixtysix.web.app import Settings, data_dir


def test_serve_prints_the_address_and_keeps_its_database_in_the_data_folder(tmp_path: Path) -> None:
    port = free_port()
    env = dict(os.environ, SIXTYSIX_DATA=str(tmp_path / "data"))
    server = subprocess.Popen([sys.executable, "-m", "sixtysix", "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        assert str(tmp_path / "data" / "sixtysix.db") in line
        page = None
        for _ in range(300):
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert page is not None and page.status_code == 200 and "<html" in page.text
        assert (tmp_path / "data" / "sixtysix.db").is_file()
    finally:
        server.terminate()
        server.wait(10)


def test_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SIXTYSIX_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "sixtysix"
    monkeypatch.setenv("SIXTYSIX_DATA", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    assert Settings(data_dir=tmp_path / "here").url() == f"sqlite:///{tmp_path / 'here' / 'sixtysix.db'}"
    assert Settings(database_url="postgresql://u@h/db").url() == "postgresql://u@h/db"


@pytest.mark.parametrize(("bot", "message"), [
    ("pybot", "allow a program bot as NAME=cmd:PROGRAM ARGS"),
    ("pybot=greedy", "allow a program bot as NAME=cmd:PROGRAM ARGS"),
    ("hard=cmd:python3 bot.py", "'hard' is a level"),
    ("two words=cmd:python3 bot.py", "a program bot's name is 1 to 16 letters"),
    ("pybot=cmd:no-such-program-anywhere", "no such program"),
    ("pybot=cmd:[depth] python3 bot.py", "write NAME=VALUE"),
])
def test_a_bad_program_bot_is_refused_before_the_server_starts(
        bot: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    from sixtysix.cli import main

    assert main(["serve", "--port", str(free_port()), "--bot", bot]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1


def test_a_program_bot_name_is_allowed_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sixtysix.cli import main

    twice = ["--bot", "a=cmd:python3 x.py", "--bot", "a=cmd:python3 y.py"]
    assert main(["serve", "--data-dir", str(tmp_path), "--port", str(free_port()), *twice]) == 2
    assert capsys.readouterr().err == "sixtysix serve: --bot names a more than once\n"


@pytest.mark.parametrize("database", [[], ["--database-url", "sqlite:///x.db"]])
def test_several_processes_need_postgresql(database: list[str], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from sixtysix.cli import main

    assert main(["serve", "--data-dir", str(tmp_path), "--port", str(free_port()),
                 "--redis-url", "redis://127.0.0.1:1/0", *database]) == 2
    assert capsys.readouterr().err == ("sixtysix serve: --redis-url is for several processes, which share a "
                                       "PostgreSQL database: give --database-url postgresql://...\n")


@pytest.mark.parametrize("trusted", [True, False])
def test_the_client_address_and_scheme_come_from_a_trusted_proxy_only(trusted: bool, tmp_path: Path) -> None:
    proxy = ["--forwarded-allow-ips", "127.0.0.1,::1"] if trusted else []
    server = Server(f"sqlite:///{tmp_path / 'proxied.db'}",
                    arguments=["--rate-limit", "guests=1/hour", *proxy])
    server.start()
    try:
        def guest(client: str) -> httpx.Response:
            headers = {"X-Forwarded-For": client, "X-Forwarded-Proto": "https"}
            return httpx.post(server.base + "/api/guest", json={"name": "Ann"}, headers=headers, timeout=30)

        first = guest("192.0.2.1")
        assert first.status_code == 200
        assert ("Secure" in first.headers["set-cookie"]) is trusted, "cookies for https only behind TLS"
        other = guest("192.0.2.2")
        assert other.status_code == (200 if trusted else 429), "each client its own count, if believed"
        assert guest("192.0.2.1").status_code == 429
    finally:
        server.stop()


def test_a_proxy_is_an_address_or_a_network(capsys: pytest.CaptureFixture[str]) -> None:
    from sixtysix.cli import main

    assert main(["serve", "--port", str(free_port()), "--forwarded-allow-ips", "127.0.0.1,nginx"]) == 2
    assert "'nginx' is not an IP address or network" in capsys.readouterr().err
