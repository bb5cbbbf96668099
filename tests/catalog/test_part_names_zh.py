"""A catalog part's name in Chinese: an accelerator or server whose English name describes the product in words
("NVIDIA GB200 (per Blackwell GPU of a Grace Blackwell superchip)", "NVIDIA GB200 NVL72 rack") carries a ``name_zh``
in the catalog TOML, built into catalog.db and read into the record; every surface names the part through
``catalog.records.display_name``, so a Chinese proposal never shows an English sentence in brackets beside a part.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpudesk.catalog.records import display_name
from gpudesk.catalog.store import Catalog
from gpudesk.report.server_names import server_display_name, storage_display_name

BRACKETED = re.compile(r"[（(]([^（()）]*)[）)]")
ENGLISH_WORD = re.compile(r"(?<![A-Za-z0-9.-])[a-z][a-z-]+(?![A-Za-z0-9])")
"""A word of lower-case Latin letters: part numbers, brands and acronyms (HGX, MLU-Link, BI-V100) start upper-case
or hold digits; a count of parts reads "8 × Ascend 910B" (test_no_name_writes_a_latin_x_for_times)."""
GOLDEN = Path(__file__).resolve().parents[1] / "report" / "golden"


def bracketed_english(name: str) -> list[str]:
    """The English words inside a name's brackets."""
    return [word for inner in BRACKETED.findall(name) for word in ENGLISH_WORD.findall(inner)]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


def test_the_rule_finds_an_english_word_in_brackets_and_passes_a_part_number() -> None:
    assert bracketed_english("NVIDIA GB200 (per Blackwell GPU of a Grace Blackwell superchip)") == [
        "per", "of", "superchip"]
    assert bracketed_english("Huawei Atlas 800T A2 (8 × Ascend 910B)") == []
    assert bracketed_english("NVIDIA B200 (HGX/DGX) 180GB") == []


def test_every_accelerator_and_server_reads_without_english_words_in_chinese(catalog: Catalog) -> None:
    names = {a.id: display_name(a.name, a.name_zh, "zh") for a in catalog.accelerators()}
    names.update({s.id: server_display_name(s.name, s.vendor, s.gpus, names.get(s.accelerator_id, ""), "zh",
                                            s.name_zh) for s in catalog.servers()})
    english = {row: (name, bracketed_english(name)) for row, name in names.items() if bracketed_english(name)}
    assert not english, english
    assert names["gb200"] == "NVIDIA GB200（Grace Blackwell 超级芯片，按其中每颗 Blackwell GPU 计）"
    assert names["gb200-nvl72"] == "NVIDIA GB200 NVL72 机柜"


def test_every_model_reads_without_english_words_in_chinese(catalog: Catalog) -> None:
    """A model's name is its publisher's (Qwen3 235B-A22B (MoE)); where its brackets describe it in English words
    (DLRM-DCNv2 (MLPerf, Criteo 1TB multi-hot)) the catalog gives it in Chinese."""
    english = {m.id: bracketed_english(display_name(m.name, m.name_zh, "zh")) for m in catalog.models()}
    assert not {row: words for row, words in english.items() if set(words) - {"px"}}


def test_a_chinese_name_is_only_for_chinese(catalog: Catalog) -> None:
    gb200 = next(a for a in catalog.accelerators() if a.id == "gb200")
    assert display_name(gb200.name, gb200.name_zh, "en") == gb200.name
    assert display_name("NVIDIA H100 SXM5 80GB", "", "zh") == "NVIDIA H100 SXM5 80GB"  # a product name as it is


def test_no_chinese_sample_proposal_or_comparison_names_a_part_in_english(catalog: Catalog) -> None:
    """The approved zh texts of the samples' proposals and comparison (tests/report/test_sample_goldens.py holds the
    PDFs to them) never carry the English name of a part that has Chinese words."""
    english = [row.name for rows in (catalog.accelerators(), catalog.servers(), catalog.models()) for row in rows
               if row.name_zh]
    english += [s.name for s in catalog.storage_options() if storage_display_name(s.name, "zh") != s.name]
    found = []
    for path in sorted(GOLDEN.glob("*_zh.txt")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        found += [f"{path.name}: {name}" for name in english if " ".join(name.split()) in text]
        found += [f"{path.name}: ({inner})" for inner in BRACKETED.findall(text)
                  if any(inner in name for name in english) and bracketed_english(f"({inner})")]
    assert not found, "\n".join(found)


def test_a_check_and_a_reason_name_the_part_in_chinese(catalog: Catalog) -> None:
    """The core words checks and reasons with the part's English name; the Chinese text names it in Chinese
    (report/check_text.parts_named), a list of alternatives included."""
    from gpudesk.core.candidates import Reason
    from gpudesk.core.checks import Check
    from gpudesk.report.check_text import localise, reason_text

    gb200 = next(a for a in catalog.accelerators() if a.id == "gb200")
    check = Check("compliance.domestic_preferred", "warning", "gpu", "t", "m", "f", (),
                  {"accelerator": gb200.name, "vendor": "nvidia", "alternatives": f"{gb200.name}, NVIDIA L20 48GB"})
    message = localise(check, "zh")[1]
    assert gb200.name_zh in message and "superchip" not in message
    assert reason_text(Reason("point_gpus", {"accelerator": gb200.name, "gpus": 8}), "zh") == f"{gb200.name_zh} × 8 卡".replace("） ", "）")  # no space beside a full-width bracket (4304d6c5)
    assert reason_text(Reason("point_gpus", {"accelerator": gb200.name, "gpus": 8}), "en").startswith(gb200.name)


LATIN_TIMES = re.compile(r"\d(?:\s*\w+)?\s+[xX]\s+\S")
"""A count (with its noun: "7 links x 64 GB/s") then a Latin x standing alone before what is counted."""


def test_no_name_writes_a_latin_x_for_times(catalog: Catalog) -> None:
    """walk-23 found "Atlas 800T A2 (8 x Ascend 910B)": a count of parts is written with a multiplication sign,
    "8 × Ascend 910B", in both languages (product names such as "Mixtral 8x7B" and lanes "PCIe 4.0 x16" keep theirs)."""
    assert LATIN_TIMES.search("Huawei Atlas 800T A2 (8 x Ascend 910B)")
    assert LATIN_TIMES.search("AMD XGMI (MI355X: 7 links x 76.5 GB/s)")
    assert not LATIN_TIMES.search("Mixtral 8x7B") and not LATIN_TIMES.search("PCIe 4.0 x16")
    rows = [*catalog.accelerators(), *catalog.models(), *catalog.servers(), *catalog.interconnects(),
            *catalog.switches(), *catalog.nics(), *catalog.storage_options()]
    named = {(row.id, lang): display_name(row.name, getattr(row, "name_zh", ""), lang)
             for row in rows for lang in ("en", "zh")}
    assert len(named) > 250
    latin = {key: name for key, name in named.items() if LATIN_TIMES.search(name)}
    assert not latin, latin
    assert named[("ascend-910b-8-server", "en")] == "Huawei Atlas 800T A2 (8 × Ascend 910B)"
