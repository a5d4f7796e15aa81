"""The three-hand game in the terminal, driven through Textual's Pilot: whole matches
played from keys against two computer players, nothing hidden ever on screen, the
reasons for refused keys, hints, records saved and resumed, and the command line."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from sixtysix.analysis import analyze_three
from sixtysix.cards import card_symbol, cards_in
from sixtysix.cli import main
from sixtysix.game.actions import OUT, Action
from sixtysix.game.interface import narrowed
from sixtysix.notation import read_record
from sixtysix.rules import Rules
from sixtysix.three.observation import ThreeObservation
from sixtysix.tui.app import SixtySixApp
from sixtysix.tui.game_screen import HINT_SAMPLES, GameScreen
from sixtysix.tui.saving import load
from sixtysix.tui.screens import ConfirmScreen, MarriagePicker, MatchOverScreen, RoundOverScreen
from sixtysix.tui.widgets import CardWidget, GameLog
from sixtysix.tui.words import action_label, card_text
from test_tui import wait_until

SIZE = (100, 32)
SHORT = Rules.parse("three-hand match_target=3")
THREE_HAND = Rules.parse("three-hand")


async def settle(pilot: Pilot[int], app: SixtySixApp) -> None:
    """Wait until the user is asked something: a card at the table, or a dialog."""
    await wait_until(pilot, lambda: bool(app.game.legal) or not isinstance(app.screen, GameScreen))


def screen_text(app: SixtySixApp, log: bool = True) -> str:
    """Everything the active screen shows in its Static widgets (cards included), and
    in its log unless ``log`` is false."""
    parts = []
    for widget in app.screen.query(Static):
        content = widget.content
        parts.append(content.plain if isinstance(content, Text) else str(content))
        parts.extend(str(title) for title in (widget.border_title, widget.border_subtitle) if title)
    for shown in app.screen.query(GameLog) if log else ():
        parts.extend(line.plain for line in shown.entries)
    return "\n".join(parts)


def _changed(app: SixtySixApp, screen: object, legal: tuple[Action, ...] = ()) -> Callable[[], bool]:
    """Whether the app has moved on from ``screen`` or from asking for ``legal``."""
    return lambda: app.screen is not screen or (bool(legal) and app.game.legal != legal)


async def play_by_keys(pilot: Pilot[int], app: SixtySixApp, rng: random.Random,
                       check: Callable[[SixtySixApp], None] | None = None) -> int:
    """Play the match to its end from the keyboard, a random legal choice each time;
    returns the number of decisions made by key."""
    keys = 0
    while True:
        await settle(pilot, app)
        if check is not None:
            check(app)
        screen = app.screen
        if isinstance(screen, MatchOverScreen):
            return keys
        if isinstance(screen, RoundOverScreen):
            await pilot.press("enter")
            await wait_until(pilot, _changed(app, screen))
            continue
        if isinstance(screen, MarriagePicker):
            await pilot.press("1")
            continue
        if isinstance(screen, ConfirmScreen):
            await pilot.press("y")
            continue
        legal = app.game.legal
        obs = app.game.observation
        assert obs is not None
        # Out only with 66: a false declaration would end short matches at once.
        action = rng.choice([a for a in legal if a != OUT or obs.points[0] >= 66])
        if action.card is not None:
            await pilot.press(str(app.game.hand.index(action.card) + 1))
        elif action == OUT:
            await pilot.press("o")
        else:
            await pilot.press("a")
        keys += 1
        await wait_until(pilot, _changed(app, screen, legal))


@pytest.mark.parametrize("seed", [3, 8])
async def test_a_whole_match_is_played_from_keys(seed: int, tmp_path: Path) -> None:
    save = tmp_path / "three.ssn"
    app = SixtySixApp(SHORT, seed=seed, opponent="greedy", delay=0, save=save)
    async with app.run_test(size=SIZE) as pilot:
        keys = await play_by_keys(pilot, app, random.Random(seed))
        match = app.table.match
        assert match.is_over and keys > 0
        assert isinstance(app.screen, MatchOverScreen)
        shown = screen_text(app)
        assert "wins the match!" in shown or "win the match!" in shown
        assert " · ".join(f"{name} {points}" for name, points in zip(("You", "Left", "Right"), match.score,
                                                                      strict=True)) in shown
        await pilot.press("enter")
    assert app.return_code == 0
    record = read_record(save)
    assert record.players == ("human", "greedy", "greedy")
    assert len(record.rounds) == len(match.rounds)
    assert [entry.actions for entry in record.rounds] == [rnd.actions for rnd in match.rounds]


@pytest.mark.slow
async def test_no_hidden_card_of_another_seat_is_ever_rendered() -> None:
    app = SixtySixApp(THREE_HAND, seed=5, opponent="greedy", delay=0)
    seen: list[str] = []

    def check(app: SixtySixApp) -> None:
        rnd = app.table.match.round
        if rnd is None or not isinstance(app.screen, GameScreen):
            return
        text = screen_text(app, log=False)  # the log tells the cards played
        faces = {widget.card for widget in app.screen.query(CardWidget)}
        for seat in (1, 2):
            hidden = rnd.hand(seat) & ~rnd.shown(seat)
            assert not faces & set(cards_in(hidden))
            for card in cards_in(hidden):
                # A card face shows its rank and suit on lines of their own; the
                # panels and the log show symbols such as 10♥.
                assert card_symbol(card) not in text, f"{card_symbol(card)} of seat {seat} is shown"
        seen.append(text)

    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, app, random.Random(1), check)
    assert len(seen) > 20


async def test_the_table_shows_seats_trump_trick_and_turn() -> None:
    app = SixtySixApp(SHORT, seed=2, opponent="greedy", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        obs = app.game.observation
        assert obs is not None
        text = screen_text(app)
        assert "Left · Greedy" in text and "Right · Greedy" in text
        for seat in (1, 2):
            assert f"{obs.hand_sizes[seat]} cards" in text
        assert obs.trump_card is not None and card_symbol(obs.trump_card) in text and "trump" in text
        assert "▶ Your turn" in text and "playing to 3" in text
        for card in cards_in(obs.hand):
            assert card_symbol(card)[:-1] in text
        if obs.table:
            assert "led" in text
        app.exit(0)


async def test_a_refused_key_says_why() -> None:
    app = SixtySixApp(THREE_HAND, seed=4, opponent="greedy", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        # Seat 0 follows clubs first, holding other cards.
        card = next(c for c in app.game.hand if Action(c) not in app.game.legal)
        await pilot.press(str(app.game.hand.index(card) + 1))
        status = app.screen.query_one("#status", Static).content
        assert isinstance(status, Text)
        assert status.plain.startswith(f"Not {card_symbol(card)}: You must follow suit with a club")
        assert app.game.legal  # still the user's turn
        await pilot.press("o")
        assert "Not out:" in str(app.screen.query_one("#status", Static).content)
        legal = app.game.legal
        await pilot.press(str(app.game.hand.index(next(a.card for a in legal if a.card is not None)) + 1))
        await wait_until(pilot, lambda: bool(app.game.legal) and app.game.legal != legal)
        assert len(app.game.hand) == 7
        await pilot.press("8")
        assert "You hold 7 cards: there is no card 8." in str(app.screen.query_one("#status", Static).content)
        app.exit(0)


def hints(app: SixtySixApp) -> list[list[str]]:
    """The hints in the log, each as its lines (unwrapped)."""
    return [entry.plain.splitlines() for entry in app.screen.query_one("#log", GameLog).entries
            if entry.plain.startswith("Hint")]


async def test_hint_key_lists_the_legal_actions_best_first() -> None:
    app = SixtySixApp(THREE_HAND, seed=4, opponent="greedy", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        obs = app.game.observation
        assert obs is not None and len(obs.legal) < len(app.game.hand)  # seat 0 must follow clubs
        await pilot.press("h")
        await wait_until(pilot, lambda: bool(hints(app)))
        [lines] = hints(app)
        assert lines[0] == ("Hint: expected game points less the others' mean, best first "
                            f"(estimated over {HINT_SAMPLES} deals)")
        entries = [(label, value) for line in lines[1:]
                   for label, value in re.findall(r"(\S.*?)\s+([+-]\d+\.\d\d)", line)]
        values = analyze_three(narrowed(obs, ThreeObservation), samples=HINT_SAMPLES)
        assert len(entries) == len(obs.legal) == len(values)
        for (label, expected), value in zip(entries, values, strict=True):
            card = value.action.card
            assert label == (card_text(card) if card is not None else action_label(value.action, obs)).plain
            assert expected == f"{value.expected:+.2f}"
        assert app.game.legal == obs.legal  # the hint chose nothing
        app.exit(0)


async def test_hint_is_for_the_users_turn_and_its_decision_only() -> None:
    app = SixtySixApp(THREE_HAND, seed=4, opponent="greedy", delay=30)  # seat 0 follows: a bot leads, slowly
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.game.observation is not None)
        assert not app.game.legal
        await pilot.press("h")
        await pilot.pause(0.2)
        assert str(app.screen.query_one("#status", Static).content) == "Hints are for your turn."
        assert hints(app) == []
        app.exit(0)
    app = SixtySixApp(THREE_HAND, seed=4, opponent="greedy", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        past = app.game.observation
        assert past is not None
        legal = app.game.legal
        await pilot.press(str(app.game.hand.index(next(a.card for a in legal if a.card is not None)) + 1))
        await wait_until(pilot, lambda: bool(app.game.legal) and app.game.legal != legal)
        assert app.game.observation is not past
        await app.game.analyze_hint(past).wait()
        await pilot.pause()
        assert hints(app) == []
        app.exit(0)


async def test_a_saved_match_resumes_where_it_stopped(tmp_path: Path) -> None:
    save = tmp_path / "three.ssn"
    app = SixtySixApp(SHORT, seed=6, opponent="greedy", delay=0, save=save)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await settle(pilot, app)
            card = next(a.card for a in app.game.legal if a.card is not None)
            await pilot.press(str(app.game.hand.index(card) + 1))
            await pilot.pause(0.05)
        await settle(pilot, app)
        played = list(app.table.match.rounds[-1].actions)
        await pilot.press("q")
        await pilot.press("y")
    resumed = load(save)
    assert resumed.opponent == "greedy" and resumed.seed == 6
    assert resumed.match.rounds[-1].actions == played
    again = SixtySixApp(match=resumed.match, seed=resumed.seed, opponent="greedy", delay=0,
                     save=save)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.table.match is resumed.match
        assert f"Round {len(resumed.match.rounds)} resumed: " in screen_text(again)
        again.exit(0)


def test_cli_refuses_two_hand_options_and_bots_that_do_not_play_three_hand(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", "three-hand", "--manual-draw"]) == 2
    assert "--manual-draw: for the two-hand game only" in capsys.readouterr().err
    assert main(["play", "--rules", "three-hand", "--level", "solver", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "does not play the three-hand game" in err and err.count("\n") == 1
    assert main(["play", "--rules", "three-hand", "close_min_stock=3"]) == 2
    assert "does not apply to the three-hand game" in capsys.readouterr().err


def test_observation_types_reach_the_screen() -> None:
    # The screen keeps only seat 0's view: its type has no field for other hands.
    fields = ThreeObservation.__dataclass_fields__
    assert "hand" in fields and not any(name.startswith("hands") for name in fields)


async def test_a_whole_match_against_two_programs() -> None:
    """Both other seats are programs speaking the bot protocol (``sixtysix bot greedy``):
    the match is played to its end by keys and neither program fails."""
    from sixtysix.bots.engine import EngineBot

    app = SixtySixApp(SHORT, seed=3, opponent=f"cmd:{sys.executable} -m sixtysix bot greedy", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, app, random.Random(3))
        assert app.table.match.is_over and isinstance(app.screen, MatchOverScreen)
        await pilot.press("enter")
    programs = [seat._bot for seat in app.table.seats[1:]]  # type: ignore[union-attr]
    assert all(isinstance(bot, EngineBot) and bot.failure is None for bot in programs)
