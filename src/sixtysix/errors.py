"""The exceptions of sixtysix, each for one kind of bad input, and :func:`quoted`,
which every message uses to show a piece of that input."""

EXCERPT = 40
"""The most characters of user text an error message quotes."""


def quoted(text: str, limit: int = EXCERPT) -> str:
    """``text`` quoted for an error message, cut to ``limit`` characters with an ellipsis.

    >>> quoted("Kx")
    "'Kx'"
    >>> quoted("Ts " * 1000, limit=8)
    "'Ts Ts Ts…'"
    """
    return repr(text if len(text) <= limit else text[:limit] + "…")


class SixtySixError(Exception):
    """Base class of every error sixtysix raises on bad input."""


class RulesError(SixtySixError, ValueError):
    """An unknown preset or flag, or a flag value outside its range."""


class NotationError(SixtySixError, ValueError):
    """Text that is not valid record notation (a malformed record)."""


class RecordFileError(SixtySixError, OSError):
    """A record file that cannot be read as text: missing, not a file, too large, not UTF-8."""


class IllegalActionError(SixtySixError, ValueError):
    """An action the rules do not allow in the current state."""


class StateError(SixtySixError, RuntimeError):
    """An operation that the state of a round or match does not allow."""


class BotError(SixtySixError, ValueError):
    """An unknown bot name, or a bot parameter that is unknown, repeated or out of range."""


class TournamentError(SixtySixError, ValueError):
    """A tournament that cannot be run: fewer than two bots, a bot twice, an odd match count."""


class ProtocolError(SixtySixError, ValueError):
    """A line that breaks the bot protocol (docs/PROTOCOL.md)."""


class BotFailedError(SixtySixError, RuntimeError):
    """A program bot that failed: it crashed, hung, sent garbage or an illegal action.

    ``seat`` is its seat, when known; the bot loses the match.
    """

    def __init__(self, reason: str, seat: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seat = seat


class ClusterError(SixtySixError, RuntimeError):
    """A cluster backend that cannot run: its extra is not installed, or its address cannot be reached."""
