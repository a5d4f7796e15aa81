"""A built-in bot played over the bot protocol (``docs/PROTOCOL.md``, version 2), the bot
side: :func:`serve`, what ``sixtysix bot NAME`` runs. It reads the host's lines
(:mod:`~sixtysix.protocol.wire`), follows the round with its game's tracker
(:attr:`Game.tracker <sixtysix.game.interface.Game.tracker>`) and answers each ``go`` with the bot's action.
:class:`~sixtysix.bots.engine.EngineBot` is the other end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sixtysix.bots import DEFAULT_GAME, LEVELS, Bot, make_bot
from sixtysix.cards import parse_card
from sixtysix.errors import BotError, ProtocolError, SixtySixError, quoted
from sixtysix.game.actions import parse_action
from sixtysix.game.interface import RoundTracker
from sixtysix.games import AnyObservation, game_of
from sixtysix.protocol import wire
from sixtysix.protocol.view import view_words
from sixtysix.table import Event, EventKind


def serve(spec: str, lines: Iterable[str], write: Callable[[str], None], seed: int | None = None) -> int:
    """Play the built-in bot ``spec`` over the protocol: read ``lines``, ``write``
    answers; returns 0 at ``quit`` or the end of the input.

    A line the bot cannot use is answered ``error ...`` and otherwise ignored; a
    line that contradicts the round drops the match until the next ``match``. It
    answers each ``go`` at once, so ``stop`` finds nothing to stop.

    >>> out: list[str] = []
    >>> serve("random", ["sixtysix 1", "bogus", "quit"], out.append)
    0
    >>> out[2:]
    ['option seed whole 0 18446744073709551615', 'version 2', 'ready', "error unknown command 'bogus'"]
    """
    bot = make_bot(spec, seed)
    name, _, given = LEVELS.get(spec, spec).partition(":")
    settings = dict(item.partition("=")[::2] for item in given.split(",") if item)
    made = spec  # the specification of bot, which set seed seeds again
    game = DEFAULT_GAME  # the game of the match, for which match makes the bot again
    tracker: RoundTracker[AnyObservation] | None = None
    for raw in lines:
        words = wire.words(raw)
        if not words:
            continue
        command, arguments = words[0], words[1:]
        try:
            if command == "sixtysix":
                wire.read_hello(arguments)
                write(wire.id_line("name", spec))
                write(wire.id_line("author", "the sixtysix authors"))
                for key, parameter in type(bot).parameters.items():
                    write(wire.option_line(key, parameter.whole, parameter.low, parameter.high))
                write(wire.SEED_OPTION)
                write(wire.version_line(wire.VERSION))
                write(wire.READY)
            elif command == "set":
                if len(arguments) != 2:
                    raise ProtocolError("set takes an option and a value")
                key, value = arguments
                if key == "seed":
                    seed = wire.read_seed(value)
                    bot = make_bot(made, seed, game=game)
                else:
                    wanted = {**settings, key: value}
                    wanted_spec = f"{name}:{','.join(f'{k}={v}' for k, v in wanted.items())}"
                    try:
                        bot = make_bot(wanted_spec, seed, game=game)
                    except BotError as error:
                        raise ProtocolError(str(error)) from None
                    settings, made = wanted, wanted_spec
            elif command == wire.QUIT:
                return 0
            elif command == wire.ISREADY:
                write(wire.READYOK)
            elif command == "match":
                tracker = None
                seat, rules = wire.read_match(arguments, wire.VERSION)
                game = game_of(rules)
                bot = make_bot(made, seed, game=game)
                tracker = game.tracker(seat, rules, seed)
            elif command in ("roundend", "matchend", "error", "info", wire.STOP):
                pass
            elif command not in _PLAY:
                raise ProtocolError(f"unknown command {quoted(command)}")
            elif tracker is None:
                raise ProtocolError(f"{command} before match")
            else:
                answer = _play(tracker, bot, command, arguments)
                if answer is not None:
                    write(answer)
        except (SixtySixError, ValueError) as error:
            if isinstance(error, ProtocolError) and "contradict" in str(error):
                tracker = None
            write(wire.error_line(str(error)))
    return 0


_PLAY = ("round", "hand", "trump", "draw", "shown", "action", "go")


def _play(tracker: RoundTracker[AnyObservation], bot: Bot[Any], command: str,
          arguments: list[str]) -> str | None:
    """Apply one line of play to ``tracker``; the answer to ``go``, once it agrees with the
    seat's own view."""
    seats = tracker.rules.seats
    if command == "round":
        dealer, score = wire.read_round(arguments, seats)
        tracker.start(dealer)
        if score is not None:
            tracker.score = score
    elif command == "hand":
        tracker.hand([parse_card(a) for a in arguments])
    elif command == "trump" and len(arguments) == 1:
        tracker.trump(wire.read_trump(arguments[0]))
    elif command == "draw" and len(arguments) == 1:
        tracker.draw(parse_card(arguments[0]))
    elif command == "shown" and len(arguments) == 2:
        tracker.shown(wire.read_seat(arguments[0], seats), parse_card(arguments[1]))
    elif command == "action" and len(arguments) == 2:
        tracker.action(wire.read_seat(arguments[0], seats), parse_action(arguments[1]))
    elif command == "go":
        observation = tracker.observation()
        if not observation.legal:
            raise ProtocolError("go, but the seat is not to act")
        told = wire.read_go(arguments)
        view = view_words(observation, tracker.score or (0,) * seats)
        mine = wire.read_go(wire.go_line(wire.VERSION, observation.legal, 0, view).split()[1:])
        withheld = {"budget"} | ({"points"} if set(told["points"]) == {"-"} else set())
        for name, values in mine.items():
            if name not in withheld and told[name] != values:
                theirs, ours = quoted(" ".join(told[name]), 200), quoted(" ".join(values), 200)
                raise ProtocolError(f"go contradicts the round: its {name} is {theirs}, the seat's is {ours}")
        notify = getattr(bot, "notify", None)
        if notify is not None and tracker.score is not None:
            notify(Event(EventKind.ROUND_RESUMED, observation, tracker.score))
        return wire.play_line(bot.act(observation))
    else:
        raise ProtocolError(f"bad {command} line: {quoted(' '.join([command, *arguments]))}")
    return None
