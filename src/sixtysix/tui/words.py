"""How the terminal front end puts cards, actions and events into words.

Everything here reads an :class:`~sixtysix.game.interface.Observation` or an
:class:`~sixtysix.table.Event` of seat 0, or the analysis of seat 0's decision, and only
describes it: the rules live in the engine. The seats' names are :mod:`sixtysix.tui.names`'.

>>> from sixtysix.cards import parse_card
>>> card_text(parse_card("Th")).plain, card_text(parse_card("Th")).style
('10♥', 'bold red')
>>> opponent_name("greedy"), opponent_name("hard"), opponent_name("pimc:samples=40")
('Greedy', 'Hard bot', 'PIMC')
"""

from __future__ import annotations

from rich.text import Text

from sixtysix.analysis import ActionValue
from sixtysix.bots import LEVELS
from sixtysix.cards import DIAMONDS, HEARTS, SUIT_SYMBOLS, Card, Suit, card_symbol
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, OUT, PASS, Action
from sixtysix.game.interface import Observation
from sixtysix.game.round import Phase
from sixtysix.tui.names import Names

RED = "bold red"
"""The style of hearts and diamonds."""
BLACK = "bold"
"""The style of clubs and spades (the terminal's foreground colour)."""

_HINT_WIDTH = 60
"""The width a hint's lines keep within, so that they fit the log of a usual terminal."""

_BOT_NAMES = {"pimc": "PIMC", "ismcts": "ISMCTS"}
"""Bot names that are not written as capitalised words."""



def is_red(card: Card) -> bool:
    """Whether a card is a heart or a diamond."""
    return card // 6 in (HEARTS, DIAMONDS)


def suit_text(suit: Suit) -> Text:
    """A suit symbol in its colour."""
    return Text(SUIT_SYMBOLS[suit], style=RED if suit in (HEARTS, DIAMONDS) else BLACK)


def card_text(card: Card) -> Text:
    """A card such as ``10♥``, in its suit's colour."""
    return Text(card_symbol(card), style=RED if is_red(card) else BLACK)


def cards_text(cards: tuple[Card, ...], empty: str = "none") -> Text:
    """Several cards separated by spaces, or ``empty`` if there are none."""
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(card) for card in cards)


def sentence(*parts: str | Text) -> Text:
    """Plain strings and styled cards joined into one line."""
    text = Text()
    for part in parts:
        text.append(part)
    return text


def opponent_name(spec: str) -> str:
    """The name the table gives a computer opponent, from its level or bot specification:
    ``Hard bot`` for a level, the bot's name without its parameters otherwise."""
    if spec in LEVELS:
        return f"{spec.capitalize()} bot"
    name = spec.partition(":")[0]
    return _BOT_NAMES.get(name, name.capitalize())


def action_label(action: Action, observation: Observation) -> Text:
    """The words on the button of an action other than playing a card."""
    suit = action.marriage_suit
    if suit is not None:
        return sentence("Marriage ", suit_text(suit))
    if action == EXCHANGE:
        taken = observation.trump_card
        if taken is None:
            return Text("Exchange the trump nine")
        return sentence("Exchange 9", suit_text(observation.trump), " for ", card_text(taken))
    labels = {
        CLOSE: "Close the stock",
        CLOSE_BEFORE_DRAW: "Close before drawing",
        OUT: "Declare out (66)",
        DRAW: "Draw",
        PASS: "Don't exchange",
    }
    return Text(labels[action])


def close_explanation(observation: Observation, names: Names) -> Text:
    """What closing the stock means, asked before the user closes: no more drawing,
    strict play, and what a failed close gives the opponent, as ``observation``'s
    rules have it.

    >>> from sixtysix import Match, Rules
    >>> from sixtysix.two.observation import observe
    >>> obs = observe(Match(Rules.preset("santase"), seed=1).deal(), 0)
    >>> lines = close_explanation(obs, Names("Greedy")).plain.splitlines()
    >>> lines[0]
    'Nobody draws any more, and the trump card is turned face down.'
    >>> "must follow suit and beat the card led if they can, else play a trump" in lines[1]
    True
    >>> lines[2]
    'You must be first to 66, before the cards run out, or Greedy scores 3 game points.'
    """
    rules = observation.rules
    opponent = names.subject(1)
    head = " and beat the card led" if rules.must_head else ""
    marriages = "" if rules.marriages_after_stock else " Nobody may announce a marriage any more."
    if rules.failed_close_points == "three":
        cost = "3 game points"
    else:
        cost = f"2 game points, or 3 if {opponent} has no trick when you close"
        if observation.trick_counts[1] == 0:
            cost += f" ({opponent} has none yet)"
    return Text("Nobody draws any more, and the trump card is turned face down.\n"
                f"From now on play is strict: whoever plays second to a trick must follow suit{head} "
                f"if they can, else play a trump if they can.{marriages}\n"
                f"You must be first to 66, before the cards run out, or {opponent} scores {cost}.")


def hint_text(values: list[ActionValue], observation: Observation,
              valued: str = "expected game points") -> Text:
    """The hint for the log: a heading saying what the values are (``valued``), then
    each action (at least one) with its value, best first, in aligned cells a few to a
    line.

    >>> from sixtysix import Match, parse_action
    >>> from sixtysix.two.observation import observe
    >>> rnd = Match(seed=7).deal()
    >>> values = [ActionValue(parse_action(token), value, False, 16)
    ...           for token, value in (("As", 1.25), ("close", 0.5), ("Ts", 0.5), ("9c", -1.0))]
    >>> print(hint_text(values, observe(rnd, rnd.to_act)).plain)
    Hint: expected game points, best first (estimated over 16 deals)
      A♠              +1.25   Close the stock +0.50
      10♠             +0.50   9♣              -1.00
    """
    how = "exact" if values[0].exact else f"estimated over {values[0].samples} deals"
    best = values[0].expected
    labels = [card_text(v.action.card) if v.action.card is not None else action_label(v.action, observation)
              for v in values]
    width = max(label.cell_len for label in labels)
    cells = []
    for label, value in zip(labels, values, strict=True):
        cell = label.copy()
        cell.pad_right(width - label.cell_len)
        cell.append(f" {value.expected:+.2f}", style="bold green" if value.expected == best else "")
        cells.append(cell)
    per_line = max(1, _HINT_WIDTH // (width + 9))
    lines = [Text(f"Hint: {valued}, best first ({how})", style="bold")]
    lines.extend(Text("  ") + Text("   ").join(cells[start:start + per_line])
                 for start in range(0, len(cells), per_line))
    return Text("\n").join(lines)


def prompt(observation: Observation, names: Names, draw_first: bool = False) -> Text:
    """What the user is asked to do now, for the status line; ``draw_first``: after a
    trick, a card key draws and leads that card."""
    phase = observation.phase
    if phase is Phase.FOLLOW and observation.table:
        return sentence("Your turn: play a card to ", names.possessive(1), " ",
                        card_text(observation.table[0]))
    if phase is Phase.MARRIAGE:
        suit = observation.marriages[-1][1]
        return sentence("Lead the king or queen of ", suit_text(suit),
                        *([" — or declare out"] if OUT in observation.legal else []))
    if phase is Phase.DRAW:
        if draw_first:
            return Text("You won the trick: lead a card (you draw first), close before drawing"
                        + (", or declare out" if OUT in observation.legal else ""))
        return Text("You won the trick: draw, close before drawing"
                    + (", or declare out" if OUT in observation.legal else ""))
    if phase is Phase.RESPOND:
        return sentence(names.subject(1), " closed the stock: exchange your 9",
                        suit_text(observation.trump), " or not?")
    extras = [word for action, word in ((OUT, "declare out"), (CLOSE, "close"), (EXCHANGE, "exchange"))
              if action in observation.legal]
    if any(a.marriage_suit is not None for a in observation.legal):
        extras.append("announce a marriage")
    return Text("Your lead: play a card" + (", or " + ", ".join(extras) if extras else ""))


def describe_action(actor: int, action: Action, before: Observation | None, after: Observation,
                    names: Names) -> Text | None:
    """A log line for an action that is not a card play, or ``None`` if it needs none.

    Card plays are told by :func:`describe_trick` and :func:`describe_lead`, since
    memory mode hides them; ``draw`` is told by the cards the user receives.
    """
    who = names.subject(actor)
    suit = action.marriage_suit
    if suit is not None:
        value = after.marriage_points[actor] - (before.marriage_points[actor] if before else 0)
        return sentence(who, " ", names.verb(actor, "announce", "announces"), " the marriage in ",
                        suit_text(suit), f" ({value})")
    if action == EXCHANGE:
        taken = before.trump_card if before is not None else None
        nine = after.trump_card
        if taken is None or nine is None:
            return sentence(who, " ", names.verb(actor, "exchange", "exchanges"), " the trump nine")
        return sentence(who, " ", names.verb(actor, "exchange", "exchanges"), " ", card_text(nine),
                        " for ", card_text(taken))
    phrases = {
        CLOSE: ("close", "closes", " the stock"),
        CLOSE_BEFORE_DRAW: ("close", "closes", " the stock before drawing"),
        OUT: ("declare", "declares", " out!"),
        PASS: ("do", "does", " not exchange"),
    }
    if action not in phrases:
        return None
    plural, singular, rest = phrases[action]
    return Text(who + " " + names.verb(actor, plural, singular) + rest,
                style="bold" if action == OUT else "")


def describe_lead(actor: int, card: Card, names: Names) -> Text:
    """A log line for a card led."""
    return sentence(names.subject(actor), " ", names.verb(actor, "lead", "leads"), " ", card_text(card))


def describe_trick(observation: Observation, names: Names) -> Text:
    """A log line for the trick just completed: its last card, the card led and who won it."""
    trick = observation.tricks[-1]
    follower = (trick.leader + len(trick.cards) - 1) % names.count
    winner = trick.winner
    return sentence(names.subject(follower), " ", names.verb(follower, "play", "plays"), " ",
                    card_text(trick.cards[-1]), " on ", card_text(trick.cards[0]), ": ",
                    names.subject(winner), " ", names.verb(winner, "take", "takes"), " the trick")
