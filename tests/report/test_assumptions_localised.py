"""Assumptions and risks of a real sample plan print in the proposal's language.

The plan is estimated from resources/samples/manufacturer-vision-private.gpudesk, so the
assumptions are the core's structured ``Assumption`` values and the risks are the checks
the core really emits for it.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.assumptions import ASSUMPTION_TEMPLATES, Assumption
from gpudesk.report.assumption_text import NAMED, assumption_templates, assumption_text
from gpudesk.report.document import Branding, BulletList, DataTable
from gpudesk.report.proposal import build_proposal
from gpudesk.results.plan_result import Assumption

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "manufacturer-vision-private.gpudesk"
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def estimated(searched_sample):
    plan, project = searched_sample(SAMPLE.stem)
    return project, plan


def _doc(estimated, lang: str, catalog=None):
    project, plan = estimated
    return build_proposal(plan, project, lang, Branding("示例科技有限公司", "", "王工"), issued=dt.date(2025, 6, 1),
                          catalog=catalog)


def test_core_records_structured_assumptions_with_english_text(estimated) -> None:
    _project, plan = estimated
    items = plan.phases[0].assumptions
    assert items and all(isinstance(a, Assumption) for a in items)
    keys = [a.key for a in items]
    assert keys[:2] == ["hardware", "storage_network"] and "horizon_currency" in keys
    hardware = items[0]
    assert str(hardware) == ASSUMPTION_TEMPLATES["hardware"].format(**hardware.values)
    assert hardware.values["accelerator"] in str(hardware) and "GPUs per system" in str(hardware)
    # JSON keeps the English sentence (an Assumption is a str) and to_dict adds the key and values.
    assert json.loads(json.dumps(items)) == [str(a) for a in items]
    assert json.loads(json.dumps(hardware.to_dict()))["key"] == "hardware"


def test_every_assumption_key_has_both_languages() -> None:
    """The core's English templates and the catalogue's Chinese ones: the same keys, the same values (a code's
    name is ``<code key>_name`` in both), Chinese words only in the catalogue."""
    chinese = assumption_templates("zh")
    assert set(chinese) == set(ASSUMPTION_TEMPLATES)
    for key, english in ASSUMPTION_TEMPLATES.items():
        assert not CJK.search(english) and CJK.search(chinese[key]), key
        assert set(re.findall(r"{(\w+)", english)) == set(re.findall(r"{(\w+)", chinese[key])), key
        assert {n[:-5] for n in re.findall(r"{(\w+_name)", english)} <= set(NAMED), key


def test_chinese_proposal_prints_chinese_assumptions(estimated) -> None:
    doc = _doc(estimated, "zh")
    items = [i for b in doc.section("assumptions").blocks if isinstance(b, BulletList) for i in b.items]
    _project, plan = estimated
    assert len(items) >= len(plan.phases[0].assumptions)
    for item in items:
        assert CJK.search(item), item
    assert any(i.startswith("加速卡 ") for i in items) and any("折旧" in i for i in items)
    assert not any(i.startswith(("Accelerator ", "Storage:", "Utilisation:")) for i in items)
    catalog = Catalog.open()
    lists = [b.items for b in _doc(estimated, "en", catalog).section("assumptions").blocks
             if isinstance(b, BulletList)]
    assert len(lists) == len(plan.phases)
    refs = [b for b in _doc(estimated, "en", catalog).section("references").blocks if type(b).__name__ ==
            "ReferenceList"][0].items
    by_id = {r.title: r.number for r in refs}
    for phase, english in zip(plan.phases, lists):
        assert len(english) > len(phase.assumptions)
        for core, printed in zip(phase.assumptions, english):
            # the customer reads the core's sentence with every catalog source as its reference number
            assert "catalog " not in printed and "facility_defaults" not in printed
            cited = re.findall(r"catalog [a-z_]+/\S+?: ([\w.\-]+)", str(core))
            for cid in cited:
                assert f"[{by_id[catalog.citation(cid).title]}]" in printed, (cid, printed)
        assert sum("h/day" in i for i in english) == 1  # the utilisation is stated once, not twice


def test_chinese_proposal_prints_chinese_risks(estimated) -> None:
    _project, plan = estimated
    checks = plan.all_checks()
    assert checks, "the sample plan raises at least one check"
    doc = _doc(estimated, "zh")
    tables = [b for b in doc.section("risks").blocks if isinstance(b, DataTable)]
    rows = [row for table in tables for row in table.rows]
    # a risk two phases read alike is one row naming both; read with each phase's own numbers, one row each
    assert len(rows) == len({row[-3:] for row in rows}) >= len({c.id for c in checks})
    for row in rows:
        title, message, fix = row[-3:]
        assert CJK.search(title) and CJK.search(message) and CJK.search(fix), row
        assert "{" not in message + fix
        assert not re.search(r"第\s*\d\s*步|costs\.|目录浏览器|用户目录", fix), fix  # nothing for the app's user
    shared = [c.id for c in checks if sum(1 for d in checks if d.id == c.id) == len(plan.phases)]
    if len(plan.phases) > 1 and shared:
        assert any(row[0] == "第 1、2 阶段" for row in rows)
    english_rows = [row for b in _doc(estimated, "en").section("risks").blocks if isinstance(b, DataTable)
                    for row in b.rows]
    assert {row[-3] for row in english_rows} == {c.title for c in checks}


def test_the_currency_is_named_in_chinese() -> None:
    values = {"months": 12, "horizon_years": 5, "depreciation_years": 5, "currency": "CNY", "cny_per_usd": 7.1}
    assumption = Assumption("horizon_currency", values)
    text = assumption_text(assumption, "zh")
    assert "币种为人民币（元）" in text and "CNY" not in text  # the code only in English: "currency CNY"
    assert "CNY" in assumption_text(assumption, "en")


def test_an_mlps_level_of_zero_reads_as_no_filing(estimated) -> None:
    """The manufacturer's assumptions read "等保 2.0 级别：0" / "MLPS 2.0 level: 0": 0 is the unset value (no
    filing), which the form words "无：未定级"; a level is named as the proposal's language counts it."""
    _project, plan = estimated
    [compliance] = [a for a in plan.phases[0].assumptions if a.key.startswith("compliance")]
    assert compliance.values["mlps"] == "0"
    assert "等保 2.0 级别：无（未定级）" in assumption_text(compliance, "zh")
    assert "MLPS 2.0 level: none (not filed)" in assumption_text(compliance, "en")
    filed = Assumption(compliance.key, {**compliance.values, "mlps": "3", "mlps_name": "3"})
    assert "等保 2.0 级别：三级" in assumption_text(filed, "zh")


def test_the_market_rules_run_on_in_lower_case_after_each_colon(estimated) -> None:
    """The English assumption read 'Data residency: No requirement; MLPS 2.0 level: none (not filed); domestic parts:
    No requirement; industry: General': each name after a label's colon runs on in lower case, as the MLPS level's."""
    _project, plan = estimated
    [compliance] = [a for a in plan.phases[0].assumptions if a.key.startswith("compliance")]
    english = assumption_text(compliance, "en")
    clauses = english.split("Data residency: ", 1)[1].split("; ")
    assert all(clause.split(": ")[-1][:1].islower() for clause in clauses), english
    assert english.startswith("Market China (mainland): "), english  # the market leads its clause: its capital kept


def test_the_cost_chart_says_why_the_plans_own_mode_is_not_drawn(estimated) -> None:
    """The manufacturer's TCO page drew public cloud on demand and monthly and no line for its own private servers
    (awaiting quotes), with no word why: the chart's note says so, in the reader's language."""
    from gpudesk.report.chart_text import localise_spec

    _project, plan = estimated
    spec = plan.phases[0].charts["cost"]
    assert "private" not in [s.name for s in spec.series] and "Private on-premises (owned)" in spec.notes
    assert localise_spec(spec, "zh").notes == "未画出：本方案采用的私有化部署（自购）待询价。"
