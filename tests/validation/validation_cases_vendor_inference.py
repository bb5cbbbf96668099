"""Inference measurements the accelerator vendors publish for their own parts: Intel Gaudi 2 and Gaudi 3, AMD MI300X.

**Intel Gaudi** (static batches, like TensorRT-LLM's performance.md rows in validation_cases_inference.py): Intel's
'Model Performance Data for Intel Gaudi 2 AI Accelerators' (https://www.intel.com/content/www/us/en/developer/
platform/gaudi/model-performance-gaudi2-inference.html) and '... Intel Gaudi 3 AI Accelerators' (.../gaudi/
model-performance.html), both 'measured using the latest SynapseAI software release version 1.18.0', PyTorch 2.4.0,
on HLS-Gaudi2 (8 x HL-225H) and HLS-Gaudi3 (8 x HL-325L) servers; stored copies read 2026-12-03. Each row states
the model, the cards (# HPU: the tensor-parallel group), FP8, the input and output length, the batch and the
throughput in tokens/s. What gpudesk is told: every sequence of a batch runs the full input and output length
(Optimum Habana's text-generation example, static shapes), FP8 weights and an FP8 KV cache (Intel Neural
Compressor's FP8 flow quantizes the linear, matmul and KV-cache modules; that the KV cache was FP8 is assumed),
engine release ``current`` (no TensorRT-LLM release applies; a dense tensor-parallel model pays no release term).
The throughput is read as the run's output tokens/s on all its cards (Optimum Habana prints one throughput for the
run): per card = throughput / # HPU (on one card unambiguous; Llama 2 70B on 2 Gaudi 2 at 2,844 tokens/s is 1,422
per card, where Llama 2 7B on one makes 13,137). The Gaudi 2 page's 'LLM for Low Latency' rows (batch 1, latency
growing with the input: 7.62 ms at 128 tokens, 56.31 ms at 2,048 for Llama 2 7B) are read as first-token latency.
How the runs read the KV cache, from Intel's own commands for these tables: HabanaAI/Gaudi-tutorials
PyTorch/Hugging_Face_pipelines/Benchmarking_on_Optimum-habana_with_fp8/Gaudi_1-19.json (the commands that reproduce
the Gaudi 3 page's Llama 2 70B, Llama 3.1 8B and 70B rows at its batches, SynapseAI 1.19) and Intel's tutorial
'Replicating Large Language Model Inference Performance on the Intel Gaudi AI Accelerators' (Optimum Habana 1.11.1
on SynapseAI 1.16, the Gaudi 2 page's batches; stored copy) run Optimum Habana's run_generation.py with
``--bucket_size=128 --bucket_internal`` and fused attention on every Llama row: the cache is allocated for input +
output and each decode step's attention reads it up to the next multiple of 128 tokens (optimum-habana
generation/utils.py sets ``cache_idx`` = (⌊(token_idx − 1)/128⌋ + 1)·128), 64 more than filled on average
(``kv_bucket`` 128). Mistral 7B ran with ``--reuse_cache`` and no bucket on the 128-token outputs (the whole input +
output cache every step: ``kv_bucket`` = input + output) and with ``--bucket_internal --bucket_size 128`` on the
2,048-token ones. Llama 2 7B and Mistral 7B on Gaudi 3 and Llama 3.1 8B on Gaudi 2 have no stored command: the flags
of the same model on the other part, or of the page's other Llama rows, are assumed.
The same commands run every Llama row with fused attention (``--use_flash_attention --flash_attention_recompute``)
and Mistral 7B without it (the flag is absent from all four of its commands): its cases say ``flash_attention``
False, every attention score through HBM (core/inference_step.py).

**AMD MI300X** (in-flight batching under maximum load, like the TensorRT-LLM perf overview in
validation_cases_serving.py): AMD's 'Performance Results' page (https://www.amd.com/en/developer/resources/rocm-hub/
dev-ai/performance-results.html, stored copy read 2026-12-03): 'a local inference client is fed requests at an
infinite rate', Docker container rocm/vllm:rocm6.4.1_vllm_0.9.1_20250715 (released 2025-07-16), 8 x MI300X
(192 GB, 750 W) with two EPYC 9554, FP8 checkpoints with an FP8 KV cache (amd/Llama-3.1-70B-Instruct-FP8-KV,
amd/Llama-3.1-405B-Instruct-FP8-KV), TP 8, each row's input and output length, number of prompts and max num seqs
(equal on every row: all requests in flight at once). The page's single 'Throughput (tokens/s)' is read as output
tokens/s, the rate ROCm/MAD's report (scripts/vllm/vllm_benchmark_report.py) files as ``throughput_gen`` beside
``throughput_tot`` (vLLM's prompt + output ``tokens_per_second``), per GPU / 8: Azure's runs of the same workloads
on 8 MI300X and the page's own rows say so (validation_amd_reading.py). Until 2026-12-04 it was read as the prompt + output total (its
decimal was taken for vLLM's unrounded figure), output tokens/s = throughput x output / (input + output). vLLM's
memory share ``--gpu-memory-utilization`` 0.9 (MAD's setting) is the KV share gpudesk is given; engine release
``current`` (vLLM).

Every case added here after the split was frozen is held-out (validation_split.py).
"""

from __future__ import annotations

from dataclasses import replace
from statistics import median

import numpy as np
from validation_amd_builds import where_it_goes
from validation_amd_preemption import preemption_record
from validation_amd_reading import reading_record
from validation_amd_sync_host import sync_host
from validation_cases_inference import InferenceCase
from validation_cases_serving import ServingCase
from validation_catalog import catalog
from validation_hardware import LLAMA2_7B, LLAMA2_70B

from gpudesk.core.collectives import Links, tuned_all_reduce_time
from gpudesk.core.constants import ACTIVATION_COMM_BYTES
from gpudesk.core.constants.serving import AMD_CDNA3_SERVING_MEASURED_HIGH, AMD_CDNA3_SERVING_MEASURED_LOW
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays

_INTEL = ("Intel, 'Model Performance Data for Intel Gaudi {gen} AI Accelerators', {url} (SynapseAI 1.18.0, "
          "PyTorch 2.4.0; stored copy read 2026-12-03), {table}")
_GAUDI2_URL = "https://www.intel.com/content/www/us/en/developer/platform/gaudi/model-performance-gaudi2-inference.html"
_GAUDI3_URL = "https://www.intel.com/content/www/us/en/developer/platform/gaudi/model-performance.html"
_AMD = ("AMD, 'Performance Results' (https://www.amd.com/en/developer/resources/rocm-hub/dev-ai/performance-results."
        "html, stored copy read 2026-12-03), AI Inference, Throughput Measurements, container "
        "rocm/vllm:rocm6.4.1_vllm_0.9.1_20250715 (2025-07-16)")


def _gaudi(gen: str, acc_id: str, url: str, rows: list[tuple]) -> list[InferenceCase]:
    """(model, # HPU, input, output, batch, tokens/s of the run) rows of one page's throughput table."""
    acc = catalog().accelerator(acc_id)
    out = []
    for model, hpus, isl, osl, batch, total in rows:
        m = catalog().model(model) if isinstance(model, str) else model
        whole = m.id.startswith("mistral") and osl == 128  # the Mistral commands' --reuse_cache without a bucket
        out.append(InferenceCase(
            id=f"intel-{acc_id}-{m.id}-tp{hpus}-b{batch}-{isl}-{osl}",
            citation=_INTEL.format(gen=gen, url=url, table="Large Language Models (LLM) for Throughput"),
            model=m, accelerator=acc, tp=hpus, batch=batch, prompt=isl, output=osl, measured=total / hpus,
            note=(f"{total:,} tokens/s on {hpus} Gaudi {gen} (the run's, all cards), static batch of {batch:,} "
                  f"sequences of {isl:,} + {osl:,} tokens, FP8 weights, FP8 KV cache (assumed), tensor parallel "
                  f"{hpus}; engine current (Optimum Habana on SynapseAI 1.18.0: no TensorRT-LLM release applies); "
                  + ("the whole static cache read every step (--reuse_cache, no bucket)" if whole else
                     "the cache read in buckets of 128 tokens (--bucket_size=128 --bucket_internal)")),
            release="current", kv_bucket=isl + osl if whole else 128, flash_attention=not m.id.startswith("mistral")))
    return out


GAUDI2_THROUGHPUT = _gaudi("2", "gaudi2", _GAUDI2_URL, [
    (LLAMA2_7B, 1, 128, 128, 1230, 13137), (LLAMA2_7B, 1, 128, 2048, 163, 4791),
    (LLAMA2_7B, 1, 2048, 128, 94, 1449), (LLAMA2_7B, 1, 2048, 2048, 81, 1953),
    (LLAMA2_70B, 2, 128, 128, 1750, 2844), (LLAMA2_70B, 4, 128, 2048, 327, 3211),
    (LLAMA2_70B, 2, 2048, 128, 95, 310), (LLAMA2_70B, 2, 2048, 2048, 78, 1438),
    ("mistral-7b-v0.1", 1, 128, 128, 896, 18023), ("mistral-7b-v0.1", 1, 128, 2048, 120, 11294),
    ("mistral-7b-v0.1", 1, 2048, 128, 120, 1427), ("mistral-7b-v0.1", 1, 2048, 2048, 44, 3947),
    ("llama-3.1-8b", 1, 128, 128, 2429, 18201), ("llama-3.1-8b", 1, 128, 2048, 289, 11138),
    ("llama-3.1-8b", 1, 2048, 128, 179, 2028), ("llama-3.1-8b", 1, 2048, 2048, 155, 5511),
])
GAUDI3_THROUGHPUT = _gaudi("3", "gaudi3", _GAUDI3_URL, [
    (LLAMA2_7B, 1, 128, 128, 1536, 19810), (LLAMA2_7B, 1, 128, 2048, 217, 6763),
    (LLAMA2_7B, 1, 2048, 128, 153, 2029), (LLAMA2_7B, 1, 2048, 2048, 75, 2734),
    (LLAMA2_70B, 2, 128, 128, 1750, 4433), (LLAMA2_70B, 2, 128, 2048, 512, 6026),
    (LLAMA2_70B, 2, 2048, 128, 231, 498), (LLAMA2_70B, 2, 2048, 2048, 240, 2641),
    ("llama-3.1-8b", 1, 128, 128, 1536, 24310), ("llama-3.1-8b", 1, 128, 2048, 768, 18830),
    ("llama-3.1-8b", 1, 2048, 128, 256, 2652), ("llama-3.1-8b", 1, 2048, 2048, 364, 7405),
    ("llama-3.1-70b", 2, 128, 128, 3516, 3711), ("llama-3.1-70b", 2, 128, 2048, 450, 5776),
    ("llama-3.1-70b", 2, 2048, 128, 223, 497), ("llama-3.1-70b", 2, 2048, 2048, 175, 2588),
    ("llama-3.1-70b", 8, 128, 128, 4000, 15008), ("llama-3.1-70b", 8, 128, 2048, 600, 15711),
    ("llama-3.1-70b", 8, 2048, 128, 400, 1600), ("llama-3.1-70b", 8, 2048, 2048, 600, 8946),
    ("mistral-7b-v0.1", 1, 128, 128, 896, 24433), ("mistral-7b-v0.1", 1, 128, 2048, 120, 13726),
    ("mistral-7b-v0.1", 1, 2048, 128, 120, 2085), ("mistral-7b-v0.1", 1, 2048, 2048, 44, 4970),
])
GAUDI2_TTFT = [
    InferenceCase(id=f"intel-gaudi2-ttft-{m.id}-tp{hpus}-{isl}", citation=_INTEL.format(
        gen="2", url=_GAUDI2_URL, table="LLM for Low Latency"), model=m, accelerator=catalog().accelerator("gaudi2"),
        tp=hpus, batch=1, prompt=isl, output=1, measured=ms / 1000.0, metric="ttft_s", release="current",
        note=f"batch 1, {isl:,}-token input on {hpus} Gaudi 2: {ms} ms, read as first-token latency (it grows with the "
             "input); FP8; engine current (Optimum Habana on SynapseAI 1.18.0)")
    for m, hpus, isl, ms in ((LLAMA2_7B, 1, 128, 7.62), (LLAMA2_7B, 1, 2048, 56.31), (LLAMA2_70B, 8, 128, 26.93),
                             (LLAMA2_70B, 8, 2048, 116.0), (catalog().model("llama-3.1-8b"), 1, 128, 8.17),
                             (catalog().model("llama-3.1-8b"), 1, 2048, 60.52))
]


def _amd(model_id: str, label: str, rows: list[tuple]) -> list[ServingCase]:
    """(input, output, prompts = max num seqs, output tokens/s on TP8) rows of AMD's throughput table."""
    return [ServingCase(
        id=f"amd-vllm-{model_id}-mi300x-tp8-fp8-{isl}-{osl}", citation=f"{_AMD}, {label}", model_id=model_id,
        accelerator_id="mi300x", tp=8, prompt=isl, output=osl, measured=figure / 8,
        weight_dtype="fp8", kv_dtype="fp8", max_batch=prompts, serving_fraction=0.9, requests=prompts,
        release="vllm-v1-sync",
        note=(f"{figure:,} tokens/s on 8 MI300X, read as output tokens/s (MAD's report: throughput_gen; Azure's runs of "
              "the same workloads agree, validation_amd_reading.py); offline, in-flight batching, "
              f"{prompts:,} prompts of "
              f"{isl:,} + {osl:,} tokens with max num seqs {prompts:,} (all in flight at once); TP8, FP8 weights and "
              "KV cache (the FP8-KV checkpoint); --gpu-memory-utilization 0.9; engine vllm-v1-sync (vLLM 0.9.1 on "
              "ROCm 6.4.1: the V1 engine, AITER off, scheduling synchronously, ROCm/MAD's scripts/vllm/config.csv "
              "setting no --async-scheduling; AITER's build notes saying it did not support an FP8 KV cache yet, so "
              "vLLM's own ROCm attention kernels and torch._scaled_mm (hipBLASLt) for the FP8 linear layers; "
              "validation_amd_builds.py)"))
        for isl, osl, prompts, figure in rows]


AMD_MI300X_SERVING = (
    _amd("llama-3.1-70b", "Llama 3.1 70B (amd/Llama-3.1-70B-Instruct-FP8-KV)", [
        (128, 2048, 3200, 12638.9), (128, 4096, 1500, 10756.8), (500, 2000, 2000, 10691.7), (2048, 2048, 1500, 7354.9)])
    + _amd("llama-3.1-405b", "Llama 3.1 405B (amd/Llama-3.1-405B-Instruct-FP8-KV)", [
        (128, 2048, 1500, 3912.8), (128, 4096, 1500, 3084.7), (500, 2000, 2000, 2935.9), (2048, 2048, 500, 2191.5)])
)
VENDOR_THROUGHPUT_CASES = GAUDI2_THROUGHPUT + GAUDI3_THROUGHPUT
VENDOR_LATENCY_CASES = GAUDI2_TTFT


def _range(rows: list, ids: set[str]) -> str:
    errs = sorted(r.error for r in rows if r.id in ids)
    return f"{errs[0]:+.0%} … {errs[-1]:+.0%} (median |error| {median(abs(e) for e in errs):.0%}, {len(errs)})"


AMD_LATENCY_70B_S = {1: 17.236, 2: 18.057}  # the same page's latency table, Llama 3.1 70B, 128 + 2,048 tokens, TP8


def _step_ms(per_gpu: float, case: ServingCase) -> float:
    """Milliseconds per step with all ``case.max_batch`` sequences in flight at ``per_gpu`` output tokens/s per GPU."""
    return case.max_batch / (per_gpu * case.tp) * 1e3


def _at_one(case: ServingCase) -> float:
    """gpudesk's output tokens/s per GPU for one sequence of the case (the latency table's batch 1)."""
    from validation_runner import serving_at
    return float(serving_at(replace(case, requests=1, max_batch=1), 1.0)[0][0])


def _tp_all_reduces_s(case: InferenceCase) -> float:
    """Seconds of one token step's TP all-reduces as gpudesk counts them for a static-batch case: two per layer of
    the batch's hidden states (16-bit), each ``tuned_all_reduce_time`` over the case's cards of one box."""
    hw = HardwareArrays.from_accelerators([case.accelerator])
    links = Links.from_hardware(hw, Efficiencies.for_hardware(hw, case.weight_dtype))
    act = np.array([case.batch * case.model.hidden * ACTIVATION_COMM_BYTES.value])
    tp = np.array([float(case.tp)])
    return float(2 * case.model.n_layers * tuned_all_reduce_time(act, tp, tp, links)[0])


def _same_runs(by: dict) -> dict[str, float]:
    """Per row both Intel pages ran with the same model, cards, batch and lengths: gpudesk's Gaudi 3 / Gaudi 2
    throughput ratio over the measured one (1.0: the two parts' constants stand in the measured relation)."""
    out = {}
    for c3 in GAUDI3_THROUGHPUT:
        twin = c3.id.replace("intel-gaudi3-", "intel-gaudi2-")
        if twin in by and c3.id in by:
            r3, r2 = by[c3.id], by[twin]
            out[c3.id] = (r3.predicted / r2.predicted) / (r3.measured / r2.measured)
    return out


def findings(results: list) -> list[str]:
    """The 'known large errors' paragraph of docs/validation.md for the vendors' own tables, from this run."""
    g2, g3 = {c.id for c in GAUDI2_THROUGHPUT}, {c.id for c in GAUDI3_THROUGHPUT}
    amd, ttft = {c.id for c in AMD_MI300X_SERVING}, {c.id for c in GAUDI2_TTFT}
    by = {r.id: r for r in results if r.id in g2 | g3 | amd | ttft}
    odd = by["intel-gaudi2-llama-2-70b-tp4-b327-128-2048"]
    odd_case = {c.id: c for c in GAUDI2_THROUGHPUT}[odd.id]
    # one token step of the whole batch (prefill amortised in both): batch / the run's tokens/s
    step_meas, step_pred = (odd_case.batch / (x * odd_case.tp) for x in (odd.measured, odd.predicted))
    reduces = _tp_all_reduces_s(odd_case)
    per_reduce = reduces / (2 * odd_case.model.n_layers)
    needed = (reduces + step_meas - step_pred) / (2 * odd_case.model.n_layers)
    pairs = _same_runs(by)  # the rows both pages ran alike: gpudesk's Gaudi 3 / Gaudi 2 ratio over the measured one
    m3, m2 = (by[f"intel-gaudi{g}-mistral-7b-v0.1-tp1-b120-128-2048"] for g in (3, 2))
    mistral = (m3.measured / m2.measured, m3.predicted / m2.predicted)
    hbm = catalog().accelerator("gaudi3").mem_bw_gbs / catalog().accelerator("gaudi2").mem_bw_gbs
    two_card = max(abs(r.error) for i, r in by.items() if i.startswith("intel-gaudi2-llama-2-70b-tp2-"))
    step = {c.id: c for c in AMD_MI300X_SERVING}["amd-vllm-llama-3.1-70b-mi300x-tp8-fp8-128-2048"]
    ratio = by[step.id].predicted / step.measured
    kv = {name: (100 * median(abs(by[i].error) for i in ids), float(np.percentile([abs(by[i].error) for i in ids], 90))
                 * 100) for name, ids in (("g2", g2), ("g3", g3), ("all", g2 | g3))}
    return [
        "* **The vendors' own tables** (2026-12-03, `tests/validation/validation_cases_vendor_inference.py`; all "
        "held-out, added after the split was frozen): Intel's Gaudi 2 and Gaudi 3 model-performance pages (SynapseAI "
        "1.18.0, static batches of fixed lengths, FP8) and AMD's MI300X performance-results page (vLLM 0.9.1 on ROCm "
        f"6.4.1, TP8, FP8, every request in flight at once). Gaudi 2 static throughput {_range(list(by.values()), g2)}, "
        f"Gaudi 3 {_range(list(by.values()), g3)}, Gaudi 2 first-token latency {_range(list(by.values()), ttft)}; "
        f"MI300X in-flight serving {_range(list(by.values()), amd)}. Two things stand out and are left as measured. "
        f"Gaudi 2's Llama 2 70B row on 4 cards (128 + 2,048 tokens, batch 327) reads {odd.error:+.0%}: 3,211 tokens/s "
        "on 4 cards is less than the 2-card rows' rate per card at 2,048 + 2,048 (1,438 on 2), so the row is not the "
        "scaling of its neighbours; the page gives no command to say why. Its batch needs the 4 cards (70 GB of FP8 "
        "weights and 114 GB of FP8 KV cache at 2,176 tokens do not fit two 96 GB cards); the page's rate means one "
        f"token step of the 327 sequences every {step_meas * 1e3:.0f} ms, where gpudesk's is {step_pred * 1e3:.0f} ms, "
        f"of which the 160 TP4 all-reduces (two a layer, 5.4 MB each, over the 3 of 7 RoCE bundles of 37.5 GB/s a "
        f"4-card group of the HLS-Gaudi2 box reaches: catalog intel-gaudi-network-config) take {reduces * 1e3:.1f} ms; "
        f"the 2-card rows pay their all-reduces over one bundle and read within {two_card:.0%}. To close the gap the all-reduces "
        f"alone would have to take {needed * 1e3:.2f} ms each, {needed / per_reduce:.1f}x gpudesk's, and nothing "
        "published says they do, so no term was added. AMD's MI300X rows read gpudesk "
        f"{ratio:.2f}x fast at 128 + 2,048 on Llama 3.1 70B (the 405B rows alike): the page's throughput is read as "
        "output tokens/s; read as vLLM's prompt + output tokens_per_second the same row would read "
        f"{ratio * (step.prompt + step.output) / step.output:.2f}x fast. " + reading_record(list(AMD_MI300X_SERVING))
        + f" With all {step.max_batch:,} sequences in "
        f"flight the page's rate is one step (prefill included) every {_step_ms(step.measured, step):.0f} ms, gpudesk's "
        f"every {_step_ms(by[step.id].predicted, step):.0f} ms. **Where it goes** (2026-12-04, published figures, "
        "nothing fitted): (1) the gap is there at batch 1: the same page's latency table (same container, "
        "benchmark_latency, 128 + 2,048 tokens) takes 17.236 s at batch 1 and 18.057 s at batch 2 on Llama 3.1 70B, "
        f"{AMD_LATENCY_70B_S[1] / 2048 * 1e3:.1f} and {AMD_LATENCY_70B_S[2] / 2048 * 1e3:.1f} ms per step, where "
        f"gpudesk's step at batch 1 is {_step_ms(_at_one(step), replace(step, max_batch=1)):.1f} ms (a weight stream "
        "of 8.8 GB per GPU, 160 all-reduces, 720 kernel boundaries): the step's fixed part already costs "
        f"{AMD_LATENCY_70B_S[1] / 2048 * 1e3 / _step_ms(_at_one(step), replace(step, max_batch=1)):.1f}x gpudesk's "
        "on that stack, not only its cost per sequence; " + where_it_goes(results, AMD_MI300X_SERVING) + sync_host(results, AMD_MI300X_SERVING) + " "
        + preemption_record(list(AMD_MI300X_SERVING), {c.id: by[c.id].predicted for c in AMD_MI300X_SERVING}) + " "
        "**Their own groups** (2026-12-03/04): a serving figure on an AMD CDNA3 "
        "accelerator takes the band of these runs (core/accuracy.py `AMD_CDNA3_SERVING_GROUP`), not the pooled serving "
        "band, which is drawn without them (with them −26.1% … +12.1% from 209 runs); with 8 "
        "runs a split-conformal 80% band is not defined (it needs 9), so those figures carry none and the plan gets "
        "the task-step warning `serving.amd_cdna3_optimistic` (MI325X: saying first that no validation run is on it), "
        f"and a searched CDNA3 serving point the same caveat: measured {AMD_CDNA3_SERVING_MEASURED_LOW.value:.0%}-"
        f"{AMD_CDNA3_SERVING_MEASURED_HIGH.value:.0%} of gpudesk's throughput on these runs "
        "(`AMD_CDNA3_SERVING_MEASURED_LOW` / `_HIGH`), the GPU count short by "
        f"{1.0 / AMD_CDNA3_SERVING_MEASURED_HIGH.value:.1f}x to {1.0 / AMD_CDNA3_SERVING_MEASURED_LOW.value:.1f}x."
        " A serving "
        "figure on Intel Gaudi takes the band of the 40 Gaudi throughput rows (`INTEL_GAUDI_SERVING_GROUP`, all "
        "held-out, so the band has no fit-half coverage), and the pooled band NVIDIA plans carry is drawn without them "
        "(with them −22.6% … +12.4% from 201 runs, now −18.7% … +14.1% from 161); the 6 Gaudi 2 first-token rows "
        "stay in the first-token band, as latency does for every family. **Gaudi 3's matmul peak** (2026-12-04): the "
        "MAMF table measured 1,243.0 (BF16) and 1,289.5 (FP8) TFLOPS on Gaudi 3 and divided them by 1,677, the MME's "
        "rate at the 1,600 MHz it ran at; gpudesk applied those fractions (0.741, 0.769) to the catalog's 1,835 "
        "datasheet peak, 9.4% above what was measured. The fractions are now of 1,835 (0.677, 0.703: "
        "`MAMF_BF16_GAUDI`, `MAMF_FP8_GAUDI`), which takes Gaudi 3 from a median |error| of 21% to 18% (the prefill-heavy "
        "rows move most); the rest stays fast, most on the decode-heavy rows, where HBM bandwidth sets the pace: no "
        "published measurement of Gaudi 3's achieved HBM bandwidth was found, so `HBM_EFFICIENCY` (0.85, all "
        f"families) stands. On the {len(pairs)} rows Intel ran with the same model, cards, batch and lengths on both "
        f"parts, gpudesk's Gaudi 3 / Gaudi 2 ratio is {min(pairs.values()):.2f}-{max(pairs.values()):.2f}x the "
        f"measured one, most on the decode-heavy row (Mistral 7B at 128 + 2,048: measured {mistral[0]:.2f}x, gpudesk "
        f"{mistral[1]:.2f}x, the datasheets' HBM ratio {hbm:.2f}x): in these runs Gaudi 3 reaches a smaller share of its "
        "datasheet HBM bandwidth than Gaudi 2 does, which no published measurement quantifies, so nothing was changed.",
        "* **How Intel's runs read the KV cache** (2026-12-04; plan input `kv_bucket_tokens`): Intel's commands for "
        "these tables (HabanaAI/Gaudi-tutorials, Benchmarking_on_Optimum-habana_with_fp8/Gaudi_1-19.json for the "
        "Gaudi 3 page's Llama 2 70B, Llama 3.1 8B and 70B rows at its batches; the tutorial 'Replicating Large "
        "Language Model Inference Performance on the Intel Gaudi AI Accelerators', Optimum Habana 1.11.1, for the "
        "Gaudi 2 page's) run run_generation.py with a static cache of input + output tokens read in buckets of 128 "
        "(`--bucket_size=128 --bucket_internal`: optimum-habana's generation/utils.py slices the cache to the next "
        "multiple of 128, `cache_idx`), and Mistral 7B's 128-token outputs with `--reuse_cache` and no bucket (the "
        "whole cache every step). A decode step's attention so reads half a bucket more than the cache holds on "
        "average, at most input + output: 256 tokens where 192 are filled at 128 + 128 (1.33x the KV bytes), 3,136 of "
        "3,072 at 2,048 + 2,048 (`infer.context_read` = min(context + N/2, I + O); derived from the commands, nothing "
        "fitted; the Gaudi rows the stored commands do not cover, Llama 2 7B and Mistral 7B on Gaudi 3 and Llama 3.1 "
        "8B on Gaudi 2, take the same model's or the page's other Llama rows' flags). Intel Gaudi's 40 throughput "
        "rows: median |error| 12.8% → 7.3% (p90 29.7% → 28.0%), Gaudi 2 5.4% → 5.4% (p90 30.2% → 28.1%), Gaudi 3 "
        "18.3% → 14.6% (p90 28.5% → 27.3%), the 128 + 128 rows most (Gaudi 3 Llama 2 7B +20.0% → "
        f"{by['intel-gaudi3-llama-2-7b-tp1-b1536-128-128'].error:+.1%}); no other group moves (every other run "
        "states no bucket: paged engines read the cache as filled). What it does not explain: Gaudi 3 stays fast, "
        "most on Llama 3.1 8B (all four shapes, prefill-heavy as well as decode-heavy, so not HBM bandwidth alone) "
        "and on Llama 3.1 70B over 8 cards, while Llama 2 70B and Llama 3.1 70B on 2 cards read within 9% beside "
        "128 + 128; Mistral 7B at 2,048 + 128 stayed +38% (Gaudi 2) and +52% (Gaudi 3): its stored "
        "command runs without `--use_flash_attention` where every Llama row has it, so its 2,048-token prefill may "
        "move its attention scores through HBM, which the serving model does not price.",
        "* **Mistral 7B's runs had no fused attention** (2026-12-04; the plan's `parallel.flash_attention`, read by "
        "training only until now, reaches serving): the same commands run every Llama row with "
        "`--use_flash_attention --flash_attention_recompute` and Mistral 7B without it, so its scores go through "
        "HBM: 8 B each (`ATTENTION_SCORE_BYTES_SERVING`: QKᵀ writes S, the scale-mask-softmax reads S and writes P, "
        "the product with V reads P, 16-bit, no dropout; derived as the training count, nothing fitted), a·n of them "
        "per token and layer in a prompt (the masked half computed too) and a·c per decode token beside its KV cache. "
        "Mistral's 2,048 + 128 rows, the prefill-heaviest, "
        f"{by['intel-gaudi2-mistral-7b-v0.1-tp1-b120-2048-128'].error:+.1%} (Gaudi 2, was +37.7%) and "
        f"{by['intel-gaudi3-mistral-7b-v0.1-tp1-b120-2048-128'].error:+.1%} (Gaudi 3, was +52.4%); Gaudi 2's 128 + "
        f"2,048 row moves slow ({by['intel-gaudi2-mistral-7b-v0.1-tp1-b120-128-2048'].error:+.1%}, was −5.3%): its "
        "decode steps now read 1.125x the KV cache's bytes. Intel Gaudi's 40 rows then read a median |error| of "
        f"{kv['all'][0]:.1f}% (p90 {kv['all'][1]:.1f}%), Gaudi 2 {kv['g2'][0]:.1f}% (p90 {kv['g2'][1]:.1f}%), "
        f"Gaudi 3 {kv['g3'][0]:.1f}% (p90 {kv['g3'][1]:.1f}%); no other run states unfused attention, so no other "
        "group moves. That 1.18's Mistral commands kept 1.16's flags is assumed (the page's batches are the same).",
    ]
