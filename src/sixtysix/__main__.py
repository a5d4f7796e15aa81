"""The ``sixtysix`` command's entry point: the installed script and ``python -m sixtysix``.

A Ctrl-C while the command's modules are still loading ends it as one while it runs does
(:func:`sixtysix.cli.main`): one line on standard error and status 130, never a traceback.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""The exit status of an interrupted command: 128 + SIGINT."""


def main() -> int:
    """Load the command line and run it on ``sys.argv``; returns the exit status."""
    try:
        from sixtysix.cli import main as command
    except KeyboardInterrupt:
        print("sixtysix: interrupted", file=sys.stderr)
        return INTERRUPTED
    return command()


if __name__ == "__main__":
    sys.exit(main())
