"""The greedy bot: takes points now, never plans."""

from __future__ import annotations

from sixtysix.bots import Bot
from sixtysix.cards import CARD_POINTS, beats
from sixtysix.observation import Observation
from sixtysix.round import DRAW, EXCHANGE, OUT, PASS, Action, Phase


class GreedyBot(Bot):
    """Declares out at 66, melds and exchanges when it can, wins a trick with
    its cheapest winning card when the trick holds points, and otherwise plays
    its cheapest card. It never closes.

    >>> from sixtysix import Match
    >>> from sixtysix.observation import observe
    >>> rnd = Match(seed=1).deal()
    >>> GreedyBot().act(observe(rnd, rnd.to_act)) in rnd.legal_tuple()
    True
    """

    name = "greedy"

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        seat = observation.seat
        if OUT in legal and observation.points[seat] >= 66:
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
        trump = observation.trump

        def cost(action: Action) -> tuple[int, int, int]:
            card = int(action)
            return (card // 6 == trump, CARD_POINTS[card], card % 6)

        lead = observation.lead_card
        if lead is not None:
            winners = [a for a in cards if beats(int(a), lead, trump)]
            if winners and CARD_POINTS[lead] >= 10:
                return min(winners, key=cost)
        return min(cards, key=cost)
