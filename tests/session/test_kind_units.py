"""A workload's daily count reads in the unit its kind counts in, declared once with the kind vocabulary
(vocabulary.workloads.ITEM_UNITS / kind_unit): the input 'items_per_day' read '项/天' for an image service and a
recommender alike, beside their rates in images and samples."""

from __future__ import annotations

from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.text_catalog import ReportText
from gpudesk.session import field_paths

PATH = "phases[0].workloads[0].items_per_day"


def test_a_daily_count_reads_in_the_unit_its_kind_counts() -> None:
    project = load_project(samples_dir() / "ecommerce-recsys.gpudesk").project
    zh = ReportText("zh")
    shown = {}
    for kind in ("recsys_inference", "vision_inference", "diffusion_inference", "embedding_inference"):
        project.phases[0].workloads[0].kind = kind
        shown[kind] = zh.choice("unit", field_paths.metadata(project, PATH)["unit"])
    assert shown == {"recsys_inference": "样本/天", "vision_inference": "图像/天", "diffusion_inference": "图像/天",
                     "embedding_inference": "项/天"}
    assert field_paths.metadata(project, "phases[0].costs.horizon_years")["unit"] == "years"  # others as declared
