"""The leak test: every message a seat or a spectator receives, over many seeded
matches played through the real WebSocket path, is checked against the true round.

The true rounds come from the stored record, replayed action by action here; each
state message is matched to the true position it shows, and must name no card the
receiver may not see: the opponent's hidden cards, the face-down stock.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from webclient import Server, Socket, mostly_cards, pending, play

from sixtysix.cards import card_name, cards_in
from sixtysix.game.actions import DRAW, OUT, PASS
from sixtysix.game.round import Phase
from sixtysix.notation import Record
from sixtysix.two.match import Match
from sixtysix.two.observation import observe
from sixtysix.web.app import MAX_MESSAGE
from sixtysix.web.views import MatchInfo, public_view

CARD = re.compile(r"[9JQKTA][cdhs]")
PRESETS = ["classic", "pagat", "santase", "turkish"]
MATCHES = 24


def positions(record: Record) -> Iterator[tuple[Match, Any]]:
    """Each position of the recorded match, the implicit draws and passes included,
    with the public view of it."""
    match = Match(record.rules, dealer=record.dealer)
    for entry in record.rounds:
        rnd = match.deal(entry.deck)
        yield match, public_view(observe(rnd, 0), MatchInfo.of(match))
        for action in entry.actions:
            if action == OUT and rnd.phase is Phase.DRAW:
                # Records write "draw, then out at the lead" as "out" before the draw
                # (the outcome is the same): both positions are possible.
                rnd.push(DRAW)
                yield match, public_view(observe(rnd, 0), MatchInfo.of(match))
                rnd.push(OUT)
                yield match, public_view(observe(rnd, 0), MatchInfo.of(match))
                rnd.pop()
                rnd.pop()
            if not rnd.is_legal(action) and rnd.phase in (Phase.DRAW, Phase.RESPOND):
                rnd.push(DRAW if rnd.phase is Phase.DRAW else PASS)
                yield match, public_view(observe(rnd, 0), MatchInfo.of(match))
            rnd.push(action)
            yield match, public_view(observe(rnd, 0), MatchInfo.of(match))


def hidden(match: Match, seat: int | None) -> set[str]:
    """Cards ``seat`` (``None``: a spectator) may not see now."""
    rnd = match.round
    assert rnd is not None
    secret = {card_name(c) for c in rnd.deck[13 + 12 - rnd.stock_size:]} if rnd.stock_size else set()
    for other in (0, 1):
        if other != seat:
            secret |= {card_name(c) for c in cards_in(rnd.hand(other) & ~rnd.shown(other))}
    return secret


def named_cards(value: Any) -> set[str]:
    """Every card token a message names, in values and keys."""
    if isinstance(value, str):
        return {value} if CARD.fullmatch(value) else set()
    if isinstance(value, dict):
        return set().union(*(named_cards(k) | named_cards(v) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(named_cards(v) for v in value))
    return set()


def check(socket: Socket, seat: int | None, record: Record) -> int:
    """Match each state the socket received to a true position and check what it names."""
    walk = positions(record)
    current: tuple[Match, Any] | None = None
    checked = 0
    for message in socket.received:
        assert message["type"] in ("state", "error", "pong", "chat"), message
        assert message["type"] != "chat" or seat is not None, "a spectator is sent no chat"
        assert len(json.dumps(message, separators=(",", ":")).encode()) <= MAX_MESSAGE
        if message["type"] != "state" or message["view"] is None:
            continue
        view = message["view"]
        assert view["seat"] == seat
        public = dict(view, seat=None, hand=None, legal=[], refusals={}, out=None)
        while current is None or current[1] != public:  # a state may be sent again unchanged
            current = next(walk, None)
            if current is None:
                pytest.fail(f"no true position shows {public}")
        match = current[0]
        # ``previous`` shows the last round's tricks: public once that round is over.
        previous = view["previous"]
        if previous is not None:
            played = {card_name(c) for t in match.rounds[-2].tricks for c in (t.lead, t.follow)}
            assert named_cards(previous) <= played
        leaked = named_cards(dict(message, view=dict(view, previous=None))) & hidden(match, seat)
        assert not leaked, f"seat {seat} was told {sorted(leaked)}"
        rnd = match.round
        assert rnd is not None
        if seat is None:
            assert view["hand"] is None and view["legal"] == [] and view["refusals"] == {}
            assert view["out"] is None
        else:
            assert view["hand"] == [card_name(c) for c in cards_in(rnd.hand(seat))]
            expected = [a.token for a in rnd.legal_tuple()] if rnd.to_act == seat else []
            assert view["legal"] == expected
            assert (view["out"] is None) == ("out" not in expected)
        checked += 1
    return checked


@pytest.mark.slow
def test_no_message_names_a_card_its_receiver_may_not_see(start_server: Any) -> None:
    # One address plays every match, faster than a person invites: no rate limits.
    server: Server = start_server(seed=66, workers=2, arguments=[
        f"--rate-limit={kind}=none" for kind in ("games", "invitations", "joins")])
    ann, bob, eve = server.guest("Ann"), server.guest("Bob"), server.guest("Eve")
    checked = 0
    for number in range(MATCHES):
        rng = random.Random(number)
        rules = f"{PRESETS[number % 4]} match_target=3"
        against_bot = number % 2 == 1
        if against_bot:
            game = ann.create(opponent="bot", level="easy", rules=rules)
        else:
            game = ann.create(opponent="human", rules=rules)
            bob.join(game["id"])
        watcher = eve.socket(game["id"])
        sockets: list[Socket | None] = [ann.socket(game["id"]),
                                        None if against_bot else bob.socket(game["id"])]
        play(sockets, partial(mostly_cards, rng=rng))
        record = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text)
        pending(watcher)
        for seat, socket in [(0, sockets[0]), (1, sockets[1]), (None, watcher)]:
            if socket is not None:
                pending(socket)
                checked += check(socket, seat, record)
                socket.close()
    assert checked > MATCHES * 2.5 * 20
