"""The trade-off chart of a phase's configuration search, with every point's configuration and identity.

LLM serving: cost per million output tokens against output tokens/s per user (1 / TPOT): the interactivity a
user feels against what it costs. Training (LLM and vision): the cost of the run against the time to train.
Every point is priced by the cost ledger of the plan that pins it (``PhaseEstimate.point_costs``,
results/search_pricing.py), the cost the ranked rows, the why and the proposal quote: the chart draws the
configurations the search ranks, names or puts on a front (those are priced) and says how many of the others it
leaves out. Series: the Pareto front of the drawn configurations that meet every target (by the ledger's cost),
the others drawn, the front of the configurations only the precision allowed rules out (with the quality caveat),
and markers for the recommendation and the plan's own configuration. A cost axis spanning more than a decade is
logarithmic (the note says so). Every point carries ``search:<row>`` in ``Series.keys``: a window pins the
configuration a click lands on (PhaseSearch.find).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import numpy as np

from gpudesk.core.candidates import Reason
from gpudesk.core.phase_search import PhaseSearch
from gpudesk.core.reason_values import Money
from gpudesk.core.search_levers import cost_basis
from gpudesk.core.search_points import SearchPoint, pareto_front
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


PointCost = tuple[int, int, float]  # GPUs, nodes, ledger cost over the horizon (results/search_pricing.py)
LOG_SPAN = 10.0  # y max / y min from which the y axis is logarithmic (one decade: outliers would squash the rest)


def _priced(p: SearchPoint | None, costs: dict[int, PointCost]) -> SearchPoint | None:
    """``p`` with the GPUs, nodes and cost of the plan that pins it; None when the ledger has not priced it."""
    if p is None or p.index not in costs:
        return None
    gpus, nodes, cost = costs[p.index]
    return dataclasses.replace(p, gpus=gpus, nodes=nodes, cost=cost)


def _xy(p: SearchPoint, family: str, y_of: Callable[[SearchPoint], float]) -> tuple[float, float]:
    return p.value(AXES[family][0]), y_of(p)


def _drawable(xy: tuple[float, float]) -> bool:
    return all(math.isfinite(v) and v > 0 for v in xy)


def _tip(p: SearchPoint, currency: str, basis: Reason) -> Reason:
    """A point's hover text: its configuration, what it achieves, its ledger cost on the search's basis (``basis``,
    search_levers.cost_basis: the amount the ranked rows and the proposal print) and how to pin it (worded on
    display)."""
    perf = performance(p)
    numbers = {"config": describe(p), "cost": Money(p.cost, currency), "unit": basis,
               "caveat": Reason("search_tip_caveat" if p.caveat else "search_tip_pin")}
    return Reason("search_tip", {**numbers, "performance": perf}) if perf is not None \
        else Reason("search_tip_plain", numbers)


def _marker_label(p: SearchPoint) -> str:
    """The recommendation's marker: its accelerator, GPUs and layout, in names every language reads alike."""
    layout = layout_text(p)
    return f"{p.accelerator_name} × {p.gpus:,}" + (f" · {layout}" if layout else "")


def _series(name: str, points: list[SearchPoint], family: str, currency: str, style: str, role: str,
            basis: Reason, y_of: Callable[[SearchPoint], float]) -> Series | None:
    if not points:
        return None
    points = sorted(points, key=lambda p: _xy(p, family, y_of)[0]) if style == "line" else points
    xy = [_xy(p, family, y_of) for p in points]
    return Series(name, [x for x, _y in xy], [y for _x, y in xy], style=style, color_role=role,
                  tooltip_reasons=[_tip(p, currency, basis) for p in points], keys=[key_of(p) for p in points])


def shown(search: PhaseSearch) -> tuple[list[SearchPoint], list[SearchPoint]]:
    """The configurations the chart may draw, unpriced: those meeting every target that the search ranks, names
    or puts on its front, and its lower-precision front (results/search_pricing.shown_points prices them all)."""
    named = (*search.front, *search.per_accelerator, search.recommended, search.runner_up, *search.alternatives)
    main = list({p.index: p for p in named if p is not None and p.feasible}.values())
    return main, [p for p in search.quality_front if p.index not in {q.index for q in main}]


def tradeoff_chart(search: PhaseSearch | None, costs: dict[int, PointCost],
                   cost_y: Callable[[float], float] | None,
                   plan_xy: tuple[float, float] | None = None) -> ChartSpec | None:
    """The search's trade-off chart from the ledger prices ``costs`` (point index -> GPUs, nodes, cost over the
    horizon) and ``cost_y`` (a ledger total in the chart's y: results/search_checks.ledger_y); None when the kind
    has none or fewer than two points can be drawn."""
    if search is None or search.family not in AXES or cost_y is None:
        return None
    _xk, x_label, x_unit, _yk, y_label, kind, log_x = AXES[search.family]
    cur = search.currency
    y_unit = f"{cur}/M tokens" if search.family == "serving" else cur
    if search.family != "serving":
        y_label = "Cost of the phase's rent" if search.rent_months > 0 else "Cost over the plan's horizon"
    by_gpus = search.front_y == "gpus"
    y_of: Callable[[SearchPoint], float] = (lambda p: float(p.gpus)) if by_gpus else (lambda p: cost_y(p.cost))
    if by_gpus:  # the recommendation has no price: the chart counts GPUs
        y_label, y_unit, plan_xy = "GPUs (cost awaiting a quote)", "GPUs", None
    main_all, quality_all = shown(search)
    main = [q for p in main_all if (q := _priced(p, costs)) is not None and _drawable(_xy(q, search.family, y_of))]
    quality = [q for p in quality_all
               if (q := _priced(p, costs)) is not None and _drawable(_xy(q, search.family, y_of))]
    x = np.array([_xy(p, search.family, y_of)[0] for p in main], dtype=float)
    y = np.array([_xy(p, search.family, y_of)[1] for p in main], dtype=float)
    higher = search.family == "serving"  # more tokens/s per user is better; less time to train is better
    on_front = {int(i) for i in pareto_front(x, y, np.ones(len(main), dtype=bool), higher)} if main else set()
    basis = cost_basis(search)
    series = [s for s in (
        _series("Configurations", [p for i, p in enumerate(main) if i not in on_front], search.family, cur,
                "scatter", "candidate", basis, y_of),
        _series("Lower precision (quality caveat)", quality, search.family, cur, "scatter", "lower_precision",
                basis, y_of),
        _series("Pareto front", [main[i] for i in sorted(on_front)], search.family, cur, "line", "pareto", basis,
                y_of),
    ) if s is not None]
    if sum(len(s.x) for s in series) < 2:
        return None
    markers = []
    rec = _priced(search.recommended, costs)
    if rec is not None and _drawable(_xy(rec, search.family, y_of)):
        markers.append(Marker(*_xy(rec, search.family, y_of), "recommended", _marker_label(rec), "chosen"))
    if plan_xy is not None and _drawable(plan_xy):
        markers.append(Marker(plan_xy[0], plan_xy[1], "plan", "the plan's own configuration", "plan"))
    if log_x and any(v <= 0 for s in series for v in s.x):
        log_x = False
    ys = [v for s in series for v in s.y] + [m.y for m in markers]
    log_y = max(ys) >= LOG_SPAN * min(ys)
    if by_gpus:
        title = "GPUs against interactivity" if search.family == "serving" else "GPUs against time to train"
    else:
        title = "Cost against interactivity" if search.family == "serving" else "Cost against time to train"
    left = search.feasible - len(main)
    unpriced = len(main_all) + len(quality_all) - len(main) - len(quality)
    log_note = NOTE_LOG_BOTH if log_x and log_y else NOTE_LOG if log_y else NOTE_LOG_X if log_x else ""
    notes = [NOTE_GPUS if by_gpus else NOTE_LEDGER, *([log_note] if log_note else []),
             drawn_note(len(main), search.feasible, left, unpriced)]
    return ChartSpec(kind=kind, title=title, x_label=x_label, x_unit=x_unit, y_label=y_label, y_unit=y_unit,
                     series=series, markers=markers, log_x=log_x, log_y=log_y, notes="\n".join(notes),
                     y_short_label="" if by_gpus else "Cost")  # where the axis is too short for the full title


NOTE_LEDGER = "Every point: the cost ledger of the plan that pins it, as in the ranked rows and the proposal."
"""Which costs the chart draws: the ledger's, never the search's ranking estimate and never a zero."""
NOTE_GPUS = "The recommendation's cost awaits a quote: the chart counts GPUs (of the plan that pins each)."
NOTE_LOG = "The vertical axis is logarithmic: the costs span more than tenfold."
NOTE_LOG_X = "The horizontal axis is logarithmic."
NOTE_LOG_BOTH = "Both axes are logarithmic: the costs span more than tenfold."
"""Which axes are logarithmic: a reader of a log axis read as linear misjudges every gap."""
DRAWN = ("Drawn: {drawn:,} of the {feasible:,} configurations that meet every target (the front, the ranked rows "
         "and those named); the other {left:,} are not priced.")
UNPRICED = " Not drawn: {unpriced:,} awaiting a quote."


def drawn_note(drawn: int, feasible: int, left: int, unpriced: int) -> str:
    """How many configurations the chart draws, of how many, and why the rest are not (chart_text words it)."""
    return DRAWN.format(drawn=drawn, feasible=feasible, left=max(left, 0)) \
        + (UNPRICED.format(unpriced=unpriced) if unpriced else "")
