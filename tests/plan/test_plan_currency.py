"""One plan, one currency: every money figure a plan shows for its own costs reads in the plan's currency.

A CNY plan's fabric figures (net.cost, net.nic_cost, net.switch_price, net.optic_price, net.nic_price) and its
storage rent (storage.price_per_tb_month, storage.monthly_cost) read in USD on every surface (the window's step-5
table, ``gpudesk estimate --lang zh``) while the rest of the phase read in 元: the core kept the catalog's USD and the
cost ledger and the TCO converted later. The catalog's USD prices are now converted where they are recorded
(core/catalog_prices.py), their source saying so, and the ledger and the TCO read them as they are.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir, shipped_catalog_path
from gpudesk.project.schema import project_from_dict
from gpudesk.results.pipeline import estimate_plan

SAMPLES = ("bank-llm-assistant", "gov-llm-domestic-accelerator", "manufacturer-vision-private", "ecommerce-recsys",
           "startup-inspection")
CURRENCIES = ("USD", "CNY")


def _plan(stem: str, currency: str | None = None) -> dict:
    data = json.loads((samples_dir() / f"{stem}.gpudesk").read_text(encoding="utf-8"))
    if currency:
        for phase in data["phases"]:
            phase["costs"]["currency"] = currency
    return data


def _foreign_money(estimate) -> list[str]:  # type: ignore[no-untyped-def]
    """'phase: key (unit)' for every figure or ledger line in a currency other than the plan's."""
    wrong = []
    for phase in estimate.phases:
        fs = phase.figures
        for key in fs.keys():
            parts = fs.unit(key).split("/")
            if any(part in CURRENCIES and part != estimate.currency for part in parts):
                wrong.append(f"{phase.name}: {key} ({fs.unit(key)})")
        for line in phase.ledger_made.lines if phase.ledger_made else ():
            if line.currency != estimate.currency:
                wrong.append(f"{phase.name}: ledger {line.key} ({line.currency})")
    return wrong


@pytest.mark.parametrize("stem", SAMPLES)
def test_every_money_figure_of_a_sample_reads_in_the_plans_currency(stem: str, searched_sample) -> None:
    estimate, _project = searched_sample(stem)
    assert _foreign_money(estimate) == []


@pytest.mark.parametrize("stem", ("ecommerce-recsys", "startup-inspection"))
def test_a_usd_sample_costed_in_cny_shows_no_usd(stem: str) -> None:
    catalog = Catalog.open(user_db=None)
    try:
        estimate = estimate_plan(project_from_dict(_plan(stem, "CNY")), catalog, search=False)
    finally:
        catalog.close()
    assert estimate.currency == "CNY"
    assert _foreign_money(estimate) == []
    storage = [p.figures for p in estimate.phases if "storage.price_per_tb_month" in p.figures]
    assert storage, "the samples rent storage: the test must see a storage price"
    for fs in storage:
        assert fs.unit("storage.price_per_tb_month") == "CNY/TB/month"
        assert fs.source("storage.price_per_tb_month").endswith("(USD, in CNY at 7.1 CNY/USD)")


def test_a_priced_fabric_reads_in_yuan_and_the_ledger_and_tco_take_it_as_it_is(tmp_path: Path) -> None:
    """The shipped catalog prices no switch or NIC: a user's catalog row does. The converted price is the one the
    ledger's line and the TCO's network capex read (no second conversion: 7.1 × 7.1 would show)."""
    catalog = Catalog.open(shipped_catalog_path(), tmp_path / "user.db")
    try:
        catalog.edit_row("switches", "sn4600", {"price_usd": 20_000.0})
        catalog.edit_row("nics", "intel-e810-cqda2", {"optic_price_usd": 500.0, "price_usd": 900.0})
        estimate = estimate_plan(project_from_dict(_plan("bank-llm-assistant")), catalog, search=False)
    finally:
        catalog.close()
    phase = estimate.phases[1]  # the first owned phase: nothing carried, so the whole fabric is bought
    fs = phase.figures
    assert fs.value_at("net.switch_id") == "sn4600"
    for key, usd in (("net.switch_price", 20_000.0), ("net.optic_price", 500.0), ("net.nic_price", 900.0)):
        assert fs.unit(key) == "CNY"
        assert fs.number(key) == pytest.approx(usd * 7.1)
        assert fs.source(key).endswith("(USD, in CNY at 7.1 CNY/USD)")
    assert fs.unit("net.cost") == "CNY" and fs.unit("net.nic_cost") == "CNY"
    lines = {line.key: line for line in phase.ledger_made.lines}
    assert lines["switches"].unit_price == pytest.approx(fs.number("net.switch_price"))
    assert lines["optics"].unit_price == pytest.approx(fs.number("net.optic_price"))
    assert fs.number("tco.network_capex") == pytest.approx(fs.number("net.cost"))
    assert fs.number("tco.network_capex") == pytest.approx(
        lines["switches"].quantity * lines["switches"].unit_price + lines["optics"].quantity * lines["optics"].unit_price)


@pytest.mark.parametrize("stem", SAMPLES)
def test_a_converted_price_says_so_once_and_a_usd_plan_converts_nothing(stem: str, searched_sample) -> None:
    """One note for every converted catalog price (core/catalog_prices.conversion_note); a USD plan's server price
    read '(USD, in USD at 7.1 CNY/USD)'."""
    estimate, _project = searched_sample(stem)
    sources = [(phase.figures.source(key), key) for phase in estimate.phases for key in phase.figures.keys()]
    assert [key for source, key in sources if "(USD, in USD" in source] == []
    converted = [key for source, key in sources if source.endswith(f"(USD, in {estimate.currency} at 7.1 CNY/USD)")]
    if estimate.currency == "CNY":
        assert converted, "a CNY sample converts its catalog prices"
