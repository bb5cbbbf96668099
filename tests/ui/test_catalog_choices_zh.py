"""The Chinese window's catalog choice lists name storage classes and cloud offers in Chinese (issue 21): step 4's
storage list read "DDN / WEKA / GPFS class appl…" and the offer list "B200 (per GPU, typical)" in the zh window,
while the proposal named the same rows in Chinese."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QLocale

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_choices import CatalogChoices, catalog_name

DESCRIBED = re.compile(r"\b(class|per drive|per appliance|per GPU|typical|flavour|instance with|appliance)\b")
"""English words describing a row (not a product name) that a Chinese list must not show."""


@pytest.fixture
def chinese_session():
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China))
    yield
    QLocale.setDefault(before)


def test_storage_and_offer_choices_read_in_chinese(chinese_session) -> None:
    catalog = Catalog.open(user_db=None)
    try:
        choices = CatalogChoices(catalog)
        shown = [name for _id, name in choices.storage() + choices.cloud_offers()[1:]]
        assert [name for name in shown if DESCRIBED.search(name)] == []
        assert catalog_name(catalog, "option_id", "parallel-fs-ddn-ai400x2").startswith("并行文件存储一体机")
        assert catalog_name(catalog, "cloud_offer_id", "market-b200").startswith("专业 GPU 云 B200（按卡计")
    finally:
        catalog.close()


def test_accelerator_and_server_choices_read_in_chinese(chinese_session) -> None:
    """The GB200 and its NVL72 rack by their Chinese names (catalog name_zh), as the proposal names them."""
    catalog = Catalog.open(user_db=None)
    try:
        choices = CatalogChoices(catalog)
        accelerators, servers = dict(choices.accelerators()), dict(choices.servers())
        assert accelerators["gb200"].startswith("NVIDIA GB200（Grace Blackwell 超级芯片")
        assert servers["gb200-nvl72"] == "NVIDIA GB200 NVL72 机柜"
        assert not [name for name in [*accelerators.values(), *servers.values()]
                    if re.search(r"\b(superchip|rack|per|reference|platform|first generation)\b", name)]
    finally:
        catalog.close()


@pytest.mark.parametrize(("lang", "market", "cooling"), [("en", "China-market edition", "Air"), ("zh", "中国特供版", "风冷")])
def test_the_catalog_browsers_market_and_cooling_read_as_names(lang, market, cooling, qapp) -> None:
    """The catalog browser's market and cooling filters and cells named from the vocabularies (CATALOG_MARKET,
    COOLING), not as codes ('china-market', 'air') in either language."""
    from gpudesk.ui.catalog_browser.columns import Column, cell_text
    from gpudesk.ui.catalog_browser.filter_bar import FilterBar
    from gpudesk.ui.widgets.session_text import session_language

    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China) if lang == "zh"
                       else QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    catalog = Catalog.open(user_db=None)
    try:
        assert session_language() == lang
        accelerators, servers = catalog.accelerators(), catalog.servers()
        bar = FilterBar("accelerators", list(accelerators))
        assert market in [bar.market.itemText(i) for i in range(bar.market.count())]
        assert "china-market" not in [bar.market.itemText(i) for i in range(bar.market.count())]
        h20 = next(a for a in accelerators if "china-market" in a.markets)
        assert market in cell_text(Column("markets", "tuple_str", "Markets", ""), h20)
        bar = FilterBar("servers", list(servers))
        assert cooling in [bar.cooling.itemText(i) for i in range(bar.cooling.count())]
    finally:
        catalog.close()
        QLocale.setDefault(before)


@pytest.mark.parametrize(("name", "memory_gb", "shown"), [
    ("Huawei Ascend 910B 64GB", 64.0, "Huawei Ascend 910B 64GB"),
    ("NVIDIA L4 24 GB", 24.0, "NVIDIA L4 24 GB"),
    ("Kunlunxin Kunlun K200 16GB（第一代）", 16.0, "Kunlunxin Kunlun K200 16GB（第一代）"),
    ("NVIDIA GB200 (per Blackwell GPU)", 186.0, "NVIDIA GB200 (per Blackwell GPU) · 186 GB"),  # GB200 states no memory
    ("Some part 164GB", 64.0, "Some part 164GB · 64 GB"),  # 164 GB is not 64 GB
])
def test_an_accelerator_choice_states_its_memory_once(name, memory_gb, shown) -> None:
    """The GPU step's list read "Huawei Ascend 910B 64GB · 64 GB" and "NVIDIA L4 24GB · 24 GB": the memory is added
    only where the name does not already state it."""
    from gpudesk.ui.catalog_choices import accelerator_choice_text

    assert accelerator_choice_text(name, memory_gb) == shown


def test_no_accelerator_in_the_catalog_lists_its_memory_twice() -> None:
    catalog = Catalog.open(user_db=None)
    try:
        shown = [name for _id, name in CatalogChoices(catalog).accelerators()]
        assert shown and not [name for name in shown if re.search(r"(\d+)\s*GB\b.*· \1 GB", name)], shown
        assert all(re.search(r"\d\s*GB\b", name) for name in shown)  # every entry still states its memory
    finally:
        catalog.close()
