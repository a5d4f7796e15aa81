"""Golden records: ``sixtysix replay --json --legal FILE`` prints exactly FILE's JSON.

``tests/golden`` holds the shared examples (copied, so the tests never read outside the
repository) and records of our own whose comments work out every trick by hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import sixtysix
from sixtysix.cli import main
from sixtysix.game.actions import DRAW, PASS
from sixtysix.game.round import Phase
from sixtysix.notation import Record
from test_properties import Ref

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.ssn"))
SHARED_EXAMPLES = {
    "classic-closed-reached", "classic-end-failed-close", "classic-end-false-out",
    "classic-end-last-trick", "classic-end-out", "classic-marriage-exhausted",
    "classic-pending-marriage", "classic-predraw", "classic-second-round-after-tie",
    "classic-strict-follow", "pagat-respond", "santase-first-lead", "santase-marriage-closed",
}
OWN = {
    "pagat-tie-replayed", "turkish-most-tricks", "santase-failed-close-three", "classic-at-close",
    "classic-auto-claim", "pagat-respond-after-close-before-draw", "classic-marriage-reached-first",
    "classic-match-won",
}


def expected(record: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record.with_suffix(".json").read_text(encoding="utf-8"))
    return data


def test_golden_files_complete() -> None:
    names = {p.stem for p in RECORDS}
    assert names == SHARED_EXAMPLES | OWN
    assert {p.stem for p in GOLDEN.glob("*.json")} == names


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_replay_json_legal(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", "--legal", str(record)])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    printed = json.loads(out)
    assert printed == expected(record)
    assert printed["legal"] == sorted(printed["legal"])
    assert list(printed) == ["rounds", "score", "match_winner", "legal"]


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_golden_agrees_with_reference_model(record: Path) -> None:
    """Each finished round of a golden record, replayed by the reference model of
    test_properties (written from RULES.md alone), ends as the JSON says."""
    rec = Record.parse(record.read_text(encoding="utf-8"))
    match = rec.replay()
    rows = expected(record)["rounds"]
    assert len(rows) == len(rec.rounds) == len(match.rounds)
    carried = 0
    for row, entry, rnd in zip(rows, rec.rounds, match.rounds, strict=True):
        ref = Ref([sixtysix.card_name(c) for c in entry.deck], row["dealer"], rec.rules)
        for action in entry.actions:
            token = action.token
            if ref.stage == "draw" and token not in ("close-before-draw", "out"):
                ref.apply(DRAW.token)
            if ref.stage == "respond" and token != "exchange":
                ref.apply(PASS.token)
            ref.apply(token)
        assert [ref.points(0), ref.points(1)] == row["points"]
        assert ref.tricks == row["tricks"]
        if ref.result is None:
            assert row["reason"] is None and rnd.phase is not Phase.OVER
        else:
            winner, points, reason, replay = ref.result
            assert (winner, reason) == (row["winner"], row["reason"])
            if winner is None:
                assert row["game_points"] == 0
                carried += not replay  # a carried tie adds a point to the next scoring round
            else:
                assert row["game_points"] == points + carried
                carried = 0


def test_replay_through_python_dash_m() -> None:
    env = dict(os.environ)
    src = str(Path(sixtysix.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    for name in ("classic-match-won", "pagat-respond"):
        record = GOLDEN / f"{name}.ssn"
        done = subprocess.run(
            [sys.executable, "-m", "sixtysix", "replay", "--json", "--legal", str(record)],
            capture_output=True, text=True, env=env, timeout=60, check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        assert json.loads(done.stdout) == expected(record)
