"""Every unknown a step page shows has a cause it can name (issue 21: 未知 on screen with no reason): an unknown
catalog field or plan input behind it. A figure unknown while everything behind it is known has no cause to name,
so the core must give it a value or a word instead (a break-even that never comes is infinite, "never pays back")."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.delivery import break_even_month
from gpudesk.core.explain import FigureSet
from gpudesk.core.market import AvailabilityIndex
from gpudesk.core.plan_resolve import PlanInputError
from gpudesk.core.unknown_causes import CATALOG, QUOTE, USER_INPUT, unknown_causes
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.project.model import Phase, Project, Workload
from gpudesk.report.display_units import NEVER, display_value
from gpudesk.results.pipeline import estimate_plan
from gpudesk.wizard.figures import figure_keys_for_step
from gpudesk.wizard.starter import GOAL_FOR_KIND, MARKETS, starter_plan
from gpudesk.wizard.steps import STEPS

SAMPLES = sorted(samples_dir().glob("*.gpudesk"))


def test_a_cause_names_the_unknown_input_and_the_figures_it_leaves_unknown() -> None:
    fs = FigureSet()
    fs.input("storage.write_per_node", math.nan, "GB/s", "write bandwidth per node",
             "catalog storage_options/object-s3-standard.write_gbs_per_node: aws-s3-pricing (unknown in catalog)")
    fs.input("storage.nodes", 2.0, "nodes", "nodes")
    fs.input("run.tokens", math.nan, "tokens", "tokens per run")
    fs.add("storage.write_bw", math.nan, "GB/s", "write bandwidth", "a x b", ["storage.write_per_node", "storage.nodes"])
    fs.add("storage.time", math.nan, "s", "time", "1 / bw", ["storage.write_bw"])
    fs.add("run.time", math.nan, "s", "run time", "tokens / rate", ["run.tokens"])
    fs.add("storage.ratio", math.nan, "", "0 / 0", "0 / 0", ["storage.nodes"])
    fs.add("storage.known", 3.0, "s", "known", "3", ["storage.nodes"])
    fs.input("run.storage_write", math.nan, "GB/s", "storage write rate", "storage model (storage.write_bw)")
    fs.input("tco.installation", math.nan, "CNY/server", "installation per server", "not quoted yet")
    fs.add("tco.install_total", math.nan, "CNY", "installation", "a x b", ["tco.installation", "storage.nodes"])
    causes, unexplained = unknown_causes(fs, ["storage.write_bw", "storage.time", "run.time", "storage.ratio",
                                              "storage.known", "run.storage_write", "tco.install_total"])
    assert [(c.key, c.kind, c.figures) for c in causes] == [
        ("storage.write_per_node", CATALOG, ("storage.write_bw", "storage.time", "run.storage_write")),
        ("run.tokens", USER_INPUT, ("run.time",)),
        ("tco.installation", QUOTE, ("tco.install_total",))]
    assert unexplained == ["storage.ratio"]


def test_a_break_even_that_never_comes_is_never_not_unknown() -> None:
    assert break_even_month(np.array([5.0, 10.0]), np.array([1.0, 2.0])) == math.inf
    assert math.isnan(break_even_month(np.array([5.0, math.nan]), np.array([1.0, 2.0])))
    assert display_value(math.inf, "month") == ("", NEVER)


def _guided(kind: str, goal: str) -> Project:
    """A plan from the guided start (File → New plan) in the China market."""
    catalog = Catalog.open()
    market = next(m for m in MARKETS if m.currency == "CNY")
    availability = AvailabilityIndex.of(catalog)
    return starter_plan(kind, goal, "zh", market, "城市商业银行",
                        lambda acc: availability.accelerator(acc, market.code).status)


PLANS = [(p.stem, lambda p=p: load_project(p).project) for p in SAMPLES]
PLANS += [(f"guided-{kind}", lambda kind=kind: _guided(kind, GOAL_FOR_KIND.get(kind, "production")))
          for kind in ("llm_inference", "finetune_lora")]


@pytest.mark.parametrize("plan_of", [p for _n, p in PLANS], ids=[n for n, _p in PLANS])
def test_every_unknown_on_the_samples_step_pages_has_a_cause(plan_of) -> None:
    plan = estimate_plan(plan_of(), Catalog.open())
    found = []
    for number, phase in enumerate(plan.phases, 1):
        for step in STEPS:
            _causes, unexplained = unknown_causes(phase.figures, figure_keys_for_step(step, phase.figures))
            found += [f"phase {number} step {step.number}: {key}" for key in unexplained]
    assert not found, found


def test_a_serving_plan_writes_no_checkpoints_in_no_time_whatever_its_storage() -> None:
    """The guided LLM serving plan on storage whose write bandwidth the catalog does not publish: nothing to save,
    so no time (it read 检查点写入时间 未知)."""
    phase = estimate_plan(_guided("llm_inference", "production"), Catalog.open()).phases[0]
    assert phase.figures.number("storage.checkpoint_size") == 0
    assert phase.figures.number("storage.checkpoint_write_time") == 0
    assert phase.figures.number("storage.checkpoint_stall_share") == 0


@pytest.mark.parametrize("kind, model", [("diffusion_inference", "sdxl-base")])
def test_a_refused_workload_names_the_unknown_catalog_figure_it_needs(kind, model) -> None:
    """The shipped SDXL row publishes no GFLOPs per image: a plan that picks it is refused, and the refusal names
    that figure and the row it is missing from (it read only 'the catalog lacks a figure it needs')."""
    phase = Phase(name="P1", workloads=[Workload(kind=kind, model_id=model, items_per_day=1e5)])
    phase.hardware.accelerator_id = "l40s"
    with pytest.raises(PlanInputError) as refused:
        estimate_plan(Project(phases=[phase]), Catalog.open())
    message = str(refused.value)
    assert "forward GFLOPs per sample" in message and f"model {model}" in message, message
