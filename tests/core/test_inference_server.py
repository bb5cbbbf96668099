"""The Server scenario's rate (core/inference_server.py): the highest Poisson rate whose targets hold, and why."""

from __future__ import annotations

import numpy as np
import pytest
from test_serving_inputs import _fs

from gpudesk.core.inference_queue import wait_quantile
from gpudesk.project.model import Workload

TARGETS = dict(kind="llm_inference", peak_requests_per_s=20.0, prompt_tokens=2000, output_tokens=300,
               prompt_tokens_sd=800, output_tokens_sd=200, latency_percentile="p99")


def _v(fs, key):
    return np.ravel(fs.value_at(key, 0))[0]


@pytest.mark.parametrize("ttft_ms, tpot_ms, bound", [(1500, 200, "ttft"), (60_000, 60, "tpot")])
def test_the_rate_meets_its_targets_and_the_bound_is_the_one_that_binds(ttft_ms, tpot_ms, bound):
    """At the rate gpudesk reports the targets hold; the one named in infer.rate_bound sits at its limit there; a
    looser first-token target (or per-token target) raises the rate only when it is the bound."""
    fs = _fs(Workload(**TARGETS, ttft_ms=ttft_ms, tpot_ms=tpot_ms))
    lam = float(_v(fs, "infer.max_rate_per_replica"))
    assert lam > 0 and _v(fs, "infer.rate_bound") == bound
    ttft, tpot = float(_v(fs, "infer.server_ttft_tail_s")), float(_v(fs, "infer.server_tpot_tail_s"))
    assert ttft <= ttft_ms / 1000 * (1 + 1e-9) and tpot <= tpot_ms / 1000 * (1 + 1e-9)
    at_limit = ttft / (ttft_ms / 1000) if bound == "ttft" else tpot / (tpot_ms / 1000)
    assert at_limit == pytest.approx(1.0, rel=1e-6)
    # Little's law ties the sequences in flight to the rate: n = λ·O·t(n), t(n) ≤ the engine batch's iteration
    n = float(_v(fs, "infer.server_in_flight"))
    assert 0 < n <= float(_v(fs, "infer.concurrency")) and n / (lam * 300) <= float(_v(fs, "infer.tpot_s")) + 1e-12
    looser = _fs(Workload(**TARGETS, ttft_ms=ttft_ms * 2, tpot_ms=tpot_ms))
    assert (float(_v(looser, "infer.max_rate_per_replica")) > lam * 1.001) == (bound == "ttft")


def test_the_first_token_waits_for_the_prompts_ahead_not_for_a_whole_request():
    """The P99 first token at a load is the unloaded one plus the P99 wait of one queue of prompts whose service is
    one prefill (M/G/1, Allen-Cunneen (1 + (sd(I)/I)²)/2), and a longer prompt lowers the rate."""
    w = Workload(**TARGETS, ttft_ms=3000, tpot_ms=200)
    idle, busy = _fs(w, rate=1e-6), _fs(w, rate=5.0)
    per_replica = 5.0 / float(_v(busy, "infer.replicas_needed"))
    k = 0.5 + (800 / 2000) ** 2 / 2
    wait = float(wait_quantile(np.array(per_replica), float(_v(busy, "infer.prefill_s")), 1.0, 0.01, k))
    assert wait > 0.01
    assert busy.value_at("infer.ttft_p99_s", 0) == pytest.approx(idle.value_at("infer.ttft_p99_s", 0) + wait, rel=1e-9)
    longer = _fs(Workload(**{**TARGETS, "prompt_tokens": 6000}, ttft_ms=3000, tpot_ms=200))
    assert float(_v(longer, "infer.max_rate_per_replica")) < float(_v(busy, "infer.max_rate_per_replica"))
