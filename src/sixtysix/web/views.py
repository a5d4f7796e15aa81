"""The JSON a browser receives of a round, built from observations only.

A seat's view comes from its own observation (:func:`seat_view`); a spectator's is the
public part of one, with no hand, no legal actions, no reasons and no preview of
declaring out (:func:`public_view`); a replay's shows every hand (:func:`open_view`).
They are built for any game from the members of its observation
(:class:`~sixtysix.game.interface.Observation`), one entry per seat in each per-seat
list. Nothing here reads a round's hidden state: the reasons why a card may not be
played (codes with parameters, :mod:`sixtysix.reasons`) and what declaring out would
score are asked of a round sampled from the observation (:attr:`Game.sample
<sixtysix.game.interface.Game.sample>`), which agrees with the true round on everything
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

A round of a game with a stock (:attr:`Game.stock <sixtysix.game.interface.Game.stock>`)
shows it. A round of more than two seats says who played each card, on the table and in
each trick, and what each seat scores; a round of two keeps the layout the protocol began
with, where the leader and the winner say as much:

>>> from sixtysix.rules import Rules
>>> game = game_of(Rules.parse("three-hand"))
>>> three = game.new_match(seed=3)
>>> rnd = three.deal()
>>> rnd.push(rnd.legal_tuple()[0])
>>> mine = seat_view(game.observe(rnd, rnd.to_act), MatchInfo.of(three))
>>> mine["seats"], len(mine["hand"]), mine["hand_sizes"], mine["table"] == [{"seat": rnd.leader,
...     "card": card_name(rnd.table[0])}]
(3, 8, [8, 7, 8], True)
>>> "stock_size" in mine, public_view(game.observe(rnd, 0), MatchInfo.of(three))["hand"] is None
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from sixtysix.cards import SUIT_LETTERS, CardSet, Suit, card_name, cards_in
from sixtysix.game.actions import ACTIONS, OUT
from sixtysix.game.interface import Match, Observation, Outcome, Round, Trick
from sixtysix.games import game_of
from sixtysix.reasons import Param


@dataclass(frozen=True)
class MatchInfo:
    """What every seat knows of the match around the current round."""

    round_number: int
    score: tuple[int, ...]
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
        points = [result.game_points if result.outcome is not None else None for result in match.results()]
        current = match.round
        fresh = current is not None and not current.actions and len(match.rounds) > 1
        return cls(len(match.rounds), match.score, match.winner, points[-1] if points else None,
                   match.rounds[-2] if fresh else None, points[-2] if fresh else None)


def seat_view(obs: Observation, info: MatchInfo) -> dict[str, Any]:
    """The view of the seat the observation belongs to: the public view with what only
    its seat may see (its hand, its legal actions, why the cards it may not play are
    refused, and what declaring out would score)."""
    view = public_view(obs, info)
    view["seat"] = obs.seat
    view["hand"] = _names(obs.hand)
    view["legal"] = [a.token for a in obs.legal]
    view["refusals"] = refusals(obs)
    view["out"] = out_preview(obs)
    return view


def public_view(obs: Observation, info: MatchInfo) -> dict[str, Any]:
    """What anybody watching may see of the observation's round: the observation without
    the hand."""
    paired = _paired(obs)
    seats = len(obs.hand_sizes)
    stock = game_of(obs.rules).stock
    view: dict[str, Any] = {} if paired else {"seats": seats}
    view.update({"seat": None, "round": info.round_number, "dealer": obs.dealer,
                 "trump": SUIT_LETTERS[obs.trump],
                 "trump_card": None if obs.trump_card is None else card_name(obs.trump_card)})
    if stock:
        view.update({"closed": obs.closer is not None, "closer": obs.closer, "stock_size": obs.stock_size})
    view.update({"phase": obs.phase.name.lower(), "to_act": obs.to_act, "leader": obs.leader})
    if paired:
        view["lead_card"] = card_name(obs.table[0]) if obs.table else None
    else:
        view["table"] = [{"seat": (obs.leader + index) % seats, "card": card_name(card)}
                         for index, card in enumerate(obs.table)]
    view.update({
        "hand": None, "hand_sizes": list(obs.hand_sizes), "shown": [_names(shown) for shown in obs.shown],
        "tricks": [_trick(trick, paired) for trick in obs.tricks],
        "marriages": _marriages(obs.marriages, obs.trump),
        "points": list(obs.points), "trick_counts": list(obs.trick_counts),
        "legal": [], "refusals": {}, "out": None,
        "outcome": _outcome(obs.outcome, info.game_points, paired),
        "score": list(info.score), "match_winner": info.match_winner,
        "previous": None if info.previous is None else _previous(info.previous, obs.seat, info, paired),
    })
    return view


def open_view(rnd: Round, info: MatchInfo) -> dict[str, Any]:
    """A view of the round with every hand, for replaying a finished match step by step."""
    game = game_of(rnd.rules)
    view = public_view(game.observe(rnd, 0), info)
    view["hands"] = [_names(rnd.hand(seat)) for seat in range(game.seats)]
    del view["hand"]
    return view


def refusals(obs: Observation) -> dict[str, dict[str, Param]]:
    """Why each card of the hand that is not legal may not be played, while the seat is to
    act: by card, the refusal's code and parameters (:mod:`sixtysix.reasons`).

    The reasons depend only on what the seat sees, so they are asked of one round sampled
    from the observation.

    >>> from sixtysix import Match
    >>> from sixtysix.two.observation import observe
    >>> rnd = Match(seed=0).deal()
    >>> rnd.push_token("9c"); rnd.push_token("Qc")
    >>> obs = observe(rnd, rnd.to_act)
    >>> rnd.phase.name, refusals(obs)["Tc"]
    ('DRAW', {'code': 'draw_phase', 'action': 'Tc'})
    """
    if obs.to_act != obs.seat or not obs.legal:
        return {}
    sample = game_of(obs.rules).sample(obs, Random(0))
    refused = {}
    for card in cards_in(obs.hand):
        if ACTIONS[card] not in obs.legal:
            refusal = sample.refusal(ACTIONS[card])
            assert refusal is not None
            refused[card_name(card)] = refusal.as_dict()
    return refused


def out_preview(obs: Observation) -> dict[str, Any] | None:
    """What declaring out now would score, while the seat may declare (else ``None``):
    the round's winner, its game points and the reason (the row of the scoring table),
    and with more than two seats the game points each seat would gain (``scores``).

    Asked of a round sampled from the observation: what declaring scores depends only on
    what the seat sees (its points, the others' points and tricks, the close).

    >>> from sixtysix import Match
    >>> from sixtysix.two.observation import observe
    >>> rnd = Match(seed=0).deal()
    >>> out_preview(observe(rnd, rnd.to_act)) is None
    True
    >>> rnd.push_token("9c"); rnd.push_token("Qc")
    >>> out_preview(observe(rnd, rnd.to_act))
    {'winner': 0, 'game_points': 3, 'reason': 'false_out'}
    """
    if OUT not in obs.legal:
        return None
    rnd = game_of(obs.rules).sample(obs, Random(0))
    rnd.push(OUT)
    outcome = rnd.outcome
    assert outcome is not None
    preview: dict[str, Any] = {"winner": outcome.winner, "game_points": outcome.game_points,
                               "reason": outcome.reason.value}
    if not _paired(obs):
        preview["scores"] = list(outcome.scores)
    return preview


def _paired(obs: Observation) -> bool:
    """Whether the round is played by two seats, whose view keeps the protocol's first
    layout: the leader says who played each card of a trick, the winner who scores."""
    return len(obs.hand_sizes) == 2


def _previous(rnd: Round, seat: int, info: MatchInfo, paired: bool) -> dict[str, Any]:
    """The last round for its summary, as ``seat`` saw it at its end."""
    last = game_of(rnd.rules).observe(rnd, seat)
    previous = {"outcome": _outcome(last.outcome, info.previous_game_points, paired),
                "points": list(last.points)}
    if paired:
        previous["tricks"] = [_trick(trick, paired) for trick in last.tricks]
    else:
        previous["trick_counts"] = list(last.trick_counts)
    return previous


def _names(cards: CardSet) -> list[str]:
    return [card_name(card) for card in cards_in(cards)]


def _marriages(marriages: tuple[tuple[int, Suit], ...], trump: Suit) -> list[dict[str, Any]]:
    return [{"seat": seat, "suit": SUIT_LETTERS[suit], "points": 40 if suit == trump else 20}
            for seat, suit in marriages]


def _trick(trick: Trick, paired: bool) -> dict[str, Any]:
    cards = [card_name(card) for card in trick.cards]
    if paired:
        return {"leader": trick.leader, "lead": cards[0], "follow": cards[1], "winner": trick.winner}
    return {"leader": trick.leader, "cards": cards, "winner": trick.winner}


def _outcome(outcome: Outcome | None, game_points: int | None, paired: bool) -> dict[str, Any] | None:
    """How the round ended, with the game points the match credits it (``game_points``,
    carried ties included; the outcome's own if ``None``) and why, as clauses with codes
    and parameters (:mod:`sixtysix.explanations`)."""
    if outcome is None:
        return None
    view: dict[str, Any] = {"reason": outcome.reason.value, "winner": outcome.winner,
                            "game_points": outcome.game_points if game_points is None else game_points}
    if not paired:
        view.update({"scores": list(outcome.scores), "replay": outcome.replay, "declarer": outcome.declarer})
    view["explanation"] = [clause.as_dict() for clause in outcome.explained]
    return view
