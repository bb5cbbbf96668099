"""A disaggregated deployment carries what both of its pools carry (core/disagg_capacity.py): min(prefill
instances · prefill rate, decode instances · decode rate), never every instance of both pools counted as a replica
at the decode instance's rate (the gov sample's phase 1, disaggregated, read 14.2 requests/s where its pools carry
7.5)."""

from __future__ import annotations

import pytest

from gpudesk.core.disagg_capacity import best_split
from gpudesk.project.model import Project
from gpudesk.results.pipeline import PlanInputError, estimate_plan


def _plan(nodes: int = 0, pools: tuple[int, int] = (0, 0), rate: float = 20.0) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.batching, w.prompt_tokens, w.output_tokens = "llm_inference", "llama-3.1-70b", \
        "disaggregated", 4096, 256
    w.peak_requests_per_s, w.ttft_ms, w.tpot_ms = rate, 3000, 50
    w.parallel.tp = 4
    w.parallel.prefill_pool_gpus, w.parallel.decode_pool_gpus = pools
    hw = project.phases[0].hardware
    hw.accelerator_id, hw.nodes, hw.gpus_per_node = "h200-sxm", nodes, 8
    return project


def _rates(fs) -> tuple[float, float, int, int]:
    return (fs.number("infer.max_prefill_rate_per_instance"), fs.number("infer.max_rate_per_replica"),
            int(fs.number("infer.prefill_gpus_per_instance")), int(fs.number("infer.gpus_per_replica")))


def test_a_sized_deployment_carries_what_both_pools_carry(catalog) -> None:
    phase = estimate_plan(_plan(), catalog).phases[0]
    fs, w = phase.figures, phase.config.workloads[0]
    pre_rate, dec_rate, pre_g, dec_g = _rates(fs)
    n_pre, n_dec = fs.number("infer.disagg_prefill_gpus") / pre_g, fs.number("infer.disagg_decode_gpus") / dec_g
    cap = w.capacity
    assert cap.total == pytest.approx(min(n_pre * pre_rate, n_dec * dec_rate))
    assert cap.total >= 20.0  # sized for the rate
    assert cap.total < (n_pre + n_dec) * dec_rate  # not every instance of both pools at the decode rate
    assert cap.replicas == n_dec and cap.per_replica * cap.replicas == pytest.approx(cap.total)
    assert w.pools == (int(n_pre * pre_g), int(n_dec * dec_g))


def test_fixed_nodes_split_into_the_pools_that_carry_the_most(catalog) -> None:
    phase = estimate_plan(_plan(nodes=3), catalog).phases[0]
    pre_rate, dec_rate, pre_g, dec_g = _rates(phase.figures)
    w = phase.config.workloads[0]
    n_pre, n_dec = w.pools[0] // pre_g, w.pools[1] // dec_g
    assert sum(w.pools) <= 24 and (n_pre, n_dec) == best_split(24, pre_g, dec_g, pre_rate, dec_rate)
    best = max(min(a * pre_rate, b * dec_rate) for a in range(1, 6) for b in range(1, 6) if 4 * (a + b) <= 24)
    assert w.capacity.total == pytest.approx(best)


def test_fixed_nodes_run_whole_blocks_of_the_stated_pools(catalog) -> None:
    phase = estimate_plan(_plan(nodes=5, pools=(12, 8)), catalog).phases[0]  # 40 GPUs: two blocks of 20
    pre_rate, dec_rate, _, _ = _rates(phase.figures)
    w = phase.config.workloads[0]
    assert w.pools == (24, 16)
    assert w.capacity.total == pytest.approx(min(6 * pre_rate, 4 * dec_rate))


def test_a_phase_too_small_for_one_block_is_refused_by_name(catalog) -> None:
    with pytest.raises(PlanInputError) as raised:
        estimate_plan(_plan(nodes=1, pools=(8, 8)), catalog)
    assert "workloads[0].parallel" in str(raised.value) and "16 GPUs" in str(raised.value)


def test_best_split_needs_one_instance_of_each() -> None:
    assert best_split(4, 4, 4, 1.0, 1.0) == (0, 0)
    assert best_split(12, 4, 4, 1.0, 2.0) == (2, 1)  # prefill slower: two prefill instances feed one decode


def _every_split(gpus: int, pre_gpus: int, dec_gpus: int, pre_rate: float, dec_rate: float) -> tuple[int, int]:
    """The definition best_split answers: every split tried, a tie keeping the larger prefill pool."""
    best, chosen = -1.0, (0, 0)
    for n_pre in range(1, gpus // pre_gpus + 1):
        n_dec = (gpus - n_pre * pre_gpus) // dec_gpus
        if n_dec < 1:
            break
        if min(n_pre * pre_rate, n_dec * dec_rate) >= best:
            best, chosen = min(n_pre * pre_rate, n_dec * dec_rate), (n_pre, n_dec)
    return chosen


def test_best_split_is_the_best_of_every_split() -> None:
    rates = (1.0, 2.0, 0.5, 3.0, 7.3, 1e-6, 1e6, 1 / 3)
    for gpus in range(0, 41):
        for pre_gpus, dec_gpus in ((1, 1), (1, 4), (2, 8), (4, 4), (8, 2), (3, 16)):
            for pre_rate in rates:
                for dec_rate in rates:
                    got = best_split(gpus, pre_gpus, dec_gpus, pre_rate, dec_rate)
                    assert got == _every_split(gpus, pre_gpus, dec_gpus, pre_rate, dec_rate), \
                        (gpus, pre_gpus, dec_gpus, pre_rate, dec_rate, got)


def test_best_split_of_a_hundred_thousand_nodes_does_not_try_every_split(monkeypatch) -> None:
    """A fixed disaggregated phase of 100,000 nodes (800,000 GPUs; fuzz-26's gov sample at 10^10 requests a day, whose
    searched points price such phases) tried each of 800,000 splits, several times per point: the estimate took
    minutes. The best split is found by bisection, in a few dozen rate evaluations."""
    from gpudesk.core import disagg_capacity

    calls = [0]
    counted = disagg_capacity.carried_rate

    def counting(*args: float) -> float:
        calls[0] += 1
        return counted(*args)

    monkeypatch.setattr(disagg_capacity, "carried_rate", counting)
    assert best_split(800_000, 1, 1, 3.0, 1.0) == (200_000, 600_000)
    assert best_split(800_000, 4, 8, 1.0, 5.0) == _every_split(800_000, 4, 8, 1.0, 5.0)
    assert calls[0] <= 10, calls[0]


@pytest.mark.parametrize("nodes", [0, 2])
def test_a_deployment_that_cannot_serve_names_no_pools(catalog, nodes: int) -> None:
    """Llama 3.1 70B at TP1 on 24 GB L4s holds no sequence: capacity unknown with its reason, and no split of GPUs
    that carries nothing ('预填充池 15 卡 + 解码池 1 卡' on 16 GPUs, or 1 + 1 on the 1 GPU the phase was sized to)."""
    project = _plan(nodes=nodes, rate=5.0)
    w = project.phases[0].workloads[0]
    w.parallel.tp = 1
    project.phases[0].hardware.accelerator_id = "l4"
    sized = estimate_plan(project, catalog).phases[0].config.workloads[0]
    assert sized.capacity.unserved == "no_memory" and sized.capacity.total != sized.capacity.total
    assert sized.pools == ()


@pytest.mark.parametrize(("ttft_ms", "tpot_ms", "nodes"), [(1, 50, 1), (3000, 1, 1), (1, 50, 0)])
def test_a_deployment_one_of_whose_pools_meets_no_target_cannot_serve(catalog, ttft_ms, tpot_ms, nodes) -> None:
    """A first-token target no prefill instance meets (1 ms) left the decode replicas' rate standing: the deployment
    read a capacity of 0 requests/s (the status bar's '承载能力 0 请求/秒' the aggregated plan no longer shows) and
    its prefill rate 0, with no 'cannot serve'. Either pool failing its targets now reads cannot serve, its rates
    unknown; and its replicas are those its GPUs hold (sized, it read 6 replicas of TP 4 on 4 GPUs: the decode
    pool's split for a rate the prefill pool cannot serve)."""
    project = _plan(nodes=nodes)
    w = project.phases[0].workloads[0]
    w.ttft_ms, w.ttft_p50_ms, w.tpot_ms = ttft_ms, 0, tpot_ms
    phase = estimate_plan(project, catalog).phases[0]
    capacity = phase.config.workloads[0].capacity
    assert capacity.unserved == "targets_unmet" and not capacity.total == capacity.total  # NaN: unknown, not 0
    assert phase.figures.value_at("infer.cannot_serve") == "targets_unmet"
    for key in ("infer.max_rate_per_replica", "infer.max_prefill_rate_per_instance"):
        assert not phase.figures.number(key, 1.0) == 0.0, key
    served = phase.config.workloads[0]
    assert served.layout.model_parallel * served.layout.dp <= served.gpus == capacity.replicas * 4, served
