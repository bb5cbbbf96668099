"""The reasons of ranked alternatives are worded from the reason catalogue in both languages.

The core emits ``Reason(key, numbers)``; resources/i18n/reasons_{en,zh}.toml hold the words. A key emitted in
the core without an entry, an entry nobody emits, or a sample plan whose reasons do not render in full fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpudesk.core import config_search
from gpudesk.core.candidates import Reason
from gpudesk.core.constants.quantization import QUALITY_LOSS, QUALITY_LOSS_FP8_TRAINING
from gpudesk.core.search_words import EXCLUDED
from gpudesk.report.check_text import localise, reason_text, reasons_in
from gpudesk.text_catalogues import catalogue
from gpudesk.vocabulary.sizing import BINDING
from gpudesk.vocabulary.training import RECOMPUTE

CORE = Path(config_search.__file__).parent
RESULTS = CORE.parent / "results"
SAMPLES = sorted((Path(__file__).resolve().parents[2] / "resources" / "samples").glob("*.gpudesk"))
CJK = re.compile(r"[\u4e00-\u9fff]")
# built from the market status (available, unknown, restricted, unavailable) and whether it has a date
MARKET_KEYS = {"market_available", "market_unknown", "market_restricted", "market_restricted_since",
               "market_unavailable", "market_unavailable_since"}
# built from a code: a violated constraint (vocabulary BINDING; a defaulted target by its unit), a recompute mode, how an owned GPU-hour is priced
BUILT_KEYS = {f"search_breaks_{code}" for code in BINDING.codes if code != "minimum"} \
    | {f"search_training_{code}" for code in RECOMPUTE.codes} | {"own_plan_price", "own_server_price", "own_gpu_price"} \
    | {"search_days", "search_items", "search_seats"} \
    | {f"search_binds_default_{t.traits['unit']}" for t in BINDING if "unit" in t.traits} \
    | {f"cite_{c.name.lower()}" for c in (*QUALITY_LOSS.values(), QUALITY_LOSS_FP8_TRAINING)}
# ... a row's performance by the figure it has, and the source a quality caveat cites


# the words reason_text itself reads: how joined reasons are separated (money awaiting a quote is the vocabulary's)
WORDING_KEYS = {"separator_parts", "separator_list", "separator_enum"}
# why an accelerator was not searched, by the code core/search_catalog.py gives it
EXCLUDED_KEYS = {f"search_excluded_{code}" for code in EXCLUDED} | {"search_excluded_other"}


def emitted_keys() -> set[str]:
    """Keys written as ``Reason("key"`` and, for a key chosen by a condition, the search's and a configuration's
    keys quoted anywhere in the modules that emit reasons."""
    keys: set[str] = set()
    for path in (*CORE.glob("search_*.py"), RESULTS / "plan_rows.py", RESULTS / "search_charts.py"):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r'Reason\("([a-z_]+)"', text))
        keys |= set(re.findall(r'"((?:search|point)_[a-z_0-9]+)"', text)) - {"search_excluded_"}
    return keys | MARKET_KEYS | BUILT_KEYS | WORDING_KEYS | EXCLUDED_KEYS


def test_both_catalogues_hold_every_emitted_reason_and_nothing_else() -> None:
    en, zh = (set(catalogue("reasons", lang)["reason"]) for lang in ("en", "zh"))
    assert en == zh
    assert len(emitted_keys()) >= 15
    assert en == emitted_keys()


@pytest.mark.parametrize("plan", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_sample_plans_reasons_render_in_both_languages(plan: Path, searched_sample) -> None:
    estimate = searched_sample(plan.stem)[0]
    candidates = [c for phase in estimate.phases for c in phase.candidates]
    assert candidates, plan.name
    for c in candidates:
        assert c.reasons
        for lang in ("en", "zh"):
            for reason, text in zip(c.reasons, reasons_in(c, lang)):
                assert text and "{" not in text and reason.key not in text, (lang, text)
        assert all(CJK.search(t) for t in reasons_in(c, "zh")), reasons_in(c, "zh")


def test_numbers_are_formatted_in_each_language() -> None:
    from gpudesk.core.candidates import Reason

    perf = Reason("search_serving_perf", {"tokens_per_user": 31.4, "ttft_ms": 812.6, "tpot_ms": 23.04})
    # by the one digits rule (plain_number), as the tables beside them: gov's ranking read '单用户 17 token/秒 …
    # 每 token 58.0 毫秒' where its table read '17.1 tokens/秒/用户' and '59 毫秒'
    assert reason_text(perf, "en") == "31.4 tokens/s per user, TTFT 813 ms at the target percentile, TPOT 23 ms"
    assert reason_text(perf, "zh") == "单用户 31.4 token/秒，目标分位首 token 813 毫秒，每 token 23 毫秒"
    from gpudesk.core.reason_values import Money

    total = Reason("ledger_total", {"total": Money(18958.7, "USD"), "years": 3})
    en = reason_text(total, "en")
    assert en.startswith("cost ledger with this configuration: ") and "18,959" in en and en.endswith(
        "over 3 years (one-time + 3 × the yearly running cost)")
    big = Reason("ledger_total", {"total": Money(31_193_259.0, "CNY"), "years": 3})
    zh = reason_text(big, "zh")  # money in the reader's way (万元), never '31,193,259 CNY'
    assert zh.startswith("按此配置的费用台账：3 年共 ") and "万元" in zh and "CNY" not in zh, zh


def test_nested_reasons_money_and_words_are_worded_in_each_language() -> None:
    """A reason may hold reasons, money (万元 in Chinese), vocabulary words and joined parts: each is worded in the
    reader's language, and money the catalog cannot price reads as unpriced, never 0."""
    from gpudesk.core.candidates import Reason
    from gpudesk.core.reason_values import Joined, Money, Word

    config = Joined((Reason("point_gpus", {"accelerator": "H20", "gpus": 16}), Reason("point_precision", {"precision": "FP8"})))
    why = Reason("search_why_plain", {"config": config, "cost": Money(12_345_678.0, "CNY"),
                                      "basis": Reason("search_basis_ledger", {"years": 3}),
                                      "reason": Reason("search_binds_own", {"binding": Word("binding", "ttft"),
                                                                            "sizing": Reason("search_sizing_minimum")})})
    en, zh = reason_text(why, "en"), reason_text(why, "zh")
    assert en.startswith("Recommended: H20 × 16 · FP8. ¥12,345,678 total cost of ownership over 3 years")
    assert BINDING.name_of("ttft", "en") in en
    assert zh.startswith("推荐：H20 × 16 卡 · FP8。3 年总体拥有成本（费用台账）1,235 万元。") and "CNY" not in zh
    assert BINDING.name_of("ttft", "zh") in zh
    unpriced = Reason("search_cost", {"cost": Money(float("nan"), "CNY")})
    assert reason_text(unpriced, "en") == "awaiting a quote" and reason_text(unpriced, "zh") == "待询价"
    listed = Reason("search_lever_closest", {"config": config, "broken": Joined(
        (Word("binding", "memory", "dropped"), Word("binding", "ttft", "dropped")), "enum")})
    assert "、" in reason_text(listed, "zh") and ", " in reason_text(listed, "en")


def test_one_replica_reads_in_the_singular() -> None:
    """The search table's tool tip read "1 replicas at an engine batch of 8" (issue 21: the window audit now reads
    cells' tool tips)."""
    from gpudesk.core.candidates import Reason

    one = Reason("search_replicas_batch", {"replicas": 1, "batch": 8})
    assert reason_text(one, "en") == "1 replica at an engine batch of 8"
    assert reason_text(Reason("search_replicas_batch", {"replicas": 3, "batch": 8}), "en").startswith("3 replicas")
    assert reason_text(one, "zh").startswith("1 个副本")


def test_an_item_rate_reads_as_its_figure_does() -> None:
    """The ecommerce sample's ranked rows read '每卡 5,168,378 项/秒' where the step page's figure read
    '516.8 万项/秒/GPU' (and the vision sample's '项/秒' for 图像/秒): the rate carries its figure's unit and is
    scaled as the figure table scales it."""
    from gpudesk.core.candidates import Reason
    from gpudesk.core.reason_values import Quantity

    samples = Reason("search_items", {"rate": Quantity(13_410_000.0, "samples/s/GPU")})
    images = Reason("search_items", {"rate": Quantity(435.2, "images/s/GPU")})
    assert reason_text(samples, "zh") == "1,341 万样本/秒/GPU"
    assert reason_text(samples, "en") == "13.4 M samples/s/GPU"  # three significant digits
    assert reason_text(images, "zh") == "435 图像/秒/GPU"


def test_ranked_rows_read_their_rate_as_the_step_page_does(searched_sample) -> None:
    """The proposal's and the window's ranked tables read '5,168,378 项/秒/GPU' beside the step page's and the
    search's '516.8 万样本/秒/GPU': every row of an item-serving phase carries its figure's unit and both tables word
    it through quantity_text, as the figure table does."""
    from gpudesk.core.reason_values import Quantity
    from gpudesk.core.search_words import ITEM_RATE_UNITS
    from gpudesk.report.check_text import quantity_text
    from gpudesk.report.proposal import _performance
    from gpudesk.report.text_catalog import ReportText

    plan = searched_sample("ecommerce-recsys")[0]  # estimated for this module's every-sample test too
    rows = [(c, phase) for phase in plan.phases for c in phase.candidates]
    assert rows
    for c, phase in rows:
        assert c.time_or_throughput_unit == ITEM_RATE_UNITS[phase.context.phase.workloads[0].kind], c
        for lang in ("zh", "en"):
            assert _performance(c, ReportText(lang)) == quantity_text(Quantity(c.time_or_throughput,
                                                                               c.time_or_throughput_unit), lang)


def test_a_missed_deadline_names_its_unit() -> None:
    """The startup proposal read 'it takes 5.03 days against 2.', the deadline without its unit."""
    from gpudesk.core.candidates import Reason

    late = Reason("search_violates_deadline", {"days": 5.031, "deadline_days": 2.0})
    assert reason_text(late, "en") == "it takes 5.03 days against a deadline of 2 days"
    assert reason_text(late, "zh") == "需 5.03 天，期限 2 天"
    one = Reason("search_violates_deadline", {"days": 1.5, "deadline_days": 1.0})
    assert reason_text(one, "en").endswith("a deadline of 1 day")


def test_a_training_time_reads_in_the_unit_it_reaches(searched_sample) -> None:
    """The startup proposal's 'best alternatives' table read '训练 0.616 天' (H100) above the ranked table's
    '14.8 小时' for the same configuration: a searched row's training time is worded as the ranked table words it
    (the largest time unit it reaches)."""
    from gpudesk.core.reason_values import Quantity
    from gpudesk.core.search_words import performance
    from gpudesk.report.check_text import quantity_text

    plan = searched_sample("startup-inspection")[0]
    points = [p for phase in plan.phases for p in (*phase.search.per_accelerator, *phase.search.alternatives)]
    assert any(p.value("days") < 1 for p in points), "a row under a day (H100, B200, H200)"
    for p in points:
        for lang, shown in (("zh", "训练 {}"), ("en", "{} to train")):
            expected = shown.format(quantity_text(Quantity(p.value("days"), "days"), lang))
            assert reason_text(performance(p), lang) == expected, (lang, p.accelerator_id)


def test_a_pool_of_one_gpu_and_one_instance_reads_in_the_singular():
    """'prefill pool 1 GPU (1 instance)', not '1 GPUs' (the window audit's plural check found it on the guided-start
    plan once the search stopped taking pipeline stages for free); Chinese has no plural."""
    one = Reason("point_disaggregated_instances", {"prefill": 1, "decode": 2, "prefill_instances": 1,
                                                   "decode_instances": 2})
    text = reason_text(one, "en")
    assert "prefill pool 1 GPU (1 instance)" in text and "decode pool 2 GPUs (2 instances)" in text
    assert "预填充池 1 卡（1 个实例）" in reason_text(one, "zh")


def test_a_count_of_unpriced_lines_reads_singular_or_plural_never_line_s() -> None:
    """'1 cost line(s) without a price are not in that total' in the English ranking's reasons, and '4 cost line(s)
    have no price in the catalog' in the English window's checks and `gpudesk estimate` (walk-24, gov sample)."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.paths import samples_dir
    from gpudesk.project.io import load_project
    from gpudesk.results.pipeline import estimate_plan

    assert reason_text(Reason("ledger_lines_unpriced", {"count": 1})) == "1 cost line awaiting a quote is not in that total"
    assert reason_text(Reason("ledger_lines_unpriced", {"count": 3})) == "3 cost lines awaiting a quote are not in that total"
    assert "(s)" not in "".join(str(v) for v in catalogue("reasons", "en")["reason"].values())
    gov = estimate_plan(load_project(samples_dir() / "gov-llm-domestic-accelerator.gpudesk").project, Catalog.open())
    check = next(c for c in gov.phases[0].checks if c.id == "cost.unpriced_lines")
    assert check.message.startswith("4 cost lines are awaiting a quote: ") and "(s)" not in check.message
    # each line counted in the bill's unit, singular at one: "(20 servers)", "(1 appliance)", never "(20 server)"
    assert "Installation and commissioning (20 servers)" in check.message and "(1 appliance)" in check.message
    # the chassis by the name the bill of materials gives it, not the catalog row's "Generic 8 × Cambricon …"
    shown = localise(check, "en")[1]
    assert "Generic 8-GPU Cambricon MLU370-X8 48GB server (20 servers)" in shown and "Generic 8 ×" not in shown
