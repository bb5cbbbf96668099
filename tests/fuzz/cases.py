"""Run one fuzz input through gpudesk and say how it ended.

A plan goes through what ``gpudesk estimate``, ``gpudesk report`` and
``gpudesk compare`` do before writing a file: load (parse, migrate,
validate), estimate, the JSON document, the proposal model in both
languages and a comparison with a sample plan. A CSV goes through
``gpudesk catalog import`` into a fresh user catalog; the catalog is then
opened again and, when the table feeds plans, a sample plan that uses the
imported row is estimated.

Outcomes: ``estimated``/``imported``, ``refused`` (one of gpudesk's
input errors with a non-empty one-line message), ``multiline`` (refused,
but the message spans lines), ``changed`` (a plan that, saved and opened
again, is not the plan that was opened), ``disagree`` (an estimated plan whose
surfaces tell two stories: tests/plan/reconcile_checks.py), ``traceback`` (any other exception) and
``timeout`` (more CPU time than the deadline, or ten times that in wall time: see :func:`deadline`).
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import sys
import tempfile
import time
import traceback
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.store import Catalog
from gpudesk.paths import shipped_catalog_path
from gpudesk.project.errors import ProjectFileError, ProjectValidationError
from gpudesk.project.io import load_project, loads_project
from gpudesk.report.comparison import compare_plans
from gpudesk.report.comparison_export import comparison_document
from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal
from gpudesk.results.pipeline import PlanInputError, estimate_plan
from gpudesk.results.plan_json import plan_to_json

from .plan_strategies import sample_paths

REFUSALS: tuple[type[BaseException], ...] = (ProjectFileError, ProjectValidationError, PlanInputError, CatalogError)
FAILURES = ("traceback", "timeout", "multiline", "changed", "disagree")


class CaseTimeout(Exception):
    """Raised by the alarm when one case runs past its deadline."""


@dataclass
class Outcome:
    kind: str
    detail: str = ""
    seconds: float = 0.0
    trace: str = ""
    warnings: tuple[str, ...] = ()  # numeric warnings (numpy divide/invalid) seen on the way, by site

    @property
    def failed(self) -> bool:
        return self.kind in FAILURES


def signature(exc: BaseException) -> str:
    """Exception type and the innermost gpudesk frame: one name per distinct bug."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/gpudesk/" in f.filename.replace("\\", "/")]
    where = frames[-1] if frames else (traceback.extract_tb(exc.__traceback__) or [None])[-1]
    place = f"{where.filename.split('gpudesk/')[-1]}:{where.lineno} in {where.name}" if where else "?"
    return f"{type(exc).__name__} at {place}"


@contextlib.contextmanager
def numeric_warnings(sites: list[str]) -> Iterator[None]:
    """Collect RuntimeWarnings (numpy's divide-by-zero, invalid value) as sites instead of raising or printing
    them, so a case ends the same way under pytest (warnings are errors there) and in the long run."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RuntimeWarning)
        yield
    for item in caught:
        if issubclass(item.category, RuntimeWarning):
            sites.append(f"{item.filename.replace(chr(92), '/').split('gpudesk/')[-1]}:{item.lineno} {item.message}")


WALL_BACKSTOP = 10.0
"""A case is stopped after this many times its CPU deadline in wall-clock time as well (an input that makes
gpudesk wait without computing). The deadline itself is CPU time: the development machine is shared by up
to 8 agents on 2 cores, where a case of 0.1 CPU s was seen to take 22 s of wall time."""


@contextlib.contextmanager
def deadline(seconds: float, use_alarm: bool) -> Iterator[None]:
    """Interrupt the case after ``seconds`` of this process's CPU time (SIGPROF), or ``WALL_BACKSTOP`` times
    that in wall time (SIGALRM); an outer alarm (pytest-timeout) is restored after."""
    if not use_alarm or not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, _frame: Any) -> None:
        clock = "CPU" if signum == signal.SIGPROF else "wall-clock"
        limit = seconds if signum == signal.SIGPROF else seconds * WALL_BACKSTOP
        raise CaseTimeout(f"over {limit:g} s of {clock} time")

    outer_handler = signal.signal(signal.SIGALRM, expire)
    outer_prof = signal.signal(signal.SIGPROF, expire)
    outer_left, _ = signal.getitimer(signal.ITIMER_REAL)
    started = time.monotonic()
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, seconds * WALL_BACKSTOP)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, outer_prof)
        signal.signal(signal.SIGALRM, outer_handler)
        if outer_left:
            signal.setitimer(signal.ITIMER_REAL, max(outer_left - (time.monotonic() - started), 0.001))


def _over(cpu_s: float, wall_s: float, timeout_s: float) -> str:
    """Why a case that finished counts as a timeout ("" when it does not): the same limits as :func:`deadline`."""
    if cpu_s > timeout_s:
        return f"{cpu_s:.1f} s of CPU time"
    if wall_s > timeout_s * WALL_BACKSTOP:
        return f"{wall_s:.1f} s of wall-clock time"
    return ""


def one_line(message: str) -> bool:
    return bool(message.strip()) and "\n" not in message and "\r" not in message


def _classify(exc: BaseException, seconds: float) -> Outcome:
    if isinstance(exc, CaseTimeout):
        return Outcome("timeout", str(exc), seconds)
    if isinstance(exc, REFUSALS):
        message = _cli_message(exc)
        return Outcome("refused" if one_line(message) else "multiline", message[:300], seconds)
    return Outcome("traceback", signature(exc), seconds, "".join(traceback.format_exception(exc)))


def _cli_message(exc: BaseException) -> str:
    """What a face shows: a validation error's first problem, else the message."""
    problems = getattr(exc, "problems", None)
    if isinstance(exc, ProjectValidationError) and problems:
        path, reason = problems[0]
        return f"{path or '(top level)'}: {reason}"
    if problems:
        return str(problems[0])
    return str(exc)


@dataclass
class PlanRunner:
    """Estimates plan bytes the way the headless commands do."""

    catalog: Catalog
    timeout_s: float = 10.0
    use_alarm: bool = True
    reference: list[tuple[Any, Any]] = field(default_factory=list)
    _count: int = 0

    @classmethod
    def open(cls, timeout_s: float = 10.0, use_alarm: bool = True,
             reference: tuple[Any, Any] | None = None) -> PlanRunner:
        """``reference``: (estimate, project) of the first sample, searched, which the cases are compared with
        (estimated here when not given; a test passes the session's ``searched_sample``, read only)."""
        catalog = Catalog.open()
        runner = cls(catalog, timeout_s, use_alarm)
        if reference is None:
            project = load_project(sample_paths()[0]).project
            reference = (estimate_plan(project, catalog, search=True), project)
        runner.reference = [reference]
        return runner

    def run(self, raw: bytes) -> Outcome:
        self._count += 1
        started, cpu_started = time.perf_counter(), time.process_time()
        sites: list[str] = []
        try:
            with deadline(self.timeout_s, self.use_alarm), numeric_warnings(sites):
                kind, detail = self._estimate(raw)
        except BaseException as exc:  # noqa: BLE001 - classifying every way a case can end is the point
            if isinstance(exc, KeyboardInterrupt):
                raise
            return replace(_classify(exc, time.perf_counter() - started), warnings=tuple(sites))
        seconds = time.perf_counter() - started
        over = _over(time.process_time() - cpu_started, seconds, self.timeout_s)
        if over:
            return Outcome("timeout", over, seconds, warnings=tuple(sites))
        return Outcome(kind, detail, seconds, warnings=tuple(sites))

    def _estimate(self, raw: bytes) -> tuple[str, str]:
        project = loads_project(raw, "the plan").project
        changed = _changed_by_saving(project)
        if changed:
            return "changed", changed
        estimate = estimate_plan(project, self.catalog, search=True)
        json.dumps(plan_to_json(estimate), allow_nan=False)
        disagreement = _surfaces_disagree(estimate, project)
        if disagreement:
            return "disagree", disagreement
        lang = ("zh", "en")[self._count % 2]
        build_proposal(estimate, project, lang, Branding(company="fuzz"))
        if estimate.currency == self.reference[0][0].currency:
            comparison = compare_plans([(estimate, project), *self.reference])
            comparison_document(comparison, lang, Branding())
        return "estimated", ""


def _surfaces_disagree(estimate: Any, project: Any) -> str:
    """Where the estimate's surfaces (figures, ledger, proposal, comparison, JSON) tell two stories: the check that
    failed and what it printed; "" when they agree. fuzz-26 found two such plans only by running these checks."""
    plan_tests = str(Path(__file__).resolve().parent.parent / "plan")
    if plan_tests not in sys.path:
        sys.path.append(plan_tests)
    from reconcile_checks import check_documents, check_phase_surfaces

    try:
        check_phase_surfaces(estimate)
        check_documents(estimate, project)
    except AssertionError as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return f"{Path(where.filename).name}:{where.lineno} {one_line_text(str(exc))[:120]}"
    return ""


def one_line_text(text: str) -> str:
    return " ".join(text.split())


def _changed_by_saving(project: Any) -> str:
    """The fields (their paths; the values left out, so one defect is one signature) in which the plan, saved and
    opened again, differs from the plan that was opened; "" when it is the same plan."""
    from gpudesk.project.io import dumps_project
    from gpudesk.session.field_paths import differences

    again = loads_project(dumps_project(project), "the plan").project
    paths = sorted({re.sub(r"\[\d+\]", "[]", path) for path, _a, _b in differences(project, again)
                    if path != "app_version"})
    return ", ".join(paths)


# Which plan field refers to a row of each table, and how to point a sample plan at an imported row.
def _point_plan_at(plan: dict[str, Any], table: str, record: Any) -> bool:
    phase = plan["phases"][0]
    if table == "models":
        phase["workloads"][0]["model_id"] = record.id
        phase["workloads"][0].pop("custom_model", None)
    elif table == "servers":
        phase["hardware"].update(server_id=record.id, accelerator_id=record.accelerator_id)
    elif table == "accelerators":
        phase["hardware"].update(accelerator_id=record.id, server_id="")
    elif table == "cloud_offers":
        phase["delivery"]["cloud_offer_id"] = record.id
    elif table == "storage_options":
        phase["storage"]["option_id"] = record.id
    elif table == "nics":
        phase["network"]["nic_id"] = record.id
    elif table == "switches":
        phase["network"]["switch_id"] = record.id
    else:
        return False
    return True


@dataclass
class CsvRunner:
    """Imports CSV bytes into a fresh user catalog, as ``gpudesk catalog import`` does."""

    workdir: Path
    timeout_s: float = 10.0
    use_alarm: bool = True
    estimate_imports: bool = True
    _count: int = 0
    _plans: list[bytes] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._plans = [p.read_bytes() for p in sample_paths()]

    @classmethod
    def open(cls, timeout_s: float = 10.0, use_alarm: bool = True) -> CsvRunner:
        return cls(Path(tempfile.mkdtemp(prefix="gpudesk-fuzz-csv-")), timeout_s, use_alarm)

    def run(self, case: Any) -> Outcome:
        from gpudesk.catalog.csv_io import import_csv

        self._count += 1
        user_db = self.workdir / f"user-{self._count}.db"
        started, cpu_started = time.perf_counter(), time.process_time()
        sites: list[str] = []
        try:
            with deadline(self.timeout_s, self.use_alarm), numeric_warnings(sites):
                with Catalog.open(shipped_catalog_path(), user_db) as catalog:
                    records = import_csv(catalog, case.table, case.data, encoding=case.encoding)
                with Catalog.open(shipped_catalog_path(), user_db) as reopened:
                    if self.estimate_imports and records:
                        self._estimate_with(reopened, case.table, records[self._count % len(records)])
            kind = "imported"
        except BaseException as exc:  # noqa: BLE001
            if isinstance(exc, KeyboardInterrupt):
                raise
            return replace(_classify(exc, time.perf_counter() - started), warnings=tuple(sites))
        finally:
            for leftover in self.workdir.glob(f"user-{self._count}.db*"):
                leftover.unlink()
        seconds = time.perf_counter() - started
        over = _over(time.process_time() - cpu_started, seconds, self.timeout_s)
        if over:
            return Outcome("timeout", over, seconds, warnings=tuple(sites))
        return Outcome(kind, "", seconds, warnings=tuple(sites))

    def _estimate_with(self, catalog: Catalog, table: str, record: Any) -> None:
        plan = json.loads(self._plans[self._count % len(self._plans)])
        if not _point_plan_at(plan, table, record):
            return
        try:
            project = loads_project(json.dumps(plan).encode(), "the plan").project
            estimate = estimate_plan(project, catalog, search=True)
            json.dumps(plan_to_json(estimate), allow_nan=False)
            build_proposal(estimate, project, "en", Branding())
        except REFUSALS:
            pass  # the imported row cannot serve this plan, and gpudesk said why
