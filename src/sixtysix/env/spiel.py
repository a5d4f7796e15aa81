"""An OpenSpiel game, ``python_sixtysix``: one round of Sixty-Six.

Importing this module registers the game, so ``pyspiel.load_game("python_sixtysix")``
works after it (``python_sixtysix(rules=santase)`` picks another rule preset,
``python_sixtysix(rules=three-hand)`` the three-hand game: as many players as the rules'
game has seats, :func:`sixtysix.games.game_of`). The round starts with chance nodes: the
dealer (one outcome a seat), then the deck, one card at a time (24, 23, ... outcomes),
uniform. Player actions are the 34 engine action codes of
:data:`sixtysix.game.actions.ACTIONS`; the returns are the rewards of
:mod:`sixtysix.env.rewards` (zero-sum; two-hand: the round's game points, plus for the
winner and minus for the loser, -3 to 3).

Each player's view is built from its observation (:meth:`Game.observe
<sixtysix.game.interface.Game>`) only:

- the information-state string is perfect recall: the seat, the dealer, the trump card
  and the hand it was dealt, then every action in notation (all actions are public),
  each card the seat drew as ``+card``;
- the observation string describes the current observation (hand, trump, the cards on
  the table, stock, points, tricks, the other seats' known cards);
- both tensors are the vector of :func:`sixtysix.bots.encoding.encode` (all zero while
  the cards are being dealt).

:meth:`SixtySixState.resample_from_infostate` deals the unseen cards anew as the game's
:meth:`sample <sixtysix.game.interface.Game>` does, so OpenSpiel's ISMCTS runs on the game.

>>> import pyspiel
>>> game = pyspiel.load_game("python_sixtysix")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), state.information_state_string(1)
(1, 'p1 dealer0 trump:9h hand:9c Jc Qc 9d Jd Qd')
>>> state.information_state_tensor(1)[:24] == state.observation_tensor(1)[:24]
True
>>> pyspiel.load_game("python_sixtysix(rules=three-hand)").num_players()
3
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from sixtysix.bots.encoding import NUM_ACTIONS, Encodable, encode, size
from sixtysix.cards import NUM_CARDS, SUIT_LETTERS, card_name, names
from sixtysix.env.rewards import WORST, best, rewards
from sixtysix.game.actions import ACTIONS
from sixtysix.game.interface import Game, Round
from sixtysix.game.round import Phase
from sixtysix.games import GAMES, game_of
from sixtysix.rules import Rules

MAX_ACTIONS = 48
"""More player actions than a round of either game can take: 24 cards, 6 draws, 4
marriages, 2 exchanges, a close, a pass, a declaration."""

DEFAULT_RULES = "classic"
"""The rules of ``python_sixtysix`` without parameters."""

GAME_TYPE = pyspiel.GameType(
    short_name="python_sixtysix",
    long_name="Python Sixty-Six",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(game.seats for game in GAMES),
    min_num_players=min(game.seats for game in GAMES),
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": DEFAULT_RULES},
)


def game_info(seats: int) -> pyspiel.GameInfo:
    """The game's sizes and bounds for a game of ``seats`` players."""
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=NUM_CARDS,
        num_players=seats,
        min_utility=WORST,
        max_utility=best(seats),
        utility_sum=0.0,
        max_game_length=1 + NUM_CARDS + MAX_ACTIONS,
    )


class SixtySixGame(pyspiel.Game):  # type: ignore[misc]
    """One round of Sixty-Six under the ``rules`` parameter (a preset or rule string)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        rules = Rules.parse(str(params.get("rules", DEFAULT_RULES)))
        self.game = game_of(rules)
        super().__init__(GAME_TYPE, game_info(self.game.seats), params)
        self.rules = rules

    def new_initial_state(self) -> SixtySixState:
        """The state before the deal."""
        return SixtySixState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SixtySixObserver:
        """An observer: perfect recall gives the information state, else the observation."""
        if params:
            raise ValueError(f"python_sixtysix takes no observation parameters, not {params!r}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SixtySixObserver(self.game, perfect_recall)


class SixtySixState(pyspiel.State):  # type: ignore[misc]
    """A round being dealt or played."""

    def __init__(self, game: SixtySixGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.game = game.game
        self.dealer: int | None = None
        self.deck: list[int] = []
        self.round: Round | None = None
        self.views: tuple[list[str], ...] = tuple([] for _ in range(self.game.seats))

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player."""
        if self.round is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = self.round.to_act
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else to_act

    def _legal_actions(self, player: int) -> list[int]:
        assert self.round is not None
        return sorted(self.round.legal_tuple())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer first, then the next card of the deck, uniform."""
        if self.dealer is None:
            seats = self.game.seats
            return [(seat, 1.0 / seats) for seat in range(seats)]
        remaining = sorted(set(range(NUM_CARDS)) - set(self.deck))
        return [(card, 1.0 / len(remaining)) for card in remaining]

    def _apply_action(self, action: int) -> None:
        if self.dealer is None:
            self.dealer = action
            return
        if self.round is None:
            self.deck.append(action)
            if len(self.deck) == NUM_CARDS:
                self.round = self.game.new_match(self.rules, dealer=self.dealer).deal(self.deck)
                for seat, view in enumerate(self.views):
                    obs = self.game.observe(self.round, seat)
                    trump = "-" if obs.trump_card is None else card_name(obs.trump_card)
                    view.append(f"p{seat} dealer{self.dealer} trump:{trump} hand:{' '.join(names(obs.hand))}")
            return
        rnd = self.round
        before = [rnd.hand(seat) for seat in range(self.game.seats)]
        rnd.push(ACTIONS[action])
        for seat, view in enumerate(self.views):
            view.append(ACTIONS[action].token)
            view.extend("+" + name for name in names(rnd.hand(seat) & ~before[seat]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer is None else f"deal {card_name(action)}"
        return ACTIONS[action].token

    def is_terminal(self) -> bool:
        """Whether the round has ended."""
        return self.round is not None and self.round.is_over

    def returns(self) -> list[float]:
        """The rewards of the round once it has ended (:mod:`sixtysix.env.rewards`), else zeros."""
        return list(rewards(None if self.round is None else self.round.outcome, self.game.seats))

    def observation_of(self, player: int) -> Encodable | None:
        """What ``player`` may know now, or ``None`` during the deal."""
        return None if self.round is None else self.game.observe(self.round, player)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> SixtySixState:
        """A state ``player`` cannot tell from this one: the other seats' hidden cards and
        the stock dealt anew (the game's ``sample``), seeded by ``probability_sampler``.
        Each other seat's information state there starts from its sampled observation,
        and the history is not a real deal: play it on, do not serialise it."""
        obs = self.observation_of(player)
        if obs is None:
            raise ValueError("no round to resample during the deal")
        rng = random.Random(int(probability_sampler() * 2**53))
        state = SixtySixState(self.get_game())
        state.dealer = self.dealer
        state.deck = list(self.deck)
        state.round = rnd = self.game.sample(obs, rng)
        state.views = tuple(list(self.views[player]) if seat == player
                            else ["sampled " + describe(self.game.observe(rnd, seat))]
                            for seat in range(self.game.seats))
        return state

    def __str__(self) -> str:
        if self.round is None:
            return f"dealer {self.dealer} deck {' '.join(card_name(c) for c in self.deck)}"
        return repr(self.round)


def describe(obs: Encodable) -> str:
    """One line of what a seat sees now: points and tricks by seat from the seat's own,
    the cards on the table in the order played (``,`` between), the cards it knows of
    each other seat (``/`` between seats).

    >>> from sixtysix.games import THREE, TWO
    >>> describe(TWO.observe(TWO.new_match(seed=3).deal(), 0))
    'p0 hand:Jc Ac Jd 9h Jh Qh trump:c Kc table:- stock:12 phase:LEAD points:0-0 tricks:0-0 known:-'
    >>> rnd = THREE.new_match(seed=3).deal()
    >>> rnd.push(rnd.legal_tuple()[0])
    >>> text = describe(THREE.observe(rnd, 1))
    >>> text.split(" phase:")[0]
    'p1 hand:Qc 9d Jd Jh Th Ts As trump:s 9s table:9c stock:0'
    >>> text.split(" points:")[1]
    '0-0-0 tricks:0-0-0 known:-/9s'
    """
    trump_card = "-" if obs.trump_card is None else card_name(obs.trump_card)
    table = ",".join(card_name(card) for card in obs.table) or "-"
    me = obs.seat
    seats = len(obs.points)
    order = [(me + i) % seats for i in range(seats)]
    closed = "" if obs.closer is None else f" closed:p{obs.closer}"
    known = "/".join(" ".join(names(obs.shown[seat])) or "-" for seat in order[1:])
    text = (f"p{me} hand:{' '.join(names(obs.hand))} trump:{SUIT_LETTERS[obs.trump]} {trump_card} "
            f"table:{table} stock:{obs.stock_size}{closed} phase:{obs.phase.name} "
            f"points:{'-'.join(str(obs.points[seat]) for seat in order)} "
            f"tricks:{'-'.join(str(obs.trick_counts[seat]) for seat in order)} "
            f"known:{known}")
    if obs.marriages:
        text += " marriages:" + " ".join(f"p{seat}{SUIT_LETTERS[suit]}" for seat, suit in obs.marriages)
    return text + (" over" if obs.phase is Phase.OVER else "")


class SixtySixObserver:
    """OpenSpiel's Python observer: the vector as ``tensor``, and a string."""

    def __init__(self, game: Game[Any, Any, Any], perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(size(game), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SixtySixState, player: int) -> None:
        """Fill the tensor with ``player``'s vector (zeros during the deal)."""
        obs = state.observation_of(player)
        self.tensor[:] = 0 if obs is None else encode(obs)

    def string_from(self, state: SixtySixState, player: int) -> str:
        """The information state (perfect recall) or the current observation."""
        obs = state.observation_of(player)
        if obs is None:
            return f"p{player} dealing {len(state.deck)}"
        return " ".join(state.views[player]) if self.perfect_recall else describe(obs)


pyspiel.register_game(GAME_TYPE, SixtySixGame)
