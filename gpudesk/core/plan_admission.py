"""What a plan must hold before gpudesk estimates it, refused by name otherwise (``PlanInputError``).

A plan to estimate has a phase; its phases are costed in one currency (the plan total adds them); each phase has a
workload and compares only accelerators the catalog holds. Every other catalog id of a phase is refused where it is
looked up (``core/plan_resolve.py``).
"""

from __future__ import annotations

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.store import Catalog
from gpudesk.core.plan_resolve import PlanInputError
from gpudesk.project.model import Phase, Project
from gpudesk.refusals import cause_of, refusal
from gpudesk.vocabulary.plan_choices import CURRENCY


def plan_can_be_added_up(project: Project) -> None:
    """Refuse a plan with no phase, or whose phases are costed in different currencies: the plan total, the roadmap,
    the proposal's investment table and the comparison add the phases' ledgers in the first phase's currency, so a
    phase in USD beside one in CNY read its dollars as yuan (a generated CNY plan's USD phase 3: $479,948 shown as
    ¥479,948 and added into a ¥1,368,026 total). The phase's currency is named, never converted behind its back."""
    if not project.phases:
        raise PlanInputError(refusal("input.no_phase", field="phases"))
    first = project.phases[0].costs.currency
    for index, phase in enumerate(project.phases[1:], start=1):
        if phase.costs.currency != first:
            raise PlanInputError(refusal(
                "input.mixed_currency", field=f"phases[{index}].costs.currency", currency=phase.costs.currency,
                first=first, currency_zh=CURRENCY.name_of(phase.costs.currency, "zh"),
                first_zh=CURRENCY.name_of(first, "zh")))


def phase_can_be_resolved(catalog: Catalog, phase: Phase, where: str) -> None:
    """Refuse a phase with no workload, or that lists an accelerator to compare the catalog does not hold: the search
    left such an id out without a word (a typo such as 'h100-smx' compared nothing and said nothing), while the
    pinned accelerator, the server and every other catalog id of the plan are refused by name."""
    if not phase.workloads:
        raise PlanInputError(refusal("input.no_workload", field=f"{where}.workloads"))
    for index, rid in enumerate(phase.hardware.candidates):
        try:
            catalog.accelerator(rid)
        except CatalogError as exc:
            raise PlanInputError(refusal("input.catalog", field=f"{where}.hardware.candidates[{index}]",
                                         cause=cause_of(exc))) from None
