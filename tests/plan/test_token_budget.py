"""The engine's token budget per iteration (plan input max_tokens_per_iteration, core/token_budget.py): its closed
forms against a small direct simulation of a budgeted scheduler (decode tokens first, then the oldest prompts'
chunks up to M, one schedule per pipeline micro-batch, as TensorRT-LLM's MicroBatchScheduler), its effect on a plan,
and a plan that states none unchanged."""

from __future__ import annotations

import math
from collections import deque

import numpy as np
import pytest

from gpudesk.core.token_budget import budget_sequences, prefill_span
from gpudesk.project.errors import ProjectValidationError
from gpudesk.project.model import Project
from gpudesk.project.schema import project_from_dict
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import _inputs_to_json

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def simulate(budget: int, pp: int, prompt: int, output: int, rounds: int = 6000) -> float:
    """Mean decode tokens per round (one iteration of each of ``pp`` micro-batches) of an engine fed an endless
    queue of prompts: each micro-batch iteration decodes one token of each of its sequences, then fills what is left
    of ``budget`` with chunks of the oldest waiting prompts; a prompt whose last chunk ran decodes ``output`` tokens
    from its micro-batch's next iteration on. The second half of the run is averaged (past the start)."""
    decoding: list[list[int]] = [[] for _ in range(pp)]
    waiting: deque[int] = deque()  # remaining prompt tokens of prompts no micro-batch holds
    counted = 0
    for r in range(rounds):
        for mb in range(pp):
            seqs = decoding[mb]
            tokens = len(seqs)
            if r >= rounds // 2:
                counted += tokens
            decoding[mb] = [left - 1 for left in seqs if left > 1]
            room = budget - tokens
            while room > 0:
                left = waiting.popleft() if waiting else prompt
                chunk = min(left, room)
                room -= chunk
                if chunk == left:
                    decoding[mb].append(output)
                else:  # the rest waits, oldest first; another micro-batch may take it once this one returns
                    waiting.appendleft(left - chunk)
                    break
    return counted / (rounds - rounds // 2)


@pytest.mark.parametrize(("budget", "pp", "prompt", "output"),
                         [(1024, 1, 1000, 1000), (2048, 1, 9400, 680), (1024, 2, 9400, 680), (1536, 4, 2048, 256)])
def test_sequences_fed_match_a_budgeted_scheduler(budget: int, pp: int, prompt: int, output: int) -> None:
    """⌊p·M / (1 + I/O)⌋ is the steady decode tokens per round a budgeted scheduler carries (within a sequence and
    1%); the simulation's own figure, not the closed form, is what is compared."""
    fed = float(budget_sequences(np.float64(budget), np.float64(pp), np.float64(prompt), np.float64(output)))
    measured = simulate(budget, pp, prompt, output)
    assert abs(measured - fed) <= 1.0 + 0.01 * measured, (measured, fed)


def test_a_prompt_spans_the_iterations_its_chunks_need() -> None:
    """With n sequences decoding over p micro-batches, one prompt gets M − n/p tokens an iteration of its
    micro-batch: 9,400 tokens, M 1,024, 126 sequences over 2 stages -> ⌈9,400 / 961⌉ = 10 iterations; the prefill's
    own compute time stands when it is longer."""
    t = 0.175
    span = prefill_span(np.float64(9400), np.float64(0.5), np.float64(1024 - 126 / 2), np.float64(t))
    assert span == pytest.approx(10 * t)
    # the same by counting chunks
    left, iters = 9400, 0
    while left > 0:
        left, iters = left - (1024 - 63), iters + 1
    assert iters == 10
    assert prefill_span(np.float64(9400), np.float64(3.0), np.float64(961), np.float64(t)) == 3.0
    assert math.isinf(prefill_span(np.float64(100), np.float64(0.1), np.float64(0.0), np.float64(t)))


def _serving(scenario: str) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.serving_scenario = "llm_inference", "llama-3.1-8b", scenario
    w.prompt_tokens, w.output_tokens = 4000, 400
    w.weight_dtype = w.kv_dtype = w.compute_dtype = "fp8"
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    return project


def test_an_offline_engine_holds_no_more_sequences_than_its_budget_feeds(catalog) -> None:
    """Offline, 4,000 + 400 tokens on one H200: a budget of 2,048 tokens feeds ⌊2,048 / 11⌋ = 186 sequences, fewer
    than the KV cache holds; the engine batch falls to it, fewer tokens come out and the bottleneck names it."""
    project = _serving("offline")
    free = estimate_plan(project, catalog).phases[0].figures
    project.phases[0].workloads[0].max_tokens_per_iteration = 2048
    capped = estimate_plan(project, catalog).phases[0].figures
    assert capped.number("infer.token_budget_sequences") == 186
    assert free.number("infer.concurrency") > 186
    assert capped.number("infer.concurrency") == 186
    assert capped.number("infer.tokens_per_s") < free.number("infer.tokens_per_s")
    assert capped.value_at("infer.bottleneck") == "token_budget"
    assert capped.number("infer.in.max_tokens_per_iteration") == 2048
    assert _inputs_to_json(capped)["infer.in.max_tokens_per_iteration"]["value"] == 2048  # gpudesk estimate --json


def test_a_server_budget_lowers_the_rate_and_says_so(catalog) -> None:
    """Server scenario, the same plan: a budget of 4,096 tokens feeds 372 sequences, but a 4,000-token prompt takes
    two iterations or more of chunks and the prompts' queue is served at the tokens the decodes leave: the highest
    rate falls and infer.rate_bound says the budget bounds it; a budget far above the need moves nothing."""
    project = _serving("server")
    w = project.phases[0].workloads[0]
    free = estimate_plan(project, catalog).phases[0].figures
    w.max_tokens_per_iteration = 600
    tight = estimate_plan(project, catalog).phases[0].figures
    assert tight.number("infer.max_rate_per_replica") < free.number("infer.max_rate_per_replica")
    assert tight.value_at("infer.rate_bound") == "token_budget"
    assert "token budget" in tight.formula("infer.rate_bound")
    w.max_tokens_per_iteration = 1_000_000
    loose = estimate_plan(project, catalog).phases[0].figures
    assert loose.number("infer.max_rate_per_replica") == free.number("infer.max_rate_per_replica")
    assert loose.value_at("infer.rate_bound") == free.value_at("infer.rate_bound")


def test_no_budget_changes_no_figure(catalog) -> None:
    """Unset (0) the plan's figures are the same, value for value, as a plan that never heard of it: no budget figure
    is added."""
    project = _serving("server")
    before = estimate_plan(project, catalog).phases[0].figures
    project.phases[0].workloads[0].max_tokens_per_iteration = 0
    after = estimate_plan(project, catalog).phases[0].figures
    assert "infer.token_budget_sequences" not in after
    for key in ("infer.max_rate_per_replica", "infer.concurrency", "infer.tokens_per_s", "infer.server_ttft_tail_s"):
        assert after.number(key) == before.number(key)


def test_a_negative_budget_is_refused_with_its_reason() -> None:
    with pytest.raises(ProjectValidationError) as info:
        project_from_dict({"phases": [{"workloads": [{"max_tokens_per_iteration": -1}]}]})
    assert any(p.endswith("max_tokens_per_iteration") and "below the minimum 0" in r and "0 = no budget" in r
               for p, r in info.value.problems), info.value.problems


def test_the_budgets_formulas_read_in_chinese(catalog) -> None:
    """Every formula the budget writes or extends has its Chinese (a formula without one would show English whole)."""
    from gpudesk.report.formula_text import formula_text

    zh = formula_text("zh")
    project = _serving("offline")
    project.phases[0].workloads[0].max_tokens_per_iteration = 2048
    offline = estimate_plan(project, catalog).phases[0].figures
    project.phases[0].workloads[0].serving_scenario = "server"
    project.phases[0].workloads[0].max_tokens_per_iteration = 600
    server = estimate_plan(project, catalog).phases[0].figures
    for fs, key in ((offline, "infer.token_budget_sequences"), (offline, "infer.concurrency"),
                    (offline, "infer.bottleneck"), (server, "infer.rate_bound"), (server, "infer.ttft_wait_tail_s"),
                    (server, "infer.ttft_prefill_tail_s"), (server, "infer.token_budget_idle_ttft_s")):
        assert zh.lookup_formula(fs.formula(key)) is not None, (key, fs.formula(key))


def test_every_pipeline_stage_and_attention_rank_schedules_its_own_budget() -> None:
    """TensorRT-LLM schedules one micro-batch per pipeline stage (mNumMicroBatches = pp) and, with attention
    data-parallel, each rank its own requests, each against M: DeepSeek-V3 on 8 B200 as EP8 x ADP8 (8 ranks) is fed
    8x the sequences of TP8 (1 rank), and Llama 3.1 70B as TP4 x PP2 twice those of TP4."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
    from test_serving_mla_and_adp import DSV3
    from test_training_samples import B200, LLAMA3_70B

    from gpudesk.core.hardware import HardwareArrays
    from gpudesk.core.inference import estimate_inference
    from gpudesk.core.inference_inputs import InferenceInputs

    def fed(model, tp: int, ep: int, pp: int, prompt: int, output: int) -> float:  # type: ignore[no-untyped-def]
        fs = estimate_inference(InferenceInputs(
            model=model, hardware=HardwareArrays.from_accelerators([B200]), weight_dtype="fp4", kv_dtype="fp8",
            prompt_tokens=prompt, output_tokens=output, tp=tp, ep=ep, pp=pp, scenario="offline",
            max_tokens_per_iteration=3456))
        return fs.number("infer.token_budget_sequences")

    assert fed(DSV3, 8, 8, 1, 800, 3880) == math.floor(3456 / (1 + 800 / 3880))
    assert fed(DSV3, 1, 8, 1, 800, 3880) == math.floor(8 * 3456 / (1 + 800 / 3880))
    assert fed(LLAMA3_70B, 4, 1, 2, 9400, 680) == math.floor(2 * 3456 / (1 + 9400 / 680))
    assert fed(LLAMA3_70B, 4, 1, 1, 9400, 680) == math.floor(3456 / (1 + 9400 / 680))


def test_the_first_token_at_the_plans_rate_counts_the_budget_too(catalog) -> None:
    """The loaded first token at the plan's own rate reads the same budget as the highest rate: a 4,000-token prompt
    under a 200-token budget takes at least ⌈4,000 / 200⌉ = 20 iterations, longer than its own prefill on one H200,
    so its prefill and its wait are longer than without one (one source: the figures the replicas are sized by and
    the ones shown agree); the engine batch the budget caps (18 sequences) is what bounds the rate."""
    project = _serving("server")
    w = project.phases[0].workloads[0]
    w.peak_requests_per_s = 2.0
    free = estimate_plan(project, catalog).phases[0].figures
    w.max_tokens_per_iteration = 200
    tight = estimate_plan(project, catalog).phases[0].figures
    assert tight.number("infer.token_budget_sequences") == 18 == tight.number("infer.concurrency")
    assert tight.value_at("infer.rate_bound") == "token_budget"
    assert tight.number("infer.ttft_prefill_tail_s") > free.number("infer.ttft_prefill_tail_s")
    assert tight.number("infer.ttft_wait_tail_s") >= free.number("infer.ttft_wait_tail_s")
    parts = ("infer.ttft_wait_tail_s", "infer.ttft_prefill_tail_s", "infer.ttft_first_step_s")
    assert tight.number("infer.ttft_at_percentile_s") == pytest.approx(sum(tight.number(k) for k in parts))
    assert "token budget" in tight.formula("infer.ttft_prefill_tail_s")
