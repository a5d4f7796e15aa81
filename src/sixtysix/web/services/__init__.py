"""What the game service stands on, one concern each: the store behind its threads
(:mod:`~sixtysix.web.services.storage`), the processes bots and hints think in
(:mod:`~sixtysix.web.services.bots`), finished games' records and replays
(:mod:`~sixtysix.web.services.replay`), the chat at each table
(:mod:`~sixtysix.web.services.chat`). The live games themselves are
:mod:`sixtysix.web.games`."""
