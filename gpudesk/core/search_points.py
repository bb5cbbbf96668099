"""The points a configuration search evaluates, why each was dropped, and the Pareto front.

A search fills one :class:`PointTable`: numpy columns over every configuration it evaluated (accelerator,
precision, layout, batch, GPUs, time or latency, cost …) and a violation bit mask per point, one bit per
``vocabulary.sizing.BINDING`` code. A point is feasible when no bit is set. Dropped points are counted by
their first violation in BINDING order, so the counts add up to the points dropped ("412 layouts: 380 out of
memory, 20 miss the TTFT target …"). Points a surface shows (the front, the recommendation, the best per
accelerator) are materialised as :class:`SearchPoint` records.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.catalog.records import display_name
from gpudesk.core.search_catalog import HOURS_PER_MONTH, HOURS_PER_YEAR
from gpudesk.vocabulary.delivery import horizon_months
from gpudesk.vocabulary.sizing import BINDING

if TYPE_CHECKING:
    from gpudesk.core.search_catalog import UnitCost
    from gpudesk.project.model import Phase

CODES = BINDING.codes
BIT = {code: 1 << i for i, code in enumerate(CODES)}


def bits_of(*codes: str) -> int:
    out = 0
    for code in codes:
        out |= BIT[code]
    return out


@dataclass
class PointTable:
    """Columns over the evaluated points; ``add`` appends a block of points (arrays of one length)."""

    columns: dict[str, list[np.ndarray]] = field(default_factory=dict)
    dropped_early: dict[str, int] = field(default_factory=dict)  # points counted without evaluation, by code
    _frozen: dict[str, np.ndarray] | None = None

    def add(self, **cols: Any) -> None:
        n = max(np.size(v) for v in cols.values())
        for key, value in cols.items():
            self.columns.setdefault(key, []).append(np.broadcast_to(np.asarray(value), (n,)).copy())
        self._frozen = None

    def drop(self, code: str, count: int) -> None:
        """Points of the search space ruled out before evaluation (e.g. a batch whose KV cache cannot fit)."""
        if count > 0:
            self.dropped_early[code] = self.dropped_early.get(code, 0) + int(count)

    @property
    def cols(self) -> dict[str, np.ndarray]:
        if self._frozen is None:
            self._frozen = {k: np.concatenate(v) if v else np.array([]) for k, v in self.columns.items()}
        return self._frozen

    def __getitem__(self, key: str) -> np.ndarray:
        return self.cols[key]

    def __len__(self) -> int:
        cols = self.cols
        return int(cols["mask"].size) if "mask" in cols else 0

    @property
    def feasible(self) -> np.ndarray:
        return self["mask"] == 0 if len(self) else np.zeros(0, dtype=bool)

    def only(self, code: str) -> np.ndarray:
        """Points whose one violation is ``code``."""
        return self["mask"] == BIT[code] if len(self) else np.zeros(0, dtype=bool)

    def dropped(self) -> dict[str, int]:
        """Dropped points by their first violation in BINDING order (evaluated and ruled out early)."""
        counts = dict(self.dropped_early)
        if len(self):
            mask = self["mask"].astype(np.int64)
            first = np.full(mask.size, -1)
            for i in reversed(range(len(CODES))):
                first = np.where(mask & (1 << i), i, first)
            for i, n in zip(*np.unique(first[first >= 0], return_counts=True)):
                counts[CODES[int(i)]] = counts.get(CODES[int(i)], 0) + int(n)
        return {code: counts[code] for code in CODES if counts.get(code)}

    @property
    def total(self) -> int:
        return len(self) + sum(self.dropped_early.values())


def in_slices(units: Sequence[UnitCost], evaluate: Callable[[list[int]], None], chunk: int = 64
              ) -> Generator[tuple[int, str], None, None]:
    """Evaluate the accelerators ``chunk`` at a time; after each slice yield (percent done, the slice's names)."""
    n = len(units)
    for start in range(0, n, chunk):
        ids = list(range(start, min(start + chunk, n)))
        evaluate(ids)
        yield int(100 * (ids[-1] + 1) / max(n, 1)), ", ".join(units[i].accelerator.name for i in ids)


def unit_columns(units: Sequence[UnitCost], acc: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(GPUs per server, price per GPU-hour, server kW) of each point's accelerator (``acc`` indexes ``units``)."""
    idx = acc.astype(int)
    per_unit = np.array([u.gpus_per_server for u in units], dtype=float)[idx]
    price = np.array([u.per_gpu_hour for u in units], dtype=float)[idx]
    kw = np.array([u.server_kw for u in units], dtype=float)[idx]
    return per_unit, price, kw


def mark_limits(table: PointTable, phase: Phase, units: Sequence[UnitCost], power: np.ndarray,
                cost: np.ndarray) -> None:
    """Set the power bit where an owned phase's servers exceed its power limit, the budget bit over its budget."""
    c = table.cols
    limit, budget = phase.facility.power_limit_kw, phase.costs.budget
    mask = c["mask"]
    if limit > 0 and units and units[0].basis == "own":  # a rented phase's power is the provider's
        mask |= np.where(np.isfinite(power) & (power > limit), BIT["power"], 0)
    if budget > 0:
        mask |= np.where(np.isfinite(cost) & (cost > budget), BIT["budget"], 0)
    c["mask"] = mask


def point_energy(table: PointTable, units: Sequence[UnitCost]) -> np.ndarray:
    """Each owned point's energy per GPU-hour at its own step's draw: the power model's (core/owned_power.py) at
    the point's ``compute_share`` (training: compute / step time; LLM serving: the compute-bound share of its
    iteration, with ``memory_share`` its memory-bound share), one vectorised call per accelerator, as the cost
    ledger charges the plan that pins the point. NaN where the search records no shares, or a unit is rented."""
    c = table.cols
    acc = c["acc"].astype(int)
    out = np.full(acc.size, np.nan)
    if "compute_share" not in c:
        return out
    share = c["compute_share"].astype(float)
    memory = c["memory_share"].astype(float) if "memory_share" in c else np.zeros(acc.size)
    for i in sorted(set(acc.tolist())):  # np.unique would import numpy.ma (tests/report/test_report_imports.py)
        at = units[i].energy_at
        if at is not None:
            rows = acc == i
            out[rows] = at(share[rows], memory[rows])
    return out


def bill_points(table: PointTable, phase: Phase, units: Sequence[UnitCost], hours: tuple[Any, ...], months: Any,
                known: np.ndarray | None = None) -> np.ndarray:
    """Whole servers (owned) or instances (rented) for each point's GPUs, the GPUs billed, their power and their cost
    over the hours whose factors are ``hours`` (numbers or one per point; unknown where ``known`` is False), per
    month over ``months``; marks the power and budget limits and returns the cost."""
    c = table.cols
    per_unit, price, kw = unit_columns(units, c["acc"])
    servers = np.ceil(c["gpus"] / per_unit)
    billed = servers * per_unit
    plan_draw = np.array([u.energy_per_gpu_hour for u in units], dtype=float)[c["acc"].astype(int)]
    own = point_energy(table, units)
    # an owned point's GPU-hour carries its own draw's energy in place of the plan's (where both are known)
    swap = np.isfinite(own) & np.isfinite(plan_draw)
    cost = billed * (price + np.where(swap, own - plan_draw, 0.0))
    energy = billed * np.where(swap, own, plan_draw)
    for factor in hours:
        cost, energy = cost * factor, energy * factor
    if known is not None:
        cost = np.where(known, cost, np.nan)
    c["servers"], c["billed_gpus"], c["cost"], c["cost_per_month"] = servers, billed, cost, cost / months
    c["energy"] = energy  # owned: the energy in ``cost`` (the power model's at the point's draw, as the ledger
    # charges the plan pinning it; the plan's draw where the point's step is unknown); NaN rented
    c["power_kw"] = servers * kw
    mark_limits(table, phase, units, c["power_kw"], cost)
    return np.asarray(cost)


def bill_training(table: PointTable, phase: Phase, units: Sequence[UnitCost]) -> np.ndarray:
    """The cost of each training point on the phase's basis (``bill_points``), as the cost ledger of the plan
    pinning the point charges it, so the search ranks a phase's points by what its rows will cost (docs/search.md):
    rented, the phase's own months of rent of every GPU billed (the instances are rented for the phase's hours,
    whatever the run's length); owned, the servers bought, over the horizon (what is paid once + the years'
    running cost: a GPU-hour of the horizon's TCO for every hour of it, as serving), whatever the run's length:
    ranked on the run's GPU-hours, a point that trains in half the time on twice the servers read half the cost
    of the servers its ledger buys."""
    days = table.cols["days"]
    years = max(phase.costs.horizon_years, 1)
    if units and units[0].basis == "rent":
        months = horizon_months(phase.delivery.mode, phase.duration_months, years)
        return bill_points(table, phase, units, (HOURS_PER_MONTH, months), max(months, 1.0), np.isfinite(days))
    return bill_points(table, phase, units, (years, HOURS_PER_YEAR), years * 12.0, np.isfinite(days))


def pareto_front(x: np.ndarray, y: np.ndarray, candidates: np.ndarray, x_higher_is_better: bool) -> np.ndarray:
    """Indices of the candidate points no other candidate beats on both x and y (lower y is better), by x.

    A point is kept when every point at least as good on x is strictly worse on y; ties on both keep one."""
    idx = np.flatnonzero(candidates & np.isfinite(x) & np.isfinite(y))
    if idx.size == 0:
        return idx
    key_x = -x[idx] if x_higher_is_better else x[idx]
    order = idx[np.lexsort((y[idx], key_x))]  # best x first, then lowest y
    best = np.minimum.accumulate(y[order])
    keep = np.r_[True, y[order][1:] < best[:-1]]
    front = order[keep]
    return front[np.argsort(x[front], kind="stable")]


@dataclass(frozen=True)
class SearchPoint:
    """One evaluated configuration, as surfaces show and pin it."""

    index: int  # row in the search's point table
    kind: str  # workload kind searched
    accelerator_id: str
    accelerator_name: str
    precision: str  # vocabulary.serving.SEARCH_PRECISION code (serving) or the compute dtype (training, others)
    weight_dtype: str
    kv_dtype: str
    compute_dtype: str
    gpus: int
    nodes: int
    feasible: bool
    violations: tuple[str, ...]  # BINDING codes, empty when feasible
    cost: float  # plan currency over the cost basis (horizon, or the training run); NaN = unpriced
    cost_per_month: float
    values: dict[str, float] = field(default_factory=dict, compare=False, hash=False)  # kind-specific figures
    layout: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)  # tp, pp, ep, cp, dp, zero …
    bits: int = 16
    caveat: str = ""  # quality caveat code ("" when at or above the plan's own precision)
    accelerator_name_zh: str = ""  # the catalog's name_zh (catalog.records.display_name)
    awaiting: int = 0  # cost lines awaiting a quote that ``cost`` (the pinning plan's ledger total) leaves out

    def accelerator_named(self, lang: str) -> str:
        """The accelerator's name as a reader of ``lang`` is shown it."""
        return display_name(self.accelerator_name, self.accelerator_name_zh, lang)

    @property
    def priced(self) -> bool:
        return math.isfinite(self.cost)

    def value(self, key: str, default: float = float("nan")) -> float:
        return float(self.values.get(key, default))
