"""Every plan field is bounded, with a reason, so a field added to the model is bounded everywhere.

The validator, the JSON Schema, the documentation tables, the wizard's widgets and the fuzz strategies all
read the declarations in ``model.py``; these tests make the declarations complete: a numeric field without a
range, a unit key or a reason (in English and in Chinese), a list without a length limit, or an essential
input without its kinds fails here, naming the field.
"""

from __future__ import annotations

import tomllib

import pytest

from gpudesk.paths import resource_path
from gpudesk.project.errors import ProjectValidationError
from gpudesk.project.field_shapes import Shape, fields_of, item_meta
from gpudesk.project.model import WORKLOAD_KINDS, Project, Workload
from gpudesk.project.schema import project_from_dict
from gpudesk.report.text_catalog import ReportText
from gpudesk.session.document import ProjectDocument


def _all_fields():
    seen, pending, out = set(), [Project], []
    while pending:
        cls = pending.pop()
        if cls in seen:
            continue
        seen.add(cls)
        for spec in fields_of(cls):
            out.append((cls.__name__, spec))
            shape: Shape | None = spec.shape
            while shape is not None and shape.kind in ("list", "dict"):
                shape = shape.item
            if shape is not None and shape.cls is not None:
                pending.append(shape.cls)
    return out


FIELDS = _all_fields()
NUMERIC = [(c, s) for c, s in FIELDS if s.shape.kind in ("int", "float")]
CONTAINERS = [(c, s) for c, s in FIELDS if s.shape.kind in ("list", "dict")]
ZH_REASONS = tomllib.loads(resource_path("i18n", "figures_zh.toml").read_text(encoding="utf-8"))["bound_reason"]


@pytest.mark.parametrize(("owner", "spec"), NUMERIC, ids=[f"{c}.{s.name}" for c, s in NUMERIC])
def test_every_number_has_a_range_a_unit_and_a_reason(owner, spec):
    meta = spec.meta
    assert meta.get("min") is not None and meta.get("max") is not None, f"{owner}.{spec.name}: declare min and max"
    assert meta["min"] <= spec.default <= meta["max"], f"{owner}.{spec.name}: the default is outside the range"
    assert "unit" in meta, f"{owner}.{spec.name}: declare the unit ('' for a pure number)"
    assert meta.get("why"), f"{owner}.{spec.name}: say why the range is what it is (why=bound_reasons.…)"
    assert meta["why"] in ZH_REASONS, f"{owner}.{spec.name}: add the reason to figures_zh.toml [bound_reason]"


@pytest.mark.parametrize(("owner", "spec"), CONTAINERS, ids=[f"{c}.{s.name}" for c, s in CONTAINERS])
def test_every_list_and_mapping_is_bounded(owner, spec):
    assert spec.meta.get("max_items"), f"{owner}.{spec.name}: declare max_items"
    inner = item_meta(spec.meta)
    if spec.shape.item is not None and spec.shape.item.kind in ("int", "float"):
        assert inner.get("min") is not None and inner.get("max") is not None and inner.get("why")
        assert inner["why"] in ZH_REASONS


def test_essential_inputs_name_real_kinds_and_labels():
    essential = [s for s in fields_of(Workload) if s.meta.get("essential")]
    assert {s.meta["essential"] for s in essential} == {"workload", "model", "data", "target"}
    for spec in essential:
        assert set(spec.meta["kinds"]) <= set(WORKLOAD_KINDS) and spec.meta["kinds"], spec.name
        assert spec.meta["label"] and "label_zh" not in spec.meta, spec.name  # other languages: the catalogue
        for lang in ("en", "zh"):
            assert ReportText(lang).has(f"workload.{spec.name}"), (lang, spec.name)
    for kind in WORKLOAD_KINDS:  # every kind has data; every kind but seats-only VDI and agents has a target
        roles = {s.meta["essential"] for s in essential if kind in s.meta["kinds"]}
        assert "data" in roles and "workload" in roles, kind


@pytest.mark.parametrize(("path", "value"), [
    ("phases[0].hardware.nodes", 100_001), ("phases[0].workloads[0].output_tokens", 0),
    ("phases[0].costs.cny_per_usd", 0.0), ("phases[0].workloads[0].kind", "pretraining"),
    ("meta.name", "x" * 301), ("phases[0].hardware.gpus_per_node", 8.5),
])
def test_an_edit_outside_the_bounds_is_refused_and_changes_nothing(path, value):
    document = ProjectDocument(project_from_dict({"schema_version": 2}))
    before = document.get(path)
    with pytest.raises(ProjectValidationError) as info:
        document.set(path, value)
    [(where, reason)] = info.value.problems
    assert where == path and reason
    assert document.get(path) == before and not document.can_undo
