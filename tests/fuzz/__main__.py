"""``python -m tests.fuzz``: the long fuzz run (see ``tests/fuzz/__init__.py``).

    python -m tests.fuzz --plans 10000 --csvs 10000 --seed 1 --save /tmp/fuzz-failures

Prints the counts per generator and outcome; exits 1 when any input ended
in a traceback, a timeout or a multi-line message, 0 otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--plans", type=int, default=10_000, help="plan files to generate (default 10000)")
    parser.add_argument("--csvs", type=int, default=10_000, help="catalog CSVs to generate (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="seed; the same seed gives the same inputs")
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="CPU seconds one input may take (default 10; ten times that in wall time also stops it)")
    parser.add_argument("--save", type=Path, default=None, help="folder for failing inputs (minimised)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)

    import tempfile

    os.environ.setdefault("GPUDESK_HOME", tempfile.mkdtemp(prefix="gpudesk-fuzz-home-"))
    from .cases import PlanRunner
    from .driver import format_report, run_fuzz, save_failures

    started = time.monotonic()
    tally = run_fuzz(args.plans, args.csvs, args.seed, args.timeout, progress=not args.quiet)
    print(format_report(tally, args.plans, args.csvs, time.monotonic() - started))
    if tally.failures and args.save is not None:
        written = save_failures(tally, args.save, PlanRunner.open(args.timeout))
        print(f"wrote {len(written)} failing input(s) to {args.save}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
