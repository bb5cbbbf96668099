"""Writes pytest's cache of assert-rewritten test modules once, on every core, before ``make test`` starts its workers.

pytest rewrites the ``assert`` statements of every test module and conftest it imports, and of the pytest plugins'
packages (hypothesis, pytest-xdist, pytest-qt), and keeps the result in
``__pycache__/*.cpython-311-pytest-<version>.pyc``, but only where Python may write bytecode: with
``PYTHONDONTWRITEBYTECODE`` set (as on the development machine) each pytest-xdist worker rewrote 322 modules again
before its first test, 7-9 of the 19-27 CPU-s its collection took (2-core machine, 2026-12-02). Written here, the
workers read it; pytest checks each cached file against its source's size and time and rewrites any that
do not match, so a stale or missing entry only costs the rewrite it would have cost anyway.

It calls pytest's own rewriter (``_pytest.assertion.rewrite``, the code pytest runs on import) with no config: the
project sets no ``enable_assertion_pass_hook``, the one setting the rewrite reads. Where that private interface is
missing (another pytest), it writes nothing and says so; the tests are unchanged either way.

In the same pool it fills Hypothesis's cache of "local constants" (``.hypothesis/constants``, one file per source
text): Hypothesis's pytest plugin reads the constants of every local module a worker has imported during collection
(``_hypothesis_pytestplugin.pytest_collection_modifyitems``) to seed its draws, parsing each module that has no cached
entry. In a fresh checkout both workers found the cache empty at the same moment and each parsed all of gpudesk:
collection 9.8 CPU-s cold against 6.0 with the cache (``pytest --collect-only -n 0``, 2-core machine, 2026-12-03),
twice. Filled here, once, with Hypothesis's own ``constants_from_module``, the same entries: what the workers draw
is unchanged (an entry holds what parsing the module gives; a missing or stale one is parsed as before).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from fnmatch import fnmatch
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PATTERNS = ("test_*.py", "conftest.py")  # pytest's default python_files, and conftests (pyproject sets none)


class _NoTrace:
    def trace(self, *_message: object) -> None:
        """pytest's assertion state traces a failed write; a failed write here only leaves the entry to pytest."""


def _rewrite(path: str) -> bool:
    from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, _rewrite_test, _write_pyc, get_cache_dir, try_makedirs

    fn = Path(path)
    cache = get_cache_dir(fn)
    pyc = cache / (fn.name[:-3] + PYC_TAIL)
    if _read_pyc(fn, pyc, _NoTrace().trace) is not None or not try_makedirs(cache):
        return False
    try:
        source_stat, code = _rewrite_test(fn, None)  # type: ignore[arg-type]  # config: only the pass hook reads it
    except (SyntaxError, ValueError, OSError):  # pytest reports a module it cannot import, with its own message
        return False
    return _write_pyc(_NoTrace(), code, source_stat, pyc)  # type: ignore[arg-type]


LOCAL_SOURCES = ("gpudesk", "benchmarks", "packaging")
"""Folders of the modules Hypothesis counts as local (below the working folder, not site-packages, not tests)."""


def _constants(path: str) -> bool:
    """Hypothesis's cached local constants of one source file (``constants_from_module`` writes the entry)."""
    from types import ModuleType

    from hypothesis.internal.constants_ast import constants_from_module

    module = ModuleType("warm")
    module.__file__ = path
    constants_from_module(module)
    return True


def local_sources(root: Path = TESTS.parent) -> list[str]:
    return sorted(str(p) for folder in LOCAL_SOURCES for p in (root / folder).rglob("*.py")
                  if "__pycache__" not in p.parts)


def _warm(job: tuple[str, str]) -> bool:
    kind, path = job
    return _rewrite(path) if kind == "rewrite" else _constants(path)


def modules_to_rewrite(root: Path = TESTS) -> list[str]:
    """The test modules and conftests under ``root``, and the modules of the packages pytest marks for rewriting
    because they ship a pytest plugin (pytest's own rule: ``Config._mark_plugins_for_rewrite``)."""
    from _pytest.config import _iter_rewritable_modules

    found = {p for p in root.rglob("*.py")
             if any(fnmatch(p.name, pattern) for pattern in PATTERNS) and "__pycache__" not in p.parts}
    plugin_files = [str(f) for dist in importlib.metadata.distributions()
                    if any(ep.group == "pytest11" for ep in dist.entry_points) for f in dist.files or []]
    for name in set(_iter_rewritable_modules(plugin_files)):
        spec = importlib.util.find_spec(name)
        if spec is None:
            continue
        if spec.submodule_search_locations:
            found |= {p for folder in spec.submodule_search_locations for p in Path(folder).rglob("*.py")}
        elif spec.origin and spec.origin.endswith(".py"):
            found.add(Path(spec.origin))
    return sorted(str(p) for p in found)


def main() -> int:
    try:
        import _pytest.assertion.rewrite as rewrite

        for name in ("PYC_TAIL", "_read_pyc", "_rewrite_test", "_write_pyc", "get_cache_dir", "try_makedirs"):
            getattr(rewrite, name)
        from _pytest.config import _iter_rewritable_modules  # noqa: F401
    except (ImportError, AttributeError) as exc:
        print(f"tests/rewrite_cache.py: pytest's rewriter is not where this expects it ({exc}); nothing written")
        return 0
    modules = modules_to_rewrite()
    jobs = [("rewrite", m) for m in modules]
    try:
        from hypothesis.internal.constants_ast import constants_from_module  # noqa: F401
        jobs += [("constants", m) for m in local_sources()]
    except ImportError as exc:
        print(f"tests/rewrite_cache.py: Hypothesis's constants cache is not where this expects it ({exc}); not filled")
    with ProcessPoolExecutor(max_workers=max(os.cpu_count() or 1, 1)) as pool:
        done = list(pool.map(_warm, jobs, chunksize=8))
    if "-v" in sys.argv:
        print(f"rewrote {sum(done[:len(modules)])} of {len(modules)} modules; "
              f"constants of {len(done) - len(modules)} local sources")
    return 0


if __name__ == "__main__":
    sys.exit(main())
