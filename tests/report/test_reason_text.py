"""The reasons of ranked alternatives are worded from the reason catalogue in both languages.

The core emits ``Reason(key, numbers)``; resources/i18n/reasons_{en,zh}.toml hold the words. A key emitted in
the core without an entry, an entry nobody emits, or a sample plan whose reasons do not render in full fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core import recommend
from gpudesk.project.io import load_project
from gpudesk.report.check_text import reason_text, reasons_in
from gpudesk.text_catalogues import catalogue
from gpudesk.results.pipeline import estimate_plan

CORE = Path(recommend.__file__).parent
SAMPLES = sorted((Path(__file__).resolve().parents[2] / "resources" / "samples").glob("*.gpudesk"))
CJK = re.compile(r"[\u4e00-\u9fff]")
# built from the market status (available, unknown, restricted, unavailable) and whether it has a date
MARKET_KEYS = {"market_available", "market_unknown", "market_restricted", "market_restricted_since",
               "market_unavailable", "market_unavailable_since"}


def emitted_keys() -> set[str]:
    keys: set[str] = set()
    for name in ("recommend.py", "recommend_other.py"):
        keys |= set(re.findall(r'Reason\("([a-z_]+)"', (CORE / name).read_text(encoding="utf-8")))
    return keys | MARKET_KEYS


def test_both_catalogues_hold_every_emitted_reason_and_nothing_else() -> None:
    en, zh = (set(catalogue("reasons", lang)["reason"]) for lang in ("en", "zh"))
    assert en == zh
    assert len(emitted_keys()) >= 15
    assert en == emitted_keys()


@pytest.mark.parametrize("plan", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_sample_plans_reasons_render_in_both_languages(plan: Path) -> None:
    estimate = estimate_plan(load_project(plan).project, Catalog.open())
    candidates = [c for phase in estimate.phases for c in phase.candidates]
    assert candidates, plan.name
    for c in candidates:
        assert c.reasons
        for lang in ("en", "zh"):
            for reason, text in zip(c.reasons, reasons_in(c, lang)):
                assert text and "{" not in text and reason.key not in text, (lang, text)
        assert all(CJK.search(t) for t in reasons_in(c, "zh")), reasons_in(c, "zh")


def test_numbers_are_formatted_as_before() -> None:
    from gpudesk.core.candidates import Reason

    reason = Reason("train_misses_deadline", {"deadline_days": 30.0, "days": 41.25})
    assert reason_text(reason, "en") == "misses the 30-day deadline even at its best count (41.2 days)"
    assert reason_text(reason, "zh") == "即使在最佳卡数下也无法满足 30 天期限（需 41.2 天）"
    price = Reason("gpu_hour_price", {"price": 2.5, "currency": "USD", "offer": "aws-p5"})
    assert reason_text(price, "en") == "2.50 USD/GPU-h (aws-p5)" and reason_text(price, "zh") == "2.50 USD/卡时（aws-p5）"
