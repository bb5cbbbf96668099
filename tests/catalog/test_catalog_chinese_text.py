"""The catalog's free text in Chinese (issue 21): every shipped row's notes and every source's note have Chinese
words beside their English in the catalog TOML (``notes_zh``, ``note_zh``), shown to a Chinese reader while the
record still carries the English they were made from; a user's own row keeps its words."""

from __future__ import annotations

import dataclasses
import re

import pytest

from gpudesk.catalog.intake import citation_from_mapping, record_from_mapping
from gpudesk.catalog.sources import chinese_texts, load_sources

CJK = re.compile(r"[\u4e00-\u9fff]")
COMMON_ENGLISH = frozenset(
    "the and of per is are not no for with from to in on at by as or be this that it its was were has have than "
    "which when where only also but each every about".split())
"""Words a translated note never keeps (product names, units and citations stay Latin; sentences do not)."""


@pytest.fixture(scope="module")
def sources():
    return load_sources()


def english_left(text: str) -> list[str]:
    """Common English words of ``text``, outside names (a token with a digit, "_", "." or "/": mlp_only_layers)."""
    names = [token for token in re.findall(r"[A-Za-z0-9_./+\-]+", text) if not re.search(r"[\d_./]", token)]
    return [w for token in names for w in re.findall(r"[A-Za-z]+", token) if w.lower() in COMMON_ENGLISH]


def test_every_row_note_and_source_note_has_chinese(sources) -> None:
    texts = chinese_texts()
    rows = [(table, r) for table, records in sources.tables.items() for r in records if r.provenance.notes]
    assert len(rows) > 150
    missing = [f"{table}/{r.id}" for table, r in rows if texts.row_notes(table, r, "zh") == r.provenance.notes]
    assert not missing, f"rows whose notes have no notes_zh: {missing}"
    cited = [c for c in sources.citations.values() if c.note]
    missing = [c.id for c in cited if texts.citation_note(c, "zh") == c.note]
    assert not missing, f"sources whose note has no note_zh: {missing}"
    for english, chinese in [*texts.notes.values(), *texts.citation_notes.values()]:
        assert CJK.search(chinese) and not english_left(chinese), (english, chinese)


def test_chinese_is_shown_only_for_the_english_it_was_made_from(sources) -> None:
    texts = chinese_texts()
    h20 = next(r for r in sources.tables["accelerators"] if r.id == "h20")
    chinese = texts.row_notes("accelerators", h20, "zh")
    assert CJK.search(chinese) and texts.row_notes("accelerators", h20, "en") == h20.provenance.notes
    edited = dataclasses.replace(h20, provenance=dataclasses.replace(h20.provenance, notes="my own reading"))
    assert texts.row_notes("accelerators", edited, "zh") == "my own reading"  # newer English: its own words
    mine = dataclasses.replace(h20, provenance=dataclasses.replace(h20.provenance, user_row=True))
    assert texts.row_notes("accelerators", mine, "zh") == h20.provenance.notes  # a user's row: as written


def test_translations_are_accepted_only_from_the_shipped_sources() -> None:
    """A user's CSV or bundle with a notes_zh column is refused by name, not silently dropped."""
    row = {"id": "x", "name": "X", "notes": "n", "notes_zh": "注"}
    _record, problems = record_from_mapping("nics", row, "entry 1")
    assert any(p.field == "notes_zh" and "unknown" in str(p) for p in problems)
    _record, problems = record_from_mapping("nics", row, "entry 1", translated=True)
    assert not any(p.field == "notes_zh" for p in problems)
    citation = {"id": "c", "title": "T", "note_zh": 3}
    assert citation_from_mapping(citation, "entry 1")[1] and citation_from_mapping(citation, "entry 1", True)[1]


def test_a_publisher_that_is_a_description_reads_in_chinese(sources) -> None:
    """"secondary", "gpudesk catalog", "vendor article (…)": descriptions, not names, so they have Chinese words."""
    texts = chinese_texts()
    described = [c for c in sources.citations.values()
                 if c.publisher == "secondary" or c.publisher.startswith(("gpudesk ", "vendor article", "public "))]
    assert len(described) >= 10
    assert all(CJK.search(texts.publisher(c, "zh")) for c in described), [c.id for c in described]
    nvidia = next(c for c in sources.citations.values() if c.publisher == "NVIDIA")
    assert texts.publisher(nvidia, "zh") == "NVIDIA" and texts.publisher(described[0], "en") == described[0].publisher


def test_cloud_offer_providers_read_in_chinese_in_the_zh_choice_list() -> None:
    """The zh window's cloud-offer list read "AWS China (Ningxia, operated by NWCD) …": a descriptive provider has its
    Chinese beside it in the catalog TOML (provider_zh), shown while the row still carries that English; a brand
    name ("AWS", "Google Cloud") stays as it is, and English readers see the English."""
    from gpudesk.catalog.sources import chinese_texts
    from gpudesk.catalog.store import Catalog

    catalog = Catalog.open(user_db=None)
    words = chinese_texts()
    shown = {o.provider: words.provider(o, "zh") for o in catalog.cloud_offers()}
    assert shown["AWS China (Ningxia, operated by NWCD)"] == "AWS 中国（宁夏区域，西云数据运营）"
    assert shown["Alibaba Cloud"] == "阿里云" and shown["AWS"] == "AWS"
    assert not [zh for en, zh in shown.items() if re.search(r"\b(operated|clouds?|rental|assumption|Specialized)\b", zh)]
    assert all(words.provider(o, "en") == o.provider for o in catalog.cloud_offers())


def test_cloud_offer_instances_read_in_chinese_where_they_are_described() -> None:
    """An instance described in words rather than named by its provider ("B200 (per GPU, typical)", "Ascend 910B
    8-card flavour") has Chinese beside it (instance_zh): the zh choice list, checks, ledger lines and reasons read
    "B200（按卡计，典型价）"; a product name ("p4d.24xlarge", "(Capacity Block)") stays as it is, and English
    readers see the English."""
    from gpudesk.catalog.sources import chinese_texts
    from gpudesk.catalog.store import Catalog

    catalog = Catalog.open(user_db=None)
    words = chinese_texts()
    named = {o.id: words.offer_named(f"{o.provider} {o.instance} ({o.region})", o.id, "zh")
             for o in catalog.cloud_offers()}
    assert named["market-b200"] == "专业 GPU 云 B200（按卡计，典型价）（全球）"  # a market code as the market
    assert named["huaweicloud-ascend-910b-8"].startswith("华为云 昇腾 910B 8 卡规格")
    assert not [n for n in named.values() if re.search(r"\b(per GPU|typical|flavour|instance with)\b", n)]
    assert all(words.offer_named(o.instance, o.id, "en") == o.instance for o in catalog.cloud_offers())
