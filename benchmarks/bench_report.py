"""Time a full proposal: build the document and render the PDF with charts (target < 2 s).

Run: ``python -m benchmarks`` (every bench_*.py with main()) or ``python benchmarks/bench_report.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 2.0


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT / "tests" / "report"))
    from report_samples import roadmap_plan  # realistic two-phase plan with charts and BOMs

    from gpudesk.report.document import Branding
    from gpudesk.report.proposal import build_proposal
    from gpudesk.ui.report.pdf_writer import write_proposal_pdf
    from gpudesk.ui.report.qt_setup import cjk_font_family, ensure_application

    ensure_application()
    cjk_font_family()  # one-off font registration is start-up cost, not per-proposal cost
    plan, project = roadmap_plan()
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        for lang in ("zh", "en"):
            start = time.perf_counter()
            doc = build_proposal(plan, project, lang, Branding("Bench Co", "", "bench"))
            built = time.perf_counter()
            pages = write_proposal_pdf(doc, Path(folder) / f"bench_{lang}.pdf")
            done = time.perf_counter()
            results[lang] = done - start
            print(f"proposal {lang}: build {built - start:.3f} s, render {done - built:.3f} s, "
                  f"total {done - start:.3f} s, {pages} pages (target < {TARGET_S} s)")
    worst = max(results.values())
    print(f"bench_report: worst {worst:.3f} s — {'OK' if worst < TARGET_S else 'SLOWER THAN TARGET'}")
    return 0 if worst < TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
