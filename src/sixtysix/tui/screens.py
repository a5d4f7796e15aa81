"""Dialogs over the card table: the round summary, the end of the match, the choice of a
marriage, a question, the keys; in the language in use (:mod:`sixtysix.tui.language`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TypeVar

from rich.console import JustifyMethod
from rich.table import Table as RichTable
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from sixtysix.game.actions import Action
from sixtysix.game.outcome import Reason
from sixtysix.games import AnyRoundResult
from sixtysix.tui.explaining import explanation
from sixtysix.tui.keys import translated
from sixtysix.tui.language import N_, t, tn
from sixtysix.tui.names import Names
from sixtysix.tui.words import suit_text

_Answer = TypeVar("_Answer")


class _Dialog(ModalScreen[_Answer]):
    """A dialog whose keys are described in the language in use."""

    def __init__(self) -> None:
        super().__init__()
        self._bindings = translated(self._bindings)


class GoOnScreen(_Dialog[None]):
    """A round's summary: the user goes on to the next round with a key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,n", "go_on", N_("Next round"), key_display="⏎"),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def hint(self, match_over: bool) -> Static:
        """The line that says which key goes on, and to what."""
        return Static(t("Press Enter to see the result of the match.") if match_over
                      else t("Press Enter to deal the next round."), classes="hint")

    def action_go_on(self) -> None:
        """Close the summary."""
        self.dismiss(None)


class RoundOverScreen(GoOnScreen):
    """Why the round just played scored what it did; the user goes on with a key."""

    def __init__(self, number: int, result: AnyRoundResult, marriages: Sequence[tuple[int, int]],
                 score: Sequence[int], target: int, names: Names, match_over: bool) -> None:
        super().__init__()
        self._number = number
        self._result = result
        self._marriages = marriages
        self._score = score
        self._target = target
        self._names = names
        self._match_over = match_over

    def compose(self) -> ComposeResult:
        """The summary in a dialog box: each seat's points, tricks and marriages (and game
        points, against several opponents)."""
        result = self._result
        outcome = result.outcome
        assert outcome is not None
        names = self._names
        winner = result.winner
        number, gained = self._number, result.game_points
        if outcome.replay:
            title = t("Round {n}: nobody scores, the same dealer deals again", n=number)
        elif winner is None:
            title = (t("Round {n}: a tie", n=number) if outcome.reason is Reason.TIE
                     else t("Round {n}: a false declaration", n=number))
        elif winner == 0:
            title = tn("Round {round}: You score {n} game point", "Round {round}: You score {n} game points",
                       gained, round=number)
        else:
            title = tn("Round {round}: {player} scores {n} game point",
                       "Round {round}: {player} scores {n} game points", gained, round=number,
                       player=names.subject(winner))
        seats = range(len(names.seats))
        table = RichTable(box=None, padding=(0, 2), show_header=True, header_style="bold")
        table.add_column("")
        for seat in seats:
            table.add_column(names.subject(seat), justify="right")
        table.add_row(t("points"), *(str(points) for points in outcome.points))
        table.add_row(t("tricks"), *(str(tricks) for tricks in outcome.tricks))
        married = [[suit for who, suit in self._marriages if who == seat] for seat in seats]
        table.add_row(t("marriages"), *(Text(" ").join(suit_text(suit) for suit in suits) if suits
                                        else Text("—", style="dim") for suits in married))
        if names.several:
            table.add_row(t("game points"), *(f"+{scored}" for scored in outcome.scores))
        with Vertical(id="dialog", classes="round-over"):
            yield Static(Text(title), id="round-title", classes="title")
            yield Static(Text(explanation(outcome.explained, names)), id="explanation")
            if result.carried and winner is not None:
                carried = tn("+{n} for {n} carried tie", "+{n} for {n} carried ties", result.carried)
                yield Static(Text(tn("{carried}: {n} game point in all.", "{carried}: {n} game points in "
                                                                          "all.",
                                     gained, carried=carried)), id="carried")
            yield Static(table, id="round-table")
            yield Static(Text(names.score(self._score, self._target)), id="round-score", classes="score")
            yield self.hint(self._match_over)
        yield Footer()


class MatchOverScreen(_Dialog[None]):
    """The winner, the final score, the rounds of the match and where its record went."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,q,escape", "app.quit", N_("Quit"), key_display="⏎/q"),
    ]

    def __init__(self, score: Sequence[int], winner: int, results: Sequence[AnyRoundResult],
                 names: Names, target: int, saved: str | None = None) -> None:
        super().__init__()
        self._score = score
        self._winner = winner
        self._results = results
        self._names = names
        self._target = target
        self._saved = saved

    def compose(self) -> ComposeResult:
        """The result in a dialog box: a row per round, with the game points it gave (each
        seat's, against several opponents)."""
        names = self._names
        several = names.several
        final = f"{max(self._score)} – {min(self._score)}"
        if self._winner == 0:
            title = t("You win the match!") if several else t("You win the match {score}!", score=final)
        elif several:
            title = t("{player} wins the match!", player=names.subject(self._winner))
        else:
            title = t("{player} wins the match {score}!", player=names.subject(self._winner), score=final)
        table = RichTable(box=None, padding=(0, 2), header_style="bold")
        points: tuple[tuple[str, JustifyMethod], ...] = (
            tuple((name, "left") for name in names.seats) if several else ((t("game points"), "right"),))
        columns: tuple[tuple[str, JustifyMethod], ...] = (
            (t("round"), "left" if several else "right"), (t("dealer"), "left"), (t("scored by"), "left"),
            (t("how"), "left"), *points)
        for heading, justify in columns:
            table.add_column(heading, justify=justify)
        for number, result in enumerate(self._results, 1):
            reason = "" if result.reason is None else _how(result.reason)
            scorer = "—" if result.winner is None else names.subject(result.winner)
            outcome = result.outcome
            gained = ([f"+{scored}" for scored in outcome.scores] if several and outcome is not None
                      else [str(result.game_points)])
            table.add_row(str(number), names.subject(result.dealer), scorer, reason, *gained)
        score = names.score(self._score, self._target) if several else names.standing(self._score)
        with Vertical(id="dialog", classes="match-over"):
            yield Static(Text(title), id="match-title", classes="title")
            yield Static(Text(t("Final score: {score}", score=score)), id="final-score", classes="score")
            yield Static(table, id="match-table")
            if self._saved is not None:
                yield Static(Text(self._saved), id="saved")
            yield Static(t("Press Enter or q to quit."), classes="hint")
        yield Footer()


class MarriagePicker(_Dialog[Action | None]):
    """A choice between the marriages the user may announce."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n - 1})", N_("Marriage"), show=n == 1, key_display="1-4")
          for n in range(1, 5)),
        Binding("escape", "pick(-1)", N_("Cancel")),
    ]

    def __init__(self, marriages: Sequence[Action]) -> None:
        super().__init__()
        self._marriages = tuple(marriages)

    def compose(self) -> ComposeResult:
        """A button per marriage."""
        with Vertical(id="dialog", classes="picker"):
            yield Static(t("Announce which marriage?"), classes="title")
            with Horizontal(id="marriages"):
                for number, action in enumerate(self._marriages, 1):
                    suit = action.marriage_suit
                    assert suit is not None
                    button = Button(Text.assemble(f"{number}  ", suit_text(suit)),
                                    id=f"marriage-{number - 1}")
                    button.can_focus = False
                    yield button
            yield Static(t("Escape: announce none."), classes="hint")
        yield Footer()

    def action_pick(self, index: int) -> None:
        """Announce the marriage at ``index``, or none if it is out of range."""
        self.dismiss(self._marriages[index] if 0 <= index < len(self._marriages) else None)

    @on(Button.Pressed)
    def _clicked(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.action_pick(int(event.button.id.rsplit("-", 1)[1]))


class ConfirmScreen(_Dialog[bool]):
    """A yes-or-no question: only ``y`` confirms (a stray Enter does not); ``n`` or
    Escape declines."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No"), key_display="n/Esc"),
    ]

    def __init__(self, question: str, details: Text | str = "") -> None:
        super().__init__()
        self.question = question
        self.details = details

    def compose(self) -> ComposeResult:
        """The question, what it implies, and the keys."""
        with Vertical(id="dialog", classes="confirm"):
            yield Static(self.question, id="question", classes="title")
            if self.details:
                yield Static(self.details, id="details")
            yield Static(self.keys(), classes="hint")
        yield Footer()

    def keys(self) -> str:
        """The line that says which keys answer."""
        return t("y: yes    n or Escape: no")

    def action_answer(self, yes: bool) -> None:
        """Close the question with the answer."""
        self.dismiss(yes)


class CloseScreen(ConfirmScreen):
    """The question before closing the stock, with what closing means: ``k`` ("I know")
    also says yes, and that the user needs the explanation no more (:attr:`explain_again`).
    Not ``d``: that key draws at the table, and the question comes when the user may draw."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "answer_for_good", N_("Yes, don't explain again")),
    ]

    def __init__(self, question: str, details: Text | str = "") -> None:
        super().__init__(question, details)
        self.explain_again = True
        """Whether to ask with the explanation before the next close; ``k`` clears it."""

    def keys(self) -> str:
        """The line that says which keys answer, ``k`` among them."""
        return t("y: yes    k: yes, don't explain again    n or Escape: no")

    def action_answer_for_good(self) -> None:
        """Say yes, and not to explain closing again."""
        self.explain_again = False
        self.dismiss(True)


class HelpScreen(_Dialog[None]):
    """Every key of the card table with what it does, as ``(keys, description)`` rows
    made from the bindings, so the list cannot drift from them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1,enter,q", "close", N_("Close"), key_display="Esc"),
    ]

    def __init__(self, rows: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = tuple(rows)

    def compose(self) -> ComposeResult:
        """The keys in a table."""
        table = RichTable(box=None, padding=(0, 2), show_header=False)
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for keys, description in self.rows:
            table.add_row(keys, description)
        with Vertical(id="dialog", classes="help"):
            yield Static(t("Keys"), classes="title")
            yield Static(table, id="keys")
            yield Static(t("Keys that do not apply at the moment say why. Escape closes this help."),
                         classes="hint")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


def _how(reason: Reason) -> str:
    """How a round was won, in a word or two, for the match's table of rounds."""
    return {Reason.OUT: t("declared out"), Reason.FALSE_OUT: t("false out"),
            Reason.FAILED_CLOSE: t("failed close"), Reason.LAST_TRICK: t("last trick"),
            Reason.TIE: t("tied")}[reason]
