"""FP8 context attention (plan input fp8_context_attention, core/context_attention.py): on Hopper the prompt's
attention runs at the FP8 peak x FlashAttention-3's published FP8 share, so a long prompt prefills faster; on
Blackwell (no published FP8 attention rate) the setting is stated and moves nothing; unset, no figure is added."""

from __future__ import annotations

import pytest

from gpudesk.core.constants.compute import ATTENTION_EFFICIENCY_FP8
from gpudesk.project.errors import ProjectValidationError
from gpudesk.project.model import Project
from gpudesk.project.schema import project_from_dict
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import _inputs_to_json

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def _serving(accelerator: str, scenario: str = "offline") -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.serving_scenario = "llm_inference", "llama-3.1-8b", scenario
    w.prompt_tokens, w.output_tokens = 16000, 400
    w.weight_dtype = w.kv_dtype = w.compute_dtype = "fp8"
    project.phases[0].hardware.accelerator_id = accelerator
    return project


def test_hopper_prefills_the_prompts_attention_at_the_published_fp8_rate(catalog) -> None:
    """H200, 16,000-token prompts: the prompt's attention runs at 1,979 TFLOP/s x 0.606 (FlashAttention-3's 1.2
    PFLOP/s FP8 on H100), above the 16-bit rate (989 x 0.75), so the prefill and the first token are shorter and
    more tokens come out; the figure cites the constant and the plan's input."""
    project = _serving("h200-sxm")
    plain = estimate_plan(project, catalog).phases[0].figures
    project.phases[0].workloads[0].fp8_context_attention = True
    fp8 = estimate_plan(project, catalog).phases[0].figures
    rate = fp8.number("infer.context_attention_rate")
    assert rate == pytest.approx(fp8.number("hw.peak_flops_fp8") * ATTENTION_EFFICIENCY_FP8["nvidia-hopper"].value)
    assert rate == pytest.approx(1.979e15 * 0.606, rel=1e-3)
    assert rate > fp8.number("hw.peak_flops_attention") * fp8.number("eff.attention")
    assert fp8.number("infer.prefill_s") < plain.number("infer.prefill_s")
    assert fp8.number("infer.tokens_per_s") > plain.number("infer.tokens_per_s")
    assert "infer.context_attention_rate" in fp8.formula("infer.prefill_s")
    assert "eff.attention_fp8" in fp8
    assert _inputs_to_json(fp8)["infer.in.fp8_context_attention"]["value"] == "yes"  # gpudesk estimate --json


def test_the_prefill_saves_exactly_the_attention_the_faster_rate_removes(catalog) -> None:
    """Only the prompt's attention moves: a 16-token prompt (its prefill nearly all GEMMs) moves by under 1%, a
    16,000-token one (attention a large share) by more."""
    short, long_ = _serving("h200-sxm"), _serving("h200-sxm")
    short.phases[0].workloads[0].prompt_tokens = 16
    saved = {}
    for name, project in (("short", short), ("long", long_)):
        before = estimate_plan(project, catalog).phases[0].figures.number("infer.prefill_s")
        project.phases[0].workloads[0].fp8_context_attention = True
        after = estimate_plan(project, catalog).phases[0].figures.number("infer.prefill_s")
        saved[name] = (before - after) / before
    assert saved["short"] < 0.01 < saved["long"]


def test_blackwell_states_the_setting_and_keeps_its_16_bit_attention(catalog) -> None:
    """B200 has no published FP8 attention rate (its 16-bit attention is bound by the exponentials): the input and
    the rate are recorded, the rate is the 16-bit one and the prefill is the same to the last bit."""
    project = _serving("b200")
    plain = estimate_plan(project, catalog).phases[0].figures
    project.phases[0].workloads[0].fp8_context_attention = True
    fp8 = estimate_plan(project, catalog).phases[0].figures
    assert fp8.number("infer.context_attention_rate") == pytest.approx(
        fp8.number("hw.peak_flops_attention") * fp8.number("eff.attention"))
    assert "eff.attention_fp8" not in fp8
    for key in ("infer.prefill_s", "infer.tokens_per_s", "infer.concurrency"):
        assert fp8.number(key) == plain.number(key)


def test_unset_adds_no_figure(catalog) -> None:
    project = _serving("h200-sxm", "server")
    before = estimate_plan(project, catalog).phases[0].figures
    project.phases[0].workloads[0].fp8_context_attention = False
    after = estimate_plan(project, catalog).phases[0].figures
    assert "infer.context_attention_rate" not in after and "infer.in.fp8_context_attention" not in after
    for key in ("infer.prefill_s", "infer.max_rate_per_replica", "infer.tokens_per_s"):
        assert after.number(key) == before.number(key)


def test_a_setting_that_is_not_true_or_false_is_refused() -> None:
    with pytest.raises(ProjectValidationError) as info:
        project_from_dict({"phases": [{"workloads": [{"fp8_context_attention": "sometimes"}]}]})
    assert any(p.endswith("fp8_context_attention") for p, _ in info.value.problems), info.value.problems


def test_its_formulas_read_in_chinese(catalog) -> None:
    from gpudesk.report.formula_text import formula_text

    zh = formula_text("zh")
    project = _serving("h200-sxm")
    project.phases[0].workloads[0].fp8_context_attention = True
    fs = estimate_plan(project, catalog).phases[0].figures
    for key in ("infer.context_attention_rate", "infer.prefill_s"):
        assert zh.lookup_formula(fs.formula(key)) is not None, (key, fs.formula(key))
