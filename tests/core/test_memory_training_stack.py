"""Training stack pytorch_amp (torch.autocast, fp32 parameters, unfused loss) against the Megatron default."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpudesk.catalog.records import ModelArch
from gpudesk.core import constants as C
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.memory_activations import layer_terms

LLAMA_1B = ModelArch(id="llama-1b-shape", name="1B shape", kind="decoder", params_total=1.2358e9, n_layers=16,
                     hidden=2048, n_heads=32, n_kv_heads=8, head_dim=64, ffn_hidden=8192, vocab=128256,
                     tied_embeddings=True, attention="gqa")


def _mem(stack: str, **kw) -> dict[str, float]:
    args = dict(model=LLAMA_1B, mode="train", gpu_memory_gb=141.0, seq_len=2048, micro_batch=4, recompute="none",
                sequence_parallel=False, limits=False, training_stack=stack)
    fs = estimate_memory(MemoryInputs(**{**args, **kw}))
    keys = ("weights", "gradients", "optimizer", "activations", "amp_weight_cache", "grad_overlap",
            "fragmentation", "total")
    return {k: float(fs.value_at(f"mem.{k}", 0)) for k in keys} | {"fs": fs}


@pytest.mark.parametrize("recompute", ["none", "full"])
def test_amp_exceeds_megatron_by_exactly_the_new_terms(recompute):
    meg, amp = _mem("megatron", recompute=recompute), _mem("pytorch_amp", recompute=recompute)
    states = ("weights", "gradients", "optimizer")
    # pytorch_amp 4 + 4 + 8 = 16 B/param; Megatron 2 + 4 (fp32 main gradients) + 12 = 18 B/param
    n = sum(amp[k] for k in states) / 16.0
    assert sum(meg[k] for k in states) == pytest.approx(18.0 * n)
    assert meg["amp_weight_cache"] == 0 and amp["grad_overlap"] == 0  # accumulation not known: no overlap
    new_terms = amp["amp_weight_cache"] + amp["activations"] - meg["activations"] - 2.0 * n
    f = C.ALLOCATOR_FRAGMENTATION.value
    assert amp["total"] - meg["total"] == pytest.approx((1 + f) * new_terms, rel=1e-9)
    assert amp["amp_weight_cache"] > 0


def test_amp_terms_are_the_tensors_the_mechanism_keeps():
    h, f, a, d, g, V = 2048, 8192, 32, 64, 8, 128256
    terms = layer_terms(LLAMA_1B, 2.0, "pytorch_amp")
    assert terms.replicated == 4 * 4 * h + 2 * h * (3 + 2)
    assert terms.split == 2 * (a * d + 2 * g * d + 2 * a * d) + 4 * a + 2 * 4 * f
    assert terms.logits == C.AMP_UNFUSED_LOGIT_BYTES.value * V + 10 * h
    assert terms.checkpoint == 4 * h
    cache = _mem("pytorch_amp")["amp_weight_cache"]
    norms = 2 * 16 * h + h
    expected = C.AMP_WEIGHT_CACHE_BYTES.value * (LLAMA_1B.params_total - norms)
    assert cache == pytest.approx(expected, rel=0.01)  # every matrix, the tied head once


def test_one_micro_batch_per_step_frees_activations_as_gradients_appear():
    acc = _mem("pytorch_amp", micro_batches_per_step=8)
    single = _mem("pytorch_amp", micro_batches_per_step=1)
    assert acc["grad_overlap"] == 0
    # gradients (4.6 GiB) are smaller than activations + cache less one layer: all of them overlap
    assert single["grad_overlap"] == pytest.approx(single["gradients"])
    assert single["total"] < acc["total"]
    assert _mem("megatron", micro_batches_per_step=1)["grad_overlap"] == 0


def test_overlap_never_exceeds_activations_beyond_one_layer():
    tiny = dataclasses.replace(LLAMA_1B, vocab=256)
    fs = estimate_memory(MemoryInputs(model=tiny, mode="train", gpu_memory_gb=141.0, seq_len=np.array([64, 4096]),
                                      micro_batch=1, recompute="full", limits=False, training_stack="pytorch_amp",
                                      micro_batches_per_step=1))
    overlap, act, cache = fs["mem.grad_overlap"], fs["mem.activations"], fs["mem.amp_weight_cache"]
    assert np.all(overlap >= 0) and np.all(overlap <= act + cache)


def test_stack_is_recorded_and_explained():
    fs = _mem("pytorch_amp")["fs"]
    assert fs.value_at("mem.in.training_stack", 0) == "pytorch_amp"
    assert "14·s·b·V" in fs.explain("mem.activations", 0).formula
    assert "mem.c.amp_weight_cache" in [q.key for q in fs.explain("mem.amp_weight_cache", 0).inputs]
    assert fs["mem.c.logit_bytes"] == C.AMP_UNFUSED_LOGIT_BYTES.value
    total_inputs = [q.key for q in fs.explain("mem.total", 0).inputs]
    assert "mem.amp_weight_cache" in total_inputs and "mem.grad_overlap" in total_inputs


def test_lora_keeps_bf16_base_and_no_weight_cache():
    meg, amp = _mem("megatron", mode="lora"), _mem("pytorch_amp", mode="lora")
    assert amp["weights"] == meg["weights"] and amp["amp_weight_cache"] == 0


def test_unknown_stack_is_refused():
    with pytest.raises(ValueError, match="training stack"):
        _mem("jax")
