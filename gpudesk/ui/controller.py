"""Re-estimates the plan whenever the document changes, and says why it can't.

Edits arrive in bursts (typing); a zero-delay single-shot timer coalesces
them into one estimate per event-loop turn. An estimate that cannot be
made (unknown model, impossible parameter) becomes a message, never an
exception dialog.
"""

from __future__ import annotations

import logging
import time

from PySide6.QtCore import QObject, QTimer, Signal

from gpudesk.catalog.store import Catalog
from gpudesk.core.pipeline import PhaseCache, PlanInputError, estimate_plan
from gpudesk.core.plan_result import PlanEstimate
from gpudesk.session.document import ProjectDocument

log = logging.getLogger("gpudesk.ui")


class PlanController(QObject):
    estimated = Signal(object)  # PlanEstimate
    failed = Signal(str)

    def __init__(self, catalog: Catalog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.document: ProjectDocument | None = None
        self.estimate: PlanEstimate | None = None
        self.last_error = ""
        self.last_duration_s = 0.0
        self.cache = PhaseCache()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.run_now)

    def set_document(self, document: ProjectDocument) -> None:
        if self.document is not None:
            self.document.unsubscribe(self._on_change)
        self.document = document
        document.subscribe(self._on_change)
        self.run_now()

    def _on_change(self, _paths: tuple[str, ...]) -> None:
        self._timer.start()

    def run_now(self) -> PlanEstimate | None:
        self._timer.stop()
        if self.document is None:
            return None
        started = time.perf_counter()
        try:
            self.estimate = estimate_plan(self.document.project, self.catalog, self.cache)
        except PlanInputError as exc:
            self.last_error = str(exc)
            self.failed.emit(self.last_error)
            return None
        finally:
            self.last_duration_s = time.perf_counter() - started
        self.last_error = ""
        self.estimated.emit(self.estimate)
        return self.estimate
