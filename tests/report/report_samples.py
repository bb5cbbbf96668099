"""Plans for the report tests, estimated by the real pipeline on the shipped catalog.

The report reads what the core computed; these plans are built the way a user builds them,
so a test never checks the report against figures the core would not produce.
"""

from __future__ import annotations

import copy
import dataclasses
from functools import lru_cache

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Phase, Project, ProjectMeta, Revision, Workload
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_result import PlanEstimate


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return Catalog.open()


def training_project(name: str = "Llama 70B fine-tune", nodes: int = 8, lang: str = "zh",
                     gpu_price: float = 0.0) -> Project:
    """Full fine-tuning of Llama 3.1 70B on owned DGX H100 servers (8 nodes unless said)."""
    workload = Workload(kind="finetune_full", name="SFT", model_id="llama-3.1-70b", train_tokens=2e10)
    workload.parallel.tp = 8
    workload.parallel.zero_stage = 2  # gradients sharded too: fits on 4 nodes as well as 8 (18 B/param Megatron)
    phase = Phase(name="Fine-tune", workloads=[workload])
    phase.hardware.accelerator_id = "h100-sxm"
    phase.hardware.nodes = nodes
    phase.facility.pue = 1.3
    phase.facility.rack_power_limit_kw = 41.0  # a high-density row for DGX H100 (10.2 kW each: four per rack)
    phase.delivery.mode = "private"
    phase.costs.gpu_price_override = gpu_price
    return Project(
        meta=ProjectMeta(name=name, customer="华东某银行", author="王工", language=lang),
        phases=[phase],
        revisions=[Revision("2025-05-01", "王工", "初稿")],
    )


def _training_project(name: str, nodes: int, gpu_price: float = 0.0, cooling: str = "") -> Project:
    project = training_project(name, nodes, gpu_price=gpu_price)
    if cooling:
        project.phases[0].facility.cooling = cooling
    return project


@lru_cache(maxsize=None)
def _training(name: str, nodes: int, gpu_price: float = 0.0, cooling: str = "") -> PlanEstimate:
    """One estimate (configuration search included) per plan and test process, read through :func:`_fresh`."""
    return estimate_plan(_training_project(name, nodes, gpu_price, cooling), catalog(), search=True)


@lru_cache(maxsize=1)
def _roadmap() -> PlanEstimate:
    return estimate_plan(roadmap_project(), catalog(), search=True)


def _fresh(plan: PlanEstimate) -> PlanEstimate:
    """Copy-on-read: the shared estimate with its own phases and lists, so a test that replaces a phase's ledger
    or appends a check changes no other test's plan (figures and ledgers are replaced, never edited, by tests)."""
    phases = [dataclasses.replace(p, checks=list(p.checks), candidates=list(p.candidates), charts=dict(p.charts),
                                  assumptions=list(p.assumptions)) for p in plan.phases]
    return dataclasses.replace(plan, phases=phases, roadmap_checks=list(plan.roadmap_checks), charts=dict(plan.charts))


def training_plan(name: str = "Llama 70B fine-tune", nodes: int = 8, gpu_price: float = 0.0) -> PlanEstimate:
    return _fresh(_training(name, nodes, float(gpu_price)))


def roadmap_project() -> Project:
    """A rented pilot on 2 nodes for 3 months, then 24 months of production on 8 owned nodes."""
    project = training_project("Bank AI platform", nodes=2)
    pilot = project.phases[0]
    pilot.name, pilot.duration_months, pilot.delivery.mode = "Pilot", 3, "cloud_on_demand"
    prod = copy.deepcopy(pilot)
    prod.name, prod.start_month, prod.duration_months, prod.delivery.mode = "Production", 3, 24, "private"
    prod.hardware.nodes = 8
    project.phases = [pilot, prod]
    return project


def roadmap_plan() -> tuple[PlanEstimate, Project]:
    return _fresh(_roadmap()), roadmap_project()


def three_training_plans() -> list[tuple[PlanEstimate, Project]]:
    """Base (8 nodes), Small (4 nodes, slower), Cheap (8 nodes at a lower quoted GPU price, liquid-cooled site)."""
    plans = (("Base", 8, 0.0, ""), ("Small", 4, 0.0, ""), ("Cheap", 8, 20_000.0, "liquid"))
    return [(_fresh(_training(*plan)), _training_project(*plan)) for plan in plans]


def rented_lora_plan(accelerator: str) -> tuple[PlanEstimate, Project]:
    """LoRA fine-tuning on one node of ``accelerator`` rented on demand, searched (the MI325X has no cloud price in
    the catalog: its rent awaits a quote), named by the accelerator: a comparison entry."""
    project = Project(phases=[Phase(workloads=[Workload(kind="finetune_lora", train_tokens=1e8)])])
    phase = project.phases[0]
    phase.hardware.accelerator_id, phase.hardware.candidates, phase.hardware.nodes = accelerator, [accelerator], 1
    project.meta.name = accelerator
    return estimate_plan(project, catalog(), search=True), project
