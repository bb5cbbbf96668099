"""Issue 16 error 10: CNN throughput per hardware family from published ResNet-50 results.

Published figures (ResNet-50 v1.5, 224 px: 8.2 GFLOP forward, ×3 per training step):
  A100 80GB, 1 GPU, PyTorch AMP: 2,470 img/s (NVIDIA DeepLearningExamples resnet50v1.5 README, pytorch-21.03).
  MLPerf Training v3.0, same Dell platform, 16 GPUs: H100 7.8 min, A100 14.4 min -> H100 = 1.846 × A100 per GPU.
  T4, AMP inference, batch 256: 1,198 img/s (same README).
One A100-measured efficiency for every GPU made an H100 3.17× an A100 (the bf16 peak ratio): 8,246 img/s.
"""

from __future__ import annotations

import pytest

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.workloads_other import estimate_vision


def _rate(catalog, acc_id: str, training: bool = True, precision: str = "bf16") -> float:
    hw = HardwareArrays.from_accelerators([catalog.accelerator(acc_id)])
    fs = estimate_vision(catalog.model("resnet-50"), hw, training=training, precision=precision)
    return float(fs.value_at("vision.images_per_s_per_gpu"))


def test_a100_trains_at_the_published_rate(catalog) -> None:
    assert _rate(catalog, "a100-sxm-80gb") == pytest.approx(2_470, rel=0.01)


def test_h100_over_a100_is_the_mlperf_ratio_not_the_peak_ratio(catalog) -> None:
    ratio = _rate(catalog, "h100-sxm") / _rate(catalog, "a100-sxm-80gb")
    assert ratio == pytest.approx(14.4 / 7.8, rel=0.01)
    assert _rate(catalog, "h100-sxm") < 7_000  # not the 8,246 img/s the single A100 fraction gave


def test_t4_inference_at_the_published_rate(catalog) -> None:
    assert _rate(catalog, "t4", training=False, precision="fp16") == pytest.approx(1_198, rel=0.01)


def test_unmeasured_family_says_so(catalog) -> None:
    hw = HardwareArrays.from_accelerators([catalog.accelerator("b200")])
    fs = estimate_vision(catalog.model("resnet-50"), hw)
    assert "no published ResNet-50 result" in fs.explain("vision.conv_efficiency").source
