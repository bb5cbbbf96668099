"""k halvings a pass (core/branched_bisection.py) give the bracket k single halvings give, bit for bit."""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core.branched_bisection import branch_midpoints, follow


def _halfway(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return 0.5 * (lo + hi)


def _geometric(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return np.sqrt(lo * hi)


@pytest.mark.parametrize("midpoint", [_halfway, _geometric])
@pytest.mark.parametrize("levels", [1, 2, 3, 5])
@pytest.mark.parametrize("shape", [(), (1,), (7,), (2, 3)])
def test_branched_halvings_match_single_halvings(midpoint, levels: int, shape: tuple[int, ...]) -> None:
    rng = np.random.default_rng(levels * 100 + len(shape))
    lo = rng.uniform(0.1, 1.0, shape)
    hi = lo * rng.uniform(1.5, 40.0, shape)
    cut = rng.uniform(0.0, 1.0, shape) * (hi - lo) + lo  # a monotone check: holds at or below ``cut``
    a, b = lo.copy(), hi.copy()
    for _ in range(levels):
        mid = midpoint(a, b)
        ok = mid <= cut
        a, b = np.where(ok, mid, a), np.where(ok, b, mid)
    mids = branch_midpoints(lo, hi, levels, midpoint)
    assert mids.shape == (2 ** levels - 1, *shape)
    got_lo, got_hi = follow(mids <= cut, mids, lo, hi, levels)
    assert got_lo.tobytes() == np.asarray(a).tobytes() and got_hi.tobytes() == np.asarray(b).tobytes()
    assert np.all(got_lo <= cut) and np.all((got_hi > cut) | (got_hi == hi))
