"""The closed-form share of hold + wait over a budget (core/held_budget_share.py) against the column sums it stands
for (held_first_token.held_wait_survival over adp_hold.hold_survival), on random rows at each balancer setting."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core.adp_hold import hold_survival
from gpudesk.core.held_budget_share import budget_share, closed_groups
from gpudesk.core.held_first_token import held_wait_survival

SETTINGS = ((50, 10), (500, 10), (9, 3), (6, 2), (3, 7), (1, 0))


@pytest.mark.parametrize(("timeout", "wait"), SETTINGS)
def test_the_closed_form_share_is_the_column_sum(timeout, wait):
    rng = np.random.default_rng(timeout * 31 + wait)
    n = 400
    rate, t = 10 ** rng.uniform(-3, 2, n), 10 ** rng.uniform(-2.5, -0.5, n)
    groups, in_flight = rng.choice([1.0, 2.0, 4.0, 8.0, 16.0], n), 10 ** rng.uniform(-1, 3, n)
    p_wait, mu = rng.uniform(0, 1, n), 10 ** rng.uniform(-1, 2.5, n)
    hold = hold_survival(rate, t, groups, in_flight, timeout, wait)
    spread = 0.0
    for x in rng.uniform(-0.1, 1.2, (4, n)) * (timeout + wait) * t:
        x[:5] = (0.0, np.inf, (timeout + wait) * t[3], 2 * t[4], -1.0)
        direct = held_wait_survival(x, hold, t, p_wait, mu)
        assert np.max(np.abs(budget_share(x, rate, t, groups, in_flight, p_wait, mu, timeout, wait) - direct)) < 1e-9
        spread = max(spread, float(np.ptp(direct)))
    assert spread > 0.5  # the rows are not all at 0 or 1


def test_only_whole_rank_counts_up_to_sixteen_are_summed_in_closed_form():
    assert list(closed_groups(np.array([1.0, 8.0, 16.0, 17.0, 2.5, 0.0]))) == [True, True, True, False, False, False]
