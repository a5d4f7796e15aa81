"""The exceptions of sixtysix, each for one kind of bad input."""


class SixtySixError(Exception):
    """Base class of every error sixtysix raises on bad input."""


class RulesError(SixtySixError, ValueError):
    """An unknown preset or flag, or a flag value outside its range."""


class NotationError(SixtySixError, ValueError):
    """Text that is not valid record notation (a malformed record)."""


class IllegalActionError(SixtySixError, ValueError):
    """An action the rules do not allow in the current state."""


class StateError(SixtySixError, RuntimeError):
    """An operation that the state of a round or match does not allow."""
