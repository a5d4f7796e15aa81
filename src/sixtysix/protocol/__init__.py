"""The bot protocol (``docs/PROTOCOL.md``): a program that reads and writes lines plays as a
seat. One concern per module:

- :mod:`~sixtysix.protocol.wire`: the lines, the version and the limits: every line either
  side writes, and the readers of the host's lines;
- :mod:`~sixtysix.protocol.host`: what a host tells a program of its seat's events
  (:class:`~sixtysix.protocol.host.Narrator`), and the transport of the lines to and from a
  process;
- :mod:`~sixtysix.protocol.botlog`: a program bot's log of one match;
- :mod:`~sixtysix.protocol.view`: the seat's whole view, which version 2's ``go`` carries.

The bot side's view of a round, rebuilt from what the lines tell a seat, is each game's own
(:attr:`Game.tracker <sixtysix.game.interface.Game.tracker>`: :mod:`sixtysix.two.tracker`,
:mod:`sixtysix.three.tracker`).

The two ends that join the protocol to the bots are bots themselves, in :mod:`sixtysix.bots`:
:class:`~sixtysix.bots.engine.EngineBot` is a seat played by a program (the host's end, what
``make_bot("cmd:PROGRAM ARGS")`` makes), and :func:`~sixtysix.bots.served.serve` plays a
built-in bot as a program (the bot's end, what ``sixtysix bot NAME`` runs). ``make_bot``
must make the one and the other makes bots with ``make_bot``, so neither can live in a
package the bots import: this package imports only the table and the engine below it, and
sits in the layer between the table and the bots (the import-linter layers of
``pyproject.toml``).

Each version's lines are in ``wire`` (:data:`~sixtysix.protocol.wire.VERSIONS` says which
games each seats), and its narration and reading beside those of the others (``Narrator``
and the games' trackers what the lines tell).
"""
