"""How the terminal front end puts cards, actions and events into words.

Everything here reads an :class:`~sixtysix.game.interface.Observation` or an
:class:`~sixtysix.table.Event` of seat 0, or the analysis of seat 0's decision, and only
describes it: the rules live in the engine. The seats' names are :mod:`sixtysix.tui.names`',
the words those of the language in use (:mod:`sixtysix.tui.language`).

>>> from sixtysix.cards import parse_card
>>> from sixtysix.tui.language import use
>>> use("en")
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
from sixtysix.tui.language import signed, styled, t, tn
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


def cards_text(cards: tuple[Card, ...], empty: str | None = None) -> Text:
    """Several cards separated by spaces, or ``empty`` (``none``) if there are none."""
    if not cards:
        return Text(t("none") if empty is None else empty, style="dim")
    return Text(" ").join(card_text(card) for card in cards)


def opponent_name(spec: str) -> str:
    """The name the table gives a computer opponent, from its level or bot specification:
    ``Hard bot`` for a level, the bot's name without its parameters otherwise."""
    if spec in LEVELS:
        return {"easy": t("Easy bot"), "medium": t("Medium bot"), "hard": t("Hard bot"),
                "expert": t("Expert bot")}.get(spec, spec.capitalize())
    name = spec.partition(":")[0]
    return _BOT_NAMES.get(name, name.capitalize())


def action_label(action: Action, observation: Observation) -> Text:
    """The words on the button of an action other than playing a card."""
    suit = action.marriage_suit
    if suit is not None:
        return styled(t("Marriage {suit}"), suit=suit_text(suit))
    if action == EXCHANGE:
        taken = observation.trump_card
        if taken is None:
            return Text(t("Exchange the trump nine"))
        return styled(t("Exchange 9{suit} for {card}"), suit=suit_text(observation.trump),
                      card=card_text(taken))
    labels = {
        CLOSE: t("Close the stock"),
        CLOSE_BEFORE_DRAW: t("Close before drawing"),
        OUT: t("Declare out (66)"),
        DRAW: t("Draw"),
        PASS: t("Don't exchange"),
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
    strict = (t("From now on play is strict: whoever plays second to a trick must follow suit and beat the "
                "card "
                "led if they can, else play a trump if they can.") if rules.must_head
              else t("From now on play is strict: whoever plays second to a trick must follow suit if they "
                     "can, "
                     "else play a trump if they can."))
    if not rules.marriages_after_stock:
        strict += " " + t("Nobody may announce a marriage any more.")
    if rules.failed_close_points == "three":
        cost = t("You must be first to 66, before the cards run out, or {player} scores 3 game points.",
                 player=opponent)
    elif observation.trick_counts[1] == 0:
        cost = t("You must be first to 66, before the cards run out, or {player} scores 2 game points, or 3 "
                 "if "
                 "{player} has no trick when you close ({player} has none yet).", player=opponent)
    else:
        cost = t("You must be first to 66, before the cards run out, or {player} scores 2 game points, or 3 "
                 "if "
                 "{player} has no trick when you close.", player=opponent)
    return Text("\n".join((t("Nobody draws any more, and the trump card is turned face down."), strict,
                           cost)))


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
    how = t("exact") if values[0].exact else tn("estimated over {n} deal", "estimated over {n} deals",
                                                 values[0].samples)
    best = values[0].expected
    labels = [card_text(v.action.card) if v.action.card is not None else action_label(v.action, observation)
              for v in values]
    width = max(label.cell_len for label in labels)
    cells = []
    for label, value in zip(labels, values, strict=True):
        cell = label.copy()
        cell.pad_right(width - label.cell_len)
        cell.append(f" {signed(value.expected)}", style="bold green" if value.expected == best else "")
        cells.append(cell)
    per_line = max(1, _HINT_WIDTH // (width + 9))
    lines = [Text(t("Hint: {valued}, best first ({how})", valued=valued, how=how), style="bold")]
    lines.extend(Text("  ") + Text("   ").join(cells[start:start + per_line])
                 for start in range(0, len(cells), per_line))
    return Text("\n").join(lines)


def prompt(observation: Observation, names: Names, draw_first: bool = False) -> Text:
    """What the user is asked to do now, for the status line; ``draw_first``: after a
    trick, a card key draws and leads that card."""
    phase = observation.phase
    out = OUT in observation.legal
    if phase is Phase.FOLLOW and observation.table:
        if names.several:
            return styled(t("Your turn: play a card to {card}"), card=card_text(observation.table[0]))
        return styled(t("Your turn: play a card to {player}'s {card}", player=names.subject(1)),
                      card=card_text(observation.table[0]))
    if phase is Phase.MARRIAGE:
        suit = suit_text(observation.marriages[-1][1])
        return styled(t("Lead the king or queen of {suit} — or declare out") if out
                      else t("Lead the king or queen of {suit}"), suit=suit)
    if phase is Phase.DRAW:
        if draw_first:
            return Text(t("Trick won: lead (you draw first), close before drawing, or declare out") if out
                        else t("Trick won: lead (you draw first) or close before drawing"))
        return Text(t("You won the trick: draw, close before drawing, or declare out") if out
                    else t("You won the trick: draw or close before drawing"))
    if phase is Phase.RESPOND:
        return styled(t("{player} closed the stock: exchange your 9{suit} or not?", player=names.subject(1)),
                      suit=suit_text(observation.trump))
    extras = [word for action, word in ((OUT, t("declare out")), (CLOSE, t("close")), (EXCHANGE,
                                                                                       t("exchange")))
              if action in observation.legal]
    if any(a.marriage_suit is not None for a in observation.legal):
        extras.append(t("announce a marriage"))
    if not extras:
        return Text(t("Your lead: play a card"))
    return Text(t("Your lead: play a card, or {choices}", choices=t(", ").join(extras)))


def describe_action(actor: int, action: Action, before: Observation | None, after: Observation,
                    names: Names) -> Text | None:
    """A log line for an action that is not a card play, or ``None`` if it needs none.

    Card plays are told by :func:`describe_trick` and :func:`describe_lead`, since
    memory mode hides them; ``draw`` is told by the cards the user receives.
    """
    you = actor == 0
    who = names.subject(actor)
    suit = action.marriage_suit
    if suit is not None:
        value = after.marriage_points[actor] - (before.marriage_points[actor] if before else 0)
        return styled(t("You announce the marriage in {suit} ({points})", points=value) if you
                      else t("{player} announces the marriage in {suit} ({points})", player=who,
                             points=value),
                      suit=suit_text(suit))
    if action == EXCHANGE:
        taken = before.trump_card if before is not None else None
        nine = after.trump_card
        if taken is None or nine is None:
            return Text(t("You exchange the trump nine") if you
                        else t("{player} exchanges the trump nine", player=who))
        return styled(t("You exchange {nine} for {card}") if you
                      else t("{player} exchanges {nine} for {card}", player=who),
                      nine=card_text(nine), card=card_text(taken))
    phrases = {
        CLOSE: (t("You close the stock"), t("{player} closes the stock", player=who)),
        CLOSE_BEFORE_DRAW: (t("You close the stock before drawing"),
                            t("{player} closes the stock before drawing", player=who)),
        OUT: (t("You declare out!"), t("{player} declares out!", player=who)),
        PASS: (t("You do not exchange"), t("{player} does not exchange", player=who)),
    }
    if action not in phrases:
        return None
    return Text(phrases[action][0 if you else 1], style="bold" if action == OUT else "")


def describe_lead(actor: int, card: Card, names: Names) -> Text:
    """A log line for a card led."""
    return styled(t("You lead {card}") if actor == 0 else t("{player} leads {card}",
                                                            player=names.subject(actor)),
                  card=card_text(card))


def describe_trick(observation: Observation, names: Names) -> Text:
    """A log line for the trick just completed: its last card, the card led and who won it."""
    trick = observation.tricks[-1]
    follower = (trick.leader + len(trick.cards) - 1) % names.count
    played = styled(t("You play {card} on {led}") if follower == 0
                    else t("{player} plays {card} on {led}", player=names.subject(follower)),
                    card=card_text(trick.cards[-1]), led=card_text(trick.cards[0]))
    return styled(t("{play}: {taken}"), play=played, taken=taken_by(trick.winner, names))


def taken_by(winner: int, names: Names) -> str:
    """Who took a trick."""
    return t("you take the trick") if winner == 0 else t("{player} takes the trick",
                                                         player=names.subject(winner))
