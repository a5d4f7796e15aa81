#!/usr/bin/env python3
"""A stateless Sixty-Six bot: it reads only the `go` lines of the sixtysix bot protocol,
version 2 (docs/PROTOCOL.md), which carry the seat's whole view, and keeps nothing
between them. It plays the two-hand and the three-hand game. Try it:

    sixtysix tournament "cmd:python3 examples/stateless_bot.py" random --matches 10
    sixtysix tournament "cmd:python3 examples/stateless_bot.py" greedy --rules three-hand --matches 3

Its rules of thumb: declare out at 66, announce the biggest marriage, exchange the trump
nine, never close; take a trick worth taking as cheaply as possible, otherwise play the
cheapest card, sparing trumps.
"""

import sys

POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
RANK = "9JQKTA"  # low to high
FIELDS = {"budget", "legal", "seat", "dealer", "leader", "trump", "stock", "closed", "hand", "table",
          "shown", "points", "tricks", "marriages", "sizes", "score", "target"}


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


def beats(card: str, best: str, led: str, trump: str) -> bool:
    """Whether ``card`` beats ``best``, the card winning a trick led in suit ``led``."""
    if card[1] == best[1]:
        return RANK.index(card[0]) > RANK.index(best[0])
    return card[1] == trump or (card[1] == led and best[1] not in (led, trump))


def winning(table: list[str], trump: str) -> str:
    """The card that wins the trick so far."""
    best = table[0]
    for card in table[1:]:
        if beats(card, best, table[0][1], trump):
            best = card
    return best


def cost(card: str, trump: str) -> tuple[int, int]:
    """How much playing ``card`` gives away: trumps last, then by points and rank."""
    return (card[1] == trump, POINTS[card[0]] * 10 + RANK.index(card[0]))


def choose(view: dict[str, list[str]]) -> str:
    legal = view["legal"]
    seat = int(view["seat"][0])
    trump = view["trump"][0]
    if "out" in legal and int(view["points"][seat]) >= 66:
        return "out"
    marriages = [token for token in legal if token.startswith("M")]
    if marriages:
        return max(marriages, key=lambda token: token[1] == trump)
    if "exchange" in legal:
        return "exchange"
    cards = [token for token in legal if len(token) == 2 and token[0] in POINTS]
    if not cards:  # after a trick: draw (never close), or answer a close
        return next((token for token in ("draw", "pass") if token in legal), legal[0])
    table = view["table"]
    if table:
        best = winning(table, trump)
        worth = sum(POINTS[card[0]] for card in table)
        takers = [card for card in cards if beats(card, best, table[0][1], trump)]
        if takers and worth >= 10:
            return min(takers, key=lambda card: cost(card, trump))
    return min(cards, key=lambda card: cost(card, trump))


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "sixtysix":  # the handshake: who we are, then version 2 and ready
        send("id name stateless-example")
        send("id author the sixtysix authors")
        send("version 2")
        send("ready")
    elif words[0] == "isready":
        send("readyok")
    elif words[0] == "go":
        send(f"play {choose(fields(words[1:]))}")
    elif words[0] == "quit":
        break
