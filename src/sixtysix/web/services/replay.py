"""Stored games replayed: the table a game's moves rebuild, and a finished match's record
and step-by-step replay."""

from __future__ import annotations

from collections.abc import Sequence

from sixtysix.cards import parse_card
from sixtysix.game.actions import Action
from sixtysix.games import AnyMatch, game_of
from sixtysix.notation import Record, Tag
from sixtysix.rules import Rules
from sixtysix.table import Table
from sixtysix.web.errors import GameError
from sixtysix.web.models.games import Game, Replay, ReplayStep
from sixtysix.web.services.storage import Storage
from sixtysix.web.store import GameRow, Move, Player
from sixtysix.web.views import MatchInfo, open_view


def replay(row: GameRow, history: Sequence[Move]) -> Table:
    """The table of a stored game, its moves replayed."""
    rules = Rules.parse(row.rules)
    table = Table([None] * game_of(rules).seats, rules, dealer=row.first_dealer)
    for move in history:
        if move.kind == "deal":
            table.deal([parse_card(t) for t in move.value.split()])
        elif move.kind == "act":
            assert move.seat is not None
            table.submit(move.seat, Action.parse(move.value))
    return table


def record(row: GameRow, names: Sequence[str | None], match: AnyMatch,
           forfeit: str | None = None) -> Record:
    """The record of a game: header tags, the decks and actions, how it ended (and why
    the loser forfeited, if it did)."""
    players = [name or "?" for name in names]
    result = Record.from_match(match, players, [Tag("Event", (f"sixtysix web game {row.id}",)),
                                                 Tag("Date", (row.created,))])
    if row.status == "over":
        result.trailer.append(Tag("Result", ("-".join(str(points) for points in row.score),)))
        result.trailer.append(Tag("Winner", (str(row.winner),)))
        result.trailer.append(Tag("Ending", (row.ending or "played",)))
        if forfeit is not None:
            result.trailer.append(Tag("Forfeit", (forfeit,)))
    return result


class Replays:
    """Finished matches from the store: their records and replays."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def finished(self, game_id: str) -> tuple[GameRow, list[str | None], list[Move]]:
        """A finished game's row, seat names and moves."""
        stored = await self.storage.game(game_id)
        if stored is None:
            raise GameError("no_game", "no such game")
        row, history = stored
        if row.status != "over":
            raise GameError("not_over", "the match is not over yet")
        return row, await self.storage.seat_names(row), history

    async def record(self, game_id: str) -> str:
        """A finished match in the record notation."""
        row, names, history = await self.finished(game_id)
        forfeit = next((move.value for move in history if move.kind == "forfeit"), None)
        return str(record(row, names, replay(row, history).match, forfeit))

    async def steps(self, game_id: str, player: Player | None) -> Replay:
        """A finished match step by step, every hand shown."""
        row, names, history = await self.finished(game_id)
        rules = Rules.parse(row.rules)
        match: AnyMatch = game_of(rules).new_match(rules, dealer=row.first_dealer)
        steps = []
        for move in history:
            if move.kind == "deal":
                match.deal([parse_card(t) for t in move.value.split()])
                actor, action = None, None
            elif move.kind == "act":
                match.push(Action.parse(move.value))
                actor, action = move.seat, move.value
            else:
                continue
            rnd = match.round
            assert rnd is not None
            view = open_view(rnd, MatchInfo.of(match))
            steps.append(ReplayStep(round=len(match.rounds), actor=actor, action=action, view=view))
        return Replay(game=Game.of(row, names, row.seat_of(player)), steps=steps)
