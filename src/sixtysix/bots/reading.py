"""What the opponent's leads say about its hidden cards.

A player who leads the king or queen of a suit while holding the other card of
the pair announces the marriage first: announcing costs nothing and scores 20
or 40. So a king or queen led with no marriage, at a lead where one could have
been announced, says that its *partner* (the queen or king of that suit) was not
in the leader's hand then. The rules do not forbid leading it so; a sensible
player does not, and every bot of this package announces there.

Since that lead the leader may have drawn the partner. Of the cards it holds now
or has played since, the led card aside, five were in its hand at the lead and
the ``d`` others were drawn after it; any split of them is equally likely a
priori, so if a sampled world puts the partner in the opponent's hand now, the
lead had chance ``d / (5 + d)`` in that world, and 1 in a world where the
partner lies in the stock. :func:`partner_odds` gives those chances and
:func:`sample_read` samples worlds in proportion to them: a partner with no
draw since (odds 0) is left out of the opponent's hand, the others are kept or
redrawn by chance.

>>> import random
>>> from sixtysix import Match
>>> from sixtysix.cards import card_name, parse_card
>>> from sixtysix.two.observation import observe
>>> rnd = Match(seed=5).deal()
>>> for token in ("Qc", "Kc", "draw", "Kh"):
...     rnd.push_token(token)
>>> obs = observe(rnd, 0)
>>> {card_name(card): odds for card, odds in partner_odds(obs).items()}
{'Qh': 0.0}
>>> any(sample_read(obs, rng).hand(1) >> parse_card("Qh") & 1 for rng in map(random.Random, range(50)))
False
"""

from __future__ import annotations

import random

from sixtysix.cards import PARTNER, Card, CardSet
from sixtysix.errors import StateError
from sixtysix.two.observation import Observation, sample_round
from sixtysix.two.round import Round

TRIES = 32
"""How many worlds :func:`sample_read` draws at most for one it keeps."""

_HELD = 5
"""Cards besides the led one in a hand of six at an open lead."""


def partner_odds(observation: Observation) -> dict[Card, float]:
    """For each unseen card that the opponent's leads say it did not hold: the
    chance of those leads, relative to a world where the card is in the stock,
    in a world where the opponent holds it now (0 if it has drawn no card since).

    Only leads where the rules allowed a marriage count: not the round's first
    lead without ``first_lead_marriage``, not once play was strict without
    ``marriages_after_stock``.
    """
    opponent = 1 - observation.seat
    rules = observation.rules
    unseen = observation.unseen
    draws = (12 - observation.stock_size) // 2
    leads = [(trick.leader, trick.lead, trick.strict) for trick in observation.tricks]
    if observation.lead_card is not None:
        leads.append((observation.leader, observation.lead_card, observation.is_strict))
    odds: dict[Card, float] = {}
    drawn_before = 0
    for index, (leader, lead, strict) in enumerate(leads):
        partner = PARTNER[lead]
        if (leader == opponent and partner >= 0 and unseen >> partner & 1
                and (index or rules.first_lead_marriage) and (not strict or rules.marriages_after_stock)):
            since = max(draws - drawn_before, 0)  # no draw follows a close-before-draw
            odds[partner] = since / (_HELD + since)
        if not strict:
            drawn_before += 1
    return odds


def sample_read(observation: Observation, rng: random.Random, exclude: CardSet = 0) -> Round:
    """A full round consistent with ``observation``, as :func:`~sixtysix.two.observation.sample_round`,
    with worlds weighted by :func:`partner_odds`: partners at odds 0 are never in the
    opponent's hand; a world with others there is kept with their product, else drawn
    again (at most :data:`TRIES` worlds). If the leads cannot be read so (an
    opponent who withheld a marriage, found out by strict play), the worlds are
    drawn as by ``sample_round``."""
    odds = partner_odds(observation)
    if not odds:
        return sample_round(observation, rng, exclude)
    excluded = exclude
    for card, chance in odds.items():
        if chance == 0:
            excluded |= 1 << card
    opponent = 1 - observation.seat
    for _ in range(TRIES):
        try:
            world = sample_round(observation, rng, excluded)
        except StateError:
            return sample_round(observation, rng, exclude)
        held = world.hand(opponent)
        weight = 1.0
        for card, chance in odds.items():
            if held >> card & 1:
                weight *= chance
        if weight >= 1 or rng.random() < weight:
            break
    return world
