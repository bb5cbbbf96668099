"""Issue 16 errors 3 and 6: Megatron's fp32 gradients, and DeepSeek-V3's MLA head_dim.

Error 3 — published figure (NVIDIA/Megatron-LM README, 'Distributed Optimizer', bytes per parameter):
    bf16 param, fp32 grads: 18 non-distributed, 6 + 12/d distributed
    fp16 param, fp16 grads: 20 non-distributed, 4 + 16/d distributed
gpudesk had 16 and 4 + 12/d (2-byte gradients) while reducing 4-byte gradients in its own communication model.
"""

from __future__ import annotations

import pytest

from gpudesk.core.constants import GRAD_REDUCE_BYTES
from gpudesk.core.memory import MemoryInputs, estimate_memory

N_LLAMA_8B = 8_030_261_248  # Llama 3.1 8B parameters from its config.json shapes


def _states(catalog, **kw) -> float:
    fs = estimate_memory(MemoryInputs(catalog.model("llama-3.1-8b"), "train", 80.0, **kw))
    return float(fs["mem.model_states"]) / N_LLAMA_8B


def test_megatron_bf16_holds_18_bytes_and_6_plus_12_over_d(catalog) -> None:
    assert _states(catalog) == pytest.approx(18.0)
    assert _states(catalog, dp=8, zero_stage=1) == pytest.approx(6.0 + 12.0 / 8)
    assert _states(catalog, dp=64, zero_stage=1) == pytest.approx(6.0 + 12.0 / 64)


def test_megatron_fp16_holds_20_bytes_and_4_plus_16_over_d(catalog) -> None:
    assert _states(catalog, weight_dtype="fp16") == pytest.approx(20.0)
    assert _states(catalog, weight_dtype="fp16", dp=8, zero_stage=1) == pytest.approx(4.0 + 16.0 / 8)


def test_stored_gradients_match_the_bytes_the_communication_model_reduces(catalog) -> None:
    fs = estimate_memory(MemoryInputs(catalog.model("llama-3.1-8b"), "train", 80.0))
    assert float(fs["mem.in.grad_bytes"]) == GRAD_REDUCE_BYTES.value == 4.0


def test_deepspeed_keeps_the_zero_paper_accounting(catalog) -> None:
    # ZeRO paper §3.1 (Rajbhandari et al. 2020): 2Ψ + 2Ψ + 12Ψ = 16Ψ; stage 1: 4Ψ + 12Ψ/d
    assert _states(catalog, training_stack="deepspeed") == pytest.approx(16.0)
    assert _states(catalog, training_stack="deepspeed", dp=8, zero_stage=1) == pytest.approx(4.0 + 12.0 / 8)
