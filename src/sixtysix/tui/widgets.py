"""Widgets of the card table: a playing card that can be clicked, and a log that
wraps its lines anew when its width changes."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import RichLog, Static

from sixtysix.cards import SUIT_SYMBOLS, Card, card_symbol
from sixtysix.tui.words import is_red


def card_face(card: Card) -> Text:
    """The three lines printed on a card seven columns wide: rank, suit, rank.

    >>> from sixtysix.cards import parse_card
    >>> print(card_face(parse_card("Td")).plain)
    10
       ♦
         10
    """
    rank = card_symbol(card)[:-1]
    return Text(f"{rank}\n   {SUIT_SYMBOLS[card // 6]}\n{rank:>7}", no_wrap=True)


_BACK = Text("░░░░░░░\n░░░░░░░\n░░░░░░░")
_LOOKS = ("empty", "back", "red", "playable", "unplayable", "new")


class CardWidget(Static):
    """A card face up, face down, or an empty place; a playable card can be clicked.

    The widget keeps no game state: the screen tells it what to show with
    :meth:`show`, and a click on a playable card posts :class:`CardWidget.Chosen`.
    """

    class Chosen(Message):
        """The user clicked a playable card."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None, classes: str = "") -> None:
        super().__init__("", id=id, classes=classes)
        self.add_class("empty")
        self.card: Card | None = None

    def show(self, card: Card | None, *, key: str = "", caption: str = "", playable: bool = False,
             unplayable: bool = False, new: bool = False) -> None:
        """Show ``card`` face up, or an empty place if it is ``None``.

        ``key`` is written on the top edge and ``caption`` on the bottom edge;
        ``playable`` cards are highlighted and clickable, ``unplayable`` ones dimmed,
        ``new`` ones (just drawn) marked.
        """
        self.card = card
        self.border_title = key
        self.border_subtitle = caption
        self._look(empty=card is None, red=card is not None and is_red(card), playable=playable,
                   unplayable=unplayable, new=new)
        self.update("" if card is None else card_face(card), layout=False)

    def show_back(self, caption: str = "", title: str = "") -> None:
        """Show a card face down, with ``title`` on its top edge and ``caption`` on the bottom."""
        self.card = None
        self.border_title = title
        self.border_subtitle = caption
        self._look(back=True)
        self.update(_BACK, layout=False)

    def _look(self, **looks: bool) -> None:
        """Set the classes that style the card: each of ``_LOOKS`` is on if given true."""
        for look in _LOOKS:
            self.set_class(looks.get(look, False), look)

    def on_click(self, event: events.Click) -> None:
        """Choose this card if it is playable."""
        if self.card is not None and self.has_class("playable"):
            event.stop()
            self.post_message(self.Chosen(self.card))


class GameLog(RichLog):
    """A log that keeps the lines it shows and wraps them again, by words, whenever
    its width changes (a plain :class:`~textual.widgets.RichLog` wraps a line once,
    at the width it had when the line was written)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, min_width=20)
        self.entries: list[Text] = []
        """The lines shown, unwrapped."""
        self._width = 0

    def add(self, line: Text) -> None:
        """Show one more line."""
        self.entries.append(line)
        self.write(line)

    def show(self, lines: list[Text]) -> None:
        """Show these lines instead of those shown."""
        self.entries = list(lines)
        self.clear()
        for line in self.entries:
            self.write(line)

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the lines again at the new width."""
        width = event.size.width
        if width != self._width:
            if self._width:
                self.show(self.entries)
            self._width = width
