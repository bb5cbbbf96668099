"""The catalog browser as a Chinese reader and a dark-theme user see it (issue 21): one rule column in the reader's
language (not "Rule" beside an English "Rule zh"), and a detail pane whose field table has no white header band on
the dark theme."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QColor

from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_browser import CatalogBrowser
from gpudesk.ui.catalog_browser.columns import cell_text, columns_for
from gpudesk.ui.catalog_browser.table_model import CatalogTableModel
from gpudesk.ui.i18n import install_language
from gpudesk.ui.theme import apply_theme


@pytest.fixture
def chinese(qapp):
    before = QLocale()
    installed = install_language(qapp, "zh")
    yield
    installed.uninstall()
    QLocale.setDefault(before)


def _rule_row(catalog: Catalog):
    return next(r for r in catalog.rows("availability") if r.rule_zh and r.rule)


def test_the_availability_rule_is_one_column_in_the_readers_language(qapp, chinese) -> None:
    catalog = Catalog.open()
    columns = {c.field: c for c in columns_for("availability")}
    assert "rule" in columns and "rule_zh" not in columns
    row = _rule_row(catalog)
    assert cell_text(columns["rule"], row) == row.rule_zh
    model = CatalogTableModel(catalog, "availability")
    headers = [str(model.headerData(i, Qt.Orientation.Horizontal)) for i in range(model.columnCount())]
    assert "依据" in headers and not any("zh" in h or "Rule" in h for h in headers), headers


def test_the_availability_codes_read_as_names_in_chinese(qapp, chinese) -> None:
    """The zh availability table read "accelerators | cn | unavailable": codes the row form and CSV keep."""
    catalog = Catalog.open()
    columns = {c.field: c for c in columns_for("availability")}
    row = next(r for r in catalog.rows("availability") if r.market == "cn" and r.status == "unavailable"
               and r.item_table == "accelerators")
    assert cell_text(columns["status"], row) == "不可采购"
    assert cell_text(columns["market"], row) == "中国大陆"
    assert cell_text(columns["item_table"], row) == "加速卡"


def test_vendors_and_framework_support_read_as_names_in_chinese(qapp, chinese) -> None:
    """The zh accelerator table and comparison read "cambricon", "moorethreads" and "upstream": codes of the
    catalog's rows (field_rules accepts exactly the vocabularies' codes; the row form and CSV keep them)."""
    from gpudesk.catalog.field_rules import RULES
    from gpudesk.vocabulary.catalog_values import ACCELERATOR_VENDOR, FRAMEWORK_SUPPORT

    assert set(RULES["accelerators"]["vendor"].choices) == set(ACCELERATOR_VENDOR.codes)
    assert set(RULES["accelerators"]["support_llm_serving"].choices) == set(FRAMEWORK_SUPPORT.codes)
    catalog = Catalog.open()
    columns = {c.field: c for c in columns_for("accelerators")}
    row = next(r for r in catalog.accelerators() if r.vendor == "cambricon")
    assert cell_text(columns["vendor"], row) == "寒武纪"
    supported = next(r for r in catalog.accelerators() if r.support_llm_serving == "upstream")
    assert cell_text(columns["support_llm_serving"], supported) == "上游正式支持"
    model = CatalogTableModel(catalog, "accelerators")
    assert "cambricon" in model.search_text(next(i for i in range(model.rowCount()) if model.record(i).id == row.id))


def test_the_rule_reads_in_english_for_an_english_reader(qapp) -> None:
    catalog = Catalog.open()
    row = _rule_row(catalog)
    assert cell_text({c.field: c for c in columns_for("availability")}["rule"], row) == row.rule


def _light_rows(image) -> list[int]:
    """Rows of the image where most pixels are light: a band across the pane."""
    rows = []
    for y in range(image.height()):
        light = sum(1 for x in range(0, image.width(), 4) if QColor(image.pixel(x, y)).lightness() > 200)
        if light > 0.6 * len(range(0, image.width(), 4)):
            rows.append(y)
    return rows


def test_the_detail_pane_has_no_white_band_on_the_dark_theme(qtbot, qapp) -> None:
    apply_theme(qapp, "dark")
    try:
        browser = CatalogBrowser(Catalog.open())
        qtbot.addWidget(browser)
        browser.resize(1200, 760)
        browser.show()
        browser.select("accelerators", ["h20"])
        pane = browser.detail
        assert pane.current == ("accelerators", "h20")
        image = pane.viewport().grab().toImage()
        assert not _light_rows(image), _light_rows(image)[:10]
    finally:
        apply_theme(qapp, "system")


def test_a_source_reads_its_chinese_title_as_the_proposal_does(qtbot, qapp, chinese) -> None:
    """The Chinese detail pane printed the Ascend stack's English summary marked 英文原题 (title in English); it reads
    the title_zh the Chinese proposal's references read, and a published English title keeps its mark."""
    browser = CatalogBrowser(Catalog.open())
    qtbot.addWidget(browser)
    ascend = browser.detail.citation_html("stack-ascend")
    assert ascend.startswith("<b>华为昇腾（CANN）：PyTorch 通过 torch_npu 插件运行") and "英文原题" not in ascend, ascend
    published = browser.detail.citation_html("nvidia-geforce-eula")
    assert published.startswith("<b>NVIDIA GeForce software licence") and "英文原题" in published, published
