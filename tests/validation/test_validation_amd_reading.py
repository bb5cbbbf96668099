"""AMD's MI300X throughput figure read as output tokens/s (validation_amd_reading.py): two published checks that
use no gpudesk figure, each able to tell the two readings apart."""

from __future__ import annotations

import pytest
from validation_amd_builds import cited
from validation_amd_reading import azure_pairs, output_share, prompt_bound
from validation_cases_vendor_inference import AMD_MI300X_SERVING

CASES = list(AMD_MI300X_SERVING)


def test_the_cases_read_the_figure_as_output_tokens_per_gpu() -> None:
    for case, figure in zip(CASES, cited().totals, strict=True):
        assert case.measured == pytest.approx(figure / case.tp), case.id


def test_azure_runs_of_the_same_workloads_agree_only_with_the_output_reading() -> None:
    """Read as output, AMD's figure is Azure's within 5% on the three 70B rows and within 20% on all six; read as
    prompt + output, the ratio falls with the prompt's share, to about half on the 2,048-token prompts."""
    pairs = azure_pairs(CASES)
    assert len(pairs) == 6
    for case, figure, azure in pairs:
        assert figure / azure == pytest.approx(1.0, abs=0.05 if case.model_id == "llama-3.1-70b" else 0.20), case.id
    as_total = {(c.model_id, c.prompt): f * output_share(c) / az for c, f, az in pairs}
    assert as_total[("llama-3.1-70b", 2048)] < 0.55 and as_total[("llama-3.1-405b", 2048)] < 0.65


def test_the_page_rows_bound_the_prompt_cost_only_under_the_output_reading() -> None:
    """The 70B 2,048 + 2,048 step is at most twice the 128 + 4,096 step (same 1,500 sequences): it is under the
    output reading, not under the prompt + output one."""
    bound = prompt_bound(CASES)
    assert 1.0 < bound["output"] < 2.0 < bound["total"]


def test_the_rows_that_do_not_fit_the_kv_cache_are_the_largest_misses_and_recompute_sizes_them() -> None:
    """The two 405B rows whose sequences gpudesk cannot hold whole are the two largest misses; the prefill vLLM V1's
    recompute preemption would add (validation_amd_preemption.py, sized from gpudesk's own prefill) brings each into
    the range of the six rows that fit, within 3 points."""
    import math

    from validation_amd_preemption import held_whole, recompute, with_recompute
    from validation_runner import predict_serving

    held = held_whole(CASES)
    predicted = {c.id: predict_serving(c) for c in CASES}
    errors = {c.id: predicted[c.id] / c.measured - 1.0 for c in CASES}
    short = [c for c in CASES if held[c.id] < c.requests]
    fit = [errors[c.id] for c in CASES if held[c.id] >= c.requests]
    assert [c.id for c in short] == ["amd-vllm-llama-3.1-405b-mi300x-tp8-fp8-128-4096",
                                     "amd-vllm-llama-3.1-405b-mi300x-tp8-fp8-500-2000"]
    assert min(errors[c.id] for c in short) > max(fit)
    for c in short:
        tokens, seconds = recompute(c, held[c.id])
        length = c.prompt + c.output
        assert tokens == pytest.approx(held[c.id] * length * math.log(c.requests / held[c.id]))
        after = with_recompute(c, predicted[c.id], held[c.id]) / c.measured - 1.0
        assert min(fit) - 0.03 < after < max(fit) + 0.03, (c.id, after)
