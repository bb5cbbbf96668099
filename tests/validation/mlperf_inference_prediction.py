"""gpudesk's prediction of one MLPerf Inference case: the case's plan (its data set's mean lengths, the round's P99
targets, scenario, layout, engine batch and balancer), the figures at a tensor-parallel size, an Offline run's end
drain, what bounds a Server rate, and the tokens/s per GPU at the submission's layout or gpudesk's best one.
The runner (validation_runner.run_all) records these as the group's results; the MLPerf findings read them too.
"""

from __future__ import annotations

import numpy as np
from validation_cases_mlperf_inference import LAYOUTS, MLPerfInferenceCase

from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_drain import FiniteRun, decode_steps, finite_run
from gpudesk.core.inference_inputs import InferenceInputs


def mlperf_figures(case: MLPerfInferenceCase, tp: int) -> FigureSet:
    """gpudesk's figures for one MLPerf Inference case at tensor parallel ``tp`` (its plan: the data set's mean
    lengths, the round's P99 targets, the scenario, the case's pipeline stages, expert parallel and engine batch)."""
    return estimate_inference(mlperf_inputs(case, tp))


def mlperf_inputs(case: MLPerfInferenceCase, tp: int) -> InferenceInputs:
    """The plan of one MLPerf Inference case at tensor parallel ``tp`` (mlperf_figures)."""
    ttft, tpot = case.targets
    return InferenceInputs(
        model=case.model(), hardware=HardwareArrays.from_accelerators([case.accelerator()]),
        weight_dtype=case.weight_dtype, kv_dtype=case.kv_dtype, prompt_tokens=case.prompt, output_tokens=case.output,
        output_sd=case.output_sd, concurrency=case.max_batch, tp=tp, pp=case.pp or 1,
        ep=case.ep or (tp if case.moe else 1),
        batching="disaggregated" if case.pools[0] else "continuous",
        scenario="offline" if case.scenario == "offline" else "server", percentile=0.99, ttft_target_s=0.0,
        ttft_tail_target_s=ttft, tpot_target_s=tpot, request_rate=1.0, prompts_aligned=case.adp_balance,
        adp_timeout_iters=case.adp_iters[0], adp_batching_wait_iters=case.adp_iters[1],
        engine_release=case.release, prefill_tp=case.prefill_tp, prefill_pool_gpus=case.pools[0],
        decode_pool_gpus=case.pools[1], max_tokens_per_iteration=case.max_tokens,
        fp8_context_attention=case.fp8_context)


def offline_run(case: MLPerfInferenceCase, tp: int, fs: FigureSet) -> FiniteRun | None:
    """An Offline case's whole run (core/inference_drain.py): its samples, all issued at once and shared by the
    system's engine instances, at the batch gpudesk holds, then the end drain at decode steps of the shrinking
    batch and the survivors' growing context. None where the run's length is not known."""
    conc = float(fs.value_at("infer.concurrency", 0))
    if not case.queries or not np.isfinite(conc) or conc < 1:
        return None
    replicas = case.gpus / float(fs.value_at("infer.gpus_per_replica", 0))
    return finite_run(case.queries / replicas, conc, case.prompt, case.output, case.output_sd, case.output_cap,
                      float(fs.value_at("infer.tpot_s", 0)), decode_steps(mlperf_inputs(case, tp)))


def _mlperf_at(case: MLPerfInferenceCase, tp: int) -> float:
    """tokens/s per GPU gpudesk gives one layout: Offline over the whole run (the steady rate where the run's length
    is not known), Server at the highest P99 rate."""
    fs = mlperf_figures(case, tp)
    if case.scenario == "offline":
        run = offline_run(case, tp, fs)
        value = fs.value_at("infer.tokens_per_s_per_gpu", 0) * (run.factor if run else 1.0)
    elif case.pools[0]:  # disaggregated: one block of the stated pools
        value = fs.value_at("infer.disagg_block_rate", 0) * case.output / sum(case.pools)
    else:
        value = (fs.value_at("infer.max_rate_per_replica", 0) * case.output
                 / fs.value_at("infer.gpus_per_replica", 0))
    return float(value) if np.isfinite(value) else 0.0


def mlperf_bound(case: MLPerfInferenceCase, tp: int) -> str:
    """What bounds gpudesk's Server rate for a case (``infer.rate_bound``: ttft, tpot, e2e or throughput); '' offline."""
    if case.scenario == "offline":
        return ""
    fs = mlperf_figures(case, tp)
    if case.pools[0]:  # disaggregated: the pool whose rate one block's is
        prefill = case.pools[0] / fs.value_at("infer.prefill_gpus_per_instance", 0) * fs.value_at(
            "infer.max_prefill_rate_per_instance", 0)
        return "prefill pool" if prefill <= fs.value_at("infer.disagg_block_rate", 0) else "decode pool"
    return str(np.ravel(fs.value_at("infer.rate_bound", 0))[0])


def predict_mlperf_inference(case: MLPerfInferenceCase) -> tuple[float, int]:
    """tokens/s per GPU and tensor parallel: the submission's layout where its config is stored (case.tp, case.pp),
    else gpudesk's best layout (tensor parallel 1-8 dividing the system)."""
    if case.tp:
        return _mlperf_at(case, case.tp), case.tp
    return max((_mlperf_at(case, tp), tp) for tp in LAYOUTS if case.gpus % tp == 0)
