"""Read-only tables of a pilot study: measurements, steady state, fit, checks, full-scale plan."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from gpudesk.calibration.measurement import ParseResult
from gpudesk.calibration.pilot_study import PilotStudy
from gpudesk.calibration.steady_state import unit_of
from gpudesk.core.calibration_hook import label_of
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import format_value

SEVERITY_COLOURS = {"blocker": "#c62828", "warning": "#b26a00", "info": "#1565c0"}
MOVED = QColor("#e3f2fd")


def _number(value: float, unit: str = "") -> str:
    if isinstance(value, float) and math.isnan(value):
        return "—"
    return f"{format_value(value)} {unit}".strip()


def _ratio(value: float) -> str:
    return "—" if not math.isfinite(value) else f"{value:.3f}×"


def _conditions(conditions: dict[str, float]) -> str:
    shown = {k: v for k, v in conditions.items() if k != "serving"}
    return ", ".join(f"{k}={format_value(v)}" for k, v in sorted(shown.items())) or "—"


class ResultTable(QTableWidget):
    """A plain read-only table filled row by row."""

    def __init__(self, headers: Sequence[str], parent: QWidget | None = None, stretch: int = -1) -> None:
        super().__init__(0, len(headers), parent)
        self.setHorizontalHeaderLabels(list(headers))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(stretch < 0)
        if stretch >= 0:  # the free-text column takes the spare width, numbers stay next to their labels
            self.horizontalHeader().setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)

    def fill(self, rows: Sequence[Sequence[str]], highlight: Sequence[bool] = ()) -> None:
        self.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                if c > 0 and text and (text[0].isdigit() or text[0] in "+-−"):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if r < len(highlight) and highlight[r]:
                    item.setBackground(QBrush(MOVED))
                self.setItem(r, c, item)

    def cell_text(self, row: int, column: int) -> str:
        item = self.item(row, column)
        return item.text() if item is not None else ""


class MeasurementsTable(ResultTable):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__([self.tr("Source"), self.tr("Line"), self.tr("Kind"), self.tr("Values"),
                          self.tr("Conditions")], parent)

    def show_inputs(self, inputs: Sequence[ParseResult]) -> None:
        rows = []
        for result in inputs:
            for m in result.measurements:
                values = ", ".join(f"{k}={_number(v, unit_of(k))}" for k, v in sorted(m.values.items()))
                rows.append((f"{m.source_name} [{result.label}]", str(m.line or ""), m.kind, values,
                             _conditions(m.conditions)))
        self.fill(rows)


class ProblemsList(QListWidget):
    def show_inputs(self, inputs: Sequence[ParseResult], unreadable: Sequence[str] = ()) -> None:
        self.clear()
        for text in unreadable:
            self.addItem(text)
        for result in inputs:
            for problem in result.problems:
                self.addItem(f"{result.source_name}: {problem}")
            for note in result.notes:
                self.addItem(f"{result.source_name}: {note}")


class SteadyStateTable(ResultTable):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__([self.tr("Group"), self.tr("Quantity"), self.tr("Median"), self.tr("Spread (1σ)"),
                          self.tr("Records used"), self.tr("Dropped as warm-up"), self.tr("Lines")], parent, stretch=0)

    def show_study(self, study: PilotStudy | None) -> None:
        rows = []
        for state in study.states if study else []:
            group = f"{state.kind} · {state.source_name} [{state.log_format}]"
            for key, v in state.values.items():
                spread = "—" if math.isnan(v.sigma_rel) else f"{percent_text(v.sigma_rel, 1)}"
                lines = f"{v.first_line}–{v.last_line}" if v.first_line else "—"
                rows.append((group, key, _number(v.median, unit_of(key)), spread, str(v.n_used), str(v.n_dropped),
                             lines))
        self.fill(rows)


class ComparisonTable(ResultTable):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__([self.tr("Measured figure"), self.tr("Conditions"), self.tr("Measured"),
                          self.tr("Predicted before"), self.tr("Measured / before"), self.tr("Predicted after"),
                          self.tr("Measured / after")], parent, stretch=1)

    def show_study(self, study: PilotStudy | None) -> None:
        rows = []
        for row in study.fit.rows if study and study.fit else []:
            unit = unit_of(row.metric)
            rows.append((row.metric, _conditions(dict(row.conditions)), _number(row.measured, unit),
                         _number(row.predicted_before, unit), _ratio(row.ratio_before),
                         _number(row.predicted_after, unit), _ratio(row.ratio_after)))
        self.fill(rows)


class ScalesTable(ResultTable):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__([self.tr("Constant"), self.tr("What it is"), self.tr("Fitted scale"), self.tr("±1σ"),
                          self.tr("Change"), self.tr("Status")], parent)

    def show_study(self, study: PilotStudy | None) -> None:
        rows, moved = [], []
        for name, s in study.fit.scales.items() if study and study.fit else []:
            if not s.identifiable:
                status = self.tr("not constrained by the pilot; stays at the catalog default")
            elif s.at_bound:
                status = self.tr("at the {0} bound: check the pilot setup").format(s.at_bound)
            else:
                status = self.tr("fitted")
            rows.append((name, label_of(name), f"{s.scale:.3f}×", f"{percent_text(s.sigma_rel, 1)}" if math.isfinite(s.sigma_rel)
                         else "—", f"{percent_text(s.scale - 1, 1, signed=True)}", status))
            moved.append(s.identifiable and abs(s.scale - 1) > 1e-3)
        self.fill(rows, moved)


class ReprojectionTable(ResultTable):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__([self.tr("Full-scale figure"), self.tr("Catalog default"), self.tr("Calibrated"),
                          self.tr("Band (±1σ)"), self.tr("Change"), self.tr("Most sensitive to")], parent)

    def show_study(self, study: PilotStudy | None) -> None:
        rows = []
        reproj = study.reprojection if study else None
        for key, f in reproj.figures.items() if reproj else []:
            assert reproj is not None
            unit = reproj.figure_set.unit(f"reproj.{key}.central")
            label = reproj.figure_set.label(f"reproj.{key}.central").removesuffix(" with fitted constants")
            driver = f"{f.drivers[0][0]} ({percent_text(f.drivers[0][1], 1, signed=True)} per +1σ)" if f.drivers and f.drivers[0][1] else "—"
            rows.append((label, _number(f.default, unit), _number(f.central, unit),
                         f"{format_value(f.low)} – {format_value(f.high)} {unit}".strip(),
                         f"{percent_text(f.change_rel, 1, signed=True)}" if math.isfinite(f.change_rel) else "—", driver))
        self.fill(rows, [abs(f.change_rel) > 1e-3 for f in reproj.figures.values()] if reproj else [])


class ChecksList(QListWidget):
    def show_study(self, study: PilotStudy | None) -> None:
        self.clear()
        if study is None:
            return
        for check in study.checks:
            item = QListWidgetItem(f"[{check.severity}] {check.title}\n{check.message}\n→ {check.fix}")
            item.setForeground(QBrush(QColor(SEVERITY_COLOURS.get(check.severity, "#000000"))))
            self.addItem(item)
        for warning in study.fit.warnings if study.fit else []:
            self.addItem(QListWidgetItem(f"[fit] {warning}"))
        if self.count() == 0:
            self.addItem(self.tr("The measurements agree with the accelerator and with each other."))
