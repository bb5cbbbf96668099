"""docs/validation.md on the held-out H200 serving run (2026-12-04): errors by batch and context, and what they show.

Every figure is computed here from the run (``MEASURED_ENVIRONMENT["serving_heldout"]``) and gpudesk's predictions
(``validation_runner``), so the paragraph follows the model. The KV-read share a decode step implies is the one term
left when gpudesk's other terms are taken as predicted:

    implied share = KV bytes read / ((measured step − (predicted step − KV bytes / (bw · η_kv))) · bw)

with KV bytes ``mem.kv_cache`` (a sliding-window layer holds its window), bw ``hw.hbm_bw`` and η_kv
``eff.unfused_kv_bw`` (``UNFUSED_DECODE_KV_BW_EFFICIENCY``). It is meaningful where the KV read is a large part of
the step; at batch 1 the remainder is within the other terms' error.
"""

from __future__ import annotations

import numpy as np
from validation_cases_measured import (
    GROUP_SERVING,
    GROUP_SERVING_HELDOUT,
    MEASURED_CASES,
    MEASURED_ENVIRONMENT,
    MeasuredCase,
)
from validation_runner import Result, measured_inference
from validation_split import FIT

SERVING_RUN = ("Held-out serving run (`--suite serving`, 2026-12-04, raw output "
               "`tests/validation/data/h200_serving_2026-12-04.json`): prefill and decode only, `llama-3.1-8b`, "
               "`llama-3.2-3b`, `phi-3-mini` and `yi-34b` at contexts 1,024-8,192 and batches 1-256.")


def implied_kv_share(case: MeasuredCase, predicted: float) -> tuple[float, float]:
    """(gpudesk's KV-read time / its step, the KV-read share of HBM bandwidth the measured step implies)."""
    fs = measured_inference(case)
    kv, bw, share = (fs.value_at(k, 0) for k in ("mem.kv_cache", "hw.hbm_bw", "eff.unfused_kv_bw"))
    read = kv / (bw * share)
    return read / predicted, kv / ((case.measured - (predicted - read)) * bw)


def _span(values: list[float], fmt: str = "{:+.0%}") -> str:
    lo, hi = min(values), max(values)
    return fmt.format(lo) if fmt.format(lo) == fmt.format(hi) else f"{fmt.format(lo)} … {fmt.format(hi)}"


def _decode_rows(results: list[Result], group: str) -> list[tuple[MeasuredCase, Result, float, float]]:
    by_id = {r.id: r for r in results}
    rows = []
    for case in (c for c in MEASURED_CASES if c.group == group and c.kind == "decode"):
        r = by_id[case.id]
        rows.append((case, r, *implied_kv_share(case, r.predicted)))
    return rows


def _table(rows: list[tuple[MeasuredCase, Result, float, float]]) -> list[str]:
    run = MEASURED_ENVIRONMENT["serving_heldout"]
    batches = run["plan"]["batches"]
    cells = {(c.model.id, c.seq_len, c.batch): f"{r.error:+.1%} ({share:.2f})" for c, r, _, share in rows}
    for raw in run["decode"]:
        cells.setdefault((raw["model"], raw["context"], raw["batch"]), raw["status"])
    lines = ["| model | context | " + " | ".join(f"batch {b}" for b in batches) + " |",
             "|---|---:|" + "---:|" * len(batches)]
    for model, context in dict.fromkeys((m, c) for m, c, _ in cells):
        lines.append(f"| {model} | {context:,} | " + " | ".join(cells.get((model, context, b), "—") for b in batches)
                     + " |")
    return lines


def serving_heldout_findings(results: list[Result]) -> list[str]:
    held = [r for r in results if r.group == GROUP_SERVING_HELDOUT]
    rows = _decode_rows(results, GROUP_SERVING_HELDOUT)
    fit_shares = [s for c, r, _, s in _decode_rows(results, GROUP_SERVING) if r.split == FIT and c.batch > 1]
    prefill = {r.id.split("-prefill-")[0].removeprefix("h200-") + f" {int(r.id.split('-')[-1]):,}": r.error
               for r in held if "-prefill-" in r.id}
    decode_abs = np.abs([r.error for _, r, _, _ in rows])
    b1 = [r.error for c, r, _, _ in rows if c.batch == 1]
    kv_bound = [(r.error, s) for _, r, part, s in rows if part >= 0.5]  # the KV read half the predicted step or more
    top = sorted(rows, key=lambda row: row[1].error)[-3:][::-1]
    first = rows[0][0].model.id
    growth = f"{first}: " + ", ".join(f"{s:.2f} at {c.seq_len:,}" for c, _, _, s in rows
                                     if c.batch == 16 and c.model.id == first)
    weights = [(c, r.error, s) for c, r, part, s in rows if part < 0.5 and c.batch >= 64]
    shipped = measured_inference(rows[0][0]).value_at("eff.unfused_kv_bw", 0)
    fit_batches = [c.batch for c, r, _, _ in _decode_rows(results, GROUP_SERVING) if r.split == FIT and c.batch > 1]
    env = MEASURED_ENVIRONMENT["serving_heldout"]["environment"]
    return [
        "* **Measured here, decode / prefill, held-out** (2026-12-04; `benchmarks/gpu/measure_transformer.py --suite "
        "serving`, raw output `tests/validation/data/h200_serving_2026-12-04.json`, "
        f"{env['elapsed_s']:.0f} s on the same H200, PyTorch {env['torch']}): the decoder of the first run, bf16, "
        "static KV cache, decode steps replayed from a CUDA graph, prefill eager at batch 1, on shapes and sizes the "
        "pytorch-cudagraph terms were not fitted on: `llama-3.1-8b` and `llama-3.2-3b` at contexts 1,024-8,192, "
        "`yi-34b` (the largest catalog decoder that fits one H200 in bf16 with a KV cache beside it, plain Llama "
        "layers) and `phi-3-mini` (MHA; its 2,047-token window applied by the decode step, the prefill full causal as "
        "gpudesk's prefill assumes) within their 4,096-token max_context, batches 1-256; out-of-memory points are "
        "recorded, not predicted. All held-out; no constant was changed for them. "
        f"Median |error| {np.median(np.abs([r.error for r in held])):.1%} ({len(held)} cases; decode "
        f"{np.median(decode_abs):.1%}, p90 {np.quantile(decode_abs, 0.9):.1%}; prefill "
        f"{np.median(np.abs(list(prefill.values()))):.1%}). **The decode model reads slow wherever the KV read "
        f"is large**: at batch 1 it is {_span(b1)} (the weights and kernel boundaries, slightly fast); where "
        f"gpudesk's KV read is half its step or more ({len(kv_bound)} cases) {_span([e for e, _ in kv_bound])}, the "
        f"measured steps implying a KV-read share of {_span([s for _, s in kv_bound], '{:.2f}')} of HBM bandwidth "
        f"(median {np.median([s for _, s in kv_bound]):.2f}) where gpudesk reads at "
        f"`UNFUSED_DECODE_KV_BW_EFFICIENCY` {shipped:.2f}, chosen on the fit half's context-2,048 rows (batch "
        f"{min(fit_batches)}-{max(fit_batches)} there implied {_span(fit_shares, '{:.2f}')}). The largest errors: "
        + ", ".join(f"{c.model.id} batch {c.batch} context {c.seq_len:,} {r.error:+.1%} ({s:.2f})" for c, r, _, s in top)
        + f". At batch 16 the share grows with the context ({growth}), while at batch 64 and above it stays near "
        "its median at every context, so few long sequences read the cache faster per byte "
        "than many short ones, which one share per engine cannot express. The term that carries the pattern is the "
        "KV read (the weights and the kernel boundaries are within a few per cent at batch 1, and the attention FLOPs "
        "are far below the matrix rate). Where the weights dominate a large batch ("
        + ", ".join(f"{c.model.id} batch {c.batch} context {c.seq_len:,} {e:+.1%}" for c, e, _ in weights)
        + f") the implied share, {_span([s for _, _, s in weights], '{:.2f}')}, is not the KV read's alone: part of "
        "those errors likely sits in the linear term, where `SERVING_ROOFLINE_SHARPNESS` p = 1 adds a GEMM's compute "
        "time to its weight-streaming time near the ridge point. A share that depends on context would have to be "
        "built on the fit half, whose decode rows are all at context 2,048 and cannot show it, so a fit-half "
        "measurement at several contexts is what a model change needs. Prefill: " + "; ".join(f"{k} tokens {v:+.1%}" for k, v in prefill.items())
        + ". `yi-34b`'s larger GEMMs (hidden 7,168, MLP 20,480) likely run nearer the matrix ceiling than the eager "
        "stack's GEMM share allows; `phi-3-mini` (head size 96, MHA) takes longer than predicted, not traced to a "
        "term. Each decode cell below: error (implied KV-read share).",
        "",
        *_table(rows),
        "",
    ]
