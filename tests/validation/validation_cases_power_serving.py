"""System power of a serving node, from an MLPerf Inference power log: the node's mean input power over the run.

Source: NVIDIA's MLPerf Inference v4.0 power submission (closed division, MaxQ), one DGX H100 (8 × H100 SXM 80 GB,
air-cooled) serving Llama 2 70B (99.9% accuracy) in the Offline scenario with TensorRT 9.3.0; the configuration
(H100_SXM_80GB_TP2x4_HighAccuracy_MaxQ) runs four tensor-parallel-2 engines in FP8 at batch 896 with every GPU capped
at 450 W (``power_limit = 450``). The analyzer's per-second readings at the node's AC input (``spl.txt``) inside
loadgen's power window (``power_begin`` .. ``power_end`` of ``mlperf_log_detail.txt``) are averaged; the parsed
figures with their paths, commit and date read are in ``data/mlperf_inference_power_2026-12-02.json`` and the rule is
``mlperf_power_log.spl_window_mean``.

gpudesk = ``power.server_kw`` of the serving plan that describes the run: the catalog's ``dgx-h100`` row (the same
server) with ``hardware.gpu_power_limit_w = 450``, so its maximum drops by 8 × (700 − 450) W to 8.2 kW, at the serving
load factor SERVING_PEAK_POWER_LOAD × average/peak traffic, where an Offline run holds its peak throughout (average
share 1). This is what an llm_inference plan's power figures give (tests/validation/test_validation_power_serving.py
checks the plan path gives the same). No power constant comes from this case; SERVING_PEAK_POWER_LOAD's own note says
no serving power measurement was found when it was set.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from validation_power_model import server_row

from gpudesk.catalog.records import Accelerator
from gpudesk.core.constants import SERVING_PEAK_POWER_LOAD
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
    note: str

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
        citation = (f"{src['what'].split(',')[0]}, {src['what'].split(',')[1].strip()}, {src['original']} (commit "
                    f"{src['commit'][:7]}, read {src['read']}): {r['power_log']} and {r['detail_log']}")
        window_s = _seconds(r["power_end"]) - _seconds(r["power_begin"])
        note = (f"{src['server']}, the catalog's {r['server_id']} row; {r['benchmark']} {r['scenario']}, TP{r['tp']} engines; {r['readings']} readings "
                f"over {window_s:.0f} s, mean {r['mean_ac_w']:,.0f} W AC (steady part {r['steady_mean_ac_w']:,.0f} W); "
                f"{r['throughput']}")
        cases.append(ServingPowerCase(
            id=r["id"], citation=citation, server_id=r["server_id"], gpu_power_limit_w=float(r["gpu_power_limit_w"]),
            measured=r["mean_ac_w"] / 1e3, steady_kw=r["steady_mean_ac_w"] / 1e3, window_s=window_s, tp=r["tp"],
            note=note))
    return cases


SERVING_POWER_CASES = _load()


def serving_server_power(case: ServingPowerCase, capped: bool = True) -> FigureSet:
    """The power figures of one serving server at its sized peak, its GPUs capped as the run capped them (or, with
    ``capped=False``, at their TDP)."""
    server, acc = server_row(case.server_id)
    limit = case.gpu_power_limit_w if capped else 0.0
    return power_figures(PowerInputs(
        server=power_limited(server, acc, limit), servers=1, rack_power_limit_kw=40.0, electricity_per_kwh=0.1,
        grid_co2_kg_per_kwh=0.5, load_factor=SERVING_PEAK_POWER_LOAD.value, accelerator_tdp_w=acc.tdp_w,
        gpu_power_limit_w=limit))


def predict_serving_power(case: ServingPowerCase) -> tuple[float, str]:
    """gpudesk's server power while serving at the sized peak (kW per server) and what it assumed."""
    fs = serving_server_power(case)
    return fs.value_at("power.server_kw", 0), (
        f"gpudesk: {case.server_id} with GPUs capped at {case.gpu_power_limit_w:g} W (maximum "
        f"{fs.value_at('power.server_max_kw', 0):.1f} kW, idle {fs.value_at('power.server_idle_kw', 0):.2f} kW "
        f"estimated), serving load factor {fs.value_at('power.load_factor', 0):.2f} (Offline: the peak held "
        "throughout)")


def findings(results: list) -> list[str]:
    """The serving power-log paragraph of docs/validation.md, from this run's results."""
    rows = {r.id: r for r in results if r.id in {c.id for c in SERVING_POWER_CASES}}
    parts = []
    for c in SERVING_POWER_CASES:
        uncapped = serving_server_power(c, capped=False).value_at("power.server_kw", 0)
        parts.append(f"{c.server_id} with GPUs capped at {c.gpu_power_limit_w:g} W, {c.measured:.2f} kW AC measured "
                     f"over {c.window_s:.0f} s, gpudesk {rows[c.id].predicted:.2f} kW ({rows[c.id].error:+.0%}); "
                     f"the same plan without the cap gives {uncapped:.2f} kW ({uncapped / c.measured - 1:+.0%})")
    return [
        f"* **System power while serving, MLPerf Inference power log** ({len(rows)} held-out case; "
        "`tests/validation/validation_cases_power_serving.py`, parsed figures with their source in "
        "`tests/validation/data/mlperf_inference_power_2026-12-02.json`): NVIDIA's v4.0 MaxQ submission, one "
        f"air-cooled DGX H100 serving Llama 2 70B Offline (four TP2 FP8 engines at batch 896): {'; '.join(parts)}. "
        "The plan that describes the run sets hardware.gpu_power_limit_w = 450, which lowers the server's maximum "
        "by 8 × 250 W. The draw holds at 5.7-5.96 kW for the whole run, the GPUs at their cap, so this checks "
        "SERVING_PEAK_POWER_LOAD (0.7, set without a measurement) only for a power-capped server at full load: a "
        "MaxP (uncapped) submission has no power log, and a Server-scenario run below its peak would test the "
        "average/peak scaling, which this does not. gpudesk estimates idle as a quarter of the capped maximum "
        "(2.05 kW); the node drew 2.66 kW the second before the run and settled at 2.23 kW after it.",
    ]
