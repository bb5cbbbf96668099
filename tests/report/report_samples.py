"""Realistic estimated plans for the report tests, built the way the pipeline fills them.

Figures follow the formulas of docs/figures.md (BTU/h = W × 3.412, tons = kW / 3.517,
facility = IT × PUE, TCO = capex + opex × years) so the numbers hang together.
"""

from __future__ import annotations

import numpy as np

from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.results.plan_result import BomLine, Candidate, PhaseEstimate, PlanEstimate
from gpudesk.project.model import Phase, Project, ProjectMeta, Revision, Workload
from gpudesk.results.chart_model import ChartSpec, RefLine, Series

SOURCE = "catalog servers/dgx-h100.power_max_kw: NVIDIA DGX H100 user guide"


def training_figures(nodes: int = 8, price: float = 289_000.0, days: float = 11.6) -> FigureSet:
    fs = FigureSet()
    fs.input("hw.nodes", nodes, "nodes", "nodes")
    fs.input("power.node_kw", 10.2, "kW", "power per node", SOURCE)
    fs.input("power.pue", 1.3, "", "PUE", "user input")
    fs.input("mem.weights", 17.5e9, "B", "weights per GPU")
    fs.add("mem.total", 62.4e9, "B", "memory per GPU", "weights + grads + optimizer + activations", ["mem.weights"])
    fs.input("train.tokens", 2e10, "tokens", "training tokens")
    fs.add("train.time_to_train_days", days, "days", "time to train", "6·N·D / (GPUs · peak · MFU) / 86400",
           ["train.tokens"])
    it_kw = fs.add("power.it_kw", nodes * 10.2 + 3.6, "kW", "IT power", "nodes × node kW + network kW",
                   ["hw.nodes", "power.node_kw"])
    fs.add("power.facility_kw", it_kw * 1.3, "kW", "facility power", "IT kW × PUE", ["power.it_kw", "power.pue"])
    fs.add("power.rack_kw", 2 * 10.2, "kW", "power per rack", "nodes per rack × node kW", ["power.node_kw"])
    fs.add("power.racks", nodes / 2, "racks", "racks", "ceil(nodes / nodes per rack)", ["hw.nodes"])
    fs.add("power.btu_per_h", it_kw * 1000 * 3.412, "BTU/h", "heat load", "IT W × 3.412", ["power.it_kw"])
    fs.add("power.cooling_tons", it_kw / 3.517, "tons", "cooling load", "IT kW / 3.517", ["power.it_kw"])
    fs.add("net.scaling_efficiency", 0.91, "", "scaling efficiency", "t(1) / (n · t(n))", ["hw.nodes"])
    fs.input("tco.unit_price", price, "USD", "server price", "catalog servers/dgx-h100.price_usd: list price")
    capex = fs.add("tco.capex", nodes * price, "USD", "capex", "nodes × server price", ["hw.nodes", "tco.unit_price"])
    opex = fs.add("tco.opex_per_year", it_kw * 1.3 * 8760 * 0.12 + 0.08 * capex + 150_000, "USD/year", "opex",
                  "energy + maintenance + staff", ["power.facility_kw", "tco.capex"])
    fs.add("tco.total_3y", capex + 3 * opex, "USD", "3-year TCO", "capex + 3 × opex", ["tco.capex", "tco.opex_per_year"])
    fs.add("tco.total_5y", capex + 5 * opex, "USD", "5-year TCO", "capex + 5 × opex", ["tco.capex", "tco.opex_per_year"])
    months = np.arange(1, 61)
    cloud = fs.add("delivery.monthly.cloud_on_demand", np.full(60, nodes * 8 * 730 * 3.9), "USD/month",
                   "cloud on demand per month", "GPUs × 730 h × price per GPU-hour", ["hw.nodes"])
    private = fs.add("delivery.monthly.private", np.where(months == 1, capex, 0.0) + opex / 12, "USD/month",
                     "private per month", "capex in month 1 + opex / 12", ["tco.capex", "tco.opex_per_year"])
    fs.add("delivery.total.cloud_on_demand", cloud.sum(), "USD", "cloud on demand over the horizon",
           "Σ monthly", ["delivery.monthly.cloud_on_demand"])
    fs.add("delivery.total.private", private.sum(), "USD", "private over the horizon", "Σ monthly",
           ["delivery.monthly.private"])
    fs.input("delivery.allowed.cloud_on_demand", 1.0, "", "cloud allowed for the data")
    fs.input("delivery.allowed.private", 1.0, "", "private allowed for the data")
    fs.add("delivery.break_even.private_vs_cloud_on_demand", 13.0, "month", "break-even",
           "first month cumulative private ≤ cumulative cloud",
           ["delivery.monthly.private", "delivery.monthly.cloud_on_demand"])
    return fs


def training_charts() -> dict[str, ChartSpec]:
    gpus = (8.0, 16.0, 32.0, 64.0)
    return {
        "memory_fit": ChartSpec("memory_fit", "Memory per GPU", y_label="GB", categories=["H100 SXM"],
                                series=[Series("weights", (0.0,), (17.5,), "bar", "weights", stack_group="m"),
                                        Series("optimizer", (0.0,), (44.9,), "bar", "optimizer", stack_group="m")],
                                hlines=[RefLine(80.0, "capacity", "capacity")], stacked=True),
        "scaling": ChartSpec("scaling", "Scaling efficiency", x_label="GPUs", y_label="efficiency",
                             series=[Series("efficiency", gpus, (1.0, 0.97, 0.94, 0.91), "line", "efficiency")]),
        "cost": ChartSpec("cost_over_time", "Cumulative cost", x_label="month", y_label="USD",
                          series=[Series("private", (0.0, 60.0), (2.312e6, 4.5e6), "line", "private")]),
    }


def training_phase(index: int = 0, name: str = "Fine-tune", nodes: int = 8, price: float = 289_000.0,
                   days: float = 11.6) -> PhaseEstimate:
    return PhaseEstimate(
        index=index, name=name, figures=training_figures(nodes, price, days),
        checks=[
            Check("power.rack_over_limit", "warning", 6, "Rack power above the site limit",
                  "20.4 kW per rack exceeds the 15 kW air-cooled limit", "place one node per rack or use liquid cooling",
                  ("power.rack_kw",)),
            Check("storage.checkpoint_slow", "info", 5, "Checkpoint write takes 4 min",
                  "a 1.1 TB checkpoint at 4.6 GB/s", "stagger checkpoint writes", ("storage.checkpoint_write_s",)),
        ],
        candidates=[
            Candidate(1, "h100-sxm", "NVIDIA H100 SXM5 80GB", nodes * 8, nodes, "TP8 × DP8", True, days, "days",
                      nodes * price, "USD", ("fits with ZeRO-1",)),
            Candidate(2, "a100-sxm-80", "NVIDIA A100 SXM4 80GB", nodes * 16, nodes * 2, "TP8 × DP16", True, 17.9,
                      "days", 2_400_000.0, "USD"),
        ],
        charts=training_charts(),
        bom=[
            BomLine("compute", "NVIDIA DGX H100 (8× H100 SXM5)", nodes, "server", price, "USD",
                    "catalog servers/dgx-h100: reseller list price", "2025-03"),
            BomLine("network", "NVIDIA QM9700 NDR switch", 2, "switch", 28_000.0, "USD",
                    "catalog switches/qm9700: reseller list price", "2025-03"),
            BomLine("storage", "Parallel file system, 200 TB", 1, "system", None, "USD", "catalog storage: no price",
                    "2025-03"),
        ],
        assumptions=["MFU 42% from the calibrated Hopper training efficiency"],
        calibrated_keys=("train.time_to_train_days",),
    )


def training_project(name: str = "Llama 70B fine-tune", nodes: int = 0, lang: str = "zh") -> Project:
    workload = Workload(kind="finetune_full", name="SFT", model_id="llama-3.1-70b", train_tokens=2e10)
    phase = Phase(name="Fine-tune", workloads=[workload])
    phase.hardware.nodes = nodes
    phase.facility.pue = 1.3
    phase.delivery.mode = "private"
    return Project(
        meta=ProjectMeta(name=name, customer="华东某银行", author="王工", language=lang),
        phases=[phase],
        revisions=[Revision("2025-05-01", "王工", "初稿")],
    )


def training_plan(name: str = "Llama 70B fine-tune", nodes: int = 8, price: float = 289_000.0,
                  days: float = 11.6) -> PlanEstimate:
    return PlanEstimate(project_name=name, catalog_version="2025.05", app_version="0.1.0", currency="USD",
                        phases=[training_phase(nodes=nodes, price=price, days=days)], accuracy_band=0.15)


def roadmap_plan() -> tuple[PlanEstimate, Project]:
    """Two phases: a pilot on 2 nodes, then production on 8, with roadmap totals and a timeline."""
    pilot, prod = training_phase(0, "Pilot", 2), training_phase(1, "Production", 8)
    pilot.calibrated_keys = ()
    roadmap = FigureSet()
    roadmap.input("roadmap.pilot_capex", pilot.figures["tco.capex"], "USD", "pilot capex")
    roadmap.input("roadmap.prod_capex", prod.figures["tco.capex"], "USD", "production capex")
    roadmap.add("roadmap.total_spend", pilot.figures["tco.capex"] + prod.figures["tco.capex"], "USD", "spend",
                "Σ phase capex", ["roadmap.pilot_capex", "roadmap.prod_capex"])
    roadmap.input("roadmap.peak_gpus", 80.0, "GPUs", "peak GPUs (pilot kept on)")
    timeline = ChartSpec("timeline", "Phases", x_label="month", categories=["Pilot", "Production"],
                         series=[Series("months", (0.0, 1.0), (3.0, 24.0), "bar", "")])
    plan = PlanEstimate("Bank AI platform", "2025.05", "0.1.0", "USD", [pilot, prod], roadmap=roadmap,
                        charts={"timeline": timeline})
    project = training_project("Bank AI platform")
    project.phases = [Phase(name="Pilot", duration_months=3), Phase(name="Production", start_month=3,
                                                                    duration_months=24)]
    return plan, project


def three_training_plans() -> list[tuple[PlanEstimate, Project]]:
    """Base (8 nodes), Small (4 nodes, slower), Cheap (8 cheaper nodes, liquid-cooled)."""
    small = (training_plan("Small", nodes=4, price=289_000.0, days=23.0), training_project("Small", nodes=4))
    base = (training_plan("Base", nodes=8), training_project("Base", nodes=8))
    cheap = (training_plan("Cheap", nodes=8, price=240_000.0, days=11.6), training_project("Cheap", nodes=8))
    cheap[1].phases[0].facility.cooling = "liquid"
    return [base, small, cheap]
