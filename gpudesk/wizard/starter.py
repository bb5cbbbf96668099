"""A new plan starts from the customer's task and goal (the seed's step 1: 先算任务，再看型号).

The source document (shared/seeds/gpu-cloud-server-7-steps-3-cases.zh.txt, 二、选型前先把业务场景分清楚)
sorts GPU work into model training, online inference and rendering/visualisation before any hardware is
chosen; the lifecycle guide (ai-lifecycle-gpu-guide.zh.txt) maps the customer's goal for a phase to a resource
form (``gpudesk.wizard.lifecycle``). :func:`starter_plan` turns the two answers into a plan with sensible
defaults for that kind of work: a model the catalog holds, a load of the size the seed's cases describe, an
accelerator the plan's market can buy, and the delivery mode the goal suggests. Qt-free.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gpudesk.project.assumed import mark_all
from gpudesk.project.model import Parallelism, Phase, Project, Workload
from gpudesk.vocabulary.workloads import WORKLOAD_KIND
from gpudesk.wizard.lifecycle import advice_for
from gpudesk.wizard.words import word


def scenario_hint(code: str, lang: str) -> str:
    """What a scenario values ("long runs that need GPU memory …"), in ``lang``."""
    return word(f"starter.scenario.{code}", lang)

GOAL_FOR_KIND = {"pretrain": "large_training", "finetune_full": "training", "finetune_lora": "development",
                 "finetune_qlora": "development", "vision_train": "training", "llm_inference": "production",
                 "vision_inference": "production", "diffusion_inference": "deployment",
                 "recsys_inference": "deployment", "embedding_inference": "deployment",
                 "rendering_vdi": "production", "agent_hosting": "automation"}
"""The goal offered first for each kind (the customer changes it in the dialog)."""

# Loads of the size the seed's cases describe (a 20-person startup, a retailer, a factory line).
_LLM_TUNE = dict(model_id="qwen2.5-7b", seq_len=4096, global_batch=64, train_tokens=1e8, epochs=3,
                 deadline_days=3)
PRESETS: dict[str, dict[str, Any]] = {
    "pretrain": dict(model_id="llama-3.2-1b", seq_len=4096, global_batch=512, train_tokens=2e10, deadline_days=30),
    "finetune_full": dict(_LLM_TUNE, parallel=Parallelism(zero_stage=3)),  # 7B full states fit only sharded
    "finetune_lora": dict(_LLM_TUNE, lora_rank=16),
    "finetune_qlora": dict(_LLM_TUNE, lora_rank=16, weight_dtype="int4"),
    "llm_inference": dict(model_id="qwen2.5-7b", prompt_tokens=1024, output_tokens=256, requests_per_day=50_000,
                          peak_factor=3, ttft_p50_ms=800, latency_percentile="p99", ttft_ms=3000, tpot_ms=50),
    "vision_train": dict(model_id="yolov8-l", image_size=640, dataset_items=100_000, epochs=100, global_batch=64,
                         deadline_days=3),
    "vision_inference": dict(model_id="yolov8-l", image_size=640, items_per_day=1_000_000, peak_factor=2,
                             latency_ms=50),
    "diffusion_inference": dict(model_id="stable-diffusion-3-medium", image_size=1024, items_per_day=20_000, peak_factor=3,
                                latency_ms=10_000),
    "recsys_inference": dict(model_id="dlrm-dcnv2", items_per_day=500_000_000, peak_factor=3, latency_ms=30),
    "embedding_inference": dict(model_id="bert-base", items_per_day=10_000_000, peak_factor=3, latency_ms=50),
    "rendering_vdi": dict(seats=20, seat_profile_gb=8),
    "agent_hosting": dict(model_id="qwen2.5-7b", agents=50, model_calls_per_agent_hour=30, vcpus_per_agent=1),
}

ACCELERATORS: dict[str, tuple[str, ...]] = {
    "llm_training": ("h100-sxm", "h200-sxm", "l20", "h20"),
    "vision_training": ("l40s", "a100-sxm-80gb", "l20"),
    "llm_serving": ("h100-sxm", "l40s", "l20", "h20"),
    "item_serving": ("l40s", "l4", "l20"),
    "seats": ("l40s", "l4"),  # vGPU-capable parts only (catalog vgpu_profiles_gb)
    "agents": ("l40s", "l20"),
}
"""Accelerators to start from, by workload family, in order of preference; the first one the plan's market
can buy is taken (``availability`` answers per part and market)."""

DOMESTIC_ACCELERATORS: dict[str, tuple[str, ...]] = {
    family: ("ascend-910b", "ascend-910c", "kunlun-p800", "hygon-k100-ai")
    for family in ("llm_training", "vision_training", "llm_serving", "item_serving", "agents")
} | {"seats": ()}  # no domestic row of the catalog states vGPU profiles (vgpu_profiles_gb)
"""China-domestic accelerators (core/market.is_domestic: their vendors) a customer who states 信创 starts from, by
workload family: the Ascend 910B first, the domestic part the catalog's China rows and cloud offers carry most. A
family without one starts on ``ACCELERATORS``' part, and the compliance step flags it (compliance.domestic_*)."""


@dataclass(frozen=True)
class Market:
    code: str  # the facility region the plan is sized for
    currency: str

    def name(self, lang: str) -> str:
        return word(f"starter.market.{self.code}", lang)


MARKETS = (Market("cn", "CNY"), Market("us", "USD"))
NAMES = ("plan", "plan_no_customer")
"""Names a starter plan takes (``starter.<name>`` of the wizard catalogue, filled with the customer); its phase is
named by the goal's stage."""


def _pick(candidates: tuple[str, ...], status: Callable[[str], str]) -> str:
    """The first candidate the market can buy; else one it can buy under licence; else the first."""
    for wanted in ("available", "unknown", "restricted"):
        for acc in candidates:
            if status(acc) == wanted:
                return acc
    return candidates[0]


def domestic_candidates(kind: str) -> tuple[str, ...]:
    """The domestic accelerators a 信创 plan of ``kind`` starts from; () when the catalog has none for that work."""
    return DOMESTIC_ACCELERATORS[WORKLOAD_KIND.term(kind).family]


def starter_plan(kind: str, goal: str, lang: str, market: Market, customer: str = "",
                 status: Callable[[str], str] = lambda _acc: "unknown", domestic_parts: str = "none") -> Project:
    """A one-phase plan for ``kind`` of work with the customer's ``goal`` (a lifecycle stage), in ``market``.

    ``status(accelerator_id)``: the accelerator's availability in the market ("available", "restricted",
    "unavailable", "unknown"), from the catalog's availability rows. ``domestic_parts``: the customer's 信创
    requirement (compliance.domestic_parts; China only): required or preferred starts on a domestic part where the
    catalog has one for the work."""
    term = WORKLOAD_KIND.term(kind)
    advice = advice_for(goal)
    workload = Workload(kind=kind, name=term.name(lang), **copy.deepcopy(PRESETS[kind]))
    mark_all(workload)  # the load is gpudesk's guess until the architect edits or keeps it; the kind was chosen
    workload.assumed_inputs.remove("kind")
    phase = Phase(name=advice.stage_title(lang), stage=goal, workloads=[workload])
    domestic = domestic_candidates(kind) if market.code == "cn" and domestic_parts != "none" else ()
    phase.hardware.accelerator_id = _pick(domestic or ACCELERATORS[term.family], status)
    if market.code == "cn":
        phase.compliance.domestic_parts = domestic_parts
    phase.delivery.mode = advice.delivery_mode
    phase.facility.region = market.code
    phase.costs.currency = market.currency
    project = Project(phases=[phase])
    project.meta.customer = customer
    project.meta.language = lang
    key = "plan" if customer else "plan_no_customer"
    project.meta.name = word(f"starter.{key}", lang, customer=customer)
    return project
