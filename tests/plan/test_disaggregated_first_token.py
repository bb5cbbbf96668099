"""A disaggregated request's first token (core/inference_disagg.py): it waits in a prefill instance's queue, runs in a
batched prefill iteration, crosses to a decode instance (NVLink inside a scale-up domain, else the scale-out
network) and leaves with the decode instance's first iteration; the decode pool keeps no share of the TTFT budget.
Before, both pools were sized against the whole budget, the reported TTFT held no prefill queue at all (its wait was
a decode slot's at the rate over both pools' instances), prompts were prefilled one at a time and the KV cache always
crossed the scale-out network."""

from __future__ import annotations

import pytest

from gpudesk.core.inference_queue import wait_quantile
from gpudesk.results.pipeline import estimate_plan
from tests.plan.test_disaggregated_pools import _plan


def _figures(catalog, prefill_tp: int = 0, pools: tuple[int, int] = (0, 0), **workload):
    project = _plan(prefill_tp, pools)
    for key, value in workload.items():
        setattr(project.phases[0].workloads[0], key, value)
    return estimate_plan(project, catalog).phases[0].figures


def test_the_first_token_is_the_prefill_queue_the_prefill_the_transfer_and_the_first_step(catalog) -> None:
    fs = _figures(catalog)
    n = fs.number
    assert n("infer.ttft_s") == pytest.approx(n("infer.ttft_wait_s") + n("infer.ttft_prefill_s")
                                              + n("infer.kv_transfer_median_s") + n("infer.ttft_first_step_s"))
    assert n("infer.ttft_at_percentile_s") == pytest.approx(
        n("infer.ttft_wait_tail_s") + n("infer.ttft_prefill_tail_s") + n("infer.kv_transfer_s")
        + n("infer.ttft_first_step_s"))
    assert n("infer.ttft_first_step_s") == n("infer.tpot_s")
    # the wait is the prefill instances' at their load: at least the M/G/1 queue of the prompts' shares there
    instances = n("infer.disagg_prefill_gpus") / n("infer.prefill_gpus_per_instance")
    per_instance = 20.0 / instances
    tail = 1.0 - n("infer.in.percentile")
    queue = float(wait_quantile(per_instance, n("infer.prefill_share_s"), 1.0, tail,
                                0.5 + (n("infer.in.prompt_sd") / 4096) ** 2 / 2))
    assert queue > 0.5 and n("infer.ttft_wait_tail_s") >= queue  # before: the whole TTFT at P99 read 0.34 s
    assert n("infer.ttft_at_percentile_s") <= 3.0  # the pools were sized to meet the target
    explained = [q.key for q in fs.explain("infer.ttft_at_percentile_s").inputs]
    assert {"infer.ttft_wait_tail_s", "infer.ttft_prefill_tail_s", "infer.kv_transfer_s",
            "infer.ttft_first_step_s"} <= set(explained)


def test_the_decode_pool_keeps_no_share_of_the_first_token_budget(catalog) -> None:
    loose, tight = _figures(catalog, ttft_ms=3000), _figures(catalog, ttft_ms=1200)
    assert tight.number("infer.max_rate_per_replica") == loose.number("infer.max_rate_per_replica")
    assert tight.number("infer.disagg_decode_gpus") == loose.number("infer.disagg_decode_gpus")
    assert tight.number("infer.disagg_prefill_gpus") > loose.number("infer.disagg_prefill_gpus")
    assert tight.number("infer.ttft_at_percentile_s") <= 1.2


def test_short_prompts_share_a_prefill_iteration(catalog) -> None:
    fs = _figures(catalog, prompt_tokens=512)
    assert fs.number("infer.prefill_batch_prompts") == 16  # 8,192 tokens per iteration
    # the weights stream once for 16 prompts: each prompt's share of a full iteration is well below its prefill alone
    assert fs.number("infer.prefill_share_s") < 0.8 * fs.number("infer.prefill_s")
    # more prompts per second than one prompt at a time could ever serve
    assert fs.number("infer.max_prefill_rate_per_instance") > 1.0 / fs.number("infer.prefill_s")


def test_the_kv_cache_crosses_nvlink_where_both_instances_fit_one_domain(catalog) -> None:
    inside = _figures(catalog)  # TP4 prefill + TP4 decode: 8 GPUs, one H200 NVLink domain
    across = _figures(catalog, prefill_tp=8)  # TP8 + TP4: 12 GPUs, over the scale-out network
    assert inside.number("infer.kv_transfer_s") * 5 < across.number("infer.kv_transfer_s")
    block = _figures(catalog, prefill_tp=8, pools=(16, 8))  # a stated block of 24 GPUs spans domains
    assert block.number("infer.kv_transfer_s") == across.number("infer.kv_transfer_s")
