"""Screenshots of the catalog browser, the comparison and the row form (looked at by a person)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from screenshot_paths import screenshot_folder

from gpudesk.catalog import records as rec
from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_browser import CatalogBrowser
from gpudesk.ui.fonts import apply_application_font

SCREENSHOTS = screenshot_folder("catalog")
@pytest.fixture
def browser(qtbot, qapp) -> CatalogBrowser:
    apply_application_font(qapp)
    catalog = Catalog.open()
    quote = rec.Citation(id="quote-team-2025-06", title="示例报价单 (example team quote, not a real price)",
                         publisher="Example reseller", accessed="2025-06-02", kind="M")
    catalog.add_citation(quote)
    catalog.duplicate_row("accelerators", "ascend-910b", "ascend-910b-team",
                          {"name": "示例：昇腾 910B 团队报价", "price_usd": 13800.0, "source": quote.id,
                           "date": "2025-06-02", "verified": False})
    widget = CatalogBrowser(catalog)
    qtbot.addWidget(widget)
    widget.resize(1500, 820)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _save(widget: QWidget, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    assert widget.grab().save(str(path))
    assert path.stat().st_size > 20_000
    return path


def test_screenshot_browser_and_comparison(qtbot, browser) -> None:
    page = browser.show_table("accelerators")
    page.view.sortByColumn(page.model.column_of("memory_gb"), page.view.horizontalHeader().sortIndicatorOrder())
    browser.select("accelerators", ["b200"])
    assert "★" in page.model.index(page.model.row_of("ascend-910b-team"), 0).data()
    _save(browser, "browser.png")

    browser.select("accelerators", ["ascend-910b-team"])
    _save(browser, "browser-user-row.png")

    browser.select("accelerators", ["h100-sxm", "h200-sxm", "mi300x", "ascend-910b-team"])
    dialog = browser.open_comparison()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    _save(dialog, "comparison.png")


def test_screenshot_row_form_with_a_problem(qtbot, browser) -> None:
    """An implausible memory size is refused: nothing is written, the problem names the field in the form's
    banner and on the editor itself, and the other fields keep what the user typed."""
    browser.select("accelerators", ["ascend-910b-team"])
    before = browser.catalog.row("accelerators", "ascend-910b-team")
    form = browser.open_row_form("edit")
    qtbot.addWidget(form)
    form.editors["memory_gb"].setText("6400")
    assert form.save() is False
    assert [p.field for p in form.problems] == ["memory_gb"]
    assert form.error_label.isVisibleTo(form) and form.label_of("memory_gb") in form.error_label.text()
    assert form.editors["memory_gb"].property("catalogError") == form.problems[0].reason
    assert form.editors["memory_gb"].text() == "6400"
    assert browser.catalog.row("accelerators", "ascend-910b-team") == before
    form.resize(640, 820)
    qtbot.waitExposed(form)
    _save(form, "row-form-error.png")
