"""Three-hand records: golden records worked out by hand, ``sixtysix replay`` on them,
round trips, and bad input (one error line, exit status 2; an illegal token, 1).

``golden/three-hand/NAME.ssn`` comments work out every trick by hand; ``NAME.json`` is what
``sixtysix replay --json --legal`` must print for it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from benchmark_runner import run_benchmark
from sixtysix.cards import card_name
from sixtysix.cli import main
from sixtysix.errors import NotationError
from sixtysix.games import THREE, TWO
from sixtysix.notation import Record, Tag
from sixtysix.rules import Rules
from sixtysix.three.match import ThreeMatch
from sixtysix.two.match import Match
from test_three_properties import Ref3

GOLDEN = Path(__file__).parent / "golden" / "three-hand"
RECORDS = sorted(GOLDEN.glob("*.ssn"))


def expected(record: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record.with_suffix(".json").read_text(encoding="utf-8"))
    return data


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_golden_files() -> None:
    assert {p.stem for p in RECORDS} == {
        "three-hand-replayed", "three-hand-match-target", "three-hand-auto-pending",
        "three-hand-analyze-exact"}
    assert {p.stem for p in GOLDEN.glob("*.json")} == {p.stem for p in RECORDS}


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_replay_json_legal(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["replay", "--json", "--legal", str(record)], capsys)
    assert (status, err) == (0, "")
    printed = json.loads(out)
    assert printed == expected(record)
    assert list(printed) == ["rounds", "score", "match_winner", "legal"]
    assert all(len(row["points"]) == len(row["tricks"]) == 3 for row in printed["rounds"])


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_golden_agrees_with_reference_model(record: Path) -> None:
    """Each round of a golden record, replayed by the reference model of
    test_three_properties (written from RULES.md alone), ends as the JSON says."""
    rec = Record.parse(record.read_text(encoding="utf-8"))
    rows = expected(record)["rounds"]
    assert len(rows) == len(rec.rounds)
    for row, entry in zip(rows, rec.rounds, strict=True):
        ref = Ref3([card_name(c) for c in entry.deck], row["dealer"], rec.rules)
        for action in entry.actions:
            ref.apply(action.token)
        assert [ref.points(s) for s in range(3)] == row["points"]
        assert ref.tricks == row["tricks"]
        assert ref.reason == row["reason"]


def test_replay_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["replay", str(GOLDEN / "three-hand-replayed.ssn")], capsys)
    assert (status, err) == (0, "")
    assert out == (
        "Rules: three-hand\n"
        "Round 1 (dealer 2): points 49-47-54. All tricks played, the last worth 10; seat 2 has the "
        "most points, 54, under 66: nobody scores and the same dealer deals again.\n"
        "Round 2 (dealer 2): points 66-0-15. Seat 0 declared out with 66 points; seat 1 took no "
        "trick: 3 game points; seat 2 has 15 points, under 33: 2 game points; 5 game points in all.\n"
        "Score: 5-0-0.\n")


def test_replay_text_match_won_and_legal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["replay", str(GOLDEN / "three-hand-match-target.ssn")], capsys)
    assert status == 0
    assert "seats 1 and 2 score 2 game points each" in out
    assert out.endswith("Score: 3-2-2; seat 0 wins the match.\n")
    status, out, _ = run(["replay", "--legal", str(GOLDEN / "three-hand-auto-pending.ssn")], capsys)
    assert status == 0
    assert out.endswith(
        "Round 2 (dealer 2): points 0-0-0, in play; seat 2 to act\nScore: 0-4-0.\nLegal: 9s Js\n")


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("seed", range(8))
def test_record_round_trip(seed: int) -> None:
    rules = Rules.parse("three-hand match_target=4" + (" claim=auto" if seed % 2 else ""))
    match = ThreeMatch(rules, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        rnd = match.deal()
        while not rnd.is_over:
            match.push(rng.choice(rnd.legal_tuple()))
    record = Record.from_match(match, players=("a", "b", "c"), tags=[Tag("Event", ("e",))])
    text = str(record)
    assert '[Rules "three-hand' in text and '[Players "a" "b" "c"]' in text
    again = Record.parse(text).replay()
    assert again.score == match.score and again.winner == match.winner
    assert [r.actions for r in again.rounds] == [r.actions for r in match.rounds]
    assert [r.dealer for r in again.results()] == [r.dealer for r in match.results()]


def test_dealer_and_players_may_come_before_the_rules() -> None:
    text = '[Dealer "2"]\n[Players "a" "b" "c"]\n[Rules "three-hand"]\n' + DECK + "As 9d 9s\n"
    record = Record.parse(text)
    assert (record.dealer, record.players, record.seats) == (2, ("a", "b", "c"), 3)
    assert record.replay().round is not None
    assert str(record).splitlines()[:3] == ['[Dealer "2"]', '[Players "a" "b" "c"]', '[Rules "three-hand"]']


def test_one_replay_plays_the_game_of_the_rules() -> None:
    """Record.replay plays a record of either game in a match of the game its rules name."""
    three = Record.parse((GOLDEN / "three-hand-replayed.ssn").read_text(encoding="utf-8"))
    assert three.game is THREE
    assert isinstance(three.replay(), ThreeMatch)
    two = Record.parse('[Dealer "0"]\n[Deck "' + " ".join(card_name(c) for c in range(24)) + '"]\n')
    assert two.game is TWO
    assert isinstance(two.replay(), Match)
    # A caller of one game names it: a record of the other is refused, typed as its game's.
    assert isinstance(two.replay(TWO), Match) and isinstance(three.replay(THREE), ThreeMatch)
    with pytest.raises(NotationError, match=r"^a three-hand record, not a two-hand one$"):
        three.replay(TWO)
    with pytest.raises(NotationError, match=r"^a two-hand record, not a three-hand one$"):
        two.replay(THREE)


# ------------------------------------------------------------------ bad input

HEAD = '[Rules "three-hand"]\n[Players "a" "b" "c"]\n[Dealer "2"]\n'
DECK = '[Deck "Qc Kc Tc 9c Jc 9d 9h Jh Qh Ac Qs Jd Qd Kh Th Ks Ts As Kd Td Ad Ah Js 9s"]\n'


@pytest.mark.parametrize(("text", "message"), [
    (HEAD.replace('"a" "b" "c"', '"a" "b"') + DECK,
     "line 2: [Players] names 2 players; the three-hand game has 3"),
    (HEAD.replace('"a" "b" "c"', '"a" "b" "c" "d"') + DECK,
     "line 2: [Players] names 4 players; the three-hand game has 3"),
    ('[Players "a" "b"]\n[Rules "three-hand"]\n[Dealer "0"]\n' + DECK,
     "line 4: [Players] names 2 players; the three-hand game has 3"),
    ('[Rules "classic"]\n[Players "a" "b" "c"]\n[Dealer "0"]\n' + DECK,
     "line 2: [Players] names 3 players; the two-hand game has 2"),
    (HEAD.replace('"2"', '"3"') + DECK, 'line 3: [Dealer] must be "0", "1" or "2", not \'3\''),
    ('[Dealer "2"]\n[Rules "classic"]\n' + DECK, 'line 3: [Dealer] must be "0" or "1", not \'2\''),
    (HEAD.replace('three-hand', 'three-hand close_min_stock=4') + DECK,
     "line 1: flag 'close_min_stock' does not apply to the three-hand game (RULES.md section 11): "
     "only match_target and claim do"),
    (HEAD.replace('three-hand', 'three-hand tie=replay') + DECK,
     "line 1: flag 'tie' does not apply to the three-hand game"),
    (HEAD + DECK + "As 9d 9s Ac Jc Js Ah Qs 9c Mc Kc Jd 9h out\n" + '[Dealer "2"]\n' + DECK,
     'line 6: round 2: [Dealer "2"] does not match the rotation (seat 0 deals)'),
    (HEAD + DECK + "exchange\n", None),
])
def test_bad_records_one_line_exit_2(text: str, message: str | None, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.ssn"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(["replay", "--json", str(path)], capsys)
    if message is None:  # an illegal token: exit status 1, as for two-hand records
        assert (status, out) == (1, "")
        assert err == ("sixtysix replay: line 5: round 1, token 1 'exchange': exchange is not part of "
                       "the three-hand game: there is no stock (section 11)\n")
        return
    assert (status, out) == (2, "")
    assert err.startswith("sixtysix replay: ") and err.count("\n") == 1
    assert message in err, err


def test_illegal_follow_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.ssn"
    path.write_text(HEAD + DECK + "As 9d Ah\n", encoding="utf-8")
    status, out, err = run(["replay", str(path)], capsys)
    assert (status, out) == (1, "")
    assert err == ("sixtysix replay: line 5: round 1, token 3 'Ah': strict play: must follow spades "
                   "(section 11)\n")


def test_play_and_tournament_take_three_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["tournament", "random", "greedy", "--rules", "three-hand match_target=5",
                            "--matches", "3", "--quiet"], capsys)
    assert (status, err) == (0, "") and "edge" in out
    status, out, err = run(["play", "--rules", "three-hand", "match_target=5", "--manual-draw"], capsys)
    assert (status, out) == (2, "")
    assert "--manual-draw: for the two-hand game only" in err and err.count("\n") == 1


# ------------------------------------------------------------------ benchmarks


@pytest.mark.parametrize("observe", [[], ["--observe"]])
def test_three_playout_prints_rounds_per_second_last(observe: list[str]) -> None:
    done = run_benchmark("three_playout.py", ["--seconds", "0.05", *observe], check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"rules: three-hand claim=auto, observe: {'on' if observe else 'off'}"
    name, value = lines[-1].split(": ")
    assert name == "rounds_per_second" and int(value) > 0


@pytest.mark.parametrize(("script", "rules", "words"), [
    ("three_playout.py", "classic", "argument --rules: not three-hand rules: 'classic'"),
    ("three_playout.py", "three-hand tie=replay", "argument --rules: flag 'tie' does not apply"),
    ("random_playout.py", "three-hand", "argument --rules: this benchmark measures the two-hand game"),
])
def test_playout_benchmarks_refuse_the_other_game(script: str, rules: str, words: str) -> None:
    done = run_benchmark(script, ["--rules", rules, "--seconds", "0.05"], check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"{script}: {words}") and done.stderr.count("\n") == 1, done.stderr
