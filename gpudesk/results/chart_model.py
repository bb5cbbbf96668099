"""Qt-free description of a chart: what to draw, never how.

The estimation pipeline and the report builders describe every chart as a :class:`ChartSpec` (series over x,
reference lines, markers) or, for the rack elevation drawing, a :class:`RackLayoutSpec`. The UI layer
(``gpudesk.plotting``) renders either with pyqtgraph; the proposal embeds the same spec as an image. Fields are
plain floats, strings, lists and tuples so a spec serialises to JSON with :meth:`ChartSpec.to_dict`.

Colours are named by *role* (``"weights"``, ``"capacity"``, ``"private"`` …); the UI maps roles to a palette that
reads in light and dark themes and for colour-blind readers. Conventions per chart kind are in ``docs/charts.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core.explain import format_value
from gpudesk.results.rack_layout_spec import RackLayoutSpec
from gpudesk.results.spec_dict import init_fields

SERIES_STYLES = ("line", "bar", "scatter", "step", "area", "tick")
"""``tick``: a short horizontal segment per point, one bar wide (a capacity level per candidate against its bar)."""

CHART_KINDS = (
    "memory_fit",
    "scaling",
    "inference",
    "power_per_rack",
    "cost_over_time",
    "time_vs_cost",
    "cost_vs_speed",
    "timeline",
    "generic",
)

PANELS = (0, 1)
"""Panel 0 is the main plot; panel 1 is a second plot below it sharing the x
axis (latency under throughput, monthly spend under capacity)."""


def _floats(values: Any, series: str, axis: str) -> tuple[float, ...]:
    try:
        return tuple(map(float, values))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"series {series!r}.{axis}: expected a sequence of numbers") from exc


@dataclass
class Series:
    """One named data series; ``tooltips`` holds per-point text (e.g. the formula)."""

    name: str
    x: Sequence[float]  # any sequence of numbers (list, tuple, array); stored as a tuple of floats
    y: Sequence[float]
    style: str = "line"
    color_role: str = ""
    tooltips: list[str] | None = None
    visible: bool = True
    stack_group: str | None = None
    panel: int = 0
    keys: list[str] | None = None  # per-point identity (e.g. "search:1234": a configuration a click can pin)
    tooltip_reasons: list[Any] | None = None  # per-point reasons (core/reason_values.py) worded as tooltips on display
    figure: str = ""  # the figure key the series draws: named as the figure tables name it (report/chart_text.py)

    def __post_init__(self) -> None:
        self.x = _floats(self.x, self.name, "x")
        self.y = _floats(self.y, self.name, "y")
        if len(self.x) != len(self.y):
            raise ValueError(f"series {self.name!r}: {len(self.x)} x values but {len(self.y)} y values")
        if self.style not in SERIES_STYLES:
            raise ValueError(f"series {self.name!r}: style {self.style!r} not in {SERIES_STYLES}")
        if self.tooltips is not None:
            self.tooltips = list(map(str, self.tooltips))
            if len(self.tooltips) != len(self.x):
                raise ValueError(f"series {self.name!r}: {len(self.tooltips)} tooltips for {len(self.x)} points")
        if self.keys is not None:
            self.keys = list(map(str, self.keys))
        for name in ("keys", "tooltip_reasons") if self.keys is not None or self.tooltip_reasons is not None else ():
            if getattr(self, name) is not None and len(getattr(self, name)) != len(self.x):
                raise ValueError(f"series {self.name!r}: {len(getattr(self, name))} {name} for {len(self.x)} points")
        if self.stack_group is not None and self.style != "bar":
            raise ValueError(f"series {self.name!r}: stack_group applies to bar series only")
        if self.panel not in PANELS:
            raise ValueError(f"series {self.name!r}: panel must be one of {PANELS}")

    def tooltip(self, index: int) -> str:
        return self.tooltips[index] if self.tooltips else ""

    def key(self, index: int) -> str:
        return self.keys[index] if self.keys and 0 <= index < len(self.keys) else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "x": list(self.x),
            "y": list(self.y),
            "style": self.style,
            "color_role": self.color_role,
            "tooltips": None if self.tooltips is None else list(self.tooltips),
            "visible": self.visible,
            "stack_group": self.stack_group,
            "panel": self.panel,
            "keys": None if self.keys is None else list(self.keys),
            "figure": self.figure,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Series:
        return cls(**init_fields(cls, data))


@dataclass
class RefLine:
    """A horizontal (in ``ChartSpec.hlines``) or vertical (``vlines``) reference line."""

    value: float
    label: str
    color_role: str = "target"
    panel: int = 0

    def __post_init__(self) -> None:
        self.value = float(self.value)
        if self.panel not in PANELS:
            raise ValueError(f"reference line {self.label!r}: panel must be one of {PANELS}")

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label, "color_role": self.color_role, "panel": self.panel}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RefLine:
        return cls(**init_fields(cls, data))


@dataclass
class Marker:
    """A labelled point (chosen layout, break-even, phase trigger)."""

    x: float
    y: float
    label: str
    tooltip: str = ""
    color_role: str = "chosen"
    panel: int = 0

    def __post_init__(self) -> None:
        self.x = float(self.x)
        self.y = float(self.y)
        if self.panel not in PANELS:
            raise ValueError(f"marker {self.label!r}: panel must be one of {PANELS}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "x": self.x,
            "y": self.y,
            "label": self.label,
            "tooltip": self.tooltip,
            "color_role": self.color_role,
            "panel": self.panel,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Marker:
        return cls(**init_fields(cls, data))


@dataclass
class ChartSpec:
    """Everything a chart shows. With ``categories`` the x values are category
    indices (0, 1, …) and the x axis is labelled with the category names."""

    kind: str
    title: str
    x_label: str = ""
    y_label: str = ""
    x_unit: str = ""
    y_unit: str = ""
    series: list[Series] = field(default_factory=list)
    hlines: list[RefLine] = field(default_factory=list)
    vlines: list[RefLine] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    log_x: bool = False
    log_y: bool = False
    log_y2: bool = False  # the second panel on a log scale: TPOT (tens of ms) read flat beside a 4,000 ms TTFT target
    categories: list[str] | None = None
    stacked: bool = False
    notes: str = ""
    y2_label: str = ""
    y2_unit: str = ""
    y_short_label: str = ""  # the value axis title where y_label does not fit ("Cost" for "Cumulative cost")
    y2_short_label: str = ""  # the second panel's axis title where y2_label does not fit ("Spend": a dock's ~50 px)
    horizontal: bool = False  # bars run left to right, categories down the left axis (tornado charts)
    tick_language: str = "en"  # "zh": large tick values read 万/亿 (set by report.chart_text.localise_spec)
    y_counts: bool = False  # the first panel's values are whole counts (GPUs, servers): whole-number ticks only
    title_figure: str = ""  # the figure key the title names: named as the figure tables name it (report/chart_text.py)

    def __post_init__(self) -> None:
        if self.kind not in CHART_KINDS:
            raise ValueError(f"chart kind {self.kind!r} not in {CHART_KINDS}")
        names = [s.name for s in self.series]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(f"chart {self.title!r}: duplicate series names {duplicates}")
        if self.log_x or self.log_y or self.log_y2:
            for s in self.series:
                bad_x = self.log_x and any(v <= 0 for v in s.x)
                bad_y = self.y_log(s.panel) and any(v <= 0 for v in s.y)
                if bad_x or bad_y:
                    raise ValueError(f"series {s.name!r}: log axis needs positive values")
        if any(self.y_log(s.panel) and s.style == "bar" for s in self.series):
            raise ValueError(f"chart {self.title!r}: bars need a linear y axis")
        if self.categories is not None:
            self.categories = [str(c) for c in self.categories]

    @property
    def has_second_panel(self) -> bool:
        items: list[Series | RefLine | Marker] = [*self.series, *self.hlines, *self.vlines, *self.markers]
        return any(item.panel == 1 for item in items)

    def series_named(self, name: str) -> Series:
        for s in self.series:
            if s.name == name:
                return s
        raise KeyError(f"no series named {name!r} in chart {self.title!r}")

    def series_data(self, name: str) -> tuple[list[float], list[float]]:
        """The (x, y) lists of the series called ``name``."""
        s = self.series_named(name)
        return list(s.x), list(s.y)

    @property
    def x_in_months(self) -> bool:
        """The x axis counts months: ticks at whole months only (never month 2.5), in the window and the PDF."""
        return self.kind in ("cost_over_time", "timeline") or self.x_unit.lower() in ("month", "months")

    def y_log(self, panel: int) -> bool:
        """Whether the y axis of ``panel`` is on a log scale."""
        return self.log_y2 if panel == 1 else self.log_y

    def axis_text(self, panel: int) -> tuple[str, str]:
        """(label, unit) of the y axis of ``panel``."""
        return (self.y2_label, self.y2_unit) if panel == 1 else (self.y_label, self.y_unit)

    def x_text(self, value: float) -> str:
        """The x value as shown to the user: the category name on a category axis."""
        if self.categories is not None:
            index = int(round(value))
            if 0 <= index < len(self.categories) and abs(value - index) < 1e-9:
                return self.categories[index]
        return format_value(value)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "chart",
            "kind": self.kind,
            "title": self.title,
            "x_label": self.x_label,
            "y_label": self.y_label,
            "x_unit": self.x_unit,
            "y_unit": self.y_unit,
            "series": [s.to_dict() for s in self.series],
            "hlines": [r.to_dict() for r in self.hlines],
            "vlines": [r.to_dict() for r in self.vlines],
            "markers": [m.to_dict() for m in self.markers],
            "log_x": self.log_x,
            "log_y": self.log_y,
            "log_y2": self.log_y2,
            "categories": None if self.categories is None else list(self.categories),
            "stacked": self.stacked,
            "horizontal": self.horizontal,
            "notes": self.notes,
            "y2_label": self.y2_label,
            "y2_unit": self.y2_unit,
            "y_counts": self.y_counts,
            "title_figure": self.title_figure,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChartSpec:
        values = init_fields(cls, data)
        values["series"] = [Series.from_dict(s) for s in data.get("series", [])]
        values["hlines"] = [RefLine.from_dict(r) for r in data.get("hlines", [])]
        values["vlines"] = [RefLine.from_dict(r) for r in data.get("vlines", [])]
        values["markers"] = [Marker.from_dict(m) for m in data.get("markers", [])]
        return cls(**values)


def spec_from_dict(data: dict[str, Any]) -> ChartSpec | RackLayoutSpec:
    """Rebuild either spec type from its ``to_dict`` form."""
    if data.get("type") == "rack_layout":
        return RackLayoutSpec.from_dict(data)
    return ChartSpec.from_dict(data)
