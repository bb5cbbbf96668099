"""Plan format versions and the dict-to-dict steps between them.

Each step ``MIGRATIONS[n]`` turns a plan dict of schema ``n`` into one of
schema ``n + 1`` and is tested on a stored fixture of version ``n``
(``tests/project/fixtures/``). Steps never read files, never execute
anything and never mutate their input: they build new dicts. A plan from
a newer gpudesk is refused with :class:`NewerSchemaError` before anything
touches it.

History:

* **1** — single-plan layout: ``meta``, ``workload``, ``hardware``,
  ``storage``, ``network``, ``facility``, ``delivery``, ``costs`` at the
  top level; no phases, calibration or revisions.
* **2** — phased layout: those sections become ``phases[0]`` (with
  ``workloads = [workload]``); ``calibration``, ``revisions`` and
  ``catalog_snapshot`` added.
* **3** — plans say what was run: a workload's ``disaggregated`` flag becomes ``batching``
  (``"disaggregated"`` or the default ``"continuous"``); ``parallel.pipeline_schedule`` is added,
  ``"interleaved"`` where ``virtual_stages`` > 1, else ``"1f1b"``. New fields with defaults (power limit,
  overlap switches, low-precision recipe, serving scenario) need no step.
* **4** — quotation lines: each phase's ``costs`` gains ``vat_goods_pct``, ``vat_services_pct``,
  ``installation_per_server``, ``services_once``, ``licence`` and ``licence_per_unit_year``. A plan of
  format 3 was quoted without tax, installation, services or licence lines: the step states that
  (no VAT, no services, no licence) so its totals stay what they were; installation reads "not quoted
  yet" and asks for a quote.
* **5** — serving targets in business terms: the P99 time-to-first-token target ``ttft_p99_ms`` becomes
  ``ttft_ms`` held at ``latency_percentile`` ``"p99"``; a workload that had no explicit targets keeps the
  format-4 defaults (P50 1,000 ms, P99 3,000 ms). ``concurrency`` keeps its value, now read as the engine's
  maximum batch; a workload without one keeps the former default of 32 (0, "derived", is new in format 5).
  New fields (length spreads, peak rate, busy hours, end-to-end target, users, quantisation allowed, phase
  budget and site power limit) take their defaults, which leave a format-4 plan's estimate unchanged.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from gpudesk.project.errors import NewerSchemaError, ProjectValidationError
from gpudesk.project.model import SCHEMA_VERSION
from gpudesk.refusals import refusal
from gpudesk.value_description import describe

V1_PHASE_SECTIONS = ("hardware", "storage", "network", "facility", "delivery", "costs")


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Single plan → phased plan: the plan-level sections become the first phase."""
    out: dict[str, Any] = {}
    phase: dict[str, Any] = {}
    for key, value in data.items():
        if key == "workload":
            phase["workloads"] = [copy.deepcopy(value)]
        elif key in V1_PHASE_SECTIONS:
            phase[key] = copy.deepcopy(value)
        else:
            out[key] = copy.deepcopy(value)  # unknown keys stay where they were; validation names them
    out["phases"] = [phase]
    out["schema_version"] = 2
    return out


def _workload_v2_to_v3(workload: Any) -> Any:
    """Keys keep their order: ``batching`` where ``disaggregated`` was, ``pipeline_schedule`` after the stages."""
    if not isinstance(workload, dict):
        return copy.deepcopy(workload)  # validation names what is wrong
    out: dict[str, Any] = {}
    for key, value in workload.items():
        if key == "disaggregated":
            out["batching"] = "disaggregated" if value is True else "continuous"
        elif key == "parallel" and isinstance(value, dict) and "pipeline_schedule" not in value:
            stages = value.get("virtual_stages", 1)
            interleaved = isinstance(stages, (int, float)) and not isinstance(stages, bool) and stages > 1
            out[key] = {**copy.deepcopy(value), "pipeline_schedule": "interleaved" if interleaved else "1f1b"}
        else:
            out[key] = copy.deepcopy(value)
    return out


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Disaggregation flag → batching mode; pipeline schedule from the virtual stages."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "phases" and isinstance(value, list):
            out[key] = [{k: ([_workload_v2_to_v3(w) for w in v] if k == "workloads" and isinstance(v, list)
                             else copy.deepcopy(v)) for k, v in p.items()} if isinstance(p, dict)
                        else copy.deepcopy(p) for p in value]
        else:
            out[key] = copy.deepcopy(value)
    out["schema_version"] = 3
    return out


V3_QUOTATION_DEFAULTS = {
    "vat_goods_pct": 0.0,  # format 3 had no tax lines: keep the totals a saved plan printed
    "vat_services_pct": 0.0,
    "installation_per_server": -1.0,  # not quoted yet: an unpriced line, never a total change
    "services_once": 0.0,
    "licence": "none",
    "licence_per_unit_year": 0.0,
}


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Format 3 → 4: every phase's costs state the quotation lines a format-3 plan was quoted without."""
    out = copy.deepcopy(data)
    phases = out.get("phases")
    if isinstance(phases, list):
        for phase in phases:
            if not isinstance(phase, dict):
                continue  # validation names it
            costs = phase.setdefault("costs", {})
            if isinstance(costs, dict):
                for key, value in V3_QUOTATION_DEFAULTS.items():
                    costs.setdefault(key, value)
    out["schema_version"] = 4
    return out


V4_SERVING_DEFAULTS = {"ttft_p50_ms": 1000.0, "ttft_p99_ms": 3000.0, "concurrency": 32}


def _v4_workload(workload: Any) -> Any:
    if not isinstance(workload, dict):
        return copy.deepcopy(workload)  # validation names what is wrong with it
    out = {}
    for key, value in workload.items():
        if key == "ttft_p99_ms":
            out["ttft_ms"] = copy.deepcopy(value)
        else:
            out[key] = copy.deepcopy(value)
    out.setdefault("ttft_ms", V4_SERVING_DEFAULTS["ttft_p99_ms"])
    out.setdefault("ttft_p50_ms", V4_SERVING_DEFAULTS["ttft_p50_ms"])
    out.setdefault("concurrency", V4_SERVING_DEFAULTS["concurrency"])
    out["latency_percentile"] = "p99"
    return out


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Format 4 → 5: P99 TTFT target → a target at a chosen percentile (p99); the former defaults made explicit."""
    out = {key: copy.deepcopy(value) for key, value in data.items() if key != "phases"}
    phases = data.get("phases")
    if isinstance(phases, list):
        new_phases = []
        for phase in phases:
            if isinstance(phase, dict) and isinstance(phase.get("workloads"), list):
                phase = {**{k: copy.deepcopy(v) for k, v in phase.items() if k != "workloads"},
                         "workloads": [_v4_workload(w) for w in phase["workloads"]]}
            else:
                phase = copy.deepcopy(phase)
            new_phases.append(phase)
        out["phases"] = new_phases
    elif "phases" in data:
        out["phases"] = copy.deepcopy(phases)
    out["schema_version"] = 5
    return out


# schema n -> function producing schema n + 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
}


def schema_version_of(data: dict[str, Any]) -> int:
    """The declared format version of a plan dict; raises when it is absent or not a whole number ≥ 1."""
    if "schema_version" not in data:
        raise ProjectValidationError([("schema_version", refusal("plan.no_version"))])
    version = data["schema_version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise ProjectValidationError([("schema_version", refusal("field.expected_whole", got=describe(version)))])
    if version < 1:
        raise ProjectValidationError([("schema_version", refusal("field.below_min", value=version, bound=1, unit="",
                                                                       allowed="", why=""))])
    return version


def migrate(data: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """Bring a plan dict to the current schema.

    Returns ``(current_dict, migrated_from)`` where ``migrated_from`` is the
    original version, or ``None`` when the dict was already current (it is
    then returned as is). Raises :class:`NewerSchemaError` for plans from a
    newer gpudesk.
    """
    version = schema_version_of(data)
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(version, SCHEMA_VERSION)
    if version == SCHEMA_VERSION:
        return data, None
    current = data
    for step in range(version, SCHEMA_VERSION):
        current = MIGRATIONS[step](current)
        if current.get("schema_version") != step + 1:
            raise AssertionError(f"migration {step}->{step + 1} did not set schema_version")
    return current, version
