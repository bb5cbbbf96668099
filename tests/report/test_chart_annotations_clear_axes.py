"""No printed chart's annotation (a reference line's name, a marker's label) comes near its axes' tick labels: the gov
proposal's roadmap printed "+2 nodes when requests per day exceed 3,000,000" from the GPU axis on, right after its
'200' (the label, centred above its point at month 1, was pushed back to the chart's left edge)."""

from __future__ import annotations

import sys
from collections import defaultdict

import pytest
from PySide6 import QtCore, QtGui

from gpudesk.paths import samples_dir
from gpudesk.pdf import chart_paint
from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application
from gpudesk.pdf.styles import CHART_H, CHART_W
from gpudesk.report.document import Branding, ChartRef
from gpudesk.report.proposal import build_proposal
from gpudesk.results.chart_model import ChartSpec

GAP_PT = 4.0  # less than this between an annotation and a tick label and the two read as one run of text
SAMPLES = sorted(path.stem for path in samples_dir().glob("*.gpudesk"))


def _printed_texts(spec: ChartSpec, lang: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, list[tuple]]:
    """Each text the chart painter prints upright, as (text, box on the page), by the step that printed it: ``_grid``
    the axes' tick labels, ``paint_refs`` (chart_refs.py) the annotations."""
    printed: dict[str, list[tuple]] = defaultdict(list)
    text = chart_paint._Chart.text

    def recording(self, m, x, y, words, color=chart_paint.S.MUTED, align="left"):
        width = text(self, m, x, y, words, color, align)
        left = x - width if align == "right" else x - width / 2 if align == "center" else x
        if self.p.transform().m12() == 0:  # the rotated axis title is no tick label
            printed[sys._getframe(1).f_code.co_name].append((words, QtCore.QRectF(left, y, width, m.line_height)))
        return width

    monkeypatch.setattr(chart_paint._Chart, "text", recording)
    image = QtGui.QImage(8, 8, QtGui.QImage.Format.Format_ARGB32)
    painter = QtGui.QPainter(image)
    try:
        chart_paint.paint_chart(painter, spec, QtCore.QRectF(0, 0, CHART_W, CHART_H), cjk_font_family(), lang)
    finally:
        painter.end()
    return printed


@pytest.mark.parametrize("stem", SAMPLES)
def test_no_annotation_comes_near_a_tick_label(stem, searched_sample, monkeypatch) -> None:
    ensure_application()
    plan, project = searched_sample(stem)
    annotated, near = 0, []
    for lang in ("zh", "en"):
        document = build_proposal(plan, project, lang, Branding(), catalog_date="2026-12-01",
                                  catalog=searched_sample.catalog)
        charts = [block.spec for section in document.sections for block in section.blocks
                  if isinstance(block, ChartRef) and isinstance(block.spec, ChartSpec)]
        assert charts, (stem, lang)
        for spec in charts:
            printed = _printed_texts(spec, lang, monkeypatch)
            ticks = [(words, box.adjusted(-GAP_PT, -GAP_PT, GAP_PT, GAP_PT)) for words, box in printed["_grid"]]
            assert ticks, (stem, lang, spec.kind)
            annotated += bool(printed["paint_refs"])
            near += [(lang, spec.kind, label, tick) for label, box in printed["paint_refs"] for tick, room in ticks
                     if box.intersects(room)]
    assert near == [], (stem, near)
    if stem == "gov-llm-domestic-accelerator":
        assert annotated  # the roadmap's phase names and markers were checked
