"""Where checks are made: the modules whose ``Check("<id>", ...)`` calls the check tests scan."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gpudesk"
CHECK_PACKAGES = ("core", "results", "calibration")
SOURCES = sorted(p for package in CHECK_PACKAGES for p in (PACKAGE / package).rglob("*.py"))


def emitted_check_ids() -> set[str]:
    """Ids of every ``Check("<id>", ...)`` call in the packages that make checks."""
    ids = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Check" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    ids.add(first.value)
    return ids
