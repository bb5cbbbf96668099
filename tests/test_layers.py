"""The Qt-free layers stay Qt-free, and their tests pass without PySide6."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QT_FREE = ("core", "catalog", "project", "report", "calibration", "cli", "session", "wizard")
QT_MODULES = ("PySide6", "pyqtgraph", "shiboken6")


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def test_qt_free_packages_never_import_qt():
    offenders = []
    for package in QT_FREE:
        for path in sorted((ROOT / "gpudesk" / package).rglob("*.py")):
            for line, name in _imports(path):
                if name.split(".")[0] in QT_MODULES:
                    offenders.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
                if package != "cli" and name.startswith("gpudesk.ui"):
                    offenders.append(f"{path.relative_to(ROOT)}:{line} imports the UI layer ({name})")
    assert not offenders, "Qt imported outside gpudesk/ui:\n" + "\n".join(offenders)


BLOCKER = """
import sys, importlib.abc
class _BlockQt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6'):
            raise ImportError(f'{name} is blocked: this run proves the core works without Qt')
        return None
sys.meta_path.insert(0, _BlockQt())
import pytest
sys.exit(pytest.main(sys.argv[1:]))
"""


def test_core_tests_pass_with_qt_unavailable(tmp_path):
    """Run the Qt-free packages' tests in a subprocess where importing Qt fails."""
    targets = [str(ROOT / "tests" / d) for d in ("core", "catalog", "project", "calibration", "plan", "session", "wizard") if (ROOT / "tests" / d).is_dir()]
    assert targets, "no Qt-free test folders found"
    # pytest-qt is switched off (it would import Qt), so its ini keys go too.
    ini = tmp_path / "pytest.ini"
    ini.write_text("[pytest]\nfilterwarnings =\n    error\nmarkers =\n    slow: long\n    gui: needs Qt\n")
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER, "-q", "-x", "-c", str(ini), "--rootdir", str(ROOT),
         "-p", "no:pytest-qt", "-p", "no:timeout", "-p", "no:cacheprovider", "-m", "not slow", *targets],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    tail = (result.stdout + result.stderr)[-3000:]
    assert result.returncode == 0, tail
    assert " passed" in result.stdout, tail


def test_importing_core_loads_no_qt():
    code = (
        "import sys, gpudesk.core.explain, gpudesk.catalog.records, gpudesk.project.model;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','pyqtgraph')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
