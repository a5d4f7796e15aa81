"""The game service without a network: a commit that fails tells nobody anything."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from sixtysix.web.games import Connection, GameService
from sixtysix.web.store import Store


async def test_a_failed_commit_tells_nobody_and_the_game_reloads(monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store("sqlite://")
    service = GameService(store, seed=3)
    await service.start()
    try:
        ann, _ = store.create_player("Ann")
        bob, _ = store.create_player("Bob")
        game = await service.create(ann, "human", "classic", None)
        game = await service.join(bob, game.row.id)
        watcher = Connection(ann)
        service.connect(game, watcher)
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
    finally:
        await service.stop()
        store.close()
