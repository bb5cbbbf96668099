"""Where ``gpudesk report`` spends its time, stage by stage, from one fresh process, wall and CPU time.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/report_stages.py [PLAN]   (default: the largest sample)

Follows the command's own path (``gpudesk/cli/report_cmd.py``) from a fresh interpreter and marks each stage:
importing the CLI and the estimation core, reading and estimating the plan, forking the search workers
(results/search_workers.py: a phase's search and ledger pricing per process where the machine has the cores;
``--one-process`` runs them here, as on one core), what this process does meanwhile (importing the proposal model
and the PDF writer, starting Qt, registering the CJK font), the searches (this process's phase, then waiting for the
workers: their CPU time is counted once they end), building the proposal, laying out and drawing the pages. Not
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
    import gc

    from benchmarks._common import largest_sample

    gc.disable()  # as the command runs (gpudesk.cli.main.without_collector: the collector paused for the command)

    one = "--one-process" in argv
    argv = [a for a in argv if a != "--one-process"]
    plan_path = Path(argv[0]) if argv else largest_sample()
    mark("start (benchmark helpers)")
    from gpudesk.catalog.store import Catalog
    from gpudesk.cli.report_cmd import _prepare_writing
    from gpudesk.project.io import load_project
    from gpudesk.results.pipeline import estimate_plan
    from gpudesk.results.search_workers import start_search_in_workers
    mark("import the CLI and the estimation core")
    catalog = Catalog.open()
    project = load_project(plan_path).project
    plan = estimate_plan(project, catalog)
    mark("open the catalog, read and estimate the plan")
    finish = start_search_in_workers(plan, catalog, 1 if one else None, busy=True)  # as the command starts them
    mark("fork the search workers" + (" (none: --one-process)" if one else ""))
    _prepare_writing(project.meta.language)
    mark("import the proposal model, PDF writer; start Qt; warm-up page")
    plan = finish()
    mark("searches: here the last phase, then the workers'")
    from gpudesk.pdf.pdf_writer import write_proposal_pdf
    from gpudesk.report.document import Branding
    from gpudesk.report.proposal import build_proposal
    doc = build_proposal(plan, project, project.meta.language, Branding(), catalog_date=str(catalog.built or ""),
                         catalog=catalog)
    mark("build the proposal")
    with tempfile.TemporaryDirectory(prefix="gpudesk-report-stages-") as folder:
        pages = write_proposal_pdf(doc, Path(folder) / "proposal.pdf")
    mark(f"lay out and draw {pages} pages, outline")
    catalog.close()
    total_wall, total_cpu = marks[-1][1] - START_WALL, marks[-1][2] - START_CPU
    print(f"gpudesk report {plan_path.name}, stage by stage (CPU: this process and the workers it waited for):")
    previous_wall, previous_cpu = START_WALL, START_CPU
    for stage, wall, cpu in marks:
        print(f"  {stage:50s} wall {wall - previous_wall:6.2f} s   CPU {cpu - previous_cpu:6.2f} s "
              f"({(cpu - previous_cpu) / total_cpu:4.0%})")
        previous_wall, previous_cpu = wall, cpu
    print(f"  {'total, after the interpreter started':50s} wall {total_wall:6.2f} s   CPU {total_cpu:6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
