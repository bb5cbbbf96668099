"""Parse an MLPerf Training power log against its result log: the node's mean input power over the timed run.

An MLPerf power submission ships, per run, the result log (``result_N.txt``: ``run_start`` / ``run_stop``) and one
power log per node (``power/result_N/node_K.txt``): ``power_reading`` points in W, one a second, from the meter at
the node's AC input (``conversion_eff`` names the AC/DC efficiency the submitter states; it is not applied here,
since the catalog's server maximum is input power too). The timed window is run_start ≤ t ≤ run_stop; readings
outside it (the meter starts before run_start and stops after run_stop) are left out, and a reading the meter wrote
twice (same time, same value, as in Dell's v4.1 logs) counts once.

The session that built ``data/mlperf_training_power_2026-12-02.json`` read the stored logs page by page and applied
exactly this rule; the raw logs are not stored here. ``window_mean`` reproduces a row from a fresh copy of the two
files (``python tests/validation/mlperf_power_log.py result_0.txt power/result_0/node_0.txt``).
"""

from __future__ import annotations

import json
import sys
from typing import Any

_TAG = ":::MLLOG "


def _events(text: str) -> list[dict[str, Any]]:
    out = []
    for line in text.splitlines():
        at = line.find(_TAG)
        if at >= 0:
            out.append(json.loads(line[at + len(_TAG):]))
    return out


def run_window(result_text: str) -> tuple[int, int]:
    """(run_start, run_stop) in ms from a result log; the first rank's marks (every rank logs the same run)."""
    marks = {e["key"]: e["time_ms"] for e in reversed(_events(result_text)) if e["key"] in ("run_start", "run_stop")}
    return int(marks["run_start"]), int(marks["run_stop"])


def window_mean(result_text: str, power_text: str) -> dict[str, float]:
    """Mean power (W) of the readings inside the timed run, with their count and the run's length (s)."""
    start, stop = run_window(result_text)
    seen = {(e["time_ms"], float(e["value"])) for e in _events(power_text)
            if e["key"] == "power_reading" and start <= e["time_ms"] <= stop}
    watts = [w for _, w in sorted(seen)]
    if not watts:
        raise ValueError("no power_reading inside run_start..run_stop")
    return {"run_start_ms": start, "run_stop_ms": stop, "run_s": (stop - start) / 1e3, "readings": len(watts),
            "mean_w": sum(watts) / len(watts)}


if __name__ == "__main__":  # pragma: no cover - a helper for re-reading a fresh copy of the logs
    with open(sys.argv[1], encoding="utf-8") as r, open(sys.argv[2], encoding="utf-8") as p:
        print(json.dumps(window_mean(r.read(), p.read()), indent=1))
