"""Parse MLPerf power logs: a node's mean input power over a Training timed run or an Inference power window.

An MLPerf power submission ships, per run, the result log (``result_N.txt``: ``run_start`` / ``run_stop``) and one
power log per node (``power/result_N/node_K.txt``): ``power_reading`` points in W, one a second, from the meter at
the node's AC input (``conversion_eff`` names the AC/DC efficiency the submitter states; it is not applied here,
since the catalog's server maximum is input power too). The timed window is run_start ≤ t ≤ run_stop; readings
outside it (the meter starts before run_start and stops after run_stop) are left out, and a reading the meter wrote
twice (same time, same value, as in Dell's v4.1 logs) counts once.

The session that built ``data/mlperf_training_power_2026-12-02.json`` read the stored logs page by page and applied
exactly this rule; the raw logs are not stored here. ``window_mean`` reproduces a row from a fresh copy of the two
files (``python tests/validation/mlperf_power_log.py result_0.txt power/result_0/node_0.txt``).

An MLPerf Inference power run ships loadgen's ``mlperf_log_detail.txt`` (``power_begin`` / ``power_end``, local time
as ``MM-DD-YYYY HH:MM:SS.fff``) and the analyzer's ``spl.txt`` (one line a second:
``Time,<same format>,Watts,<W>,...``, the total of the meter's channels first). ``spl_window_mean`` keeps the
readings with power_begin ≤ time ≤ power_end, the window MLCommons' power checker uses
(``data/mlperf_inference_power_2026-12-02.json`` was built by that rule;
``python tests/validation/mlperf_power_log.py --spl mlperf_log_detail.txt spl.txt``).
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
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


_SPL_TIME = "%m-%d-%Y %H:%M:%S.%f"


def power_window(detail_text: str) -> tuple[datetime, datetime]:
    """(power_begin, power_end) from an MLPerf Inference mlperf_log_detail.txt."""
    marks = {e["key"]: datetime.strptime(e["value"], _SPL_TIME) for e in _events(detail_text)
             if e["key"] in ("power_begin", "power_end")}
    return marks["power_begin"], marks["power_end"]


def spl_window_mean(detail_text: str, spl_text: str) -> dict[str, float]:
    """Mean power (W) of an MLPerf Inference spl.txt's readings inside power_begin..power_end, their count and the
    window's length (s)."""
    begin, end = power_window(detail_text)
    watts = []
    for line in spl_text.splitlines():
        f = line.split(",")
        if len(f) > 3 and f[0] == "Time" and f[2] == "Watts" and begin <= datetime.strptime(f[1], _SPL_TIME) <= end:
            watts.append(float(f[3]))
    if not watts:
        raise ValueError("no spl.txt reading inside power_begin..power_end")
    return {"window_s": (end - begin).total_seconds(), "readings": len(watts), "mean_w": sum(watts) / len(watts)}


if __name__ == "__main__":  # pragma: no cover - a helper for re-reading a fresh copy of the logs
    spl = sys.argv[1] == "--spl"
    args = sys.argv[2:] if spl else sys.argv[1:]
    with open(args[0], encoding="utf-8") as r, open(args[1], encoding="utf-8") as p:
        print(json.dumps((spl_window_mean if spl else window_mean)(r.read(), p.read()), indent=1))
