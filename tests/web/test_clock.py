"""The move clock (issue 36): a seat that runs out of time loses a two-hand match and has
its move played for it in the three-hand game; the banks are counted from the moves' stored
times, and a restart of the server neither loses them nor counts the time it was down."""

from __future__ import annotations

import time
from typing import Any

from conftest import StartServer
from webclient import Guest, Server, Socket, first_state

from sixtysix.web.services.clock import Tally, tally
from sixtysix.web.store import Move, Store

SHORT = {"move": 5, "bank": 0}
"""The shortest clock: 5 seconds a move, no bank."""


def stored(server: Server, game_id: str) -> list[Move]:
    """A game's stored moves, read from the server's database."""
    store = Store(server.database_url)
    try:
        found = store.game(game_id)
    finally:
        store.close()
    assert found is not None
    return found[1]


def over(message: dict[str, Any]) -> bool:
    """Whether a message is a state of the match over."""
    return bool(message["type"] == "state" and message["game"]["status"] == "over")


def two_people(server: Server, **body: Any) -> tuple[str, list[Guest], list[Socket]]:
    """A two-hand game of Ann (seat 0) and Bob (seat 1), each with a socket to it."""
    guests = [server.guest("Ann"), server.guest("Bob")]
    game = guests[0].create(opponent="human", **body)["id"]
    guests[1].join(game)
    return game, guests, [guest.socket(game) for guest in guests]


def test_the_banks_come_from_the_stored_times() -> None:
    persons = [True, False, True]
    moves = [Move(1, "deal", None, "", 1_000),
             Move(2, "act", 0, "Ah", 31_000),    # 30 s: 10 s beyond the move's 20
             Move(3, "act", 1, "Kh", 200_000),   # a bot's seat has no clock
             Move(4, "act", 2, "Qh", 205_000),   # within the move's time
             Move(5, "resume", 0, "", 900_000),  # the server loaded the game again
             Move(6, "act", 0, "Jh", 950_000),   # 50 s after the resume: 30 s beyond
             Move(7, "claim", 1, "", 990_000)]   # ends no turn
    assert tally(moves, persons, 20, 60) == Tally((20_000, 60_000, 60_000), 950_000)
    assert tally(moves[:2], persons, 20, 5) == Tally((0, 5_000, 5_000), 31_000)
    older = [Move(1, "deal", None, ""), Move(2, "act", 0, "Ah")]  # stored before moves had times
    assert tally(older, persons, 20, 60) == Tally((60_000, 60_000, 60_000), None)


def test_a_two_hand_match_is_lost_on_time(server: Server) -> None:
    game, _, sockets = two_people(server, clock=SHORT)
    untimed, _, calm = two_people(server)
    state = first_state(sockets[0])
    first_state(sockets[1])
    clock, view = state["clock"], state["view"]
    late = view["to_act"]
    assert clock["move"] == 5 and clock["bank"] == 0 and clock["banks"] == [0, 0]
    assert clock["to_act"] == late and 0 < clock["move_left"] <= 5000 and clock["left"] == clock["move_left"]
    assert first_state(calm[0])["clock"] is None
    for socket in sockets:
        ended = socket.until(over, timeout=60)
        assert ended["game"]["ending"] == "time" and ended["game"]["winner"] == 1 - late
        assert ended["clock"]["to_act"] is None
    last = stored(server, game)[-1]
    assert (last.kind, last.seat, last.value) == ("timeout", late, "")
    assert last.at is not None
    calm_state = calm[0].settle()
    assert calm_state["game"]["status"] == "playing" and calm_state["clock"] is None
    assert [move.kind for move in stored(server, untimed)] == ["deal"]


def test_a_three_hand_seat_out_of_time_has_an_easy_move_played(server: Server) -> None:
    ann = server.guest("Ann")
    game = ann.create(rules="three-hand", seats=["easy", "easy"], clock=SHORT)["id"]
    socket = ann.socket(game)
    state = socket.until(lambda m: m["type"] == "state" and m["clock"]["to_act"] == 0, timeout=60)
    assert state["clock"]["banks"] == [0, None, None]
    played = socket.until(lambda m: m["type"] == "state" and (m["last"] or {}).get("actor") == 0, timeout=60)
    assert played["game"]["status"] == "playing" and played["game"]["ending"] is None
    kinds = [(move.kind, move.seat) for move in stored(server, game)]
    assert ("act", 0) in kinds and ("timeout", 0) not in kinds


def test_the_clock_survives_a_restart(start_server: StartServer) -> None:
    server = start_server()
    game, guests, sockets = two_people(server, clock={"move": 5, "bank": 30})
    states = [first_state(socket) for socket in sockets]
    slow = states[0]["view"]["to_act"]
    time.sleep(6.5)  # beyond the move's 5 seconds: the bank is drawn down
    sockets[slow].send({"type": "act", "action": states[slow]["view"]["legal"][0]})
    after = sockets[0].until(lambda m: m["type"] == "state" and m["clock"]["to_act"] == 1 - slow)
    banks = after["clock"]["banks"]
    assert banks[slow] < 30_000 and banks[1 - slow] == 30_000
    for socket in sockets:
        socket.close()
    server.stop()
    time.sleep(6)  # longer than a move: were the time down counted, the move time would be gone
    server.start()
    clock = first_state(guests[0].socket(game))["clock"]
    assert clock["banks"] == banks and clock["to_act"] == 1 - slow
    assert clock["move_left"] > 0 and clock["left"] == clock["move_left"] + banks[1 - slow]
    assert stored(server, game)[-1].kind == "resume"
