"""sixtysix: the card game Sixty-Six (Sechsundsechzig, Santase).

>>> from sixtysix import Match, Rules
>>> match = Match(Rules.parse("santase"), seed=1)
>>> rnd = match.deal()
>>> len(list(rnd.legal_actions())) >= 6
True
"""

from sixtysix.cards import Card, CardSet, Suit, card_name, parse_card
from sixtysix.errors import (
    IllegalActionError,
    NotationError,
    RulesError,
    SixtySixError,
    StateError,
)
from sixtysix.match import Match, RoundResult
from sixtysix.notation import Record, ReplayError, legal_tokens, push_recorded
from sixtysix.observation import Observation, sample_round
from sixtysix.round import (
    CLOSE,
    CLOSE_BEFORE_DRAW,
    DRAW,
    EXCHANGE,
    OUT,
    PASS,
    Action,
    Outcome,
    Phase,
    Reason,
    Round,
    Trick,
    marriage,
    parse_action,
)
from sixtysix.rules import PRESETS, Rules
from sixtysix.three import (
    ThreeMatch,
    ThreeObservation,
    ThreeOutcome,
    ThreeRound,
    ThreeTrick,
    observe_three,
    play_three,
    sample_three,
)

__all__ = [
    "CLOSE", "CLOSE_BEFORE_DRAW", "DRAW", "EXCHANGE", "OUT", "PASS", "PRESETS",
    "Action", "Card", "CardSet", "IllegalActionError", "Match", "NotationError",
    "Observation", "Outcome", "Phase", "Reason", "Record", "ReplayError", "Round",
    "RoundResult", "Rules", "RulesError", "SixtySixError", "StateError", "Suit", "ThreeMatch",
    "ThreeObservation", "ThreeOutcome", "ThreeRound", "ThreeTrick", "Trick",
    "card_name", "legal_tokens", "marriage", "observe_three", "parse_action", "parse_card",
    "play_three", "push_recorded", "sample_round", "sample_three",
]
__version__ = "0.1.0"
