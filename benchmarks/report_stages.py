"""Where ``gpudesk report`` spends its time, stage by stage, in one fresh process, wall and CPU time.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/report_stages.py [PLAN]   (default: the largest sample)

Follows the command's own path (``gpudesk/cli/report_cmd.py``) from a fresh interpreter and marks each stage:
importing the proposal model, the estimation core and the Qt PDF writer (PySide6 and pyqtgraph), reading and
estimating the plan (with its searches, in worker processes where the machine has the cores: their CPU time is
counted), building the proposal, rendering its chart images, laying out and drawing the pages. Not
included: the interpreter's own start (about ``python -c pass``). ``bench_cli.py`` times the whole process
against ``python -c "import numpy"``; this says where inside it the time goes, in CPU time as well as wall time
(on the shared development machine the wall time is several times the CPU time).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path


def cpu_seconds() -> float:
    """CPU time of this process and of the worker processes it has waited for (the searches run in forked workers
    where the machine has the cores: results/search_workers.py; their time is part of the command's)."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


START_WALL, START_CPU = time.perf_counter(), cpu_seconds()
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

marks: list[tuple[str, float, float]] = []


def mark(stage: str) -> None:
    marks.append((stage, time.perf_counter(), cpu_seconds()))


def main(argv: list[str]) -> int:
    from benchmarks._common import largest_sample

    plan_path = Path(argv[0]) if argv else largest_sample()
    mark("start (benchmark helpers)")
    from gpudesk.report.document import Branding
    from gpudesk.report.proposal import build_proposal
    mark("import the proposal model")
    from gpudesk.cli.report_cmd import _estimate
    mark("import the CLI and the core")
    from gpudesk.pdf.pdf_writer import ensure_application, write_proposal_pdf
    from gpudesk.pdf.qt_setup import cjk_font_family
    mark("import the PDF writer (PySide6)")
    plan, project, catalog_date = _estimate(str(plan_path))
    mark("read and estimate the plan")
    doc = build_proposal(plan, project, project.meta.language, Branding(), catalog_date=catalog_date)
    mark("build the proposal")
    ensure_application()
    cjk_font_family()
    mark("start Qt, register the CJK font")
    from gpudesk.pdf.layout import layout
    layout(doc, cjk_font_family())
    mark("lay out the pages (measured alone)")
    with tempfile.TemporaryDirectory(prefix="gpudesk-report-stages-") as folder:
        pages = write_proposal_pdf(doc, Path(folder) / "proposal.pdf")
    mark(f"lay out and draw {pages} pages, outline")
    total_wall, total_cpu = marks[-1][1] - START_WALL, marks[-1][2] - START_CPU
    print(f"gpudesk report {plan_path.name}, stage by stage (one process):")
    previous_wall, previous_cpu = START_WALL, START_CPU
    for stage, wall, cpu in marks:
        print(f"  {stage:44s} wall {wall - previous_wall:6.2f} s   CPU {cpu - previous_cpu:6.2f} s "
              f"({(cpu - previous_cpu) / total_cpu:4.0%})")
        previous_wall, previous_cpu = wall, cpu
    print(f"  {'total, after the interpreter started':44s} wall {total_wall:6.2f} s   CPU {total_cpu:6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
