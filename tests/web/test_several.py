"""A site of several processes (deploy/localsite.py: two ``sixtysix serve`` processes on one
PostgreSQL database and one Redis, behind nginx). Whole two- and three-hand matches are
played by clients connected through nginx to different processes, a watcher on a connection
of its own sees every state, a bot's decisions and the clock run wherever the queue sends
them, a seat away from every process may be claimed, a rematch is started once, and one move
sent to both processes at once is applied once."""

from __future__ import annotations

import random
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import StartSite
from localsite import LocalSite
from test_health import metric
from test_site_faults import stored
from webclient import Endpoint, Guest, Socket, error, first_state, mostly_cards, my_turn, pending, play

from sixtysix.notation import Record

pytestmark = pytest.mark.slow


def held(site: LocalSite) -> list[float]:
    """How many game sockets each process of the site holds (its own metrics)."""
    return [metric(httpx.get(site.process_base(index) + "/metrics", timeout=30).text, "sixtysix_connections")
            for index in range(len(site.processes))]


def socket(guest: Guest, endpoint: Endpoint, game_id: str) -> Socket:
    """A guest's WebSocket to a game through ``endpoint`` (nginx, or one process)."""
    return Socket(endpoint, game_id, {"Cookie": f"sixtysix_token={guest.token}"})


def actions(received: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The actions a connection was shown, in order (each once)."""
    seen: list[tuple[int, int, str]] = []
    for message in received:
        if message["type"] == "state" and message["last"] is not None:
            last = (int(message["seq"]), int(message["last"]["actor"]), str(message["last"]["action"]))
            if not seen or seen[-1] != last:
                seen.append(last)
    return [(actor, action) for _, actor, action in seen]


def stored_actions(site: LocalSite, game_id: str) -> list[tuple[int, str]]:
    """The actions stored of a game, in order, read from the database itself."""
    return [(seat, value) for _, kind, seat, value in stored(site, game_id)
            if kind == "act" and seat is not None]


def shown_since_connecting(connection: Socket, site: LocalSite, game_id: str) -> None:
    """The connection was shown every action stored since its first state (and the last one
    before it), each once, in order: a bot may move first before a player connects."""
    first = next(message for message in connection.received if message["type"] == "state")["seq"]
    moves = [(seq, seat, value) for seq, kind, seat, value in stored(site, game_id) if kind == "act"]
    later = [move for move in moves if move[0] > first]
    shown = actions(connection.received)
    assert shown == [(seat, value) for _, seat, value in moves][len(moves) - len(shown):]
    assert len(shown) - len(later) in (0, 1), "nothing after the first state missed"


def answer(seq: int, message: dict[str, Any]) -> bool:
    """Whether a message answers an intent sent at move ``seq``: an error, or a later state."""
    return bool(message["type"] == "error" or (message["type"] == "state" and message["seq"] > seq))


def later(seq: int, state: dict[str, Any]) -> bool:
    """Whether a state is past move ``seq``."""
    return bool(state["seq"] > seq)


def test_two_people_on_two_processes_play_a_match_which_a_third_connection_watches(site: LocalSite) -> None:
    ann, bob, eve = Guest(site, "Ann"), Guest(site, "Bob"), Guest(site, "Eve")
    game = ann.create(opponent="human", rules="classic match_target=3")
    bob.join(game["id"])
    sockets: list[Socket | None] = [socket(ann, site, game["id"]), socket(bob, site, game["id"])]
    watcher = socket(eve, site, game["id"])
    for each in [*sockets, watcher]:
        assert each is not None
        each.until(lambda m: m["type"] == "state")
    assert all(held(site)), f"nginx sends the connections to both processes: {held(site)}"
    last = play(sockets, partial(mostly_cards, rng=random.Random(4)), timeout=240)
    assert last["game"]["status"] == "over"
    record = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text)
    assert record.replay().score == tuple(last["game"]["score"])
    watcher.settle(lambda state: state["game"]["status"] == "over")
    moves = stored_actions(site, game["id"])
    for seen in [*sockets, watcher]:
        assert seen is not None
        pending(seen)
        assert seen.state is not None and seen.state["game"]["score"] == last["game"]["score"]
        assert actions(seen.received) == moves, "every action shown once, in order"


def test_either_process_shows_a_table_as_it_is(site: LocalSite) -> None:
    first, second = site.processes
    ann, bob = Guest(first, "Ann"), Guest(second, "Bob")
    game = ann.create(opponent="human")
    socket(ann, first, game["id"]).until(lambda m: m["type"] == "state")
    for process in site.processes:
        listed = httpx.get(process.base + "/api/lobby", timeout=30).json()["games"]
        assert [table["id"] for table in listed] == [game["id"]], "every process lists every open table"
    bob.join(game["id"])
    for process in (first, second):
        shown = httpx.get(f"{process.base}/api/games/{game['id']}", timeout=30).json()["game"]
        assert (shown["status"], shown["players"]) == ("playing", ["Ann", "Bob"]), "the seat shows taken"
        assert httpx.get(process.base + "/api/lobby", timeout=30).json()["games"] == []


def test_a_hint_asked_on_one_process_reaches_the_seat_everywhere_and_nobody_else(site: LocalSite) -> None:
    first, second = site.processes
    ann, bob, eve = Guest(site, "Ann"), Guest(site, "Bob"), Guest(site, "Eve")
    game = ann.create(opponent="human")["id"]
    bob.join(game)
    anns = [socket(ann, first, game), socket(ann, second, game)]
    others = [socket(bob, first, game), socket(bob, second, game), socket(eve, second, game)]
    states = [first_state(each) for each in [*anns, *others]]
    seat = states[0]["game"]["your_seat"]
    if states[0]["view"]["to_act"] != seat:
        view = states[2]["view"]
        others[0].send({"type": "act", "action": view["legal"][0], "seq": states[2]["seq"]})
    state = anns[0].settle(my_turn(seat))
    anns[0].send({"type": "hint"})
    hints = [each.until(lambda m: m["type"] == "hint", timeout=60) for each in anns]
    assert hints[0] == hints[1] and hints[0]["seq"] == state["seq"]
    assert sorted(entry["action"] for entry in hints[0]["actions"]) == sorted(state["view"]["legal"])
    for each in others:
        each.settle()
        assert not [m for m in each.received if m["type"] == "hint"], "a hint reaches its own seat only"


def test_three_hands_across_processes(site: LocalSite) -> None:
    ann, bob, eve = Guest(site, "Ann"), Guest(site, "Bob"), Guest(site, "Eve")
    game = ann.create(rules="three-hand match_target=3", seats=["human", "easy"])
    sockets: list[Socket | None] = [socket(ann, site, game["id"]), socket(bob, site, game["id"]), None]
    watcher = socket(eve, site, game["id"])
    for each in [sockets[0], sockets[1], watcher]:
        assert each is not None
        each.until(lambda m: m["type"] == "state")
    assert all(held(site)), f"nginx sends the connections to both processes: {held(site)}"
    bob.join(game["id"])  # his connection, watching on either process until now, takes his seat
    assert sockets[1] is not None
    assert sockets[1].until(lambda m: m["type"] == "state" and m["view"] is not None)["view"]["seat"] == 1
    last = play(sockets, partial(mostly_cards, rng=random.Random(6)), timeout=240)
    assert last["game"]["status"] == "over" and max(last["game"]["score"]) >= 3
    record = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text)
    assert record.replay().score == tuple(last["game"]["score"])
    watcher.settle(lambda state: state["game"]["status"] == "over")
    for seen in [sockets[0], sockets[1], watcher]:
        assert seen is not None
        pending(seen)
        assert actions(seen.received) == stored_actions(site, game["id"])


def test_a_person_plays_a_bot_whose_turns_either_process_takes(site: LocalSite) -> None:
    ann = Guest(site, "Ann")
    game = ann.create(opponent="bot", level="easy", rules="classic match_target=2")
    seated = socket(ann, site.processes[1], game["id"])
    last = play([seated], partial(mostly_cards, rng=random.Random(2)), timeout=240)
    assert last["game"]["status"] == "over"
    record = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text)
    assert record.replay().score == tuple(last["game"]["score"])
    shown_since_connecting(seated, site, game["id"])


def test_one_move_sent_to_two_processes_at_once_is_applied_once(site: LocalSite) -> None:
    one, two = site.processes
    ann, bob = Guest(one, "Ann"), Guest(two, "Bob")
    game = ann.create(opponent="human", rules="classic")
    bob.join(game["id"])
    guests = [ann, bob]
    for repeat in range(8):
        before = stored_actions(site, game["id"])
        pair = [socket(guest, process, game["id"]) for guest in guests for process in (one, two)]
        seat = pair[0].until(lambda m: m["type"] == "state")["view"]["to_act"]
        mine = pair[2 * seat:2 * seat + 2]
        state = mine[0].until(lambda m: m["type"] == "state")
        mine[1].until(lambda m: m["type"] == "state")
        seq, token = state["seq"], state["view"]["legal"][0]
        # With its seq, the repeated intent is answered with the state; without, refused.
        intent: dict[str, Any] = {"type": "act", "action": token, **({"seq": seq} if repeat % 2 else {})}
        for each in mine:
            each.send(intent)
        answers = [each.until(partial(answer, seq)) for each in mine]
        for each in pair:
            each.settle(partial(later, seq))
        assert stored_actions(site, game["id"]) == [*before, (seat, token)]
        refused = [answer["code"] for answer in answers if answer["type"] == "error"]
        assert refused == ([] if "seq" in intent else refused[:1])
        assert set(refused) <= {"not_your_turn", "illegal"}
        for each in pair:
            each.close()


def two_people(site: LocalSite, **body: Any) -> tuple[str, list[Guest], list[Socket]]:
    """A two-hand game of Ann (seat 0, connected to the first process) and Bob (seat 1,
    to the second), made on the first and joined on the second."""
    one, two = site.processes
    ann, bob = Guest(one, "Ann"), Guest(two, "Bob")
    game = ann.create(opponent="human", **body)["id"]
    bob.join(game)
    sockets = [socket(ann, one, game), socket(bob, two, game)]
    for each in sockets:
        each.until(lambda m: m["type"] == "state")
    return game, [ann, bob], sockets


def over(message: dict[str, Any]) -> bool:
    """Whether a message is a state of the match over."""
    return bool(message["type"] == "state" and message["game"]["status"] == "over")


def stored_kinds(site: LocalSite, game_id: str) -> list[tuple[str, int | None]]:
    """The kind and seat of each stored move of a game."""
    return [(kind, seat) for _, kind, seat, _ in stored(site, game_id)]


def test_the_clock_of_a_site_runs_out_once(site: LocalSite) -> None:
    game, _, sockets = two_people(site, clock={"move": 5, "bank": 0})
    assert sockets[0].state is not None
    late = sockets[0].state["view"]["to_act"]
    for each in sockets:
        ended = each.until(over, timeout=60)
        assert ended["game"]["ending"] == "time" and ended["game"]["winner"] == 1 - late
    assert stored_kinds(site, game) == [("deal", None), ("timeout", late)]


def test_the_clock_of_a_game_no_process_holds_runs_out_by_the_queue(site: LocalSite) -> None:
    game, _, sockets = two_people(site, clock={"move": 5, "bank": 0})
    assert sockets[0].state is not None
    first = sockets[0].state["view"]["to_act"]
    view = sockets[first].settle(my_turn(first))["view"]
    sockets[first].send({"type": "act", "action": view["legal"][0]})
    for each in sockets:  # the clock of the second move is in the processes holding the game
        each.until(lambda m: m["type"] == "state" and m["seq"] == 2)
        each.close()
    deadline = time.monotonic() + 30  # well before a process's reconciling of every game (each minute)
    while stored_kinds(site, game)[-1] != ("timeout", 1 - first):
        assert time.monotonic() < deadline, "the clock went to the queue with the game's last socket"
        time.sleep(0.2)
    assert stored_kinds(site, game) == [("deal", None), ("act", first), ("timeout", 1 - first)]


def test_a_seat_away_from_every_process_may_be_claimed(start_site: StartSite) -> None:
    site = start_site("--away-limit", "2")
    game, guests, sockets = two_people(site)
    other = socket(guests[1], site.processes[0], game)
    other.until(lambda m: m["type"] == "state")
    sockets[1].close()
    time.sleep(3)
    pending(sockets[0])
    assert error(sockets[0], {"type": "claim"}) == "not_claimable", "Bob is there through the first process"
    other.close()
    claimable = sockets[0].until(lambda m: m["type"] == "state" and m["claimable"], timeout=60)
    assert claimable["away"] == [False, True]
    sockets[0].send({"type": "claim"})
    ended = sockets[0].until(over)
    assert ended["game"]["ending"] == "claimed" and ended["game"]["winner"] == 0
    assert stored_kinds(site, game)[-1] == ("claim", 0)


def test_a_rematch_accepted_on_two_processes_at_once_starts_one_game(site: LocalSite) -> None:
    game, guests, sockets = two_people(site)
    sockets[1].send({"type": "resign"})
    for each in sockets:
        each.until(over)
    more = [socket(guests[1], process, game) for process in site.processes]
    for each in more:
        each.until(lambda m: m["type"] == "state")
    sockets[0].send({"type": "rematch"})
    for each in [sockets[1], *more]:
        each.until(lambda m: m["type"] == "state" and (m["rematch"] or {}).get("status") == "offered")
    for each in [sockets[1], *more]:
        each.send({"type": "rematch"})
    started = {each.until(lambda m: m["type"] == "state" and (m["rematch"] or {}).get("status") == "started")
               ["rematch"]["game"] for each in [*sockets, *more]}
    assert len(started) == 1
    assert len(guests[0].http.get("/api/history").json()["games"]) == 2


def test_a_program_bot_plays_on_whichever_process_takes_its_turn(start_site: StartSite,
                                                                 tmp_path: Path) -> None:
    served = tmp_path / "served.py"
    served.write_text("import sys\nfrom sixtysix.cli import main\nsys.exit(main(['bot', 'greedy']))\n",
                      encoding="utf-8")
    site = start_site("--bot", f"served=cmd:{sys.executable} {served}")
    ann = Guest(site, "Ann")
    game = ann.create(opponent="bot", level="served", rules="classic match_target=3")
    seated = socket(ann, site, game["id"])
    last = play([seated], partial(mostly_cards, rng=random.Random(8)), timeout=240)
    assert last["game"]["status"] == "over" and last["game"]["ending"] == "played"
    assert last["forfeit"] is None, "the program followed the match on every process"
    shown_since_connecting(seated, site, game["id"])
