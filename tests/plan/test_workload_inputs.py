"""Sizing a workload reads only what ``workload_inputs`` names, so an edit of anything else reuses the sizing.

The window's ``PhaseCache`` serves a phase's sized workloads from its ``WorkloadCache`` keyed on
``core/plan_assembly.workload_inputs`` (the workload, the phase's hardware and duration, the resolved accelerator,
server and NIC; the CPU offer and costs for agent hosting). If ``workload_for`` read anything else, an edit of it
would show the previous sizing. Here every workload of every sample, and one of each kind, is sized with the rest
of its phase made unreadable (any read of another section of the phase or another resolved row fails the test) and
the phase's other scalar fields changed, and must size exactly as before; then edits of each other section of a
phase, through the document as the window makes them, must reuse the sizing and equal a fresh estimate.
"""

from __future__ import annotations

import dataclasses
import json
import sys

import numpy as np
import pytest
from test_phase_cache import SAMPLES, _fingerprint, _new_value

from gpudesk.core.plan_assembly import workload_for, workload_inputs
from gpudesk.core.plan_resolve import PlanInputError, resolve_phase
from gpudesk.project.io import load_project
from gpudesk.project.model import WORKLOAD_KINDS, Phase, Workload
from gpudesk.results.phase_cache import PhaseCache
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import figures_to_json
from gpudesk.session.document import ProjectDocument

KEPT_PHASE = ("workloads", "hardware", "duration_months")  # what workload_inputs names of the phase
KEPT_ROWS = ("accelerator", "server", "nic", "instance", "instance_host")  # ... and of the resolved rows (a rented phase: the instance
# it rents, its node and network; agent hosting: cpu_offer, costs too)
MODEL = {"vision_train": "vit-l-16", "vision_inference": "yolov8-l", "diffusion_inference": "flux-1-dev",
         "recsys_inference": "dlrm-dcnv2", "embedding_inference": "bert-large"}  # the LLM kinds: llama-3.1-8b


class Read(BaseException):  # not an Exception: no handler in the sizing path can swallow it
    pass


class Unreadable:
    """Stands for a part sizing must not read: any attribute read raises ``Read``."""

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attr: str):  # type: ignore[no-untyped-def]
        raise Read(f"sizing read {self._name}.{attr}, which workload_inputs does not name")


def _outcome(catalog, phase: Phase, w: Workload, resolved, index: int) -> str:  # type: ignore[no-untyped-def]
    """Everything a sizing gives (figures, checks, GPUs, sweep), or the input error it raises."""
    try:
        result = workload_for(catalog, phase, w, resolved, f"phases[{index}].workloads[0]", None, True)
    except PlanInputError as exc:
        return f"PlanInputError: {exc}"
    with np.printoptions(threshold=sys.maxsize, floatmode="unique"):
        return json.dumps(figures_to_json(result.figures), sort_keys=True, default=str) + \
            repr(dataclasses.replace(result, figures=None))


def _walled_off(phase: Phase, w: Workload, resolved):  # type: ignore[no-untyped-def]
    """The phase and the resolved rows with everything workload_inputs does not name unreadable or changed."""
    agents = w.kind == "agent_hosting"
    changed = {"name": "another name", "start_month": phase.start_month + 7, "notes": "changed",
               "stage": "development" if phase.stage != "development" else "production",
               "carry_forward_hardware": not phase.carry_forward_hardware}
    walled = {f.name: Unreadable(f"phase.{f.name}") for f in dataclasses.fields(Phase)
              if f.name not in (*KEPT_PHASE, *changed, *(("costs",) if agents else ()))}
    rows = (*KEPT_ROWS, *(("cpu_offer",) if agents else ()))
    rows_walled = {f.name: Unreadable(f"resolved.{f.name}") for f in dataclasses.fields(resolved) if f.name not in rows}
    return dataclasses.replace(phase, **changed, **walled), dataclasses.replace(resolved, **rows_walled)


def _cases():  # type: ignore[no-untyped-def]
    """(label, phase, index) for every sample phase, and the bank sample's first phase with each kind."""
    for sample in SAMPLES:
        for i, phase in enumerate(load_project(sample).project.phases):
            yield f"{sample.stem}[{i}]", phase, i
    base = load_project(next(s for s in SAMPLES if s.stem.startswith("bank"))).project.phases[0]
    vgpu = dataclasses.replace(base.hardware, accelerator_id="l40s")  # the sample's A100 has no vGPU profile
    for kind in WORKLOAD_KINDS:
        w = Workload(kind=kind, model_id=MODEL.get(kind, "llama-3.1-8b"), dataset_items=1_000_000)
        yield kind, dataclasses.replace(base, workloads=[w], **({"hardware": vgpu} if kind == "rendering_vdi" else {})), 0


def test_sizing_reads_only_its_inputs(catalog) -> None:
    sized = set()
    for label, phase, index in _cases():
        resolved = resolve_phase(catalog, phase, f"phases[{index}]")
        for w in phase.workloads:
            walled, rows = _walled_off(phase, w, resolved)
            assert workload_inputs(walled, w, rows) == workload_inputs(phase, w, resolved)
            try:
                assert _outcome(catalog, walled, w, rows, index) == _outcome(catalog, phase, w, resolved, index), \
                    f"{label} {w.kind}: sizing read a changed field"
            except Read as read:
                pytest.fail(f"{label} {w.kind}: {read}")
            sized.update({w.kind} if not _outcome(catalog, phase, w, resolved, index).startswith("PlanInput") else ())
    assert sized == set(WORKLOAD_KINDS)  # every kind sized, none only refused


@pytest.mark.parametrize("stem", ["bank-llm-assistant", "gov-llm-domestic-accelerator"])
def test_an_edit_outside_the_sizing_reuses_it_and_is_never_stale(catalog, stem: str) -> None:
    """One-workload phases: an edit of the costs, storage, network, facility or delivery keeps the sized workload
    (the same object) and gives the fresh estimate; an edit of the hardware or the workload sizes it again."""
    document = ProjectDocument(load_project(next(s for s in SAMPLES if s.stem == stem)).project)
    cache = PhaseCache()
    before = estimate_plan(document.project, catalog, cache, search=False)
    edits = {"phases[0].costs.staff_fte": True, "phases[0].storage.dataset_tb": True,
             "phases[0].network.oversubscription": True, "phases[0].delivery.utilisation.hours_per_day": True,
             "phases[0].facility.power_limit_kw": True, "phases[0].start_month": True,
             "phases[0].hardware.cpu_cores_per_node": False,  # the key holds the whole hardware section
             "phases[0].duration_months": False,
             "phases[0].workloads[0].peak_factor": False}
    for path, reused in edits.items():
        value = _new_value(document.project, path)
        if value is None and path.endswith("power_limit_kw"):
            value = 500.0  # 0 (none) has no neighbour below
        assert value is not None, path
        document.set(path, value)
        after = estimate_plan(document.project, catalog, cache, search=False)
        assert _fingerprint(after) == _fingerprint(estimate_plan(document.project, catalog, search=False)), \
            f"a stale sizing was served after editing {path}"
        same = after.phases[0].context.results[0] is before.phases[0].context.results[0]
        assert same == reused, f"{path}: the sizing was {'sized again' if reused else 'reused'}"
        document.undo()
        assert _fingerprint(estimate_plan(document.project, catalog, cache, search=False)) == _fingerprint(before)


def test_the_plan_a_phase_is_priced_on_is_the_phase_as_estimated(catalog) -> None:
    """The searched rows are priced on a plan of the phase as it was estimated (kept frozen until read): an edit
    made after the estimate does not reach it, read before or after the edit."""
    document = ProjectDocument(load_project(next(s for s in SAMPLES if s.stem == "bank-llm-assistant")).project)
    first, second = (estimate_plan(document.project, catalog, search=False).phases[i].context for i in (0, 1))
    # no search to price yet (the window's edit): the frozen plan is not made a Project until the pricing reads it
    assert first.alone is not None and second.alone is not None
    assert first.alone._project is None and second.alone._project is None
    as_estimated = repr(document.project.phases[0])
    assert repr(first.project.phases[0]) == as_estimated  # read before the edit
    document.set("phases[0].workloads[0].seq_len", document.get("phases[0].workloads[0].seq_len") + 1)
    document.set("phases[1].workloads[0].peak_factor", document.get("phases[1].workloads[0].peak_factor") * 1.07)
    assert repr(first.project.phases[0]) == as_estimated
    assert first.project is first.project and first.project.meta is document.project.meta
    assert repr(second.project.phases[0]) != repr(document.project.phases[1])  # read only after the edit
