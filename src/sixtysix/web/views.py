"""The JSON a browser receives of a round, built from observations only.

A seat's view comes from its own observation (:func:`seat_view`); a spectator's is the
public part of one, with no hand, no legal actions, no reasons and no preview of
declaring out (:func:`public_view`); a replay's shows every hand (:func:`open_view`).
Each finds the builder of the observation's game in :data:`VIEWS`, by the game's name. Nothing here reads a
round's hidden state: the reasons why a card may not be played (codes with
parameters, :mod:`sixtysix.reasons`) and what declaring out would score are asked of
a round sampled from the observation, which agrees with the true round on everything
the seat can see.

>>> from sixtysix import Match
>>> from sixtysix.two.observation import observe
>>> match = Match(seed=3)
>>> rnd = match.deal()
>>> mine = seat_view(observe(rnd, rnd.to_act), MatchInfo.of(match))
>>> mine["phase"], len(mine["hand"]), mine["hand_sizes"], mine["stock_size"]
('lead', 6, [6, 6], 12)
>>> spectator = public_view(observe(rnd, 0), MatchInfo.of(match))
>>> spectator["seat"], spectator["hand"], spectator["legal"], spectator["refusals"], spectator["out"]
(None, None, [], {}, None)

The three-hand game's views have the same shape where the games agree, with three
entries per seat and the cards on the table with who played them
(:func:`three_seat_view`, :func:`three_public_view`, :func:`three_open_view`):

>>> from sixtysix.three.match import ThreeMatch
>>> from sixtysix.three.observation import observe_three
>>> three = ThreeMatch(seed=3)
>>> rnd = three.deal()
>>> rnd.push(rnd.legal_tuple()[0])
>>> mine = seat_view(observe_three(rnd, rnd.to_act), MatchInfo.of(three))
>>> mine["seats"], len(mine["hand"]), mine["hand_sizes"], mine["table"] == [{"seat": rnd.leader,
...     "card": card_name(rnd.table[0])}]
(3, 8, [8, 7, 8], True)
>>> public_view(observe_three(rnd, 0), MatchInfo.of(three))["hand"] is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Final, Generic, TypeVar

from sixtysix.cards import SUIT_LETTERS, Card, CardSet, card_name, cards_in
from sixtysix.game.actions import ACTIONS, OUT, Action
from sixtysix.game.interface import narrowed
from sixtysix.games import THREE, TWO, AnyMatch, AnyObservation, AnyRound, game_of
from sixtysix.reasons import Param
from sixtysix.three.deal import SEATS
from sixtysix.three.observation import ThreeObservation, observe_three, sample_three
from sixtysix.three.outcome import ThreeOutcome
from sixtysix.three.round import ThreeRound, ThreeTrick
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.outcome import Outcome
from sixtysix.two.round import Round, Trick


@dataclass(frozen=True)
class MatchInfo:
    """What every seat knows of the match around the current round."""

    round_number: int
    score: tuple[int, ...]
    match_winner: int | None
    game_points: int | None
    """The game points the match credits the current round once over (carried ties included)."""
    previous: AnyRound | None = None
    """The last round, in the first view of a new round, for its summary."""
    previous_game_points: int | None = None
    """The game points the match credited the last round."""

    @classmethod
    def of(cls, match: AnyMatch) -> MatchInfo:
        """The public facts of a match now."""
        points = [result.game_points if result.outcome is not None else None for result in match.results()]
        current = match.round
        fresh = current is not None and not current.actions and len(match.rounds) > 1
        return cls(len(match.rounds), match.score, match.winner, points[-1] if points else None,
                   match.rounds[-2] if fresh else None, points[-2] if fresh else None)


_R = TypeVar("_R")
_V = TypeVar("_V")


@dataclass(frozen=True)
class GameViews(Generic[_R, _V]):
    """How the views of one game, of rounds ``_R`` and observations ``_V``, are built;
    :data:`VIEWS` holds one for each game, by its name."""

    seat_view: Callable[[_V, MatchInfo], dict[str, Any]]
    """The view of the seat an observation belongs to."""
    public_view: Callable[[_V, MatchInfo], dict[str, Any]]
    """What anybody watching may see: an observation without its seat's hand."""
    open_view: Callable[[_R, MatchInfo], dict[str, Any]]
    """A view with every hand, for replaying a finished match step by step."""


def seat_view(obs: AnyObservation, info: MatchInfo) -> dict[str, Any]:
    """The view of the seat the observation belongs to, as its game builds it."""
    return VIEWS[game_of(obs.rules).name].seat_view(obs, info)


def public_view(obs: AnyObservation, info: MatchInfo) -> dict[str, Any]:
    """What anybody watching may see of the observation's round, as its game builds it."""
    return VIEWS[game_of(obs.rules).name].public_view(obs, info)


def open_view(rnd: AnyRound, info: MatchInfo) -> dict[str, Any]:
    """A view of the round with every hand, as its game builds it, for replaying a
    finished match step by step."""
    return VIEWS[game_of(rnd.rules).name].open_view(rnd, info)


def two_seat_view(obs: Observation, info: MatchInfo) -> dict[str, Any]:
    """The view of the two-hand seat the observation belongs to."""
    return _with_hand(two_public_view(obs, info), obs.seat, obs.hand, obs.legal, refusals(obs),
                      out_preview(obs))


def _with_hand(view: dict[str, Any], seat: int, hand: CardSet, legal: tuple[Action, ...],
               refused: dict[str, dict[str, Param]], out: dict[str, Any] | None) -> dict[str, Any]:
    """A public view with what only its seat may see: the seat, its hand, its legal
    actions, why the cards it may not play are refused, and what declaring out would score."""
    view["seat"] = seat
    view["hand"] = [card_name(c) for c in cards_in(hand)]
    view["legal"] = [a.token for a in legal]
    view["refusals"] = refused
    view["out"] = out
    return view


def two_public_view(obs: Observation, info: MatchInfo) -> dict[str, Any]:
    """What anybody watching a two-hand round may see: the observation without the hand."""
    seat = obs.seat
    sizes = [0, 0]
    sizes[seat] = obs.hand.bit_count()
    sizes[1 - seat] = obs.opponent_hand_size
    shown: list[list[str]] = [[], []]
    shown[seat] = [card_name(c) for c in cards_in(obs.own_shown)]
    shown[1 - seat] = [card_name(c) for c in cards_in(obs.opponent_shown)]
    previous = None
    if info.previous is not None:
        last = observe(narrowed(info.previous, Round), seat)
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
        "marriages": _marriages(obs.marriages, obs.trump),
        "points": list(obs.points), "trick_counts": list(obs.trick_counts),
        "legal": [], "refusals": {}, "out": None,
        "outcome": _outcome(obs.outcome, info.game_points),
        "score": list(info.score), "match_winner": info.match_winner,
        "previous": previous,
    }


def two_open_view(rnd: Round, info: MatchInfo) -> dict[str, Any]:
    """A two-hand view with both hands, for replaying a finished match step by step."""
    view = two_public_view(observe(rnd, 0), info)
    view["hands"] = [[card_name(c) for c in cards_in(rnd.hand(s))] for s in (0, 1)]
    del view["hand"]
    return view


def refusals(obs: Observation) -> dict[str, dict[str, Param]]:
    """Why each card of the hand that is not legal may not be played, while the seat is to
    act: by card, the refusal's code and parameters (:mod:`sixtysix.reasons`).

    The reasons depend only on what the seat sees
    (:meth:`~sixtysix.two.observation.Observation.refusal`).

    >>> from sixtysix import Match
    >>> rnd = Match(seed=0).deal()
    >>> rnd.push_token("9c"); rnd.push_token("Qc")
    >>> obs = observe(rnd, rnd.to_act)
    >>> rnd.phase.name, refusals(obs)["Tc"]
    ('DRAW', {'code': 'draw_phase', 'action': 'Tc'})
    """
    if obs.to_act != obs.seat or not obs.legal:
        return {}
    sample = sample_round(obs, Random(0))
    return {card_name(c): _refused(sample, c) for c in cards_in(obs.hand) if ACTIONS[c] not in obs.legal}


def _refused(rnd: AnyRound, card: Card) -> dict[str, Param]:
    """The code and parameters of why ``rnd`` refuses a card that is not legal in it."""
    refusal = rnd.refusal(ACTIONS[card])
    assert refusal is not None
    return refusal.as_dict()


def out_preview(obs: Observation) -> dict[str, Any] | None:
    """What declaring out now would score, while the seat may declare (else ``None``):
    the round's winner, its game points and the reason (the row of the scoring table).

    Asked of a round sampled from the observation: what declaring scores depends only on
    what the seat sees (its points, the opponent's points and tricks, the close).

    >>> from sixtysix import Match
    >>> rnd = Match(seed=0).deal()
    >>> out_preview(observe(rnd, rnd.to_act)) is None
    True
    >>> rnd.push_token("9c"); rnd.push_token("Qc")
    >>> out_preview(observe(rnd, rnd.to_act))
    {'winner': 0, 'game_points': 3, 'reason': 'false_out'}
    """
    if OUT not in obs.legal:
        return None
    rnd = sample_round(obs, Random(0))
    rnd.push(OUT)
    outcome = rnd.outcome
    assert outcome is not None
    return {"winner": outcome.winner, "game_points": outcome.game_points, "reason": outcome.reason.value}


def _marriages(marriages: tuple[tuple[int, int], ...], trump: int) -> list[dict[str, Any]]:
    return [{"seat": seat, "suit": SUIT_LETTERS[suit], "points": 40 if suit == trump else 20}
            for seat, suit in marriages]


def _trick(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "lead": card_name(trick.lead), "follow": card_name(trick.follow),
            "winner": trick.winner}


def _outcome(outcome: Outcome | None, game_points: int | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"reason": outcome.reason.value, "winner": outcome.winner,
            "game_points": outcome.game_points if game_points is None else game_points,
            "explanation": _explanation(outcome)}


def _explanation(outcome: Outcome | ThreeOutcome) -> list[dict[str, str | int]]:
    """Why the round scored what it did: its clauses, each a code with its parameters
    (:mod:`sixtysix.explanations`)."""
    return [clause.as_dict() for clause in outcome.explained]


# ------------------------------------------------------------------ three hands


def three_seat_view(obs: ThreeObservation, info: MatchInfo) -> dict[str, Any]:
    """The view of the three-hand seat the observation belongs to."""
    return _with_hand(three_public_view(obs, info), obs.seat, obs.hand, obs.legal, three_refusals(obs),
                      three_out_preview(obs))


def three_public_view(obs: ThreeObservation, info: MatchInfo) -> dict[str, Any]:
    """What anybody watching a three-hand round may see: the observation without the hand."""
    previous = None
    if info.previous is not None:
        last = observe_three(narrowed(info.previous, ThreeRound), obs.seat)
        previous = {"outcome": _three_outcome(last.outcome), "points": list(last.points),
                    "trick_counts": list(last.trick_counts)}
    return {
        "seats": SEATS, "seat": None, "round": info.round_number, "dealer": obs.dealer,
        "trump": SUIT_LETTERS[obs.trump], "trump_card": card_name(obs.trump_card),
        "phase": obs.phase.name.lower(), "to_act": obs.to_act, "leader": obs.leader,
        "table": _played(obs.leader, obs.table),
        "hand": None, "hand_sizes": list(obs.hand_sizes),
        "shown": [[card_name(c) for c in cards_in(shown)] for shown in obs.shown],
        "tricks": [_three_trick(t) for t in obs.tricks],
        "marriages": _marriages(obs.marriages, obs.trump),
        "points": list(obs.points), "trick_counts": list(obs.trick_counts),
        "legal": [], "refusals": {}, "out": None,
        "outcome": _three_outcome(obs.outcome),
        "score": list(info.score), "match_winner": info.match_winner,
        "previous": previous,
    }


def three_open_view(rnd: ThreeRound, info: MatchInfo) -> dict[str, Any]:
    """A three-hand view with every hand, for replaying a finished match step by step."""
    view = three_public_view(observe_three(rnd, 0), info)
    view["hands"] = [[card_name(c) for c in cards_in(rnd.hand(s))] for s in range(SEATS)]
    del view["hand"]
    return view


def three_refusals(obs: ThreeObservation) -> dict[str, dict[str, Param]]:
    """Why each card of a three-hand seat's hand that is not legal may not be played, while
    the seat is to act, as :func:`refusals`: asked of one round sampled from the
    observation, which agrees with the true round on everything the seat can see."""
    if obs.to_act != obs.seat or not obs.legal:
        return {}
    sample = sample_three(obs, Random(0))
    return {card_name(c): _refused(sample, c) for c in cards_in(obs.hand) if ACTIONS[c] not in obs.legal}


def three_out_preview(obs: ThreeObservation) -> dict[str, Any] | None:
    """What declaring out now would score, as :func:`out_preview`, with the game points
    each seat would gain (``scores``)."""
    if OUT not in obs.legal:
        return None
    rnd = sample_three(obs, Random(0))
    rnd.push(OUT)
    outcome = rnd.outcome
    assert outcome is not None
    return {"winner": outcome.winner, "game_points": outcome.game_points, "reason": outcome.reason.value,
            "scores": list(outcome.scores)}


def _played(leader: int, cards: tuple[Card, ...]) -> list[dict[str, Any]]:
    return [{"seat": (leader + index) % SEATS, "card": card_name(card)} for index, card in enumerate(cards)]


def _three_trick(trick: ThreeTrick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": [card_name(c) for c in trick.cards], "winner": trick.winner}


def _three_outcome(outcome: ThreeOutcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"reason": outcome.reason.value, "winner": outcome.winner, "game_points": outcome.game_points,
            "scores": list(outcome.scores), "replay": outcome.replay, "declarer": outcome.declarer,
            "explanation": _explanation(outcome)}


VIEWS: Final[Mapping[str, GameViews[Any, Any]]] = {
    TWO.name: GameViews(two_seat_view, two_public_view, two_open_view),
    THREE.name: GameViews(three_seat_view, three_public_view, three_open_view),
}
"""The views of each game, by the game's name (a new game adds its own).

>>> from sixtysix.games import GAMES
>>> sorted(VIEWS) == sorted(game.name for game in GAMES)
True
"""
