"""The full chain gives every configuration the same answer in a batch as alone (bit for bit).

The complete memory estimate (``limits=True``: fit, max micro-batch, max context, the ``mem.min_gpus`` layout
search) and the step-time model run once over a batch of generated configurations and once per configuration
(arrays of length 1, the scalar path). Every figure of every configuration must be identical: vectorising, or
de-duplicating rows inside the batch, must never change an answer.
"""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.catalog.records import Accelerator, Provenance
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs
from tests.core.test_memory_fastpath import LLAMA_70B, MIXTRAL

N = 160
_FACTS = Provenance(source="shared/reference/hardware-facts.md 4A/4C")
ACCELERATORS = [
    Accelerator(id="h100-sxm", name="H100 SXM", vendor="nvidia", family="nvidia-hopper", memory_gb=80,
                memory_type="HBM3", mem_bw_gbs=3350, bf16_tflops=989, fp8_tflops=1979, scaleup_link="NVLink4",
                scaleup_bw_gbs=450, scaleup_domain=8, pcie_gen=5, provenance=_FACTS),
    Accelerator(id="mi300x", name="MI300X", vendor="amd", family="amd-cdna3", memory_gb=192, memory_type="HBM3",
                mem_bw_gbs=5300, bf16_tflops=1307.4, scaleup_link="XGMI", scaleup_bw_gbs=448, scaleup_domain=8,
                pcie_gen=5, provenance=_FACTS),
    Accelerator(id="l40s", name="L40S", vendor="nvidia", family="nvidia-ada", memory_gb=48, memory_type="GDDR6",
                mem_bw_gbs=864, bf16_tflops=362.05, scaleup_link="none", pcie_gen=4, provenance=_FACTS),
]


def _configurations(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return dict(hw=rng.integers(0, len(ACCELERATORS), N), n=rng.choice([8.0, 16.0, 64.0, 256.0, 1024.0], N),
                tp=rng.choice([1.0, 2.0, 4.0, 8.0], N), pp=rng.choice([1.0, 2.0, 4.0], N),
                mb=rng.choice([1.0, 2.0, 4.0], N), zero=rng.integers(0, 4, N).astype(float),
                seq=rng.choice([2048.0, 4096.0, 8192.0], N), gb=rng.choice([256.0, 1024.0], N))


def chain(model, c: dict[str, np.ndarray], recompute: str, dtype: str = "bf16") -> tuple[FigureSet, FigureSet]:  # type: ignore[no-untyped-def]
    """The memory and training figures of the configurations in ``c`` (arrays of one shape, or on a grid's axes),
    each accelerator of ``ACCELERATORS`` picked by ``c["hw"]``; test_chain_grid runs the same chain."""
    hw = HardwareArrays.from_accelerators(ACCELERATORS).take(c["hw"])
    dp = np.maximum(np.floor(c["n"] / (c["tp"] * c["pp"])), 1.0)
    mem = estimate_memory(MemoryInputs(
        model=model, mode="train", gpu_memory_gb=hw.memory_gb, seq_len=c["seq"], micro_batch=c["mb"], tp=c["tp"],
        pp=c["pp"], dp=dp, zero_stage=c["zero"], recompute=recompute, gpus_per_node=8, limits=True))
    train = estimate_training(TrainingInputs(
        model=model, hardware=hw, n_gpus=c["n"], tp=c["tp"], pp=c["pp"], micro_batch=c["mb"], global_batch=c["gb"],
        seq_len=c["seq"], zero_stage=c["zero"], recompute=recompute, train_tokens=1e11, compute_dtype=dtype))
    return mem, train


def _chain(model, c: dict[str, np.ndarray], recompute: str) -> dict[str, np.ndarray]:  # type: ignore[no-untyped-def]
    """Every memory and training figure of the configurations in ``c``, broadcast to one value each."""
    out = {}
    for figures in chain(model, c, recompute):
        for key in figures.keys():
            value = figures[key]
            if not isinstance(value, str):
                array = np.asarray(value)  # a categorical figure holds vocabulary codes (strings)
                out[key] = np.broadcast_to(array if array.dtype.kind == "U" else array.astype(float), c["n"].shape)
    return out


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return bool(np.array_equal(a, b) if a.dtype.kind == "U" else np.array_equal(a, b, equal_nan=True))


@pytest.mark.parametrize(("model", "recompute", "seed"), [(LLAMA_70B, "selective", 1), (MIXTRAL, "full", 2),
                                                          (LLAMA_70B, "none", 3)])
def test_a_batch_equals_each_configuration_alone(model, recompute, seed):
    configurations = _configurations(seed)
    batch = _chain(model, configurations, recompute)
    assert len(batch) > 40
    # the same configurations at four global batches (the memory estimate reads none of them): the memory
    # figures repeat row for row, the step time of the first block is the batch's
    repeated = {k: np.tile(v, 4) for k, v in configurations.items()}
    repeated["gb"] = np.concatenate([configurations["gb"], np.repeat([128.0, 512.0, 2048.0], N)])
    tiled = _chain(model, repeated, recompute)
    for key, values in tiled.items():
        if key.startswith("mem."):
            assert _same(values, np.tile(batch[key], 4)), key
    assert np.array_equal(tiled["train.step_time_s"][:N], batch["train.step_time_s"], equal_nan=True)
    for i in range(N):
        alone = _chain(model, {k: v[i:i + 1] for k, v in configurations.items()}, recompute)
        assert alone.keys() == batch.keys()
        for key, values in alone.items():
            assert _same(values[0], batch[key][i]), (key, i, values[0], batch[key][i])
