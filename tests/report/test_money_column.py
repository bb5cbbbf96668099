"""One unit for a column of amounts: product-20 found the Chinese proposal's investment table reading '$0' (one-time)
beside '7.0 万美元' (per year) and the bill of materials '$6,304' over '1.7665 万美元', as if two currencies were
mixed. In Chinese, a column (or a table of totals) that holds an amount of 10,000 or more reads every amount in 万."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from gpudesk.report import ledger_text as L
from gpudesk.report.document import Branding, DataTable, KeyValueTable
from gpudesk.report.number_format import format_money, wan_column
from gpudesk.report.proposal import build_proposal

DOLLAR = re.compile(r"\$[\d,.]+")
RATE = re.compile(r"/(?![年月])")  # a price per unit ($0.9046/卡时); an amount per year or month is an amount


def test_the_rule_reads_every_amount_of_a_wan_column_in_wan():
    assert wan_column([0.0, 70_000.0, None], "USD", "zh") and not wan_column([0.0, 9_999.0], "USD", "zh")
    assert not wan_column([0.0, 70_000.0], "USD", "en")
    assert format_money(0.0, "USD", "zh", wan=True) == "0 万美元"
    assert format_money(8_499.0, "USD", "zh", wan=True) == "0.85 万美元"
    assert format_money(8_499.0, "USD", "zh") == "$8,499"  # alone: as before
    assert format_money(8_499.0, "USD", "en", wan=True) == "$8,499"  # English keeps its own form
    assert L.money(6_304.0, "USD", "zh", wan=True) == "0.6304 万美元"  # a bill's amount stays exact to the unit
    assert L.money(0.0, "CNY", "zh", wan=True) == "0 万元"


@pytest.fixture(scope="module")
def startup_zh(searched_sample):
    plan, project = searched_sample("startup-inspection")
    return build_proposal(plan, project, "zh", Branding(), catalog_date="2026-12-01", catalog=searched_sample.catalog)


def _amount_columns(table: DataTable) -> list[list[str]]:
    return [[row[j] for row in table.rows] for j in range(len(table.header))]


def _columns(document) -> Iterator[tuple[str, tuple[str, ...], list[str]]]:
    """Every column of every table of ``document``: its section, its header cell ("" for a key-value table's
    values), its cells."""
    for section in document.sections:
        for block in section.blocks:
            if isinstance(block, DataTable):
                yield from ((section.id, block.header[j], cells) for j, cells in enumerate(_amount_columns(block)))
            elif isinstance(block, KeyValueTable):
                yield section.id, "", [value for _key, value in block.rows]


def test_no_money_column_of_the_chinese_proposal_mixes_dollars_and_wan(startup_zh):
    checked = 0
    for section, header, cells in _columns(startup_zh):
        if "单价" in header:
            continue  # a unit price is as precise as it is quoted ($1.99 per instance-hour)
        wan = [c for c in cells if "万美元" in c]
        dollars = [c for c in cells if DOLLAR.search(c) and not RATE.search(c)]
        assert not (wan and dollars), (section, header, cells)
        checked += bool(wan)
    assert checked >= 4  # the investment table, the roadmap, the bills of materials and their totals


def test_a_wan_column_reads_an_amount_of_a_yi_and_more_in_wan_too():
    """walk-23: the bank proposal's alternatives read '1.35 亿元' above '5,204 万元'. A column in 万 keeps 万 from
    1 亿 up (the bill of materials' unit); alone, an amount keeps 亿."""
    assert format_money(135_120_000.0, "CNY", "zh", wan=True) == "13,512 万元"
    assert format_money(135_120_000.0, "CNY", "zh") == "1.35 亿元"
    assert format_money(135_120_000.0, "CNY", "en", wan=True) == "¥135,120,000"


@pytest.fixture(scope="module")
def bank_zh(searched_sample):
    plan, project = searched_sample("bank-llm-assistant")
    return build_proposal(plan, project, "zh", Branding(), catalog_date="2026-12-01", catalog=searched_sample.catalog)


def test_no_money_column_of_the_chinese_proposal_mixes_yi_and_wan(bank_zh):
    checked = 0
    for section, header, cells in _columns(bank_zh):
        yi = [c for c in cells if "亿元" in c]
        wan = [c for c in cells if "万元" in c]
        assert not (yi and wan), (section, header, cells)
        checked += bool(wan)
    assert checked >= 6
    alternatives = [b for s in bank_zh.sections for b in s.blocks
                    if isinstance(b, DataTable) and b.title == "备选方案（规模最大的阶段）"]
    # the amount on its first line, the lines awaiting a quote it leaves out below it (proposal_alternatives.candidate_cost)
    assert alternatives and alternatives[0].rows[0][-1].split("\n")[0].endswith(" 万元"), alternatives
