"""The headless interface: version, estimate, explain, and one-line errors with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gpudesk import __version__
from gpudesk.paths import samples_dir

SAMPLE = samples_dir() / "startup-inspection.gpudesk"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gpudesk", *args], capture_output=True, text=True, timeout=120,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": "/tmp",
                               "GPUDESK_HOME": str(Path("/tmp") / "gpudesk-cli-test")})


def test_version():
    result = _run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"gpudesk {__version__}"


def test_estimate_json_has_documented_sections():
    result = _run("estimate", str(SAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["catalog_version"] and doc["phases"]
    phase = doc["phases"][0]
    assert {"figures", "inputs", "checks", "candidates", "configuration", "ledger", "assumptions", "charts"} <= set(phase)
    config, ledger = phase["configuration"], phase["ledger"]
    assert phase["figures"]["plan.gpus"]["value"] == config["gpus"] >= 1 and phase["figures"]["plan.gpus"]["formula"]
    assert phase["figures"]["plan.nodes"]["formula"]
    assert ledger["phase_total"] == phase["inputs"]["plan.phase_cost"]["value"]
    assert sum(line["phase_amount"] or 0 for line in ledger["lines"]) == pytest.approx(ledger["phase_total"])
    assert doc["roadmap"]["figures"]["roadmap.total_spend"]["value"] == pytest.approx(doc["total"])


def test_explain_prints_formula_and_sources():
    result = _run("estimate", str(SAMPLE), "--explain", "plan.gpus", "--phase", "1")
    assert result.returncode == 0, result.stderr
    assert "formula:" in result.stdout and "plan.w1.gpus" in result.stdout


@pytest.mark.parametrize("content, reason", [
    (None, "does not exist"),
    ("{not json", "JSON"),
    ('{"schema_version": 99}', "newer gpudesk"),
    ('{"schema_version": 2, "phases": [{"workloads": [{"seq_len": -5}]}]}', "seq_len"),
    ('{"schema_version": 2, "phases": [{"workloads": [{"model_id": "no-such-model"}]}]}', "no-such-model"),
])
def test_invalid_input_exits_2_with_one_line(tmp_path, content, reason):
    plan = tmp_path / "plan.gpudesk"
    if content is not None:
        plan.write_text(content, encoding="utf-8")
    result = _run("estimate", str(plan))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and reason in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_subcommand_option_is_one_line():
    result = _run("estimate", "--bogus")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


REFUSED = [  # (plan file content, extra arguments, what the English names, what the Chinese names)
    ('{"schema_version": 2, "phases": [{"workloads": [{"seq_len": -5}]}]}', [], "seq_len", "序列长度"),
    ('{"schema_version": 2, "phases": [{"workloads": [{"model_id": "no-such-model"}]}]}', [], "no row", "模型表中没有"),
    ("{not json", [], "not valid JSON", "不是有效的 JSON"),
    (None, ["--explain", "plan.gpus", "--phase", "7"], "the plan has 2 phases", "方案只有 2 个阶段"),
    (None, ["--explain", "no.such.figure"], "no figure 'no.such.figure'", "没有数值 'no.such.figure'"),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("content", "extra", "english", "chinese"), REFUSED)
def test_estimate_words_its_refusals_in_lang(tmp_path, capsys, lang, content, extra, english, chinese):
    """`estimate --lang zh` refuses in Chinese, from the refusals' catalogue `report --lang zh` reads (it printed
    English only); `--lang en` (and no --lang) in the English a script matches, as before."""
    import re

    from gpudesk.cli.main import run_headless

    plan = SAMPLE
    if content is not None:
        plan = tmp_path / "plan.gpudesk"
        plan.write_text(content, encoding="utf-8")
    assert run_headless(["estimate", str(plan), *extra, "--lang", lang]) == 2
    shown = capsys.readouterr().err.strip()
    assert len(shown.splitlines()) == 1 and shown.startswith("gpudesk: "), shown
    if lang == "en":
        assert english in shown and not re.search(r"[\u4e00-\u9fff]", shown), shown
        assert run_headless(["estimate", str(plan), *extra]) == 2 and capsys.readouterr().err.strip() == shown
    else:
        assert chinese in shown, shown
        # names quoted, flags, the file, and the words Chinese writes in Latin letters (JSON, token: as the form does)
        words = re.sub(r"'[^']*'|`[^`]*`|\S*\.gpudesk|--\w+|gpudesk:?|JSON|token", "", shown)
        assert not re.search(r"[A-Za-z]{3,}", words), shown  # no English word left
