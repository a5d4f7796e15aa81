"""The bot protocol: the host's lines, the bot side's rebuilt view, real program bots,
faulty bots, fuzzed lines both ways, and no hidden card in any line."""

from __future__ import annotations

import dataclasses
import functools
import json
import queue
import random
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix.bots import LEVELS, Bot, engine, make_bot, served
from sixtysix.bots.engine import EngineBot
from sixtysix.bots.pimc import PimcBot
from sixtysix.bots.served import serve
from sixtysix.cards import FULL_DECK, card_name, parse_card
from sixtysix.errors import BotError, BotFailedError
from sixtysix.game.actions import Action
from sixtysix.game.interface import Game, RoundTracker, narrowed
from sixtysix.games import THREE, TWO, AnyObservation, game_of
from sixtysix.notation import Record
from sixtysix.protocol import wire
from sixtysix.protocol.host import Narrator, ProcessTransport
from sixtysix.protocol.view import view_words
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, Table
from sixtysix.tournament import play
from sixtysix.tournament.play import play_match
from sixtysix.tournament.run import run_tournament
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe
from sixtysix.two.round import Round
from sixtysix.two.tracker import Tracker

ROOT = Path(__file__).resolve().parent.parent
PYTHON_BOT = f"cmd:{sys.executable} {ROOT / 'examples' / 'python_bot.py'}"
NODE_BOT = f"cmd:node {ROOT / 'examples' / 'node_bot' / 'bot.js'}"
SERVED = f"cmd:{sys.executable} -m sixtysix bot"
SHORT = Rules.parse("classic match_target=3")


class ServedTransport:
    """A fake transport: ``serve`` runs in a thread of this process. Every line
    both ways is recorded, with a hook that sees each line the host sends."""

    def __init__(self, spec: str, seed: int = 0, check: Callable[[str], None] | None = None) -> None:
        self.sent: queue.Queue[str | None] = queue.Queue()
        self.replies: queue.Queue[str | None] = queue.Queue()
        self.transcript: list[str] = []
        self.check = check
        self.thread = threading.Thread(target=self._run, args=(spec, seed), daemon=True)
        self.thread.start()

    def _run(self, spec: str, seed: int) -> None:
        serve(spec, iter(self.sent.get, None), self._reply, seed=seed)
        self.replies.put(None)

    def _reply(self, line: str) -> None:
        self.transcript.append(f"bot:  {line}")
        self.replies.put(line)

    def send(self, line: str) -> None:
        if self.check is not None:
            self.check(line)
        self.transcript.append(f"host: {line}")
        self.sent.put(line)

    def receive(self, timeout: float) -> str | None:
        try:
            line = self.replies.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError from None
        if line is None:
            self.replies.put(None)
        return line

    def close(self) -> str:
        self.sent.put(None)
        self.thread.join(5)
        return ""


class ScriptedTransport:
    """A fake transport whose bot answers every line the host sends with the
    next of ``answers``, then says nothing more (end of output)."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = iter(answers)
        self.pending: list[str] = []
        self.closed = False

    def send(self, line: str) -> None:
        if line.startswith(("sixtysix", "go")):
            self.pending.extend(next(self.answers, "").split("\n"))

    def receive(self, timeout: float) -> str | None:
        return self.pending.pop(0) + "\n" if self.pending else None

    def close(self) -> str:
        self.closed = True
        return "ended"


SESSIONS = {"session": ("classic match_target=1", 193), "session three": ("three-hand match_target=1", 20)}
"""The sessions of docs/PROTOCOL.md, by the name of their block: the rules and the seed."""


def transcript_session(rules: str, seed: int) -> list[str]:
    """A documented session: ``sixtysix bot greedy`` (served here) as seat 0, the other seats
    ``random``, one round."""
    transport = ServedTransport("greedy", seed=1)
    bot = EngineBot(["sixtysix", "bot", "greedy"], seed=1, transport=lambda: transport)
    parsed = Rules.parse(rules)
    game = game_of(parsed)
    others = [make_bot("random", seed=2 + seat, game=game) for seat in range(1, game.seats)]
    Table([bot, *others], parsed, seed=seed).play()
    bot.close()
    return transport.transcript


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_documented_sessions_are_real_transcripts(name: str) -> None:
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- {name} -->\n```text\n(.*?)```", doc, re.S)
    assert found is not None, f"docs/PROTOCOL.md lost its {name} block"
    assert found.group(1).splitlines() == transcript_session(*SESSIONS[name])


class Rebuilt:
    """A seat that checks, at each event and each decision, that the tracker fed
    the protocol lines alone rebuilds exactly the table's observation."""

    def __init__(self, bot_name: str, seed: int, game: Game[Any, Any, Any]) -> None:
        self.bot = make_bot(bot_name, seed, game=game)
        self.narrator = Narrator(2)
        self.tracker: RoundTracker[AnyObservation] | None = None
        self.checked = 0

    def notify(self, event: Event) -> None:
        obs = event.observation
        if self.tracker is None:
            self.tracker = game_of(obs.rules).tracker(obs.seat, obs.rules, 1)
        for line in self.narrator.lines(event):
            command, *arguments = line.split()
            if command not in ("roundend", "matchend"):
                assert served._play(self.tracker, self.bot, command, arguments) is None
        if event.kind is EventKind.ACTION and obs.outcome is None:
            # Whose turn it is after this seat closes may depend on whether the opponent
            # holds the trump nine: the lines tell it with the opponent's answer.
            rebuilt = self.tracker.observation()
            assert dataclasses.replace(rebuilt, phase=obs.phase, to_act=obs.to_act, legal=obs.legal) == obs
            self.checked += 1

    def act(self, observation: Observation) -> Action:
        assert self.tracker is not None and self.tracker.observation() == observation
        return self.bot.act(observation)


@pytest.mark.parametrize("preset", ["classic", "pagat", "santase", "turkish", "three-hand"])
def test_the_lines_tell_the_seat_everything_its_observation_holds(preset: str) -> None:
    checked = 0
    rules = Rules.parse(preset)
    game = game_of(rules)
    for seed in range(12):
        seats = [Rebuilt(["random", "greedy", "random"][seat], seed + 100 * seat, game)
                 for seat in range(game.seats)]
        Table(seats, rules, seed=seed).play()
        checked += min(seat.checked for seat in seats)
    assert checked > 300


def hidden(rnd: Round, seat: int) -> int:
    """The cards ``seat`` may not see: the opponent's unshown cards and the stock's face-down cards."""
    opponent = 1 - seat
    played = 0 if rnd.lead_card is None else 1 << rnd.lead_card
    for trick in rnd.tricks:
        played |= 1 << trick.lead | 1 << trick.follow
    face_up = 0 if rnd.trump_card is None else 1 << rnd.trump_card
    stock = FULL_DECK & ~(rnd.hand(0) | rnd.hand(1) | played | face_up)
    return rnd.hand(opponent) & ~rnd.shown(opponent) | stock


CARD = re.compile(r"\b[9JQKTA][cdhs]\b")


class LeakCheck:
    """Checks each line sent to ``seat`` against the true round of ``table``."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.table: Table | None = None
        self.lines = 0

    def __call__(self, line: str) -> None:
        assert self.table is not None
        rnd = self.table.match.round
        if isinstance(rnd, Round):
            secret = hidden(rnd, self.seat)
            for token in CARD.findall(line):
                assert not secret >> parse_card(token) & 1, f"seat {self.seat} was told {line!r}"
        self.lines += 1


def test_no_line_names_a_card_its_seat_may_not_see() -> None:
    lines = 0
    for seed in range(40):
        checks = [LeakCheck(0), LeakCheck(1)]
        transports = [ServedTransport(name, seed, check)
                      for name, check in zip(["random", "greedy"], checks, strict=True)]
        seats = [EngineBot([str(seat)], transport=functools.partial(lambda t: t, t))
                 for seat, t in enumerate(transports)]
        table = Table(seats, seed=seed)
        for check in checks:
            check.table = table
        table.play()
        for bot in seats:
            bot.close()
        lines += sum(check.lines for check in checks)
    assert lines > 5000


def test_the_leak_check_catches_a_hidden_card() -> None:
    table = Table([None, None], seed=2)
    rnd = table.deal()
    assert isinstance(rnd, Round)
    check = LeakCheck(0)
    check.table = table
    check(f"hand {' '.join(a.token for a in observe(rnd, 0).legal)}")
    secret = min(c for c in range(24) if hidden(rnd, 0) >> c & 1)
    with pytest.raises(AssertionError, match="was told"):
        check(f"draw {card_name(secret)}")


def _entrants_play(entrant: str, matches: int = 4) -> None:
    report = run_tournament([entrant, "random"], matches, Rules(), seed=3)
    assert [r.forfeit for r in report.results] == [None] * matches
    assert sum(s.decisions for s in report.standings if s.name == entrant) > 2 * matches


def test_sixtysix_bot_serves_a_builtin_bot_as_a_program() -> None:
    _entrants_play(f"{SERVED} random --seed 4")


HEARING = ("import sys, time\nprint('version 2'); print('ready', flush=True)\n"
           "for line in sys.stdin:\n    print('heard', line.strip()[:60], file=sys.stderr, flush=True)\n"
           "    if line.startswith('isready'):\n        print('readyok', flush=True)\n"
           "    if line.startswith('go'):\n")
"""A version 2 bot that tells its standard error every line it hears, and does at each
``go`` what the fault's lines after it say."""
FAULTS = {
    "crash": (HEARING + "        raise SystemExit('boom')", "the bot ended while the request to act"),
    "hang": (HEARING + "        time.sleep(60)", "no answer to the request to act in time"),
    "illegal": (HEARING + "        print('play out', flush=True)", "illegal action 'out'"),
    "garbage": (HEARING + "        print('hello there', flush=True)",
                "garbage instead of play: 'hello there'"),
    "blank": (HEARING + "        print(flush=True)", "a blank line instead of play"),
    "silent": ("import time\ntime.sleep(60)", "no answer to the handshake in time"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_faulty_bot_is_told_why_loses_its_matches_and_its_process_ends(
        fault: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script, reason = FAULTS[fault]
    path = tmp_path / f"{fault}.py"
    path.write_text(script, encoding="utf-8")
    monkeypatch.setattr(engine, "DECISION_SECONDS", 0.3)
    monkeypatch.setattr(engine, "STOP_SECONDS", 0.3)
    monkeypatch.setattr(engine, "HANDSHAKE_SECONDS", 0.5)
    started: list[subprocess.Popen[str]] = []
    real = ProcessTransport.__init__

    def spy(self: ProcessTransport, argv: list[str], errors: Callable[[str], None] | None = None) -> None:
        real(self, argv, errors)
        started.append(self.process)
    monkeypatch.setattr(ProcessTransport, "__init__", spy)
    entrant = f"cmd:{sys.executable} {path}"
    report = run_tournament([entrant, "random"], 2, SHORT, seed=1, bot_log=str(tmp_path / "logs"),
                            forfeits=str(tmp_path / "logs"))
    assert [r.spec.bots[r.winner] for r in report.results] == ["random", "random"]
    for result in report.results:
        assert result.forfeit is not None and reason in result.forfeit
        assert fault == "silent" or re.search(r"\(at round 1, trick \d+, action \d+\)", result.forfeit)
        seat = result.spec.bots.index(entrant)
        log = (tmp_path / "logs" / f"{play.log_name(result.spec)}-seat{seat}.log").read_text(encoding="utf-8")
        host = [line for line in log.splitlines() if line.startswith("host:")]
        if fault != "crash":  # the others hear why before their input closes
            assert host[-1].startswith(f"host:   error {reason}"), log
        if fault in ("illegal", "garbage", "blank"):
            assert f"stderr: heard error {reason}"[:60] in log, "the bot read the error line"
        record = tmp_path / "logs" / f"{play.log_name(result.spec)}.ssn"
        assert f"sixtysix replay {record}" in result.forfeit
        assert Record.parse(record.read_text(encoding="utf-8")).replay().rules == SHORT
    assert report.to_json()["forfeits"][0]["reason"] == report.results[0].forfeit
    assert "forfeits (2 matches" in report.table()
    assert len(started) == 2 and all(process.poll() is not None for process in started)


def test_a_version_2_bot_that_plays_only_when_stopped_plays_whole_matches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stopped.py"
    path.write_text("import sys\nprint('version 2'); print('ready', flush=True)\nfor line in sys.stdin:\n"
                    "    if line.startswith('isready'):\n        print('readyok', flush=True)\n"
                    "    if line.startswith('go'):\n        legal = line.split()[4]\n"
                    "    if line.startswith('stop'):\n        print('play', legal, flush=True)\n",
                    encoding="utf-8")
    monkeypatch.setattr(engine, "DECISION_SECONDS", 0.05)
    entrant = f"cmd:{sys.executable} {path}"
    report = run_tournament([entrant, "random"], 2, SHORT, seed=2, bot_log=str(tmp_path))
    assert [r.forfeit for r in report.results] == [None, None]
    told = [line.split()[1] for log in tmp_path.glob("*.log")
            for line in log.read_text(encoding="utf-8").splitlines() if line.startswith("host:")]
    assert told.count("stop") == told.count("go") > 5


def test_a_version_2_bot_must_answer_isready() -> None:
    bot = EngineBot(["x"], transport=lambda: ScriptedTransport(["version 2\nready"]))
    with pytest.raises(BotFailedError, match="the bot ended while isready"):
        Table([bot, make_bot("random", seed=1)], seed=2).play()


def test_a_program_that_cannot_be_found_is_a_bot_error() -> None:
    with pytest.raises(BotError, match="no such program"):
        make_bot("cmd:no-such-program-anywhere --flag")
    with pytest.raises(BotError, match="needs a program"):
        make_bot("cmd:  ")


def test_the_scripted_client_reads_id_and_options_and_ignores_info() -> None:
    first = Table([None, None], seed=5).deal().legal_tuple()[-1].token
    transport = ScriptedTransport(["id name Scripted\nid author Me\noption depth whole 1 9\ninfo hi\nready",
                                   f"info thinking\nplay {first}"])
    bot = EngineBot(["scripted"], transport=lambda: transport)
    table = Table([bot, make_bot("random", seed=1)], seed=5)
    rnd = table.deal()
    assert isinstance(rnd, Round) and rnd.to_act == 0
    assert bot.act(observe(rnd, 0)).token == first
    assert bot.id == {"name": "Scripted", "author": "Me"} and bot.options == ["depth whole 1 9"]
    bot.close()
    assert transport.closed


line_text = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\n\r"), max_size=60)
words = st.sampled_from(["sixtysix 1", "ready", "play", "play Ah", "id name x", "option", "info", "error no",
                         "round 1 dealer 0", "hand", "go", "match seat 0 rules classic", "quit", "play draw"])
fuzz_line = st.one_of(line_text, words, st.builds(lambda a, b: f"{a} {b}", words, line_text))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(fuzz_line, max_size=8))
def test_random_answers_make_the_client_fail_clearly(answers: list[str]) -> None:
    transport = ScriptedTransport(answers)
    bot = EngineBot(["fuzz"], seconds=0.05, handshake=0.05, transport=lambda: transport)
    try:
        Table([bot, make_bot("random", seed=1)], SHORT, seed=2).play()
    except BotFailedError as error:
        assert error.seat == 0 and error.reason
    assert transport.closed or bot.failure is None


def host_lines(seed: int) -> Iterator[str]:
    """A valid start of a match, as a host sends it."""
    narrator = Narrator(2)
    out = ["sixtysix 1", "match seat 0 rules classic"]

    class Seat:
        def act(self, observation: Observation) -> Action:
            out.append(wire.go_line(2, observation.legal, 1000))
            return observation.legal[0]

        def notify(self, event: Event) -> None:
            out.extend(narrator.lines(event))
    Table([Seat(), make_bot("random", seed=seed)], SHORT, seed=seed).play()
    return iter(out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 50), st.integers(0, 60), st.lists(fuzz_line, max_size=10))
def test_random_lines_get_clear_errors_from_sixtysix_bot(seed: int, keep: int, noise: list[str]) -> None:
    lines = [*list(host_lines(seed))[:keep], *noise, "go 1000", "quit"]
    out: list[str] = []
    assert serve("greedy", lines, out.append, seed=1) == 0
    for line in out:
        assert line.split()[0] in ("id", "option", "version", "ready", "play", "error"), line


def served_seats(names: list[str], seed: int = 0) -> list[EngineBot]:
    """Program seats, each ``sixtysix bot NAME`` served in a thread of this process."""
    transports = [ServedTransport(name, seed + seat) for seat, name in enumerate(names)]
    return [EngineBot([name], transport=functools.partial(lambda t: t, t))
            for name, t in zip(names, transports, strict=True)]


def test_sixtysix_bot_plays_every_seat_of_the_three_hand_game_over_version_2() -> None:
    seats = served_seats(["random", "greedy", "heuristic"])
    match = Table(seats, Rules.parse("three-hand match_target=8"), seed=4).play()
    for bot in seats:
        bot.close()
    assert match.winner is not None and len(match.rounds) > 1
    assert [(bot.version, bot.failure) for bot in seats] == [(2, None)] * 3


def test_a_version_1_program_is_refused_a_three_hand_seat_with_the_reason() -> None:
    transport = ScriptedTransport(["ready"])
    bot = EngineBot(["v1"], transport=lambda: transport)
    with pytest.raises(BotFailedError, match="protocol version 1 seats 2 players, not 3; version 2 does"):
        Table([bot, make_bot("random", 1, game=THREE), make_bot("random", 2, game=THREE)],
              Rules.parse("three-hand"), seed=1).play()
    assert transport.closed


def test_a_three_hand_tournament_seats_a_program_and_scores_its_forfeits(tmp_path: Path) -> None:
    rules = Rules.parse("three-hand match_target=2")
    entrant = f"{SERVED} greedy"
    report = run_tournament([entrant, "random"], 3, rules, seed=3)
    assert [r.forfeit for r in report.results] == [None] * 3
    assert sum(s.decisions for s in report.standings if s.name == entrant) > 3 * 8
    crash = tmp_path / "crash.py"
    crash.write_text(FAULTS["crash"][0].replace("print('ready'", "print('version 2'); print('ready'"),
                     encoding="utf-8")
    from sixtysix.tournament.schedule import MatchSpec
    result = play_match(MatchSpec(("random", f"cmd:{sys.executable} {crash}", "greedy"), str(rules), 5, 0))
    assert result.forfeit is not None and result.forfeit.startswith("seat 1 (cmd:")
    assert result.winner == max((0, 2), key=lambda seat: result.score[seat])


def test_sixtysix_bot_survives_garbage_bytes_as_a_process() -> None:
    garbage = b"sixtysix 1\n\xff\xfe\x00garbage\nmatch seat 9 rules nope\ngo\n" + b"x" * 10000 + b"\nquit\n"
    done = subprocess.run([sys.executable, "-m", "sixtysix", "bot", "random"], input=garbage, check=False,
                          capture_output=True, timeout=30)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    replies = done.stdout.decode().splitlines()
    assert replies[-1].startswith("error") and "ready" in replies
    assert sum(line.startswith("error") for line in replies) == 4


@pytest.mark.parametrize(("argv", "message"), [
    (["bot", "cmd:node x.js"], "serves built-in bots only"),
    (["bot", "nobody"], "unknown bot 'nobody'"),
    (["tournament", "cmd:no-such-program-anywhere", "random"], "no such program"),
])
def test_bad_bot_names_are_one_line_errors(argv: list[str], message: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from sixtysix.cli import main
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1


def test_a_forfeit_is_scored_for_the_other_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(name: str, seed: int | None = None, *, game: Game[Any, Any, Any] = TWO) -> object:
        if name == "random":
            return make_bot(name, seed, game=game)
        return EngineBot(["x"], transport=lambda: ScriptedTransport(["ready", "play nothing"]))
    monkeypatch.setattr("sixtysix.tournament.play.make_bot", failing)
    from sixtysix.tournament.schedule import MatchSpec
    result = play_match(MatchSpec(("random", "failing"), "classic", 7, 0))
    assert result.winner == 0 and result.forfeit is not None
    assert result.forfeit.startswith("seat 1 (failing): illegal action 'nothing'")


async def test_the_terminal_table_plays_a_program_opponent(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from sixtysix.tui.app import SixtySixApp
    from test_tui import SIZE, first, play_to_end

    path = tmp_path / "match.ssn"
    app = SixtySixApp(Rules.parse("classic match_target=3"), seed=4, opponent=PYTHON_BOT, delay=0, save=path)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot, app, first)
        assert app.table.match.is_over
        bot = app.table.seats[1]._bot  # type: ignore[union-attr]
        assert isinstance(bot, EngineBot) and isinstance(bot._transport, ProcessTransport)
        process = bot._transport.process
        await pilot.press("q")
    assert process.poll() is not None, "the program outlived the terminal table"
    record = Record.parse(path.read_text(encoding="utf-8"))
    assert record.players == ("human", PYTHON_BOT)
    assert record.replay().score == app.table.match.score


def test_sixtysix_bot_offers_and_takes_the_options_of_its_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Bot[Any]] = []

    def spy(spec: str, seed: int | None = None, *, game: Game[Any, Any, Any] = TWO) -> Bot[Any]:
        made.append(make_bot(spec, seed, game=game))
        return made[-1]
    monkeypatch.setattr(served, "make_bot", spy)
    out: list[str] = []
    lines = ["sixtysix 1", "set samples 0", "set close_margin 0.5", "set samples 3", "quit"]
    assert serve("hard", lines, out.append) == 0
    assert "option samples whole 1 100000" in out and out.index("ready") == len(out) - 2
    assert out[-1].startswith("error bot 'pimc': samples must be a whole number from 1 to 100000")
    assert [(bot.samples, bot.close_margin) for bot in made if isinstance(bot, PimcBot)] == [
        (20, 0.25), (20, 0.5), (3, 0.5)]


def test_a_program_that_cannot_start_forfeits_from_its_own_seat(tmp_path: Path) -> None:
    script = tmp_path / "bot.sh"
    script.write_text("#!/bin/sh\necho ready\n", encoding="utf-8")
    script.chmod(0o755)
    bot = make_bot(f"cmd:{script}")
    script.chmod(0o644)  # no longer executable when the match starts
    with pytest.raises(BotFailedError, match="cannot start") as failed:
        Table([make_bot("random", seed=1), bot], seed=3).play()
    assert failed.value.seat == 1


def test_the_host_sets_the_options_of_the_spec_and_the_seed() -> None:
    transport = ServedTransport("hard", seed=0)
    bot = EngineBot(["sixtysix", "bot", "hard"], seed=5, options={"samples": "3"},
                    transport=lambda: transport)
    Table([bot, make_bot("random", seed=1)], Rules.parse("classic match_target=1"), seed=2).play()
    bot.close()
    start = transport.transcript.index("host: match seat 0 rules classic match_target=1")
    handshake = transport.transcript[:start]
    assert handshake[-4:] == ["host: set samples 3", "host: set seed 5", "host: isready", "bot:  readyok"]
    assert not any(line.startswith("bot:  error") for line in transport.transcript)


def test_an_option_the_bot_does_not_offer_fails_it_clearly() -> None:
    bot = EngineBot(["x"], options={"depth": "2"}, transport=lambda: ServedTransport("greedy"))
    with pytest.raises(BotFailedError, match="the bot offers no option 'depth'; it offers seed"):
        Table([bot, make_bot("random", seed=1)], seed=2).play()
    assert bot.fault == "the bot offers no option 'depth'"


@pytest.mark.parametrize(("options", "refusal"), [
    ({"depth": "3", "style": "bold", "book": "x.bin", "margin": "1.5"}, None),
    ({"depth": "13"}, "option depth takes a whole number from 1 to 12, not '13'"),
    ({"depth": "2.5"}, "option depth takes a whole number from 1 to 12, not '2.5'"),
    ({"margin": "nan"}, "option margin takes a number from 0 to 1.5, not 'nan'"),
    ({"style": "wild"}, "option style takes one of safe, bold, not 'wild'")])
def test_the_host_sets_only_values_of_the_declared_option_types(
        options: dict[str, str], refusal: str | None) -> None:
    declared = "\n".join(["option depth whole 1 12", "option margin number 0 1.5",
                          "option style choice safe bold", "option book text", "ready", "play nothing"])
    bot = EngineBot(["x"], options=options, transport=lambda: ScriptedTransport([declared]))
    with pytest.raises(BotFailedError) as failed:
        Table([bot, make_bot("random", seed=1)], seed=2).play()
    if refusal is None:
        assert failed.value.reason.startswith("illegal action 'nothing'")
    else:
        assert failed.value.reason.startswith(f"an option's value the bot does not take: {refusal}")


def test_options_in_brackets_reach_a_real_program() -> None:
    entrant = f"cmd:[samples=2,close_margin=0.5] {SERVED[4:]} hard"
    assert make_bot(entrant).settings == {"samples": "2", "close_margin": "0.5"}  # type: ignore[attr-defined]
    _entrants_play(entrant, matches=2)


@pytest.mark.parametrize(("spec", "message"), [
    ("cmd:[samples=3 python3 bot.py", "needs its closing ]"),
    ("cmd:[samples 3] python3 bot.py", "write NAME=VALUE"),
    ("cmd:[a=1,a=2] python3 bot.py", "given twice"),
    ("cmd:[a=1]", "needs a program"),
])
def test_bad_options_in_brackets_are_bot_errors(spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message):
        make_bot(spec)


def test_the_time_limits_are_settings_of_the_commands(tmp_path: Path) -> None:
    script = tmp_path / "bot.py"
    script.write_text("import sys\nprint('ready', flush=True)\nfor line in sys.stdin:\n"
                      "    if line.startswith('go'):\n"
                      "        print('error ' + line.split()[1], flush=True)\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "sixtysix", "tournament",
                           f"cmd:{sys.executable} {script}", "random", "--matches", "2",
                           "--bot-seconds", "0.25", "--handshake-seconds", "20",
                           "--json", "--quiet"], capture_output=True, text=True, check=True, timeout=60)
    forfeits = json.loads(done.stdout)["forfeits"]
    assert len(forfeits) == 2 and all("the bot gave up: '250'" in f["reason"] for f in forfeits)
    bot = make_bot(f"cmd:{sys.executable} {script}")
    assert engine.limit(bot, 2.0, 3.0) is bot and (bot.seconds, bot.handshake) == (2.0, 3.0)  # type: ignore[attr-defined]


def part_played(seed: int, actions: int) -> Match:
    """A match of the classic rules between two random bots: a whole round, then ``actions``
    actions of the second."""
    match = Match(seed=seed)
    Table([make_bot("random", seed=seed), make_bot("random", seed=seed + 1)], match=match).play_round()
    rnd = match.deal()
    chooser = random.Random(seed)
    while not rnd.is_over and len(rnd.actions) < actions:
        rnd.push(chooser.choice(rnd.legal_tuple()))
    return match


class Heard:
    """A seat that keeps every line a narrator tells it."""

    def __init__(self, bot: Bot[Any]) -> None:
        self.bot = bot
        self.narrator = Narrator()
        self.lines: list[str] = []

    def act(self, observation: Observation) -> Action:
        return self.bot.act(observation)

    def notify(self, event: Event) -> None:
        self.lines.extend(self.narrator.lines(event))


@pytest.mark.parametrize("seat", [0, 1])
def test_a_retold_match_is_the_lines_the_seat_heard(seat: int) -> None:
    for seed in range(6):
        seats = [Heard(make_bot("random", seed=seed)), Heard(make_bot("greedy", seed=seed))]
        table = Table(seats, seed=seed)
        table.play_round()
        rnd = table.deal()
        assert isinstance(rnd, Round)
        while not rnd.is_over and len(rnd.actions) < 5 + seed:
            to_act = rnd.to_act
            assert to_act is not None
            table.submit(to_act, seats[to_act].act(observe(rnd, to_act)))
        narrator = Narrator()
        assert isinstance(table.match, Match)
        assert narrator.retell(table.match, seat) == seats[seat].lines
        assert narrator.rounds == 2


@pytest.mark.parametrize("program", [SERVED + " greedy", PYTHON_BOT])
def test_a_resumed_match_is_retold_to_a_new_program(program: str) -> None:
    for seed in range(3):
        match = part_played(seed, 3 + 2 * seed)
        bot = make_bot(program, seed=seed)
        assert isinstance(bot, EngineBot)
        bot.resume(match, 1)
        played = Table([make_bot("random", seed=9), bot], match=match).play()
        bot.close()
        assert played.is_over and bot.failure is None


def test_the_retelling_is_what_sixtysix_bot_needs_to_play_on() -> None:
    for seed in range(8):
        match = part_played(seed, 2 + seed)
        transport = ServedTransport("greedy", seed=seed)
        bot = EngineBot(["served"], transport=lambda t=transport: t)  # type: ignore[misc]
        bot.resume(match, 1)
        Table([make_bot("random", seed=9), bot], match=match).play()
        bot.close()
        assert not [line for line in transport.transcript if line.startswith("bot:  error")]
        told = transport.transcript.index("host: match seat 1 rules classic") + 1
        assert transport.transcript[told].startswith("host: round 1 dealer")
        assert any(line.startswith("host: round 2 dealer") for line in transport.transcript[told:])


def test_a_resumed_three_hand_match_is_retold_to_sixtysix_bot() -> None:
    for seed in range(4):
        match = THREE.new_match(Rules.parse("three-hand match_target=7"), seed=seed)
        randoms = [make_bot("random", seed=seed + seat, game=THREE) for seat in range(3)]
        Table(randoms, match=match).play_round()
        rnd = match.deal()
        for _ in range(2 + seed):
            rnd.push(rnd.legal_tuple()[0])
        transport = ServedTransport("greedy", seed=seed)
        bot = EngineBot(["served"], transport=lambda t=transport: t)  # type: ignore[misc]
        bot.resume(match, 1)
        assert Table([randoms[0], bot, randoms[2]], match=match).play().is_over
        bot.close()
        assert not [line for line in transport.transcript if line.startswith("bot:  error")]
        assert bot.failure is None and "host: round 2 dealer" in " ".join(transport.transcript)


@pytest.mark.slow
async def test_the_terminal_table_resumes_a_match_against_a_program(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from sixtysix.tui.app import SixtySixApp
    from sixtysix.tui.saving import load, record_of, write_atomically
    from test_tui import SIZE, first, play_to_end

    path = tmp_path / "match.ssn"
    opponent = SERVED + " greedy"
    write_atomically(path, str(record_of(part_played(4, 5), opponent, 4)))
    resumed = load(path)
    app = SixtySixApp(seed=resumed.seed, opponent=resumed.opponent, match=narrowed(resumed.match, Match),
                      delay=0, save=path)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot, app, first)
        assert app.table.match.is_over
        await pilot.press("q")
    bot = app.table.seats[1]._bot  # type: ignore[union-attr]
    assert isinstance(bot, EngineBot) and bot.failure is None


def test_sixtysix_bot_is_seeded_by_the_host(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, int | None]] = []

    def spy(spec: str, seed: int | None = None, *, game: Game[Any, Any, Any] = TWO) -> Bot[Any]:
        made.append((spec, seed))
        return make_bot(spec, seed, game=game)
    monkeypatch.setattr(served, "make_bot", spy)
    out: list[str] = []
    lines = ["sixtysix 1", "set seed 12", "set samples 3", "set seed 13", "set seed -1", "quit"]
    assert serve("hard", lines, out.append) == 0
    name, _, given = LEVELS["hard"].partition(":")
    settings = dict(pair.split("=") for pair in given.split(","))
    three = f"{name}:{','.join(f'{k}={v}' for k, v in {**settings, 'samples': '3'}.items())}"
    assert made == [("hard", None), ("hard", 12), (three, 12), (three, 13)]
    assert out[-1] == "error seed must be a whole number from 0 to 18446744073709551615, not '-1'"


def test_play_gives_its_time_limits_to_a_program_opponent() -> None:
    pytest.importorskip("textual")
    from sixtysix.cli import build_parser
    from sixtysix.tui.app import SixtySixApp

    args = build_parser().parse_args(["play", "--opponent", PYTHON_BOT, "--bot-seconds", "2.5",
                                      "--handshake-seconds", "30"])
    app = SixtySixApp(opponent=args.opponent, bot_seconds=args.bot_seconds,
                      handshake_seconds=args.handshake_seconds)
    bot = app.table.seats[1]._bot  # type: ignore[union-attr]
    assert isinstance(bot, EngineBot) and (bot.seconds, bot.handshake) == (2.5, 30.0)


def test_a_served_bot_hears_the_match_score_of_each_round_line() -> None:
    heard: list[tuple[int, ...]] = []

    class Listening(Bot[Observation]):
        def act(self, observation: Observation) -> Action:
            return observation.legal[0]

        def notify(self, event: Event) -> None:
            heard.append(event.score)

    class Served:
        def __init__(self) -> None:
            self.narrator = Narrator(2)
            self.tracker: Tracker | None = None
            self.starts: list[tuple[int, ...]] = []

        def notify(self, event: Event) -> None:
            if self.tracker is None:
                self.tracker = Tracker(event.observation.seat, event.observation.rules, seed=1)
            if event.kind is EventKind.ROUND_STARTED:
                self.starts.append(event.score)
            for line in self.narrator.lines(event):
                command, *arguments = line.split()
                if command not in ("roundend", "matchend"):
                    served._play(self.tracker, Listening(), command, arguments)

        def act(self, observation: Observation) -> Action:
            assert self.tracker is not None
            view = view_words(observation, self.starts[-1])
            _, *arguments = wire.go_line(2, observation.legal, 1000, view).split()
            answer = served._play(self.tracker, Listening(), "go", arguments)
            assert answer is not None
            return Action.parse(answer.removeprefix("play "))

    seat = Served()
    Table([seat, make_bot("greedy", 2)], Rules(), seed=8).play()
    assert len(set(seat.starts)) > 2
    assert set(heard) == set(seat.starts)


def test_a_resumed_program_asked_at_once_is_told_the_match_score() -> None:
    """A host that asks a resumed program to act before it tells it any event (the web's
    restarted server does) gives in the view the match score the retelling told."""
    scored = 0
    for seed in range(6):
        match = part_played(seed, 1 + seed)
        rnd = match.round
        assert rnd is not None
        while not rnd.is_over and rnd.to_act != 1:
            rnd.push(rnd.legal_tuple()[0])
        if rnd.is_over:
            continue
        scored += any(match.score)
        transport = ServedTransport("greedy", seed=seed)
        bot = EngineBot(["served"], transport=lambda t=transport: t)  # type: ignore[misc]
        bot.resume(match, 1)
        action = bot.act(observe(rnd, 1))
        bot.close()
        assert not [line for line in transport.transcript if line.startswith("bot:  error")], seed
        assert bot.failure is None and action in rnd.legal_tuple()
    assert scored


def test_the_tournament_command_saves_each_forfeited_match_and_says_how_to_replay_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --bot-log the record goes to ./sixtysix-forfeits; the report names it with the
    command that replays it, and that command replays the match as far as it was played."""
    from sixtysix.cli import main
    bot = tmp_path / "illegal.py"
    bot.write_text(FAULTS["illegal"][0], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["tournament", f"cmd:{sys.executable} {bot}", "random", "--matches", "2", "--quiet",
                 "--rules", "classic match_target=2"]) == 0
    report = capsys.readouterr().out
    commands = re.findall(r"replayed by: (sixtysix replay \S+)", report)
    assert commands == ["sixtysix replay sixtysix-forfeits/match0-01.ssn",
                        "sixtysix replay sixtysix-forfeits/match0-10.ssn"], report
    for command in commands:
        assert main(command.split()[1:]) == 0
        replayed = capsys.readouterr().out
        assert replayed.startswith("Rules: classic") and "Score: 0-0." in replayed, replayed
    saved = Record.parse((tmp_path / "sixtysix-forfeits" / "match0-01.ssn").read_text(encoding="utf-8"))
    assert ("Forfeit", ("seat 0",)) in [(tag.name, tag.values) for tag in saved.header]


def test_a_forfeited_match_that_cannot_be_saved_keeps_its_result(tmp_path: Path) -> None:
    from sixtysix.tournament.play import MatchResult
    from sixtysix.tournament.run import save_forfeits
    from sixtysix.tournament.schedule import MatchSpec
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    spec = MatchSpec(("cmd:x", "random"), "classic", 1, 0)
    result = MatchResult(spec, 1, (0, 0), 1, ((), ()), "seat 0 (cmd:x): crashed; deck seed 1",
                         '[Rules "classic"]\n')
    [kept] = save_forfeits([result], blocked)
    assert kept.winner == 1 and kept.forfeit is not None
    assert kept.forfeit.startswith("seat 0 (cmd:x): crashed; deck seed 1; record not saved in ")
