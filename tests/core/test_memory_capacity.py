"""GPU memory capacity: the driver total (usable_memory_mib × 2^20) where the catalog has it, else memory_gb × 1e9."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from test_memory import LLAMA31_8B

from gpudesk.catalog.records import Accelerator, Provenance
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.hardware_sources import (
    DRIVER_FORMULA,
    MARKETED_FORMULA,
    MIXED_FORMULA,
    capacity_bytes,
    capacity_source,
)
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.memory import MemoryInputs, estimate_memory

H200 = Accelerator(
    id="h200-sxm", name="NVIDIA H200 SXM 141GB", vendor="nvidia", family="nvidia-hopper", memory_gb=141,
    memory_type="HBM3e", mem_bw_gbs=4800, usable_memory_mib=143_771, bf16_tflops=989.5,
    provenance=Provenance(source="nvidia-h200-page", date="2026-11-29",
                          field_sources={"usable_memory_mib": "measured-here-h200-2026-11-30"}),
)
H200_UNKNOWN_TOTAL = dataclasses.replace(H200, id="h200-nvl", usable_memory_mib=None)
H200_BYTES = 143_771 * 2**20


def test_capacity_is_the_driver_total_when_known_else_the_marketed_decimal_figure():
    assert capacity_bytes(H200) == H200_BYTES == 150_754_820_096
    assert capacity_bytes(H200_UNKNOWN_TOTAL) == 141e9
    assert "usable_memory_mib: measured-here-h200-2026-11-30" in capacity_source(H200)
    assert "143,771 MiB driver total" in capacity_source(H200)
    assert "memory_gb: nvidia-h200-page" in capacity_source(H200_UNKNOWN_TOTAL)
    assert "driver total unknown" in capacity_source(H200_UNKNOWN_TOTAL)


def test_hardware_arrays_carry_one_capacity_per_candidate_and_say_how_it_was_obtained():
    hw = HardwareArrays.from_accelerators([H200, H200_UNKNOWN_TOTAL])
    assert hw.memory_bytes.tolist() == [H200_BYTES, 141e9]
    assert hw.memory_gb.tolist() == pytest.approx([H200_BYTES / 1e9, 141.0])
    assert hw.memory_formula == MIXED_FORMULA
    assert "h200-sxm.usable_memory_mib" in hw.sources["memory"] and "h200-nvl.memory_gb" in hw.sources["memory"]
    taken = hw.take(np.array([0, 0, 1]))
    assert taken.memory_bytes.tolist() == [H200_BYTES, H200_BYTES, 141e9] and taken.memory_formula == MIXED_FORMULA
    assert HardwareArrays.from_accelerators([H200]).memory_formula == DRIVER_FORMULA
    assert HardwareArrays.from_accelerators([H200_UNKNOWN_TOTAL]).memory_formula == MARKETED_FORMULA


def test_the_memory_model_explains_which_capacity_it_used():
    hw = HardwareArrays.from_accelerators([H200])
    fs = estimate_memory(MemoryInputs(LLAMA31_8B, "train", **hw.memory_fields(), recompute="full", limits=False))
    assert fs.value_at("mem.capacity", 0) == pytest.approx(H200_BYTES)
    exp = fs.explain("mem.capacity", 0)
    assert exp.formula == "usable_memory_mib × 2^20 (driver total)"
    source = fs.explain("mem.in.gpu_memory_gb", 0).source
    assert "accelerators/h200-sxm.usable_memory_mib: measured-here-h200-2026-11-30" in source
    marketed = estimate_memory(MemoryInputs(LLAMA31_8B, "train", limits=False,
                                            **HardwareArrays.from_accelerators([H200_UNKNOWN_TOTAL]).memory_fields()))
    assert marketed.explain("mem.capacity", 0).formula == "memory_gb × 1e9 (marketed; driver total unknown)"
    assert marketed.value_at("mem.capacity", 0) == 141e9


def test_training_at_micro_batch_one_without_recompute_fits_an_h200_only_at_its_driver_total():
    """Measured here: Llama 3.1 8B, AdamW, s = 2,048, no recompute ran on the H200 (139.4 GiB held)."""
    common = dict(weight_dtype="bf16", optimizer="adamw", master_weights=True, seq_len=2048, micro_batch=1,
                  recompute="none", sequence_parallel=False, flash_attention=True, limits=False,
                  training_stack="deepspeed")
    # The run held 139.4 GiB: above the marketed 141e9 B (131.3 GiB), below the driver total (140.4 GiB).
    # The 16 B/param (ZeRO paper) accounting predicts 136.9 GiB, between the two as well.
    at_driver = estimate_memory(MemoryInputs(LLAMA31_8B, "train", **common,
                                             **HardwareArrays.from_accelerators([H200]).memory_fields()))
    at_marketed = estimate_memory(MemoryInputs(
        LLAMA31_8B, "train", **common, **HardwareArrays.from_accelerators([H200_UNKNOWN_TOTAL]).memory_fields()))
    assert at_driver.value_at("mem.total", 0) == at_marketed.value_at("mem.total", 0)
    assert at_driver.value_at("mem.fits", 0) == 1.0 and at_marketed.value_at("mem.fits", 0) == 0.0


def test_serving_kv_limits_use_the_same_capacity():
    hw = HardwareArrays.from_accelerators([H200, H200_UNKNOWN_TOTAL])
    fs = estimate_inference(InferenceInputs(model=LLAMA31_8B, hardware=hw, prompt_tokens=4096, output_tokens=512,
                                            concurrency=64))
    assert fs.value_at("mem.capacity", 0) == pytest.approx(H200_BYTES)
    assert fs.value_at("mem.capacity", 1) == pytest.approx(141e9)
    assert fs.value_at("mem.max_concurrency", 0) > fs.value_at("mem.max_concurrency", 1)
    assert fs.value_at("infer.max_concurrency_kv", 0) > fs.value_at("infer.max_concurrency_kv", 1)
