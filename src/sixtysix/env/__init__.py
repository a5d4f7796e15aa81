"""Learning environments over the engine (extra ``[rl]``): PettingZoo, Gymnasium, OpenSpiel.

Every environment serves the game of its rules (:func:`sixtysix.games.game_of`, classic
two-hand by default, ``three-hand`` for three seats), written once against the game
interface: it sees the game through a seat's observation only (``Game.observe``), encoded
by :mod:`sixtysix.bots.encoding` (the vector the learned bot, :mod:`sixtysix.bots.learned`,
reads too). An episode is one round; the rewards are those of :mod:`sixtysix.env.rewards`
(two-hand: the game points the round scores, RULES.md section 7, plus for the winner and
minus for the loser).
The modules import their library, so import the one you use:
:mod:`sixtysix.env.aec` (PettingZoo), :mod:`sixtysix.env.gym` (Gymnasium),
:mod:`sixtysix.env.spiel` (OpenSpiel).
"""
