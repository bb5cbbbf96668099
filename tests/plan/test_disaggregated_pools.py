"""Disaggregated serving states each pool's layout (core/inference_disagg.py): the prefill instances' tensor parallel,
one block's prefill and decode pools, refused where a pool cannot hold whole instances."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project
from gpudesk.results.pipeline import PlanInputError, estimate_plan
from gpudesk.results.plan_json import _inputs_to_json


def _plan(prefill_tp: int = 0, pools: tuple[int, int] = (0, 0)) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.batching, w.prompt_tokens, w.output_tokens = "llm_inference", "llama-3.1-70b", \
        "disaggregated", 4096, 256
    w.peak_requests_per_s, w.ttft_ms, w.tpot_ms = 20.0, 3000, 50
    w.parallel.tp, w.parallel.prefill_tp = 4, prefill_tp
    w.parallel.prefill_pool_gpus, w.parallel.decode_pool_gpus = pools
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    return project


def test_each_pool_runs_its_own_tensor_parallel_and_the_decode_pool_prefills_nothing(catalog) -> None:
    same = estimate_plan(_plan(), catalog).phases[0].figures
    wide = estimate_plan(_plan(prefill_tp=8), catalog).phases[0].figures
    for fs, per in ((same, 4), (wide, 8)):
        assert fs.number("infer.prefill_gpus_per_instance") == per and fs.number("infer.gpus_per_replica") == 4
        assert fs.number("infer.tpot_s") == fs.number("infer.decode_step_s")  # no prompt in a decode iteration
        assert fs.number("infer.disagg_prefill_gpus") % per == 0
        assert fs.number("infer.gpus_needed") == fs.number("infer.disagg_prefill_gpus") + \
            fs.number("infer.disagg_decode_gpus")
    assert wide.number("infer.prefill_s") < same.number("infer.prefill_s")  # the prompt split over 8 GPUs, not 4
    assert wide.number("infer.decode_step_s") == same.number("infer.decode_step_s")
    assert _inputs_to_json(wide)["infer.in.prefill_tp"]["value"] == 8
    assert "infer.prefill_gpus_per_instance" in [q.key for q in wide.explain("infer.prefill_s").inputs]


def test_a_stated_block_is_repeated_whole_in_its_ratio(catalog) -> None:
    fs = estimate_plan(_plan(prefill_tp=8, pools=(16, 8)), catalog).phases[0].figures
    blocks = fs.number("infer.disagg_decode_gpus") / 8
    assert blocks == int(blocks) >= 1 and fs.number("infer.disagg_prefill_gpus") == 16 * blocks
    assert fs.number("infer.disagg_block_rate") * blocks >= 20.0 > fs.number("infer.disagg_block_rate") * (blocks - 1)
    assert fs.number("infer.gpus_needed") == 24 * blocks


@pytest.mark.parametrize(("prefill_tp", "pools", "field", "words"), [
    (0, (8, 0), "parallel", "needs both pools"),
    (8, (12, 8), "parallel.prefill_pool_gpus", "prefill pool of 12 GPUs does not hold whole prefill instances of 8"),
    (0, (8, 6), "parallel.decode_pool_gpus", "decode pool of 6 GPUs does not hold whole decode instances of 4"),
])
def test_a_pool_without_whole_instances_is_refused_by_name(catalog, prefill_tp, pools, field, words) -> None:
    with pytest.raises(PlanInputError) as raised:
        estimate_plan(_plan(prefill_tp, pools), catalog)
    assert f"workloads[0].{field}" in str(raised.value) and words in str(raised.value)


def test_a_searched_disaggregated_point_says_how_its_gpus_split(searched_sample) -> None:
    """The bank sample's serving search recommends disaggregated points: each names its prefill and decode pools,
    and they add up to the GPUs it counts (before, the configuration read only 'prefill/decode disaggregated')."""
    from gpudesk.core.search_words import describe
    from gpudesk.report.check_text import reason_text

    estimate, _project = searched_sample("bank-llm-assistant")
    seen = 0
    for phase in estimate.phases:
        rec = phase.search.recommended if phase.search is not None else None
        if rec is None or not rec.layout.get("disagg"):
            continue
        pools = rec.values["disagg_prefill_gpus"], rec.values["disagg_decode_gpus"]
        assert sum(pools) == rec.gpus
        en = " · ".join(reason_text(r, "en") for r in describe(rec).items)
        decoders = int(pools[1]) // int(rec.values["gpus_per_replica"])
        prefills = int(rec.layout["replicas"]) - decoders  # the core's replicas: both pools' instances together
        assert f"prefill pool {int(pools[0]):,} GPUs ({prefills:,} instances) + decode pool {int(pools[1]):,} GPUs " \
               f"({decoders:,} instances)" in en, en
        assert "replicas" not in en, en  # '83 replicas' were the prefill and decode instances together
        zh = " · ".join(reason_text(r, "zh") for r in describe(rec).items)
        assert f"预填充池 {int(pools[0]):,} 卡（{prefills:,} 个实例）+ 解码池 {int(pools[1]):,} 卡（{decoders:,} 个实例）" \
            in zh and "个副本" not in zh, zh
        seen += 1
    assert seen >= 1


def test_a_disaggregated_plan_names_its_pools_where_it_shows_its_configuration(catalog) -> None:
    """A disaggregated plan's workload read 'TP4 × PP1 × DP18' on the CLI and in the proposal's workload rows, 18 being
    its prefill and decode instances together, and the status bar said nothing of the two pools: its configuration
    now carries them (WorkloadSizing.pools, from infer.disagg_*_gpus) and every surface names them in one wording."""
    from gpudesk.cli.estimate_text import Words, _workload_line
    from gpudesk.report.check_text import pools_text

    estimate = estimate_plan(_plan(), catalog)
    fs, w = estimate.phases[0].figures, estimate.phases[0].config.workloads[0]
    pools = (int(fs.number("infer.disagg_prefill_gpus")), int(fs.number("infer.disagg_decode_gpus")))
    assert w.pools == pools and sum(pools) == w.gpus
    assert pools_text(w.pools, "zh") == f"预填充/解码分离：预填充池 {pools[0]:,} 卡 + 解码池 {pools[1]:,} 卡"
    row = estimate.phases[0].config.to_dict()["workloads"][0]  # what --json prints and the CLI text reads
    assert list(row["pools"]) == list(pools)
    assert f"prefill pool {pools[0]:,} + decode pool {pools[1]:,} GPUs" in _workload_line(row, Words.of("en"))
    assert pools_text(w.pools, "zh") in _workload_line(row, Words.of("zh"))
    aggregated = _plan()
    aggregated.phases[0].workloads[0].batching = "continuous"
    assert estimate_plan(aggregated, catalog).phases[0].config.workloads[0].pools == ()


def test_a_disaggregated_recommendation_says_which_instances_its_target_sets(searched_sample) -> None:
    """The gov proposal's disaggregated recommendation read '预填充池 16 卡（2 个实例）+ 解码池 8 卡（1 个实例）' and then
    'P99 首 token 目标 4,000 毫秒决定副本数：3 个副本': the 3 was both pools' instances together. Its own sizing now says
    which: '决定实例数：预填充 2 个、解码 1 个'."""
    from gpudesk.core.search_words import disaggregated_pools
    from gpudesk.report.check_text import reason_text

    estimate, _project = searched_sample("gov-llm-domestic-accelerator")
    seen = 0
    for phase in estimate.phases:
        rec = phase.search.recommended if phase.search is not None else None
        pools = disaggregated_pools(rec) if rec is not None else None
        if pools is None or pools.key != "point_disaggregated_instances":
            continue
        zh, en = (reason_text(phase.search.why, lang) for lang in ("zh", "en"))
        counts = pools.numbers["prefill_instances"], pools.numbers["decode_instances"]
        assert "决定副本数" not in zh and "sets the replica count" not in en, zh
        assert f"决定实例数：预填充 {counts[0]:,} 个、解码 {counts[1]:,} 个" in zh, zh
        seen += 1
    assert seen >= 1


def test_a_disaggregated_recommendation_states_the_share_of_its_pools_capacity(searched_sample) -> None:
    """The disaggregated recommendation read 'at 78% utilisation' (the gov sample; 26% on other plans): a decode
    instance's slot occupancy, beside a capacity the peak load uses at 93%. It now states the peak load's share of
    what the two pools carry, min(n_pre · λ_pre, n_dec · λ_dec) (core/disagg_capacity.py), and says so."""
    import math

    from gpudesk.core.disagg_capacity import carried_rate
    from gpudesk.core.search_words import disaggregated_pools
    from gpudesk.report.check_text import reason_text

    estimate, project = searched_sample("gov-llm-domestic-accelerator")
    seen = 0
    for phase, plan_phase in zip(estimate.phases, project.phases):
        rec = phase.search.recommended if phase.search is not None else None
        pools = disaggregated_pools(rec) if rec is not None else None
        if pools is None or pools.key != "point_disaggregated_instances":
            continue
        carried = carried_rate(pools.numbers["prefill_instances"], pools.numbers["decode_instances"],
                               rec.values["max_prefill_rate_per_instance"], rec.values["max_rate_per_replica"])
        rate = phase.figures.number("infer.in.request_rate")
        share = rate / carried
        assert math.isfinite(share) and 0 < share <= 1.0 + 1e-9, (rate, carried)
        assert abs(share - rec.values["utilisation"]) > 0.05  # not the decode slots' occupancy it showed
        en, zh = (reason_text(phase.search.why, lang) for lang in ("en", "zh"))
        assert f"uses {share:.0%} of what the two pools carry" in en, en
        assert f"两池可承载量的 {share:.0%}" in zh and "利用率" not in zh.split("原因")[-1], zh
        seen += 1
    assert seen >= 1


@pytest.mark.parametrize(("prefill_tp", "pools", "words"), [
    (8, (0, 0), "needs at least one prefill instance (8 GPUs) and one decode instance (4 GPUs), but the phase has 8"),
    (8, (16, 8), "(prefill pool 16 + decode pool 8 GPUs) needs 24 GPUs, but the phase has 8"),
])
def test_a_deployment_larger_than_the_phase_says_which_part_does_not_fit(catalog, prefill_tp, pools, words) -> None:
    """One message served both cases and read 'and a stated block all of its 0 GPUs (0 = none stated)' where the
    plan stated no block (zh '若给出了部署单元则需要整个单元的 0 卡'): each case now says its own numbers."""
    from gpudesk.report.refusal_text import error_text

    project = _plan(prefill_tp, pools)
    project.phases[0].hardware.nodes = 1
    with pytest.raises(PlanInputError) as raised:
        estimate_plan(project, catalog)
    chinese = error_text(raised.value, "zh")
    assert words in str(raised.value) and "none stated" not in str(raised.value), str(raised.value)
    assert "未给出" not in chinese and ("24 卡" in chinese if pools[0] else "8 卡" in chinese), chinese



def test_the_replicas_formula_says_what_the_plan_is(catalog) -> None:
    """An aggregated plan's replicas read '… (disaggregated: prefill + decode instances)': a branch the plan does not
    take. Each plan's formula now names only its own way, and a disaggregated plan's inputs are its pools."""
    aggregated = _plan()
    aggregated.phases[0].workloads[0].batching = "continuous"
    agg = estimate_plan(aggregated, catalog).phases[0].figures
    dis = estimate_plan(_plan(prefill_tp=8), catalog).phases[0].figures
    assert agg.formula("infer.replicas_needed") == "⌈request rate / max rate per replica⌉"
    assert "prefill" not in agg.formula("infer.replicas_needed")
    assert "request rate" not in dis.formula("infer.replicas_needed")
    assert dis.formula("infer.replicas_needed").startswith("prefill instances + decode instances")
    assert dis.number("infer.replicas_needed") == \
        dis.number("infer.disagg_prefill_gpus") / dis.number("infer.prefill_gpus_per_instance") + \
        dis.number("infer.disagg_decode_gpus") / dis.number("infer.gpus_per_replica")
    assert {q.key for q in dis.explain("infer.replicas_needed").inputs} >= {
        "infer.disagg_prefill_gpus", "infer.disagg_decode_gpus"}
