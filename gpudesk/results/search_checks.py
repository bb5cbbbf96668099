"""What the search adds to a phase's checks, and where the plan's own configuration sits on the trade-off chart."""

from __future__ import annotations

import math
from collections.abc import Callable

from gpudesk.core.accuracy import (
    PIPELINE_SERVING_GROUP,
    amd_cdna3_serving_numbers,
    attention_dp_numbers,
    attention_dp_workloads,
    replica_layouts,
)
from gpudesk.core.checks import Check
from gpudesk.core.digits import percent_text
from gpudesk.core.phase_search import PhaseSearch
from gpudesk.core.search_candidates import layout_line
from gpudesk.core.search_levers import defaulted_target
from gpudesk.core.search_points import SearchPoint
from gpudesk.core.search_words import amd_cdna3_caveat, attention_dp, pipeline_caveat
from gpudesk.core.serving_load import daily_requests, peak_rate
from gpudesk.vocabulary.sizing import BINDING

DAYS_PER_MONTH = 365.0 / 12.0


def search_checks(found: PhaseSearch | None, estimate, own_checks: list[Check]) -> list[Check]:  # type: ignore[no-untyped-def]
    """The search's way out of a blocked plan (:func:`suggestion`) and the warning of a recommendation it cannot
    vouch for (:func:`attention_dp_check`, :func:`amd_cdna3_check`); ``own_checks``: the phase's checks before
    them: a check that read the phase's checks as they stood saw none when the search ran with the estimate,
    ``estimate_plan(search=True)``, and the search-less ones when it ran later, as the window and the command line
    run it)."""
    return suggestion(found, estimate, own_checks) + attention_dp_check(found, estimate) \
        + pipeline_check(found, estimate) + amd_cdna3_check(found, own_checks)


def suggestion(found: PhaseSearch | None, estimate, own_checks: list[Check]) -> list[Check]:  # type: ignore[no-untyped-def]
    """A plan blocked at its own configuration (a blocker before step 3 among ``own_checks``, or its row
    infeasible) names the searched configuration that meets every target, so a blocked default layout is never
    left without a way out."""
    if found is None or found.recommended is None:
        return []
    blocked = [c for c in own_checks if c.severity == "blocker" and c.step in ("task", "gpu")]
    own = next((c for c in estimate.candidates if c.pinned), None)
    if not blocked and (own is None or own.fits):
        return []
    rec = found.recommended
    config = _neutral(rec)
    why = BINDING.name_of(found.binding, "en")
    workloads = estimate.context.phase.workloads if estimate.context is not None else []
    default = defaulted_target(found.binding, workloads[found.plan_workload]) \
        if found.plan_workload < len(workloads) else None
    unit, value = default if default is not None else ("no", 0.0)
    if default is not None:  # the target that binds was never given: say so where the way out is offered
        why += f"; a default of {value:,g} {unit}, not from the brief: set it from the brief"
    own = next((p for p in found.per_accelerator if p.accelerator_id == found.plan_accelerator and p.feasible), None)
    own_text = _neutral(own) if own is not None and own.index != rec.index else ""
    return [Check(
        "search.suggestion", "warning", "gpu", "The search found a configuration that meets every target",
        f"The plan's own configuration cannot meet its targets; the configuration search ({found.total:,} "
        f"configurations, {found.feasible:,} meet every target) recommends {config} (binding constraint: {why})"
        + (f"; on the plan's own accelerator: {own_text}." if own_text else "."),
        "Pin the recommended configuration in step 2 (Recommended configurations), or change the layout, precision "
        "or accelerator it names.",
        ("plan.gpus",), {"configuration": config, "binding": found.binding,
                         "binding_default": unit, "binding_value": value, "configurations": found.total,
                         "feasible": found.feasible, "own": own_text or "—"},
    )]


def attention_dp_check(found: PhaseSearch | None, estimate) -> list[Check]:  # type: ignore[no-untyped-def]
    """The search recommends an MoE layout with attention data-parallel that the plan does not run itself (the
    plan's own layout has its warning, serving.moe_attention_dp_optimistic): the same band and shortfall, so the
    window's checks, the proposal's risks and the comparison carry it wherever the recommendation is shown."""
    rec = found.recommended if found is not None else None
    band = attention_dp_numbers()
    if rec is None or band is None or not attention_dp(rec):
        return []
    if any(attention_dp_workloads(estimate.figures, 1)):  # the plan's own layout: its own warning says it
        return []
    groups = rec.layout["ep"] / rec.layout.get("tp", 1.0)
    return [Check(
        "search.attention_dp_recommended", "warning", "gpu",
        "The recommended configuration runs attention data-parallel: throughput uncertain",
        f"The configuration search recommends {_neutral(rec)}, whose attention runs data-parallel in {groups:,.0f} "
        f"groups (no tensor-parallel-attention layout meets the targets in its market tier). On the "
        f"{band['cases']:,.0f} published runs of this layout the measured throughput differed from gpudesk's by {percent_text(band['low_pct'] / 100.0, signed=True)} to "
        f"{percent_text(band['high_pct'] / 100.0, signed=True)} (80% band), so it may need up to "
        f"{band['short']:.1f}× the GPUs gpudesk sizes.",
        "Size with the low end of the band, or calibrate with a pilot run of this layout before quoting it.",
        ("plan.gpus",), {"configuration": _neutral(rec), "groups": groups, "cases": band["cases"],
                         "low_pct": band["low_pct"], "high_pct": band["high_pct"], "short": band["short"]},
    )]


def pipeline_check(found: PhaseSearch | None, estimate) -> list[Check]:  # type: ignore[no-untyped-def]
    """The search recommends a serving layout with pipeline stages while the plan's own replica has none (a plan
    with stages has its own warning, serving.pipeline_uncertain): the band of the published runs with pipeline
    stages and the shortfall it implies, wherever the recommendation is shown."""
    rec = found.recommended if found is not None else None
    caveat = pipeline_caveat(rec) if rec is not None else None
    if rec is None or caveat is None or any(PIPELINE_SERVING_GROUP in g for g in replica_layouts(estimate.figures, 1)):
        return []
    band = caveat.numbers
    numbers = {"configuration": _neutral(rec), "pp": band["pp"], "cases": band["cases"], "low_pct": band["low_pct"],
               "high_pct": band["high_pct"], "short": band["short"]}
    return [Check(
        "search.pipeline_recommended", "warning", "gpu",
        "The recommended configuration runs pipeline stages: throughput uncertain",
        f"The configuration search recommends {_neutral(rec)}, whose replica runs {numbers['pp']:,.0f} pipeline "
        f"stages. On the {numbers['cases']:,.0f} published serving runs with pipeline stages the measured throughput "
        f"differed from gpudesk's by {percent_text(numbers['low_pct'] / 100.0, signed=True)} to "
        f"{percent_text(numbers['high_pct'] / 100.0, signed=True)} (80% band), so it may need up to "
        f"{numbers['short']:.1f}× the GPUs gpudesk sizes.",
        "Prefer tensor parallel within an NVLink domain; on PCIe cards size with the low end of the band, or "
        "calibrate with a pilot run of this layout before quoting it.",
        ("plan.gpus",), numbers,
    )]


def amd_cdna3_check(found: PhaseSearch | None, own_checks: list[Check]) -> list[Check]:
    """The search recommends serving on an AMD CDNA3 accelerator the plan does not use itself (a plan on CDNA3 has
    its own warning, serving.amd_cdna3_optimistic): AMD's published MI300X runs measured a fraction of gpudesk's
    throughput, so the window's checks, the proposal's risks and the comparison carry it with the recommendation."""
    rec = found.recommended if found is not None else None
    if rec is None or found is None:
        return []
    family = found.families.get(rec.accelerator_id, "")
    if amd_cdna3_caveat(rec, family) is None or any(c.id == "serving.amd_cdna3_optimistic" for c in own_checks):
        return []
    runs = amd_cdna3_serving_numbers(family) or {}
    numbers = {"configuration": _neutral(rec), "runs": runs["runs"], "low_pct": runs["low_pct"],
               "high_pct": runs["high_pct"], "short_low": runs["short_low"], "short_high": runs["short_high"]}
    return [Check(
        "search.amd_cdna3_recommended", "warning", "gpu",
        "The recommended configuration serves on an AMD CDNA3 accelerator: throughput likely overstated",
        f"The configuration search recommends {_neutral(rec)}. On AMD's {numbers['runs']:,.0f} published serving "
        f"runs on MI300X (vLLM 0.9.1 on ROCm 6.4.1) the measured throughput was {numbers['low_pct']:.0f}% to "
        f"{numbers['high_pct']:.0f}% of gpudesk's estimate, too few runs for an 80% band, so it may need "
        f"{numbers['short_low']:.1f}× to {numbers['short_high']:.1f}× the GPUs gpudesk sizes.",
        "Calibrate with a pilot run on this accelerator before quoting it, or size with the measured share.",
        ("plan.gpus",), numbers,
    )]


def _neutral(p: SearchPoint) -> str:
    """A configuration in names that read the same in every language: 'H100 SXM × 16 · FP8 · TP4 × DP4'."""
    return f"{p.accelerator_name} × {p.gpus:,} · {layout_line(p)}"


def ledger_y(found: PhaseSearch | None, estimate) -> Callable[[float], float] | None:  # type: ignore[no-untyped-def]
    """A ledger's total over the horizon in the trade-off chart's y (None without a search): serving, spread over
    the output tokens the horizon serves (cost per million output tokens); training, the total itself. Every point
    of the chart and the plan's own marker go through this one conversion."""
    if found is None:
        return None
    if found.family != "serving":
        return lambda cost: cost
    w = estimate.context.phase.workloads[0]
    daily = daily_requests(w)
    tokens = (daily * DAYS_PER_MONTH if daily > 0 else peak_rate(w) * 3600.0 * 730.0) * w.output_tokens
    months = found.rent_months or max(found.horizon_years, 1) * 12.0  # the months the ledger's total covers
    return lambda cost: cost / months / tokens * 1e6 if tokens > 0 else math.nan


def plan_xy(found: PhaseSearch | None, estimate) -> tuple[float, float] | None:  # type: ignore[no-untyped-def]
    """The plan's own configuration in the trade-off chart's coordinates (None when it cannot be placed): its
    performance (serving: tokens/s per user; training: days to train, the chart's x) and its ledger's total in the
    chart's y (:func:`ledger_y`)."""
    to_y = ledger_y(found, estimate)
    if found is None or to_y is None:
        return None
    own = next((c for c in estimate.candidates if c.pinned), None)
    unit = "tokens/s/user" if found.family == "serving" else "days"
    if own is None or not math.isfinite(own.cost) or own.time_or_throughput_unit != unit:
        return None
    return own.time_or_throughput, to_y(own.cost)
