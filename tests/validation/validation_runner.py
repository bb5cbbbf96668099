"""Run every validation case through gpudesk's models and compare with the measurement."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from engine_releases import mlperf_release_note
from mlperf_inference_prediction import mlperf_bound, predict_mlperf_inference
from validation_cases_ascend import ASCEND_CASES
from validation_cases_inference import INFERENCE_LATENCY_CASES, INFERENCE_THROUGHPUT_CASES, InferenceCase
from validation_cases_measured import (
    FIT_CASES,
    GIB,
    GROUP_MEMORY,
    GROUP_MEMORY_HELDOUT,
    GROUP_SERVING,
    GROUP_SERVING_HELDOUT,
    GROUP_STEP,
    MEASURED_CASES,
    FitCase,
    MeasuredCase,
)
from validation_cases_mlperf import MLPERF_MORE_CASES
from validation_cases_mlperf_inference import (
    GROUP_MLPERF_INFERENCE,
    MLPERF_INFERENCE_CASES,
)
from validation_cases_pipeline import PIPELINE_SERVING_CASES
from validation_cases_power import GROUP_POWER, POWER_CASES, predict_power
from validation_cases_power_mlperf import MLPERF_POWER_CASES, predict_mlperf_power
from validation_cases_power_serving import SERVING_POWER_CASES, predict_serving_power
from validation_cases_recipes import RECIPE_CASES
from validation_cases_serving import DEEPSEEK_ADP_CASES, SERVING_CASES, ServingCase
from validation_cases_training import TRAINING_CASES, TrainingCase
from validation_cases_vendor_inference import AMD_MI300X_SERVING, VENDOR_LATENCY_CASES, VENDOR_THROUGHPUT_CASES
from validation_split import assign_splits

from gpudesk.catalog.records import Accelerator
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.scaling import Workload, best_layouts
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs

# Documented in docs/validation.md; the test fails when the median |error| regresses beyond these.
# The three "measured here" limits are the accuracy of 2026-11-30 plus a margin (no target was set). First-token
# latency (no target) rose from 35% to 39% on 2026-12-01 when the serving constants were refitted jointly, and fell
# to 18% on 2026-12-02 when the prefill took the decode step's smooth roofline (limit 40% -> 25%).
GROUP_SERVING_LOAD = "serving throughput, in-flight batching"
# The held-out H200 serving run (2026-12-04, 50 cases, all held-out, nothing fitted on them): median |error| 12.9% when
# added (decode 15.0%, prefill 9.3%), limit that plus a margin like the other "measured here" limits (no target was set).
LIMIT_SERVING_HELDOUT = 0.18
GROUP_TRAIN_MEMORY = "training memory"
ALL_TRAINING_CASES = TRAINING_CASES + RECIPE_CASES + MLPERF_MORE_CASES + ASCEND_CASES
MEDIAN_LIMITS = {"training": 0.15, "inference throughput": 0.20, "inference latency": 0.25,
                 GROUP_SERVING_LOAD: 0.30, GROUP_TRAIN_MEMORY: 0.15,
                 GROUP_MEMORY: 0.15, GROUP_MEMORY_HELDOUT: 0.15, GROUP_STEP: 0.22, GROUP_SERVING: 0.10,
                 GROUP_SERVING_HELDOUT: LIMIT_SERVING_HELDOUT,
                 GROUP_MLPERF_INFERENCE: 0.25, GROUP_POWER: 0.10}
# MLPerf inference (added 2026-12-02, all held-out): median 16.0% when added; the limit is that plus 9 points, room
# for the serving-model changes under way (issue 18), not a target (the target is 12% on held-out serving). System power
# (added 2026-12-02, 3 cases, all held-out): median 30.9% when added, limit 40%; the target is 10%. Three MLPerf
# power-log cases (2 B200, 1 H100; added later on 2026-12-02, held-out) joined at +14%, +11%, +7%; the limit stays.
# A fourth (Lenovo RetinaNet, B200) joined at +14%; NVIDIA's DGX H100 MaxQ MLPerf Inference v4.0 logs at +8% (Llama 2
# 70B Offline), +18% (SDXL Offline) and +8% (Llama 2 70B Server): 10 cases, held-out median 12.8%. The rest of the
# server lost its fans where liquid carries the heat (SERVER_FAN_POWER_SHARE, DIRECT_LIQUID_HEAT_SHARE; the cases
# state how the measured systems were cooled): median 5.4%, limit 10% (issue 18's target).
# Fit verdicts (gpudesk's mem.fits against ran / out of memory): 7 of 10 at the marketed 141·10⁹ B, 9 of 10 at
# the driver total with the Megatron stack, all 20 (held-out run included) with pytorch_amp; must not drop.
FIT_AGREEMENTS_AT_LEAST = 20


@dataclass(frozen=True)
class Result:
    group: str
    id: str
    citation: str
    metric: str
    measured: float
    predicted: float
    note: str
    family: str = ""
    precision: str = ""
    split: str = ""  # "fit" or "held-out" (validation_split.assign_splits)

    @property
    def error(self) -> float:
        return (self.predicted - self.measured) / self.measured


def _hardware(case: TrainingCase) -> HardwareArrays:
    return HardwareArrays.from_accelerators([case.accelerator], nic_gbps=case.nic_gbps,
                                            nics_per_node=case.nics_per_node, gpus_per_node=case.gpus_per_node,
                                            power_limit_w=case.power_limit_w)


def training_inputs(case: TrainingCase, hw: HardwareArrays, tp: int, pp: int, ep: int) -> TrainingInputs:
    return TrainingInputs(
        model=case.model, hardware=hw, n_gpus=case.n_gpus, tp=tp, pp=pp, cp=case.cp, ep=ep,
        micro_batch=case.micro_batch, global_batch=case.global_batch, seq_len=case.seq_len,
        zero_stage=case.zero_stage, recompute=case.recompute, virtual_stages=case.virtual_stages,
        compute_dtype=case.precision, train_tokens=case.train_tokens, pipeline_schedule=case.schedule,
        tp_comm_overlap=case.tp_overlap, moe_a2a_overlap=case.a2a_overlap, overlap_grad_reduce=case.grad_overlap,
        grad_bucket_params=case.grad_bucket_params,
        low_precision_recipe=case.recipe, method=case.method, lora_rank=case.lora_rank,
        torch_compile=case.torch_compile, training_stack=case.training_stack, flash_attention=case.flash_attention,
        expert_gemm_loop=case.expert_gemm_loop)


def predict_training(case: TrainingCase) -> float:
    hw = _hardware(case)
    tp, pp, ep = case.tp, case.pp, case.ep
    if case.layout == "best":
        work = Workload(case.model, global_batch=case.global_batch, seq_len=case.seq_len, zero_stage=case.zero_stage,
                        recompute=case.recompute, compute_dtype=case.precision, train_tokens=case.train_tokens)
        best = best_layouts(work, hw, [case.n_gpus])
        tp, pp, ep = (int(best[f"scale.best_{k}"][0]) for k in ("tp", "pp", "ep"))
    fs = estimate_training(training_inputs(case, hw, tp, pp, ep))
    if case.metric == "gpu_hours":
        return fs.value_at("train.gpu_hours", 0)
    if case.metric == "tflops_per_gpu":
        return fs.value_at("train.tokens_per_s_per_gpu", 0) * fs.value_at("train.flops_per_token_model", 0) / 1e12
    return fs.value_at("train.tokens_per_s_per_gpu", 0)


def serving_at(case: ServingCase, *concurrency: float, accelerator: Accelerator | None = None,
               ) -> tuple[np.ndarray, np.ndarray]:
    """(output tokens/s per GPU, sequences in flight) gpudesk gives the case at each engine cap in ``concurrency``
    (one vectorised estimate) on the case's catalog row, or on ``accelerator`` where given (a diagnostic's row). Identical requests: every case's requests are of one length and fed at once (the perf
    overview's table, the DeepSeek-R1 recipes' --concurrency), so every attention data-parallel rank admits the same
    prompts in the same iterations and ends them together, though none of their engines holds prompts back (no
    ADP balancer: prompts_aligned stays off)."""
    fs = estimate_inference(InferenceInputs(
        model=case.model(), hardware=HardwareArrays.from_accelerators([accelerator or case.accelerator()] * len(concurrency)),
        weight_dtype=case.weight_dtype, kv_dtype=case.kv_dtype, prompt_tokens=case.prompt, output_tokens=case.output,
        concurrency=np.array(concurrency, dtype=float), tp=case.tp, pp=case.pp, ep=case.ep, batching="continuous",
        serving_fraction=case.serving_fraction, scenario="offline", identical_requests=True, engine_release=case.release,
        max_tokens_per_iteration=case.max_tokens))
    return (np.asarray(fs["infer.tokens_per_s_per_gpu"], dtype=float) * np.ones(len(concurrency)),
            np.asarray(fs["infer.concurrency"], dtype=float) * np.ones(len(concurrency)))


def predict_serving(case: ServingCase, accelerator: Accelerator | None = None) -> float:
    """Offline in-flight batching: as many sequences as the engine's cap and the KV cache allow (the offline
    scenario the runs were: requests fed at once, no latency target; the default plan's TTFT targets do not hold).

    A run of N requests of one length (``case.requests``; the perf overview's table) is waves: C = the sequences
    gpudesk holds in flight start together and end together, the next C take their places, and the last wave
    holds what is left, N mod C. Its throughput is N · O over the waves' time, each wave C·O / its steady rate
    (prefill of its C prompts and O decode steps), not the steady rate at C: a step at few sequences costs
    nearly what one at C costs where weights and fixed per-layer costs dominate it (an MoE step reads every
    expert's weights). The perf overview reports Total Output Throughput over the whole run's latency."""
    rates, held_at = serving_at(case, case.max_batch, accelerator=accelerator)
    rate, held = float(rates[0]), float(held_at[0])
    if not case.requests or not np.isfinite(held) or held < 1 or float(case.requests) == held:
        return rate
    in_flight = min(held, float(case.requests))
    full, rest = divmod(float(case.requests), in_flight)
    caps = [c for c in (in_flight if in_flight != held else 0.0, rest) if c]
    wave_rates = dict(zip(caps, serving_at(case, *caps, accelerator=accelerator)[0].tolist(), strict=True)) \
        if caps else {}
    seconds = full * in_flight / wave_rates.get(in_flight, rate)  # per GPU and output token: O cancels
    if rest:
        seconds += rest / wave_rates[rest]
    return case.requests / seconds


def predict_inference(case: InferenceCase) -> float:
    hw = HardwareArrays.from_accelerators([case.accelerator])
    fs = estimate_inference(InferenceInputs(
        model=case.model, hardware=hw, weight_dtype=case.weight_dtype, kv_dtype=case.kv_dtype,
        prompt_tokens=case.prompt, output_tokens=case.output, concurrency=case.batch, tp=case.tp, batching="static",
        ttft_target_s=0.0, ttft_tail_target_s=0.0,  # measured at the stated batch, no first-token target
        engine_release=case.release, kv_bucket_tokens=case.kv_bucket, flash_attention=case.flash_attention))
    if case.metric == "ttft_s":
        return fs.value_at("infer.prefill_s", 0)
    return fs.value_at("infer.tokens_per_s_per_gpu", 0)


def _train_memory(case: MeasuredCase | FitCase, training_stack: str = "pytorch_amp"):
    """The memory model at the capacity every plan uses (HardwareArrays: the catalog's driver total).

    The runs were eager PyTorch under torch.autocast with the unfused loss, one micro-batch per optimizer step:
    training_stack "pytorch_amp" describes them; "megatron" is the default stack, shown for comparison."""
    return estimate_memory(MemoryInputs(
        model=case.model, mode="train", **HardwareArrays.from_accelerators([case.accelerator]).memory_fields(),
        weight_dtype="bf16",
        optimizer="adamw", master_weights=True, seq_len=case.seq_len, micro_batch=case.micro_batch,
        recompute=case.recompute, sequence_parallel=False, flash_attention=True, zero_stage=0, limits=False,
        training_stack=training_stack, micro_batches_per_step=1))


def measured_inference(case: MeasuredCase) -> FigureSet:
    """gpudesk's inference figures for a measured prefill, or decode step at context s, as the run held it."""
    prompt, output = (case.seq_len, 1) if case.kind == "prefill" else (case.seq_len - 1, 2)
    return estimate_inference(InferenceInputs(
        model=case.model, hardware=HardwareArrays.from_accelerators([case.accelerator]), weight_dtype="bf16",
        kv_dtype="bf16", prompt_tokens=prompt, output_tokens=output, concurrency=case.batch, batching="static",
        ttft_target_s=0.0, ttft_tail_target_s=0.0, engine_release=case.engine_release))  # the step as measured


def predict_measured(case: MeasuredCase) -> tuple[float, str]:
    """gpudesk's prediction for one measured configuration and what it assumed for the terms the run fixes."""
    hw = HardwareArrays.from_accelerators([case.accelerator])
    if case.kind == "train_memory":
        fs = _train_memory(case, case.training_stack)
        v = {k: fs.value_at(f"mem.{k}", 0) / GIB for k in ("weights", "gradients", "optimizer", "activations",
                                                             "amp_weight_cache", "grad_overlap", "runtime",
                                                             "fragmentation", "total")}
        meg = megatron_total(case)
        return v["total"], (f"gpudesk: pytorch_amp stack, states {v['weights'] + v['gradients'] + v['optimizer']:.1f} GiB "
                            "(fp32 weights 4 + fp32 gradients 4 + Adam 8 B/param), activations "
                            f"{v['activations']:.1f} GiB (eager autocast layers + 14·s·b·V unfused loss), bf16 "
                            f"weight copies {v['amp_weight_cache']:.1f} GiB, gradients not beside activations "
                            f"−{v['grad_overlap']:.1f} GiB, runtime {v['runtime']:.2f} GiB, fragmentation "
                            f"{v['fragmentation']:.1f} GiB (5%); Megatron stack: {meg:.1f} GiB "
                            f"({(meg - case.measured) / case.measured:+.1%})")
    if case.kind == "train_step":
        fs = estimate_training(TrainingInputs(
            model=case.model, hardware=hw, n_gpus=1, micro_batch=case.micro_batch, global_batch=case.micro_batch,
            seq_len=case.seq_len, zero_stage=0, recompute=case.recompute, compute_dtype="bf16",
            training_stack=case.training_stack))
        return fs.value_at("train.step_time_s", 0), (
            f"gpudesk: η_mm {fs.value_at('eff.matmul', 0):.2f}, η_attn {fs.value_at('eff.attention', 0):.2f}, "
            f"eager GEMM share {fs.value_at('eff.eager_share', 0):.2f} (compute "
            f"{fs.value_at('train.compute_time_s', 0) * 1e3:.0f} ms), Adam update "
            f"{fs.value_at('train.optimizer_time_s', 0) * 1e3:.0f} ms at η_hbm {fs.value_at('eff.hbm', 0):.2f}")
    fs = measured_inference(case)
    key = "infer.prefill_s" if case.kind == "prefill" else "infer.decode_step_s"
    kernels, launch = fs.value_at("infer.kernels_per_pass", 0), fs.value_at("infer.launch_s", 0)
    return fs.value_at(key, 0), (
        f"gpudesk: {case.engine_release}, roofline at η_mm {fs.value_at('eff.matmul', 0):.2f}, η_hbm "
        f"{fs.value_at('eff.hbm', 0):.2f}; {kernels:,.0f} unfused kernels per pass"
        + (f", GEMM share of the eager prefill {fs.value_at('eff.eager_share', 0):.2f}, host launch "
           f"{launch * 1e3:.1f} ms (the prefill takes the longer of it and the GPU's time)" if case.kind == "prefill"
           else f" replayed from a CUDA graph, {kernels * fs.value_at('eff.kernel_boundary', 0) * 1e3:.2f} ms of "
           "kernel boundaries"))


def predict_training_memory(case: TrainingCase) -> float:
    """Peak memory per GPU (GiB) of a published run with its stack, layout and recompute."""
    hw = _hardware(case)
    dp = case.n_gpus / (case.tp * case.pp * case.cp)
    fs = estimate_memory(MemoryInputs(
        model=case.model, mode="train", **hw.memory_fields(), weight_dtype="bf16", optimizer="adamw",
        master_weights=True, seq_len=case.seq_len, micro_batch=case.micro_batch, tp=case.tp, pp=case.pp, dp=dp,
        cp=case.cp, ep=case.ep, zero_stage=case.zero_stage, recompute=case.recompute, sequence_parallel=case.tp > 1,
        flash_attention=True, virtual_stages=case.virtual_stages, limits=False, training_stack=case.training_stack,
        torch_compile=case.torch_compile, gpus_per_node=case.gpus_per_node,
        micro_batches_per_step=case.global_batch / (dp * case.micro_batch)))
    return fs.value_at("mem.total", 0) / GIB


def megatron_total(case: MeasuredCase | FitCase) -> float:
    """mem.total (GiB) with the default Megatron stack: the prediction before training_stack existed."""
    return _train_memory(case, "megatron").value_at("mem.total", 0) / GIB


def fit_verdicts() -> list[tuple[FitCase, float, bool]]:
    """Each measured configuration with gpudesk's mem.total (GiB) and mem.fits (compare with case.ran)."""
    out = []
    for case in FIT_CASES:
        fs = _train_memory(case)
        out.append((case, fs.value_at("mem.total", 0) / GIB, bool(fs.value_at("mem.fits", 0))))
    return out


def run_all() -> list[Result]:
    out = [Result("training", c.id, c.citation, c.metric, c.measured, predict_training(c), c.note,
                  c.accelerator.family, c.precision) for c in ALL_TRAINING_CASES]
    out += [Result(GROUP_TRAIN_MEMORY, f"{c.id}-memory", c.citation, "peak_device_gib", c.measured_memory_gib,
                   predict_training_memory(c), c.note, c.accelerator.family, c.precision)
            for c in ALL_TRAINING_CASES if c.measured_memory_gib > 0]
    out += [Result("inference throughput", c.id, c.citation, c.metric, c.measured, predict_inference(c), c.note,
                   c.accelerator.family, c.weight_dtype) for c in INFERENCE_THROUGHPUT_CASES + VENDOR_THROUGHPUT_CASES]
    out += [Result(GROUP_SERVING_LOAD, c.id, c.citation, "tokens_per_s_per_gpu", c.measured, predict_serving(c),
                   c.note, c.accelerator().family, c.precision)
            for c in SERVING_CASES + DEEPSEEK_ADP_CASES + AMD_MI300X_SERVING + PIPELINE_SERVING_CASES]
    out += [Result("inference latency", c.id, c.citation, c.metric, c.measured, predict_inference(c), c.note,
                   c.accelerator.family, c.weight_dtype) for c in INFERENCE_LATENCY_CASES + VENDOR_LATENCY_CASES]
    for m in MLPERF_INFERENCE_CASES:
        value, tp = predict_mlperf_inference(m)
        out.append(Result(GROUP_MLPERF_INFERENCE, m.id, m.citation, "tokens_per_s_per_gpu", m.measured, value,
                          f"{mlperf_release_note(m.id, m.accelerator_id)}; {m.note}; gpudesk: " + (f"TP{tp} x EP{m.ep} (attention data-parallel)" if m.ep > tp
                                                    else f"TP{tp}" + (f" PP{m.pp}" if m.pp > 1 else ""))
                          + (f"; rate bound: {mlperf_bound(m, tp)}" if m.scenario != "offline" else ""),
                          m.accelerator().family, m.weight_dtype))
    for p in POWER_CASES:
        kw, assumed = predict_power(p)
        out.append(Result(GROUP_POWER, p.id, p.citation, "server_kw", p.measured, kw, f"{p.note}; {assumed}",
                          p.accelerator().family, "fp8"))
    for q in MLPERF_POWER_CASES:
        kw, assumed = predict_mlperf_power(q)
        out.append(Result(GROUP_POWER, q.id, q.citation, "server_kw", q.measured, kw, f"{q.note}; {assumed}",
                          q.accelerator().family, q.precision))
    for v in SERVING_POWER_CASES:
        kw, assumed = predict_serving_power(v)
        out.append(Result(GROUP_POWER, v.id, v.citation, "server_kw", v.measured, kw, f"{v.note}; {assumed}",
                          v.accelerator().family, "fp8"))
    for c in MEASURED_CASES:
        predicted, assumed = predict_measured(c)
        out.append(Result(c.group, c.id, c.citation, c.metric, c.measured, predicted, f"{c.note}; {assumed}",
                          c.accelerator.family, "bf16"))
    return assign_splits(out)


FIT_GROUPS = (GROUP_SERVING_LOAD, "inference throughput", "inference latency")
TRAINING_FIT_GROUPS = ("training",)


def run_fit_groups() -> list[Result]:
    """The groups the serving constants are fitted on (split as in run_all)."""
    return [r for r in run_all() if r.group in FIT_GROUPS]


def summary(results: list[Result]) -> dict[str, dict[str, float]]:
    groups: dict[str, dict[str, float]] = {}
    for group in MEDIAN_LIMITS:
        errs = np.array([abs(r.error) for r in results if r.group == group])
        signed = np.array([r.error for r in results if r.group == group])
        groups[group] = {"cases": float(errs.size), "median_abs_error": float(np.median(errs)),
                         "worst_abs_error": float(errs.max()), "mean_signed_error": float(signed.mean()),
                         "within_25pct": float((errs <= 0.25).mean())}
    return groups
