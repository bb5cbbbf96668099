"""Offline serving (issue 18's serving scenario) is throughput only: no latency target binds it, in the estimate, in
its checks (tests/domain/test_domain_pitfalls.py) or in the configuration search."""

from __future__ import annotations

from gpudesk.project.model import Project, Workload
from gpudesk.results.pipeline import estimate_plan


def test_the_search_drops_no_offline_configuration_for_a_latency_target(catalog) -> None:
    """The core binds no latency target offline, but the serving search still compared every configuration with the
    plan's TTFT, TPOT and end-to-end targets: an offline plan stating a 1 ms time-per-token target found no feasible
    configuration at all (15,180 tried; 1,704 dropped for TPOT, 4,150 for TTFT), and a 50 ms one dropped 4,535."""
    project = Project()
    phase = project.phases[0]
    phase.workloads = [Workload(kind="llm_inference", model_id="llama-3.1-8b", serving_scenario="offline",
                                tpot_ms=1, ttft_ms=1, ttft_p50_ms=1, e2e_ms=1, requests_per_day=1e6)]
    search = estimate_plan(project, catalog, search=True).phases[0].search
    assert search is not None and search.family == "serving"
    assert not {"ttft", "tpot", "e2e"} & set(search.dropped), search.dropped
    assert search.recommended is not None and search.binding not in ("ttft", "tpot", "e2e"), search.binding
