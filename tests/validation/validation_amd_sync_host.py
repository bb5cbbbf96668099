"""vLLM V1's synchronous host work on AMD's MI300X serving rows (engine release ``vllm-v1-sync``): the record of
docs/validation.md's AMD paragraph after 'Where it goes' (validation_amd_builds.where_it_goes), with what the term
leaves: the per-step gap on 70B against 405B, the prompts' run time, and small-shape FP8 GEMMs on Azure's harness.
Read from this run's results; nothing is fitted.
"""

from __future__ import annotations

from dataclasses import replace
from statistics import median

import numpy as np
from validation_amd_builds import BUILDS, _replica, _span, prefill_residual, v1_over_v0_per_sequence
from validation_amd_collectives import all_reduce_record
from validation_cases_serving import ServingCase

MAD_CONFIG = ("ROCm/MAD scripts/vllm/config.csv (commit 2a2180e): per row max_num_seqs = the prompts, "
              "max_num_batched_tokens 131,072, max_model_len 8,192, gpu_memory_utilization 0.9, num_scheduler_steps "
              "10 (a V0 setting), no async scheduling")
# Azure's AI benchmarking guide (copy samuel-bohman/AI-benchmarking-guide, ND_MI300X_v5 3de0c29, ND_H200_v5 0de7d01):
# FP8 GEMM TFLOPS at m = n = k, hipBLASLt on MI300X against cuBLASLt on H200
AZURE_SQUARE_GEMM = {1024: (53.13, 290.8), 2048: (427.74, 1013.4), 4096: (955.17, 1249.1)}


def sync_host(results: list, cases: list[ServingCase]) -> str:
    """The record of vLLM V1's synchronous host work (engine release ``vllm-v1-sync``) on AMD's MI300X rows, with
    what it leaves: the per-step gap on 70B against 405B, and the 2,048-token prompts' run time."""
    from gpudesk.core.constants.serving import SYNC_HOST_PER_SEQUENCE_S
    by = {r.id: r for r in results}
    pred = {c.id: by[c.id].predicted for c in cases}
    errs = [by[c.id].error for c in cases]
    v1v0 = [x * 1e6 for x in v1_over_v0_per_sequence(cases)]
    near = sorted(x for x in v1v0 if x > 0)
    gaps = [c.requests / c.tp * (1.0 / c.measured - 1.0 / pred[c.id]) for c in (cases[1], cases[4])]
    width = [c.model().n_layers * c.model().hidden for c in (cases[1], cases[4])]
    rows = {}  # prompt-carrying row: (s missed beyond the per-step gap, per prompt token x layer x hidden, per
    # attention work); the sibling at the same model gives the per-sequence-step gap (128 + 4,096 / 128 + 2,048)
    for k, sib in ((3, cases[1]), (2, cases[1]), (7, cases[4]), (6, cases[4])):
        row = cases[k]
        run, work = prefill_residual(row, pred[row.id])
        left = run - prefill_residual(sib, pred[sib.id])[0] / (sib.requests * sib.output) * row.requests * row.output
        m = row.model()
        rows[k] = (left, left / (row.requests * row.prompt * m.n_layers * m.hidden), left / work)
    old = [replace(c, measured=BUILDS[0].totals[k] / c.tp)
           for k, c in ((3, cases[3]), (1, cases[1]))]  # the 70B 2,048 + 2,048 row and its sibling, V0 build
    v0 = prefill_residual(old[0], pred[cases[3].id])[0] - prefill_residual(old[1], pred[cases[1].id])[0] / (
        cases[1].requests * cases[1].output) * cases[3].requests * cases[3].output
    sq = AZURE_SQUARE_GEMM
    big = 1159.23e12  # the same harness's hipBLASLt FP8 rate at 8,192 cubed (MAMF_FP8_CDNA3's source)
    over = [2.0 * n ** 3 / (a * 1e12) - 2.0 * n ** 3 / big for n, (a, _) in sq.items()]
    steps = [c.requests / (c.measured * c.tp) for c in cases]
    gemm = [c.model().n_layers * c.model().hidden ** 2 for c in (cases[1], cases[4])]
    comm = [float(_replica(c).collectives(np.array([float(c.max_batch)]))[0]) for c in (cases[1], cases[4])]
    return (
        "**vLLM V1's synchronous host work** (2026-12-04): the page's runs are set by " + MAD_CONFIG + ". vLLM's V1 "
        "engine without `--async-scheduling` (opt-in from pull request #19970, 2025-06-23) runs its scheduler, the "
        "workers' input preparation and the output update between two decode steps, walking every request in "
        "flight, and the GPUs wait for them: vLLM issue #10634 (2024-11-25) measured 5-6 ms between two decode steps "
        "at batch 256 and its pull request #11133 (2024-12-12) 150-170 µs once they overlap, "
        f"{SYNC_HOST_PER_SEQUENCE_S.value * 1e6:.0f} µs a sequence (`SYNC_HOST_PER_SEQUENCE_S`, read as "
        "proportional to the batch). A new engine release value `vllm-v1-sync` (plan input `engine_release`, figure "
        "`infer.host_per_sequence_s`, part of `infer.decode_step_s`) adds C times it to every decode step of C "
        "sequences, and the 8 rows state it (the 0.9.1 container's V1 engine, no async scheduling); nothing is "
        "fitted and no other case moves (none other runs vLLM V1). The same page bears it out without gpudesk: the "
        "V0 build (0.9.0.1, which the config's 10 scheduler steps give one host pass per 10 steps) took "
        f"{near[0]:.0f}-{near[-1]:.0f} µs less per sequence a step than the V1 build on {len(near)} of the 8 rows "
        f"(median {median(near):.0f} µs; the 405B 2,048 + 2,048 row {min(v1v0):+.0f} µs). AMD's rows +61% … +216% "
        "(median |error| 105%) → +36% … +154% (median |error| 60%); held-out in-flight serving p90 60.3% → 39.3% "
        "(median 9.0% unchanged); the plan warning's measured share 32%-62% → 39%-74% (now "
        f"{min(1 / (1 + e) for e in errs):.0%}-{max(1 / (1 + e) for e in errs):.0%}: AMD's rows "
        f"{_span(errs)}, median |error| {median(abs(e) for e in errs):.0%}, with the page's figure read as output "
        "tokens/s and the all-reduce as AMD measured it). What it does not explain: "
        f"(a) at the same 1,500 sequences the step is still {gaps[0] * 1e3:.0f} ms longer than gpudesk's on 70B "
        f"(128 + 4,096) and {gaps[1] * 1e3:.0f} ms on 405B (128 + 2,048), {gaps[1] / gaps[0]:.1f}x, as layers x "
        f"hidden grow {width[1] / width[0]:.2f}x ({gaps[0] / (1500 * width[0]) * 1e12:.0f} and "
        f"{gaps[1] / (1500 * width[1]) * 1e12:.0f} ps per token, layer and hidden unit), where the GEMMs' work grows "
        f"{gemm[1] / gemm[0]:.1f}x and host work per sequence not at all: the shape of element-wise work (norms, "
        "residual adds, the activations' FP8 quantisation before each GEMM), which no published timing on MI300X "
        "sizes; (b) the prompts, with the figure read as output tokens/s: beyond that per-step gap gpudesk misses "
        f"{rows[3][0]:.0f} s of the 70B 2,048 + 2,048 run and {rows[7][0]:.0f} s of the 405B one, "
        f"{rows[2][0]:.0f} and {rows[6][0]:.0f} s of the 500 + 2,000 ones (the 405B one's 2,000 sequences do not "
        "all fit its KV cache, so that row also waits in waves): per prompt token, layer and hidden unit "
        f"{rows[3][1] * 1e12:.0f}, {rows[7][1] * 1e12:.0f}, {rows[2][1] * 1e12:.0f} and {rows[6][1] * 1e12:.0f} ps, "
        "where per unit of causal attention work (layers x query heads per GPU x prompts x prompt length squared) "
        f"it would be {rows[3][2] * 1e12:.0f}, {rows[7][2] * 1e12:.0f}, {rows[2][2] * 1e12:.0f} and "
        f"{rows[6][2] * 1e12:.0f} ps, and the V0 build's 70B 2,048 + 2,048 run {v0:.0f} s: the prompts cost about "
        "what gpudesk gives them but on the 405B 500 + 2,000 row, which waits for KV-cache room (read as prompt + "
        "output until 2026-12-04, the four rows missed 428, 453, 78 and 452 s, about five times (a)'s gap per "
        "token, layer and hidden unit, which the figure's reading made); (c) Azure's harness also times hipBLASLt's FP8 "
        "GEMMs on MI300X falling away at small shapes faster than cuBLASLt's on H200 ("
        + ", ".join(f"{n:,} cubed {a:,.0f} against {b:,.0f} TFLOPS" for n, (a, b) in sq.items())
        + f"), {min(over) * 1e6:.0f}-{max(over) * 1e6:.0f} µs a GEMM over its time at the 8,192-cubed rate; the "
        "rows' decode GEMMs (1,500-3,200 rows) lie above those shapes, and even that much on each of a step's "
        f"{4 * cases[0].model().n_layers} (70B) or {4 * cases[4].model().n_layers} (405B) GEMMs would add "
        f"{min(over) * 320 * 1e3:.0f}-{max(over) * 504 * 1e3:.0f} ms to steps of {min(steps) * 1e3:.0f}-"
        f"{max(steps) * 1e3:.0f} ms: not modelled. "
        + all_reduce_record([("70B", comm[0], gaps[0]), ("405B", comm[1], gaps[1])])
    )
