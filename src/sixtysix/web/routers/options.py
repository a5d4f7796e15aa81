"""What the new-game form offers: the bot levels, the program bots, the presets and the
rule flags with their bounds."""

from __future__ import annotations

from fastapi import APIRouter

from sixtysix.bots import LEVELS
from sixtysix.rules import PRESET_NAMES
from sixtysix.web.dependencies import BotService
from sixtysix.web.models.options import Options, flag_options, preset_tables
from sixtysix.web.services.bots import shared_levels

router = APIRouter(prefix="/api")


@router.get("/options")
async def options(bots: BotService) -> Options:
    """The choices of a new game."""
    return Options(levels=list(LEVELS), three_levels=shared_levels(), bots=list(bots.programs),
                   presets=list(PRESET_NAMES), tables=preset_tables(), flags=flag_options())
