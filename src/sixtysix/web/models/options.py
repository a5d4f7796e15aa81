"""``GET /api/options``: the choices of a new game.

The new-game form reads the range of the numeric rule flags from here
(:func:`flag_options`), so the form and the API refuse the same values.
"""

from __future__ import annotations

from pydantic import BaseModel

from sixtysix.rules import FLAGS, PRESET_NAMES, Rules, flag_values, preset_flags
from sixtysix.web.models.games import NUMBER_MAX, NUMBER_MIN


class NumberFlag(BaseModel):
    """A rule flag that takes a whole number from ``min`` to ``max``."""

    default: str
    values: None = None
    min: int
    max: int


class ChoiceFlag(BaseModel):
    """A rule flag that takes one of ``values``."""

    default: str
    values: list[str]


class PresetTable(BaseModel):
    """What a preset's table is: its number of seats and the flags that apply to it."""

    seats: int
    flags: list[str]


class Options(BaseModel):
    """The bot levels (of each game), the program bots, the presets, the table of each
    preset and the rule flags."""

    levels: list[str]
    three_levels: list[str]
    bots: list[str]
    presets: list[str]
    tables: dict[str, PresetTable]
    flags: dict[str, NumberFlag | ChoiceFlag]


def preset_tables() -> dict[str, PresetTable]:
    """The seats and the flags of every preset's table, for the new-game form.

    >>> preset_tables()["three-hand"].model_dump()
    {'seats': 3, 'flags': ['match_target', 'claim']}
    >>> preset_tables()["classic"].seats
    2
    """
    return {name: PresetTable(seats=Rules.preset(name).seats, flags=list(preset_flags(name)))
            for name in PRESET_NAMES}


def flag_options() -> dict[str, NumberFlag | ChoiceFlag]:
    """Every rule flag for the new-game form: its ``classic`` default, and its ``values``,
    or (``values`` null) the ``min`` and ``max`` of a number.

    >>> flag_options()["match_target"].model_dump()
    {'default': '7', 'values': None, 'min': 1, 'max': 99}
    >>> flag_options()["tie"].model_dump()
    {'default': 'carry', 'values': ['carry', 'replay', 'most_tricks']}
    """
    classic = Rules().flags()
    flags: dict[str, NumberFlag | ChoiceFlag] = {}
    for name in FLAGS:
        values = flag_values(name)
        if values is None:
            flags[name] = NumberFlag(default=classic[name], min=NUMBER_MIN, max=NUMBER_MAX)
        else:
            flags[name] = ChoiceFlag(default=classic[name], values=list(values))
    return flags
