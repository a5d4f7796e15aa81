"""Two-hand Sixty-Six (RULES.md sections 1-10): :mod:`~sixtysix.two.round` (a round: state,
legal actions, push and pop), :mod:`~sixtysix.two.outcome` (how it ended and why),
:mod:`~sixtysix.two.match` (rounds to the target) and :mod:`~sixtysix.two.observation` (what
one seat may know, and full rounds sampled consistent with it)."""
