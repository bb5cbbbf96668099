"""Published serving runs of one model at one to eight pipeline stages on the same GPU: evidence for the serving
model's pipeline-parallel replica (core/inference_step.py), not fitted on (all added 2026-12-04, all held-out).

Source: the same page and commit as validation_cases_serving.py's tables (``PERF_OVERVIEW``, the v1.0 tables),
its 'RTX 6000 Pro Blackwell Server Edition' tables, which the page introduces as 'RTX 6000 systems can benefit from
enabling pipeline parallelism (PP) in LLM workloads, so we included several new benchmarks for this GPU at various
TP x PP combinations': ``trtllm-bench --tp $tp_size --pp $pp_size ... throughput`` with the PyTorch backend, every
request of one input and output length, all queued at once, the page's dense ``llm_options.yml`` (CUDA graphs with
padding), NVFP4 checkpoints (nvidia/Llama-3.3-70B-Instruct-FP4, nvidia/Llama-3.1-405B-Instruct-FP4, the page's FP4
model list) with an FP8 KV cache. The metric is Total Output Throughput (tokens/s) of the engine's tp·pp GPUs;
per GPU = that / (tp·pp). Used: Llama 3.3 70B at TP1 with PP 1, 2, 4 and 8 (one model on one, two, four and eight
of the same GPU: the PP1 column is the single-GPU baseline the stages are compared with) and Llama 3.1 405B at
TP1 × PP8. Not used: the page's RTX tables of MoE models (Llama 4 Scout and Maverick, Qwen3): their commands take
an ``--ep`` the page does not state.

What gpudesk is told beyond validation_cases_serving.py's (KV share 0.90, the run's requests in waves,
trtllm-bench's max_batch_size and max_num_tokens): pipeline stages ``pp`` = the column's PP, the engine's
max_batch_size as the cap of each micro-batch, so max_batch_size·pp in the replica (trtllm-bench's heuristic sizes
it per micro-batch: tensorrt_llm/bench/build/tuning.py finetune_setting divides the requests the KV cache holds by
pp_size; ``engine_batch_cap``), and the
catalog's ``rtx-pro-6000-blackwell`` row in a PCIe server (the card has no NVLink; the page does not name the
server). Llama 3.3 70B stands on the catalog's ``llama-3.1-70b`` row (same shapes), as in validation_cases_serving.py.

NVIDIA's blog 'Boosting Llama 3.1 405B Throughput by Another 1.5x on NVIDIA H200 Tensor Core GPUs and NVLink Switch'
(2024-10-09) compares TP8 with PP8 on one HGX H200 for Llama 3.1 405B; no stored copy of its Table 1 was found (the
stored pages hold its introduction, a forum thread saying the table's minimum-latency row had TP and PP swapped,
and rewrites quoting only the ratios: TP 5.6x PP at minimum latency, PP 1.5x TP at maximum throughput), so neither
its lengths, batch nor software release can be stated, and it is not a case here.
"""

from __future__ import annotations

from engine_releases import PERF_OVERVIEW_RELEASE
from validation_cases_serving import (
    _LENGTHS,
    ENGINE_MAX_BATCH,
    PERF_OVERVIEW,
    REQUESTS,
    ServingCase,
    bench_engine_note,
    bench_engine_settings,
    engine_batch_cap,
)
from validation_cases_serving import (
    KV_FRACTION as KV_SHARE,
)
from validation_catalog import catalog

RTX_PRO_6000 = "rtx-pro-6000-blackwell"


def _rtx_table(model_id: str, label: str, columns: list[tuple[int, int]], rows: dict[tuple[int, int], tuple],
               ) -> list[ServingCase]:
    """One RTX 6000 Pro table: columns (TP, PP); rows {(input, output): totals per column} (None = blank)."""
    model, acc = catalog().model(model_id), catalog().accelerator(RTX_PRO_6000)
    out = []
    for isl, osl in _LENGTHS:
        for (tp, pp), total in zip(columns, rows.get((isl, osl), ()), strict=False):
            if total is None:
                continue
            batch, tokens = bench_engine_settings(model, acc, tp, "fp4", isl, osl, pp=pp)
            out.append(ServingCase(
                id=f"trtllm-v1-{model_id}-{RTX_PRO_6000}-tp{tp}-pp{pp}-fp4-{isl}-{osl}",
                citation=f"{PERF_OVERVIEW}, {label}, RTX 6000 Pro Blackwell Server Edition", model_id=model_id,
                accelerator_id=RTX_PRO_6000, tp=tp, pp=pp, prompt=isl, output=osl, measured=total / (tp * pp),
                weight_dtype="fp4", kv_dtype="fp8", max_batch=engine_batch_cap(batch, pp), requests=REQUESTS[(isl, osl)],
                release=PERF_OVERVIEW_RELEASE[0], max_tokens=tokens,
                note=f"engine {PERF_OVERVIEW_RELEASE[0]} ({PERF_OVERVIEW_RELEASE[1]}); total {total:,} output tokens/s "
                     f"on {tp * pp} RTX 6000 Pro (TP{tp} x PP{pp}); offline, in-flight batching, "
                     f"{REQUESTS[(isl, osl)]:,} requests (the page's table); NVFP4 weights, FP8 KV cache; KV share "
                     f"0.90 of free memory (page default); {bench_engine_note(batch, tokens)}, both per micro-batch, "
                     f"so {engine_batch_cap(batch, pp):,} sequences at most in the replica's {pp} micro-batches; "
                     "PCIe server assumed (the card has no NVLink; the page names no server)"))
    return out


LLAMA70_PP = _rtx_table("llama-3.1-70b", "Llama 3.3 70B", [(1, 1), (1, 2), (1, 4), (1, 8)], {
    (128, 128): (3264, 6172, 9641, 11881), (128, 2048): (2422, 4993, 7922, 9833),
    (128, 4096): (1349, 2893, 4978, 7352), (500, 2000): (1856, 4114, 6939, 9435),
    (1000, 1000): (1787, 3707, 5961, 8166), (1000, 2000): (1594, 2993, 5274, 6943),
    (2048, 128): (393, 813, 1511, 2495), (2048, 2048): (1074, 2336, 3870, 6078),
    (5000, 500): (401, 812, 1511, 2491), (20000, 2000): (142, 319, 630, 1148)})
LLAMA405_PP = _rtx_table("llama-3.1-405b", "Llama 3.1 405B", [(1, 8)], {
    (128, 128): (4452,), (128, 2048): (2981,), (1000, 1000): (2369,), (1000, 2000): (1931,), (2048, 128): (579,),
    (2048, 2048): (1442,)})

PIPELINE_SERVING_CASES = LLAMA70_PP + LLAMA405_PP


# ---- what gpudesk says of them (docs/validation.md, 'known large errors') ----
# An FP4 model's attention runs in 16 bit (core/hardware.py HardwareArrays.attention_peak), so the series reads on
# the catalog row's 16-bit tensor peak: scored in run_all (serving group, Blackwell family, held-out) while the row
# has one; a row without one gives no figure (unknown, not 0), and the paragraph then reads the series on a 16-bit
# peak of FP4 / ladder, the ladder of the catalog's RTX 5090 row (the same GB202 die: FP4 1,676, BF16 419, 4:1).
# Either way it reads them again at half that 16-bit peak, to show what the readings owe to that figure; neither
# diagnostic is a plan input and nothing is fitted on it.
LADDER_DIE = "rtx-5090"


def ladder() -> float:
    """FP4 / BF16 dense peak of the catalog's RTX 5090 row (GB202, the RTX PRO 6000's die)."""
    die = catalog().accelerator(LADDER_DIE)
    return float(die.fp4_tflops) / float(die.bf16_tflops)


def with_16bit_peak(ratio: float):
    """The card's catalog row with a 16-bit tensor peak of FP4 / ``ratio`` (for the diagnostic only)."""
    from dataclasses import replace
    row = catalog().accelerator(RTX_PRO_6000)
    return replace(row, bf16_tflops=row.fp4_tflops / ratio, fp16_tflops=row.fp4_tflops / ratio)


def readings(ratio: float) -> dict[str, float]:
    """case id -> gpudesk's output tokens/s per GPU on the card's row with a 16-bit peak of FP4 / ``ratio``."""
    from validation_runner import predict_serving
    acc = with_16bit_peak(ratio)
    return {c.id: predict_serving(c, accelerator=acc) for c in PIPELINE_SERVING_CASES}


def _per_gpu_vs_pp1(values: dict[str, float], pp: int) -> list[float]:
    """Per (input, output) row of the 70B table: tokens/s per GPU at ``pp`` stages over that at one GPU."""
    by = {(c.prompt, c.output, c.pp): values[c.id] for c in LLAMA70_PP}
    return [by[(i, o, pp)] / by[(i, o, 1)] for i, o in _LENGTHS if (i, o, pp) in by and (i, o, 1) in by]


def findings(results: list | None = None) -> list[str]:
    """The paragraph of docs/validation.md on the pipeline-parallel series (read again here, with the same
    predict_serving run_all scores them with, so that the diagnostic at half the 16-bit peak sits beside it)."""
    from statistics import median

    from validation_runner import predict_serving
    row = catalog().accelerator(RTX_PRO_6000)
    shipped = {c.id: predict_serving(c) for c in PIPELINE_SERVING_CASES}
    unknown = any(v != v for v in shipped.values())  # NaN: the shipped row gives no figure
    measured = {c.id: c.measured for c in PIPELINE_SERVING_CASES}
    base = ladder() if unknown else float(row.fp4_tflops) / float(row.bf16_tflops or row.fp16_tflops)
    at = readings(base) if unknown else shipped
    half = readings(2.0 * base)

    def errors(values: dict[str, float], cases: list[ServingCase]) -> str:
        errs = sorted((values[c.id] - c.measured) / c.measured for c in cases)
        return f"{median(errs):+.0%} ({errs[0]:+.0%} … {errs[-1]:+.0%})"

    columns = "; ".join(
        f"PP{pp} {errors(at, [c for c in LLAMA70_PP if c.pp == pp])}" for pp in (1, 2, 4, 8))
    ratios = "; ".join(
        f"PP{pp} measured {median(_per_gpu_vs_pp1(measured, pp)):.2f}, gpudesk {median(_per_gpu_vs_pp1(at, pp)):.2f}"
        for pp in (2, 4, 8))
    moved = max(abs(at[c.id] / half[c.id] - 1.0) for c in PIPELINE_SERVING_CASES)
    trend = [median(_per_gpu_vs_pp1(at, pp)) for pp in (1, 2, 4, 8)]
    rising = all(b > a for a, b in zip(trend, trend[1:], strict=False))
    verdict = ("gpudesk's per-GPU rate rises with the stages, as a replica whose step is one stage's weights and "
               "FLOPs (core/inference_step.py divides them by t·p and does not add the stages) would"
               if rising else "gpudesk's per-GPU rate no longer rises with every stage added")
    peak = float(row.bf16_tflops or row.fp16_tflops or 0.0)
    return [
        "* **Pipeline-parallel serving, one model at one to eight stages on one GPU** (2026-12-04, "
        "`tests/validation/validation_cases_pipeline.py`; all held-out, "
        + ("not scored" if unknown else "scored in the serving group, Blackwell family")
        + "): the perf overview's v1.0 "
        "RTX 6000 Pro Blackwell Server Edition tables (same page and commit as the serving rows) run Llama 3.3 70B "
        f"(NVFP4) at TP1 with PP 1, 2, 4 and 8 ({len(LLAMA70_PP)} runs) and Llama 3.1 405B at TP1 x PP8 "
        f"({len(LLAMA405_PP)}). "
        + ("On the shipped catalog gpudesk gives them no figure (unknown, not 0): the `rtx-pro-6000-blackwell` row "
           "has an FP4 peak and no 16-bit one, and an FP4 model's attention runs in 16 bit. Read with a 16-bit peak "
           f"of FP4 / {base:.0f} (the catalog's RTX 5090 row, the same GB202 die), the 70B series reads"
           if unknown else
           "An FP4 model's attention runs in 16 bit, so they read on the `rtx-pro-6000-blackwell` row's 16-bit "
           f"tensor peak ({peak:,.1f} TFLOPS dense, a secondary spec page's figure: no NVIDIA table of it was "
           "found); the 70B series reads")
        + f", median (range) by column: {columns}; 405B PP8 {errors(at, LLAMA405_PP)}. Per GPU against "
        f"the same card at PP1 (median over the lengths): {ratios}. Measured, each stage added beyond the second "
        f"costs throughput per GPU; {verdict}. With "
        f"half that 16-bit peak no reading moves more than {moved:.0%} (the long prompts most), so the trend is not "
        "the 16-bit figure's. " + blog_reading(),
    ]


# NVIDIA's blog (BLOG) as the stored rewrites quote it: TP8 5.6x PP8 at minimum latency, PP8 1.5x TP8 at maximum
# throughput, Llama 3.1 405B on one HGX H200; its own Table 1 is not in the stored pages (its introduction is, and a
# forum thread saying the table's minimum-latency row had TP and PP swapped), so only the ratios can be read.
BLOG = ("NVIDIA Technical Blog, 'Boosting Llama 3.1 405B Throughput by Another 1.5x on NVIDIA H200 Tensor Core GPUs "
        "and NVLink Switch' (developer.nvidia.com/blog, 2024-10-09), as quoted by blockchain.news (2024-10-11, "
        "'Llama 3.1 405B Achieves 1.5x Throughput Boost with NVIDIA H200 GPUs and NVLink') and "
        "networkstorageforum.com; forum thread forums.developer.nvidia.com/t/309256")
BLOG_MIN_LATENCY_TP_OVER_PP, BLOG_MAX_THROUGHPUT_PP_OVER_TP = 5.6, 1.5
BLOG_LENGTHS = ((128, 128), (2048, 128))  # assumed: the quotes give no lengths


def blog_layouts(isl: int, osl: int, one_sequence: bool) -> dict[str, float]:
    """gpudesk's output tokens/s per user (one sequence in the engine) or per GPU (at the engine's cap of
    ENGINE_MAX_BATCH a micro-batch, pp micro-batches) for Llama 3.1 405B FP8 on 8
    H200 at TP8 and at PP8, offline, identical requests; the engine's release, KV format and batch cap are assumed
    (TensorRT-LLM 0.x, FP8 KV, 2,048 per micro-batch), the blog stating none the quotes carry."""
    import numpy as np

    from gpudesk.core.hardware import HardwareArrays
    from gpudesk.core.inference import estimate_inference
    from gpudesk.core.inference_inputs import InferenceInputs
    out = {}
    for name, tp, pp in (("tp8", 8, 1), ("pp8", 1, 8)):
        fs = estimate_inference(InferenceInputs(
            model=catalog().model("llama-3.1-405b"), hardware=HardwareArrays.from_accelerators(
                [catalog().accelerator("h200-sxm")]), weight_dtype="fp8", kv_dtype="fp8", prompt_tokens=isl,
            output_tokens=osl, concurrency=np.array([1.0 if one_sequence else float(ENGINE_MAX_BATCH * pp)]), tp=tp, pp=pp, batching="continuous",
            scenario="offline", identical_requests=True, engine_release="trtllm-0", serving_fraction=KV_SHARE))
        key = "infer.tpot_s" if one_sequence else "infer.tokens_per_s_per_gpu"
        value = float(np.asarray(fs[key]).ravel()[0])
        out[name] = 1.0 / value if one_sequence else value
    return out


def blog_reading() -> str:
    """gpudesk's TP8-over-PP8 speed at one sequence and PP8-over-TP8 throughput at the cap, beside the quotes."""
    low = [blog_layouts(i, o, True) for i, o in BLOG_LENGTHS]
    high = [blog_layouts(i, o, False) for i, o in BLOG_LENGTHS]
    lengths = " and ".join(f"{i:,} + {o:,}" for i, o in BLOG_LENGTHS)
    return (f"NVIDIA's blog comparing TP8 with PP8 for Llama 3.1 405B on one HGX H200 ({BLOG}) is not a case: no "
            "stored copy of its Table 1 gives the lengths, batch or release; the quotes give TP8 "
            f"{BLOG_MIN_LATENCY_TP_OVER_PP}x PP8 at minimum latency and PP8 {BLOG_MAX_THROUGHPUT_PP_OVER_TP}x TP8 at "
            f"maximum throughput. gpudesk on 8 H200 (FP8, lengths assumed {lengths}): TP8 "
            + " and ".join(f"{r['tp8'] / r['pp8']:.2f}x" for r in low) + " PP8 per user at one sequence, PP8 "
            + " and ".join(f"{r['pp8'] / r['tp8']:.2f}x" for r in high) + f" TP8 per GPU at a cap of "
            f"{ENGINE_MAX_BATCH:,} a micro-batch.")
