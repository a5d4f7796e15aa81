#!/usr/bin/env python3
"""A Sixty-Six bot that speaks the sixtysix bot protocol, version 2 (docs/PROTOCOL.md).

Copy this file and change ``choose``. Try it:

    sixtysix tournament "cmd:python3 examples/python_bot.py" random --matches 10
    sixtysix play --opponent "cmd:python3 examples/python_bot.py"

It uses nothing but the standard library. It follows the round from the host's lines
(its hand, the trump card, the trick on the table) and checks its hand against the view
that each ``go`` carries; it plays by a few rules of thumb: declare out at 66, announce
the biggest marriage, exchange the trump nine, take a trick worth ten or more as cheaply
as it can, otherwise play its cheapest card. Everything the bot prints goes to the host:
write your debugging output to standard error, or as ``info ...`` lines (both are kept
in the bot log of ``--bot-log DIR``).
"""

import random
import sys

POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
RANK = "9JQKTA"  # low to high
FIELDS = {"budget", "legal", "seat", "dealer", "leader", "trump", "stock", "closed", "hand", "table",
          "shown", "points", "tricks", "marriages", "sizes", "score", "target"}

seat = 0
seats = 2
hand: set[str] = set()  # our cards, kept up to date from the host's lines
trump = ""  # the card that named trump; its suit is trump ("-" once drawn keeps the suit)
trump_suit = ""
table: list[str] = []  # the cards of the trick in play


def send(line: str) -> None:
    print(line, flush=True)  # flush: the host waits for whole lines


def fields(words: list[str]) -> dict[str, list[str]]:
    """The fields of a go line: each name with the values up to the next name."""
    view: dict[str, list[str]] = {}
    values: list[str] = []
    for word in words:
        if word in FIELDS:
            values = view[word] = []
        else:
            values.append(word)
    return view


def beats(card: str, best: str, led: str) -> bool:
    """Whether ``card`` beats ``best``, the card winning a trick led in suit ``led``."""
    if card[1] == best[1]:
        return RANK.index(card[0]) > RANK.index(best[0])
    return card[1] == trump_suit or (card[1] == led and best[1] not in (led, trump_suit))


def cost(card: str) -> tuple[bool, int]:
    """How much playing ``card`` gives away: trumps last, then by points and rank."""
    return card[1] == trump_suit, POINTS[card[0]] * 10 + RANK.index(card[0])


def choose(legal: list[str], points: int) -> str:
    """Pick one of the legal tokens: cards (Ah), marriages (Mh), exchange, close, out, ..."""
    if "out" in legal and points >= 66:
        return "out"
    marriages = [token for token in legal if token.startswith("M")]
    if marriages:
        return max(marriages, key=lambda token: token[1] == trump_suit)
    if "exchange" in legal:
        return "exchange"
    cards = [token for token in legal if token[:1] in POINTS]
    if not cards:  # after a trick: draw rather than close; let an exchange pass
        return next((token for token in ("draw", "pass") if token in legal), random.choice(legal))
    if table:
        best = table[0]
        for card in table[1:]:
            best = card if beats(card, best, table[0][1]) else best
        takers = [card for card in cards if beats(card, best, table[0][1])]
        if takers and sum(POINTS[card[0]] for card in table) >= 10:
            return min(takers, key=cost)
    return min(cards, key=cost)


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command, args = words[0], words[1:]
    if command == "sixtysix":  # the handshake: say who we are, then the version and ready
        send("id name python-example")
        send("id author a newcomer")
        send("option seed whole 0 18446744073709551615")  # the host then says: set seed N
        send("version 2")
        send("ready")
    elif command == "set" and args[0] == "seed":  # seeded, a match plays alike again
        random.seed(int(args[1]))
    elif command == "isready":
        send("readyok")
    elif command == "match":  # match seat S rules RULES
        seat = int(args[1])
        seats = 3 if args[3] == "three-hand" else 2
    elif command == "round":
        table = []
    elif command == "hand":  # a new round's hand
        hand = set(args)
    elif command == "draw":  # a card came into our hand: from the stock, or by exchanging
        hand.add(args[0])
    elif command == "trump":
        if args[0] != "-":
            trump, trump_suit = args[0], args[0][1]
    elif command == "action":
        actor, token = int(args[0]), args[1]
        if token == "exchange" and actor == seat:  # our trump nine goes under the stock
            hand.discard("9" + trump_suit)
        elif token[:1] in POINTS:  # a card played to the trick
            hand.discard(token)
            table = [*table, token] if len(table) < seats - 1 else []
    elif command == "go":  # our turn: go budget MS legal ... and our whole view
        view = fields(args)
        if sorted(view["hand"]) != sorted(hand):
            send(f"info my hand {' '.join(sorted(hand))} is not the view's {' '.join(view['hand'])}")
            hand = set(view["hand"])
        send(f"play {choose(view['legal'], int(view['points'][seat]))}")
    elif command == "quit":
        break
