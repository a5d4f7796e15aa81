"""Position analysis for the front ends: what each legal action is worth to the seat to act,
by the analysis of the position's game, which is its bots'
(:attr:`Expertise.analyze <sixtysix.bots.Expertise.analyze>`, :mod:`sixtysix.bots.analysis`).

>>> from sixtysix.games import GAMES
>>> [ANALYSES[game.name].__name__ for game in GAMES]
['analyze', 'analyze_three']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from sixtysix.bots import EXPERTISE
from sixtysix.bots.analysis import DEFAULT_SAMPLES, ActionValue, Analysis, analyze, analyze_three

__all__ = ["ANALYSES", "DEFAULT_SAMPLES", "ActionValue", "Analysis", "analyze", "analyze_three"]

ANALYSES: Final[Mapping[str, Analysis]] = {name: known.analyze for name, known in EXPERTISE.items()}
"""The analysis of each game by the game's name, for the front ends that look it up by name:
:data:`sixtysix.bots.EXPERTISE`'s, not a registry of its own."""
