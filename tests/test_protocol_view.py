"""The whole view on version 2's ``go``: at every decision of seeded matches of both games it
equals the seat's observation and names no card the seat may not see."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from sixtysix.bots import make_bot
from sixtysix.bots.engine import EngineBot
from sixtysix.bots.served import serve
from sixtysix.cards import SUIT_LETTERS, card_name, cards_in, parse_card
from sixtysix.game.actions import Action
from sixtysix.protocol import wire
from sixtysix.protocol.host import Narrator
from sixtysix.protocol.view import view_words
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, Table
from sixtysix.three.observation import ThreeObservation
from sixtysix.three.round import ThreeRound
from sixtysix.two.observation import Observation
from sixtysix.two.round import Round
from test_protocol import CARD, ServedTransport, hidden


def names(cards: int) -> list[str]:
    return [card_name(c) for c in cards_in(cards)]


def expected(obs: Any, score: tuple[int, ...]) -> dict[str, list[str]]:
    """The view's fields as the observation of either game gives them, field by field."""
    if isinstance(obs, Observation):
        shown = {obs.opponent: obs.opponent_shown}
        sizes = [0, 0]
        sizes[obs.seat], sizes[obs.opponent] = obs.hand.bit_count(), obs.opponent_hand_size
        trump_card, stock, closed = obs.trump_card, str(obs.stock_size), obs.closer
    else:
        assert isinstance(obs, ThreeObservation)
        shown = {seat: obs.shown[seat] for seat in obs.others}
        sizes = list(obs.hand_sizes)
        trump_card, stock, closed = obs.trump_card, "-", None
    return {
        "seat": [str(obs.seat)], "dealer": [str(obs.dealer)], "leader": [str(obs.leader)],
        "trump": [SUIT_LETTERS[obs.trump], "-" if trump_card is None else card_name(trump_card)],
        "stock": [stock], "closed": ["-" if closed is None else str(closed)],
        "hand": names(obs.hand), "table": [card_name(c) for c in obs.table],
        "shown": [w for seat in sorted(shown) for c in names(shown[seat]) for w in (str(seat), c)],
        "points": [str(p) for p in obs.points], "tricks": [str(t) for t in obs.trick_counts],
        "marriages": [w for seat, suit in obs.marriages for w in (str(seat), SUIT_LETTERS[suit])],
        "sizes": [str(n) for n in sizes], "score": [str(s) for s in score],
        "target": [str(obs.rules.match_target)],
    }


def secret(rnd: Any, seat: int) -> int:
    """The cards ``seat`` may not see in the true round of either game."""
    if isinstance(rnd, Round):
        return hidden(rnd, seat)
    assert isinstance(rnd, ThreeRound)
    return sum(rnd.hand(other) & ~rnd.shown(other) for other in range(3) if other != seat)


class ViewCheck:
    """Checks each ``go`` sent to ``seat`` against the table's true round."""

    def __init__(self, seat: int, memory: bool = False) -> None:
        self.seat = seat
        self.memory = memory
        self.table: Table | None = None
        self.checked = 0

    def __call__(self, line: str) -> None:
        assert self.table is not None
        command, *arguments = line.split()
        if command != "go":
            return
        rnd = self.table.match.round
        obs = self.table.game.observe(rnd, self.seat)
        fields = wire.read_go(arguments)
        assert fields["legal"] == [a.token for a in obs.legal]
        view = expected(obs, self.table.match.score)
        if self.memory:
            view["points"] = ["-"] * len(view["points"])
        assert {name: fields[name] for name in wire.VIEW_FIELDS} == view
        assert list(fields) == list(wire.GO_FIELDS)
        told = sum(1 << parse_card(token) for token in set(CARD.findall(line)))
        assert not told & secret(rnd, self.seat), f"seat {self.seat} was told {line!r}"
        self.checked += 1


@pytest.mark.parametrize(("rules", "seeds"), [
    ("classic", range(5)), ("pagat", range(5, 10)), ("santase", range(10, 15)), ("turkish", range(15, 20)),
    ("three-hand", range(20, 40))])
def test_every_go_carries_the_seats_whole_view_and_no_hidden_card(rules: str, seeds: range) -> None:
    assert views_checked(rules, seeds) > 25 * len(seeds)


@pytest.mark.parametrize("rules", ["classic", "three-hand"])
def test_in_memory_mode_the_view_tells_no_running_points(rules: str) -> None:
    assert views_checked(rules, range(5), memory=True) > 25 * 5


def views_checked(rules: str, seeds: range, memory: bool = False) -> int:
    """How many go lines of matches between ``sixtysix bot`` seats were checked, each
    match seeded by one of ``seeds``; every seat's bot agrees with each view."""
    checked = 0
    for seed in seeds:
        parsed = Rules.parse(rules)
        checks = [ViewCheck(seat, memory) for seat in range(parsed.seats)]
        names_ = ["random", "greedy", "random"][:parsed.seats]
        transports = [ServedTransport(name, seed + seat, check)
                      for seat, (name, check) in enumerate(zip(names_, checks, strict=True))]
        seats = [EngineBot([name], transport=functools.partial(lambda t: t, t))
                 for name, t in zip(names_, transports, strict=True)]
        for bot in seats:
            bot.memory = memory
        table = Table(seats, parsed, seed=seed)
        for check in checks:
            check.table = table
        table.play()
        for bot in seats:
            bot.close()
        assert all(bot.failure is None and bot.version == 2 for bot in seats)
        assert not any(line.startswith("bot:  error") for t in transports for line in t.transcript)
        checked += sum(check.checked for check in checks)
    return checked


def test_the_view_check_catches_a_hidden_card() -> None:
    table = Table([None, None], seed=2)
    rnd = table.deal()
    assert isinstance(rnd, Round)
    check = ViewCheck(0)
    check.table = table
    obs = table.game.observe(rnd, 0)
    view = view_words(obs, (0, 0))
    stolen = min(cards_in(secret(rnd, 0)))
    at = view.index("hand") + 1
    view[at] = card_name(stolen)
    with pytest.raises(AssertionError):
        check(wire.go_line(2, obs.legal, 100, view))


class Recorder:
    """Seat 0 of a table, writing what a version 2 host tells it, go lines with their view."""

    def __init__(self) -> None:
        self.narrator = Narrator(2)
        self.lines = ["sixtysix 1", "match seat 0 rules classic"]
        self.score: tuple[int, ...] = (0, 0)

    def act(self, observation: Observation) -> Action:
        view = view_words(observation, self.score)
        self.lines.append(wire.go_line(2, observation.legal, 1000, view))
        return observation.legal[0]

    def notify(self, event: Event) -> None:
        self.score = event.score if event.kind is EventKind.ROUND_STARTED else self.score
        self.lines.extend(self.narrator.lines(event))


@pytest.mark.parametrize(("field", "values"), [("legal", ["As"]), ("hand", ["9c"]), ("points", ["70", "0"])])
def test_sixtysix_bot_refuses_a_go_that_contradicts_its_view(field: str, values: list[str]) -> None:
    recorder = Recorder()
    Table([recorder, make_bot("random", seed=1)], Rules(), seed=3).play()
    go = next(i for i, line in enumerate(recorder.lines) if line.startswith("go "))
    fields = wire.read_go(recorder.lines[go].split()[1:])
    told = [field_word for name, given in fields.items()
            for field_word in (name, *(values if name == field else given))]
    out: list[str] = []
    serve("random", [*recorder.lines[:go], " ".join(["go", *told]), recorder.lines[go], "quit"], out.append)
    refusal = f"error go contradicts the round: its {field} is '{' '.join(values)}', the seat's is"
    assert out[-2].startswith(refusal)
    assert out[-1] == "error go before match", "the contradicted match is dropped"
