"""The Qt-free modules the window needs for its first paint, imported before PySide6 is.

Importing ``PySide6.QtCore`` replaces ``builtins.__import__`` with a hook (PySide6's ``__feature__`` support):
every import statement run after it goes through Python-level code, and the first time a statement names a module
the hook reads that module's source file to see whether it mentions PySide6
(``shibokensupport.feature._mod_uses_pyside``). About 160 of gpudesk's modules load before the first paint without
any need of Qt; imported before PySide6, their own import statements skip the hook. Importing the window's modules
(``import gpudesk.ui.app, gpudesk.ui.main_window``) took 6.2% fewer instructions (callgrind: 2.237 → 2.099 billion).
``gpudesk.ui.app`` imports this module before anything imports Qt, and the ``gpudesk`` command imports
``gpudesk.ui.app`` before anything else that matters (``gpudesk.cli.main``). It changes nothing but the order: each module here is one the window imports before its
first paint anyway (``tests/ui/test_startup_order.py`` fails when the window's import graph holds a Qt-free module
imported after PySide6, and when it holds the estimation core, ``gpudesk.results.pipeline``, which still loads
after the first paint). The last two step-guide modules are imported inside a function, as the guide is shown.
"""

from __future__ import annotations

import gpudesk.catalog.errors  # noqa: F401
import gpudesk.catalog.pinned  # noqa: F401
import gpudesk.catalog.sources  # noqa: F401
import gpudesk.catalog.store  # noqa: F401
import gpudesk.core.applicability  # noqa: F401
import gpudesk.core.plan_catalog_rows  # noqa: F401
import gpudesk.core.unknown_causes  # noqa: F401
import gpudesk.logs  # noqa: F401
import gpudesk.project.autosave  # noqa: F401
import gpudesk.project.cleanup  # noqa: F401
import gpudesk.project.recent  # noqa: F401
import gpudesk.report.chart_text  # noqa: F401
import gpudesk.report.check_text  # noqa: F401
import gpudesk.report.display_text  # noqa: F401
import gpudesk.report.display_units  # noqa: F401
import gpudesk.report.document  # noqa: F401
import gpudesk.report.formula_text  # noqa: F401
import gpudesk.report.ledger_text  # noqa: F401
import gpudesk.report.series_text  # noqa: F401
import gpudesk.report.server_names  # noqa: F401
import gpudesk.report.source_words  # noqa: F401
import gpudesk.results.cost_basis  # noqa: F401
import gpudesk.results.pinning  # noqa: F401
import gpudesk.results.plan_charts  # noqa: F401
import gpudesk.results.plan_result  # noqa: F401
import gpudesk.session.document  # noqa: F401
import gpudesk.session.sample_text  # noqa: F401
import gpudesk.wizard.defaults  # noqa: F401
import gpudesk.wizard.fields  # noqa: F401
import gpudesk.wizard.lifecycle  # noqa: F401
import gpudesk.wizard.navigation  # noqa: F401
import gpudesk.wizard.step_help  # noqa: F401
import gpudesk.wizard.step_help_machine  # noqa: F401
import gpudesk.wizard.step_help_operations  # noqa: F401

FACES = ("gpudesk.ui", "gpudesk.plotting", "gpudesk.pdf")
"""gpudesk's only packages that import Qt (tests/test_layers.py keeps Qt out of the others)."""


def spare_source_reads() -> bool:
    """Answer PySide6's import hook for gpudesk's and the standard library's modules without reading their source.

    Once ``PySide6.QtCore`` is imported, every import statement calls ``feature_imported(module)`` of PySide6's
    ``support.feature``, and the first time a module is named there ``_mod_uses_pyside`` reads the module's whole
    source (``inspect.getsource``) to see whether it mentions "PySide6": a module that does is switched by
    ``from __feature__ import ...`` statements, the others are left out of that. gpudesk imports no
    ``__feature__``, and the answer is known without the source: of gpudesk's modules the faces (:data:`FACES`)
    import Qt and no other does (tests/test_layers.py); the standard library never does. On the way to the first
    results ~200 such modules were read, 42-47 ms of CPU (bank sample, load ~10); other packages' modules still
    are. Returns whether the hook was found (a PySide6 without it is left as it is). Idempotent.
    """
    import os
    import sys

    feature = sys.modules.get("PySide6.support.feature") or sys.modules.get("shibokensupport.feature")
    scan = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(scan):
        return False
    if getattr(scan, "spares_gpudesk", False):
        return True
    os_file = getattr(os, "__file__", None)  # a frozen build may have none: then every module outside gpudesk is read
    stdlib = os.path.dirname(os_file) + os.sep if os_file else None  # site-packages may lie inside it (no venv)

    def uses_pyside(module: object) -> bool:
        name = getattr(module, "__name__", "")
        if isinstance(name, str) and name.partition(".")[0] == "gpudesk":
            return name.startswith(FACES)
        origin = getattr(module, "__file__", None)
        if stdlib and isinstance(origin, str) and origin.startswith(stdlib) and "-packages" not in origin[len(stdlib):]:
            return False
        return bool(scan(module))

    uses_pyside.spares_gpudesk = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True
