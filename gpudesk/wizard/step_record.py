"""What a wizard step is: one record holding everything the step asks and shows.

A step's module under ``gpudesk/wizard/steps/`` declares one :class:`Step`: its inputs (field rows), the figure
groups and headline figures it shows, its charts, its decision panel and the note it gives when no figure applies.
Its key, number and title come from the list of steps (:data:`gpudesk.vocabulary.steps.WIZARD_STEP`); checks
name it by key, the guide (``gpudesk.wizard.step_help``) by key. Menus, shortcuts, settings and tests derive
from :data:`gpudesk.wizard.steps.STEPS`, so adding a step touches its own module and its entry in that list.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.vocabulary.steps import WIZARD_STEP, step_number
from gpudesk.vocabulary.workloads import ITEM_SERVING_KINDS, LLM_TRAINING_KINDS, TRAINING_KINDS, WORKLOAD_KIND
from gpudesk.wizard.words import word

# Workload kinds a field row applies to, from the workload vocabulary.
TRAINING = TRAINING_KINDS
LLM_TRAINING = LLM_TRAINING_KINDS
LLM_SERVING = WORKLOAD_KIND.where(family="llm_serving")
ITEM_SERVING = ITEM_SERVING_KINDS
MODEL_KINDS = tuple(t.code for t in WORKLOAD_KIND if t.family != "seats")  # kinds that run a model

W = "workloads[{w}]"
"""The active workload in a field path."""

PANELS = ("recommendations", "whatif")
"""Decision panels a step can show below its results: ranked alternatives, or how the results move."""


@dataclass(frozen=True)
class Text:
    """A text of the wizard by its key in the wizard catalogue (:mod:`gpudesk.wizard.words`)."""

    key: str

    def get(self, lang: str) -> str:
        return word(self.key, lang)


@dataclass(frozen=True)
class FieldRow:
    """One input of a step's form.

    Paths are relative to the active phase (``workloads[{w}]`` is the active workload), except those starting with
    ``/``, which are plan-wide (``/meta.name``). ``kinds`` limits a row to some workload kinds (None = all);
    ``choices`` names a catalog-backed choice list: models | accelerators | servers | storage | cloud_offers | nics |
    switches. Its label is ``field.<path>`` of the wizard catalogue.
    """

    path: str
    kinds: tuple[str, ...] | None = None
    choices: str | None = None

    def label(self, lang: str) -> str:
        return word(f"field.{self.path}", lang)

    def applies(self, kind: str) -> bool:
        return self.kinds is None or kind in self.kinds


@dataclass(frozen=True)
class Step:
    key: str  # a code of WIZARD_STEP
    intro: Text  # what the step is about, shown under its title
    fields: tuple[FieldRow, ...]
    figure_prefixes: tuple[str, ...] = ()  # figure keys (or key prefixes) the step shows, in this order
    headlines: tuple[str, ...] = ()  # what an architect is asked first: shown at the top when present
    hidden: tuple[str, ...] = ()  # figures of its groups the step leaves out (read by other surfaces)
    verdicts: tuple[str, ...] = ()  # the figures that answer the step: while one is unknown the step is not done
    charts: tuple[str, ...] = ()  # names of PhaseEstimate.charts, one tab each
    panel: str | None = None  # one of PANELS, or None
    no_figures: Text | None = None  # why a plan may show no figure here (default: none apply to the workload kind)

    def __post_init__(self) -> None:
        WIZARD_STEP.term(self.key)  # ValueError naming the known steps
        if self.panel is not None and self.panel not in PANELS:
            raise ValueError(f"step {self.key}: unknown panel {self.panel!r}; panels: {', '.join(PANELS)}")

    @property
    def number(self) -> int:
        return step_number(self.key)

    def title(self, lang: str) -> str:
        return WIZARD_STEP.name_of(self.key, lang)

    def guidance(self, lang: str) -> str:
        return self.intro.get(lang)

    def rows_for(self, kind: str) -> list[FieldRow]:
        return [r for r in self.fields if r.applies(kind)]
