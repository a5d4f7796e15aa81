"""The three-hand game in the terminal (RULES.md section 11): the user (seat 0)
against two computer players, the one to the left (seat 1, who plays after the
user) and the one to the right (seat 2).

The match runs at a :class:`~sixtysix.table.Table`, in a thread worker, as the
two-hand app runs its :class:`~sixtysix.table.Table`; the screen shows only what
seat 0's :class:`~sixtysix.three.observation.ThreeObservation` holds: the user's cards face up,
the others' as backs with their counts and the cards they have shown. The hint key
analyses the user's decision (:func:`~sixtysix.analysis.analyze_three`) from that
observation alone, in another thread worker, as the two-hand app does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from sixtysix.analysis import ActionValue, analyze_three
from sixtysix.bots import make_bot
from sixtysix.cards import Card, cards_in
from sixtysix.game.actions import OUT, Action
from sixtysix.game.interface import narrowed
from sixtysix.games import THREE
from sixtysix.rules import THREE_HAND, Rules
from sixtysix.table import Event, EventKind, Table
from sixtysix.three.deal import SEATS
from sixtysix.three.match import ThreeMatch, ThreeRoundResult
from sixtysix.three.observation import ThreeObservation
from sixtysix.tui.app import HINT_KEY, HINT_SAMPLES, HINT_SECONDS, MatchApp, fit, help_rows
from sixtysix.tui.screens import ConfirmScreen, GoOnScreen, HelpScreen, MarriagePicker
from sixtysix.tui.seats import PausedSeat, ThreeHumanSeat, ThreeTurn, ThreeUpdate
from sixtysix.tui.widgets import CardWidget, GameLog
from sixtysix.tui.words import card_text, cards_text, hint_text, opponent_name, sentence, suit_text

HAND_SLOTS = 8
"""The cards a three-hand hand holds at the deal."""

HINT_VALUES = "expected game points less the others' mean"
"""What a three-hand hint's values are (:func:`~sixtysix.analysis.analyze_three`)."""

_SEATS = re.compile(r"\b([Ss])eats (\d) and (\d)\b")
_SEAT = re.compile(r"\b([Ss])eat (\d)\b('s)?")
_AGREE = re.compile(r"\b([Yy]ou) (has|scores|does)\b")
_PLURAL = {"has": "have", "scores": "score", "does": "do"}


@dataclass(frozen=True)
class ThreeNames:
    """The names of the three seats: ``You``, ``Left`` and ``Right``, and the bot
    the two others are.

    >>> names = ThreeNames("Easy bot")
    >>> names.explain("Seat 2 declared out with 70 points; seat 0 has 20 points: 2 game points")
    'Right declared out with 70 points; you have 20 points: 2 game points'
    >>> names.explain("seats 0 and 1 score 2 game points each.")
    'you and Left score 2 game points each.'
    """

    bot: str
    seats: tuple[str, str, str] = ("You", "Left", "Right")

    def subject(self, seat: int) -> str:
        """The seat as the subject of a sentence."""
        return self.seats[seat]

    def verb(self, seat: int, plural: str, singular: str) -> str:
        """The verb form that agrees with :meth:`subject`."""
        return plural if seat == 0 else singular

    def title(self, seat: int) -> str:
        """A computer seat's panel title: where it sits and what it is."""
        return f"{self.seats[seat]} · {self.bot}"

    def _named(self, seat: int, capital: bool, possessive: bool = False) -> str:
        if seat:
            return self.seats[seat] + ("'s" if possessive else "")
        word = "Your" if possessive else "You"
        return word if capital else word.lower()

    def explain(self, explanation: str) -> str:
        """The engine's explanation of a round's score, with the seats' names."""
        named = _SEATS.sub(lambda found: f"{self._named(int(found[2]), found[1] == 'S')} and "
                                         f"{self._named(int(found[3]), False)}", explanation)
        named = _SEAT.sub(lambda found: self._named(int(found[2]), found[1] == "S", bool(found[3])), named)
        return _AGREE.sub(lambda found: f"{found[1]} {_PLURAL[found[2]]}", named)


def score_text(score: Sequence[int], target: int, names: ThreeNames) -> str:
    """The match score, as in ``You 3 · Left 5 · Right 0  (playing to 11)``."""
    return " · ".join(f"{names.subject(seat)} {points}" for seat, points in enumerate(score)) + \
        f"  (playing to {target})"


def _tricks(count: int) -> str:
    return f"{count} trick{'' if count == 1 else 's'}"


def _game_points(points: int) -> str:
    return f"{points} game point{'' if points == 1 else 's'}"


class ThreeGameScreen(Screen[None]):
    """The card table as seat 0 sees it, and the user's choices by key and by mouse."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"play({n})", "Play card", show=n == 1, key_display="1-8")
          for n in range(1, HAND_SLOTS + 1)),
        Binding("a", "marriage", "Marriage"),
        Binding("o", "out", "Declare out"),
        Binding(HINT_KEY, "hint", "Hint"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def __init__(self, seat: ThreeHumanSeat, names: ThreeNames, rules: Rules) -> None:
        super().__init__()
        self._seat = seat
        self.names = names
        self.rules = rules
        self.observation: ThreeObservation | None = None
        """The latest view of seat 0."""
        self.legal: tuple[Action, ...] = ()
        """The actions the user may choose now; empty unless the table waits for the user."""
        self.score: tuple[int, int, int] = (0, 0, 0)
        self.round_number = 0
        self.hand: tuple[Card, ...] = ()
        """The user's cards in the order shown: key ``n`` plays ``hand[n - 1]``."""
        self.refusal: Text | None = None
        """Why the last key did nothing, until the next redraw after a move."""

    def compose(self) -> ComposeResult:
        """The two other seats, the table, the user's hand and the log."""
        yield Static(id="too-small")
        with Vertical(id="main"):
            yield Static(id="topbar")
            with Horizontal(id="opponents"):
                for seat in (1, 2):
                    yield Static(id=f"seat-{seat}", classes="seat-panel")
            with Horizontal(id="table"):
                with Vertical(classes="slot", id="trump3-slot"):
                    yield CardWidget(id="trump3")
                    yield Static(id="trump3-label", classes="label")
                for place in range(SEATS):
                    with Vertical(classes="slot", id=f"trick-{place}-slot"):
                        yield CardWidget(id=f"trick-{place}")
                        yield Static(id=f"trick-{place}-label", classes="label")
                yield Static(id="info")
            yield Static(id="status")
            with Horizontal(id="hand3"):
                for slot in range(1, HAND_SLOTS + 1):
                    yield CardWidget(id=f"hand-{slot}", classes="hand")
            with Horizontal(id="bottom"):
                log = GameLog(id="log")
                log.can_focus = False
                log.border_title = "Log"
                yield log
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """Show the table, or say how much room it needs."""
        fit(self, event, self._redraw)

    def on_mount(self) -> None:
        """Draw the empty table."""
        for seat in (1, 2):
            self.query_one(f"#seat-{seat}", Static).border_title = self.names.title(seat)
        self.query_one("#table", Horizontal).border_title = "Table"
        self._redraw()

    # ------------------------------------------------------------- from the table

    def show_event(self, event: Event) -> None:
        """Take in one event of the table: log it and redraw."""
        obs = narrowed(event.observation, ThreeObservation)
        names = self.names
        if event.kind is EventKind.ROUND_STARTED:
            self.round_number += 1
            self._write(sentence(f"Round {self.round_number}: {names.subject(obs.dealer)} "
                                 f"{names.verb(obs.dealer, 'deal', 'deals')}; trump ", suit_text(obs.trump),
                                 " (", card_text(obs.trump_card), " turned)"), style="bold")
        elif event.kind is EventKind.ROUND_RESUMED:
            self._write(sentence(f"Round {self.round_number} resumed: {len(obs.tricks)} tricks played; "
                                 "trump ", suit_text(obs.trump)), style="bold")
        elif event.kind is EventKind.ACTION and event.actor is not None and event.action is not None:
            self._log_action(event.actor, event.action, obs)
        elif event.kind is EventKind.ROUND_ENDED and obs.outcome is not None:
            self._write(Text(names.explain(obs.outcome.explanation)), style="italic")
        self.score = (event.score[0], event.score[1], event.score[2])
        self._take(obs)
        self._redraw()

    def _log_action(self, actor: int, action: Action, obs: ThreeObservation) -> None:
        names = self.names
        who = names.subject(actor)
        card = action.card
        if card is not None:
            line = sentence(f"{who} {names.verb(actor, 'play', 'plays')} ", card_text(card))
            if not obs.table and obs.tricks:
                trick = obs.tricks[-1]
                line.append(f"; {names.subject(trick.winner)} {names.verb(trick.winner, 'take', 'takes')} "
                            f"the trick")
            self._write(line)
        elif action.marriage_suit is not None:
            value = 40 if action.marriage_suit == obs.trump else 20
            self._write(sentence(f"{who} {names.verb(actor, 'announce', 'announces')} the marriage in ",
                                 suit_text(action.marriage_suit), f" ({value})"))
        elif action == OUT:
            self._write(Text(f"{who} {names.verb(actor, 'declare', 'declares')} out"))

    def _write(self, line: Text, *, style: str = "") -> None:
        if style:
            line.stylize(style)
        self.query_one("#log", GameLog).add(line)

    def ask(self, observation: ThreeObservation) -> None:
        """The table waits for the user to choose one of ``observation.legal``; a single
        legal card is played at once."""
        self._take(observation)
        self.legal = observation.legal
        if len(self.legal) == 1:
            forced = self.legal[0]
            if forced.card is not None:
                self._write(sentence("Your only legal card: ", card_text(forced.card)))
            self._choose(forced)
            return
        self._redraw()

    def _take(self, observation: ThreeObservation) -> None:
        self.observation = observation
        trump = observation.trump
        order = {suit: index for index, suit in enumerate([s for s in (0, 2, 3, 1) if s != trump] + [trump])}
        self.hand = tuple(sorted(cards_in(observation.hand), key=lambda c: (order[c // 6], -c)))

    # -------------------------------------------------------------------- drawing

    def _redraw(self) -> None:
        obs = self.observation
        names = self.names
        dealing = "" if obs is None else \
            f" · {names.subject(obs.dealer)} {names.verb(obs.dealer, 'deal', 'deals')}"
        top = Text.assemble((f"Round {self.round_number}", "bold"), f"{dealing}   ",
                            (score_text(self.score, self.rules.match_target, names), "bold"))
        self.query_one("#topbar", Static).update(top, layout=False)
        status = self.query_one("#status", Static)
        if obs is None:
            status.update("Dealing…", layout=False)
            return
        for seat in (1, 2):
            self._render_seat(obs, seat)
        self._render_table(obs)
        self._render_hand(obs)
        if self.refusal is not None:
            status.update(self.refusal, layout=False)
        elif self.legal:
            status.update(self._prompt(obs), layout=False)
        elif obs.outcome is not None:
            status.update("The round is over.", layout=False)
        elif obs.to_act is not None:
            status.update(f"{names.subject(obs.to_act)} is thinking…", layout=False)
        status.set_class(bool(self.legal) and self.refusal is None, "your-turn")
        status.set_class(self.refusal is not None, "refused")

    def _prompt(self, obs: ThreeObservation) -> Text:
        keys = ["1-8: play a card"]
        if any(action.marriage_suit is not None for action in self.legal):
            keys.append("a: marriage")
        if OUT in self.legal:
            keys.append("o: declare out")
        doing = "Lead a card" if not obs.table else "Play a card to the trick"
        return Text(f"▶ Your turn. {doing} ({', '.join(keys)}).")

    def _marriages(self, obs: ThreeObservation, seat: int) -> Text:
        married = [suit for who, suit in obs.marriages if who == seat]
        return Text(" ").join(suit_text(suit) for suit in married) if married else Text("none", style="dim")

    def _render_seat(self, obs: ThreeObservation, seat: int) -> None:
        count = obs.hand_sizes[seat]
        shown = cards_in(obs.shown[seat])
        line = Text.assemble(("▒" * count, "#6f8fdf"), f"  {count} card{'' if count == 1 else 's'}")
        if shown:
            line.append("  shows ")
            line.append(cards_text(tuple(shown)))
        points = Text.assemble(f"{obs.points[seat]} points · {_tricks(obs.trick_counts[seat])} · marriages ",
                               self._marriages(obs, seat))
        panel = self.query_one(f"#seat-{seat}", Static)
        marks = [word for word, on_it in (("deals", obs.dealer == seat), ("to play", obs.to_act == seat))
                 if on_it]
        panel.border_subtitle = " · ".join(marks)
        panel.set_class(obs.to_act == seat, "to-act")
        panel.update(Text("\n").join([line, points]), layout=False)

    def _render_table(self, obs: ThreeObservation) -> None:
        names = self.names
        self.query_one("#trump3", CardWidget).show(obs.trump_card)
        self.query_one("#trump3-label", Static).update("trump", layout=False)
        held = obs.shown[obs.dealer] >> obs.trump_card & 1
        holder = "played" if not held else "yours" if obs.dealer == 0 else \
            f"held by {names.subject(obs.dealer)}"
        cards: tuple[Card, ...] = obs.table
        leader = obs.leader
        last = ""
        if not cards and obs.tricks:
            trick = obs.tricks[-1]
            cards, leader = trick.cards, trick.leader
            last = f"Last trick: {names.subject(trick.winner)} took it"
        for place in range(SEATS):
            widget = self.query_one(f"#trick-{place}", CardWidget)
            label = self.query_one(f"#trick-{place}-label", Static)
            if place < len(cards):
                widget.show(cards[place], unplayable=bool(last))
                label.update(names.subject((leader + place) % SEATS), layout=False)
            else:
                widget.show(None)
                label.update("", layout=False)
        info = [
            Text.assemble(("You", "bold"), f": {obs.points[0]} points · {_tricks(obs.trick_counts[0])}"),
            Text.assemble("Your marriages: ", self._marriages(obs, 0)),
            Text.assemble("Trump card ", card_text(obs.trump_card), f" ({holder})"),
            Text(f"Tricks played: {len(obs.tricks)} of 8"),
        ]
        if last:
            info.append(Text(last, style="italic"))
        elif cards:
            info.append(Text(f"{names.subject(leader)} led", style="italic"))
        self.query_one("#info", Static).update(Text("\n").join(info), layout=False)

    def _render_hand(self, obs: ThreeObservation) -> None:
        legal_cards = {action.card for action in self.legal if action.card is not None}
        for slot in range(1, HAND_SLOTS + 1):
            widget = self.query_one(f"#hand-{slot}", CardWidget)
            if slot <= len(self.hand):
                card = self.hand[slot - 1]
                playable = card in legal_cards
                widget.show(card, key=str(slot), playable=playable,
                            unplayable=bool(self.legal) and not playable)
            else:
                widget.show(None)

    # ---------------------------------------------------------------------- keys

    def action_play(self, number: int) -> None:
        """Play the ``number``-th card of the hand, or say why not."""
        if number > len(self.hand):
            self._refuse(f"You hold {len(self.hand)} cards: there is no card {number}.")
            return
        card = self.hand[number - 1]
        self._try(Action(card), sentence("Not ", card_text(card), ": "))

    def action_marriage(self) -> None:
        """Announce the marriage, or ask which one if several are possible."""
        marriages = [a for a in self.legal if a.marriage_suit is not None]
        if len(marriages) == 1:
            self._choose(marriages[0])
        elif marriages:
            self.app.push_screen(MarriagePicker(marriages), self._picked)
        else:
            self._refuse("No marriage now: a marriage is announced when you lead, holding its king "
                         "and queen.")

    def _picked(self, action: Action | None) -> None:
        if action is not None and action in self.legal:
            self._choose(action)

    def action_out(self) -> None:
        """Declare out, after a question."""
        obs = self.observation
        if obs is None or OUT not in self.legal:
            self._try(OUT, Text("Not out: "))
            return
        details = Text(f"You have {obs.points[0]} points. Under 66, a false declaration gives each "
                       "other seat 2 game points.", style="" if obs.points[0] >= 66 else "bold red")
        self.app.push_screen(ConfirmScreen("Declare out (66)?", details), self._out_answered)

    def _out_answered(self, yes: bool | None) -> None:
        if yes and OUT in self.legal:
            self._choose(OUT)

    def action_help(self) -> None:
        """Show every key and what it does."""
        self.app.push_screen(HelpScreen(list(help_rows(self.app, ThreeGameScreen.BINDINGS))))

    def action_hint(self) -> None:
        """Analyse the user's decision in a worker; the hint goes to the log when ready."""
        if self.observation is None or not self.legal:
            self._refuse("Hints are for your turn.")
            return
        self.analyze_hint(self.observation)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def analyze_hint(self, observation: ThreeObservation) -> tuple[ThreeObservation, list[ActionValue]]:
        """The analysis of ``observation``, in a thread so the table stays responsive."""
        return observation, analyze_three(observation, samples=HINT_SAMPLES, seconds=HINT_SECONDS)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Log a finished hint if the user still faces the decision it analysed."""
        worker = event.worker
        if worker.group != "hint":
            return
        result = worker.result
        if event.state is WorkerState.SUCCESS and result is not None:
            observation: ThreeObservation = result[0]
            values: list[ActionValue] = result[1]
            if observation is self.observation and self.legal:
                self._write(hint_text(values, observation, HINT_VALUES))
        elif event.state is WorkerState.ERROR:
            self.notify(f"No hint: {worker.error}", severity="error", timeout=4)

    def _try(self, action: Action, prefix: Text) -> None:
        obs = self.observation
        if action in self.legal:
            self._choose(action)
        elif obs is None or not self.legal:
            self._refuse(sentence(prefix, "it is not your turn."))
        else:
            self._refuse(sentence(prefix, obs.why_illegal(action) or "not allowed now"))

    def _refuse(self, reason: str | Text) -> None:
        self.refusal = Text(reason) if isinstance(reason, str) else reason
        self._redraw()

    @on(CardWidget.Chosen)
    def _card_clicked(self, event: CardWidget.Chosen) -> None:
        if event.card in self.hand:
            self.action_play(self.hand.index(event.card) + 1)

    def _choose(self, action: Action) -> None:
        self.legal = ()
        self.refusal = None
        self._redraw()
        self._seat.answer(action)


class ThreeRoundOverScreen(GoOnScreen):
    """Why the round just played scored what it did; the user goes on with a key."""

    def __init__(self, number: int, result: ThreeRoundResult, observation: ThreeObservation,
                 score: tuple[int, int, int], names: ThreeNames, match_over: bool) -> None:
        super().__init__()
        self._number = number
        self._result = result
        self._observation = observation
        self._score = score
        self._names = names
        self._match_over = match_over

    def compose(self) -> ComposeResult:
        """The summary in a dialog box."""
        outcome = self._result.outcome
        assert outcome is not None
        names = self._names
        winner = outcome.winner
        if outcome.replay:
            title = f"Round {self._number}: nobody scores, the same dealer deals again"
        elif winner is None:
            title = f"Round {self._number}: a false declaration"
        else:
            title = (f"Round {self._number}: {names.subject(winner)} "
                     f"{names.verb(winner, 'score', 'scores')} {_game_points(outcome.game_points)}")
        table = RichTable(box=None, padding=(0, 2), show_header=True, header_style="bold")
        table.add_column("")
        for seat in range(SEATS):
            table.add_column(names.subject(seat), justify="right")
        table.add_row("points", *(str(points) for points in outcome.points))
        table.add_row("tricks", *(str(tricks) for tricks in outcome.tricks))
        marriages = self._observation.marriages
        married = [[suit for who, suit in marriages if who == seat] for seat in range(SEATS)]
        table.add_row("marriages", *(Text(" ").join(suit_text(suit) for suit in suits) if suits
                                     else Text("—", style="dim") for suits in married))
        table.add_row("game points", *(f"+{gained}" for gained in outcome.scores))
        with Vertical(id="dialog", classes="round-over"):
            yield Static(Text(title), id="round-title", classes="title")
            yield Static(Text(names.explain(outcome.explanation)), id="explanation")
            yield Static(table, id="round-table")
            yield Static(Text(score_text(self._score, self._observation.rules.match_target, names)),
                         id="round-score", classes="score")
            yield self.hint(self._match_over)
        yield Footer()


class ThreeMatchOverScreen(ModalScreen[None]):
    """The winner, the final score, the rounds of the match and where its record went."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,q,escape", "app.quit", "Quit", key_display="⏎/q"),
    ]

    def __init__(self, score: tuple[int, int, int], winner: int, results: Sequence[ThreeRoundResult],
                 names: ThreeNames, target: int, saved: str | None = None) -> None:
        super().__init__()
        self._score = score
        self._winner = winner
        self._results = results
        self._names = names
        self._target = target
        self._saved = saved

    def compose(self) -> ComposeResult:
        """The result in a dialog box."""
        names = self._names
        title = f"{names.subject(self._winner)} {names.verb(self._winner, 'win', 'wins')} the match!"
        table = RichTable(box=None, padding=(0, 2), header_style="bold")
        for heading in ("round", "dealer", "scored by", "how", *names.seats):
            table.add_column(heading)
        for number, result in enumerate(self._results, 1):
            reason = "" if result.reason is None else result.reason.value.replace("_", " ")
            scorer = "—" if result.winner is None else names.subject(result.winner)
            table.add_row(str(number), names.subject(result.dealer), scorer, reason,
                          *(f"+{gained}" for gained in result.scores))
        with Vertical(id="dialog", classes="match-over"):
            yield Static(Text(title), id="match-title", classes="title")
            yield Static(Text("Final score: " + score_text(self._score, self._target, names)),
                         id="final-score", classes="score")
            yield Static(table, id="match-table")
            if self._saved is not None:
                yield Static(Text(self._saved), id="saved")
            yield Static("Press Enter or q to quit.", classes="hint")
        yield Footer()


class ThreeApp(MatchApp):
    """Three-hand Sixty-Six in the terminal: the user against two computer players
    of ``opponent`` (a level or a bot that plays the three-hand game), a whole match.

    ``delay``, ``save``, ``seed``, ``match`` and ``signals`` are as for
    :class:`~sixtysix.tui.app.SixtySixApp`.
    """

    table: Table
    human: ThreeHumanSeat

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 save: str | Path | None = None, opponent: str = "greedy", delay: float = 0.5,
                 match: ThreeMatch | None = None, signals: bool = False) -> None:
        super().__init__(opponent, seed, save, signals)
        rules = match.rules if match is not None else rules or Rules.preset(THREE_HAND)
        self.names = ThreeNames(opponent_name(opponent))
        self.human = ThreeHumanSeat(self.post_message, self._stopping, self._keep)
        bots = [make_bot(opponent, self.seed + seat, game=THREE) for seat in (1, 2)]
        self.match = match if match is not None else ThreeMatch(rules, seed=self.seed)
        """The match the table plays."""
        self.table = Table([self.human, *(PausedSeat(bot, delay, self._stopping) for bot in bots)],
                           match=self.match)
        """The table; the worker thread plays its match."""
        self.game = ThreeGameScreen(self.human, self.names, rules)
        self.game.round_number = len(self.match.rounds)
        self.game.score = self.match.score
        self._results = [result for result in self.match.results() if result.outcome is not None]

    def get_default_screen(self) -> Screen[None]:
        """The card table."""
        return self.game

    def on_three_turn(self, message: ThreeTurn) -> None:
        """The user's seat waits for a choice."""
        self.game.ask(message.observation)

    def on_three_update(self, message: ThreeUpdate) -> None:
        """Show an event; open the round summary and the end of the match."""
        event = message.event
        self.game.show_event(event)
        if event.kind is EventKind.ROUND_ENDED and event.result is not None:
            result = self.match.results()[-1]
            self._results.append(result)
            seen = narrowed(event.observation, ThreeObservation)
            summary = ThreeRoundOverScreen(len(self._results), result, seen, self.match.score, self.names,
                                           match_over=event.match_winner is not None)
            self.push_screen(summary, lambda _: self.human.go_on())
        elif event.kind is EventKind.MATCH_ENDED:
            self._final = event

    def _over(self, winner: int) -> Screen[None]:
        return ThreeMatchOverScreen(self.match.score, winner, self._results, self.names,
                                    self.match.rules.match_target, self.saved)
