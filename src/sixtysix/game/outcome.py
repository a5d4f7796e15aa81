"""What the outcomes of both games share: the :class:`Reason` a round ended, and the 1-2-3 scale."""

from __future__ import annotations

import enum
from typing import Final

_new: Final = object.__new__


class Reason(enum.Enum):
    """How a round ended: the row of the scoring table (RULES.md section 7)."""

    OUT = "out"
    FALSE_OUT = "false_out"
    FAILED_CLOSE = "failed_close"
    LAST_TRICK = "last_trick"
    TIE = "tie"



def scale(points: int, tricks: int) -> int:
    """The 1-2-3 scale on the loser's points and tricks."""
    if points >= 33:
        return 1
    return 2 if tricks else 3
