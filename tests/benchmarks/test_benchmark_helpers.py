"""The benchmarks' own logic: result lines, the fresh-value sequence, the CLI command list, the runner's table.

The benchmarks themselves take minutes and run with `make bench`; these tests keep what they measure honest
(an edit never repeats a value, so it is never a cache hit; the CLI set covers every sample) without timing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import _common  # noqa: E402
from benchmarks.__main__ import table  # noqa: E402


def test_result_lines_round_trip(capsys: pytest.CaptureFixture[str]) -> None:
    found = _common.result("bench_x", "edit, bank", "12.0 ms", "0.75× a 16 ms frame", "≤ 16 ms", True, "what")
    line = capsys.readouterr().out.strip()
    assert line.startswith(_common.RESULT_MARK) and json.loads(line[len(_common.RESULT_MARK):])["verdict"] == "met"
    assert _common.parse_result(line) == found
    assert _common.parse_result("edit, bank: 12 ms") is None
    assert table([found]).splitlines()[-1] == "| bench_x | edit, bank | 12.0 ms | 0.75× a 16 ms frame | ≤ 16 ms | met |"


def test_the_largest_sample_is_one_of_the_samples() -> None:
    plans = _common.samples()
    assert len(plans) >= 2 and _common.largest_sample() in plans
    assert _common.largest_sample().stat().st_size == max(p.stat().st_size for p in plans)


@pytest.fixture(scope="module")
def bench_ui():
    import benchmarks.bench_ui as module

    return module


@pytest.mark.parametrize("decimals", [None, 0, 2])
def test_every_edit_gets_a_value_the_box_never_held(qtbot, bench_ui, decimals: int | None) -> None:
    box = QSpinBox() if decimals is None else QDoubleSpinBox()
    qtbot.addWidget(box)
    if decimals is not None:
        box.setDecimals(decimals)
    box.setRange(0, 60)
    box.setValue(3)  # near the minimum: the sequence must skip values below it and keep going up
    values = bench_ui.FreshValues(box)
    seen = {round(box.value(), 6)}
    for _ in range(50):
        box.setValue(values.next())
        shown = round(box.value(), 6)  # what the box holds after its own rounding
        assert shown not in seen and 0 <= shown <= 60
        seen.add(shown)


def test_fresh_values_run_out_with_a_message(qtbot, bench_ui) -> None:
    box = QSpinBox()
    qtbot.addWidget(box)
    box.setRange(0, 3)
    box.setValue(1)
    values = bench_ui.FreshValues(box)
    assert sorted(values.next() for _ in range(3)) == [0, 2, 3]
    with pytest.raises(LookupError):
        values.next()


def test_cli_benchmark_runs_every_sample_and_compares_plans_in_one_currency(tmp_path: Path) -> None:
    import benchmarks.bench_cli as bench_cli
    from gpudesk.project.io import load_project

    commands = bench_cli.commands(tmp_path)
    labels = [c.label for c in commands]
    assert labels[:2] == list(bench_cli.BASELINES)
    for plan in _common.samples():
        assert f"gpudesk estimate {plan.name} --json" in labels
    report = next(c for c in commands if c.label.startswith("gpudesk report"))
    assert str(_common.largest_sample()) in report.argv and report.output == tmp_path / "report.pdf"
    compare = [c for c in commands if c.label.startswith("gpudesk compare")]
    assert [c.output.suffix for c in compare] == [".pdf", ".csv"]
    plans = [Path(a) for a in compare[0].argv if a.endswith(".gpudesk")]
    assert plans[0] == _common.largest_sample() and 2 <= len(plans) <= 4
    assert len({load_project(p).project.phases[0].costs.currency for p in plans}) == 1
