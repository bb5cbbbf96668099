"""After opening a plan saved against an older catalog: name what changed and let the user choose.

"Keep saved values" estimates with the rows recorded in the plan, so the
saved numbers come back exactly; "Use current catalog" estimates with
today's rows (the snapshot is refreshed at the next save). The box is
non-modal, so nothing blocks while the user reads it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QWidget

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.pinned import pinned_catalog
from gpudesk.catalog.store import Catalog
from gpudesk.core.plan_catalog_rows import catalog_rows_used
from gpudesk.project.catalog_snapshot import catalog_drift
from gpudesk.project.model import Project
from gpudesk.ui.widgets.session_text import error_words

MAX_SHOWN = 12


def drift_lines(project: Project, catalog: Catalog) -> list[str]:
    if not project.catalog_snapshot:
        return []
    return catalog_drift(project, catalog_rows_used(project, catalog))


def offer_catalog_choice(parent: QWidget, project: Project, catalog: Catalog,
                         use: Callable[[Catalog, bool], None]) -> QMessageBox | None:
    """Ask only when the catalog moved; ``use(catalog, pinned)`` receives the choice."""
    lines = drift_lines(project, catalog)
    if not lines:
        return None
    try:
        pinned = pinned_catalog(catalog, project.catalog_snapshot)
    except CatalogError as exc:
        use(catalog, False)
        QMessageBox.warning(parent, parent.tr("Saved catalog values unreadable"), error_words(exc))
        return None
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle(parent.tr("The catalog changed since this plan was saved"))
    shown = "\n".join(f"• {line}" for line in lines[:MAX_SHOWN])
    more = len(lines) - MAX_SHOWN
    differ = parent.tr("This plan was sized with catalog {0}; 1 value differs today. Keep the saved values to "
                       "reproduce the saved numbers, or use the current catalog.") if len(lines) == 1 else \
        parent.tr("This plan was sized with catalog {0}; {1} values differ today. Keep the saved values to "
                  "reproduce the saved numbers, or use the current catalog.")
    box.setText(differ.format(project.catalog_version or "?", len(lines)))
    box.setDetailedText(shown + (f"\n… {more} more" if more > 0 else ""))
    keep = box.addButton(parent.tr("Keep saved values"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(parent.tr("Use current catalog"), QMessageBox.ButtonRole.RejectRole)
    box.finished.connect(lambda _result: use(pinned, True) if box.clickedButton() is keep else use(catalog, False))
    box.open()
    return box
