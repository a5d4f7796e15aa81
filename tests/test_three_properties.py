"""Property tests of three-hand Sixty-Six over many random games.

``Ref3`` re-implements RULES.md section 11 from the text alone, with cards as tokens
such as ``"Ah"``; random games run the engine and the reference in lockstep and compare
the legal actions and the state after every action. Further properties: push and pop
restore the state exactly, observations never leak another seat's hidden cards, the
inference from strict play never excludes a card a seat holds, and the sampler only
produces full rounds consistent with the observation.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sixtysix.cards import card_name, cards_in
from sixtysix.game.actions import ACTIONS, OUT, Action
from sixtysix.rules import Rules
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import observe_three, sample_three
from sixtysix.three.round import ThreeRound

RANKS = "9JQKTA"
POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}


def scale(points: int, tricks: int) -> int:
    """The 1-2-3 scale on one opponent (section 7)."""
    if points >= 33:
        return 1
    return 2 if tricks else 3


def rank(card: str) -> int:
    return RANKS.index(card[0])


class Ref3:
    """Section 11 of RULES.md, written independently of the engine."""

    def __init__(self, deck: list[str], dealer: int, rules: Rules) -> None:
        self.auto = rules.claim == "auto"
        self.hands: list[set[str]] = [set(), set(), set()]
        order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
        top = 0
        for size in (3, 2, 3):
            for seat in order:
                self.hands[seat] |= set(deck[top:top + size])
                top += size
        self.trump = deck[23][1]
        self.leader = (dealer + 1) % 3
        self.table: list[str] = []
        self.cards = [0, 0, 0]
        self.tricks = [0, 0, 0]
        self.marr = [0, 0, 0]
        self.finished = 0
        self.married: str | None = None
        self.scores: tuple[int, int, int] | None = None
        self.reason: str | None = None

    @property
    def to_act(self) -> int | None:
        if self.scores is not None:
            return None
        return (self.leader + len(self.table)) % 3

    def points(self, seat: int) -> int:
        return self.cards[seat] + (self.marr[seat] if self.tricks[seat] else 0)

    def legal(self) -> set[str]:
        seat = self.to_act
        if seat is None:
            return set()
        hand = self.hands[seat]
        out = set() if self.auto else {"out"}
        if self.married is not None:
            return {"K" + self.married, "Q" + self.married} | out
        if not self.table:
            marriages = {"M" + s for s in "cdhs" if "K" + s in hand and "Q" + s in hand}
            return set(hand) | marriages | (out if self.finished else set())
        led = self.table[0][1]
        trumps_down = [c for c in self.table if c[1] == self.trump]
        follow = [c for c in hand if c[1] == led]
        if follow:
            if led != self.trump and trumps_down:
                return set(follow)
            best = max((c for c in self.table if c[1] == led), key=rank)
            return set([c for c in follow if rank(c) > rank(best)] or follow)
        trumps = [c for c in hand if c[1] == self.trump]
        if trumps:
            if trumps_down:
                best = max(trumps_down, key=rank)
                return set([c for c in trumps if rank(c) > rank(best)] or trumps)
            return set(trumps)
        return set(hand)

    def apply(self, token: str) -> None:
        assert token in self.legal(), (token, self.legal())
        seat = self.to_act
        assert seat is not None
        if token == "out":
            self.declare(seat)
        elif token[0] == "M":
            self.marr[seat] += 40 if token[1] == self.trump else 20
            self.married = token[1]
            if self.auto and self.tricks[seat] and self.points(seat) >= 66:
                self.declare(seat)
        else:
            self.married = None
            self.hands[seat].remove(token)
            self.table.append(token)
            if len(self.table) == 3:
                self.end_trick()

    def end_trick(self) -> None:
        led = self.table[0][1]
        trumps = [c for c in self.table if c[1] == self.trump]
        best = max(trumps, key=rank) if trumps else max((c for c in self.table if c[1] == led), key=rank)
        winner = (self.leader + self.table.index(best)) % 3
        self.cards[winner] += sum(POINTS[c[0]] for c in self.table)
        self.tricks[winner] += 1
        self.finished += 1
        self.table = []
        self.leader = winner
        if self.finished == 8:
            self.cards[winner] += 10
            points = [self.points(s) for s in range(3)]
            top = max(points)
            if top >= 66 and points.count(top) == 1:
                self.score(points.index(top), "last_trick")
            else:
                self.scores, self.reason = (0, 0, 0), "tie"
        elif self.auto and self.points(winner) >= 66:
            self.declare(winner)

    def declare(self, seat: int) -> None:
        if self.points(seat) >= 66:
            self.score(seat, "out")
        else:
            gains = [2, 2, 2]
            gains[seat] = 0
            self.scores, self.reason = (gains[0], gains[1], gains[2]), "false_out"

    def score(self, seat: int, reason: str) -> None:
        gains = [0, 0, 0]
        gains[seat] = sum(scale(self.points(o), self.tricks[o]) for o in range(3) if o != seat)
        self.scores, self.reason = (gains[0], gains[1], gains[2]), reason


seeds = st.integers(0, 2**32 - 1)
claims = st.sampled_from(["three-hand", "three-hand claim=auto"])


def random_round(seed: int, rules: str) -> tuple[ThreeRound, random.Random]:
    rng = random.Random(seed)
    return ThreeMatch(Rules.parse(rules), seed=seed).deal(), rng


def choose(rnd: ThreeRound, rng: random.Random) -> Action:
    """A random legal action; ``out`` only now and then, so that most rounds run long."""
    legal = rnd.legal_tuple()
    others = [a for a in legal if a != OUT]
    return rng.choice(others if others and rng.random() < 0.95 else legal)


@settings(max_examples=2000, deadline=None)
@given(seed=seeds, rules=claims)
def test_engine_agrees_with_reference(seed: int, rules: str) -> None:
    rnd, rng = random_round(seed, rules)
    ref = Ref3([card_name(c) for c in rnd.deck], rnd.dealer, rnd.rules)
    while not rnd.is_over:
        assert {a.token for a in rnd.legal_actions()} == ref.legal()
        assert rnd.to_act == ref.to_act
        action = choose(rnd, rng)
        rnd.push(action)
        ref.apply(action.token)
        assert rnd.points() == tuple(ref.points(s) for s in range(3))
        assert rnd.trick_counts() == tuple(ref.tricks)
        assert sorted(cards_in(rnd.hand(0) | rnd.hand(1) | rnd.hand(2) | rnd.played)) == list(range(24))
    outcome = rnd.outcome
    assert outcome is not None and ref.scores is not None
    assert (outcome.scores, outcome.reason.value) == (ref.scores, ref.reason)
    scorer = None if ref.reason in ("tie", "false_out") else ref.scores.index(max(ref.scores))
    assert outcome.winner == scorer
    assert outcome.replay == (ref.reason == "tie")
    assert rnd.legal_tuple() == () and ref.legal() == set()
    assert outcome.explanation


@settings(max_examples=300, deadline=None)
@given(seed=seeds, rules=claims)
def test_push_pop_restores_the_state(seed: int, rules: str) -> None:
    rnd, rng = random_round(seed, rules)
    history = []
    while not rnd.is_over:
        history.append((rnd.key(), rnd.legal_tuple(), rnd.tricks, rnd.marriages, rnd.actions))
        rnd.push(choose(rnd, rng))
    while history:
        rnd.pop()
        assert (rnd.key(), rnd.legal_tuple(), rnd.tricks, rnd.marriages, rnd.actions) == history.pop()
        assert rnd.outcome is None and not rnd.is_over


@settings(max_examples=300, deadline=None)
@given(seed=seeds, rules=claims, stop=st.integers(0, 30))
def test_round_built_at_a_position_equals_the_replayed_one(seed: int, rules: str, stop: int) -> None:
    rnd, rng = random_round(seed, rules)
    for _ in range(stop):
        if rnd.is_over:
            break
        rnd.push(choose(rnd, rng))
    built = ThreeRound.at([rnd.hand(seat) for seat in range(3)], rnd.dealer, rnd.trump_card,
                          rnd.actions, rnd.rules)
    assert built.key() == rnd.key() and built.legal_tuple() == rnd.legal_tuple()
    assert (built.actions, built.tricks, built.marriages) == (rnd.actions, rnd.tricks, rnd.marriages)
    assert built.outcome == rnd.outcome
    dealt = ThreeRound(built.deck, rnd.dealer, rnd.rules)
    assert [dealt.hand(seat) for seat in range(3)] == [ThreeRound(rnd.deck, rnd.dealer).hand(seat)
                                                        for seat in range(3)]
    if not rnd.is_over:  # it plays on as the replayed round does
        action = choose(built, rng)
        built.push(action)
        rnd.push(action)
        assert built.key() == rnd.key() and built.outcome == rnd.outcome
        assert built.pop() == action


@settings(max_examples=200, deadline=None)
@given(seed=seeds, rules=claims, stop=st.integers(0, 30))
def test_observations_never_leak_and_samples_are_consistent(seed: int, rules: str, stop: int) -> None:
    rnd, rng = random_round(seed, rules)
    for _ in range(stop):
        if rnd.is_over:
            break
        rnd.push(choose(rnd, rng))
    for seat in range(3):
        obs = observe_three(rnd, seat)
        assert obs.hand == rnd.hand(seat)
        assert obs.legal == (rnd.legal_tuple() if rnd.to_act == seat else ())
        if rnd.to_act == seat:  # the reasons given from what the seat sees are the engine's
            assert [obs.why_illegal(a) for a in ACTIONS] == [rnd.why_illegal(a) for a in ACTIONS]
        for other in obs.others:
            # What the seat knows of another's hand was shown to all: the trump card, marriages.
            shown = obs.shown[other]
            assert shown & ~rnd.hand(other) == 0
            revealed = 1 << rnd.trump_card
            for who, suit in rnd.marriages:
                if who == other:
                    revealed |= 0b1100 << (suit * 6)  # the queen and king of the suit
            assert shown & ~revealed == 0
            # The inference from strict play never excludes a card the seat holds.
            assert obs.excluded(other) & rnd.hand(other) == 0
        hidden_seen = set()
        for draw in range(20):
            full = sample_three(obs, random.Random(draw))
            # The sample replays the public history legally and looks the same to the seat:
            # the observation holds nothing of the other seats' hidden cards.
            assert observe_three(full, seat) == obs
            assert full.actions == rnd.actions and full.dealer == rnd.dealer
            assert full.trump_card == rnd.trump_card
            for other in obs.others:
                assert full.hand(other).bit_count() == rnd.hand(other).bit_count()
                assert full.hand(other) & obs.excluded(other) == 0
                assert full.hand(other) & obs.shown[other] == obs.shown[other]
            hidden_seen.add((full.hand(obs.others[0]), full.hand(obs.others[1])))
        left, right = obs.others
        free = obs.unseen & ~obs.excluded(left) & ~obs.excluded(right)
        # Hidden cards of the left seat not yet placed by what was shown or inferred:
        forced = obs.unseen & obs.excluded(right)
        need = obs.hand_sizes[left] - obs.shown[left].bit_count() - forced.bit_count()
        if 0 < need < free.bit_count():
            assert len(hidden_seen) > 1  # the hidden cards are really drawn at random


def test_sampler_is_uniform_over_the_consistent_deals() -> None:
    """Late in a round, every consistent split of the hidden cards turns up about equally often."""
    rnd, rng = random_round(11, "three-hand")
    while rnd.hand(0).bit_count() > 3 or rnd.to_act != 0:
        rnd.push(choose(rnd, rng))
        assert not rnd.is_over
    obs = observe_three(rnd, 0)
    counts: dict[int, int] = {}
    for draw in range(4000):
        full = sample_three(obs, random.Random(draw))
        counts[full.hand(1)] = counts.get(full.hand(1), 0) + 1
    assert rnd.hand(1) in counts and len(counts) >= 3
    expected = 4000 / len(counts)
    assert all(abs(n - expected) < 0.4 * expected for n in counts.values()), counts
