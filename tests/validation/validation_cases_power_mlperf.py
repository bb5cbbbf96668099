"""System power from MLPerf Training power logs: a node's mean input power over the timed run (held-out cases).

Source: Lenovo's MLPerf Training v5.0 power submission (closed division, reviewed by MLCommons) for one ThinkSystem
SR780a V3 with 8 × B200 SXM 180 GB, water-cooled (the submission's system description). Per run the submission
ships the result log and the node's power log (1 Hz readings at the AC input). The parsed per-run figures (mean AC
power of the readings inside run_start..run_stop, their count, the run's length) are in
``data/mlperf_t50_power_2026-12-02.json`` with the repository, paths, commit and date read; the rule is
``mlperf_power_log.window_mean``. Run 0 of each benchmark is used (the logs are read page by page; the other nine
runs of each benchmark are not read yet).

gpudesk = ``power.server_kw`` of one training server on the catalog's closest row: the catalog has no SR780a V3, so
``dgx-b200`` (8 × B200, 14.3 kW maximum, air-cooled with fans) stands in for it, as each case note says. The share of
the step the GPUs compute comes from gpudesk's time model for the run's layout (TP1, data parallel over the 8 GPUs,
the run's own global batch from its result log). Lenovo's own configuration files for the B200 runs are not in the
stored copy (only its H200 LoRA configuration is), so the LoRA layout is NVIDIA's DGX B200 configuration for the same
benchmark and round (config_DGXB200_1x8x1xtp1pp1cp1: TP1 PP1 CP1, FP8) and BERT's is data parallel at the logged
global batch 768, sequence 512, 16-bit. None of the power constants comes from these cases.

Benchmarks of the same submission gpudesk cannot express: RetinaNet (no detector in the catalog) and Stable
Diffusion training (the catalog's diffusion models are sized for generation only); their logs are not used.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from validation_hardware import LLAMA2_70B

from gpudesk.catalog.records import Accelerator, ModelArch, Server
from gpudesk.catalog.store import Catalog
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.power import PowerInputs, power_figures
from gpudesk.core.training import TrainingInputs, estimate_training

DATA = Path(__file__).resolve().parent / "data" / "mlperf_t50_power_2026-12-02.json"
SERVER_ID = "dgx-b200"


@dataclass(frozen=True)
class MlperfPowerCase:
    id: str
    citation: str
    benchmark: str
    measured: float  # kW, mean AC input power of the node over the timed run
    run_s: float
    readings: int
    global_batch: int
    note: str

    @property
    def precision(self) -> str:
        return _WORKLOADS[self.benchmark][2]

    def server(self) -> Server:
        return _catalog().server(SERVER_ID)

    def accelerator(self) -> Accelerator:
        return _catalog().accelerator(self.server().accelerator_id)


# benchmark -> (model, sequence length, compute precision, method)
_WORKLOADS: dict[str, tuple[str, int, str, str]] = {
    "llama2_70b_lora": ("llama-2-70b", 8192, "fp8", "lora"),
    "bert": ("bert-large", 512, "bf16", "full"),
}


@lru_cache(maxsize=1)
def _catalog() -> Catalog:
    return Catalog.open()


def _model(benchmark: str) -> ModelArch:
    model_id = _WORKLOADS[benchmark][0]
    return LLAMA2_70B if model_id == "llama-2-70b" else _catalog().model(model_id)


def _load() -> list[MlperfPowerCase]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    src = data["source"]
    cases = []
    for r in data["runs"]:
        citation = (f"MLPerf Training v5.0 closed, Lenovo power submission, {src['original']} (copy {src['copy']}, "
                    f"commit {src['commit'][:7]}, read {src['read']}): {r['power_log']} and {r['result_log']}")
        note = (f"SR780a V3 (water-cooled) mapped to the catalog's {SERVER_ID} row (no SR780a V3 row); "
                f"{r['readings']} readings over {(r['run_stop_ms'] - r['run_start_ms']) / 1e3:.1f} s, mean "
                f"{r['mean_ac_w']:,.0f} W AC; {r['throughput']}")
        cases.append(MlperfPowerCase(
            id=r["id"], citation=citation, benchmark=r["benchmark"], measured=r["mean_ac_w"] / 1e3,
            run_s=(r["run_stop_ms"] - r["run_start_ms"]) / 1e3, readings=r["readings"],
            global_batch=r["global_batch"], note=note))
    return cases


MLPERF_POWER_CASES = _load()


def compute_share(case: MlperfPowerCase) -> float:
    """gpudesk's share of the run's training step spent in compute (train.compute_time_s / train.step_time_s)."""
    _, seq, dtype, method = _WORKLOADS[case.benchmark]
    fs = estimate_training(TrainingInputs(
        model=_model(case.benchmark), hardware=HardwareArrays.from_accelerators([case.accelerator()], nic_gbps=400.0),
        n_gpus=8, tp=1, cp=1, global_batch=case.global_batch, seq_len=seq, compute_dtype=dtype, method=method,
        lora_rank=16, tp_comm_overlap=True))
    return fs.value_at("train.compute_time_s", 0) / fs.value_at("train.step_time_s", 0)


def predict_mlperf_power(case: MlperfPowerCase) -> tuple[float, str]:
    """gpudesk's server power during training (kW per server) and what it assumed."""
    share = compute_share(case)
    acc = case.accelerator()
    fs = power_figures(PowerInputs(server=case.server(), servers=1, rack_power_limit_kw=40.0, electricity_per_kwh=0.1,
                                   grid_co2_kg_per_kwh=0.5, accelerator_tdp_w=acc.tdp_w, compute_share=share))
    _, seq, dtype, method = _WORKLOADS[case.benchmark]
    return fs.value_at("power.server_kw", 0), (
        f"gpudesk: {case.benchmark} TP1 DP8 global batch {case.global_batch}, sequence {seq}, {dtype}, {method}, "
        f"compute {share:.0%} of the step; {SERVER_ID} maximum {fs.value_at('power.server_max_kw', 0):.1f} kW, rest "
        f"of the server {fs.value_at('power.host_kw', 0):.2f} kW + 8 GPUs at "
        f"{fs.value_at('power.gpu_draw_kw', 0) * 1e3:.0f} W (air-cooled row with fans)")


def findings(results: list) -> list[str]:
    """The MLPerf power-log paragraph of docs/validation.md, from this run's results."""
    rows = {r.id: r for r in results if r.id in {c.id for c in MLPERF_POWER_CASES}}
    parts = "; ".join(f"{c.benchmark} run 0 {c.measured:.2f} kW AC measured over {c.run_s:.0f} s, "
                      f"{rows[c.id].error:+.0%}" for c in MLPERF_POWER_CASES)
    return [
        f"* **System power, MLPerf power logs** ({len(rows)} held-out cases; "
        "`tests/validation/validation_cases_power_mlperf.py`, parsed figures in "
        "`tests/validation/data/mlperf_t50_power_2026-12-02.json`): Lenovo's MLPerf Training v5.0 power submission, "
        f"one water-cooled SR780a V3 with 8 × B200, node input power averaged over the timed run: {parts}. "
        f"gpudesk reads the catalog's {SERVER_ID} row (no SR780a V3 row; air-cooled, 14.3 kW maximum) and puts the "
        f"GPUs' compute share at {', '.join(f'{compute_share(c):.0%}' for c in MLPERF_POWER_CASES)}, so it gives "
        "about 11 kW: the rest of the server at 28% of the row's maximum (4.0 kW) is more than this water-cooled "
        "node without chassis fans draws around its GPUs. Not yet read: runs 1-9 of each benchmark, and the "
        "RetinaNet and Stable Diffusion logs of the same submission (gpudesk cannot express those two workloads).",
    ]
