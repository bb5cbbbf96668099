"""The `gpudesk` command: opens the app, or runs a headless subcommand.

``gpudesk [PLAN]`` opens the desktop app; ``gpudesk estimate|catalog|report|compare``
run headless over the same core. Invalid input exits with status 2 and a
one-line reason on stderr, never a traceback. Anything else that goes wrong
(a bug) is caught by the last-resort guard in :func:`run_headless`: one line
on stderr naming the command and where the details were logged, exit
status 3 (``gpudesk.logs.EXIT_INTERNAL``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn, TextIO

from gpudesk import __version__

SUBCOMMANDS = ("estimate", "catalog", "report", "compare")
SEARCHING = ("estimate", "report", "compare")  # the subcommands that run the configuration search


class UsageError(Exception):
    """Bad input from the user: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, status 2
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    from gpudesk.cli import catalog_cmd, estimate_cmd, report_cmd

    parser = _Parser(prog="gpudesk", description="Size GPU infrastructure for AI work and explain every number.")
    parser.add_argument("--version", action="version", version=f"gpudesk {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    estimate_cmd.register(sub)
    catalog_cmd.register(sub)
    report_cmd.register(sub)
    return parser


def run_headless(args: list[str]) -> int:
    try:
        parser = build_parser()
        namespace = parser.parse_args(args)
        handler: Callable[[argparse.Namespace, TextIO, TextIO], int] | None = getattr(namespace, "handler", None)
        single: Callable[[argparse.Namespace], int] | None = getattr(namespace, "func", None)
        if handler is not None:
            return handler(namespace, sys.stdout, sys.stderr)
        if single is not None:
            return single(namespace)
        parser.print_help(sys.stderr)
        return 2
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `gpudesk estimate … | head`: the reader left; that is not an error
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # noqa: BLE001 - the last-resort guard: one line and a log entry, never a traceback
        return _internal(args, exc)


def _internal(args: list[str], exc: BaseException) -> int:
    from gpudesk.logs import EXIT_INTERNAL, internal_error

    command = " ".join(a for a in args[:2] if not a.startswith("-")) or "gpudesk"
    print(f"gpudesk: {internal_error(f'running `gpudesk {command}`', exc)}", file=sys.stderr)
    return EXIT_INTERNAL


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("--version", "-V"):
        print(f"gpudesk {__version__}")
        return 0
    if args and (args[0] in SUBCOMMANDS or args[0] in ("-h", "--help")):
        if args[0] in SEARCHING:
            from gpudesk.process_heap import keep_freed_memory

            keep_freed_memory()  # the search's batches reuse freed memory instead of faulting it in again
            return without_collector(run_headless, args)
        return run_headless(args)
    return load_app()(args)


def without_collector(command: Callable[[list[str]], int], args: list[str]) -> int:
    """``command(args)`` with Python's cyclic garbage collector paused, as the desktop app pauses it for its start-up
    (``gpudesk.ui.app.pause_collection``), then resumed (a caller in the same process, such as a test, gets it back;
    what the command left alive stays out of later collections). A searching command builds objects fast enough to
    run ~160 collections (146 of the youngest generation, 13 of the middle, one full) for about 0.09 s of CPU on the
    bank sample's report, and they reclaim about 500 objects: the command's peak memory is the same without them
    (122 MB). The forked search workers inherit the pause (results/search_workers.py). The command ends once its plan
    (or the plans compared) is written, so nothing it leaves in a cycle outlives it."""
    import gc

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return command(args)
    finally:
        if was_enabled:  # what the command made moves to the permanent generation first, as ui.app.resume_collection
            gc.freeze()  # does: a plain enable's first collection scanned it all (0.03 s, and again at exit)
            gc.enable()


def load_app() -> Callable[[list[str]], int]:
    """The desktop app's ``run_app``, imported with Python's cyclic garbage collector paused (``run_app`` resumes
    it once the first results are on screen: ``gpudesk.ui.app.pause_collection`` says why)."""
    import gc

    gc.disable()
    from gpudesk.ui.app import run_app

    return run_app
