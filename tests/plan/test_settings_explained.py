"""Plan settings a published run states are echoed and explain what they move (issue 18): the overlap switches,
the expert all-to-all overlap and the low-precision recipe of training, the serving engine's settings; a chosen
setting reads as its name, and a recipe the precision or the part cannot run is named."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import _inputs_to_json

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def _echoed_and_explained(catalog, project: Project, edit, key: str, figure: str) -> tuple[float, float]:
    """``figure`` before and after ``edit``; the input ``key`` is in `estimate --json`'s inputs with another value
    after the edit, and among the inputs the figure's explanation names."""
    before = estimate_plan(project, catalog).phases[0].figures
    edit(project)
    after = estimate_plan(project, catalog).phases[0].figures
    was, now = _inputs_to_json(before)[key]["value"], _inputs_to_json(after)[key]["value"]
    assert was != now, (key, was)
    assert key in [q.key for q in after.explain(figure).inputs], figure
    return before.number(figure), after.number(figure)


def _fp8_training(model_id: str = "llama-3.1-70b") -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.compute_dtype, w.global_batch = "pretrain", model_id, "fp8", 512
    w.parallel.tp, w.parallel.pp, w.parallel.dp = 8, 4, 2
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    return project


@pytest.mark.parametrize(("field", "figure", "slower"), [
    ("overlap_grad_reduce", "train.comm_dp_s", True),  # off: the whole reduction exposed
    ("overlap_param_gather", "train.comm_dp_s", True),
    ("tp_comm_overlap", "train.exposed_comm_s", False),  # on: TP collectives under the GEMMs
])
def test_overlap_settings_are_echoed_and_explain_what_they_move(catalog, field, figure, slower) -> None:
    """Issue 18: communication-overlap settings a plan states. Before, `estimate --json` echoed none of them and no
    figure named them, though the exposed communication moved with each."""
    project = _fp8_training()
    was, now = _echoed_and_explained(
        catalog, project, lambda p: setattr(p.phases[0].workloads[0].parallel, field,
                                            not getattr(p.phases[0].workloads[0].parallel, field)),
        f"train.in.{field}", figure)
    assert (now > was) if slower else (now < was)


def test_expert_all_to_all_overlap_is_echoed_and_explains_the_exposed_communication(catalog) -> None:
    project = _fp8_training("mixtral-8x7b")
    w = project.phases[0].workloads[0]
    w.parallel.tp, w.parallel.pp, w.parallel.ep, w.parallel.dp = 1, 1, 8, 8
    was, now = _echoed_and_explained(catalog, project, lambda p: setattr(w.parallel, "moe_a2a_overlap", True),
                                     "train.in.moe_a2a_overlap", "train.exposed_comm_s")
    assert now < was


def test_low_precision_recipe_is_echoed_and_explains_the_compute_time(catalog) -> None:
    project = _fp8_training()
    was, now = _echoed_and_explained(
        catalog, project, lambda p: setattr(p.phases[0].workloads[0], "low_precision_recipe", "blockwise"),
        "train.in.low_precision_recipe", "train.compute_time_s")
    assert now != was


@pytest.mark.parametrize(("field", "value", "figure"), [
    ("batching", "separate_prefill", "infer.tokens_per_s"),  # prefills as their own steps: fewer tokens/s
    ("serving_scenario", "offline", "infer.max_rate_per_replica"),  # no latency target binds: a higher rate
])
def test_serving_engine_settings_explain_the_figures_they_move(catalog, field, value, figure) -> None:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp = "llm_inference", "llama-3.1-70b", 4
    w.weight_dtype = w.kv_dtype = w.compute_dtype = "fp8"
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    key = "infer.in.scenario" if field == "serving_scenario" else f"infer.in.{field}"
    was, now = _echoed_and_explained(catalog, project, lambda p: setattr(w, field, value), key, figure)
    assert (now < was) if field == "batching" else (now > was)


def _fp8_serving() -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp = "llm_inference", "llama-3.1-70b", 4
    w.weight_dtype = w.kv_dtype = w.compute_dtype = "fp8"
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    return project


@pytest.mark.parametrize(("key", "figure", "words"), [
    ("train.in.pipeline_schedule", "train.bubble_fraction", ("Interleaved 1F1B (virtual stages)", "交错 1F1B（虚拟流水级）")),
    ("train.in.low_precision_recipe", "train.compute_time_s", ("FP8 current scaling (per tensor)", "FP8 即时缩放（逐张量）")),
    ("infer.in.batching", "infer.tokens_per_s", ("Continuous batching, prefill mixed into decode steps",
                                                  "连续批处理（预填充并入解码步）")),
    ("infer.in.scenario", "infer.max_rate_per_replica", ("Server: requests arrive over time, TTFT/TPOT targets",
                                                          "在线服务：请求陆续到达，满足 TTFT/TPOT 目标")),
])
def test_a_chosen_setting_reads_as_its_name_not_its_code(catalog, key, figure, words) -> None:
    """The Explain panel's input rows and `estimate --json` name a chosen setting in words; before, a Chinese reader
    saw 'interleaved', 'tensorwise', 'continuous' and 'server' (the codes) beside the figures they move."""
    project = _fp8_training() if key.startswith("train.") else _fp8_serving()
    project.phases[0].workloads[0].parallel.pipeline_schedule = "interleaved"
    project.phases[0].workloads[0].parallel.virtual_stages = 2
    figures = estimate_plan(project, catalog).phases[0].figures
    shown = next(q for q in figures.explain(figure).inputs if q.key == key)
    assert (shown.worded("en"), shown.worded("zh")) == words
    assert _inputs_to_json(figures)[key]["names"] == {"en": words[0], "zh": words[1]}


@pytest.mark.parametrize(("accelerator", "compute", "recipe", "expected"), [
    ("h100-sxm", "fp8", "mxfp8", "train.recipe_unsupported_part"),  # Hopper: no block-scaled (MX) tensor cores
    ("b200", "fp8", "nvfp4", "train.recipe_precision_mismatch"),  # an FP4 recipe on FP8 matrix products
    ("b200", "fp4", "tensorwise", "train.recipe_precision_mismatch"),
    ("b200", "fp8", "mxfp8", None), ("h100-sxm", "fp8", "blockwise", None), ("b200", "fp4", "nvfp4", None),
])
def test_a_recipe_the_precision_or_the_part_cannot_run_is_named(catalog, accelerator, compute, recipe, expected) -> None:
    """Before: MXFP8 on an H100, or NVFP4 scaling of FP8 products, were estimated without a word."""
    project = _fp8_training()
    project.phases[0].hardware.accelerator_id = accelerator
    w = project.phases[0].workloads[0]
    w.compute_dtype, w.low_precision_recipe = compute, recipe
    found = [c for c in estimate_plan(project, catalog).phases[0].checks if c.id.startswith("train.recipe_")]
    assert [c.id for c in found] == ([expected] if expected else [])
    for check in found:
        assert check.severity == "warning" and check.step == "gpu" and check.numbers["recipe"] == recipe


@pytest.mark.parametrize(("schedule", "virtual", "expected"), [
    ("interleaved", 1, "train.schedule_one_chunk"),  # one chunk per stage: plain 1F1B, silently
    ("1f1b", 4, "train.virtual_stages_unread"),  # v read by memory and traffic, not by the bubble
    ("zero_bubble", 2, "train.virtual_stages_unread"),
    ("interleaved", 2, None), ("1f1b", 1, None), ("dualpipe", 1, None),
])
def test_a_schedule_and_virtual_stages_that_disagree_are_named(catalog, schedule, virtual, expected) -> None:
    """Before: 'interleaved' with one virtual stage was estimated as 1F1B without a word, and 4 virtual stages under
    1F1B charged their activation memory and stage-to-stage traffic but took none of the interleaved bubble."""
    from gpudesk.report.check_text import localise

    project = _fp8_training()
    p = project.phases[0].workloads[0].parallel
    p.pipeline_schedule, p.virtual_stages = schedule, virtual
    found = [c for c in estimate_plan(project, catalog).phases[0].checks
             if c.id in ("train.schedule_one_chunk", "train.virtual_stages_unread")]
    assert [c.id for c in found] == ([expected] if expected else [])
    for check in found:
        assert check.severity == "warning" and check.step == "gpu" and check.numbers["virtual"] == virtual
        _title, message, _fix = localise(check, "zh")
        assert ("1F1B" if schedule == "1f1b" else "交错" if schedule == "interleaved" else "零气泡") in message, message
        assert not any(code in message for code in ("zero_bubble", "1f1b", "interleaved")), message


def test_the_interactive_scenario_says_what_the_estimate_does(catalog) -> None:
    """The interactive scenario holds the median (P50) first-token target at the latency percentile; its name and help
    said 'the TPOT target binds every sequence as well as TTFT', which the server scenario does too and the estimate
    does nothing more of (same TPOT target, same batch)."""
    from gpudesk.project.model import Workload
    from gpudesk.report.display_text import display_text
    from gpudesk.vocabulary.serving import SERVING_SCENARIO

    figures = {}
    for scenario in ("server", "interactive"):
        project = _fp8_serving()
        w = project.phases[0].workloads[0]
        w.serving_scenario, w.ttft_p50_ms, w.ttft_ms = scenario, 800.0, 3000.0
        figures[scenario] = estimate_plan(project, catalog).phases[0].figures
    assert figures["server"].number("infer.in.ttft_tail_target_s") == pytest.approx(3.0)
    assert figures["interactive"].number("infer.in.ttft_tail_target_s") == pytest.approx(0.8)
    assert figures["interactive"].number("infer.in.tpot_target_s") == figures["server"].number("infer.in.tpot_target_s")
    help_en = Workload.__dataclass_fields__["serving_scenario"].metadata["help"]
    assert "median TTFT target" in help_en and "binds every sequence" not in help_en
    assert "中位数" in display_text("zh").field_help(help_en)
    assert "中位数" in display_text("zh").choice("serving_scenario", "interactive")
    assert "median TTFT" in SERVING_SCENARIO.name_of("interactive", "en")
    assert "中位数" in SERVING_SCENARIO.name_of("interactive", "zh")
