"""Accessibility of the window (issue 21): text contrast of at least 4.5:1 in both themes, every control reachable
with the keyboard and showing where the focus is, status marks that render in the bundled font."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)
from test_shell_support import SAMPLES, activate, catalog, flush, make_window, settings  # noqa: F401

from gpudesk.plotting.palette import theme_for
from gpudesk.ui import status_style as style
from gpudesk.ui.fonts import CJK_FAMILY, register_bundled_fonts
from gpudesk.ui.step_list import STATUS_MARK, STATUS_STYLE
from gpudesk.ui.theme import apply_theme
from gpudesk.ui.widgets.checks_view import SEVERITY_MARKS
from gpudesk.wizard.navigation import BLOCKED, COMPLETE, INCOMPLETE, WARNINGS
from gpudesk.wizard.steps import STEPS

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

AA = 4.5  # WCAG 2.1 level AA for normal text
Role = QPalette.ColorRole
MANUFACTURER = next(p for p in SAMPLES if p.stem.startswith("manufacturer"))


@pytest.fixture(params=["light", "dark"])
def theme(request, qapp) -> Iterator[str]:
    apply_theme(qapp, request.param)
    yield request.param
    apply_theme(qapp, "system")


def test_palette_text_reads_at_aa_in_both_themes(theme):
    palette = QApplication.palette()
    pairs = {
        "text on base": (Role.Text, Role.Base), "text on alternate rows": (Role.Text, Role.AlternateBase),
        "window text": (Role.WindowText, Role.Window), "button text": (Role.ButtonText, Role.Button),
        "selected text": (Role.HighlightedText, Role.Highlight), "placeholder": (Role.PlaceholderText, Role.Base),
        "tool tip": (Role.ToolTipText, Role.ToolTipBase), "link": (Role.Link, Role.Base),
    }
    low = {name: round(style.contrast_ratio(palette.color(fg), palette.color(bg)), 2)
           for name, (fg, bg) in pairs.items() if style.contrast_ratio(palette.color(fg), palette.color(bg)) < AA}
    assert not low, (theme, low)


def test_status_colours_read_at_aa_on_every_background_they_sit_on(theme):
    palette = QApplication.palette()
    backgrounds = [palette.color(role) for role in (Role.Base, Role.AlternateBase, Role.Window)]
    for status in (style.COMPLETE, style.WARNING, style.BLOCKED, style.INFO, style.UNKNOWN):
        colour = style.status_colour(status, palette)
        for background in backgrounds:
            ratio = style.contrast_ratio(colour, background)
            assert ratio >= AA, (theme, status, colour.name(), background.name(), round(ratio, 2))


def test_chart_text_reads_at_aa(theme):
    chart = theme_for(theme)
    ratio = style.contrast_ratio(QColor(chart.foreground), QColor(chart.background))
    assert ratio >= AA, (theme, chart.foreground, chart.background, ratio)


def test_the_step_list_marks_each_status_in_a_readable_colour(theme, make_window):  # noqa: F811
    window = make_window(MANUFACTURER)
    steps = window.step_list
    statuses = dict(zip((s.key for s in STEPS), (COMPLETE, WARNINGS, INCOMPLETE, BLOCKED)))
    steps.set_status(statuses)
    base = steps.palette().color(Role.Base)
    for number, state in enumerate(statuses.values(), start=1):
        item = steps.item(number - 1)
        assert item.text().startswith(STATUS_MARK[state])
        ratio = style.contrast_ratio(item.foreground().color(), base)
        assert ratio >= AA, (theme, state, item.foreground().color().name(), base.name(), round(ratio, 2))
    # an edit that changes one step's status sets that item only (issue 24), and every item reads its status
    changed = dict(statuses, **{STEPS[0].key: WARNINGS})
    told: list[tuple[int, int]] = []  # the items set are told to the view once, after them
    steps.model().dataChanged.connect(lambda top, bottom: told.append((top.row(), bottom.row())))
    steps.set_status(changed)
    assert told == [(0, 0)], "a step whose status stayed was set again"
    assert steps.item(0).foreground().color() == style.status_colour(STATUS_STYLE[WARNINGS], steps.palette())
    for number, step in enumerate(STEPS, start=1):
        assert steps.item(number - 1).text().startswith(STATUS_MARK[changed.get(step.key, COMPLETE)])


def test_status_marks_render_in_the_bundled_font(qapp):
    """The marks are in WenQuanYi Micro Hei itself (no fallback to a font a machine may lack): ⛔ was not and
    drew as an empty box."""
    register_bundled_fonts()
    font = QFont(CJK_FAMILY)
    font.setStyleStrategy(QFont.StyleStrategy.NoFontMerging)
    metrics = QFontMetrics(font)
    marks = set(style.MARKS.values()) | set(STATUS_MARK.values()) | set(SEVERITY_MARKS.values())
    missing = [m for m in marks if not all(metrics.inFontUcs4(ord(ch)) for ch in m)]
    assert not missing, missing


FOCUSABLE = (QAbstractButton, QComboBox, QLineEdit, QAbstractSpinBox, QAbstractItemView, QPlainTextEdit)


def reachable_by_tab(window: QWidget, limit: int = 600) -> set[int]:
    """Widgets the Tab key reaches, starting from the step list and going once round the focus chain."""
    window.step_list.setFocus(Qt.FocusReason.TabFocusReason)
    flush()
    seen: set[int] = set()
    first = QApplication.focusWidget()
    for _ in range(limit):
        window.focusNextPrevChild(True)
        widget = QApplication.focusWidget()
        if widget is None:
            break
        if id(widget) in seen and widget is first:
            break
        seen.add(id(widget))
    return seen


def test_every_control_of_every_step_is_reachable_with_tab(qtbot, make_window):  # noqa: F811
    window = make_window(MANUFACTURER)
    window.controller.run_now()
    missed: dict[int, list[str]] = {}
    for step in (s.number for s in STEPS):
        window.go_to_step(step)
        flush()
        activate(qtbot, window)  # offscreen Qt deactivates the window when a page with a chart is first built
        page = window.current_page()
        reached = reachable_by_tab(window)
        for widget in page.findChildren(QWidget):
            if not isinstance(widget, FOCUSABLE) or not widget.isVisible() or not widget.isEnabled():
                continue
            if isinstance(widget.parentWidget(), QAbstractSpinBox | QComboBox) or widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
                continue  # an editor's own parts; a control reached by its menu command and shortcut
            if not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
                missed.setdefault(step, []).append(f"{type(widget).__name__}#{widget.objectName()} (no tab focus)")
            elif id(widget) not in reached:
                missed.setdefault(step, []).append(f"{type(widget).__name__}#{widget.objectName()}")
    assert not missed, missed


@pytest.mark.parametrize("kind", [QLineEdit, QComboBox, QAbstractSpinBox])
def test_focus_is_visible(kind, theme, qtbot, make_window):  # noqa: F811
    """An input with the keyboard focus looks different from the same input without it (the style draws a
    focus frame), in both themes; no style sheet of the window hides it."""
    window = make_window(MANUFACTURER)
    window.go_to_step(1)
    flush()
    activate(qtbot, window)
    sheets = [w.styleSheet() for w in [window, *window.findChildren(QWidget)]] + [QApplication.instance().styleSheet()]
    assert not [s for s in sheets if "outline" in s], "a style sheet must not remove the focus frame"
    editor = next(w for w in window.current_page().findChildren(kind) if w.isVisible())
    previous = editor.previousInFocusChain()
    while not (previous.focusPolicy() & Qt.FocusPolicy.TabFocus and previous.isVisible() and previous.isEnabled()):
        previous = previous.previousInFocusChain()
    previous.setFocus()
    flush()
    before = editor.grab().toImage()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)  # as a keyboard user moves on
    flush()
    assert editor.hasFocus() or editor.isAncestorOf(QApplication.focusWidget())
    assert editor.grab().toImage() != before, f"{kind.__name__}: the focused input looks the same"
