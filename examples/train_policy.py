"""Train a small policy for Sixty-Six on the CPU with NumPy, then measure it against random.

The policy is linear: a softmax over the legal actions of ``W @ vector + b``, where the
vector is :func:`sixtysix.bots.encoding.encode` of the seat's observation (251 values) and
the actions are the 34 engine action codes. It learns by REINFORCE with a running
baseline in the Gymnasium environment :class:`sixtysix.env.gym.SixtySixEnv` against the
``random`` bot, one round per episode, reward the signed game points. Then it plays
whole matches (classic rules, first to 7), taking the most likely legal action, and
prints the share of matches won with its 95% Wilson interval: the untrained policy
(always the lowest legal action code) against ``random`` for comparison, the learned
one against ``greedy`` for context, and the learned one against ``random``, last.

    python examples/train_policy.py [--episodes N] [--matches M] [--seed S] [--save policy.npz]

Needs the ``[rl]`` extra. The last line is ``match_win_rate: X``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from sixtysix.bots import Bot, make_bot
from sixtysix.bots.encoding import NUM_ACTIONS
from sixtysix.bots.learned import LinearPolicy, PolicyBot
from sixtysix.env.gym import SixtySixEnv
from sixtysix.table import Table
from sixtysix.tournament.stats import wilson

Array = npt.NDArray[np.float64]


def train(episodes: int, seed: int, opponent: str = "random", learning_rate: float = 0.01) -> LinearPolicy:
    """REINFORCE against ``opponent``: one round per episode, a running-mean baseline."""
    env = SixtySixEnv(opponent)
    policy = LinearPolicy()
    rng = np.random.default_rng(seed)
    baseline = 0.0
    vector, info = env.reset(seed=seed)
    for episode in range(episodes):
        if episode:
            vector, info = env.reset()
        steps: list[tuple[npt.NDArray[np.float32], int, Array]] = []
        terminated = False
        reward = 0.0
        while not terminated:
            probabilities = policy.probabilities(vector, info["action_mask"])
            action = int(rng.choice(NUM_ACTIONS, p=probabilities))
            steps.append((vector, action, probabilities))
            vector, reward, terminated, _, info = env.step(action)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for observed, action, probabilities in steps:
            gradient = -probabilities
            gradient[action] += 1.0
            policy.weights += learning_rate * advantage * np.outer(gradient, observed)
            policy.bias += learning_rate * advantage * gradient
    return policy


def evaluate(policy: LinearPolicy, matches: int, seed: int, opponent: str = "random") -> int:
    """Matches won against ``opponent``, the learned bot taking seat 0 and 1 in turn."""
    won = 0
    for index in range(matches):
        seat = index % 2
        bots: list[Bot[Any]] = [make_bot(opponent, seed=seed + index)] * 2
        bots[seat] = PolicyBot(policy)
        match = Table(bots, seed=seed * 100_003 + index).play()
        won += match.winner == seat
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=20_000)
    parser.add_argument("--matches", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="random", help="the bot to train against (make_bot spec)")
    parser.add_argument("--save", type=Path)
    args = parser.parse_args()
    start = time.perf_counter()
    policy = train(args.episodes, args.seed, args.against)
    print(f"trained on {args.episodes} rounds against {args.against} in {time.perf_counter() - start:.0f} s")
    if args.save:
        policy.save(args.save)
    for label, candidate, opponent in (("untrained policy", LinearPolicy(), "random"),
                                       ("learned policy", policy, "greedy"),
                                       ("learned policy", policy, "random")):
        won = evaluate(candidate, args.matches, args.seed + 1, opponent)
        low, high = wilson(won, args.matches)
        print(f"{label} against {opponent}: {won} of {args.matches} matches won, "
              f"{won / args.matches:.1%}, 95% interval {low:.1%} to {high:.1%}")
    print(f"match_win_rate: {won / args.matches:.3f}")


if __name__ == "__main__":
    main()
