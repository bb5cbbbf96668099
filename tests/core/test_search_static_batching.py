"""A static-batching plan's configuration search tries aggregated points only: disaggregated prefill / decode is an
in-flight batching design (prefill instances hand each request's KV cache to decode instances that batch requests as
they come: docs.nvidia.com TensorRT-LLM disagg-serving, SGLang PD disaggregation), and pinning such a point rewrote the
plan's batching to 'disaggregated' (results/pinning._batching). static-26 saw the worked example's search recommend
B200 x16 disaggregated for a static plan."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan, run_search


def _worked_example(batching: str) -> Project:
    """Llama 3.1 70B FP8 TP4 on H200, 2,048 + 512 tokens at 69 requests/s (docs/performance-model.md's example)."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.batching = "llm_inference", "llama-3.1-70b", 4, batching
    w.compute_dtype = w.weight_dtype = w.kv_dtype = "fp8"
    w.prompt_tokens, w.output_tokens, w.peak_requests_per_s = 2048, 512, 69.0
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    return project


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


@pytest.mark.parametrize("batching,offered", [("static", False), ("continuous", True)])
def test_only_in_flight_batching_is_offered_disaggregated_points(catalog: Catalog, batching: str,
                                                                 offered: bool) -> None:
    found = run_search(estimate_plan(_worked_example(batching), catalog, search=False).phases[0], catalog)
    assert found is not None and found.recommended is not None
    table = found.explained_from[-1]
    disagg = np.asarray(table.cols["disagg"], dtype=bool)
    assert bool(disagg.any()) is offered, batching
    shown = [found.recommended, found.runner_up, *found.alternatives, *found.per_accelerator, *found.front]
    if not offered:
        assert not any(p is not None and p.layout.get("disagg") for p in shown)
