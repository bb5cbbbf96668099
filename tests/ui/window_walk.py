"""What one walk of a window through every step records, for the tests that read it (tests/ui/test_window_fits.py).

Opening a sample window, searching it and building its seven pages costs 3-9 CPU-s; the window audit does it once
per case, and the laptop-fit checks (no page scrolls sideways at 1366 × 768, the window's least size fits a laptop,
no form wider than its scroll view) read the audit's walks of the bank sample instead of opening the same window
again (they opened it three more times, 12 CPU-s). A walk keeps numbers and texts only, never a widget. The dialog
audit's File -> Compare reads the walks' estimates too (:func:`compare_from_cache`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QScrollArea, QStyle

from gpudesk.ui.i18n import install_language
from gpudesk.ui.theme import apply_theme


@dataclass
class Walk:
    """One case's walk: the audit's findings, the status bar's lightness and the laptop-fit measurements."""

    findings: list = field(default_factory=list)
    lightness: int = -1
    sideways: list[tuple[str, int]] = field(default_factory=list)
    """(step key, pixels) of each page that scrolls sideways at the window's size, first phase and workload."""
    least_size: tuple[int, int] | None = None
    """The window's minimum size hint (width, height) once every step was shown (laptop walks only)."""
    wide_forms: list[tuple[str, int, int]] = field(default_factory=list)
    """At 1366 × 720: (step key, form width, scroll view width) of each form wider than its view (laptop walks)."""


@contextmanager
def language_and_theme(qapp, lang: str, theme: str) -> Iterator[None]:
    """``lang`` and ``theme`` installed for a walk; the locale and the system theme restored afterwards."""
    before = QLocale()
    installed = install_language(qapp, lang) if lang == "zh" else None
    apply_theme(qapp, theme)
    try:
        yield
    finally:
        apply_theme(qapp, "system")
        if installed is not None:
            installed.uninstall()
        QLocale.setDefault(before)


def sideways_pixels(page) -> int:
    """How far the page's scroll areas scroll sideways: room for the page's least width even under a vertical scroll
    bar, which the page gets when the Roadmap dock leaves it short (the English step 6 then scrolled 4 px sideways:
    759 px in 755). 0 when nothing scrolls sideways."""
    over = 0
    for area in page.findChildren(QScrollArea, "page-scroll"):
        bar = 0 if area.verticalScrollBar().isVisible() else area.style().pixelMetric(
            QStyle.PixelMetric.PM_ScrollBarExtent)
        over = max(over, area.horizontalScrollBar().maximum(),
                   area.widget().minimumSizeHint().width() - (area.viewport().width() - bar))
    return over


def form_over_view(page) -> tuple[int, int]:
    """(the input form's least width, its scroll view's width): the form never needs a horizontal scroll bar for
    long catalog names when the first is at most the second (+1)."""
    scroll = page.form_box.parentWidget().parentWidget()
    return page.form.minimumSizeHint().width(), scroll.viewport().width()


def compare_from_cache(monkeypatch, estimates) -> None:
    """File -> Compare (``estimate_plan`` without a cache, then the searches) reads its plans' phases from
    ``estimates``, the walks' phase cache, as a comparison of plans already open in the app would: the dialog audit's
    four cases compared the same two samples, estimating and searching them anew each time (0.5-1.2 CPU-s of a case's
    1.7-3.0; estimates hold no session language). A caller passing its own cache (the window) keeps it."""
    from gpudesk.results import pipeline

    fresh = pipeline.estimate_plan

    def estimate_plan(project, catalog, cache=None, *args, **kwargs):
        return fresh(project, catalog, estimates if cache is None else cache, *args, **kwargs)

    monkeypatch.setattr(pipeline, "estimate_plan", estimate_plan)


def save_shots(window, page, stem: Path | None, phase: int, workload: int, step: int) -> None:
    """Screenshots of the window at a step and of each chart shown on its page, whole (a page scrolls below a chart
    at 1366 × 768): ``<stem>-step3.png`` for the first phase and workload, ``<stem>-p2w1-step3.png`` for the others,
    and ``...-step3-chart1.png``; none without a ``stem`` (nobody asked for them)."""
    from window_audit_charts import chart_views

    if stem is None:
        return

    name = f"{stem}{'' if (phase, workload) == (0, 0) else f'-p{phase + 1}w{workload + 1}'}-step{step}"
    assert window.grab().save(f"{name}.png")
    for index, view in enumerate(v for v in chart_views(page) if v.isVisible()):
        assert view.grab().save(f"{name}-chart{index + 1}.png")
