"""Delivery modes against a hand-worked example (arithmetic in the comments)."""

import numpy as np
import pytest
from test_power import P5, RENTAL

from gpudesk.core.delivery import (
    DeliveryInputs,
    break_even_month,
    cheapest_allowed_mode,
    delivery_checks,
    delivery_figures,
)


def _plan(**kw):
    base = dict(gpus=8, months=12, offer=P5, rental_offer=RENTAL, private_capex=300_000.0, private_opex_per_month=5_000.0,
                hours_per_day=10, days_per_month=30, peak_months=(11,), peak_multiplier=2.0, start_month=1,
                hybrid_owned_share=0.5)
    base.update(kw)
    return delivery_figures(DeliveryInputs(**base))


def test_each_mode_matches_hand_arithmetic():
    fs = _plan()
    # prices per GPU-hour: on-demand 98.32 / 8 = 12.29; committed 39.33 / 8 = 4.91625; rental 16 / 8 = 2
    assert fs["delivery.price.cloud_on_demand"] == pytest.approx(12.29)
    # used hours per GPU-month: 10 h x 30 d = 300 h; November (month 11) doubles demand
    # on-demand: 8 x 300 x 12.29 = 29,496 per month; November 58,992; total 11 x 29,496 + 58,992 = 383,448
    assert fs["delivery.monthly.cloud_on_demand"][10] == pytest.approx(58_992)
    assert fs["delivery.total.cloud_on_demand"] == pytest.approx(383_448)
    # reserved 1y: 8 x 730 x 4.91625 = 28,710.9 per month; November adds 8 x 1 x 300 x 12.29 = 29,496 on demand
    # total = 12 x 28,710.9 + 29,496 = 374,026.8
    assert fs["delivery.total.cloud_reserved_1y"] == pytest.approx(374_026.8)
    # rental (monthly term): 8 x 730 x 2 = 11,680; November 16 GPUs = 23,360; total 11 x 11,680 + 23,360 = 151,840
    assert fs["delivery.total.gpu_rental"] == pytest.approx(151_840)
    # private: 300,000 capex in month 1 + 12 x 5,000 opex = 360,000
    assert fs["delivery.total.private"] == pytest.approx(360_000)
    # hybrid: owns 0.5 x 8 = 4 GPUs = 4 / 8 of the private build -> 0.5 x 360,000 = 180,000
    # bursts on demand in whole 8-GPU instances: normal 8 - 4 = 4 GPUs -> one instance, 8 x 300 x 12.29 = 29,496;
    # November 16 - 4 = 12 GPUs -> two instances, 16 x 300 x 12.29 = 58,992; total 180,000 + 11 x 29,496 + 58,992
    assert fs["delivery.hybrid_burst_gpus"][0] == 8 and fs["delivery.hybrid_burst_gpus"][10] == 16
    assert fs["delivery.total.hybrid"] == pytest.approx(180_000 + 11 * 29_496 + 58_992)
    assert "delivery.total.cloud_spot" not in fs  # no spot price in the offer: not priced at zero
    # utilisation of peak-sized capacity: 300 x mean(1,..,2,1) / (730 x 2) = 300 x 13/12 / 1460
    assert fs["delivery.owned_utilisation"] == pytest.approx(300 * 13 / 12 / 1460)


def test_a_reservation_bills_its_whole_term_however_short_the_phase():
    """A 1-year reservation for a 3-month pilot bills 12 months (the bank pilot's comparison priced 3 months,
    108.5 万元, while its horizon total charged the term): its series runs the term, the phase uses 3 months."""
    fs = _plan(months=3, running_per_month=1_000.0)
    # reserved: 8 x 730 x 4.91625 = 28,710.9 a month for 12 months = 344,530.8; running 1,000 in the 3 months only
    assert fs["delivery.term_months.cloud_reserved_1y"] == 12 and len(fs["delivery.monthly.cloud_reserved_1y"]) == 12
    assert fs["delivery.term_cost.cloud_reserved_1y"] == pytest.approx(344_530.8)
    assert fs["delivery.total.cloud_reserved_1y"] == pytest.approx(344_530.8 + 3_000)
    assert "the phase uses 3" in fs.explain("delivery.total.cloud_reserved_1y").formula
    assert "the phase uses 3 of them" in fs.explain("delivery.term_months.cloud_reserved_1y").source
    # on demand stops with the phase: 3 x (29,496 + 1,000); owning (300,000 + 3 x 6,000) never pays back over it
    assert fs["delivery.total.cloud_on_demand"] == pytest.approx(3 * 30_496)
    # the reservation bills on after the pilot: 11 x 28,710.9 + 3,000 = 318,820 ≥ 318,000 owned, from month 11
    assert fs["delivery.break_even.private_vs_cloud_reserved_1y"] == 11
    assert np.isinf(fs["delivery.break_even.private_vs_cloud_on_demand"])


def test_break_even_month_private_vs_on_demand():
    fs = _plan()
    # month 11: private 355,000 vs on-demand 11 x 29,496 + 29,496 = 353,952 (not yet)
    # month 12: private 360,000 vs on-demand 383,448 -> owning cheaper from month 12
    assert fs["delivery.break_even.private_vs_cloud_on_demand"] == 12
    assert np.isinf(fs["delivery.break_even.private_vs_gpu_rental"])  # never pays back: not unknown


def test_break_even_vectorised():
    a = np.array([[10.0, 11, 12, 13], [1.0, 2, 3, 4]])
    b = np.array([[5.0, 10, 15, 20], [0.5, 1, 1.5, 2]])
    np.testing.assert_array_equal(break_even_month(a, b), [3.0, np.inf])
    np.testing.assert_array_equal(break_even_month(np.array([[1.0, np.nan]]), np.array([[2.0, 3.0]])), [np.nan])


def test_rented_gpus_come_in_whole_instances_and_running_costs_reach_every_mode():
    fs = _plan(gpus=10, running_per_month=1_000.0)
    # 10 GPUs on 8-GPU instances: 2 instances = 16 GPUs billed; on demand 16 x 300 x 12.29 = 58,992 a month
    assert fs["delivery.billed_gpus.cloud"] == 16
    assert fs["delivery.monthly.cloud_on_demand"][0] == pytest.approx(58_992 + 1_000)
    assert fs["delivery.monthly.private"][1] == pytest.approx(5_000 + 1_000)  # staff, software, storage for all


def test_currency_conversion_cny():
    fs = _plan(currency="CNY", cny_per_usd=7.1)
    assert fs["delivery.price.cloud_on_demand"] == pytest.approx(12.29 * 7.1)


def test_regulated_data_excludes_public_cloud():
    fs = _plan(data_sensitivity="regulated", chosen_mode="cloud_on_demand")
    checks = delivery_checks(fs)
    assert [c.id for c in checks] == ["delivery.regulated_data_public_cloud"]
    assert checks[0].severity == "blocker"
    assert fs["delivery.allowed.gpu_rental"] == 0 and fs["delivery.allowed.private"] == 1
    assert cheapest_allowed_mode(fs) == "private"  # hybrid's bursts come in whole 8-GPU instances: dearer here
    assert delivery_checks(_plan(chosen_mode="private")) == []
    assert [c.id for c in delivery_checks(_plan(data_sensitivity="regulated", chosen_mode="hybrid"))] == [
        "delivery.hybrid_burst_data"]
