"""Step 1 sizes a vision training job before any hardware: images, compute and the rate the deadline needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.plan_task import task_figures
from gpudesk.project.io import load_project
from gpudesk.project.model import Workload
from gpudesk.results.pipeline import estimate_plan
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.steps import step

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "startup-inspection.gpudesk"


def test_vision_training_task_figures_follow_the_inputs() -> None:
    w = Workload(kind="vision_train", dataset_items=100_000, epochs=50, deadline_days=2.0)
    fs = task_figures(w, None, forward_gflops_per_image=10.0)
    assert fs.number("task.images_to_process") == 5_000_000
    assert fs.number("task.images_per_s_needed") == pytest.approx(5_000_000 / (2 * 86400))
    assert fs.number("task.total_flops") == pytest.approx(5_000_000 * 3 * 10e9)
    assert fs.number("task.sustained_flops_needed") == pytest.approx(5_000_000 * 3 * 10e9 / (2 * 86400))
    assert fs.explain("task.total_flops").inputs[1].key == "task.gflops_per_image"


def test_without_the_model_gflops_only_the_counts_are_shown() -> None:
    fs = task_figures(Workload(kind="vision_train", dataset_items=1000, epochs=2, deadline_days=1.0), None, None)
    assert "task.images_to_process" in fs and "task.total_flops" not in fs


def test_the_vision_sample_shows_step_1_figures() -> None:
    phase = estimate_plan(load_project(SAMPLE).project, Catalog.open()).phases[0]
    keys = figure_keys_for_step(step("task"), phase.figures)
    assert {"task.images_to_process", "task.images_per_s_needed", "task.total_flops"} <= set(keys)
    # the model's catalog figure, as the hardware steps use it
    assert phase.figures.number("task.gflops_per_image") == phase.figures.number("vision.gflops_per_image")


def test_serving_has_no_epoch_time() -> None:
    sample = SAMPLE.parent / "manufacturer-vision-private.gpudesk"
    phase = estimate_plan(load_project(sample).project, Catalog.open()).phases[0]
    assert "vision.images_per_s_per_gpu" in phase.figures and "vision.epoch_time_s" not in phase.figures
