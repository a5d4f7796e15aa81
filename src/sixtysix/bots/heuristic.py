"""The heuristic bot: the rules of thumb of an experienced player.

It counts cards: the cards the opponent may hold are those it has not seen
(``observation.unseen``) minus those the opponent's strict-play follows rule out,
plus the cards the opponent has shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Final

from sixtysix.bots import Bot, Parameter
from sixtysix.bots.playout import sure_points, sure_winners
from sixtysix.cards import CARD_POINTS, HIGHER, KING, NINE, QUEEN, SUIT_MASKS, TEN, CardSet, beats, cards_in
from sixtysix.compiled import mypyc_attr
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, OUT, Action, marriage
from sixtysix.game.round import Phase
from sixtysix.three.observation import ThreeObservation
from sixtysix.two.observation import Observation

_WIN_BONUS: Final = 2
"""Worth of winning a trick beyond its card points: the lead and the first draw."""
_REACH_66: Final = 100
"""Worth of winning a trick that brings the bot to 66: it declares out next."""
_STRICT_SAMPLES: Final = 8
"""Full rounds sampled to solve a strict-play decision while the closed stock hides cards."""


@dataclass(frozen=True)
class _View:
    """What the bot works out from an observation before choosing."""

    obs: Observation
    hand: CardSet
    trumps: CardSet
    possible: CardSet
    """Cards the opponent may hold."""
    points: int
    pending: int
    """Marriage points announced before the bot won a trick: they count once it wins one."""
    strict: bool
    can_meld_later: bool
    """Whether a marriage may still be announced after this trick."""
    nine_useful: bool
    """Whether the trump nine may still be exchanged for a better trump card."""

    @staticmethod
    def of(obs: Observation) -> _View:
        seat = obs.seat
        trumps = SUIT_MASKS[obs.trump]
        strict = obs.is_strict
        rules = obs.rules
        pending = 0 if obs.trick_counts[seat] else obs.marriage_points[seat]
        trump_card = obs.trump_card
        return _View(
            obs=obs,
            hand=obs.hand,
            trumps=trumps,
            possible=(obs.unseen & ~obs.opponent_excluded) | obs.opponent_shown,
            points=obs.points[seat],
            pending=pending,
            strict=strict,
            can_meld_later=(not strict and obs.stock_size >= 4) or rules.marriages_after_stock,
            nine_useful=(not strict and trump_card is not None and trump_card % 6 != NINE
                         and obs.stock_size - 2 >= rules.exchange_min_stock),
        )

    def is_trump(self, card: int) -> bool:
        return bool(self.trumps >> card & 1)

    def top(self, card: int) -> bool:
        """Whether no card the opponent may hold ranks above ``card`` in its suit."""
        return not HIGHER[card] & self.possible

    def keep_value(self, card: int) -> int:
        """How much the bot loses by parting with ``card``, beyond its card points."""
        value = 0
        rank = card % 6
        if self.is_trump(card):
            value += 16 if rank >= TEN else 3 + rank
            if rank == NINE and self.nine_useful:
                value += 12
        if rank in (KING, QUEEN) and self.can_meld_later and not self.obs.own_shown >> card & 1:
            partner = card + 1 if rank == QUEEN else card - 1
            gain = 40 if self.is_trump(card) else 20
            if self.hand >> partner & 1:
                value += gain
            elif self.obs.unseen >> partner & 1:
                value += gain // 8
        return value

    def sure_winners(self) -> list[int]:
        """Cards that win when led in strict play, led in the order returned.

        Top trumps win whatever the opponent holds; once they have drawn every
        trump the opponent may hold, the top cards of the other suits win too.
        """
        return sure_winners(self.hand, self.trumps, self.possible)

    def sure_points(self) -> int:
        """Points the bot is sure to hold after leading its sure winners in strict play."""
        return sure_points(self.sure_winners(), self.points, self.pending, self.possible,
                           self.obs.opponent_hand_size)


@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicBot(Bot[Observation]):
    """Plays as an experienced human: declares out at 66, exchanges the trump nine,
    melds early (the trump marriage first), leads low cards and keeps its trumps,
    aces and tens in open play, takes the opponent's aces and tens, closes when its
    points and sure winners reach 66, and counts cards in strict play.

    With at most ``exact`` cards in hand in strict play (by default the whole of
    it), it solves the round exactly instead, as :class:`~sixtysix.bots.solver.SolverBot`
    does: once, when it knows every card still to play, else on a few full rounds
    sampled from what it saw; its rules of thumb break ties. ``exact=0`` plays
    strict play by the rules of thumb alone.

    >>> from sixtysix import Match
    >>> from sixtysix.two.observation import observe
    >>> rnd = Match(seed=1).deal()
    >>> HeuristicBot().act(observe(rnd, rnd.to_act)) in rnd.legal_tuple()
    True
    """

    name: ClassVar[str] = "heuristic"
    parameters: ClassVar[Mapping[str, Parameter]] = {"exact": Parameter(True, 0, 6)}

    def __init__(self, seed: int | None = None, exact: int = 6) -> None:
        super().__init__(seed)
        self.exact = exact

    def act(self, observation: Observation) -> Action:
        action = self._rules(observation)
        if (observation.is_strict and len(observation.legal) > 1 and action != OUT
                and observation.hand.bit_count() <= self.exact):
            from sixtysix.bots.search import best_action, sampled_values

            values = sampled_values(observation, self.rng, _STRICT_SAMPLES)
            return best_action(values, action)
        return action

    def _rules(self, observation: Observation) -> Action:
        legal = observation.legal
        if len(legal) == 1:
            return legal[0]
        if OUT in legal and observation.points[observation.seat] >= 66:
            return OUT
        phase = observation.phase
        if phase is Phase.RESPOND:
            return EXCHANGE
        view = _View.of(observation)
        if phase is Phase.DRAW:
            if CLOSE_BEFORE_DRAW in legal and view.sure_points() >= 66:
                return CLOSE_BEFORE_DRAW
            return DRAW
        if phase is Phase.MARRIAGE:
            return self._marriage_lead(view)
        if phase is Phase.FOLLOW:
            return self._follow(view)
        return self._lead(view)

    def _lead(self, view: _View) -> Action:
        legal = view.obs.legal
        if EXCHANGE in legal:
            return EXCHANGE
        if CLOSE in legal and view.sure_points() >= 66:
            return CLOSE
        melds = [a for a in legal if a.marriage_suit is not None]
        if melds:
            return marriage(view.obs.trump) if marriage(view.obs.trump) in melds else melds[0]
        cards = [a for a in legal if a.card is not None]
        if view.strict:
            winners = view.sure_winners()
        else:
            outstanding = view.obs.unseen | view.possible
            if view.obs.trump_card is not None:
                outstanding |= 1 << view.obs.trump_card
            winners = [c for c in cards_in(view.hand & view.trumps) if not HIGHER[c] & outstanding]
        for card in winners:
            if view.points + view.pending + CARD_POINTS[card] >= 66:
                return Action.of(card)
        if view.strict:
            if winners:
                return Action.of(winners[0])
            return min(cards, key=lambda a: (view.is_trump(a), CARD_POINTS[a] + view.keep_value(a), a % 6))
        return min(cards, key=lambda a: (CARD_POINTS[a] + view.keep_value(a), a % 6))

    def _marriage_lead(self, view: _View) -> Action:
        queen, king = (a for a in view.obs.legal if a.card is not None)
        if view.strict and view.top(king) and not view.possible & view.trumps:
            return king
        return queen

    def _follow(self, view: _View) -> Action:
        obs = view.obs
        lead = obs.lead_card
        assert lead is not None
        trump = obs.trump
        need = 66 - view.points - view.pending

        def worth(action: Action) -> int:
            card = int(action)
            won = CARD_POINTS[lead] + CARD_POINTS[card]
            if beats(card, lead, trump):
                value = won + _WIN_BONUS - view.keep_value(card)
                if won >= need:
                    value += _REACH_66
                elif view.can_meld_later and view.keep_value(card) < 20 and _holds_marriage(view):
                    value += 15
                return value
            return -won - view.keep_value(card)

        return max((a for a in obs.legal), key=lambda a: (worth(a), -(a % 6)))


def _holds_marriage(view: _View) -> bool:
    """Whether the bot holds a king and queen of one suit it has not announced."""
    hand = view.hand & ~view.obs.own_shown
    return any(hand >> (s * 6 + KING) & 1 and hand >> (s * 6 + QUEEN) & 1 for s in range(4))


class ThreeHeuristicBot(Bot[ThreeObservation]):
    """The rules of thumb of the three-hand game (:class:`~sixtysix.bots.threehand.Seat3`):
    out at 66, a marriage at every chance (the trump one first), sure winners led
    (top trumps first), else a high card no one may beat, else the cheapest card;
    following, the trick taken when it is worth it and the winning card is safe
    from the seat still to play, else the cheapest card. It takes the two-hand
    bot's parameter, so that a level names one bot for both games, but no exact
    solve: ``exact`` changes nothing here.

    >>> from sixtysix.three.match import ThreeMatch
    >>> from sixtysix.three.observation import observe_three
    >>> rnd = ThreeMatch(seed=1).deal()
    >>> ThreeHeuristicBot().act(observe_three(rnd, rnd.to_act)) in rnd.legal_tuple()
    True
    """

    name: ClassVar[str] = HeuristicBot.name
    parameters: ClassVar[Mapping[str, Parameter]] = HeuristicBot.parameters

    def __init__(self, seed: int | None = None, exact: int = 6) -> None:
        super().__init__(seed)

    def act(self, observation: ThreeObservation) -> Action:
        from sixtysix.bots.threehand import Seat3

        return Seat3.of(observation).choose()
