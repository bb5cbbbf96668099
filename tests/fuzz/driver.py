"""Drive the generators with hypothesis and count outcomes.

Each generator is a hypothesis strategy; :func:`drive` runs it for a number
of examples in the generate phase only (no shrinking: a failing case is
recorded, not raised) and hands each example to a runner. Failing inputs
are kept per distinct signature, minimised, for regression tests.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from gpudesk.catalog.schema import record_as_mapping
from gpudesk.catalog.store import Catalog
from gpudesk.project.model import SCHEMA_VERSION

from . import csv_strategies as csvs
from . import plan_strategies as plans
from .cases import CsvRunner, Outcome, PlanRunner
from .minimise import minimise_plan

PLAN_SHARES = {"bounds": 0.25, "extreme": 0.15, "mutation": 0.20, "wizard": 0.15, "bytes": 0.09, "version": 0.06,
               "encoding": 0.05, "size": 0.05}
CSV_SHARES = {"cells": 0.40, "structure": 0.20, "bytes": 0.20, "encoding": 0.10, "size": 0.10}
V1_FIXTURE = Path(__file__).resolve().parent.parent / "project" / "fixtures" / "v1_sample.gpudesk"


@dataclass
class Tally:
    """Counts per (generator, outcome), failure signatures with one example each, timings."""

    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    signatures: Counter[str] = field(default_factory=Counter)
    examples: dict[str, tuple[str, Any, Outcome]] = field(default_factory=dict)
    slowest: list[tuple[float, str]] = field(default_factory=list)
    total_seconds: float = 0.0
    numeric_warnings: Counter[str] = field(default_factory=Counter)  # sites of numpy RuntimeWarnings (not failures)

    def add(self, area: str, generator: str, outcome: Outcome, case: Any) -> None:
        self.counts[(f"{area}:{generator}", outcome.kind)] += 1
        self.numeric_warnings.update(set(outcome.warnings))
        self.total_seconds += outcome.seconds
        self.slowest = sorted([*self.slowest, (outcome.seconds, f"{area}:{generator} {outcome.kind}")],
                              reverse=True)[:5]
        if outcome.failed:
            key = f"{area} {outcome.kind}: {outcome.detail}"
            self.signatures[key] += 1
            self.examples.setdefault(key, (generator, case, outcome))

    def outcome_totals(self, area: str) -> Counter[str]:
        totals: Counter[str] = Counter()
        for (name, kind), count in self.counts.items():
            if name.startswith(area + ":"):
                totals[kind] += count
        return totals

    @property
    def failures(self) -> int:
        return sum(self.signatures.values())


def drive(strategy: st.SearchStrategy[Any], count: int, seed_value: int, each: Callable[[Any], None]) -> None:
    """Run ``each`` on ``count`` examples of ``strategy`` (generate phase only, reproducible by seed)."""
    if count <= 0:
        return

    @seed(seed_value)
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), derandomize=False)
    @given(strategy)
    def run(example: Any) -> None:
        each(example)

    run()


def drive_safely(tally: Tally, area: str, name: str, strategy: st.SearchStrategy[Any], count: int, seed_value: int,
                 each: Callable[[Any], None]) -> None:
    """:func:`drive`, with a fault of the generator itself recorded (and the run going on with the next one)."""
    try:
        drive(strategy, count, seed_value, each)
    except Exception as exc:  # noqa: BLE001 - a bug of this harness, reported as such, never as gpudesk's
        key = f"{area} harness error in generator {name}: {type(exc).__name__}: {exc}"
        tally.signatures[key] += 1
        tally.examples.setdefault(key, (name, b"", Outcome("harness", str(exc))))


TOP_UP = "top-up"
"""A last pass that makes up what a generator with few distinct inputs could not give (hypothesis stops when a
strategy's space is exhausted): more cases of a broad generator under another seed, counted on their own row."""


def split(total: int, shares: dict[str, float]) -> dict[str, int]:
    counts = {name: int(total * share) for name, share in shares.items()}
    first = next(iter(counts))
    counts[first] += total - sum(counts.values())
    return counts


def plan_generators(catalog: Catalog) -> dict[str, st.SearchStrategy[bytes]]:
    ids = {table: [r.id for r in catalog.rows(table)] for table in
           ("accelerators", "models", "servers", "storage_options", "nics", "switches", "cloud_offers")}
    model_rows = [{k: (list(v) if isinstance(v, tuple) else v) for k, v in record_as_mapping(m).items()
                   if k not in ("source", "date", "field_sources", "unknown", "verified", "notes")}
                  for m in catalog.models()]
    samples = plans.sample_plans()
    originals = [p.read_bytes() for p in plans.sample_paths()]
    v1 = json.loads(V1_FIXTURE.read_bytes())

    def as_bytes(plan: dict[str, Any]) -> bytes:
        return json.dumps(plan, ensure_ascii=False, allow_nan=True).encode("utf-8", "surrogatepass")

    return {
        "bounds": plans.SchemaStrategies(ids, model_rows=model_rows).plan().map(as_bytes),
        "extreme": plans.SchemaStrategies(ids, extreme=True, model_rows=model_rows).plan().map(as_bytes),
        "mutation": plans.mutated_plans(samples),
        "wizard": plans.wizard_edits(plans.sample_paths()),
        "bytes": plans.byte_edits(originals),
        "version": plans.versions(samples, v1),
        "encoding": plans.encodings(originals),
        "size": plans.size_bombs(),
    }


def csv_generators(catalog: Catalog) -> dict[str, st.SearchStrategy[csvs.CsvCase]]:
    exports = csvs.table_exports(catalog)
    return {
        "cells": csvs.cell_edits(exports),
        "structure": csvs.structure_edits(exports),
        "bytes": csvs.csv_byte_edits(exports),
        "encoding": csvs.csv_encodings(exports),
        "size": csvs.csv_sizes(exports),
    }


def run_fuzz(plan_count: int, csv_count: int, seed_value: int = 0, timeout_s: float = 10.0,
             use_alarm: bool = True, progress: bool = False, estimate_imports: bool = True,
             reference: tuple[Any, Any] | None = None) -> Tally:
    """``reference``: what ``PlanRunner.open`` compares the plans with (estimated there when None)."""
    tally = Tally()
    done = [0]
    started = time.monotonic()

    def report(area: str) -> None:
        done[0] += 1
        if progress and done[0] % 250 == 0:
            totals = tally.outcome_totals(area)
            print(f"  {area}: {done[0]} cases in {time.monotonic() - started:.0f} s: {dict(totals)}",
                  file=sys.stderr, flush=True)

    if plan_count:
        runner = PlanRunner.open(timeout_s, use_alarm, reference)
        generators = plan_generators(runner.catalog)
        generators[TOP_UP] = generators["mutation"]
        for offset, (name, count) in enumerate([*split(plan_count, PLAN_SHARES).items(), (TOP_UP, 0)]):
            def each_plan(raw: bytes, name: str = name) -> None:
                tally.add("plans", name, runner.run(raw), raw)
                report("plans")

            wanted = plan_count - done[0] if name == TOP_UP else count
            drive_safely(tally, "plans", name, generators[name], wanted, seed_value + offset, each_plan)
        runner.catalog.close()
    if csv_count:
        done[0] = 0
        csv_runner = CsvRunner.open(timeout_s, use_alarm)
        csv_runner.estimate_imports = estimate_imports
        with Catalog.open() as catalog:
            generators = csv_generators(catalog)
        generators[TOP_UP] = generators["cells"]
        for offset, (name, count) in enumerate([*split(csv_count, CSV_SHARES).items(), (TOP_UP, 0)]):
            def each_csv(case: csvs.CsvCase, name: str = name) -> None:
                tally.add("csvs", name, csv_runner.run(case), case)
                report("csvs")

            count = csv_count - done[0] if name == TOP_UP else count
            drive_safely(tally, "csvs", name, generators[name], count, seed_value + 100 + offset, each_csv)
    return tally


def save_failures(tally: Tally, folder: Path, runner: PlanRunner | None = None) -> list[Path]:
    """Write one (minimised) input per failure signature to ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for index, (key, (generator, case, outcome)) in enumerate(sorted(tally.examples.items())):
        stem = f"{index:03d}-{generator}"
        if isinstance(case, (bytes, bytearray)):
            raw = bytes(case)
            if runner is not None and outcome.kind == "traceback":
                raw = minimise_plan(raw, lambda b: _same_failure(runner.run(b), outcome))
            path = folder / f"{stem}.gpudesk"
            path.write_bytes(raw)
        else:
            path = folder / f"{stem}-{case.table}.csv"
            path.write_bytes(case.data)
            path.with_suffix(".json").write_text(json.dumps({"table": case.table, "encoding": case.encoding}))
        path.with_name(path.name + ".txt").write_text(f"{key}\n\n{outcome.trace}", encoding="utf-8")
        written.append(path)
    return written


def _same_failure(got: Outcome, wanted: Outcome) -> bool:
    return got.kind == wanted.kind and got.detail == wanted.detail


def format_report(tally: Tally, plan_count: int, csv_count: int, seconds: float) -> str:
    lines = [f"gpudesk fuzz run: {plan_count} plans, {csv_count} CSVs, {seconds:.0f} s "
             f"(schema version {SCHEMA_VERSION})", ""]
    for area, ok in (("plans", "estimated"), ("csvs", "imported")):
        names = sorted({name for name, _ in tally.counts if name.startswith(area + ":")})
        if not names:
            continue
        kinds = [ok, "refused", "traceback", "timeout", "multiline", "changed", "disagree"]
        lines.append(f"{'generator':<22}" + "".join(f"{k:>11}" for k in kinds))
        for name in names:
            lines.append(f"{name:<22}" + "".join(f"{tally.counts[(name, k)]:>11}" for k in kinds))
        totals = tally.outcome_totals(area)
        lines.append(f"{area + ' total':<22}" + "".join(f"{totals[k]:>11}" for k in kinds))
        lines.append("")
    if tally.signatures:
        lines.append("failures by signature:")
        lines += [f"  {count:>6}  {key}" for key, count in tally.signatures.most_common()]
        lines.append("")
    if tally.numeric_warnings:
        lines.append("numeric warnings on the way (numpy divide/invalid; cases that met one, not counted as failures):")
        lines += [f"  {count:>6}  {site}" for site, count in tally.numeric_warnings.most_common(10)]
        lines.append("")
    lines.append("slowest cases: " + ", ".join(f"{s:.2f} s ({what})" for s, what in tally.slowest))
    return "\n".join(lines)
