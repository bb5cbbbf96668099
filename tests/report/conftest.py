"""Report tests: sample plans on the path, and ``--regen-golden`` to rewrite golden files."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from screenshot_paths import screenshot_folder

from gpudesk.report.document import Branding, ProposalDocument
from gpudesk.report.proposal import build_proposal
from gpudesk.results.plan_result import PlanEstimate
from gpudesk.wizard.defaults import unset_word

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
SCREENSHOT_DIR = screenshot_folder("report")
sys.path.insert(0, str(HERE))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="rewrite tests/report/golden/* from the current output instead of comparing")


@pytest.fixture
def golden(request: pytest.FixtureRequest):
    """``golden(name, text)``: compare ``text`` with tests/report/golden/<name>, or rewrite it with --regen-golden."""
    regen = request.config.getoption("--regen-golden")

    def check(name: str, text: str) -> None:
        path = GOLDEN_DIR / name
        if regen:
            GOLDEN_DIR.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        assert path.is_file(), f"golden file {path} missing; run pytest tests/report --regen-golden"
        expected = path.read_text(encoding="utf-8")
        assert text == expected, f"{name} differs from the golden file; review and rerun with --regen-golden"

    return check


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    return SCREENSHOT_DIR


_PROPOSALS: dict[str, ProposalDocument] = {}


@pytest.fixture
def bank_proposal(searched_sample):
    """``bank_proposal(lang)`` -> (the session's searched bank sample, its proposal in ``lang``, built once per process)."""
    plan, project = searched_sample("bank-llm-assistant")

    def get(lang: str) -> tuple[PlanEstimate, ProposalDocument]:
        if lang not in _PROPOSALS:
            _PROPOSALS[lang] = build_proposal(plan, project, lang, Branding(), catalog_date="2026-12-01",
                                              catalog=searched_sample.catalog,
                                              unset=lambda p, value, floor: unset_word(p, value, floor, lang))
        return plan, _PROPOSALS[lang]

    return get
