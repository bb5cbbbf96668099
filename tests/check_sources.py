"""Where checks are made: the modules whose ``Check("<id>", ...)`` calls the check tests scan."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gpudesk"
CHECK_PACKAGES = ("core", "results", "calibration")
SOURCES = sorted(p for package in CHECK_PACKAGES for p in (PACKAGE / package).rglob("*.py"))
CHECK_CALL = re.compile(r"\bCheck\s*\(")  # any ``Check(...)`` call the AST walks below can find has this text


@lru_cache(maxsize=1)
def check_trees() -> tuple[tuple[Path, ast.Module], ...]:
    """The syntax trees of the modules that make checks, parsed once per test process: the 16 of 117 modules whose
    text has a ``Check(`` call (parsing every module cost each scan about 1 CPU-s, and two tests scan)."""
    texts = [(path, path.read_text(encoding="utf-8")) for path in SOURCES]
    return tuple((path, ast.parse(text)) for path, text in texts if CHECK_CALL.search(text))


def emitted_check_ids() -> set[str]:
    """Ids of every ``Check("<id>", ...)`` call in the packages that make checks."""
    ids = set()
    for _path, tree in check_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Check" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    ids.add(first.value)
    return ids


def check_steps() -> dict[str, str]:
    """The step each ``Check(...)`` call names (its third argument), by check id; a name (``GPU_STEP``) is resolved
    from the module's top-level constants."""
    steps: dict[str, str] = {}
    for _path, tree in check_trees():
        constants = {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                     and isinstance(node.value, ast.Constant) for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Check":
                first = node.args[0] if node.args else None
                step = node.args[2] if len(node.args) > 2 else next((k.value for k in node.keywords if k.arg == "step"), None)
                if isinstance(first, ast.Constant) and step is not None:
                    value = step.value if isinstance(step, ast.Constant) else \
                        constants.get(step.id) if isinstance(step, ast.Name) else None
                    steps[first.value] = value
    return steps
