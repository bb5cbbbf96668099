"""The held first token's shortcuts (speed-22) against the sums they stand for: the hold's survival as its defining
sum over cycle lengths, a hold's whole segments read from one table against the direct sum, and the rate scan read
a quarter decade at a time against the whole grid read at once."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core import server_held_rate
from gpudesk.core.adp_hold import hold_survival, survival_quantile
from gpudesk.core.held_first_token import held_wait_survival, whole_segments
from gpudesk.core.server_held_rate import GRID_DECADES, GRID_PER_DECADE, _survivals, held_state

SETTINGS = ((50, 10), (500, 10), (9, 3), (6, 2), (3, 7), (1, 0))
"""(timeout, batching wait): TensorRT-LLM's defaults, a long timeout, MLPerf's, and a timeout below the wait."""


def _rows(n: int, seed: int) -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(seed)
    return (10 ** rng.uniform(-3, 2, n), 10 ** rng.uniform(-2.5, -0.5, n), rng.choice([2.0, 4.0, 8.0, 16.0], n),
            10 ** rng.uniform(-1, 3, n))


def _by_definition(rate, t, groups, in_flight, timeout, wait) -> np.ndarray:
    """P(hold > w) = (1 − e^(−n/G))^G · Σ_L P(L)·(L − w)⁺ / E[L], P(L) summed term by term (core/adp_hold.py)."""
    out = np.zeros((rate.size, timeout + wait + 1))
    for r in range(rate.size):
        m, g = rate[r] * t[r] / groups[r], groups[r]
        p = np.zeros(timeout + wait + 1)
        for k in range(1, timeout + 1):
            p[k + wait] += (1 - np.exp(-m * k)) ** g - (1 - np.exp(-m * (k - 1))) ** g
        p[timeout] += 1 - (1 - np.exp(-m * timeout)) ** g
        lengths = np.arange(p.size)
        out[r] = [np.sum(p * np.maximum(lengths - w, 0)) / np.sum(p * lengths) for w in lengths]
        out[r] *= (1 - np.exp(-in_flight[r] / g)) ** g
    return out


@pytest.mark.parametrize(("timeout", "wait"), SETTINGS)
def test_the_holds_survival_is_its_defining_sum(timeout, wait):
    rows = _rows(40, timeout)
    fast = hold_survival(*rows, timeout, wait)
    assert np.max(np.abs(fast - _by_definition(*rows, timeout, wait))) < 1e-12
    assert np.all(np.diff(fast, axis=1) <= 1e-15)  # a survival falls
    for columns in (1, 7, 40):  # the first columns only, the cycle's mean in closed form (adp_hold._filled_sum)
        head = hold_survival(*rows, timeout, wait, columns)
        assert head.shape[1] == min(columns, timeout + wait + 1)
        assert np.max(np.abs(head - fast[:, :head.shape[1]])) < 1e-10
    t = rows[1]
    q = survival_quantile(fast, t, 0.01)
    assert np.all((q >= 0) & (q <= (timeout + wait) * t))


@pytest.mark.parametrize(("timeout", "wait"), SETTINGS)
def test_a_holds_whole_segments_read_from_the_table_are_the_direct_sum(timeout, wait):
    rate, t, groups, in_flight = _rows(2000, 7 + timeout)
    hold = hold_survival(rate, t, groups, in_flight, timeout, wait)
    rng = np.random.default_rng(3)
    p_wait, mu = rng.uniform(0, 1, rate.size), 10 ** rng.uniform(-1, 2.5, rate.size)
    x = rng.uniform(-0.1, 1.2, (3, rate.size)) * (timeout + wait) * t
    table = whole_segments(hold, t, mu, np.max(x, axis=0))
    for xs in x:
        direct = held_wait_survival(xs, hold, t, p_wait, mu)
        assert np.max(np.abs(held_wait_survival(xs, hold, t, p_wait, mu, table) - direct)) < 1e-12
        assert np.ptp(direct) > 0.1  # the rows are not all at 0 or 1


def test_the_scan_from_the_top_finds_the_highest_grid_rate_of_the_whole_grid(monkeypatch):
    # a hold that rises with the rate (TensorRT-LLM's defaults at a 30-60 ms iteration): rows whose targets are met
    # a few grid steps below λ₀ or deep below it; the whole grid read at once must agree
    rng = np.random.default_rng(5)
    n = 60
    parts = {"a": np.full(n, 0.03), "b": rng.uniform(1e-5, 2e-4, n), "output": np.full(n, 1000.0),
             "prefill": rng.uniform(0.05, 0.3, n), "k": np.full(n, 1.0), "groups": np.full(n, 8.0),
             "budget0": rng.uniform(0.05, 1.0, n), "exceed0": np.full(n, 0.5), "budget1": rng.uniform(0.3, 3.0, n),
             "exceed1": np.full(n, 0.01), "budget2": np.full(n, np.inf), "exceed2": np.full(n, 0.01)}
    balancer = (None, 50, 10)
    top, rows = rng.uniform(0.5, 20.0, n), np.arange(n)
    steps = np.arange(1, GRID_PER_DECADE * GRID_DECADES + 1)
    grid = top[:, None] * 10.0 ** (-steps[None, :] / GRID_PER_DECADE)
    g_rows = np.repeat(rows, steps.size)
    ok = np.all(_survivals(parts, held_state(parts, balancer, grid.ravel(), g_rows), g_rows) <= 0, axis=1)
    ok = ok.reshape(n, steps.size)
    first, found = server_held_rate._scan(parts, balancer, top, rows)
    assert np.array_equal(found, np.any(ok, axis=1))
    assert np.array_equal(first[found], np.argmax(ok, axis=1)[found])
    assert np.min(first) < server_held_rate.SCAN_CHUNK <= np.max(first)  # rows met in the first chunk and later


def test_the_release_excess_reads_each_octave_once_and_the_same_wherever_it_is_read():
    from gpudesk.core import adp_release

    rate, groups, in_flight = np.array([0.003, 0.05, 0.4, 2.0]), np.full(4, 8.0), np.full(4, 500.0)
    adp_release._octave_ratios.cache_clear()
    together = adp_release.release_excess(rate, groups, in_flight, 500, 10)
    computed = adp_release._octave_ratios.cache_info().misses
    assert computed >= 10  # the octaves between the lowest and the highest m
    alone = np.array([adp_release.release_excess(rate[i:i + 1], groups[:1], in_flight[:1], 500, 10)[0]
                      for i in range(rate.size)])
    assert adp_release._octave_ratios.cache_info().misses == computed  # every octave read again, none summed again
    assert np.array_equal(alone, together) and np.all(together > 0)
    adp_release._octave_ratios.cache_clear()
    assert np.max(np.abs(adp_release.release_excess(rate[1:2], groups[:1], in_flight[:1], 500, 10) - together[1])) < 1e-12


def test_rows_read_in_groups_by_their_columns_miss_as_when_read_at_full_width():
    # budgets from a few iterations to past T + W: the rows fall in several column groups (server_held_rate._misses;
    # 32 ranks: past held_budget_share.CLOSED_GROUPS, the rest in closed form);
    # each row's misses must equal those of all rows read at once with the hold's every column
    rng = np.random.default_rng(9)
    n = 300
    parts = {"a": np.full(n, 0.01), "b": rng.uniform(1e-6, 1e-4, n), "output": np.full(n, 1000.0),
             "prefill": rng.uniform(0.01, 0.3, n), "k": np.full(n, 1.0), "groups": rng.choice([2.0, 8.0, 16.0, 32.0], n),
             "budget0": 10 ** rng.uniform(-2, 0.5, n), "exceed0": np.full(n, 0.5),
             "budget1": 10 ** rng.uniform(-1.5, 1, n), "exceed1": np.full(n, 0.01),
             "budget2": np.where(rng.uniform(size=n) < 0.5, np.inf, 10 ** rng.uniform(-1, 1, n)),
             "exceed2": np.full(n, 0.01)}
    balancer, rows, lam = (None, 500, 10), np.arange(n), 10 ** rng.uniform(-1, 1.5, n)
    widths = server_held_rate._columns(parts, rows, server_held_rate._in_flight(parts, lam, rows)[1], 500, 10)
    assert np.min(widths) < 16 and np.max(widths) > 256  # several groups
    full = _survivals(parts, held_state(parts, balancer, lam, rows), rows)
    grouped = server_held_rate._misses(parts, balancer, lam, rows)
    assert np.max(np.abs(grouped - full)) < 1e-9
    assert np.any(full > 0) and np.any(full < 0)
