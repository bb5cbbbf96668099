"""Owning hardware (step 7) against a hand-worked example; running costs of every mode; the ledger's totals."""

import dataclasses
import math

import pytest
from test_power import DGX_H100

from gpudesk.core.cost_ledger import CostLedger, LedgerLine
from gpudesk.core.running_costs import RunningCostInputs, running_cost_figures
from gpudesk.core.tco import TcoInputs, tco_figures


def _tco(**kw):
    base = dict(server=DGX_H100, servers=4, annual_kwh=40.8 * 1.56 * 8760, design_kw_new=40.8, racks=1,
                electricity_per_kwh=0.10, server_price=300_000.0, network_capex=100_000.0,
                colo_per_rack_month=2_000.0, maintenance_pct_per_year=8.0, depreciation_years=4)
    base.update(kw)
    return tco_figures(TcoInputs(**base))


def test_hand_worked_owned_costs():
    fs = _tco()
    # capex: 4 x 300,000 + 100,000 network = 1,300,000 (no fit-out rate)
    assert fs["tco.owned_capex"] == pytest.approx(1_300_000)
    # energy: 40.8 kW x 1.56 x 8,760 h x 0.10 = 55,755.65; colo 1 x 2,000 x 12 = 24,000;
    # maintenance 8% x 1.3M hardware value = 104,000 -> 183,755.65 a year of running an owned cluster
    energy = 40.8 * 1.56 * 8760 * 0.10
    assert fs["tco.energy_per_year"] == pytest.approx(energy)
    assert fs["tco.owned_opex_per_year"] == pytest.approx(energy + 24_000 + 104_000)
    assert fs["tco.depreciation_per_year"] == pytest.approx(1_300_000 / 4)


def test_carried_servers_are_not_bought_again_but_still_maintained():
    fs = _tco(servers=4, servers_carried=3)
    # one new server: 300,000 + 100,000 added network; maintenance still on all four servers' value
    assert fs["tco.servers_new"] == 1
    assert fs["tco.owned_capex"] == pytest.approx(400_000)
    assert fs["tco.maintenance_per_year"] == pytest.approx(0.08 * 1_300_000)


def test_unknown_catalog_price_stays_unknown():
    fs = _tco(currency="CNY", cny_per_usd=7.1, server_price=0.0)
    # the DGX row has no catalog price in this fixture -> capex unknown, never zero
    assert math.isnan(float(fs["tco.server_capex"])) and math.isnan(float(fs["tco.owned_capex"]))
    fs2 = _tco(currency="CNY", cny_per_usd=7.1)
    # the fabric's cost arrives in the plan's currency (core/catalog_prices.py converts the catalog's USD once)
    assert fs2["tco.network_capex"] == pytest.approx(100_000)
    assert fs2["tco.server_capex"] == pytest.approx(1_200_000)  # typed in CNY already


def test_running_costs_of_every_mode():
    fs = running_cost_figures(RunningCostInputs(gpus=32, software_per_gpu_year=1_000.0, staff_fte=1.0,
                                                staff_cost_per_year=150_000.0, storage_monthly=float("nan")))
    assert fs["run.software_per_year"] == 32_000 and fs["run.staff_per_year"] == 150_000
    # storage price unknown: left out of the priced running costs, never read as zero
    assert fs["run.known_per_month"] == pytest.approx((32_000 + 150_000) / 12)
    assert "awaiting a quote" in fs.explain("run.known_per_month").note


def _line(key, period, quantity, price, months=12, profile=()):
    return LedgerLine(key, "hardware" if period == "once" else "energy", "capex" if period == "once" else "opex",
                      key, "", quantity, "unit", price, "USD", period, months, "priced" if price else "unpriced",
                      profile=profile)


def test_ledger_totals_are_defined_once():
    ledger = CostLedger("USD", 12, "private", (
        _line("servers", "once", 4, 300_000.0),
        _line("switches", "once", 2, None),  # unpriced: excluded from every total, listed
        _line("energy", "month", 1_000.0, 0.1),
        _line("cloud", "month", 10.0, 5.0, profile=(1.0,) * 10 + (2.0, 2.0)),
    ))
    assert ledger.capex == 1_200_000
    assert [line.key for line in ledger.unpriced] == ["switches"]
    # energy 100 a month; cloud 50 a month, doubled in the last two months: 10 x 50 + 2 x 100 = 700
    assert ledger.phase_total == pytest.approx(1_200_000 + 12 * 100 + 700)
    assert ledger.opex_per_year == pytest.approx(1_200 + 700)
    assert ledger.total_over_years(3) == pytest.approx(1_200_000 + 3 * 1_900)
    assert sum(ledger.monthly()) == pytest.approx(ledger.phase_total)


def test_a_rented_phase_costs_its_own_months_over_the_horizon():
    """Rented capacity is paid while the phase runs: a 3-month on-demand pilot costs its 3 months over a 5-year
    horizon (the bank sample's pilot read a '5-year TCO' of 20 quarters of rent); a 1-year reservation bills its
    whole term; a rented phase longer than the horizon, the horizon's months; owned hardware, the horizon."""
    rent = (_line("cloud.instances", "month", 100.0, 10.0, months=3), _line("setup", "once", 1, 500.0, months=3))
    pilot = CostLedger("USD", 3, "cloud_on_demand", rent)
    assert pilot.total_over_years(5) == pytest.approx(pilot.phase_total) == pytest.approx(3 * 1_000 + 500)
    # the reservation's line runs its whole term (core/ledger_build: billed_months), so the phase's own total, the
    # months the roadmap places and every horizon total read the same 12 months (the phase total read 3 before)
    reserved = CostLedger("USD", 3, "cloud_reserved_1y", (_line("cloud.reserved", "month", 100.0, 10.0, months=12),))
    assert reserved.total_over_years(5) == pytest.approx(reserved.phase_total) == pytest.approx(12 * 1_000)
    assert reserved.span_months == len(reserved.monthly()) == 12
    assert reserved.total_over_years(0.5) == pytest.approx(6 * 1_000)
    long = CostLedger("USD", 48, "gpu_rental", (_line("gpu_rental.instances", "month", 100.0, 10.0, months=48),))
    assert long.total_over_years(3) == pytest.approx(36 * 1_000)
    owned = CostLedger("USD", 3, "private", (_line("servers", "once", 1, 9_000.0, months=3),
                                             _line("energy", "month", 100.0, 10.0, months=3)))
    assert owned.total_over_years(5) == pytest.approx(9_000 + 5 * 12 * 1_000)


def test_kept_ledger_totals_follow_every_new_ledger():
    """The ledger keeps its totals once read (issue 24: the roadmap and each surface read them per phase and edit):
    a ledger with a line changed has its own totals, and a month list handed out cannot change the ledger's."""
    first = CostLedger("USD", 12, "private", (_line("servers", "once", 4, 300_000.0), _line("energy", "month", 1_000.0, 0.1)))
    assert first.phase_total == pytest.approx(1_201_200) and first.lines[1].phase_amount == pytest.approx(1_200)
    months = first.monthly()
    months[0] = 0.0
    assert first.monthly()[0] == pytest.approx(1_200_100)
    changed = dataclasses.replace(first, lines=(first.lines[0], dataclasses.replace(first.lines[1], quantity=2_000.0)))
    assert changed.lines[1].phase_amount == pytest.approx(2_400)
    assert changed.phase_total == pytest.approx(1_202_400) and sum(changed.monthly()) == pytest.approx(1_202_400)
    assert first.phase_total == pytest.approx(1_201_200)


def test_a_figures_formula_and_source_read_as_its_explanation_gives_them(searched_sample):
    """``FigureSet.formula``/``source`` (read per edit by the memory-fit chart and the ledger, without the inputs'
    values an explanation gathers) say what ``explain`` says, for every figure of a sample."""
    estimate, _project = searched_sample("bank-llm-assistant")
    figures = estimate.phases[0].figures
    for key in figures.keys():
        explained = figures.explain(key)
        assert (figures.formula(key), figures.source(key)) == (explained.formula, explained.source), key
