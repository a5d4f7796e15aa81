"""Duplicate-match tournaments between bots, with ratings and confidence intervals.

Every pairing plays deck sequences twice with the seats swapped, so luck of the
deal cancels out: in the twin match each bot gets the cards the other had.
Under the three-hand rules (RULES.md section 11) every trio of bots plays each deck
sequence in all its seat orders instead: with two bots, the first against two copies
of the second in the three rotations; with three or more, every trio in all six
orders. Duplicate pairs run on a local process pool (stopped at once on Ctrl-C) or on
a Ray cluster; the same seeds give the same results on both.

One concern per module:

- :mod:`~sixtysix.tournament.seating`: what the number of seats of a match changes: the
  seat orders of a group, how results are counted and worded;
- :mod:`~sixtysix.tournament.schedule`: the matches to play: deck sequences, pairings,
  seat orders, duplicate pairs;
- :mod:`~sixtysix.tournament.seats`: the seats that time each bot's decisions;
- :mod:`~sixtysix.tournament.play`: playing one match and one duplicate pair, the unit
  of work of every backend;
- :mod:`~sixtysix.tournament.backends`: where the pairs run: in this process, on local
  worker processes, or on Ray (:mod:`~sixtysix.tournament.ray`);
- :mod:`~sixtysix.tournament.stats`: standings, ratings and their intervals;
- :mod:`~sixtysix.tournament.report`: the report as text, JSON and HTML;
- :mod:`~sixtysix.tournament.run`: running a tournament from its bots to its report.
"""
