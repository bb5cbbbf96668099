"""Run every ``bench_*.py`` in this folder and print what each reports, then one table of the headline figures.

Usage: .venv/bin/python -m benchmarks [name-filter]      (also: make bench)

Each benchmark runs in its own process (Qt benchmarks need a fresh QApplication; offscreen unless
QT_QPA_PLATFORM is set), with this interpreter, from the repository root, and prints its detail as it
goes. Its headline figures are ``BENCH_RESULT`` lines (benchmarks/_common.py): figure, ratio against a
baseline measured in the same run, target, and what the figure includes. At the end they are printed
again as one table, with the machine's load average before and after (the development machine is shared:
compare ratios, not absolute times, between runs). The exit status is non-zero when any benchmark fails;
a missed target is reported, not a failure.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from benchmarks._common import Result, parse_result  # noqa: E402


def discover(name_filter: str = "") -> list[Path]:
    return sorted(p for p in HERE.glob("bench_*.py") if name_filter in p.stem)


def load() -> str:
    try:
        return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def run_one(bench: Path, env: dict[str, str]) -> tuple[int, list[Result]]:
    """Run one benchmark, echoing its output, and collect its result lines."""
    found: list[Result] = []
    with subprocess.Popen([sys.executable, str(bench)], cwd=HERE.parent, env=env, stdout=subprocess.PIPE,
                          text=True, encoding="utf-8", errors="replace") as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            parsed = parse_result(line.rstrip("\n"))
            if parsed is not None:
                found.append(parsed)
    return proc.returncode, found


def table(results: list[Result]) -> str:
    lines = ["| benchmark | measure | figure | ratio (same run) | target | |", "|---|---|---|---|---|---|"]
    for r in results:
        lines.append(f"| {r.bench} | {r.measure} | {r.figure} | {r.ratio} | {r.target} | {r.verdict} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    benches = discover(argv[0] if argv else "")
    if not benches:
        print("no benchmark matches", file=sys.stderr)
        return 2
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    cores = os.cpu_count()
    print(f"machine: {platform.platform()}, {cores} logical cores, Python {platform.python_version()}; {load()}",
          flush=True)
    failed, results = [], []
    for bench in benches:
        print(f"== {bench.stem} ==", flush=True)
        start = time.perf_counter()
        code, found = run_one(bench, env)
        results += found
        print(f"-- {bench.stem}: exit {code} after {time.perf_counter() - start:.1f} s\n", flush=True)
        if code != 0:
            failed.append(bench.stem)
    print(f"== headline figures ({load()} at the end) ==")
    print(table(results))
    for r in results:
        if r.includes:
            print(f"* {r.bench}, {r.measure}: {r.includes}")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
