"""The Server scenario's highest rate where the attention data-parallel balancer holds new prompts (core/adp_hold.py).

Without the hold every target's largest rate is one closed form and the rate is their smallest
(core/inference_server._server_rate, λ₀). The hold does not fall or rise with the rate one way: fewer arrivals leave
some rank longer without a prompt (longer cycles, up to the timeout), while fewer sequences in flight leave some
rank decoding nothing more often (nothing held then), and the prefill queue's wait grows with the rate. So the rates
meeting the first-token and end-to-end targets with the hold may be an interval that does not reach λ₀, or several.
The TPOT target and the slots do not read the hold and hold at every rate up to λ₀; the search reads the three
held targets (the P50 and percentile first token, the end-to-end at the percentile: hold + prefill wait, composed
by core/held_first_token.py, + prefill + iteration within each):

1. λ₀ itself, where it meets them (the rate and its bound stand);
2. else a geometric grid below λ₀, :data:`GRID_PER_DECADE` rates a decade over :data:`GRID_DECADES` decades (each
   10^(1/24) = 1.10× the next), the highest that meets them, then :data:`BISECT_STEPS` geometric halvings between
   it and the grid rate above (the result within 1.10^(2^−12), 2.3e-5 of itself, of the highest rate meeting
   them). A set of rates narrower than one grid step (10%) lying wholly between two grid rates can be missed; the
   bound is then the first-token (``ttft``) or the end-to-end (``e2e``) target, whichever fails just above;
3. no grid rate meets them: rate 0, bound by the held target that fails just above λ₀ / 10⁶. No plan gets there:
   at λ₀ / 10⁶ the sequences in flight are at most C / 10⁶, so some rank decodes nothing and nothing is held
   (P(every rank decoding) = (1 − e^(−n/G))^G), and the wait and prefill that remain fit wherever λ₀ > 0. A replica
   that cannot serve with the hold therefore cannot serve without it: its messages are the closed form's
   (infer.rate_bound; pitfall.latency_target_unreachable where even an idle replica misses the first token).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gpudesk.core.adp_hold import hold_survival, survival_quantile
from gpudesk.core.branched_bisection import branch_midpoints, follow
from gpudesk.core.held_budget_share import budget_shares, closed_groups
from gpudesk.core.held_first_token import held_wait_quantiles, held_wait_survival, whole_segments
from gpudesk.core.inference_queue import wait_law, wait_quantile

GRID_PER_DECADE = 24
"""Rates a decade in the scan below λ₀ (each 10^(1/24) = 1.10× the next): the search's resolution."""

GRID_DECADES = 6
"""Decades below λ₀ the scan covers (down to λ₀ / 10⁶; at lower rates the replica is idle)."""

BISECT_STEPS = 12
"""Geometric halvings between the highest grid rate meeting the targets and the one above (1.10^(2^−12), 2.3e-5)."""

BRANCHED_ROWS = ((8, 4), (256, 3), (1024, 2))
"""(most rows, k): the bisection's halvings a pass for that many failing rows or fewer (every midpoint the k
halvings may take read at once: core/branched_bisection.py; more rows: one a pass). A pass costs ~1-2 ms of numpy
calls whatever its rows up to a few hundred, then ~7 µs a row. Measured on bench_balanced's 500/10 searches (CPU in
the bisection, four searches each, alternating in one process), against one a pass: ≤ 8 rows 0.24x at k = 4, ≤ 64
0.46x at k = 3, ≤ 256 0.59x at k = 3, ≤ 1,024 0.81x at k = 2; over 1,024 (2,000-3,400 rows) k = 2 1.03x, k = 3 1.39x."""

TOLERANCE = 1e-6
"""Relative slack on a target's share before it counts as missed: at λ₀ a target that bounds it is met exactly (to
the queue solver's 1e-12), and rounding must not start a search there."""

SCAN_CHUNK = 1
"""Grid rates read at a time, from the top, for the rows that have not met the targets yet, while many are open
(one: most rows meet them within a few grid rates, and a row stops reading at the first; measured fastest of 1, 2,
3, 6 and 12)."""

SCAN_READS = 1024
"""Once fewer rows are open, each reads SCAN_READS // (open rows) grid rates a call, up to a decade: a call costs
~2 ms of numpy overhead whatever its rows, a row ~3 µs a rate, and the scan's last calls had a handful of rows
(measured at T = 500, W = 10: 1 rate a call 5.1 s, 256 / 512 / 1,024 / 2,048 reads 4.4-4.6 s, within the noise)."""

CLOSED_FROM_COLUMNS = 128
"""A row whose budgets read at least this many of the hold's columns (a power of two) is read in closed form
(core/held_budget_share.py, ~7 µs a row at 8 ranks, whatever its columns); below, from the columns (~5 µs a row at
64, 31 µs at 128: measured on 20,000 rows at T = 500, W = 10)."""

SURE_MARGIN = 1e-8
"""How far a bound on a held target's share must pass the share allowed before the row counts as missed without
summing it (:func:`_surely_missed`): above the exact share's rounding (held_budget_share: within 1e-9)."""

HELD_BOUNDS = (0, 0, 2)
"""infer.rate_bound's index (inference_server.BOUND_CODES) of each held target: first token P50, at the
percentile (ttft), end-to-end (e2e)."""


def held_state(parts: dict[str, np.ndarray], balancer: tuple[Any, int, int], lam: np.ndarray,
               rows: np.ndarray, budgets_only: bool = False) -> dict[str, np.ndarray]:
    """At the rates ``lam`` of the flattened ``rows``: the sequences in flight n = λ·O·A / (1 − λ·O·B), the iteration
    t = A + B·n, the hold's survival and the prefill queue's wait law (M/G/1); ``budgets_only``: the survival only
    up to the whole iteration above the largest held budget (all :func:`_survivals` reads)."""
    n, t = _in_flight(parts, lam, rows)
    _, timeout, wait = balancer
    columns = int(np.max(_columns(parts, rows, t, timeout, wait), initial=1)) if budgets_only else None
    hold = hold_survival(lam, t, parts["groups"][rows], n, timeout, wait, columns)
    p_wait, mu = wait_law(lam, parts["prefill"][rows], 1.0, parts["k"][rows])
    return {"n": n, "t": t, "hold": hold, "p_wait": p_wait, "mu": mu}


def _in_flight(parts: dict[str, np.ndarray], lam: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(n, t) at the rates ``lam`` of ``rows``: the sequences in flight and the iteration (:func:`held_state`)."""
    a, b, out = parts["a"][rows], parts["b"][rows], parts["output"][rows]
    room = 1.0 - lam * out * b
    with np.errstate(divide="ignore", invalid="ignore"):
        n = np.where(room > 0, lam * out * a / room, np.inf)
    return n, a + b * n


def _columns(parts: dict[str, np.ndarray], rows: np.ndarray, t: np.ndarray, timeout: int, wait: int) -> np.ndarray:
    """The hold's columns each row's held budgets read (i = ⌊x/t⌋ and i + 1 at the largest budget x), ≤ T + W + 1."""
    reach = np.max([np.where(np.isfinite(parts[f"budget{j}"][rows]), parts[f"budget{j}"][rows], 0.0)
                    for j in range(3)], axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        u = np.where(np.isfinite(t) & (t > 0), reach / np.where(t > 0, t, 1.0), 0.0)
    return np.asarray(np.minimum(timeout + wait + 1, np.floor(u) + 2).astype(int))


def _surely_missed(parts: dict[str, np.ndarray], balancer: tuple[Any, int, int], lam: np.ndarray, rows: np.ndarray,
                   n: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Rows whose hold alone exceeds some held target's share by more than :data:`SURE_MARGIN`, from a bound that
    sums nothing: a cycle the timeout forces lasts T iterations, so P(L > j) ≥ 1 − F(T) for j < T, and E[L] ≤ T + W
    (no cycle is longer), so P(H > x) ≥ (1 − e^(−n/G))^G · (1 − F(T)) · (T − ⌊x/t⌋ − 1)⁺ / (T + W), and the share
    of hold + wait over x is at least that (core/adp_hold.py's module note; the exact share's rounding, ~1e-9 at
    most, is far inside the margin). At a long timeout most rates the scan reads miss by this alone."""
    _, timeout, wait = balancer
    g = np.maximum(parts["groups"][rows], 1.0)
    ok_t = np.isfinite(t) & (t > 0)
    safe_t = np.where(ok_t, t, 1.0)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        decoding = (1.0 - np.exp(-np.maximum(n, 0.0) / g)) ** g
        forced = 1.0 - (1.0 - np.exp(-np.maximum(lam, 0.0) * safe_t / g * timeout)) ** g
        held = ok_t & (g > 1.0) & (lam > 0) & np.isfinite(decoding) & np.isfinite(forced)
        missed = np.zeros(rows.size, dtype=bool)
        for j in range(3):
            x = parts[f"budget{j}"][rows]
            whole = np.floor(np.where(np.isfinite(x) & (x >= 0), x, np.inf) / safe_t)
            bound = decoding * forced * np.maximum(timeout - whole - 1.0, 0.0) / (timeout + wait)
            missed |= held & (whole < timeout) & (bound - SURE_MARGIN > parts[f"exceed{j}"][rows] * (1.0 + TOLERANCE))
    return missed


def _misses(parts: dict[str, np.ndarray], balancer: tuple[Any, int, int], lam: np.ndarray,
            rows: np.ndarray, screen: bool = False) -> np.ndarray:
    """:func:`_survivals` at the rates ``lam`` of ``rows``: in closed form where the rows' rank counts allow and
    their budgets span :data:`CLOSED_FROM_COLUMNS` iterations or more (core/held_budget_share.py, a row costing its
    ranks, not the hold's iterations its budgets span); else the rows
    read in groups by the hold's columns their budgets reach (rounded up to a power of two), each group only as far
    as its own rows read, not as far as the one reaching furthest. A row's figures do not depend on the rows read
    with it. ``screen``: a row that :func:`_surely_missed` finds missing is not summed and reads +1 throughout (for
    callers that ask only whether every target is met)."""
    _, timeout, wait = balancer
    n, t = _in_flight(parts, lam, rows)
    out = np.empty((rows.size, 3))
    if screen:
        sure = _surely_missed(parts, balancer, lam, rows, n, t)
        out[sure] = 1.0
        if sure.any():
            rest = np.flatnonzero(~sure)
            out[rest] = _misses(parts, balancer, lam[rest], rows[rest])
            return out
    width = 2 ** np.ceil(np.log2(np.maximum(_columns(parts, rows, t, timeout, wait), 1)))
    closed = closed_groups(parts["groups"][rows]) & (width >= CLOSED_FROM_COLUMNS)
    if closed.any():
        c = np.flatnonzero(closed)
        r = rows[c]
        p_wait, mu = wait_law(lam[c], parts["prefill"][r], 1.0, parts["k"][r])
        budgets = np.stack([parts[f"budget{j}"][r] for j in range(3)])  # the three targets in one read
        share = budget_shares(budgets, lam[c], t[c], parts["groups"][r], n[c], p_wait, mu, timeout, wait)
        out[c] = _over(parts, r, share)
    for w in np.unique(width[~closed]):
        part = np.flatnonzero((width == w) & ~closed)
        out[part] = _survivals(parts, held_state(parts, balancer, lam[part], rows[part], True), rows[part])
    return out


def _survivals(parts: dict[str, np.ndarray], st: dict[str, np.ndarray], rows: np.ndarray) -> np.ndarray:
    """P(hold + wait > budget) − the share allowed, per held target (rows × 3; > 0: missed): the hold's whole
    segments summed once (held_first_token.whole_segments) and read at each target's budget."""
    budget = np.stack([parts[f"budget{j}"][rows] for j in range(3)])
    reach = np.max(np.where(np.isfinite(budget), budget, 0.0), axis=0)
    whole = whole_segments(st["hold"], st["t"], st["mu"], reach)  # once for the three targets' budgets
    share = np.stack([held_wait_survival(b, st["hold"], st["t"], st["p_wait"], st["mu"], whole) for b in budget])
    return _over(parts, rows, share)


def _over(parts: dict[str, np.ndarray], rows: np.ndarray, share: np.ndarray) -> np.ndarray:
    """The held targets' shares over their budgets (3 × rows) less the shares allowed, rows × 3 (> 0: missed)."""
    budget = np.stack([parts[f"budget{j}"][rows] for j in range(3)])
    exceed = np.stack([parts[f"exceed{j}"][rows] for j in range(3)])
    over = np.where(np.isinf(budget) & (budget > 0), -1.0, share - exceed * (1.0 + TOLERANCE))  # no target: no miss
    return over.T


def _flat(parts: dict[str, np.ndarray], targets: dict[str, np.ndarray], q_tail: float, shape: tuple[int, ...],
          balancer: tuple[Any, int, int], chord_ab: tuple[np.ndarray, np.ndarray]) -> dict[str, np.ndarray]:
    """What the search reads, one flat array a row: the chord, the queue, the held targets' budgets for hold + wait."""
    def flat(x: Any) -> np.ndarray:
        return np.broadcast_to(np.asarray(x, dtype=np.float64), shape).ravel()

    def budget(target: np.ndarray, fixed: np.ndarray) -> np.ndarray:
        return np.where(flat(target) > 0, flat(target) - flat(fixed), np.inf)

    step, pre_tail = parts["step"], parts["prefill_tail"]
    return {"a": flat(chord_ab[0]), "b": flat(chord_ab[1]), "output": flat(parts["output"]),
            "prefill": flat(parts["prefill"]), "k": flat(parts["k"]), "groups": flat(balancer[0]),
            "budget0": budget(targets["ttft"], parts["prefill_median"] + step), "exceed0": flat(0.5),
            "budget1": budget(targets["ttft_tail"], pre_tail + step), "exceed1": flat(q_tail),
            "budget2": budget(targets["e2e"], pre_tail + step + parts["output_tail"] * step), "exceed2": flat(q_tail)}


def _scan(fp: dict[str, np.ndarray], balancer: tuple[Any, int, int], top: np.ndarray,
          rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``rows``: the index of the highest grid rate below ``top`` meeting the held targets (the grid's
    i-th: top · 10^(−(i + 1)/GRID_PER_DECADE)) and whether one does (else index 0), reading the grid from the top
    :data:`SCAN_CHUNK` rates at a time (:data:`SCAN_READS` once few rows are open) and only for the rows that have not
    met them yet: the same answer as the whole
    grid read at once, without the rates below the highest that meets them."""
    first = np.zeros(rows.size, dtype=int)
    found = np.zeros(rows.size, dtype=bool)
    total = GRID_PER_DECADE * GRID_DECADES
    start = 0
    while start < total:
        open_ = np.flatnonzero(~found)
        if not open_.size:
            break
        chunk = int(min(max(SCAN_CHUNK, SCAN_READS // open_.size), GRID_PER_DECADE))
        steps = np.arange(start + 1, min(start + chunk, total) + 1)
        start += chunk
        grid = top[open_, None] * 10.0 ** (-steps[None, :] / GRID_PER_DECADE)
        g_rows = np.repeat(rows[open_], steps.size)
        miss = _misses(fp, balancer, grid.ravel(), g_rows, screen=True)
        ok = np.all(miss <= 0, axis=1).reshape(open_.size, steps.size)
        hit = np.any(ok, axis=1)
        first[open_[hit]] = steps[0] - 1 + np.argmax(ok[hit], axis=1)
        found[open_[hit]] = True
    return first, found


def _geometric_midpoint(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return np.asarray(np.sqrt(lo * hi))


def _bisected(fp: dict[str, np.ndarray], balancer: tuple[Any, int, int], rows: np.ndarray, lo: np.ndarray,
              hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """[lo, hi] of each of ``rows`` after :data:`BISECT_STEPS` geometric halvings (the highest rate meeting the
    held targets inside), :data:`BRANCHED_ROWS` halvings a pass (core/branched_bisection.py)."""
    left = BISECT_STEPS
    per_pass = next((k for most, k in BRANCHED_ROWS if rows.size <= most), 1)
    while left:
        levels = min(left, per_pass)
        if levels == 1:  # one midpoint: read it alone
            mid = _geometric_midpoint(lo, hi)
            good = np.all(_misses(fp, balancer, mid, rows, screen=True) <= 0, axis=1)
            lo, hi = np.where(good, mid, lo), np.where(good, hi, mid)
        else:
            mids = branch_midpoints(lo, hi, levels, _geometric_midpoint)
            miss = _misses(fp, balancer, mids.ravel(), np.tile(rows, mids.shape[0]), screen=True)
            lo, hi = follow(np.all(miss <= 0, axis=1).reshape(mids.shape), mids, lo, hi, levels)
        left -= levels
    return lo, hi


def held_rate(parts: dict[str, np.ndarray], targets: dict[str, np.ndarray], q_tail: float, top: np.ndarray,
              balancer: tuple[Any, int, int], chord_ab: tuple[np.ndarray, np.ndarray]) -> dict[str, np.ndarray]:
    """The highest rate ≤ ``top`` (λ₀, the rate without the hold) meeting the held targets (module note): ``rate``,
    ``moved`` (the rate is below λ₀) and ``bound`` (BOUND_CODES index where moved), in ``top``'s shape."""
    shape = np.shape(top)
    fp = _flat(parts, targets, q_tail, shape, balancer, chord_ab)
    lam = np.asarray(top, dtype=np.float64).ravel().copy()
    bound = np.zeros(lam.shape)
    rows = np.flatnonzero(lam > 0)
    miss = _misses(fp, balancer, lam[rows], rows, screen=True)
    failing = rows[np.any(miss > 0, axis=1)]
    moved = np.zeros(lam.shape, dtype=bool)
    moved[failing] = True
    if failing.size:
        first, found = _scan(fp, balancer, lam[failing], failing)
        lo = lam[failing] * 10.0 ** (-(first + 1) / GRID_PER_DECADE)
        hi = lam[failing] * 10.0 ** (-first / GRID_PER_DECADE)
        lo, hi = _bisected(fp, balancer, failing, lo, hi)
        above = _misses(fp, balancer, hi, failing)
        lam[failing] = np.where(found, lo, 0.0)
        bound[failing] = np.asarray(HELD_BOUNDS)[np.argmax(above > 0, axis=1)]
    return {"rate": lam.reshape(shape), "moved": moved.reshape(shape), "bound": bound.reshape(shape)}


def held_at_rate(parts: dict[str, np.ndarray], targets: dict[str, np.ndarray], q_tail: float, lam: np.ndarray,
                 balancer: tuple[Any, int, int], chord_ab: tuple[np.ndarray, np.ndarray],
                 holds: bool = True) -> dict[str, np.ndarray]:
    """At the rates ``lam``: the sequences in flight ``n``, the iteration ``t``, the hold's P50 and percentile
    (``hold``, ``hold_tail``) and the percentile of hold + wait (``held_wait_tail``), s, in ``lam``'s shape;
    ``holds`` False: the last three not computed (NaN; the hold's survival and the composed bisection are most of
    the cost)."""
    shape = np.shape(lam)
    fp = _flat(parts, targets, q_tail, shape, balancer, chord_ab)
    rows = np.arange(fp["a"].size)
    flat_lam = np.asarray(lam, dtype=np.float64).ravel()
    if not holds:
        n, t = _in_flight(fp, flat_lam, rows)  # as held_state reads them
        unknown = np.full(shape, np.nan)
        return {"n": np.reshape(np.where(flat_lam > 0, n, 0.0), shape), "t": np.reshape(t, shape), "hold": unknown,
                "hold_tail": unknown, "held_wait_tail": unknown}
    st = held_state(fp, balancer, flat_lam, rows)
    hold, hold_tail = (survival_quantile(st["hold"], st["t"], q) for q in (0.5, q_tail))  # the hold held_state read
    (both,) = held_wait_quantiles([q_tail], st["hold"], st["t"], st["p_wait"], st["mu"], [hold_tail],
                                  [wait_quantile(flat_lam, fp["prefill"], 1.0, q_tail, fp["k"])])
    return {key: np.reshape(v, shape) for key, v in (("n", np.where(flat_lam > 0, st["n"], 0.0)), ("t", st["t"]),
                                                     ("hold", hold), ("hold_tail", hold_tail),
                                                     ("held_wait_tail", both))}
