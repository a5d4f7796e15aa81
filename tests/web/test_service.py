"""The game service without a network: reloading from the store, failed commits."""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator

import pytest
from sqlalchemy.exc import OperationalError

from sixtysix.game.actions import DRAW, PASS, Action
from sixtysix.web.games import Connection, GameService, LiveGame
from sixtysix.web.store import Player, Store


@contextlib.asynccontextmanager
async def _table(seed: int, rules: str) -> AsyncIterator[tuple[Store, GameService, Player, Player, LiveGame]]:
    """A service on an in-memory store, with Ann and Bob seated at a game of ``rules``."""
    store = Store("sqlite://")
    service = GameService(store, seed=seed)
    await service.start()
    try:
        ann, _ = store.create_player("Ann")
        bob, _ = store.create_player("Bob")
        game = await service.create(ann, "human", rules, None)
        yield store, service, ann, bob, await service.join(bob, game.row.id)
    finally:
        await service.stop()
        store.close()


async def test_a_failed_commit_tells_nobody_and_the_game_reloads(monkeypatch: pytest.MonkeyPatch) -> None:
    async with _table(3, "classic") as (store, service, ann, _bob, game):
        watcher = Connection(ann)
        await service.connect(game, watcher)
        watcher.outbox.get_nowait()
        rnd = game.match.round
        assert rnd is not None and rnd.to_act is not None
        seat, token = rnd.to_act, rnd.legal_tuple()[0].token

        def refuse(*_args: object, **_kwargs: object) -> None:
            raise OperationalError("INSERT", {}, Exception("disk full"))

        monkeypatch.setattr(store, "save", refuse)
        with pytest.raises(OperationalError):
            await service.act(game, seat, token)
        assert watcher.outbox.get_nowait() == {"type": "error", "code": "server",
                                               "message": "the game is reloading"}
        assert watcher.outbox.get_nowait() is None
        assert watcher.outbox.empty()
        monkeypatch.undo()
        reloaded = await service.load(game.row.id)
        assert reloaded is not None and reloaded is not game
        fresh = reloaded.match.round
        assert fresh is not None and fresh.actions == [] and fresh.deck == rnd.deck
        await service.act(reloaded, seat, token)
        stored = store.game(game.row.id)
        assert stored is not None and [m.value for m in stored[1]][-1] == token


async def test_a_game_reloaded_from_the_store_resumes_exactly() -> None:
    async with _table(9, "pagat match_target=7") as (_store, service, ann, bob, first):
        game = first
        rng = random.Random(2)
        steps = 0
        while game.row.status == "playing":
            views = [Connection(ann), Connection(bob), Connection(None)]
            before = [service.state(game, c) for c in _seated(game, views)]
            del service.games[game.row.id]
            reloaded = await service.load(game.row.id)
            assert reloaded is not None
            after = [service.state(reloaded, c) for c in _seated(reloaded, views)]
            assert after == before
            game = reloaded
            rnd = game.match.round
            assert rnd is not None and rnd.to_act is not None
            legal = rnd.legal_tuple()
            cards = [a for a in legal if a.card is not None or a in (DRAW, PASS)]
            action = rng.choice(cards if cards and rng.random() < 0.9 else legal)
            await service.act(game, rnd.to_act, action.token)
            steps += 1
        assert game.match.is_over and steps > 40


def _seated(game: LiveGame, connections: list[Connection]) -> list[Connection]:
    for connection in connections:
        connection.seat = game.seat_of(connection.player)
    return connections


async def test_a_finished_game_leaves_memory_with_its_last_connection() -> None:
    async with _table(1, "classic match_target=1") as (_store, service, ann, _bob, game):
        connection = Connection(ann)
        await service.connect(game, connection)
        while game.row.status == "playing":
            rnd = game.match.round
            assert rnd is not None and rnd.to_act is not None
            await service.act(game, rnd.to_act, rnd.legal_tuple()[0].token)
        assert game.row.id in service.games
        await service.disconnect(game, connection)
        assert game.row.id not in service.games
        again = await service.load(game.row.id)
        assert again is not None and again.row.status == "over" and again.match.score == game.match.score


def test_a_bot_thinking_for_the_web_hears_the_match_score(monkeypatch: pytest.MonkeyPatch) -> None:
    from sixtysix.bots import Bot
    from sixtysix.games import AnyObservation
    from sixtysix.table import Event
    from sixtysix.three.match import ThreeMatch
    from sixtysix.three.observation import observe_three
    from sixtysix.two.match import Match
    from sixtysix.two.observation import observe
    from sixtysix.web import games

    heard: list[tuple[int, ...]] = []

    class Listening(Bot[AnyObservation]):
        def act(self, observation: AnyObservation) -> Action:
            return observation.legal[-1]

        def notify(self, event: Event) -> None:
            heard.append(event.score)

    monkeypatch.setattr(games, "make_bot", lambda level, seed, game: Listening(seed))
    rnd = Match(seed=2).deal()
    obs = observe(rnd, rnd.leader)
    assert games.think("expert", 1, obs, (3, 5)) == obs.legal[-1].token
    three = ThreeMatch(seed=2).deal()
    seat = three.to_act
    assert seat is not None
    assert games.think("expert", 1, observe_three(three, seat), (1, 0, 4)) == three.legal_tuple()[-1].token
    assert heard == [(3, 5), (1, 0, 4)]
