"""The vendors' own inference tables (Intel Gaudi 2/3, AMD MI300X): cited with their software, held-out, and read
as stated (validation_cases_vendor_inference.py)."""

from __future__ import annotations

import pytest
from validation_cases_vendor_inference import (
    AMD_MI300X_SERVING,
    GAUDI2_THROUGHPUT,
    GAUDI2_TTFT,
    GAUDI3_THROUGHPUT,
)
from validation_split import frozen_split

CASES = GAUDI2_THROUGHPUT + GAUDI3_THROUGHPUT + GAUDI2_TTFT + AMD_MI300X_SERVING


def test_each_case_cites_its_page_and_software() -> None:
    assert len({c.id for c in CASES}) == len(CASES) == 54
    for c in GAUDI2_THROUGHPUT + GAUDI3_THROUGHPUT + GAUDI2_TTFT:
        assert "intel.com" in c.citation and "SynapseAI 1.18.0" in c.citation and c.release == "current", c.id
    for c in AMD_MI300X_SERVING:
        assert "amd.com" in c.citation and "rocm6.4.1_vllm_0.9.1" in c.citation and c.tp == 8, c.id


def test_all_are_held_out() -> None:
    frozen = frozen_split()
    assert not [c.id for c in CASES if c.id in frozen]


def test_throughputs_are_read_per_card_and_as_output_tokens() -> None:
    """Gaudi: the run's tokens/s over its cards; AMD: vLLM's prompt + output tokens/s, its output share, per GPU."""
    row = next(c for c in GAUDI2_THROUGHPUT if c.id == "intel-gaudi2-llama-2-70b-tp2-b1750-128-128")
    assert row.measured == pytest.approx(2844 / 2)
    amd = next(c for c in AMD_MI300X_SERVING if c.id == "amd-vllm-llama-3.1-70b-mi300x-tp8-fp8-2048-2048")
    assert amd.measured == pytest.approx(7354.9 / 2 / 8) and amd.max_batch == amd.requests == 1500
