"""The greedy bot: takes points now, never plans, in the two-hand and the three-hand game."""

from __future__ import annotations

from sixtysix.bots import Bot
from sixtysix.cards import CARD_POINTS, Suit, beats
from sixtysix.game.actions import DRAW, EXCHANGE, OUT, PASS, Action
from sixtysix.game.interface import Observation
from sixtysix.game.round import Phase


class GreedyBot(Bot[Observation]):
    """Declares out at 66, melds and exchanges when it can, wins a trick with
    its cheapest winning card when the trick holds 10 points or more, and otherwise
    plays its cheapest card. It never closes.

    >>> from sixtysix.games import THREE, TWO
    >>> for game in (TWO, THREE):
    ...     rnd = game.new_match(seed=1).deal()
    ...     print(GreedyBot().act(game.observe(rnd, rnd.to_act)) in rnd.legal_tuple())
    True
    True
    """

    name = "greedy"

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        if OUT in legal and observation.points[observation.seat] >= 66:
            return OUT
        if observation.phase is Phase.DRAW:
            return DRAW
        if observation.phase is Phase.RESPOND:
            return EXCHANGE
        if EXCHANGE in legal:
            return EXCHANGE
        marriages = [a for a in legal if a.marriage_suit is not None]
        if marriages:
            return max(marriages, key=lambda a: a.marriage_suit == observation.trump)
        cards = [a for a in legal if a.card is not None]
        if not cards:
            return PASS if PASS in legal else legal[0]
        return _cheapest(cards, observation.table, observation.trump)


def _cheapest(cards: list[Action], table: tuple[int, ...], trump: Suit) -> Action:
    """The cheapest card that wins the trick so far if it holds 10 points or more, else
    the cheapest card: trumps cost more than plain cards, then points, then rank."""

    def cost(action: Action) -> tuple[int, int, int]:
        card = int(action)
        return (card // 6 == trump, CARD_POINTS[card], card % 6)

    if table and sum(CARD_POINTS[c] for c in table) >= 10:
        best = table[0]
        for card in table[1:]:
            if beats(card, best, trump):
                best = card
        winners = [a for a in cards if beats(int(a), best, trump)]
        if winners:
            return min(winners, key=cost)
    return min(cards, key=cost)
