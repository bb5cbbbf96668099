"""The training-stack input: declared once in the model, round-trips through a plan file, absent in older plans."""

from __future__ import annotations

import dataclasses
import json

import pytest

from gpudesk.core.memory_activations import TRAINING_STACKS as CORE_STACKS
from gpudesk.project.io import load_project, save_project
from gpudesk.project.model import TRAINING_STACKS, Parallelism, Project
from gpudesk.project.schema import ProjectValidationError, json_schema, project_from_dict, project_to_dict


def _with_stack(stack: str) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.parallel = dataclasses.replace(w.parallel, training_stack=stack)
    return project


def test_model_and_core_name_the_same_stacks():
    assert TRAINING_STACKS == CORE_STACKS
    field = next(f for f in dataclasses.fields(Parallelism) if f.name == "training_stack")
    assert field.default == "megatron" and field.metadata["choices"] == TRAINING_STACKS
    assert "torch.autocast" in field.metadata["help"]


def test_stack_round_trips_through_a_plan_file(tmp_path):
    path = tmp_path / "amp.gpudesk"
    save_project(_with_stack("pytorch_amp"), path)
    assert json.loads(path.read_text(encoding="utf-8"))["phases"][0]["workloads"][0]["parallel"][
        "training_stack"] == "pytorch_amp"
    assert load_project(path).project.phases[0].workloads[0].parallel.training_stack == "pytorch_amp"


def test_plan_without_the_field_loads_with_the_megatron_default():
    data = project_to_dict(_with_stack("pytorch_amp"))
    del data["phases"][0]["workloads"][0]["parallel"]["training_stack"]
    assert project_from_dict(data).phases[0].workloads[0].parallel.training_stack == "megatron"
    old = project_from_dict({"schema_version": 1, "workload": {"seq_len": 777}})
    assert old.phases[0].workloads[0].parallel.training_stack == "megatron"


def test_unknown_stack_is_refused_with_its_path():
    data = project_to_dict(Project())
    data["phases"][0]["workloads"][0]["parallel"]["training_stack"] = "jax"
    with pytest.raises(ProjectValidationError, match="training_stack"):
        project_from_dict(data)


def test_json_schema_lists_the_choices():
    props = json_schema()["$defs"]["Parallelism"]["properties"]["training_stack"]
    assert props["enum"] == list(TRAINING_STACKS)
