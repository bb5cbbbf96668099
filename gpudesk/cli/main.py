"""The `gpudesk` command: opens the app, or runs a headless subcommand."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("--version", "-V"):
        from gpudesk import __version__

        print(f"gpudesk {__version__}")
        return 0
    from gpudesk.ui.app import run_app

    return run_app(args)
