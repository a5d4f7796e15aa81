"""What both games share: the actions (:mod:`~sixtysix.game.actions`), the base of a round
(:mod:`~sixtysix.game.round`: phases, the flat state list, push and pop, the cached legal
actions), the base of a match (:mod:`~sixtysix.game.match`) and the reasons a round ends
(:mod:`~sixtysix.game.outcome`). Each game is a package of the same module names beside it:
:mod:`sixtysix.two` and :mod:`sixtysix.three`."""
