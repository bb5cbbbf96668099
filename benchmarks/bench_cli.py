"""The CLI as a user meets it: whole `gpudesk` processes, against bare Python processes in the same run.

Run: .venv/bin/python benchmarks/bench_cli.py [--runs 3]   (or: .venv/bin/python -m benchmarks cli)

Each command is a fresh process of the `gpudesk` console script next to this interpreter (offscreen Qt,
a private ``GPUDESK_HOME``), timed from spawn to exit: interpreter start, imports, catalog, reading the
plan, estimating it, and writing the output (JSON to a pipe, a PDF or CSV to a temporary folder). Not
included: the shell, and the first run's byte-code compilation (one discarded warm-up of each command).

* ``gpudesk estimate PLAN --json`` for every sample in resources/samples/;
* ``gpudesk report PLAN -o OUT.pdf`` on the largest sample (the plan's language; every page rendered);
* ``gpudesk compare`` of the largest sample with the samples in its currency, to a PDF and to a CSV.

Baselines, measured round-robin with the commands (the machine is shared and noisy): ``python -c pass``
(interpreter start) and ``python -c "import numpy"`` (the numeric stack every estimate needs). Prints the
median and minimum of ``--runs`` runs, each median's ratio to both baselines, and the median CPU time (user +
system) of each process: on a loaded machine the wall time includes waiting for a core, the CPU time does not.

``--only report`` times just the report command (and the baselines); ``--against TREE`` also times the same
report from another source tree (an export of an older commit: ``git archive REV | tar -x -C TREE``) in the
same rounds, through ``python -m gpudesk`` with ``PYTHONPATH=TREE``, so a before/after ratio comes from one run;
``--workers 1,2`` also times this tree's report with ``GPUDESK_WORKERS`` set to each (the phases' searches in that
many processes: results/search_workers.py; by default only where cores are free). The CPU time counts the workers.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._common import (  # noqa: E402
    gpudesk_command,
    largest_sample,
    median,
    result,
    samples,
    time_process_cpu,
    times,
)

PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")
BASELINES = {"python -c pass": ["-c", "pass"], "python -c 'import numpy'": ["-c", "import numpy"]}


@dataclass(frozen=True)
class Command:
    label: str
    argv: list[str]
    output: Path | None = None  # the file it writes, checked after each run
    pythonpath: str = ""  # another source tree to run from (``--against``)
    env: tuple[tuple[str, str], ...] = ()  # variables set for this command only (``--workers``)


def commands(out: Path, only: str = "", against: tuple[str, ...] = (), workers: tuple[int, ...] = ()) -> list[Command]:
    plans = samples()
    gpudesk = gpudesk_command()
    found = [Command(label, [sys.executable, *argv]) for label, argv in BASELINES.items()]
    if only != "report":
        found += [Command(f"gpudesk estimate {p.name} --json", [*gpudesk, "estimate", str(p), "--json"])
                  for p in plans]
    big = largest_sample()
    found.append(Command(f"gpudesk report {big.name}", [*gpudesk, "report", str(big), "-o", str(out / "report.pdf")],
                         out / "report.pdf"))
    for n in workers:
        target = out / f"report-workers-{n}.pdf"
        found.append(Command(f"gpudesk report {big.name} (GPUDESK_WORKERS={n})",
                             [*gpudesk, "report", str(big), "-o", str(target)], target,
                             env=(("GPUDESK_WORKERS", str(n)),)))
    for n, tree in enumerate(against):
        target = out / f"report-against-{n}.pdf"
        found.append(Command(f"gpudesk report {big.name} ({Path(tree).name} tree)",
                             [sys.executable, "-m", "gpudesk", "report", str(big), "-o", str(target)], target,
                             str(Path(tree).resolve())))
    if only == "report":
        return found
    compared = same_currency(big, plans)
    names = " ".join(p.stem.split("-")[0] for p in compared)
    for suffix in ("pdf", "csv"):
        target = out / f"compare.{suffix}"
        found.append(Command(f"gpudesk compare {names} -o .{suffix}",
                             [*gpudesk, "compare", *map(str, compared), "-o", str(target)], target))
    return found


def same_currency(first: Path, plans: list[Path]) -> list[Path]:
    """``first`` and up to three other plans in its currency (compare refuses mixed currencies today)."""
    from gpudesk.project.io import load_project

    def currency(path: Path) -> str:
        return load_project(path).project.phases[0].costs.currency

    return [first, *[p for p in plans if p != first and currency(p) == currency(first)]][:4]


def environment(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(QT_QPA_PLATFORM="offscreen", GPUDESK_HOME=str(home))
    return env


def measure(runs: int, only: str = "", against: tuple[str, ...] = (), workers: tuple[int, ...] = ()
            ) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and CPU seconds of every command, ``runs`` rounds after one warm-up round."""
    with tempfile.TemporaryDirectory(prefix="gpudesk-bench-cli-") as folder:
        out = Path(folder)
        env = environment(out / "home")
        todo = commands(out, only, against, workers)
        timings: dict[str, list[float]] = {c.label: [] for c in todo}
        cpu: dict[str, list[float]] = {c.label: [] for c in todo}
        for round_ in range(runs + 1):  # round 0 is the warm-up
            for command in todo:
                own = {**env, "PYTHONPATH": command.pythonpath} if command.pythonpath else env
                own = {**own, **dict(command.env)}
                seconds, cpu_seconds = time_process_cpu(command.argv, env=own, cwd=out)
                if command.output is not None and not command.output.is_file():
                    raise RuntimeError(f"{command.label} wrote no {command.output.name}")
                if round_:
                    timings[command.label].append(seconds)
                    cpu[command.label].append(cpu_seconds)
        report = out / "report.pdf"
        print(f"{largest_sample().name}: the proposal has {len(PAGE.findall(report.read_bytes()))} pages")
    return timings, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each command (default 3)")
    parser.add_argument("--only", choices=("report",), default="", help="time only the report (and the baselines)")
    parser.add_argument("--against", action="append", default=[], metavar="TREE",
                        help="also time the report from this source tree, in the same rounds (repeatable)")
    parser.add_argument("--workers", default="", metavar="N,M",
                        help="also time this tree's report with GPUDESK_WORKERS set to each (search worker processes)")
    args = parser.parse_args(argv)
    workers = tuple(int(n) for n in args.workers.split(",") if n.strip())
    timings, cpu = measure(args.runs, args.only, tuple(args.against), workers)
    base = {label: median(timings[label]) for label in BASELINES}
    bare, numpy_ = base.values()
    print(f"{'command':58s} {'median':>8s} {'min':>8s} {'CPU':>7s}  ratio to the baselines (medians)")
    for label, values in timings.items():
        m = median(values)
        print(f"{label:58s} {m:7.3f}s {min(values):7.3f}s {median(cpu[label]):6.3f}s  {m / bare:6.1f}× python -c "
              f"pass, {m / numpy_:5.1f}× import numpy")
    against = [label for label in timings if label.endswith(" tree)")]
    if against:
        mine = next(label for label in timings if label.startswith("gpudesk report") and label not in against)
        mine_too = [label for label in timings if "GPUDESK_WORKERS" in label]
        for label in against:
            for ours in (mine, *mine_too):
                print(f"{ours} / {label}: wall {median(timings[ours]) / median(timings[label]):.2f}×, "
                      f"CPU {median(cpu[ours]) / median(cpu[label]):.2f}×")
    if args.only:
        return 0
    estimates = {label: median(v) for label, v in timings.items() if label.startswith("gpudesk estimate")}
    slowest = max(estimates, key=estimates.__getitem__)
    result("bench_cli", "gpudesk estimate --json, each sample (slowest)",
           f"{min(estimates.values()):.2f}–{max(estimates.values()):.2f} s", times(estimates[slowest] / numpy_,
                                                                                   "python -c 'import numpy'"),
           includes="whole process: interpreter, imports, catalog, plan, estimate, JSON out")
    for label, values in timings.items():
        if label.startswith(("gpudesk report", "gpudesk compare")):
            result("bench_cli", label, f"{median(values):.2f} s", times(median(values) / numpy_,
                                                                          "python -c 'import numpy'"),
                   includes="whole process: imports, Qt and CJK font set-up, estimate(s), every page drawn")
    result("bench_cli", "baseline: python -c 'import numpy'", f"{numpy_:.3f} s", times(numpy_ / bare, "python -c pass"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
