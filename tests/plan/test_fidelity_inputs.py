"""Plan inputs that let published runs be expressed (issue 18): parallel.dp, the serving memory share,
and the accuracy band beside each figure."""

from __future__ import annotations

import json

import pytest

from gpudesk.core.accuracy import MOE_ADP_GROUP, PIPELINE_SERVING_GROUP, _figure_bands, figure_band, figure_bands
from gpudesk.core.constants.accuracy import ACCURACY_BANDS
from gpudesk.project.model import Project
from gpudesk.report.formula_text import formula_text
from gpudesk.results.pipeline import PlanInputError, estimate_plan
from gpudesk.results.plan_json import _inputs_to_json, plan_to_json

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def _training(dp: int, nodes: int = 0) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.parallel.dp = "pretrain", "llama-3.1-8b", 1, dp
    project.phases[0].hardware.nodes = nodes
    return project


def test_parallel_dp_sets_the_job_size(catalog) -> None:
    """dp = 2 with tp = pp = cp = 1 is a 2-GPU job (before: gpudesk sized its own count and ignored dp)."""
    phase = estimate_plan(_training(dp=2), catalog).phases[0]
    assert phase.figures.number("train.in.n_gpus") == 2
    assert phase.figures.number("train.dp") == 2


def test_parallel_dp_that_contradicts_the_nodes_is_refused_by_name(catalog) -> None:
    with pytest.raises(PlanInputError) as raised:
        estimate_plan(_training(dp=2, nodes=1), catalog)  # 1 node × 8 GPUs, tp·pp·cp = 1: dp would be 8
    assert "workloads[0].parallel.dp" in str(raised.value) and "set dp to 8 or 0" in str(raised.value)


def test_serving_memory_share_bounds_the_kv_cache(catalog) -> None:
    def kv_limit(share: float) -> float:
        project = Project()
        w = project.phases[0].workloads[0]
        w.kind, w.model_id, w.serving_memory_fraction = "llm_inference", "llama-3.1-8b", share
        w.concurrency = 100_000
        return estimate_plan(project, catalog).phases[0].figures.number("infer.max_concurrency_kv")

    # H100 80 GB, 8B bf16 weights ≈ 16 GB: the KV share grows with the memory share, a little more than
    # proportionally because the weights are a fixed part of it.
    low, high = kv_limit(0.5), kv_limit(0.9)
    assert high > low * (0.9 / 0.5)


def test_each_banded_figure_carries_its_group_band_in_json(catalog) -> None:
    project = Project()
    project.phases[0].workloads[0].kind = "llm_inference"
    out = json.loads(json.dumps(plan_to_json(estimate_plan(project, catalog, search=True))))
    band = out["phases"][0]["accuracy"]["infer.tokens_per_s"]
    shipped = ACCURACY_BANDS["serving throughput"]
    assert band["group"] == "serving throughput" and band["low"] == shipped["low"] and band["coverage"] == 0.8
    assert out["phases"][0]["accuracy"]["mem.total"] is None  # serving memory: no validation, said as such


def test_time_figures_take_the_inverse_band_and_unvalidated_kinds_have_none() -> None:
    tps = figure_band("train.tokens_per_s", "pretrain")
    step = figure_band("train.step_time_s", "pretrain")
    assert step.low == pytest.approx(1.0 / (1.0 + tps.high) - 1.0, abs=1e-3)
    assert step.high == pytest.approx(1.0 / (1.0 + tps.low) - 1.0, abs=1e-3)
    assert figure_band("mem.total", "vision_inference") is None
    assert figure_band("infer.tokens_per_s", "pretrain") is None


@pytest.mark.parametrize("acc_id", ["gaudi2", "h100-nvl", "mi325x", "v100-sxm2-32gb"])
def test_an_accelerator_no_catalog_server_holds_is_planned_in_a_labelled_generic_server(catalog, acc_id) -> None:
    """Before: 'no server in the catalog holds …' and no plan. Now a derived 8-GPU server, priced as an estimate."""
    project = Project()
    project.phases[0].hardware.accelerator_id = acc_id
    project.phases[0].delivery.mode = "private"  # owned: the ledger buys the servers
    project.phases[0].workloads[0].kind = "llm_inference"
    project.phases[0].workloads[0].model_id = "llama-3.1-8b"
    project.phases[0].workloads[0].weight_dtype = "fp16" if acc_id.startswith("v100") else "bf16"
    phase = estimate_plan(project, catalog).phases[0]
    assert "(derived)" in phase.config.server_name
    servers = [line for line in phase.ledger.lines if "(derived)" in line.item]
    assert servers and all(line.status in ("estimated", "unpriced") for line in servers)


def test_a_gpu_power_limit_lowers_throughput_and_server_power(catalog) -> None:
    def plan(limit: float):
        project = Project()
        w = project.phases[0].workloads[0]
        w.kind, w.model_id, w.parallel.tp, w.parallel.dp = "pretrain", "llama-3.1-8b", 1, 8
        project.phases[0].hardware.accelerator_id = "h200-sxm"
        project.phases[0].delivery.mode = "private"  # owned: power figures are the plan's own
        project.phases[0].hardware.gpu_power_limit_w = limit
        return estimate_plan(project, catalog).phases[0].figures

    full, capped = plan(0), plan(500)
    assert capped.number("train.tokens_per_s") < full.number("train.tokens_per_s")
    assert capped.number("power.it_kw") < full.number("power.it_kw")


def test_moe_serving_with_attention_data_parallel_takes_the_band_of_its_published_runs(catalog) -> None:
    """Expert parallel wider than tensor parallel (attention data-parallel, how TensorRT-LLM serves DeepSeek-R1
    and Qwen3-235B-A22B): gpudesk's step is too fast there (docs/validation.md), so the serving figure carries the
    band of those runs, not the serving band of the other cases; a dense plan keeps the serving band."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.parallel.ep = "llm_inference", "qwen3-235b-a22b", 1, 8
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    phase = estimate_plan(project, catalog).phases[0]
    assert phase.figures.number("infer.in.ep") > phase.figures.number("infer.in.tp")
    band, shipped = phase.accuracy["infer.tokens_per_s"], ACCURACY_BANDS[MOE_ADP_GROUP]
    assert band["group"] == MOE_ADP_GROUP and band["low"] == shipped["low"] and band["high"] == shipped["high"]
    assert phase.accuracy["infer.tpot_s"]["group"] == MOE_ADP_GROUP  # a time figure: the same runs, inverted
    assert figure_band("infer.prefill_s", "llm_inference", (MOE_ADP_GROUP,)).group == "first-token latency"
    assert figure_band("infer.tokens_per_s", "llm_inference").group == "serving throughput"
    warned = [c for c in phase.checks if c.id == "serving.moe_attention_dp_optimistic"]
    assert len(warned) == 1 and warned[0].numbers["low_pct"] == shipped["low"] * 100.0
    assert warned[0].numbers["short"] == pytest.approx(1.0 / (1.0 + shipped["low"]))
    w.parallel.ep = 1  # tensor-parallel attention over the experts: the serving band, no warning
    dense = estimate_plan(project, catalog).phases[0]
    assert dense.accuracy["infer.tokens_per_s"]["group"] == "serving throughput"
    assert not [c for c in dense.checks if c.id == "serving.moe_attention_dp_optimistic"]


def test_a_plan_states_that_its_engine_balances_attention_data_parallel_prompts(catalog) -> None:
    """attention_dp_balance (TensorRT-LLM attention_dp_config.enable_balance): the engine releases what every
    attention group gathered together, so an iteration waits less for the busiest group than with prompts placed
    as they come (core/adp_release.py), offline and under a TTFT target alike; the input is echoed."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.parallel.ep = "llm_inference", "qwen3-235b-a22b", 1, 8
    w.serving_scenario = "offline"
    project.phases[0].hardware.accelerator_id = "h200-sxm"

    def served(balance: bool) -> tuple[float, float, str]:
        w.attention_dp_balance = balance
        figures = estimate_plan(project, catalog).phases[0].figures
        echoed = _inputs_to_json(figures)["infer.in.prompts_aligned"]["value"]  # what `estimate --json` prints
        assert "infer.in.prompts_aligned" in [q.key for q in figures.explain("infer.prefill_wait_s").inputs]
        return figures.number("infer.prefill_wait_s"), figures.number("infer.tokens_per_s"), echoed

    off, on = served(False), served(True)
    assert off[0] > 0.0 and off[2] == "no"
    assert 0.0 < on[0] < 0.6 * off[0] and on[1] > off[1] and on[2] == "yes"
    w.serving_scenario = "server"  # a TTFT target: the balancer still holds them (the hold joins the first token)
    held, placed = served(True), served(False)
    assert 0.0 < held[0] < 0.6 * placed[0]


def test_a_plan_states_the_engine_release_it_runs(catalog) -> None:
    """engine_release: a TensorRT-LLM release before 1.2 pays ADP_HOST_ITERATION_S on every iteration of an attention
    data-parallel replica (one more decode step's worth of time, so fewer tokens/s); the current release and a
    tensor-parallel replica pay nothing; the input is echoed where `estimate --json` prints it."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.parallel.ep = "llm_inference", "qwen3-235b-a22b", 1, 8
    w.serving_scenario, w.concurrency = "offline", 512
    project.phases[0].hardware.accelerator_id = "h200-sxm"

    def served(release: str) -> tuple[float, float, float, str]:
        w.engine_release = release
        figures = estimate_plan(project, catalog).phases[0].figures
        if release == "current":  # a plan that names no release: figures and their record as before the input
            assert "infer.host_iteration_s" not in figures and "infer.in.engine_release" not in _inputs_to_json(figures)
            return 0.0, figures.number("infer.decode_step_s"), figures.number("infer.tokens_per_s"), release
        assert "infer.in.engine_release" in [q.key for q in figures.explain("infer.host_iteration_s").inputs]
        return (figures.number("infer.host_iteration_s"), figures.number("infer.decode_step_s"),
                figures.number("infer.tokens_per_s"), _inputs_to_json(figures)["infer.in.engine_release"]["value"])

    current, old, new = served("current"), served("trtllm-1.0"), served("trtllm-1.2")
    assert new[0] == 0.0 and new[3] == "trtllm-1.2" and new[1:3] == current[1:3]
    assert old[0] == pytest.approx(0.012) and old[3] == "trtllm-1.0"
    assert old[1] == pytest.approx(current[1] + 0.012) and old[2] < current[2]
    w.parallel.tp = 8  # tensor-parallel attention over the experts: no release pays anything
    assert served("trtllm-0")[:3] == served("current")[:3]


def test_a_plan_run_as_plain_pytorch_pays_its_unfused_kernels(catalog) -> None:
    """engine_release pytorch-cudagraph / pytorch-eager: a plain-PyTorch Llama 8B launches 32 · 52 + 14 = 1,678
    kernels a pass where a fused engine launches 32 · 9; replayed from a CUDA graph the decode step pays the extra
    kernel boundaries and PyTorch's slower KV read, eager it takes at least the host's launch of every kernel; the
    prefill runs eager under both."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.serving_scenario, w.concurrency = "llm_inference", "llama-3.1-8b", "offline", 8
    project.phases[0].hardware.accelerator_id = "h200-sxm"

    def run(release: str):  # type: ignore[no-untyped-def]
        w.engine_release = release
        return estimate_plan(project, catalog).phases[0].figures

    fused, graph, eager = run("current"), run("pytorch-cudagraph"), run("pytorch-eager")
    assert "infer.kernels_per_pass" not in fused and graph.number("infer.kernels_per_pass") == 32 * 52 + 14
    extra = (32 * 52 + 14 - 32 * 9) * 2.3e-6  # kernel boundaries; the KV cache read at 0.40 of HBM, not 0.80
    kv = 8 * graph.number("infer.context_in_flight") * 2 * 32 * 8 * 128 * 2 / 4.8e12 * (1 / 0.4 - 1 / 0.8)
    assert graph.number("infer.decode_step_s") == pytest.approx(fused.number("infer.decode_step_s") + extra + kv)
    launch = eager.number("infer.launch_s")
    assert launch == pytest.approx(1678 * 13.9e-6) and launch > graph.number("infer.decode_step_s")
    assert eager.number("infer.decode_step_s") == pytest.approx(launch)  # host-bound: the longer of the two
    assert eager.number("infer.prefill_s") == graph.number("infer.prefill_s") >= launch
    assert graph.number("infer.tokens_per_s") > eager.number("infer.tokens_per_s")
    assert "infer.kernels_per_pass" in [q.key for q in graph.explain("infer.decode_step_s").inputs]
    assert _inputs_to_json(eager)["infer.in.engine_release"]["value"] == "pytorch-eager"


def test_bands_kept_per_key_list_are_the_bands_parsed_afresh() -> None:
    """An edit asks for the bands of the same keys again: the kept answer equals a fresh parse (a dict of its own),
    and another workload kind or attention layout is another answer (fails if the memo's key drops either)."""
    keys = ["train.tokens_per_s", "w2.infer.tpot_s", "mem.total", "w2.infer.prefill_s", "w3.train.mfu", "power.it_max_kw"]
    kinds = ["finetune_lora", "llm_inference"]
    first = figure_bands(keys, kinds, [(), (MOE_ADP_GROUP,)])
    again = figure_bands(keys, kinds, [(), (MOE_ADP_GROUP,)])
    assert again == first == _figure_bands(keys, kinds, [(), (MOE_ADP_GROUP,)]) and again is not first
    assert first["w2.infer.tpot_s"]["group"] == MOE_ADP_GROUP and "w3.train.mfu" not in first
    assert figure_bands(keys, kinds, [(), ()])["w2.infer.tpot_s"]["group"] == "serving throughput"
    piped = figure_bands(keys, kinds, [(), (PIPELINE_SERVING_GROUP,)])["w2.infer.tpot_s"]["group"]
    assert piped == PIPELINE_SERVING_GROUP
    assert figure_bands(keys, ["llm_inference", "llm_inference"])["train.tokens_per_s"] is None


def test_parallel_dp_says_the_plan_set_the_gpu_count(catalog) -> None:
    """dp with no node count: the sizing is the plan's data-parallel degree. Before, the workload read 'sized by the
    node count set in the plan' (方案中指定的节点数) with the formula 'hardware.nodes × GPUs per node' on a plan
    that sets no nodes."""
    phase = estimate_plan(_training(dp=2), catalog).phases[0]
    assert phase.config.workloads[0].sized_by == "fixed_layout"
    gpus = phase.figures.explain("plan.w1.gpus")
    assert gpus.value == 2 and "dp = 1 × 2" in gpus.formula and "nodes" not in gpus.formula
    assert "数据并行度" in formula_text("zh").formula(gpus.formula)


def test_a_data_parallel_degree_that_splits_the_global_batch_unevenly_is_named(catalog) -> None:
    """dp = 3 with a global batch of 1,024 sequences: 341.3 micro-batches per replica, a run no framework starts, was
    estimated without a word. Now a warning names the split and what divides; dp = 4 gets none."""
    def warned(dp: int):
        project = _training(dp=dp)
        project.phases[0].workloads[0].global_batch = 1024
        return [c for c in estimate_plan(project, catalog).phases[0].checks if c.id == "train.global_batch_uneven"]

    (check,) = warned(3)
    assert check.severity == "warning" and check.step == "gpu"
    assert check.numbers["micro_batches"] == pytest.approx(1024 / 3) and check.numbers["per_step"] == 3
    assert "1,024" in check.message and "341" in check.message and "a multiple of 3" in check.fix
    assert not warned(4)


@pytest.mark.parametrize(("dp", "words"), [(2, "uses 2 GPUs, but the phase has 8 (1 × 8 GPUs per node)"),
                                           (1, "uses 1 GPU, but the phase has 8 (1 × 8 GPUs per node)")])
def test_a_dp_refusal_counts_its_nodes_and_gpus_in_english(catalog, dp, words) -> None:
    """It read 'but the phase has 8 (1 nodes × 8)', and 'uses 1 GPUs' for dp = 1."""
    with pytest.raises(PlanInputError) as raised:
        estimate_plan(_training(dp=dp, nodes=1), catalog)
    assert words in str(raised.value) and "1 nodes" not in str(raised.value), str(raised.value)
