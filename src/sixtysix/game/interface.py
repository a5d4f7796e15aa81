"""The one shape of a game that everything above the games is written against.

A :class:`Game` is found from the rules (:func:`sixtysix.games.game_of`) and says how
many seats play, how a match starts, what a seat may know of a round
(:meth:`Game.observe`) and how full rounds are drawn consistent with that knowledge
(:meth:`Game.sample`). Its rounds, observations, outcomes and matches have the
members of the protocols below, whatever the number of seats: the table loop,
tournaments, analysis and the front ends use these and never ask which game they
hold. What is particular to one game (the stock of the two-hand game, the table of
three cards of the three-hand one) stays in that game's package and in the views
registered for it.

>>> from sixtysix.games import game_of
>>> from sixtysix.rules import Rules
>>> game = game_of(Rules.parse("three-hand"))
>>> game.name, game.seats
('three-hand', 3)
>>> match = game.new_match(Rules.parse("three-hand"), seed=4)
>>> rnd = match.deal()
>>> view = game.observe(rnd, rnd.to_act)
>>> view.legal == rnd.legal_tuple(), game.sample(view, __import__("random").Random(1)).to_act == rnd.to_act
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from sixtysix.cards import Card, CardSet, Suit
from sixtysix.errors import StateError
from sixtysix.explanations import Clause
from sixtysix.game.actions import Action
from sixtysix.game.outcome import Reason
from sixtysix.game.round import Phase
from sixtysix.reasons import Refusal
from sixtysix.rules import Rules


class Outcome(Protocol):
    """How a round ended: who scored what, and why."""

    @property
    def winner(self) -> int | None:
        """The seat that scored, ``None`` when nobody did (a tie, a false declaration
        of the three-hand game that pays every other seat)."""

    @property
    def game_points(self) -> int: ...

    @property
    def reason(self) -> Reason: ...

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points at the end of the round."""

    @property
    def tricks(self) -> tuple[int, ...]:
        """How many tricks each seat took."""

    @property
    def declarer(self) -> int | None: ...

    @property
    def replay(self) -> bool:
        """Whether the same dealer deals again."""

    @property
    def scores(self) -> tuple[int, ...]:
        """The game points each seat scores by the round."""

    @property
    def explained(self) -> tuple[Clause, ...]:
        """Why, as clauses with codes and parameters (:mod:`sixtysix.explanations`)."""

    @property
    def explanation(self) -> str:
        """Why, in English."""


class Moment(Protocol):
    """What a round and a seat's view of it both tell: the rules, the deal, whose turn
    it is, and the outcome once the round is over."""

    @property
    def rules(self) -> Rules: ...

    @property
    def dealer(self) -> int: ...

    @property
    def trump(self) -> Suit: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def leader(self) -> int: ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the round waits for, ``None`` once it is over."""

    @property
    def outcome(self) -> Outcome | None: ...

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` may not be taken now, as a code with parameters; ``None`` if it may."""

    def why_illegal(self, action: Action) -> str | None:
        """The English of :meth:`refusal`."""


class Round(Moment, Protocol):
    """One round: a state changed by :meth:`push` and :meth:`pop`."""

    @property
    def is_over(self) -> bool: ...

    @property
    def position(self) -> object:
        """The same object while the round does not move (a push or a pop replaces it)."""

    @property
    def actions(self) -> list[Action]:
        """Every action of the round so far."""

    @property
    def marriages(self) -> list[tuple[int, Suit]]: ...

    def hand(self, seat: int) -> CardSet: ...

    def points(self) -> tuple[int, ...]: ...

    def trick_counts(self) -> tuple[int, ...]: ...

    def legal_actions(self) -> Iterator[Action]: ...

    def legal_tuple(self) -> tuple[Action, ...]: ...

    def is_legal(self, action: Action) -> bool: ...

    def push(self, action: int) -> None: ...

    def pop(self) -> Action: ...

    def push_token(self, token: str) -> None: ...


class Trick(Protocol):
    """A finished trick."""

    @property
    def leader(self) -> int: ...

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played, the leader's first."""

    @property
    def winner(self) -> int: ...


class Observation(Moment, Protocol):
    """What one seat may know of a round at one moment: never another seat's hidden
    cards."""

    @property
    def seat(self) -> int: ...

    @property
    def hand(self) -> CardSet: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""

    @property
    def shown(self) -> tuple[CardSet, ...]:
        """The cards each seat is known to hold (shown to all: a marriage's partner, a
        trump card taken or held)."""

    @property
    def trump_card(self) -> Card | None:
        """The trump card turned at the deal while it is still to be had or seen, else ``None``."""

    @property
    def stock_size(self) -> int:
        """The cards left to draw: 0 in a game without a stock."""

    @property
    def closer(self) -> int | None:
        """The seat that closed the stock, ``None`` if none did (or the game has no stock)."""

    @property
    def table(self) -> tuple[Card, ...]:
        """The cards of the trick in play, in the order played."""

    @property
    def tricks(self) -> Sequence[Trick]:
        """The finished tricks of the round, in order."""

    @property
    def marriages(self) -> tuple[tuple[int, Suit], ...]: ...

    @property
    def marriage_points(self) -> tuple[int, ...]:
        """The points each seat has announced in marriages."""

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points as the seat may know them."""

    @property
    def trick_counts(self) -> tuple[int, ...]: ...

    @property
    def legal(self) -> tuple[Action, ...]:
        """The seat's legal actions, empty unless it is to act."""

    @property
    def played(self) -> CardSet:
        """Every card played to a trick so far."""

    @property
    def unseen(self) -> CardSet:
        """The cards the seat has not seen: in other hands or the stock."""


class RoundResult(Protocol):
    """How a match counts one finished round."""

    @property
    def dealer(self) -> int: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def game_points(self) -> int: ...

    @property
    def carried(self) -> int:
        """The game points of earlier tied rounds that the round's winner takes too
        (within :attr:`game_points`); 0 in a game that carries no ties."""


class Match(Protocol):
    """Rounds dealt until a seat reaches the target."""

    @property
    def rules(self) -> Rules: ...

    @property
    def rounds(self) -> Sequence[Round]: ...

    @property
    def round(self) -> Round | None:
        """The round dealt last, ``None`` before the first deal."""

    @property
    def score(self) -> tuple[int, ...]: ...

    @property
    def winner(self) -> int | None: ...

    def standing(self) -> tuple[tuple[int, ...], int | None]:
        """The score and the winner, counted once."""

    @property
    def is_over(self) -> bool: ...

    @property
    def dealer(self) -> int:
        """Who deals the next round."""

    @property
    def to_act(self) -> int | None: ...

    def deal(self, deck: Sequence[Card] | None = None) -> Round: ...

    def results(self) -> Sequence[RoundResult]: ...

    def legal_actions(self) -> Iterator[Action]: ...

    def push(self, action: Action) -> None: ...

    def pop(self) -> Action: ...


V_co = TypeVar("V_co", bound=Observation, covariant=True)


class RoundTracker(Protocol[V_co]):
    """One seat's view of a round, rebuilt from what the bot protocol tells it (each game's
    own, :attr:`Game.tracker`): its hand, the trump card, its draws, the cards shown and
    every action."""

    seat: int
    rules: Rules
    score: tuple[int, ...] | None

    def start(self, dealer: int) -> None: ...

    def hand(self, cards: Sequence[Card]) -> None: ...

    def trump(self, card: Card | None) -> None: ...

    def draw(self, card: Card) -> None: ...

    def shown(self, seat: int, card: Card) -> None: ...

    def action(self, actor: int, action: Action) -> None: ...

    def observation(self) -> V_co: ...


M = TypeVar("M", bound=Match)
R = TypeVar("R", bound=Round)
V = TypeVar("V", bound=Observation)


@dataclass(frozen=True)
class Game(Generic[M, R, V]):
    """One game of the family: its name, its seats, and how its matches, views and
    samples are made, of its own match, round and observation classes. Each game's
    package defines one (``sixtysix.two.game.GAME``, ``sixtysix.three.game.GAME``);
    :mod:`sixtysix.games` lists them."""

    name: str
    """How players and records call it: ``two-hand`` or ``three-hand``."""
    seats: int
    new_match: Callable[..., M]
    """``new_match(rules=None, *, seed=None, dealer=None)``: a match under ``rules``
    (the game's default preset if ``None``), its decks shuffled from ``seed``."""
    observe: Callable[[R, int], V]
    """``observe(round, seat)``: what ``seat`` may know of the round now."""
    sample: Callable[[V, random.Random], R]
    """``sample(observation, rng)``: a full round consistent with the observation."""
    stock: bool
    """Whether cards are left after the deal to draw from, as a stock that may be closed."""
    hand: int
    """How many cards the deal gives each hand."""
    tracker: Callable[[int, Rules, int | None], RoundTracker[V]]
    """``tracker(seat, rules, seed)``: the seat's view of a round rebuilt from what the bot
    protocol tells it (:class:`RoundTracker`), what ``sixtysix bot`` follows a round with."""

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


T = TypeVar("T")


def narrowed(value: object, kind: type[T]) -> T:
    """``value`` as a ``kind``, for the code of one game handed what any game may hold (a
    table's match, an :class:`~sixtysix.table.Event`'s observation); a
    :class:`~sixtysix.errors.StateError` if it is another game's.

    >>> from sixtysix.two.match import Match
    >>> from sixtysix.three.match import ThreeMatch
    >>> match = Match(seed=1)
    >>> narrowed(match, Match) is match
    True
    >>> narrowed(match, ThreeMatch)
    Traceback (most recent call last):
    ...
    sixtysix.errors.StateError: a Match, not a ThreeMatch
    """
    if not isinstance(value, kind):
        raise StateError(f"a {type(value).__name__}, not a {kind.__name__}")
    return value
