"""The engine batch's bisection (core/inference_concurrency.py): taken several levels a pass for a few rows, it tests
the same midpoints as one level a pass, so every row gets the same batch, bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from test_serving_mla_and_adp import DSV3
from test_training_samples import B200, H100, L40S, LLAMA3_8B, LLAMA3_70B, MI300X, MIXTRAL

import gpudesk.core.inference_concurrency as ic
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference_step import ReplicaModel


def _one_level_a_pass(rep, upper, ctx, out, prompt, target, unsync):
    """The bisection as it was written before the levels were taken together (one level a pass)."""
    lo, hi = np.zeros_like(upper), np.maximum(upper, 0.0)
    for _ in range(int(np.ceil(np.log2(max(float(np.nanmax(hi)) if hi.size else 1.0, 2.0)))) + 1):
        mid = np.ceil(0.5 * (lo + hi))
        c = np.maximum(mid, 1.0)
        t = rep.decode_step(c, ctx)["total"] + rep.mixed_prefill(c, prompt, out, unsync)
        ok = (t <= target) & (mid >= 1)
        lo = np.where(ok, mid, lo)
        hi = np.where(ok, hi, mid - 1.0)
    return lo


CASES = [(LLAMA3_8B, H100, 1, 1, "bf16"), (LLAMA3_70B, H100, 4, 1, "bf16"), (LLAMA3_70B, MI300X, 2, 1, "bf16"),
         (LLAMA3_8B, L40S, 1, 1, "bf16"), (MIXTRAL, H100, 2, 8, "bf16"), (DSV3, B200, 1, 8, "fp4")]


def _batches(rows: int, seed: int):
    rng = np.random.default_rng(seed)
    upper = np.floor(rng.choice([0.0, 1.0, 2.0, 7.0, 300.0, 5000.0, 70000.0], rows) * rng.uniform(0.5, 1.0, rows))
    ctx = rng.uniform(200.0, 9000.0, rows)
    out = rng.uniform(1.0, 2000.0, rows)
    prompt = rng.uniform(10.0, 8000.0, rows)
    target = rng.choice([1e-4, 0.005, 0.02, 0.05, 0.2, 3.0], rows) * rng.uniform(0.8, 1.2, rows)
    unsync = rng.uniform(0.0, 1.0, rows) < 0.5
    return upper, ctx, out, prompt, target, unsync


@pytest.mark.parametrize("rows", [1, 16])
def test_levels_taken_together_give_the_batch_one_level_a_pass_gives(rows):
    """Dense, tensor-parallel, full-mesh and PCIe parts, and MoE models whose attention runs data-parallel (the
    prefill-imbalance term, which only a TTFT target turns on); batches from nothing to tens of thousands, targets
    no batch meets to ones every batch meets: the same answer, bit for bit (mutation-checked: walking a node's
    children the other way round, or a level short, fails)."""
    found = 0
    for k, (model, acc, tp, ep, dtype) in enumerate(CASES):
        hw = HardwareArrays.from_accelerators([acc]).take(np.zeros(rows, dtype=int))
        eff = Efficiencies.for_hardware(hw, dtype, None)
        one = np.ones(rows)
        rep = ReplicaModel.build(model, hw, eff, one * tp, one, one * ep, dtype, "fp8" if dtype == "fp4" else dtype,
                                 dtype)
        for seed in range(2):
            args = _batches(rows, 100 * k + seed)
            new = ic.largest_concurrency(rep, *args)
            assert np.array_equal(new, _one_level_a_pass(rep, *args)), (model.id, acc.id, seed)
            found += int(np.sum((new > 1) & (new < args[0])))
    assert found > 0  # some batches were found strictly inside (0, upper): the targets bound, not only the limits


@pytest.mark.parametrize("given", [0.0, 64.0])
def test_the_fewest_gpus_of_a_replica_are_searched_once(monkeypatch, given):
    """A derived batch sizes the memory twice (the KV limit at one sequence, then the figures at the batch found);
    the layout search for mem.min_gpus runs with the second only, and once with a given batch."""
    import gpudesk.core.memory as memory
    from gpudesk.core.inference import estimate_inference
    from gpudesk.core.inference_inputs import InferenceInputs

    calls = []
    search = memory.min_gpus
    monkeypatch.setattr(memory, "min_gpus", lambda *a: calls.append(1) or search(*a))
    fs = estimate_inference(InferenceInputs(model=LLAMA3_70B, hardware=HardwareArrays.from_accelerators([H100]), tp=4.0,
                                            concurrency=given, tpot_target_s=0.05, request_rate=3.0))
    assert len(calls) == 1 and np.isfinite(fs.number("mem.min_gpus"))
    keys = fs.keys()
    assert keys.index("mem.min_gpus") < keys.index("infer.max_concurrency_kv") < keys.index("infer.concurrency")
