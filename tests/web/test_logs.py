"""The server's log: one JSON object a line on standard error, a line per request,
WebSocket and game event, and never a card, a deck or a cookie."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import StartServer
from webclient import play

CARD = re.compile(r"\b[9JQKTA][cdhs]\b")


def lines(err: str) -> list[dict[str, Any]]:
    """The log's lines, each checked to be one JSON object of the documented shape."""
    parsed = [json.loads(line) for line in err.splitlines()]
    for line in parsed:
        assert {"time", "level", "logger", "event", "fields"} <= set(line), line
        assert line["level"] in ("debug", "info", "warning", "error") and line["time"].endswith("Z")
    return parsed


def test_a_match_is_logged_without_a_card_or_a_cookie(start_server: StartServer,
                                                       capfd: pytest.CaptureFixture[str]) -> None:
    server = start_server(seed=4)
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="easy", rules="classic match_target=2")
    socket = ann.socket(game["id"])
    rng = random.Random(4)
    final = play([socket, None], lambda view: rng.choice(view["legal"]))
    record = ann.http.get(f"/api/games/{game['id']}/record?download=1")
    assert record.status_code == 200 and CARD.search(record.text)
    socket.close()
    server.stop()
    err = capfd.readouterr().err
    log = lines(err)

    requests = [line["fields"] for line in log if line["event"] == "request"]
    assert {"method": "POST", "path": "/api/games", "status": 201, "client": "127.0.0.1"}.items() \
        <= next(r for r in requests if r["path"] == "/api/games").items()
    assert all(isinstance(r["duration_ms"], float | int) for r in requests)
    assert any(r["path"] == f"/api/games/{game['id']}/record" for r in requests)
    events = {line["event"]: line["fields"] for line in log if line["logger"].startswith("sixtysix")}
    assert events["created"] == {"game": game["id"], "rules": "classic match_target=2",
                                 "player": ann.player["id"], "seats": ["human", "easy"], "status": "playing"}
    assert events["connected"] == {"game": game["id"], "seat": 0, "client": "127.0.0.1"}
    assert events["disconnected"] == events["connected"]
    assert events["finished"] == {"game": game["id"], "winner": final["game"]["winner"],
                                  "score": final["game"]["score"], "ending": "played"}
    uvicorn = [line["event"] for line in log if line["logger"].startswith("uvicorn")]
    assert any("running on" in line for line in uvicorn)
    assert not any("WebSocket" in line or line.startswith("connection ") for line in uvicorn), uvicorn

    assert ann.token not in err and "sixtysix_token" not in err and "download" not in err
    assert not CARD.search(err.replace(game["id"], "GAME")), "the log names a card"


def test_warning_and_above_only(start_server: StartServer, capfd: pytest.CaptureFixture[str]) -> None:
    server = start_server(arguments=["--log-level", "warning"])
    server.guest("Ann").create(opponent="human")
    refused = httpx.Client(base_url=server.base)
    assert refused.get("/api/history").status_code == 401
    server.stop()
    log = lines(capfd.readouterr().err)
    assert log == [], "nothing at warning or above happened"


def test_a_failing_program_is_logged_without_its_cards(start_server: StartServer, tmp_path: Path,
                                                        capfd: pytest.CaptureFixture[str]) -> None:
    """A program that declares out at its first decision fails with an illegal action; the
    reason the host gives lists the program's legal actions, its cards, which the log masks."""
    script = tmp_path / "outer.py"
    script.write_text("import sys\nprint('ready', flush=True)\nfor line in sys.stdin:\n"
                      "    if line.startswith('go'):\n        print('play out', flush=True)\n",
                      encoding="utf-8")
    server = start_server(seed=5, arguments=["--bot", f"outer=cmd:{sys.executable} {script}"])
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="outer", rules="classic match_target=1")
    socket = ann.socket(game["id"])
    final = play([socket, None], lambda view: view["legal"][0])
    assert final["game"]["ending"] == "forfeit"
    socket.close()
    server.stop()
    log = lines(capfd.readouterr().err)
    failed = next(line["fields"] for line in log if line["event"] == "program_failed")
    assert failed["game"] == game["id"] and "··" in failed["reason"]
    assert not CARD.search(json.dumps(log).replace(game["id"], "GAME")), "the log names a card"
