"""The JSON a browser receives of a round, built from observations only.

A seat's view comes from its own :class:`~sixtysix.observation.Observation`;
a spectator's is the public part of one, with no hand, no legal actions and no
reasons (:func:`public_view`). Nothing here reads a round's hidden state: the
reasons why a card may not be played are asked of a round sampled from the
observation, which agrees with the true round on everything the seat can see.

>>> from sixtysix import Match
>>> from sixtysix.observation import observe
>>> match = Match(seed=3)
>>> rnd = match.deal()
>>> mine = seat_view(observe(rnd, rnd.to_act), MatchInfo.of(match))
>>> mine["phase"], len(mine["hand"]), mine["hand_sizes"], mine["stock_size"]
('lead', 6, [6, 6], 12)
>>> spectator = public_view(observe(rnd, 0), MatchInfo.of(match))
>>> spectator["seat"], spectator["hand"], spectator["legal"], spectator["refusals"]
(None, None, [], {})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sixtysix.cards import SUIT_LETTERS, card_name, cards_in
from sixtysix.match import Match
from sixtysix.observation import Observation, observe
from sixtysix.round import ACTIONS, Outcome, Round, Trick


@dataclass(frozen=True)
class MatchInfo:
    """What every seat knows of the match around the current round."""

    round_number: int
    score: tuple[int, int]
    match_winner: int | None
    game_points: int | None
    """The game points the match credits the current round once over (carried ties included)."""
    previous: Round | None = None
    """The last round, in the first view of a new round, for its summary."""
    previous_game_points: int | None = None
    """The game points the match credited the last round."""

    @classmethod
    def of(cls, match: Match) -> MatchInfo:
        """The public facts of a match now."""
        results = match.results()
        current = match.round
        fresh = current is not None and not current.actions and len(match.rounds) > 1
        return cls(len(match.rounds), match.score, match.winner,
                   results[-1].game_points if results and results[-1].outcome is not None else None,
                   match.rounds[-2] if fresh else None,
                   results[-2].game_points if fresh else None)


def seat_view(obs: Observation, info: MatchInfo) -> dict[str, Any]:
    """The view of the seat the observation belongs to."""
    view = public_view(obs, info)
    view["seat"] = obs.seat
    view["hand"] = [card_name(c) for c in cards_in(obs.hand)]
    view["legal"] = [a.token for a in obs.legal]
    view["refusals"] = refusals(obs)
    return view


def public_view(obs: Observation, info: MatchInfo) -> dict[str, Any]:
    """What anybody watching may see: the observation without the seat's hand."""
    seat = obs.seat
    sizes = [0, 0]
    sizes[seat] = obs.hand.bit_count()
    sizes[1 - seat] = obs.opponent_hand_size
    shown: list[list[str]] = [[], []]
    shown[seat] = [card_name(c) for c in cards_in(obs.own_shown)]
    shown[1 - seat] = [card_name(c) for c in cards_in(obs.opponent_shown)]
    previous = None
    if info.previous is not None:
        last = observe(info.previous, seat)
        previous = {"outcome": _outcome(last.outcome, info.previous_game_points), "points": list(last.points),
                    "tricks": [_trick(t) for t in last.tricks]}
    return {
        "seat": None, "round": info.round_number, "dealer": obs.dealer,
        "trump": SUIT_LETTERS[obs.trump],
        "trump_card": None if obs.trump_card is None else card_name(obs.trump_card),
        "closed": obs.closer is not None, "closer": obs.closer, "stock_size": obs.stock_size,
        "phase": obs.phase.name.lower(), "to_act": obs.to_act, "leader": obs.leader,
        "lead_card": None if obs.lead_card is None else card_name(obs.lead_card),
        "hand": None, "hand_sizes": sizes, "shown": shown,
        "tricks": [_trick(t) for t in obs.tricks],
        "marriages": [{"seat": s, "suit": SUIT_LETTERS[suit], "points": 40 if suit == obs.trump else 20}
                      for s, suit in obs.marriages],
        "points": list(obs.points), "trick_counts": list(obs.trick_counts),
        "legal": [], "refusals": {},
        "outcome": _outcome(obs.outcome, info.game_points),
        "score": list(info.score), "match_winner": info.match_winner,
        "previous": previous,
    }


def open_view(rnd: Round, info: MatchInfo) -> dict[str, Any]:
    """A view with both hands, for replaying a finished match step by step."""
    view = public_view(observe(rnd, 0), info)
    view["hands"] = [[card_name(c) for c in cards_in(rnd.hand(s))] for s in (0, 1)]
    del view["hand"]
    return view


def refusals(obs: Observation) -> dict[str, str]:
    """Why each card of the hand that is not legal may not be played, while the seat is to act.

    The reasons depend only on what the seat sees
    (:meth:`~sixtysix.observation.Observation.why_illegal`).
    """
    if obs.to_act != obs.seat or not obs.legal:
        return {}
    return {card_name(c): obs.why_illegal(ACTIONS[c]) or "" for c in cards_in(obs.hand)
            if ACTIONS[c] not in obs.legal}


def _trick(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "lead": card_name(trick.lead), "follow": card_name(trick.follow),
            "winner": trick.winner}


def _outcome(outcome: Outcome | None, game_points: int | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"reason": outcome.reason.value, "winner": outcome.winner,
            "game_points": outcome.game_points if game_points is None else game_points,
            "explanation": outcome.explanation}
