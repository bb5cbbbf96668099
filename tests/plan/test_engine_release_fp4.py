"""The engine release a serving plan names sets the NVFP4 rate its GEMMs reach on Blackwell Ultra (B300, GB300):
core/engine_release.py gemm_peak, vocabulary/serving.py ENGINE_RELEASE fp4_ultra."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def test_a_release_before_blackwell_ultras_fp4_mma_runs_nvfp4_at_the_sm100_rate(catalog) -> None:
    """engine_release trtllm-1.1 and older: NVFP4 GEMMs on GB300 run the SM100 family's MMA at 2x its FP8 peak
    (10 of the datasheet's 15 PFLOPS dense), so a prefill-heavy FP4 plan prefills slower than under 1.2 or the
    current release, which keep the datasheet peak; B200, whose FP4 is already 2x its FP8, does not move."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.serving_scenario = "llm_inference", "llama-3.1-70b", 2, "offline"
    w.compute_dtype = w.weight_dtype = "fp4"
    w.kv_dtype = "fp8"

    def run(accelerator: str, release: str):  # type: ignore[no-untyped-def]
        project.phases[0].hardware.accelerator_id = accelerator
        w.engine_release = release
        return estimate_plan(project, catalog).phases[0].figures

    old, new, current = (run("gb300", r) for r in ("trtllm-1.1", "trtllm-1.2", "current"))
    assert old.number("infer.gemm_peak") == pytest.approx(10e15)
    assert new.number("infer.gemm_peak") == pytest.approx(15e15)
    assert "infer.gemm_peak" in [q.key for q in old.explain("infer.prefill_s").inputs]
    assert old.number("infer.prefill_s") > 1.2 * new.number("infer.prefill_s")
    assert new.number("infer.prefill_s") == current.number("infer.prefill_s")
    assert run("b200", "trtllm-1.1").number("infer.prefill_s") == run("b200", "current").number("infer.prefill_s")
