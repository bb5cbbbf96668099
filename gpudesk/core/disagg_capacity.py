"""What a disaggregated serving deployment carries on the GPUs the plan gives it.

A disaggregated deployment (core/inference_disagg.py) serves a request only once both of its pools have: the
prefill pool's instances carry at most n_pre · λ_pre requests/s (``infer.max_prefill_rate_per_instance``) and the
decode pool's at most n_dec · λ_dec (``infer.max_rate_per_replica``, a decode instance's), so the deployment
carries

    capacity = min(n_pre · λ_pre, n_dec · λ_dec).

Its GPUs are split between the pools: as the core sized them from the rate (``infer.disagg_prefill_gpus`` and
``infer.disagg_decode_gpus``) when the plan leaves the node count to gpudesk; where the plan fixes the nodes, in
whole blocks of its stated pools, or, with no block stated, the split of whole instances that carries the most
(every split tried; a tie keeps the larger prefill pool; with a pool's rate unknown or 0, the even split). Counting
every instance of both pools as a serving replica at the decode instance's rate, as the plan layer did until
2026-12-04, read the gov sample's phase 1 made disaggregated at 14.2 requests/s where its pools carry 7.5.

Reads nothing but its arguments."""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpudesk.core.explain import FigureSet


@dataclass(frozen=True)
class PoolSplit:
    """The pools a disaggregated deployment runs on its GPUs, and the rate they carry (NaN where a pool's rate is
    unknown)."""

    prefill_instances: int
    decode_instances: int
    prefill_gpus: int
    decode_gpus: int
    rate: float

    @property
    def pools(self) -> tuple[int, int]:
        return self.prefill_gpus, self.decode_gpus


def carried_rate(n_pre: int, n_dec: int, pre_rate: float, dec_rate: float) -> float:
    """The rate both pools carry (NaN where either pool's rate is unknown)."""
    pre, dec = n_pre * pre_rate, n_dec * dec_rate
    return min(pre, dec) if math.isfinite(pre) and math.isfinite(dec) else math.nan


def best_split(gpus: int, pre_gpus: int, dec_gpus: int, pre_rate: float, dec_rate: float) -> tuple[int, int]:
    """(prefill instances, decode instances) of at most ``gpus`` GPUs carrying the most requests/s; (0, 0) where one
    instance of each does not fit. Of splits that carry the same, the one with the most prefill instances.

    Found in O(log gpus), not by trying every split (a fixed phase of 100,000 nodes, 800,000 GPUs, took minutes):
    with n prefill instances the decode pool holds d(n) = ⌊(gpus − n·pre_gpus) / dec_gpus⌋ instances, so the
    prefill side n·λ_pre rises with n and the decode side d(n)·λ_dec never does. The best split is the last n where
    the prefill side is the smaller (the bisection's n₀), or past it, where the decode side is, at n₀ + 1 and every
    later n with the same d (the largest of which keeps the larger prefill pool). Rates must be positive."""
    last = (gpus - dec_gpus) // pre_gpus  # the most prefill instances that leave room for one decode instance
    if last < 1:
        return 0, 0

    def decode(n: int) -> int:
        return (gpus - n * pre_gpus) // dec_gpus

    lo, hi = 0, last  # the largest n in 0..last with n·λ_pre ≤ d(n)·λ_dec (0 when none of 1..last)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid * pre_rate <= decode(mid) * dec_rate:
            lo = mid
        else:
            hi = mid - 1
    rising = (lo, carried_rate(lo, decode(lo), pre_rate, dec_rate)) if lo >= 1 else None
    if lo == last:
        return (lo, decode(lo)) if rising else (0, 0)
    held = decode(lo + 1)  # past n₀ the decode side carries; it stays the same up to the last n with this d
    widest = min((gpus - held * dec_gpus) // pre_gpus, last)
    falling = carried_rate(lo + 1, held, pre_rate, dec_rate)
    if rising is not None and rising[1] > falling:
        return lo, decode(lo)
    return widest, decode(widest)


def pool_split(figures: FigureSet, gpus: int, fixed: bool, stated: tuple[float, float]) -> PoolSplit | None:
    """The pools of a disaggregated serving workload on ``gpus`` GPUs (``fixed``: the plan set them; ``stated``: the
    plan's block, (prefill pool, decode pool) GPUs, (0, 0) = none); None for any other workload. A fixed phase too
    small for one block (or one instance of each pool) gives no instances: the caller refuses it."""
    if "infer.disagg_prefill_gpus" not in figures:
        return None
    pre_gpus = int(figures.number("infer.prefill_gpus_per_instance", 1.0))
    dec_gpus = int(figures.number("infer.gpus_per_replica", 1.0))
    pre_rate = figures.number("infer.max_prefill_rate_per_instance")
    dec_rate = figures.number("infer.max_rate_per_replica")
    if not fixed:
        n_pre = round(figures.number("infer.disagg_prefill_gpus", pre_gpus) / pre_gpus)
        n_dec = round(figures.number("infer.disagg_decode_gpus", dec_gpus) / dec_gpus)
    elif stated[0] > 0 and stated[1] > 0:
        blocks = gpus // int(stated[0] + stated[1])
        n_pre, n_dec = blocks * int(stated[0]) // pre_gpus, blocks * int(stated[1]) // dec_gpus
    else:
        rates_known = math.isfinite(pre_rate) and math.isfinite(dec_rate) and pre_rate > 0 and dec_rate > 0
        n_pre, n_dec = best_split(gpus, pre_gpus, dec_gpus, pre_rate if rates_known else 1.0,
                                  dec_rate if rates_known else 1.0)
    return PoolSplit(prefill_instances=n_pre, decode_instances=n_dec, prefill_gpus=n_pre * pre_gpus,
                     decode_gpus=n_dec * dec_gpus, rate=carried_rate(n_pre, n_dec, pre_rate, dec_rate))
