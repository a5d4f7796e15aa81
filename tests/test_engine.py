"""Fast internals around the round against plain derivations from the public API.

Observations are filled from a copy of the seat's view when first read; the match
keeps running totals; the table reuses an observation while the round has not
moved and counts the score once per round in play. Each is checked here against
what it replaces, over random play with take-backs. (The round's own logs are
checked in ``test_round_api.py``.)
"""

from __future__ import annotations

import dataclasses
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sixtysix import Match, Rules
from sixtysix.cards import shuffle
from sixtysix.game.actions import ACTIONS, Action
from sixtysix.game.outcome import Reason
from sixtysix.table import Event, Table
from sixtysix.two.observation import Observation, observe
from sixtysix.two.outcome import Outcome
from sixtysix.two.round import Round
from sixtysix.two.state import HAND, state_of
from test_properties import OBSERVATION_FIELDS, any_rules, choose, new_round, seeds


def eager_observation(rnd: Round, seat: int) -> Observation:
    """Every field read from the round at once, through the dataclass constructor."""
    return Observation(
        seat=seat, rules=rnd.rules, dealer=rnd.dealer, trump=rnd.trump, trump_card=rnd.trump_card,
        stock_size=rnd.stock_size, closer=rnd.closer, close_snapshot=rnd.close_snapshot,
        phase=rnd.phase, to_act=rnd.to_act, leader=rnd.leader, lead_card=rnd.lead_card,
        hand=rnd.hand(seat), opponent_hand_size=rnd.hand(1 - seat).bit_count(),
        opponent_shown=rnd.shown(1 - seat), own_shown=rnd.shown(seat), tricks=tuple(rnd.tricks),
        marriages=tuple(rnd.marriages), points=rnd.points(), marriage_points=rnd.marriage_points(),
        trick_counts=rnd.trick_counts(), first_to_66=rnd.first_to_66,
        legal=rnd.legal_tuple() if rnd.to_act == seat else (), outcome=rnd.outcome)


@given(seed=seeds, sizes=st.lists(st.integers(0, 30), min_size=1, max_size=6))
def test_shuffle_gives_the_standard_librarys_order_and_rng_state(seed: int, sizes: list[int]) -> None:
    """Every deal and sampled world stays the one ``random.Random.shuffle`` gave, seeded
    records and matches included: the same order for any length, and the same RNG after."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in sizes:
        cards, expected = list(range(size)), list(range(size))
        shuffle(cards, ours)
        theirs.shuffle(expected)
        assert cards == expected
    assert ours.getstate() == theirs.getstate()


def test_shuffle_leaves_other_generators_to_shuffle_themselves() -> None:
    class Counted(random.Random):
        calls = 0

        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            self.calls += 1
            super().shuffle(x)

    rng = Counted(3)
    cards = list(range(24))
    shuffle(cards, rng)
    assert rng.calls == 1 and sorted(cards) == list(range(24))


def field_values(obs: Observation) -> list[object]:
    return [getattr(obs, f.name) for f in dataclasses.fields(obs)]


@settings(max_examples=400, deadline=None)
@given(seed=seeds, rules=any_rules)
def test_observations_equal_eager_ones_and_never_change(seed: int, rules: Rules) -> None:
    rnd, rng = new_round(seed, rules)
    kept: list[tuple[Observation, Observation]] = []
    while True:
        for seat in (0, 1):
            obs, eager = observe(rnd, seat), eager_observation(rnd, seat)
            assert obs == eager and hash(obs) == hash(eager)
            assert field_values(obs) == field_values(eager)
            assert dataclasses.replace(obs) == obs
            kept.append((observe(rnd, seat), eager))
        if rnd.is_over:
            break
        rnd.push(choose(rnd, rng))
        if rng.random() < 0.1:
            rnd.pop()
    # Read only now, long after the round moved on: each observation is still its moment's.
    for obs, eager in kept:
        assert field_values(obs) == field_values(eager)


def test_an_observation_keeps_no_hidden_card() -> None:
    # The copy of the state an observation keeps differs from the round's in one place:
    # the opponent's hand is cut down to the cards it has shown (its size is appended).
    # Every other entry is public or the seat's own, and no stock card is kept.
    rnd = Match(seed=3).deal()
    rnd.push(rnd.legal_tuple()[0])
    for seat in (0, 1):
        obs = observe(rnd, seat)
        opponent = 1 - seat
        kept = [value for name, value in vars(obs).items() if name not in OBSERVATION_FIELDS]
        s = state_of(rnd)
        assert kept == [[*s[:HAND + opponent], rnd.shown(opponent), *s[HAND + opponent + 1:],
                         rnd.hand(opponent).bit_count()]]
        assert obs.hand == rnd.hand(seat) and rnd.hand(opponent) != rnd.shown(opponent)


def walk(match: Match) -> tuple[list[tuple[int, Outcome | None, int, int]], int, int, tuple[int, int]]:
    """The match counted from scratch, round by round (RULES.md section 8): each
    round's dealer, outcome, credited game points and carried ties; then the ties
    carried, the next dealer and the score."""
    results = []
    carry, dealer, score = 0, match.first_dealer, [0, 0]
    for rnd in match.rounds:
        outcome = rnd.outcome
        if outcome is None or outcome.winner is None:
            results.append((dealer, outcome, 0, carry))
            if outcome is not None and outcome.reason is Reason.TIE and not outcome.replay:
                carry += 1
        else:
            results.append((dealer, outcome, outcome.game_points + carry, carry))
            score[outcome.winner] += outcome.game_points + carry
            carry = 0
        if outcome is not None:
            rule = match.rules.next_dealer
            if outcome.replay or (outcome.winner is None and rule != "alternate"):
                pass
            elif rule == "alternate" or outcome.winner is None:
                dealer = 1 - dealer
            else:
                dealer = outcome.winner if rule == "winner" else 1 - outcome.winner
    return results, carry, dealer, (score[0], score[1])


def check_totals(match: Match) -> None:
    results, carry, dealer, score = walk(match)
    assert [(r.dealer, r.outcome, r.game_points, r.carried) for r in match.results()] == results
    assert (match.carried, match.dealer, match.score) == (carry, dealer, score)
    target = match.rules.match_target
    assert match.winner == next((seat for seat in (0, 1) if score[seat] >= target), None)


@settings(max_examples=200, deadline=None)
@given(seed=seeds, rules=any_rules)
def test_running_totals_equal_the_walk_through_play_and_take_backs(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    check_totals(match)
    for _ in range(400):
        rnd = match.round
        if match.is_over:
            break
        if rnd is None or rnd.is_over:
            match.deal()
        elif rng.random() < 0.08 and (rnd.actions or len(match.rounds) > 1):
            match.pop()
        else:
            match.push(choose(rnd, rng))
        check_totals(match)
    while match.rounds:
        if match.rounds[-1].actions:
            match.pop()
        else:
            match.rounds.pop()
        check_totals(match)


def test_the_last_round_changed_directly_is_counted_again() -> None:
    match = Match(Rules.parse("classic claim=auto"), seed=4)
    rnd = match.deal()
    while not rnd.is_over:
        match.push(rnd.legal_tuple()[0])
    check_totals(match)
    ended = rnd.outcome
    rnd.pop()
    check_totals(match)
    rnd.push(rnd.legal_tuple()[-1])
    check_totals(match)
    match.rounds[-1] = rnd.copy()
    check_totals(match)
    assert ended is not None and match.score != (0, 0)


class Checker:
    """A seat that checks every observation it is given to act on against one made now."""

    def __init__(self, table: list[Table], seat: int) -> None:
        self.table, self.seat, self.rng = table, seat, random.Random(seat)

    def current(self) -> Observation:
        rnd = self.table[0].match.round
        assert isinstance(rnd, Round)
        return eager_observation(rnd, self.seat)

    def act(self, observation: Observation) -> Action:
        assert observation == self.current()
        return self.rng.choice(observation.legal)


class Watcher(Checker):
    """A :class:`Checker` that hears every event and checks its observation too."""

    def __init__(self, table: list[Table], seat: int) -> None:
        super().__init__(table, seat)
        self.events: list[Event] = []

    def notify(self, event: Event) -> None:
        assert event.observation == self.current() and event.observation.seat == self.seat
        assert event.score == self.table[0].match.score
        self.events.append(event)


@given(seed=st.integers(0, 10_000))
@settings(max_examples=30, deadline=None)
def test_table_observations_and_events_are_current(seed: int) -> None:
    holder: list[Table] = []
    seats = [Watcher(holder, 0), Watcher(holder, 1)]
    table = Table(seats, Rules.parse("classic claim=auto"), seed=seed)
    holder.append(table)
    match = table.play()
    assert match.is_over
    for watcher in seats:
        kinds = [event.kind.value for event in watcher.events]
        assert kinds.count("round_started") == len(match.rounds) == kinds.count("round_ended")
        assert kinds[-1] == "match_ended"
        last = watcher.events[-1]
        assert last == Event(last.kind, last.observation, last.score, last.actor, last.action,
                             last.result, last.match_winner)
    assert all(isinstance(a, Action) and ACTIONS[a] is a for a in match.rounds[0].actions)


def test_table_events_tell_the_score_through_rounds_ended_and_reopened_outside_it() -> None:
    # The table counts the score once per round in play; a round ended and taken back
    # by hand, then played on through the table, is told with the score of the moment.
    holder: list[Table] = []
    seats = [Watcher(holder, 0), Watcher(holder, 1)]
    table = Table(seats, Rules.parse("classic claim=auto"), seed=7)
    holder.append(table)
    match = table.match
    table.play_round()
    before = match.score
    rnd = table.deal()
    while not rnd.is_over:
        match.push(rnd.legal_tuple()[0])
    assert before != match.score != (0, 0)
    match.pop()
    match.pop()
    told = len(seats[0].events)
    while not rnd.is_over:
        seat = table.to_act
        assert seat is not None
        table.submit(seat, rnd.legal_tuple()[-1])
    ended = seats[0].events[-1]
    assert len(seats[0].events) > told and ended.kind.value == "round_ended"
    assert ended.score == match.score and ended.result == match.results()[-1]


@given(seed=st.integers(0, 10_000))
@settings(max_examples=20, deadline=None)
def test_table_plays_on_a_round_taken_back_outside_it_with_current_observations(seed: int) -> None:
    """play_round gives the seat to act the view a listener was told after the last action,
    or a new one for a seat that does not listen; a round moved outside the table between
    two plays is observed anew (its resumption is told)."""
    holder: list[Table] = []
    watcher = Watcher(holder, 0)
    seats = [watcher, Checker(holder, 1)]
    table = Table(seats, Rules.parse("classic claim=auto"), seed=seed)
    holder.append(table)
    match = table.match
    table.play_round()
    rnd = table.deal()
    for _ in range(6):
        seat = table.to_act
        if seat is None:
            break
        table.submit(seat, rnd.legal_tuple()[0])
    while len(rnd.actions) > 2:
        match.pop()
    table.play_round()
    assert rnd.is_over and watcher.events[-1].kind.value in ("round_ended", "match_ended")


@settings(max_examples=200, deadline=None)
@given(seed=seeds, rules=any_rules)
def test_outcomes_equal_ones_built_field_by_field(seed: int, rules: Rules) -> None:
    # The round fills its outcome's fields without the dataclass's __init__; the
    # result compares, hashes, copies and pickles as one built by the constructor
    # from the round's public queries.
    rnd, rng = new_round(seed, rules)
    while not rnd.is_over:
        rnd.push(choose(rnd, rng))
    outcome = rnd.outcome
    assert outcome is not None
    built = Outcome(outcome.winner, outcome.game_points, outcome.reason, rnd.points(), rnd.trick_counts(),
                    outcome.declarer, rnd.closer, outcome.replay, rnd.close_snapshot, rnd.first_to_66,
                    rules.closer_win_basis == "at_close")
    assert outcome == built and hash(outcome) == hash(built) and repr(outcome) == repr(built)
    assert dataclasses.replace(outcome) == outcome == pickle.loads(pickle.dumps(outcome))
    assert vars(outcome) == vars(built)
