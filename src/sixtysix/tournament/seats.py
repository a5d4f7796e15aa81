"""The seats of a tournament's bots, which time each decision."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sixtysix.bots import Bot
from sixtysix.game.actions import Action
from sixtysix.game.interface import Observation
from sixtysix.table import Event


class TimedSeat:
    """A bot seat that measures how long each decision takes. It listens to the
    table's events only if its bot does (a program bot), so that the table builds
    no observations for bots that ignore them."""

    notify: Callable[[Event], None]

    def __init__(self, bot: Bot[Any]) -> None:
        self.bot = bot
        self.times: list[float] = []
        notify = getattr(bot, "notify", None)
        if notify is not None:
            self.notify = notify

    def act(self, observation: Observation) -> Action:
        start = time.perf_counter()
        action = self.bot.act(observation)
        self.times.append(time.perf_counter() - start)
        return action
