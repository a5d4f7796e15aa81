"""Position analysis (:func:`sixtysix.analysis.analyze`) and ``sixtysix analyze``.

The analysis reads only the seat's observation: exact where that observation fixes
every card still to play, a seeded PIMC estimate elsewhere.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from sixtysix.analysis import ActionValue, analyze
from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.search import is_determined, solve
from sixtysix.cli import main
from sixtysix.game.actions import DRAW
from sixtysix.games import TWO
from sixtysix.notation import Record
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.round import Round

GOLDEN = Path(__file__).parent / "golden"
DECK = "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh"
HEADER = '[Rules "classic"]\n[Dealer "0"]\n'


def played_until(seed: int, stock_size: int) -> Round:
    """A round of ``Match(seed)`` played by the heuristic bot until the stock holds
    ``stock_size`` cards or fewer (or play turns strict), stopping at a decision."""
    rnd = Match(seed=seed).deal()
    bot = HeuristicBot(seed)
    while rnd.stock_size > stock_size and not rnd.is_strict:
        seat = rnd.to_act
        assert seat is not None
        rnd.push(bot.act(observe(rnd, seat)))
    assert not rnd.is_over
    return rnd


def to_act(rnd: Round) -> Observation:
    """The observation of the seat to act."""
    seat = rnd.to_act
    assert seat is not None
    return observe(rnd, seat)


def check_ranked(values: list[ActionValue], obs: Observation) -> None:
    """Exactly the legal actions, each once, best first."""
    assert sorted(v.action for v in values) == sorted(obs.legal)
    assert len(values) == len(obs.legal)
    expected = [v.expected for v in values]
    assert expected == sorted(expected, reverse=True)


# --------------------------------------------------------------------- analyze


@pytest.mark.parametrize("seed", range(6))
def test_determined_position_gives_the_solvers_exact_values(seed: int) -> None:
    rnd = Match(seed=seed).deal()
    while rnd.stock_size:  # the lowest card (and always draw) until the stock runs out
        rnd.push(min(a for a in rnd.legal_tuple() if a.card is not None or a == DRAW))
    for _ in range(2):  # at a lead, then with a card on the table
        obs = to_act(rnd)
        assert is_determined(obs)
        values = analyze(obs, seed=seed)
        check_ranked(values, obs)
        assert {v.action: v.expected for v in values} == {a: float(v) for a, v in solve(rnd).items()}
        assert all(v.exact and v.samples == 1 for v in values)
        rnd.push(next(a for a in rnd.legal_tuple() if a.card is not None))


@pytest.mark.parametrize(("seed", "stock_size"), [(1, 12), (2, 8), (3, 4)])
def test_hidden_position_is_seeded_and_lists_the_legal_actions(seed: int, stock_size: int) -> None:
    obs = to_act(played_until(seed, stock_size))
    assert not is_determined(obs)
    values = analyze(obs, samples=5, seed=seed)
    check_ranked(values, obs)
    assert all(not v.exact and v.samples == 5 for v in values)
    assert all(-3 <= v.expected <= 3 for v in values)
    assert analyze(obs, samples=5, seed=seed) == values


def test_same_observation_different_hidden_cards_same_analysis() -> None:
    deck = DECK.split()
    other = list(deck)
    other[3], other[20] = other[20], other[3]  # a card of the dealer's hand swapped into the stock
    first = Record.parse(f'{HEADER}[Deck "{" ".join(deck)}"]\n').replay(TWO).round
    second = Record.parse(f'{HEADER}[Deck "{" ".join(other)}"]\n').replay(TWO).round
    assert first is not None and second is not None
    assert first.hand(0) != second.hand(0)
    assert to_act(first) == to_act(second)
    assert analyze(to_act(first), samples=4, seed=9) == analyze(to_act(second), samples=4, seed=9)


def test_full_states_sampled_from_one_observation_get_the_same_analysis() -> None:
    rnd = played_until(4, 8)
    obs = to_act(rnd)
    seat = obs.seat
    states = [sample_round(obs, random.Random(n)) for n in range(10)]
    one = states[0]
    other = next(s for s in states if s.hand(1 - seat) != one.hand(1 - seat))
    assert observe(one, seat) == observe(other, seat) == obs
    assert analyze(observe(one, seat), samples=3, seed=2) == analyze(observe(other, seat), samples=3, seed=2)


def test_no_actions_when_the_seat_is_not_to_act_or_the_round_is_over() -> None:
    rnd = Match(seed=1).deal()
    seat = rnd.to_act
    assert seat is not None
    assert analyze(observe(rnd, 1 - seat)) == []
    record = Record.parse((GOLDEN / "classic-end-out.ssn").read_text(encoding="utf-8")).replay(TWO)
    assert record.round is not None and record.round.is_over
    assert analyze(observe(record.round, 0)) == []


def test_time_budget_and_sample_count() -> None:
    obs = to_act(Match(seed=2).deal())
    values = analyze(obs, samples=10_000, seconds=0.0)
    assert {v.samples for v in values} == {1}
    with pytest.raises(ValueError, match="at least 1"):
        analyze(obs, samples=0)


# ------------------------------------------------------------------------ CLI


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.ssn"
    path.write_text(text, encoding="utf-8")
    return path


def test_cli_lists_the_implicit_draw_at_the_end_of_a_trick(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "classic-predraw.ssn")  # "Ts Ac": seat 1 won the trick, before its draw
    status, out, err = run(["analyze", path, "--samples", "8"], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Seat 1 to act (draw); expected game points for seat 1, estimated over 8")
    assert lines[1].split() == ["action", "expected"]
    rows = {line.split()[0]: line for line in lines[2:]}
    assert set(rows) == {"close-before-draw", "draw", "out"}
    assert "go on without closing" in rows["draw"]
    assert lines[-1].split() == ["out", "-3.00"]  # under 66 and the opponent has no trick
    assert "(exact)" not in out
    status, again, _ = run(["analyze", path, "--samples", "8"], capsys)
    assert again == out


def test_cli_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "classic-predraw.ssn")
    status, out, _ = run(["analyze", "--json", "--samples", "6", "--seed", "3", path], capsys)
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"seat", "phase", "actions"}
    assert (data["seat"], data["phase"]) == (1, "draw")
    assert all(set(entry) == {"action", "expected", "exact"} for entry in data["actions"])
    assert [e["action"] for e in data["actions"]][-1] == "out"
    expected = [e["expected"] for e in data["actions"]]
    assert expected == sorted(expected, reverse=True)
    assert not any(e["exact"] for e in data["actions"])
    match = Record.parse((GOLDEN / "classic-predraw.ssn").read_text(encoding="utf-8")).replay(TWO)
    assert match.round is not None
    values = analyze(to_act(match.round), samples=6, seed=3)
    assert [(e["action"], e["expected"]) for e in data["actions"]] == [
        (v.action.token, round(v.expected, 4)) for v in values]


def test_cli_exact_position(capsys: pytest.CaptureFixture[str]) -> None:
    path = GOLDEN / "classic-strict-follow.ssn"  # the stock is empty: every card is known
    match = Record.parse(path.read_text(encoding="utf-8")).replay(TWO)
    assert match.round is not None
    solved = solve(match.round)
    status, out, _ = run(["analyze", "--json", str(path)], capsys)
    data = json.loads(out)
    assert status == 0 and data["phase"] == "follow"
    assert {e["action"]: e["expected"] for e in data["actions"]} == {a.token: v for a, v in solved.items()}
    assert all(e["exact"] for e in data["actions"])
    status, out, _ = run(["analyze", str(path)], capsys)
    assert "solved exactly" in out.splitlines()[0]
    assert all(line.endswith("(exact)") for line in out.splitlines()[2:])


@pytest.mark.parametrize(("name", "words"), [
    ("classic-end-out.ssn", "The round is over"),
    ("classic-match-won.ssn", "The match is over (score 3-7)"),
])
def test_cli_finished_round_or_match(name: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["analyze", str(GOLDEN / name)], capsys)
    assert (status, err) == (0, "")
    assert out.startswith(words)
    status, out, _ = run(["analyze", "--json", str(GOLDEN / name)], capsys)
    assert status == 0
    assert json.loads(out) == {"seat": None, "phase": "over", "actions": []}


@pytest.mark.parametrize(("text", "status", "start"), [
    (f'{HEADER}[Deck "{DECK}"]\nTs Ac close Tc 9d\n', 1,
     "sixtysix analyze: line 4: round 1, token 5 '9d': strict play"),
    (f'{HEADER}[Deck "{DECK}"]\nTs draw\n', 2, "sixtysix analyze: line 4: 'draw' is not written"),
    (f'[Rules "classic"]\n[Deck "{DECK}"]\n', 2, "sixtysix analyze: line 2: [Dealer] is required"),
])
def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, status: int,
                        start: str) -> None:
    path = write(tmp_path, text)
    for argv in (["analyze", str(path)], ["analyze", "--json", str(path)]):
        code, out, err = run(argv, capsys)
        assert code == status and out == ""
        assert err.startswith(start) and err.count("\n") == 1


def test_cli_unreadable_file_and_bad_samples(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["analyze", str(tmp_path / "nowhere.ssn")], capsys)
    assert code == 2 and out == "" and err.startswith("sixtysix analyze: cannot read")
    for samples in ("0", "100001", "abc", "1e3"):
        code, out, err = run(["analyze", "--samples", samples, str(GOLDEN / "classic-predraw.ssn")], capsys)
        assert code == 2 and out == ""
        assert err.startswith("sixtysix analyze: argument --samples: "
                              f"must be a whole number from 1 to 100000, not '{samples}'")


def test_progress_is_reported_after_each_sample() -> None:
    obs = to_act(Match(seed=2).deal())
    calls: list[tuple[int, int]] = []
    values = analyze(obs, samples=5, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    assert values == analyze(obs, samples=5, seed=1)


def test_cli_draws_progress_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "classic-predraw.ssn")
    _, quiet, err = run(["analyze", path, "--samples", "3"], capsys)
    assert err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    _, out, err = run(["analyze", path, "--samples", "3"], capsys)
    assert out == quiet
    assert err.endswith("\r[" + "#" * 30 + "] 3/3 sampled deals\n")
    assert "[" + "#" * 10 + "." * 20 + "] 1/3 sampled deals" in err
