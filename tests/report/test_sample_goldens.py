"""The shipped samples' proposals (zh and en) and their comparison, as a customer receives them, against approved
references: the PDF's extracted text page by page, and a perceptual hash of every page rendered at low resolution
(a table that moves, a chart that vanishes or a page that overflows changes the hash beyond the tolerance, while
anti-aliasing does not). ``pytest tests/report --regen-golden`` rewrites the references after a reviewed change.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pypdfium2
import pytest
from pdf_support import pdf_pages_text

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.pdf.pdf_writer import write_proposal_pdf
from gpudesk.report.comparison import compare_plans
from gpudesk.report.comparison_export import comparison_document
from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal
from gpudesk.wizard.defaults import unset_word

SAMPLES = sorted(samples_dir().glob("*.gpudesk"))
COMPARED = SAMPLES[:4]  # the comparison takes at most four plans
ISSUED = dt.date(2026, 12, 1)  # fixed, so the reference does not age
HASH_SIZE = 16  # 16 × 16 difference hash: 256 bits per page
MAX_BITS_CHANGED = 20  # of 256: rendering noise stays far below; a moved block or a missing chart does not
HASHES = Path(__file__).resolve().parent / "golden" / "sample_page_hashes.json"


def page_hashes(path: Path) -> list[str]:
    """A difference hash of each page (rows of brighter-than-the-right-neighbour bits), as hex."""
    document = pypdfium2.PdfDocument(str(path))
    out = []
    for page in document:
        image = page.render(scale=24 / 72.0).to_pil().convert("L").resize((HASH_SIZE + 1, HASH_SIZE))
        pixels = image.tobytes()  # one byte per pixel in mode L
        bits = 0
        for y in range(HASH_SIZE):
            row = pixels[y * (HASH_SIZE + 1):(y + 1) * (HASH_SIZE + 1)]
            for x in range(HASH_SIZE):
                bits = (bits << 1) | (row[x] > row[x + 1])
        out.append(f"{bits:0{HASH_SIZE * HASH_SIZE // 4}x}")
    document.close()
    return out


def _changed_bits(a: str, b: str) -> int:
    return bin(int(a, 16) ^ int(b, 16)).count("1")


@pytest.fixture(scope="module")
def hash_store(request: pytest.FixtureRequest):
    """The approved page hashes; rewritten at the end of the module with --regen-golden."""
    regen = request.config.getoption("--regen-golden")
    stored = json.loads(HASHES.read_text(encoding="utf-8")) if HASHES.is_file() else {}
    fresh: dict[str, list[str]] = {}
    yield regen, stored, fresh
    if regen:
        HASHES.write_text(json.dumps(dict(sorted({**stored, **fresh}.items())), indent=1) + "\n", encoding="utf-8")


def _check(name: str, pdf: Path, golden, hash_store) -> None:
    text = "\n\f\n".join(page.rstrip() for page in pdf_pages_text(pdf)) + "\n"
    golden(f"sample_{name}.txt", text)
    regen, stored, fresh = hash_store
    hashes = page_hashes(pdf)
    fresh[name] = hashes
    if regen:
        return
    assert name in stored, f"no page hashes for {name}; run pytest tests/report --regen-golden"
    assert len(hashes) == len(stored[name]), f"{name}: {len(hashes)} pages, the reference has {len(stored[name])}"
    moved = {i + 1: _changed_bits(a, b) for i, (a, b) in enumerate(zip(hashes, stored[name], strict=True))}
    moved = {page: bits for page, bits in moved.items() if bits > MAX_BITS_CHANGED}
    assert not moved, f"{name}: pages whose layout changed (page: bits of 256): {moved}; review, then --regen-golden"


@pytest.fixture(scope="module")
def catalog():
    store = Catalog.open(user_db=None)
    yield store
    store.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_proposal_matches_its_reference(path, lang, qapp, tmp_path, catalog, golden, hash_store,
                                                searched_sample):
    plan, project = searched_sample(path.stem)
    doc = build_proposal(plan, project, lang, Branding(company="示例科技有限公司" if lang == "zh" else "Example Ltd"),
                         issued=ISSUED, catalog_date="2026-12-01", catalog=catalog,
                         unset=lambda p, value, floor: unset_word(p, value, floor, lang))  # as the faces pass it
    pdf = tmp_path / f"{path.stem}-{lang}.pdf"
    write_proposal_pdf(doc, pdf)
    _check(f"{path.stem}_{lang}", pdf, golden, hash_store)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_sample_comparison_matches_its_reference(lang, qapp, tmp_path, catalog, golden, hash_store, searched_sample):
    entries = [searched_sample(path.stem) for path in COMPARED]
    from gpudesk.wizard.field_use import field_applies
    from gpudesk.wizard.fields import describe_path

    doc = comparison_document(compare_plans(entries), lang, Branding(), lambda p: describe_path(p, lang), catalog,
                              field_applies)
    pdf = tmp_path / f"comparison-{lang}.pdf"
    write_proposal_pdf(doc, pdf)
    _check(f"comparison_{lang}", pdf, golden, hash_store)
