"""workload.length_dataset (issue 18, 'no length distribution … or a named data set's distribution'): a serving plan
names the data set its requests look like and is estimated with that data set's cited mean and spread of input and
output lengths (vocabulary/request_lengths.py, core/request_lengths.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gpudesk.project.model import Project
from gpudesk.project.schema import ProjectValidationError, project_from_dict, project_to_dict
from gpudesk.report.refusal_text import error_text
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import _inputs_to_json
from gpudesk.vocabulary.request_lengths import DEEPSEEK_R1_OUTPUT_CV, LENGTH_DATASET, LLAMA_405B_OUTPUT_SD
from gpudesk.wizard import fields
from gpudesk.wizard.fields import describe_path

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

ROOT = Path(__file__).resolve().parents[2]


def _plan(dataset: str) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.length_dataset = "llm_inference", "llama-3.1-70b", 8, dataset
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    return project


def test_a_plan_naming_a_data_set_is_estimated_with_its_cited_lengths(catalog) -> None:
    """The serving inputs are the data set's moments, not the plan's own 1,024 / 256 / 0 / 0; the figures move with
    them (DeepSeek-R1's long answers: fewer requests per replica, more GPUs); the data set and its citation are the
    source of the four length inputs, echoed where `estimate --json` prints them; tokens per request read the same
    lengths (one source for every figure)."""
    own = estimate_plan(_plan("none"), catalog).phases[0].figures
    named = estimate_plan(_plan("mlperf-deepseek-r1"), catalog).phases[0].figures
    assert [own.number(f"infer.in.{k}") for k in ("prompt_tokens", "prompt_sd", "output_tokens", "output_sd")] == \
        [1024.0, 0.0, 256.0, 0.0]
    assert [named.number(f"infer.in.{k}") for k in ("prompt_tokens", "prompt_sd", "output_tokens", "output_sd")] == \
        [800.0, 0.0, 3880.0, round(DEEPSEEK_R1_OUTPUT_CV * 3880.0)]
    assert named.number("task.tokens_per_request") == 800.0 + 3880.0
    assert named.number("infer.max_rate_per_replica") < own.number("infer.max_rate_per_replica")
    assert named.number("infer.gpus_needed") > own.number("infer.gpus_needed")
    echoed = _inputs_to_json(named)
    assert "infer.in.length_dataset" not in _inputs_to_json(own)
    assert echoed["infer.in.length_dataset"]["value"] == "mlperf-deepseek-r1"
    assert echoed["infer.in.length_dataset"]["names"]["zh"] == LENGTH_DATASET.name_of("mlperf-deepseek-r1", "zh")
    assert "mlcommons.org/2025/09/deepseek-inference-5-1" in echoed["infer.in.output_sd"]["source"]
    assert own.explain("infer.in.output_sd").source == "user input"


def test_the_long_document_set_gives_long_prompts(catalog) -> None:
    figures = estimate_plan(_plan("mlperf-llama3.1-405b"), catalog).phases[0].figures
    assert figures.number("infer.in.prompt_tokens") == 9400.0 and figures.number("infer.in.output_sd") == 242.0
    assert "mlcommons.org/2025/04/llm-inference-v5" in figures.explain("infer.in.prompt_tokens").source


def test_the_spreads_are_the_ones_the_mlperf_logs_give() -> None:
    """The output spreads are read from the Server logs the validation suite holds (not set by hand)."""
    sys.path.insert(0, str(ROOT / "tests" / "validation"))
    from mlperf_deepseek_r1 import DELL_SERVER, output_cv
    from mlperf_llama_405b import SERVER_LOGS, output_lengths

    assert DEEPSEEK_R1_OUTPUT_CV == pytest.approx(output_cv(DELL_SERVER), abs=5e-5)
    spreads = [output_lengths(log)["sd"] for log in SERVER_LOGS.values()]
    assert len(spreads) == 4 and LLAMA_405B_OUTPUT_SD == pytest.approx(sum(spreads) / 4, abs=0.5)


def test_a_saved_plan_keeps_the_data_set_and_an_unknown_one_is_refused_in_both_languages() -> None:
    assert project_from_dict(project_to_dict(_plan("mlperf-deepseek-r1"))).phases[0].workloads[0].length_dataset == \
        "mlperf-deepseek-r1"
    saved = project_to_dict(_plan("none"))
    del saved["phases"][0]["workloads"][0]["length_dataset"]  # a plan saved before the field: its own lengths
    assert project_from_dict(saved).phases[0].workloads[0].length_dataset == "none"
    with pytest.raises(ProjectValidationError) as raised:
        project_from_dict(project_to_dict(_plan("sharegpt-9")))
    assert "workloads[0].length_dataset" in str(raised.value) and "mlperf-deepseek-r1" in str(raised.value)
    zh = error_text(raised.value, "zh", describe_path)
    assert "按数据集取请求长度" in zh and "sharegpt-9" in zh


def test_the_wizard_offers_the_data_set_beside_the_lengths() -> None:
    paths = [r.path for r in fields.rows_for("task", "llm_inference")]
    row = paths.index("workloads[{w}].length_dataset")
    assert paths[row - 1] == "workloads[{w}].output_tokens_sd"
    found = next(r for r in fields.rows_for("task", "llm_inference") if r.path.endswith("length_dataset"))
    assert found.label("zh") == "按数据集取请求长度" and found.label("en") == "Request lengths from a data set"
    assert all("length_dataset" not in r.path for r in fields.rows_for("task", "pretrain"))


def test_the_schema_and_the_format_document_describe_it() -> None:
    schema = json.loads((ROOT / "docs" / "project.schema.json").read_text(encoding="utf-8"))
    text = json.dumps(schema)
    assert '"length_dataset"' in text and "mlperf-llama3.1-405b" in text
    doc = (ROOT / "docs" / "project-format.md").read_text(encoding="utf-8")
    assert "| `length_dataset` | choice | none · mlperf-llama3.1-405b · mlperf-deepseek-r1 |" in doc


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_proposal_states_the_lengths_it_was_sized_for_and_names_the_data_set(catalog, lang) -> None:
    """The requirements table shows the data set's lengths (not the plan's unread 1,024 / 256) and names the set."""
    import datetime as dt

    from gpudesk.report.document import Branding, KeyValueTable
    from gpudesk.report.proposal import build_proposal

    project = _plan("mlperf-deepseek-r1")
    doc = build_proposal(estimate_plan(project, catalog, search=True), project, lang, Branding("甲", "", "乙"),
                         issued=dt.date(2025, 6, 1), catalog_date="2025-05-20")
    rows = dict(r for b in doc.section("requirements").blocks if isinstance(b, KeyValueTable) for r in b.rows)
    prompt, output, named = (("输入长度", "输出长度", "请求长度依据") if lang == "zh" else
                             ("Prompt length", "Output length", "Request lengths from"))
    assert rows[prompt].startswith("800 ") and rows[output].startswith("3,880 ")
    assert rows[named] == LENGTH_DATASET.name_of("mlperf-deepseek-r1", lang)


def test_agent_hosting_reads_no_data_set_and_cites_none(catalog) -> None:
    """A data set set on an agent-hosting workload (in a plan file; the wizard offers it for LLM serving only) is
    left out: its model calls keep the plan's own lengths and no figure cites the data set."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.agents = "agent_hosting", "qwen2.5-7b", 200
    plain = estimate_plan(project, catalog).phases[0].figures
    w.length_dataset = "mlperf-deepseek-r1"
    named = estimate_plan(project, catalog).phases[0].figures
    assert "infer.in.length_dataset" not in named and "infer.in.prompt_tokens" in named
    assert named.number("infer.in.prompt_tokens") == plain.number("infer.in.prompt_tokens")
    assert named.explain("infer.in.prompt_tokens").source == "user input"


def test_the_plan_is_told_its_own_lengths_are_not_read(catalog) -> None:
    """An info check names the data set and its lengths (in Chinese by name, never the code); a plan naming none
    gets no such check."""
    from gpudesk.report.check_text import localise

    def found(dataset: str) -> list:
        return [c for c in estimate_plan(_plan(dataset), catalog).phases[0].checks
                if c.id == "serving.lengths_from_dataset"]

    assert not found("none")
    (check,) = found("mlperf-deepseek-r1")
    assert check.severity == "info" and "3,880" in check.message and "not read" in check.message
    _title, message, _fix = localise(check, "zh")
    assert LENGTH_DATASET.name_of("mlperf-deepseek-r1", "zh") in message and "mlperf-deepseek-r1" not in message
    assert "3,880" in message
