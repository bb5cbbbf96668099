"""`gpudesk report` and `gpudesk compare`: proposals and comparisons from saved plans.

    gpudesk report PLAN.gpudesk -o OUT.pdf --lang zh|en [--company NAME] [--logo PNG]
    gpudesk compare A.gpudesk B.gpudesk [C D] -o OUT.pdf|OUT.csv [--lang zh|en]

Invalid input (missing or broken plan, wrong output type, unreadable logo)
exits with status 2 and one line on stderr saying why; no traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from gpudesk.cli.errors import one_line
from gpudesk.refusals import Refusal, os_reason, refusal
from gpudesk.vocabulary.counts import counted

EXIT_OK = 0
EXIT_BAD_INPUT = 2
LOGO_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".svg")


class ReportInputError(Exception):
    """Input the user can fix; the message is shown as is (a :class:`Refusal`: worded in ``--lang``)."""

    def __init__(self, reason: str | Refusal) -> None:
        super().__init__(str(reason))
        self.refusal = reason if isinstance(reason, Refusal) else None


def register(subparsers: Any) -> None:
    """Add the ``report`` and ``compare`` subcommands to an argparse subparsers object."""
    report = subparsers.add_parser("report", help="write a printable proposal (PDF) for a saved plan")
    report.add_argument("plan", help="plan file (.gpudesk)")
    report.add_argument("-o", "--output", required=True, help="PDF to write")
    report.add_argument("--lang", choices=("zh", "en"), default=None, help="language (default: the plan's)")
    report.add_argument("--company", default="", help="company name on the cover and page headers")
    report.add_argument("--logo", default="", help="logo image for the cover (PNG/JPEG)")
    report.add_argument("--author", default="", help="author (default: the plan's author)")
    report.set_defaults(func=run_report)

    compare = subparsers.add_parser("compare", help="compare 2-4 saved plans side by side (PDF or CSV)")
    compare.add_argument("plans", nargs="+", help="2 to 4 plan files (.gpudesk)")
    compare.add_argument("-o", "--output", required=True, help="OUT.pdf or OUT.csv")
    compare.add_argument("--lang", choices=("zh", "en"), default=None, help="language (default: the first plan's)")
    compare.add_argument("--company", default="", help="company name for the PDF header")
    compare.set_defaults(func=run_compare)


def _fail(command: str, message: str) -> int:
    print(f"gpudesk {command}: {' '.join(message.split())}", file=sys.stderr)
    return EXIT_BAD_INPUT


@contextlib.contextmanager
def _writing(target: Path) -> Iterator[None]:
    """An output that cannot be written (a read-only or vanished folder, a full disk) named by its own path and the
    system's reason, in ``--lang``: it read "[Errno 2] No such file or directory: '/proc/.x.pdf.4a3e….gpudesk-tmp'",
    the staging file's name and nothing else. The file already there is left as it was."""
    try:
        yield
    except OSError as exc:
        raise ReportInputError(refusal("file.cannot_save", path=str(target), why=os_reason(exc))) from None


def _check_output(path: str, suffixes: tuple[str, ...]) -> Path:
    target = Path(path)
    if target.suffix.lower() not in suffixes:
        raise ReportInputError(refusal("cli.output_pdf" if suffixes == (".pdf",) else "cli.output_pdf_csv", path=path))
    if not target.parent.resolve().is_dir():
        raise ReportInputError(refusal("cli.output_folder", path=str(target.parent)))
    return target


def _estimate(path: str, catalog: Any = None, meanwhile: Callable[[str], object] | None = None,
              lang: str | None = None) -> tuple[Any, Any, str]:
    """Load one plan file and estimate it: (PlanEstimate, Project, catalog date). ``catalog``: an open catalog
    the caller keeps (and closes); without one, the catalog is opened and closed here. ``meanwhile``: work of the
    caller's to do while the searches run in their worker processes, given the output's language. ``lang``: the
    output's language (default: the plan's), in which a shipped sample's own words are read."""
    if not Path(path).is_file():
        raise ReportInputError(refusal("cli.plan_missing", path=path))
    from gpudesk.project.io import load_project
    from gpudesk.session.sample_text import opened_in

    loaded = load_project(path)  # a broken file fails here, before the catalog is opened
    print_warnings(path, [w for w in loaded.warnings if isinstance(w, Refusal)], lang or loaded.project.meta.language)
    project = loaded.project
    project = opened_in(Path(path), project, lang or project.meta.language)
    from gpudesk.catalog.store import Catalog
    from gpudesk.results.pipeline import estimate_plan
    from gpudesk.results.search_workers import start_search_in_workers

    own = catalog is None
    catalog = Catalog.open() if own else catalog
    try:
        # the proposal and the comparison read the searched configurations: each phase's search in a process of its
        # own where the machine has the cores (results/search_workers.py; the same results as complete_search)
        finish = start_search_in_workers(estimate_plan(project, catalog), catalog, busy=meanwhile is not None)
        if meanwhile is not None:
            meanwhile(lang or project.meta.language)
        return finish(), project, str(catalog.built or "")
    finally:
        if own:
            catalog.close()


def _input_errors() -> tuple[type[BaseException], ...]:
    from gpudesk.catalog.errors import CatalogError
    from gpudesk.project.errors import ProjectFileError, ProjectValidationError
    from gpudesk.results.pipeline import PlanInputError
    from gpudesk.results.search_workers import WorkersSettingError

    return (ReportInputError, ProjectFileError, ProjectValidationError, PlanInputError, CatalogError,
            WorkersSettingError, OSError)


def run_report(args: argparse.Namespace) -> int:
    try:
        return _report(args)
    except _input_errors() as exc:
        return _fail("report", one_line(exc, args.lang))


def _check_text_flags(args: argparse.Namespace) -> None:
    """``--company`` and ``--author`` within the limits the plan and the proposal declare (a 20,000-character
    author ran down the cover and the company's name off every page header): refused by flag, length and limit."""
    from gpudesk.project.free_text import text_limit
    from gpudesk.project.model import ProjectMeta
    from gpudesk.report.document import COMPANY_MAX_CHARS

    for flag, value, limit in (("--company", args.company, COMPANY_MAX_CHARS),
                               ("--author", args.author, text_limit(ProjectMeta, "author"))):
        if len(value) > limit:
            raise ReportInputError(refusal("cli.flag_too_long", flag=flag, length=len(value), limit=limit))


def print_warnings(plan: str, warnings: list[Any], lang: str | None, stream: Any = None) -> None:
    """What opening the plan file ``plan`` warned of (a field kept over its limit), one line each on stderr, in
    ``lang`` ("gpudesk: PLAN: …", as a compare of several plans needs to say which)."""
    from gpudesk.report.refusal_text import refusal_text
    from gpudesk.wizard.fields import describe_path

    for warning in warnings:
        print(f"gpudesk: {plan}: {refusal_text(warning, lang or 'en', describe_path)}", file=stream or sys.stderr)


def _report(args: argparse.Namespace) -> int:
    target = _check_output(args.output, (".pdf",))
    _check_text_flags(args)
    if args.logo:
        logo = Path(args.logo)
        if logo.suffix.lower() not in LOGO_SUFFIXES:
            raise ReportInputError(refusal("cli.logo_type", path=args.logo, suffixes=", ".join(LOGO_SUFFIXES)))
        from gpudesk.pdf.pdf_writer import logo_problem

        problem = logo_problem(args.logo)  # a missing, empty or corrupt image: never a proposal without it unsaid
        if problem is not None:
            raise ReportInputError(problem)
    from gpudesk.catalog.store import Catalog

    catalog = Catalog.open()  # kept open while the proposal is built: it names the cited sources and models
    try:
        # the proposal model and the PDF writer load (and Qt starts) while the searches run in their workers
        plan, project, catalog_date = _estimate(args.plan, catalog, _prepare_writing, args.lang)
        from gpudesk.report.document import Branding
        from gpudesk.report.proposal import build_proposal
        from gpudesk.wizard.defaults import unset_word

        lang = args.lang or project.meta.language
        branding = Branding(company=args.company, logo_path=args.logo, author=args.author or project.meta.author)
        doc = build_proposal(plan, project, lang, branding, catalog_date=catalog_date, catalog=catalog,
                             unset=lambda path, value, floor: unset_word(path, value, floor, lang))
    finally:
        catalog.close()
    from gpudesk.pdf.pdf_writer import write_proposal_pdf

    with _writing(target):
        pages = write_proposal_pdf(doc, target)
    print(f"wrote {target} ({counted(pages, 'page')}, {lang})")
    return EXIT_OK


def _prepare_writing(lang: str) -> None:
    """What writing the proposal in ``lang`` needs besides the plan: its modules, the Qt application and the CJK
    font; then what the first document drawn in a process pays once (its text catalogues read, a throwaway page
    drawn: gpudesk/pdf/warm_up.py), paid here while the searches run rather than after them."""
    from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application
    from gpudesk.pdf.warm_up import warm_up_painting
    from gpudesk.report.proposal import read_texts_ahead

    ensure_application()
    cjk_font_family()
    read_texts_ahead(lang)
    warm_up_painting(lang)


def run_compare(args: argparse.Namespace) -> int:
    try:
        return _compare(args)
    except _input_errors() as exc:
        return _fail("compare", one_line(exc, args.lang))


def _compare(args: argparse.Namespace) -> int:
    from gpudesk.report.comparison import MAX_PLANS, MIN_PLANS, compare_plans
    from gpudesk.report.comparison_export import comparison_document, write_csv
    from gpudesk.report.document import Branding
    from gpudesk.report.text_catalog import ReportText

    if not MIN_PLANS <= len(args.plans) <= MAX_PLANS:
        raise ReportInputError(refusal("cli.plan_count", least=MIN_PLANS, most=MAX_PLANS, count=len(args.plans)))
    target = _check_output(args.output, (".pdf", ".csv"))
    from gpudesk.catalog.store import Catalog

    catalog = Catalog.open()  # one catalog for every plan; it also names the products in the inputs table
    try:
        entries = []
        for path in args.plans:
            plan, project, _date = _estimate(path, catalog, lang=args.lang)
            entries.append((plan, project))
        try:
            comparison = compare_plans(entries)
        except ValueError as exc:  # plans in different currencies
            raise ReportInputError(str(exc)) from exc
        lang = args.lang or entries[0][1].meta.language
        document = None
        if target.suffix.lower() != ".csv":
            from gpudesk.wizard.defaults import unset_word
            from gpudesk.wizard.field_use import field_applies
            from gpudesk.wizard.fields import describe_path

            document = comparison_document(comparison, lang, Branding(company=args.company),
                                           lambda path: describe_path(path, lang), catalog, field_applies,
                                           lambda path, value, floor: unset_word(path, value, floor, lang))
    finally:
        catalog.close()
    with _writing(target):
        if document is None:
            write_csv(comparison, target, ReportText(lang))
        else:
            from gpudesk.pdf.pdf_writer import write_proposal_pdf

            write_proposal_pdf(document, target)
    print(f"wrote {target} ({len(entries)} plans, {len(comparison.rows)} figures, "
          f"{len(comparison.input_differences)} differing inputs)")
    return EXIT_OK
