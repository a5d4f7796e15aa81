"""The health endpoints' answers.

>>> Readiness(status="ready", database="ok").model_dump(exclude_none=True)
{'status': 'ready', 'database': 'ok'}
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class Health(BaseModel):
    """``GET /healthz``: the process answers."""

    status: Literal["ok"]


class Readiness(BaseModel):
    """``GET /readyz``: whether the process can serve, and how its database answered (and
    its Redis, on a server of several processes; absent on a single one)."""

    status: Literal["ready", "unready"]
    database: Literal["ok", "unreachable"]
    redis: Literal["ok", "unreachable"] | None = None
