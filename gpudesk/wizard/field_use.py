"""Which workload fields a workload kind uses, as the step forms declare it (``FieldRow.kinds``).

A plan keeps every workload field at some value, but a form shows a field only for the kinds it applies to: an
image size means nothing to a language model. Surfaces that list inputs (the comparison's differing inputs) ask
here so a field a plan's kind never uses is not presented as that plan's input.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gpudesk.wizard.step_record import FieldRow
from gpudesk.wizard.steps import STEPS

_PHASE = re.compile(r"^phases\[\d+\]\.")
_WORKLOAD = re.compile(r"workloads\[\d+\]")


@lru_cache(maxsize=1)
def _rows() -> dict[str, FieldRow]:
    return {row.path: row for s in STEPS for row in s.fields}


def field_applies(path: str, kind: str) -> bool:
    """Whether a workload of ``kind`` uses the field at the project ``path`` (``phases[0].workloads[1].image_size``);
    a field no form limits to some kinds applies to every kind."""
    row = _rows().get(_WORKLOAD.sub("workloads[{w}]", _PHASE.sub("", path)))
    return row is None or row.applies(kind)
