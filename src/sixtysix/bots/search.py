"""Exact perfect-information search, and sampling over the worlds an observation allows
(:class:`~sixtysix.bots.solver.SolverBot` plays it when it knows every card).

:func:`solve` gives, for the seat to act in a fully known :class:`~sixtysix.two.round.Round`,
the value of each legal action in final game points from that seat's view: the
round's game points if it wins, their negative if it loses, 0 for a tie (carried
ties are not counted). Every scoring rule is part of the search, because the search
plays the engine's own actions: declaring out (true or false), failed closes, the
first player to 66 in a closed round, the last-trick bonus, ties.

The search is alpha-beta (negamax) with a transposition table of value bounds
keyed by :meth:`Round.key`, walking the engine with ``push`` and ``pop``. Once play
is strict (stock empty or closed) and a trick is about to be led, it hands over to
:class:`Endgame`, a specialised search over the raw state (hands as bitmasks,
points, tricks) that gives the same values without the engine's bookkeeping, scoring
the rounds it ends with the game's own scoring functions (:func:`~sixtysix.two.outcome.declared`,
:func:`~sixtysix.two.outcome.ended`); tests check both against a plain minimax.

>>> from sixtysix import DRAW, Match
>>> rnd = Match(seed=7).deal()
>>> while rnd.stock_size:   # play the lowest card until the stock runs out
...     rnd.push(min(a for a in rnd.legal_tuple() if a.card is not None or a == DRAW))
>>> {str(action): value for action, value in solve(rnd).items()}
{'out': -2, 'As': 2, 'Tc': 1, 'Th': 1, 'Ts': 2, 'Kh': 2, 'Qs': 1}
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from random import Random
from typing import Final

from sixtysix.cards import CARD_POINTS, HIGHER, KING, QUEEN, SUIT_MASKS, beats
from sixtysix.game.actions import OUT, Action
from sixtysix.game.round import Phase
from sixtysix.rules import Rules
from sixtysix.two.observation import Observation, sample_round
from sixtysix.two.outcome import Outcome, Scoring, declared, ended
from sixtysix.two.round import Round

MAX_VALUE: Final = 3
"""No round is worth more than 3 game points, so values lie in [-3, 3]."""

_FLIP: Final = (1, 0, -1)
"""Swap the two seats of a relative seat number: 0 and 1 swap, -1 (nobody) stays."""


_FOLLOWER_WINS: Final = tuple(
    tuple(beats(follow, lead, trump) for lead in range(24) for follow in range(24)) for trump in range(4)
)
"""Per trump suit, ``[lead * 24 + follow]``: whether the card followed wins the trick."""
_SUIT_OF_CARD: Final = tuple(SUIT_MASKS[c // 6] for c in range(24))


def outcome_value(outcome: Outcome, seat: int) -> int:
    """The game points of a finished round from ``seat``'s view.

    >>> from sixtysix.game.outcome import Reason
    >>> o = Outcome(1, 2, Reason.OUT, (20, 70), (1, 3), 1, None, False, None, None, False)
    >>> outcome_value(o, 0), outcome_value(o, 1)
    (-2, 2)
    """
    if outcome.winner is None:
        return 0
    return outcome.game_points if outcome.winner == seat else -outcome.game_points


def _bounds(best: int, alpha: int, beta: int, lower: int, upper: int) -> tuple[int, int]:
    """The bounds on a position's value that a fail-soft search of it proves: its
    result ``best`` in the window (``alpha``, ``beta``), which lay within the bounds
    known before (``lower``, ``upper``).

    >>> _bounds(-1, 0, 2, -3, 3), _bounds(2, 0, 2, -3, 3), _bounds(1, 0, 2, -3, 3)
    ((-3, -1), (2, 3), (1, 1))
    """
    if best <= alpha:
        return lower, best
    if best >= beta:
        return best, upper
    return best, best


class Endgame:
    """Alpha-beta over the raw state of strict play, from one trick's lead to the end.

    A position is seen from the leader ``a`` against the follower ``b``: their hands,
    card points, tricks and marriage points, who reached 66 first and who closed
    (``0`` the leader, ``1`` the follower, ``-1`` nobody). Values are game points for
    the leader. The transposition table keeps, for each position met, bounds
    ``(lower, upper)`` of its value (equal when exact) and the best lead found.

    ``close_snapshot`` is the closer's opponent's points and tricks at the close.
    A position's value depends only on these, the rules and the trump suit, so one
    ``Endgame`` serves every search of rounds that share them.

    >>> from sixtysix import DRAW, Match
    >>> rnd = Match(seed=7).deal()
    >>> while rnd.stock_size:
    ...     rnd.push(min(a for a in rnd.legal_tuple() if a.card is not None or a == DRAW))
    >>> endgame = Endgame(rnd.rules, rnd.trump)
    >>> endgame.value(rnd)
    2
    """

    # The search's steps are methods, not closures: the compiled build calls a method
    # of its own class directly with native ints, and a closure as a Python object
    # with every argument boxed.
    def __init__(self, rules: Rules, trump: int, close_snapshot: tuple[int, int] | None = None) -> None:
        self.rules = rules
        self.trump = trump
        self.tt: dict[int, tuple[int, int, int]] = {}
        self._trumps = SUIT_MASKS[trump]
        self._follower_wins = _FOLLOWER_WINS[trump]
        self._must_head = rules.must_head
        self._manual = rules.claim == "manual"
        self._scoring = Scoring.of(rules, *(close_snapshot or (0, 0)))
        self._marriages = rules.marriages_after_stock
        self._first_marriage = rules.first_lead_marriage
        self._pairs = tuple((s, 1 << (s * 6 + KING) | 1 << (s * 6 + QUEEN), 40 if s == trump else 20)
                            for s in range(4))
        # Leads are tried strongest first: trumps from the ace down, then the other aces,
        # tens and so on, each rank in suit order; one mask per step.
        ranks = tuple(sum(1 << (suit * 6 + rank) for suit in range(4)) for rank in range(6))
        self._lead_order = (tuple(1 << (trump * 6 + rank) for rank in reversed(range(6)))
                            + tuple(ranks[rank] & ~self._trumps for rank in reversed(range(6))))

    def value(self, rnd: Round, alpha: int = -MAX_VALUE, beta: int = MAX_VALUE) -> int:
        """The value of ``rnd`` for its leader; ``rnd`` must be strict and at a lead.

        Fail-soft: a result at or below ``alpha`` is an upper bound of the value,
        one at or above ``beta`` a lower bound.
        """
        if rnd.phase is not Phase.LEAD or not rnd.is_strict:
            raise ValueError("the endgame search starts at a lead in strict play")
        a = rnd.leader
        b = 1 - a
        pts = rnd.card_points()
        tricks = rnd.trick_counts()
        marr = rnd.marriage_points()
        first = rnd.first_to_66
        closer = rnd.closer
        return self._lead(
            rnd.hand(a), rnd.hand(b), pts[a], pts[b], tricks[a], tricks[b], marr[a], marr[b],
            -1 if first is None else int(first != a), -1 if closer is None else int(closer != a),
            alpha, beta,
        )

    def _ordered(self, hand: int) -> list[int]:
        """The cards of ``hand`` in the order they are tried as leads."""
        found = []
        for step in self._lead_order:
            cards = hand & step
            while cards:
                low = cards & -cards
                found.append(low.bit_length() - 1)
                cards ^= low
        return found

    def _trick(self, c: int, f: int, a: int, b: int, pa: int, pb: int, ta: int, tb: int,
               ma: int, mb: int, f66: int, cr: int, alpha: int, beta: int) -> int:
        """The leader's value once ``c`` is led and ``f`` follows.

        The trick's winner is called ``a`` below; ``sign`` turns its value
        back into the leader's.
        """
        won = CARD_POINTS[c] + CARD_POINTS[f]
        a ^= 1 << c
        b ^= 1 << f
        sign = 1
        if self._follower_wins[c * 24 + f]:
            sign = -1
            a, b, pa, pb, ta, tb, ma, mb = b, a, pb, pa, tb, ta, mb, ma
            f66 = _FLIP[f66]
            cr = _FLIP[cr]
            alpha, beta = -beta, -alpha
        pa += won
        ta += 1
        reached = pa + ma >= 66
        if reached and f66 < 0:
            f66 = 0
        if not a:
            if cr < 0:
                pa += 10
            return sign * ended(pa + ma, pb + mb if tb else pb, ta, tb, f66, cr, self._scoring)
        if reached and not self._manual:
            return sign * declared(pa + ma, pb + mb if tb else pb, ta, tb, f66, cr, self._scoring)
        return sign * self._lead(a, b, pa, pb, ta, tb, ma, mb, f66, cr, alpha, beta)

    def _follows(self, c: int, b: int) -> int:
        same = b & _SUIT_OF_CARD[c]
        if same:
            if self._must_head:
                return same & HIGHER[c] or same
            return same
        return b & self._trumps or b

    def _led(self, c: int, a: int, b: int, pa: int, pb: int, ta: int, tb: int,
             ma: int, mb: int, f66: int, cr: int, alpha: int, beta: int) -> int:
        """The leader's value of leading ``c``: the follower's best reply (fail-soft)."""
        worst = MAX_VALUE + 1
        replies = self._follows(c, b)
        while replies:  # lowest card first, as cards_in gives them
            low = replies & -replies
            replies ^= low
            v = self._trick(c, low.bit_length() - 1, a, b, pa, pb, ta, tb, ma, mb, f66, cr, alpha,
                            min(beta, worst))
            if v < worst:
                worst = v
                if worst <= alpha:
                    break
        return worst

    def _lead(self, a: int, b: int, pa: int, pb: int, ta: int, tb: int,
              ma: int, mb: int, f66: int, cr: int, alpha: int, beta: int) -> int:
        manual = self._manual
        pac = pa + ma if ta else pa
        later = ta or tb
        best = -MAX_VALUE - 1
        if manual and later:
            best = declared(pac, pb + mb if tb else pb, ta, tb, f66, cr, self._scoring)
            if pac >= 66 and cr < 0:
                # Points only grow: declaring now beats anything the round can still bring.
                return best
            if best >= beta:
                return best
        if not a & (a - 1):
            # One card each: the last trick is forced.
            v = self._trick(a.bit_length() - 1, b.bit_length() - 1, a, b, pa, pb, ta, tb, ma, mb, f66, cr,
                            alpha, beta)
            return v if v > best else best
        # The position packed in one int: the hands, then points (7 bits each), tricks
        # (4 bits each), marriage points (7 bits each), and f66 and cr (2 bits each).
        key = (a | b << 24 | (pa | pb << 7 | ta << 14 | tb << 18 | ma << 22 | mb << 29
                              | (f66 + 1) << 36 | (cr + 1) << 38) << 48)
        tt = self.tt
        entry = tt.get(key)
        first = -1
        if entry is not None:
            lower, upper, first = entry
            if lower >= beta:
                return lower
            if upper <= alpha or lower == upper:
                return upper
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        else:
            lower, upper = -MAX_VALUE, MAX_VALUE
        alpha_s = alpha
        beta_s = beta
        alpha = max(alpha, best)
        best_move = -1
        moves = self._ordered(a)
        if 0 <= first < 24:
            moves.remove(first)
            moves.insert(0, first)
        for c in moves:
            v = self._led(c, a, b, pa, pb, ta, tb, ma, mb, f66, cr, alpha, beta)
            if v > best:
                best = v
                best_move = c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if self._marriages and alpha < beta and (later or self._first_marriage):
            for suit, pair, gain in self._pairs:
                if a & pair != pair:
                    continue
                nma = ma + gain
                nf66 = f66
                if ta and pa + nma >= 66:
                    nf66 = max(nf66, 0)
                    if not manual:
                        v = declared(pa + nma, pb + mb if tb else pb, ta, tb, nf66, cr, self._scoring)
                        if v > best:
                            best = v
                            best_move = 24 + suit
                        continue
                if manual:
                    v = declared(pa + nma if ta else pa, pb + mb if tb else pb, ta, tb, nf66, cr,
                                 self._scoring)
                    if v > best:
                        best = v
                        best_move = 24 + suit
                for rank in (KING, QUEEN):
                    alpha = max(alpha, best)
                    if alpha >= beta:
                        break
                    v = self._led(suit * 6 + rank, a, b, pa, pb, ta, tb, nma, mb, nf66, cr, alpha, beta)
                    if v > best:
                        best = v
                        best_move = 24 + suit
                if best >= beta:
                    break
        lower, upper = _bounds(best, alpha_s, beta_s, lower, upper)
        tt[key] = (lower, upper, best_move)
        return best


class Endgames:
    """The :class:`Endgame` searches of one deal (one set of rules and one trump
    suit), one per close snapshot, each keeping its transposition table.

    >>> from sixtysix import Match
    >>> rnd = Match(seed=1).deal()
    >>> while not rnd.is_strict:
    ...     rnd.push(rnd.legal_tuple()[0])
    >>> Endgames().value(rnd) == Endgame(rnd.rules, rnd.trump, rnd.close_snapshot).value(rnd)
    True
    """

    def __init__(self) -> None:
        self._searches: dict[tuple[int, int] | None, Endgame] = {}

    def value(self, rnd: Round, alpha: int = -MAX_VALUE, beta: int = MAX_VALUE) -> int:
        """:meth:`Endgame.value` of ``rnd`` by the search of its close snapshot."""
        snapshot = rnd.close_snapshot
        search = self._searches.get(snapshot)
        if search is None:
            search = self._searches[snapshot] = Endgame(rnd.rules, rnd.trump, snapshot)
        return search.value(rnd, alpha, beta)

    @property
    def entries(self) -> int:
        """Transposition-table entries over all the searches."""
        return sum(len(search.tt) for search in self._searches.values())


_NO_ENTRY: Final = (-MAX_VALUE, MAX_VALUE, None)


def _order(action: Action) -> int:
    """Move ordering of the engine search: ``out`` (a leaf), then high cards, then the rest."""
    if action == OUT:
        return -100
    card = action.card
    if card is not None:
        return -(card % 6)
    return action


class Solver:
    """Alpha-beta (negamax) over the engine's ``push`` and ``pop``, for one full round.

    Values are game points for the seat to act. The transposition table keeps, for
    each position (:meth:`Round.key`), bounds ``(lower, upper)`` of its value (an
    exact value when equal, a lower bound from a cut-off above the window, an upper
    bound from a search below it) and the best action found, which is tried first
    when the position comes back. With ``endgame`` on, strict play from each lead
    on is searched by :class:`Endgame`; off, the engine is walked to the end.

    >>> from sixtysix import Match
    >>> rnd = Match(seed=10).deal()
    >>> for token in "Kd Ah close-before-draw".split():   # a close after the first trick
    ...     rnd.push_token(token)
    >>> Solver(rnd).value(), Solver(rnd, endgame=False).value()
    (3, 3)
    """

    def __init__(self, rnd: Round, *, endgame: bool = True) -> None:
        self.rnd = rnd
        self.tt: dict[tuple[int, ...], tuple[int, int, Action | None]] = {}
        self.use_endgame = endgame
        self.endgames = Endgames()

    @property
    def work(self) -> int:
        """Positions kept by this search's transposition tables, its own and its
        endgames' (a :class:`Budget`'s measure of the work done)."""
        return len(self.tt) + self.endgames.entries

    def values(self) -> dict[Action, int]:
        """The exact value of each legal action for the seat to act."""
        rnd = self.rnd
        seat = rnd.to_act
        if seat is None:
            raise ValueError("the round is over")
        result = {}
        for action in sorted(rnd.legal_tuple(), key=_order):
            rnd.push(action)
            result[action] = self._after(seat, -MAX_VALUE, MAX_VALUE)
            rnd.pop()
        return result

    def value(self) -> int:
        """The exact value of the position for the seat to act."""
        if self.rnd.to_act is None:
            raise ValueError("the round is over")
        return self.search(-MAX_VALUE, MAX_VALUE)

    def _after(self, seat: int, alpha: int, beta: int) -> int:
        """The value for ``seat`` of the position just reached."""
        rnd = self.rnd
        outcome = rnd.outcome
        if outcome is not None:
            return outcome_value(outcome, seat)
        if rnd.to_act == seat:
            return self.search(alpha, beta)
        return -self.search(-beta, -alpha)

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value of the current position for the seat to act."""
        rnd = self.rnd
        if self.use_endgame and rnd.phase is Phase.LEAD and rnd.is_strict:
            return self.endgames.value(rnd, alpha, beta)
        key = rnd.key()
        lower, upper, first = self.tt.get(key, _NO_ENTRY)
        if lower >= beta:
            return lower
        if upper <= alpha or lower == upper:
            return upper
        alpha = max(alpha, lower)
        beta = min(beta, upper)
        alpha_s, beta_s = alpha, beta
        seat = rnd.to_act
        assert seat is not None
        moves = sorted(rnd.legal_tuple(), key=_order)
        if first is not None:
            moves.remove(first)
            moves.insert(0, first)
        best = -MAX_VALUE - 1
        best_move = None
        for action in moves:
            rnd.push(action)
            v = self._after(seat, alpha, beta)
            rnd.pop()
            if v > best:
                best = v
                best_move = action
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        lower, upper = _bounds(best, alpha_s, beta_s, lower, upper)
        self.tt[key] = (lower, upper, best_move)
        return best


def solve(rnd: Round, *, endgame: bool = True) -> dict[Action, int]:
    """The exact value of each legal action of a fully known round, in game points
    for the seat to act (see :class:`Solver`).

    The search is exhaustive: it is quick once play is strict, and grows fast with
    the number of tricks still to be drawn to.
    """
    return Solver(rnd, endgame=endgame).values()


def is_determined(observation: Observation) -> bool:
    """Whether the observation fixes every card that is still to play.

    True once the stock is empty, or when it is closed and the cards the
    opponent may hold are exactly as many as it hides.
    """
    if not observation.is_strict:
        return False
    hidden = observation.opponent_hand_size - observation.opponent_shown.bit_count()
    allowed = observation.unseen & ~observation.opponent_excluded & ~observation.opponent_shown
    return allowed.bit_count() == hidden


class Budget:
    """What one decision's sampling may spend: at most ``work`` units of search and at
    most ``seconds`` of wall-clock time, each ``None`` for no limit.

    A unit of work is an action pushed by a rollout or a position kept by an exact
    search's transposition table; the evaluation of each sample adds what it did to
    :attr:`spent`. On one machine a unit takes a steady time (about 2.6 µs in the
    compiled build here, 5.5 µs in pure Python), so a work limit bounds the time as
    a time limit does, but it stops a seeded search at the same sample every time,
    keeping it reproducible.

    >>> budget = Budget(work=1000)
    >>> budget.exhausted()
    False
    >>> budget.spent += 1000
    >>> budget.exhausted()
    True
    >>> Budget(seconds=0.0).exhausted(), Budget().exhausted()
    (True, False)
    """

    def __init__(self, work: int | None = None, seconds: float | None = None) -> None:
        self.work = work
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.spent = 0

    def exhausted(self) -> bool:
        """Whether the work or the time is spent."""
        work = self.work
        deadline = self.deadline
        return ((work is not None and self.spent >= work)
                or (deadline is not None and time.perf_counter() >= deadline))


def sampled_values(observation: Observation, rng: Random, samples: int,
                   evaluate: Callable[[Round], Mapping[Action, float]] = solve,
                   budget: Budget | None = None) -> dict[Action, float]:
    """The mean value of each legal action over full rounds sampled from the observation.

    ``evaluate`` values each action in one sample (by default :func:`solve`). At
    most ``samples`` samples are taken, fewer once the ``budget`` is exhausted
    (always at least one); a single one when the observation determines the round.
    """
    if not observation.legal:
        raise ValueError(f"seat {observation.seat} is not to act")
    if is_determined(observation):
        samples = 1
    totals = dict.fromkeys(observation.legal, 0.0)
    taken = 0
    while taken < samples and (taken == 0 or budget is None or not budget.exhausted()):
        for action, v in evaluate(sample_round(observation, rng)).items():
            totals[action] += v
        taken += 1
    return {action: total / taken for action, total in totals.items()}


def best_action(values: dict[Action, float], preferred: Action) -> Action:
    """The action of highest value; ``preferred`` among equals, else the first listed.

    >>> from sixtysix.game.actions import ACTIONS
    >>> best_action({ACTIONS[0]: 1.0, ACTIONS[5]: 1.0, OUT: -2.0}, ACTIONS[5])
    Action('Ac')
    >>> best_action({ACTIONS[0]: 1.0, ACTIONS[5]: 1.0, OUT: -2.0}, OUT)
    Action('9c')
    """
    top = max(values.values())
    if values.get(preferred) == top:
        return preferred
    return next(action for action, v in values.items() if v == top)
