"""What every benchmark shares: result lines the runner collects, timing of whole processes, medians.

A benchmark prints its detail as it likes and, for each headline figure, one ``result()`` line:
``BENCH_RESULT {json}`` with the figure, the ratio against a baseline measured in the same run, the
target and what the figure includes and leaves out. ``python -m benchmarks`` prints those lines
again as one table at the end.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"
RESULT_MARK = "BENCH_RESULT "


@dataclass(frozen=True)
class Result:
    bench: str
    measure: str
    figure: str  # e.g. "3.42 s"
    ratio: str  # e.g. "5.1× python -c pass" ("" when there is no baseline)
    target: str = ""  # e.g. "≤ 1.3× bare window"
    verdict: str = ""  # "met", "missed" or ""
    includes: str = ""  # what the figure covers and leaves out


def result(bench: str, measure: str, figure: str, ratio: str = "", target: str = "", met: bool | None = None,
           includes: str = "") -> Result:
    """Print one headline figure as a line the runner collects (and return it)."""
    found = Result(bench, measure, figure, ratio, target, "" if met is None else ("met" if met else "missed"),
                   includes)
    print(RESULT_MARK + json.dumps(asdict(found), ensure_ascii=False), flush=True)
    return found


def parse_result(line: str) -> Result | None:
    if not line.startswith(RESULT_MARK):
        return None
    return Result(**json.loads(line[len(RESULT_MARK):]))


def samples() -> list[Path]:
    """The shipped sample plans, sorted by name."""
    found = sorted(SAMPLES.glob("*.gpudesk"))
    if not found:
        raise SystemExit(f"no sample plans in {SAMPLES}")
    return found


def largest_sample() -> Path:
    """The sample with the most content (bytes of its plan file): the bank's three-phase LLM plan today."""
    return max(samples(), key=lambda p: (p.stat().st_size, p.name))


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def p90(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def time_process(command: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None,
                 timeout: float = 300.0) -> float:
    """Wall seconds from spawning ``command`` to its exit; RuntimeError when it fails."""
    started = time.perf_counter()
    done = subprocess.run(list(command), env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-1500:]}")
    return elapsed


def time_process_cpu(command: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None,
                     timeout: float = 300.0) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system of the process and its children) from spawn to exit. On a shared
    machine the wall time includes waiting for a core; the CPU time is what the command itself costs."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time_process(command, env=env, cwd=cwd, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def gpudesk_command() -> list[str]:
    """The `gpudesk` console script next to this interpreter (what a user runs), else ``python -m gpudesk``."""
    script = Path(sys.executable).with_name("gpudesk.exe" if os.name == "nt" else "gpudesk")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "gpudesk"]


def times(ratio: float, baseline: str) -> str:
    return f"{ratio:.2f}× {baseline}"
