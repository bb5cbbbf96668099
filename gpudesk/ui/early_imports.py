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
import gpudesk.core.plan_catalog_rows  # noqa: F401
import gpudesk.core.unknown_causes  # noqa: F401
import gpudesk.logs  # noqa: F401
import gpudesk.project.autosave  # noqa: F401
import gpudesk.project.cleanup  # noqa: F401
import gpudesk.project.recent  # noqa: F401
import gpudesk.report.chart_text  # noqa: F401
import gpudesk.report.check_text  # noqa: F401
import gpudesk.report.display_units  # noqa: F401
import gpudesk.report.formula_text  # noqa: F401
import gpudesk.report.server_names  # noqa: F401
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
