"""The proposal for the largest sample, stage by stage, in one process, against bare QPdfWriter pages.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_report.py   (or: .venv/bin/python -m benchmarks report)

In one process, for the largest sample plan (the bank's three phases) and each language: Qt and the
bundled CJK font set up (once, timed), the plan read and estimated (``load_project`` +
``estimate_plan``, no cache), the proposal document built (``build_proposal``: sections, tables, chart
specifications) and every page drawn into a PDF (``write_proposal_pdf``: charts rendered, text laid out).
The whole `gpudesk report` process, imports included, is timed by bench_cli.py; this benchmark says where
inside it the time goes.

Baseline, in the same process: a bare ``QPdfWriter`` drawing as many A4 pages as the proposal has, each
with 40 lines of mixed Chinese and Latin text in the same font and one filled rectangle; the render
stage is printed against it.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._common import largest_sample, result, times  # noqa: E402

LINES_PER_PAGE = 40


def bare_pages(path: Path, pages: int, family: str) -> float:
    """Seconds for a bare QPdfWriter to draw ``pages`` A4 pages of text and a rectangle each."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QFont, QPageSize, QPainter, QPdfWriter

    start = time.perf_counter()
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setResolution(300)
    painter = QPainter(writer)
    font = QFont(family)
    font.setPointSizeF(10)
    painter.setFont(font)
    for page in range(pages):
        if page:
            writer.newPage()
        painter.fillRect(QRectF(200, 200, 1800, 600), QColor("#4c72b0"))
        for line in range(LINES_PER_PAGE):
            painter.drawText(200, 1000 + line * 60, f"第 {page + 1} 页 行 {line + 1}: GPU 规划 sizing 8× H100, 3.2 M CNY")
    painter.end()
    del painter, writer  # the PDF is finished when the writer goes
    return time.perf_counter() - start


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application

    started = time.perf_counter()
    ensure_application()
    family = cjk_font_family()
    setup = time.perf_counter() - started

    from gpudesk.catalog.store import Catalog
    from gpudesk.pdf.pdf_writer import write_proposal_pdf
    from gpudesk.project.io import load_project
    from gpudesk.report.document import Branding
    from gpudesk.report.proposal import build_proposal
    from gpudesk.results.pipeline import estimate_plan

    plan_path = largest_sample()
    catalog = Catalog.open()
    print(f"Qt application + CJK font registration: {setup:.3f} s (once per process)")
    with tempfile.TemporaryDirectory() as folder:
        for lang in ("zh", "en"):
            t0 = time.perf_counter()
            project = load_project(plan_path).project
            plan = estimate_plan(project, catalog, search=True)
            t1 = time.perf_counter()
            doc = build_proposal(plan, project, lang, Branding("Bench Co", "", "bench"))
            t2 = time.perf_counter()
            pages = write_proposal_pdf(doc, Path(folder) / f"proposal_{lang}.pdf")
            t3 = time.perf_counter()
            bare = bare_pages(Path(folder) / f"bare_{lang}.pdf", pages, family)
            total = t3 - t0
            print(f"{plan_path.name} {lang}: read + estimate {t1 - t0:.3f} s, build {t2 - t1:.3f} s, "
                  f"render {t3 - t2:.3f} s ({pages} pages, {(t3 - t2) / pages * 1e3:.0f} ms a page), total {total:.3f} s; "
                  f"bare QPdfWriter, {pages} text pages: {bare:.3f} s (render {(t3 - t2) / bare:.1f}×)")
            result("bench_report", f"proposal {lang}, {plan_path.stem}, in process",
                   f"{total:.2f} s ({pages} pages; render {t3 - t2:.2f} s)",
                   times((t3 - t2) / bare, "bare QPdfWriter text pages (render)"),
                   includes="read + estimate + build + draw every page with charts; excludes imports and the "
                            f"one-off Qt and font set-up ({setup:.2f} s)")
    catalog.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
