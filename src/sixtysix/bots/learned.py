"""A learned policy as a bot: ``learned:PATH`` names one wherever bots are named.

The policy is linear: a softmax over the legal actions of ``weights @ vector + bias``,
where the vector is :func:`~sixtysix.bots.encoding.encode` of the seat's observation and the
actions are the engine's action codes. ``examples/train_policy.py`` trains one and saves it
with :meth:`LinearPolicy.save`; :func:`learned_bot` loads it as a bot that takes the most
likely legal action.

>>> from sixtysix.table import Table
>>> bot = PolicyBot(LinearPolicy())
>>> Table([bot, bot], seed=2).play().is_over
True
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import numpy.typing as npt

from sixtysix.bots import Bot
from sixtysix.bots.encoding import NUM_ACTIONS, action_mask, encode, size
from sixtysix.errors import BotError
from sixtysix.game.actions import ACTIONS, Action
from sixtysix.games import TWO
from sixtysix.two.observation import Observation

Array = npt.NDArray[np.float64]

SIZE = size(TWO)
"""The length of the vector a policy reads: the two-hand game's, the one game a learned
bot plays (:func:`~sixtysix.bots.make_bot`)."""


def _softmax(logits: Array, mask: npt.NDArray[np.int8]) -> Array:
    masked = np.where(mask == 1, logits, -np.inf)
    exp = np.exp(masked - masked.max())
    probabilities: Array = exp / exp.sum()
    return probabilities


class LinearPolicy:
    """Logits ``weights @ vector + bias`` over the action codes (zeros: untrained)."""

    def __init__(self, weights: Array | None = None, bias: Array | None = None) -> None:
        self.weights = np.zeros((NUM_ACTIONS, SIZE)) if weights is None else weights
        self.bias = np.zeros(NUM_ACTIONS) if bias is None else bias

    def probabilities(self, vector: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> Array:
        """The policy's distribution over the legal actions."""
        return _softmax(self.weights @ vector + self.bias, mask)

    def save(self, path: Path) -> None:
        """Write the weights to an ``.npz`` file."""
        np.savez(path, weights=self.weights, bias=self.bias)

    @classmethod
    def load(cls, path: Path) -> LinearPolicy:
        """Read a policy that :meth:`save` wrote; :class:`BotError` for anything else.

        >>> LinearPolicy.load(Path("/nonexistent.npz"))
        Traceback (most recent call last):
        ...
        sixtysix.errors.BotError: cannot read the policy /nonexistent.npz: No such file or directory
        """
        try:
            with np.load(path, allow_pickle=False) as data:
                weights, bias = data["weights"], data["bias"]
        except OSError as error:
            raise BotError(f"cannot read the policy {path}: {error.strerror or error}") from None
        except (KeyError, ValueError, zipfile.BadZipFile):
            raise BotError(f"{path} is not a policy saved by examples/train_policy.py") from None
        if weights.shape != (NUM_ACTIONS, SIZE) or bias.shape != (NUM_ACTIONS,):
            raise BotError(f"the policy {path} has weights of shape {weights.shape} and bias "
                           f"{bias.shape}, not ({NUM_ACTIONS}, {SIZE}) and ({NUM_ACTIONS},)")
        if not (np.isfinite(weights).all() and np.isfinite(bias).all()):
            raise BotError(f"the policy {path} holds values that are not finite")
        return cls(weights.astype(np.float64), bias.astype(np.float64))


class PolicyBot(Bot[Observation]):
    """A bot that takes its policy's most likely legal action."""

    name = "learned"

    def __init__(self, policy: LinearPolicy, seed: int | None = None) -> None:
        super().__init__(seed)
        self.policy = policy

    def act(self, observation: Observation) -> Action:
        probabilities = self.policy.probabilities(encode(observation), action_mask(observation))
        return ACTIONS[int(np.argmax(probabilities))]


def learned_bot(path: str, seed: int | None = None) -> PolicyBot:
    """The bot of the policy saved at ``path``: what ``make_bot("learned:PATH")`` gives."""
    return PolicyBot(LinearPolicy.load(Path(path)), seed)
