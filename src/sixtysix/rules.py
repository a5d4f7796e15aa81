"""Rule flags and presets (RULES.md section 9).

>>> rules = Rules.parse("santase")
>>> rules.match_target, rules.close_before_draw
(11, False)
>>> str(Rules.parse("classic match_target=11 tie=replay"))
'classic match_target=11 tie=replay'
>>> Rules.parse("classic tie=sometimes")
Traceback (most recent call last):
...
sixtysix.errors.RulesError: flag 'tie' must be one of carry, replay, most_tricks, not 'sometimes'

The ``three-hand`` preset is the three-player game of section 11; only
``match_target`` and ``claim`` apply to it:

>>> Rules.parse("three-hand claim=auto").seats, Rules.parse("three-hand").match_target
(3, 11)
>>> Rules.parse("three-hand close_min_stock=4")
Traceback (most recent call last):
...
sixtysix.errors.RulesError: flag 'close_min_stock' does not apply to the three-hand game (RULES.md \
section 11): only match_target and claim do
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from sixtysix.errors import RulesError, quoted

_CHOICES: dict[str, tuple[str, ...]] = {
    "first_leader": ("elder", "dealer"),
    "next_dealer": ("alternate", "winner", "loser"),
    "false_claim_points": ("two_or_three", "two"),
    "failed_close_points": ("two_or_three", "three"),
    "closer_win_basis": ("end", "at_close"),
    "tie": ("carry", "replay", "most_tricks"),
    "claim": ("manual", "auto"),
}
_SWITCHES = (
    "must_head",
    "exchange_needs_trick",
    "exchange_on_opponent_close",
    "first_lead_close",
    "first_lead_marriage",
    "marriages_after_stock",
    "close_before_draw",
)
_STOCK_SIZES = ("exchange_min_stock", "close_min_stock")


@dataclass(frozen=True)
class Rules:
    """One rule set: a preset name and the value of every flag.

    Build one with :meth:`parse` or :meth:`preset`; change flags with
    :meth:`replace`. Every value is checked, so a ``Rules`` is always valid.
    """

    preset_name: str = "classic"
    first_leader: str = "elder"
    match_target: int = 7
    next_dealer: str = "alternate"
    must_head: bool = True
    exchange_needs_trick: bool = True
    exchange_min_stock: int = 2
    exchange_on_opponent_close: bool = False
    first_lead_close: bool = False
    first_lead_marriage: bool = True
    marriages_after_stock: bool = False
    close_before_draw: bool = True
    close_min_stock: int = 2
    false_claim_points: str = "two_or_three"
    failed_close_points: str = "two_or_three"
    closer_win_basis: str = "end"
    tie: str = "carry"
    claim: str = "manual"

    def __post_init__(self) -> None:
        if self.preset_name not in PRESETS and self.preset_name != THREE_HAND:
            raise RulesError(f"unknown preset {quoted(self.preset_name)}; "
                             f"presets: {', '.join(PRESETS)}, {THREE_HAND}")
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise RulesError(f"flag {name!r} must be one of {', '.join(choices)}, "
                                 f"not {quoted(str(value))}")
        for name in _SWITCHES:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"flag {name!r} must be on or off")
        for name in _STOCK_SIZES:
            value = getattr(self, name)
            if type(value) is not int or value not in range(2, 13, 2):
                raise RulesError(f"flag {name!r} must be an even number from 2 to 12, not {value!r}")
        if type(self.match_target) is not int or self.match_target < 1:
            raise RulesError(f"flag 'match_target' must be a whole number from 1, not {self.match_target!r}")
        if self.preset_name == THREE_HAND:
            for name in FLAGS:
                if name not in THREE_HAND_FLAGS and getattr(self, name) != getattr(_TWO_HAND_DEFAULTS, name):
                    _not_three_hand(name)

    @property
    def seats(self) -> int:
        """The number of players: 3 under the ``three-hand`` preset, else 2.

        >>> Rules().seats
        2
        """
        return 3 if self.preset_name == THREE_HAND else 2

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a preset: ``classic``, ``pagat``, ``santase``, ``turkish`` or
        ``three-hand``.

        >>> Rules.preset("pagat").tie
        'replay'
        """
        if name == THREE_HAND:
            return cls(preset_name=name, match_target=11)
        if name not in PRESETS:
            raise RulesError(f"unknown preset {quoted(name)}; presets: {', '.join(PRESETS)}, {THREE_HAND}")
        return cls(preset_name=name, **PRESETS[name])

    @classmethod
    def parse(cls, spec: str) -> Rules:
        """Read a preset name optionally followed by ``flag=value`` overrides.

        >>> Rules.parse("pagat claim=auto").claim
        'auto'
        """
        words = spec.split()
        if not words:
            raise RulesError("empty rules: name a preset such as 'classic'")
        overrides: dict[str, str] = {}
        for word in words[1:]:
            name, sep, value = word.partition("=")
            if not sep or not name or not value:
                raise RulesError(f"expected flag=value, got {quoted(word)}")
            if name in overrides:
                raise RulesError(f"flag {quoted(name)} given twice")
            overrides[name] = value
        return cls.preset(words[0]).replace(**overrides)

    def replace(self, **flags: Any) -> Rules:
        """A copy with some flags changed; values may be given as text.

        >>> Rules().replace(must_head="off", match_target="11").must_head
        False
        """
        converted: dict[str, Any] = {}
        for name, value in flags.items():
            if name not in FLAGS:
                raise RulesError(f"unknown flag {quoted(name)}; flags: {', '.join(FLAGS)}")
            if self.preset_name == THREE_HAND and name not in THREE_HAND_FLAGS:
                _not_three_hand(name)
            converted[name] = _convert(name, value)
        return dataclasses.replace(self, **converted)

    def flags(self) -> dict[str, str]:
        """Every flag with its value as text.

        >>> Rules().flags()["must_head"]
        'on'
        """
        return {name: _format(getattr(self, name)) for name in FLAGS}

    def __str__(self) -> str:
        base = Rules.preset(self.preset_name).flags()
        changed = [f"{k}={v}" for k, v in self.flags().items() if base[k] != v]
        return " ".join([self.preset_name, *changed])


FLAGS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules) if f.name != "preset_name")
"""The names of all rule flags, in the order of RULES.md section 9."""

THREE_HAND = "three-hand"
"""The name of the preset of the three-player game (RULES.md section 11)."""

THREE_HAND_FLAGS = ("match_target", "claim")
"""The flags that apply to the three-hand game; the others keep their ``classic`` values."""

def _not_three_hand(name: str) -> None:
    raise RulesError(f"flag {name!r} does not apply to the three-hand game (RULES.md section 11): "
                     f"only {' and '.join(THREE_HAND_FLAGS)} do")


def flag_values(name: str) -> tuple[str, ...] | None:
    """The values a flag may take, as text, or ``None`` for any whole number from 1.

    >>> flag_values("tie"), flag_values("must_head"), flag_values("close_min_stock")
    (('carry', 'replay', 'most_tricks'), ('on', 'off'), ('2', '4', '6', '8', '10', '12'))
    >>> flag_values("match_target") is None
    True
    """
    if name not in FLAGS:
        raise RulesError(f"unknown flag {name!r}; flags: {', '.join(FLAGS)}")
    if name in _CHOICES:
        return _CHOICES[name]
    if name in _SWITCHES:
        return ("on", "off")
    if name in _STOCK_SIZES:
        return tuple(str(n) for n in range(2, 13, 2))
    return None

PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "pagat": {
        "next_dealer": "winner",
        "false_claim_points": "two",
        "tie": "replay",
        "first_lead_close": True,
        "exchange_on_opponent_close": True,
    },
    "santase": {
        "match_target": 11,
        "first_lead_marriage": False,
        "exchange_min_stock": 4,
        "close_min_stock": 4,
        "close_before_draw": False,
        "marriages_after_stock": True,
        "failed_close_points": "three",
    },
    "turkish": {
        "match_target": 11,
        "tie": "most_tricks",
        "exchange_needs_trick": False,
        "first_lead_marriage": False,
    },
}
"""The two-hand presets with the flags each changes from ``classic``."""
PRESET_NAMES = (*PRESETS, THREE_HAND)
"""Every preset, the two-hand game's and then the three-hand game's."""


def preset_flags(name: str) -> tuple[str, ...]:
    """The flags that apply under a preset: every flag of the two-hand game, or those of
    the three-hand game.

    >>> preset_flags("three-hand")
    ('match_target', 'claim')
    >>> preset_flags("santase") == FLAGS
    True
    """
    Rules.preset(name)
    return THREE_HAND_FLAGS if name == THREE_HAND else FLAGS

_TWO_HAND_DEFAULTS = Rules()


def _convert(name: str, value: Any) -> Any:
    if name in _SWITCHES and isinstance(value, str):
        if value not in ("on", "off"):
            raise RulesError(f"flag {name!r} must be on or off, not {quoted(value)}")
        return value == "on"
    if (name in _STOCK_SIZES or name == "match_target") and isinstance(value, str):
        if not re.fullmatch("[0-9]{1,9}", value):
            raise RulesError(f"flag {name!r} must be a whole number, not {quoted(value)}")
        return int(value)
    return value


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
