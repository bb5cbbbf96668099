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
with ``hardware.gpu_power_limit_w`` set to the run's cap, so its maximum drops by 8 × (700 W − cap), at the load
factor the plan's workload kind takes with its peak held throughout (the runs serve at their peak; peak_factor 1):
SERVING_PEAK_POWER_LOAD for llm_inference, TRAINING_POWER_LOAD for diffusion_inference. The Llama cases are exactly
what an llm_inference plan shows (tests/validation/test_validation_power_serving.py builds it). A diffusion_inference
plan for SDXL cannot be built today (the catalog's sdxl-base row has no FLOPs per step, so its throughput is
unknown and the plan is refused); its power figure does not depend on the throughput, so the case reads it from the
same power model. No power constant comes from these cases.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from validation_power_model import mlperf_citation, server_row

from gpudesk.catalog.records import Accelerator
from gpudesk.core.constants import SERVING_PEAK_POWER_LOAD, TRAINING_POWER_LOAD
from gpudesk.core.explain import FigureSet
from gpudesk.core.plan_resolve import power_limited
from gpudesk.core.power import PowerInputs, power_figures

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

    @property
    def load_factor(self) -> float:
        """The load factor the plan's workload kind takes at its peak (plan_workload / plan_workload_other)."""
        return (SERVING_PEAK_POWER_LOAD if self.plan_kind == "llm_inference" else TRAINING_POWER_LOAD).value

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
            plan_kind=r["plan_kind"], benchmark=r["benchmark"], scenario=r["scenario"], note=note))
    return cases


SERVING_POWER_CASES = _load()


def serving_server_power(case: ServingPowerCase, capped: bool = True) -> FigureSet:
    """The power figures of one serving server at its sized peak, its GPUs capped as the run capped them (or, with
    ``capped=False``, at their TDP)."""
    server, acc = server_row(case.server_id)
    limit = case.gpu_power_limit_w if capped else 0.0
    return power_figures(PowerInputs(
        server=power_limited(server, acc, limit), servers=1, rack_power_limit_kw=40.0, electricity_per_kwh=0.1,
        grid_co2_kg_per_kwh=0.5, load_factor=case.load_factor, accelerator_tdp_w=acc.tdp_w,
        gpu_power_limit_w=limit, server_max_capped=capped))


def predict_serving_power(case: ServingPowerCase) -> tuple[float, str]:
    """gpudesk's server power while serving at the sized peak (kW per server) and what it assumed."""
    fs = serving_server_power(case)
    return fs.value_at("power.server_kw", 0), (
        f"gpudesk: {case.server_id} with GPUs capped at {case.gpu_power_limit_w:g} W (maximum "
        f"{fs.value_at('power.server_max_kw', 0):.1f} kW, idle {fs.value_at('power.server_idle_kw', 0):.2f} kW "
        f"estimated), {case.plan_kind} load factor {fs.value_at('power.load_factor', 0):.2f} ({case.scenario}: the "
        "plan's peak held throughout)")


def findings(results: list) -> list[str]:
    """The inference power-log paragraph of docs/validation.md, from this run's results."""
    rows = {r.id: r for r in results if r.id in {c.id for c in SERVING_POWER_CASES}}
    parts = []
    idle = serving_server_power(SERVING_POWER_CASES[0]).value_at("power.server_idle_kw", 0)
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
        "run sets hardware.gpu_power_limit_w to the run's cap, which lowers the server's maximum by 8 × (700 W − cap); "
        "the load factor is the plan's (SERVING_PEAK_POWER_LOAD 0.7 for an LLM, set without a measurement; "
        "TRAINING_POWER_LOAD 0.68 for image generation). Llama 2 70B holds 5.7-5.98 kW in both scenarios, the GPUs "
        "at their cap (the Server run schedules 54 queries/s, about nine tenths of the Offline rate, and draws the "
        "same); SDXL holds 4.73-4.79 kW, about 2.5 kW over the node's idle, under the 8 × 350 W its GPUs may draw, "
        "and the fixed load factor does not see that. All are capped servers near full load: a MaxP (uncapped) "
        "submission has no power log, and no run here serves well below its peak, so the average/peak scaling of "
        "the yearly energy is not tested. A diffusion_inference plan for SDXL is refused today (the catalog's "
        "sdxl-base row has no FLOPs per step); the case reads the same power model. gpudesk estimates idle as a "
        f"quarter of the uncapped maximum, {idle:.2f} kW whatever the cap (a GPU power limit bounds the GPUs' draw "
        "under load, not their idle or the rest of the server: NVML nvmlDeviceGetPowerManagementLimit); the node drew "
        "2.2-2.8 kW before the runs and 2.2-2.3 kW after. Until 2026-12-02 the cap lowered the idle too (a quarter of "
        "the capped maximum: 2.05 and 1.85 kW) and these cases read +8%, +18% and +8%: with the higher idle the "
        "fixed load factor now starts higher, and no constant was retuned for it.",
    ]
