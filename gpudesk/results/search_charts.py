"""The trade-off chart of a phase's configuration search, with every point's configuration and identity.

LLM serving: cost per million output tokens against output tokens/s per user (1 / TPOT): the interactivity a
user feels against what it costs. Training (LLM and vision): the cost of the run against the time to train.
Series: a sample of the feasible configurations, their Pareto front, the front of the configurations only the
precision allowed rules out (with the quality caveat), and markers for the recommendation and the plan's own
configuration. Every point carries ``search:<row>`` in ``Series.keys``: a window pins the configuration a click
lands on (PhaseSearch.find).
"""

from __future__ import annotations

import math

from gpudesk.core.candidates import Reason
from gpudesk.core.config_search import PhaseSearch
from gpudesk.core.reason_values import Money
from gpudesk.core.search_points import SearchPoint
from gpudesk.core.search_words import describe, layout_text, performance
from gpudesk.results.chart_model import ChartSpec, Marker, Series

KEY_PREFIX = "search:"
AXES = {  # family -> (x key, x label, x unit, y key, y label, chart kind, log x)
    "serving": ("tokens_per_s_per_user", "Output tokens/s per user", "tokens/s", "cost_per_mtok",
                "Cost per million output tokens", "cost_vs_speed", False),
    "training": ("days", "Time to train", "days", "cost", "Cost of the run", "time_vs_cost", True),
    "vision_train": ("days", "Time to train", "days", "cost", "Cost of the run", "time_vs_cost", True),
}


def key_of(p: SearchPoint) -> str:
    return f"{KEY_PREFIX}{p.index}"


def index_of(key: str) -> int | None:
    """The search row a series key names; None for other keys."""
    if not key.startswith(KEY_PREFIX):
        return None
    try:
        return int(key[len(KEY_PREFIX):])
    except ValueError:
        return None


def _xy(p: SearchPoint, family: str, y_key: str = "") -> tuple[float, float]:
    x_key, _xl, _xu, default_y = AXES[family][:4]
    y_key = y_key or default_y
    y = p.cost if y_key == "cost" else float(p.gpus) if y_key == "gpus" else p.value(y_key)
    return p.value(x_key), y


def _tip(p: SearchPoint, currency: str, y_unit: str) -> Reason:
    """A point's hover text: its configuration, what it achieves, its cost and how to pin it (worded on display)."""
    perf = performance(p)
    numbers = {"config": describe(p), "cost": Money(p.cost, currency), "unit": y_unit,
               "caveat": Reason("search_tip_caveat" if p.caveat else "search_tip_pin")}
    return Reason("search_tip", {**numbers, "performance": perf}) if perf is not None \
        else Reason("search_tip_plain", numbers)


def _marker_label(p: SearchPoint) -> str:
    """The recommendation's marker: its accelerator, GPUs and layout, in names every language reads alike."""
    layout = layout_text(p)
    return f"{p.accelerator_name} × {p.gpus:,}" + (f" · {layout}" if layout else "")


def _series(name: str, points: tuple[SearchPoint, ...], family: str, currency: str, style: str, role: str,
            basis: str, y_key: str) -> Series | None:
    shown = [p for p in points if all(math.isfinite(v) and v > 0 for v in _xy(p, family, y_key))]
    if not shown:
        return None
    if style == "line":
        shown.sort(key=lambda p: _xy(p, family, y_key)[0])
    return Series(name, [_xy(p, family, y_key)[0] for p in shown], [_xy(p, family, y_key)[1] for p in shown],
                  style=style, color_role=role, tooltip_reasons=[_tip(p, currency, basis) for p in shown],
                  keys=[key_of(p) for p in shown])


def tradeoff_chart(search: PhaseSearch | None, plan_xy: tuple[float, float] | None = None) -> ChartSpec | None:
    """The search's trade-off chart; None when the kind has none or fewer than two priced points."""
    if search is None or search.family not in AXES:
        return None
    x_key, x_label, x_unit, y_key, y_label, kind, log_x = AXES[search.family]
    cur = search.currency
    y_unit = f"{cur}/M tokens" if search.family == "serving" else f"{cur}/run"
    by_gpus = search.front_y == "gpus"
    if by_gpus:  # the recommendation has no price: the chart counts GPUs
        y_key, y_label, y_unit, plan_xy = "gpus", "GPUs (no price in the catalog)", "GPUs", None
    series = [s for s in (
        _series("Configurations", search.cloud, search.family, cur, "scatter", "candidate", y_unit, y_key),
        _series("Lower precision (quality caveat)", search.quality_front, search.family, cur, "scatter",
                "lower_precision", y_unit, y_key),
        _series("Pareto front", search.front, search.family, cur, "line", "pareto", y_unit, y_key),
    ) if s is not None]
    if sum(len(s.x) for s in series) < 2:
        return None
    markers = []
    rec = search.recommended
    if rec is not None and all(math.isfinite(v) and v > 0 for v in _xy(rec, search.family, y_key)):
        markers.append(Marker(*_xy(rec, search.family, y_key), "recommended", _marker_label(rec), "chosen"))
    if plan_xy is not None and all(math.isfinite(v) and v > 0 for v in plan_xy):
        markers.append(Marker(plan_xy[0], plan_xy[1], "plan", "the plan's own configuration", "plan"))
    if log_x and any(v <= 0 for s in series for v in s.x):
        log_x = False
    if by_gpus:
        title = "GPUs against interactivity" if search.family == "serving" else "GPUs against time to train"
    else:
        title = "Cost against interactivity" if search.family == "serving" else "Cost against time to train"
    return ChartSpec(kind=kind, title=title, x_label=x_label, x_unit=x_unit, y_label=y_label, y_unit=y_unit,
                     series=series, markers=markers, log_x=log_x, notes=NOTE_GPUS if by_gpus else NOTE_PRICED)


NOTE_PRICED = ("Points: the search's estimate from catalog GPU-hour prices (unpriced ones are not drawn).\n"
               "The plan's marker, the ranked rows and the proposal: the cost ledger of the plan pinning each.")
"""Which costs the chart draws: its points are priced by the search's ranking estimate, never by a zero; the
ledger prices the plan's marker and every configuration the rows, the why and the proposal quote."""
NOTE_GPUS = "No price in the catalog for the recommendation: the chart counts GPUs."
