"""Every headless command ends in its output or one line: bad input exits 2, an internal error exits 3.

The last-resort guard turns an exception none of gpudesk's input errors explains into one line naming the
command and the log file, with the traceback in the log; ``report`` and ``compare`` refuse a plan naming a
catalog row the reader lacks, as ``estimate`` does; a proposal that cannot be written whole (a file-size
limit) fails with a message instead of reporting success.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gpudesk.cli.main import main
from gpudesk.logs import EXIT_INTERNAL, log_path
from gpudesk.paths import samples_dir

SAMPLE = samples_dir() / "startup-inspection.gpudesk"


def _missing_row_plan(tmp_path: Path) -> Path:
    data = json.loads(SAMPLE.read_bytes())
    data["phases"][0]["hardware"]["accelerator_id"] = "gpu-from-another-catalog"
    path = tmp_path / "foreign.gpudesk"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["estimate", "report", "compare"])
def test_a_plan_naming_an_unknown_catalog_row_is_refused_in_one_line(tmp_path, capsys, command):
    plan = _missing_row_plan(tmp_path)
    args = {"estimate": ["estimate", str(plan)],
            "report": ["report", str(plan), "-o", str(tmp_path / "p.pdf")],
            "compare": ["compare", str(plan), str(SAMPLE), "-o", str(tmp_path / "c.csv")]}[command]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gpu-from-another-catalog" in err and "Traceback" not in err


def test_an_internal_error_is_one_line_exit_3_and_a_log_entry(monkeypatch, capsys):
    import gc

    import gpudesk.results.pipeline as pipeline

    collecting: list[bool] = []

    def broken(*_args, **_kwargs):
        collecting.append(gc.isenabled())
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(pipeline, "estimate_plan", broken)
    assert gc.isenabled()
    assert main(["estimate", str(SAMPLE)]) == EXIT_INTERNAL
    assert collecting == [False] and gc.isenabled()  # paused for the command (cli.main.without_collector), then back
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "internal error while running `gpudesk estimate" in err and "ZeroDivisionError" in err
    assert str(log_path()) in err
    logged = log_path().read_text(encoding="utf-8")
    assert "Traceback" in logged and "float division by zero" in logged


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE")
def test_a_report_cut_short_by_a_file_size_limit_fails_with_a_message(tmp_path):
    target = tmp_path / "out" / "proposal.pdf"
    target.parent.mkdir()
    script = (
        "import resource, sys\n"
        "from gpudesk.cli.main import main\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))\n"
        f"sys.exit(main(['report', {str(SAMPLE)!r}, '-o', {str(target)!r}]))\n"
    )
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "GPUDESK_HOME": str(tmp_path / "home"),
           "PYTHONDONTWRITEBYTECODE": "1"}  # a .pyc written under the file-size limit would be cut short
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "wrote" not in result.stdout
    assert "incomplete" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in target.parent.iterdir()) == []


@pytest.mark.parametrize("command", ["estimate", "report"])
def test_a_workers_setting_that_is_not_a_number_is_refused_in_one_line(tmp_path, capsys, monkeypatch, command):
    """``GPUDESK_WORKERS=two`` used to be ignored without a word (the command ran in as many processes as the
    machine's free cores): it now stops the command with one line naming the setting and what it takes."""
    monkeypatch.setenv("GPUDESK_WORKERS", "two")
    args = {"estimate": ["estimate", str(SAMPLE), "--json"],
            "report": ["report", str(SAMPLE), "-o", str(tmp_path / "p.pdf")]}[command]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "GPUDESK_WORKERS='two'" in err and "whole number" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "p.pdf").exists()


@pytest.mark.parametrize(("flag", "limit"), [("--author", "60"), ("--company", "80")])
def test_an_author_or_company_over_its_limit_is_refused_by_flag_and_limit(tmp_path, capsys, flag, limit):
    """A 20,000-character --author ran down the cover and --company off every page header; refused before any work,
    in the language asked for, and nothing is written."""
    target = tmp_path / "p.pdf"
    assert main(["report", str(SAMPLE), "-o", str(target), flag, "A" * 20_000, "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and flag in err and "20,000 个字符" in err and f"上限 {limit} 个字符" in err, err
    assert not target.exists()
