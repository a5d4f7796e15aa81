"""The ``sixtysix`` command: ``play`` a match in the terminal, ``replay`` or ``analyze`` a record,
run a ``tournament`` between bots, serve a ``bot`` over the bot protocol."""

from __future__ import annotations

import argparse
import dataclasses
import ipaddress
import json
import logging
import math
import os
import re
import socket
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from sixtysix.analysis import DEFAULT_SAMPLES, ActionValue
from sixtysix.bots import (
    BOTS,
    COMMAND,
    DEFAULT_GAME,
    LEVELS,
    MAX_SAMPLES,
    MAX_SECONDS,
    expertise,
    make_bot,
    plays,
)
from sixtysix.bots.engine import DECISION_SECONDS, HANDSHAKE_SECONDS
from sixtysix.errors import BotError, RulesError, SixtySixError, quoted
from sixtysix.game.actions import DRAW, PASS
from sixtysix.game.interface import Game
from sixtysix.games import GAMES, AnyMatch, AnyRoundResult, game_of
from sixtysix.notation import MAX_RECORD_BYTES, ReplayError, legal_tokens, read_record
from sixtysix.rules import Rules
from sixtysix.tournament.backends import BACKENDS
from sixtysix.tournament.run import run_tournament
from sixtysix.tournament.seating import Seating, spelled
from sixtysix.web.logs import LEVELS as LOG_LEVELS

_IMPLICIT = {
    DRAW: "go on without closing: both draw",
    PASS: "do not exchange the trump nine after the close",
}
"""What the decisions that records leave unwritten mean, for ``analyze``."""

MAX_SEED = 2 ** 32 - 1
"""The largest seed the commands take."""
MAX_MATCHES = 100_000
"""The most matches per pairing a tournament may play."""
MAX_JOBS = 4 * (os.cpu_count() or 1)
"""The most worker processes a tournament may start: 4 per CPU."""
PLAY_LANGUAGES = ("en", "de", "bg", "tr", "ms", "bn", "zu", "ja")
"""The languages of the terminal table, named in its help without loading the catalogs
(``sixtysix.i18n.LANGUAGES``, which a test compares)."""
FORFEITS = "sixtysix-forfeits"
"""Where a tournament saves the records of matches lost by forfeit, unless told."""


_OTHER_GAMES = tuple(game for game in GAMES if game is not DEFAULT_GAME)
"""The games a command plays when its rules say so, besides the default rules' one."""


def _preset(game: Game[Any, Any, Any]) -> str:
    """The preset of ``game``'s default rules.

    >>> [_preset(game) for game in GAMES]
    ['classic', 'three-hand']
    """
    rules: Rules = game.new_match().rules
    return rules.preset_name


def _programs() -> str:
    """The games that program bots (``cmd:``) play, by name."""
    return " and ".join(game.name for game in GAMES if plays(COMMAND, game))


def summary(match: AnyMatch, legal: bool = False) -> dict[str, Any]:
    """The JSON summary ``sixtysix replay --json`` prints for a match; the lists of a
    three-hand match have three entries (RULES.md section 11)."""
    rounds: list[dict[str, Any]] = []
    for result in match.results():
        outcome = result.outcome
        rnd_points = match.rounds[len(rounds)].points()
        rnd_tricks = match.rounds[len(rounds)].trick_counts()
        rounds.append({
            "dealer": result.dealer,
            "winner": result.winner,
            "game_points": result.game_points,
            "reason": None if outcome is None else outcome.reason.value,
            "points": list(rnd_points),
            "tricks": list(rnd_tricks),
        })
    data: dict[str, Any] = {"rounds": rounds, "score": list(match.score),
                            "match_winner": match.winner}
    if legal:
        rnd = match.round
        data["legal"] = [] if rnd is None or match.is_over else legal_tokens(rnd)
    return data


def _describe(match: AnyMatch) -> str:
    lines = [f"Rules: {match.rules}"]
    results: Sequence[AnyRoundResult] = match.results()
    for number, result in enumerate(results, 1):
        rnd = match.rounds[number - 1]
        head = f"Round {number} (dealer {result.dealer}): points {_dashed(rnd.points())}"
        if result.outcome is None:
            lines.append(f"{head}, in play; seat {rnd.to_act} to act")
            continue
        lines.append(f"{head}. {result.outcome.explanation}")
        if result.carried and result.winner is not None:
            lines.append(f"  +{result.carried} for carried ties: {result.game_points} game points.")
    lines.append(f"Score: {_dashed(match.score)}" + (
        f"; seat {match.winner} wins the match." if match.winner is not None else "."))
    return "\n".join(lines)


def _dashed(numbers: Sequence[int]) -> str:
    return "-".join(str(n) for n in numbers)


def _load(path: str) -> AnyMatch:
    """Read and replay a record file; errors reach :func:`main`, which reports them."""
    return read_record(path).replay()


def _replay(args: argparse.Namespace) -> int:
    match = _load(args.file)
    if args.json:
        print(json.dumps(summary(match, args.legal)))
    else:
        print(_describe(match))
        if args.legal:
            print("Legal: " + " ".join(summary(match, True)["legal"]))
    return 0


def _analysis_table(values: list[ActionValue]) -> str:
    """One line per action: its token, expected game points, ``exact`` and what an
    implicit decision means."""
    width = max(len("action"), *(len(v.action.token) for v in values))
    lines = [f"{'action':<{width}}  expected"]
    for value in values:
        line = f"{value.action.token:<{width}}  {value.expected:>+8.2f}"
        if value.exact:
            line += "  (exact)"
        note = _IMPLICIT.get(value.action)
        if note is not None:
            line += f"  ({note})"
        lines.append(line)
    return "\n".join(lines)


def _analyze(args: argparse.Namespace) -> int:
    match = _load(args.file)
    rnd = match.round
    seat = None if rnd is None else rnd.to_act
    if rnd is None or seat is None:
        if args.json:
            print(json.dumps({"seat": None, "phase": None if rnd is None else "over", "actions": []}))
        elif match.is_over:
            print(f"The match is over (score {_dashed(match.score)}): no decision to analyze.")
        elif rnd is None:
            print("No round has been dealt: no decision to analyze.")
        else:
            print("The round is over: no decision to analyze until the next [Deck].")
        return 0
    game = game_of(match.rules)
    known = expertise(game)
    observation = game.observe(rnd, seat)
    legal, determined = observation.legal, known.determined(observation)
    phase = rnd.phase.name.lower()
    if len(legal) == 1 and not determined:
        only = legal[0]
        if args.json:
            print(json.dumps({"seat": seat, "phase": phase, "actions": [
                {"action": only.token, "expected": None, "exact": False}]}))
        else:
            note = _IMPLICIT.get(only)
            print(f"Seat {seat} to act ({phase}): {only.token} is the only legal action"
                  + (f" ({note})" if note else "") + "; nothing to analyze.")
        return 0
    progress = _progress_bar("sampled deals")
    values = known.analyze(observation, samples=args.samples, seed=args.seed, progress=progress)
    if args.json:
        print(json.dumps({"seat": seat, "phase": phase, "actions": [
            {"action": v.action.token, "expected": round(v.expected, 4), "exact": v.exact}
            for v in values]}))
        return 0
    how = ("solved exactly: every card still to play is known" if values[0].exact
           else f"estimated over {values[0].samples} sampled deals (seed {args.seed})")
    print(f"Seat {seat} to act ({phase}); {known.valued.format(seat=seat)}, {how}.")
    print(_analysis_table(values))
    return 0


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high``.

    >>> whole_number(1, 9)("12")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 to 9, not '12'
    """
    def read(text: str) -> int:
        if not re.fullmatch(r"\s*[+-]?[0-9]{1,19}\s*", text) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, not {quoted(text)}")
        return int(text)
    return read


def number(low: float, high: float) -> Callable[[str], float]:
    """An argument type: a finite number from ``low`` to ``high``.

    >>> number(0.01, 3600)("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number from 0.01 to 3600, not 'nan'
    """
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not low <= value <= high:  # false for nan
            raise argparse.ArgumentTypeError(f"must be a number from {low:g} to {high:g}, not {quoted(text)}")
        return value
    return read


def rules_argument(text: str) -> Rules:
    """An argument type for the benchmarks of the default rules' game
    (:data:`~sixtysix.bots.DEFAULT_GAME`): one of its presets with optional ``flag=value``
    overrides.

    >>> rules_argument("three-hand")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: this benchmark measures the two-hand game \
(three-hand: three_playout.py, three_decision.py)
    """
    try:
        rules = Rules.parse(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if game_of(rules) is not DEFAULT_GAME:
        raise argparse.ArgumentTypeError(
            f"this benchmark measures the {DEFAULT_GAME.name} game "
            f"({', '.join(game.name for game in _OTHER_GAMES)}: {_OTHER_BENCHMARKS})")
    return rules


def game_rules_argument(text: str) -> Rules:
    """An argument type: a preset of the two-hand or the three-hand game with optional
    ``flag=value`` overrides.

    >>> game_rules_argument("three-hand").seats
    3
    """
    try:
        return Rules.parse(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


_OTHER_BENCHMARKS = "three_playout.py, three_decision.py"
"""The benchmarks of the other games than the default one, in ``benchmarks/``."""


def bot_argument(text: str) -> str:
    """An argument type: a bot specification that :func:`make_bot` accepts."""
    try:
        make_bot(text)
    except BotError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _builtin(text: str) -> str:
    """An argument type: a built-in bot's specification (not a program: ``cmd:``)."""
    if text.startswith(COMMAND):
        raise argparse.ArgumentTypeError("serves built-in bots only, not a program (cmd:)")
    return bot_argument(text)


def _program_bot(text: str) -> tuple[str, str]:
    """An argument type: a program bot a server allows, ``NAME=cmd:PROGRAM ARGS``."""
    from sixtysix.web.programs import program_bot

    try:
        return program_bot(text)
    except BotError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _rate_limit(text: str) -> tuple[str, str]:
    """An argument type: a server's limit on one kind of request, ``KIND=LIMITS``."""
    from sixtysix.web.ratelimits import rate_limit_setting

    try:
        return rate_limit_setting(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _proxies(text: str) -> str:
    """An argument type: the addresses of trusted proxies, IP addresses or networks separated
    by commas, as uvicorn's ``forwarded_allow_ips`` takes them.

    >>> _proxies("127.0.0.1, 10.0.0.0/8,::1")
    '127.0.0.1,10.0.0.0/8,::1'
    """
    addresses = [item.strip() for item in text.split(",")]
    for address in addresses:
        try:
            ipaddress.ip_network(address, strict=False)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(address)} is not an IP address or network") from None
    return ",".join(addresses)


def _html_file(text: str) -> str:
    """An argument type: a file that can be written, checked before any work is done."""
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{quoted(text)} is a directory, not a file")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(
            f"cannot write {quoted(text)}: folder {quoted(str(folder))} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {quoted(text)}: permission denied")
    return text


def _progress_bar(unit: str) -> Callable[[int, int], None] | None:
    """A progress bar of ``done/total unit`` on standard error, or ``None`` when standard
    error is not a terminal. It is redrawn when the percentage changes."""
    if not sys.stderr.isatty():
        return None
    shown = -1

    def draw(done: int, total: int) -> None:
        nonlocal shown
        percent = 100 * done // total
        if percent == shown:
            return
        shown = percent
        filled = 30 * done // total
        end = "\n" if done == total else ""
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {unit}{end}")
        sys.stderr.flush()
    return draw


def _play(args: argparse.Namespace) -> int:
    try:
        from sixtysix.i18n import LANGUAGES
        from sixtysix.tui import run
        from sixtysix.tui.saving import SaveError, check_save, load, read_saved
    except ImportError as error:
        print(f"sixtysix play: the terminal table needs the extra: pip install 'sixtysix[tui]' ({error})",
              file=sys.stderr)
        return 2
    if args.lang is not None and args.lang not in LANGUAGES:
        print(f"sixtysix play: --lang: {quoted(args.lang)} is not one of {', '.join(LANGUAGES)}",
              file=sys.stderr)
        return 2
    try:
        if args.resume is not None:
            given = [option for option, value in (("--rules", args.rules), ("--seed", args.seed),
                                                  ("--opponent", args.opponent), ("--save", args.save))
                     if value is not None] + (["FLAG=VALUE"] if args.flags else [])
            if given:
                raise SaveError(f"--resume takes the rules, opponent, seed and file from the record: "
                                f"drop {', '.join(given)}")
            _unused_options(args, read_saved(Path(args.resume)).game)
            resumed = load(Path(args.resume))
            return run(match=resumed.match, seed=resumed.seed, save=args.resume,
                       opponent=resumed.opponent, manual_draw=args.manual_draw,
                       bot_seconds=args.bot_seconds, handshake_seconds=args.handshake_seconds,
                       explain_close=args.explain_close, language=args.lang)
        rules = Rules.parse(" ".join([args.rules or "classic", *args.flags]))
        _unused_options(args, game_of(rules))
        if args.save is not None:
            check_save(Path(args.save), force=args.force)
    except (RulesError, SaveError) as error:
        print(f"sixtysix play: {error}", file=sys.stderr)
        return 2
    return run(rules, seed=args.seed, save=args.save, opponent=args.opponent or "greedy",
               manual_draw=args.manual_draw, bot_seconds=args.bot_seconds,
               handshake_seconds=args.handshake_seconds, explain_close=args.explain_close, language=args.lang)


def _unused_options(args: argparse.Namespace, game: Game[Any, Any, Any]) -> None:
    """Refuse the options of ``play`` that ``game`` has no use for: those of the stock in a
    game without one, and those of program bots in a game they do not play."""
    given = {"--manual-draw": args.manual_draw, "--no-explain-close": not args.explain_close,
             "--bot-seconds": args.bot_seconds, "--handshake-seconds": args.handshake_seconds}
    unused = [option for option, value in given.items() if value and not _uses(game, option)]
    if unused:
        owners = " and ".join(other.name for other in GAMES
                              if all(_uses(other, option) for option in unused))
        why = ([f"the {game.name} game has no draw"] if not game.stock else []) + (
            [] if plays(COMMAND, game) else [f"program bots play the {_programs()} game only"])
        raise RulesError(f"{', '.join(unused)}: for the {owners} game only ({', and '.join(why)})")


def _uses(game: Game[Any, Any, Any], option: str) -> bool:
    """Whether ``game`` has a use for ``play``'s ``option``: a stock to draw from and close,
    or program bots."""
    return game.stock if option in ("--manual-draw", "--no-explain-close") else plays(COMMAND, game)


def _tournament(args: argparse.Namespace) -> int:
    if args.address is not None and args.backend != "ray":
        raise CommandError("--address needs --backend ray")
    game = game_of(args.rules)
    given = [option for option, value in (("--bot-seconds", args.bot_seconds),
                                          ("--handshake-seconds", args.handshake_seconds))
             if value is not None and not plays(COMMAND, game)]
    if given:
        raise CommandError(f"{' and '.join(given)}: program bots (cmd:) play the {_programs()} game only")
    matches = args.matches or Seating(game.seats).default_matches
    report = run_tournament(args.bots, matches, args.rules, jobs=args.jobs,
                            seed=args.seed, progress=None if args.quiet else _progress_bar("matches"),
                            backend=args.backend, address=args.address, bot_seconds=args.bot_seconds,
                            handshake_seconds=args.handshake_seconds, bot_log=args.bot_log,
                            memory=args.memory, forfeits=args.forfeits or args.bot_log or FORFEITS)
    if args.plot:
        try:
            Path(args.plot).write_text(report.html(), encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot write {args.plot}: {error.strerror}") from None
    print(json.dumps(report.to_json(), indent=1) if args.json else report.table())
    return 0


def _bot_command(args: argparse.Namespace) -> int:
    from sixtysix.bots.served import serve

    def write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    return serve(args.name, sys.stdin, write, seed=args.seed)


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn
        from sqlalchemy.exc import SQLAlchemyError

        from sixtysix.web.app import Settings, create_app
        from sixtysix.web.logs import log_config
        from sixtysix.web.ratelimits import RateLimits
        from sixtysix.web.store import Store
    except ImportError as error:
        raise CommandError(f"the web server needs the extra: pip install 'sixtysix[web]' ({error})") from None
    names = [name for name, _ in args.bot]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise CommandError(f"--bot names {', '.join(twice)} more than once")
    if args.redis_url is not None and not (args.database_url or "").startswith("postgresql"):
        raise CommandError("--redis-url is for several processes, which share a PostgreSQL database: "
                           "give --database-url postgresql://...")
    settings = Settings(database_url=args.database_url, redis_url=args.redis_url, data_dir=args.data_dir,
                        away_limit=args.away_limit, workers=args.workers, seed=args.seed,
                        bots=tuple(args.bot), bot_seconds=args.bot_seconds,
                        handshake_seconds=args.handshake_seconds, bot_log=args.bot_log,
                        rate_limits=dataclasses.replace(RateLimits(), **dict(args.rate_limit)))
    _check_address(args.host, args.port)
    try:  # open and migrate the database once here, so that a bad one is one line, not a traceback
        Store(settings.url()).close()
    except OSError as error:
        raise CommandError(f"cannot use the data folder: {error.strerror or error}: "
                           f"{quoted(str(error.filename))}") from None
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        raise CommandError(f"cannot open the database: {quoted(reason, 160)}") from None
    app = create_app(settings)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Sixty-Six: open http://{shown}:{args.port}/ in a browser (database: {settings.url()})",
          flush=True)
    logging.captureWarnings(True)
    # Only the proxies named are believed about the client's address and scheme; by default none.
    uvicorn.run(app, host=args.host, port=args.port, log_config=log_config(args.log_level), log_level=None,
                access_log=False, ws_max_size=65536, ws_per_message_deflate=False,
                proxy_headers=args.forwarded_allow_ips is not None,
                forwarded_allow_ips=args.forwarded_allow_ips or "")
    return 0


def _check_address(host: str, port: int) -> None:
    """Refuse an address the server could not listen on, before anything starts."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        raise CommandError(f"cannot listen on {host} port {port}: {error.strerror or error}") from None


EXIT_STATUS = """exit status:
  0    success
  1    an illegal action in a record
  2    bad usage or bad input: an unknown command or option, a bad value,
       a file that cannot be read, a malformed record
  130  interrupted (Ctrl-C)
  141  the output was closed early (the reader of a pipe exited), silently"""


class CommandError(SixtySixError):
    """Bad input that a command finds itself, reported as ``sixtysix CMD: message``."""


class Parser(argparse.ArgumentParser):
    """Reports a usage error in one line, ``sixtysix CMD: message``, with exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _usage(self.prog, message))


def _usage(prog: str, message: str) -> str:
    return f"{prog}: {message} (see '{prog} --help')\n"


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``sixtysix`` command and its subcommands."""
    formatting: dict[str, Any] = {"epilog": EXIT_STATUS,
                                  "formatter_class": argparse.RawDescriptionHelpFormatter}
    top = Parser(prog="sixtysix", description="Sixty-Six, the card game.", **formatting)
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser(
        "play", help="play a match against the computer in the terminal",
        description=_wrap("Play a match against the computer in the terminal (press ? there for the "
                          "keys). Exit status: 0 when the match ends or you quit, 1 if the record "
                          "could not be saved, 2 for bad options, 128+N when ended by signal N (the "
                          "record is complete)."),
        **formatting)
    play.add_argument("--rules", default=None,
                      help="preset: classic (default), pagat, santase, turkish, or " + ", ".join(
                          f"{_preset(game)} (against {spelled(game.seats - 1)} computer players)"
                          for game in _OTHER_GAMES))
    play.add_argument("flags", nargs="*", metavar="FLAG=VALUE", help="rule flag overrides")
    play.add_argument("--seed", type=whole_number(0, MAX_SEED), default=None,
                      help="seed for the deals and the opponent (default: random, kept in the record)")
    play.add_argument("--save", metavar="FILE", default=None,
                      help="write the match record to FILE after every action")
    play.add_argument("--force", action="store_true", help="let --save overwrite an existing FILE")
    play.add_argument("--resume", metavar="FILE", default=None,
                      help="continue the match saved in FILE, with its rules, opponent and seed; "
                           "it keeps being saved there")
    play.add_argument("--manual-draw", action="store_true",
                      help="draw after a won trick with its own key (d) instead of with the next "
                           "card, and confirm forced cards (the only legal one) too")
    play.add_argument("--no-explain-close", dest="explain_close", action="store_false",
                      help="close the stock at once, without first explaining what closing means "
                           "and asking")
    play.add_argument(
        "--opponent", default=None, type=bot_argument,
        help=f"computer opponent: a level ({', '.join(LEVELS)}) or a bot ({', '.join(sorted(BOTS))}), "
             "optionally with parameters as in pimc:samples=40, or a program speaking the bot "
             "protocol, as in 'cmd:node bot.js', with the options it offers in brackets, as in "
             "'cmd:[samples=40] sixtysix bot hard' (default: greedy)")
    play.add_argument("--level", dest="opponent", default=None, type=bot_argument,
                      help="the same as --opponent, as in --level easy")
    play.add_argument("--lang", metavar="CODE", default=None,
                      help=f"the table's language: {', '.join(PLAY_LANGUAGES)} (default: the one of LC_ALL, "
                           "LC_MESSAGES or LANG, else en)")
    _time_limits(play)
    play.set_defaults(handler=_play)

    replay = commands.add_parser("replay", help="replay a record, checking every action",
                                 description=_wrap("Replay a record, checking every action, and "
                                                   "summarise it."),
                                 **formatting)
    replay.add_argument("file", help=f"record file (.ssn), at most {MAX_RECORD_BYTES >> 20} MiB")
    replay.add_argument("--json", action="store_true", help="print a JSON summary")
    replay.add_argument("--legal", action="store_true", help="also list the legal next tokens")
    replay.set_defaults(handler=_replay)

    analysis = commands.add_parser(
        "analyze", help="expected game points of each legal action at the end of a record",
        description=_wrap("Value each legal action of the seat to act at the end of a record, from what "
                          "that seat knows: exactly once every card is known, else over sampled deals. "
                          + "".join(f"In a {game.name} record a value is {expertise(game).meaning}. "
                                    for game in GAMES if expertise(game).meaning)
                          + "A progress bar is shown on a terminal; a single legal action is named without "
                          "analysis."),
        **formatting)
    analysis.add_argument("file", help=f"record file (.ssn), at most {MAX_RECORD_BYTES >> 20} MiB")
    analysis.add_argument("--json", action="store_true",
                          help="print the analysis as JSON (expected is null for a single legal action)")
    analysis.add_argument("--samples", type=whole_number(1, MAX_SAMPLES), default=DEFAULT_SAMPLES,
                          help=f"sampled deals when cards are hidden, 1 to {MAX_SAMPLES} "
                               f"(default {DEFAULT_SAMPLES})")
    analysis.add_argument("--seed", type=whole_number(0, MAX_SEED), default=0,
                          help="seed of the sampling (default 0)")
    analysis.set_defaults(handler=_analyze)

    tournament = commands.add_parser(
        "tournament", help="duplicate matches between bots, with ratings and 95%% intervals",
        description=_wrap("Play duplicate matches between every pair of bots and rate them (Elo scale, "
                          "95% intervals). " + "".join(
                              f"Under {_preset(game)} rules, each deck sequence is played in all seat "
                              f"orders: two bots play the first against {spelled(game.seats - 1)} copies of "
                              f"the second, {spelled(game.seats)} or more every {Seating(game.seats).group}. "
                              for game in _OTHER_GAMES) + "A progress bar is shown on a terminal."),
        **formatting)
    tournament.add_argument("bots", nargs="+", metavar="BOT", type=bot_argument,
                            help="bots or levels, with optional parameters (two or more), or programs "
                                 "speaking the bot protocol ('cmd:PROGRAM ARGS')")
    tournament.add_argument("--matches", type=whole_number(2, MAX_MATCHES), default=None,
                            help=_matches_help())
    tournament.add_argument("--rules", type=game_rules_argument, default=Rules(),
                            help="preset with optional overrides, e.g. 'classic match_target=3', or "
                                 + ", ".join(f"{_preset(game)!r} for {spelled(game.seats)} seats"
                                             for game in _OTHER_GAMES))
    tournament.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=1,
                            help=f"worker processes, 1 to {MAX_JOBS} (4 per CPU; default 1); with "
                                 "--backend ray and no --address, the CPUs of the local Ray instance")
    tournament.add_argument("--backend", choices=BACKENDS, default="local",
                            help="where the duplicate pairs run: local processes, or Ray tasks "
                                 "(extra [cluster]; default local)")
    tournament.add_argument("--address", metavar="ADDR", default=None,
                            help="with --backend ray: the Ray cluster to join, HOST:PORT or "
                                 "ray://HOST:PORT (default: start a local Ray instance)")
    tournament.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                            help="seed of the deck sequences (default 1)")
    tournament.add_argument("--json", action="store_true", help="print the report as JSON")
    tournament.add_argument("--plot", metavar="FILE.html", type=_html_file,
                            help="write an HTML chart of the ratings (checked before play starts)")
    tournament.add_argument("--quiet", action="store_true", help="no progress bar")
    tournament.add_argument("--bot-log", metavar="DIR", default=None,
                            help="folder of the program bots' logs, one per bot and match (every line "
                                 "both ways and the bot's standard error)")
    tournament.add_argument("--forfeits", metavar="DIR", default=None,
                            help="folder where the record of each match lost by a failing bot is saved, "
                                 f"made when there is one (default: the --bot-log folder, else {FORFEITS})")
    tournament.add_argument("--memory", action="store_true",
                            help="memory mode: program bots (protocol version 2) are told no running "
                                 "points, as the rules intend")
    _time_limits(tournament)
    tournament.set_defaults(handler=_tournament)

    bot = commands.add_parser(
        "bot", help="serve a built-in bot over the bot protocol on standard input and output",
        description=_wrap("Play a built-in bot or level over the bot protocol, version 2 "
                          "(docs/PROTOCOL.md), in the two-hand or the three-hand game: read "
                          "the host's lines on standard input, answer on standard output. A line the "
                          "bot cannot use is answered with 'error ...'. Exit status 0 at 'quit' or "
                          "the end of the input."),
        **formatting)
    bot.add_argument("name", metavar="BOT", type=_builtin,
                     help=f"a level ({', '.join(LEVELS)}) or a bot ({', '.join(sorted(BOTS))}), "
                          "optionally with parameters as in pimc:samples=40")
    bot.add_argument("--seed", type=whole_number(0, MAX_SEED), default=None,
                     help="seed of the bot (default: random)")
    bot.set_defaults(handler=_bot_command)

    serve = commands.add_parser(
        "serve", help="play in the browser: start the web server",
        description=_wrap("Start the web server: play against the computer or against people in a "
                          "browser. Games are kept in a SQLite file in the data folder, or in "
                          "PostgreSQL with --database-url."),
        **formatting)
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=whole_number(1, 65535), default=8066, help="port (default 8066)")
    serve.add_argument("--database-url", default=None,
                       help="SQLAlchemy URL, e.g. postgresql://user@localhost/sixtysix "
                            "(default: a SQLite file in the data folder)")
    serve.add_argument("--redis-url", default=None, metavar="URL",
                       help="Redis server shared by several serve processes of one site, e.g. "
                            "redis://localhost:6379/0; needs a PostgreSQL --database-url (default: "
                            "one process, which keeps its live games in its own memory)")
    serve.add_argument("--forwarded-allow-ips", type=_proxies, default=None, metavar="ADDRESSES",
                       help="the reverse proxies (IP addresses or networks, separated by commas, as "
                            "127.0.0.1,::1) whose X-Forwarded-For and X-Forwarded-Proto headers give "
                            "the client's address (counted by the rate limits, logged) and scheme "
                            "(default: none, the connection's own address counts)")
    serve.add_argument("--data-dir", type=Path, default=None,
                       help="data folder (default $SIXTYSIX_DATA, else $XDG_DATA_HOME/sixtysix, "
                            "else ~/.local/share/sixtysix)")
    serve.add_argument("--away-limit", type=number(1, 7 * 24 * 3600), default=600.0,
                       help="seconds away before the other player may claim the match, and before the "
                            "program bot of a game nobody watches is ended until somebody comes back "
                            "(default 600)")
    serve.add_argument("--workers", type=whole_number(1, MAX_JOBS), default=None,
                       help="processes thinking for the slow bots and hints (default: one per core)")
    serve.add_argument("--seed", type=whole_number(0, MAX_SEED), default=None,
                       help="seed the decks and bots, for reproducible tests (default: system random)")
    serve.add_argument("--bot", type=_program_bot, action="append", default=[], metavar="NAME=cmd:PROGRAM",
                       help="allow players to pick the program bot NAME, which runs PROGRAM and its "
                            "arguments (as cmd: names it everywhere); repeat for more. Players see "
                            "the name, never the command")
    serve.add_argument("--rate-limit", type=_rate_limit, action="append", default=[], metavar="KIND=LIMITS",
                       help="how many requests of a KIND one client address, and one signed-in "
                            "account, may make: guests (new players; default 10/minute;50/hour), renames "
                            "(30/minute;300/hour), games (20/minute;200/hour), invitations (games for "
                            "people invited by link, 10/minute;100/hour), joins (20/minute;200/hour) or "
                            "pairings (quick pairing requests, 10/minute;100/hour); LIMITS as "
                            "5/minute;100/day, or none. Repeat for more kinds")
    _time_limits(serve)
    serve.add_argument("--bot-log", metavar="DIR", default=None,
                       help="folder of the program bots' logs, one per game (every line both ways and "
                            "the bot's standard error)")
    serve.add_argument("--log-level", default="info", choices=LOG_LEVELS,
                       help="the least level of the lines logged, one JSON object each on standard "
                            "error: every request, WebSocket and game event at info (default info)")
    serve.set_defaults(handler=_serve)
    return top


def _matches_help() -> str:
    """The help of ``tournament --matches``: what the number must be, and its default, under
    the rules of each game."""
    def told(game: Game[Any, Any, Any], limit: str = "") -> str:
        seating = Seating(game.seats)
        return f"per {seating.group}, {seating.multiple}{limit} (default {seating.default_matches})"
    return "; ".join([f"matches {told(DEFAULT_GAME, f', up to {MAX_MATCHES}')}",
                      *(f"under {_preset(game)} rules, {told(game)}" for game in _OTHER_GAMES)])


def _time_limits(parser: argparse.ArgumentParser) -> None:
    """The options of a command that runs program bots: their time limits."""
    parser.add_argument("--bot-seconds", type=number(0.01, MAX_SECONDS), default=None, metavar="SECONDS",
                        help=f"seconds a program bot (cmd:) may think per decision "
                             f"(default {DECISION_SECONDS:g})")
    parser.add_argument("--handshake-seconds", type=number(0.01, MAX_SECONDS), default=None,
                        metavar="SECONDS",
                        help=f"seconds a program bot may take to start and answer the handshake "
                             f"(default {HANDSHAKE_SECONDS:g})")


def _wrap(text: str) -> str:
    return textwrap.fill(text, 79)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see :data:`EXIT_STATUS`).

    Errors in the input are reported in one line on standard error,
    ``sixtysix CMD: message``, usage errors included.
    """
    prog = "sixtysix"
    try:
        try:
            args, extra = build_parser().parse_known_args(argv)
        except SystemExit as done:  # --help (0) or a usage error (2), already reported
            return done.code if isinstance(done.code, int) else 2
        prog = f"sixtysix {args.command}"
        if extra:
            sys.stderr.write(_usage(prog, f"unrecognized arguments: {quoted(' '.join(extra))}"))
            return 2
        status: int = args.handler(args)
    except ReplayError as error:
        return _report(prog, f"line {error.line}: {error}" if error.line else str(error), 1)
    except SixtySixError as error:
        return _report(prog, str(error), 2)
    except KeyboardInterrupt:
        if sys.stderr.isatty():
            sys.stderr.write("\n")
        return _report(prog, "interrupted", 130)
    except BrokenPipeError:
        # Whatever is still buffered for the closed pipe goes nowhere, not to a traceback at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return status


def _report(prog: str, message: str, status: int) -> int:
    print(f"{prog}: {message}", file=sys.stderr)
    return status
