"""dict ⇄ Project: round trips, every kind of bad input, and the generated JSON Schema."""

from __future__ import annotations

import copy
import dataclasses
import json
import math

import pytest

from gpudesk.project import bound_reasons
from gpudesk.project.field_shapes import fields_of
from gpudesk.project.model import SCHEMA_VERSION, Parallelism, Project, Workload
from gpudesk.project.schema import (
    FORMAT_DOC_PATH,
    ProjectValidationError,
    format_doc_with_current_table,
    json_schema,
    main,
    project_from_dict,
    project_to_dict,
)
from gpudesk.project.schema_json import JSON_SCHEMA_PATH, json_schema_text


def test_default_project_round_trips():
    project = Project()
    data = project_to_dict(project)
    assert json.loads(json.dumps(data)) == data
    assert project_from_dict(data) == project


def test_complex_project_round_trips_through_json_text(complex_project):
    data = json.loads(json.dumps(project_to_dict(complex_project), ensure_ascii=False))
    again = project_from_dict(data)
    assert again == complex_project
    assert again.phases[1].workloads[0].custom_model["moe"]["top_k"] == 2
    assert isinstance(again.phases[0].workloads[0].parallel, Parallelism)


def test_to_dict_is_a_deep_copy(complex_project):
    data = project_to_dict(complex_project)
    data["phases"][0]["workloads"][0]["custom_model"]["layers"] = 1
    data["phases"][0]["hardware"]["candidates"].append("x")
    assert complex_project.phases[0].workloads[0].custom_model["layers"] == 32
    assert complex_project.phases[0].hardware.candidates == ["h100-sxm", "mi300x"]


def test_missing_keys_take_defaults():
    project = project_from_dict({"schema_version": SCHEMA_VERSION, "phases": [{"workloads": [{"seq_len": 8192}]}]})
    assert project.phases[0].workloads[0].seq_len == 8192
    assert project.phases[0].workloads[0].micro_batch == Workload().micro_batch
    assert project.meta == Project().meta
    assert project_from_dict({}) == Project()


def test_int_is_accepted_for_a_decimal_field_and_stored_as_float():
    project = project_from_dict({"phases": [{"workloads": [{"epochs": 3}]}]})
    value = project.phases[0].workloads[0].epochs
    assert value == 3.0 and isinstance(value, float)


def _problems(data) -> list[tuple[str, str]]:
    with pytest.raises(ProjectValidationError) as info:
        project_from_dict(data)
    return info.value.problems


WL = "phases[0].workloads[1]"


def _with_workload(**fields):
    return {"phases": [{"workloads": [{}, fields]}]}


BAD_INPUTS = [
    (_with_workload(seq_len=0), f"{WL}.seq_len", "0 is below the minimum 1 (tokens)"),
    (_with_workload(seq_len=20_000_000), f"{WL}.seq_len", "20,000,000 is above the maximum 10,000,000 (tokens)"),
    (_with_workload(seq_len=True), f"{WL}.seq_len", "expected a whole number, got a boolean (true)"),
    (_with_workload(seq_len=4096.5), f"{WL}.seq_len", "expected a whole number, got the number 4096.5"),
    (_with_workload(seq_len="4096"), f"{WL}.seq_len", "expected a whole number, got the text '4096'"),
    (_with_workload(epochs=False), f"{WL}.epochs", "expected a number, got a boolean (false)"),
    (_with_workload(epochs=math.nan), f"{WL}.epochs", "NaN is not allowed; numbers must be finite"),
    (_with_workload(epochs=math.inf), f"{WL}.epochs", "Infinity is not allowed; numbers must be finite"),
    (_with_workload(train_tokens=10**400), f"{WL}.train_tokens", "a 401-digit number is above the maximum 1,000,000,000,000,000 (tokens)"),
    (_with_workload(kind="pretraining"), f"{WL}.kind", "'pretraining' is not one of: pretrain, finetune_full"),
    (_with_workload(sequ_len=1), f"{WL}.sequ_len", "unknown field; did you mean 'seq_len'?"),
    (_with_workload(name="x" * 100_001), f"{WL}.name", "text is 100001 characters long; the limit is 100000"),
    (_with_workload(name="\ud800"), f"{WL}.name", "unpaired surrogate"),
    (_with_workload(parallel={"tp_comm_overlap": 1}), f"{WL}.parallel.tp_comm_overlap",
     "expected true or false, got the number 1"),
    (_with_workload(batching="chunked"), f"{WL}.batching", "'chunked' is not one of: continuous"),
    (_with_workload(parallel=[1]), f"{WL}.parallel", "expected an object, got a list of 1 item"),
    (_with_workload(parallel={"recompute": "some"}), f"{WL}.parallel.recompute", "'some' is not one of: none"),
    (_with_workload(custom_model=[]), f"{WL}.custom_model", "expected an object, got a list of 0 items"),
    (_with_workload(custom_model={"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": {"j": 1}}}}}}}}}}),
     f"{WL}.custom_model['a']['b']['c']['d']['e']['f']['g']['h']['i']", "nested too deeply"),
    (_with_workload(custom_model={"x": math.inf}), f"{WL}.custom_model['x']", "Infinity is not allowed"),
    ({"phases": [{}] * 11}, "phases", "11 entries; the limit is 10"),
    ({"phases": [{"workloads": [{}] * 9}]}, "phases[0].workloads", "9 entries; the limit is 8"),
    (_with_workload(seq_len=0), f"{WL}.seq_len", "; allowed 1 … 10,000,000 (the longest context of a published model"),
    ({"phases": [{"hardware": {"nodes": 100_001}}]}, "phases[0].hardware.nodes",
     "100,001 is above the maximum 100,000 (nodes); allowed 0 … 100,000 (0 = sized by gpudesk; 100,000 nodes"),
    ({"calibration": {"fitted": {"matmul.nvidia-hopper": 0}}}, "calibration.fitted['matmul.nvidia-hopper']",
     "0 is below the minimum 0.001; allowed 0.001 … 1,000 (a fitted scale multiplies"),
    ({"phases": {}}, "phases", "expected a list, got an object with 0 keys"),
    ({"phases": [{"hardware": {"candidates": ["a"] * 65}}]}, "phases[0].hardware.candidates", "65 entries; the limit is 64"),
    ({"phases": [{"hardware": {"candidates": [3]}}]}, "phases[0].hardware.candidates[0]", "expected text, got the number 3"),
    ({"phases": [{"delivery": {"utilisation": {"peak_months": [13]}}}]},
     "phases[0].delivery.utilisation.peak_months[0]", "13 is above the maximum 12 (month)"),
    ({"calibration": {"fitted": {"EFF": "high"}}}, "calibration.fitted['EFF']", "expected a number, got the text 'high'"),
    ({"calibration": {"fitted": {"k" * 201: 1}}}, "calibration.fitted['" + "k" * 60 + "']", "key: text is 201 characters"),
    ({"calibration": {"uncertainty": {"a": -1}}}, "calibration.uncertainty['a']", "-1 is below the minimum 0"),
    ({"meta": "plan"}, "meta", "expected an object, got the text 'plan'"),
    ({"meta": {"language": "fr"}}, "meta.language", "'fr' is not one of: zh, en"),
    ({"catalog_snapshot": {"a/b": {"x": [[[[[[[1]]]]]]]}}}, "catalog_snapshot['a/b']['x'][0][0][0][0][0]", "nested too deeply"),
    ({"schema_version": 2.0}, "schema_version", "expected a whole number"),
    ({"schema_version": 0}, "schema_version", "0 is below the minimum 1"),
    ({"schema_version": None}, "schema_version", "expected a whole number"),
    ({"unexpected": 1}, "unexpected", "unknown field"),
]


@pytest.mark.parametrize(("data", "path", "reason"), BAD_INPUTS, ids=[b[1] + ":" + b[2][:20] for b in BAD_INPUTS])
def test_bad_input_names_the_path_and_reason(data, path, reason):
    problems = _problems(data)
    assert any(p == path and reason in r for p, r in problems), problems


def test_top_level_must_be_an_object():
    assert _problems([1, 2]) == [("", "expected an object, got a list of 2 items")]
    with pytest.raises(ProjectValidationError, match=r"\(top level\): expected an object, got null"):
        project_from_dict(None)


def test_all_problems_are_collected_and_listed_in_the_message():
    data = {"meta": {"name": 5, "language": "fr"}, "phases": [{"workloads": [{}, {"seq_len": 0}]}], "extra": True}
    with pytest.raises(ProjectValidationError) as info:
        project_from_dict(data)
    err = info.value
    assert len(err.problems) == 4
    text = str(err)
    assert text.startswith("the plan has 4 problems:")
    assert "phases[0].workloads[1].seq_len: 0 is below the minimum 1 (tokens)" in text
    assert "meta.name: expected text, got the number 5" in text


def test_many_problems_are_summarised():
    data = {"phases": [{"workloads": [{"seq_len": 0} for _ in range(8)]}] * 10}
    text = str(pytest.raises(ProjectValidationError, project_from_dict, data).value)
    assert "the plan has 80 problems" in text and "… and 30 more" in text


def test_input_dict_is_not_modified(complex_project):
    data = project_to_dict(complex_project)
    before = copy.deepcopy(data)
    project_from_dict(data)
    assert data == before


def test_older_layout_dict_is_migrated():
    project = project_from_dict({"schema_version": 1, "workload": {"seq_len": 777}})
    assert project.phases[0].workloads[0].seq_len == 777
    assert project.schema_version == SCHEMA_VERSION


def test_json_schema_file_is_up_to_date():
    assert JSON_SCHEMA_PATH.read_text(encoding="utf-8") == json_schema_text(), (
        "docs/project.schema.json is stale: run python -m gpudesk.project.schema --write-json-schema"
    )


def _walk_dataclasses(cls, seen):
    if cls in seen:
        return
    seen.add(cls)
    for spec in fields_of(cls):
        shape = spec.shape
        while shape.item is not None:
            shape = shape.item
        if shape.cls is not None:
            _walk_dataclasses(shape.cls, seen)


def test_json_schema_declares_every_field_with_its_limits():
    schema = json_schema()
    seen: set[type] = set()
    _walk_dataclasses(Project, seen)
    for cls in seen:
        node = schema if cls is Project else schema["$defs"][cls.__name__]
        assert node["additionalProperties"] is False
        assert set(node["properties"]) == {f.name for f in dataclasses.fields(cls)}
    seq_len = schema["$defs"]["Workload"]["properties"]["seq_len"]
    assert seq_len == {"type": "integer", "minimum": 1, "maximum": 10_000_000, "description": "training sequence length",
                       "x-unit": "tokens", "default": 4096, "x-bound-reason": bound_reasons.CONTEXT,
                       "x-essential": {"role": "data", "kinds": ["pretrain", "finetune_full", "finetune_lora",
                                                                 "finetune_qlora"]}}
    assert schema["properties"]["phases"]["maxItems"] == 10
    assert schema["properties"]["phases"]["x-bound-reason"] == bound_reasons.PHASES
    assert schema["$defs"]["Workload"]["properties"]["model_id"]["x-catalog-table"] == "models"
    assert schema["$defs"]["Phase"]["properties"]["stage"]["enum"][0] == "development"
    assert schema["$defs"]["Workload"]["properties"]["custom_model"]["anyOf"][1] == {"type": "null"}


def test_schema_command_writes_the_schema(tmp_path, capsys):
    target = tmp_path / "schema.json"
    assert main(["--write-json-schema", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8")) == json_schema()
    assert capsys.readouterr().out == f"wrote {target}\n"
    assert main([]) == 0
    assert json.loads(capsys.readouterr().out) == json_schema()


def test_format_document_field_tables_are_up_to_date():
    doc = FORMAT_DOC_PATH.read_text(encoding="utf-8")
    assert format_doc_with_current_table(doc) == doc, (
        "docs/project-format.md field tables are stale: run python -m gpudesk.project.schema --write-docs"
    )
    assert "| `seq_len` | integer | 1 … 10000000 | tokens | 4096 | training sequence length; **essential** (data)" in doc
    assert f"| `nodes` | integer | 0 … 100000 | nodes | 0 | 0 = sized by gpudesk | {bound_reasons.NODES} |" in doc
