"""Bots' play of three-hand Sixty-Six (RULES.md section 11): rules of thumb, an exact
solver and a sampling search.

- :class:`Seat3` holds what one seat knows of a round and chooses by rules of thumb
  (:meth:`Seat3.choose`). It is built from an observation (:meth:`Seat3.of`), with the
  voids and other inferences strict play gives away, for ``HeuristicBot``; or from a
  full round's state (:meth:`Seat3.of_round`), reading only what the seat to act may
  see, for fast rollouts (:func:`policy`).
- :class:`Maxn` solves a fully known round: every seat maximises its own value
  (:func:`seat_value`) over the round's final game points, a max^n search with a
  transposition table on :meth:`~sixtysix.three.round.ThreeRound.key`.
- :func:`search_values` is a sampling search (perfect-information Monte Carlo): full
  rounds drawn from the observation (:func:`~sixtysix.three.observation.sample_three`, which
  respects the voids), each legal action followed by :func:`policy` rollouts until
  at most ``exact_tricks`` tricks are left, solved from there by :class:`Maxn`.

Values. A round ends with game points for each seat (``ThreeOutcome.scores``). A
seat's value is its own game points minus the mean of the other two seats':
in a race of three to 11, points an opponent gains count against a seat as much
as its own count for it, split between the two rivals. Values are kept doubled,
``2 * own - left - right``, so that they stay whole numbers.

Ties in the solver. When a seat's best actions have equal values for it, it takes
the first of them in legal order (ascending action code). The other seats' values
may differ between those actions, and nothing in the round says which of them the
seat prefers (that depends on the match score, which a round does not know); a
fixed rule keeps each position's value independent of how the search reached it,
which the transposition table needs, and makes the solver's values reproducible
and checkable against a brute-force search.

>>> from sixtysix.three.match import ThreeMatch
>>> from sixtysix.three.observation import observe_three
>>> rnd = ThreeMatch(seed=3).deal()
>>> policy(rnd) in rnd.legal_tuple()
True
>>> Seat3.of(observe_three(rnd, rnd.to_act)).choose() in rnd.legal_tuple()
True
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from sixtysix.bots.search import Budget
from sixtysix.cards import (
    CARD_POINTS,
    FULL_DECK,
    HIGHER,
    KING,
    QUEEN,
    SUIT_MASKS,
    TEN,
    Card,
    CardSet,
    beats,
    cards_in,
)
from sixtysix.game.actions import ACTIONS, OUT, Action, marriage
from sixtysix.three.deal import LAST_TRICK_BONUS, SEATS, TRICKS_PER_ROUND, left_of
from sixtysix.three.observation import ThreeObservation, sample_three
from sixtysix.three.outcome import Scores, declared, ended
from sixtysix.three.round import ThreeRound, follow_rule, trick_winner
from sixtysix.three.state import (
    FOLLOW_PHASE,
    HAND,
    KNOWN,
    LEAD,
    LEAD_PHASE,
    LEADER,
    MARR,
    MARRIAGE_PHASE,
    OVER,
    PHASE,
    PLAYED,
    PTS,
    SECOND,
    TRICK_COUNT,
    TRICKS,
    state_of,
)

EXACT_TRICKS = 3
"""The search solves a sampled round exactly once this many tricks are left (at a lead):
three keeps a decision of the ``hard`` level near 20 ms; four costs ten times as much."""
_REACH_66 = 100
"""Worth of winning a trick that brings a seat to 66: it declares out next."""
_WIN_BONUS = 2
"""Worth of winning a trick beyond its card points: the next lead."""
_UNSURE = 0.4
"""How likely a card that may be beaten later in the trick is taken to win it."""
_NEXT = (1, 2, 0)
"""The seat to the left of each seat."""
_PARTNER = tuple(c + 1 if c % 6 == QUEEN else c - 1 if c % 6 == KING else -1 for c in range(24))


def seat_value(scores: Scores, seat: int) -> int:
    """Twice the seat's game points minus those of the two others: the doubled value
    of a round's result for ``seat`` (see the module).

    >>> seat_value((3, 0, 0), 0), seat_value((3, 0, 0), 1), seat_value((0, 2, 2), 0)
    (6, -3, -4)
    """
    return 2 * scores[seat] - scores[_NEXT[seat]] - scores[_NEXT[_NEXT[seat]]]


class Seat3:
    """What the seat to act knows of a three-hand round, and its rules of thumb.

    ``possible[s]`` are the cards seat ``s`` (another seat) may hold: cards the seat
    to act has not seen, less those strict play showed ``s`` cannot hold, plus the
    cards ``s`` has shown.
    """

    __slots__ = ("hand", "legal", "others", "pending", "phase", "points", "possible", "seat", "shown",
                 "table", "trump", "trumps")

    def __init__(self, seat: int, hand: CardSet, trump: int, legal: tuple[Action, ...], phase: int,
                 table: tuple[Card, ...], points: tuple[int, int, int], pending: int,
                 possible: dict[int, CardSet], shown: CardSet) -> None:
        self.seat = seat
        self.hand = hand
        self.trump = trump
        self.trumps = SUIT_MASKS[trump]
        self.legal = legal
        self.phase = phase
        self.table = table
        self.points = points
        self.pending = pending
        self.possible = possible
        self.others = (left_of(seat), left_of(left_of(seat)))
        self.shown = shown

    @staticmethod
    def of(obs: ThreeObservation) -> Seat3:
        """The seat's view from its observation, with what strict play gave away."""
        seat = obs.seat
        unseen = obs.unseen
        possible = {other: (unseen & ~obs.excluded(other)) | obs.shown[other] for other in obs.others}
        pending = 0 if obs.trick_counts[seat] else obs.marriage_points[seat]
        return Seat3(seat, obs.hand, obs.trump, obs.legal, obs.phase.value, obs.table, obs.points,
                     pending, possible, obs.shown[seat])

    @staticmethod
    def of_round(rnd: ThreeRound) -> Seat3:
        """The view of the seat to act in a full round, from what it may see (its hand,
        the cards played and shown), without the inferences from voids."""
        s = state_of(rnd)
        seat = rnd.to_act
        assert seat is not None
        hand = s[HAND + seat]
        shown = [s[KNOWN + other] & s[HAND + other] for other in range(SEATS)]
        unseen = FULL_DECK & ~(hand | s[PLAYED] | shown[0] | shown[1] | shown[2])
        possible = {other: unseen | shown[other] for other in (left_of(seat), left_of(left_of(seat)))}
        points = rnd.points()
        pending = 0 if s[TRICKS + seat] else s[MARR + seat]
        return Seat3(seat, hand, rnd.trump, rnd.legal_tuple(), s[PHASE], rnd.table, points, pending,
                     possible, shown[seat])

    # ------------------------------------------------------------------ values

    def keep_value(self, card: Card) -> int:
        """What the seat loses by parting with ``card``, beyond its card points: trumps
        (high ones most) and a king or queen whose partner it still holds unannounced."""
        value = 0
        if self.trumps >> card & 1:
            value += 12 if card % 6 >= TEN else 2 + card % 6
        partner = _PARTNER[card]
        if partner >= 0 and self.hand >> partner & 1 and not self.shown >> card & 1:
            value += 40 if self.trumps >> card & 1 else 20
        return value

    def top(self, card: Card) -> bool:
        """Whether no other seat may hold a higher card of ``card``'s suit."""
        higher = HIGHER[card]
        return not any(higher & mask for mask in self.possible.values())

    def sure(self, card: Card) -> bool:
        """Whether ``card``, led now, wins the trick whatever the others hold: the top
        card of its suit, and a trump, or with no trump left with the others."""
        if not self.top(card):
            return False
        if self.trumps >> card & 1:
            return True
        return not any(mask & self.trumps for mask in self.possible.values())

    # --------------------------------------------------------------- choosing

    def choose(self) -> Action:
        """The action the rules of thumb choose."""
        legal = self.legal
        if len(legal) == 1:
            return legal[0]
        if OUT in legal and self.points[self.seat] >= 66:
            return OUT
        if self.phase == FOLLOW_PHASE:
            return ACTIONS[self._follow()]
        if self.phase == MARRIAGE_PHASE:
            queen, king = (a for a in legal if a.card is not None)
            return king if self.sure(int(king)) else queen
        melds = [a for a in legal if a.marriage_suit is not None]
        if melds:
            return marriage(self.trump) if marriage(self.trump) in melds else melds[-1]
        return ACTIONS[self._lead()]

    def _lead(self) -> Card:
        hand = self.hand
        have = self.points[self.seat] + self.pending
        cards = cards_in(hand)
        sure = [c for c in cards if self.sure(c)]
        for card in sure:
            if have + CARD_POINTS[card] >= 66:
                return card
        # With four trumps or more, top trumps draw the others'; else trumps are kept
        # for taking tricks, and sure plain winners are led.
        if (hand & self.trumps).bit_count() < 4:
            sure = [c for c in sure if not self.trumps >> c & 1]
        sure.sort(key=lambda c: (not self.trumps >> c & 1, -CARD_POINTS[c]))
        if sure:
            return sure[0]
        tops = [c for c in cards if not self.trumps >> c & 1 and self.top(c) and CARD_POINTS[c] >= 10
                and self.keep_value(c) == 0]
        if tops:
            return max(tops, key=lambda c: CARD_POINTS[c])
        return min(cards, key=lambda c: (CARD_POINTS[c] + self.keep_value(c), c % 6))

    def _follow(self) -> Card:
        table = self.table
        trump = self.trump
        best = table[trick_winner(0, table, trump)]  # the card winning the trick so far
        last = len(table) == 2
        on_table = sum(CARD_POINTS[c] for c in table)
        have = self.points[self.seat] + self.pending
        third = self.others[0]  # the seat after this one, when it is second

        def worth(card: Card) -> float:
            kept = self.keep_value(card)
            if not beats(card, best, trump):
                return -CARD_POINTS[card] - kept
            won = on_table + CARD_POINTS[card]
            value = won + _WIN_BONUS - kept
            if have + won >= 66:
                value += _REACH_66
            if last:
                return value
            rival = self.possible[third]
            if card // 6 == trump:
                safe = not rival & HIGHER[card] & self.trumps
            else:  # the third seat may beat it in suit, or trump it when void
                safe = not rival & HIGHER[card] and not rival & self.trumps
            if safe:
                return value
            return _UNSURE * value - (1 - _UNSURE) * (CARD_POINTS[card] + kept)

        cards = [int(a) for a in self.legal]
        return max(cards, key=lambda c: (worth(c), -(c % 6)))


def policy(rnd: ThreeRound) -> Action:
    """The rules of thumb's action for the seat to act in a full round, from what it may see."""
    legal = rnd.legal_tuple()
    if len(legal) == 1:
        return legal[0]
    return Seat3.of_round(rnd).choose()


def rollout(rnd: ThreeRound, stop: Callable[[ThreeRound], bool]) -> int:
    """Play ``rnd`` on by :func:`policy` until it is over or ``stop(rnd)``; return the
    number of actions pushed (to pop them again)."""
    pushed = 0
    while not rnd.is_over and not stop(rnd):
        rnd.push(policy(rnd))
        pushed += 1
    return pushed


Hands = tuple[int, int, int]


class Endgame:
    """:class:`Maxn` from a trick's lead on, over the raw state: the three hands as
    bitmasks, card points, tricks and marriage points of each seat, the leader and
    the number of tricks played. It plays every action the engine allows at a lead
    (a card, a marriage then its king or queen, ``out`` under ``claim=manual``) and
    scores with the engine's own functions (:func:`~sixtysix.three.outcome.declared`,
    :func:`~sixtysix.three.outcome.ended`); tests check it against the engine's own moves.
    """

    def __init__(self, trump: int, manual: bool) -> None:
        self.trump = trump
        self.manual = manual
        self.table: dict[tuple[Hands, Hands, Hands, Hands, int], Scores] = {}

    def lead(self, hands: Hands, pts: Hands, tricks: Hands, marr: Hands, leader: int, count: int) -> Scores:
        """The scores of perfect play from the lead of trick ``count + 1``."""
        key = (hands, pts, tricks, marr, leader)
        known = self.table.get(key)
        if known is not None:
            return known
        hand = hands[leader]
        best: Scores = (0, 0, 0)
        best_value = -1 << 30
        for card in cards_in(hand):
            scores = self._trick(hands, pts, tricks, marr, leader, count, card)
            value = seat_value(scores, leader)
            if value > best_value:
                best, best_value = scores, value
        for suit in range(4):
            queen = suit * 6 + QUEEN
            if not (hand >> queen & 1 and hand >> (queen + 1) & 1):
                continue
            announced = list(marr)
            announced[leader] += 40 if suit == self.trump else 20
            married: Hands = (announced[0], announced[1], announced[2])
            if not self.manual and tricks[leader] and pts[leader] + married[leader] >= 66:
                scores = declared(leader, _counted(pts, tricks, married), tricks)
            else:
                scores = self._trick(hands, pts, tricks, married, leader, count, queen)
                king = self._trick(hands, pts, tricks, married, leader, count, queen + 1)
                if seat_value(king, leader) > seat_value(scores, leader):
                    scores = king
                if self.manual:
                    out = declared(leader, _counted(pts, tricks, married), tricks)
                    if seat_value(out, leader) > seat_value(scores, leader):
                        scores = out
            value = seat_value(scores, leader)
            if value > best_value:
                best, best_value = scores, value
        if self.manual and count:
            scores = declared(leader, _counted(pts, tricks, marr), tricks)
            if seat_value(scores, leader) > best_value:
                best = scores
        self.table[key] = best
        return best

    def _trick(self, hands: Hands, pts: Hands, tricks: Hands, marr: Hands, leader: int, count: int,
               lead: Card) -> Scores:
        trump = self.trump
        second = _NEXT[leader]
        third = _NEXT[second]
        first = _NEXT[third]  # the leader
        best: Scores = (0, 0, 0)
        best_value = -1 << 30
        finish = self._finish
        for card in cards_in(follow_rule(hands[second], (lead,), trump)[0]):
            reply: Scores = (0, 0, 0)
            reply_value = -1 << 30
            for last in cards_in(follow_rule(hands[third], (lead, card), trump)[0]):
                scores = finish(hands, pts, tricks, marr, leader, count, (lead, card, last))
                value = 2 * scores[third] - scores[first] - scores[second]
                if value > reply_value:
                    reply, reply_value = scores, value
            value = 2 * reply[second] - reply[third] - reply[first]
            if value > best_value:
                best, best_value = reply, value
        return best

    def _finish(self, hands: Hands, pts: Hands, tricks: Hands, marr: Hands, leader: int, count: int,
                cards: tuple[Card, Card, Card]) -> Scores:
        winner = trick_winner(leader, cards, self.trump)
        left = list(hands)
        for index, card in enumerate(cards):
            left[(leader + index) % SEATS] &= ~(1 << card)
        won = list(pts)
        won[winner] += CARD_POINTS[cards[0]] + CARD_POINTS[cards[1]] + CARD_POINTS[cards[2]]
        taken = list(tricks)
        taken[winner] += 1
        new_pts: Hands = (won[0], won[1], won[2])
        new_tricks: Hands = (taken[0], taken[1], taken[2])
        if count + 1 == TRICKS_PER_ROUND:
            won[winner] += LAST_TRICK_BONUS
            return ended(_counted((won[0], won[1], won[2]), new_tricks, marr), new_tricks)
        if not self.manual and won[winner] + marr[winner] >= 66:
            return declared(winner, _counted(new_pts, new_tricks, marr), new_tricks)
        return self.lead((left[0], left[1], left[2]), new_pts, new_tricks, marr, winner, count + 1)


def _counted(pts: Hands, tricks: Hands, marr: Hands) -> Hands:
    return (pts[0] + (marr[0] if tricks[0] else 0), pts[1] + (marr[1] if tricks[1] else 0),
            pts[2] + (marr[2] if tricks[2] else 0))


class Maxn:
    """Exact play of a fully known three-hand round: each seat maximises its own
    :func:`seat_value`, taking the first best action in legal order (see the module).
    From a trick's lead it hands over to :class:`Endgame`.

    >>> from sixtysix.three.match import ThreeMatch
    >>> rnd = ThreeMatch(seed=5).deal()
    >>> while len(rnd.tricks) < 5:
    ...     rnd.push(rnd.legal_tuple()[0])
    >>> scores = Maxn().scores(rnd)
    >>> len(scores), len(rnd.tricks)   # the round is left as it was
    (3, 5)
    """

    def __init__(self) -> None:
        self.endgame: Endgame | None = None

    def scores(self, rnd: ThreeRound) -> Scores:
        """The game points each seat gains when all play on perfectly from ``rnd``."""
        outcome = rnd.outcome
        if outcome is not None:
            return outcome.scores
        s = state_of(rnd)
        if s[PHASE] == LEAD_PHASE:
            endgame = self.endgame
            if endgame is None:
                endgame = self.endgame = Endgame(rnd.trump, rnd.rules.claim == "manual")
            return endgame.lead((s[HAND], s[HAND + 1], s[HAND + 2]), (s[PTS], s[PTS + 1], s[PTS + 2]),
                                (s[TRICKS], s[TRICKS + 1], s[TRICKS + 2]),
                                (s[MARR], s[MARR + 1], s[MARR + 2]), s[LEADER], s[TRICK_COUNT])
        seat = rnd.to_act
        assert seat is not None
        best: Scores = (0, 0, 0)
        best_value = -1 << 30
        for action in rnd.legal_tuple():
            rnd.push(action)
            scores = self.scores(rnd)
            rnd.pop()
            value = seat_value(scores, seat)
            if value > best_value:
                best, best_value = scores, value
        return best

    def action_scores(self, rnd: ThreeRound) -> dict[Action, Scores]:
        """The scores of each legal action of the seat to act, each followed by perfect play."""
        values = {}
        for action in rnd.legal_tuple():
            rnd.push(action)
            values[action] = self.scores(rnd)
            rnd.pop()
        return values


def solvable(rnd: ThreeRound, exact_tricks: int) -> bool:
    """Whether at most ``exact_tricks`` tricks are left, at a trick's lead (or the round is over)."""
    s = state_of(rnd)
    if s[PHASE] == OVER:
        return True
    return 8 - s[TRICK_COUNT] <= exact_tricks and s[LEAD] < 0 and s[SECOND] < 0


THREE_UNITS = 2
"""A :class:`~sixtysix.bots.search.Budget`'s units for each action pushed and position
kept by the three-hand search: each costs about twice the two-hand one (measured in
pure Python: 10 µs against 5.5 µs), so a work budget bounds the time alike in both."""


def evaluate(rnd: ThreeRound, exact_tricks: int, budget: Budget | None = None) -> dict[Action, int]:
    """The doubled value (:func:`seat_value`) of each legal action for the seat to act
    in one full round: rollouts by :func:`policy` until ``exact_tricks`` tricks are
    left, then :class:`Maxn`. ``rnd`` is left as it was. The work done (actions
    pushed, positions kept by the exact search, each :data:`THREE_UNITS` units) is added
    to ``budget``, if given."""
    seat = rnd.to_act
    assert seat is not None
    solver = Maxn()
    values = {}
    work = 0

    def stop(r: ThreeRound) -> bool:
        return solvable(r, exact_tricks)

    for action in rnd.legal_tuple():
        rnd.push(action)
        pushed = rollout(rnd, stop) if 8 - state_of(rnd)[TRICK_COUNT] > exact_tricks else 0
        values[action] = seat_value(solver.scores(rnd), seat)
        work += pushed
        for _ in range(pushed):
            rnd.pop()
        rnd.pop()
    if budget is not None:
        endgame = solver.endgame
        budget.spent += THREE_UNITS * (work + (0 if endgame is None else len(endgame.table)))
    return values


def is_determined(obs: ThreeObservation) -> bool:
    """Whether the observation fixes where every hidden card lies."""
    left, right = obs.others
    unseen = obs.unseen
    free = unseen & ~obs.excluded(left) & ~obs.excluded(right)
    need = obs.hand_sizes[left] - obs.shown[left].bit_count() - (unseen & obs.excluded(right)).bit_count()
    return need in (0, free.bit_count())


def search_values(obs: ThreeObservation, rng: Random, samples: int, exact_tricks: int,
                  budget: Budget | None = None,
                  progress: Callable[[int], None] | None = None) -> tuple[dict[Action, float], int]:
    """The mean value (in game points, :func:`seat_value` halved) of each legal action
    over ``samples`` full rounds drawn from ``obs`` (one if it fixes every card; fewer
    once the ``budget`` is exhausted, one at least), and the number of rounds drawn."""
    if not obs.legal:
        raise ValueError(f"seat {obs.seat} is not to act")
    if is_determined(obs):
        samples = 1
    totals = dict.fromkeys(obs.legal, 0)
    taken = 0
    while taken < samples and (taken == 0 or budget is None or not budget.exhausted()):
        for action, value in evaluate(sample_three(obs, rng), exact_tricks, budget).items():
            totals[action] += value
        taken += 1
        if progress is not None:
            progress(taken)
    return {action: total / (2 * taken) for action, total in totals.items()}, taken
