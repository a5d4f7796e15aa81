"""Three-hand Sixty-Six (RULES.md section 11), in the modules the two-hand game has
(:mod:`~sixtysix.three.round`, :mod:`~sixtysix.three.outcome`, :mod:`~sixtysix.three.match`,
:mod:`~sixtysix.three.observation`) and :mod:`~sixtysix.three.deal`: three seats, eight cards
each, no stock."""
