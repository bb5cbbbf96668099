"""Issue 16 errors 4 and 5: LoRA checkpoints follow the adapters; ZeRO-Offload states count in host RAM."""

from __future__ import annotations

import pytest
from domain_plans import estimate, plan

N_LLAMA_8B = 8_030_261_248
# Llama 3.1 8B (config.json: h 4,096, 32 layers, 8 KV heads × 128, FFN 14,336): in + out of every block matrix
#   q 4,096+4,096, k 4,096+1,024, v 4,096+1,024, o 4,096+4,096, gate/up 4,096+14,336 each, down 14,336+4,096
PER_LAYER_IN_OUT = 8_192 + 5_120 + 5_120 + 8_192 + 3 * 18_432  # = 81,920
ADAPTERS_R16 = 16 * PER_LAYER_IN_OUT * 32  # 41,943,040 adapter parameters at rank 16
CHECKPOINT_BYTES_PER_PARAM = 2 + 12  # bf16 weights + fp32 master and Adam m, v (the saved states)


@pytest.mark.parametrize("kind", ["finetune_qlora", "finetune_lora"])
def test_lora_checkpoint_is_the_adapters_and_their_optimizer(catalog, kind) -> None:
    est = estimate(catalog, plan(w__kind=kind, w__train_tokens=1e8, hardware__nodes=1, hardware__gpus_per_node=1))
    expected = ADAPTERS_R16 * CHECKPOINT_BYTES_PER_PARAM  # 587,202,560 B ≈ 0.59 GB (was 112 GB: 8.03 B × 14)
    assert est.figures.number("train.trainable_params") == ADAPTERS_R16
    assert est.figures.number("storage.checkpoint_size") == pytest.approx(expected)
    assert est.figures.number("host.checkpoint_staging") == pytest.approx(expected)  # one node stages it


def test_full_training_checkpoint_is_every_parameter(catalog) -> None:
    est = estimate(catalog, plan(hardware__nodes=2))
    assert est.figures.number("storage.checkpoint_size") == pytest.approx(N_LLAMA_8B * 14)


def test_zero_offload_states_are_host_ram(catalog) -> None:
    # ZeRO-1 + CPU offload on one node of 8 GPUs: each GPU offloads 12 B/param / 8 of the optimizer states,
    # so the node's host RAM holds 12 × 8.03 B = 96.4 GB (before: 0 in host.ram_needed)
    est = estimate(catalog, plan(w__parallel__cpu_offload=True, w__parallel__zero_stage=1, hardware__nodes=1))
    assert est.figures.number("host.cpu_offload") == pytest.approx(12 * N_LLAMA_8B, rel=1e-6)
    assert est.figures.number("host.ram_needed") >= 12 * N_LLAMA_8B
