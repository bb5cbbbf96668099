"""The chain's fused passes over flat configuration lists give exactly the general formula's answer.

``collectives._ring_time_flat`` and ``training_gemm._shape_factor_flat`` write a list of configurations' results
into a few reused buffers instead of ~20 temporaries per call. They must give every configuration the same bits
as the general expression (tolerance: 0), which runs for each configuration alone here as 0-d values. The
configurations are generated: groups that fit in one scale-up domain and span several, groups of 1, NaN links
(an unknown NIC), a model with routed experts and one without.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpudesk.core import collectives, training_gemm
from gpudesk.core.collectives import Links, collective_time, local_members
from gpudesk.core.constants.compute import MATMUL_EFFICIENCY_BF16_PART
from gpudesk.core.efficiency import matmul_efficiency
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.training_gemm import gemm_classes, shape_factor
from tests.core.test_chain_batch import ACCELERATORS
from tests.core.test_memory_fastpath import LLAMA_70B, MIXTRAL

N = 400


def _links(rng: np.random.Generator, reduce: bool) -> Links:
    scaleout = rng.choice([12.5e9, 50e9, np.nan], N)  # NaN: a server with no known NIC
    return Links(scaleup_bw=rng.choice([31e9, 300e9, 450e9], N), scaleout_bw=scaleout,
                 scaleup_domain=rng.choice([1.0, 8.0, 72.0], N), scaleup_hop_s=rng.choice([1e-6, 2e-6], N),
                 net_hop_s=5e-6, base_s=7e-6, scaleup_reduce_bw=rng.choice([400e9, 600e9], N) if reduce else None)


def _one(links: Links, i: int) -> Links:
    pick = (lambda v: v if v is None or np.ndim(v) == 0 else np.float64(v[i]))
    return Links(pick(links.scaleup_bw), pick(links.scaleout_bw), pick(links.scaleup_domain),
                 pick(links.scaleup_hop_s), links.net_hop_s, links.base_s, pick(links.scaleup_reduce_bw))


@pytest.mark.parametrize("op", collectives.RING_OPS)
@pytest.mark.parametrize("reduce_links", [False, True])
def test_ring_collectives_over_a_list_equal_each_configuration_alone(op: str, reduce_links: bool) -> None:
    rng = np.random.default_rng(7)
    links = _links(rng, reduce_links)
    group = rng.choice([1.0, 2.0, 4.0, 8.0, 16.0, 64.0], N)
    stride = rng.choice([1.0, 2.0, 8.0], N)
    local = local_members(group, stride, links.scaleup_domain)
    size = rng.uniform(1e3, 1e9, N)
    flat = collective_time(op, size, group, local, links)
    alone = np.array([collective_time(op, np.float64(size[i]), np.float64(group[i]), np.float64(local[i]),
                                      _one(links, i)) for i in range(N)])
    assert np.array_equal(flat, alone, equal_nan=True)
    assert (flat > 0).any() and (flat == 0).any() and np.isnan(flat).any()  # every branch was taken


@pytest.mark.parametrize("model", [LLAMA_70B, MIXTRAL], ids=["dense", "routed experts"])
def test_gemm_shape_factor_over_a_list_equals_each_configuration_alone(model) -> None:
    rng = np.random.default_rng(11)
    classes = gemm_classes(model)
    tokens = rng.choice([1.0, 512.0, 4096.0, 32768.0], N) / rng.choice([1.0, 2.0], N)
    tp, ep = rng.choice([1.0, 2.0, 4.0, 8.0], N), rng.choice([1.0, 2.0, 8.0], N)
    ridge = rng.uniform(50.0, 600.0, N)
    flat = shape_factor(classes, tokens, tp, ep, ridge, "bf16")
    alone = np.array([shape_factor(classes, np.float64(tokens[i]), np.float64(tp[i]), np.float64(ep[i]),
                                   np.float64(ridge[i]), "bf16") for i in range(N)])
    assert np.array_equal(flat, alone)
    assert any(c.routed for c in classes) == (model is MIXTRAL)


@pytest.mark.parametrize("exponent", [1.0, 2.0, 0.5, 1.7])
def test_the_in_place_power_is_numpys_power_operator(exponent: float) -> None:
    values = np.random.default_rng(3).uniform(0.0, 40.0, N)
    powered = values.copy()
    training_gemm._power(powered, exponent)
    assert np.array_equal(powered, values ** exponent)


def test_a_reindexed_sweep_reads_every_candidates_own_accelerator() -> None:
    """``HardwareArrays.take`` keeps one index per candidate (ids, families and peaks are read through it): each
    candidate still reads its own accelerator's id, family and every precision's peak, and a part's own measured
    matmul efficiency reaches exactly the candidates on that part (the list's strings compared, as before)."""
    pcie = dataclasses.replace(ACCELERATORS[0], id="a100-pcie-40gb", name="A100 PCIe 40GB", family="nvidia-ampere")
    parts = [*ACCELERATORS, pcie]  # a part with its own MAMF measurement
    assert "a100-pcie-40gb" in MATMUL_EFFICIENCY_BF16_PART
    base = HardwareArrays.from_accelerators(parts)
    index = np.random.default_rng(5).integers(0, len(parts), N)
    swept = base.take(index).take(np.arange(N)[::-1])  # twice: the index composes
    index = index[::-1]
    assert swept.ids.tolist() == [parts[i].id for i in index]
    assert swept.family.tolist() == [parts[i].family for i in index]
    for precision in ("bf16", "fp16", "fp8", "int8", "fp4"):
        assert np.array_equal(swept.peak(precision), base.peak(precision)[index], equal_nan=True)
    values, source = matmul_efficiency(swept, "bf16")
    alone = np.array([matmul_efficiency(base.take(np.array([i])), "bf16")[0][0] for i in index])
    assert np.array_equal(values, alone)
    assert (values[swept.ids == "a100-pcie-40gb"] == MATMUL_EFFICIENCY_BF16_PART["a100-pcie-40gb"].value).all()
    assert "measured part" in source

