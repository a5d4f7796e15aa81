"""sixtysix: the card game Sixty-Six (Sechsundsechzig, Santase).

>>> from sixtysix import Match, Rules
>>> match = Match(Rules.parse("santase"), seed=1)
>>> rnd = match.deal()
>>> len(list(rnd.legal_actions())) >= 6
True

The names of ``__all__`` are imported when first used, so that ``import sixtysix`` loads
nothing more: the ``sixtysix`` command starts with its own modules alone, and a Ctrl-C while
they load ends it quietly (:mod:`sixtysix.__main__`).
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: importing typing takes longer than the rest of this module
if TYPE_CHECKING:
    from sixtysix.cards import Card, CardSet, Suit, card_name, parse_card
    from sixtysix.errors import (
        IllegalActionError,
        NotationError,
        RulesError,
        SixtySixError,
        StateError,
    )
    from sixtysix.game.actions import (
        CLOSE,
        CLOSE_BEFORE_DRAW,
        DRAW,
        EXCHANGE,
        OUT,
        PASS,
        Action,
        marriage,
        parse_action,
    )
    from sixtysix.game.outcome import Reason
    from sixtysix.game.round import Phase
    from sixtysix.notation import Record, ReplayError, legal_tokens, push_recorded
    from sixtysix.rules import PRESETS, Rules
    from sixtysix.three.match import ThreeMatch
    from sixtysix.three.observation import ThreeObservation, observe_three, sample_three
    from sixtysix.three.outcome import ThreeOutcome
    from sixtysix.three.round import ThreeRound, ThreeTrick
    from sixtysix.two.match import Match, RoundResult
    from sixtysix.two.observation import Observation, sample_round
    from sixtysix.two.outcome import Outcome
    from sixtysix.two.round import Round, Trick

__all__ = [
    "CLOSE", "CLOSE_BEFORE_DRAW", "DRAW", "EXCHANGE", "OUT", "PASS", "PRESETS",
    "Action", "Card", "CardSet", "IllegalActionError", "Match", "NotationError",
    "Observation", "Outcome", "Phase", "Reason", "Record", "ReplayError", "Round",
    "RoundResult", "Rules", "RulesError", "SixtySixError", "StateError", "Suit", "ThreeMatch",
    "ThreeObservation", "ThreeOutcome", "ThreeRound", "ThreeTrick", "Trick",
    "card_name", "legal_tokens", "marriage", "observe_three", "parse_action", "parse_card",
    "push_recorded", "sample_round", "sample_three",
]
__version__ = "0.1.0"

_EXPORTS = {
    "Card": "sixtysix.cards",
    "CardSet": "sixtysix.cards",
    "Suit": "sixtysix.cards",
    "card_name": "sixtysix.cards",
    "parse_card": "sixtysix.cards",
    "IllegalActionError": "sixtysix.errors",
    "NotationError": "sixtysix.errors",
    "RulesError": "sixtysix.errors",
    "SixtySixError": "sixtysix.errors",
    "StateError": "sixtysix.errors",
    "Match": "sixtysix.two.match",
    "RoundResult": "sixtysix.two.match",
    "Record": "sixtysix.notation",
    "ReplayError": "sixtysix.notation",
    "legal_tokens": "sixtysix.notation",
    "push_recorded": "sixtysix.notation",
    "Observation": "sixtysix.two.observation",
    "sample_round": "sixtysix.two.observation",
    "CLOSE": "sixtysix.game.actions",
    "CLOSE_BEFORE_DRAW": "sixtysix.game.actions",
    "DRAW": "sixtysix.game.actions",
    "EXCHANGE": "sixtysix.game.actions",
    "OUT": "sixtysix.game.actions",
    "PASS": "sixtysix.game.actions",
    "Action": "sixtysix.game.actions",
    "Outcome": "sixtysix.two.outcome",
    "Phase": "sixtysix.game.round",
    "Reason": "sixtysix.game.outcome",
    "Round": "sixtysix.two.round",
    "Trick": "sixtysix.two.round",
    "marriage": "sixtysix.game.actions",
    "parse_action": "sixtysix.game.actions",
    "PRESETS": "sixtysix.rules",
    "Rules": "sixtysix.rules",
    "ThreeMatch": "sixtysix.three.match",
    "ThreeObservation": "sixtysix.three.observation",
    "ThreeOutcome": "sixtysix.three.outcome",
    "ThreeRound": "sixtysix.three.round",
    "ThreeTrick": "sixtysix.three.round",
    "observe_three": "sixtysix.three.observation",
    "sample_three": "sixtysix.three.observation",
}
"""The module each name of :data:`__all__` comes from."""


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'sixtysix' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
