"""A Chinese reader reads the market rules in Chinese: every shipped availability row carries its rule in Chinese
(``rule_zh``, built into catalog.db), and the check, the assumption and the search's market note print it in a zh
text, never the English rule; the source cited stays as published."""

from __future__ import annotations

import re

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.compliance import availability_checks, compliance_assumption
from gpudesk.core.market import AvailabilityIndex
from gpudesk.core.search_catalog import market_tier
from gpudesk.project.model import Project
from gpudesk.report.assumption_text import assumption_text
from gpudesk.report.check_text import localise, reason_text

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


def _phase(accelerator: str):
    phase = Project().phases[0]
    phase.facility.region = "cn"
    phase.delivery.mode = "private"
    phase.hardware.accelerator_id = accelerator
    return phase


def test_every_shipped_rule_has_its_chinese_text_in_the_built_catalog(catalog) -> None:
    rows = catalog.rows("availability")
    assert len(rows) >= 30
    for row in rows:
        assert CJK.search(row.rule_zh), f"availability/{row.id}: no rule_zh"
        assert row.rule_zh != row.rule


@pytest.mark.parametrize(("accelerator", "server", "check_id"), [
    ("h100-sxm", "dgx-h100", "compliance.part_unavailable"), ("h20", None, "compliance.part_restricted")])
def test_the_check_the_assumption_and_the_market_note_read_the_rule_in_chinese(catalog, accelerator, server,
                                                                               check_id) -> None:
    phase = _phase(accelerator)
    acc = catalog.accelerator(accelerator)
    srv = catalog.server(server) if server else next(s for s in catalog.servers() if s.accelerator_id == accelerator)
    status = AvailabilityIndex.of(catalog).accelerator(accelerator, "cn")
    assert status.rule and CJK.search(status.rule_zh)
    check = next(c for c in availability_checks(catalog, phase, acc, srv, []) if c.id == check_id)
    _title, message, _fix = localise(check, "zh")
    assert status.rule_zh in message and status.rule not in message
    assert status.source in message  # the citation as published
    assert status.rule in localise(check, "en")[1]
    assumption = compliance_assumption(catalog, phase, acc)
    zh = assumption_text(assumption, "zh")
    assert status.rule_zh in zh and status.rule not in zh
    assert status.rule in assumption_text(assumption, "en")
    _tier, reasons = market_tier(AvailabilityIndex.of(catalog), acc, phase)
    note = reason_text(reasons[0], "zh")
    assert status.rule_zh in note and status.rule not in note
    assert status.rule in reason_text(reasons[0], "en")


def test_a_user_row_without_chinese_shows_its_own_rule(catalog) -> None:
    """An architect's own row (no rule_zh) is shown as written, never as an empty rule."""
    from dataclasses import replace

    from gpudesk.core.market import Status

    row = next(r for r in catalog.rows("availability") if r.item_id == "h20")
    own = replace(row, rule_zh="", rule="licence granted to our customer, 2026-11")
    index = AvailabilityIndex(catalog)
    index._rows[("accelerators", "h20")] = [own]
    status: Status = index.accelerator("h20", own.market)
    assert status.rule_zh == own.rule
