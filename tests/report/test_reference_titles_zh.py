"""The references of a Chinese proposal read in Chinese: walk-23 found [9] of the bank proposal (the Ascend software
stack) titled in English, a sentence of gpudesk's own ("PyTorch through the torch_npu plugin, …") in a Chinese
document. A catalog citation's title in Chinese is its ``title_zh`` beside the English in citations.toml (the words
of a published title, quoted, stay as published); a tuning constant's source, its entry in constants_zh.toml."""

from __future__ import annotations

import dataclasses
import re

import pytest

from gpudesk.catalog.sources import chinese_texts, load_sources
from gpudesk.paths import samples_dir
from gpudesk.report.document import Branding, ReferenceList
from gpudesk.report.proposal import build_proposal
from gpudesk.wizard.defaults import unset_word

CJK = re.compile(r"[\u4e00-\u9fff]")
SAMPLES = sorted(samples_dir().glob("*.gpudesk"))


def references(doc):
    return [ref for section in doc.sections for block in section.blocks if isinstance(block, ReferenceList)
            for ref in block.items]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_reference_of_a_chinese_proposal_has_a_chinese_title(path, searched_sample):
    plan, project = searched_sample(path.stem)
    doc = build_proposal(plan, project, "zh", Branding(), catalog=searched_sample.catalog,
                         unset=lambda p, value, floor: unset_word(p, value, floor, "zh"))
    refs = references(doc)
    english = [f"[{ref.number}] {ref.title}" for ref in refs if not CJK.search(ref.title)]
    assert not english, english
    doc = build_proposal(plan, project, "en", Branding(), catalog=searched_sample.catalog,
                         unset=lambda p, value, floor: unset_word(p, value, floor, "en"))
    chinese_titles = {chinese for _english, chinese in chinese_texts().titles.values()}
    assert len(references(doc)) == len(refs)  # the same sources, and the English proposal keeps their English
    assert not [ref.title for ref in references(doc) if ref.title in chinese_titles]


def test_a_chinese_title_is_shown_only_for_the_english_it_was_made_from():
    """Every software stack's title is gpudesk's summary, so each has its Chinese; a title edited since (a database
    built from other sources, a user's row of the same id) reads in its own words."""
    sources = load_sources()
    texts = chinese_texts()
    stacks = [c for c in sources.citations.values() if c.id.startswith("stack-")]
    assert len(stacks) >= 4 and all(CJK.search(texts.title(c, "zh")) for c in stacks), [c.id for c in stacks]
    assert all(CJK.search(chinese) for _english, chinese in texts.titles.values())
    ascend = sources.citations["stack-ascend"]
    assert texts.title(ascend, "zh").startswith("华为昇腾（CANN）：") and texts.title(ascend, "en") == ascend.title
    edited = dataclasses.replace(ascend, title="my own summary")
    assert texts.title(edited, "zh") == "my own summary"


def test_a_plan_made_in_the_wizard_for_china_cites_in_chinese():
    """walk-26 made a plan in the wizard from nothing (File → New plan: LoRA fine-tuning, China) and set the
    accelerator to Ascend 910B: its Chinese proposal's first reference read 'Amazon FSx for Lustre pricing:
    Persistent-2 SSD 250 MB/s/TiB $0.210 per GB-month (us-east-1)', a summary in gpudesk's English words (the
    starter's parallel file system), and the Ascend's secondary sources and its Atlas server likewise in the Explain
    panel. Each of those citations carries its Chinese."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.results.pipeline import estimate_plan
    from gpudesk.wizard.starter import MARKETS, starter_plan

    project = starter_plan("finetune_lora", "development", "zh", MARKETS[0], "能源集团")
    project.phases[0].hardware.accelerator_id = "ascend-910b"
    project.phases[0].workloads[0].parallel.tp = 4
    catalog = Catalog.open()
    try:
        plan = estimate_plan(project, catalog, search=True)
        doc = build_proposal(plan, project, "zh", Branding(), catalog=catalog,
                             unset=lambda p, value, floor: unset_word(p, value, floor, "zh"))
    finally:
        catalog.close()
    refs = references(doc)
    assert refs and not [f"[{ref.number}] {ref.title}" for ref in refs if not CJK.search(ref.title)]
    sources = load_sources()
    for cid in ("aws-fsx-lustre-pricing", "ascend-secondary", "huawei-atlas-800t-a2", "aliyun-describeprice-2026-09"):
        assert CJK.search(chinese_texts().title(sources.citations[cid], "zh")), cid
