"""A check that cites a catalog source names it by its short title on screen and in the terminal, never by its
citation id and never by empty brackets (the bank sample's Ascend phases read "(source: stack-ascend)" and
"（stack-ascend）", the gov sample's Cambricon "框架支持为目录未记录（）"); the proposal numbers it as a reference."""

from __future__ import annotations

import io
import json
import re

import pytest

from gpudesk.catalog.sources import chinese_texts
from gpudesk.cli.estimate_text import write_estimate_text
from gpudesk.report.check_text import localise
from gpudesk.results.plan_json import plan_to_json

SAMPLES = ("bank-llm-assistant", "gov-llm-domestic-accelerator")
EMPTY_BRACKETS = re.compile(r"[（(]\s*[）)]")


def _ids_in(text: str) -> list[str]:
    return [cid for cid in chinese_texts().citation_titles if re.search(rf"(?<![\w.-]){re.escape(cid)}(?![\w-])", text)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("stem", SAMPLES)
def test_check_texts_name_no_citation_id_and_no_empty_brackets(searched_sample, stem, lang):
    plan, _project = searched_sample(stem)
    checks = [c for phase in plan.phases for c in phase.checks]
    assert any(c.id == "pitfall.software_ecosystem" for c in checks)  # the check this test is about fires
    for check in checks:
        for text in localise(check, lang):
            assert not _ids_in(text), (check.id, text)
            assert not EMPTY_BRACKETS.search(text), (check.id, text)
    document = json.loads(json.dumps(plan_to_json(plan)))
    out = io.StringIO()
    write_estimate_text(document, out, lang)
    lines = [line for line in out.getvalue().splitlines() if line.lstrip().startswith("[")]  # the checks
    assert lines and not any(_ids_in(line) or EMPTY_BRACKETS.search(line) for line in lines)


@pytest.mark.parametrize("lang, title", [("en", "(source: Huawei Ascend (CANN))"), ("zh", "（来源：华为昇腾（CANN））")])
def test_the_ascend_support_check_names_its_source_by_title(searched_sample, lang, title):
    plan, _project = searched_sample("bank-llm-assistant")
    ecosystem = [c for phase in plan.phases for c in phase.checks if c.id == "pitfall.software_ecosystem"]
    assert ecosystem and all(title in localise(c, lang)[1] for c in ecosystem)
    by_reference = localise(ecosystem[0], lang, by_reference=True)[1]  # the proposal numbers the id itself
    assert "stack-ascend" in by_reference
