"""bench_startup's --importtime and --profile: where one start-up's import time and CPU go."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE_TIMEOUT_S = 120


def import_times(env: dict[str, str], python: str = sys.executable) -> list[tuple[str, int, int]]:
    """(module, self_us, cumulative_us) for every import on the app's start-up path."""
    code = "import gpudesk.cli.main, gpudesk.ui.app, gpudesk.ui.main_window"
    done = subprocess.run(
        [python, "-X", "importtime", "-c", code], env=env,
        capture_output=True, text=True, timeout=PROBE_TIMEOUT_S, check=True,
    )
    rows: list[tuple[str, int, int]] = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, cumulative_us, name = (part.strip() for part in line[len("import time:"):].split("|"))
        rows.append((name.strip(), int(self_us), int(cumulative_us)))
    return rows


def import_time_by_package(rows: list[tuple[str, int, int]], limit: int = 12) -> list[tuple[str, int]]:
    """Self import time summed per top-level package, slowest first (microseconds)."""
    totals: dict[str, int] = {}
    for name, self_us, _cumulative in rows:
        top = name.split(".")[0]
        totals[top] = totals.get(top, 0) + self_us
    return sorted(totals.items(), key=lambda item: item[1], reverse=True)[:limit]


def profile_gpudesk_start(script: Path, plan: Path, home: Path, env: dict[str, str], limit: int = 15) -> list[tuple[str, float]]:
    """cProfile of one gpudesk start-up: (gpudesk function, cumulative s), slowest first."""
    import pstats

    out = home / "startup.prof"
    command = [sys.executable, "-m", "cProfile", "-o", str(out), str(script),
               "--probe", "gpudesk", "--plan", str(plan)]
    subprocess.run(command, env=env, capture_output=True, text=True,
                   timeout=PROBE_TIMEOUT_S, check=True)
    stats = pstats.Stats(str(out)).stats  # type: ignore[attr-defined]
    rows = []
    for (filename, line, function), (_cc, _nc, _tt, cumulative, _callers) in stats.items():
        if f"{os.sep}gpudesk{os.sep}" in filename and "benchmarks" not in filename:
            rows.append((f"{Path(filename).relative_to(ROOT).as_posix()}:{line} {function}", cumulative))
    return sorted(rows, key=lambda row: row[1], reverse=True)[:limit]
