"""The balanced search's fast paths (speed-23) against the plain computations they replace, on a grid of balancer
settings (timeout T in 6, 9, 50, 500; batching wait W in 0, 2, 3, 10): the hold's survival summed per rank count
and only for rows that can hold, against its columns written out in full; the shares of several budgets a row,
against one budget at a time and against the hold's columns; and the held rate found with the closed form and the
scan's wider reads, against the rate found reading every row from its columns over the whole grid at once."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core import server_held_rate
from gpudesk.core.adp_hold import hold_survival, survival_quantile
from gpudesk.core.held_budget_share import budget_share, budget_shares
from gpudesk.core.held_first_token import held_wait_quantile, held_wait_quantiles, held_wait_survival

GRID = [(timeout, wait) for timeout in (6, 9, 50, 500) for wait in (0, 2, 3, 10)]


def _plain_survival(rate, t, groups, in_flight, timeout, wait):
    """P(hold > w) for w = 0 … T + W, every row and column written out: F(k) = (1 − e^(−m·k))^G, P(L > v) =
    F(T) − F(clip(v − W, 0, T)) + (1 − F(T))·1(v < T), the tail E[L] − Σ_(v < w) P(L > v) times the decoding share
    over E[L] (core/adp_hold.py's module note)."""
    g = np.maximum(groups, 1.0)
    m = np.where(np.isfinite(t) & (t > 0), np.maximum(rate, 0.0) * t / g, 0.0)
    v = np.arange(timeout + wait + 1, dtype=np.float64)
    f = (1.0 - np.exp(-m[:, None] * np.clip(v - wait, 0, timeout)[None, :])) ** g[:, None]
    f_t = ((1.0 - np.exp(-m * timeout)) ** g)[:, None]
    longer = f_t - f + (1.0 - f_t) * (v < timeout)[None, :]
    mean = np.sum(longer, axis=1)
    tail = mean[:, None] - np.concatenate([np.zeros((m.size, 1)), np.cumsum(longer, axis=1)[:, :-1]], axis=1)
    decoding = (1.0 - np.exp(-np.maximum(in_flight, 0.0) / g)) ** g
    held = (g > 1.0) & (rate > 0)
    scale = np.where(held & (mean > 0), decoding / np.where(mean > 0, mean, 1.0), 0.0)
    return np.clip(tail * scale[:, None], 0.0, 1.0)


def _rows(n: int, seed: int) -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(seed)
    rate, t = 10 ** rng.uniform(-3, 2, n), 10 ** rng.uniform(-2.5, -0.5, n)
    groups, in_flight = rng.choice([1.0, 2.0, 3.0, 4.0, 8.0, 16.0, 32.0], n), 10 ** rng.uniform(-1, 3, n)
    rate[:n // 5] = 0.0  # a third of a search's rows: nothing held
    return rate, t, groups, in_flight


@pytest.mark.parametrize(("timeout", "wait"), GRID)
def test_the_holds_survival_is_its_columns_written_out(timeout, wait):
    rate, t, groups, in_flight = _rows(600, timeout * 11 + wait)
    plain = _plain_survival(rate, t, groups, in_flight, timeout, wait)
    fast = hold_survival(rate, t, groups, in_flight, timeout, wait)
    assert np.max(np.abs(fast - plain)) < 1e-12
    assert np.ptp(fast[:, 0]) > 0.5 and np.all(fast[:120] == 0)  # rows that hold and rows that do not
    for columns in (1, wait + 2, 64):  # the first columns only (the cycle's mean in closed form where it can be)
        head = hold_survival(rate, t, groups, in_flight, timeout, wait, columns)
        assert np.max(np.abs(head - plain[:, :head.shape[1]])) < 1e-10


@pytest.mark.parametrize(("timeout", "wait"), GRID)
def test_several_budgets_a_row_share_as_one_budget_at_a_time_and_as_the_columns(timeout, wait):
    rate, t, groups, in_flight = _rows(400, timeout * 13 + wait)
    groups = np.minimum(groups, 16.0)  # the closed form's rank counts
    groups = np.where(groups == 3.0, 2.0, groups)
    rng = np.random.default_rng(timeout + 7 * wait)
    p_wait, mu = rng.uniform(0, 1, rate.size), 10 ** rng.uniform(-1, 2.5, rate.size)
    xs = rng.uniform(-0.1, 1.2, (3, rate.size)) * (timeout + wait) * t
    xs[2, ::3] = np.inf  # a target not set
    xs[0, :4] = (0.0, np.inf, (timeout + wait) * t[2], -1.0)
    together = budget_shares(xs, rate, t, groups, in_flight, p_wait, mu, timeout, wait)
    hold = hold_survival(rate, t, groups, in_flight, timeout, wait)
    for x, share in zip(xs, together):
        assert np.array_equal(share, budget_share(x, rate, t, groups, in_flight, p_wait, mu, timeout, wait))
        assert np.max(np.abs(share - held_wait_survival(x, hold, t, p_wait, mu))) < 1e-9
    assert np.ptp(together[:2]) > 0.5


def _plain_held_rate(parts, top, balancer):
    """server_held_rate's module note written plainly: every row's misses read from the hold's every column
    (_survivals over held_state), the whole grid below λ₀ at once, then the bisection."""
    rows = np.arange(top.size)

    def misses(lam, at):
        return server_held_rate._survivals(parts, server_held_rate.held_state(parts, balancer, lam, at), at)

    failing = np.any(misses(top, rows) > 0, axis=1)
    per = server_held_rate.GRID_PER_DECADE
    steps = np.arange(1, per * server_held_rate.GRID_DECADES + 1)
    grid = top[:, None] * 10.0 ** (-steps[None, :] / per)
    ok = np.all(misses(grid.ravel(), np.repeat(rows, steps.size)) <= 0, axis=1).reshape(top.size, steps.size)
    found, first = np.any(ok, axis=1), np.argmax(ok, axis=1)
    lo, hi = top * 10.0 ** (-(first + 1) / per), top * 10.0 ** (-first / per)
    for _ in range(server_held_rate.BISECT_STEPS):
        mid = np.sqrt(lo * hi)
        good = np.all(misses(mid, rows) <= 0, axis=1)
        lo, hi = np.where(good, mid, lo), np.where(good, hi, mid)
    bound = np.asarray(server_held_rate.HELD_BOUNDS)[np.argmax(misses(hi, rows) > 0, axis=1)]
    return {"rate": np.where(failing, np.where(found, lo, 0.0), top), "moved": failing,
            "bound": np.where(failing, bound, 0.0)}


@pytest.mark.parametrize(("timeout", "wait"), GRID)
def test_the_held_rate_is_the_rate_read_from_the_columns_over_the_whole_grid(timeout, wait, monkeypatch):
    rng = np.random.default_rng(timeout * 17 + wait)
    n = 120
    parts = {"a": np.full(n, 0.02), "b": rng.uniform(1e-6, 1e-4, n), "output": np.full(n, 1000.0),
             "prefill": rng.uniform(0.01, 0.3, n), "k": np.full(n, 1.0), "groups": rng.choice([2.0, 4.0, 8.0], n),
             "budget0": 10 ** rng.uniform(-1.5, 0.5, n), "exceed0": np.full(n, 0.5),
             "budget1": 10 ** rng.uniform(-1, 1, n), "exceed1": np.full(n, 0.01),
             "budget2": np.where(rng.uniform(size=n) < 0.5, np.inf, 10 ** rng.uniform(-0.5, 1.5, n)),
             "exceed2": np.full(n, 0.01)}
    monkeypatch.setattr(server_held_rate, "_flat", lambda *args: parts)
    top = 10 ** rng.uniform(0, 2, n)
    fast = server_held_rate.held_rate({}, {}, 0.01, top, (None, timeout, wait), (None, None))
    plain = _plain_held_rate(parts, top, (None, timeout, wait))
    for key in ("rate", "moved", "bound"):
        assert np.array_equal(fast[key], plain[key]), key
    assert 0 < np.sum(plain["moved"]) < n and np.any(plain["rate"][plain["moved"]] > 0)


@pytest.mark.parametrize(("timeout", "wait"), GRID)
def test_a_row_the_bound_finds_missing_misses_by_its_columns(timeout, wait):
    # server_held_rate._surely_missed: the hold alone, bounded below without a sum, past a target's share; each
    # such row must miss some target when its share is summed from the hold's every column
    rng = np.random.default_rng(timeout * 19 + wait)
    n = 4000
    parts = {"a": np.full(n, 0.02), "b": rng.uniform(1e-6, 1e-4, n), "output": np.full(n, 1000.0),
             "prefill": rng.uniform(0.01, 0.3, n), "k": np.full(n, 1.0), "groups": rng.choice([1.0, 2.0, 8.0, 32.0], n),
             "budget0": 10 ** rng.uniform(-1.5, 0.5, n), "exceed0": np.full(n, 0.5),
             "budget1": 10 ** rng.uniform(-1, 1, n), "exceed1": rng.choice([0.01, 0.05, 0.5], n),
             "budget2": np.where(rng.uniform(size=n) < 0.5, np.inf, 10 ** rng.uniform(-0.5, 1.5, n)),
             "exceed2": np.full(n, 0.01)}
    balancer, rows, lam = (None, timeout, wait), np.arange(n), 10 ** rng.uniform(-2, 1.5, n)
    n_in, t = server_held_rate._in_flight(parts, lam, rows)
    sure = server_held_rate._surely_missed(parts, balancer, lam, rows, n_in, t)
    full = server_held_rate._survivals(parts, server_held_rate.held_state(parts, balancer, lam, rows), rows)
    assert np.all(np.any(full[sure] > 0, axis=1))
    screened = server_held_rate._misses(parts, balancer, lam, rows, screen=True)
    assert np.array_equal(np.all(screened <= 0, axis=1), np.all(full <= 0, axis=1))
    if timeout == 500:  # a long timeout: many misses found without a sum (most of a search's scan)
        assert np.sum(sure) > 0.3 * np.sum(np.any(full > 0, axis=1))


@pytest.mark.parametrize(("timeout", "wait"), GRID)
def test_the_held_waits_quantiles_are_each_rows_bisection_over_its_whole_hold(timeout, wait):
    # held_wait_quantiles bisects the rows that hold nothing on the wait alone and the rest in blocks of rows
    # (whole_segments); each must equal held_wait_quantile over every row's whole hold, to the bit
    rate, t, groups, in_flight = _rows(3000, timeout * 23 + wait)
    rng = np.random.default_rng(timeout + wait)
    p_wait, mu = rng.uniform(0, 1, rate.size), 10 ** rng.uniform(-1, 2.5, rate.size)
    p_wait[::17], mu[::19] = 0.0, 0.0
    hold = hold_survival(rate, t, groups, in_flight, timeout, wait)
    shares = (0.5, 0.05, 0.01)
    hold_qs = [survival_quantile(hold, t, q) for q in shares]
    wait_qs = [np.where(mu > 0, np.log(np.maximum(p_wait, q) / q) / np.where(mu > 0, mu, 1.0), 0.0) for q in shares]
    fast = held_wait_quantiles(shares, hold, t, p_wait, mu, hold_qs, wait_qs)
    for q, hq, wq, got in zip(shares, hold_qs, wait_qs, fast):
        assert np.array_equal(got, held_wait_quantile(q, hold, t, p_wait, mu, hq, wq))
    assert np.any(hold_qs[2] > 0) and np.any(np.all(hold == 0, axis=1))  # rows that hold and rows that do not
