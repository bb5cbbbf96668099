"""A figure's accuracy band and the check that its hardware family has none agree (proposal-26): the bank's Ascend
910B, the government's MLU370 and the L4 / L20 read '该硬件系列没有验证数据…不给出误差区间' in the risks while the
accuracy section and the summary printed −15% … +17% for their figures. One rule (core/accuracy.validated_family)
decides both: over every sample, no phase has both the check and a band."""

from __future__ import annotations

import pytest

SAMPLES = ["bank-llm-assistant", "gov-llm-domestic-accelerator", "manufacturer-vision-private", "ecommerce-recsys",
           "startup-inspection"]


@pytest.mark.parametrize("sample", SAMPLES)
def test_no_family_gets_both_no_band_and_a_band(sample: str, searched_sample) -> None:
    plan, _project = searched_sample(sample)
    for phase in plan.phases:
        unvalidated = any(c.id == "accuracy.family_not_validated" for c in phase.checks)
        banded = {k: v for k, v in (phase.accuracy or {}).items() if v is not None and v.get("low") is not None}
        assert not (unvalidated and banded), (sample, phase.name, sorted(banded))


def test_the_banks_ascend_phases_carry_the_check_and_no_band(searched_sample) -> None:
    plan, _project = searched_sample("bank-llm-assistant")
    ascend = [p for p in plan.phases if any(c.id == "accuracy.family_not_validated" for c in p.checks)]
    assert ascend  # the case the test is for
    assert all(v is None or v.get("low") is None for p in ascend for v in (p.accuracy or {}).values())


def test_a_band_stands_only_on_the_families_its_cases_ran_on() -> None:
    """Ascend 910B's training has its band (9 MindFormers runs) and no check; its serving has neither band nor runs."""
    from gpudesk.core.accuracy import family_has_band, figure_band
    from gpudesk.vocabulary.workloads import LLM_TRAINING_KINDS

    training = sorted(LLM_TRAINING_KINDS)[0]
    assert figure_band("train.tokens_per_s", training, family="huawei-ascend") is not None
    assert figure_band("infer.requests_per_s", "llm_inference", family="huawei-ascend") is None
    assert figure_band("infer.requests_per_s", "llm_inference", family="nvidia-hopper") is not None
    assert family_has_band(training, "huawei-ascend") and not family_has_band("llm_inference", "cambricon-mlu")


def test_the_accuracy_table_says_the_family_is_not_among_the_cases() -> None:
    """The accuracy table read '此类指标尚无公开实测数据' (no measurement of this kind of figure) for the Ascend serving
    figures, which the serving group has 161 of: it says the group's cases ran on other families, as the risks do."""
    from gpudesk.report.proposal_closing import _band_text
    from gpudesk.report.text_catalog import ReportText

    band = {"group": "serving throughput", "low": None, "high": None, "family": "huawei-ascend"}
    assert _band_text(band, ReportText("zh")) == ("—", "推理吞吐的公开实测案例中没有该硬件系列，不给出误差区间，仅供参考")
    assert "ran on this hardware family" in _band_text(band, ReportText("en"))[1]
