"""The "Measured here" part of docs/validation.md: the setup of the runs on this workplace's own H200 (fit verdicts)
and the numbers the fixed paragraphs on their errors quote (validation_report_texts.MEASURED_ERRORS)."""

from __future__ import annotations

from validation_cases_measured import (
    FIT_CASES,
    GIB,
    GROUP_MEMORY,
    GROUP_MEMORY_HELDOUT,
    MEASURED_ACCELERATOR,
    MEASURED_CASES,
    MEASURED_ENVIRONMENT,
)
from validation_report_h200_serving import SERVING_RUN
from validation_runner import FIT_AGREEMENTS_AT_LEAST, Result, fit_verdicts, megatron_total


def _median_error(group: str, megatron: bool, results: list[Result]) -> float:
    errors = []
    for case in (c for c in MEASURED_CASES if c.group == group):
        predicted = megatron_total(case) if megatron else next(r.predicted for r in results if r.id == case.id)
        errors.append(abs(predicted - case.measured) / case.measured)
    return float(sorted(errors)[len(errors) // 2] if len(errors) % 2 else
                 sum(sorted(errors)[len(errors) // 2 - 1:len(errors) // 2 + 1]) / 2)


def _megatron_errors(results: list[Result]) -> tuple[float, float]:
    """Lowest and highest signed error of the Megatron-stack prediction over the measured memory cases."""
    errors = [(megatron_total(c) - c.measured) / c.measured for c in MEASURED_CASES
              if c.group in (GROUP_MEMORY, GROUP_MEMORY_HELDOUT)]
    return min(errors), max(errors)


def _megatron_oom_gib() -> float:
    """What the Megatron stack says the 1B shape without recompute at micro-batch 16 needs (it ran out of memory)."""
    case = next(c for c in FIT_CASES if c.id == "h200-llama-3.2-1b-train-mb16-none")
    return megatron_total(case)


def _chunked_note() -> str:
    """The chunked-loss runs against their unfused twins: measured saving vs the loss term gpudesk counts."""
    rows = MEASURED_ENVIRONMENT["heldout"]["training"]
    parts = []
    for r in (x for x in rows if x["status"] == "ok" and x["loss"] != "unfused"):
        twin = next(x for x in rows if x["status"] == "ok" and x["loss"] == "unfused" and all(
            x[k] == r[k] for k in ("model", "micro_batch", "recompute")))
        saved = (twin["peak_allocated_bytes"] - r["peak_allocated_bytes"]) / GIB
        vocab = {"llama-3.2-3b": 128256, "phi-3-mini": 32064}[r["model"]]
        term = 14.0 * r["micro_batch"] * r["seq_len"] * vocab / GIB
        parts.append(f"{r['model']} micro-batch {r['micro_batch']} recompute {r['recompute']}: peak allocated "
                     f"{saved:.1f} GiB lower than unfused (gpudesk's unfused loss term: {term:.1f} GiB)")
    return ("The chunked loss (LM head + loss per 1,024 tokens, each chunk checkpointed; no gpudesk stack "
            "describes it, so not predicted): " + "; ".join(parts) + ". Where the saving falls short of the "
            "term, the peak moved to the end of the backward (all gradients + one recomputed layer).")


def measured_numbers(results: list[Result] | None = None) -> dict:
    env = MEASURED_ENVIRONMENT
    usable_mib = MEASURED_ACCELERATOR.usable_memory_mib
    errs = {}
    if results is not None:
        errs = {"meg_main": _median_error(GROUP_MEMORY, True, results),
                "meg_held": _median_error(GROUP_MEMORY_HELDOUT, True, results),
                "amp_held": _median_error(GROUP_MEMORY_HELDOUT, False, results), "chunked": _chunked_note(),
                "meg_oom": _megatron_oom_gib()}
        errs["meg_lo"], errs["meg_hi"] = _megatron_errors(results)
    return {**errs,"total": env["total_memory_bytes"] / GIB, "total_b": env["total_memory_bytes"],
            "usable_mib": usable_mib, "capacity": usable_mib * 2**20 / GIB,
            "smi": env["nvidia_smi"].split(", ")[2], "mm": env["ceilings"]["bf16_matmul_tflops"],
            "bw": env["ceilings"]["copy_read_plus_write_tbs"]}


def measured_setup() -> list[str]:
    env = MEASURED_ENVIRONMENT
    verdicts = fit_verdicts()
    lines = [
        "## Measured here: setup",
        "",
        f"One {env['gpu']} ({env['nvidia_smi']}; {env['sm_count']} SMs, {measured_numbers()['total']:.1f} GiB "
        f"visible to PyTorch), PyTorch {env['torch']}, CUDA {env['cuda']}, Python {env['python']}, "
        f"{env['date']}. Measured ceilings: bf16 8192³ matrix product {env['ceilings']['bf16_matmul_tflops']} "
        f"TFLOP/s, device copy {env['ceilings']['copy_read_plus_write_tbs']} TB/s (read + write). Attention: "
        f"{env['attention']}. CUDA context and driver: {env['context_and_driver_bytes'] / GIB:.2f} GiB.",
        "",
        "Script `benchmarks/gpu/measure_transformer.py` (model in `benchmarks/gpu/decoder_model.py`); raw "
        "output `tests/validation/data/h200_measured_2026-11-30.json`; rerun as `benchmarks/README.md` says. "
        "A hand-written Llama-style decoder with the catalog's `llama-3.2-1b` (tied embeddings) and "
        "`llama-3.1-8b` shapes, random weights and tokens, sequence 2,048. Training: bf16 autocast, fp32 "
        "master weights and gradients, fused torch AdamW, one micro-batch per step, full recompute = "
        "`torch.utils.checkpoint` per layer. Inference: bf16 weights, static KV cache. Held-out run "
        "(`--suite heldout`, raw output `tests/validation/data/h200_heldout_2026-11-30.json`): training only, "
        "`llama-3.2-3b` and `phi-3-mini` shapes at sequence 4,096, same settings, plus chunked-loss twins. "
        f"{SERVING_RUN} FLOP convention: {env['flop_formula']}.",
        "",
        "Fit verdicts (gpudesk `mem.fits` at the catalog's driver-total capacity against what happened; "
        f"the test requires at least {FIT_AGREEMENTS_AT_LEAST} agreements):",
        "",
        "| configuration | what happened | gpudesk mem.total | gpudesk says | agrees |",
        "|---|---|---:|---|---|",
    ]
    for case, total, fits in verdicts:
        lines.append(f"| {case.id} | {case.detail} | {total:.1f} GiB | {'fits' if fits else 'does not fit'} | "
                     f"{'yes' if fits == case.ran else 'no'} |")
    lines.append("")
    return lines
