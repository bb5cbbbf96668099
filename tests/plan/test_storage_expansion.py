"""A later phase that needs more usable storage than the appliances bought before hold buys an expansion
(walk-26 core item 3).

The manufacturer's phase 1 buys one appliance for 315 TB usable; phase 2 needs 629 TB. Its bill read '1 台 沿用已购
（可用容量 629 TB；前期已购）': twice the capacity bought, carried at no cost and with no quote asked. The carried line
now states what was bought (315 TB) and an expansion line asks a quote for the rest.
"""

from __future__ import annotations

from gpudesk.report.ledger_text import detail
from gpudesk.report.text_catalog import ReportText


def _storage(phase):  # type: ignore[no-untyped-def]
    return {ln.key: ln for ln in phase.ledger.lines if ln.key.startswith("storage.appliances")}


def test_a_phase_needing_more_capacity_than_was_bought_gets_an_expansion_line(searched_sample) -> None:
    plan, _project = searched_sample("manufacturer-vision-private")
    first, second = _storage(plan.phases[0]), _storage(plan.phases[1])
    bought = dict(first["storage.appliances"].params)["tb"]
    assert set(first) == {"storage.appliances"}  # the first phase buys, expands nothing
    carried, expansion = second["storage.appliances.carried"], second["storage.appliances.expansion"]
    assert dict(carried.params)["tb"] == bought  # what was bought, never the later phase's need
    held, total = dict(expansion.params)["held_tb"], dict(expansion.params)["tb"]
    assert held == bought and total > bought and expansion.quantity >= total - bought
    assert expansion.unit == "TB" and expansion.unit_price is None and expansion.status == "unpriced"
    zh = detail(expansion, ReportText("zh"))
    assert zh.startswith("扩容") and "315" in zh and "629" in zh, zh
    assert "629" not in detail(carried, ReportText("zh"))


def test_the_next_phase_carries_the_expanded_capacity(searched_sample) -> None:
    from gpudesk.results.plan_rows import handed_over

    plan, _project = searched_sample("manufacturer-vision-private")
    phase = plan.phases[1]
    kept = handed_over(phase.config, phase.figures, phase.ledger)
    assert kept is not None and kept.storage_appliances == 1 and kept.storage_tb > 600
