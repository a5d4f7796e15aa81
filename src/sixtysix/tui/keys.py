"""The keys of the card table: a key per card of the hand, one per other action, and
the bindings of a table made from its :class:`~sixtysix.tui.shape.Shape`, listed by the
help screen. A key's description is written in English, marked for the catalogs with
``N_``, and shown in the language in use (:func:`translated`, :func:`help_rows`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from textual.actions import parse as parse_action
from textual.app import App
from textual.binding import Binding, BindingsMap, BindingType

from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, OUT, PASS, Action
from sixtysix.tui.language import N_, marked
from sixtysix.tui.shape import Shape

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


def table_bindings(shape: Shape, several: bool) -> list[BindingType]:
    """The keys of a card table of ``shape``: the digits for the cards of the hand (shown
    as ``1`` up to the hand's size, a digit past the cards held saying so); with a stock,
    drawing, declining the exchange, exchanging and closing, and the keys of the actions
    beside the cards on the buttons above the footer (without one, the marriage and out
    keys in the footer); memory mode against a lone opponent; the hint and help."""
    stock = shape.stock
    return [
        *(Binding(str(n), f"play({n})", N_("Play card"), show=n == 1, key_display=f"1-{shape.hand}",
                  tooltip=N_("after a won trick: draw, then lead it") if stock else "")
          for n in range(1, 10)),
        *([Binding(ACTION_KEYS[DRAW], "choose('draw')", N_("Draw"), show=False),
           Binding(ACTION_KEYS[PASS], "choose('pass')", N_("Don't exchange"), show=False)] if stock else []),
        Binding(MARRIAGE_KEY, "marriage", N_("Marriage"), show=not stock),
        *([Binding(ACTION_KEYS[EXCHANGE], "choose('exchange')", N_("Exchange nine"), show=False),
           Binding(ACTION_KEYS[CLOSE], "choose('close')", N_("Close stock"), show=False,
                   tooltip=N_("after a won trick: draw, then close")),
           Binding(ACTION_KEYS[CLOSE_BEFORE_DRAW], "choose('close-before-draw')", N_("Close before drawing"),
                   show=False)] if stock else []),
        Binding(ACTION_KEYS[OUT], "choose('out')", N_("Declare out"), show=not stock),
        *([Binding("enter,space", "go_on", N_("Draw, or don't exchange"), show=False)] if stock else []),
        *([] if several else [Binding("m", "toggle_memory", N_("Memory mode"))]),
        Binding(HINT_KEY, "hint", N_("Hint")),
        Binding("question_mark,f1", "help", N_("Help")),
    ]


def keyed(bindings: list[BindingType]) -> Iterator[Binding]:
    """The bindings, each a :class:`~textual.binding.Binding`."""
    for binding in bindings:
        assert isinstance(binding, Binding)
        yield binding


def action_of(binding: Binding) -> tuple[str, tuple[object, ...]]:
    """The name of a binding's action and its parameters."""
    _, name, parameters = parse_action(binding.action)
    return name, parameters


def help_rows(app: App[int], table: list[BindingType]) -> Iterator[tuple[str, str]]:
    """The keys of a card table (its ``table`` of bindings) and of the app with what they
    do: one row per binding (the card keys in one row), as the help screen lists them."""
    seen: set[str] = set()
    for binding in [*keyed(table), *keyed(app.BINDINGS), *keyed(App.BINDINGS)]:
        if binding.key_display:
            keys = binding.key_display
        else:
            keys = " / ".join(app.get_key_display(Binding(key.strip(), binding.action))
                              for key in binding.key.split(","))
        if keys not in seen:
            seen.add(keys)
            action = binding.action.replace("_", " ")
            description = marked(binding.description) if binding.description else action
            yield keys, f"{description} ({marked(binding.tooltip)})" if binding.tooltip else description


def translated(bindings: BindingsMap) -> BindingsMap:
    """The bindings with their descriptions and tooltips in the language in use, for the
    footer."""
    return BindingsMap.from_keys({
        key: [dataclasses.replace(binding, description=_marked(binding.description),
                                  tooltip=_marked(binding.tooltip))
              for binding in bindings]
        for key, bindings in bindings.key_to_bindings.items()})


def _marked(text: str) -> str:
    """A key's description or tooltip in the language in use; none stays none."""
    return marked(text) if text else ""
