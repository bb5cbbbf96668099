"""Vision, diffusion, embeddings, recommendation and VDI sizing."""

from __future__ import annotations

import numpy as np
import pytest
from test_training_samples import A100, H100, L40S, LLAMA3_8B, RESNET50, SYNTHETIC_DIFFUSION

from gpudesk.catalog.records import ModelArch
from gpudesk.core.constants import CONV_EFFICIENCY
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.workloads_other import (
    estimate_diffusion,
    estimate_embeddings,
    estimate_recsys,
    estimate_vdi,
    estimate_vision,
)


def test_cnn_training_rate_reproduces_its_calibration_point():
    hw = HardwareArrays.from_accelerators([A100])
    # the calibration runs' batch (DeepLearningExamples: 256 images per GPU): NVLink hides the gradient all-reduce
    fs = estimate_vision(RESNET50, hw, training=True, n_gpus=8, dataset_items=1_281_167, global_batch=8 * 256)
    per_gpu = fs.value_at("vision.images_per_s_per_gpu", 0)
    assert per_gpu == pytest.approx(312e12 * CONV_EFFICIENCY["nvidia-ampere"].value / (3 * 8.2e9))
    rate = fs.value_at("vision.images_per_s", 0)
    assert fs.value_at("vision.comm_dp_s", 0) == 0.0 < fs.value_at("vision.comm_dp_raw_s", 0)
    assert rate < 8 * per_gpu and rate == pytest.approx(8 * per_gpu, rel=0.01)  # only the overlap slowdown
    assert fs.value_at("vision.epoch_time_s", 0) == pytest.approx(1_281_167 / rate)
    inf = estimate_vision(RESNET50, hw, training=False)
    assert inf.value_at("vision.images_per_s_per_gpu", 0) == pytest.approx(3 * per_gpu)


def test_unknown_gflops_stay_unknown():
    hw = HardwareArrays.from_accelerators([A100])
    fs = estimate_vision(ModelArch(id="x", name="x", kind="vision", params_total=1e6, attention="none"), hw)
    assert np.isnan(fs.value_at("vision.images_per_s_per_gpu", 0))
    assert "unknown" in fs.label("vision.gflops_per_image")


def test_diffusion_images_per_second():
    hw = HardwareArrays.from_accelerators([H100, L40S])
    fs = estimate_diffusion(SYNTHETIC_DIFFUSION, hw)
    assert fs.value_at("diffusion.flops_per_image", 0) == pytest.approx(1000e9 * 20)
    assert fs.value_at("diffusion.images_per_s_per_gpu", 0) > fs.value_at("diffusion.images_per_s_per_gpu", 1)
    assert fs.value_at("diffusion.seconds_per_image", 0) == pytest.approx(
        1 / fs.value_at("diffusion.images_per_s_per_gpu", 0))
    fewer = estimate_diffusion(SYNTHETIC_DIFFUSION, hw, steps=10)
    assert fewer.value_at("diffusion.seconds_per_image", 0) == pytest.approx(
        fs.value_at("diffusion.seconds_per_image", 0) / 2)


def test_embeddings_tokens_and_items():
    hw = HardwareArrays.from_accelerators([H100])
    fs = estimate_embeddings(LLAMA3_8B, hw, tokens_per_item=[256, 512])
    assert fs.value_at("embed.items_per_s_per_gpu", 0) == pytest.approx(2 * fs.value_at("embed.items_per_s_per_gpu", 1))


def test_recsys_tables_and_lookup_bound():
    hw = HardwareArrays.from_accelerators([A100, H100])
    dlrm = ModelArch(id="dlrm-synthetic", name="synthetic DLRM", kind="recsys", params_total=100e9,
                     attention="none", gflops_per_sample=0.1)
    fs = estimate_recsys(dlrm, hw, lookups_per_sample=26, embedding_dim=128, weight_dtype="fp16")
    assert fs.value_at("recsys.table_bytes", 0) == 200e9
    assert fs.value_at("recsys.gpus_for_tables", 0) == np.ceil(200e9 / (80e9 * 0.9))
    assert fs.value_at("recsys.samples_per_s_per_gpu", 1) > fs.value_at("recsys.samples_per_s_per_gpu", 0)


def test_vdi_seats_from_vgpu_profiles():
    fs = estimate_vdi([L40S, H100], seats=100, seat_profile_gb=5)
    assert fs.value_at("vdi.profile_gb", 0) == 6
    assert fs.value_at("vdi.seats_per_gpu", 0) == 8
    assert fs.value_at("vdi.gpus_needed", 0) == 13
    assert fs.value_at("vdi.seats_per_gpu", 1) == 0 and np.isnan(fs.value_at("vdi.gpus_needed", 1))


def test_a_gpu_hosts_at_most_32_vgpus_whatever_its_memory():
    """NVIDIA's vGPU manager creates at most 32 vGPUs on one GPU (open-gpu-kernel-modules ctrla081.h,
    NVA081_MAX_VGPU_PER_PGPU; kernel_vgpu_mgr.c: 1 GB profiles on a 48 GB board, maxInstance 32): 1 GB seats on a
    48 GB L40S are 32 a GPU, not ⌊48 / 1⌋ = 48, so 100 seats need ⌈100 / 32⌉ = 4 GPUs, not 3. A 2 GB seat (24 a
    GPU) is below the limit and unchanged."""
    one = estimate_vdi([L40S], seats=100, seat_profile_gb=1)
    assert one.value_at("vdi.profile_gb", 0) == 1
    assert one.value_at("vdi.seats_per_gpu", 0) == 32
    assert one.value_at("vdi.gpus_needed", 0) == 4
    assert "vdi.max_vgpus_per_gpu" in [q.key for q in one.explain("vdi.seats_per_gpu").inputs]
    two = estimate_vdi([L40S], seats=100, seat_profile_gb=2)
    assert two.value_at("vdi.seats_per_gpu", 0) == 24 and two.value_at("vdi.gpus_needed", 0) == 5
