"""GPU power limit: the clock a power cap sustains, and so the compute peak the time models use.

A GPU at its TDP runs compute-bound kernels at its rated clock. Capped at a
lower power L, dynamic power P_dyn ∝ f^n (CMOS P = C·V²·f: n = 3 with V ∝ f,
n = 1 at the voltage floor; DVFS_POWER_EXPONENT) must fit in L − P_static, so
the sustained clock fraction is

    c = ((L − s·TDP) / (TDP − s·TDP))^(1/n),   s = GPU_STATIC_POWER_SHARE

and every dense peak is multiplied by c. Memory bandwidth is kept (HBM has
its own clock). A limit at or above the TDP, or no limit (0), changes
nothing; an unknown TDP leaves the peak as published and says so.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gpudesk.core.constants import DVFS_POWER_EXPONENT, GPU_STATIC_POWER_SHARE

MIN_CLOCK_FRACTION = 0.2  # below this a cap is outside any published DVFS range


def clock_fraction(limit_w: float | np.ndarray, tdp_w: float | np.ndarray) -> np.ndarray:
    """Sustained compute-clock fraction under a power limit (1 where no limit or no TDP)."""
    limit = np.asarray(limit_w, dtype=np.float64)
    tdp = np.asarray(tdp_w, dtype=np.float64)
    s = GPU_STATIC_POWER_SHARE.value
    capped = (limit > 0) & np.isfinite(tdp) & (tdp > 0) & (limit < tdp)
    safe_tdp = np.where(capped, tdp, 1.0)
    dyn = np.clip((np.where(capped, limit, safe_tdp) - s * safe_tdp) / ((1.0 - s) * safe_tdp), 0.0, 1.0)
    frac = np.maximum(dyn ** (1.0 / DVFS_POWER_EXPONENT.value), MIN_CLOCK_FRACTION)
    return np.where(capped, frac, 1.0)


def lowest_modelled_limit_w(tdp_w: float) -> float:
    """The power limit at which the clock law reaches MIN_CLOCK_FRACTION; below it the clock is held there."""
    s = GPU_STATIC_POWER_SHARE.value
    return float(tdp_w * (s + (1.0 - s) * MIN_CLOCK_FRACTION ** DVFS_POWER_EXPONENT.value))


def describe(limits: Sequence[float], tdps: Sequence[float | None], ids: Sequence[str]) -> str:
    """Source text of the clock fractions, per accelerator."""
    parts = []
    for limit, tdp, acc in zip(limits, tdps, ids):
        if limit <= 0:
            continue
        if not tdp:
            parts.append(f"{acc}: power limit {limit:g} W but no TDP in the catalog, peak kept")
            continue
        c = float(clock_fraction(limit, tdp))
        parts.append(f"{acc}: power limit {limit:g} W of {tdp:g} W TDP → clock × {c:.3f} "
                     f"(((L − {GPU_STATIC_POWER_SHARE.value:g}·TDP)/((1 − {GPU_STATIC_POWER_SHARE.value:g})·TDP))"
                     f"^(1/{DVFS_POWER_EXPONENT.value:g}); constants GPU_STATIC_POWER_SHARE, DVFS_POWER_EXPONENT)")
    return "; ".join(parts)
