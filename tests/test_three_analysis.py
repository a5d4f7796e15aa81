"""``sixtysix analyze`` and :func:`~sixtysix.analysis.analyze_three` on three-hand records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sixtysix.analysis import analyze_three
from sixtysix.cli import main
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import observe_three

GOLDEN = Path(__file__).parent / "golden" / "three-hand"
EXACT = GOLDEN / "three-hand-analyze-exact.ssn"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_exact_analysis_of_the_golden_record(capsys: pytest.CaptureFixture[str]) -> None:
    """The values worked out by hand in the record's comments: either card +4, out -2."""
    status, out, err = run(["analyze", "--json", str(EXACT)], capsys)
    assert (status, err) == (0, "")
    assert json.loads(out) == {"seat": 0, "phase": "lead", "actions": [
        {"action": "Qc", "expected": 4.0, "exact": True},
        {"action": "As", "expected": 4.0, "exact": True},
        {"action": "out", "expected": -2.0, "exact": True}]}
    status, out, err = run(["analyze", str(EXACT)], capsys)
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "Seat 0 to act (lead); seat 0's expected game points minus the mean of the two others', "
        "solved exactly: every card still to play is known.",
        "action  expected",
        "Qc         +4.00  (exact)",
        "As         +4.00  (exact)",
        "out        -2.00  (exact)"]


def test_sampled_analysis_of_a_three_hand_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "early.ssn"
    text = EXACT.read_text(encoding="utf-8")
    record.write_text(text[:text.index("Kc 9c Js")] + "Kc\n", encoding="utf-8")  # seat 1 to follow Kc
    argv = ["analyze", "--json", "--samples", "6", "--seed", "3", str(record)]
    status, out, err = run(argv, capsys)
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert (data["seat"], data["phase"]) == (1, "follow")
    assert {a["action"] for a in data["actions"]} == {"9c", "Jc"}  # must follow clubs, cannot beat Kc
    assert all(not a["exact"] for a in data["actions"])
    values = [a["expected"] for a in data["actions"]]
    assert values == sorted(values, reverse=True) and all(-6 <= v <= 6 for v in values)
    assert run(argv, capsys)[1] == out  # seeded: the same analysis again
    status, out, err = run(["analyze", "--samples", "6", str(record)], capsys)
    assert status == 0 and "estimated over 6 sampled deals (seed 0)" in out


def test_single_action_finished_and_bad_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = EXACT.read_text(encoding="utf-8")
    only = tmp_path / "only.ssn"
    only.write_text(text[:text.index("Kc 9c Js")] + "Kc 9c\n", encoding="utf-8")  # seat 2: trump Js or 9s
    status, out, _ = run(["analyze", "--json", "--samples", "3", str(only)], capsys)
    assert status == 0 and {a["action"] for a in json.loads(out)["actions"]} == {"9s", "Js"}
    done = GOLDEN / "three-hand-match-target.ssn"
    status, out, err = run(["analyze", str(done)], capsys)
    assert (status, err) == (0, "") and out.startswith("The match is over (score ")
    bad = tmp_path / "bad.ssn"
    bad.write_text(text.replace('[Dealer "2"]', '[Dealer "3"]'), encoding="utf-8")
    status, out, err = run(["analyze", str(bad)], capsys)
    assert (status, out) == (2, "") and err.startswith("sixtysix analyze: ") and err.count("\n") == 1
    illegal = tmp_path / "illegal.ssn"
    illegal.write_text(text[:text.index("Kc 9c Js")] + "Kc 9d\n", encoding="utf-8")
    status, out, err = run(["analyze", str(illegal)], capsys)
    assert (status, out) == (1, "") and "'9d'" in err and err.count("\n") == 1


def test_analyze_three_is_seeded_and_values_every_legal_action() -> None:
    rnd = ThreeMatch(seed=5).deal()
    for _ in range(4):
        rnd.push(rnd.legal_tuple()[0])
    seat = rnd.to_act
    assert seat is not None
    obs = observe_three(rnd, seat)
    first = analyze_three(obs, samples=4, seed=2)
    assert first == analyze_three(obs, samples=4, seed=2)  # seeded
    assert [v.samples for v in first] == [4] * len(first) and not first[0].exact
    assert sorted(v.action for v in first) == sorted(rnd.legal_tuple())
    assert analyze_three(observe_three(rnd, (seat + 1) % 3)) == []
    with pytest.raises(ValueError, match="samples must be at least 1"):
        analyze_three(obs, samples=0)
