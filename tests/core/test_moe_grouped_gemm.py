"""The routed experts' grouped GEMMs (core/moe_gemm.py): the share falls with the expert slice, a Hopper step pays it."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from test_serving_mla_and_adp import DSV3
from test_training_samples import B200, H100, LLAMA3_70B

from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.moe_gemm import routed_gemm_share

QWEN3 = dataclasses.replace(DSV3, id="qwen3-235b-a22b", hidden=4096, n_experts=128, experts_per_token=8,
                            n_shared_experts=0, moe_ffn_hidden=1536, n_moe_layers=94, n_layers=94)


def test_the_share_falls_with_the_expert_slice_and_holds_on_hopper_only():
    hopper, blackwell = np.array(["nvidia-hopper"]), np.array(["nvidia-blackwell"])
    whole = routed_gemm_share(QWEN3, hopper, np.array([8.0]), np.array([8.0]))[0]  # experts placed whole
    sliced = routed_gemm_share(QWEN3, hopper, np.array([8.0]), np.array([1.0]))[0]  # each GPU a 192-wide slice
    assert whole == pytest.approx(1.0 / (2 / 3 / 0.857 + 1 / 3 / 0.800), rel=0.01)
    assert 0.5 < sliced < 0.6 < whole < 0.9
    assert routed_gemm_share(QWEN3, blackwell, np.array([8.0]), np.array([8.0]))[0] == 1.0  # not measured
    assert routed_gemm_share(LLAMA3_70B, hopper, np.array([8.0]), np.array([1.0]))[0] == 1.0  # no experts


def _replica(model, acc, ep: float) -> ReplicaModel:
    hw = HardwareArrays.from_accelerators([acc])
    one = np.ones(1)
    return ReplicaModel.build(model, hw, Efficiencies.for_hardware(hw, "fp8", None), one * (8 / ep if ep > 1 else 8),
                              one, one * ep, "fp8", "fp8", "fp8")


def test_a_hopper_prefill_pays_the_routed_share_and_a_blackwell_one_does_not():
    tokens, seq = np.array([65536.0]), np.array([2048.0])
    for acc, slower in ((H100, True), (B200, False)):
        rep = _replica(QWEN3, acc, 8.0)
        dense_rate = dataclasses.replace(rep, routed_share=np.ones(1))
        gemm, _ = rep._prefill_parts(tokens, seq)
        base, _ = dense_rate._prefill_parts(tokens, seq)
        routed = rep.expert_wait[0] * rep.routed_active
        expected = (rep.n_gemm - rep.routed_active + routed / rep.routed_share[0]) / (rep.n_gemm - rep.routed_active
                                                                                     + routed)
        assert gemm[0] / base[0] == pytest.approx(expected if slower else 1.0, rel=1e-9)
        assert (gemm[0] > base[0] * 1.05) == slower
