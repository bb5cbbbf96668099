"""MI300X's FP8 matmul and HBM shares come from Azure's measurement of the part (constants/compute.py
MAMF_FP8_CDNA3, HBM_EFF_MI300X), not from its BF16 fraction and the shared HBM value; decode's KV-cache reads take
the same HBM share, and no other part moves."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.constants import HBM_EFFICIENCY, HBM_EFFICIENCY_PART, MATMUL_EFFICIENCY_FP8
from gpudesk.core.constants import serving as SV
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.model_math import kv_cache_bytes


@lru_cache(maxsize=1)
def _catalog() -> Catalog:
    return Catalog.open()


def _hw(*ids: str) -> HardwareArrays:
    cat = _catalog()
    return HardwareArrays.from_accelerators([cat.accelerator(i) for i in ids])


def test_mi300x_takes_its_measured_fp8_and_hbm_shares_and_others_keep_theirs() -> None:
    hw = _hw("mi300x", "h200-sxm", "mi325x")
    eff = Efficiencies.for_hardware(hw, "fp8")
    assert eff.matmul[0] == pytest.approx(1159.5 / 2614.9, abs=5e-4) == MATMUL_EFFICIENCY_FP8["amd-cdna3"].value
    assert eff.hbm[0] == pytest.approx(4.15 / 5.3, abs=5e-4) == HBM_EFFICIENCY_PART["mi300x"].value
    assert eff.hbm[1] == eff.hbm[2] == HBM_EFFICIENCY.value  # H200 and MI325X: nothing of their own measured
    assert eff.matmul[1] == pytest.approx(0.734) and eff.matmul[2] == pytest.approx(0.604)
    assert "HBM_EFF_MI300X" in eff.sources["hbm"]
    assert "hbm" not in Efficiencies.for_hardware(_hw("h200-sxm"), "fp8").sources  # the shared constant, as before


def test_mi300x_decode_reads_its_kv_cache_at_its_measured_share() -> None:
    """A long-context decode step whose KV read dominates: on MI300X the read runs at the part's HBM share of the
    paged-read efficiency, below the streaming copy Azure measured (4.15 TB/s)."""
    model = _catalog().model("llama-3.1-70b")
    hw = _hw("mi300x")
    one = np.ones(1)
    rep = ReplicaModel.build(model, hw, Efficiencies.for_hardware(hw, "fp8"), 8 * one, one, one, "fp8", "fp8", "fp8")
    batch, context = np.array([64.0]), np.array([32768.0])
    kv = kv_cache_bytes(model, "fp8", context, batch, 8 * one)
    read = kv / (5.3e12 * SV.SERVING_DECODE_KV_BW_EFFICIENCY.value * 0.783 / HBM_EFFICIENCY.value)
    assert rep.decode_step(batch, context)["attention"][0] == pytest.approx(read[0], rel=1e-9)
    assert 5.3e12 * SV.SERVING_DECODE_KV_BW_EFFICIENCY.value * rep.kv_share[0] < 4.15e12
