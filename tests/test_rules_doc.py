"""docs/RULES.md agrees with the engine: its records replay, the results printed beside
them are what ``sixtysix replay`` prints, and its tables of card points, flags, presets and
round endings are the engine's own.

Conventions of the document that these tests rely on: records are fenced ```ssn blocks;
a ```json block, or a ```console block whose command is ``sixtysix replay``, states the
result of the nearest record above it (JSON: ``replay --json``, with ``--legal`` when it has
a ``legal`` key; console: the command's output, stdout and stderr).
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from sixtysix import rules as rules_module
from sixtysix.cards import RANK_LETTERS, RANK_NAMES, RANK_POINTS, card_name, names
from sixtysix.cli import main
from sixtysix.errors import RulesError
from sixtysix.game.outcome import Reason
from sixtysix.notation import Record, ReplayError, push_recorded
from sixtysix.rules import FLAGS, PRESETS, Rules
from sixtysix.two.match import Match
from sixtysix.two.round import Round

DOC_PATH = Path(__file__).resolve().parents[1] / "docs" / "RULES.md"
DOC = DOC_PATH.read_text(encoding="utf-8")
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Block:
    """A fenced block of the document: its language, text and first line."""

    lang: str
    text: str
    line: int

    @property
    def sessions(self) -> list[tuple[list[str], str]]:
        """A console block's commands (the words after ``$``), each with its output."""
        sessions: list[tuple[list[str], str]] = []
        for line in self.text.splitlines(keepends=True):
            if line.startswith("$ "):
                sessions.append((shlex.split(line[2:]), ""))
            elif sessions:
                sessions[-1] = (sessions[-1][0], sessions[-1][1] + line)
        return sessions

    @property
    def command(self) -> list[str]:
        """The words of a console block's only command (empty if it has several or none)."""
        sessions = self.sessions
        return sessions[0][0] if len(sessions) == 1 else []

    @property
    def output(self) -> str:
        """The output of a console block's only command."""
        return self.sessions[0][1]


def _blocks() -> list[Block]:
    return [Block(m.group(1), m.group(2), DOC.count("\n", 0, m.start()) + 1) for m in _FENCE.finditer(DOC)]


def _is_result(block: Block) -> bool:
    return block.lang == "json" or block.command[:2] == ["sixtysix", "replay"]


def _examples() -> list[tuple[Block, list[Block]]]:
    """Each record with the result blocks that follow it."""
    examples: list[tuple[Block, list[Block]]] = []
    for block in _blocks():
        if block.lang == "ssn":
            examples.append((block, []))
        elif _is_result(block):
            assert examples, f"line {block.line}: a result with no record above it"
            examples[-1][1].append(block)
    return examples


EXAMPLES = _examples()
RESULTS = [(record, result) for record, results in EXAMPLES for result in results]


_ILLEGAL = re.compile(r"sixtysix replay: line \d+: (round \d+, token .*)")


def _illegal_line(results: list[Block]) -> str | None:
    for result in results:
        found = _ILLEGAL.fullmatch(result.output.strip()) if result.lang == "console" else None
        if found is not None:
            return found[1]
    return None


@pytest.mark.parametrize(("record", "results"), EXAMPLES, ids=[f"line{r.line}" for r, _ in EXAMPLES])
def test_every_record_replays_as_the_document_says(record: Block, results: list[Block]) -> None:
    parsed = Record.parse(record.text)
    illegal = _illegal_line(results)
    if illegal is None:
        parsed.replay()
    else:
        with pytest.raises(ReplayError) as raised:
            parsed.replay()
        assert str(raised.value) == illegal


@pytest.mark.parametrize(("record", "result"), RESULTS, ids=[f"line{r.line}" for _, r in RESULTS])
def test_stated_results_are_what_replay_prints(record: Block, result: Block, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "example.ssn"
    path.write_text(record.text, encoding="utf-8")
    if result.lang == "json":
        expected = json.loads(result.text)
        status = main(["replay", str(path), "--json", *(["--legal"] if "legal" in expected else [])])
        out, err = capsys.readouterr()
        assert (status, err) == (0, "")
        assert json.loads(out) == expected
        return
    argv = [str(path) if word.endswith(".ssn") else word for word in result.command[1:]]
    status = main(argv)
    out, err = capsys.readouterr()
    assert out + err == result.output
    assert status == (1 if _ILLEGAL.fullmatch(result.output.strip()) else 0)


def test_examples_include_whole_rounds_and_an_illegal_token() -> None:
    finished = [json.loads(result.text) for _, result in RESULTS if result.lang == "json"]
    assert any(data["rounds"][0]["reason"] == "out" and data["score"] != [0, 0] for data in finished)
    assert any("legal" in data for data in finished)
    assert any(_illegal_line(results) for _, results in EXAMPLES)
    assert sum(1 for _, r in RESULTS if r.lang == "console" and "game points" in r.output) >= 2


def test_examples_end_rounds_in_every_way() -> None:
    """Every row of the scoring table has an example round that ends by it."""
    reasons = set()
    for record, results in EXAMPLES:
        if _illegal_line(results) is None:
            match = Record.parse(record.text).replay()
            reasons |= {rnd.outcome.reason for rnd in match.rounds if rnd.outcome is not None}
    assert reasons == set(Reason)


def _table_start(first_header: str) -> int:
    """The index of the header row of the table whose first header is ``first_header``."""
    return next(i for i, line in enumerate(DOC.splitlines()) if line.startswith(f"| {first_header} |"))


def _table(first_header: str) -> list[list[str]]:
    """The body rows of the table whose header row starts with ``| first_header |``."""
    lines = DOC.splitlines()
    start = _table_start(first_header)
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def _ticked(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def test_card_points_table() -> None:
    rows = _table("card")
    assert [(name.lower(), _ticked(token), int(points)) for name, token, points in rows] == [
        (RANK_NAMES[r], [RANK_LETTERS[r]], RANK_POINTS[r]) for r in reversed(range(len(RANK_NAMES)))]


def test_deal_example() -> None:
    """The hands and trump card of the example in "The deal" are the engine's."""
    text = " ".join(DOC.split())
    found = re.search(r"with the deck `([^`]+) \.\.\.` and seat (\d) dealing, elder \(seat (\d)\) "
                      r"gets `([^`]+)` and `([^`]+)`, the dealer gets `([^`]+)` and `([^`]+)`, "
                      r"and `(\w\w)` turns up", text)
    assert found is not None
    prefix, dealer, elder = found[1], int(found[2]), int(found[3])
    deck = next(rnd.deck for record, _ in EXAMPLES for rnd in Record.parse(record.text).rounds
                if " ".join(card_name(c) for c in rnd.deck).startswith(prefix + " "))
    rnd = Round(deck, dealer)
    assert elder == 1 - dealer
    assert sorted(f"{found[4]} {found[5]}".split()) == sorted(names(rnd.hand(elder)))
    assert sorted(f"{found[6]} {found[7]}".split()) == sorted(names(rnd.hand(dealer)))
    assert rnd.trump_card is not None and card_name(rnd.trump_card) == found[8]


def test_worked_round_hands_and_running_points() -> None:
    """The table of points after each trick and marriage, and the hands after the deal,
    follow the record above them."""
    row_line = _table_start("trick") + 1
    block = [b for b in EXAMPLES if b[0].line < row_line][-1][0]
    record = Record.parse(block.text)
    rnd = Match(record.rules, dealer=record.dealer).deal(record.rounds[0].deck)
    section = DOC[DOC.index(block.text):DOC.index("| trick |")]
    held = dict(re.findall(r"seat (\d) holds `([^`]+)`", section))
    assert {seat: sorted(cards.split()) for seat, cards in held.items()} == {
        str(seat): sorted(names(rnd.hand(seat))) for seat in (0, 1)}
    events: list[tuple[list[str], str, tuple[int, int]]] = []
    for action in record.rounds[0].actions:
        tricks = len(rnd.tricks)
        push_recorded(rnd, action)
        if action.marriage_suit is not None:
            events.append(([action.token], f"seat {rnd.leader}", rnd.points()))
        elif len(rnd.tricks) > tricks:
            trick = rnd.tricks[-1]
            events.append(([card_name(trick.lead), card_name(trick.follow)], f"seat {trick.winner}",
                           rnd.points()))
    rows = [(_ticked(cards), winner.split(" (")[0].split(",")[0], (int(p0), int(p1)))
            for _, cards, winner, p0, p1 in _table("trick")]
    assert rows == events


def _accepts(flag: str, value: str) -> bool:
    try:
        Rules().replace(**{flag: value})
    except RulesError:
        return False
    return True


def _allowed(flag: str) -> list[str]:
    """The values the engine accepts for a flag, as text (numbers probed up to 29)."""
    default = getattr(Rules(), flag)
    if isinstance(default, bool):
        candidates = ["on", "off"]
    elif isinstance(default, int):
        candidates = [str(n) for n in range(30)]
    else:
        candidates = list(rules_module._CHOICES[flag])
    return [value for value in candidates if _accepts(flag, value)]


def test_flag_table_lists_every_flag_default_and_value() -> None:
    rows = {_ticked(row[0])[0]: row for row in _table("flag")}
    assert list(rows) == list(FLAGS)
    defaults = Rules().flags()
    for flag, (_, default, values, effect) in rows.items():
        assert _ticked(default) == [defaults[flag]], flag
        allowed = _allowed(flag)
        if flag == "match_target":
            assert allowed == [str(n) for n in range(int(allowed[0]), 30)]
            assert f"any whole number from `{allowed[0]}`" in values
        else:
            assert sorted(_ticked(values)) == sorted(allowed), flag
        assert effect, flag


def test_preset_table_states_each_preset_overrides() -> None:
    classic = Rules().flags()
    rows = {_ticked(row[0])[0]: row[1] for row in _table("preset")}
    assert set(rows) == set(PRESETS)
    for name, cell in rows.items():
        stated = dict(word.split("=") for word in _ticked(cell) if "=" in word)
        engine = {k: v for k, v in Rules.preset(name).flags().items() if v != classic[k]}
        assert stated == engine, name


def test_three_hand_is_documented_as_played_against_two_computer_players() -> None:
    assert Rules.parse("three-hand").seats == 3
    assert "`three-hand`" in DOC and "against two computer players" in DOC and "sixtysix replay" in DOC


def test_round_endings_table_names_every_reason() -> None:
    reasons = {_ticked(row[3])[0] for row in _table("how the round ended")}
    assert reasons == {reason.value for reason in Reason}


def test_play_commands_name_valid_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """Each ``sixtysix play`` shown names valid rules, or prints the error shown after it
    (valid commands are not run: they would start the terminal table)."""
    sessions = [session for block in _blocks() if block.lang == "console" for session in block.sessions
                if session[0][:2] == ["sixtysix", "play"]]
    assert len(sessions) >= 3
    for words, output in sessions:
        preset = words[words.index("--rules") + 1] if "--rules" in words else "classic"
        flags = [w for w in words[2:] if "=" in w and not w.startswith("-")]
        try:
            playable = Rules.parse(" ".join([preset, *flags])).seats in (2, 3)
        except RulesError:
            playable = False
        if output or not playable:
            assert main(words[1:]) == 2
            assert capsys.readouterr().err == output
        else:
            assert output == "", words
