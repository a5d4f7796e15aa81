"""The ``sixtysix`` command: exit status 0 (success), 1 (illegal action), 2 (bad usage or
bad input), 130 (interrupted), with one line ``sixtysix CMD: message`` on stderr and never a
traceback; ``--help`` for every command."""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import sixtysix
from benchmark_runner import run_benchmark
from sixtysix.cli import build_parser, main

DECK = "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh"
HEADER = '[Rules "classic"]\n[Dealer "0"]\n'
# Seat 1 (elder) takes every trick and declares 77: 3 game points.
ROUND_OUT = "Ts Ac Mc Kc 9d Th Js Td Kd Qd Qs out"


def write(tmp_path: Path, text: str, name: str = "game.ssn") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def test_legal_record_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f'{HEADER}[Deck "{DECK}"]\n{ROUND_OUT}\n[Deck "{DECK}"]\nTs Ac\n')
    status, out, err = run(["replay", str(path)], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Rules: classic"
    assert lines[1].startswith("Round 1 (dealer 0): points 0-77. Seat 1 declared out with 77 points")
    assert "took no trick: 3 game points" in lines[1]
    assert lines[2] == "Round 2 (dealer 1): points 21-0, in play; seat 0 to act"
    assert lines[-1] == "Score: 0-3."


def test_legal_record_summary_with_legal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f'{HEADER}[Deck "{DECK}"]\nTs Ac\n')
    status, out, _ = run(["replay", "--legal", str(path)], capsys)
    assert status == 0
    assert out.splitlines()[-1] == "Legal: As Kc Mc Qc Tc Td Th close close-before-draw out"


def test_summary_names_match_winner_and_carried_ties(capsys: pytest.CaptureFixture[str]) -> None:
    golden = Path(__file__).parent / "golden" / "classic-match-won.ssn"
    status, out, _ = run(["replay", str(golden)], capsys)
    assert status == 0
    assert "a tie; nobody scores and the next scoring round gets 1 more game point" in out
    assert "+1 for carried ties: 4 game points." in out
    assert out.splitlines()[-1] == "Score: 3-7; seat 1 wins the match."


@pytest.mark.parametrize(("tokens", "round_number", "index", "token", "rule"), [
    ("Ac", 1, 1, "Ac", "not in seat 1's hand"),
    ("Ts Ac close Tc 9d", 1, 5, "9d", "strict play"),
    ("Ts Ac out Kc", 1, 4, "Kc", "the round is over"),
])
def test_illegal_action_exit_1_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], tokens: str,
                                        round_number: int, index: int, token: str, rule: str) -> None:
    path = write(tmp_path, f'{HEADER}[Deck "{DECK}"]\n{tokens}\n')
    for argv in (["replay", str(path)], ["replay", "--json", "--legal", str(path)]):
        status, out, err = run(argv, capsys)
        assert status == 1
        assert out == ""
        assert err.count("\n") == 1 and err.endswith("\n")
        assert f"round {round_number}" in err
        assert f"token {index}" in err
        assert f"'{token}'" in err
        assert rule in err


def test_illegal_action_in_later_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = f'{HEADER}[Deck "{DECK}"]\n{ROUND_OUT}\n[Deck "{DECK}"]\nTs Ac\nclose-before-draw Ac\n'
    path = write(tmp_path, text)
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 1
    assert err.startswith("sixtysix replay: line 7: round 2, token 4 'Ac': ")


@pytest.mark.parametrize(("text", "message"), [
    (f'{HEADER}[Deck "Th Ts"]\n', "line 3"),
    (f'[Rules "classic"]\n[Deck "{DECK}"]\n', "[Dealer] is required"),
    (f'{HEADER}[Deck "{DECK}"]\nTs draw\n', "line 4: 'draw' is not written in records"),
    (f'{HEADER}[Deck "{DECK}"]\nTs Ac\n[Deck "{DECK}"]\n', "line 5: round 2: [Deck] not allowed"),
    (f'{HEADER}[Deck "{DECK}"\n', "malformed tag"),
    ("Ts Ac\n", "line 1: action tokens before the first [Deck]"),
    ("", "the record is empty"),
])
def test_malformed_record_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                 message: str) -> None:
    path = write(tmp_path, text)
    status, out, err = run(["replay", "--json", str(path)], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("sixtysix replay: ")
    assert message in err


def test_unknown_preset_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f'[Rules "bezique"]\n[Dealer "0"]\n[Deck "{DECK}"]\n')
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 2
    assert "line 1: unknown preset 'bezique'" in err


def test_unknown_flag_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f'[Rules "classic trumps=on"]\n[Dealer "0"]\n[Deck "{DECK}"]\n')
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 2 and "unknown flag 'trumps'" in err


def test_missing_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere.ssn"
    status, out, err = run(["replay", "--json", str(path)], capsys)
    assert status == 2 and out == ""
    assert err.startswith(f"sixtysix replay: cannot read {path}")
    assert err.count("\n") == 1


def test_directory_and_binary_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["replay", str(tmp_path)], capsys)
    assert status == 2
    assert err == f"sixtysix replay: cannot read {tmp_path}: it is a directory, not a record file\n"
    binary = tmp_path / "game.ssn"
    binary.write_bytes(b"\xff\xfe\x00[Deck]")
    status, _, err = run(["replay", str(binary)], capsys)
    assert status == 2 and err == f"sixtysix replay: {binary} is not UTF-8 text (byte 0xff at offset 0)\n"


def test_replay_needs_file_argument(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["replay"], capsys)
    assert status == 2
    assert err == ("sixtysix replay: the following arguments are required: file "
                   "(see 'sixtysix replay --help')\n")


def test_subprocess_exit_codes_and_no_traceback(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sixtysix.__file__).resolve().parent.parent)
    cases = [
        (write(tmp_path, f'{HEADER}[Deck "{DECK}"]\n{ROUND_OUT}\n', "ok.ssn"), 0),
        (write(tmp_path, f'{HEADER}[Deck "{DECK}"]\nout\n', "illegal.ssn"), 1),
        (write(tmp_path, f'{HEADER}[Deck "{DECK} 9c"]\n', "malformed.ssn"), 2),
        (tmp_path / "missing.ssn", 2),
    ]
    for path, code in cases:
        done = subprocess.run([sys.executable, "-m", "sixtysix", "replay", "--json", str(path)],
                              capture_output=True, text=True, env=env, timeout=60, check=False)
        assert done.returncode == code, (path, done.stderr)
        assert "Traceback" not in done.stderr
        if code:
            assert done.stdout == "" and done.stderr.count("\n") == 1


# ------------------------------------------------------------------ help and usage


def command_names() -> list[str]:
    """Every subcommand, read from the parser so that a new command is covered too."""
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(commands.choices)


def test_the_commands_are_found() -> None:
    assert {"play", "replay", "analyze", "tournament"} <= set(command_names())


@pytest.mark.parametrize("argv", [["--help"], ["-h"]] + [[name, flag] for name in command_names()
                                                       for flag in ("--help", "-h")])
def test_help_of_every_command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(argv, capsys)
    assert (status, err) == (0, "")
    prog = " ".join(["sixtysix", *argv[:-1]])
    assert out.startswith(f"usage: {prog} ")
    assert "exit status:" in out and "130  interrupted (Ctrl-C)" in out
    assert "%%" not in out
    for name in command_names() if len(argv) == 1 else []:
        assert name in out


def test_help_in_a_fresh_process(tmp_path: Path) -> None:
    for argv in (["--help"], ["tournament", "--help"]):
        done = sixtysix_process(argv)
        assert done.returncode == 0 and done.stderr == ""
        assert "95%" in done.stdout and "%%" not in done.stdout


def sixtysix_process(argv: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sixtysix.__file__).resolve().parent.parent)
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **options}
    return subprocess.run([sys.executable, "-m", "sixtysix", *argv], text=True, env=env, timeout=60,
                          check=False, **options)


# ------------------------------------------------------------------ bad input, one line each


GOLDEN = Path(__file__).parent / "golden"
PREDRAW = str(GOLDEN / "classic-predraw.ssn")

BAD_INPUT: list[tuple[list[str], int, str]] = [
    ([], 2, "sixtysix: the following arguments are required: COMMAND"),
    (["deal"], 2, "sixtysix: argument COMMAND: invalid choice: 'deal'"),
    (["replay", "--colour", PREDRAW], 2, "sixtysix replay: unrecognized arguments: '--colour'"),
    (["replay", "/dev/zero"], 2, "sixtysix replay: /dev/zero is larger than the 1 MiB a record may take"),
    (["replay", "/"], 2, "sixtysix replay: cannot read /: it is a directory"),
    (["replay", ""], 2, "sixtysix replay: cannot read : No such file or directory"),
    (["analyze", "--samples", "1000000", PREDRAW], 2,
     "sixtysix analyze: argument --samples: must be a whole number from 1 to 100000, not '1000000'"),
    (["analyze", "--samples", "nan", PREDRAW], 2, "sixtysix analyze: argument --samples: "),
    (["analyze", "--seed", "abc", PREDRAW], 2, "sixtysix analyze: argument --seed: must be a whole number"),
    (["analyze", "--seed", "9" * 5000, PREDRAW], 2, "sixtysix analyze: argument --seed: "),
    (["analyze", "/dev/zero"], 2, "sixtysix analyze: /dev/zero is larger than the 1 MiB"),
    (["tournament", "greedy"], 2, "sixtysix tournament: a tournament needs at least two bots"),
    (["tournament", "greedy", "greedy"], 2, "sixtysix tournament: each bot may enter once"),
    (["tournament", "greedy", "pimc:samples=abc"], 2,
     "sixtysix tournament: argument BOT: bot 'pimc': samples must be a whole number"),
    (["tournament", "greedy", "pimc:x=1"], 2, "sixtysix tournament: argument BOT: bot 'pimc' has no"),
    (["tournament", "greedy", "random", "--matches", "-2"], 2, "sixtysix tournament: argument --matches: "),
    (["tournament", "greedy", "random", "--matches", "3"], 2, "sixtysix tournament: matches per pairing"),
    (["tournament", "greedy", "random", "--jobs", "10000"], 2, "sixtysix tournament: argument --jobs: "),
    (["tournament", "greedy", "random", "--rules", ""], 2,
     "sixtysix tournament: argument --rules: empty rules"),
    (["tournament", "greedy", "random", "--rules", "classic match_target=x"], 2,
     "sixtysix tournament: argument --rules: flag 'match_target' must be a whole number"),
    (["tournament", "greedy", "random", "--seed", "-1"], 2, "sixtysix tournament: argument --seed: "),
    (["tournament", "greedy", "random", "--plot", "/nonexistent/x.html"], 2,
     "sixtysix tournament: argument --plot: cannot write '/nonexistent/x.html': folder '/nonexistent' does "
     "not exist"),
    (["tournament", "greedy", "random", "--plot", "/"], 2,
     "sixtysix tournament: argument --plot: '/' is a directory, not a file"),
    (["play", "--opponent", "pimc:samples=abc"], 2,
     "sixtysix play: argument --opponent: bot 'pimc': samples must be a whole number from 1 to 100000"),
    (["play", "--opponent", "pimc:x=1"], 2,
     "sixtysix play: argument --opponent: bot 'pimc' has no parameter"),
    (["play", "--seed", "abc"], 2, "sixtysix play: argument --seed: must be a whole number"),
    (["play", "--opponent", "seer:pimc"], 2, "sixtysix play: argument --opponent: unknown bot 'seer'"),
    (["play", "--rules", "nonsense"], 2, "sixtysix play: unknown preset 'nonsense'"),
    (["play", "classic", "tie=sometimes"], 2, "sixtysix play: "),
    (["serve", "--port", "0"], 2, "sixtysix serve: argument --port: must be a whole number from 1 to 65535"),
    (["serve", "--away-limit", "nan"], 2, "sixtysix serve: argument --away-limit: must be a number"),
    (["serve", "--log-level", "loud"], 2, "sixtysix serve: argument --log-level: invalid choice: 'loud'"),
    (["serve", "--port", "8969", "--database-url", "nonsense://x"], 2,
     "sixtysix serve: cannot open the database: \"Can't load plugin: sqlalchemy.dialects:nonsense\""),
    (["serve", "--port", "8969", "--database-url", "sqlite:////proc/none/x.db"], 2,
     "sixtysix serve: cannot open the database: 'unable to open database file'"),
    (["serve", "--port", "8969", "--data-dir", "/proc/none"], 2,
     "sixtysix serve: cannot use the data folder: No such file or directory: '/proc/none'"),
]


def test_serve_refuses_a_port_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(["serve", "--port", str(port)], capsys)
    assert (code, out) == (2, "")
    assert err == f"sixtysix serve: cannot listen on 127.0.0.1 port {port}: Address already in use\n"


@pytest.mark.parametrize(("argv", "status", "start"), BAD_INPUT)
def test_bad_input_one_line_and_documented_status(argv: list[str], status: int, start: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert code == status and out == ""
    assert err.startswith(start), err
    assert err.count("\n") == 1 and len(err) < 400


def test_bad_input_in_a_fresh_process() -> None:
    for argv, status, start in BAD_INPUT[::4]:
        done = sixtysix_process(argv)
        assert (done.returncode, done.stdout) == (status, ""), argv
        assert done.stderr.startswith(start) and done.stderr.count("\n") == 1, done.stderr


def test_plot_is_written_and_checked_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "ratings.html"
    status, out, err = run(["tournament", "greedy", "random", "--matches", "2", "--quiet",
                            "--rules", "classic match_target=1", "--plot", str(plot)], capsys)
    assert (status, err) == (0, "") and "greedy" in out
    assert plot.read_text(encoding="utf-8").startswith("<!doctype html>")


# ------------------------------------------------------------------ records: prefixes and bounds


def test_bom_record_and_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bom = tmp_path / "bom.ssn"
    bom.write_bytes(b"\xef\xbb\xbf" + f'{HEADER}[Deck "{DECK}"]\nTs Ac\n'.encode())
    status, out, _ = run(["replay", str(bom)], capsys)
    assert status == 0 and "points 0-21" in out
    for text, message in (("", "the record is empty"),
                          ("; only a comment\n\n", "no record: only comments and blank lines")):
        path = write(tmp_path, text)
        for command in ("replay", "analyze"):
            assert run([command, str(path)], capsys) == (2, "", f"sixtysix {command}: {message}\n")


def test_illegal_action_names_its_line_after_the_prefix(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f'{HEADER}[Deck "{DECK}"]\nTs Ac\nclose Tc 9d\n')
    for command in ("replay", "analyze"):
        status, _, err = run([command, str(path)], capsys)
        assert status == 1
        assert err.startswith(f"sixtysix {command}: line 5: round 1, token 5 '9d': ")


def test_a_long_line_is_quoted_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f'{HEADER}[Deck "{DECK}"]\nTs ' + "x" * 500_000 + "\n")
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 2 and len(err) < 200
    assert err == f"sixtysix replay: line 4: not an action token: '{'x' * 40}…'\n"


def test_a_large_file_is_refused_without_reading_it(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.ssn"
    with path.open("w", encoding="utf-8") as handle:
        handle.write(f'{HEADER}[Deck "{DECK}"]\n')
        handle.write(("Ts Ac " * 1000 + "\n") * 9000)  # about 54 MB
    status, _, err = run(["replay", str(path)], capsys)
    assert (status, err) == (2, f"sixtysix replay: {path} is larger than the 1 MiB a record may take\n")


# ------------------------------------------------------------------ analysis without waiting


def test_a_single_legal_action_is_named_without_sampling(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f'{HEADER}[Deck "{DECK}"]\nTs Ac close Tc\n')  # seat 0 must play its club
    status, out, _ = run(["analyze", "--samples", "100000", str(path)], capsys)
    assert (status, out) == (0, "Seat 0 to act (follow): Jc is the only legal action; nothing to analyze.\n")
    status, out, _ = run(["analyze", "--json", "--samples", "100000", str(path)], capsys)
    assert json.loads(out) == {"seat": 0, "phase": "follow",
                               "actions": [{"action": "Jc", "expected": None, "exact": False}]}


# ------------------------------------------------------------------ Ctrl-C


INTERRUPTED = {
    "analyze": ["analyze", "--samples", "100000", PREDRAW],
    "tournament": ["tournament", "expert", "hard", "--jobs", "2", "--matches", "20"],
}
"""Commands that run far longer than the test waits before pressing Ctrl-C."""
DELAYS = [step / 10 for step in range(16)]
"""When Ctrl-C is pressed, in seconds after the start: while Python starts, while the
command's modules load, while a tournament's workers start, and while they play."""


def interrupt(argv: list[str], wait: float) -> tuple[subprocess.Popen[str], str]:
    """Start the command (``python -m sixtysix``, as the installed script runs it) in its own
    process group, press Ctrl-C (SIGINT to the group, as a terminal does) after ``wait``
    seconds, and return the process, ended, and its stderr."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sixtysix.__file__).resolve().parent.parent)
    process = subprocess.Popen([sys.executable, "-m", "sixtysix", *argv], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    time.sleep(wait)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    return process, err


@pytest.mark.slow
@pytest.mark.parametrize("command", INTERRUPTED)
def test_ctrl_c_at_any_moment_stops_the_command_and_its_workers(command: str) -> None:
    """Each Ctrl-C ends the command within the ceiling, with status 130 (or by SIGINT itself,
    which a shell shows as 130 too) and one line or nothing, never a traceback from sixtysix,
    and leaves no worker behind. What Python prints when the signal lands in its own start-up
    (site, runpy), before the first line of sixtysix runs, is Python's, not the command's."""
    for wait in DELAYS:
        process, err = interrupt(INTERRUPTED[command], wait)
        if "Traceback" in err:
            assert "/sixtysix/" not in err and "sixtysix: " not in err, (wait, err)
        else:
            assert process.returncode in {130, -signal.SIGINT}, (wait, process.returncode, err)
            assert err in {"", "sixtysix: interrupted\n", f"sixtysix {command}: interrupted\n"}, (wait, err)
            assert err or process.returncode == -signal.SIGINT, wait
        with pytest.raises(ProcessLookupError):  # no worker of a pool is left in the group
            os.killpg(process.pid, 0)


# ------------------------------------------------------------------ benchmarks


SECONDS = "argument --seconds: must be a number from 0.01 to 3600"



@pytest.mark.parametrize(("script", "argv", "words"), [
    ("random_playout.py", ["--rules", "nonsense"], "argument --rules: unknown preset 'nonsense'"),
    ("random_playout.py", ["--rules", ""], "argument --rules: empty rules"),
    ("random_playout.py", ["--seconds", "nan"], f"{SECONDS}, not 'nan'"),
    ("random_playout.py", ["--seconds", "-1"], f"{SECONDS}, not '-1'"),
    ("random_playout.py", ["--seconds", "inf"], f"{SECONDS}, not 'inf'"),
    ("random_playout.py", ["--seed", "abc"], "argument --seed: must be a whole number"),
    ("random_playout.py", ["--player", "bold"], "argument --player: invalid choice: 'bold'"),
    ("table_playout.py", ["--seconds", "nan"], f"{SECONDS}, not 'nan'"),
    ("table_playout.py", ["--listeners", "3"], "argument --listeners: must be a whole number from 0 to 2"),
    ("table_playout.py", ["--rules", "nonsense"], "argument --rules: unknown preset 'nonsense'"),
    ("mutation.py", ["--mutants", "0"], "argument --mutants: must be a whole number from 1 to 100000"),
    ("mutation.py", ["--timeout", "inf"], "argument --timeout: must be a number from 1 to 3600"),
    ("mutation.py", ["--line", "1"], "no mutant on the lines given"),
    ("solver.py", ["--positions", "0"], "argument --positions: must be a whole number from 1 to 100000"),
    ("solver.py", ["--rules", "classic tie=never"], "argument --rules: flag 'tie' must be one of"),
])
def test_benchmark_bad_arguments(script: str, argv: list[str], words: str) -> None:
    done = run_benchmark(script, argv, check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"{script}: {words}") and done.stderr.count("\n") == 1, done.stderr


@pytest.mark.parametrize(("script", "argv", "per_round"), [
    ("random_playout.py", [], "actions and"),
    ("table_playout.py", ["--listeners", "1"], "actions per round"),
])
def test_playout_benchmarks_print_rounds_per_second_last(script: str, argv: list[str],
                                                         per_round: str) -> None:
    done = run_benchmark(script, ["--seconds", "0.05", *argv])
    lines = done.stdout.splitlines()
    assert lines[0].startswith("rules: classic claim=auto, ")
    assert per_round in lines[1]
    name, value = lines[-1].split(": ")
    assert name == "rounds_per_second" and int(value) > 0


def test_a_closed_output_pipe_ends_quietly() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # as after `sixtysix replay FILE | head -0`
    try:
        done = sixtysix_process(["replay", str(GOLDEN / "classic-match-won.ssn")], stdout=write_end)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (141, "")
