"""The three-seat game loop: whose turn it is, what each seat is told, outside seats,
a match resumed mid-round and a match played to the end."""

from __future__ import annotations

import random

import pytest

from sixtysix.bots import make_bot
from sixtysix.errors import IllegalActionError, StateError
from sixtysix.game.actions import Action
from sixtysix.games import THREE
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, NotYourTurnError, Table
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import ThreeObservation, observe_three, sample_three
from sixtysix.three.round import ThreeRound


class Watcher:
    """A random seat that hears every event and checks, as it comes, that it is the
    seat's own view of the round at the table, and nothing more."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.bot = make_bot("random", seed=seed, game=THREE)
        self.events: list[Event] = []
        self.asked: list[ThreeObservation] = []
        self.table: Table | None = None
        self.rng = random.Random(seed)

    def act(self, observation: ThreeObservation) -> Action:
        self.asked.append(observation)
        return self.bot.act(observation)

    def notify(self, event: Event) -> None:
        assert self.table is not None
        rnd = self.table.match.round
        assert isinstance(rnd, ThreeRound)
        obs = event.observation
        assert isinstance(obs, ThreeObservation) and obs == observe_three(rnd, self.seat)
        # The same view of a round whose hidden hands were dealt otherwise: nothing
        # in the event depends on another seat's hidden cards.
        assert observe_three(sample_three(obs, self.rng), self.seat) == obs
        for other in obs.others:
            assert obs.shown[other] == rnd.shown(other)
            assert not obs.hand & rnd.hand(other)
        self.events.append(event)


def watched_table(seed: int, rules: Rules | None = None, match: ThreeMatch | None = None) -> tuple[
        Table, list[Watcher]]:
    seats = [Watcher(seat, seed * 3 + seat) for seat in range(3)]
    table = Table(seats, rules, seed=seed, match=match)
    for seat in seats:
        seat.table = table
    return table, seats


@pytest.mark.parametrize("seed", range(4))
def test_a_match_is_played_to_the_end_with_the_events_in_order(seed: int) -> None:
    table, seats = watched_table(seed)
    match = table.play()
    assert match.is_over and match.winner is not None
    assert max(match.score) >= 11
    results = match.results()
    for seat in seats:
        kinds = [event.kind for event in seat.events]
        assert kinds[0] is EventKind.ROUND_STARTED
        assert kinds.count(EventKind.ROUND_STARTED) == len(match.rounds)
        assert kinds.count(EventKind.ACTION) == sum(len(rnd.actions) for rnd in match.rounds)
        assert kinds[-2:] == [EventKind.ROUND_ENDED, EventKind.MATCH_ENDED]
        ended = [event for event in seat.events if event.kind is EventKind.ROUND_ENDED]
        assert [event.result for event in ended] == results
        for before, after in zip(seat.events, seat.events[1:], strict=False):
            if after.kind is EventKind.ROUND_ENDED:
                assert before.kind is EventKind.ACTION and before.observation.outcome is not None
            if after.kind is EventKind.ROUND_STARTED:
                assert before.kind is EventKind.ROUND_ENDED
        last = seat.events[-1]
        assert last.match_winner == match.winner and last.score == match.score
        # The winner is told from the last action on, which ends the match.
        assert [event.match_winner for event in seat.events[-3:]] == [match.winner] * 3
        assert all(event.match_winner is None for event in seat.events[:-3])


@pytest.mark.parametrize("seed", range(3))
def test_seats_act_in_turn_from_left_of_the_dealer(seed: int) -> None:
    table, seats = watched_table(seed)
    match = table.play()
    assert isinstance(match, ThreeMatch)
    actors = [event.actor for event in seats[0].events if event.kind is EventKind.ACTION]
    expected: list[int | None] = []
    for result, rnd in zip(match.results(), match.rounds, strict=True):
        replay = ThreeRound(rnd.deck, result.dealer, match.rules)
        assert replay.to_act == (result.dealer + 1) % 3
        for action in rnd.actions:
            expected.append(replay.to_act)
            replay.push(action)
    assert actors == expected
    # Each seat was asked exactly when it was its turn, with its own legal actions.
    for seat in seats:
        assert len(seat.asked) == expected.count(seat.seat)
        assert all(obs.to_act == seat.seat == obs.seat and obs.legal for obs in seat.asked)


def test_submit_errors_leave_everything_as_it_was() -> None:
    hearing = Watcher(1, 5)
    table = Table([None, hearing, None], seed=5, dealer=2)
    hearing.table = table
    rnd = table.deal()
    assert table.to_act == 0
    before = (rnd.key(), rnd.actions, len(hearing.events), table.match.score)
    with pytest.raises(NotYourTurnError, match="it is seat 0's turn, not seat 2's"):
        table.submit(2, rnd.legal_tuple()[0])
    illegal = next(action for action in map(Action.parse, ("9c", "Jc", "Qc", "Kc", "Tc", "Ac", "9d"))
                   if action not in rnd.legal_tuple())
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        table.submit(0, illegal)
    assert (rnd.key(), rnd.actions, len(hearing.events), table.match.score) == before
    table.submit(0, rnd.legal_tuple()[0])
    assert table.to_act == 1 and hearing.events[-1].actor == 0


def test_outside_seats_between_rounds_and_in_play() -> None:
    table = Table([None, None, None], seed=1)
    assert table.to_act is None
    with pytest.raises(NotYourTurnError, match="no round is in play"):
        table.submit(0, Action.parse("Ac"))
    with pytest.raises(StateError, match="acts from outside"):
        table.play_round()
    with pytest.raises(ValueError, match="three-hand Sixty-Six needs exactly three seats"):
        Table([None, None], Rules.parse("three-hand"))
    with pytest.raises(ValueError, match="two-hand Sixty-Six needs exactly two seats"):
        Table([None, None, None], Rules.parse("classic"))


def test_an_illegal_choice_of_a_seat_names_the_seat() -> None:
    class Stubborn:
        def act(self, observation: ThreeObservation) -> Action:
            return next(action for action in map(Action.parse, ("Ac", "Ad", "Ah", "As"))
                        if action not in observation.legal)

    table = Table([Stubborn(), Stubborn(), Stubborn()], seed=3)
    with pytest.raises(IllegalActionError, match=r"seat \d chose A"):
        table.play()


def test_a_match_given_mid_round_is_played_on_and_told_as_resumed() -> None:
    started = ThreeMatch(seed=7)
    rnd = started.deal()
    for _ in range(5):
        rnd.push(rnd.legal_tuple()[0])
    table, seats = watched_table(7, match=started)
    match = table.play()
    assert match is started and match.rounds[0] is rnd and rnd.is_over and match.is_over
    first = seats[2].events[0]
    assert isinstance(first.observation, ThreeObservation)
    assert first.kind is EventKind.ROUND_RESUMED and first.observation.actions == tuple(rnd.actions[:5])
    actions = sum(len(r.actions) for r in match.rounds) - 5
    assert [event.kind for event in seats[2].events].count(EventKind.ACTION) == actions


def test_same_seed_same_match_and_rules_kept() -> None:
    def once() -> list[list[Action]]:
        seats = [make_bot("random", seed=i, game=THREE) for i in range(3)]
        table = Table(seats, Rules.parse("three-hand match_target=3"), seed=11)
        match = table.play()
        assert match.rules.match_target == 3
        return [rnd.actions for rnd in match.rounds]
    assert once() == once()
