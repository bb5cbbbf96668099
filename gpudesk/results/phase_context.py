"""What a phase estimate keeps for the parts attached later (the layout search, the configuration search and its
pricing, deferred charts): the phase, its resolved rows, sized workloads and checks, and a plan of the phase alone
for pricing the searched configurations."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, replace

from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.checks import Check
from gpudesk.core.phase_sizing import CarriedHardware
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.project.model import Phase, Project


def freeze(phase: Phase) -> bytes:
    """The phase as bytes: every field's value and type (equal bytes, an equal phase)."""
    return pickle.dumps(phase, pickle.HIGHEST_PROTOCOL)


class PhaseAlone:
    """A plan of one phase as it was when estimated: the phase frozen as bytes (``pickle``, a copy as deep as
    ``copy.deepcopy``'s for the plan's plain data, in about a third of its time), made a ``Project`` the first time the
    pricing reads it (idle time, or never), so later edits of the plan do not reach it."""

    def __init__(self, project: Project, phase: Phase, frozen: bytes | None = None) -> None:
        """``frozen``: the phase's bytes as :func:`freeze` made them already (the window's phase cache keys on them)."""
        self._shell = replace(project, phases=[])
        self._frozen: bytes | None = freeze(phase) if frozen is None else frozen
        self._project: Project | None = None

    def project(self) -> Project:
        if self._project is None:
            assert self._frozen is not None
            self._project = replace(self._shell, phases=[pickle.loads(self._frozen)])
            self._frozen = None
        return self._project


@dataclass(frozen=True)
class PhaseContext:
    """What the phase's search and the checks and charts that read it need, kept with the estimate."""

    phase: Phase
    resolved: ResolvedPhase
    results: tuple[WorkloadResult, ...]
    infra_checks: tuple[Check, ...]
    layout_checks: tuple[Check, ...]
    extra_checks: tuple[Check, ...] = ()  # assumed inputs, calibration and cloud-offer checks
    alone: PhaseAlone | None = None  # a plan of this phase alone, its index there and the hardware carried into it:
    index: int = 0  # the searched rows are priced by estimating the plan that pins each (results/search_pricing.py)
    carried: CarriedHardware | None = None
    scales: CalibrationScales | None = None  # the pilot calibration the workloads were sized with

    @property
    def project(self) -> Project | None:
        return None if self.alone is None else self.alone.project()
