"""The card table as seat 0 sees it, for any game: the other seats, the table, the
user's hand and the log, and the user's choices by key and by mouse.

The screen shows only what seat 0's observations and the table's events hold, and
offers exactly ``observation.legal``. What it shows and offers comes from that data and
from the :class:`~sixtysix.tui.shape.Shape` of the deal: a stock and its keys (draw,
close, exchange) when the deal leaves one, a trick place per seat, a card place per
card of a hand; the seats' names and the wording that depends on how many opponents
there are from :class:`~sixtysix.tui.names.Names`. The hint key analyses the user's
decision with the game's analysis (:func:`~sixtysix.bots.expertise`) from that
observation alone, in a thread worker.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import BindingsMap, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static
from textual.worker import Worker, WorkerState

from sixtysix.analysis import ActionValue
from sixtysix.bots import expertise
from sixtysix.cards import QUEEN, Card, cards_in
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, OUT, PASS, Action, marriage
from sixtysix.game.interface import Game, Observation, Round
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind
from sixtysix.tui.drawing import (
    draw_duel_info,
    draw_opponent,
    draw_pile,
    draw_seat,
    draw_trick_pair,
    draw_trick_places,
    draw_trump,
)
from sixtysix.tui.explaining import explanation, refusal
from sixtysix.tui.keys import (
    ACTION_KEYS,
    MARRIAGE_KEY,
    action_of,
    help_rows,
    keyed,
    table_bindings,
    translated,
)
from sixtysix.tui.language import marked, styled, t, tn
from sixtysix.tui.names import Names
from sixtysix.tui.screens import CloseScreen, ConfirmScreen, HelpScreen, MarriagePicker
from sixtysix.tui.seats import HumanSeat
from sixtysix.tui.shape import Shape
from sixtysix.tui.widgets import CardWidget, GameLog
from sixtysix.tui.words import (
    action_label,
    card_text,
    cards_text,
    close_explanation,
    describe_action,
    describe_lead,
    describe_trick,
    hint_text,
    prompt,
    suit_text,
    taken_by,
)

HINT_SAMPLES = 16
"""Sampled deals per hint: a few hundred milliseconds at most."""

HINT_SECONDS = 1.0
"""The most time a hint samples for, should the sampling be slower than usual."""

MIN_WIDTH = 80
"""The narrowest terminal the table fits: the card places and the panel beside them with
the longest opponent name (``Expert bot``), a closed stock and two marriages a player."""

MIN_HEIGHT = 24
"""The lowest terminal the table fits, with four lines of log."""

CARD_WIDTH = 10
"""The columns a card of the hand takes with the gap after it."""

_BUTTON_ORDER: tuple[Action, ...] = (DRAW, PASS, *(marriage(suit) for suit in range(4)), EXCHANGE,
                                     CLOSE, CLOSE_BEFORE_DRAW, OUT)


def _button_id(action: Action) -> str:
    return "act-" + action.token


def _spaced(cards: tuple[Card, ...]) -> Iterator[Text | str]:
    """Each card followed by a space."""
    for card in cards:
        yield card_text(card)
        yield " "


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
    need, have = f"{MIN_WIDTH}x{MIN_HEIGHT}", f"{width}x{height}"
    too_small.update(t("Terminal too small: need at least {need}, have {have}.", need=need, have=have)
                     + "\n" + t("Enlarge the window to see the table."))
    if not small:
        screen.call_after_refresh(redraw)


class GameScreen(Screen[None]):
    """The card table as seat 0 sees it, and the user's choices by key and by mouse.

    Against a lone opponent only the keys of legal actions are offered, and a key that
    does not apply says why in a notice; against several every key is offered and a
    refused one says why on the status line."""

    BINDINGS: ClassVar[list[BindingType]] = table_bindings(Shape(seats=2, hand=6, stock=True), several=False)
    """The keys of a table with a stock against a lone opponent; each screen has those of
    its own table (:func:`table_bindings`)."""

    def __init__(self, seat: HumanSeat, names: Names, rules: Rules, game: Game[Any, Any, Any], shape: Shape,
                 memory: bool = False, manual_draw: bool = False, explain_close: bool = True) -> None:
        super().__init__()
        self.table_keys = table_bindings(shape, names.several)
        """The keys of this table, in place of the class's :attr:`BINDINGS`."""
        self._bindings = translated(BindingsMap.merge([Screen._merged_bindings or BindingsMap(),
                                                       BindingsMap(self.table_keys)]))
        self._keys = {key.strip(): binding for binding in keyed(self.table_keys)
                      for key in binding.key.split(",")}
        self._seat = seat
        self.names = names
        self.rules = rules
        self.game = game
        """The game played: its analysis gives the hints, its samples the questions' answers."""
        self.shape = shape
        self.memory = memory and not names.several
        """Memory mode (RULES.md section 6), against a lone opponent: running points and
        past tricks are hidden."""
        self.manual_draw = manual_draw and shape.stock
        """Draw only with the draw key (a card key does not draw first), and ask even
        when a single action is legal (a forced card)."""
        self.explain_close = explain_close
        """Ask before closing the stock, saying what closing means; else close at once."""
        self.observation: Observation | None = None
        """The latest view of seat 0."""
        self.legal: tuple[Action, ...] = ()
        """The actions the user may choose now; empty unless the table waits for the user."""
        self.score: tuple[int, ...] = (0,) * shape.seats
        self.round_number = 0
        self.hand: tuple[Card, ...] = ()
        """The user's cards in the order shown: key ``n`` plays ``hand[n - 1]``."""
        self.refusal: Text | None = None
        """Why the last key did nothing, on the status line until the next move (against
        several opponents)."""
        self._new_cards = 0
        self._after_draw: Action | None = None
        self._entries: list[tuple[Text, bool]] = []
        self._offered_keys: frozenset[str] = frozenset()

    @property
    def others(self) -> range:
        """The seats of the computer players."""
        return range(1, self.shape.seats)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The table from the other seats' side down to the user's hand and the log, or a
        message instead when the terminal is too small for it."""
        several = self.names.several
        yield Static(id="too-small")
        with Vertical(id="main"):
            yield Static(id="topbar")
            if several:
                with Horizontal(id="opponents"):
                    for seat in self.others:
                        yield Static(id=f"seat-{seat}", classes="seat-panel")
            else:
                yield Static(id="opponent")
            with Horizontal(id="table", classes="with-stock" if self.shape.stock else ""):
                places = (["stock"] if self.shape.stock else []) + ["trump"] + \
                    [f"trick-{place}" for place in range(self.shape.seats)]
                for name in places:
                    with Vertical(classes="slot", id=f"{name}-slot"):
                        yield CardWidget(id=name)
                        yield Static(id=f"{name}-label", classes="label")
                yield Static(id="info")
            yield Static(id="status")
            tight = self.shape.hand * CARD_WIDTH + 2 > MIN_WIDTH
            with Horizontal(id="hand", classes="tight" if tight else ""):
                for slot in range(1, self.shape.hand + 1):
                    yield CardWidget(id=f"hand-{slot}", classes="hand")
            if self.shape.stock:
                with Horizontal(id="actions"):
                    for action in _BUTTON_ORDER:
                        button = Button("", id=_button_id(action), compact=True)
                        button.can_focus = False
                        button.display = False
                        yield button
            with Horizontal(id="bottom"):
                log = GameLog(id="log")
                log.can_focus = False
                log.border_title = t("Log")
                yield log
                if not several:
                    yield Static(id="history")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """Show the table, or say how much room it needs."""
        fit(self, event, self._redraw)

    def on_mount(self) -> None:
        """Draw the empty table."""
        if self.names.several:
            for seat in self.others:
                self.query_one(f"#seat-{seat}", Static).border_title = self.names.title(seat)
        else:
            self.query_one("#opponent", Static).border_title = self.names.title(1)
            self.query_one("#history", Static).border_title = t("Tricks this round")
        self.query_one("#table", Horizontal).border_title = t("Table")
        self._redraw()

    # ------------------------------------------------------------- from the table

    def show_event(self, event: Event) -> None:
        """Take in one event of the table: log it and redraw."""
        names = self.names
        before = self.observation
        after: Observation = event.observation
        if event.kind is EventKind.ROUND_STARTED:
            self.round_number += 1
            self._new_cards = 0
            before = None
            dealer = after.dealer
            deals = (t("Round {n}: you deal", n=self.round_number) if dealer == 0
                     else t("Round {n}: {player} deals", n=self.round_number, player=names.subject(dealer)))
            trump = (styled(t("{deal}; trump {suit}"), deal=deals, suit=suit_text(after.trump))
                     if after.trump_card is None else
                     styled(t("{deal}; trump {suit} ({card} turned)"), deal=deals,
                            suit=suit_text(after.trump),
                            card=card_text(after.trump_card)))
            self._write(trump, style="bold")
        elif event.kind is EventKind.ROUND_RESUMED:
            self._new_cards = 0
            before = None
            played = len(after.tricks)
            self._write(styled(tn("Round {round} resumed: {n} trick played; trump {suit}",
                                  "Round {round} resumed: {n} tricks played; trump {suit}", played,
                                  round=self.round_number), suit=suit_text(after.trump)), style="bold")
        elif event.kind is EventKind.ACTION and event.actor is not None and event.action is not None:
            self._log_action(event.actor, event.action, before, after)
        elif event.kind is EventKind.ROUND_ENDED and after.outcome is not None:
            self._write(Text(explanation(after.outcome.explained, names)), style="italic")
        self.score = tuple(event.score)
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
            self._refuse(t("You drew; {action}: not now. {reason}", action=action_label(after_draw,
                                                                                        observation).plain,
                           reason=self.why_not(after_draw)))
        forced = self.legal[0] if len(self.legal) == 1 and not self.manual_draw else None
        if forced is not None:
            if forced.card is not None:
                self._write(styled(t("Your only legal card: {card}"), card=card_text(forced.card)))
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
        if self.names.several:
            self._log_play(actor, action, after)
            return
        card = action.card
        if card is not None:
            if card in after.table:
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
            self._write(styled(t("You draw {cards}"), cards=cards_text(cards_in(drawn))))
        self._new_cards = drawn or self._new_cards & after.hand
        shown = after.shown[1] & ~before.shown[1]
        if shown and action.marriage_suit is None and action != EXCHANGE:
            self._write(styled(t("{player} takes {cards} face up", player=self.names.subject(1)),
                               cards=cards_text(cards_in(shown))))

    def _log_play(self, actor: int, action: Action, obs: Observation) -> None:
        """Against several opponents: every card played, the trick's winner, marriages and outs."""
        names = self.names
        you = actor == 0
        who = names.subject(actor)
        card = action.card
        if card is not None:
            line = styled(t("You play {card}") if you else t("{player} plays {card}", player=who),
                          card=card_text(card))
            if not obs.table and obs.tricks:
                line = styled(t("{play}; {taken}"), play=line, taken=taken_by(obs.tricks[-1].winner, names))
            self._write(line)
        elif action.marriage_suit is not None:
            value = 40 if action.marriage_suit == obs.trump else 20
            self._write(styled(t("You announce the marriage in {suit} ({points})", points=value) if you
                               else t("{player} announces the marriage in {suit} ({points})", player=who,
                                      points=value), suit=suit_text(action.marriage_suit)))
        elif action == OUT:
            self._write(Text(t("You declare out") if you else t("{player} declares out", player=who)))

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
        names = self.names
        dealing = ("" if obs is None
                   else " · " + (t("you deal") if obs.dealer == 0 else t("{player} deals",
                                                                         player=names.subject(obs.dealer))))
        rules = "" if names.several else f" · {self.rules}"
        top = Text.assemble((t("Round {n}", n=self.round_number), "bold"), f"{dealing}{rules}   ",
                            (names.score(self.score, self.rules.match_target), "bold"))
        if self.memory:
            top.append("   " + t("memory mode"), style="reverse")
        self.query_one("#topbar", Static).update(top, layout=False)
        if not names.several:
            self.query_one("#history", Static).display = not self.memory
        status = self.query_one("#status", Static)
        if obs is None:
            status.update(t("Dealing…"), layout=False)
            return
        self._draw_table(obs)
        self._render_hand()
        if self.shape.stock:
            self._render_actions(obs)
        if not names.several:
            self._render_history(obs)
        if self.refusal is not None:
            status.update(self.refusal, layout=False)
        elif self.legal:
            status.update(self._prompt(obs), layout=False)
        elif obs.outcome is not None:
            status.update(t("The round is over."), layout=False)
        elif obs.to_act:
            status.update(t("{player} is thinking…", player=names.subject(obs.to_act)), layout=False)
        else:
            status.update("", layout=False)
        status.set_class(bool(self.legal) and self.refusal is None, "your-turn")
        status.set_class(self.refusal is not None, "refused")
        offered = self._offered()
        if offered != self._offered_keys:
            self._offered_keys = offered
            self.refresh_bindings()

    def _draw_table(self, obs: Observation) -> None:
        """The other seats, the stock and trump card, the trick and the panel beside it."""
        names = self.names
        if self.shape.stock:
            draw_pile(self, obs)
        draw_trump(self, obs, self.shape.stock)
        if names.several:
            for seat in self.others:
                draw_seat(self, obs, seat)
            draw_trick_places(self, obs, names)
        else:
            draw_opponent(self, obs)
            draw_trick_pair(self, obs, names)
            draw_duel_info(self, obs, names, self.memory)

    def _prompt(self, obs: Observation) -> Text:
        """What the user is asked to do now."""
        if not self.names.several:
            return Text("▶ ") + prompt(obs, self.names, self.drawing_first)
        cards = f"1-{self.shape.hand}"
        keys = [t("{keys}: play a card", keys=cards)]
        if any(action.marriage_suit is not None for action in self.legal):
            keys.append(t("{keys}: marriage", keys=MARRIAGE_KEY))
        if OUT in self.legal:
            keys.append(t("{keys}: declare out", keys=ACTION_KEYS[OUT]))
        doing = (t("Your turn. Lead a card ({keys}).", keys=t(", ").join(keys)) if not obs.table
                 else t("Your turn. Play a card to the trick ({keys}).", keys=t(", ").join(keys)))
        return Text("▶ " + doing)

    def _render_hand(self) -> None:
        """The user's cards, the playable ones marked; the places of cards played stay
        empty, or go while a stock may refill the hand."""
        hand = self.hand
        playable = set(hand) if self.drawing_first else {a.card for a in self.legal if a.card is not None}
        for slot in range(self.shape.hand):
            widget = self.query_one(f"#hand-{slot + 1}", CardWidget)
            if slot < len(hand):
                card = hand[slot]
                new = bool(self._new_cards >> card & 1)
                widget.show(card, key=str(slot + 1), caption=t("new") if new else "",
                            playable=card in playable,
                            unplayable=bool(playable) and card not in playable, new=new)
                widget.display = True
            elif self.shape.stock:
                widget.display = False
            else:
                widget.show(None)

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
        lines = [Text.assemble(f"{number:>2}. ", *_spaced(trick.cards), f" {names.subject(trick.winner)}")
                 for number, trick in enumerate(obs.tricks, 1)]
        room = max(1, panel.content_region.height)
        if len(lines) > room:
            keep = room - 1
            lines = [Text(" … " + t("{n} earlier", n=len(lines) - keep), style="dim"),
                     *lines[len(lines) - keep:]]
        history = Text("\n").join(lines) if lines else Text(t("none yet"), style="dim")
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
        """Offer (and show in the footer) only the keys of legal actions against a lone
        opponent; every key against several (a refused one says why)."""
        legal = self.legal
        if self.names.several:
            return True
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
            self._refuse(tn("You hold {n} card: there is no card {number}.",
                            "You hold {n} cards: there is no card {number}.", len(self.hand), number=number))
            return
        card = self.hand[number - 1]
        if self.drawing_first:
            self._draw_then(Action.of(card))
            return
        chosen = next((a for a in self.legal if a.card == card), None)
        if chosen is not None:
            self._choose(chosen)
        elif self.names.several:
            self._refuse(styled(t("Not {card}: {reason}", reason=self.why_not(Action.of(card))),
                                card=card_text(card)))
        else:
            self._refuse(t("{card} cannot be played: {reason}", card=card_text(card).plain,
                           reason=self.why_not(Action.of(card))))

    def why_not(self, action: Action) -> str:
        """Why the user may not choose ``action`` now, as a sentence of the user's language
        from the engine's refusal code."""
        obs = self.observation
        if obs is None or obs.outcome is not None:
            return t("The round is over.") if obs is not None else t("No round is dealt yet.")
        if not self.legal:
            return (t("It is {player}'s turn.", player=self.names.subject(obs.to_act)) if obs.to_act
                    else t("Wait a moment."))
        why = obs.refusal(action)
        return t("It is not legal now.") if why is None else refusal(why)

    def _refuse(self, message: str | Text) -> None:
        """Say why a key did nothing: against several opponents on the status line until
        the next move, else in a notice in place of the previous one."""
        if self.names.several:
            self.refusal = Text(message) if isinstance(message, str) else message
            self._redraw()
            return
        self.app.bell()
        self.app.clear_notifications()
        self.notify(str(message), severity="warning", timeout=4)

    def on_key(self, event: events.Key) -> None:
        """Say why a key of the table does nothing now."""
        binding = self._keys.get(event.key)
        if binding is None or self.check_action(*action_of(binding)):
            return
        event.stop()
        name, parameters = action_of(binding)
        if name == "play":
            number = int(str(parameters[0]))
            if self.legal and not any(a.card is not None for a in self.legal):
                self._refuse(t("No card now: {prompt}", prompt=prompt(self.observation, self.names).plain)
                             if self.observation is not None else t("No card now."))
            else:
                self.action_play(number)
        elif name == "choose":
            action = Action.parse(str(parameters[0]))
            self._refuse(t("{action}: not now. {reason}", action=marked(binding.description),
                           reason=self.why_not(action)))
        elif name == "marriage":
            self._refuse(t("Marriage: not now. {reason}", reason=self._why_no_marriage()))
        elif name == "go_on":
            self._refuse(t("Enter draws after a trick or declines an exchange: neither is asked now."))
        elif name == "hint":
            self._refuse(t("Hints are for your turn."))

    def _why_no_marriage(self) -> str:
        obs = self.observation
        if obs is None or not self.legal:
            return self.why_not(marriage(0))
        for suit in range(4):
            pair = 0b11 << (suit * 6 + QUEEN)
            if obs.hand & pair == pair:
                return self.why_not(marriage(suit))
        return t("You hold no king and queen of one suit.")

    def action_marriage(self) -> None:
        """Announce the marriage, or ask which one if several are possible."""
        marriages = [a for a in self.legal if a.marriage_suit is not None]
        if len(marriages) == 1:
            self._choose(marriages[0])
        elif marriages:
            self.app.push_screen(MarriagePicker(marriages), self._picked)
        else:
            self._refuse(t("No marriage now: a marriage is announced when you lead, holding its king and "
                           "queen."))

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
        elif action == OUT:
            self._refuse(t("Not out: {reason}", reason=self.why_not(OUT)))

    def _sample(self, obs: Observation) -> Round:
        """A full round consistent with ``obs`` (the same each time), to try an action on."""
        rnd: Round = self.game.sample(obs, random.Random(0))
        return rnd

    def confirm_out(self) -> None:
        """Ask before declaring out, telling what it would score unless in memory mode."""
        obs = self.observation
        assert obs is not None
        if self.memory:
            details = Text(t("Memory mode: your points are not shown. A declaration under 66 gives the "
                             "opponent "
                             "game points."))
        elif self.names.several:
            details = Text(tn("You have {n} point. Under 66, a false declaration gives each other seat 2 "
                              "game points.",
                              "You have {n} points. Under 66, a false declaration gives each other seat 2 "
                              "game "
                              "points.", obs.points[0]), style="" if obs.points[0] >= 66 else "bold red")
        else:
            rnd = self._sample(obs)
            rnd.push(OUT)
            outcome = rnd.outcome
            assert outcome is not None
            details = Text(tn("You have {n} point. If you declare now: {outcome}",
                              "You have {n} points. If you declare now: {outcome}", obs.points[0],
                              outcome=explanation(outcome.explained, self.names)),
                           style="" if outcome.winner == 0 else "bold red")
        self.app.push_screen(ConfirmScreen(t("Declare out (66)?"), details), self._out_answered)

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
        question = (t("Draw, then close the stock?") if action == CLOSE and self.drawing_first
                    else t("{action}?", action=action_label(action, obs).plain))
        screen = CloseScreen(question, close_explanation(obs, self.names))
        self.app.push_screen(screen, lambda yes: self._close_answered(action, screen.explain_again, yes))

    def _may_close_after_draw(self, obs: Observation) -> bool:
        """Whether the user, asked to draw, may close once drawn (the stock is large enough)."""
        rnd = self._sample(obs)
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
        self.app.push_screen(HelpScreen(list(help_rows(self.app, self.table_keys))))

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
        self.notify(t("Memory mode: points and past tricks hidden") if self.memory
                    else t("Memory mode off: points and past tricks shown"), timeout=2)
        self._redraw()

    def action_hint(self) -> None:
        """Analyse the user's decision in a worker; the hint goes to the log when ready."""
        if self.observation is None or not self.legal:
            self._refuse(t("Hints are for your turn."))
            return
        self.analyze_hint(self.observation)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def analyze_hint(self, observation: Observation) -> tuple[Observation, list[ActionValue]]:
        """The analysis of ``observation``, in a thread so the table stays responsive."""
        analysis = expertise(self.game).analyze
        return observation, analysis(observation, samples=HINT_SAMPLES, seconds=HINT_SECONDS)

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
                self._write(hint_text(values, observation, self.names.valued))
        elif event.state is WorkerState.ERROR:
            self.notify(t("No hint: {error}", error=worker.error), severity="error", timeout=4)

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
        self.refusal = None
        self._redraw()
        self._seat.answer(action)
