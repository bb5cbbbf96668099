"""A vision training configuration's row names its layout, the data-parallel replicas it runs (DP4: four GPUs, each
with the whole model), not its precision alone: the plan's own row reads the sized configuration (PhaseEstimate.config,
as the comparison does), a searched row its search point. Item serving names its precision alone."""

from __future__ import annotations

from functools import lru_cache

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_result import PlanEstimate


@lru_cache(maxsize=None)
def searched(sample: str) -> PlanEstimate:
    return estimate_plan(load_project(samples_dir() / f"{sample}.gpudesk").project, Catalog.open(), search=True)


def test_every_vision_training_row_names_its_replicas() -> None:
    for phase in searched("startup-inspection").phases:
        own = phase.config.workloads[0]
        assert own.kind == "vision_train"
        for c in phase.candidates:
            searched_point = phase.search.find(c.point) if c.point >= 0 else None
            replicas = own.layout.dp if searched_point is None else int(searched_point.layout["dp"])
            assert c.layout.endswith(f" · DP{replicas}"), (c.accelerator_name, c.layout)
        assert any(c.pinned and c.layout.endswith(f"DP{own.layout.dp}") for c in phase.candidates)


def test_a_recommendation_row_names_its_precision_and_no_data_parallel_degree() -> None:
    """Item serving runs a replica on each GPU: the row's GPU column counts them. Its 'DP1' read as the layout of a
    phase's 3 GPUs where another workload ran beside it (manufacturer, proposal-26), so no item row writes one."""
    for phase in searched("ecommerce-recsys").phases:
        assert phase.config.workloads[0].kind == "recsys_inference"
        for c in phase.candidates:
            assert "DP" not in c.layout and c.layout in ("BF16", "FP16", "FP8", "FP32"), (c.accelerator_name, c.layout)


def test_four_gpus_of_data_parallel_training_read_dp4() -> None:
    first = searched("startup-inspection").phases[0]
    assert first.config.workloads[0].layout.dp == 4
    assert next(c for c in first.candidates if c.pinned).layout == "BF16 · DP4"


def test_the_comparison_and_the_plan_row_write_one_layout() -> None:
    """The comparison, the proposal and the ranked rows write a vision workload's layout alike (WorkloadSizing
    .layout_text): 'DP4', where the comparison read 'TP1 × PP1 × DP4' beside a row's 'BF16 · DP4'."""
    from gpudesk.report.comparison_config import phase_configuration
    from gpudesk.report.text_catalog import ReportText

    first = searched("startup-inspection").phases[0]
    assert first.config.workloads[0].layout_text() == "DP4"
    assert phase_configuration(first, ReportText("en")).splitlines()[-1] == "DP4"


def test_an_item_rate_workload_names_no_data_parallel_degree_on_any_surface() -> None:
    """The CLI and the window read '排序：… 2 张 GPU，DP2，规模由嵌入表所需的显存决定' while the search rows named no
    DP for item-rate points (d716b071): the configuration's own layout (WorkloadSizing.layout_text, which the CLI,
    the window's JSON, the proposal and the comparison read) follows the one rule."""
    plan = searched("ecommerce-recsys")
    for phase in plan.phases:
        assert [w.layout_text() for w in phase.config.workloads] == [""] * len(phase.config.workloads)
        assert all("layout_text" not in w or not w["layout_text"] for w in phase.config.to_dict()["workloads"])
    for phase in searched("manufacturer-vision-private").phases:  # vision inference beside its retraining
        for w in phase.config.workloads:
            assert ("DP" in w.layout_text()) == (w.kind == "vision_train"), (w.kind, w.layout_text())
