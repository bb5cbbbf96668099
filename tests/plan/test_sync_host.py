"""engine_release vllm-v1-sync (issue 18, AMD's MI300X rows): vLLM's V1 engine scheduling synchronously makes every
decode step wait for the host's work on each sequence in flight, SYNC_HOST_PER_SEQUENCE_S each
(core/engine_release.py); no other release pays it."""

from __future__ import annotations

import pytest

from gpudesk.core.constants.serving import SYNC_HOST_PER_SEQUENCE_S
from gpudesk.project.model import Project
from gpudesk.project.schema import ProjectValidationError, project_from_dict, project_to_dict
from gpudesk.report.formula_text import formula_text
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import _inputs_to_json

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def _plan(release: str) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp = "llm_inference", "llama-3.1-70b", 8
    w.serving_scenario, w.concurrency, w.engine_release = "offline", 1500, release
    project.phases[0].hardware.accelerator_id = "mi300x"
    return project


def test_a_synchronous_vllm_v1_step_waits_for_the_host_on_every_sequence(catalog) -> None:
    """A step of C sequences takes C · 21 µs longer under vllm-v1-sync than under the current engine (fails before
    the release existed: refused as an unknown value); TensorRT-LLM 1.2 pays nothing; the figure is part of the step's
    explanation, the input is echoed where `estimate --json` prints it, and its formula reads in Chinese."""
    current, sync, trt = (estimate_plan(_plan(r), catalog).phases[0].figures
                          for r in ("current", "vllm-v1-sync", "trtllm-1.2"))
    c = sync.number("infer.concurrency")
    assert c == current.number("infer.concurrency") > 100
    assert sync.number("infer.host_per_sequence_s") == SYNC_HOST_PER_SEQUENCE_S.value == pytest.approx(21e-6)
    assert sync.number("infer.decode_step_s") == pytest.approx(
        current.number("infer.decode_step_s") + c * SYNC_HOST_PER_SEQUENCE_S.value)
    assert sync.number("infer.tokens_per_s") < current.number("infer.tokens_per_s")
    assert trt.number("infer.host_per_sequence_s") == 0.0
    assert trt.number("infer.decode_step_s") == pytest.approx(current.number("infer.decode_step_s"))
    assert "infer.host_per_sequence_s" in [q.key for q in sync.explain("infer.decode_step_s").inputs]
    assert _inputs_to_json(sync)["infer.in.engine_release"]["value"] == "vllm-v1-sync"
    zh = formula_text("zh")
    for key in ("infer.host_per_sequence_s", "infer.decode_step_s"):
        english = sync.explain(key).formula
        assert zh.lookup_formula(english) is not None, english


def test_a_saved_plan_states_the_release_and_an_unknown_one_is_refused_by_name() -> None:
    """The value survives the plan file; a value not in the vocabulary is refused naming the field and the values."""
    assert project_from_dict(project_to_dict(_plan("vllm-v1-sync"))).phases[0].workloads[0].engine_release == \
        "vllm-v1-sync"
    with pytest.raises(ProjectValidationError) as raised:
        project_from_dict(project_to_dict(_plan("vllm-9")))
    assert "workloads[0].engine_release" in str(raised.value) and "vllm-v1-sync" in str(raised.value)
