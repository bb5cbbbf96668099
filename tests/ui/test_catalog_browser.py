"""Catalog browser: models, filters, sorting, details, comparison (pytest-qt, offscreen)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_browser import CatalogBrowser, open_catalog_browser
from gpudesk.ui.catalog_browser.columns import UNKNOWN_TEXT
from gpudesk.ui.catalog_browser.comparison import BEST_ROLE, ComparisonModel, best_columns
from gpudesk.ui.catalog_browser.criteria import FilterCriteria
from gpudesk.ui.catalog_browser.table_model import RECORD_ROLE, CatalogFilterProxy, CatalogTableModel
from gpudesk.ui.fonts import apply_application_font


@pytest.fixture
def catalog(qapp) -> Catalog:
    apply_application_font(qapp)
    return Catalog.open()


@pytest.fixture
def browser(qtbot, catalog) -> CatalogBrowser:
    widget = CatalogBrowser(catalog)
    qtbot.addWidget(widget)
    widget.resize(1400, 800)
    return widget


def _column_texts(proxy, field: str) -> list[str]:
    col = proxy.table_model().column_of(field)
    return [proxy.index(r, col).data() for r in range(proxy.rowCount())]


@pytest.mark.parametrize("table", sorted(TABLES))
def test_each_table_model_passes_qt_model_tester(qtmodeltester, catalog, table) -> None:
    model = CatalogTableModel(catalog, table)
    assert model.rowCount() == len(catalog.rows(table)) > 0
    qtmodeltester.check(model)
    proxy = CatalogFilterProxy(model)
    proxy.sort(2, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)


def test_headers_carry_units_and_unknowns_show_a_dash(catalog) -> None:
    model = CatalogTableModel(catalog, "accelerators")
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert "Memory (GB)" in headers and "BF16 (TFLOPS)" in headers and "TDP (W)" in headers
    row = model.row_of("a100-sxm-80gb")
    fp8 = model.index(row, model.column_of("fp8_tflops"))
    assert fp8.data() == UNKNOWN_TEXT
    assert fp8.data(Qt.ItemDataRole.ToolTipRole) == "unknown: not in the cited sources"
    memory = model.index(row, model.column_of("memory_gb"))
    assert memory.data() == "80"
    assert "A100" in memory.data(Qt.ItemDataRole.ToolTipRole)  # the citation behind the value
    unverified = model.row_of("h100-pcie")
    assert "◇" in model.index(unverified, 0).data()


def test_search_and_filters_reduce_rows(browser) -> None:
    page = browser.show_table("accelerators")
    total = page.proxy.rowCount()
    page.filters.search.setText("h100")
    names = _column_texts(page.proxy, "name")
    assert names and all("H100" in n for n in names) and len(names) < total
    page.filters.clear()
    assert page.proxy.rowCount() == total

    page.set_criteria(FilterCriteria(precisions=("FP4",)))
    fp4 = {page.proxy.index(r, 0).data(RECORD_ROLE) for r in range(page.proxy.rowCount())}
    assert fp4 == {a.id for a in page.model.records() if a.fp4_tflops is not None}
    assert {"b200", "gb300"} <= fp4 and "h100-sxm" not in fp4
    page.set_criteria(FilterCriteria(min_memory=141, vendor="nvidia"))
    memories = [float(t) for t in _column_texts(page.proxy, "memory_gb")]
    assert memories and min(memories) >= 141
    page.set_criteria(FilterCriteria(market="domestic"))
    domestic = sorted(a.name for a in page.model.records() if "domestic" in a.markets)
    assert "Huawei Ascend 910B 64GB" in domestic
    assert sorted(_column_texts(page.proxy, "name")) == domestic
    page.set_criteria(FilterCriteria())

    page.filters.precision.setCurrentIndex(page.filters.precision.findData("FP8"))
    assert "h100-sxm" in {page.proxy.index(r, 0).data(RECORD_ROLE)
                          for r in range(page.proxy.rowCount())}
    assert "a100-sxm-80gb" not in {page.proxy.index(r, 0).data(RECORD_ROLE)
                                   for r in range(page.proxy.rowCount())}
    assert "of" in page.count_label.text()

    offers = browser.show_table("cloud_offers")
    offers.filters.price_min.setText("10")
    offers.filters.price_max.setText("60")
    prices = [float(t.replace(",", "")) for t in _column_texts(offers.proxy, "on_demand_per_hour")]
    assert prices and all(10 <= p <= 60 for p in prices)

    servers = browser.show_table("servers")
    servers.filters.cooling.setCurrentIndex(servers.filters.cooling.findData("liquid"))
    cooling = set(_column_texts(servers.proxy, "cooling"))
    assert cooling == {"Direct liquid"}  # the cell names the code (COOLING)


def test_sorting_is_numeric_with_unknowns_last(browser) -> None:
    page = browser.show_table("accelerators")
    col = page.model.column_of("memory_gb")
    page.view.sortByColumn(col, Qt.SortOrder.AscendingOrder)
    values = [float(v) for v in _column_texts(page.proxy, "memory_gb")]
    assert values == sorted(values) and values[0] == 16  # "16" < "24" < "141" numerically, not as text
    col = page.model.column_of("fp8_tflops")
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        page.view.sortByColumn(col, order)
        texts = _column_texts(page.proxy, "fp8_tflops")
        known = [float(t.replace(",", "")) for t in texts if t != UNKNOWN_TEXT]
        assert texts[len(known):] == [UNKNOWN_TEXT] * (len(texts) - len(known))
        assert known == sorted(known, reverse=order == Qt.SortOrder.DescendingOrder)


def test_detail_pane_shows_row_and_field_citations(browser, catalog) -> None:
    browser.select("accelerators", ["b200"])
    assert browser.detail.current == ("accelerators", "b200")
    text = browser.detail.toPlainText()
    row_cit = catalog.citation(catalog.accelerator("b200").provenance.source)
    assert row_cit.title in text and row_cit.accessed in text
    assert "Row date" in text and catalog.accelerator("b200").provenance.date in text
    tdp_cit = catalog.citation(catalog.accelerator("b200").provenance.field_sources["tdp_w"])
    assert tdp_cit.title in text
    assert tdp_cit.url in browser.detail.toHtml()
    assert "unknown: not in the cited sources" in text  # price_usd is unknown


def test_comparison_of_three_accelerators_highlights_best_memory(qtbot, browser, catalog) -> None:
    browser.select("accelerators", ["h100-sxm", "h200-sxm", "mi300x"])
    assert browser.compare_action.isEnabled()
    dialog = browser.open_comparison()
    assert dialog is not None
    qtbot.addWidget(dialog)
    model = dialog.model
    memory_row = next(i for i, f in enumerate(model.fields) if f.field == "memory_gb")
    ids = [r.id for r in model.records]
    best = [ids[c] for c in range(model.columnCount()) if model.index(memory_row, c).data(BEST_ROLE)]
    assert best == ["mi300x"]
    tdp_row = next(i for i, f in enumerate(model.fields) if f.field == "tdp_w")
    tdps = {r.id: r.tdp_w for r in model.records}
    lowest = [ids[c] for c in range(3) if model.index(tdp_row, c).data(BEST_ROLE)]
    assert lowest == [k for k, v in tdps.items() if v == min(tdps.values())]
    assert model.index(memory_row, ids.index("mi300x")).data(Qt.ItemDataRole.BackgroundRole) is not None


def test_best_is_not_claimed_for_ties_unknowns_or_unranked_fields(catalog, qtmodeltester) -> None:
    records = [catalog.accelerator(i) for i in ("h100-sxm", "h800-sxm")]
    model = ComparisonModel("accelerators", records)
    qtmodeltester.check(model)
    bf16 = next(f for f in model.fields if f.field == "bf16_tflops")
    assert best_columns(bf16, records) == set()  # same peak: no winner
    price = next(f for f in model.fields if f.field == "price_usd")
    assert best_columns(price, records) == set()  # both unknown
    vendor = next(f for f in model.fields if f.field == "vendor")
    assert best_columns(vendor, records) == set()
    with pytest.raises(ValueError):
        ComparisonModel("accelerators", [catalog.accelerator("h100-sxm")] * 5)


def test_open_catalog_browser_returns_a_shown_dialog(qtbot, catalog, monkeypatch) -> None:
    """Opening the browser measures the cells of the table it shows, not of every table; another table's columns
    are fitted to its cells when its tab is first shown."""
    fitted: list[object] = []
    fit = QTableView.resizeColumnsToContents
    monkeypatch.setattr(QTableView, "resizeColumnsToContents", lambda view: fitted.append(view) or fit(view))
    dialog = open_catalog_browser(None, catalog)
    qtbot.addWidget(dialog)
    assert dialog.isVisible()
    assert isinstance(dialog.browser, CatalogBrowser)
    assert dialog.browser.tabs.count() == len(TABLES)
    assert fitted == [dialog.browser.current_page().view]
    page = dialog.browser.show_table("servers")
    qtbot.waitUntil(page.isVisible)
    header = page.view.horizontalHeader()
    widths = [header.sectionSize(c) for c in range(page.model.columnCount())]
    assert fitted[-1] is page.view and len(fitted) == 2
    page._fit_columns()  # measured again: the widths it got when shown
    assert [header.sectionSize(c) for c in range(page.model.columnCount())] == widths


def test_filter_criteria_hide_unknown_prices_and_ignore_filters_a_table_lacks(catalog) -> None:
    offers = catalog.cloud_offers()
    priced = [o for o in offers if o.on_demand_per_hour is not None]
    unpriced = [o for o in offers if o.on_demand_per_hour is None]
    assert priced and unpriced
    criteria = FilterCriteria(price_max=1e9)
    assert all(criteria.accepts("cloud_offers", o, "") for o in priced)
    assert not any(criteria.accepts("cloud_offers", o, "") for o in unpriced)
    interconnect = catalog.interconnects()[0]
    assert FilterCriteria(price_max=1, cooling="liquid", vendor="amd").accepts("interconnects", interconnect, "")
    assert not FilterCriteria(text="nvlink zzz").accepts("interconnects", interconnect, "nvlink 4")


def test_header_menu_toggles_columns(browser) -> None:
    page = browser.show_table("accelerators")
    col = page.model.column_of("fp64_tflops")
    assert page.view.isColumnHidden(col)  # not a default column
    menu = page.column_menu()
    action = next(a for a in menu.actions() if a.text() == "FP64 (TFLOPS)")
    action.setChecked(True)
    assert not page.view.isColumnHidden(col)
    action.setChecked(False)
    assert page.view.isColumnHidden(col)
    menu.deleteLater()
