"""One unit for a column of amounts: product-20 found the Chinese proposal's investment table reading '$0' (one-time)
beside '7.0 万美元' (per year) and the bill of materials '$6,304' over '1.7665 万美元', as if two currencies were
mixed. In Chinese, a column (or a table of totals) that holds an amount of 10,000 or more reads every amount in 万."""

from __future__ import annotations

import re

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


def test_no_money_column_of_the_chinese_proposal_mixes_dollars_and_wan(startup_zh):
    checked = 0
    for section in startup_zh.sections:
        for block in section.blocks:
            columns = _amount_columns(block) if isinstance(block, DataTable) else \
                [[value for _key, value in block.rows]] if isinstance(block, KeyValueTable) else []
            for j, cells in enumerate(columns):
                if isinstance(block, DataTable) and "单价" in block.header[j]:
                    continue  # a unit price is as precise as it is quoted ($1.99 per instance-hour)
                wan = [c for c in cells if "万美元" in c]
                dollars = [c for c in cells if DOLLAR.search(c) and not RATE.search(c)]
                assert not (wan and dollars), (section.id, block.header if isinstance(block, DataTable) else "", cells)
                checked += bool(wan)
    assert checked >= 4  # the investment table, the roadmap, the bills of materials and their totals
