"""Run every validation case through gpudesk's models and compare with the measurement."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import InferenceInputs, estimate_inference
from gpudesk.core.scaling import Workload, best_layouts
from gpudesk.core.training import TrainingInputs, estimate_training
from validation_cases_inference import INFERENCE_LATENCY_CASES, INFERENCE_THROUGHPUT_CASES, InferenceCase
from validation_cases_training import TRAINING_CASES, TrainingCase

# Documented in docs/validation.md; the test fails when the median |error| regresses beyond these.
MEDIAN_LIMITS = {"training": 0.15, "inference throughput": 0.20, "inference latency": 0.35}


@dataclass(frozen=True)
class Result:
    group: str
    id: str
    citation: str
    metric: str
    measured: float
    predicted: float
    note: str

    @property
    def error(self) -> float:
        return (self.predicted - self.measured) / self.measured


def _hardware(case: TrainingCase) -> HardwareArrays:
    return HardwareArrays.from_accelerators([case.accelerator], nic_gbps=case.nic_gbps, nics_per_node=8,
                                            gpus_per_node=8)


def predict_training(case: TrainingCase) -> float:
    hw = _hardware(case)
    tp, pp, ep = case.tp, case.pp, case.ep
    if case.layout == "best":
        work = Workload(case.model, global_batch=case.global_batch, seq_len=case.seq_len, zero_stage=case.zero_stage,
                        recompute=case.recompute, compute_dtype=case.precision, train_tokens=case.train_tokens)
        best = best_layouts(work, hw, [case.n_gpus])
        tp, pp, ep = (int(best[f"scale.best_{k}"][0]) for k in ("tp", "pp", "ep"))
    fs = estimate_training(TrainingInputs(
        model=case.model, hardware=hw, n_gpus=case.n_gpus, tp=tp, pp=pp, cp=case.cp, ep=ep, micro_batch=1,
        global_batch=case.global_batch, seq_len=case.seq_len, zero_stage=case.zero_stage, recompute=case.recompute,
        virtual_stages=case.virtual_stages, compute_dtype=case.precision, train_tokens=case.train_tokens))
    if case.metric == "gpu_hours":
        return fs.value_at("train.gpu_hours", 0)
    if case.metric == "tflops_per_gpu":
        return fs.value_at("train.tokens_per_s_per_gpu", 0) * fs.value_at("train.flops_per_token_model", 0) / 1e12
    return fs.value_at("train.tokens_per_s_per_gpu", 0)


def predict_inference(case: InferenceCase) -> float:
    hw = HardwareArrays.from_accelerators([case.accelerator])
    fs = estimate_inference(InferenceInputs(
        model=case.model, hardware=hw, weight_dtype=case.weight_dtype, kv_dtype=case.kv_dtype,
        prompt_tokens=case.prompt, output_tokens=case.output, concurrency=case.batch, tp=case.tp, batching="static"))
    if case.metric == "ttft_s":
        return fs.value_at("infer.prefill_s", 0)
    return fs.value_at("infer.tokens_per_s_per_gpu", 0)


def run_all() -> list[Result]:
    out = [Result("training", c.id, c.citation, c.metric, c.measured, predict_training(c), c.note)
           for c in TRAINING_CASES]
    out += [Result("inference throughput", c.id, c.citation, c.metric, c.measured, predict_inference(c), c.note)
            for c in INFERENCE_THROUGHPUT_CASES]
    out += [Result("inference latency", c.id, c.citation, c.metric, c.measured, predict_inference(c), c.note)
            for c in INFERENCE_LATENCY_CASES]
    return out


def summary(results: list[Result]) -> dict[str, dict[str, float]]:
    groups: dict[str, dict[str, float]] = {}
    for group in MEDIAN_LIMITS:
        errs = np.array([abs(r.error) for r in results if r.group == group])
        signed = np.array([r.error for r in results if r.group == group])
        groups[group] = {"cases": float(errs.size), "median_abs_error": float(np.median(errs)),
                         "worst_abs_error": float(errs.max()), "mean_signed_error": float(signed.mean()),
                         "within_25pct": float((errs <= 0.25).mean())}
    return groups
