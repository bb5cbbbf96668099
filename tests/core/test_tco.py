"""TCO (step 7) against a hand-worked example."""

import pytest

from gpudesk.core.tco import TcoInputs, tco_figures
from test_power import DGX_H100


def _tco(**kw):
    base = dict(server=DGX_H100, servers=4, it_kw=40.8, design_kw=40.8, racks=1, pue=1.56, electricity_per_kwh=0.10,
                server_price=300_000.0, network_capex_usd=100_000.0, colo_per_rack_month=2_000.0,
                maintenance_pct_per_year=8.0, software_per_gpu_year=1_000.0, staff_fte=1.0, staff_cost_per_year=150_000.0,
                depreciation_years=4, training_run_gpu_hours=10_000.0, tokens_served_per_year=1e11, seats=50)
    base.update(kw)
    return tco_figures(TcoInputs(**base))


def test_hand_worked_tco():
    fs = _tco()
    # capex: 4 x 300,000 + 100,000 network = 1,300,000
    assert fs["tco.capex"] == pytest.approx(1_300_000)
    # energy: 40.8 kW x 1.56 x 8,760 h x 0.10 = 55,755.65; colo 1 x 2,000 x 12 = 24,000;
    # maintenance 8% x 1.3M = 104,000; software 32 GPUs x 1,000 = 32,000; staff 150,000 -> opex 365,755.65
    energy = 40.8 * 1.56 * 8760 * 0.10
    assert fs["tco.energy_per_year"] == pytest.approx(energy)
    opex = energy + 24_000 + 104_000 + 32_000 + 150_000
    assert fs["tco.opex_per_year"] == pytest.approx(opex)
    assert fs["tco.total_3y"] == pytest.approx(1_300_000 + 3 * opex)
    assert fs["tco.total_5y"] == pytest.approx(1_300_000 + 5 * opex)
    annual = 1_300_000 / 4 + opex
    per_h = annual / (32 * 8760)
    assert fs["tco.cost_per_gpu_hour"] == pytest.approx(per_h)
    assert fs["tco.cost_per_training_run"] == pytest.approx(per_h * 10_000)
    assert fs["tco.cost_per_million_tokens"] == pytest.approx(annual / 1e5)
    assert fs["tco.cost_per_seat_month"] == pytest.approx(annual / 50 / 12)


def test_cny_converts_usd_inputs_only():
    fs = _tco(currency="CNY", cny_per_usd=7.1, server_price=0.0)
    # catalog price unknown -> capex unknown, never zero
    assert fs["tco.server_capex"] != fs["tco.server_capex"]
    fs2 = _tco(currency="CNY", cny_per_usd=7.1)
    assert fs2["tco.network_capex"] == pytest.approx(710_000)
    assert fs2["tco.server_capex"] == pytest.approx(1_200_000)  # typed in CNY already
