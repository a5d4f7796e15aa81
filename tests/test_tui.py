"""The terminal front end, driven through Textual's Pilot against the built-in bots.

Every test runs a real :class:`~sixtysix.table.Table` in the app's worker thread
with no bot pause, and waits for the app to ask the user before pressing keys.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Button, RichLog, Static

from sixtysix.analysis import analyze
from sixtysix.cards import DIAMONDS, HEARTS, NINE, cards_in, suit_of
from sixtysix.cli import main
from sixtysix.game.actions import CLOSE, DRAW, EXCHANGE, PASS, Action
from sixtysix.game.interface import narrowed
from sixtysix.game.outcome import Reason
from sixtysix.game.round import Phase
from sixtysix.notation import Record
from sixtysix.rules import Rules
from sixtysix.tui import run
from sixtysix.tui.app import SixtySixApp
from sixtysix.tui.explaining import explanation
from sixtysix.tui.game_screen import HINT_SAMPLES, GameScreen
from sixtysix.tui.names import Names
from sixtysix.tui.screens import ConfirmScreen, MarriagePicker, MatchOverScreen, RoundOverScreen
from sixtysix.tui.widgets import CardWidget
from sixtysix.tui.words import action_label, card_text
from sixtysix.two.match import Match, RoundResult
from sixtysix.two.observation import Observation
from sixtysix.two.outcome import Outcome
from sixtysix.two.round import Round

SIZE = (100, 32)
Policy = Callable[[tuple[Action, ...]], Action]


def seed_where(wanted: Callable[[Match, Round], bool], rules: Rules | None = None) -> int:
    """The first seed whose match and first deal are ``wanted``."""
    for seed in range(5000):
        match = Match(rules, seed=seed)
        if wanted(match, match.deal()):
            return seed
    raise AssertionError("no such seed")


def seed_where_first_dealer_is(dealer: int) -> int:
    """A seed whose match starts with ``dealer`` dealing (dealer 1: the user leads)."""
    return seed_where(lambda match, _: match.first_dealer == dealer)


class Closer:
    """An opponent that closes the stock whenever it may, else takes the first legal action."""

    def act(self, observation: Observation) -> Action:
        """Close if possible."""
        return CLOSE if CLOSE in observation.legal else observation.legal[0]


def text_of(app: SixtySixApp, selector: str) -> str:
    """The plain text of a Static on the active screen."""
    content = app.screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


async def wait_until(pilot: Pilot[int], condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``condition`` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the app never got there"
        await pilot.pause(0.005)


async def settle(pilot: Pilot[int], app: SixtySixApp) -> None:
    """Wait until the user is asked something: a choice at the table, or a dialog."""
    await wait_until(pilot, lambda: bool(app.game.legal) or not isinstance(app.screen, GameScreen))


async def press_action(pilot: Pilot[int], app: SixtySixApp, action: Action) -> None:
    """Choose an action at the table by its key, saying yes if the table asks first
    (closing the stock, declaring out)."""
    await pilot.press(app.game.key_for(action))
    if isinstance(app.screen, ConfirmScreen):
        await pilot.press("y")


async def play_to_end(pilot: Pilot[int], app: SixtySixApp, policy: Policy) -> None:
    """Play by keys with ``policy`` until the match-over screen, going on after each round."""
    for _ in range(2000):
        await settle(pilot, app)
        screen = app.screen
        if isinstance(screen, MatchOverScreen):
            return
        if isinstance(screen, RoundOverScreen):
            await pilot.press("enter")
        elif isinstance(screen, MarriagePicker):
            await pilot.press("1")
        else:
            await press_action(pilot, app, policy(app.game.legal))
    pytest.fail("the match did not end")


async def play_until_draw(pilot: Pilot[int], app: SixtySixApp) -> None:
    """Play by keys until the user may draw after a trick (a ``DRAW`` decision)."""
    for _ in range(300):
        await settle(pilot, app)
        if isinstance(app.screen, RoundOverScreen):
            await pilot.press("enter")
            continue
        if DRAW in app.game.legal:
            return
        await press_action(pilot, app, first(app.game.legal))
    pytest.fail("the user was never asked to draw")


def first(legal: tuple[Action, ...]) -> Action:
    """The first legal action."""
    return legal[0]


async def test_starts_showing_hand_trump_and_score() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        obs = app.game.observation
        assert obs is not None and obs.to_act == 0
        shown = {app.screen.query_one(f"#hand-{n}", CardWidget).card for n in range(1, 7)}
        assert shown == set(cards_in(obs.hand)) == set(cards_in(app.table.match.rounds[0].hand(0)))
        for n in range(1, 7):
            widget = app.screen.query_one(f"#hand-{n}", CardWidget)
            assert widget.border_title == str(n)
            assert widget.card is not None
            assert widget.has_class("red") == (suit_of(widget.card) in (DIAMONDS, HEARTS))
        assert app.screen.query_one("#trump", CardWidget).card == obs.trump_card
        assert "Stock" in text_of(app, "#info") and "12 cards" in text_of(app, "#info")
        assert "You 0 – 0 Greedy" in text_of(app, "#topbar")
        assert text_of(app, "#status").startswith("▶ Your lead")


async def test_key_plays_a_legal_card_and_the_engine_advances() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        card = app.game.hand[1]
        await pilot.press("c")  # closing is not legal on the first lead: nothing happens
        await pilot.press("2")
        await settle(pilot, app)
        rnd = app.table.match.rounds[0]
        assert rnd.actions[0] == card
        assert card not in cards_in(rnd.hand(0))
        assert CLOSE not in rnd.actions
        obs = app.game.observation
        assert obs is not None and obs.played >> card & 1


async def test_clicking_a_card_and_a_button() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        card = app.game.hand[0]
        assert await pilot.click("#hand-1")
        await settle(pilot, app)
        assert app.table.match.rounds[0].actions[0] == card
        await play_until_draw(pilot, app)
        assert DRAW in app.game.legal
        assert app.screen.query_one("#act-draw").display
        assert "Close before drawing" in str(app.screen.query_one("#act-close-before-draw", Button).label)
        before = len(app.table.match.round.actions) if app.table.match.round else 0
        assert await pilot.click("#act-draw")
        await settle(pilot, app)
        rnd = app.table.match.round
        assert rnd is not None and rnd.actions[before] == DRAW


async def test_choosing_between_two_marriages() -> None:
    seed = seed_where(lambda match, rnd: match.first_dealer == 1
                      and sum(a.marriage_suit is not None for a in rnd.legal_tuple()) >= 2)
    app = SixtySixApp(seed=seed, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        marriages = [a for a in app.game.legal if a.marriage_suit is not None]
        await pilot.press("a")
        assert isinstance(app.screen, MarriagePicker)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert not app.table.match.rounds[0].actions
        await pilot.press("a")
        assert await pilot.click("#marriage-1")
        await settle(pilot, app)
        assert app.table.match.rounds[0].actions == [marriages[1]]
        obs = app.game.observation
        assert obs is not None and obs.phase is Phase.MARRIAGE
        assert text_of(app, "#status").startswith("▶ Lead the king or queen")
        assert "You announce the marriage" in app.screen.query_one("#log", RichLog).lines[-1].text


@pytest.mark.parametrize(("key", "action"), [("x", EXCHANGE), ("p", PASS)])
async def test_answering_the_opponents_close(key: str, action: Action) -> None:
    rules = Rules.parse("pagat")  # the first leader may close; the other may then exchange
    seed = seed_where(lambda match, rnd: match.first_dealer == 0
                      and rnd.hand(0) >> (rnd.trump * 6 + NINE) & 1 == 1, rules)
    app = SixtySixApp(rules, seed=seed, delay=0)
    app.table.seats[1] = Closer()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.game.legal == (EXCHANGE, PASS)
        assert "closed the stock" in text_of(app, "#status")
        assert "Don't exchange" in str(app.screen.query_one("#act-pass", Button).label)
        trump_card = app.game.observation.trump_card if app.game.observation else None
        await pilot.press(key)
        await settle(pilot, app)
        assert app.table.match.rounds[0].actions[:2] == [CLOSE, action]
        assert (trump_card in app.game.hand) == (action == EXCHANGE)


async def test_memory_mode_hides_points_and_past_tricks() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press_action(pilot, app, first(app.game.legal))
        await settle(pilot, app)
        obs = app.game.observation
        assert obs is not None and obs.tricks
        log = app.screen.query_one("#log", RichLog)
        assert "Points" in text_of(app, "#info") and "hidden" not in text_of(app, "#info")
        assert app.screen.query_one("#history").display
        plays = sum(" on " in line.text for line in log.lines)
        assert plays >= 1
        await pilot.press("m")
        await pilot.pause()
        assert app.game.memory
        assert "Points  hidden" in text_of(app, "#info")
        assert not re.search(r"Points +\d", text_of(app, "#info"))
        assert not app.screen.query_one("#history").display
        assert not any(" on " in line.text for line in log.lines)
        assert "memory mode" in text_of(app, "#topbar")
        await pilot.press("m")
        await pilot.pause()
        assert "hidden" not in text_of(app, "#info")
        assert sum(" on " in line.text for line in log.lines) == plays


async def test_memory_mode_can_start_on() -> None:
    app = SixtySixApp(seed=1, delay=0, memory=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "Points  hidden" in text_of(app, "#info")


async def test_round_summary_explains_the_game_points() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        while not isinstance(app.screen, RoundOverScreen):
            await press_action(pilot, app, first(app.game.legal))
            await settle(pilot, app)
        result = app.table.match.results()[0]
        assert result.outcome is not None
        said = text_of(app, "#explanation")
        assert said == explanation(result.outcome.explained, app.names)
        assert said.startswith(("You ", "Greedy ", "All tricks", "Both have")) and "seat" not in said.lower()
        score = app.table.match.score
        assert f"You {score[0]} – {score[1]} Greedy" in text_of(app, "#round-score")
        assert len(app.table.match.rounds) == 1  # the next deal waits for the user
        await pilot.press("enter")
        await settle(pilot, app)
        assert len(app.table.match.rounds) == 2
        assert app.game.round_number == 2


async def test_round_summary_adds_carried_ties() -> None:
    outcome = Outcome(winner=0, game_points=2, reason=Reason.LAST_TRICK, points=(70, 50), tricks=(7, 5),
                      declarer=None, closer=None, replay=False, close_snapshot=None, first_to_66=0,
                      scored_at_close=False)
    summary = RoundOverScreen(4, RoundResult(1, outcome, 3, 1), [(1, HEARTS)], (5, 2), 7, Names("Greedy"),
                              match_over=False)

    class Host(App[None]):
        """An app that only shows the summary."""

        def on_mount(self) -> None:
            self.push_screen(summary)

    async with Host().run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert str(summary.query_one("#round-title", Static).content) == "Round 4: You score 3 game points"
        assert str(summary.query_one("#carried", Static).content) == (
            "+1 for 1 carried tie: 3 game points in all.")
        assert "All tricks played" in str(summary.query_one("#explanation", Static).content)


@pytest.mark.slow
async def test_whole_match_by_keys_reaches_the_match_over_screen(tmp_path: Path) -> None:
    path = tmp_path / "match.ssn"
    app = SixtySixApp(seed=11, delay=0, save=path)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot, app, first)
        match = app.table.match
        assert match.is_over
        score = match.score
        assert f"Final score: You {score[0]} – {score[1]} Greedy" == text_of(app, "#final-score")
        winner = "You win" if match.winner == 0 else "Greedy wins"
        assert text_of(app, "#match-title").startswith(winner)
        assert text_of(app, "#saved") == f"Record saved to {path}"
        await pilot.press("q")
    assert app.return_value == 0
    replayed = Record.parse(path.read_text(encoding="utf-8")).replay()
    assert replayed.score == score and replayed.is_over
    assert [[a for a in r.actions if a.is_recorded] for r in replayed.rounds] == [
        [a for a in r.actions if a.is_recorded] for r in match.rounds]
    assert Record.parse(path.read_text(encoding="utf-8")).players == ("human", "greedy")


async def test_random_keys_against_the_random_bot_under_pagat(tmp_path: Path) -> None:
    path = tmp_path / "pagat.ssn"
    rng = random.Random(2)
    app = SixtySixApp(Rules.parse("pagat match_target=3"), seed=2, opponent="random", delay=0, save=path)
    seen: set[Phase] = set()

    def pick(legal: tuple[Action, ...]) -> Action:
        obs = app.game.observation
        assert obs is not None and obs.legal == legal
        seen.add(obs.phase)
        return rng.choice(legal)

    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot, app, pick)
        assert {Phase.LEAD, Phase.FOLLOW} <= seen
        await pilot.press("enter")  # Enter also quits from the match-over screen
    assert Record.parse(path.read_text(encoding="utf-8")).replay().score == app.table.match.score


async def test_quitting_mid_match_saves_a_partial_record(tmp_path: Path) -> None:
    path = tmp_path / "partial.ssn"
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0, save=path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await settle(pilot, app)
            await press_action(pilot, app, first(app.game.legal))
        await settle(pilot, app)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
    assert app.return_value == 0
    match = app.table.match
    assert not match.is_over
    record = Record.parse(path.read_text(encoding="utf-8"))
    replayed = record.replay()
    assert [r.actions for r in record.rounds] == [
        [a for a in r.actions if a.is_recorded] for r in match.rounds]
    assert replayed.score == match.score
    assert replayed.round is not None and match.round is not None
    assert replayed.round.to_act == match.round.to_act == 0


async def test_quitting_while_the_bot_pauses_does_not_hang() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(0), delay=30)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.game.observation is not None)
        obs = app.game.observation
        assert obs is not None and obs.to_act == 1
        assert "thinking" in text_of(app, "#status")
        started = time.monotonic()
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: app.return_value is not None)
    assert time.monotonic() - started < 5


async def test_leaving_without_quitting_releases_the_worker(tmp_path: Path) -> None:
    path = tmp_path / "left.ssn"
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0, save=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
    started = time.monotonic()
    while not path.exists():  # the worker writes the record as it ends
        assert time.monotonic() - started < 5, "the worker is still waiting for the user"
        time.sleep(0.01)
    assert Record.parse(path.read_text(encoding="utf-8")).replay().round is not None


def test_run_rejects_an_unknown_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(Rules(), opponent="nobody") == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def hint_lines(app: SixtySixApp) -> list[str]:
    """The lines of the log where a hint starts (its heading)."""
    return [line.text for line in app.screen.query_one("#log", RichLog).lines if line.text.startswith("Hint")]


async def show_hint(pilot: Pilot[int], app: SixtySixApp) -> list[str]:
    """Press the hint key, wait for the hint to be logged, and return its lines
    (nothing is logged after it while the table waits for the user)."""
    before = len(hint_lines(app))
    await pilot.press("h")
    await wait_until(pilot, lambda: len(hint_lines(app)) > before)
    lines = [line.text.strip() for line in app.screen.query_one("#log", RichLog).lines]
    start = max(n for n, line in enumerate(lines) if line.startswith("Hint"))
    return lines[start:]


def check_hint(lines: list[str], obs: Observation) -> None:
    """The hint names every legal action once, best first, as :func:`analyze` ranks them."""
    assert lines[0] == f"Hint: expected game points, best first (estimated over {HINT_SAMPLES} deals)"
    entries = [(label, value) for line in lines[1:]
               for label, value in re.findall(r"(\S.*?)\s+([+-]\d+\.\d\d)", line)]
    values = analyze(obs, samples=HINT_SAMPLES)
    assert len(entries) == len(obs.legal) == len(values)
    for (label, expected), value in zip(entries, values, strict=True):
        card = value.action.card
        assert label == (card_text(card) if card is not None else action_label(value.action, obs)).plain
        assert expected == f"{value.expected:+.2f}"


async def test_hint_key_lists_the_legal_actions_best_first() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        offered = app.screen.active_bindings.get("h")
        assert offered is not None and offered.enabled and offered.binding.description == "Hint"
        obs = narrowed(app.game.observation, Observation)
        check_hint(await show_hint(pilot, app), obs)
        assert app.game.legal == obs.legal  # the hint chose nothing
        await play_until_draw(pilot, app)
        obs = narrowed(app.game.observation, Observation)
        assert DRAW in obs.legal
        check_hint(await show_hint(pilot, app), obs)  # "Draw" among the actions


async def test_hint_of_a_past_decision_is_not_shown() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        past = app.game.observation
        assert past is not None
        await press_action(pilot, app, first(app.game.legal))
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen) and app.game.observation is not past
        await app.game.analyze_hint(past).wait()
        await pilot.pause()
        assert hint_lines(app) == []


async def test_hint_is_offered_only_on_the_users_turn() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(0), delay=30)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.game.observation is not None)
        assert not app.game.legal
        assert not app.screen.check_action("hint", ())
        await pilot.press("h")
        await pilot.pause(0.2)
        assert hint_lines(app) == []
        await pilot.press("q")


@pytest.mark.parametrize(("level", "name"), [("easy", "Easy bot"), ("medium", "Medium bot"),
                                             ("hard", "Hard bot"), ("expert", "Expert bot")])
def test_levels_are_opponents_with_friendly_names(level: str, name: str) -> None:
    app = SixtySixApp(opponent=level, seed=1, delay=0)
    assert app.names.bot == name


async def test_playing_a_level_records_it(tmp_path: Path) -> None:
    path = tmp_path / "hard.ssn"
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), opponent="hard", delay=0, save=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press_action(pilot, app, first(app.game.legal))
        await settle(pilot, app)
        assert "You 0 – 0 Hard bot" in text_of(app, "#topbar")
        await pilot.press("q")
    assert Record.parse(path.read_text(encoding="utf-8")).players == ("human", "hard")


def test_play_help_lists_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "a level (easy, medium, hard, expert)" in help_text


def test_play_without_the_close_explanation(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[dict[str, Any]] = []

    def fake_run(*args: Any, **options: Any) -> int:
        calls.append(options)
        return 0

    monkeypatch.setattr("sixtysix.tui.run", fake_run)
    assert main(["play", "--seed", "3"]) == 0
    assert main(["play", "--seed", "3", "--no-explain-close"]) == 0
    assert [call["explain_close"] for call in calls] == [True, False]
    assert main(["play", "--rules", "three-hand", "--no-explain-close"]) == 2
    assert "--no-explain-close: for the two-hand game only" in capsys.readouterr().err
    assert len(calls) == 2


def test_run_hands_the_close_explanation_setting_to_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    apps: list[SixtySixApp] = []

    def fake_run(self: SixtySixApp) -> int:
        apps.append(self)
        return 0

    monkeypatch.setattr(SixtySixApp, "run", fake_run)
    assert run(Rules(), seed=1, explain_close=False) == 0
    assert run(Rules(), seed=1) == 0
    assert [app.game.explain_close for app in apps] == [False, True]
