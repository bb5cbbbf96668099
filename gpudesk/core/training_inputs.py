"""What a training step is estimated from: the model, the accelerator rows and the layout, batch, recompute mode,
precision, method and stack settings (:class:`TrainingInputs`), and the codes its named settings stand for.

Numeric fields broadcast over candidates (one per hardware row); core/training.py estimates the step from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.constants import LOW_PRECISION_RECIPES
from gpudesk.core.hardware import HardwareArrays

RECOMPUTE_CODES = {"none": 0.0, "selective": 1.0, "full": 2.0}  # the numeric recompute input (a search's per point)
METHODS = ("full", "lora", "qlora")


@dataclass(frozen=True)
class TrainingInputs:
    model: ModelArch
    hardware: HardwareArrays
    n_gpus: Any = 8
    tp: Any = 1
    pp: Any = 1
    cp: Any = 1
    ep: Any = 1
    micro_batch: Any = 1
    global_batch: Any = 1024  # sequences per step
    seq_len: Any = 4096
    zero_stage: Any = 1
    recompute: Any = "selective"  # name, or codes 0 none / 1 selective / 2 full
    virtual_stages: Any = 1
    compute_dtype: str = "bf16"
    method: str = "full"  # full | lora | qlora
    train_tokens: Any = 1e11
    epochs: Any = 1.0
    dataset_tokens: Any = 0.0  # > 0: time to train = dataset_tokens × epochs
    lora_rank: int = 16
    calibration: CalibrationScales | None = None  # pilot-fitted efficiency scales (core/calibration_hook.py)
    pipeline_schedule: str = "auto"  # 1f1b | interleaved | zero_bubble | dualpipe; auto = interleaved if v > 1
    overlap_grad_reduce: bool = True  # DP gradient reduce-scatter in the backward (Megatron --overlap-grad-reduce)
    grad_bucket_params: float = 0.0  # Megatron --ddp-bucket-size (parameters); 0 = its default max(40M, 1M · DP)
    overlap_param_gather: bool = True  # distributed-optimizer all-gather in the next forward
    tp_comm_overlap: bool = False  # TP collectives pipelined with the GEMMs (Transformer Engine userbuffers)
    moe_a2a_overlap: bool = False  # expert all-to-all under another micro-batch's compute (DualPipe, 1F1B overlap)
    low_precision_recipe: str = "tensorwise"  # fp8/fp4 scaling: delayed | tensorwise | blockwise | mxfp8 | nvfp4
    torch_compile: bool = False  # element-wise kernels fused into their producers (TORCH_COMPILE_FUSED_SHARE)
    flash_attention: bool = True  # False: the s×s scores pass through HBM (ATTENTION_SCORE_BYTES_*)
    expert_gemm_loop: bool = False  # MoE on Megatron: one cuBLASLt GEMM per local expert (TE GroupedLinear)
    training_stack: str = "megatron"  # megatron (fused kernels) | pytorch_amp | deepspeed | fsdp2 (eager)
    figures_in_blocks: bool = True  # a flat batch's figures in blocks (explain.Rows); False: freed memory kept


def recompute_code(value: Any) -> np.ndarray:
    if isinstance(value, str):
        return np.asarray(RECOMPUTE_CODES[value])
    return np.asarray(value, dtype=np.float64)


def check_method_and_recipe(inp: TrainingInputs) -> None:
    """A training method or low-precision recipe the step model does not know is refused by name."""
    if inp.method not in METHODS:
        raise ValueError(f"unknown training method {inp.method!r}; known: {', '.join(METHODS)}")
    if inp.low_precision_recipe not in LOW_PRECISION_RECIPES:
        raise ValueError(f"unknown low-precision recipe {inp.low_precision_recipe!r}; known: "
                         f"{', '.join(LOW_PRECISION_RECIPES)}")
