"""Learning environments over the engine (extra ``[rl]``): PettingZoo, Gymnasium, OpenSpiel.

Every environment sees the game through :mod:`sixtysix.two.observation` only, encoded by
:mod:`sixtysix.bots.encoding` (the vector the learned bot, :mod:`sixtysix.bots.learned`,
reads too). An episode is one round; the rewards are the game points the round scores
(RULES.md section 7), plus for the winner and minus for the loser.
The modules import their library, so import the one you use:
:mod:`sixtysix.env.aec` (PettingZoo), :mod:`sixtysix.env.gym` (Gymnasium),
:mod:`sixtysix.env.spiel` (OpenSpiel).
"""
