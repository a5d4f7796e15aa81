"""The Textual app: a match of Sixty-Six between the user (seat 0) and a bot (seat 1).

The match runs in :class:`~sixtysix.table.Table`, in a thread worker. The user's
seat posts each :class:`~sixtysix.observation.Observation` of seat 0 to the app
and waits for the user's choice; the screen shows only what those observations
and the table's events hold, and offers exactly ``observation.legal``. The hint
key analyses the user's decision (:func:`~sixtysix.analysis.analyze`) from that
observation alone, in another thread worker.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, RichLog, Static
from textual.worker import Worker, WorkerFailed, WorkerState

from sixtysix.analysis import ActionValue, analyze
from sixtysix.bots import make_bot
from sixtysix.cards import SUIT_NAMES, Card, cards_in
from sixtysix.match import RoundResult
from sixtysix.notation import Record
from sixtysix.observation import Observation
from sixtysix.round import (
    CLOSE,
    CLOSE_BEFORE_DRAW,
    DRAW,
    EXCHANGE,
    OUT,
    PASS,
    Action,
    marriage,
)
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, Table
from sixtysix.tui.screens import MarriagePicker, MatchOverScreen, RoundOverScreen, score_line
from sixtysix.tui.seats import HumanSeat, PausedSeat, SeatClosed, TableUpdate, YourTurn
from sixtysix.tui.widgets import CardWidget
from sixtysix.tui.words import (
    Names,
    action_label,
    card_text,
    cards_text,
    describe_action,
    describe_lead,
    describe_trick,
    hint_text,
    opponent_name,
    prompt,
    sentence,
    suit_text,
)

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

_BUTTON_ORDER: tuple[Action, ...] = (DRAW, PASS, *(marriage(suit) for suit in range(4)), EXCHANGE,
                                     CLOSE, CLOSE_BEFORE_DRAW, OUT)


def _button_id(action: Action) -> str:
    return "act-" + action.token


def _suit_order(trump: int) -> dict[int, int]:
    """Hand order of the suits: the plain suits alternating in colour, trumps last."""
    plain = [suit for suit in (0, 2, 3, 1) if suit != trump]
    return {suit: index for index, suit in enumerate([*plain, trump])}


class GameScreen(Screen[None]):
    """The card table as seat 0 sees it, and the user's choices by key and by mouse."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"play({n})", "Play card", show=n == 1, key_display="1-6")
          for n in range(1, 10)),
        Binding(ACTION_KEYS[DRAW], "choose('draw')", "Draw"),
        Binding(ACTION_KEYS[PASS], "choose('pass')", "Don't exchange"),
        Binding(MARRIAGE_KEY, "marriage", "Marriage"),
        Binding(ACTION_KEYS[EXCHANGE], "choose('exchange')", "Exchange nine"),
        Binding(ACTION_KEYS[CLOSE], "choose('close')", "Close"),
        Binding(ACTION_KEYS[CLOSE_BEFORE_DRAW], "choose('close-before-draw')", "Close before drawing"),
        Binding(ACTION_KEYS[OUT], "choose('out')", "Declare out"),
        Binding("enter,space", "go_on", "Go on", show=False),
        Binding("m", "toggle_memory", "Memory mode"),
        Binding(HINT_KEY, "hint", "Hint"),
    ]

    def __init__(self, seat: HumanSeat, names: Names, rules: Rules, memory: bool = False) -> None:
        super().__init__()
        self._seat = seat
        self.names = names
        self.rules = rules
        self.memory = memory
        """Memory mode (RULES.md section 6): running points and past tricks are hidden."""
        self.observation: Observation | None = None
        """The latest view of seat 0."""
        self.legal: tuple[Action, ...] = ()
        """The actions the user may choose now; empty unless the table waits for the user."""
        self.score = (0, 0)
        self.round_number = 0
        self.hand: tuple[Card, ...] = ()
        """The user's cards in the order shown: key ``n`` plays ``hand[n - 1]``."""
        self._new_cards = 0
        self._entries: list[tuple[Text, bool]] = []
        self._offered_keys: frozenset[str] = frozenset()

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The table from the opponent's side down to the user's hand and the log."""
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
            log = RichLog(id="log", wrap=True, min_width=20)
            log.can_focus = False
            log.border_title = "Log"
            yield log
            yield Static(id="history")
        yield Footer()

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
        after = event.observation
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
        elif event.kind is EventKind.ACTION and event.actor is not None and event.action is not None:
            self._log_action(event.actor, event.action, before, after)
        elif event.kind is EventKind.ROUND_ENDED and after.outcome is not None:
            self._write(Text(self.names.explain(after.outcome.explanation)), style="italic")
        self.score = event.score
        self._take(after)
        self._redraw()

    def ask(self, observation: Observation) -> None:
        """The table waits for the user to choose one of ``observation.legal``."""
        self._take(observation)
        self.legal = observation.legal
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
            self.query_one("#log", RichLog).write(line)

    # -------------------------------------------------------------------- drawing

    def _redraw(self) -> None:
        obs = self.observation
        memory = self.memory
        names = self.names
        top = Text.assemble(("Sixty-Six", "bold"), f" · {self.rules} · round {self.round_number}   ",
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
            status.update(sentence("▶ ", prompt(obs, names)), layout=False)
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
        names = self.names
        if obs.closer is not None:
            stock = f"closed by {'you' if obs.closer == 0 else names.opponent}"
        elif obs.stock_size:
            stock = f"{obs.stock_size} cards"
        else:
            stock = "empty"
        married = [[suit for who, suit in obs.marriages if who == seat] for seat in (0, 1)]
        rows: list[tuple[str, Text]] = [
            ("Trump", sentence(suit_text(obs.trump), " " + SUIT_NAMES[obs.trump])),
            ("Stock", Text(stock)),
            ("Dealer", Text(names.subject(obs.dealer))),
            ("Marriages", sentence(
                "You ", Text(" ").join(suit_text(s) for s in married[0]) if married[0] else "—",
                f"  {names.opponent} ",
                Text(" ").join(suit_text(s) for s in married[1]) if married[1] else "—")),
            ("Tricks", Text(f"You {obs.trick_counts[0]}  {names.opponent} {obs.trick_counts[1]}")),
            ("Points", Text("hidden", style="dim") if self.memory
             else Text(f"You {obs.points[0]}  {names.opponent} {obs.points[1]}")),
        ]
        info = Text("\n").join(Text.assemble((f"{label:<10}", "dim"), value) for label, value in rows)
        self.query_one("#info", Static).update(info, layout=False)

    def _render_hand(self, obs: Observation) -> None:
        hand = self.hand
        playable = {a.card for a in self.legal if a.card is not None}
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
        names = self.names
        lines = [sentence(f"{number:>2}. ", card_text(trick.lead), " ", card_text(trick.follow),
                          f"  {names.subject(trick.winner)}")
                 for number, trick in enumerate(obs.tricks, 1)]
        history = Text("\n").join(lines) if lines else Text("none yet", style="dim")
        self.query_one("#history", Static).update(history, layout=False)

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
            return any(a.card is not None for a in legal)
        if action == "marriage":
            return any(a.marriage_suit is not None for a in legal)
        if action == "choose":
            return Action.parse(str(parameters[0])) in legal
        if action == "go_on":
            return DRAW in legal or PASS in legal
        if action == "hint":
            return bool(legal)
        return True

    def action_play(self, number: int) -> None:
        """Play the card at a position of the hand (1 is the leftmost)."""
        if not 1 <= number <= len(self.hand):
            return
        card = self.hand[number - 1]
        chosen = next((a for a in self.legal if a.card == card), None)
        if chosen is None:
            self.app.bell()
            self.notify(f"{card_text(card).plain} cannot be played now.", severity="warning", timeout=2)
            return
        self._choose(chosen)

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
        """Choose the named action (``exchange``, ``close``, ``draw``, ...)."""
        action = Action.parse(token)
        if action in self.legal:
            self._choose(action)

    def action_go_on(self) -> None:
        """Draw after a trick, or decline the exchange after the opponent's close."""
        for action in (DRAW, PASS):
            if action in self.legal:
                self._choose(action)

    def action_toggle_memory(self) -> None:
        """Switch memory mode: hide or show the running points and past tricks."""
        self.memory = not self.memory
        log = self.query_one("#log", RichLog)
        log.clear()
        for line, tricks in self._entries:
            if not (tricks and self.memory):
                log.write(line)
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
        chosen = next((a for a in self.legal if a.card == event.card), None)
        if chosen is not None:
            self._choose(chosen)

    @on(Button.Pressed, "#actions Button")
    def _button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        action = Action.parse(event.button.id.removeprefix("act-"))
        if action in self.legal:
            self._choose(action)

    def _choose(self, action: Action) -> None:
        self.legal = ()
        self._redraw()
        self._seat.answer(action)


class SixtySixApp(App[int]):
    """Sixty-Six in the terminal: the user against a computer opponent, a whole match.

    ``delay`` is the opponent's pause in seconds before each of its actions;
    ``save`` a file to write the match record to, at the end or when the user quits.
    """

    CSS_PATH = "app.tcss"
    TITLE = "Sixty-Six"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit")]

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 save: str | Path | None = None, opponent: str = "greedy", delay: float = 0.5,
                 memory: bool = False) -> None:
        super().__init__()
        rules = rules or Rules()
        self.opponent = opponent
        """The opponent's bot or level, as given."""
        self.names = Names(opponent_name(opponent))
        self._stopping = threading.Event()
        self.human = HumanSeat(self.post_message, self._stopping)
        bot = PausedSeat(make_bot(opponent, seed), delay, self._stopping)
        self.table = Table([self.human, bot], rules, seed=seed)
        """The table; the worker thread plays its match."""
        self.save_path = None if save is None else Path(save)
        self.saved: str | None = None
        """What became of the record: where it was written, or why it was not."""
        self.save_failed = False
        self.game = GameScreen(self.human, self.names, rules, memory)
        self._results: list[RoundResult] = []
        self._worker: Worker[None] | None = None
        self._final: Event | None = None

    def get_default_screen(self) -> Screen[None]:
        """The card table."""
        return self.game

    def on_ready(self) -> None:
        """Start the match once the table is drawn."""
        self._worker = self._play()

    @work(thread=True, name="table")
    def _play(self) -> None:
        try:
            self.table.play()
        except SeatClosed:
            pass
        finally:
            if self.save_path is not None:
                self._write_record(self.save_path)

    def _write_record(self, path: Path) -> None:
        record = Record.from_match(self.table.match, players=("human", self.opponent))
        try:
            path.write_text(str(record), encoding="utf-8")
        except OSError as error:
            self.save_failed = True
            self.saved = f"Could not save the record to {path}: {error}"
        else:
            self.saved = f"Record saved to {path}"

    def on_your_turn(self, message: YourTurn) -> None:
        """The user's seat waits for a choice."""
        self.game.ask(message.observation)

    def on_table_update(self, message: TableUpdate) -> None:
        """Show an event; open the round summary and the end of the match."""
        event = message.event
        self.game.show_event(event)
        if event.kind is EventKind.ROUND_ENDED and event.result is not None:
            self._results.append(event.result)
            summary = RoundOverScreen(len(self._results), event.result, event.observation.marriages,
                                      event.score, self.game.rules.match_target, self.names,
                                      match_over=event.match_winner is not None)
            self.push_screen(summary, lambda _: self.human.go_on())
        elif event.kind is EventKind.MATCH_ENDED:
            self._final = event

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Once the match is over and its record written, show the result."""
        final = self._final
        if event.worker is self._worker and event.state is WorkerState.SUCCESS and final is not None \
                and final.match_winner is not None:
            self.push_screen(MatchOverScreen(final.score, final.match_winner, self._results, self.names,
                                             self.saved))

    async def action_quit(self) -> None:
        """Stop the match (its record is saved) and leave."""
        self.human.close()
        if self._worker is not None:
            with contextlib.suppress(WorkerFailed):
                await self.workers.wait_for_complete([self._worker])
        self.exit(1 if self.save_failed else 0)

    def on_unmount(self) -> None:
        """However the app ends, do not leave the worker waiting for the user."""
        self.human.close()
