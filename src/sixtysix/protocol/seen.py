"""What a seat sees of a round beyond the game interface's members, in the same terms for
every game: the card that named trump, the cards each other seat is known to hold, the
size of each hand, and the stock where the game has one. The narration
(:mod:`~sixtysix.protocol.host`) and the view on ``go`` (:mod:`~sixtysix.protocol.view`)
read an observation through :func:`seen`, which finds the game's reader in :data:`READERS`
by the game's name.

>>> from sixtysix.games import THREE
>>> from sixtysix.rules import Rules
>>> rnd = THREE.new_match(Rules.parse("three-hand"), seed=4).deal()
>>> known = seen(THREE.observe(rnd, (rnd.dealer + 1) % 3))
>>> known.sizes, known.stock, known.shown[rnd.dealer] == 1 << known.trump_card
((8, 8, 8), None, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from sixtysix.cards import Card, CardSet
from sixtysix.game.interface import Observation, narrowed
from sixtysix.games import THREE, TWO, game_of
from sixtysix.three.observation import ThreeObservation
from sixtysix.two.observation import Observation as TwoObservation


@dataclass(frozen=True)
class Seen:
    """One seat's knowledge of a round, beyond the interface's members."""

    trump_card: Card | None
    """The card that named trump, ``None`` once drawn from the stock (the two-hand game)."""
    shown: tuple[CardSet, ...]
    """By seat, the cards of that seat's hand this seat knows of (none of its own)."""
    sizes: tuple[int, ...]
    """How many cards each seat holds."""
    stock: int | None
    """The stock's size, ``None`` in a game without a stock."""
    closer: int | None
    """The seat that closed the stock, if one did."""


def _two(observation: Any) -> Seen:
    obs = narrowed(observation, TwoObservation)
    shown = [0, 0]
    shown[obs.opponent] = obs.opponent_shown
    sizes = [0, 0]
    sizes[obs.seat], sizes[obs.opponent] = obs.hand.bit_count(), obs.opponent_hand_size
    return Seen(obs.trump_card, (shown[0], shown[1]), (sizes[0], sizes[1]), obs.stock_size, obs.closer)


def _three(observation: Any) -> Seen:
    obs = narrowed(observation, ThreeObservation)
    shown = tuple(0 if seat == obs.seat else cards for seat, cards in enumerate(obs.shown))
    return Seen(obs.trump_card, shown, obs.hand_sizes, None, None)


READERS: Final[dict[str, Callable[[Any], Seen]]] = {TWO.name: _two, THREE.name: _three}
"""Each game's reader of its observations, by the game's name."""


def seen(observation: Observation) -> Seen:
    """What the seat of ``observation`` sees beyond the interface's members."""
    return READERS[game_of(observation.rules).name](observation)
