"""The layer contracts in pyproject.toml ([tool.importlinter]) hold, and importing the core loads no Qt.

import-linter reads every import statement (module level and inside functions), so a lazy
``from PySide6 import ...`` in the core breaks the contract as surely as a top-level one.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def test_layer_contracts_are_kept():
    result = subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert result.stdout.count(" KEPT") == len(contracts) >= 3


def test_every_package_is_in_a_layer():
    """A new package must be placed in the layers, or the contract silently ignores it."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    layered = {name.strip() for c in contracts if c["type"] == "layers" for row in c["layers"] for name in row.split("|")}
    packages = {f"gpudesk.{p.parent.name}" for p in (ROOT / "gpudesk").glob("*/__init__.py")}
    assert packages <= layered, f"packages missing from the layer contract: {sorted(packages - layered)}"


def test_importing_the_qt_free_layers_loads_no_qt():
    code = (
        "import sys, gpudesk.results.pipeline, gpudesk.report.proposal, gpudesk.report.comparison, "
        "gpudesk.cli.main, gpudesk.wizard.steps, gpudesk.session.document, gpudesk.calibration.pilot_study;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','pyqtgraph','shiboken6')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_module_is_under_400_lines():
    """A module that grows past 400 lines is split by what it owns (PROTOCOL.md: keep modules under 400 lines):
    the product's, the tests' and the benchmarks' (tests/ui/window_audit.py had grown to 450)."""
    # hidden folders are tools' own (benchmarks/.venv-peers, the peer tools `make bench` installs), not the project's
    modules = [p for folder in ("gpudesk", "tests", "benchmarks") for p in (ROOT / folder).rglob("*.py")
               if not any(part.startswith(".") for part in p.relative_to(ROOT).parts)]
    long = {str(p.relative_to(ROOT)): n for p in modules
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, f"modules over 400 lines: {long}"


def test_vocabularies_are_declared_under_vocabulary():
    """Every categorical vocabulary (codes with zh/en names) is declared once, in gpudesk/vocabulary/."""
    elsewhere = [str(p.relative_to(ROOT)) for p in (ROOT / "gpudesk").rglob("*.py")
                 if p.parent.name != "vocabulary" and "Vocabulary(\"" in p.read_text(encoding="utf-8")]
    assert not elsewhere, f"vocabularies declared outside gpudesk/vocabulary/: {elsewhere}"
