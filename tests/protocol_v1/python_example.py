#!/usr/bin/env python3
"""A Sixty-Six bot that speaks the sixtysix bot protocol (docs/PROTOCOL.md).

Copy this file and change ``choose``. Try it:

    sixtysix tournament "cmd:python3 examples/python_bot.py" random --matches 10
    sixtysix play --opponent "cmd:python3 examples/python_bot.py"

It uses nothing but the standard library. It announces a marriage when it can,
otherwise plays a random legal action. Everything the bot prints goes to the
host: write your debugging output to standard error, or as ``info ...`` lines.
"""

import random
import sys

hand: set[str] = set()  # the cards in our hand, kept up to date from the host's lines
trump = ""  # the card under the stock, "-" once it is drawn


def send(line: str) -> None:
    print(line, flush=True)  # flush: the host waits for whole lines


def choose(legal: list[str]) -> str:
    """Pick one of the legal tokens: cards (Ah), marriages (Mh), close, out, ..."""
    marriages = [token for token in legal if token.startswith("M")]
    return marriages[0] if marriages else random.choice(legal)


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command, args = words[0], words[1:]
    if command == "sixtysix":  # the handshake: say who we are, then ready
        send("id name python-example")
        send("id author a newcomer")
        send("option seed whole 0 18446744073709551615")  # the host then says: set seed N
        send("ready")
    elif command == "set" and args[0] == "seed":  # seeded, a match plays alike again
        random.seed(int(args[1]))
    elif command == "hand":  # a new round's hand
        hand = set(args)
    elif command == "draw":  # a card came into our hand
        hand.add(args[0])
    elif command == "trump":
        trump = args[0]
    elif command == "action" and args[1] in hand:  # we played a card
        hand.discard(args[1])
    elif command == "go":  # our turn: go MILLISECONDS LEGAL...
        send(f"play {choose(args[1:])}")
    elif command == "quit":
        break
