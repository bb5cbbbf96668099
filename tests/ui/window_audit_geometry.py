"""Window audit checks of geometry (no tests here): a top-level window that leaves its screen, and a child widget
its parent cuts off, that its layout squeezed below the size that shows its whole text, or a closed choice list
whose current choice is wider than its box (cut without "…" and a tool tip). Read by ``window_audit``."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QWidget,
)
from window_audit_finding import Finding


def off_screen(window: QWidget) -> str | None:
    """Why ``window`` does not fit its screen's available area, or None."""
    screen = window.screen()
    area = screen.availableGeometry()
    frame = window.frameGeometry()
    if area.contains(frame):
        return None
    return f"{type(window).__name__}#{window.objectName()} {_rect(frame)} leaves {screen.name()} {_rect(area)}"


def _rect(r: QRect) -> str:
    return f"{r.width()}×{r.height()}+{r.x()}+{r.y()}"


def _scrolled(widget: QWidget) -> bool:
    """Inside a scroll area's viewport: the viewport shows part of it and scroll bars reach the rest."""
    parent = widget.parentWidget()
    while parent is not None:
        area = parent.parentWidget()
        if isinstance(area, QAbstractScrollArea) and parent is area.viewport():
            return True
        parent = area
    return False


def _shown(widget: QWidget, root: QWidget) -> bool:
    return widget.isVisibleTo(root) and widget.isVisible() and widget.width() > 0 and widget.height() > 0


SQUEEZE_CHECKED = (QLabel, QAbstractButton, QComboBox, QGroupBox, QLineEdit, QAbstractSpinBox)


def _needs(widget: QWidget) -> tuple[int, int]:
    """The smallest size that shows the widget's whole text: its minimum size hint, or for a label that
    elides or wraps, nothing (it shows what fits and says the rest in its tool tip)."""
    if isinstance(widget, QLabel) and (widget.wordWrap() or widget.property("elides")):
        return 0, 0
    hint = widget.minimumSizeHint()
    policy = widget.sizePolicy()
    width = 0 if policy.horizontalPolicy() == QSizePolicy.Policy.Ignored else hint.width()
    height = 0 if policy.verticalPolicy() == QSizePolicy.Policy.Ignored else hint.height()
    if isinstance(widget, QLabel) and not widget.text().strip():
        return 0, 0
    return width, height


def _cut_choice(combo: QComboBox) -> str:
    """The current choice of a closed, non-editable box when it is wider than the box shows, unless the box
    shortens it with … and says it whole in its tool tip (``ElidedComboBox``); else ""."""
    if combo.isEditable() or combo.property("elides") or not combo.currentText():
        return ""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    needed = combo.fontMetrics().horizontalAdvance(combo.currentText())
    icon = option.iconSize.width() + 4 if not option.currentIcon.isNull() else 0
    if needed + icon <= field.width():
        return ""
    return f"{needed + icon} px of text in {field.width()} px: {combo.currentText()}"


def clipped_widgets(root: QWidget, tolerance: int = 1) -> list[Finding]:
    """Visible widgets of ``root`` cut off by their parent or squeezed below the size that shows their text."""
    findings = []
    for widget in root.findChildren(QWidget):
        if widget.isWindow() or not _shown(widget, root) or isinstance(widget, QMenu | QTabBar):
            continue
        if isinstance(widget, QDockWidget) and widget.visibleRegion().isEmpty():
            continue  # a dock behind another dock's tab: Qt parks it out of sight until its tab is chosen
        parent = widget.parentWidget()
        if isinstance(parent, QAbstractSpinBox | QComboBox | QTabBar):
            continue  # the editor's own parts; a tab bar's scroll arrows, which Qt's style sizes itself
        where = f"{type(widget).__name__}#{widget.objectName()} in {type(parent).__name__}#{parent.objectName()}"
        if parent is not None and not _scrolled(widget) and not isinstance(parent, QAbstractScrollArea):
            inside = parent.rect().adjusted(-tolerance, -tolerance, tolerance, tolerance)
            if not inside.contains(widget.geometry()):
                findings.append(Finding(where, f"{_rect(widget.geometry())} outside {_rect(parent.rect())}",
                                        "cut off by its parent"))
                continue
        if isinstance(widget, QComboBox) and (cut := _cut_choice(widget)):
            findings.append(Finding(where, cut, "a choice cut off in its box"))
            continue
        if isinstance(widget, SQUEEZE_CHECKED):
            width, height = _needs(widget)
            if widget.width() + tolerance < width or widget.height() + tolerance < height:
                text = widget.text() if hasattr(widget, "text") else getattr(widget, "title", lambda: "")()
                findings.append(Finding(where, f"{widget.width()}×{widget.height()} < {width}×{height}: {text}",
                                        "squeezed below its text"))
    return findings
