"""What every proposal section builder reads: the plan, the project, the wording."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass

from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate
from gpudesk.project.model import Phase, Project
from gpudesk.report.document import Heading, Section
from gpudesk.report.figure_rows import FigureFormatter
from gpudesk.report.text_catalog import ReportText

# Where each chart kind is placed in the proposal; unlisted kinds go to the charts section.
CHART_HOME = {
    "scaling": "network",
    "power_per_rack": "power",
    "rack_layout": "power",
    "cost_over_time": "cost",
    "timeline": "roadmap",
    "time_vs_cost": "search",
    "cost_vs_speed": "search",
}


@dataclass
class ProposalContext:
    plan: PlanEstimate
    project: Project
    text: ReportText
    issued: dt.date
    catalog_date: str = ""

    @property
    def currency(self) -> str:
        return self.plan.currency

    @property
    def multi_phase(self) -> bool:
        return len(self.plan.phases) > 1

    def formatter(self, phase: PhaseEstimate) -> FigureFormatter:
        return FigureFormatter(phase.figures, self.text, self.currency)

    def roadmap_formatter(self) -> FigureFormatter:
        return FigureFormatter(self.plan.roadmap, self.text, self.currency)

    def project_phase(self, phase: PhaseEstimate) -> Phase | None:
        phases = self.project.phases
        return phases[phase.index] if 0 <= phase.index < len(phases) else None

    def each_phase(self, section: Section) -> Iterator[tuple[PhaseEstimate, Phase | None, FigureFormatter]]:
        """Yield every phase; with several phases, head each part with the phase name."""
        for phase in self.plan.phases:
            if self.multi_phase:
                section.add(Heading(self.text.get("phase.heading", index=phase.index + 1, name=phase.name)))
            yield phase, self.project_phase(phase), self.formatter(phase)

    def chart_caption(self, name: str, spec: object) -> str:
        for key in (f"chart.{name}", f"chart.{getattr(spec, 'kind', '')}"):
            if self.text.has(key):
                return self.text.get(key)
        return str(getattr(spec, "title", name))

    def section(self, section_id: str) -> Section:
        return Section(section_id, self.text.get(f"section.{section_id}"))
