"""fio results, in the normal text output and with ``--output-format=json``.

Text output: per job (or per group with ``group_reporting``)::

    seqread: (groupid=0, jobs=8): err= 0: pid=22750: Tue Dec 17 00:17:58 2024
      read: IOPS=2850, BW=2850MiB/s (2989MB/s)(167GiB/60001msec)

and per group ``Run status group 0 (all jobs):`` followed by
``   READ: bw=2850MiB/s (2989MB/s), 2850MiB/s-2850MiB/s (...), io=167GiB (179GB), run=60001-60001msec``.
The group line gives bandwidth (binary units converted exactly); IOPS are summed over the
group's job lines. JSON: ``jobs[].read/write.bw_bytes`` (bytes/s) and ``iops``, summed per
``groupid``. fio 2.x ``aggrb=`` lines are reported as unsupported.
"""

from __future__ import annotations

import json
import re

from gpudesk.calibration.measurement import Measurement, ParseResult, Problem
from gpudesk.calibration.parsers.log_format import BYTES_PER_UNIT, LogFormat, to_count

NAME = "fio"
LABEL = "fio storage benchmark (text or JSON output)"
JOB = re.compile(r"^\S.*: \(groupid=(\d+), jobs=(\d+)\): err=\s*(\d+)")
JOB_RW = re.compile(r"^\s+(read|write)\s*: IOPS=([\d.]+[kKmM]?), BW=([\d.]+)\s*([KMGT]i?B|[kMGT]B|B)/s")
GROUP = re.compile(r"^Run status group (\d+) \(all jobs\):")
GROUP_RW = re.compile(r"^\s+(READ|WRITE): bw=([\d.]+)\s*([KMGT]i?B|[kMGT]B|B)/s")


def sniff(lines: list[str], filename: str = "") -> int:
    score = sum(2 for line in lines if JOB.match(line) or GROUP.match(line))
    head = "\n".join(lines[:40])
    if '"fio version"' in head:
        score += 10
    return score


def _gbs(amount: str, unit: str) -> float:
    return float(amount) * BYTES_PER_UNIT[unit] / 1e9


def _parse_json(text: str, source: str, result: ParseResult) -> None:
    start = text.find("{")
    try:
        document, _ = json.JSONDecoder().raw_decode(text[start:])
    except (ValueError, json.JSONDecodeError) as exc:
        result.problems.append(Problem(0, f"fio JSON not readable: {exc}"))
        return
    groups: dict[int, dict[str, float]] = {}
    for job in document.get("jobs", []):
        group = groups.setdefault(int(job.get("groupid", 0)), {"jobs": 0.0})
        group["jobs"] += 1
        if job.get("error"):
            result.problems.append(Problem(0, f"job {job.get('jobname')!r} ended with error {job['error']}"))
        for direction in ("read", "write"):
            stats = job.get(direction) or {}
            if stats.get("io_bytes", 0) or stats.get("bw_bytes", 0):
                group[f"{direction}_gbs"] = group.get(f"{direction}_gbs", 0.0) + float(stats.get("bw_bytes", 0)) / 1e9
                group[f"{direction}_iops"] = group.get(f"{direction}_iops", 0.0) + float(stats.get("iops", 0.0))
    for group_id, group in sorted(groups.items()):
        values = {k: v for k, v in group.items() if k != "jobs"}
        if values:
            conditions = {"group": float(group_id), "jobs": group["jobs"]}
            result.measurements.append(Measurement("io_throughput", values, conditions, source, 1, NAME))


def parse(lines: list[str], source_name: str = "") -> ParseResult:
    result = ParseResult(NAME, LABEL, source_name, lines_read=len(lines))
    text = "\n".join(lines)
    if '"fio version"' in text and '"jobs"' in text:
        _parse_json(text, source_name, result)
        return result
    jobs: dict[int, dict[str, float]] = {}
    group_values: dict[int, dict[str, float]] = {}
    first_line: dict[int, int] = {}
    current_job_group = -1
    current_status_group = -1
    for number, line in enumerate(lines, start=1):
        job = JOB.match(line)
        if job:
            current_job_group, current_status_group = int(job.group(1)), -1
            group = jobs.setdefault(current_job_group, {"jobs": 0.0})
            group["jobs"] += float(job.group(2))
            first_line.setdefault(current_job_group, number)
            if job.group(3) != "0":
                result.problems.append(Problem(number, f"job ended with err={job.group(3)}", line.strip()))
            continue
        status = GROUP.match(line)
        if status:
            current_status_group = int(status.group(1))
            continue
        if "aggrb=" in line:
            result.problems.append(Problem(number, "fio 2.x 'aggrb=' summary is not supported; rerun with fio 3", line.strip()))
            continue
        if current_status_group >= 0 and (rw := GROUP_RW.match(line)):
            group_values.setdefault(current_status_group, {})[f"{rw.group(1).lower()}_gbs"] = _gbs(rw.group(2), rw.group(3))
            continue
        if re.match(r"^\s+(read|write)\s*: IOPS=", line) and current_job_group >= 0:
            rw = JOB_RW.match(line)
            if not rw:
                result.problems.append(Problem(number, "read/write line without 'IOPS=..., BW=...'", line.strip()))
                continue
            group = jobs[current_job_group]
            group[f"{rw.group(1)}_iops"] = group.get(f"{rw.group(1)}_iops", 0.0) + to_count(rw.group(2))
            group[f"{rw.group(1)}_job_gbs"] = group.get(f"{rw.group(1)}_job_gbs", 0.0) + _gbs(rw.group(3), rw.group(4))
    for group_id, group in sorted(jobs.items()):
        values = {k: v for k, v in group.items() if k.endswith("_iops")}
        for direction in ("read", "write"):
            total = group_values.get(group_id, {}).get(f"{direction}_gbs", group.get(f"{direction}_job_gbs"))
            if total is not None:
                values[f"{direction}_gbs"] = total
        if values:
            conditions = {"group": float(group_id), "jobs": group["jobs"]}
            result.measurements.append(Measurement("io_throughput", values, conditions, source_name, first_line[group_id], NAME))
    return result


LOG_FORMAT = LogFormat(NAME, LABEL, sniff, parse)
