"""A static-batching plan's configuration search tries aggregated points only: disaggregated prefill / decode is an
in-flight batching design (prefill instances hand each request's KV cache to decode instances that batch requests as
they come: docs.nvidia.com TensorRT-LLM disagg-serving, SGLang PD disaggregation), and pinning such a point rewrote the
plan's batching to 'disaggregated' (results/pinning._batching). static-26 saw the worked example's search recommend
B200 x16 disaggregated for a static plan."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.results.pipeline import estimate_plan, run_search
from tests.core.test_static_batch import worked_example


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


@pytest.mark.parametrize("batching,offered", [("static", False), ("continuous", True)])
def test_only_in_flight_batching_is_offered_disaggregated_points(catalog: Catalog, batching: str,
                                                                 offered: bool) -> None:
    found = run_search(estimate_plan(worked_example(batching), catalog, search=False).phases[0], catalog)
    assert found is not None and found.recommended is not None
    table = found.explained_from[-1]
    disagg = np.asarray(table.cols["disagg"], dtype=bool)
    assert bool(disagg.any()) is offered, batching
    shown = [found.recommended, found.runner_up, *found.alternatives, *found.per_accelerator, *found.front]
    if not offered:
        assert not any(p is not None and p.layout.get("disagg") for p in shown)
