"""The terminal table as a player meets it: the help screen, the confirmations, the
reasons for refused keys, forced actions, the sorted hand, the trick panel, the log
after a resize and the message for a terminal too small."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from sixtysix.cards import suit_of
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, DRAW, OUT, Action, marriage
from sixtysix.game.interface import narrowed
from sixtysix.game.round import Phase
from sixtysix.rules import Rules
from sixtysix.tui.app import SixtySixApp
from sixtysix.tui.game_screen import MIN_HEIGHT, MIN_WIDTH, GameScreen
from sixtysix.tui.screens import CloseScreen, ConfirmScreen, HelpScreen, RoundOverScreen
from sixtysix.tui.widgets import GameLog
from sixtysix.two.observation import Observation
from sixtysix.two.round import Round
from test_tui import (
    SIZE,
    first,
    press_action,
    seed_where,
    seed_where_first_dealer_is,
    settle,
    text_of,
    wait_until,
)


def notices(app: SixtySixApp) -> list[str]:
    """Record the messages the app shows as notifications from now on (the list grows)."""
    shown: list[str] = []
    notify = app.notify

    def record(message: str, **options: Any) -> None:
        shown.append(message)
        notify(message, **options)

    app.notify = record  # type: ignore[method-assign]
    return shown


async def play_until(pilot: Pilot[int], app: SixtySixApp, wanted: Callable[[Observation], bool],
                     policy: Callable[[tuple[Action, ...]], Action] = first) -> Observation:
    """Play by keys with ``policy`` until the user faces a decision that is ``wanted``."""
    for _ in range(300):
        await settle(pilot, app)
        if isinstance(app.screen, RoundOverScreen):
            await pilot.press("enter")
            continue
        obs = app.game.observation
        if obs is not None and app.game.legal and wanted(narrowed(obs, Observation)):
            return narrowed(obs, Observation)
        await press_action(pilot, app, policy(app.game.legal))
    pytest.fail("the user never faced such a decision")


async def test_help_lists_every_key_of_the_bindings() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            screen = app.screen
            assert isinstance(screen, HelpScreen)
            described = " ".join(description for _, description in screen.rows)
            for binding in [*GameScreen.BINDINGS, *SixtySixApp.BINDINGS]:
                assert not isinstance(binding, tuple)
                assert binding.description in described and binding.tooltip in described
            keys = {keys for keys, _ in screen.rows}
            assert {"1-6", "d", "o", "q", "? / f1", "^q"} <= keys
            await pilot.press("escape")
            assert isinstance(app.screen, GameScreen)
        assert not app.table.match.rounds[0].actions  # the help chose nothing


@pytest.mark.slow
async def test_refused_card_says_the_engines_reason() -> None:
    app = SixtySixApp(seed=3, delay=0)

    def cannot_follow(obs: Observation) -> bool:
        return obs.phase is Phase.FOLLOW and obs.is_strict and len(obs.legal) < obs.hand.bit_count()

    shown = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        obs = await play_until(pilot, app, cannot_follow)
        card = next(c for c in app.game.hand if Action.of(c) not in obs.legal)
        await pilot.press(str(app.game.hand.index(card) + 1))
        await pilot.pause()
        message = shown[-1]
        name = Text.from_markup(message).plain.partition(" ")[0]
        assert message.startswith(f"{name} cannot be played: You must ")
        assert app.game.legal == obs.legal  # nothing was played


async def test_keys_that_do_not_apply_say_so() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    shown = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("c")
        assert shown[-1] == "Close stock: not now. These rules allow no closing on the first lead of a round."
        await pilot.press("x")
        assert shown[-1].startswith("Exchange nine: not now. ")
        await pilot.press("d")
        assert shown[-1].startswith("Draw: not now. ")
        await pilot.press("enter")
        assert "neither is asked now" in shown[-1]
        await pilot.press("9")
        assert shown[-1] == "You hold 6 cards: there is no card 9."
        assert not app.table.match.rounds[0].actions


async def test_keys_while_the_opponent_thinks_say_whose_turn_it_is() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(0), delay=30)
    shown = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.game.observation is not None)
        await pilot.press("1")
        assert shown[-1].endswith("cannot be played: It is Greedy's turn.")
        await pilot.press("h")
        assert shown[-1] == "Hints are for your turn."
        await pilot.press("q", "y")


def may_declare_falsely(obs: Observation) -> bool:
    return OUT in obs.legal and obs.points[0] < 66


async def test_declaring_out_asks_and_tells_what_a_false_declaration_costs() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        obs = await play_until(pilot, app, may_declare_falsely)
        await pilot.press("o")
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        details = text_of(app, "#details")
        assert f"You have {obs.points[0]} points" in details
        assert "a false declaration: Greedy scores" in details
        assert "game points" in details
        await pilot.press("enter")  # a stray Enter does not declare
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        rnd = app.table.match.round
        assert rnd is not None and OUT not in rnd.actions and app.game.legal == obs.legal
        await pilot.press("o", "y")
        await settle(pilot, app)
        assert rnd.actions[-1] == OUT
        assert rnd.outcome is not None and rnd.outcome.winner == 1
        assert rnd.outcome.game_points in (2, 3)


async def test_in_memory_mode_the_out_question_hides_the_points() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0, memory=True)
    async with app.run_test(size=SIZE) as pilot:
        obs = await play_until(pilot, app, may_declare_falsely)
        await pilot.press("o")
        assert isinstance(app.screen, ConfirmScreen)
        details = text_of(app, "#details")
        assert "points are not shown" in details
        assert str(obs.points[0]) not in details and "scores" not in details
        await pilot.press("escape")
        rnd = app.table.match.round
        assert rnd is not None and OUT not in rnd.actions


async def test_quitting_a_match_in_progress_asks_first() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for key in ("q", "ctrl+q"):
            await pilot.press(key)
            assert isinstance(app.screen, ConfirmScreen)
            assert text_of(app, "#question") == "Quit the match in progress?"
            assert text_of(app, "#details") == "It is not saved."
            await pilot.press("n")
            assert isinstance(app.screen, GameScreen)
        assert app.return_value is None
        await pilot.press("ctrl+c")  # as Textual does it: says which key quits
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: app.return_value is not None)
    assert app.return_value == 0


def may_close_before_drawing(obs: Observation) -> bool:
    return CLOSE_BEFORE_DRAW in obs.legal


def current_round(app: SixtySixApp) -> Round:
    rnd = app.match.round
    assert rnd is not None
    return narrowed(rnd, Round)


async def test_closing_says_what_it_means_and_asks_first() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        obs = await play_until(pilot, app, may_close_before_drawing)
        rnd = current_round(app)
        played = len(rnd.actions)
        await pilot.press("b")
        assert isinstance(app.screen, CloseScreen)
        assert text_of(app, "#question") == "Close before drawing?"
        details = text_of(app, "#details")
        assert "Nobody draws any more, and the trump card is turned face down." in details
        assert "play is strict: whoever plays second to a trick must follow suit and beat" in details
        assert "else play a trump if they can" in details
        assert ("You must be first to 66, before the cards run out, or Greedy scores 2 game points, "
                "or 3 if Greedy has no trick when you close") in details
        assert app.game.legal == obs.legal  # nothing was sent
        await pilot.press("enter")  # a stray Enter does not close
        assert isinstance(app.screen, CloseScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        assert app.game.legal == obs.legal and len(rnd.actions) == played and rnd.closer is None
        assert text_of(app, "#stock-label") == f"stock {obs.stock_size}"
        await pilot.press("b", "y")
        await settle(pilot, app)
        assert rnd.actions[played] == CLOSE_BEFORE_DRAW and rnd.closer == 0
        assert text_of(app, "#stock-label") == "closed"
        assert app.game.explain_close  # y asks again next time


async def test_the_close_key_after_a_won_trick_asks_then_draws_and_closes() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        obs = await play_until(pilot, app, lambda o: o.phase is Phase.DRAW and o.stock_size >= 4)
        rnd = current_round(app)
        played = len(rnd.actions)
        await pilot.press("c")
        assert isinstance(app.screen, CloseScreen)
        assert text_of(app, "#question") == "Draw, then close the stock?"
        await pilot.press("escape")
        assert app.game.legal == obs.legal and len(rnd.actions) == played
        await pilot.press("c", "y")
        await settle(pilot, app)
        assert rnd.actions[played:played + 2] == [DRAW, CLOSE] and rnd.closer == 0


def draws_and_plays(legal: tuple[Action, ...]) -> Action:
    """Draw when asked to, else the first card (never close), else the first action."""
    return DRAW if DRAW in legal else next((a for a in legal if a.card is not None), legal[0])


@pytest.mark.slow
async def test_a_close_after_the_draw_that_would_be_refused_is_not_asked() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    shown = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, lambda o: o.phase is Phase.DRAW and o.stock_size == 2,
                         draws_and_plays)
        rnd = current_round(app)
        played = len(rnd.actions)
        before = len(shown)
        await pilot.press("c")
        assert isinstance(app.screen, GameScreen)
        await wait_until(pilot, lambda: len(shown) > before)
        assert shown[-1].startswith("You drew; Close the stock: not now. The stock may be closed only while "
                                    "it holds at least")
        assert rnd.actions[played:] == [DRAW] and rnd.closer is None


async def test_without_the_explanation_closing_is_at_once() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0, explain_close=False)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, may_close_before_drawing)
        rnd = current_round(app)
        played = len(rnd.actions)
        await pilot.press("b")
        assert isinstance(app.screen, GameScreen)
        await settle(pilot, app)
        assert rnd.actions[played] == CLOSE_BEFORE_DRAW and rnd.closer == 0


async def test_k_closes_and_stops_the_explanation_for_later_closes() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, may_close_before_drawing)
        first_round = current_round(app)
        played = len(first_round.actions)
        await pilot.press("b")
        assert isinstance(app.screen, CloseScreen)
        assert "k: yes, don't explain again" in text_of(app, ".hint")
        await pilot.press("d")  # the draw key of the table does not answer
        assert isinstance(app.screen, CloseScreen) and app.game.explain_close
        await pilot.press("k")
        await settle(pilot, app)
        assert first_round.actions[played] == CLOSE_BEFORE_DRAW and first_round.closer == 0
        assert not app.game.explain_close
        await play_until(pilot, app, lambda o: may_close_before_drawing(o)
                         and current_round(app) is not first_round)
        rnd = current_round(app)
        played = len(rnd.actions)
        await pilot.press("b")
        assert isinstance(app.screen, GameScreen)
        await settle(pilot, app)
        assert rnd.actions[played] == CLOSE_BEFORE_DRAW and rnd.closer == 0


async def test_hand_is_sorted_by_suit_with_trumps_last_and_by_rank() -> None:
    app = SixtySixApp(seed=5, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(8):
            await settle(pilot, app)
            if isinstance(app.screen, RoundOverScreen):
                break
            obs = app.game.observation
            assert obs is not None
            hand = app.game.hand
            suits = [suit_of(card) for card in hand]
            runs = [suit for n, suit in enumerate(suits) if n == 0 or suits[n - 1] != suit]
            assert len(runs) == len(set(runs))  # each suit together
            assert obs.trump not in runs[:-1]  # trumps last
            assert all(a > b for a, b in itertools.pairwise(hand) if suit_of(a) == suit_of(b))
            await press_action(pilot, app, first(app.game.legal))


def cards_first(legal: tuple[Action, ...]) -> Action:
    """The first card, else the first action (so a round runs to its last trick)."""
    return next((action for action in legal if action.card is not None), legal[0])


@pytest.mark.parametrize("manual", [False, True])
async def test_a_single_legal_action_is_taken_unless_manual(manual: bool) -> None:
    app = SixtySixApp(Rules.parse("classic match_target=2"), seed=6, delay=0, opponent="random",
                      manual_draw=manual)
    asked: list[tuple[Action, ...]] = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            await settle(pilot, app)
            if not isinstance(app.screen, GameScreen):
                if app.table.match.is_over:
                    break
                await pilot.press("enter")
                continue
            asked.append(app.game.legal)
            await press_action(pilot, app, cards_first(app.game.legal))
        singles = [legal for legal in asked if len(legal) == 1]
        assert (len(singles) > 0) == manual
        forced = [line for line in app.game.query_one("#log", GameLog).entries
                  if line.plain.startswith("Your only legal card")]
        assert (len(forced) > 0) != manual


async def test_after_a_trick_a_card_key_draws_then_leads_that_card() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        obs = await play_until(pilot, app, lambda o: o.phase is Phase.DRAW)
        assert "lead (you draw first)" in text_of(app, "#status")
        card = app.game.hand[-1]
        await pilot.press(str(len(app.game.hand)))
        await wait_until(pilot, lambda: not app.game.legal or app.game.observation is not obs)
        await settle(pilot, app)
        rnd = app.table.match.round
        assert rnd is not None
        drawn = rnd.actions.index(DRAW, len(rnd.actions) - 3)
        assert rnd.actions[drawn + 1] == Action.of(card)


async def test_with_manual_draw_a_card_key_waits_for_the_draw() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0, manual_draw=True)
    shown = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        obs = await play_until(pilot, app, lambda o: o.phase is Phase.DRAW)
        await pilot.press("1")
        assert app.game.legal == obs.legal
        assert shown[-1].startswith("No card now: You won the trick: draw")


async def test_trick_panel_follows_the_round() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        obs = await play_until(pilot, app, lambda o: len(o.tricks) >= 4)
        panel = app.screen.query_one("#history", Static)
        lines = text_of(app, "#history").split("\n")
        assert len(lines) == len(obs.tricks)
        for number, trick in enumerate(obs.tricks, 1):
            assert lines[number - 1].startswith(f"{number:>2}. ")
            assert ("You" if trick.winner == 0 else "Greedy") in lines[number - 1]
        assert panel.content_region.height >= len(lines)  # shown, not only set


async def test_trick_panel_keeps_the_latest_tricks_when_short() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        obs = await play_until(pilot, app, lambda o: len(o.tricks) >= 4)
        panel = app.screen.query_one("#history", Static)
        lines = text_of(app, "#history").split("\n")
        assert len(lines) == panel.content_region.height < len(obs.tricks)
        assert "earlier" in lines[0]
        assert lines[-1].startswith(f"{len(obs.tricks):>2}. ")


async def test_log_lines_wrap_by_words_after_a_resize() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    line = "every word of this long line stays whole when the log narrows and widens again"
    words = line.split()
    async with app.run_test(size=(120, 32)) as pilot:
        await settle(pilot, app)
        log = app.screen.query_one("#log", GameLog)
        log.add(Text(line))
        for width in (84, 100):
            await pilot.resize_terminal(width, 32)
            await pilot.pause()
            await pilot.pause()
            shown = [strip.text.strip() for strip in log.lines]
            start = next(n for n, line in enumerate(shown) if line.startswith("every word"))
            wrapped = shown[start:start + 3]
            assert len(wrapped[1]) > 0
            assert " ".join(wrapped).split()[:len(words)] == words
            assert max(len(line) for line in shown) <= log.scrollable_content_region.width


async def test_too_small_a_terminal_says_what_it_needs() -> None:
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, app)
        main = app.screen.query_one("#main")
        assert not main.display
        assert text_of(app, "#too-small").startswith(
            f"Terminal too small: need at least {MIN_WIDTH}x{MIN_HEIGHT}, have 60x20.")
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await wait_until(pilot, lambda: bool(main.display))
        assert not app.screen.query_one("#too-small").display


async def test_at_the_minimum_size_every_card_and_info_row_fits() -> None:
    seed = seed_where(lambda match, rnd: match.first_dealer == 1
                      and any(a.marriage_suit is not None for a in rnd.legal_tuple()))
    app = SixtySixApp(seed=seed, delay=0, opponent="expert")
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        await settle(pilot, app)
        suit = next(a.marriage_suit for a in app.game.legal if a.marriage_suit is not None)
        assert suit is not None
        await press_action(pilot, app, marriage(suit))
        await settle(pilot, app)
        info = app.screen.query_one("#info", Static)
        rows = text_of(app, "#info").split("\n")
        assert len(rows) <= info.content_region.height
        assert max(len(row) for row in [*rows, "Stock   closed by Expert bot"]) <= info.content_region.width
        hand = app.screen.query_one("#hand")
        for n in range(1, 7):
            card = app.screen.query_one(f"#hand-{n}")
            if card.display:
                assert card.region.right <= hand.region.right
