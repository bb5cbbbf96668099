"""Where a step's inputs live in the plan, and a field path in words.

The rows each step asks are declared in its record (``gpudesk/wizard/steps/<key>.py``); this module resolves a
row to a project path and names any project path by the label its form shows.
"""

from __future__ import annotations

import re

from gpudesk.vocabulary.catalog_fields import CATALOG_FIELD
from gpudesk.wizard.step_record import FieldRow
from gpudesk.wizard.steps import STEPS, step
from gpudesk.wizard.words import word


def rows_for(step_key: str, kind: str) -> list[FieldRow]:
    """The rows step ``step_key`` shows for a workload of ``kind``."""
    return step(step_key).rows_for(kind)


def resolve(row: FieldRow, phase: int, workload: int) -> str:
    """The project path of a row: ``/meta.name`` is plan-wide; other rows are relative to the active phase."""
    if row.path.startswith("/"):
        return row.path[1:]
    return f"phases[{phase}]." + row.path.format(w=workload)


# Fields edited outside the step forms (the phase dialog, the plan itself).
OTHER_FIELDS: tuple[str, ...] = (
    "stage", "start_month", "carry_forward_hardware", "triggers", "storage.sample_bytes", "hardware.candidates",
    "meta.language", "meta.notes", "calibration", "workloads[{w}].custom_model",
    # the plan's own bookkeeping and the groups of fields, named when a refused file points at one of them
    "schema_version", "app_version", "catalog_version", "catalog_snapshot", "revisions", "meta.created",
    "meta.modified", "meta", "phases", "costs.currency_chosen", "costs.fitout_per_kw", "facility.grid_co2_kg_per_kwh",
    "workloads[{w}].assumed_inputs", "workloads[{w}].dataset_tokens",
    "workloads[{w}].parallel", "workloads", "delivery.utilisation", "compliance", "costs", "delivery", "facility",
    "hardware", "network", "storage",
)
"""Their labels are ``field.<path>`` of the wizard catalogue, as the step rows' are; a path under a group of them
takes the first that holds it (the more particular first)."""

_PHASE_PATH = re.compile(r"^phases\[(\d+)\]\.(.*)$")
_WHOLE_PHASE = re.compile(r"phases\[(\d+)\]")
_WORKLOAD = re.compile(r"workloads\[(\d+)\]")


def describe_path(path: str, lang: str) -> str:
    """A project field path in words: ``phases[0].costs.staff_fte`` → "Phase 1 · Operations staff"."""
    whole = _WHOLE_PHASE.fullmatch(path)
    if whole is not None:
        return word("path.phase", lang, n=int(whole.group(1)) + 1)
    match = _PHASE_PATH.match(path)
    inner, where = (path, "") if match is None else (match.group(2), match.group(1))
    pattern = _WORKLOAD.sub("workloads[{w}]", inner)
    absolute = "/" + inner
    label = next((row.label(lang) for s in STEPS for row in s.fields
                  if row.path in (pattern, absolute)), "")
    if not label:
        bare = re.sub(r"\[\d+\]", "", pattern)  # list items take their list's label: triggers[0].threshold
        key = next((k for k in OTHER_FIELDS if bare == k or bare.startswith(k + ".")), "")
        label = word(f"field.{key}", lang) if key else inner.split(".")[-1].replace("_", " ")
        column = bare[len(key) + 1:] if key.endswith(".custom_model") and bare != key else ""
        if column:  # a key of the plan's own model: a field of the catalog's models table, by its name
            label += " · " + CATALOG_FIELD.name_of(column, lang)
    if not where:
        return label
    workload = _WORKLOAD.search(inner)
    phase = word("path.phase", lang, n=int(where) + 1)
    if workload:
        phase += " · " + word("path.workload", lang, n=int(workload.group(1)) + 1)
        if workload.group(0) == inner:  # the workload as a whole
            return phase
    return f"{phase} · {label}"


_PATH_IN_TEXT = re.compile(r"phases\[\d+\](?:\.[a-z_]+(?:\[\d+\])?)*")


def worded_paths(text: str, lang: str) -> str:
    """A message with every plan path in words, as the form labels the field ("phases[0].hardware.server_id: …" →
    "Phase 1 · Server model: …"): what the window shows of an input error the core words for the CLI and the JSON."""

    def words(match: re.Match[str]) -> str:
        path = match.group(0)
        tail = _WORKLOAD.fullmatch(path.split(".", 1)[1]) if "." in path else None
        phase = word("path.phase", lang, n=int(path[7:path.index("]")]) + 1)
        if "." not in path:
            return phase
        if tail is not None:  # a workload as a whole: "Phase 1 · workload 2"
            return phase + " · " + word("path.workload", lang, n=int(tail.group(1)) + 1)
        return describe_path(path, lang)

    return _PATH_IN_TEXT.sub(words, text)
