"""More MLPerf Training results (closed division): AMD Instinct, Intel Gaudi 2 and further NVIDIA rounds.

Every measured value is read from the submission's own MLPerf log (``result_0.txt``) in the MLCommons
results repository of its round, and every layout from the configuration the same submission ships:

* Llama 2 70B LoRA (r = 16, GovReport packed to 8,192 tokens per sample): tokens/s/GPU = the last
  ``tracked_stats`` throughput (samples/s) × 8,192 / GPUs, or, where a log prints no throughput, samples
  between two ``train_loss`` lines / the time between them (evaluation excluded) × 8,192 / GPUs.
* GPT-3 175B (C4, sequence 2,048): tokens/s/GPU = tokens between an ``eval_stop`` and the next
  ``eval_start`` (the ``epoch_num`` step between evaluations) / that time / GPUs.
* Llama 3.1 8B pre-training (C4, sequence 8,192): the last ``tracked_stats`` throughput × 8,192 / GPUs.

Layout terms no file states are assumptions, written in each note; gpudesk's own defaults are used for the
rest (no per-case constants).
"""

from __future__ import annotations

from functools import lru_cache

from gpudesk.catalog.records import Accelerator, ModelArch
from gpudesk.catalog.store import Catalog
from validation_cases_training import TrainingCase
from validation_hardware import LLAMA2_70B


@lru_cache(maxsize=None)
def _acc(acc_id: str) -> Accelerator:
    return Catalog.open().accelerator(acc_id)


@lru_cache(maxsize=None)
def _model(model_id: str) -> ModelArch:
    return Catalog.open().model(model_id)


_REPO = "github.com/mlcommons/training_results_v{v} (copy {copy}, commit {commit})"
_V51 = _REPO.format(v="5.1", copy="mlcommons/training_results_v5.1", commit="4da2d1c")
_V50 = _REPO.format(v="5.0", copy="prishajain1/training_results_v5.0", commit="0fdc28f")
_V40 = _REPO.format(v="4.0", copy="mlcommons/training_results_v4.0", commit="62f111b")
_AMD_CFG = ("layout from AMD's config_MI300X_1x8x1.sh (v5.1; the copy under ASUSTeK/benchmarks/llama2_70b_lora/"
            "implementations/ESC_A8A_MI325X_pytorch): TP1 PP1 CP1, micro-batch 1, global batch 8 (DP8), FP8 "
            "(Transformer Engine on ROCm, FP8 activations, FP8 attention off), full recompute of 21 of 80 layers "
            "(ACG=full, ACL=21; gpudesk's nearest option, selective, is used); AMD ROCm blog 'Technical Dive into "
            "AMD MLPerf Training v5.1 Submission' (2025-11-12) for the round")
_AMD_LORA = [  # id, round citation, path, accelerator, samples/s (last tracked_stats)
    ("mlperf-t51-lora-8xmi300x", _V51, "AMD/results/MI300X_EPYC_9575F_pytorch_llama2_70b", "mi300x", 2.1150869),
    ("mlperf-t51-lora-8xmi325x", _V51, "AMD/results/MI325X_EPYC_9575F_pytorch_llama2_70b", "mi325x", 2.8361431),
    ("mlperf-t50-lora-8xmi300x", _V50, "AMD/results/MI300X_EPYC_9575F_pytorch", "mi300x", 2.0283686),
    ("mlperf-t50-lora-8xmi325x", _V50, "AMD/results/MI325X_EPYC_9575F_pytorch", "mi325x", 2.7296037),
]
MLPERF_MORE_CASES = [
    TrainingCase(
        id=case_id, citation=f"MLPerf Training closed, AMD, {cite}: {path}/llama2_70b_lora/result_0.txt",
        model=LLAMA2_70B, accelerator=_acc(acc), n_gpus=8, measured=sps * 8192 / 8, global_batch=8,
        seq_len=8192, precision="fp8", recipe="delayed", method="lora", lora_rank=16, nic_gbps=400,
        note=f"{sps:.4f} samples/s (last tracked_stats) × 8,192 tokens / 8 GPUs; "
             + _AMD_CFG + ("; v5.0 layout taken as v5.1's (the v5.0 config is not in the stored copy)"
                           if "t50" in case_id else ""))
    for case_id, cite, path, acc, sps in _AMD_LORA
]
_GAUDI_LORA_S = (1715241367915 - 1715240877183) / 1000  # train_loss at 192 samples -> 576 samples
MLPERF_MORE_CASES.append(TrainingCase(
    id="mlperf-t40-lora-8xgaudi2",
    citation=f"MLPerf Training v4.0 closed, Intel-HabanaLabs, {_V40}: Intel-HabanaLabs/results/HLS-Gaudi2-PT/"
             "llama2_70b_lora/result_0.txt and benchmarks/llm_finetune/run_llama_70B_fp8_submission.sh",
    model=LLAMA2_70B, accelerator=_acc("gaudi2"), n_gpus=8, measured=384 / _GAUDI_LORA_S * 8192 / 8,
    global_batch=8, seq_len=8192, zero_stage=3, recompute="full", precision="fp8", method="lora", lora_rank=16,
    training_stack="fsdp2", nic_gbps=300,
    note=f"384 samples (train_loss at 192 and 576 samples) in {_GAUDI_LORA_S:.1f} s × 8,192 / 8 cards; DeepSpeed "
         "ZeRO-3 on 8 Gaudi 2 (described as gpudesk's sharded-data-parallel stack), per-device batch 1, global "
         "batch 8, gradient checkpointing, FP8 (--fp8), LoRA on qkv and o projections only; that the FP8 script "
         "was the one run is assumed from its name"))
_GAUDI_GPT3_S = (1715301418206 - 1715301278396) / 1000  # eval_stop -> eval_start, 12 steps
MLPERF_MORE_CASES.append(TrainingCase(
    id="mlperf-t40-gpt3-1024xgaudi2",
    citation=f"MLPerf Training v4.0 closed, Intel-HabanaLabs, {_V40}: Intel-HabanaLabs/results/HLS-Gaudi2-N128-PT/"
             "gpt3/result_0.txt and benchmarks/gpt3/README.md",
    model=_model("gpt-3-175b"), accelerator=_acc("gaudi2"), n_gpus=1024, measured=50_331_648 / _GAUDI_GPT3_S / 1024,
    tp=8, pp=8, micro_batch=2, global_batch=2048, seq_len=2048, precision="fp8", recipe="delayed", nic_gbps=300,
    note=f"50,331,648 tokens (12 steps of 2,048 × 2,048) in {_GAUDI_GPT3_S:.2f} s between two evaluations on "
         "1,024 Gaudi 2 (128 HLS-Gaudi2 nodes); TP8 PP8 DP16, micro-batch 2, global batch 2,048, FP8 Transformer "
         "Engine, fused SDPA with recompute (selective); Megatron-DeepSpeed; 3 × 100 GbE scale-out ports per "
         "Gaudi 2 (Gaudi 2 white paper) taken as 300 Gb/s per card"))
