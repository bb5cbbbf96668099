"""What each compared plan builds, phase by phase: its accelerator, GPUs, servers (or rented instances), delivery
mode and, per workload, its parallel layout and serving pools. A customer comparing plans weighs these beside the key
figures; the comparison showed figures only.

Every part is the proposal's own wording of the phase's sized configuration (``proposal.configuration_rows``, the
workload layout and ``pools_text``), read off ``PhaseEstimate.config``: nothing is derived again here."""

from __future__ import annotations

from gpudesk.report.check_text import pools_text
from gpudesk.report.comparison import PlanComparison
from gpudesk.report.document import DataTable
from gpudesk.report.number_format import MISSING
from gpudesk.report.proposal import configuration_rows
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_result import PhaseEstimate

PART_BREAK = "\n"
"""Between the parts of a configuration cell: each on its own line (a plan's column stays narrow)."""


def phase_configuration(phase: PhaseEstimate, text: ReportText) -> str:
    """The phase's sized configuration as the proposal words it, one part per line: accelerator, GPUs, servers or
    instances (and servers carried), delivery mode, then each workload's layout and pools."""
    parts = [value for _label, value in configuration_rows(phase, text)]
    several = len(phase.config.workloads) > 1
    for w in phase.config.workloads:
        pools = pools_text(w.pools, text.lang)
        layout = " · ".join(part for part in (w.layout_text(), pools) if part)
        if layout:  # item serving and seats name none (WorkloadSizing.layout_text): no bare 'inspection:'
            parts.append(f"{w.label(text.lang)}: {layout}" if several else layout)
    return PART_BREAK.join(parts)


def configuration_rows_by_phase(comparison: PlanComparison, text: ReportText) -> list[tuple[str, ...]]:
    """One row per phase (as many as the longest plan has): the phase, then each plan's configuration ("—" where a
    plan has fewer phases)."""
    count = max(len(plan.phases) for plan in comparison.plans)
    return [(text.get("exec.phase_short", index=i + 1),
             *(phase_configuration(plan.phases[i], text) if i < len(plan.phases) else MISSING
               for plan in comparison.plans))
            for i in range(count)]


def configuration_table(comparison: PlanComparison, text: ReportText, labels: tuple[str, ...]) -> DataTable:
    """The configurations as a printed table, the plans' columns headed by ``labels`` (Plan A, Plan B …)."""
    return DataTable((text.get("compare.configuration"), *labels), tuple(configuration_rows_by_phase(comparison, text)),
                     ("left",) * (1 + len(labels)))
