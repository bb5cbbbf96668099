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
        assert f"prefill pool {int(pools[0]):,} + decode pool {int(pools[1]):,} GPUs" in en
        seen += 1
    assert seen >= 1
