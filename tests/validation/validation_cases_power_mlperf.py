"""System power from MLPerf Training power logs: a node's mean input power over the timed run (held-out cases).

Per run an MLPerf power submission ships the result log and one power log per node (readings at the node's AC
input, about one a second). The parsed per-run figures (mean AC power of the readings inside run_start..run_stop,
their count, the run's length) are in ``data/mlperf_training_power_2026-12-02.json`` with each source's repository,
paths, commit and date read; the rule is ``mlperf_power_log.window_mean``. Run 0 of each benchmark is used, and of a
multi-node run the mean of the nodes read (the logs are read page by page; the other runs and nodes are not read
yet). Sources:

* Lenovo, MLPerf Training v5.0: one ThinkSystem SR780a V3 with 8 × B200 SXM 180 GB, water-cooled (the submission's
  system description); Llama 2 70B LoRA and BERT. The catalog has no SR780a V3, so ``dgx-b200`` (8 × B200, 14.3 kW
  maximum) stands in for it, cooled by liquid as the submission states ('Water-cooled'; the share of its heat that
  goes to the water is not published, so gpudesk's DIRECT_LIQUID_HEAT_SHARE applies). Lenovo's own configuration files for the B200 runs are not in the
  stored copy (only its H200 LoRA configuration is), so the LoRA layout is NVIDIA's DGX B200 configuration for the
  same benchmark and round (config_DGXB200_1x8x1xtp1pp1cp1: TP1 PP1 CP1, FP8) and BERT's is data parallel at the
  logged global batch 768, sequence 512, 16-bit. RetinaNet is a vision_train plan: data parallel on the 8 GPUs at
  the logged global batch 256, with the detector the MLPerf reference trains (RetinaNet, FPN, 800 x 800 images)
  described by the parameter count and forward FLOPs detectron2's model-analysis test measures for RetinaNet
  R50-FPN at 800 x 800 (37.9 M parameters, 146 G multiply-adds = 292 GFLOPs); MLPerf's backbone is ResNeXt50-32x4d,
  about 4% more backbone multiply-adds, not counted. Its Stable Diffusion logs are not used: gpudesk sizes
  diffusion models for generation only, so the run cannot be expressed.
* Dell, MLPerf Training v4.1: 8 × PowerEdge XE9680 with 8 × H100 SXM 80 GB, air-cooled with rear-door heat
  exchangers; Llama 2 70B LoRA on 64 GPUs (nodes 0 and 1 read), read against the catalog's only H100 SXM server
  row ``dgx-h100`` (10.2 kW maximum). Dell's stored configurations are for its 4-GPU servers, so the layout is
  NVIDIA's 8-node DGX H100 configuration for the benchmark (TP4 CP2, DP8, global batch 8, as the log states), FP8.

gpudesk = ``power.server_kw`` of one training server on that row, cooled as the submission's system description
says (``cooling`` in the data file, ``validation_power_model.as_run``), with the share of the step the GPUs compute from
gpudesk's time model for the run's layout. None of the power constants comes from these cases.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from validation_catalog import catalog
from validation_hardware import LLAMA2_70B
from validation_power_model import (
    as_run,
    mlperf_citation,
    server_power,
    server_row,
    step_compute_share,
    vision_compute_share,
)

from gpudesk.catalog.records import Accelerator, ModelArch, Provenance

DATA = Path(__file__).resolve().parent / "data" / "mlperf_training_power_2026-12-02.json"
# benchmark -> (model, sequence length, compute precision, method)
_WORKLOADS: dict[str, tuple[str, int, str, str]] = {
    "llama2_70b_lora": ("llama-2-70b", 8192, "fp8", "lora"),
    "bert": ("bert-large", 512, "bf16", "full"),
}
# vision benchmarks (a vision_train plan): benchmark -> (model, compute precision)
RETINANET = ModelArch(
    id="retinanet-r50-fpn-800", name="RetinaNet R50-FPN (800 x 800)", kind="vision", params_total=37_915_572,
    gated_mlp=False, attention="none", image_size=800, gflops_per_sample=2 * 146.0,
    provenance=Provenance(source="detectron2 tests/test_model_analysis.py (RetinaNetTest: flop_count_operators on a "
                                 "3 x 800 x 800 image, 146 G conv multiply-adds; parameter_count 37,915,572)"))
_VISION: dict[str, tuple[ModelArch, str]] = {"retinanet": (RETINANET, "bf16")}


@dataclass(frozen=True)
class MlperfPowerCase:
    id: str
    citation: str
    benchmark: str
    server_id: str
    nodes: int
    tp: int
    cp: int
    measured: float  # kW, mean AC input power of the node over the timed run
    run_s: float
    global_batch: int
    note: str
    cooling: str = "air"  # the measured system's cooling (its submission's system description)

    @property
    def precision(self) -> str:
        return _VISION[self.benchmark][1] if self.benchmark in _VISION else _WORKLOADS[self.benchmark][2]

    def accelerator(self) -> Accelerator:
        return server_row(self.server_id)[1]


def _model(benchmark: str) -> ModelArch:  # the LLM benchmarks (_WORKLOADS)
    model_id = _WORKLOADS[benchmark][0]
    return LLAMA2_70B if model_id == "llama-2-70b" else catalog().model(model_id)


def _load() -> list[MlperfPowerCase]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    cases = []
    for r in data["runs"]:
        src = data["sources"][r["source"]]
        citation = mlperf_citation(src, r["power_log"], r["result_log"])
        run_s = (r["run_stop_ms"] - r["run_start_ms"]) / 1e3
        note = (f"{src['server']} mapped to the catalog's {r['server_id']} row (no row of its own), cooled by "
                f"{src['cooling']} as the system was; "
                f"{r['readings']} readings from {r['nodes_read']} node(s) over {run_s:.1f} s, mean {r['mean_ac_w']:,.0f} W "
                f"AC; {r['throughput']}")
        cases.append(MlperfPowerCase(
            id=r["id"], citation=citation, benchmark=r["benchmark"], server_id=r["server_id"], nodes=r["nodes"],
            tp=r["tp"], cp=r["cp"], measured=r["mean_ac_w"] / 1e3, run_s=run_s, global_batch=r["global_batch"],
            note=note, cooling=src["cooling"]))
    return cases


MLPERF_POWER_CASES = _load()


def compute_share(case: MlperfPowerCase) -> float:
    """gpudesk's share of the run's training step spent in compute (train.compute_time_s / train.step_time_s; for a
    vision benchmark vision.compute_time_s / vision.step_time_s)."""
    if case.benchmark in _VISION:
        model, dtype = _VISION[case.benchmark]
        return vision_compute_share(model, server_row(case.server_id)[1], 8 * case.nodes, case.global_batch, dtype)
    _, seq, dtype, method = _WORKLOADS[case.benchmark]
    return step_compute_share(_model(case.benchmark), server_row(case.server_id)[1], 8 * case.nodes, case.tp, case.cp,
                              case.global_batch, seq, dtype, method)


def predict_mlperf_power(case: MlperfPowerCase) -> tuple[float, str]:
    """gpudesk's server power during training (kW per server) and what it assumed."""
    share = compute_share(case)
    server, accelerator = server_row(case.server_id)
    fs = server_power(as_run(server, case.cooling), accelerator, share)
    dp = 8 * case.nodes // (case.tp * case.cp)
    if case.benchmark in _VISION:
        model, dtype = _VISION[case.benchmark]
        layout = (f"vision_train, {model.name} ({model.gflops_per_sample:g} GFLOPs per image), data parallel on "
                  f"{8 * case.nodes} GPUs, global batch {case.global_batch}, {dtype}")
    else:
        _, seq, dtype, method = _WORKLOADS[case.benchmark]
        layout = (f"{case.benchmark} on {8 * case.nodes} GPUs, TP{case.tp} CP{case.cp} DP{dp}, global batch "
                  f"{case.global_batch}, sequence {seq}, {dtype}, {method}")
    return fs.value_at("power.server_kw", 0), (
        f"gpudesk: {layout}, compute {share:.0%} of the step; {case.server_id} ({case.cooling}-cooled) "
        f"maximum {fs.value_at('power.server_max_kw', 0):.1f} kW, rest of the server "
        f"{fs.value_at('power.host_kw', 0):.2f} kW + 8 GPUs at {fs.value_at('power.gpu_draw_kw', 0) * 1e3:.0f} W")


def findings(results: list) -> list[str]:
    """The MLPerf power-log paragraph of docs/validation.md, from this run's results."""
    rows = {r.id: r for r in results if r.id in {c.id for c in MLPERF_POWER_CASES}}
    parts = "; ".join(f"{c.benchmark} on {c.nodes} node(s) ({c.server_id} row) {c.measured:.2f} kW AC measured "
                      f"over {c.run_s:.0f} s, compute share {compute_share(c):.0%}, {rows[c.id].error:+.0%}"
                      for c in MLPERF_POWER_CASES)
    return [
        f"* **System power, MLPerf power logs** ({len(rows)} held-out cases; "
        "`tests/validation/validation_cases_power_mlperf.py`, parsed figures with their sources in "
        "`tests/validation/data/mlperf_training_power_2026-12-02.json`): node input power averaged over the timed "
        f"run of Lenovo's MLPerf Training v5.0 (one water-cooled SR780a V3, 8 × B200) and Dell's v4.1 (8 air-cooled "
        f"XE9680, 8 × H100 each; mean of nodes 0 and 1) power submissions: {parts}. On the water-cooled B200 node "
        "gpudesk counts the rest of the server without the fans the cold plates replace (2.76 kW of the dgx-b200 "
        "row's 14.3 kW instead of 4.0 kW with fans: SERVER_FAN_POWER_SHARE for the 13% of the heat left to air, "
        "DIRECT_LIQUID_HEAT_SHARE, since Lenovo does not publish the node's liquid share); with the fans the three "
        "were +14%, +11% and +15%. On the air-cooled Dell node it is close; there the three "
        "evaluation passes (10-35 s at 3.0-6.6 kW) pull the measured mean down, which a step model does not see. "
        "Lenovo's RetinaNet run is read as a vision_train plan; its training epochs drew about 10.1 kW and its "
        "four evaluation passes (24-30 s each at 3.0-3.8 kW) about a third of that, which the step model does not "
        "see either. Not yet read: runs 1-9, Dell's nodes 2-7 and switch; Lenovo's Stable Diffusion logs are not "
        "used (gpudesk sizes diffusion models for generation only, so the run cannot be expressed).",
    ]
