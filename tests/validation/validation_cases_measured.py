"""Measurements made here, on this workplace's NVIDIA H200, as validation cases.

``benchmarks/gpu/measure_transformer.py`` ran a hand-written Llama-style
decoder (pure PyTorch, eager, flash attention through SDPA) with the shapes of
the catalog's ``llama-3.2-1b`` and ``llama-3.1-8b`` rows; its JSON output is
kept unchanged in ``data/h200_measured_2026-11-30.json``. Every case here is
one configuration of that run, predicted through gpudesk's own models with
the catalog's rows (``h200-sxm`` and the two models), never with values fitted
to the run.

* training memory: measured = peak bytes the PyTorch allocator reserved +
  the CUDA context and driver's share read at start-up (what the process
  holds on the card); predicted = ``mem.total``.
* training step time: median of 5 steps after 2 warm-ups; one micro-batch
  per optimizer step on one GPU; predicted = ``train.step_time_s``.
* decode / prefill: prefill of one prompt (time to first token, eager) and
  one decode step at batch B and context 2,048 replayed from a CUDA graph;
  predicted = ``infer.prefill_s`` / ``infer.decode_step_s`` with ``engine_release = "pytorch-cudagraph"``
  (what ran: plain PyTorch layers, decode steps replayed from a CUDA graph, the prefill eager).

The run used eager PyTorch layers under torch.autocast with fp32 parameters
and ``F.cross_entropy(logits.float())``: gpudesk's ``training_stack =
"pytorch_amp"`` describes exactly that, so the memory cases are predicted
with it and one micro-batch per optimizer step (each note also gives the
Megatron-stack prediction, the default before the input existed).

``data/h200_heldout_2026-11-30.json`` (``--suite heldout``) was measured
after the pytorch_amp terms were derived, on shapes not used for them:
``llama-3.2-3b`` and ``phi-3-mini`` (32k vocabulary, MHA, untied) at
sequence 4,096. Its memory cases form their own group; runs with the
chunked loss (no gpudesk stack describes it) are reported in the doc, not
predicted.

``data/h200_serving_2026-12-04.json`` (``--suite serving``) was measured
after the pytorch-cudagraph terms were fitted, on shapes and sizes they were
not fitted on: ``llama-3.1-8b`` and ``llama-3.2-3b`` at contexts 1,024-8,192
and batches up to 256, ``phi-3-mini`` (MHA; its 2,047-token window applied by
the decode step) and ``yi-34b``, prefill at 2,048-8,192 tokens. Its cases form
their own group, held-out whole (no constant was fitted on them).

Configurations that ran out of memory have no measured peak; with the others
they are fit verdicts (``FIT_CASES``): did gpudesk's ``mem.fits`` agree? The
capacity is the one every plan uses: the catalog's driver total for the H200
(``usable_memory_mib`` = 143,771 MiB, nvidia-smi on this card), not the
marketed 141 GB read as 141·10⁹ B, which made two 8B runs "not fit".
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

from gpudesk import paths
from gpudesk.catalog.records import Accelerator, ModelArch
from gpudesk.catalog.store import Catalog

DATA = Path(__file__).resolve().parent / "data" / "h200_measured_2026-11-30.json"
HELDOUT_DATA = DATA.with_name("h200_heldout_2026-11-30.json")
SERVING_HELDOUT_DATA = DATA.with_name("h200_serving_2026-12-04.json")
CITATION = "measured on this workplace's NVIDIA H200, 2026-11-30, benchmarks/gpu/measure_transformer.py"
HELDOUT_CITATION = ("measured on this workplace's NVIDIA H200, 2026-11-30 (held-out run), "
                    "benchmarks/gpu/measure_transformer.py --suite heldout")
SERVING_HELDOUT_CITATION = ("measured on this workplace's NVIDIA H200, 2026-12-04 (held-out serving run), "
                            "benchmarks/gpu/measure_transformer.py --suite serving")
GIB = float(2**30)
ACCELERATOR_ID = "h200-sxm"
GROUP_MEMORY = "measured here: training memory"
GROUP_MEMORY_HELDOUT = "measured here: training memory, held-out"
GROUP_STEP = "measured here: training step time"
GROUP_SERVING = "measured here: decode / prefill"
GROUP_SERVING_HELDOUT = "measured here: decode / prefill, held-out"
FIRST_RUN_CONTEXT = 2048  # every decode row of the first run; ids name another context


@dataclass(frozen=True)
class MeasuredCase:
    id: str
    group: str
    kind: str  # train_memory | train_step | prefill | decode
    model: ModelArch
    accelerator: Accelerator
    measured: float
    metric: str  # peak_device_gib | step_time_s | ttft_s | decode_step_s
    micro_batch: int = 1
    seq_len: int = 2048
    recompute: str = "none"
    batch: int = 1
    citation: str = CITATION
    note: str = ""
    training_stack: str = "pytorch_amp"
    engine_release: str = "pytorch-cudagraph"  # serving cases: plain PyTorch, decode replayed, prefill eager


@dataclass(frozen=True)
class FitCase:
    id: str
    model: ModelArch
    accelerator: Accelerator
    micro_batch: int
    seq_len: int
    recompute: str
    ran: bool
    detail: str


def catalog_rows(model_ids: set[str]) -> tuple[Accelerator, dict[str, ModelArch]]:
    """The shipped catalog's H200 and model rows (a fresh, empty user overlay: no local edits)."""
    with tempfile.TemporaryDirectory() as tmp:
        cat = Catalog.open(paths.shipped_catalog_path(), Path(tmp) / "no-user-rows.db")
        try:
            return cat.accelerator(ACCELERATOR_ID), {m: cat.model(m) for m in sorted(model_ids)}
        finally:
            cat.close()


def _gib(value: float) -> str:
    return f"{value / GIB:.1f} GiB"


def _training_cases(rows: list[dict], context_bytes: float, acc: Accelerator, models: dict[str, ModelArch],
                    group: str = GROUP_MEMORY, citation: str = CITATION) -> tuple[list[MeasuredCase], list[FitCase]]:
    cases, fits = [], []
    for r in rows:
        if r.get("loss", "unfused") != "unfused":
            continue  # chunked loss: reported in docs/validation.md beside its unfused twin, not predicted
        seq = "" if r["seq_len"] == 2048 else f"-s{r['seq_len']}"
        tag = f"h200-{r['model']}-train{seq}-mb{r['micro_batch']}-{r['recompute']}"
        shape = dict(model=models[r["model"]], accelerator=acc, micro_batch=r["micro_batch"], seq_len=r["seq_len"],
                     recompute=r["recompute"])
        if r["status"] != "ok":
            fits.append(FitCase(tag, ran=False, detail=f"{r['status']}, peak allocated "
                                f"{_gib(r['peak_allocated_bytes'])} when it failed", **shape))
            continue
        device = r["peak_reserved_bytes"] + context_bytes
        fits.append(FitCase(tag, ran=True, detail=f"ran, {_gib(device)} held", **shape))
        cases.append(MeasuredCase(
            id=f"{tag}-memory", group=group, kind="train_memory", measured=device / GIB,
            metric="peak_device_gib", citation=citation, **shape,
            note=(f"measured: peak reserved {_gib(r['peak_reserved_bytes'])} + context/driver {_gib(context_bytes)}; "
                  f"peak allocated {_gib(r['peak_allocated_bytes'])}; weights + Adam "
                  f"{_gib(r['states_bytes_without_gradients'])}, fp32 gradients {_gib(r['gradient_bytes'])}, "
                  f"kept by the forward {_gib(r['forward_saved_bytes'])} (bf16 autocast: fp32 residual stream, "
                  "bf16 weight copies kept for backward, bf16 + fp32 logits and fp32 log-probabilities)")))
        cases.append(MeasuredCase(
            id=f"{tag}-step", group=GROUP_STEP, kind="train_step", measured=r["step_time_s"], metric="step_time_s",
            citation=citation, **shape,
            note=(f"measured: {r['tokens_per_s']:,.0f} tokens/s, {r['model_tflops']:.0f} model / "
                  f"{r['hardware_tflops']:.0f} hardware TFLOP/s (6·N_matmul + 6·L·s·a·d; recompute adds one "
                  "forward); fused torch AdamW, one micro-batch per step")))
    return cases, fits


def _decode_note(r: dict, model: ModelArch) -> str:
    window = model.sliding_window or 0
    read = (f", each step attending over the last {window:,} positions (sliding window)"
            if window and window < r["context"] else "")
    host = ", host-bound" if r["eager_step_s"] > 1.2 * r["graph_step_s"] else ""  # eager slower than the GPU's work
    return (f"measured: one step at context {r['context']:,}, CUDA graph replay (eager: "
            f"{r['eager_step_s'] * 1e3:.1f} ms{host}); KV cache {_gib(r['kv_cache_bytes'])}{read}, "
            f"weights {_gib(r['weight_bytes'])}")


def _serving_cases(data: dict, acc: Accelerator, models: dict[str, ModelArch], group: str = GROUP_SERVING,
                   citation: str = CITATION) -> list[MeasuredCase]:
    cases = []
    for r in data["prefill"]:
        if r["status"] != "ok":
            continue
        cases.append(MeasuredCase(
            id=f"h200-{r['model']}-prefill-{r['prompt']}", group=group, kind="prefill", citation=citation,
            model=models[r["model"]], accelerator=acc, measured=r["ttft_s"], metric="ttft_s", seq_len=r["prompt"],
            note=f"measured: batch 1, eager PyTorch (one launch per kernel), logits of the last token only; "
                 f"peak allocated {_gib(r['peak_allocated_bytes'])}"))
    for r in data["decode"]:
        if r["status"] != "ok" or "graph_step_s" not in r:
            continue
        context = "" if r["context"] == FIRST_RUN_CONTEXT else f"-c{r['context']}"
        cases.append(MeasuredCase(
            id=f"h200-{r['model']}-decode-b{r['batch']}{context}", group=group, kind="decode", citation=citation,
            model=models[r["model"]], accelerator=acc, measured=r["graph_step_s"], metric="decode_step_s",
            seq_len=r["context"], batch=r["batch"], note=_decode_note(r, models[r["model"]])))
    return cases


def load(path: Path = DATA, heldout: Path = HELDOUT_DATA,
         serving: Path = SERVING_HELDOUT_DATA) -> tuple[list[MeasuredCase], list[FitCase], dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    held = json.loads(heldout.read_text(encoding="utf-8"))
    served = json.loads(serving.read_text(encoding="utf-8"))
    names = {r["model"] for run in (data, held, served) for section in ("training", "prefill", "decode")
             for r in run[section]}
    acc, models = catalog_rows(names)
    env = data["environment"]
    training, fits = _training_cases(data["training"], float(env["context_and_driver_bytes"]), acc, models)
    more, more_fits = _training_cases(held["training"], float(held["environment"]["context_and_driver_bytes"]), acc,
                                      models, GROUP_MEMORY_HELDOUT, HELDOUT_CITATION)
    training, fits = training + more, fits + more_fits
    cases = [c for c in training if c.kind == "train_memory"] + [c for c in training if c.kind == "train_step"]
    cases += _serving_cases(data, acc, models)
    cases += _serving_cases(served, acc, models, GROUP_SERVING_HELDOUT, SERVING_HELDOUT_CITATION)
    return cases, fits, {**env, "ceilings": data["ceilings"], "flop_formula": data["flop_formula"],
                         "heldout": held, "serving_heldout": served}


MEASURED_CASES, FIT_CASES, MEASURED_ENVIRONMENT = load()
MEASURED_ACCELERATOR = FIT_CASES[0].accelerator
