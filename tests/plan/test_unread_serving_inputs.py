"""Serving settings a plan states but its layout never reads (issue 18's disaggregated pools and prefill tensor
parallel, attention data-parallel balancing) are named, not left out of the estimate without a word."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project, Workload
from gpudesk.report.check_text import localise
from gpudesk.results.pipeline import estimate_plan

UNREAD = ("serving.disaggregation_inputs_unread", "serving.adp_balance_unread", "serving.parallel_unread",
          "serving.engine_not_on_part", "serving.adp_wait_unread")


def _serving(model: str = "llama-3.1-70b", tp: int = 8, ep: int = 1, **fields: object) -> Project:
    project = Project()
    phase = project.phases[0]
    phase.hardware.accelerator_id, phase.hardware.nodes = "h200-sxm", 1
    w = Workload(kind="llm_inference", model_id=model, compute_dtype="fp8", weight_dtype="fp8", kv_dtype="fp8")
    w.parallel.tp, w.parallel.ep = tp, ep
    for key, value in fields.items():
        target = w.parallel if hasattr(w.parallel, key) else w
        setattr(target, key, value)
    phase.workloads = [w]
    return project


def _unread(catalog, project: Project) -> dict[str, object]:
    return {c.id: c for c in estimate_plan(project, catalog).phases[0].checks if c.id in UNREAD}


@pytest.mark.parametrize("fields", [
    {"prefill_pool_gpus": 8, "decode_pool_gpus": 8}, {"prefill_tp": 4}, {"decode_pool_gpus": 16},
])
def test_disaggregated_settings_under_another_batching_are_named(catalog, fields) -> None:
    """Pools and a prefill tensor parallel under continuous batching changed nothing and said nothing: the plan's
    figures were those of a plan without them."""
    stated = _unread(catalog, _serving(**fields))
    check = stated["serving.disaggregation_inputs_unread"]
    assert check.severity == "warning" and check.numbers["batching"] == "continuous"
    assert all(check.numbers[key] == value for key, value in fields.items())
    _title, message, _fix = localise(check, "zh")
    assert "连续批处理（预填充并入解码步）" in message and "continuous" not in message, message
    assert not _unread(catalog, _serving(tp=4, batching="disaggregated", prefill_tp=4))
    assert not _unread(catalog, _serving())


def test_balancing_where_attention_is_not_data_parallel_is_named(catalog) -> None:
    """Balancing on a dense model (or experts no wider than tensor parallel) has no attention groups to balance; an MoE
    replica whose experts are wider than its tensor parallel reads it (its timeout is echoed as an input)."""
    dense = _unread(catalog, _serving(attention_dp_balance=True, attention_dp_timeout_iters=500))
    assert set(dense) == {"serving.adp_balance_unread"} and dense["serving.adp_balance_unread"].numbers["tp"] == 8
    moe = estimate_plan(_serving("deepseek-v3", tp=1, ep=8, attention_dp_balance=True), catalog).phases[0]
    assert "infer.in.adp_timeout_iters" in moe.figures and not {c.id for c in moe.checks} & set(UNREAD)


@pytest.mark.parametrize("fields", [{"attention_dp_timeout_iters": 1000}, {"attention_dp_batching_wait_iters": 0},
                                    {"attention_dp_timeout_iters": 1, "attention_dp_batching_wait_iters": 40}])
def test_balancer_waits_with_balancing_off_are_named(catalog, fields) -> None:
    """The balancer's timeout and batching wait are read only with balancing on: moved from their defaults with it
    off they changed nothing and said nothing. Named, with the values and the defaults, in Chinese too."""
    stated = _unread(catalog, _serving("deepseek-v3", tp=1, ep=8, **fields))
    assert set(stated) == {"serving.adp_wait_unread"}, stated
    check = stated["serving.adp_wait_unread"]
    assert check.severity == "warning"
    named = {"attention_dp_timeout_iters": "timeout_iters", "attention_dp_batching_wait_iters": "wait_iters"}
    assert all(check.numbers[named[key]] == value for key, value in fields.items())
    _title, message, _fix = localise(check, "zh")
    assert "均衡未开启" in message and "attention" not in message, message
    assert not _unread(catalog, _serving("deepseek-v3", tp=1, ep=8, attention_dp_balance=True, **fields))
    assert not _unread(catalog, _serving("deepseek-v3", tp=1, ep=8))


@pytest.mark.parametrize("fields", [{"dp": 3}, {"cp": 2}, {"dp": 1, "cp": 4}])
def test_a_data_or_context_parallel_degree_for_serving_is_named(catalog, fields) -> None:
    """Issue 18 asked that parallel.dp be honoured or refused: training honours it, but serving sizes replicas from
    the load and read neither dp nor cp, silently (dp = 3 on 8 GPUs of TP 8 gave the figures of dp 0)."""
    check = _unread(catalog, _serving(**fields))["serving.parallel_unread"]
    assert check.numbers["dp"] == fields.get("dp", 0) and check.numbers["cp"] == fields.get("cp", 1)
    _title, message, _fix = localise(check, "zh")
    assert "数据并行度" in message and "dp" not in message, message


def test_a_tensorrt_llm_release_on_a_part_that_is_not_nvidias_is_named(catalog) -> None:
    """TensorRT-LLM runs only on NVIDIA GPUs, yet a plan stating TensorRT-LLM 1.0 on an MI300X was modelled with that
    release's host time and FP4 limits without a word; an NVIDIA part, or an engine the part runs, gets none."""
    project = _serving(engine_release="trtllm-1.0")
    project.phases[0].hardware.accelerator_id = "mi300x"
    check = _unread(catalog, project)["serving.engine_not_on_part"]
    assert check.numbers["release"] == "trtllm-1.0" and "MI300X" in str(check.numbers["accelerator"])
    _title, message, _fix = localise(check, "zh")
    assert "TensorRT-LLM 1.0" in message and "trtllm" not in message, message
    assert not _unread(catalog, _serving(engine_release="trtllm-1.0"))
    current = _serving()
    current.phases[0].hardware.accelerator_id = "mi300x"
    assert not _unread(catalog, current)



def test_disaggregation_settings_left_out_move_no_searched_configuration(catalog) -> None:
    """A continuously batched plan's prefill tensor parallel is left out (serving.disaggregation_inputs_unread), yet
    the search read it for every disaggregated alternative and its pinned re-estimate: prefill_tp = 2 on a Llama 3.1
    70B FP8 plan moved the ranked configurations (B200 TP1 × PP4 on 16 GPUs became TP2; H100 TP2 × PP2 on 40 GPUs
    became TP4 on 44). The search's disaggregated alternatives now size their pools from the rate, as without it."""
    from gpudesk.project.model import Project
    from gpudesk.results.pipeline import estimate_plan

    def ranked(**parallel: int) -> list[tuple[str, int, str, str]]:
        project = Project()
        w = project.phases[0].workloads[0]
        w.kind, w.model_id, w.parallel.tp = "llm_inference", "llama-3.1-70b", 4
        w.compute_dtype = w.weight_dtype = w.kv_dtype = "fp8"
        w.prompt_tokens, w.output_tokens, w.requests_per_day = 2048, 512, 2e6
        for key, value in parallel.items():
            setattr(w.parallel, key, value)
        project.phases[0].hardware.accelerator_id = "h200-sxm"
        found = estimate_plan(project, catalog, search=True).phases[0].candidates
        return [(c.accelerator_id, c.gpus, c.layout, f"{c.cost:.0f}") for c in found]

    assert ranked(prefill_tp=2) == ranked()
    assert ranked(prefill_tp=2, prefill_pool_gpus=8, decode_pool_gpus=8) == ranked()
