"""Run every ``bench_*.py`` in this folder and print what each reports.

Usage: .venv/bin/python -m benchmarks [name-filter]

Each benchmark runs in its own process (Qt benchmarks need a fresh
QApplication; offscreen unless QT_QPA_PLATFORM is set), with this
interpreter, from the repository root. The exit status is non-zero when any
benchmark fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def discover(name_filter: str = "") -> list[Path]:
    return sorted(p for p in HERE.glob("bench_*.py") if name_filter in p.stem)


def main(argv: list[str]) -> int:
    benches = discover(argv[0] if argv else "")
    if not benches:
        print("no benchmark matches", file=sys.stderr)
        return 2
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    failed = []
    for bench in benches:
        print(f"== {bench.stem} ==", flush=True)
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, str(bench)], cwd=HERE.parent, env=env)
        print(f"-- {bench.stem}: exit {proc.returncode} after {time.perf_counter() - start:.1f} s\n", flush=True)
        if proc.returncode != 0:
            failed.append(bench.stem)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
