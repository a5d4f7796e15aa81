"""``sixtysix replay``: exit status 0 (legal record), 1 (illegal action), 2 (malformed or
unreadable file), with one clear line on stderr and never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sixtysix
from sixtysix.cli import main

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
    assert err.startswith("illegal: round 2, token 4 'Ac': ")


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
    assert err.startswith(f"malformed record {path}: ")
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
    assert status == 2 and "cannot read" in err
    binary = tmp_path / "game.ssn"
    binary.write_bytes(b"\xff\xfe\x00[Deck]")
    status, _, err = run(["replay", str(binary)], capsys)
    assert status == 2 and "cannot read" in err


def test_replay_needs_file_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["replay"])
    assert info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


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
        done = subprocess.run([sys.executable, "-m", "sixtysix.cli", "replay", "--json", str(path)],
                              capture_output=True, text=True, env=env, timeout=60, check=False)
        assert done.returncode == code, (path, done.stderr)
        assert "Traceback" not in done.stderr
        if code:
            assert done.stdout == "" and done.stderr.count("\n") == 1
