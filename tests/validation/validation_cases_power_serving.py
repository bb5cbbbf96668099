"""System power of an inference node, from MLPerf Inference power logs: the node's mean input power over the run.

Source: NVIDIA's MLPerf Inference v4.0 power submission (closed division, MaxQ), one DGX H100 (8 × H100 SXM 80 GB,
air-cooled) with TensorRT 9.3.0; each benchmark's MaxQ configuration caps every GPU (``power_limit``). Llama 2 70B
(99.9% accuracy), Offline and Server: four tensor-parallel-2 engines in FP8 at batch 896 (Server 1,024, 54 queries/s
scheduled), GPUs capped at 450 W. Stable Diffusion XL, Offline: one engine per GPU, int8, batch 8, GPUs capped at
350 W. The analyzer's per-second
readings at the node's AC input (``spl.txt``) inside loadgen's power window (``power_begin`` .. ``power_end`` of
``mlperf_log_detail.txt``) are averaged; the parsed figures with their paths, commit and date read are in
``data/mlperf_inference_power_2026-12-02.json`` and the rule is ``mlperf_power_log.spl_window_mean``.

gpudesk = ``power.server_kw`` of the plan that describes the run: the catalog's ``dgx-h100`` row (the same server)
with ``hardware.gpu_power_limit_w`` set to the run's cap, its peak held throughout (the runs serve at their peak;
peak_factor 1). Llama 2 70B is an llm_inference plan: llama-2-70b at TP2 (the engines'), FP8 weights, KV cache and
math (use_fp8), the run's mean output (its tokens/s ÷ samples/s, 292 tokens), the plan's default 1,024-token
prompt (no mean input of the OpenOrca subset is published; 1,024 is the task's bound), Offline with no latency
target or Server at the round's P99 targets (TTFT 2 s, TPOT 200 ms); its power is drawn from its serving
iteration (core/power_draw.py serving_draw: the compute-bound share at the busy draw, the memory-bound share at
GPU_MEMORY_BOUND_POWER_SHARE, the rest near idle). A diffusion_inference plan for SDXL cannot be built today (the
catalog's sdxl-base row has no FLOPs per step, so its throughput is unknown and the plan is refused); its power
figure does not depend on the throughput, so the case reads the same power model at the load factor a
diffusion_inference plan takes (TRAINING_POWER_LOAD). No power constant comes from these cases.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from validation_catalog import catalog
from validation_power_model import mlperf_citation, server_row

from gpudesk.catalog.records import Accelerator
from gpudesk.core.constants import TRAINING_POWER_LOAD
from gpudesk.core.derived_servers import power_limited
from gpudesk.core.explain import FigureSet
from gpudesk.core.power import PowerInputs, power_figures
from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan

DATA = Path(__file__).resolve().parent / "data" / "mlperf_inference_power_2026-12-02.json"


@dataclass(frozen=True)
class ServingPowerCase:
    id: str
    citation: str
    server_id: str
    gpu_power_limit_w: float
    measured: float  # kW, mean AC input power of the node over the power window
    steady_kw: float  # kW, the same without the first 21 s and the last 8 s (ramp up, queries draining)
    window_s: float
    tp: int
    plan_kind: str  # llm_inference | diffusion_inference
    benchmark: str
    scenario: str  # Offline | Server
    note: str
    output_tokens: int = 0  # the run's mean output (tokens/s ÷ samples/s); LLM runs only
    ttft_ms: float = 0.0  # the round's P99 targets (Server); 0 = none
    tpot_ms: float = 0.0

    def accelerator(self) -> Accelerator:
        return server_row(self.server_id)[1]


def _seconds(stamp: str) -> float:
    h, m, s = stamp.split(" ")[1].split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def _load() -> list[ServingPowerCase]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    cases = []
    for r in data["runs"]:
        src = data["sources"][r["source"]]
        citation = mlperf_citation(src, r["power_log"], r["detail_log"])
        window_s = _seconds(r["power_end"]) - _seconds(r["power_begin"])
        note = (f"{src['server']}, GPUs capped at {r['gpu_power_limit_w']} W, the catalog's {r['server_id']} row; "
                f"{r['benchmark']} {r['scenario']}, TP{r['tp']} engines; {r['readings']} readings over "
                f"{window_s:.0f} s, "
                f"mean {r['mean_ac_w']:,.0f} W AC (steady part {r['steady_mean_ac_w']:,.0f} W); {r['throughput']}")
        cases.append(ServingPowerCase(
            id=r["id"], citation=citation, server_id=r["server_id"], gpu_power_limit_w=float(r["gpu_power_limit_w"]),
            measured=r["mean_ac_w"] / 1e3, steady_kw=r["steady_mean_ac_w"] / 1e3, window_s=window_s, tp=r["tp"],
            plan_kind=r["plan_kind"], benchmark=r["benchmark"], scenario=r["scenario"], note=note,
            output_tokens=round(r["tokens_per_s"] / r["samples_per_s"]) if "tokens_per_s" in r else 0,
            ttft_ms=float(r.get("ttft_ms", 0)), tpot_ms=float(r.get("tpot_ms", 0))))
    return cases


SERVING_POWER_CASES = _load()


def serving_plan(case: ServingPowerCase, capped: bool = True) -> Project:
    """The llm_inference plan that describes an LLM run (module docstring), its GPUs capped as the run's (or,
    with ``capped=False``, at their TDP)."""
    project = Project()
    phase = project.phases[0]
    w = phase.workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.peak_factor = "llm_inference", "llama-2-70b", case.tp, 1
    w.serving_scenario = case.scenario.lower()
    w.compute_dtype = w.weight_dtype = w.kv_dtype = "fp8"
    w.output_tokens = case.output_tokens
    if case.ttft_ms:
        w.latency_percentile, w.ttft_ms, w.ttft_p50_ms, w.tpot_ms = "p99", case.ttft_ms, 0, case.tpot_ms
    phase.hardware.accelerator_id, phase.hardware.server_id, phase.hardware.nodes = "h100-sxm", case.server_id, 1
    phase.hardware.gpu_power_limit_w = case.gpu_power_limit_w if capped else 0.0
    phase.delivery.mode = "private"  # owned: the power figures are the plan's own
    return project


def serving_server_power(case: ServingPowerCase, capped: bool = True) -> FigureSet:
    """The power figures of one serving server at its peak, its GPUs capped as the run capped them (or, with
    ``capped=False``, at their TDP): the plan's for an LLM run, the power model's at the diffusion_inference load
    factor for SDXL."""
    if case.plan_kind == "llm_inference":
        return estimate_plan(serving_plan(case, capped), catalog()).phases[0].figures
    server, acc = server_row(case.server_id)
    limit = case.gpu_power_limit_w if capped else 0.0
    return power_figures(PowerInputs(
        server=power_limited(server, acc, limit), servers=1, rack_power_limit_kw=40.0, electricity_per_kwh=0.1,
        grid_co2_kg_per_kwh=0.5, load_factor=TRAINING_POWER_LOAD.value, accelerator_tdp_w=acc.tdp_w,
        gpu_power_limit_w=limit, server_max_capped=capped))


def predict_serving_power(case: ServingPowerCase) -> tuple[float, str]:
    """gpudesk's server power while serving at the sized peak (kW per server) and what it assumed."""
    fs = serving_server_power(case)
    head = (f"gpudesk: {case.server_id} with GPUs capped at {case.gpu_power_limit_w:g} W (maximum "
            f"{fs.value_at('power.server_max_kw', 0):.1f} kW, idle {fs.value_at('power.server_idle_kw', 0):.2f} kW "
            "estimated)")
    if case.plan_kind != "llm_inference":
        return fs.value_at("power.server_kw", 0), (
            f"{head}, {case.plan_kind} load factor {fs.value_at('power.load_factor', 0):.2f} ({case.scenario}: the "
            "plan's peak held throughout)")
    targets = (f"P99 TTFT {case.ttft_ms / 1000:g} s, TPOT {case.tpot_ms:g} ms" if case.ttft_ms
               else "no latency target")
    return fs.value_at("power.server_kw", 0), (
        f"{head}; llm_inference llama-2-70b TP{case.tp}, fp8, prompt 1,024 (plan default) and output "
        f"{case.output_tokens} tokens, {case.scenario} ({targets}), peak held throughout: batch "
        f"{fs.value_at('infer.concurrency', 0):.0f} per replica, iteration {fs.value_at('infer.tpot_s', 0) * 1e3:.0f} ms "
        f"bound {fs.value_at('power.compute_bound_share', 0):.0%} by compute and "
        f"{fs.value_at('power.memory_bound_share', 0):.0%} by memory reads; rest of the server "
        f"{fs.value_at('power.host_kw', 0):.2f} kW + 8 GPUs at {fs.value_at('power.gpu_serving_kw', 0) * 1e3:.0f} W")


def findings(results: list) -> list[str]:
    """The inference power-log paragraph of docs/validation.md, from this run's results."""
    rows = {r.id: r for r in results if r.id in {c.id for c in SERVING_POWER_CASES}}
    parts = []
    llm = next(c for c in SERVING_POWER_CASES if c.plan_kind == "llm_inference")
    fs = serving_server_power(llm)
    idle = fs.value_at("power.server_idle_kw", 0)
    for c in SERVING_POWER_CASES:
        uncapped = serving_server_power(c, capped=False).value_at("power.server_kw", 0)
        parts.append(f"{c.benchmark} {c.scenario} ({c.plan_kind}, GPUs capped at "
                     f"{c.gpu_power_limit_w:g} W) {c.measured:.2f} kW AC measured over {c.window_s:.0f} s, gpudesk "
                     f"{rows[c.id].predicted:.2f} kW ({rows[c.id].error:+.0%}; without the cap {uncapped:.2f} kW, "
                     f"{uncapped / c.measured - 1:+.0%})")
    return [
        f"* **System power while serving, MLPerf Inference power logs** ({len(rows)} held-out cases; "
        "`tests/validation/validation_cases_power_serving.py`, parsed figures with their source in "
        "`tests/validation/data/mlperf_inference_power_2026-12-02.json`): NVIDIA's v4.0 MaxQ submission, one "
        f"air-cooled DGX H100 (the catalog's dgx-h100 row): {'; '.join(parts)}. The plan that describes each "
        "run sets hardware.gpu_power_limit_w to the run's cap, which lowers the server's maximum by 8 × (700 W − cap). "
        "Since 2026-12-02 an LLM serving plan draws its power from its serving iteration (core/power_draw.py): the "
        "share bound by compute (prefill, compute-bound GEMMs and attention) at GPU_BUSY_POWER_SHARE of the TDP, "
        "the share bound by memory reads (weights and KV cache) at GPU_MEMORY_BOUND_POWER_SHARE (0.43: decode on "
        "H200 draws 137-300 W of 700 W, Ma et al. 2026; ML.ENERGY's H100 batch-1 anchor 300 W), the rest (collectives, "
        "kernel boundaries) near idle, each at most the cap; the Llama plans (FP8, TP2, the run's 292-token mean "
        "output, the default 1,024-token prompt since no mean input of the OpenOrca subset is published) reach "
        f"a batch of {fs.value_at('infer.concurrency', 0):.0f} per replica, the KV limit, whose iteration is "
        f"{fs.value_at('power.compute_bound_share', 0):.0%} compute-bound and "
        f"{fs.value_at('power.memory_bound_share', 0):.0%} memory-bound, so each GPU draws "
        f"{fs.value_at('power.gpu_serving_kw', 0) * 1e3:.0f} W under the 450 W cap (the MaxQ run's GPUs sat at "
        "it). Before, the fixed SERVING_PEAK_POWER_LOAD 0.7 (set without a measurement) gave 6.50 kW, +10% on both. "
        "SDXL keeps the load factor a diffusion_inference plan takes (TRAINING_POWER_LOAD 0.68; a plan for it is "
        "refused today: the catalog's sdxl-base row has no FLOPs per step): it holds 4.73-4.79 kW, about 2.5 kW over "
        "the node's idle, under the 8 × 350 W its GPUs may draw. Llama 2 70B holds 5.7-5.98 kW in both scenarios "
        "(the Server run schedules 54 queries/s, about nine tenths of the Offline rate, and draws the same). All are "
        "capped servers near full load: a MaxP (uncapped) submission has no power log, and no run here serves well "
        "below its peak, so the traffic scaling of the yearly energy (idle + (peak draw − idle) × average/peak "
        "traffic) is not tested. gpudesk estimates idle as a quarter of the uncapped maximum, "
        f"{idle:.2f} kW whatever the cap (a GPU power limit bounds the GPUs' draw under load, not their idle or the "
        "rest of the server: NVML nvmlDeviceGetPowerManagementLimit); the node drew 2.2-2.8 kW before the runs and "
        "2.2-2.3 kW after.",
    ]
