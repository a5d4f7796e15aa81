"""Position analysis for the front ends: what each legal action is worth to the seat to act,
by the analysis of the position's game, which is its bots'
(:attr:`Expertise.analyze <sixtysix.bots.Expertise.analyze>`, :mod:`sixtysix.bots.analysis`).

>>> from sixtysix.bots import expertise
>>> from sixtysix.games import GAMES
>>> [expertise(game).analyze.__name__ for game in GAMES]
['analyze', 'analyze_three']
"""

from __future__ import annotations

from sixtysix.bots.analysis import DEFAULT_SAMPLES, ActionValue, Analysis, analyze, analyze_three

__all__ = ["DEFAULT_SAMPLES", "ActionValue", "Analysis", "analyze", "analyze_three"]
