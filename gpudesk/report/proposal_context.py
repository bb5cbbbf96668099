"""What every proposal section builder reads: the plan, the project, the wording."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from gpudesk.catalog.errors import CatalogError
from gpudesk.project.model import Phase, Project
from gpudesk.report.customer_text import CustomerText
from gpudesk.report.document import Heading, Section
from gpudesk.report.figure_rows import FigureFormatter
from gpudesk.report.server_names import storage_display_name
from gpudesk.report.sources import SourceRegistry
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate

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
    sources: SourceRegistry = field(default_factory=SourceRegistry)
    customer: CustomerText | None = None
    catalog: Any = None  # the catalog the plan was estimated with (names of models and products), optional
    unset: Any = None  # comparison_input_text.Unset: an input at its unset value in the form's words ("未给出"), optional

    def __post_init__(self) -> None:
        self.sources.lang = self.text.lang
        if self.customer is None:
            self.customer = CustomerText(self.text, self.plan.all_checks())

    @property
    def currency(self) -> str:
        return self.plan.currency

    @property
    def multi_phase(self) -> bool:
        return len(self.plan.phases) > 1

    def formatter(self, phase: PhaseEstimate) -> FigureFormatter:
        return FigureFormatter(phase.figures, self.text, self.currency, phase.ledger)

    def roadmap_formatter(self) -> FigureFormatter:
        return FigureFormatter(self.plan.roadmap, self.text, self.currency)

    def project_phase(self, phase: PhaseEstimate) -> Phase | None:
        phases = self.project.phases
        return phases[phase.index] if 0 <= phase.index < len(phases) else None

    def model_name(self, model_id: str) -> str:
        """A model by its catalog name ("Qwen2.5 72B Instruct"), never its id, when the catalog is at hand."""
        try:
            return str(self.catalog.model(model_id).name) if self.catalog is not None and model_id else model_id
        except (CatalogError, KeyError):  # an unknown or custom model keeps the name the user gave it
            return model_id

    def storage_name(self, phase: PhaseEstimate, spec: Phase | None) -> str:
        """The storage product of the phase by name: the ledger's storage line, else the catalog row."""
        line = next((ln for ln in phase.ledger.lines if ln.category == "storage"), None)
        if line is not None:
            return storage_display_name(line.item, self.text.lang)
        option = spec.storage.option_id if spec is not None else ""
        try:
            return storage_display_name(str(self.catalog.storage_option(option).name), self.text.lang) \
                if self.catalog is not None else option
        except (CatalogError, KeyError):
            return option

    def phase_title(self, phase: PhaseEstimate) -> str:
        return self.text.get("phase.heading", index=phase.index + 1, name=phase.name)

    def each_phase(self, section: Section) -> Iterator[tuple[PhaseEstimate, Phase | None, FigureFormatter]]:
        """Yield every phase; with several phases, head each part with the phase name."""
        for phase in self.plan.phases:
            if self.multi_phase:
                section.add(Heading(self.phase_title(phase)))
            yield phase, self.project_phase(phase), self.formatter(phase)

    def chart_caption(self, name: str, spec: object) -> str:
        for key in (f"chart.{name}", f"chart.{getattr(spec, 'kind', '')}"):
            if self.text.has(key):
                return self.text.get(key)
        return str(getattr(spec, "title", name))

    def section(self, section_id: str) -> Section:
        return Section(section_id, self.text.get(f"section.{section_id}"))
