"""The ``sixtysix`` command: ``play`` a match in the terminal, ``replay`` or ``analyze`` a record,
run a ``tournament`` between bots."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from sixtysix.analysis import DEFAULT_SAMPLES, ActionValue, analyze
from sixtysix.bots import BOTS, LEVELS
from sixtysix.errors import IllegalActionError, NotationError, RulesError
from sixtysix.match import Match
from sixtysix.notation import Record, legal_tokens
from sixtysix.observation import observe
from sixtysix.round import DRAW, PASS
from sixtysix.rules import Rules

_IMPLICIT = {
    DRAW: "go on without closing: both draw",
    PASS: "do not exchange the trump nine after the close",
}
"""What the decisions that records leave unwritten mean, for ``analyze``."""


def summary(match: Match, legal: bool = False) -> dict[str, Any]:
    """The JSON summary ``sixtysix replay --json`` prints for a match."""
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


def _describe(match: Match) -> str:
    lines = [f"Rules: {match.rules}"]
    for number, result in enumerate(match.results(), 1):
        rnd = match.rounds[number - 1]
        points = rnd.points()
        head = f"Round {number} (dealer {result.dealer}): points {points[0]}-{points[1]}"
        if result.outcome is None:
            lines.append(f"{head}, in play; seat {rnd.to_act} to act")
            continue
        lines.append(f"{head}. {result.outcome.explanation}")
        if result.carried and result.winner is not None:
            lines.append(f"  +{result.carried} for carried ties: {result.game_points} game points.")
    score = match.score
    lines.append(f"Score: {score[0]}-{score[1]}" + (
        f"; seat {match.winner} wins the match." if match.winner is not None else "."))
    return "\n".join(lines)


def _load(path: str, command: str) -> Match | int:
    """Replay a record file; on failure, print one line and return the exit status
    (1 for an illegal action, 2 for an unreadable or malformed file)."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"sixtysix {command}: cannot read {path}: {error}", file=sys.stderr)
        return 2
    try:
        return Record.parse(text).replay()
    except IllegalActionError as error:
        print(f"illegal: {error}", file=sys.stderr)
        return 1
    except (NotationError, RulesError) as error:
        print(f"malformed record {path}: {error}", file=sys.stderr)
        return 2


def _replay(args: argparse.Namespace) -> int:
    match = _load(args.file, "replay")
    if isinstance(match, int):
        return match
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
    match = _load(args.file, "analyze")
    if isinstance(match, int):
        return match
    rnd = match.round
    seat = None if rnd is None else rnd.to_act
    if rnd is None or seat is None:
        if args.json:
            print(json.dumps({"seat": None, "phase": None if rnd is None else "over", "actions": []}))
        elif match.is_over:
            print(f"The match is over (score {match.score[0]}-{match.score[1]}): no decision to analyze.")
        elif rnd is None:
            print("No round has been dealt: no decision to analyze.")
        else:
            print("The round is over: no decision to analyze until the next [Deck].")
        return 0
    values = analyze(observe(rnd, seat), samples=args.samples, seed=args.seed)
    phase = rnd.phase.name.lower()
    if args.json:
        print(json.dumps({"seat": seat, "phase": phase, "actions": [
            {"action": v.action.token, "expected": round(v.expected, 4), "exact": v.exact}
            for v in values]}))
        return 0
    how = ("solved exactly: every card still to play is known" if values[0].exact
           else f"estimated over {values[0].samples} sampled deals (seed {args.seed})")
    print(f"Seat {seat} to act ({phase}); expected game points for seat {seat}, {how}.")
    print(_analysis_table(values))
    return 0


def _positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return number


def _play(args: argparse.Namespace) -> int:
    try:
        rules = Rules.parse(" ".join([args.rules, *args.flags]))
    except RulesError as error:
        print(f"sixtysix play: {error}", file=sys.stderr)
        return 2
    try:
        from sixtysix.tui import run
    except ImportError as error:
        print(f"sixtysix play needs the terminal extra: pip install 'sixtysix[tui]' ({error})",
              file=sys.stderr)
        return 2
    return run(rules, seed=args.seed, save=args.save, opponent=args.opponent)


def _tournament(args: argparse.Namespace) -> int:
    from sixtysix.tournament import progress_bar, run_tournament

    try:
        rules = Rules.parse(args.rules)
        report = run_tournament(args.bots, args.matches, rules, jobs=args.jobs, seed=args.seed,
                                progress=None if args.quiet or not sys.stderr.isatty() else progress_bar)
    except (RulesError, ValueError) as error:
        print(f"sixtysix tournament: {error}", file=sys.stderr)
        return 2
    if args.plot:
        with open(args.plot, "w", encoding="utf-8") as handle:
            handle.write(report.html())
    print(json.dumps(report.to_json(), indent=1) if args.json else report.table())
    return 0


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from sixtysix.web.app import Settings, create_app
    except ImportError as error:
        print(f"sixtysix serve needs the web extra: pip install 'sixtysix[web]' ({error})",
              file=sys.stderr)
        return 2
    settings = Settings(database_url=args.database_url, data_dir=args.data_dir,
                        away_limit=args.away_limit, workers=args.workers, seed=args.seed)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Sixty-Six: open http://{shown}:{args.port}/ in a browser (database: {settings.url()})",
          flush=True)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=65536, ws_per_message_deflate=False)
    return 0


def _add_serve(commands: Any) -> None:
    from pathlib import Path

    serve = commands.add_parser("serve", help="play in the browser: start the web server")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8066, help="port (default 8066)")
    serve.add_argument("--database-url", default=None,
                       help="SQLAlchemy URL, e.g. postgresql://user@localhost/sixtysix "
                            "(default: a SQLite file in the data folder)")
    serve.add_argument("--data-dir", type=Path, default=None,
                       help="data folder (default $SIXTYSIX_DATA or ~/.local/share/sixtysix)")
    serve.add_argument("--away-limit", type=float, default=600.0,
                       help="seconds away before the other player may claim the match (default 600)")
    serve.add_argument("--workers", type=_positive, default=None,
                       help="processes thinking for the slow bots and hints (default: one per core)")
    serve.add_argument("--seed", type=int, default=None,
                       help="seed the decks and bots, for reproducible tests (default: system random)")
    serve.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")
    serve.set_defaults(handler=_serve)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="sixtysix", description="Sixty-Six, the card game.")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play a match against the computer in the terminal")
    play.add_argument("--rules", default="classic", help="preset: classic, pagat, santase, turkish")
    play.add_argument("flags", nargs="*", metavar="FLAG=VALUE", help="rule flag overrides")
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the opponent")
    play.add_argument("--save", metavar="FILE", default=None, help="write the match record to FILE")
    play.add_argument(
        "--opponent", default="greedy",
        help=f"computer opponent: a level ({', '.join(LEVELS)}) or a bot ({', '.join(sorted(BOTS))}), "
             "optionally with parameters as in pimc:samples=40 (default: greedy)")
    play.set_defaults(handler=_play)

    replay = commands.add_parser("replay", help="replay a record, checking every action")
    replay.add_argument("file", help="record file (.ssn)")
    replay.add_argument("--json", action="store_true", help="print a JSON summary")
    replay.add_argument("--legal", action="store_true", help="also list the legal next tokens")
    replay.set_defaults(handler=_replay)

    analysis = commands.add_parser(
        "analyze", help="expected game points of each legal action at the end of a record")
    analysis.add_argument("file", help="record file (.ssn)")
    analysis.add_argument("--json", action="store_true", help="print the analysis as JSON")
    analysis.add_argument("--samples", type=_positive, default=DEFAULT_SAMPLES,
                          help=f"sampled deals when cards are hidden (default {DEFAULT_SAMPLES})")
    analysis.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    analysis.set_defaults(handler=_analyze)

    tournament = commands.add_parser(
        "tournament", help="duplicate matches between bots, with ratings and 95% intervals")
    tournament.add_argument("bots", nargs="+", metavar="BOT", help="bot names (two or more)")
    tournament.add_argument("--matches", type=int, default=100, help="matches per pairing (even)")
    tournament.add_argument("--rules", default="classic",
                            help="preset with optional overrides, e.g. 'classic match_target=3'")
    tournament.add_argument("--jobs", type=_positive, default=1, help="worker processes")
    tournament.add_argument("--seed", type=int, default=1, help="seed of the deck sequences")
    tournament.add_argument("--json", action="store_true", help="print the report as JSON")
    tournament.add_argument("--plot", metavar="FILE.html", help="write an HTML chart of the ratings")
    tournament.add_argument("--quiet", action="store_true", help="no progress bar")
    tournament.set_defaults(handler=_tournament)

    _add_serve(commands)

    args = parser.parse_args(argv)
    handler = args.handler
    status: int = handler(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
