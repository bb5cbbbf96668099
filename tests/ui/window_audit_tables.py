"""The window audit's table checks (no tests here): a column whose header is cut ("commender for th" for a plan
named "E-commerce recommender for the sales festival" in the comparison), a cell whose text colour barely differs
from the background the model paints it on (the comparison's best values: white on pale green in dark mode)."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTreeView, QWidget
from window_audit_finding import Finding

from gpudesk.ui.status_style import contrast_ratio as contrast

LEAST_CONTRAST = 3.0
"""WCAG 2.1's least contrast for large or bold text (SC 1.4.3); body text wants 4.5."""
ROWS_READ = 200
"""Rows of a long table (the catalog's) whose colours are read: the colours come from one rule per column."""


def _colour(value: object) -> QColor | None:
    if isinstance(value, QBrush):
        return value.color()
    return value if isinstance(value, QColor) else None


def _views(root: QWidget) -> list[QTableView | QTreeView]:
    return [v for v in root.findChildren(QTableView) + root.findChildren(QTreeView) if v.isVisible() and v.model()]


def unreadable_cells(root: QWidget) -> list[Finding]:
    """Cells a model paints a background for whose text (the model's or the theme's) reads below 3:1 on it."""
    found = []
    for view in _views(root):
        model = view.model()
        text = view.palette().color(QPalette.ColorRole.Text)
        for row in range(min(model.rowCount(), ROWS_READ)):
            for column in range(model.columnCount()):
                index = model.index(row, column)
                back = _colour(model.data(index, Qt.ItemDataRole.BackgroundRole))
                if back is None or not model.data(index, Qt.ItemDataRole.DisplayRole):
                    continue
                fore = _colour(model.data(index, Qt.ItemDataRole.ForegroundRole)) or text
                if contrast(fore, back) < LEAST_CONTRAST:
                    found.append(Finding(f"{type(view).__name__}#{view.objectName()} row {row + 1}",
                                         str(model.data(index, Qt.ItemDataRole.DisplayRole)),
                                         f"text {fore.name()} on {back.name()}: {contrast(fore, back):.1f}:1"))
    return found


def faded_headings(root: QWidget) -> list[Finding]:
    """Rows of a list that are text only (neither selectable nor enabled: a heading over the rows a user picks) drawn
    in the theme's disabled colour, which reads below 3:1 on the list (the new-plan dialog's '模型训练型 — …' headings,
    light grey on white in the light theme). A disabled choice may fade; a heading is there to be read."""
    found = []
    for view in [v for v in root.findChildren(QAbstractItemView) if v.isVisible() and v.model()]:
        model, palette = view.model(), view.palette()
        for row in range(min(model.rowCount(), ROWS_READ)):
            index = model.index(row, 0)
            text = model.data(index, Qt.ItemDataRole.DisplayRole)
            if not text or model.flags(index) != Qt.ItemFlag.NoItemFlags:
                continue
            fore = _colour(model.data(index, Qt.ItemDataRole.ForegroundRole)) or palette.color(
                QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            back = _colour(model.data(index, Qt.ItemDataRole.BackgroundRole)) or palette.color(QPalette.ColorRole.Base)
            if contrast(fore, back) < LEAST_CONTRAST:
                found.append(Finding(f"{type(view).__name__}#{view.objectName()} row {row + 1}", str(text),
                                     f"a heading in {fore.name()} on {back.name()}: {contrast(fore, back):.1f}:1"))
    return found


def cut_headers(root: QWidget, tolerance: int = 2) -> list[Finding]:
    """Columns narrower than their header's text, which Qt then elides (in the middle, for a centred header)."""
    found = []
    for view in _views(root):
        header: QHeaderView = view.horizontalHeader() if isinstance(view, QTableView) else view.header()
        if header.isHidden():
            continue
        for section in range(header.count()):
            if header.isSectionHidden(section):
                continue
            need = header.sectionSizeHint(section)
            if header.sectionSize(section) + tolerance < need:
                label = view.model().headerData(section, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
                found.append(Finding(f"{type(view).__name__}#{view.objectName()} column {section + 1}", str(label),
                                     f"a header cut: {header.sectionSize(section)} px of {need}"))
    return found


def cut_figure_labels(root: QWidget) -> list[Finding]:
    """Figure tables' rows in sight whose label is cut with "…" (step 2's "Memory ···", "GPU memory···", "Fits in
    GPU ···" at 1366 × 768 in English): a label wider than its column must wrap onto lines its row is tall enough
    for, and no word of it may be wider than the column."""
    from gpudesk.ui.widgets.figure_table import COL_LABEL, FigureTable

    found = []
    for view in [*([root] if isinstance(root, FigureTable) else []), *root.findChildren(FigureTable)]:
        if not view.isVisible():
            continue
        model, metrics = view.model(), view.fontMetrics()
        width = view.columnWidth(COL_LABEL)
        for row in view.sized.in_sight():
            index = model.index(row, COL_LABEL)
            label = str(model.data(index, Qt.ItemDataRole.DisplayRole) or "")
            hint = view.sizeHintForIndex(index)  # one line, with the cell's padding
            room = width - (hint.width() - metrics.horizontalAdvance(label))
            if not label or metrics.horizontalAdvance(label) <= room:
                continue
            # wrapped as the view wraps it: a word wider than the room (Latin; Chinese breaks between characters)
            # makes the lines wider than the room
            lines = metrics.boundingRect(QRect(0, 0, max(int(room), 1), 100_000), Qt.TextFlag.TextWordWrap, label)
            tall = lines.height() + hint.height() - metrics.height()
            if not view.wordWrap() or lines.width() > room or tall > view.rowHeight(row):
                found.append(Finding(f"FigureTable row {row + 1}", label,
                                     f"a figure's label cut: {metrics.horizontalAdvance(label)} px in a {width} px "
                                     f"column, {view.rowHeight(row)} px high"))
    return found



def columns_past_the_edge(root: QWidget, tolerance: int = 2) -> list[Finding]:
    """Table columns that reach past the view's right edge, where a reader sees them cut or not at all (the
    comparison's plan columns at 1366 × 768 with four long plan names), in a table that says its columns fit its
    width (``wrapped_heads.FITS_WIDTH``; the catalog's tables scroll sideways by design)."""
    from gpudesk.ui.widgets.wrapped_heads import FITS_WIDTH

    found = []
    for view in _views(root):
        if not isinstance(view, QTableView) or not view.property(FITS_WIDTH):
            continue
        header, room = view.horizontalHeader(), view.viewport().width()
        for section in range(header.count()):
            if header.isSectionHidden(section):
                continue
            right = header.sectionViewportPosition(section) + header.sectionSize(section)
            if right > room + tolerance or header.sectionViewportPosition(section) < -tolerance:
                label = view.model().headerData(section, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
                found.append(Finding(f"{type(view).__name__}#{view.objectName()} column {section + 1}",
                                     str(label), f"past the view's edge: ends at {right} px of {room}"))
    return found
