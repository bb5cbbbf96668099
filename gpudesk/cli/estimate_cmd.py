"""`gpudesk estimate PLAN.gpudesk [--json] [--lang zh|en]`: every computed figure, headless.

A refusal (a broken or invalid plan, an unknown part, a phase or figure not there) exits with status 2 and one line on
stderr in ``--lang``, in the refusals' own words as ``report`` and ``compare`` print them (:mod:`gpudesk.cli.errors`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from gpudesk.cli.errors import fail, one_line


def register(sub: Any) -> None:
    parser = sub.add_parser("estimate", help="estimate a plan and print every figure")
    parser.add_argument("plan", type=Path, help="a .gpudesk plan file")
    parser.add_argument("--json", action="store_true", help="print JSON (keys documented in docs/figures.md)")
    parser.add_argument("--explain", metavar="KEY", help="print the formula, inputs and sources of one figure")
    parser.add_argument("--phase", type=int, default=0, help="phase index for --explain (default 0)")
    parser.add_argument("--lang", choices=("zh", "en"), default=None,
                        help="language of the text, its checks and figure names, and of refusals and warnings "
                             "(default: English for the text and refusals, the plan's for warnings, as report and "
                             "compare; --json and --explain stay English)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    from gpudesk.catalog.errors import CatalogError
    from gpudesk.catalog.store import Catalog
    from gpudesk.cli.estimate_text import write_estimate_text
    from gpudesk.project.errors import ProjectFileError, ProjectValidationError
    from gpudesk.project.io import load_project
    from gpudesk.report.search_section import search_words
    from gpudesk.results.pipeline import PlanInputError, estimate_plan
    from gpudesk.results.plan_json import plan_to_json
    from gpudesk.results.search_workers import WorkersSettingError, complete_search_in_workers

    try:
        loaded = load_project(args.plan)
        project = loaded.project
        if args.lang and not (args.json or args.explain):  # a shipped sample in the text's language, as `report`
            from gpudesk.session.sample_text import opened_in  # reads it: the Chinese text named the bank sample

            project = opened_in(Path(args.plan), project, args.lang)  # 'Bank customer-service LLM (China)'
        catalog = Catalog.open()
        estimate = estimate_plan(project, catalog)
        if not args.explain:  # the JSON and the text print the searched configurations; a figure's explanation not
            complete_search_in_workers(estimate, catalog)  # a phase per process where the machine has the cores
    except (ProjectFileError, ProjectValidationError, CatalogError, PlanInputError, WorkersSettingError,
            OSError) as exc:
        reason = str(exc) if args.lang != "zh" else one_line(exc, "zh")  # the English whole, as scripts read it
        return fail(err, reason if str(args.plan) in reason else f"{args.plan}: {reason}")
    from gpudesk.cli.report_cmd import print_warnings
    from gpudesk.refusals import Refusal, refusal
    from gpudesk.report.refusal_text import refusal_text

    print_warnings(str(args.plan), [w for w in loaded.warnings if isinstance(w, Refusal)],
                   args.lang or loaded.project.meta.language, err)
    if args.explain:
        if not 0 <= args.phase < len(estimate.phases):
            why = refusal("cli.no_such_phase", phase=args.phase, count=len(estimate.phases))
            return fail(err, refusal_text(why, args.lang or "en"))
        figures = estimate.phases[args.phase].figures
        if args.explain not in figures:
            return fail(err, refusal_text(refusal("cli.no_such_figure", figure=args.explain), args.lang or "en"))
        from gpudesk.report.source_words import source_words

        def label_of(key: str) -> str | None:
            return figures.label(key) if key in figures else None
        # each source in words, as the window's Explain panel (the raw strings: --json's "source")
        print(figures.explain(args.explain).to_text(lambda source: source_words(source, "en", label_of)), file=out)
        return 0
    document = plan_to_json(estimate)
    for phase, shown in zip(estimate.phases, document["phases"]):
        if phase.search is not None and shown.get("search"):
            shown["search"]["text"] = search_words(phase.search)  # the reasons above, worded in each language
    if args.json:
        json.dump(document, out, ensure_ascii=False, indent=2, allow_nan=False)
        out.write("\n")
        return 0
    write_estimate_text(document, out, args.lang or "en")
    return 0
