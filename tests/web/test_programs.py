"""Program bots in the browser's game against the computer: a real server allows them by
name (``sixtysix serve --bot NAME=cmd:...``), runs one process per game, forfeits a game
whose program fails, retells a game to a new process, and leaves no process behind."""

from __future__ import annotations

import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import StartServer
from webclient import Guest, Server, Socket, mostly_cards, my_turn, play

from sixtysix.games import TWO
from sixtysix.notation import Record
from sixtysix.protocol.host import Narrator

ROOT = Path(__file__).resolve().parent.parent.parent
SHORT = "classic match_target=3"
ANSWER = ("import sys\nprint('ready', flush=True)\n"
          "for line in sys.stdin:\n    if line.startswith('go'):\n        ")
FAULTS = {
    "crash": (ANSWER + "raise SystemExit('boom')", "the bot ended while the request to act"),
    "hang": (ANSWER + "__import__('time').sleep(60)", "no answer to the request to act in time"),
    "illegal": (ANSWER + "print('play out', flush=True)", "illegal action"),
    "garbage": (ANSWER + "print('hello there', flush=True)", "garbage instead of play"),
    "silent": ("import time\ntime.sleep(60)", "no answer to the handshake in time"),
}
"""The faulty programs of tests/test_protocol.py, and the start of the reason each forfeits with."""


def running(marker: Path) -> list[int]:
    """The processes whose command line names ``marker``."""
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                words = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if str(marker).encode() in words:
                found.append(int(proc.name))
    return found


def zombies(server: Server) -> list[int]:
    """The server's child processes that have ended but were not reaped."""
    assert server.process is not None
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text()
            except OSError:
                continue
            state, parent = stat.rpartition(")")[2].split()[:2]
            if state == "Z" and int(parent) == server.process.pid:
                found.append(int(proc.name))
    return found


def none_running(marker: Path, timeout: float = 10) -> bool:
    """Whether every process naming ``marker`` has ended (waiting up to ``timeout``)."""
    deadline = time.monotonic() + timeout
    while running(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def started(marker: Path, timeout: float = 10) -> bool:
    """Whether a process naming ``marker`` runs (waiting up to ``timeout`` for one)."""
    deadline = time.monotonic() + timeout
    while not running(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def python_bot(tmp_path: Path) -> Path:
    """A copy of the Python example bot, so that its processes can be told apart."""
    copy = tmp_path / "python_bot.py"
    shutil.copy(ROOT / "examples" / "python_bot.py", copy)
    return copy


def allow(name: str, program: Path, *more: str) -> list[str]:
    return ["--bot", f"{name}=cmd:{sys.executable} {program}", *more]


def play_out(server: Server, guest: Guest, game: dict[str, Any],
             actions: int | None = None, never: tuple[str, ...] = ()) -> dict[str, Any]:
    """Play seat 0 of a game on ``server`` to its end (or for ``actions`` actions), never
    choosing the actions named in ``never``; the last state."""
    socket = Socket(server, game["id"], {"Cookie": f"sixtysix_token={guest.token}"})
    chooser = random.Random(1)

    def choose(view: dict[str, Any]) -> str:
        return mostly_cards({**view, "legal": [a for a in view["legal"] if a not in never]}, chooser)

    try:
        return play([socket, None], choose, actions=actions)
    finally:
        socket.close()


def test_a_game_against_an_allowed_program_to_the_end(start_server: StartServer, python_bot: Path) -> None:
    server = start_server(arguments=allow("pybot", python_bot))
    options = httpx.get(server.base + "/api/options").json()
    assert options["bots"] == ["pybot"] and "python_bot" not in str(options)
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="pybot", rules="classic")
    assert game["bot"] == "pybot" and game["players"] == ["Ann", "pybot"]
    final = play_out(server, ann, game)
    assert final["game"]["status"] == "over" and final["game"]["ending"] == "played"
    assert final["forfeit"] is None and max(final["game"]["score"]) >= 7
    steps = ann.http.get(f"/api/games/{game['id']}/replay").json()["steps"]
    assert {step["actor"] for step in steps} == {None, 0, 1}, "both seats played"
    assert none_running(python_bot), "the program ends with its game"
    assert zombies(server) == []


@pytest.mark.parametrize("level", ["nobody", "cmd:python3 -c 1", "pybot "])
def test_only_an_allowed_name_is_played(start_server: StartServer, python_bot: Path, level: str) -> None:
    server = start_server(arguments=allow("pybot", python_bot))
    response = server.guest("Ann").http.post("/api/games", json={"opponent": "bot", "level": level})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_request" and "pybot" in error["message"]
    assert str(python_bot) not in error["message"]


def test_a_program_is_no_seat_of_a_three_hand_table(start_server: StartServer, python_bot: Path) -> None:
    """The server plays a program only as the one opponent of a two-hand game: a three-hand
    table naming it at either seat is refused, and nothing is left half made."""
    server = start_server(arguments=allow("pybot", python_bot))
    ann = server.guest("Ann")
    for seats in (["pybot", "easy"], ["easy", "pybot"]):
        response = ann.http.post("/api/games", json={"rules": "three-hand", "seats": seats})
        assert response.status_code == 400, seats
        error = response.json()["error"]
        assert error["code"] == "bad_request" and "pybot" not in error["message"]
    assert ann.http.get("/api/history").json()["games"] == []
    assert none_running(python_bot)


@pytest.mark.slow
def test_faulty_programs_forfeit_and_the_server_stays_up(start_server: StartServer, tmp_path: Path) -> None:
    arguments = ["--bot-seconds", "0.5", "--handshake-seconds", "1"]
    for fault, (script, _) in FAULTS.items():
        path = tmp_path / f"{fault}.py"
        path.write_text(script, encoding="utf-8")
        arguments += allow(fault, path)
    server = start_server(arguments=arguments)
    ann = server.guest("Ann")
    for fault, (_, reason) in FAULTS.items():
        game = ann.create(opponent="bot", level=fault, rules=SHORT)
        final = play_out(server, ann, game)
        assert final["game"]["status"] == "over" and final["game"]["ending"] == "forfeit", fault
        assert final["game"]["winner"] == 0 and final["forfeit"]["seat"] == 1
        assert final["forfeit"]["reason"].startswith(reason), final["forfeit"]
        assert "hello" not in final["forfeit"]["reason"] and str(tmp_path) not in final["forfeit"]["reason"]
        record = ann.http.get(f"/api/games/{game['id']}/record").text
        assert '[Ending "forfeit"]' in record and f'[Forfeit "{final["forfeit"]["reason"]}"]' in record
        again = ann.socket(game["id"])
        reloaded = again.until(lambda m: m["type"] == "state")
        assert reloaded["forfeit"] == final["forfeit"], "kept when the game is loaded again"
        again.close()
        assert none_running(tmp_path / f"{fault}.py"), fault
    assert zombies(server) == [], "every program's process was reaped"
    history = ann.http.get("/api/history").json()["games"]
    assert [g["ending"] for g in history] == ["forfeit"] * len(FAULTS)
    assert httpx.get(server.base + "/api/options").status_code == 200


@pytest.mark.slow
def test_a_restarted_server_retells_the_game_to_a_new_process(
        start_server: StartServer, tmp_path: Path) -> None:
    served = tmp_path / "served.py"
    served.write_text("import sys\nfrom sixtysix.cli import main\nsys.exit(main(['bot', 'greedy']))\n",
                      encoding="utf-8")
    first = start_server(arguments=allow("served", served))
    ann = first.guest("Ann")
    game = ann.create(opponent="bot", level="served", rules="classic")
    play_out(first, ann, game, actions=8)
    assert running(served)
    first.stop()
    assert none_running(served, timeout=30), "the server's stop ends its programs"
    second = start_server(database_url=first.database_url, arguments=allow("served", served))
    final = play_out(second, ann, game)
    assert final["game"]["ending"] == "played", "sixtysix bot followed the retelling"
    assert final["forfeit"] is None
    second.stop()
    assert none_running(served, timeout=30)


def test_an_abandoned_game_parks_its_program_until_somebody_comes_back(
        start_server: StartServer, python_bot: Path) -> None:
    server = start_server(away_limit=1, arguments=allow("pybot", python_bot))
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="pybot", rules="classic")
    socket = ann.socket(game["id"])
    socket.until(my_turn(0))
    assert started(python_bot), "the game's program runs"
    socket.close()
    assert none_running(python_bot, timeout=15), "nobody watches: the program ends"
    final = play_out(server, ann, game)
    assert final["game"]["ending"] == "played", "a new process, retold the match, plays on"
    assert none_running(python_bot)


@pytest.mark.slow
def test_a_program_no_longer_allowed_forfeits_its_games(start_server: StartServer, python_bot: Path) -> None:
    first = start_server(arguments=allow("pybot", python_bot))
    ann = first.guest("Ann")
    game = ann.create(opponent="bot", level="pybot", rules="classic")
    first.stop()
    second = start_server(database_url=first.database_url)
    state = Socket(second, game["id"], {"Cookie": f"sixtysix_token={ann.token}"})
    final = state.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    assert final["game"]["ending"] == "forfeit"
    assert final["forfeit"]["reason"].startswith("the program is no longer")
    state.close()


def test_the_program_hears_exactly_its_seats_view(start_server: StartServer, tmp_path: Path) -> None:
    heard = tmp_path / "heard.txt"
    script = tmp_path / "listener.py"
    script.write_text("import sys\nlog = open(sys.argv[1], 'w')\nfor line in sys.stdin:\n"
                      "    log.write(line); log.flush()\n    words = line.split()\n"
                      "    if words[0] == 'sixtysix':\n        print('ready', flush=True)\n"
                      "    elif words[0] == 'go':\n        print('play', words[2], flush=True)\n",
                      encoding="utf-8")
    server = start_server(arguments=["--bot", f"listener=cmd:{sys.executable} {script} {heard}",
                                     "--bot-seconds", "7", "--bot-log", str(tmp_path / "logs")])
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="listener", rules=SHORT)
    # Seat 0 never declares out: a draw followed by "out" at the lead is written "out"
    # alone, which RULES.md section 10 reads as "out" instead of the draw, so the
    # record's retelling would show the round ending before the draw.
    assert play_out(server, ann, game, never=("out",))["game"]["ending"] == "played"
    assert none_running(script)
    match = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text).replay(TWO)
    lines = heard.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == ["sixtysix 1", f"match seat 1 rules {SHORT}"] and lines[-1] == "quit"
    assert [line for line in lines[2:-1] if not line.startswith("go ")] == Narrator().retell(match, 1)
    assert {line.split()[1] for line in lines if line.startswith("go ")} == {"7000"}, "--bot-seconds"
    log = (tmp_path / "logs" / f"game-{game['id']}.log").read_text(encoding="utf-8").splitlines()
    assert [line.removeprefix("host:   ") for line in log if line.startswith("host:")] == lines, "--bot-log"
    assert "bot:    ready" in log
    assert zombies(server) == []
