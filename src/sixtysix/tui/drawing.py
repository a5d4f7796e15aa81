"""How the card table draws seat 0's observation: the other seats, the cards on the table
and the panel beside them. Each function fills the widgets of one part of a
:class:`~sixtysix.tui.game_screen.GameScreen` from the observation alone.

A lone opponent sits across the table in one line, its points and tricks beside the
user's in the panel, the trick's two cards side by side with the winner starred; several
opponents each have a panel of their own with their points, and the trick's cards lie in
the order played. The words are those of the language in use (:mod:`sixtysix.tui.language`).
"""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from sixtysix.cards import NUM_CARDS, SUIT_LETTERS, Card, cards_in
from sixtysix.game.interface import Observation
from sixtysix.tui.explaining import suit_words
from sixtysix.tui.language import styled, t, tn
from sixtysix.tui.names import Names
from sixtysix.tui.widgets import CardWidget
from sixtysix.tui.words import card_text, cards_text, suit_text


def _label(screen: Screen[None], slot: str, text: str | Text) -> None:
    screen.query_one(f"#{slot}-label", Static).update(text, layout=False)


def _marriages(obs: Observation, seat: int) -> Text:
    married = [suit for who, suit in obs.marriages if who == seat]
    return Text(" ").join(suit_text(suit) for suit in married) if married else Text(t("none"), style="dim")


def draw_opponent(screen: Screen[None], obs: Observation) -> None:
    """A lone opponent: its cards' backs, how many, and those known to be in its hand."""
    count = obs.hand_sizes[1]
    line = Text.assemble(("▮ " * count, "bold blue"),
                         styled(tn("{n} card   known in hand: {cards}", "{n} cards   known in hand: {cards}",
                                   count),
                                cards=cards_text(cards_in(obs.shown[1]))))
    screen.query_one("#opponent", Static).update(line, layout=False)


def draw_seat(screen: Screen[None], obs: Observation, seat: int) -> None:
    """One of several opponents: its cards' backs and those it has shown, its points,
    tricks and marriages, and whether it deals or is to play."""
    count = obs.hand_sizes[seat]
    shown = cards_in(obs.shown[seat])
    line = Text.assemble(("▒" * count, "#6f8fdf"), "  " + tn("{n} card", "{n} cards", count))
    if shown:
        line.append("  ")
        line.append(styled(t("shows {cards}"), cards=cards_text(tuple(shown))))
    points = styled(t("{points} · {tricks} · marriages {marriages}",
                      points=tn("{n} point", "{n} points", obs.points[seat]),
                      tricks=tn("{n} trick", "{n} tricks", obs.trick_counts[seat])),
                    marriages=_marriages(obs, seat))
    panel = screen.query_one(f"#seat-{seat}", Static)
    marks = [word for word, on_it in ((t("deals"), obs.dealer == seat), (t("to play"), obs.to_act == seat))
             if on_it]
    panel.border_subtitle = " · ".join(marks)
    panel.set_class(obs.to_act == seat, "to-act")
    panel.update(Text("\n").join([line, points]), layout=False)


def draw_pile(screen: Screen[None], obs: Observation) -> None:
    """The stock, face down with its size, or closed, or gone; the trump card under it."""
    stock = screen.query_one("#stock", CardWidget)
    closed = obs.closer is not None
    if obs.stock_size == 0:
        stock.show(None)
    else:
        stock.show_back(title=str(obs.stock_size))
    _label(screen, "stock", t("closed") if closed else t("stock {n}", n=obs.stock_size))


def draw_trump(screen: Screen[None], obs: Observation, beside_stock: bool) -> None:
    """The trump card, face down once the stock is closed; labelled with the trump suit
    when it lies under a stock."""
    trump = screen.query_one("#trump", CardWidget)
    if obs.trump_card is not None and obs.closer is not None:
        trump.show_back()
    else:
        trump.show(obs.trump_card)
    _label(screen, "trump", styled(t("trump {suit}"), suit=suit_text(obs.trump)) if beside_stock
           else t("trump"))


def draw_trick_pair(screen: Screen[None], obs: Observation, names: Names) -> None:
    """Against a lone opponent: the card led, or the last trick until the next card is led;
    its winner starred."""
    first = screen.query_one("#trick-0", CardWidget)
    second = screen.query_one("#trick-1", CardWidget)
    if obs.table:
        first.show(obs.table[0])
        second.show(None)
        _label(screen, "trick-0", names.subject(obs.leader))
        _label(screen, "trick-1", Text(names.subject(1 - obs.leader), style="dim"))
    elif obs.tricks:
        trick = obs.tricks[-1]
        first.show(trick.cards[0])
        second.show(trick.cards[1])
        for slot, seat in (("trick-0", trick.leader), ("trick-1", 1 - trick.leader)):
            won = seat == trick.winner
            _label(screen, slot, Text(names.subject(seat) + (" ★" if won else ""),
                                      style="bold yellow" if won else ""))
    else:
        first.show(None)
        second.show(None)
        _label(screen, "trick-0", "")
        _label(screen, "trick-1", "")


def draw_duel_info(screen: Screen[None], obs: Observation, names: Names, memory: bool) -> None:
    """Against a lone opponent: trump and stock, then tricks, points (unless in ``memory``
    mode) and marriages in a column per player."""
    if obs.closer is not None:
        stock = t("closed by you") if obs.closer == 0 else t("closed by {player}",
                                                             player=names.subject(obs.closer))
    elif obs.stock_size:
        stock = tn("{n} card", "{n} cards", obs.stock_size)
    else:
        stock = t("empty")
    married = [Text(" ").join(suit_text(suit) for who, suit in obs.marriages if who == seat)
               or Text("—") for seat in (0, 1)]
    points = t("Points")
    columns: list[tuple[str, list[Text]]] = [
        ("", [Text(names.subject(0)), Text(names.subject(1))]),
        (t("Tricks"), [Text(str(count)) for count in obs.trick_counts]),
        (points, [Text(str(value)) for value in obs.points]),
        (t("Married"), married),
    ]
    trump, stock_label = t("Trump"), t("Stock")
    room = 1 + max(Text(label).cell_len for label in (trump, stock_label, *(label for label, _ in columns)))
    widths = [max(cells[seat].cell_len for _, cells in columns) for seat in (0, 1)]
    rows = [Text.assemble((_padded(trump, room), "dim"), suit_text(obs.trump),
                          " " + suit_words(SUIT_LETTERS[obs.trump])),
            Text.assemble((_padded(stock_label, room), "dim"), stock)]
    for label, cells in columns:
        if label == points and memory:
            rows.append(Text.assemble((_padded(label, room), "dim"), (t("hidden"), "dim")))
            continue
        row = Text(_padded(label, room), style="dim")
        for seat in (0, 1):
            cell = cells[seat].copy()
            cell.pad_left(widths[seat] - cell.cell_len)
            row.append_text(Text("  ") + cell if seat else cell)
        rows.append(row)
    screen.query_one("#info", Static).update(Text("\n").join(rows), layout=False)


def _padded(label: str, width: int) -> str:
    """A label padded to ``width`` cells (a wide character takes two)."""
    return label + " " * max(0, width - Text(label).cell_len)


def draw_trick_places(screen: Screen[None], obs: Observation, names: Names) -> None:
    """Against several opponents: the trick's cards in the order played, each under who
    played it, or the last trick dimmed until the next card is led; beside them the
    user's points, tricks and marriages, the trump card and who holds it, and the trick."""
    count = len(obs.hand_sizes)
    trump_card = obs.trump_card
    held = trump_card is not None and obs.shown[obs.dealer] >> trump_card & 1
    holder = (t("played") if not held else t("yours") if obs.dealer == 0
              else t("held by {player}", player=names.subject(obs.dealer)))
    cards: tuple[Card, ...] = obs.table
    leader = obs.leader
    last = ""
    if not cards and obs.tricks:
        trick = obs.tricks[-1]
        cards, leader = trick.cards, trick.leader
        last = (t("Last trick: you took it") if trick.winner == 0
                else t("Last trick: {player} took it", player=names.subject(trick.winner)))
    for place in range(count):
        widget = screen.query_one(f"#trick-{place}", CardWidget)
        if place < len(cards):
            widget.show(cards[place], unplayable=bool(last))
            _label(screen, f"trick-{place}", names.subject((leader + place) % count))
        else:
            widget.show(None)
            _label(screen, f"trick-{place}", "")
    info = [
        Text.assemble((names.subject(0), "bold"), ": " + t("{points} · {tricks}",
                                                          points=tn("{n} point", "{n} points", obs.points[0]),
                                                          tricks=tn("{n} trick", "{n} tricks",
                                                                    obs.trick_counts[0]))),
        styled(t("Your marriages: {suits}"), suits=_marriages(obs, 0)),
        styled(t("Trump card {card} ({holder})", holder=holder),
               card=card_text(trump_card) if trump_card is not None else ""),
        Text(t("Tricks played: {n} of {total}", n=len(obs.tricks), total=NUM_CARDS // count)),
    ]
    if last:
        info.append(Text(last, style="italic"))
    elif cards:
        info.append(Text(t("You led") if leader == 0 else t("{player} led", player=names.subject(leader)),
                         style="italic"))
    screen.query_one("#info", Static).update(Text("\n").join(info), layout=False)
