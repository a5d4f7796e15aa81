"""The ``sixtysix`` command: ``play`` a match in the terminal, ``replay`` a record."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from sixtysix.errors import IllegalActionError, NotationError, RulesError
from sixtysix.match import Match
from sixtysix.notation import Record, legal_tokens
from sixtysix.rules import Rules


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


def _replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"sixtysix replay: cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    try:
        match = Record.parse(text).replay()
    except IllegalActionError as error:
        print(f"illegal: {error}", file=sys.stderr)
        return 1
    except (NotationError, RulesError) as error:
        print(f"malformed record {args.file}: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary(match, args.legal)))
    else:
        print(_describe(match))
        if args.legal:
            print("Legal: " + " ".join(summary(match, True)["legal"]))
    return 0


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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="sixtysix", description="Sixty-Six, the card game.")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play a match against the computer in the terminal")
    play.add_argument("--rules", default="classic", help="preset: classic, pagat, santase, turkish")
    play.add_argument("flags", nargs="*", metavar="FLAG=VALUE", help="rule flag overrides")
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the opponent")
    play.add_argument("--save", metavar="FILE", default=None, help="write the match record to FILE")
    play.add_argument("--opponent", default="greedy", help="computer opponent: random or greedy")
    play.set_defaults(handler=_play)

    replay = commands.add_parser("replay", help="replay a record, checking every action")
    replay.add_argument("file", help="record file (.ssn)")
    replay.add_argument("--json", action="store_true", help="print a JSON summary")
    replay.add_argument("--legal", action="store_true", help="also list the legal next tokens")
    replay.set_defaults(handler=_replay)

    tournament = commands.add_parser(
        "tournament", help="duplicate matches between bots, with ratings and 95% intervals")
    tournament.add_argument("bots", nargs="+", metavar="BOT", help="bot names (two or more)")
    tournament.add_argument("--matches", type=int, default=100, help="matches per pairing (even)")
    tournament.add_argument("--rules", default="classic",
                            help="preset with optional overrides, e.g. 'classic match_target=3'")
    tournament.add_argument("--jobs", type=int, default=1, help="worker processes")
    tournament.add_argument("--seed", type=int, default=1, help="seed of the deck sequences")
    tournament.add_argument("--json", action="store_true", help="print the report as JSON")
    tournament.add_argument("--plot", metavar="FILE.html", help="write an HTML chart of the ratings")
    tournament.add_argument("--quiet", action="store_true", help="no progress bar")
    tournament.set_defaults(handler=_tournament)

    args = parser.parse_args(argv)
    handler = args.handler
    status: int = handler(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
