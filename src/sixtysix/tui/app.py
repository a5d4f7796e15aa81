"""The Textual app: a match of Sixty-Six between the user (seat 0) and a bot (seat 1).

The match runs in :class:`~sixtysix.table.Table`, in a thread worker. The user's
seat posts each :class:`~sixtysix.two.observation.Observation` of seat 0 to the app
and waits for the user's choice; the screen shows only what those observations
and the table's events hold, and offers exactly ``observation.legal``. The hint
key analyses the user's decision (:func:`~sixtysix.analysis.analyze`) from that
observation alone, in another thread worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.actions import parse as parse_action
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static
from textual.worker import Worker, WorkerFailed, WorkerState

from sixtysix.analysis import ActionValue, analyze
from sixtysix.bots import make_bot
from sixtysix.bots.engine import EngineBot, limit
from sixtysix.cards import QUEEN, SUIT_NAMES, Card, cards_in
from sixtysix.errors import BotFailedError
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, OUT, PASS, Action, marriage
from sixtysix.game.interface import narrowed
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, Table
from sixtysix.tui.saving import record_of, write_atomically
from sixtysix.tui.screens import (
    CloseScreen,
    ConfirmScreen,
    HelpScreen,
    MarriagePicker,
    MatchOverScreen,
    RoundOverScreen,
    score_line,
)
from sixtysix.tui.seats import AskingSeat, HumanSeat, PausedSeat, SeatClosed, TableUpdate, YourTurn
from sixtysix.tui.widgets import CardWidget, GameLog
from sixtysix.tui.words import (
    Names,
    action_label,
    card_text,
    cards_text,
    close_explanation,
    describe_action,
    describe_lead,
    describe_trick,
    hint_text,
    opponent_name,
    prompt,
    sentence,
    suit_text,
)
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, sample_round

HAND_SLOTS = 6
"""The most cards a hand holds."""

ACTION_KEYS: dict[Action, str] = {
    EXCHANGE: "x",
    CLOSE: "c",
    CLOSE_BEFORE_DRAW: "b",
    OUT: "o",
    DRAW: "d",
    PASS: "p",
}
"""The key of each action other than a card or a marriage (marriages are ``a``)."""

MARRIAGE_KEY = "a"
"""The key that announces a marriage (with a choice if several are possible)."""

HINT_KEY = "h"
"""The key that asks for the expected game points of each legal action."""

HINT_SAMPLES = 16
"""Sampled deals per hint: a few hundred milliseconds at most."""

HINT_SECONDS = 1.0
"""The most time a hint samples for, should the sampling be slower than usual."""

MIN_WIDTH = 80
"""The narrowest terminal the table fits: the card places and the panel beside them with
the longest opponent name (``Expert bot``), a closed stock and two marriages a player."""

SIGNAL_GRACE = 5.0
"""Seconds the app has to exit after SIGTERM or SIGHUP before the process ends regardless."""

MIN_HEIGHT = 24
"""The lowest terminal the table fits, with four lines of log."""

_Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None
"""A signal's handler, as :func:`signal.signal` returns it."""

_BUTTON_ORDER: tuple[Action, ...] = (DRAW, PASS, *(marriage(suit) for suit in range(4)), EXCHANGE,
                                     CLOSE, CLOSE_BEFORE_DRAW, OUT)


def _button_id(action: Action) -> str:
    return "act-" + action.token


def _suit_order(trump: int) -> dict[int, int]:
    """Hand order of the suits: the plain suits alternating in colour, trumps last."""
    plain = [suit for suit in (0, 2, 3, 1) if suit != trump]
    return {suit: index for index, suit in enumerate([*plain, trump])}


def fit(screen: Screen[None], event: events.Resize, redraw: Callable[[], None]) -> None:
    """Show a card table's ``#main`` (and ``redraw`` it) if the terminal is large enough,
    else its ``#too-small`` message of how much room it needs."""
    width, height = event.size
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    screen.query_one("#main", Vertical).display = not small
    too_small = screen.query_one("#too-small", Static)
    too_small.display = small
    too_small.update(f"Terminal too small: need at least {MIN_WIDTH}x{MIN_HEIGHT}, "
                     f"have {width}x{height}.\nEnlarge the window to see the table.")
    if not small:
        screen.call_after_refresh(redraw)


class GameScreen(Screen[None]):
    """The card table as seat 0 sees it, and the user's choices by key and by mouse."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"play({n})", "Play card", show=n == 1, key_display="1-6",
                  tooltip="after a won trick: draw, then lead it")
          for n in range(1, 10)),
        # The keys of actions other than cards are on the buttons above the footer.
        Binding(ACTION_KEYS[DRAW], "choose('draw')", "Draw", show=False),
        Binding(ACTION_KEYS[PASS], "choose('pass')", "Don't exchange", show=False),
        Binding(MARRIAGE_KEY, "marriage", "Marriage", show=False),
        Binding(ACTION_KEYS[EXCHANGE], "choose('exchange')", "Exchange nine", show=False),
        Binding(ACTION_KEYS[CLOSE], "choose('close')", "Close", show=False,
                tooltip="after a won trick: draw, then close"),
        Binding(ACTION_KEYS[CLOSE_BEFORE_DRAW], "choose('close-before-draw')", "Close before drawing",
                show=False),
        Binding(ACTION_KEYS[OUT], "choose('out')", "Declare out", show=False),
        Binding("enter,space", "go_on", "Draw, or don't exchange", show=False),
        Binding("m", "toggle_memory", "Memory mode"),
        Binding(HINT_KEY, "hint", "Hint"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def __init__(self, seat: HumanSeat, names: Names, rules: Rules, memory: bool = False,
                 manual_draw: bool = False, explain_close: bool = True) -> None:
        super().__init__()
        self._seat = seat
        self.names = names
        self.rules = rules
        self.memory = memory
        """Memory mode (RULES.md section 6): running points and past tricks are hidden."""
        self.manual_draw = manual_draw
        """Draw only with the draw key (a card key does not draw first), and ask even
        when a single action is legal (a forced card)."""
        self.explain_close = explain_close
        """Ask before closing the stock, saying what closing means; else close at once."""
        self.observation: Observation | None = None
        """The latest view of seat 0."""
        self.legal: tuple[Action, ...] = ()
        """The actions the user may choose now; empty unless the table waits for the user."""
        self.score = (0, 0)
        self.round_number = 0
        self.hand: tuple[Card, ...] = ()
        """The user's cards in the order shown: key ``n`` plays ``hand[n - 1]``."""
        self._new_cards = 0
        self._after_draw: Action | None = None
        self._entries: list[tuple[Text, bool]] = []
        self._offered_keys: frozenset[str] = frozenset()

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The table from the opponent's side down to the user's hand and the log, or a
        message instead when the terminal is too small for it."""
        yield Static(id="too-small")
        with Vertical(id="main"):
            yield Static(id="topbar")
            yield Static(id="opponent")
            with Horizontal(id="table"):
                for name in ("stock", "trump", "trick-first", "trick-second"):
                    with Vertical(classes="slot", id=f"{name}-slot"):
                        yield CardWidget(id=name)
                        yield Static(id=f"{name}-label", classes="label")
                yield Static(id="info")
            yield Static(id="status")
            with Horizontal(id="hand"):
                for slot in range(1, HAND_SLOTS + 1):
                    yield CardWidget(id=f"hand-{slot}", classes="hand")
            with Horizontal(id="actions"):
                for action in _BUTTON_ORDER:
                    button = Button("", id=_button_id(action), compact=True)
                    button.can_focus = False
                    button.display = False
                    yield button
            with Horizontal(id="bottom"):
                log = GameLog(id="log")
                log.can_focus = False
                log.border_title = "Log"
                yield log
                yield Static(id="history")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """Show the table, or say how much room it needs."""
        fit(self, event, self._redraw)

    def on_mount(self) -> None:
        """Draw the empty table."""
        self.query_one("#opponent", Static).border_title = self.names.opponent
        self.query_one("#table", Horizontal).border_title = "Table"
        self.query_one("#history", Static).border_title = "Tricks this round"
        self._redraw()

    # ------------------------------------------------------------- from the table

    def show_event(self, event: Event) -> None:
        """Take in one event of the table: log it and redraw."""
        before = self.observation
        after = narrowed(event.observation, Observation)
        if event.kind is EventKind.ROUND_STARTED:
            self.round_number += 1
            self._new_cards = 0
            before = None
            dealer = after.dealer
            turned: list[str | Text] = (
                [] if after.trump_card is None else [" (", card_text(after.trump_card), " turned)"])
            self._write(sentence(f"Round {self.round_number}: {self.names.subject(dealer)} "
                                 f"{self.names.verb(dealer, 'deal', 'deals')}; trump ",
                                 suit_text(after.trump), *turned), style="bold")
        elif event.kind is EventKind.ROUND_RESUMED:
            self._new_cards = 0
            before = None
            self._write(sentence(f"Round {self.round_number} resumed: {len(after.tricks)} "
                                 f"trick{'' if len(after.tricks) == 1 else 's'} played; trump ",
                                 suit_text(after.trump)), style="bold")
        elif event.kind is EventKind.ACTION and event.actor is not None and event.action is not None:
            self._log_action(event.actor, event.action, before, after)
        elif event.kind is EventKind.ROUND_ENDED and after.outcome is not None:
            self._write(Text(self.names.explain(after.outcome.explanation)), style="italic")
        self.score = (event.score[0], event.score[1])
        self._take(after)
        self._redraw()

    def ask(self, observation: Observation) -> None:
        """The table waits for the user to choose one of ``observation.legal``; a single
        legal action, or the one chosen together with the draw, is taken at once."""
        self._take(observation)
        self.legal = observation.legal
        after_draw, self._after_draw = self._after_draw, None
        if after_draw is not None:
            if after_draw in self.legal:
                self._choose(after_draw)
                return
            self._refuse(f"You drew; {action_label(after_draw, observation).plain.lower()}: "
                         f"not now, {self.why_not(after_draw)}")
        forced = self.legal[0] if len(self.legal) == 1 and not self.manual_draw else None
        if forced is not None:
            if forced.card is not None:
                self._write(sentence("Your only legal card: ", card_text(forced.card)))
            self._choose(forced)
            return
        self._redraw()

    def _take(self, observation: Observation) -> None:
        """Keep the latest observation and sort its hand for display."""
        self.observation = observation
        order = _suit_order(observation.trump)
        self.hand = tuple(sorted(cards_in(observation.hand), key=lambda c: (order[c // 6], -c)))

    def _log_action(self, actor: int, action: Action, before: Observation | None,
                    after: Observation) -> None:
        card = action.card
        if card is not None:
            if after.lead_card == card:
                if actor == 1:
                    self._write(describe_lead(actor, card, self.names), tricks=True)
            else:
                self._write(describe_trick(after, self.names), tricks=True)
        else:
            line = describe_action(actor, action, before, after, self.names)
            if line is not None:
                self._write(line)
        if before is None:
            return
        drawn = after.hand & ~before.hand
        if drawn and action != EXCHANGE:
            self._write(sentence("You draw ", cards_text(cards_in(drawn))))
        self._new_cards = drawn or self._new_cards & after.hand
        shown = after.opponent_shown & ~before.opponent_shown
        if shown and action.marriage_suit is None and action != EXCHANGE:
            self._write(sentence(self.names.opponent, " takes ", cards_text(cards_in(shown)),
                                 " face up"))

    def _write(self, line: Text, *, tricks: bool = False, style: str = "") -> None:
        """Add a line to the log; ``tricks`` lines tell card plays, hidden in memory mode."""
        if style:
            line.stylize(style)
        self._entries.append((line, tricks))
        if not (tricks and self.memory):
            self.query_one("#log", GameLog).add(line)

    # -------------------------------------------------------------------- drawing

    def _redraw(self) -> None:
        obs = self.observation
        memory = self.memory
        names = self.names
        dealing = ("" if obs is None
                   else f" · {names.subject(obs.dealer)} {names.verb(obs.dealer, 'deal', 'deals')}")
        top = Text.assemble((f"Round {self.round_number}", "bold"), f"{dealing} · {self.rules}   ",
                            (score_line(self.score, self.rules.match_target, names), "bold"))
        if memory:
            top.append("   memory mode", style="reverse")
        self.query_one("#topbar", Static).update(top, layout=False)
        self.query_one("#history", Static).display = not memory
        if obs is None:
            self.query_one("#status", Static).update("Dealing…", layout=False)
            return
        self._render_opponent(obs)
        self._render_pile(obs)
        self._render_trick(obs)
        self._render_info(obs)
        self._render_hand(obs)
        self._render_actions(obs)
        self._render_history(obs)
        status = self.query_one("#status", Static)
        if self.legal:
            status.update(sentence("▶ ", prompt(obs, names, self.drawing_first)), layout=False)
        elif obs.outcome is not None:
            status.update("The round is over.", layout=False)
        elif obs.to_act == 1:
            status.update(f"{names.opponent} is thinking…", layout=False)
        else:
            status.update("", layout=False)
        status.set_class(bool(self.legal), "your-turn")
        offered = self._offered()
        if offered != self._offered_keys:
            self._offered_keys = offered
            self.refresh_bindings()

    def _render_opponent(self, obs: Observation) -> None:
        count = obs.opponent_hand_size
        line = Text.assemble(("▮ " * count, "bold blue"),
                             f"{count} card{'' if count == 1 else 's'}   known in hand: ",
                             cards_text(cards_in(obs.opponent_shown)))
        self.query_one("#opponent", Static).update(line, layout=False)

    def _label(self, slot: str, text: str | Text) -> None:
        self.query_one(f"#{slot}-label", Static).update(text, layout=False)

    def _render_pile(self, obs: Observation) -> None:
        stock = self.query_one("#stock", CardWidget)
        trump = self.query_one("#trump", CardWidget)
        closed = obs.closer is not None
        if obs.stock_size == 0:
            stock.show(None)
        else:
            stock.show_back(title=str(obs.stock_size))
        self._label("stock", "closed" if closed else f"stock {obs.stock_size}")
        if obs.trump_card is not None and closed:
            trump.show_back()
        else:
            trump.show(obs.trump_card)
        self._label("trump", sentence("trump ", suit_text(obs.trump)))

    def _render_trick(self, obs: Observation) -> None:
        """The card led, or the last trick until the next card is led; its winner starred."""
        first = self.query_one("#trick-first", CardWidget)
        second = self.query_one("#trick-second", CardWidget)
        names = self.names
        if obs.lead_card is not None:
            first.show(obs.lead_card)
            second.show(None)
            self._label("trick-first", names.subject(obs.leader))
            self._label("trick-second", Text(names.subject(1 - obs.leader), style="dim"))
        elif obs.tricks:
            trick = obs.tricks[-1]
            first.show(trick.lead)
            second.show(trick.follow)
            for slot, seat in (("trick-first", trick.leader), ("trick-second", 1 - trick.leader)):
                won = seat == trick.winner
                self._label(slot, Text(names.subject(seat) + (" ★" if won else ""),
                                       style="bold yellow" if won else ""))
        else:
            first.show(None)
            second.show(None)
            self._label("trick-first", "")
            self._label("trick-second", "")

    def _render_info(self, obs: Observation) -> None:
        """Trump and stock, then tricks, points and marriages in a column per player."""
        names = self.names
        if obs.closer is not None:
            stock = f"closed by {'you' if obs.closer == 0 else names.opponent}"
        elif obs.stock_size:
            stock = f"{obs.stock_size} cards"
        else:
            stock = "empty"
        married = [Text(" ").join(suit_text(suit) for who, suit in obs.marriages if who == seat)
                   or Text("—") for seat in (0, 1)]
        columns: list[tuple[str, list[Text]]] = [
            ("", [Text("You"), Text(names.opponent)]),
            ("Tricks", [Text(str(count)) for count in obs.trick_counts]),
            ("Points", [Text(str(points)) for points in obs.points]),
            ("Married", married),
        ]
        widths = [max(cells[seat].cell_len for _, cells in columns) for seat in (0, 1)]
        rows = [Text.assemble((f"{'Trump':<8}", "dim"), suit_text(obs.trump), " " + SUIT_NAMES[obs.trump]),
                Text.assemble((f"{'Stock':<8}", "dim"), stock)]
        for label, cells in columns:
            if label == "Points" and self.memory:
                rows.append(Text.assemble((f"{label:<8}", "dim"), ("hidden", "dim")))
                continue
            row = Text(f"{label:<8}", style="dim")
            for seat in (0, 1):
                cell = cells[seat].copy()
                cell.pad_left(widths[seat] - cell.cell_len)
                row.append_text(Text("  ") + cell if seat else cell)
            rows.append(row)
        self.query_one("#info", Static).update(Text("\n").join(rows), layout=False)

    def _render_hand(self, obs: Observation) -> None:
        hand = self.hand
        playable = set(hand) if self.drawing_first else {a.card for a in self.legal if a.card is not None}
        for slot in range(HAND_SLOTS):
            widget = self.query_one(f"#hand-{slot + 1}", CardWidget)
            if slot < len(hand):
                card = hand[slot]
                widget.show(card, key=str(slot + 1), caption="new" if self._new_cards >> card & 1 else "",
                            playable=card in playable, unplayable=bool(playable) and card not in playable,
                            new=bool(self._new_cards >> card & 1))
                widget.display = True
            else:
                widget.display = False

    def _render_actions(self, obs: Observation) -> None:
        for action in _BUTTON_ORDER:
            button = self.query_one("#" + _button_id(action), Button)
            button.display = action in self.legal
            if action in self.legal:
                button.label = Text.assemble((f" {self.key_for(action)} ", "reverse"), " ",
                                             action_label(action, obs))

    def _render_history(self, obs: Observation) -> None:
        """The tricks of the round, the latest last: as many as the panel holds."""
        names = self.names
        panel = self.query_one("#history", Static)
        lines = [sentence(f"{number:>2}. ", card_text(trick.lead), " ", card_text(trick.follow),
                          f"  {names.subject(trick.winner)}")
                 for number, trick in enumerate(obs.tricks, 1)]
        room = max(1, panel.content_region.height)
        if len(lines) > room:
            keep = room - 1
            lines = [Text(f" … {len(lines) - keep} earlier", style="dim"), *lines[len(lines) - keep:]]
        history = Text("\n").join(lines) if lines else Text("none yet", style="dim")
        panel.update(history, layout=False)

    # ------------------------------------------------------------------ choices

    def key_for(self, action: Action) -> str:
        """The key that chooses an action now (for a card, its place in the hand)."""
        card = action.card
        if card is not None:
            return str(self.hand.index(card) + 1)
        return MARRIAGE_KEY if action.marriage_suit is not None else ACTION_KEYS[action]

    def _offered(self) -> frozenset[str]:
        """The keys the user may press now (the footer is redrawn when they change)."""
        return frozenset("card" if action.card is not None else self.key_for(action)
                         for action in self.legal)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer (and show in the footer) only the keys of legal actions."""
        legal = self.legal
        if action == "play":
            return self.drawing_first or any(a.card is not None for a in legal)
        if action == "marriage":
            return any(a.marriage_suit is not None for a in legal)
        if action == "choose":
            chosen = Action.parse(str(parameters[0]))
            return chosen in legal or (chosen == CLOSE and self.drawing_first)
        if action == "go_on":
            return DRAW in legal or PASS in legal
        if action == "hint":
            return bool(legal)
        return True

    @property
    def drawing_first(self) -> bool:
        """Whether the user, asked to draw after winning a trick, may go on at once:
        a card key draws and then leads that card, ``close`` draws and then closes."""
        return DRAW in self.legal and not self.manual_draw

    def action_play(self, number: int) -> None:
        """Play the card at a position of the hand (1 is the leftmost)."""
        if not 1 <= number <= len(self.hand):
            self._refuse(f"You hold {len(self.hand)} cards: there is no card {number}.")
            return
        card = self.hand[number - 1]
        if self.drawing_first:
            self._draw_then(Action.of(card))
            return
        chosen = next((a for a in self.legal if a.card == card), None)
        if chosen is None:
            self._refuse(f"{card_text(card).plain} cannot be played: {self.why_not(Action.of(card))}")
            return
        self._choose(chosen)

    def why_not(self, action: Action) -> str:
        """Why the user may not choose ``action`` now, in the engine's words."""
        obs = self.observation
        if obs is None or obs.outcome is not None:
            return "the round is over." if obs is not None else "no round is dealt yet."
        if not self.legal:
            return f"it is {self.names.possessive(1)} turn." if obs.to_act == 1 else "wait a moment."
        reason = obs.why_illegal(action)
        return self.names.explain(reason or "it is not legal now") + "."

    def _refuse(self, message: str) -> None:
        """Say why a key did nothing, in place of the previous such message."""
        self.app.bell()
        self.app.clear_notifications()
        self.notify(message, severity="warning", timeout=4)

    def on_key(self, event: events.Key) -> None:
        """Say why a key of the table does nothing now."""
        binding = _KEYS.get(event.key)
        if binding is None or self.check_action(*_action_of(binding)):
            return
        event.stop()
        name, parameters = _action_of(binding)
        if name == "play":
            number = int(str(parameters[0]))
            if self.legal and not any(a.card is not None for a in self.legal):
                self._refuse(f"No card now: {prompt(self.observation, self.names).plain}"
                             if self.observation is not None else "No card now.")
            else:
                self.action_play(number)
        elif name == "choose":
            action = Action.parse(str(parameters[0]))
            self._refuse(f"{binding.description}: not now, {self.why_not(action)}")
        elif name == "marriage":
            self._refuse(f"Marriage: not now, {self._why_no_marriage()}")
        elif name == "go_on":
            self._refuse("Enter draws after a trick or declines an exchange: neither is asked now.")
        elif name == "hint":
            self._refuse("Hints are for your turn.")

    def _why_no_marriage(self) -> str:
        obs = self.observation
        if obs is None or not self.legal:
            return self.why_not(marriage(0))
        for suit in range(4):
            pair = 0b11 << (suit * 6 + QUEEN)
            if obs.hand & pair == pair:
                return self.why_not(marriage(suit))
        return "you hold no king and queen of one suit."

    def action_marriage(self) -> None:
        """Announce the marriage, or ask which one if several are possible."""
        marriages = [a for a in self.legal if a.marriage_suit is not None]
        if len(marriages) == 1:
            self._choose(marriages[0])
        elif marriages:
            self.app.push_screen(MarriagePicker(marriages), self._picked)

    def _picked(self, action: Action | None) -> None:
        if action is not None and action in self.legal:
            self._choose(action)

    def action_choose(self, token: str) -> None:
        """Choose the named action (``exchange``, ``close``, ``draw``, ...); closing
        the stock and declaring out ask first."""
        action = Action.parse(token)
        if action in (CLOSE, CLOSE_BEFORE_DRAW) and (
                action in self.legal or (action == CLOSE and self.drawing_first)):
            self.confirm_close(action)
        elif action == OUT and action in self.legal:
            self.confirm_out()
        elif action in self.legal:
            self._choose(action)

    def confirm_out(self) -> None:
        """Ask before declaring out, telling what it would score unless in memory mode."""
        obs = self.observation
        assert obs is not None
        if self.memory:
            details = Text("Memory mode: your points are not shown. A declaration under 66 "
                           "gives the opponent game points.")
        else:
            rnd = sample_round(obs, random.Random(0))
            rnd.push(OUT)
            outcome = rnd.outcome
            assert outcome is not None
            details = Text(f"You have {obs.points[0]} points. If you declare now: "
                           + self.names.explain(outcome.explanation),
                           style="" if outcome.winner == 0 else "bold red")
        self.app.push_screen(ConfirmScreen("Declare out (66)?", details), self._out_answered)

    def _out_answered(self, yes: bool | None) -> None:
        if yes and OUT in self.legal:
            self._choose(OUT)

    def confirm_close(self, action: Action) -> None:
        """Close the stock (``close``, after the draw if the user is to draw first, or
        ``close-before-draw``) once the user, told what closing means, says yes; at once
        if the explanation is off, or if a close after the draw would be refused anyway
        (the draw goes ahead and the refusal says why, as without the question)."""
        obs = self.observation
        assert obs is not None
        if not self.explain_close or (action == CLOSE and self.drawing_first
                                      and not self._may_close_after_draw(obs)):
            self._close(action)
            return
        question = ("Draw, then close the stock?" if action == CLOSE and self.drawing_first
                    else f"{action_label(action, obs).plain}?")
        screen = CloseScreen(question, close_explanation(obs, self.names))
        self.app.push_screen(screen, lambda yes: self._close_answered(action, screen.explain_again, yes))

    @staticmethod
    def _may_close_after_draw(obs: Observation) -> bool:
        """Whether the user, asked to draw, may close once drawn (the stock is large enough)."""
        rnd = sample_round(obs, random.Random(0))
        rnd.push(DRAW)
        return CLOSE in rnd.legal_tuple()

    def _close_answered(self, action: Action, explain_again: bool, yes: bool | None) -> None:
        if yes:
            self.explain_close = explain_again
            self._close(action)

    def _close(self, action: Action) -> None:
        """Close now, or draw first and then close."""
        if action == CLOSE and self.drawing_first:
            self._draw_then(CLOSE)
        elif action in self.legal:
            self._choose(action)

    def action_help(self) -> None:
        """Show every key and what it does."""
        self.app.push_screen(HelpScreen(list(help_rows(self.app))))

    def action_go_on(self) -> None:
        """Draw after a trick, or decline the exchange after the opponent's close."""
        for action in (DRAW, PASS):
            if action in self.legal:
                self._choose(action)

    def action_toggle_memory(self) -> None:
        """Switch memory mode: hide or show the running points and past tricks."""
        self.memory = not self.memory
        self.query_one("#log", GameLog).show(
            [line for line, tricks in self._entries if not (tricks and self.memory)])
        self.notify("Memory mode: points and past tricks hidden" if self.memory
                    else "Memory mode off: points and past tricks shown", timeout=2)
        self._redraw()

    def action_hint(self) -> None:
        """Analyse the user's decision in a worker; the hint goes to the log when ready."""
        if self.observation is not None and self.legal:
            self.analyze_hint(self.observation)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def analyze_hint(self, observation: Observation) -> tuple[Observation, list[ActionValue]]:
        """The analysis of ``observation``, in a thread so the table stays responsive."""
        return observation, analyze(observation, samples=HINT_SAMPLES, seconds=HINT_SECONDS)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Log a finished hint if the user still faces the decision it analysed."""
        worker = event.worker
        if worker.group != "hint":
            return
        result = worker.result
        if event.state is WorkerState.SUCCESS and result is not None:
            observation: Observation = result[0]
            values: list[ActionValue] = result[1]
            if observation is self.observation and self.legal:
                self._write(hint_text(values, observation))
        elif event.state is WorkerState.ERROR:
            self.notify(f"No hint: {worker.error}", severity="error", timeout=4)

    @on(CardWidget.Chosen)
    def _card_clicked(self, event: CardWidget.Chosen) -> None:
        if event.card in self.hand:
            self.action_play(self.hand.index(event.card) + 1)

    @on(Button.Pressed, "#actions Button")
    def _button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.action_choose(event.button.id.removeprefix("act-"))

    def _draw_then(self, action: Action) -> None:
        """Draw, then choose ``action`` once the user leads after the draw."""
        self._after_draw = action
        self._choose(DRAW)

    def _choose(self, action: Action) -> None:
        self.legal = ()
        self._redraw()
        self._seat.answer(action)


def _keyed(bindings: list[BindingType]) -> Iterator[Binding]:
    for binding in bindings:
        assert isinstance(binding, Binding)
        yield binding


_KEYS: dict[str, Binding] = {key.strip(): binding for binding in _keyed(GameScreen.BINDINGS)
                             for key in binding.key.split(",")}
"""The binding of each key of the card table."""


def _action_of(binding: Binding) -> tuple[str, tuple[object, ...]]:
    _, name, parameters = parse_action(binding.action)
    return name, parameters


def help_rows(app: App[int], table: list[BindingType] | None = None) -> Iterator[tuple[str, str]]:
    """The keys of the card table (``table``, by default the two-hand one's) and of the
    app with what they do: one row per binding (the card keys in one row), as the help
    screen lists them."""
    seen: set[str] = set()
    screen = GameScreen.BINDINGS if table is None else table
    for binding in [*_keyed(screen), *_keyed(MatchApp.BINDINGS), *_keyed(App.BINDINGS)]:
        if binding.key_display:
            keys = binding.key_display
        else:
            keys = " / ".join(app.get_key_display(Binding(key.strip(), binding.action))
                              for key in binding.key.split(","))
        if keys not in seen:
            seen.add(keys)
            description = binding.description or binding.action.replace("_", " ")
            yield keys, f"{description} ({binding.tooltip})" if binding.tooltip else description


class MatchApp(App[int]):
    """What the terminal apps of the two-hand and the three-hand game share: the
    match played in a thread worker, the record saved after every event, quitting
    with a question while the match goes on, and SIGTERM and SIGHUP handled."""

    CSS_PATH = "app.tcss"
    TITLE = "Sixty-Six"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit"),
        Binding("ctrl+c", "help_quit", "Tell which key quits", show=False, system=True),
    ]

    table: Table
    human: AskingSeat

    def __init__(self, opponent: str, seed: int | None, save: str | Path | None, signals: bool) -> None:
        super().__init__()
        self.opponent = opponent
        """The opponent's bot or level, as given."""
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 32)
        """The seed of the deals, kept in the record so that a resumed match deals alike."""
        self._stopping = threading.Event()
        self.save_path = None if save is None else Path(save)
        self.saved: str | None = None
        """What became of the record: where it was written, or why it was not."""
        self.save_failed = False
        self._signals = signals
        self._handlers: dict[int, _Handler] = {}
        self._worker: Worker[None] | None = None
        self._final: Event | None = None

    def on_mount(self) -> None:
        """End on SIGTERM and SIGHUP (the record is already written): the app exits and
        restores the terminal; should that hang (a closed terminal), the process ends
        after :data:`SIGNAL_GRACE` seconds all the same."""
        if self._signals:
            loop = asyncio.get_running_loop()

            def stop(number: int, frame: object) -> None:
                deadline = threading.Timer(SIGNAL_GRACE, os._exit, [128 + number])
                deadline.daemon = True
                deadline.start()
                loop.call_soon_threadsafe(self._signalled, number)

            for number in (signal.SIGTERM, signal.SIGHUP):
                self._handlers[number] = signal.signal(number, stop)

    def _signalled(self, number: int) -> None:
        self.human.close()
        self.exit(128 + number)

    def on_ready(self) -> None:
        """Start the match once the table is drawn."""
        self._worker = self._play()

    @work(thread=True, name="table")
    def _play(self) -> None:
        self._save()
        with contextlib.suppress(SeatClosed):
            try:
                self.table.play()
            except BotFailedError as error:
                self.call_from_thread(self.notify, f"The opponent program failed: {error}. "
                                      "The match stops here (the record is saved).",
                                      severity="error", timeout=60)

    def _keep(self, event: object) -> None:
        """Write the record after each event (in the worker thread, before the seat hears it)."""
        self._save()

    def _save(self) -> None:
        path = self.save_path
        if path is None:
            return
        record = record_of(self.table.match, self.opponent, self.seed)
        try:
            write_atomically(path, str(record))
        except OSError as error:
            if not self.save_failed:
                self.call_from_thread(self.notify, f"Could not save the record: {error}",
                                      severity="error", timeout=10)
            self.save_failed = True
            self.saved = f"Could not save the record to {path}: {error}"
        else:
            self.save_failed = False
            self.saved = f"Record saved to {path}"

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Once the match is over and its record written, show the result."""
        final = self._final
        if event.worker is self._worker and event.state is WorkerState.SUCCESS and final is not None \
                and final.match_winner is not None:
            self.push_screen(self._over(final.match_winner))

    def _over(self, winner: int) -> Screen[None]:
        """The end of the match, ``winner`` having won it."""
        raise NotImplementedError

    async def action_quit(self) -> None:
        """Leave, after asking if a match is in progress (its record is saved)."""
        if self.table.match.is_over or self._final is not None:
            await self._leave(1 if self.save_failed else 0)
        elif not isinstance(self.screen, ConfirmScreen):
            path = self.save_path
            saved = ("It is saved: go on later with  sixtysix play --resume " + str(path)
                     if path is not None and not self.save_failed else "It is not saved.")
            self.push_screen(ConfirmScreen("Quit the match in progress?", saved), self._quit_answered)

    def _quit_answered(self, yes: bool | None) -> None:
        if yes:
            self.call_later(self._leave, 1 if self.save_failed else 0)

    async def _leave(self, status: int) -> None:
        """Stop the match and exit with ``status``."""
        self.human.close()
        if self._worker is not None:
            with contextlib.suppress(WorkerFailed):
                await self.workers.wait_for_complete([self._worker])
        for seat in self.table.seats:
            if isinstance(seat, PausedSeat):
                seat.end()
        self.exit(status)

    def on_unmount(self) -> None:
        """However the app ends, do not leave the worker waiting for the user, nor the
        signals handled."""
        self.human.close()
        for number, handler in self._handlers.items():
            signal.signal(number, handler)


class SixtySixApp(MatchApp):
    """Sixty-Six in the terminal: the user against a computer opponent, a whole match.

    ``delay`` is the opponent's pause in seconds before each of its actions;
    ``save`` a file the match record is written to at the start and after every
    action and deal (atomically). ``seed`` seeds the deals and the opponent; when it
    is ``None`` one is drawn at random, and the record keeps it. ``match`` is a match
    to play on (resumed from its record); ``manual_draw`` keeps the draw on its own key
    and asks for forced cards too; ``explain_close=False`` closes the stock at once, without
    first saying what closing means and asking; ``signals`` makes SIGTERM and SIGHUP end
    the app cleanly.
    A program opponent (``cmd:``) may think ``bot_seconds`` per decision and take
    ``handshake_seconds`` to start; it is retold a resumed match first.
    """

    table: Table
    human: HumanSeat

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 save: str | Path | None = None, opponent: str = "greedy", delay: float = 0.5,
                 memory: bool = False, match: Match | None = None, manual_draw: bool = False,
                 signals: bool = False, bot_seconds: float | None = None,
                 handshake_seconds: float | None = None, explain_close: bool = True) -> None:
        super().__init__(opponent, seed, save, signals)
        rules = match.rules if match is not None else rules or Rules()
        self.names = Names(opponent_name(opponent))
        self.human = HumanSeat(self.post_message, self._stopping, self._keep)
        opponent_bot = limit(make_bot(opponent, self.seed), bot_seconds, handshake_seconds)
        if match is not None and isinstance(opponent_bot, EngineBot):
            opponent_bot.resume(match, 1)
        bot = PausedSeat(opponent_bot, delay, self._stopping)
        self.match = match if match is not None else Match(rules, seed=self.seed)
        """The match the table plays."""
        self.table = Table([self.human, bot], match=self.match)
        """The table; the worker thread plays its match."""
        self.game = GameScreen(self.human, self.names, rules, memory, manual_draw, explain_close)
        self.game.round_number = len(self.match.rounds)
        self.game.score = self.match.score
        self._results = [result for result in self.match.results() if result.outcome is not None]

    def get_default_screen(self) -> Screen[None]:
        """The card table."""
        return self.game

    def on_your_turn(self, message: YourTurn) -> None:
        """The user's seat waits for a choice."""
        self.game.ask(message.observation)

    def on_table_update(self, message: TableUpdate) -> None:
        """Show an event; open the round summary and the end of the match."""
        event = message.event
        self.game.show_event(event)
        if event.kind is EventKind.ROUND_ENDED and event.result is not None:
            result = self.match.results()[-1]
            self._results.append(result)
            marriages = narrowed(event.observation, Observation).marriages
            summary = RoundOverScreen(len(self._results), result, marriages, self.match.score,
                                      self.game.rules.match_target, self.names,
                                      match_over=event.match_winner is not None)
            self.push_screen(summary, lambda _: self.human.go_on())
        elif event.kind is EventKind.MATCH_ENDED:
            self._final = event

    def _over(self, winner: int) -> Screen[None]:
        """The end of the match."""
        return MatchOverScreen(self.match.score, winner, self._results, self.names, self.saved)
