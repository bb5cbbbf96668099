"""A serving workload's load and targets in business terms, and the serving model's inputs built from them.

The customer states a daily volume arriving over some busy hours with a peak factor, or the peak rate itself;
latency targets hold at a chosen percentile (P50/P90/P95/P99); request lengths have a mean and a spread. The
plan's own sizing and the configuration search (core/config_search.py) build their serving inputs here, so a
configuration the search finds is sized the same way once it is pinned.
"""

from __future__ import annotations

from typing import Any

from gpudesk.catalog.records import ModelArch
from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.project.model import Workload
from gpudesk.vocabulary.serving import PERCENTILE

SECONDS_PER_HOUR = 3600.0


def percentile_level(w: Workload) -> float:
    """0.95 for a P95 target."""
    return float(PERCENTILE.term(w.latency_percentile).level)


def peak_rate(w: Workload) -> float:
    """Requests/s at the peak: the stated peak rate, else the busy hours' average × the peak factor (offline
    batch work: the day's average rate)."""
    if w.serving_scenario == "offline":
        return daily_requests(w) / (24.0 * SECONDS_PER_HOUR)
    if w.peak_requests_per_s > 0:
        return float(w.peak_requests_per_s)
    return w.requests_per_day / (w.busy_hours_per_day * SECONDS_PER_HOUR) * w.peak_factor


def daily_requests(w: Workload) -> float:
    """Requests a day: the stated volume, else derived from a stated peak rate (busy hours at peak / factor)."""
    if w.requests_per_day > 0 or w.peak_requests_per_s <= 0:
        return float(w.requests_per_day)
    return w.peak_requests_per_s * w.busy_hours_per_day * SECONDS_PER_HOUR / w.peak_factor


def record_load(fs: FigureSet, w: Workload) -> float:
    """``serve.*`` figures: how the peak rate follows from what the customer said. Returns the peak rate."""
    stated_peak = w.peak_requests_per_s > 0
    hours = fs.input("serve.busy_hours", float(w.busy_hours_per_day), "h", "hours a day the volume arrives in",
                     "user input (busy_hours_per_day)")
    factor = fs.input("serve.peak_factor", float(w.peak_factor), "x", "peak over the busy hours' average",
                      "user input (peak_factor)")
    if stated_peak:
        rate = fs.input("serve.peak_rate", float(w.peak_requests_per_s), "requests/s", "peak request rate",
                        "user input (peak_requests_per_s)")
        if w.requests_per_day > 0:
            fs.input("serve.requests_per_day", float(w.requests_per_day), "requests/day", "requests per day",
                     "user input (requests_per_day)")
        else:
            fs.add("serve.requests_per_day", daily_requests(w), "requests/day", "requests per day (derived)",
                   "peak rate × busy hours × 3,600 / peak factor", ["serve.peak_rate", "serve.busy_hours",
                                                                    "serve.peak_factor"])
    else:
        daily = fs.input("serve.requests_per_day", float(w.requests_per_day), "requests/day", "requests per day",
                         "user input (requests_per_day)")
        rate = fs.add("serve.peak_rate", daily / (hours * SECONDS_PER_HOUR) * factor, "requests/s",
                      "peak request rate", "requests per day / (busy hours × 3,600) × peak factor",
                      ["serve.requests_per_day", "serve.busy_hours", "serve.peak_factor"])
    if w.serving_scenario == "offline":  # batch work runs at the day's average rate, no latency target
        rate = fs.add("serve.offline_rate", peak_rate(w), "requests/s", "average request rate (offline work)",
                      "requests per day / 86,400 (offline scenario: batch work at the day's average)",
                      ["serve.requests_per_day"])
    if w.users > 0:
        users = fs.input("serve.users", float(w.users), "people", "people served", "user input (users)")
        fs.add("serve.requests_per_user_per_day", fs["serve.requests_per_day"] / users, "requests/day",
               "requests per person per day", "requests per day / people served",
               ["serve.requests_per_day", "serve.users"])
        fs.add("serve.peak_seconds_between_requests", users / rate if rate > 0 else float("nan"), "s",
               "seconds between one person's requests at the peak", "people served / peak rate",
               ["serve.users", "serve.peak_rate"])
    return float(rate)


def serving_inputs(model: ModelArch, w: Workload, hw: HardwareArrays, rate: Any, *,
                   calibration: CalibrationScales | None = None, **override: Any) -> InferenceInputs:
    """The serving model's inputs for workload ``w`` on ``hw``; ``override`` replaces layout, precision, batch or
    disaggregation (what the search varies)."""
    p = w.parallel
    values: dict[str, Any] = dict(
        model=model, hardware=hw, weight_dtype=w.weight_dtype, kv_dtype=w.kv_dtype,
        compute_dtype=None if w.compute_dtype == w.weight_dtype else w.compute_dtype,
        prompt_tokens=w.prompt_tokens, output_tokens=w.output_tokens, prompt_sd=w.prompt_tokens_sd,
        output_sd=w.output_tokens_sd, concurrency=w.concurrency, tp=p.tp, pp=p.pp, ep=p.ep, request_rate=rate,
        percentile=percentile_level(w), ttft_target_s=w.ttft_p50_ms / 1000.0, ttft_tail_target_s=w.ttft_ms / 1000.0,
        tpot_target_s=w.tpot_ms / 1000.0, e2e_target_s=w.e2e_ms / 1000.0, batching=w.batching,
        disaggregated=w.batching == "disaggregated", scenario=w.serving_scenario,
        serving_fraction=w.serving_memory_fraction, calibration=calibration, prompts_aligned=w.attention_dp_balance,
        adp_timeout_iters=w.attention_dp_timeout_iters, adp_batching_wait_iters=w.attention_dp_batching_wait_iters,
        kv_bucket_tokens=w.kv_bucket_tokens, max_tokens_per_iteration=w.max_tokens_per_iteration,
        fp8_context_attention=w.fp8_context_attention,
        flash_attention=p.flash_attention,
        engine_release=w.engine_release, length_dataset=w.length_dataset,
        # the pools' settings are the plan's disaggregated deployment's: under another batching they are left out
        # (serving.disaggregation_inputs_unread), and the search's disaggregated alternatives size their pools from
        # the rate, as a plan without them
        **({"prefill_tp": p.prefill_tp, "prefill_pool_gpus": p.prefill_pool_gpus,
            "decode_pool_gpus": p.decode_pool_gpus} if w.batching == "disaggregated" else {}),
    )
    values.update(override)
    if "disaggregated" in override:  # the search chooses aggregated or disaggregated: the batching mode follows
        aggregated = w.batching if w.batching != "disaggregated" else "continuous"
        values["batching"] = "disaggregated" if override["disaggregated"] else aggregated
    return InferenceInputs(**values)
