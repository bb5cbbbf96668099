"""The proposal's requirement tables count as the form's count boxes do (project/model.py ``zh_scale``): the bank's
Chinese proposal read '日请求量 1,500,000 次请求/天' where the window's box reads 150 万 and the roadmap '300 万时'."""

from __future__ import annotations

from gpudesk.report.document import Branding, KeyValueTable
from gpudesk.report.proposal import build_proposal


def _rows(searched_sample, stem: str, lang: str) -> dict[str, str]:
    plan, project = searched_sample(stem)
    doc = build_proposal(plan, project, lang, Branding())
    return {k: v for b in doc.section("requirements").blocks if isinstance(b, KeyValueTable) for k, v in b.rows}


def test_a_per_day_count_reads_in_wan_as_the_form_types_it(searched_sample) -> None:
    zh = _rows(searched_sample, "bank-llm-assistant", "zh")
    assert zh["日请求量"] in ("150 万次请求/天", "400 万次请求/天"), zh["日请求量"]
    assert _rows(searched_sample, "startup-inspection", "zh")["训练图片数"] in ("12 万张图像", "150 万张图像")
    assert _rows(searched_sample, "bank-llm-assistant", "en")["Requests per day"].startswith(("1,500,000", "4,000,000"))


def test_the_comparisons_differing_inputs_count_as_the_form_does() -> None:
    """The comparison's differing inputs read '日请求量 1,500,000 次请求/天 — 400,000 次请求/天' (bank against gov)."""
    from gpudesk.report.comparison_input_text import input_value

    path = "phases[1].workloads[0].requests_per_day"
    assert input_value(path, 1_500_000.0, "zh", {}, "requests/day") == "150 万次请求/天"
    assert input_value(path, 1_500_000.0, "en", {}, "requests/day") == "1,500,000 requests/day"
    assert input_value("phases[0].workloads[0].items_per_day", 1.5e10, "zh", {}, "items/day") == "150 亿项/天"
