"""``sixtysix play`` keeps its record on disk: written after every action, checked
before the first deal, resumed where it stopped, complete when the process is killed."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from sixtysix.bots import make_bot
from sixtysix.cli import main
from sixtysix.game.actions import Action
from sixtysix.game.interface import narrowed
from sixtysix.games import TWO
from sixtysix.notation import MAX_RECORD_BYTES, Record
from sixtysix.rules import Rules
from sixtysix.table import Table
from sixtysix.tui.app import SixtySixApp
from sixtysix.tui.saving import SaveError, load, record_of, resume
from sixtysix.tui.screens import ConfirmScreen, MatchOverScreen, RoundOverScreen
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation
from test_tui import SIZE, first, play_to_end, press_action, seed_where_first_dealer_is, settle


def recorded(match: Match) -> list[list[str]]:
    """The tokens a record writes for each round of a match."""
    return [[a.token for a in rnd.actions if a.is_recorded] for rnd in match.rounds]


def read(path: Path) -> Record:
    return Record.parse(path.read_text(encoding="utf-8"))


async def test_the_record_holds_every_action_while_the_match_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "live.ssn"
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0, save=path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(12):
            await settle(pilot, app)
            if isinstance(app.screen, RoundOverScreen):
                await pilot.press("enter")
                continue
            # as if the process were killed now: the file already holds the whole match so far
            record = read(path)
            replayed = record.replay(TWO)
            assert recorded(replayed) == recorded(narrowed(app.match, Match))
            assert replayed.score == app.match.score
            await press_action(pilot, app, first(app.game.legal))
        assert sorted(p.name for p in tmp_path.iterdir()) == ["live.ssn"]  # no temporary file left
        tags = {tag.name: tag.values for tag in read(path).header}
        assert tags["Players"] == ("human", "greedy") and tags["Seed"] == (str(app.seed),)


def test_a_random_seed_is_drawn_and_recorded() -> None:
    seeds = {SixtySixApp(delay=0).seed for _ in range(3)}
    assert len(seeds) == 3


async def quit_now(pilot: Any, app: SixtySixApp) -> None:
    await pilot.press("q")
    assert isinstance(app.screen, ConfirmScreen)
    await pilot.press("y")


@pytest.mark.parametrize("stop", ["mid-round", "between rounds"])
async def test_a_resumed_match_goes_on_as_the_uninterrupted_one(tmp_path: Path, stop: str) -> None:
    path = tmp_path / "stopped.ssn"
    rules = Rules.parse("classic match_target=4")  # two rounds at least, a short match
    app = SixtySixApp(rules, delay=0, save=path)  # a random seed, kept in the record
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            await settle(pilot, app)
            if isinstance(app.screen, RoundOverScreen):
                break
            if stop == "mid-round" and len(app.table.match.round.actions) >= 9:  # type: ignore[union-attr]
                break
            await press_action(pilot, app, first(app.game.legal))
        await quit_now(pilot, app)
    seed = app.seed
    assert read(path).header[-1].values == (str(seed),)

    resumed = load(path)
    assert resumed.seed == seed and resumed.opponent == "greedy"
    again = SixtySixApp(match=narrowed(resumed.match, Match), seed=resumed.seed, opponent=resumed.opponent,
                        delay=0, save=path)
    async with again.run_test(size=SIZE) as pilot:
        await play_to_end(pilot, again, first)
        assert isinstance(again.screen, MatchOverScreen)

    # the same players without the interruption: the user's first legal action, the greedy bot
    uninterrupted = Table([FirstLegal(), make_bot("greedy", seed)], rules, seed=seed).play()
    assert path.read_text(encoding="utf-8") == str(record_of(uninterrupted, "greedy", seed))
    assert len(read(path).rounds) >= 2


class FirstLegal:
    """A seat that takes its first legal action, as ``first`` does by keys."""

    def act(self, observation: Observation) -> Action:
        return observation.legal[0]


def finished_record() -> Record:
    match = Table([make_bot("greedy", 1), make_bot("random", 2)], seed=9).play()
    return record_of(match, "greedy", 9)


def test_resume_refuses_a_finished_match_and_foreign_records() -> None:
    with pytest.raises(SaveError, match=r"done.ssn cannot be resumed: its match is over \(\d+-\d+\)"):
        resume(finished_record(), "done.ssn")
    deck = "9c Jc Qc Kc Tc Ac 9d Jd Qd Kd Td Ad 9h Jh Qh Kh Th Ah 9s Js Qs Ks Ts As"
    foreign = Record.parse(f'[Dealer "0"]\n[Deck "{deck}"]\n')
    with pytest.raises(SaveError, match="only records saved by sixtysix play"):
        resume(foreign, "x.ssn")
    match = Match(seed=4)
    match.deal()
    other = record_of(match, "greedy", 5)  # decks that do not follow from the seed
    with pytest.raises(SaveError, match="does not follow from its"):
        resume(other, "x.ssn")


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(argv)
    captured = capsys.readouterr()
    assert captured.out == ""
    return status, captured.err


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The calls of the terminal app that ``sixtysix play`` makes (none is started)."""
    calls: list[dict[str, Any]] = []

    def fake_run(*args: Any, **options: Any) -> int:
        calls.append({"args": args, **options})
        return 0

    monkeypatch.setattr("sixtysix.tui.run", fake_run)
    return calls


@pytest.mark.parametrize(("target", "message"), [
    ("missing/x.ssn", "the folder {tmp}/missing does not exist"),
    (".", "it is a folder"),
    ("taken.ssn", "the file exists (use --force to overwrite it)"),
])
def test_save_is_checked_before_the_first_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               runs: list[dict[str, Any]], target: str, message: str) -> None:
    (tmp_path / "taken.ssn").write_text("keep me", encoding="utf-8")
    path = tmp_path / target
    status, err = run_cli(["play", "--save", str(path)], capsys)
    assert status == 2 and runs == []
    assert err == f"sixtysix play: cannot save to {path}: {message.format(tmp=tmp_path)}\n"
    assert (tmp_path / "taken.ssn").read_text(encoding="utf-8") == "keep me"


def test_force_lets_save_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   runs: list[dict[str, Any]]) -> None:
    path = tmp_path / "taken.ssn"
    path.write_text("old", encoding="utf-8")
    assert run_cli(["play", "--save", str(path), "--force", "--seed", "3"], capsys) == (0, "")
    assert runs[0]["save"] == str(path) and runs[0]["seed"] == 3 and runs[0]["manual_draw"] is False


def test_resume_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      runs: list[dict[str, Any]]) -> None:
    match = Match(seed=12)
    rnd = match.deal()
    rnd.push(rnd.legal_tuple()[0])
    path = tmp_path / "saved.ssn"
    path.write_text(str(record_of(match, "hard", 12)), encoding="utf-8")
    assert run_cli(["play", "--resume", str(path), "--manual-draw", "--no-explain-close"], capsys) == (0, "")
    call = runs[0]
    assert call["save"] == str(path) and call["seed"] == 12 and call["opponent"] == "hard"
    assert call["manual_draw"] is True and call["explain_close"] is False
    assert recorded(call["match"]) == recorded(match)


@pytest.mark.parametrize(("argv", "message"), [
    (["--seed", "3"], "--resume takes the rules, opponent, seed and file from the record: drop --seed"),
    (["--opponent", "hard", "tie=replay"],
     "--resume takes the rules, opponent, seed and file from the record: drop --opponent, FLAG=VALUE"),
])
def test_resume_with_other_options_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              runs: list[dict[str, Any]], argv: list[str],
                                              message: str) -> None:
    status, err = run_cli(["play", "--resume", str(tmp_path / "x.ssn"), *argv], capsys)
    assert (status, err) == (2, f"sixtysix play: {message}\n")


def test_resume_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    runs: list[dict[str, Any]]) -> None:
    done = tmp_path / "done.ssn"
    done.write_text(str(finished_record()), encoding="utf-8")
    bad = tmp_path / "bad.ssn"
    bad.write_text('[Dealer "7"]\n', encoding="utf-8")
    large = tmp_path / "large.ssn"
    large.write_text(str(finished_record()) + ";" * MAX_RECORD_BYTES, encoding="utf-8")
    for path, message in ((tmp_path / "none.ssn", "cannot read"), (done, "its match is over"),
                          (bad, "cannot be resumed: line 1"), (large, "is larger than the 1 MiB")):
        status, err = run_cli(["play", "--resume", str(path)], capsys)
        assert status == 2 and err.startswith("sixtysix play: ") and message in err
        assert err.count("\n") == 1
    assert runs == []


def _own_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the pseudo-terminal,
    so that closing the terminal hangs the process up as closing a window does."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``sixtysix play`` in a pseudo-terminal of 100x30, its output collected."""

    def __init__(self, *argv: str) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
        self.process = subprocess.Popen([sys.executable, "-m", "sixtysix", "play", *argv],
                                        stdin=slave, stdout=slave, stderr=slave, env=env,
                                        preexec_fn=_own_terminal)  # noqa: PLW1509 (two system calls)
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.output.extend(data)

    def press(self, key: str) -> None:
        os.write(self.master, key.encode())

    def stop(self, number: int, close: bool = False) -> int:
        """Send a signal, or close the terminal (the system sends SIGHUP); the exit status."""
        if close:
            os.close(self.master)
        else:
            self.process.send_signal(number)
        status = self.process.wait(timeout=20)
        self._reader.join(timeout=5)
        if not close:
            os.close(self.master)
        return status


def wait_for(condition: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def tokens_in(path: Path) -> int:
    if not path.exists():
        return 0
    return sum(len(rnd.actions) for rnd in read(path).rounds)


def users_turn(path: Path) -> bool:
    """Whether the match saved at ``path`` waits for the user."""
    if not path.exists():
        return False
    rnd = read(path).replay().round
    return rnd is not None and rnd.to_act == 0


@pytest.mark.parametrize(("number", "closed"), [(signal.SIGTERM, False), (signal.SIGHUP, False),
                                               (signal.SIGHUP, True)])
def test_a_killed_play_leaves_a_complete_record(tmp_path: Path, number: int, closed: bool) -> None:
    """Killed with the terminal still there, the app restores it and says nothing more;
    when the terminal is closed, the process ends all the same."""
    path = tmp_path / "killed.ssn"
    terminal = Terminal("--save", str(path), "--seed", str(seed_where_first_dealer_is(1)))
    try:
        mark = 0
        for _ in range(4):
            # the record waits for the user and the screen asks (its status line starts with ▶)
            wait_for(lambda mark=mark: users_turn(path) and "▶".encode() in terminal.output[mark:])
            before = tokens_in(path)
            mark = len(terminal.output)
            terminal.press("1")
            wait_for(lambda before=before: tokens_in(path) > before)
    finally:
        status = terminal.stop(number, closed)
    output = terminal.output.decode("utf-8", "replace")
    assert "Traceback" not in output
    if not closed:
        assert output.rstrip().endswith(f"Record saved to {path}")
    assert status == 128 + number
    record = read(path)
    match = record.replay(TWO)
    assert tokens_in(path) >= 7  # four of the user's cards and the opponent's answers
    assert not match.is_over and record.players == ("human", "greedy")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["killed.ssn"]
    resumed = load(path)
    assert recorded(narrowed(resumed.match, Match)) == recorded(match)
